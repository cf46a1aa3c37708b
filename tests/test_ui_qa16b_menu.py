"""QA16b findings on the menu, settings and lessons (2, 3, 8, 13, 14, 16, 23).

Driven by posted clicks and keys, each with a fresh user and save folder
(tests/conftest.py).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pygame
import pytest
from ui_helpers import (
    choose_option,
    click,
    fake_choice,
    frames,
    key,
    make_app,
    screenshot,
    texts,
    use_choices,
    widget_centre,
)

from tabletop import notices
from tabletop.settings import broken_name, load_settings
from tabletop.ui import dialogs
from tabletop.ui.drop_downs import open_lists
from tabletop.ui.menu import MenuScene
from tabletop.ui.menu_when import short_when

SIZES = [(1280, 720), (1600, 900), (2560, 1440)]
SHOTS = Path(__file__).parent.parent / "build" / "qa16b_menu"


def _menu(size: tuple[int, int], scale: float = 1.0, save_dir: Path | None = None):  # type: ignore[no-untyped-def]
    app = make_app(size, save_dir=save_dir)
    notices.take()
    if scale != 1.0:
        app.set_ui_scale(scale)
    app.show_menu()
    frames(app, 3)
    return app


# -------------------------------------------------------------- 2: Back, Back is not Quit


@pytest.mark.parametrize("scale", [0.75, 1.0, 1.5])
@pytest.mark.parametrize("size", [*SIZES, (1366, 768)])
def test_a_double_click_on_settings_back_never_quits(size: tuple[int, int], scale: float,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 2: the second click of a double click on the settings screen's Back landed
    on the menu's Quit, which sat under it, and the program closed. Quit has moved out of
    the corner under Back, and wherever it is, the second click of a double click on
    Back clicks nothing in the menu: the program runs on, the menu in
    front. A click on Quit a moment later quits as before."""
    use_choices(monkeypatch, [fake_choice("arc")])
    app = _menu(size, scale)
    try:
        click(app, widget_centre(app.stack.top.widgets["settings"]))
        frames(app, 2)
        settings = app.stack.top
        back = settings.widgets["back"].get_abs_rect()
        click(app, back.center)
        frames(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        click(app, back.center)  # the second click: on Settings, Quit or nothing
        frames(app, 2)
        assert app.running and app.stack.top is menu
        if (size, scale) in (((1280, 720), 1.0), ((1600, 900), 1.0), ((2560, 1440), 1.0)):
            screenshot(app, SHOTS / f"menu_{size[0]}x{size[1]}.png")
        later = app.double_click.clock() + 1.0
        app.double_click.clock = lambda: later
        click(app, menu.widgets["quit"].get_abs_rect().center)
        assert not app.running
    finally:
        app.shutdown()


# -------------------------------------------------------------- 3: Esc closes a list only


def test_esc_closes_an_open_list_of_the_menu_and_nothing_else(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 3: in the menu, Esc did not close an open drop-down list. Now it does, the
    choice unchanged; the next Esc does nothing there either."""
    use_choices(monkeypatch, [fake_choice("arc")])
    app = _menu((1280, 720))
    try:
        menu = app.stack.top
        before = list(menu.deck_ids)
        click(app, widget_centre(menu.widgets["deck0"]))
        assert open_lists(app.ui)
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert not open_lists(app.ui)
        assert app.stack.top is menu and menu.deck_ids == before
        key(app, pygame.K_ESCAPE)
        assert app.running and app.stack.top is menu
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_esc_in_the_deck_builder_closes_the_open_list_and_stays(size: tuple[int, int]) -> None:
    """Finding 3: the deck builder with its deck list open: Esc closed the list AND went
    to the menu (or, with unsaved changes, asked about them under the still open list).
    Now Esc closes the list only; a second Esc goes back as before."""
    from tabletop.ui.deck_builder import DeckBuilderScene
    from tabletop.ui.deck_menu import open_builder

    app = make_app(size)
    notices.take()
    try:
        open_builder(app, "arc")
        frames(app, 3)
        builder = app.stack.top
        assert isinstance(builder, DeckBuilderScene)
        builder._told = []  # no broken-file notice of another part over the list
        frames(app, 2)
        click(app, widget_centre(builder.widgets["game"]))
        assert open_lists(app.ui)
        if size == (1280, 720):
            screenshot(app, SHOTS / "builder_list_open.png")
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert not open_lists(app.ui)
        assert app.stack.top is builder and dialogs.top_dialog(app.ui) is None
        screenshot(app, SHOTS / f"builder_after_esc_{size[0]}x{size[1]}.png")
        key(app, pygame.K_ESCAPE)
        frames(app, 3)
        assert isinstance(app.stack.top, MenuScene)
    finally:
        app.shutdown()


def test_esc_on_the_csv_mapping_screen_closes_the_column_list_and_stays(
        tmp_path: Path) -> None:
    """Finding 3: on the CSV mapping screen, Esc on an open column list left the screen.
    Now it closes the list only; the next Esc leaves as before."""
    from tabletop.core.rules import load_rules
    from tabletop.ui.deck_csv import CsvImportScene

    csv = tmp_path / "set.csv"
    csv.write_text("id,name,type,cost\nx1,Alpha,character,2\n", encoding="utf-8")
    left: list[object] = []
    app = make_app()
    notices.take()
    try:
        scene = CsvImportScene(app, load_rules("arc"), csv, left.append)
        app.replace(scene)
        frames(app, 3)
        lists = [w for k, w in scene.widgets.items() if k.startswith("map:")]
        assert lists
        click(app, widget_centre(lists[0]))
        assert open_lists(app.ui)
        screenshot(app, SHOTS / "csv_list_open.png")
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert not open_lists(app.ui) and app.stack.top is scene and left == []
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert left == [None]
    finally:
        app.shutdown()


# -------------------------------------------------------------- 8: lessons keep the game


def test_back_from_lessons_shows_the_menu_at_the_game_it_showed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 8: Conan chosen, Lessons, "Back to the menu": the menu came back at another
    game. It comes back at the game it showed, whichever tab was looked at meanwhile."""
    from tabletop.ui.lessons_menu import LessonsMenu

    use_choices(monkeypatch, [fake_choice("arc"), fake_choice("conan"),
                              fake_choice("xenocard")])
    app = _menu((1280, 720))
    try:
        click(app, widget_centre(app.stack.top.widgets["game:conan"]))
        frames(app, 2)
        assert app.stack.top.game_id == "conan"
        click(app, widget_centre(app.stack.top.widgets["lessons"]))
        frames(app, 2)
        lessons = app.stack.top
        assert isinstance(lessons, LessonsMenu)
        lessons.select_game("xenocard")  # another tab looked at
        frames(app, 2)
        key(app, pygame.K_ESCAPE)
        frames(app, 3)
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and menu.game_id == "conan"
    finally:
        app.shutdown()


# -------------------------------------------------------------- 13: every problem told


BAD_DECK = """name = { en = "Bad" }
[cards]
red_ember_hills = 0
red_spark_squire = 100
red_flame_duelist = "2"
"""


def test_every_problem_of_a_broken_user_deck_is_listed_in_the_menu() -> None:
    """Finding 13: the menu's (and the deck builder's) list of deck files that cannot be
    loaded gave the first problem of each file only; ``tabletop validate`` lists all.
    Each of the file's three problems is now a line of the menu's dialog."""
    from tabletop.core.deck_files import deck_folder, load_user_decks
    from tabletop.ui import menu_broken_decks
    from tabletop.ui.menu import GameChoice

    folder = deck_folder("arc")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bad.toml").write_text(BAD_DECK, encoding="utf-8")
    reason = load_user_decks("arc", None).broken["bad.toml"]
    assert reason.splitlines() == [
        "bad.toml: field 'cards.red_ember_hills': expected a count from 1 to 99, got 0",
        "bad.toml: field 'cards.red_spark_squire': expected a count from 1 to 99, got 100",
        "bad.toml: field 'cards.red_flame_duelist': expected a count from 1 to 99, got '2': "
        "write 2 without quotes"]
    choice = GameChoice.load("arc")
    why = choice.broken_decks["bad.toml"]
    for field in ("cards.red_ember_hills", "cards.red_spark_squire", "cards.red_flame_duelist"):
        assert f"field '{field}'" in why
    app = make_app()
    notices.take()
    try:
        app.show_menu()
        frames(app, 3)
        menu = app.stack.top
        menu.games["arc"] = choice
        menu_broken_decks.show(menu)
        frames(app, 2)
        body = " ".join(texts(app))
        assert body.count("• Arc System: bad.toml: field") == 3
        screenshot(app, SHOTS / "broken_decks.png")
    finally:
        app.shutdown()


# -------------------------------------------------------------- 14: unfinished games


def test_a_save_of_today_says_only_the_time() -> None:
    """Finding 14: "saved 2026-12-02 00:39" went to a third line. Today: the time; this
    year: month, day and time; earlier: the whole date."""
    now = datetime(2026, 12, 2, 12, 0).astimezone()
    assert short_when(now.replace(hour=0, minute=39).isoformat(), now) == "00:39"
    assert short_when((now - timedelta(days=30)).isoformat(), now) == \
        (now - timedelta(days=30)).strftime("%m-%d %H:%M")
    assert short_when(now.replace(year=2025).isoformat(), now).startswith("2025-12-02 ")
    assert short_when("not a time", now) == "not a time"


def _saves(folder: Path, n: int) -> None:
    from tabletop.core.persistence import save_data, write_json_atomic
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load("arc")
    first, second = list(choice.decks)[:2]
    now = datetime.now().astimezone().replace(second=0, microsecond=0)
    for i in range(n):
        game = choice.make_game(first, second, first_seat=i % 2, seed=i + 1)
        when = now - timedelta(minutes=i)
        write_json_atomic(save_data(game, saved_at=when),
                          folder / f"autosave-arc-{when:%Y%m%d-%H%M}{i:02}.json")


@pytest.mark.parametrize(("size", "scale"), [((1366, 768), 1.0), ((1366, 768), 1.5),
                                             ((1366, 768), 2.0), ((1920, 1080), 1.5),
                                             *((s, 1.0) for s in SIZES)])
def test_unfinished_games_fill_their_page(size: tuple[int, int], scale: float,
                                          tmp_path: Path) -> None:
    """Finding 14: at 1366x768 the unfinished games showed one game a page with room for
    more. With today's saves at least two games share a page, each row whole."""
    _saves(tmp_path, 5)
    app = _menu(size, scale, save_dir=tmp_path)
    try:
        menu = app.stack.top
        screenshot(app, SHOTS / f"saves_{size[0]}x{size[1]}_{round(scale * 100)}.png")
        rows = [k for k in menu.widgets if k.startswith("resume:")]
        assert len(rows) >= 2, rows
        panel = menu.widgets["side_panel"].get_abs_rect()
        for k in rows:
            assert panel.contains(menu.widgets[k].get_abs_rect())
    finally:
        app.shutdown()


# -------------------------------------------------------------- 16: broken settings kept


def test_a_second_broken_settings_file_keeps_the_first_ones_copy() -> None:
    """Finding 16: a second unusable settings file overwrote the first one's copy
    settings.json.broken. Each is kept: .broken, then .broken.2."""
    from tabletop import userdirs

    where = userdirs.settings_path()
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("{ first", encoding="utf-8")
    assert load_settings()[1] is not None
    where.write_text("[second]", encoding="utf-8")
    settings, problem = load_settings()
    assert problem is not None and "broken.2" in problem.render()
    assert where.with_name("settings.json.broken").read_text(encoding="utf-8") == "{ first"
    assert where.with_name("settings.json.broken.2").read_text(encoding="utf-8") == "[second]"
    assert broken_name(where) == where.with_name("settings.json.broken.3")


# -------------------------------------------------------------- 23: one Mode


def test_the_menus_mode_is_the_settings_new_games_start_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 23: the settings said "New games start in: Free mode" while the menu showed
    "Rules mode" (the menu kept its own choice until a game started). A Mode chosen in
    the menu is the setting at once: the settings screen shows it, and so does the file."""
    from tabletop.ui.settings_screen import SettingsScene

    use_choices(monkeypatch, [fake_choice("arc")])
    app = _menu((1280, 720))
    try:
        menu = app.stack.top
        choose_option(app, menu.widgets["mode"], "free")
        assert app.stack.top.free_mode
        assert load_settings()[0].free_mode
        click(app, widget_centre(app.stack.top.widgets["settings"]))
        frames(app, 2)
        assert isinstance(app.stack.top, SettingsScene)
        assert app.stack.top.settings.free_mode
    finally:
        app.shutdown()


# -------------------------------------------------------------- 24: one click on Keep


@pytest.mark.parametrize("same_frame", [False, True])
def test_one_click_on_keep_answers_the_mulligan_question(same_frame: bool) -> None:
    """Finding 24 (not reproduced): Keep in the opening-hand question (ARC-R3) needed a
    second click. After the hand-over cover is clicked away, one click on Keep answers
    it: pointer moved, pressed and released in separate frames, or all in one frame (a
    quick click right after a move, as xdotool gives)."""
    from ui_helpers import FRAME, _mouse

    from tabletop.ui.cover import ARM_DELAY
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load("arc")
    first, second = list(choice.decks)[:2]
    game = choice.make_game(first, second, first_seat=0, seed=1)
    app = make_app()
    notices.take()
    try:
        app.start_game(game)
        frames(app, int(ARM_DELAY / FRAME) + 5)
        click(app, (640, 360))  # the cover: "Pass the computer to Player 1"
        frames(app, 2)
        keep = [e for e in app.ui.get_sprite_group().sprites()
                if getattr(e, "text", "") == "Keep"]
        assert keep, "seed 1 deals Player 1 a hand the rules ask about"
        logged = len(game.state.log)
        pos = widget_centre(keep[0])
        if same_frame:
            _mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
            _mouse(pygame.MOUSEBUTTONDOWN, pos, button=1, touch=False)
            _mouse(pygame.MOUSEBUTTONUP, pos, button=1, touch=False)
            frames(app, 3)
        else:
            click(app, pos)
            frames(app, 2)
        assert len(game.state.log) > logged
    finally:
        app.shutdown()
