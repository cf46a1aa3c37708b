"""The hot-seat cover: an opaque screen asking to hand the computer to the next player.

While it is up nothing of the table is drawn (``opaque``) and no widget is
shown or reacts (``blocks_ui``), so the next seat's hand cannot be seen before
the hand-over (ALL-R2). It swallows every input event; input during the first
:data:`ARM_DELAY` seconds is ignored so that a click meant for the table does
not dismiss it at once. The key that dismissed it is kept (``dismissed_by``): the
table ignores that key until it is released, so Space pressed to take over never
also means "next phase".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop import i18n
from tabletop.ui.scene import Scene

if TYPE_CHECKING:
    from tabletop.ui.host import Host

__all__ = ["ARM_DELAY", "HotseatCover"]

#: Seconds during which the cover ignores input after it appears.
ARM_DELAY = 0.3

_INPUT = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                    pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT,
                    pygame.TEXTEDITING, pygame.FINGERDOWN, pygame.FINGERUP,
                    pygame.FINGERMOTION})

BACKGROUND = (16, 24, 20)
TITLE = (245, 215, 110)
TEXT = (226, 232, 228)
HINT = (160, 176, 166)


class HotseatCover(Scene):
    """"Pass the computer to Player N": dismissed by a click or any key."""

    opaque = True
    #: Read by the app: widgets are neither drawn nor given events under this scene.
    blocks_ui = True

    def __init__(self, app: Host, seat: int, on_done: Callable[[], None]) -> None:
        super().__init__(app)
        self.seat = seat
        self.on_done = on_done
        self.age = 0.0
        self._pressed = False
        self._done = False
        #: The key whose press dismissed the cover (None: a click, or not dismissed).
        self.dismissed_by: int | None = None
        #: The role the seat takes over in, as the coach words it ("Player 2: you are the
        #: enemy this turn", :func:`tabletop.core.coach.cover_role`); None: no role line.
        self.role: i18n.Message | None = None

    @property
    def armed(self) -> bool:
        """True once the cover accepts input."""
        return self.age >= ARM_DELAY

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Swallow all input; a click (press and release) or a key press dismisses."""
        if event.type not in _INPUT:
            return event
        if not self.armed or self._done:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed:
            self.dismiss()
        elif event.type == pygame.KEYDOWN:
            self.dismissed_by = int(event.key)
            self.dismiss()
        return None

    def dismiss(self) -> None:
        """Leave the stack, then run ``on_done`` (which may push another scene)."""
        if self._done:
            return
        self._done = True
        stack = self.app.stack
        if stack.top is self:
            stack.pop()
        elif self in stack.scenes:
            stack.scenes.remove(self)
            self.close()
        self.on_done()

    def frame_due(self) -> float | None:
        """Every frame while the bar fills (until armed), then only on input."""
        return None if self.armed else 0.0

    def update(self, dt: float) -> None:
        """Count the time since the cover appeared."""
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        """A plain screen with the big hand-over message and a hint."""
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        scale = self.app.scale
        fonts = self.app.fonts
        player = i18n.t(f"seat.{self.seat}")
        title = fonts.render(i18n.t("hotseat.pass_to", player=player), round(48 * scale),
                             TITLE, bold=True, wrap=int(w * 0.85))
        role = fonts.render(self.role.render(), round(30 * scale), TITLE,
                            wrap=int(w * 0.85)) if self.role is not None else None
        hint = fonts.render(i18n.t("hotseat.ready"), round(24 * scale), TEXT,
                            wrap=int(w * 0.85))
        note = fonts.render(i18n.t("cover.private", player=player), round(18 * scale), HINT,
                            wrap=int(w * 0.8))
        gap = round(28 * scale)
        shown = [s for s in (title, role, hint, note) if s is not None]
        total = sum(s.get_height() for s in shown) + gap * (len(shown) - 1)
        y = (h - total) // 2
        for surf in shown:
            surface.blit(surf, surf.get_rect(midtop=(w // 2, y)))
            y += surf.get_height() + gap
        if self.armed:
            return
        # a thin bar fills while the cover is not yet accepting input
        bar = pygame.Rect(0, 0, round(w * 0.3), max(2, round(4 * scale)))
        bar.midtop = (w // 2, y)
        pygame.draw.rect(surface, (50, 70, 60), bar)
        bar.width = round(bar.width * min(1.0, self.age / ARM_DELAY))
        pygame.draw.rect(surface, TITLE, bar)
