"""QA findings of issue 16 on the menu and the settings screen: Reset asks first and
is away from the menu's Settings button (8), a UI scale chosen on the screen waits for
Back so no row moves under the pointer (9), an unreadable picture is told once a run
(12), the menu remembers each seat's deck per game (14), the window-size row says the
window's size (20). Driven with posted events."""

from __future__ import annotations

import json

import pygame
import pytest
from ui_helpers import (
    choose_option,
    click,
    fake_choice,
    frames,
    make_app,
    texts,
    use_choices,
    widget_centre,
)

from tabletop import notices
from tabletop.settings import Settings, load_settings
from tabletop.ui import dialogs, menu_decks, settings_apply
from tabletop.ui.menu import MenuScene
from tabletop.ui.settings_screen import ROWS, SettingsScene


def _menu(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (1280, 720)):  # type: ignore[no-untyped-def]
    use_choices(monkeypatch, [fake_choice("arc"), fake_choice("conan")])
    app = make_app(size)
    notices.take()
    app.show_menu()
    frames(app, 2)
    return app


def _open_settings(app):  # type: ignore[no-untyped-def]
    click(app, widget_centre(app.stack.top.widgets["settings"]))
    frames(app, 2)
    assert isinstance(app.stack.top, SettingsScene)
    return app.stack.top


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_a_second_click_on_settings_does_not_reset(monkeypatch, size) -> None:
    """Finding 8: the double click's second half lands where the menu's Settings button
    was; whatever is there, no setting is reset without a confirmation."""
    app = _menu(monkeypatch, size)
    try:
        settings_apply.keep(app, Settings(free_mode=True))
        where = widget_centre(app.stack.top.widgets["settings"])
        scene = _open_settings(app)
        assert not scene.widgets["reset"].rect.collidepoint(where)
        click(app, widget_centre(scene.widgets["reset"]))
        frames(app, 2)
        assert app.settings.free_mode  # asked, not reset
        dialog = dialogs.top_dialog(app.ui)
        assert dialog is not None
        click(app, widget_centre(dialog.cancel_button))
        frames(app, 2)
        assert app.settings.free_mode
        click(app, widget_centre(scene.widgets["reset"]))
        frames(app, 2)
        click(app, widget_centre(dialogs.top_dialog(app.ui).confirm_button))
        frames(app, 3)
        assert app.settings == Settings()
    finally:
        app.shutdown()


def test_the_ui_scale_waits_for_back_and_no_row_moves(monkeypatch) -> None:
    """Finding 9: clicking ◀ on the UI scale three times lowers it three steps; the
    rows stay where they are meanwhile, each row shows its choice, Back applies it."""
    app = _menu(monkeypatch)
    try:
        scene = _open_settings(app)
        rects = [r.copy() for r in scene.row_rects]
        scale = app.scale
        for _ in range(3):
            click(app, widget_centre(scene.widgets["less:ui_scale"]))
            frames(app, 2)
            assert [r.copy() for r in scene.row_rects] == rects
            assert app.scale == scale
        assert scene.settings.ui_scale == 0.75
        assert "applies on Back" in scene.widgets["value:ui_scale"].text
        for row in ROWS:  # every row with side-by-side choices has one lit
            if row.buttons:
                lit = [w for k, w in scene.widgets.items()
                       if k.startswith(f"value:{row.name}:") and w.is_selected]
                assert len(lit) == 1, row.name
        click(app, widget_centre(scene.widgets["back"]))
        frames(app, 3)
        assert isinstance(app.stack.top, MenuScene)
        assert app.settings.ui_scale == 0.75
        assert load_settings()[0].ui_scale == 0.75
    finally:
        app.shutdown()


def test_the_window_size_row_says_the_windows_size() -> None:
    """Finding 20: started with --size 1600x900 (nothing remembered), the row says
    1600 x 900, not the remembered default 1280 x 720."""
    app = make_app((1600, 900))
    try:
        app.show_menu()
        frames(app, 2)
        scene = _open_settings(app)
        text = scene.widgets["value:window_size"].text
        assert "1600" in text and "900" in text
    finally:
        app.shutdown()


def test_an_unreadable_picture_is_told_once_a_run() -> None:
    """Finding 12: each table has its own renderer, which reads the picture again; the
    notice is told the first time only, and again when the file changes its problem."""
    from tabletop.core.rules import load_rules
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.fonts import Fonts
    from tabletop.userdirs import Kind, folder

    pygame.font.init()
    where = folder(Kind.IMAGES, "arc")
    where.mkdir(parents=True)
    (where / "red_spark_squire.png").write_bytes(b"not a picture")
    cards = load_rules("arc").cards
    told = []
    for _ in range(3):  # three tables, three returns to the menu
        renderer = CardRenderer(Fonts(), cards)
        renderer.images.face(renderer, "red_spark_squire", 90, 126, "en")
        told.append(notices.take())
    assert len(told[0]) == 1 and told[1:] == [[], []]


def test_the_menu_remembers_each_seats_deck_per_game(monkeypatch) -> None:
    """Finding 14: decks chosen for Arc survive a visit to another game, a new menu
    (after a game) and a restart; a remembered deck that is gone falls back, told."""
    app = _menu(monkeypatch)
    try:
        menu = app.stack.top
        choose_option(app, menu.widgets["deck1"], "alpha")
        choose_option(app, app.stack.top.widgets["deck0"], "beta")
        assert app.stack.top.deck_ids == ["beta", "alpha"]
        app.stack.top.select_game("conan")
        frames(app, 2)
        app.stack.top.select_game("arc")
        frames(app, 2)
        assert app.stack.top.deck_ids == ["beta", "alpha"]
        app.show_menu()  # a new menu, as after a game
        frames(app, 2)
        assert app.stack.top.deck_ids == ["beta", "alpha"]
    finally:
        app.shutdown()
    again = _menu(monkeypatch)  # a restart
    try:
        assert again.stack.top.deck_ids == ["beta", "alpha"]
    finally:
        again.shutdown()
    menu_decks.path().write_text(json.dumps({"arc": ["gone", "alpha"]}), encoding="utf-8")
    third = _menu(monkeypatch)
    try:
        assert third.stack.top.deck_ids == ["alpha", "alpha"]
        dialog = dialogs.top_dialog(third.ui)
        assert dialog is not None, texts(third)
        said = dialog.text_block.html_text
        assert "gone" in said and "no longer exists: Alpha is chosen instead" in said
    finally:
        third.shutdown()


def _broken_menu(monkeypatch, size):  # type: ignore[no-untyped-def]
    from tabletop.ui import user_folder_menu

    lines = [f"cards/arc/broken_{n}.toml: card {k}: id: missing" for n in range(6)
             for k in range(5)]
    monkeypatch.setattr(user_folder_menu, "problems_of", lambda menu: lines)
    choices = []
    for gid in ("arc", "conan", "eshi100", "xenocard"):
        choice = fake_choice(gid)
        choice.broken_decks = {f"bad_{n}.toml": f"decks/{gid}/bad_{n}.toml: cards.x: no such "
                               f"card, a long reason that would wrap over several lines"
                               for n in range(8)}
        choices.append(choice)
    use_choices(monkeypatch, choices)
    app = make_app(size)
    notices.take()
    app.show_menu()
    frames(app, 2)
    return app


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1400, 800), (1920, 1080)])
def test_the_games_column_fits_with_many_broken_files(monkeypatch, size) -> None:
    """Finding 5: with eight broken deck files in every game and user files left out,
    the game buttons, the User folder heading, its path and the Details buttons are all
    shown, inside the window, none over another."""
    app = _broken_menu(monkeypatch, size)
    try:
        menu = app.stack.top
        keys = [k for k in menu.widgets if k.startswith(("game:", "broken_decks"))]
        keys += ["user_folder_label", "user_folder_path", "user_folder_open",
                 "user_problems"]
        missing = [k for k in keys if k not in menu.widgets]
        assert not missing
        assert "broken_decks" in keys
        window = pygame.Rect(0, 0, *size)
        panel = menu.widgets["games_panel"].rect
        rects = {k: menu.widgets[k].rect for k in keys}
        for k, r in rects.items():
            assert window.contains(r) and panel.contains(r), (k, r)
        names = sorted(rects)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                assert not rects[a].colliderect(rects[b]), (a, b)
        click(app, widget_centre(menu.widgets["broken_decks"]))
        frames(app, 2)
        said = dialogs.top_dialog(app.ui).text_block.html_text
        assert "decks/conan/bad_7.toml" in said and "decks/xenocard/bad_0.toml" in said
    finally:
        app.shutdown()
