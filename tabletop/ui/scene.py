"""A stack of scenes (menu, table, hotseat cover, dialogs), after Tuxemon's state stack.

The top scene gets events first; a scene that consumes an event returns None,
otherwise it returns the event so the scene below may see it. Every scene on
the stack is drawn bottom to top, so a cover or dialog can sit over the table.
The main loop updates and draws only when input came or a scene asks for a frame
(:meth:`Scene.frame_due`, see :mod:`tabletop.ui.frame_policy`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from tabletop.ui.host import Host


class Scene:
    """One screen or overlay. Subclasses override what they need."""

    #: An opaque scene hides everything below it (no need to draw those).
    opaque: bool = True
    #: Whether the timers this scene counts (a positive :meth:`frame_due`) change what it
    #: shows when they run out. False: the frame after one is drawn only when the
    #: widgets or the stack changed, or the scene then asks for a frame (0.0).
    timers_show: bool = True

    def __init__(self, app: Host) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """React to one event; return None when consumed."""
        return event

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def frame_due(self) -> float | None:
        """How soon, in seconds, this scene needs a frame (update and draw) though no
        input comes: 0.0 at the next frame (it animates, or has something to do now),
        a delay for a timer it counts (it gets the time passed in ``update``), None when
        only input can change what it shows. Asked every turn of the main loop (at most
        60 a second, main thread), so it may answer from what a worker thread did; it
        must be cheap and change nothing. Here 0.0: a scene that does not say otherwise
        is drawn every frame."""
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (pixels)."""

    def resume(self) -> None:
        """This scene is on top again."""

    def close(self) -> None:
        """The scene leaves the stack."""


class SceneStack:
    """Scenes bottom to top."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene receiving events first."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        self.scenes.append(scene)

    def pop(self) -> Scene | None:
        """Remove the top scene (calling its ``close``) and resume the one below."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.close()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Pop every scene and push ``scene``."""
        while self.scenes:
            self.scenes.pop().close()
        self.scenes.append(scene)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Offer the event top-down until a scene consumes it."""
        for scene in reversed(list(self.scenes)):
            result = scene.handle_event(event)
            if result is None:
                return

    def update(self, dt: float) -> None:
        """Update every scene."""
        for scene in list(self.scenes):
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upward."""
        start = 0
        for index, scene in enumerate(self.scenes):
            if scene.opaque:
                start = index
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene about a new window size."""
        for scene in self.scenes:
            scene.resize(size)
