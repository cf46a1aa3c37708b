"""When the main loop draws a frame: only when something changed (issue 14, idle CPU).

An idle window used to redraw the same picture 60 times a second (about 1 s of CPU
per 10 s at 1600x900, 3 s at 4K). The loop (:meth:`tabletop.ui.app.App.turn`) still
turns at most ``fps`` times a second, each turn a short sleep and a look at the event
queue (pygame-ce's ``event.wait`` polls every millisecond inside, which costs more
than sleeping between looks), but it updates and draws only when

* input arrived (any event: a click, a key, the pointer moving, the window exposed),
  and for ``settle`` frames after it (pygame_gui answers a click with events of its
  own; a scene may lay out in one frame and draw in the next);
* a scene asks for a frame: :meth:`~tabletop.ui.scene.Scene.frame_due` answers how
  soon it needs one without input, ``0.0`` while it animates (a glide, a playback, a
  pulsing frame) or has something to do now (a computer thought is ready), a delay
  for a timer it counts (an announcement held, a delay before keys are taken), None
  when only input can change it;
* pygame_gui's own clock runs (its tool tips appear after a second of hovering): for
  ``widget_window`` seconds after input the widgets are updated every turn and the
  frame is drawn only when their look (:func:`widget_look`) changed.

A frame whose only cause is a timer of a scene that says its timers show nothing
(``Scene.timers_show`` False: the menu's look at the save folder) is drawn only when
the widgets, the scene stack or a scene's wish (``frame_due() == 0.0``) changed.

Time passed asleep is handed to the scenes (``update(dt)``) before the input that ends
the sleep, so a timer is current when a key is judged, and all of it to the update of
a timer that ran out; otherwise ``dt`` is capped at :data:`MAX_DT` as before (a slow
frame, or the first after a rest, never makes an animation jump).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, Protocol

__all__ = ["MAX_DT", "FramePolicy", "Timed", "Turn", "scene_dues", "soonest", "table_due",
           "widget_look"]

#: The longest ``dt`` (seconds) handed to an update while frames run back to back.
MAX_DT = 0.1


class Turn(StrEnum):
    """What one turn of the main loop does."""

    #: Nothing changed: no update, no drawing (the idle window).
    REST = "rest"
    #: Only pygame_gui's clock runs (tool tips): update the widgets, draw if they changed.
    WIDGETS = "widgets"
    #: A scene's timer ran out: update; draw unless nothing it shows changed.
    TIMER = "timer"
    #: Input, an animation or a scene's wish: update and draw.
    FRAME = "frame"


class Timed(Protocol):
    """What the policy asks of a scene (:class:`~tabletop.ui.scene.Scene`)."""

    timers_show: bool

    def frame_due(self) -> float | None:
        """Seconds until the scene needs a frame without input (0.0: now; None: never)."""
        ...


def soonest(*dues: float | None) -> float | None:
    """The earliest of ``dues`` (seconds; None: never), None when all are None; a
    negative delay counts as 0.0 (due now)."""
    known = [max(0.0, d) for d in dues if d is not None]
    return min(known) if known else None


def scene_dues(scenes: Iterable[Timed]) -> list[tuple[Timed, float | None]]:
    """Every scene with its :meth:`~tabletop.ui.scene.Scene.frame_due`, bottom to top."""
    return [(scene, scene.frame_due()) for scene in scenes]


def widget_look(manager: Any) -> tuple[tuple[int, tuple[float, ...], Any], ...]:
    """What pygame_gui would draw now, cheaply: each visible sprite's image (by
    identity: an element that changes its look gets a new surface), place and source
    area, in drawing order. Equal looks draw the same widgets."""
    group = manager.get_sprite_group()
    look = []
    for data in group.visible:
        source = data[2]
        look.append((id(data[0]), tuple(data[1]), tuple(source) if source else None))
    return tuple(look)


class FramePolicy:
    """The main loop's clock and its choice of what each turn does (see the module
    docstring). Pure bookkeeping: no pygame, so it is tested on its own.

    ``fps``: turns a second at most; ``settle``: frames drawn after input;
    ``widget_window``: seconds after input during which pygame_gui's clock runs
    (its tool tip delay is 1 s). Times in seconds.
    """

    def __init__(self, fps: int = 60, settle: int = 2, widget_window: float = 1.5) -> None:
        self.fps = fps
        self.settle = settle
        self.widget_window = widget_window
        #: Seconds since the scenes were last updated.
        self.since_update = 0.0
        #: Seconds since the widgets were last updated.
        self.since_widgets = 0.0
        #: Seconds since the last input.
        self.since_input = math.inf
        self._settle_left = 0

    def advance(self, seconds: float) -> None:
        """``seconds`` of wall time passed since the last turn."""
        self.since_update += seconds
        self.since_widgets += seconds
        self.since_input += seconds

    def plan(self, inputs: bool, dues: Sequence[tuple[Timed, float | None]]) -> Turn:
        """What this turn does, given whether input arrived and each scene's due."""
        due = soonest(*(d for _, d in dues))
        if inputs:
            self.since_input = 0.0
            self._settle_left = self.settle
            return Turn.FRAME
        if due == 0.0:
            return Turn.FRAME
        if self._settle_left > 0:
            self._settle_left -= 1
            return Turn.FRAME
        if due is not None and due <= self.since_update:
            return Turn.TIMER
        if self.since_input < self.widget_window:
            return Turn.WIDGETS
        return Turn.REST

    def timer_shows(self, dues: Sequence[tuple[Timed, float | None]]) -> bool:
        """Whether a scene whose timer ran out this turn shows its timers (then the
        frame is drawn whatever changed)."""
        return any(d is not None and d <= self.since_update and scene.timers_show
                   for scene, d in dues)

    def asleep(self) -> bool:
        """Whether the scenes missed updates (the loop rested): then the time asleep is
        handed to them before the input that woke the loop."""
        return self.since_update > 1.5 / self.fps

    def take_dt(self, capped: bool = True) -> float:
        """The ``dt`` for the scenes' update now, and start counting again: the seconds
        since the last one, capped at :data:`MAX_DT` (a frame that took long, or the
        first after a rest, never makes an animation jump) unless ``capped`` is False
        (a timer ran out, or the time asleep is counted before input: every scene with
        a clock running said so, and gets all of it)."""
        dt = self.since_update if not capped else min(self.since_update, MAX_DT)
        self.since_update = 0.0
        return dt

    def take_widget_dt(self) -> float:
        """The ``dt`` for pygame_gui's update now (capped at :data:`MAX_DT`)."""
        dt = min(self.since_widgets, MAX_DT)
        self.since_widgets = 0.0
        return dt

    def framed(self) -> None:
        """A frame was run outside the loop (``App.frame``): everything is current."""
        self.since_update = 0.0
        self.since_widgets = 0.0


def table_due(scene: Any) -> float | None:
    """:meth:`~tabletop.ui.scene.Scene.frame_due` of a table
    (:class:`~tabletop.ui.table.TableScene`): now while a card glides, a playback runs
    (it waits under the hand-over cover), the first cover is to come, the coach box
    was laid out anew and not drawn yet, or the free-mode banner or "Not saved" marker
    must make room; the delay before a key after a
    playback; then the computer seats' and the hint's own dues."""
    if scene._cover_at_start or scene.slide is not None:
        return 0.0
    if scene.coach.frame_wanted:  # its box gave way to a relayout: draw it now
        return 0.0
    if not scene.cover_pending and scene.ui.playing(scene):
        return 0.0
    if scene.game.state.free_mode != (scene.free_banner_rect is not None):
        return 0.0
    if (scene._not_saved_folder() is not None) != (scene.not_saved_rect is not None):
        return 0.0
    computer = scene.computer
    return soonest(scene.after_playback if scene.after_playback > 0 else None,
                   scene.hint.frame_due(),
                   computer.frame_due() if computer is not None else None)
