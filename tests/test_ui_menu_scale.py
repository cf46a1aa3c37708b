"""The chosen UI scale reaches the menu-like screens as far as they fit (issue 16).

A projector at a club: a person picks 150% in the settings and expects the menu, the
settings, the deck builder and the lessons list to grow too. Each such screen takes
min(window scale x chosen factor, the largest 1/8 step at which its layout fits), never
less than the window's own scale; the table takes the chosen scale whole. The window
is driven with posted events (tests/ui_helpers.py) and the widgets' drawn rectangles
are measured.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tabletop.core.rules import game_ids
from tabletop.ui.gui_manager import live_managers
from tabletop.ui.screen_fit import fit_scale, screen_cap
from tabletop.ui.theme import ui_scale
from tests.ui_helpers import click, frames, key, make_app


def _menu(size: tuple[int, int], factor: float = 1.0) -> Any:
    app = make_app(size)
    app.show_menu()
    frames(app, 2)
    if factor != 1.0:
        app.set_ui_scale(factor)
        frames(app, 2)
    return app


def _shown(scene: Any) -> list[tuple[str, pygame.Rect]]:
    """Every visible widget of ``scene`` with its rectangle in window pixels."""
    return [(name, pygame.Rect(widget.get_abs_rect())) for name, widget in scene.widgets.items()
            if getattr(widget, "visible", True)]


def _all_inside(app: Any, scene: Any) -> None:
    window = app.screen.get_rect()
    outside = [(name, rect) for name, rect in _shown(scene) if not window.contains(rect)]
    assert not outside, f"laid out beyond the {window.size} window at {app.scale}: {outside}"


def _expected(app: Any) -> float:
    """The scale the screen in front should have: the chosen one as far as it fits."""
    base = ui_scale(app.size)
    wanted = round(base * app.user_scale * 8) / 8
    return min(wanted, max(base, fit_scale(app.stack.top.layout_need(), app.size)))


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_a_chosen_150_percent_makes_the_menu_bigger(size: tuple[int, int]) -> None:
    """At a projector's 1920x1080 (and at 2560x1440) 150% makes the menu's buttons and
    texts bigger than 100% does, as big as the menu fits."""
    app = _menu(size)
    menu = app.stack.top
    names = ("start", "title", "game:arc", "settings", "deck_label0")
    before = {name: (menu.widgets[name].get_abs_rect().height,
                     menu.widgets[name].font.size("Start")[1]) for name in names}
    app.set_ui_scale(1.5)
    frames(app, 2)
    menu = app.stack.top
    assert app.scale > ui_scale(size)
    assert app.scale == _expected(app)
    for name, (height, text) in before.items():
        widget = menu.widgets[name]
        assert widget.get_abs_rect().height > height, name
        assert widget.font.size("Start")[1] > text, name
    _all_inside(app, menu)


def test_at_1280x720_a_chosen_200_percent_keeps_the_menu_inside_and_clickable() -> None:
    """200% on a small window: the menu grows only as far as it fits, every widget
    inside the window, and its buttons answer at their drawn centre."""
    app = _menu((1280, 720), 2.0)
    menu = app.stack.top
    assert 1.0 < app.scale == _expected(app) < 2.0
    _all_inside(app, menu)
    click(app, menu.widgets["game:conan"].get_abs_rect().center)
    frames(app, 2)
    menu = app.stack.top
    assert menu.game_id == "conan"
    assert menu.widgets["game:conan"].is_selected
    click(app, menu.widgets["settings"].get_abs_rect().center)
    frames(app, 2)
    assert type(app.stack.top).__name__ == "SettingsScene"


def test_the_settings_screen_at_200_percent_on_1280x720() -> None:
    """The settings screen opened at 200% on 1280x720 stays inside the window; a click
    on "Free mode" at its drawn centre chooses it, Back returns to the menu."""
    app = _menu((1280, 720), 2.0)
    click(app, app.stack.top.widgets["settings"].get_abs_rect().center)
    frames(app, 2)
    settings = app.stack.top
    assert app.scale == _expected(app)
    _all_inside(app, settings)
    click(app, settings.widgets["value:free_mode:1"].get_abs_rect().center)
    frames(app, 2)
    settings = app.stack.top
    assert settings.settings.free_mode
    click(app, settings.widgets["back"].get_abs_rect().center)
    frames(app, 2)
    assert type(app.stack.top).__name__ == "MenuScene"
    assert app.stack.top.free_mode
    assert app.scale == _expected(app)


def test_choosing_150_percent_in_the_settings_screen_grows_it() -> None:
    """At 1920x1080 the UI scale's ▶ (100% to 112.5% to 125% to 150%), clicked where it
    is drawn each time, makes the menu bigger once the screen is left; the settings
    screen itself keeps its layout meanwhile, so no row moves under the pointer (QA16 #9)."""
    app = _menu((1920, 1080))
    click(app, app.stack.top.widgets["settings"].get_abs_rect().center)
    frames(app, 2)
    before = app.stack.top.widgets["back"].get_abs_rect().size
    for _ in range(3):
        click(app, app.stack.top.widgets["more:ui_scale"].get_abs_rect().center)
        frames(app, 2)
    settings = app.stack.top
    assert settings.settings.ui_scale == 1.5
    assert settings.widgets["back"].get_abs_rect().size == before
    _all_inside(app, settings)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert type(app.stack.top).__name__ == "MenuScene"
    assert app.scale == _expected(app) > 1.5


def test_the_deck_builder_at_200_percent_on_1280x720() -> None:
    """The deck builder opened from the menu (Decks) at 200% on 1280x720: inside the
    window, its lists where they are drawn (a click on a pool card adds it), its
    buttons at their place (Back returns to the menu)."""
    app = _menu((1280, 720), 2.0)
    click(app, app.stack.top.widgets["decks"].get_abs_rect().center)
    frames(app, 2)
    builder = app.stack.top
    assert type(builder).__name__ == "DeckBuilderScene"
    assert app.scale == _expected(app)
    _all_inside(app, builder)
    window = app.screen.get_rect()
    assert all(window.contains(rect) for rect in builder.rects.values())
    _, row = next((i, r) for i, r in builder.pool_view.row_rects()
                  if not builder.pool_view.rows[i].heading)
    count = builder._stats.total
    click(app, row.center)
    assert builder._stats.total == count + 1
    from tabletop.ui import dialogs

    click(app, builder.widgets["back"].get_abs_rect().center)
    frames(app, 2)
    assert dialogs.top_dialog(app.ui) is not None  # the deck changed: asked first
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is builder and dialogs.top_dialog(app.ui) is None


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 900), (1920, 1080),
                                  (2560, 1440), (1000, 800)])
def test_every_menu_like_screen_fits_at_its_scale(size: tuple[int, int]) -> None:
    """For every menu-like screen (the menu, settings, the deck builder of every game,
    the lessons list) at 200% chosen: the scale it takes is the chosen one as far as
    its own stated need fits, and then every widget lies inside the window."""
    from tabletop.ui.deck_builder import DeckBuilderScene
    from tabletop.ui.lessons_menu import LessonsMenu
    from tabletop.ui.settings_screen import SettingsScene

    app = _menu(size, 2.0)
    assert app.scale == _expected(app)
    _all_inside(app, app.stack.top)
    app.push(SettingsScene(app))
    frames(app, 2)
    assert app.scale == _expected(app)
    _all_inside(app, app.stack.top)
    app.stack.pop()
    for game in game_ids():
        app.replace(DeckBuilderScene(app, game))
        frames(app, 2)
        assert app.scale == _expected(app)
        _all_inside(app, app.stack.top)
    app.replace(LessonsMenu(app))
    frames(app, 2)
    assert app.scale == _expected(app)
    _all_inside(app, app.stack.top)


def test_below_100_percent_every_screen_follows() -> None:
    """75% chosen: the menu and the settings are smaller than the window's own scale."""
    from tabletop.ui.settings_screen import SettingsScene

    app = _menu((1920, 1080), 0.75)
    assert app.scale == round(1.5 * 0.75 * 8) / 8
    app.push(SettingsScene(app))
    frames(app, 2)
    assert app.scale == round(1.5 * 0.75 * 8) / 8


def test_the_table_takes_the_chosen_scale_whole_and_the_menu_its_fit() -> None:
    """Menu to table and back at 1920x1080 and 150%: the table at its fit (the window's
    1.5 times 1.5 is 2.25; the side panel fits 1.625, QA16 #4), the menu at its own, a
    new manager each time, the old ones freed."""
    from tabletop.ui.menu import MenuScene

    app = _menu((1920, 1080), 1.5)
    alive = live_managers()  # this app's one, and any an earlier test left to the collector
    menu_scale = app.scale
    assert menu_scale == _expected(app) > 1.5
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    for _ in range(3):
        menu.start()
        frames(app, 2)
        table = app.stack.scenes[0]  # under the hand-over cover
        assert app.scale == fit_scale(table.layout_need(), app.size,
                                      table.layout_fixed()) == 1.625
        app.show_menu()
        frames(app, 2)
        assert app.scale == menu_scale
        menu = app.stack.top
    assert live_managers() == alive


def test_switching_screens_language_resize_and_f11_leave_one_manager() -> None:
    """Menu, settings, deck builder, lessons and back, a language switch, a resize
    and F11 twice at 150%: each lays out at its own scale and no old widget manager
    stays alive (issue 14)."""
    from tabletop.ui.deck_menu import open_builder
    from tabletop.ui.lessons_menu import open_lessons
    from tabletop.ui.settings_menu import open_settings

    app = _menu((1920, 1080), 1.5)
    alive = live_managers()  # this app's one, and any an earlier test left to the collector
    for _ in range(2):
        open_settings(app.stack.top)
        frames(app, 2)
        assert app.scale == _expected(app)
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        open_builder(app, "arc")
        frames(app, 2)
        assert app.scale == _expected(app)
        app.stack.top.back()
        frames(app, 2)
        open_lessons(app, "arc")
        frames(app, 2)
        assert app.scale == _expected(app)
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.scale == _expected(app)
    app.set_language("ja")
    frames(app, 2)
    assert app.scale == _expected(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    frames(app, 2)
    assert app.size == (1600, 900) and app.scale == _expected(app) > 1.25
    _all_inside(app, app.stack.top)
    key(app, pygame.K_F11)
    frames(app, 2)
    assert app.scale == _expected(app)
    _all_inside(app, app.stack.top)
    key(app, pygame.K_F11)
    frames(app, 2)
    assert app.size == (1600, 900) and app.scale == _expected(app)
    app.set_language("en")
    assert live_managers() == alive


def test_a_new_screen_is_laid_out_before_its_first_update() -> None:
    """The scale follows a screen opened by a click before that screen's first update,
    so a dialog it opens there (the deck builder naming a broken file) is built into
    the widget manager that stays, never taken away unanswered."""
    from tabletop.ui import dialogs
    from tabletop.ui.deck_builder import DeckBuilderScene

    app = _menu((1920, 1080), 1.5)
    menu_scale = app.scale
    scene = DeckBuilderScene(app, "arc")
    scene._told = ["a broken file: field 'cards'"]
    app.replace(scene)
    frames(app, 1)
    assert app.scale == _expected(app) != menu_scale  # the builder's toolbar is wider
    assert dialogs.top_dialog(app.ui) is not None
    frames(app, 2)
    assert dialogs.top_dialog(app.ui) is not None


def test_screen_cap_asks_the_screen_in_front() -> None:
    """The screen in front decides (what lies under an opaque screen does not); a
    transparent scene over it adds its own need; a screen that says nothing keeps the
    window's own scale."""

    class Screen:
        opaque = True

        def __init__(self, need: tuple[int, int] | None) -> None:
            if need is not None:
                self.layout_need = lambda: need

    class Over(Screen):
        opaque = False

    size = (1920, 1080)
    big, small = Screen((1280, 720)), Screen((960, 540))
    assert screen_cap([big, small], size, 1.5) == 2.0
    assert screen_cap([small, big], size, 1.0) == 1.5
    assert screen_cap([small, Over((1200, 700))], size, 1.0) == 1.5
    assert screen_cap([small, Screen(None)], size, 1.5) == 1.5
    assert screen_cap([Screen((4000, 4000))], size, 1.5) == 1.5  # never below the window's
    assert fit_scale((1000, 600), (1920, 1080)) == 1.75
    with pytest.raises(ValueError):
        fit_scale((0, 600), size)


def test_the_rules_from_the_menu_take_the_chosen_scale_whole() -> None:
    """The menu's "Rules of …" at 200% on 1280x720: the help page (it scrolls) is laid
    out at 200%, as over a table; Esc returns to the menu at its own fit."""
    app = _menu((1280, 720), 2.0)
    menu_scale = app.scale
    click(app, app.stack.top.widgets["rules_help"].get_abs_rect().center)
    frames(app, 2)
    assert type(app.stack.top).__name__ == "HelpScene"
    assert app.scale == 2.0
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert type(app.stack.top).__name__ == "MenuScene" and app.scale == menu_scale
    _all_inside(app, app.stack.top)
