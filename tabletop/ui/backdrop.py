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


def draw_backdrop(scene: BackdropHost, size: tuple[int, int], labelled: frozenset[str]
                  ) -> tuple[pygame.Surface, dict[str, pygame.Rect]]:
    """The whole background at ``size`` (pixels) with the labels of the zones
    ``labelled`` (ids); and each zone's label rectangle (window pixels)."""
    bg = pygame.Surface(size).convert()
    bg.fill(WINDOW_BG)
    table = pygame.Rect(scene.viewport.table_rect())
    pygame.draw.rect(bg, scene.layout.background, table,
                     border_radius=round(10 * scene.scale))
    overlay = pygame.Surface(size, pygame.SRCALPHA)
    label_size = max(10, round(12 * scene.scale))
    rects: dict[str, pygame.Rect] = {}
    for zone in scene.layout.zones:
        fill = OWN_ZONE_FILL if zone.owner == scene.viewer else ZONE_FILL
        rect = scene._outline(overlay, zone.shape(), fill, ZONE_EDGE, 1)
        for cell in scene.layout.cells(zone.id):
            scene._outline(overlay, cell, None, CELL_EDGE, 1)
        label = scene.text.get(t(zone.label), label_size, LABEL)
        where = label.get_rect(center=rect.center)
        rects[zone.id] = where
        if zone.id in labelled:  # a label only where no card hides it
            overlay.blit(label, where)
    bg.blit(overlay, (0, 0))
    return bg, rects


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
        """The background at ``size`` for what ``scene`` shows now (a new surface)."""
        look = self._look(scene, size)
        labelled = frozenset(z.id for z in scene.layout.zones
                             if not scene.view.zones.get(z.id))
        last = self._last
        patches = self._looks.get(look)
        if last is not None and last[0] == look and patches is not None:
            bg = last[2].copy()
            for zone_id in last[1] ^ labelled:
                got = patches.get(zone_id)
                if got is not None:  # (none: a label without words draws nothing)
                    rect, shown, bare = got
                    bg.blit(shown if zone_id in labelled else bare, rect)
            self.made = "patched"
        else:
            bg, rects = draw_backdrop(scene, size, labelled)
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
        other, _ = draw_backdrop(scene, size, frozenset(rects) - labelled)
        patches: _Patches = {}
        for zone_id, rect in kept.items():
            mine, theirs = bg.subsurface(rect).copy(), other.subsurface(rect).copy()
            patches[zone_id] = (rect, mine, theirs) if zone_id in labelled else \
                (rect, theirs, mine)
        return patches
