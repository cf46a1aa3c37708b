"""The window's autosave is a journal (issue 14): each move, Ctrl+Z and Ctrl+Y made at the
table adds one line to the game's file, and the file resumes as exactly that game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from ui_helpers import arc_position, frames, key, make_app

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.persistence import load_save
from tabletop.core.rules import GameSetup, load_rules
from tabletop.ui.cover import HotseatCover
from tabletop.ui.table import TableScene


def test_moves_undo_and_redo_at_the_table_are_one_line_each(tmp_path: Path) -> None:
    rules = load_rules("arc")
    game = Game(rules, GameSetup("arc", seed=1, position=arc_position("main")))
    app = make_app(save_dir=tmp_path)
    app.start_game(game)
    for _ in range(4):  # the hand-over cover at the start, taken by the seat to act
        if isinstance(app.stack.top, HotseatCover):
            app.stack.top.dismiss()
        frames(app, 1)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    path = app.autosaver.path
    assert scene.propose(Action.make("next_phase", scene.viewer)).ok  # main -> attack
    frames(app, 2)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert game.actions == [] and len(game.redo_stack) == 1
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert len(game.actions) == 1 and not game.redo_stack
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [next(k for k in ("journal", "do", "undo", "redo") if k in e) for e in lines] == \
        ["journal", "do", "undo", "redo", "undo"]
    resumed = load_save(path)
    assert resumed.state.fingerprint() == game.state.fingerprint()
    assert resumed.redo_stack == game.redo_stack and resumed.can_redo(scene.viewer)
    app.shutdown()


def test_an_autosave_cut_short_by_a_crash_is_resumed_with_a_word(tmp_path: Path) -> None:
    """Nothing lost, no surprise (issue 16 QA): a journal whose last line a crash cut
    short resumes at the action before it, and the players are told that the last move
    was not saved, instead of the file being rewritten silently."""
    from ui_helpers import click, widget_centre

    from tabletop.core.persistence import read_save
    from tabletop.ui.menu import MenuScene

    rules = load_rules("arc")
    game = Game(rules, GameSetup("arc", seed=1, position=arc_position("main")))
    app = make_app(save_dir=tmp_path)
    try:
        app.start_game(game)
        frames(app, 2)
        path = app.autosaver.path
        assert game.propose(Action.make("next_phase", game.state.active)).ok
        assert game.propose(Action.make("next_phase", game.state.active)).ok
        frames(app, 2)
        app.show_menu()
        frames(app, 3)
        whole = path.read_bytes()
        path.write_bytes(whole[:-9])  # the crash: the last line without its end
        assert read_save(path).cut_short and len(read_save(path).actions) == 1
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        menu.scan_saves()
        frames(app, 3)
        click(app, widget_centre(menu.widgets["resume:0"]))
        frames(app, 3)
        for _ in range(3):  # the hand-over cover first: the words wait on the table
            if isinstance(app.stack.top, HotseatCover):
                app.stack.top.dismiss()
            frames(app, 2)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.toast.key == "saves.cut_short"
        assert "The last move was not saved" in table.toast.text
        assert "1 move played" in table.toast.text
        assert len(table.game.actions) == 1
    finally:
        app.shutdown()


def test_a_whole_autosave_resumes_without_a_word(tmp_path: Path) -> None:
    from tabletop.core.persistence import read_save

    rules = load_rules("arc")
    game = Game(rules, GameSetup("arc", seed=1, position=arc_position("main")))
    app = make_app(save_dir=tmp_path)
    try:
        app.start_game(game)
        frames(app, 2)
        assert game.propose(Action.make("next_phase", game.state.active)).ok
        frames(app, 2)
        assert not read_save(app.autosaver.path).cut_short
        assert app.stack.scenes[0].toast.key != "saves.cut_short"
    finally:
        app.shutdown()
