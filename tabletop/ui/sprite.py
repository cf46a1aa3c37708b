"""What the table draws of one card (:class:`Sprite`), a refused card gliding back
(:class:`Slide`), and the angle a card is drawn at on screen (:func:`screen_turn`).

Plain data below the table scene (:mod:`tabletop.ui.table`) and its plugins
(:mod:`tabletop.ui.context`), so both can name them without importing the scene.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.core.view import CardView
from tabletop.geometry import Placed

__all__ = ["SLIDE_SECONDS", "Slide", "Sprite", "right_angle", "screen_turn"]

#: Seconds a refused card takes to slide back from where it was dropped.
SLIDE_SECONDS = 0.2


def screen_turn(rotation_deg: float, flipped: bool, upright: bool) -> float:
    """Degrees counter-clockwise a card with table rotation ``rotation_deg`` is drawn at:
    plus the half turn of a turned-round view unless the plugin draws cards upright."""
    turn = rotation_deg + (180.0 if flipped and not upright else 0.0)
    return turn % 360.0


def right_angle(deg: float) -> int | None:
    """0..3 quarter turns when ``deg`` is a multiple of 90, else None."""
    q = (deg % 360.0) / 90.0
    n = round(q)
    return n % 4 if abs(q - n) < 1e-6 else None


@dataclass
class Slide:
    """A refused card gliding back from where it was dropped to where it lies (visual only)."""

    iid: int
    start: tuple[int, int]
    end: tuple[int, int]
    elapsed: float = 0.0
    duration: float = SLIDE_SECONDS

    @property
    def done(self) -> bool:
        """True once the card is back."""
        return self.elapsed >= self.duration

    def pos(self) -> tuple[int, int]:
        """The card's top-left now (ease-out cubic)."""
        f = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        k = 1.0 - (1.0 - f) ** 3
        return (round(self.start[0] + (self.end[0] - self.start[0]) * k),
                round(self.start[1] + (self.end[1] - self.start[1]) * k))


@dataclass
class Sprite:
    """One card as drawn: where (mm and pixels), what (the view), which surface."""

    iid: int
    zone: str
    placed: Placed
    card: CardView
    rect: pygame.Rect
    surface: pygame.Surface | None = None
    drawn: bool = True
    #: Degrees counter-clockwise the card is drawn at on screen.
    turn: float = 0.0
    #: The next card of its row lies over its right part (a crowded row).
    covered: bool = False
    #: Pixels of the card left in sight when covered (its left strip).
    visible_w: int = 0
