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
    compared_undos = compared_redos = saved_redos = 0
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
            if step % 7 and not live.redo_stack:
                continue
            saved_redos += bool(live.redo_stack)
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
    assert saved_redos, "no game was saved with a redo list"
    assert compared_undos and compared_redos, "the bots never gave undo or redo a chance"


def test_conan_undo_and_redo_buttons_after_a_resume_through_the_menu(tmp_path: Path) -> None:
    """The reported case, in the window: a Conan game left with an undone action, then
    resumed from the menu, offers the same Undo / Redo as before the quit."""
    import pygame
    from ui_helpers import click, frames, key, make_app, widget_centre

    from tabletop.ui.cover import ARM_DELAY, HotseatCover
    from tabletop.ui.menu import GameChoice, MenuScene

    def settle(app) -> None:
        for _ in range(6):
            if isinstance(app.stack.top, HotseatCover):
                frames(app, int(ARM_DELAY * 60) + 3)
                key(app, pygame.K_SPACE)
            playback = getattr(app.stack.scenes[0].ui, "playback", None)
            if playback is not None and playback.active:
                key(app, pygame.K_ESCAPE)
            frames(app, 2)

    app = make_app(save_dir=tmp_path)
    try:
        choice = GameChoice.load("conan")
        first, second = list(choice.decks)[:2]
        game = choice.make_game(first, second, first_seat=0, seed=4)
        app.start_game(game)
        settle(app)
        bots = [game.rules.make_bot(1), game.rules.make_bot(2)]
        undone = False
        for _ in range(40):
            seat = game.rules.acting_seat(game.state)
            action = bots[seat].choose(game)
            assert action is not None and game.propose(action).ok
            settle(app)
            scene = app.stack.scenes[0]
            if len(game.history) > 4 and game.can_undo(scene.viewer):
                key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # take one back, as a player does
                settle(app)
                undone = bool(game.redo_stack)
                break
        scene = app.stack.scenes[0]
        before = (scene.viewer, dict(scene.controls.enabled), list(game.redo_stack))
        assert undone and before[1]["redo"], "no redo to carry over"
        app.show_menu()
        frames(app, 3)
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and menu.game_id == "conan"
        click(app, widget_centre(menu.widgets["resume:0"]))
        settle(app)
        resumed = app.stack.scenes[0]
        assert resumed.game is not game
        after = (resumed.viewer, dict(resumed.controls.enabled), list(resumed.game.redo_stack))
        assert after == before
    finally:
        app.shutdown()
