"""The settings screen and the remembered settings in the window (issue 16).

Driven by posted clicks and keys; each test's user folder is a fresh temporary one
(tests/conftest.py), so "a restart" is a new App reading the same folder.
"""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import (
    arc_position,
    click,
    fake_choice,
    frames,
    key,
    make_app,
    table_at,
    texts,
    use_choices,
    widget_centre,
)

from tabletop import notices, userdirs
from tabletop.core.seat_player import Level
from tabletop.settings import (
    AnimationSpeed,
    Language,
    Settings,
    Sleeve,
    load_settings,
    save_settings,
)
from tabletop.ui import settings_apply
from tabletop.ui.computer_seat import seat_options
from tabletop.ui.menu import GameChoice
from tabletop.ui.settings_screen import ROWS, SettingsScene


@pytest.fixture
def menu_app(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    use_choices(monkeypatch, [fake_choice("arc")])
    app = make_app()
    notices.take()  # a catalogue problem of another part is not this screen's to tell
    app.show_menu()
    frames(app, 2)
    yield app
    app.shutdown()


def open_settings(app):  # type: ignore[no-untyped-def]
    click(app, widget_centre(app.stack.top.widgets["settings"]))
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def row_index(name: str) -> int:
    return next(i for i, row in enumerate(ROWS) if row.name == name)


def test_the_menu_settings_button_opens_the_screen_and_esc_goes_back(menu_app) -> None:
    scene = open_settings(menu_app)
    assert "Settings" in texts(menu_app) and "Reset to defaults" in texts(menu_app)
    assert not menu_app.stack.scenes[0].widgets["start"].visible  # the menu's are hidden
    key(menu_app, pygame.K_ESCAPE)
    frames(menu_app, 2)
    assert menu_app.stack.top is not scene
    assert menu_app.stack.top.widgets["start"].visible
    assert load_settings() == (Settings(), None)  # kept on leaving


def test_posted_clicks_change_settings_on_the_screen(menu_app) -> None:
    scene = open_settings(menu_app)
    fast = next(w for k, w in scene.widgets.items()
                if k.startswith("value:animation_speed:") and w.text == "Fast")
    click(menu_app, widget_centre(fast))
    frames(menu_app, 2)
    assert menu_app.settings.animation_speed is AnimationSpeed.FAST
    click(menu_app, widget_centre(scene.widgets["more:sleeves0"]))  # blue -> the next colour
    frames(menu_app, 2)
    assert menu_app.settings.sleeves[0] is Sleeve.RED
    assert menu_app.settings.sleeves[1] is Sleeve.BLUE  # the other seat swapped, never alike
    click(menu_app, widget_centre(scene.widgets["value:computer1"]))  # a person -> easy
    frames(menu_app, 2)
    assert menu_app.settings.computer == (None, Level.EASY)
    click(menu_app, widget_centre(scene.widgets["back"]))
    frames(menu_app, 2)
    kept, problem = load_settings()
    assert problem is None
    assert (kept.animation_speed, kept.sleeves, kept.computer) == (
        AnimationSpeed.FAST, (Sleeve.RED, Sleeve.BLUE), (None, Level.EASY))
    assert menu_app.stack.top.seat_kinds == ["person", "easy"]  # the menu follows


def test_keys_choose_a_row_and_change_it(menu_app) -> None:
    scene = open_settings(menu_app)
    for _ in range(row_index("free_mode")):
        key(menu_app, pygame.K_DOWN)
    assert scene.focus == row_index("free_mode")
    key(menu_app, pygame.K_RIGHT)
    frames(menu_app, 2)
    assert menu_app.settings.free_mode is True
    key(menu_app, pygame.K_RIGHT)  # the last value: stays
    frames(menu_app, 2)
    assert menu_app.settings.free_mode is True
    key(menu_app, pygame.K_RETURN)  # steps on, round to the first
    frames(menu_app, 2)
    assert menu_app.settings.free_mode is False
    key(menu_app, pygame.K_UP)
    assert scene.focus == row_index("free_mode") - 1


def test_switching_the_language_on_the_screen_applies_at_once(menu_app) -> None:
    scene = open_settings(menu_app)
    japanese = next(w for k, w in scene.widgets.items()
                    if k.startswith("value:language:") and w.text == "日本語")
    click(menu_app, widget_centre(japanese))
    frames(menu_app, 3)
    assert menu_app.lang == "ja" and "設定" in texts(menu_app)
    assert menu_app.stack.top is scene
    assert not menu_app.stack.scenes[0].widgets["start"].visible  # the rebuilt menu stays hidden
    key(menu_app, pygame.K_ESCAPE)
    frames(menu_app, 2)
    assert load_settings()[0].language is Language.JA


def test_reset_to_defaults_puts_every_setting_back(menu_app) -> None:
    settings_apply.keep(menu_app, Settings(animation_speed=AnimationSpeed.SLOW, free_mode=True,
                                           computer=(Level.HARD, None)))
    scene = open_settings(menu_app)
    click(menu_app, widget_centre(scene.widgets["reset"]))
    frames(menu_app, 2)
    from tabletop.ui import dialogs  # Reset asks first (issue 16 QA 8)

    click(menu_app, widget_centre(dialogs.top_dialog(menu_app.ui).confirm_button))
    frames(menu_app, 2)
    assert menu_app.settings == Settings()
    key(menu_app, pygame.K_ESCAPE)
    frames(menu_app, 2)
    assert load_settings() == (Settings(), None)


def test_settings_survive_a_restart(monkeypatch: pytest.MonkeyPatch) -> None:
    use_choices(monkeypatch, [fake_choice("arc")])
    app = make_app()
    app.show_menu()
    frames(app, 2)
    scene = open_settings(app)
    scene.step(row_index("ui_scale"), 1, wrap=False)
    scene.choose(row_index("language"), Language.JA)
    scene.choose(row_index("animation_speed"), AnimationSpeed.SLOW)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    wanted = app.settings
    app.shutdown()

    again = make_app(size=None, lang=None)  # a fresh start takes what was kept
    try:
        assert again.settings == wanted
        assert again.lang == "ja"
        assert again.size == wanted.window_size
        again.show_menu()
        frames(again, 2)
        assert "設定" in texts(again)
    finally:
        again.shutdown()


def test_the_app_opens_at_the_saved_window_size() -> None:
    save_settings(Settings(window_size=(1366, 768)))
    app = make_app(size=None)
    try:
        assert app.size == (1366, 768)
    finally:
        app.shutdown()


@pytest.mark.parametrize("text", ["{broken", '{"language": "xx", "ui_scale": 7}'],
                         ids=["corrupt", "bad_fields"])
def test_a_broken_settings_file_is_told_and_the_program_starts(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_choices(monkeypatch, [fake_choice("arc")])
    path = userdirs.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    notices.take()
    app = make_app(size=None, lang=None)
    try:
        assert app.settings == Settings() and app.lang == "en"
        app.show_menu()
        frames(app, 3)
        shown = " ".join(texts(app))
        assert str(path) in shown.replace("<br>", " ")
    finally:
        app.shutdown()


def test_the_menu_remembers_computer_seats_and_mode(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path) -> None:
    use_choices(monkeypatch, [fake_choice("arc")])
    app = make_app(save_dir=tmp_path)
    started: list = []
    monkeypatch.setattr(app, "start_game", lambda game, *a, **k: started.append(game))
    app.show_menu()
    frames(app, 2)
    menu = app.stack.top
    menu.select_seat_kind(1, "normal")
    menu.select_mode("free")
    frames(app, 2)
    click(app, widget_centre(menu.widgets["start"]))
    frames(app, 2)
    assert len(started) == 1 and started[0].state.free_mode  # started as chosen
    app.shutdown()
    assert load_settings()[0].computer == (None, Level.NORMAL)

    again = make_app(save_dir=tmp_path)
    try:
        again.show_menu()
        frames(again, 2)
        menu = again.stack.top
        assert menu.seat_kinds == ["person", "normal"] and menu.free_mode is True
        assert menu.widgets["seat_kind1"].selected_option[1] == "normal"
        assert menu.widgets["mode"].selected_option[1] == "free"
    finally:
        again.shutdown()


def test_the_menu_language_choice_is_kept(menu_app) -> None:
    settings_apply.choose_language(menu_app, "ja")
    assert load_settings()[0].language is Language.JA


def _hidden_backs(scene):  # type: ignore[no-untyped-def]
    """One hidden card's sprite per owner, of the same size."""
    by_owner: dict[int, list] = {0: [], 1: []}
    for sprite in scene.sprites:
        if sprite.card.hidden and sprite.drawn:
            by_owner[sprite.card.owner].append(sprite)
    for a in by_owner[0]:
        for b in by_owner[1]:
            if a.surface.get_size() == b.surface.get_size() and a.turn == b.turn:
                return a, b
    raise AssertionError("no two hidden cards of the same size, one of each seat")


def test_each_seats_card_backs_wear_its_own_sleeve() -> None:
    """The rule documents suggest different sleeves so the two players' cards are not
    mixed up: the two seats' backs differ, each edged in its seat's colour."""
    app, _, scene, _ = table_at("arc", arc_position("main"))
    try:
        mine, theirs = _hidden_backs(scene)
        assert pygame.image.tobytes(mine.surface, "RGBA") != \
            pygame.image.tobytes(theirs.surface, "RGBA")
        blue, red = Settings().sleeves
        h = mine.surface.get_height()
        assert mine.surface.get_at((2, h // 2))[:3] == blue.rgb
        assert theirs.surface.get_at((2, h // 2))[:3] == red.rgb
        settings_apply.change(app, Settings(sleeves=(Sleeve.GREEN, Sleeve.RED)), save=False)
        scene._build_sprites()
        mine, _ = _hidden_backs(scene)
        assert mine.surface.get_at((2, h // 2))[:3] == Sleeve.GREEN.rgb
    finally:
        app.shutdown()


@pytest.mark.parametrize("speed", list(AnimationSpeed))
def test_the_animation_speed_scales_the_slides_and_the_computers_pace(
        speed: AnimationSpeed) -> None:
    from tabletop.ui.computer_seat import PACES
    from tabletop.ui.sprite import SLIDE_SECONDS

    app, _, scene, _ = table_at("arc", arc_position("main"))
    try:
        app.settings = Settings(animation_speed=speed)
        sprite = scene.sprites[0]
        scene.slide_back(sprite.iid, (0, 0))
        assert scene.slide is not None
        assert scene.slide.duration == pytest.approx(SLIDE_SECONDS * speed.factor)
    finally:
        app.shutdown()
    app = make_app()
    try:
        app.settings = Settings(animation_speed=speed)
        choice = GameChoice.load("arc")
        first, second = list(choice.decks)[:2]
        app.start_game(choice.make_game(first, second, 0,
                                        options=seat_options({1: Level.EASY})),
                       autosave=False)
        table = app.stack.scenes[0]
        assert table.computer is not None and table.computer.pace == PACES[speed.value]
    finally:
        app.shutdown()


def test_the_remembered_person_seat_is_the_menus() -> None:
    from tabletop.ui.demo import PERSON, SEAT_KINDS

    assert settings_apply.PERSON == PERSON
    for level in (None, *Level):
        app_like = type("Host", (), {"settings": Settings(computer=(level, None))})()
        assert settings_apply.seat_kinds(app_like)[0] in SEAT_KINDS


def test_a_window_size_chosen_on_the_screen_applies_at_once(menu_app) -> None:
    scene = open_settings(menu_app)
    click(menu_app, widget_centre(scene.widgets["more:window_size"]))  # 1280x720 -> 1366x768
    frames(menu_app, 2)
    assert menu_app.size == (1366, 768) == menu_app.settings.window_size
    assert menu_app.stack.top is scene and scene.widgets["back"].rect.right <= 1366


def test_full_screen_on_and_off_comes_back_to_the_window_size(menu_app) -> None:
    scene = open_settings(menu_app)
    on = next(w for k, w in scene.widgets.items()
              if k.startswith("value:fullscreen:") and w.text == "On")
    click(menu_app, widget_centre(on))
    frames(menu_app, 2)
    assert menu_app.settings.fullscreen
    assert menu_app.screen.get_flags() & pygame.FULLSCREEN
    off = next(w for k, w in scene.widgets.items()
               if k.startswith("value:fullscreen:") and w.text == "Off")
    click(menu_app, widget_centre(off))
    frames(menu_app, 2)
    assert not menu_app.settings.fullscreen
    assert menu_app.size == Settings().window_size


def test_quitting_keeps_the_window_size_and_full_screen() -> None:
    app = make_app(size=(1600, 900))
    try:
        settings_apply.remember_window(app)
        assert load_settings()[0].window_size == (1600, 900)
        full = getattr(app, "set_fullscreen", None)  # the window's own switch (F11)
        if callable(full):
            full(True)
        else:
            app.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        assert settings_apply.is_fullscreen(app)
        settings_apply.remember_window(app)
        kept = load_settings()[0]
        assert kept.fullscreen and kept.window_size == (1600, 900)  # the size to come back to
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("size", "ui_scale"), [((1280, 720), 1.0), ((1600, 900), 1.0),
                                                ((2560, 1440), 1.0), ((1600, 900), 1.5),
                                                ((800, 500), 1.0)])
def test_the_settings_screen_fits_the_window(lang: str, size: tuple[int, int],
                                             ui_scale: float) -> None:
    """Every control inside the window, none over another, every row's text whole."""
    app = make_app(size=size, lang=lang)
    try:
        settings_apply.change(app, Settings(language=Language(lang), window_size=size,
                                            ui_scale=ui_scale), save=False)
        app.show_menu()
        scene = SettingsScene(app)
        app.push(scene)
        frames(app, 2)
        screen = pygame.Rect((0, 0), app.size)
        rects = {name: w.rect for name, w in scene.widgets.items()}
        for name, rect in rects.items():
            assert screen.contains(rect), name
        names = sorted(rects)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if a != "title" and b != "title":
                    assert not rects[a].colliderect(rects[b]), (a, b)
        for name, widget in scene.widgets.items():
            if name.startswith(("label:", "value:")):
                font = widget.font
                assert font.size(widget.text)[0] <= widget.rect.w, name
                assert font.size(widget.text)[1] <= widget.rect.h + 2, name
    finally:
        app.shutdown()
