"""Issue 16, any screen: F11 full screen and the UI scale keep the mouse exact.

The window is driven by posted events only. In a full-screen, a scaled (UI scale
0.75, 1.5, 2.0), a resized and a high-DPI window (the window twice as small as its
drawable surface, as on a Retina screen) a card is picked up and dropped near each
of the table's four corners and at its centre, and must land in the zone aimed at;
the Menu button in the panel's bottom corner must answer a click there. Under SDL's
dummy driver a full screen is the desktop size it reports (1024x768).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_helpers import arc_position, click, drag, frames, key, table_at

from tabletop import userdirs
from tabletop.core.actions import Action
from tabletop.settings import load_settings
from tabletop.ui.menu import MenuScene
from tabletop.ui.screen_fit import fit_scale
from tabletop.ui.viewport import panel_width


def _desktop() -> tuple[int, int]:
    pygame.display.init()
    w, h = pygame.display.get_desktop_sizes()[0]
    return (int(w), int(h))


@pytest.fixture
def free_arc() -> Iterator[tuple[Any, Any, Any, dict[str, int]]]:
    """A small Arc table in free mode (any card may be dropped into any other zone,
    ALL-R3), so every zone is a drop target."""
    app, game, scene, labels = table_at("arc", arc_position("main"))
    assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
    frames(app, 2)
    try:
        yield app, game, scene, labels
    finally:
        app.shutdown()


def _aims(scene: Any) -> dict[str, str]:
    """For each of the table's four corners and its centre, the zone whose centre
    (pixels) lies nearest to it (seat 0's zones and the other seat's alike)."""
    table = pygame.Rect(scene.viewport.table_rect())
    points = {"top_left": table.topleft, "top_right": table.topright,
              "bottom_left": table.bottomleft, "bottom_right": table.bottomright,
              "centre": table.center}
    zones = [z.id for z in scene.layout.zones if z.id != "p0.hand"]
    aims = {}
    for name, (x, y) in points.items():
        aims[name] = min(zones, key=lambda z: (scene.zone_rect(z).centerx - x) ** 2
                         + (scene.zone_rect(z).centery - y) ** 2)
    return aims


def _drop_everywhere(app: Any, game: Any, scene: Any, to_window: Any = None) -> None:
    """Carry a hand card to the centre of each aimed zone (a zone near each corner and
    at the centre), with events posted in window points (``to_window``: drawable
    pixels -> window points, identity by default), and check where it went."""
    to_window = to_window or (lambda p: p)
    for corner, zone in _aims(scene).items():
        hand = list(game.state.zones["p0.hand"].cards)
        assert hand, "no card left in the hand to carry"
        card = hand[0]
        start = scene.card_rect(card).center
        end = scene.zone_rect(zone).center
        drag(app, to_window(start), to_window(end))
        frames(app, 3)
        assert game.state.zone_of(card) == zone, (corner, zone, game.state.zone_of(card))
        # back into the hand for the next aim (also a free-mode move, by the rules)
        assert game.propose(Action.make("manual_move", 0, card=card, zone="p0.hand")).ok
        frames(app, 3)


def _resize(app: Any, size: tuple[int, int]) -> None:
    """The window resized as the window manager does (VIDEORESIZE)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                         size=size))
    frames(app, 2)
    assert app.size == size


def _menu_button_answers(app: Any, scene: Any, to_window: Any = None) -> None:
    """The Menu button fills the panel's bottom row: a click one button-pad inside the
    window's bottom-right corner is on it and leaves the table for the menu."""
    to_window = to_window or (lambda p: p)
    rect = scene.controls.buttons["menu"].rect
    w, h = app.size
    assert rect.right <= w and rect.bottom <= h
    click(app, to_window((rect.right - 3, rect.bottom - 3)))
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def test_f11_toggles_full_screen_and_back_to_the_window_it_left() -> None:
    """F11 on the menu: full screen at the desktop's size, remembered in the settings;
    F11 again: the same windowed size as before, resizable, remembered off."""
    from ui_helpers import make_app

    app = make_app((1100, 700))
    try:
        app.show_menu()
        frames(app, 2)
        key(app, pygame.K_F11)
        assert app.fullscreen and pygame.display.is_fullscreen()
        assert app.size == _desktop()
        assert tuple(app.ui.window_resolution) == app.size
        assert load_settings()[0].fullscreen is True
        assert isinstance(app.stack.top, MenuScene)
        key(app, pygame.K_F11)
        assert not app.fullscreen and not pygame.display.is_fullscreen()
        assert app.size == (1100, 700)
        assert app.screen.get_flags() & pygame.RESIZABLE
        assert load_settings()[0].fullscreen is False
    finally:
        app.shutdown()


def test_full_screen_drops_land_where_aimed_at_corners_and_centre(free_arc) -> None:
    """In full screen (F11 at the table), a card carried to a zone near each corner of
    the table and at its centre lands in that zone, and the Menu button answers."""
    app, game, scene, _ = free_arc
    key(app, pygame.K_F11)
    assert app.size == _desktop()
    assert scene.panel_rect.right == app.size[0]
    _drop_everywhere(app, game, scene)
    _menu_button_answers(app, scene)


@pytest.mark.parametrize("factor", [0.75, 1.5, 2.0])
def test_ui_scale_drops_land_where_aimed_and_widgets_grow(free_arc, factor: float) -> None:
    """A chosen UI scale makes texts and the side panel bigger (or smaller) and the
    table smaller (or bigger); drops and buttons stay exact. At 1920x1080: 1280x720
    has no room for a bigger side panel (QA16 #4)."""
    app, game, scene, _ = free_arc
    _resize(app, (1920, 1080))
    before = (app.scale, scene.panel_rect.w, scene.controls.buttons["menu"].rect.h)
    app.set_ui_scale(factor)
    frames(app, 2)
    assert app.user_scale == factor
    # the window alone says 1.5; the table takes a bigger one as far as it fits
    fits = fit_scale(scene.layout_need(), app.size, scene.layout_fixed())
    wanted = round(1.5 * factor * 8) / 8
    assert app.scale == (min(wanted, fits) if factor > 1 else wanted)
    assert scene.panel_rect.w == panel_width(1920, app.scale / 1.5)
    grows = (app.scale, scene.panel_rect.w, scene.controls.buttons["menu"].rect.h)
    assert all((g > b) if factor > 1 else (g < b) for g, b in zip(grows, before, strict=True))
    table = pygame.Rect(scene.viewport.table_rect())
    assert table.right <= scene.panel_rect.left  # the table gives way to the panel
    _drop_everywhere(app, game, scene)
    _menu_button_answers(app, scene)


@pytest.mark.parametrize("size", [(1000, 800), (1700, 620), (1920, 1080), (900, 1200)])
def test_resized_window_drops_land_where_aimed(free_arc, size: tuple[int, int]) -> None:
    """A resize posted like the window manager does (VIDEORESIZE) lays the table out
    again; drops at the corners and the centre and the Menu button stay exact
    (900x1200: the panel under the table)."""
    app, game, scene, _ = free_arc
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                         size=size))
    frames(app, 2)
    assert app.size == size
    _drop_everywhere(app, game, scene)
    _menu_button_answers(app, scene)


def _to_points(p: tuple[int, int]) -> tuple[int, int]:
    return (p[0] // 2, p[1] // 2)


def test_high_dpi_full_screen_maps_window_points_to_pixels(free_arc, monkeypatch) -> None:
    """A Retina-like screen in full screen: the window is half the drawable size (window
    points), the mouse arrives in points and the app maps it to pixels, exactly at
    the corners and the centre."""
    app, game, scene, _ = free_arc
    key(app, pygame.K_F11)
    w, h = app.size
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (w // 2, h // 2))
    app.rebuild_ui()  # the manager takes the new point-to-pixel factor
    frames(app, 2)
    assert app.mouse_scale() == (2.0, 2.0)
    # a point comes back as an even pixel: one pixel off at most, well inside a zone
    _drop_everywhere(app, game, scene, _to_points)
    _menu_button_answers(app, scene, _to_points)


def test_full_screen_and_scale_open_as_saved_on_the_next_start(free_arc) -> None:
    """F11 and a chosen scale are remembered: a new App opened as saved is full screen
    at that scale (settings_apply.open_as_saved asks App.set_fullscreen and
    App.set_ui_scale)."""
    from dataclasses import replace

    from ui_helpers import make_app

    from tabletop.ui.settings_apply import change, open_as_saved, settings_of

    app, _, _, _ = free_arc
    key(app, pygame.K_F11)
    change(app, replace(settings_of(app), ui_scale=1.5))
    app.shutdown()
    again = make_app(size=None)  # type: ignore[arg-type]
    try:
        open_as_saved(again)
        assert again.fullscreen and again.size == _desktop()
        assert again.user_scale == 1.5
        assert again.scale == again.scale_for(again.size)
    finally:
        again.shutdown()


def test_menu_screens_take_a_bigger_chosen_scale_as_far_as_they_fit() -> None:
    """A chosen scale of 200% on a 1280x720 window: the menu and the settings grow only
    as far as their layouts fit (issue 16: both to 112.5%) and fit (pygame_gui warns of
    no label too small for its text)."""
    import warnings

    from ui_helpers import make_app

    from tabletop.ui.settings_screen import SettingsScene

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = make_app()
        try:
            app.set_ui_scale(2.0)
            app.show_menu()
            frames(app, 2)
            assert app.scale == 1.125
            app.push(SettingsScene(app))
            frames(app, 2)
            assert app.scale == 1.125
            key(app, pygame.K_ESCAPE)
            frames(app, 2)
            assert isinstance(app.stack.top, MenuScene) and app.scale == 1.125
        finally:
            app.shutdown()
    # the user folder's path is as long as the test's temporary folder: not the scale's
    folder = str(userdirs.root())
    assert [str(w.message) for w in caught if "too small" in str(w.message)
            and folder[:20] not in str(w.message)] == []


def test_the_table_takes_the_chosen_scale_and_gives_it_back_at_the_menu(free_arc) -> None:
    """From the table at 200% to the menu (Menu button): the menu is drawn as big as its
    layout fits the window (issue 16), the table again as big as its own fits (QA16 #4;
    at 1920x1080, where it has room to grow)."""
    app, game, scene, _ = free_arc
    _resize(app, (1920, 1080))
    app.set_ui_scale(2.0)
    frames(app, 2)
    table_fits = fit_scale(scene.layout_need(), app.size, scene.layout_fixed())
    assert 1.5 < app.scale == table_fits < 3.0
    _menu_button_answers(app, scene)
    frames(app, 2)
    assert 1.5 < app.scale == fit_scale(app.stack.top.layout_need(), app.size) < 3.0
    app.start_game(game, autosave=False)
    frames(app, 2)
    assert app.scale == table_fits


def test_f11_waits_while_a_dialog_asks(free_arc) -> None:
    """Under an open question (Resign?) F11 does nothing, so the question is never
    taken away unanswered by a new widget manager; answered, F11 works."""
    from tabletop.ui import dialogs

    app, game, _, _ = free_arc
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert dialogs.top_dialog(app.ui) is not None
    key(app, pygame.K_F11)
    assert not app.fullscreen and dialogs.top_dialog(app.ui) is not None
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    key(app, pygame.K_F11)
    assert app.fullscreen and not game.state.game_over
