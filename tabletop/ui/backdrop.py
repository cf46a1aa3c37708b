"""The table's background: the window colour, the felt, zone and cell outlines and the
labels of the empty zones (issue 14).

Drawing it whole takes a window-sized transparent layer and every outline (about
3.5 ms at 1600x900), and a change of the game that empties or fills a zone shows a
label more or less. :class:`Backdrop` draws it whole once for each look (window size,
layout, viewer, UI scale, language, viewport) and keeps, for each zone, the pixels
of its label's rectangle with the label and without it; a background that differs
from the last one only by labels is then the last one with those small patches put
back. The pixels are those the whole drawing gives (the patches are cut from it), so
nothing drawn changes; when two zones' label rectangles overlap (a patch would carry
the other label), every background is drawn whole.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

import pygame

from tabletop.i18n import t
from tabletop.layout import Layout
from tabletop.ui.bands import BAND_BYTES, Paint, blend_in_bands
from tabletop.ui.heap import opaque_surface
from tabletop.ui.sprite import right_angle

__all__ = ["CELL_EDGE", "OWN_ZONE_FILL", "WINDOW_BG", "ZONE_EDGE", "ZONE_FILL", "Backdrop",
           "draw_backdrop"]

WINDOW_BG = (18, 28, 24)
ZONE_FILL = (255, 255, 255, 14)
#: The fill of the viewer's own zones.
OWN_ZONE_FILL = (255, 255, 255, 20)
ZONE_EDGE = (255, 255, 255, 46)
CELL_EDGE = (255, 255, 255, 30)
LABEL = (170, 200, 180)
#: Looks kept (their patches are small: a few label rectangles each); Conan's table has
#: a layout per turn player and spread hand, for each viewer.
KEPT_LOOKS = 16

_Patches = dict[str, tuple[pygame.Rect, pygame.Surface, pygame.Surface]]


class BackdropHost(Protocol):
    """What the backdrop reads of the table scene (``TableScene`` is one)."""

    layout: Layout
    viewer: int
    view: Any
    viewport: Any
    text: Any

    @property
    def scale(self) -> float: ...

    @property
    def lang(self) -> str: ...

    def _outline(self, surface: pygame.Surface, shape: Any, fill: Any, edge: Any,
                 width: int, offset: tuple[int, int] = (0, 0)) -> pygame.Rect: ...

    def _shape_rect(self, shape: Any) -> pygame.Rect: ...


def draw_backdrop(scene: BackdropHost, size: tuple[int, int], labelled: frozenset[str],
                  into: pygame.Surface | None = None, area: pygame.Rect | None = None
                  ) -> tuple[pygame.Surface, dict[str, pygame.Rect]]:
    """The whole background at ``size`` (pixels) with the labels of the zones
    ``labelled`` (ids), drawn over all of ``into`` (a surface of that size) or a new
    surface; and each zone's label rectangle (window pixels). ``area`` (window pixels):
    only that part of it, on a new surface of its size (the same pixels: a label's
    patch without a second window-sized background, issue 14)."""
    ox, oy = (0, 0) if area is None else (area.x, area.y)
    # the window's format, made so (no converted copy)
    bg = into if into is not None and area is None else \
        opaque_surface(size if area is None else area.size)
    bg.fill(WINDOW_BG)
    table = pygame.Rect(scene.viewport.table_rect())
    pygame.draw.rect(bg, scene.layout.background, table.move(-ox, -oy),
                     border_radius=round(10 * scene.scale))
    label_size = max(10, round(12 * scene.scale))
    rects: dict[str, pygame.Rect] = {}
    # the outlines and labels on a transparent layer, blended in bands of rows (a
    # window-sized layer was 32 MiB at 3840x2160: issue 14, memory); same pixels
    shapes: list[tuple[pygame.Rect | None, Paint]] = []
    bounds = getattr(scene, "_outline_bounds", None)
    for zone in scene.layout.zones:
        fill = OWN_ZONE_FILL if zone.owner == scene.viewer else ZONE_FILL
        shape = zone.shape()
        rect = scene._shape_rect(shape)
        shapes.append((bounds(shape, 1) if bounds else None, _outline(scene, shape, fill,
                                                                     ZONE_EDGE)))
        for cell in scene.layout.cells(zone.id):
            shapes.append((bounds(cell, 1) if bounds else None, _outline(scene, cell, None,
                                                                        CELL_EDGE)))
        words = t(zone.label)  # wrapped inside its zone where it is wider (QA16 #4)
        room = max(1, rect.w - 2 * max(2, round(3 * scene.scale)))
        wide = scene.text.fonts.get(label_size).size(words)[0] > room
        label = scene.text.get(words, label_size, LABEL, False, room if wide else 0)
        where = label.get_rect(center=rect.center)
        rects[zone.id] = where
        if zone.id in labelled:  # a label only where no card hides it
            shapes.append((where, _label(label, where)))
    # a polygon at fractional pixels is not drawn alike at every offset: a table with a
    # shape at another angle than a right one blends its layer whole, as before
    square = all(right_angle(z.shape().rotation_deg) is not None and
                 all(right_angle(c.rotation_deg) is not None for c in scene.layout.cells(z.id))
                 for z in scene.layout.zones)
    blend_in_bands(bg, shapes, BAND_BYTES if square else 4 * size[0] * size[1], (ox, oy))
    return bg, rects


def _outline(scene: BackdropHost, shape: Any, fill: Any, edge: Any) -> Paint:
    def paint(surface: pygame.Surface, offset: tuple[int, int]) -> None:
        scene._outline(surface, shape, fill, edge, 1, offset)
    return paint


def _label(label: pygame.Surface, where: pygame.Rect) -> Paint:
    def paint(surface: pygame.Surface, offset: tuple[int, int]) -> None:
        surface.blit(label, where.move(-offset[0], -offset[1]))
    return paint


class Backdrop:
    """Builds the table's background (see the module doc); one per table scene."""

    def __init__(self) -> None:
        #: Per look: each zone's label rectangle with its pixels labelled and bare
        #: (None: label rectangles overlap, always drawn whole).
        self._looks: dict[Hashable, _Patches | None] = {}
        self._last: tuple[Hashable, frozenset[str], pygame.Surface] | None = None
        #: How the last background was made: "whole" or "patched" (tests).
        self.made = ""

    def clear(self) -> None:
        """Forget every look (their pixels are no longer right)."""
        self._looks.clear()
        self._last = None

    @staticmethod
    def _look(scene: BackdropHost, size: tuple[int, int]) -> Hashable:
        port = scene.viewport
        return (size, id(scene.layout), scene.layout.background, scene.viewer, scene.scale,
                scene.lang, port.table_w, port.table_h, port.scale, port.offset, port.flipped)

    def make(self, scene: BackdropHost, size: tuple[int, int]) -> pygame.Surface:
        """The background at ``size`` for what ``scene`` shows now: the last one patched
        in place when only labels changed (a fresh window-sized copy cost its page faults,
        about 3 ms at 1600x900 in a busy window: what a frame at rest keeps is keyed by
        the view too, which decides the labels), else a new surface drawn whole."""
        look = self._look(scene, size)
        labelled = frozenset(z.id for z in scene.layout.zones
                             if not scene.view.zones.get(z.id))
        last = self._last
        patches = self._looks.get(look)
        if last is not None and last[0] == look and patches is not None:
            bg = last[2]
            for zone_id in last[1] ^ labelled:
                got = patches.get(zone_id)
                if got is not None:  # (none: a label without words draws nothing)
                    rect, shown, bare = got
                    bg.blit(shown if zone_id in labelled else bare, rect)
            self.made = "patched"
        else:
            # drawn over the last one (its fresh pages cost 3-6 ms, issue 14); else the old
            # one goes before the new is drawn (memory)
            into = last[2] if last is not None and last[2].get_size() == size else None
            last = self._last = None
            bg, rects = draw_backdrop(scene, size, labelled, into)
            if look not in self._looks:
                self._looks[look] = self._cut(scene, size, labelled, bg, rects)
                while len(self._looks) > KEPT_LOOKS:
                    del self._looks[next(iter(self._looks))]
            self.made = "whole"
        self._last = (look, labelled, bg)
        return bg

    @staticmethod
    def _cut(scene: BackdropHost, size: tuple[int, int], labelled: frozenset[str],
             bg: pygame.Surface, rects: dict[str, pygame.Rect]) -> _Patches | None:
        """Each zone's label rectangle cut from ``bg`` (labels ``labelled``) and from the
        background with the other labels; None when two rectangles overlap."""
        area = bg.get_rect()
        worded = {z.id for z in scene.layout.zones if t(z.label)}  # Conan's have none
        kept = {z: r.clip(area) for z, r in rects.items() if z in worded}
        kept = {z: r for z, r in kept.items() if r.w > 0 and r.h > 0}
        shown = list(kept.values())
        if any(a.colliderect(b) for n, a in enumerate(shown) for b in shown[n + 1:]):
            return None
        if not kept:
            return {}
        other = frozenset(rects) - labelled
        patches: _Patches = {}
        for zone_id, rect in kept.items():
            # the other labelling drawn only where the patch goes (issue 14, memory)
            mine, (theirs, _) = bg.subsurface(rect).copy(), draw_backdrop(scene, size, other,
                                                                          area=rect)
            patches[zone_id] = (rect, mine, theirs) if zone_id in labelled else \
                (rect, theirs, mine)
        return patches
