"""A view's log (tabletop.core.view.SeatLog) reads as the tuple of the viewer's own lines
(ALL-R2) and costs nothing to make: no line is looked up until it is read (issue 14)."""

from __future__ import annotations

import pytest

from tabletop.core import model
from tabletop.core.bot import RandomBot
from tabletop.core.decks import load_deck_dir
from tabletop.core.engine import Game
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.selfplay import setup_for
from tabletop.core.view import view_for
from tabletop.resources import resource_path


@pytest.mark.parametrize("game_id", game_ids())
def test_the_view_log_is_each_seats_own_lines(game_id: str) -> None:
    rules = load_rules(game_id)
    decks = load_deck_dir(resource_path("assets", "decks", game_id))
    game = Game(rules, setup_for(rules, 1, decks))
    bot = RandomBot(2)
    while len(game.history) < 40 and not game.state.game_over:
        action = bot.choose(game)
        if action is None:
            break
        game.propose(action)
    for viewer in (0, 1, None):
        view = view_for(game.state, viewer)
        eager = tuple(entry.for_seat(viewer) for entry in game.state.log)
        assert view.log == eager and tuple(view.log) == eager and len(view.log) == len(eager)
        assert view.log[-3:] == eager[-3:] and view.log[-1] == eager[-1]
    private = [e for e in game.state.log if e.private]
    assert private  # a draw: each seat reads its own words
    before = view_for(game.state, 0)
    count = len(before.log)
    game.state.add_log(game.state.log[0].public)
    assert len(before.log) == count  # a view keeps the log as it was when it was made


def test_making_a_view_looks_up_no_line(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules("arc")
    decks = load_deck_dir(resource_path("assets", "decks", "arc"))
    game = Game(rules, setup_for(rules, 1, decks))
    looked: list[int | None] = []
    real = model.LogEntry.for_seat

    def counting(self: model.LogEntry, seat: int | None) -> object:
        looked.append(seat)
        return real(self, seat)

    monkeypatch.setattr(model.LogEntry, "for_seat", counting)
    view = view_for(game.state, 0)
    assert looked == [] and len(view.log) == len(game.state.log) > 0
    view.log[-1]
    assert looked == [0]
