"""The narrated demo (issue 12 §6) and the menu's seat choices (issue 12 §5, issue 13).

In the demo the computer plays both seats of a real game while every move is
explained in one sentence (the player's ``Choice.reason``: why, not only what) in the
coach panel and the log, at a chosen speed. It runs unattended (on a projector): when
a game ends, a new one starts with the next seed. Keys, shown in a line over the table:

* Space: pause / go on; N or Right: one move (also while paused);
* S: speed slow -> normal -> fast -> slow;
* 1 / 2: take over Player 1 / Player 2 (that seat is a person's from then on; the
  other seat stays the computer's, the table shows the person's view without cover);
* Esc: back to the menu.

Once a person plays a seat the demo's keys give way to the table's (Space is Next
phase again) and the game is no longer restarted by itself. The demo is not saved
until a person takes a seat over: from then on it is saved like any game, with the
person's seats, so leaving it for the menu loses nothing (issue 16 QA).

The menu part: per seat a drop-down "Person / Computer (easy / normal / hard)"
(:func:`seat_menu`) whose choice goes into the new game's set-up options
(:func:`~tabletop.ui.computer_seat.seat_options`), and the "Watch a demo" button
(:func:`demo_button`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu

from tabletop import i18n
from tabletop.core.messages import msg, seat_msg
from tabletop.core.seat_player import Level
from tabletop.ui.computer_seat import (
    OPTION,
    PACES,
    ComputerSeats,
    PlayerFactory,
    seat_options,
)
from tabletop.ui.frame_policy import soonest
from tabletop.ui.panels import render_message
from tabletop.ui.settings_apply import pace_name

if TYPE_CHECKING:
    from tabletop.core.coach import CoachLine
    from tabletop.ui.host import Host

__all__ = ["PERSON", "RESTART_S", "SEAT_KINDS", "SPEEDS", "DemoSeats", "computer_levels",
           "demo_button", "seat_menu", "start_demo", "start_from_menu"]

log = logging.getLogger(__name__)

#: The menu's seat choice for a person.
PERSON = "person"
#: The menu's seat choices: a person, or the computer at a level.
SEAT_KINDS: tuple[str, ...] = (PERSON, *(str(level.value) for level in Level))
#: The demo's speeds, slowest first (see :data:`~tabletop.ui.computer_seat.PACES`).
SPEEDS: tuple[str, ...] = ("slow", "normal", "fast")
#: Seconds the result of a finished demo game stays before the next game starts, per speed.
RESTART_S: dict[str, float] = {"slow": 9.0, "normal": 6.0, "fast": 3.0}

_TAKE_OVER = {pygame.K_1: 0, pygame.K_KP1: 0, pygame.K_2: 1, pygame.K_KP2: 1}


def computer_levels(kinds: Sequence[str]) -> dict[int, Level]:
    """The computer seats of the menu's per-seat choices (``"person"`` or a level)."""
    levels = {str(level.value): level for level in Level}
    return {seat: levels[kind] for seat, kind in enumerate(kinds) if kind in levels}


def seat_menu(manager: Any, container: Any, rect: pygame.Rect, current: str,
              short: bool = False) -> UIDropDownMenu:
    """The drop-down "Person / Computer (easy / normal / hard)" of one seat; ``short``:
    the computer levels' short forms ("CPU (easy)", :mod:`~tabletop.ui.menu_fit`)."""
    from tabletop.ui.menu_fit import seat_labels

    options: list[str | tuple[str, str]] = list(seat_labels(SEAT_KINDS, short))
    chosen = next((o for o in options if o[1] == current), options[0])
    return UIDropDownMenu(options, chosen, rect, manager, container=container)


def demo_button(menu: Any, rect: pygame.Rect, container: Any, problem: str) -> UIButton:
    """The menu's "Watch a demo" button (off while the chosen decks cannot start)."""
    text = i18n.t("seatmenu.watch_demo")
    from tabletop.ui.theme import fit_id

    button = UIButton(rect, text, menu.app.ui, container=container,
                      command=lambda: start_from_menu(menu),
                      tool_tip_text=i18n.t("seatmenu.demo_problem") if problem else None,
                      object_id=fit_id(menu.app.fonts, text, rect.w, menu.app.scale, "#demo"))
    if problem:
        button.disable()  # type: ignore[no-untyped-call]
    return button


def start_from_menu(menu: Any) -> None:
    """Start the demo with the menu's game and decks; each seat at its chosen computer
    level, a person's seat at "normal"."""
    choice = menu.choice
    if choice is None or menu.start_problem():
        return
    chosen = computer_levels(menu.seat_kinds)
    levels = {seat: chosen.get(seat, Level.NORMAL) for seat in (0, 1)}
    # at the remembered animation speed (issue 16); S changes it during the demo
    start_demo(menu.app, choice, tuple(menu.deck_ids), levels, pace_name(menu.app))


def start_demo(app: Host, choice: Any, deck_ids: Sequence[str | None],
               levels: Mapping[int, Level], speed: str = "normal", seed: int | None = None,
               factory: PlayerFactory | None = None) -> None:
    """Open a demo game of ``choice`` (a :class:`~tabletop.ui.menu.GameChoice`) with these
    decks, the computer playing both seats at ``levels``, shown at ``speed``; unsaved.
    ``seed`` None draws one; the next game of the loop takes ``seed + 1``."""
    import random

    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31 - 2)
    first, second = deck_ids
    if first is None or second is None:
        return
    game = choice.make_game(first, second, first_seat=seed % 2, seed=seed,
                            options=seat_options(levels))

    def again() -> None:
        start_demo(app, choice, deck_ids, levels, driver.speed, seed + 1, factory)

    driver = DemoSeats(levels, speed, again, factory)
    start = getattr(app, "start_game", None)
    if callable(start):
        start(game, computer=driver, autosave=False)


class DemoSeats(ComputerSeats):
    """The computer seats of the demo: both at first, with the demo's keys, a speed,
    the narration kept on until the next move, and a new game when one ends."""

    def __init__(self, levels: Mapping[int, Level], speed: str = "normal",
                 restart: Callable[[], None] | None = None,
                 factory: PlayerFactory | None = None) -> None:
        self.speed = speed if speed in SPEEDS else "normal"
        super().__init__(levels, PACES[self.speed], factory)
        self.restart = restart
        #: Seconds since the game ended (the next one starts after :data:`RESTART_S`).
        self.ended_for = 0.0
        self._started = False

    @property
    def unattended(self) -> bool:
        """True while the computer plays both seats (the demo's keys are on)."""
        return not self.persons

    def set_speed(self, speed: str) -> None:
        """Show the moves at ``speed`` (one of :data:`SPEEDS`) from now on."""
        if speed in SPEEDS:
            self.speed = speed
            self.pace = PACES[speed]
            self.hold = min(self.hold, self.pace.glide + self.pace.hold)

    def take_over(self, seat: int) -> None:
        """A person plays ``seat`` from now on; the demo's keys give way to the table's."""
        if seat not in self.levels:
            return
        super().take_over(seat)
        self.paused = False
        scene = self.scene
        if scene is not None:
            # the person's game from now on: saved, and resumed with the person's seats
            game = scene.game
            kept = {k: v for k, v in game.setup.options.items() if k != OPTION}
            game.setup = replace(game.setup, options={**kept, **seat_options(self.levels)})
            keep = getattr(scene.app, "keep_game", None)
            if callable(keep):
                keep(game)
            scene.add_note(msg("demo.took_over", player=seat_msg(seat)))
            scene.refresh_controls()

    def handle_event(self, event: Any) -> Any:
        """The demo's keys (see the module docstring); others go on to the table."""
        scene = self.scene
        if event.type != pygame.KEYDOWN or scene is None or scene._dialog_open():
            return event
        key = event.key
        if key in _TAKE_OVER and self.is_computer(_TAKE_OVER[key]):
            self.take_over(_TAKE_OVER[key])
            return None
        if not self.unattended:
            return event
        if key == pygame.K_SPACE:
            self.paused = not self.paused
        elif key in (pygame.K_n, pygame.K_RIGHT):
            self.step = True
            self.hold = 0.0
        elif key == pygame.K_s:
            self.set_speed(SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)])
        elif key == pygame.K_ESCAPE:
            scene.app.back_to_menu()
        else:
            return event
        return None

    def frame_due(self) -> float | None:
        """The computer's dues; now before the first move's note; the time left before
        the next game starts once one ended."""
        scene = self.scene
        if scene is None or self.closed:
            return None
        if not self._started:
            return 0.0
        due = super().frame_due()
        if scene.game.state.game_over and self.unattended and not self.paused \
                and self.restart is not None:
            due = soonest(due, RESTART_S[self.speed] - self.ended_for)
        return due

    def update(self, dt: float) -> None:
        """The computer's moves; when a game of two computers ends, the next one after
        :data:`RESTART_S`."""
        scene = self.scene
        if scene is None or self.closed:
            return
        if not self._started:
            self._started = True
            first = scene.rules.acting_seat(scene.game.state)
            scene.add_note(msg("demo.starting", player=seat_msg(first)))
        super().update(dt)
        if scene.game.state.game_over and self.unattended and not self.paused:
            self.ended_for += dt
            if self.ended_for >= RESTART_S[self.speed] and self.restart is not None:
                restart, self.restart = self.restart, None
                restart()

    def coach(self) -> CoachLine | None:
        """The narration: the last move's reason stays until the next one (the demo is
        watched, not played), "thinking…" before the first."""
        from tabletop.core.coach import CoachLine

        if not self.unattended:
            return super().coach()
        said = self.said
        if said is not None:
            return CoachLine(who=msg("demo.who", player=seat_msg(said.seat)), what=said.reason,
                             lit=frozenset())
        return super().coach()

    def draw(self, surface: pygame.Surface) -> None:
        """The demo's keys in a line over the top of the table (while unattended)."""
        scene = self.scene
        if scene is None or not self.unattended:
            return
        speed = i18n.t(f"demo.speed_{self.speed}")
        key = "demo.keys_paused" if self.paused else "demo.keys"
        text = render_message(msg(key, speed=speed), scene.lang)
        if scene.game.state.game_over:
            text = f"{text} · {i18n.t('demo.next_game')}"
        area = pygame.Rect(scene.viewport.area)
        size = max(13, round(15 * scene.scale))
        pad = max(4, round(6 * scene.scale))
        line = scene.text.get(text, size, (250, 240, 210), False, area.w - 4 * pad)
        box = pygame.Rect(area.x, area.y, area.w, line.get_height() + 2 * pad)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 16, 14, 200) if not self.paused else (70, 50, 10, 220))
        surface.blit(shade, box.topleft)
        surface.blit(line, line.get_rect(center=box.center))
