"""Second QA pass on issue 16, the deck builder's part (findings 1, 5, 7, 10, 17, 19):
deck names (rename of a copy, a ready-made deck's name), the menu following a rename or
a delete, the legality list showing every problem, broken files told once a run, and
Conan's problem words and card face. Driven by posted mouse, key and text events."""

from __future__ import annotations

import html
import json

import pygame
import pytest
from ui_helpers import choose_option, click, frames, key, make_app, move, post, widget_centre

from tabletop import i18n
from tabletop.core.deck_files import deck_path, load_user_decks
from tabletop.ui import dialogs, menu_decks
from tabletop.ui.deck_builder import DeckBuilderScene
from tabletop.ui.deck_summary import problem_line
from tabletop.ui.menu import MenuScene
from tabletop.userdirs import Kind, folder


def _builder(game: str = "arc", size: tuple[int, int] = (1280, 720), lang: str = "en",
             scale: float | None = None):  # type: ignore[no-untyped-def]
    app = make_app(size, lang)
    if scale is not None:
        app.set_ui_scale(scale)
    scene = DeckBuilderScene(app, game)
    app.stack.replace(scene)
    frames(app, 2)
    return app, scene


def _dialog_text(app) -> str:  # type: ignore[no-untyped-def]
    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    return html.unescape(str(window.text_block.html_text)).replace("<br>", "\n")


def _close_dialogs(app) -> None:  # type: ignore[no-untyped-def]
    while dialogs.top_dialog(app.ui) is not None:
        key(app, pygame.K_ESCAPE)
        frames(app, 2)


def _type_name(app, scene: DeckBuilderScene, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click the name field, select what is there (Ctrl+A) and type ``text``."""
    click(app, widget_centre(scene.widgets["name"]))
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 3)
    assert scene.widgets["name"].get_text() == text


def _press(app, scene: DeckBuilderScene, button: str) -> None:  # type: ignore[no-untyped-def]
    click(app, widget_centre(scene.widgets[button]))
    frames(app, 2)


def _add(app, scene: DeckBuilderScene, cid: str, times: int = 1) -> None:  # type: ignore[no-untyped-def]
    scene.set_filter(text=cid)
    frames(app, 1)
    pos = scene.pool_view.row_centre(cid)
    assert pos is not None, cid
    for _ in range(times):
        click(app, pos)


def _saved_club_red(app, scene: DeckBuilderScene) -> None:  # type: ignore[no-untyped-def]
    _add(app, scene, "red_ember_hills", 4)
    _type_name(app, scene, "Club Red")
    _press(app, scene, "save")
    assert deck_path("arc", "club_red").is_file(), _dialog_text(app)


# ---------------------------------------------------------------- finding 1
def test_a_copy_renamed_takes_the_new_name_in_both_languages() -> None:
    app, scene = _builder()
    _saved_club_red(app, scene)
    _press(app, scene, "duplicate")
    copy = load_user_decks("arc").decks["club_red_copy"]
    assert copy.name == {"en": "Club Red (copy)", "ja": "Club Red（コピー）"}
    _type_name(app, scene, "Totally New")
    _press(app, scene, "rename")
    assert dialogs.top_dialog(app.ui) is None, _dialog_text(app)  # not "in use" by itself
    decks = load_user_decks("arc").decks
    assert sorted(decks) == ["club_red", "totally_new"]
    assert decks["totally_new"].name == {"en": "Totally New", "ja": "Totally New"}
    assert scene.draft is not None and scene.draft.saved_id == "totally_new"


def test_a_rename_onto_another_decks_name_is_still_refused() -> None:
    app, scene = _builder()
    _saved_club_red(app, scene)
    _press(app, scene, "duplicate")
    _type_name(app, scene, "club red")
    _press(app, scene, "rename")
    assert i18n.t("decks.name_taken", name="Club Red") in _dialog_text(app)
    assert sorted(load_user_decks("arc").decks) == ["club_red", "club_red_copy"]


# ---------------------------------------------------------------- finding 5
def test_a_ready_made_deck_saved_as_ones_own_is_named_a_copy() -> None:
    app, scene = _builder()
    choose_option(app, scene.widgets["deck"], "ready:crimson_vanguard")
    _add(app, scene, "red_ember_hills")  # an edit, then Save
    _press(app, scene, "save")
    (deck,) = load_user_decks("arc").decks.values()
    assert deck.name == {"en": "Crimson Vanguard (copy)", "ja": "紅の先陣（コピー）"}
    assert "Crimson Vanguard (copy)" in scene.status
    menu = MenuScene(app, selected="arc")
    for lang in ("en", "ja"):  # the menu lists no two decks alike, in either language
        names = [d.display_name(lang) for d in menu.games["arc"].decks.values()]
        assert len(names) == len(set(names)), names


@pytest.mark.parametrize(("typed", "lang"), [("crimson  VANGUARD", "en"), ("紅の先陣", "ja")])
def test_a_ready_made_decks_name_typed_is_refused(typed: str, lang: str) -> None:
    app, scene = _builder(lang=lang)
    _add(app, scene, "red_ember_hills")
    _type_name(app, scene, typed)
    _press(app, scene, "save")
    name = "Crimson Vanguard" if lang == "en" else "紅の先陣"
    assert i18n.t("qa16b.name_ready", name=name) in _dialog_text(app).replace("\n", "")
    assert not load_user_decks("arc").decks


# ---------------------------------------------------------------- finding 7
def test_the_menu_follows_a_rename_and_a_delete_without_a_word() -> None:
    app, scene = _builder()
    _saved_club_red(app, scene)
    menu_decks.remember("arc", ["my:club_red", "crimson_vanguard"])
    _type_name(app, scene, "Club Blue")
    _press(app, scene, "rename")
    assert menu_decks.remembered("arc") == ("my:club_blue", "crimson_vanguard")
    _press(app, scene, "back")
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    frames(app, 3)
    assert menu.deck_ids[0] == "my:club_blue"
    assert dialogs.top_dialog(app.ui) is None
    click(app, widget_centre(menu.widgets["decks"]))
    scene = app.stack.top
    assert isinstance(scene, DeckBuilderScene) and scene.draft is not None
    assert scene.draft.saved_id == "club_blue"
    _press(app, scene, "delete")
    click(app, widget_centre(dialogs.top_dialog(app.ui).confirm_button))
    frames(app, 3)
    assert not deck_path("arc", "club_blue").exists()
    assert menu_decks.remembered("arc") == (None, "crimson_vanguard")
    _press(app, scene, "back")
    frames(app, 3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.deck_ids[0] is not None
    assert dialogs.top_dialog(app.ui) is None  # deleted on purpose: nothing to tell


def test_a_deck_file_gone_behind_the_menus_back_is_named_by_its_file() -> None:
    menu_decks.path().parent.mkdir(parents=True, exist_ok=True)
    menu_decks.path().write_text(json.dumps({"arc": ["my:club_red", None]}), encoding="utf-8")
    app = make_app()
    app.stack.replace(MenuScene(app, selected="arc"))
    frames(app, 3)
    window = dialogs.top_dialog(app.ui)
    assert window is not None
    said = _dialog_text(app)
    assert '"club_red.toml" is no longer in your decks folder' in said, said
    assert "my:" not in said
    title = html.unescape(str(window.window_display_title))
    assert title == i18n.t("qa16b.deck_gone_title") != i18n.t("dialog.notices_title")


# ---------------------------------------------------------------- finding 10
def _conan_with_problems(app, scene: DeckBuilderScene) -> None:  # type: ignore[no-untyped-def]
    choose_option(app, scene.widgets["game"], "conan")
    frames(app, 2)
    _add(app, scene, "conan_wanderer")
    _add(app, scene, "conan_pit_fighter")
    _add(app, scene, "foe_mercenary_captain", 8)
    frames(app, 2)


def test_the_legality_list_shows_all_five_conan_problems_at_1366x768_125() -> None:
    app, scene = _builder(size=(1366, 768), scale=1.25)
    _conan_with_problems(app, scene)
    assert len(scene._problems) == 5
    area, hidden = scene._problem_area
    assert hidden == 0 and area.height > 0
    assert area.bottom <= scene.rects["status"].y  # the room the problems may take


def test_problems_beyond_the_panel_are_counted_and_the_wheel_reaches_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = _builder(size=(1280, 720), scale=1.5)
    _conan_with_problems(app, scene)
    assert scene.draft is not None  # more problems: cards in the wrong piles
    scene.draft.sections.setdefault("foe", {})["action_forage"] = 1
    scene.draft.sections.setdefault("draw", {}).update(foe_grey_wolf=1, conan_sea_raider=1)
    scene.refresh()
    frames(app, 2)
    area, hidden = scene._problem_area
    total = len(scene._problems)
    assert hidden > 0, total
    move(app, area.center)
    # posted motion moves no pointer of the dummy driver: the app reads it from here
    monkeypatch.setattr(app, "mouse_pos", lambda: area.center)
    for _ in range(total):
        post(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
             precise_y=-1.0)
    assert scene.problem_first > 0
    assert scene.problem_first + (total - scene._problem_area[1]) >= total - 1
    for _ in range(total):
        post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
             precise_y=1.0)
    assert scene.problem_first == 0


# ---------------------------------------------------------------- finding 17
def test_broken_files_are_told_once_a_run_not_at_every_visit() -> None:
    decks = folder(Kind.DECKS, "arc")
    decks.mkdir(parents=True)
    (decks / "torn.toml").write_text('name = { en = "Torn" }\n[cards]\nred_ember_hills = 0\n',
                                     encoding="utf-8")
    app, scene = _builder()
    frames(app, 2)
    assert "torn.toml" in _dialog_text(app)
    _close_dialogs(app)
    _press(app, scene, "back")
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    frames(app, 2)
    _close_dialogs(app)  # the menu's own list of broken decks, if it shows one
    click(app, widget_centre(menu.widgets["decks"]))
    frames(app, 3)
    assert isinstance(app.stack.top, DeckBuilderScene)
    window = dialogs.top_dialog(app.ui)
    assert window is None, _dialog_text(app)


# ---------------------------------------------------------------- finding 19
def test_conans_problems_speak_of_the_deck_not_the_files_pile() -> None:
    app, scene = _builder()
    _conan_with_problems(app, scene)
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        try:
            lines = [problem_line(p) for p in scene._problems]
        finally:
            i18n.set_language("en")
        assert lines and not any("[conan]" in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_foes_renown_and_scars_stay_on_one_line_in_the_builders_preview(lang: str) -> None:
    app, scene = _builder("conan", size=(1280, 720), lang=lang)
    scene.set_filter(text="foe_mercenary_captain")
    frames(app, 1)
    pos = scene.pool_view.row_centre("foe_mercenary_captain")
    assert pos is not None
    move(app, pos)
    frames(app, 2)
    assert scene._preview is not None
    renderer = scene._preview[1].renderer
    tail = i18n.msg("conanui.renown_scars", renown=6, scars=3).render(lang)
    placed = [p for record in list(renderer.records.values()) if record.key[1:2] ==
              ("foe_mercenary_captain",) for p in record.placed if p.text == tail]
    assert placed, "the preview drew no renown and scars"
    assert all(len(p.lines) == 1 for p in placed), [p.lines for p in placed]
    assert all(p.px >= 12 for p in placed)

