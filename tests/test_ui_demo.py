"""The narrated demo (issue 12 §6): two computer seats play a whole game, every move
explained in one sentence, at a chosen speed; Space pauses, N / Right steps one move,
S changes the speed, 1 / 2 take a seat over; a new game starts when one ends; never
saved."""

from __future__ import annotations

import pygame
from computer_helpers import run_until
from ui_helpers import click, frames, key, make_app, texts

from tabletop.core.seat_player import Level
from tabletop.ui.demo import DemoSeats, start_demo
from tabletop.ui.menu import GameChoice
from tabletop.ui.panels import render_message
from tabletop.ui.table import TableScene

BOTH_EASY = {0: Level.EASY, 1: Level.EASY}


def _demo(game_id: str = "arc", speed: str = "fast", seed: int = 7):
    app = make_app()
    choice = GameChoice.load(game_id)
    decks = list(choice.decks)[:2]
    start_demo(app, choice, decks, BOTH_EASY, speed=speed, seed=seed)
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.computer, DemoSeats)
    return app, scene.game, scene


def test_the_demo_plays_a_whole_game_explains_every_move_and_starts_the_next():
    app, game, scene = _demo()
    demo = scene.computer
    said: list[str] = []

    def watch() -> bool:
        line = scene.coach_override()
        if line is not None and demo.said is not None:
            text = render_message(line.what, "en")
            if not said or said[-1] != text:
                said.append(text)
        return app.stack.top is not scene

    assert run_until(app, watch, limit=6000, dt=0.25)
    assert game.state.game_over
    assert demo.played and all(ok for _, ok in demo.played)
    assert {a.seat for a, _ in demo.played} == {0, 1}
    assert all(said)  # every announcement a sentence
    assert len(said) >= len(demo.played) // 2
    nxt = app.stack.top
    assert isinstance(nxt, TableScene) and isinstance(nxt.computer, DemoSeats)
    assert nxt.game.setup.seed == 8 and nxt.computer.speed == "fast"
    assert list(app.save_folder().glob("*.json")) == []  # the demo is never saved


def test_the_narration_names_the_seat_and_stays_until_the_next_move():
    app, game, scene = _demo()
    assert run_until(app, lambda: len(scene.computer.played) >= 2, limit=400, dt=0.25)
    line = scene.coach_override()
    seat = scene.computer.said.seat
    assert render_message(line.who, "en") == f"Demo · Player {seat + 1}"
    frames(app, 1, dt=5.0)  # long after the hold: the sentence is still there
    assert scene.coach_override() is not None


def test_space_pauses_and_n_steps_one_move():
    app, game, scene = _demo()
    demo = scene.computer
    assert run_until(app, lambda: len(demo.played) >= 2, limit=400, dt=0.25)
    key(app, pygame.K_SPACE)
    assert demo.paused
    count = len(demo.played)
    frames(app, 40, dt=0.25)
    assert len(demo.played) == count  # nothing moves while paused
    key(app, pygame.K_n)
    assert run_until(app, lambda: len(demo.played) == count + 1, limit=200, dt=0.25)
    frames(app, 40, dt=0.25)
    assert len(demo.played) == count + 1  # one move only
    key(app, pygame.K_RIGHT)
    assert run_until(app, lambda: len(demo.played) == count + 2, limit=200, dt=0.25)
    key(app, pygame.K_SPACE)
    assert not demo.paused
    assert run_until(app, lambda: len(demo.played) >= count + 4, limit=400, dt=0.25)


def test_s_changes_the_speed():
    app, game, scene = _demo(speed="normal")
    demo = scene.computer
    speeds = []
    for _ in range(3):
        key(app, pygame.K_s)
        speeds.append(demo.speed)
    assert speeds == ["fast", "slow", "normal"]
    assert demo.pace.glide > 0


def test_taking_over_a_seat_makes_it_a_persons():
    """Key 2: Player 2 is the person's from now on; the table shows Player 2's view for
    good (no cover), the computer goes on playing Player 1, Space is Next phase again."""
    app, game, scene = _demo(seed=9)
    demo = scene.computer
    key(app, pygame.K_2)
    assert demo.levels == {0: Level.EASY} and not demo.unattended
    assert scene.viewer == 1
    for _ in range(300):
        if game.rules.acting_seat(game.state) == 1 and game.state.pending is None \
                and game.state.turn >= 2:
            break
        if game.rules.acting_seat(game.state) == 1:  # the person answers as the easy bot
            from tabletop.core.seat_player import make_player

            choice = make_player(game.rules, Level.EASY, 1).choose(game.rules, game.state, 1)
            scene.propose(choice.action)
        run_until(app, lambda: game.rules.acting_seat(game.state) == 1, limit=8, dt=0.25)
        assert scene.viewer == 1
    assert all(a.seat == 0 for a, _ in demo.played[-3:])
    assert run_until(app, lambda: demo.arm == 0, limit=60)  # the turn just came back
    phase = game.state.phase
    key(app, pygame.K_SPACE)
    assert not demo.paused and game.state.phase != phase


def test_watch_a_demo_from_the_menu():
    app = make_app()
    app.show_menu()
    frames(app, 2)
    menu = app.stack.top
    click(app, menu.widgets["demo"].get_abs_rect().center)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.computer, DemoSeats)
    assert set(scene.computer.levels) == {0, 1}
    assert scene.game.setup.game == menu.game_id
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert type(app.stack.top).__name__ == "MenuScene"


def test_a_dialog_for_a_computer_seats_own_decision_does_not_stop_the_demo():
    """In the demo the table shows the acting computer seat, so the window may open its
    decision dialog (Conan's Chronicle losses): the computer answers it, it does not
    wait for a person. A person's dialog (against the computer) is waited for."""
    from computer_helpers import vs_computer

    from tabletop.ui import dialogs

    app, game, scene = _demo()
    dialogs.confirm(app, "dialog.resign_title", "?", lambda: None)
    frames(app, 1)
    assert scene._dialog_open() and scene.viewer in scene.computer.levels
    assert not scene.computer.busy()
    app, game, scene = vs_computer("arc", {1: Level.EASY})
    dialogs.confirm(app, "dialog.resign_title", "?", lambda: None)
    frames(app, 1)
    assert scene._dialog_open() and scene.computer.busy()


def test_only_the_menu_is_lit_for_the_seat_the_computer_plays_in_the_demo():
    """Undoing or ending a phase of a demo move would only have the computer play it
    again: every button of the onlooker but the menu is off (a lit button does
    something), and Ctrl+Z says the computer plays that seat."""
    app, game, scene = _demo()
    assert run_until(app, lambda: len(scene.computer.played) >= 2, limit=400, dt=0.25)
    key(app, pygame.K_SPACE)  # pause, so nothing moves while we look
    frames(app, 2)
    for command in scene.controls.commands:  # only the menu does something here
        assert scene.command_enabled(command) == (command == "menu"), command
    before = len(game.history)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    frames(app, 2)
    assert len(game.history) == before
    assert "computer plays" in scene.toast.text


def test_no_decision_button_is_lit_for_a_decision_the_computer_makes_in_the_demo():
    """What lights up is what is accepted (issue 16 QA): in a demo, the Conan player's
    Press On decision is the computer's, so the table shows no button for it (before,
    Press On / Survey looked pressable and only said the computer plays)."""
    app, game, scene = _demo("conan")
    key(app, pygame.K_SPACE)  # paused before its first move: the decision is pending
    frames(app, 2)
    pending = game.state.pending
    assert pending is not None and pending.seat == scene.viewer
    assert scene.decisions.decision is None
    labels = [scene.decisions.label(o) for o in pending.options]
    shown = texts(app)
    assert not any(label in shown for label in labels), labels


def test_a_demo_game_taken_over_is_kept_when_the_person_leaves_for_the_menu():
    """Nothing lost (issue 16 QA): once a person took Player 2 over, the demo game is
    theirs, so M (menu) keeps it as an unfinished game that resumes with Player 2 the
    person's and Player 1 the computer's (before, M dropped it: a demo is not saved)."""
    from tabletop.core.persistence import load_save
    from tabletop.ui.computer_seat import computer_seats
    from tabletop.ui.menu import MenuScene

    app, game, scene = _demo(seed=9)
    assert run_until(app, lambda: len(game.actions) >= 3, limit=400, dt=0.25)
    assert app.autosaver is None  # an unattended demo is not saved
    key(app, pygame.K_2)
    frames(app, 2)
    played = list(game.actions)
    path = app.autosaver.path
    key(app, pygame.K_m)
    frames(app, 3)
    assert isinstance(app.stack.top, MenuScene)
    kept = load_save(path)
    assert kept.actions[:len(played)] == played and len(kept.actions) >= 3
    assert computer_seats(kept.setup) == {0: Level.EASY}
    resumable = app.stack.top.resumable()
    assert resumable is not None and resumable.path == path
