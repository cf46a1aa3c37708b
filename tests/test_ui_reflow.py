"""Issue 16, any screen: the table reflows from 1280x720 to 3840x2160 and for
portrait-ish windows without overlaps or clipping.

Every registered game's table, a seeded bot game some tens of moves in, is laid out
at eight window sizes (six landscape, 1080x1350 and 900x1200, where the side panel
goes under the table) and at two chosen UI scales; then:

* every zone lies inside the window and the table's part of it, clear of the side
  panel;
* no two zones overlap unless the layout itself lays one over the other (Conan's
  ``moves`` area holds the battlefield; zones that touch in mm may share the one
  pixel line rounding gives them);
* every card drawn lies in the table's part of the window;
* the side panel's parts (buttons, the coach box, the log or preview, a decision)
  lie in the panel and clear of each other, the phase tracker's chips too;
* every widget lies inside the window and its text fits it.
"""

from __future__ import annotations

import importlib
from typing import Any

import pygame
import pygame_gui
import pytest
from ui_helpers import frames, make_app

from tabletop.core import selfplay
from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.rules import _GAMES, game_ids, load_rules
from tabletop.ui.table import TableScene
from tabletop.ui.viewport import portrait

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160),
         (1080, 1350), (900, 1200)]

_GAMES_CACHE: dict[str, Game] = {}


def full_game(game_id: str, seed: int = 4, moves: int = 60) -> Game:
    """A seeded game of two ready-made decks, ``moves`` RandomBot actions in (kept for
    the sizes: the table never changes the game)."""
    if game_id not in _GAMES_CACHE:
        rules = load_rules(game_id)
        decks = importlib.import_module(_GAMES[game_id]).load_decks()
        game = Game(rules, selfplay.setup_for(rules, seed, decks))
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        for _ in range(moves):
            if game.state.game_over:
                break
            action = bots[rules.acting_seat(game.state)].choose(game)
            if action is None:
                break
            game.propose(action)
        _GAMES_CACHE[game_id] = game
    return _GAMES_CACHE[game_id]


def _mm_rect(scene: Any, zone_id: str) -> tuple[float, float, float, float]:
    return tuple(scene.layout.zone(zone_id).shape().bbox())  # type: ignore[return-value]


def _mm_overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def _px_overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.w > 1 and clip.h > 1  # one shared pixel line: touching edges, rounded


def layout_problems(app: Any, scene: TableScene) -> list[str]:
    """Everything that overlaps, sticks out or does not fit, in words."""
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    area = pygame.Rect(scene.viewport.area)
    panel = scene.panel_rect
    out: list[str] = []
    if not window.contains(panel):
        out.append(f"panel {panel} outside the window")
    if area.colliderect(panel):
        out.append(f"table area {area} under the panel {panel}")
    zones = [z.id for z in scene.layout.zones]
    rects = {z: scene.zone_rect(z) for z in zones}
    for zone, rect in rects.items():
        if not area.contains(rect):
            out.append(f"zone {zone} {rect} outside the table area {area}")
        if rect.colliderect(panel):
            out.append(f"zone {zone} {rect} under the panel {panel}")
    for i, a in enumerate(zones):
        for b in zones[i + 1:]:
            if _px_overlap(rects[a], rects[b]) and not _mm_overlap(_mm_rect(scene, a),
                                                                  _mm_rect(scene, b)):
                out.append(f"zones {a} {rects[a]} and {b} {rects[b]} overlap")
    for sprite in scene.sprites:
        if not area.contains(sprite.rect):
            out.append(f"card {sprite.iid} {sprite.rect} outside the table area")
    parts = {"buttons": scene.buttons_rect, "body": scene.body_rect,
             "coach": getattr(scene.coach, "rect", None), "decision": scene.decision_rect,
             "not_saved": scene.not_saved_rect, "free_banner": scene.free_banner_rect}
    parts = {k: pygame.Rect(v) for k, v in parts.items() if v is not None and v.w and v.h}
    for name, rect in parts.items():
        if not panel.contains(rect):
            out.append(f"panel part {name} {rect} outside the panel {panel}")
    names = list(parts)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if parts[a].colliderect(parts[b]):
                out.append(f"panel parts {a} {parts[a]} and {b} {parts[b]} overlap")
    for phase, chip in scene.tracker.chips.items():
        chip = chip.move(panel.x, panel.y)
        if not panel.contains(chip):
            out.append(f"phase chip {phase} {chip} outside the panel")
    out += widget_problems(app, window)
    return out


def widget_problems(app: Any, window: pygame.Rect) -> list[str]:
    """Widgets outside the window, or whose text is wider or taller than they are."""
    out = []
    for sprite in app.ui.get_sprite_group().sprites():
        if not isinstance(sprite, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
            continue
        if not sprite.visible:
            continue
        if not window.contains(sprite.rect):
            out.append(f"widget {getattr(sprite, 'text', '')!r} {sprite.rect} outside")
        text, font = getattr(sprite, "text", None), getattr(sprite, "font", None)
        if isinstance(text, str) and text and font is not None:
            tw, th = font.get_rect(text).size
            if tw > sprite.rect.w - 4 or th > sprite.rect.h:
                out.append(f"text {text!r} {tw}x{th} does not fit {sprite.rect.size}")
    return out


def _table(game_id: str, size: tuple[int, int], lang: str = "en",
           factor: float = 1.0) -> tuple[Any, TableScene]:
    app = make_app(size, lang)
    if factor != 1.0:
        app.set_ui_scale(factor)
    game = full_game(game_id)
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 3)
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", game_ids())
def test_every_table_reflows_without_overlap_or_clipping(game_id: str,
                                                         size: tuple[int, int]) -> None:
    """Issue 16: each game's table at each window size keeps its zones, cards, panel
    parts and widgets apart and inside the window."""
    app, scene = _table(game_id, size)
    try:
        assert layout_problems(app, scene) == []
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", game_ids())
def test_japanese_tables_reflow_in_portrait_and_4k(game_id: str) -> None:
    """The Japanese texts (longer phase names, wrapped coach lines) fit as well."""
    for size in ((900, 1200), (3840, 2160)):
        app, scene = _table(game_id, size, "ja")
        try:
            assert layout_problems(app, scene) == [], size
        finally:
            app.shutdown()


@pytest.mark.parametrize("size,factor", [((1920, 1080), 1.5), ((2560, 1440), 2.0),
                                         ((1280, 720), 0.75)])
@pytest.mark.parametrize("game_id", game_ids())
def test_a_chosen_ui_scale_reflows_the_table(game_id: str, size: tuple[int, int],
                                             factor: float) -> None:
    """A chosen UI scale (bigger for a projector, smaller for a high-DPI screen)
    grows or shrinks the panel and its texts; nothing overlaps or sticks out."""
    app, scene = _table(game_id, size, factor=factor)
    try:
        assert app.scale == app.scale_for(size) and app.user_scale == factor
        assert layout_problems(app, scene) == []
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", game_ids())
def test_portrait_windows_put_the_panel_under_the_table(game_id: str) -> None:
    """In a window taller than wide the side panel goes under the table, which gets the
    whole width: its cards are bigger than beside a panel on the right."""
    size = (1080, 1350)
    assert portrait(size) and not portrait((1350, 1080))
    app, scene = _table(game_id, size)
    try:
        panel = scene.panel_rect
        assert panel.w == size[0] and panel.bottom == size[1] and panel.y > 0
        below_scale = scene.viewport.scale
        scene.viewport.fit(size)  # what a panel on the right would leave
        assert below_scale > scene.viewport.scale
    finally:
        app.shutdown()
