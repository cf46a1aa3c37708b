"""A resize never makes the window anew (issue 16, a club tester: "the window is
recreated when I resize it").

In a real X window (Xvfb, xdotool) a resize below the least size called
``set_mode``, which gave the window a new X id: it flickered and lost its place.
Now SDL is told the least size, and where the app must size the window itself it
resizes the one it has. The headless driver stands in for the real one here:
``resizes_itself`` is made True where a real window's behaviour is meant.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tabletop.ui import app as app_module
from tabletop.ui.app import MIN_SIZE
from tabletop.ui.window_size import display_window, resize_to
from tests.ui_helpers import frames, make_app


@pytest.fixture
def menu_app(monkeypatch: pytest.MonkeyPatch) -> Any:
    app = make_app((1280, 720))
    app.show_menu()
    frames(app, 2)
    made: list[tuple[Any, ...]] = []
    real = pygame.display.set_mode

    def counted(*args: Any, **kwargs: Any) -> pygame.Surface:
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", counted)
    app.made_windows = made
    yield app
    app.shutdown()


def test_the_window_knows_its_least_size(menu_app: Any) -> None:
    """The window manager is told the least size the screens lay out for."""
    assert tuple(display_window().minimum_size) == MIN_SIZE


def test_a_resize_below_the_least_size_resizes_the_same_window(menu_app: Any) -> None:
    """Made 600x400 (smaller than 800x500): the window is sized back to 800x500 in
    place, never made anew, and the menu is laid out for it."""
    app = menu_app
    screen = app.screen
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=600, h=400, size=(600, 400)))
    frames(app, 2)
    assert app.size == MIN_SIZE and app.window_size() == MIN_SIZE
    assert app.made_windows == [] and app.screen is screen
    assert app.stack.top.widgets["start"].get_abs_rect().bottom <= MIN_SIZE[1]


def test_a_posted_resize_resizes_the_same_window(menu_app: Any) -> None:
    """The headless driver does not resize by itself: a posted resize (as the tests
    drive the window) sizes the window in place."""
    app = menu_app
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    frames(app, 2)
    assert app.size == (1600, 900) and app.made_windows == []


def test_an_older_resize_event_does_not_size_a_real_window_back(
        menu_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real window is at 1500x850 already when the event of an earlier step of the
    drag (1300x740) is read: the window stays as the user made it, laid out for it."""
    app = menu_app
    monkeypatch.setattr(app_module, "resizes_itself", lambda: True)
    resize_to((1500, 850))  # the user's drag, done by the window system
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1300, h=740, size=(1300, 740)))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1300, y=740))
    frames(app, 2)
    assert app.window_size() == (1500, 850) and app.size == (1500, 850)
    assert app.made_windows == []
    assert tuple(app.ui.window_resolution) == (1500, 850)


def test_full_screen_goes_on_and_off_in_the_same_window(menu_app: Any) -> None:
    """F11 twice: full screen at the desktop's size and back to 1280x720, the same
    window throughout (no set_mode), the menu laid out for each size."""
    from tests.ui_helpers import key

    app = menu_app
    key(app, pygame.K_F11)
    frames(app, 2)
    assert app.fullscreen and app.size != (1280, 720)
    assert app.stack.top.widgets["quit"].get_abs_rect().bottom <= app.size[1]
    key(app, pygame.K_F11)
    frames(app, 2)
    assert not app.fullscreen and app.size == (1280, 720)
    assert app.made_windows == []


def test_a_window_size_chosen_in_the_settings_resizes_the_same_window(menu_app: Any) -> None:
    """The settings' window size row (1280x720 to 1366x768) resizes the window in place."""
    from dataclasses import replace

    from tabletop.ui.settings_apply import change, settings_of

    app = menu_app
    change(app, replace(settings_of(app), window_size=(1366, 768)), save=False)
    frames(app, 2)
    assert app.size == (1366, 768) and app.made_windows == []
