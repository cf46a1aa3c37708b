"""Table millimetres <-> window pixels for the game table.

The table (a layout's ``width_mm`` x ``height_mm``) is scaled to fit the part of
the window left of the side panel, keeping its aspect ratio, and centred there; in
a portrait window (taller than wide) the panel goes under the table instead, so the
table gets the whole width (:meth:`Viewport.fit_above_panel`).
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

__all__ = ["PANEL_BELOW_SHARE", "PANEL_MAX_AT_PX", "PANEL_MAX_PX", "PANEL_MAX_SHARE",
           "PANEL_MIN_PX", "PANEL_SHARE", "PORTRAIT_RATIO", "Viewport", "panel_width",
           "portrait"]

#: Share of the window width given to the side panel (log, phases, preview, buttons).
PANEL_SHARE = 0.23
#: The side panel never gets narrower / wider than this (pixels).
PANEL_MIN_PX = 250
PANEL_MAX_PX = 640
#: ... up to windows this wide; beyond, the upper bound grows with the width.
PANEL_MAX_AT_PX = 2560
#: The side panel never takes more than this share of the window (a big UI scale
#: on a small window still leaves the table room).
PANEL_MAX_SHARE = 0.45

#: A window at least this much taller than wide is laid out with the side panel under
#: the table (:meth:`Viewport.fit_above_panel`), which then gets the whole width.
PORTRAIT_RATIO = 1.0
#: The panel under the table takes at least this share of a portrait window's height.
PANEL_BELOW_SHARE = 0.42


def portrait(window: tuple[int, int]) -> bool:
    """Is the panel put under the table in a ``window`` (pixels) this shape?"""
    return window[1] > window[0] * PORTRAIT_RATIO


def panel_width(window_w: int, factor: float = 1.0) -> int:
    """Width in pixels of the right-hand side panel for a window ``window_w`` wide.

    :data:`PANEL_SHARE` of the width within :data:`PANEL_MIN_PX` .. :data:`PANEL_MAX_PX`;
    past :data:`PANEL_MAX_AT_PX` the upper bound grows with the window, as the UI
    scale does (a 4K window's texts are three times as big, issue 16). ``factor`` is
    the chosen UI scale (``App.user_scale``, 0.75-2.0): share and bounds grow with it,
    so the panel's bigger texts and buttons keep their room, never past
    :data:`PANEL_MAX_SHARE` of the window."""
    top = PANEL_MAX_PX * max(1.0, window_w / PANEL_MAX_AT_PX)
    if factor == 1.0:
        return int(max(PANEL_MIN_PX, min(top, window_w * PANEL_SHARE)))
    wanted = max(PANEL_MIN_PX * factor, min(top * factor, window_w * PANEL_SHARE * factor))
    return int(min(wanted, window_w * PANEL_MAX_SHARE))


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

    def fit_above_panel(self, window: tuple[int, int], min_panel_px: int) -> int:
        """Portrait windows (issue 16): the table across the whole width at the top and
        the side panel under it, at least ``min_panel_px`` tall (the table shrinks
        for it). Returns the panel's height in pixels; :attr:`area` is the part above."""
        w, h = window
        fitted_h = max(1.0, w - 2 * self.margin) / self.table_w * self.table_h
        panel = max(min_panel_px, h - round(fitted_h + 2 * self.margin))
        panel = max(1, min(panel, h - 1))
        self.fit((w, h - panel), panel_px=0)
        return panel

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
