"""Table millimetres <-> window pixels for the game table.

The table (a layout's ``width_mm`` x ``height_mm``) is scaled to fit the part of
the window left of the side panel, keeping its aspect ratio, and centred there.
When the viewing seat is seat 1 the table is turned half-way round in the view
(positions only: ``(x, y) -> (W - x, H - y)``), so each player always finds their
own side at the bottom, near them (ALL-R2 hotseat). Cards themselves are drawn
upright either way.

:meth:`Viewport.to_mm` is the exact inverse of :meth:`Viewport.to_px`, so
hit-testing a click (pixel -> mm -> :class:`~tabletop.layout.TableGeometry`)
stays right after any resize. No pygame import here: pure arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PANEL_MAX_PX", "PANEL_MIN_PX", "PANEL_SHARE", "Viewport", "panel_width"]

#: Share of the window width given to the side panel (log, phases, preview, buttons).
PANEL_SHARE = 0.23
#: The side panel never gets narrower / wider than this (pixels).
PANEL_MIN_PX = 250
PANEL_MAX_PX = 640


def panel_width(window_w: int) -> int:
    """Width in pixels of the right-hand side panel for a window ``window_w`` wide."""
    return int(max(PANEL_MIN_PX, min(PANEL_MAX_PX, window_w * PANEL_SHARE)))


@dataclass
class Viewport:
    """Maps table mm to window pixels for one window size and one viewing seat.

    Attributes:
        table_w, table_h: table size in mm.
        margin: free pixels kept around the table.
        scale: pixels per mm (set by :meth:`fit`).
        offset: pixel position of the table's on-screen top-left corner.
        flipped: True when the table is shown turned 180 degrees (viewer = seat 1).
        area: ``(x, y, w, h)`` of the window part the table was fitted into.
    """

    table_w: float
    table_h: float
    margin: int = 8
    scale: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    flipped: bool = False
    area: tuple[int, int, int, int] = (0, 0, 1, 1)

    def fit(self, window: tuple[int, int], panel_px: int | None = None) -> None:
        """Scale and centre the table into ``window`` minus the right panel."""
        w, h = window
        panel = panel_width(w) if panel_px is None else panel_px
        aw, ah = max(1, w - panel), max(1, h)
        self.area = (0, 0, aw, ah)
        usable_w = max(1.0, aw - 2 * self.margin)
        usable_h = max(1.0, ah - 2 * self.margin)
        self.scale = min(usable_w / self.table_w, usable_h / self.table_h)
        self.offset = ((aw - self.table_w * self.scale) / 2.0,
                       (ah - self.table_h * self.scale) / 2.0)

    def set_viewer(self, seat: int | None) -> None:
        """Seat 1 sees the table turned round; seat 0 and spectators see it as laid out."""
        self.flipped = seat == 1

    # -- points ------------------------------------------------------------------------

    def to_px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """Table point (mm) -> window pixel (float)."""
        if self.flipped:
            x_mm, y_mm = self.table_w - x_mm, self.table_h - y_mm
        return (self.offset[0] + x_mm * self.scale, self.offset[1] + y_mm * self.scale)

    def to_mm(self, x_px: float, y_px: float) -> tuple[float, float]:
        """Window pixel -> table point (mm); the exact inverse of :meth:`to_px`."""
        x = (x_px - self.offset[0]) / self.scale
        y = (y_px - self.offset[1]) / self.scale
        if self.flipped:
            x, y = self.table_w - x, self.table_h - y
        return (x, y)

    def length_px(self, mm: float) -> float:
        """A length in mm as pixels."""
        return mm * self.scale

    # -- rectangles --------------------------------------------------------------------

    def rect_px(self, center_mm: tuple[float, float],
                size_mm: tuple[float, float]) -> tuple[int, int, int, int]:
        """Axis-aligned pixel rect ``(x, y, w, h)`` of an upright box centred at a table
        point, rounded so neighbouring cards keep one consistent size."""
        cx, cy = self.to_px(*center_mm)
        w = round(size_mm[0] * self.scale)
        h = round(size_mm[1] * self.scale)
        return (round(cx - w / 2.0), round(cy - h / 2.0), w, h)

    def table_rect(self) -> tuple[int, int, int, int]:
        """The whole table in pixels ``(x, y, w, h)``."""
        return (round(self.offset[0]), round(self.offset[1]),
                round(self.table_w * self.scale), round(self.table_h * self.scale))

    def contains_px(self, x_px: float, y_px: float) -> bool:
        """Is the pixel inside the table area (the window minus the panel)?"""
        ax, ay, aw, ah = self.area
        return ax <= x_px < ax + aw and ay <= y_px < ay + ah
