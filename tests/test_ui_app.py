"""The application shell: window, frame loop, resize, quit, high-DPI, cover, smoke test."""

from __future__ import annotations

import importlib.util

import pygame
import pytest
from ui_helpers import FRAME, click, fake_choice, frames, key, make_app, post, use_choices

from tabletop.core.messages import msg
from tabletop.ui import dialogs
from tabletop.ui.cover import ARM_DELAY, HotseatCover
from tabletop.ui.menu import MenuScene
from tabletop.ui.scene import Scene

HAS_TABLE = importlib.util.find_spec("tabletop.ui.table") is not None


class Recorder(Scene):
    """A scene that keeps every event it is offered."""

    def __init__(self, app, consume: bool = False) -> None:
        super().__init__(app)
        self.events: list[pygame.event.Event] = []
        self.sizes: list[tuple[int, int]] = []
        self.consume = consume

    def handle_event(self, event):
        self.events.append(event)
        return None if self.consume else event

    def resize(self, size):
        self.sizes.append(size)

    def types(self) -> list[int]:
        return [e.type for e in self.events]


@pytest.fixture
def app(monkeypatch):
    use_choices(monkeypatch, [fake_choice("arc")])
    application = make_app()
    yield application
    application.shutdown()


def test_app_starts_and_draws_the_menu(app):
    app.show_menu()
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    assert app.size == (1280, 720)
    # something was drawn besides the background: the title is gold
    colours = {app.screen.get_at((x, y))[:3] for x in range(30, 200, 3) for y in range(30, 90, 3)}
    assert len(colours) > 5


def test_resize_changes_the_layout(app):
    app.show_menu()
    frames(app)
    start_before = app.stack.top.widgets["start"].get_abs_rect()
    post(app, pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))
    frames(app)
    assert app.size == (1920, 1080)
    assert app.scale == 1.5
    start_after = app.stack.top.widgets["start"].get_abs_rect()
    assert start_after.width > start_before.width
    assert start_after.bottom > 900
    post(app, pygame.WINDOWRESIZED, x=1000, y=600)
    assert app.size == (1000, 600)
    assert app.stack.top.widgets["start"].get_abs_rect().bottom <= 600


def test_resize_never_goes_below_the_minimum(app):
    app.show_menu()
    post(app, pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))
    assert app.size[0] >= 800 and app.size[1] >= 500


def test_quit_event_stops_the_loop(app):
    app.show_menu()
    post(app, pygame.QUIT)
    assert app.running is False
    app.run_loop()  # returns at once


def test_quit_button(app):
    app.show_menu()
    frames(app)
    click(app, app.stack.top.widgets["quit"].get_abs_rect().center)
    assert app.running is False


def test_focus_lost_and_window_leave_reach_the_scenes(app):
    rec = Recorder(app)
    app.push(rec)
    post(app, pygame.WINDOWFOCUSLOST)
    post(app, pygame.WINDOWLEAVE)
    assert pygame.WINDOWFOCUSLOST in rec.types()
    assert pygame.WINDOWLEAVE in rec.types()


def test_resize_reaches_the_scenes(app):
    rec = Recorder(app)
    app.push(rec)
    post(app, pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))
    assert rec.sizes[-1] == (1600, 900)


def test_high_dpi_mouse_positions_are_mapped_to_pixels(app, monkeypatch):
    """A drawable twice the window size: mouse points are doubled for the scenes."""
    w, h = app.size
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (w // 2, h // 2))
    rec = Recorder(app)
    app.push(rec)
    post(app, pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1, touch=False)
    downs = [e for e in rec.events if e.type == pygame.MOUSEBUTTONDOWN]
    assert downs[-1].pos == (200, 100)
    assert app.to_surface((10, 20)) == (20, 40)


def test_language_switch_rebuilds_the_widget_manager(app):
    app.show_menu()
    old_ui = app.ui
    app.set_language("ja")
    assert app.lang == "ja"
    assert app.ui is not old_ui
    frames(app)
    assert pygame.display.get_caption()[0]


def test_cover_hides_the_table_and_waits_for_a_deliberate_click(app):
    below = Recorder(app)
    app.push(below)
    done: list[bool] = []
    app.show_cover(1, lambda: done.append(True))
    cover = app.stack.top
    assert isinstance(cover, HotseatCover) and cover.opaque
    # an immediate click (meant for the table) is swallowed and does not dismiss
    click(app, (640, 360))
    assert not done and app.stack.top is cover
    assert not [e for e in below.events if e.type == pygame.MOUSEBUTTONDOWN]
    app.frame(ARM_DELAY + 0.05)
    click(app, (640, 360))
    assert done == [True]
    assert app.stack.top is below
    assert not [e for e in below.events if e.type in (pygame.MOUSEBUTTONDOWN,
                                                       pygame.MOUSEBUTTONUP)]


def test_cover_is_dismissed_by_a_key_and_draws_no_widgets(app):
    app.show_menu()
    frames(app)
    done: list[int] = []
    app.show_cover(0, lambda: done.append(1))
    app.frame(FRAME)
    # the menu's widgets (gold Start button) are not drawn under the cover
    start = app.stack.scenes[0].widgets["start"].get_abs_rect()
    assert app.screen.get_at(start.center)[:3] == (16, 24, 20)
    app.frame(ARM_DELAY)
    key(app, pygame.K_SPACE)
    assert done == [1]
    assert isinstance(app.stack.top, MenuScene)


def test_message_dialog_and_text_of_core_messages(app):
    app.show_menu()
    window = app.show_message("dialog.save_title", msg("seat.1"))
    frames(app)
    assert window.alive()
    assert dialogs.text_of(msg("menu.deck_for", player=msg("seat.1"))) == "Deck for Player 2"
    assert dialogs.text_of("plain words") == "plain words"


def test_confirmation_dialog_runs_its_callback(app):
    app.show_menu()
    frames(app)
    answers: list[str] = []
    dialog = dialogs.confirm(app, "dialog.save_title", "Sure?", lambda: answers.append("yes"))
    frames(app)
    click(app, dialog.confirm_button.get_abs_rect().center)
    frames(app, 2)  # button pressed -> dialog confirmed -> callback
    assert answers == ["yes"]
    assert not dialog.alive()


def test_cancelled_confirmation_runs_the_cancel_callback(app):
    app.show_menu()
    frames(app)
    answers: list[str] = []
    dialog = dialogs.confirm(app, "dialog.save_title", "Sure?", lambda: answers.append("yes"),
                             lambda: answers.append("no"))
    frames(app)
    click(app, dialog.cancel_button.get_abs_rect().center)
    frames(app, 2)
    assert answers == ["no"]


@pytest.mark.skipif(not HAS_TABLE, reason="tabletop.ui.table not written yet")
def test_smoke_returns_zero(monkeypatch, tmp_path):
    from tabletop.ui.smoke import smoke

    monkeypatch.chdir(tmp_path)  # works from any working directory
    assert smoke() == 0


def test_high_dpi_clicks_reach_the_widgets(app, monkeypatch):
    w, h = app.size
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (w // 2, h // 2))
    app.rebuild_ui()
    app.show_menu()
    frames(app)
    quit_centre = app.stack.top.widgets["quit"].get_abs_rect().center
    click(app, (quit_centre[0] // 2, quit_centre[1] // 2))  # window points
    assert app.running is False
