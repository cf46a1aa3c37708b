"""After a resume, undo and redo answer and act exactly as they did before the quit.

For every game: bots play, some actions are taken back (so there is a redo list),
the game is saved and loaded, and then the live game and the resumed one are
asked the same questions (``can_undo`` / ``can_redo`` for each seat) and given the
same undos and redos, comparing the states after each.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.core.engine import Game
from tabletop.core.persistence import load_save, save_game
from tabletop.core.rules import load_rules
from tabletop.core.selfplay import setup_for

GAMES = ("conan", "eshi100", "arc", "xenocard")


def _decks(game_id: str, rules):
    from tabletop.cli import _ready_decks

    return _ready_decks(game_id, rules)


def _answers(game: Game) -> list[bool]:
    return [f(seat) for seat in (0, 1) for f in (game.can_undo, game.can_redo)]


def _same(live: Game, resumed: Game) -> None:
    assert _answers(resumed) == _answers(live)
    assert resumed.redo_stack == live.redo_stack
    assert resumed.state.fingerprint() == live.state.fingerprint()


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_and_redo_after_a_resume_are_those_of_the_live_game(game_id: str,
                                                                 tmp_path: Path) -> None:
    rules = load_rules(game_id)
    decks = _decks(game_id, rules)
    pick = random.Random(5)
    compared_undos = compared_redos = 0
    for seed in (1, 2):
        live = Game(rules, setup_for(rules, seed, decks))
        bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
        for step in range(70):
            if live.state.game_over:
                break
            seat = rules.acting_seat(live.state)
            if live.can_undo(seat) and pick.random() < 0.3:
                assert live.undo(seat).ok  # leaves a redo list behind
            else:
                action = bots[seat].choose(live)
                if action is None:
                    break
                assert live.propose(action).ok
            if step % 7:
                continue
            resumed = load_save(save_game(live, tmp_path / f"{game_id}.json"), lambda g: rules)
            _same(live, resumed)
            for seat in (0, 1):  # the same undo, then the same redo, on both
                if live.can_undo(seat):
                    assert live.undo(seat).ok and resumed.undo(seat).ok
                    compared_undos += 1
                    _same(live, resumed)
                if live.can_redo(seat):
                    assert live.redo(seat).ok == resumed.redo(seat).ok
                    compared_redos += 1
                    _same(live, resumed)
    assert compared_undos and compared_redos, "the bots never gave undo or redo a chance"
