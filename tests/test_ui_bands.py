"""The table's background without a window-sized transparent layer (issue 14, memory):
blended in bands of rows, pixel for pixel what the whole layer gave."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import frames, make_app

from tabletop.core import selfplay
from tabletop.core.rules import game_ids, load_rules
from tabletop.i18n import t
from tabletop.ui import backdrop
from tabletop.ui.bands import Veil, bands, blend_in_bands
from tabletop.ui.games import has_game_ui
from tabletop.ui.table import TableScene

WINDOW_GAMES = [g for g in game_ids() if has_game_ui(g)]


def _whole_layer(target: pygame.Surface, shapes) -> None:
    layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    for _, paint in shapes:
        paint(layer, (0, 0))
    target.blit(layer, (0, 0))


def test_bands_cover_every_row_once_within_the_byte_bound():
    parts = bands((3840, 2160), 1 << 20)
    assert parts[0].top == 0 and parts[-1].bottom == 2160
    assert all(a.bottom == b.top for a, b in zip(parts, parts[1:], strict=False))
    assert all(p.w * p.h * 4 <= 1 << 20 for p in parts)
    assert bands((10, 0)) == [] and len(bands((5000, 3), 16)) == 3  # one row at least


def test_shapes_blended_in_bands_give_the_pixels_of_one_whole_layer():
    # what the background paints: rounded rectangles filled and outlined, blits; and
    # polygons at whole pixels
    pygame.display.init()
    rng = random.Random(14)
    shapes = []
    for n in range(60):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256))
        rect = pygame.Rect(rng.randrange(-20, 300), rng.randrange(-20, 200),
                           rng.randrange(1, 120), rng.randrange(1, 90))
        if n % 3 == 0:
            def paint(s, off, rect=rect, colour=colour, width=n % 2):
                pygame.draw.rect(s, colour, rect.move(-off[0], -off[1]), width,
                                 border_radius=6)
            shapes.append((rect, paint))
        elif n % 3 == 1:
            points = [(rng.randrange(0, 320), rng.randrange(0, 220)) for _ in range(4)]

            def paint(s, off, points=points, colour=colour):
                moved = [(x - off[0], y - off[1]) for x, y in points]
                pygame.draw.polygon(s, colour, moved)
                pygame.draw.polygon(s, colour, moved, 1)
            shapes.append((None, paint))
        else:
            label = pygame.Surface(rect.size, pygame.SRCALPHA)
            label.fill(colour)

            def paint(s, off, label=label, rect=rect):
                s.blit(label, rect.move(-off[0], -off[1]))
            shapes.append((rect, paint))
    want = pygame.Surface((320, 220))
    want.fill((18, 28, 24))
    got = want.copy()
    _whole_layer(want, shapes)
    blend_in_bands(got, shapes, band_bytes=320 * 4 * 7)  # 7-row bands: many edges cut
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")


@pytest.mark.parametrize("area", [pygame.Rect(10, 5, 300, 200), pygame.Rect(-30, 150, 500, 90)])
def test_a_veil_from_one_strip_blends_like_one_layer_of_its_area(area):
    pygame.display.init()
    want = pygame.Surface((320, 220))
    for y in range(0, 220, 10):  # something under it to blend with
        want.fill(((y * 7) % 256, y % 256, 90), pygame.Rect(0, y, 320, 10))
    want.set_clip(pygame.Rect(0, 0, 300, 210))
    got = want.copy()
    got.set_clip(want.get_clip())
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    layer.fill((8, 6, 4, 150))
    want.blit(layer, area)
    Veil((8, 6, 4, 150), strip_bytes=area.w * 4 * 13).blit(got, area)
    assert got.get_clip() == want.get_clip()  # left as it was
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")


def _whole_backdrop(scene, size, labelled) -> pygame.Surface:
    """The background as drawn before the bands: one transparent layer of ``size``."""
    bg = pygame.Surface(size).convert()
    bg.fill(backdrop.WINDOW_BG)
    pygame.draw.rect(bg, scene.layout.background, pygame.Rect(scene.viewport.table_rect()),
                     border_radius=round(10 * scene.scale))
    overlay = pygame.Surface(size, pygame.SRCALPHA)
    label_size = max(10, round(12 * scene.scale))
    for zone in scene.layout.zones:
        fill = backdrop.OWN_ZONE_FILL if zone.owner == scene.viewer else backdrop.ZONE_FILL
        rect = scene._outline(overlay, zone.shape(), fill, backdrop.ZONE_EDGE, 1)
        for cell in scene.layout.cells(zone.id):
            scene._outline(overlay, cell, None, backdrop.CELL_EDGE, 1)
        if zone.id in labelled:
            label = scene.text.get(t(zone.label), label_size, backdrop.LABEL)
            overlay.blit(label, label.get_rect(center=rect.center))
    bg.blit(overlay, (0, 0))
    return bg


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_table_background_in_bands_is_the_whole_layers_background(game_id, size,
                                                                        monkeypatch):
    app = make_app(size)
    try:
        game = selfplay.bot_game(load_rules(game_id), 3, 30, unfinished=True)
        app.game = game
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        frames(app, 2)
        # thin bands, so most outlines and labels are cut by a band's edge
        thin = size[0] * 4 * 9
        monkeypatch.setattr(backdrop, "blend_in_bands",
                            lambda target, shapes, band_bytes, origin=(0, 0): blend_in_bands(
                                target, shapes, min(band_bytes, thin), origin))
        every = frozenset(z.id for z in scene.layout.zones)
        for labelled in (every, frozenset(z.id for z in scene.layout.zones
                                          if not scene.view.zones.get(z.id))):
            got, rects = backdrop.draw_backdrop(scene, size, labelled)
            want = _whole_backdrop(scene, size, labelled)
            assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
            # a part alone (a label's patch) has that part's pixels
            for rect in list(rects.values())[:6] + [pygame.Rect(5, 7, size[0] // 3, 90)]:
                rect = rect.clip(want.get_rect())
                part, _ = backdrop.draw_backdrop(scene, size, labelled, area=rect)
                assert pygame.image.tobytes(part, "RGB") == \
                    pygame.image.tobytes(want.subsurface(rect), "RGB")
    finally:
        app.shutdown()
