"""Helpers for the tests of the computer at the table (computer seats, hint, demo).

* :func:`vs_computer` opens a window on a new game of any game with computer seats;
* :class:`Gate` is a player factory whose players wait until released, so a test can
  act while the computer is still thinking (no timing involved);
* :func:`perform` makes a person's move with posted mouse events (a drag onto the lit
  place, a click on a button or a decision button), as a user would.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ui_helpers import FRAME, click, drag, frames, make_app, widget_centre

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.model import GameState
from tabletop.core.rules import GameRules
from tabletop.core.seat_player import Choice, Level, SeatPlayer, budget_for, make_player
from tabletop.ui.computer_seat import ComputerSeats, Pace, seat_options
from tabletop.ui.hint import drop_place
from tabletop.ui.menu import GameChoice

#: Moves shown without delay (the pace is the window's business, not the tests').
NO_DELAY = Pace(think=0.0, glide=0.0, hold=0.0)


def new_game(game_id: str, seed: int, computer: Mapping[int, Level],
             first: int = 0) -> Game:
    """A new game of ``game_id`` with its first two ready-made decks and these computer
    seats in its set-up options (as the menu starts it)."""
    choice = GameChoice.load(game_id)
    a, b = list(choice.decks)[:2]
    return choice.make_game(a, b, first_seat=first, seed=seed,
                            options=seat_options(computer))


def unhurried(rules: Any, level: Level, seed: int) -> Any:
    """The computer player of ``level`` with its iterations and no wall-clock cap, so a
    test comparing two decisions does not depend on the machine's load."""
    budget = budget_for(rules.game_id, level)
    if budget is None:
        return make_player(rules, level, seed)
    return make_player(rules, level, seed, replace(budget, seconds=3600.0))


def vs_computer(game_id: str, computer: Mapping[int, Level], seed: int = 3, first: int = 0,
                size: tuple[int, int] = (1280, 720), pace: Pace = NO_DELAY,
                factory: Any = None, game: Game | None = None,
                lang: str = "en") -> tuple[Any, Game, Any]:
    """A window on a game against the computer: ``(app, game, scene)``."""
    app = make_app(size, lang)
    game = game if game is not None else new_game(game_id, seed, computer, first)
    driver = ComputerSeats(computer, pace, factory)
    app.start_game(game, computer=driver, autosave=False)
    frames(app, 2)
    return app, game, app.stack.top


def run_until(app: Any, done: Callable[[], bool], limit: int = 2000,
              dt: float = FRAME) -> bool:
    """Run frames until ``done()`` (True) or ``limit`` frames (False). A frame whose
    computer thought is not back yet waits a little for it, so the test does not depend
    on how fast the machine is."""
    for _ in range(limit):
        if done():
            return True
        scene = app.stack.top
        for thinker in (getattr(scene, "computer", None), getattr(scene, "hint", None)):
            thought = getattr(thinker, "thought", None)
            if thought is not None and hasattr(thought, "wait"):
                thought.wait(5.0)
        app.frame(dt)
    return done()


class Gate:
    """A player factory whose players answer like ``make_player`` but only once
    :meth:`open` was called (``calls`` counts the decisions asked for)."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.calls = 0
        self.answered = 0

    def open(self) -> None:
        """Let every waiting (and later) player answer."""
        self.event.set()

    def __call__(self, rules: GameRules, level: Level, seed: int) -> SeatPlayer:
        inner = make_player(rules, Level.EASY, seed)
        gate = self

        class Waiting:
            def choose(self, rules: GameRules, state: GameState, seat: int) -> Choice | None:
                gate.calls += 1
                gate.event.wait(30)
                gate.answered += 1
                return inner.choose(rules, state, seat)

        return Waiting()


def _target_centre(scene: Any, kind: str, key: str) -> tuple[int, int] | None:
    if kind == "zone":
        return scene.zone_rect(key).center
    if kind == "cell":
        return scene.cell_rect(key).center
    if kind == "shape":  # a place the plugin resolves itself (Conan): may ask a dialog
        return None
    rect = scene.card_rect(int(key))
    return rect.center if rect is not None else None


def perform(app: Any, scene: Any, action: Action) -> bool:
    """Make ``action`` as a person would, with posted mouse events: click the button
    whose action it is, or the decision button, or drag its card onto the place that
    lights up for it. True when the game took a move that way; False when the window
    offers no single gesture for it (then nothing happened)."""
    game = scene.game
    before = len(game.history)
    for command, button in scene.controls.buttons.items():
        if scene.controls.enabled.get(command) and scene.command_action(command) == action:
            click(app, widget_centre(button))
            return len(game.history) > before and game.history[-1].action == action
    for command, button in scene.decisions.buttons.items():
        if scene.decisions.action_for(command, scene.viewer) == action:
            click(app, widget_centre(button))
            return len(game.history) > before and game.history[-1].action == action
    place = drop_place(scene, action)
    if place is None:
        return False
    start = scene.card_rect(place.card)
    end = _target_centre(scene, place.kind, place.key)
    if start is None or end is None:
        return False
    drag(app, start.center, end, steps=6)
    return len(game.history) > before


def play_person(app: Any, scene: Any, seat: int, seed: int) -> str:
    """One move of the person at ``seat``: the easy computer player's choice for that
    seat (from the seat's own view), made with mouse events when the window offers a
    gesture for it, else proposed through the scene. Returns ``"events"``,
    ``"proposed"`` or ``""`` (nothing to do)."""
    game = scene.game
    player = make_player(game.rules, Level.EASY, seed + len(game.history))
    choice = player.choose(game.rules, game.state.clone(), seat)
    if choice is None:
        return ""
    before = len(game.history)
    if perform(app, scene, choice.action):
        return "events"
    if len(game.history) != before:  # the gesture made another legal move: fine too
        return "events"
    scene.propose(choice.action)
    return "proposed"


def with_options(game: Game, **options: Any) -> Game:
    """A fresh game with ``game``'s set-up and ``options`` added to it."""
    setup = replace(game.setup, options={**game.setup.options, **options})
    return Game(game.rules, setup)


def wait_until(done: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Wait (in real time, not frames) for something a worker thread does, such as a
    gated player's answer counted after it was released."""
    import time

    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        time.sleep(0.01)
    return done()
