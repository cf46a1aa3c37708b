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
