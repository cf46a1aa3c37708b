"""Bounded memory (issue 14): every cache of drawn pixels has a bound that holds
however many window sizes a sitting passes through, and a language switch or a new
UI scale leaves no old pygame_gui manager alive."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest
from ui_helpers import arc_position, choose_option, frames, make_app, table_at

from tabletop.core.rules import game_ids, load_rules
from tabletop.ui.fonts import Fonts
from tabletop.ui.games import has_game_ui, load_game_ui
from tabletop.ui.gui_manager import Manager
from tabletop.ui.menu import MenuScene
from tabletop.ui.surface_cache import SurfaceCache, surface_bytes

WINDOW_GAMES = [g for g in game_ids() if has_game_ui(g)]


def _surface(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


# ---------------------------------------------------------------------- the cache itself


def test_surface_cache_drops_the_least_recently_used_past_its_budget():
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache(budget=3 * 100 * 100 * 4 + 1024)
    for name in "abc":
        cache[name] = _surface(100, 100)
    assert cache.get("a") is not None  # a is now the most recently used
    cache["d"] = _surface(100, 100)
    assert "b" not in cache and {"a", "c", "d"} <= set(cache)
    assert cache.bytes <= cache.budget
    assert cache.evicted == 1


def test_surface_cache_counts_the_pixels_of_a_surface_with_its_rectangle():
    surf = _surface(30, 20)
    assert surface_bytes((surf, pygame.Rect(0, 0, 5, 5))) == 30 * 20 * 4
    assert surface_bytes(None) == 0


def test_a_new_generation_drops_what_the_one_before_did_not_use():
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache()
    cache["old size"] = _surface(10, 10)
    cache.new_generation()
    cache["size before"] = _surface(10, 10)
    cache.new_generation()  # "old size" was not used since the generation before
    assert set(cache) == {"size before"}


def test_fonts_keep_at_most_their_limit_open():
    fonts = Fonts(limit=8)
    for px in range(10, 40):
        fonts.get(px)
    assert fonts.open_count == 8
    assert fonts.get(39) is fonts.get(39)  # the newest are kept


# ---------------------------------------------------------------------- card faces


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
def test_face_cache_stays_bounded_over_fifty_window_sizes(game_id):
    """50 resizes keep at most the faces of the last two sizes, within the budget."""
    pygame.display.init()
    pygame.font.init()
    rules = load_rules(game_id)
    renderer = load_game_ui(game_id, rules).make_renderer(Fonts())
    cards = sorted(rules.cards)[:12]
    for step in range(50):
        w, h = 1280 + 20 * step, 720 + 11 * step
        pygame.display.set_mode((w, h))
        card_w = 60 + 3 * step
        for card_id in cards:
            renderer.face(card_id, (card_w, round(card_w * 1.4)))
            renderer.face(card_id, (card_w, round(card_w * 1.4)), turn=90)
        renderer.back((card_w, round(card_w * 1.4)))
        assert renderer.cache_bytes <= renderer.cache_budget
        for cache in renderer.caches:
            assert cache.bytes <= cache.budget
    widths = {key[1] for key in renderer._cache}
    assert widths <= {60 + 3 * 48, 60 + 3 * 49}, widths
    assert len(renderer.records) <= 4096
    pygame.display.quit()


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
def test_face_cache_keeps_the_record_of_every_face_it_holds(game_id):
    """The fitting records a face's badges are placed by go with the face, no sooner."""
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    rules = load_rules(game_id)
    renderer = load_game_ui(game_id, rules).make_renderer(Fonts())
    renderer._cache._budget = 2 * 2 ** 20  # a small budget, to see eviction
    for k, card_id in enumerate(sorted(rules.cards)[:40]):
        renderer.face(card_id, (150 + k, 210 + k))
    for card_id, w, h, angle, lang in renderer._cache:
        if card_id != "back" and not angle:
            assert ("face", card_id, w, h, lang) in renderer.records
    assert renderer._cache.evicted > 0
    pygame.display.quit()


# ---------------------------------------------------------------------- the widget manager


def test_a_language_switch_in_the_menu_leaves_no_old_manager_alive(tmp_path):
    app = make_app((1280, 720), save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 2)
        old = weakref.ref(app.ui)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        choose_option(app, menu.widgets["language"], "ja")
        assert app.lang == "ja"
        frames(app, 2)
        gc.collect()
        assert old() is None
        assert isinstance(app.ui, Manager)
        assert menu.widgets["start"].ui_manager is app.ui
    finally:
        app.shutdown()


def test_twenty_language_switches_keep_one_manager(tmp_path):
    app = make_app((1280, 720), save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 1)
        managers = [weakref.ref(app.ui)]
        for k in range(20):
            app.set_language("ja" if k % 2 == 0 else "en")
            frames(app, 1)
            managers.append(weakref.ref(app.ui))
        assert [m() is not None for m in managers] == [False] * 20 + [True]
    finally:
        app.shutdown()


def test_a_resize_to_a_new_ui_scale_at_the_table_frees_the_old_manager(tmp_path):
    app, _, scene, _ = table_at("arc", arc_position("main"), save_dir=tmp_path)
    try:
        old = weakref.ref(app.ui)
        scale = app.scale
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440,
                                             size=(2560, 1440)))
        frames(app, 2)
        assert app.scale != scale
        gc.collect()
        assert old() is None
        assert scene.controls.buttons and all(
            b.ui_manager is app.ui for b in scene.controls.buttons.values())
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- the table's index


def test_the_shape_index_keeps_no_shape_it_removed():
    """A table re-lays its cards after every action: the index holds the cards on the
    table, never the ones of earlier layouts (pymunk keeps removed shapes otherwise)."""
    from tabletop.geometry.index import ShapeIndex
    from tabletop.geometry.placed import Placed

    index = ShapeIndex()
    for layout in range(200):
        index.clear("card")
        for k in range(30):
            index.add(Placed(f"card{k}", (70.0 * k + layout % 7, 50.0), (63.0, 88.0), 0.0),
                      "card")
    assert len(index._space.shapes) == 30
    assert len(index._space.static_body.shapes) == 30
    assert index.at_point(70.0 * 3 + 199 % 7, 50.0) == ["card3"]


# ---------------------------------------------------------------------- the first frame


def test_the_first_menu_frame_is_unchanged_by_lazy_fonts_and_compact_theme_ids(
        tmp_path, monkeypatch):
    """Fonts opened on first use and theme ids combined without pygame_gui's long keys
    draw the very same first menu frame as pygame_gui's own manager and loading."""
    import pygame_gui

    from tabletop.ui import app as app_module
    from tabletop.ui.gui_loader import LazyFontResource, MainThreadLoader

    app = make_app((1280, 720), save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 2)
        fonts = app.ui.get_theme().get_font_dictionary().loaded_fonts.values()
        assert any(isinstance(f, LazyFontResource) for f in fonts)
        ours = pygame.image.tobytes(app.screen, "RGB")

        def eager(self, resource):
            self._sequential_loading_queue.append(resource)

        monkeypatch.setattr(app_module, "Manager", pygame_gui.UIManager)
        monkeypatch.setattr(MainThreadLoader, "add_resource", eager)
        app.rebuild_ui()
        frames(app, 2)
        assert type(app.ui) is pygame_gui.UIManager
        assert pygame.image.tobytes(app.screen, "RGB") == ours
    finally:
        app.shutdown()
