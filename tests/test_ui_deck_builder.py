"""The deck builder window (tabletop.ui.deck_builder), driven by posted mouse and key
events: cards go in and out by click, right-click and drag, decks are saved to the
user folder and come back (through files, text and the menu), broken user files are
named and never stop the program."""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, drag, frames, key, make_app, widget_centre

from tabletop import i18n
from tabletop.core.deck_files import deck_path, load_user_decks
from tabletop.core.decks import load_deck
from tabletop.core.rules import game_ids, load_rules
from tabletop.ui import dialogs
from tabletop.ui.deck_builder import DeckBuilderScene
from tabletop.ui.menu import MenuScene
from tabletop.userdirs import Kind, folder


def builder(game: str = "arc", size: tuple[int, int] = (1280, 720), lang: str = "en"):  # type: ignore[no-untyped-def]
    app = make_app(size, lang)
    scene = DeckBuilderScene(app, game)
    app.stack.replace(scene)
    frames(app, 2)
    return app, scene


def pool_row(scene: DeckBuilderScene, cid: str, search: str = "") -> tuple[int, int]:
    """Where card ``cid`` is in the pool, searched for by ``search`` (default its id)."""
    scene.set_filter(text=search or cid)  # the one card in view
    frames(scene.app, 1)
    pos = scene.pool_view.row_centre(cid)
    assert pos is not None, f"{cid} not in view"
    return pos


def deck_row(scene: DeckBuilderScene, cid: str, pile: str | None = None) -> tuple[int, int]:
    pos = scene.deck_view.row_centre(cid, pile)
    assert pos is not None, f"{cid} not in the deck list"
    return pos


def open_dialog_text(app) -> str:  # type: ignore[no-untyped-def]
    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    box = getattr(window, "text_block", None) or getattr(window, "text_box", None)
    return html.unescape(str(box.html_text)).replace("<br>", "\n")


def test_the_menus_decks_button_opens_the_builder_at_its_game_and_esc_returns() -> None:
    app = make_app()
    menu = MenuScene(app)
    app.stack.replace(menu)
    frames(app, 2)
    menu.select_game("xenocard")
    frames(app, 2)
    click(app, widget_centre(menu.widgets["decks"]))
    scene = app.stack.top
    assert isinstance(scene, DeckBuilderScene) and scene.game == "xenocard"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene) and app.stack.top.game_id == "xenocard"


def test_click_adds_a_copy_right_click_takes_one_out() -> None:
    app, scene = builder()
    pos = pool_row(scene, "red_flame_duelist")
    click(app, pos)
    click(app, pos)
    assert scene.draft is not None and scene.draft.count("red_flame_duelist") == 2
    click(app, pos, button=3)
    assert scene.draft.count("red_flame_duelist") == 1
    click(app, deck_row(scene, "red_flame_duelist"), button=3)  # in the deck: one more
    assert scene.draft.count("red_flame_duelist") == 2
    click(app, deck_row(scene, "red_flame_duelist"))  # in the deck: one out
    assert scene.draft.count("red_flame_duelist") == 1


def test_drag_from_the_pool_adds_and_from_the_deck_takes_out() -> None:
    app, scene = builder()
    start = pool_row(scene, "red_ember_hills")
    deck_area = scene.deck_view.rect.center
    drag(app, start, deck_area)
    drag(app, start, deck_area)
    assert scene.draft is not None and scene.draft.count("red_ember_hills") == 2
    drag(app, deck_row(scene, "red_ember_hills"), scene.pool_view.rect.center)
    assert scene.draft.count("red_ember_hills") == 1
    drag(app, start, (start[0] + 60, start[1]))  # a drag dropped on its own list: nothing
    assert scene.draft.count("red_ember_hills") == 1


def test_conan_cards_go_to_their_piles_and_the_foe_renown_is_shown() -> None:
    app, scene = builder("conan")
    for cid in ("conan_wanderer", "foe_pit_fiend", "move_slash"):
        click(app, pool_row(scene, cid))
    assert scene.draft is not None
    assert scene.draft.deck().sections == {"conan": {"conan_wanderer": 1},
                                           "draw": {"move_slash": 1},
                                           "foe": {"foe_pit_fiend": 1}}
    heads = [r.text for r in scene.deck_view.rows if r.heading]
    assert heads == ["Conan: 1", "Draw deck: 1", "Foe deck: 1 · renown 8"]
    keys_shown = [p.message.key for p in scene.draft.problems()]
    assert "deck.conan.draw_too_few" in keys_shown and "deck.conan.foe_renown" in keys_shown


def test_a_deck_built_by_clicks_is_saved_and_comes_back_and_the_menu_offers_it() -> None:
    app, scene = builder()
    for cid in ("red_ember_hills", "red_flame_duelist"):
        pos = pool_row(scene, cid)
        for _ in range(4):
            click(app, pos)
    assert scene.draft is not None and scene.draft.problems() == []  # 8 cards: legal
    entry = scene.widgets["name"]
    entry.set_text("Club Night")
    scene.set_name("Club Night")
    click(app, widget_centre(scene.widgets["save"]))
    path = deck_path("arc", "club_night")
    assert path.is_file()
    saved = load_deck(path, list(load_rules("arc").cards), ["alignment"])
    assert saved.sections == {"cards": {"red_ember_hills": 4, "red_flame_duelist": 4}}
    assert saved.name["en"] == "Club Night"
    again = DeckBuilderScene(app, "arc")
    assert again.draft is not None and again.draft.saved_id == "club_night"
    assert again.draft.deck().sections == saved.sections
    menu = MenuScene(app, selected="arc")
    choice = menu.games["arc"]
    assert choice.legal("my:club_night")
    assert choice.decks["my:club_night"].display_name("en") == "Club Night"


def test_export_and_import_as_text_give_the_same_deck_back() -> None:
    app, scene = builder("xenocard", lang="ja")
    scene.open_deck("ready:void_tide")
    scene.build()
    frames(app, 1)
    original = scene.draft.deck().sections if scene.draft else None
    click(app, widget_centre(scene.widgets["export"]))
    text_file = folder(Kind.DECKS, "xenocard") / "void_tide.txt"
    assert text_file.is_file()
    assert "虚無の潮" in text_file.read_text(encoding="utf-8")
    dialogs.top_dialog(app.ui).kill()
    scene.new_deck()
    scene.import_file(text_file)
    assert "すべての行を読み込みました" in open_dialog_text(app)
    assert scene.draft is not None and scene.draft.deck().sections == original
    assert scene.draft.dirty


def test_import_reports_each_line_it_cannot_read() -> None:
    app, scene = builder()
    scene.import_text("4 Ember Hills\n2 Flame Duelst\n0 Ember Hills\n", "typed")
    said = open_dialog_text(app)
    assert "line 2" in said and "Flame Duelist" in said and "line 3" in said
    assert scene.draft is not None and scene.draft.deck().sections == \
        {"cards": {"red_ember_hills": 4}}


def test_broken_user_files_are_named_and_the_program_still_starts() -> None:
    decks = folder(Kind.DECKS, "arc")
    cards = folder(Kind.CARDS, "arc")
    decks.mkdir(parents=True)
    cards.mkdir(parents=True)
    (decks / "torn.toml").write_text('name = { en = "Torn" }\n[cards]\nred_ember_hills = 0\n',
                                     encoding="utf-8")
    (cards / "smudged.toml").write_text('[[card]]\nid = "u_x"\ntype = "wizard"\n'
                                        'name = { en = "X", ja = "X" }\n', encoding="utf-8")
    app, scene = builder()
    frames(app, 2)  # the message comes with the first frames
    said = open_dialog_text(app)
    assert "torn.toml" in said and "cards.red_ember_hills" in said
    assert "cards/arc/smudged.toml" in said and "'type'" in said
    menu = MenuScene(app, selected="arc")
    app.stack.replace(menu)
    frames(app, 2)
    assert "torn.toml" in menu.games["arc"].broken_decks
    assert menu.start_problem() == ""  # the ready-made decks still start


def test_the_users_own_card_is_in_the_pool_marked_and_can_be_added() -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    (cards / "club.toml").write_text(
        '[[card]]\nid = "u_storm_caller"\ntype = "character"\n'
        'name = { en = "Storm Caller", ja = "嵐を呼ぶ者" }\ncolour = "red"\ncost = 3\n'
        'power = 4\n', encoding="utf-8")
    app, scene = builder()
    click(app, pool_row(scene, "u_storm_caller", "嵐を呼ぶ"))  # found by its Japanese name
    assert scene.draft is not None and scene.draft.count("u_storm_caller") == 1
    (row,) = [r for r in scene.pool_view.rows if r.key == "u_storm_caller"]
    assert row.mark and "your card" in row.note


def test_search_in_japanese_and_the_type_filter() -> None:
    from ui_helpers import choose_option

    app, scene = builder(lang="ja")
    click(app, widget_centre(scene.widgets["search"]))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="炎"))
    frames(app, 3)
    names = [r.text for r in scene.pool_view.rows]
    assert names and all("炎" in n for n in names)
    scene.set_filter(text="")
    choose_option(app, scene.widgets["f_type"], "resource")
    assert scene.filter.type == "resource"
    assert {r.note.split(" · ")[0] for r in scene.pool_view.rows} == {"リソース"}


def test_rename_duplicate_and_delete() -> None:
    app, scene = builder()
    click(app, pool_row(scene, "red_ember_hills"))
    scene.set_name("First")
    click(app, widget_centre(scene.widgets["save"]))
    assert deck_path("arc", "first").is_file()
    scene.set_name("Second")
    click(app, widget_centre(scene.widgets["rename"]))
    assert deck_path("arc", "second").is_file() and not deck_path("arc", "first").exists()
    click(app, widget_centre(scene.widgets["duplicate"]))
    assert deck_path("arc", "second_copy").is_file()
    assert scene.draft is not None and scene.draft.saved_id == "second_copy"
    click(app, widget_centre(scene.widgets["delete"]))
    dialog = dialogs.top_dialog(app.ui)
    click(app, widget_centre(dialog.confirm_button))
    frames(app, 3)  # the dialog's answer arrives as an event of its own
    assert not deck_path("arc", "second_copy").exists()
    assert list(load_user_decks("arc").decks) == ["second"]


def test_leaving_with_unsaved_changes_asks_first() -> None:
    app, scene = builder()
    click(app, pool_row(scene, "red_ember_hills"))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene  # still here: a question is open
    assert i18n.t("decks.discard_body", name="New deck") in open_dialog_text(app)


def test_ctrl_s_saves() -> None:
    app, scene = builder()
    click(app, pool_row(scene, "red_ember_hills"))
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert deck_path("arc", "new_deck").is_file()


SIZES = [(1280, 720), (1600, 900), (2560, 1440)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", game_ids())
def test_every_game_lays_out_inside_the_window_at_every_size(game: str, lang: str) -> None:
    for size in SIZES:
        app, scene = builder(game, size, lang)
        w, h = size
        rects = {k: v.get_abs_rect() for k, v in scene.widgets.items()}
        for name, rect in rects.items():
            assert rect.left >= 0 and rect.top >= 0 and rect.right <= w and rect.bottom <= h, \
                (size, name, rect)
        toolbar = [rects[k] for k in ("name", "new", "save", "rename", "duplicate", "delete",
                                      "import", "export", "folder")]
        for a, b in zip(toolbar, toolbar[1:], strict=False):
            assert a.right <= b.left, (size, a, b)
        panels = [scene.rects[k] for k in ("left", "middle", "right")]
        for a, b in zip(panels, panels[1:], strict=False):
            assert a.right <= b.left
        assert scene.pool_view.rect.height > 200 * h // 720
        # the pool's headings and the deck's fit their panels
        fonts = app.fonts
        for key_ in ("pool_head", "deck_head"):
            assert scene.rects[key_].width > 0
        heading = i18n.t("decks.pool", shown=99, total=99)
        assert fonts.get(round(17 * app.scale), True).size(heading)[0] <= \
            scene.rects["pool_head"].width
        frames(app, 1)


def test_screenshots(tmp_path: Path) -> None:
    """The builder is drawn (a full frame) with a deck in every game."""
    for game, deck in (("conan", "northern_steel"), ("eshi100", "gallery_wall")):
        app, scene = builder(game, (1600, 900), "ja")
        scene.open_deck(f"ready:{deck}")
        scene.build()
        frames(app, 2)
        pygame.image.save(app.screen, str(tmp_path / f"{game}.png"))
        assert (tmp_path / f"{game}.png").stat().st_size > 10_000


def test_csv_import_screen_maps_columns_previews_and_fills_the_pool() -> None:
    from ui_helpers import choose_option

    from tabletop.ui.deck_csv import CsvImportScene

    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    (cards / "club.csv").write_text(
        "Name,Japanese,Kind,Colour,Cost,Power,G/E\n"
        "Storm Caller,嵐を呼ぶ者,character,red,3,4,good\n"
        "Bad Cost,悪いコスト,character,red,x,2,\n"
        "Mist Vale,霧の谷,resource,blue,,,\n", encoding="utf-8")
    app, scene = builder()
    click(app, widget_centre(scene.widgets["import"]))
    window = dialogs.top_dialog(app.ui)
    (answer,) = [b for b in app.ui.get_sprite_group().sprites()
                 if getattr(b, "text", "") == "Cards from club.csv (spreadsheet)"]
    click(app, widget_centre(answer))
    assert not window.alive()
    csv_scene = app.stack.top
    assert isinstance(csv_scene, CsvImportScene)
    # guessed from the headers: names, colour, cost, power, alignment; not "Kind"
    assert csv_scene.mapping == {"name": "Name", "name.ja": "Japanese", "colour": "Colour",
                                 "cost": "Cost", "power": "Power", "alignment": "G/E"}
    assert csv_scene.result.entries == []  # no type yet: every row says so
    assert all("type" in p.problem for p in csv_scene.result.problems)
    choose_option(app, csv_scene.widgets["map:type"], "Kind")
    assert [e["id"] for e in csv_scene.result.entries] == ["user_storm_caller",
                                                           "user_mist_vale"]
    (problem,) = csv_scene.result.problems
    assert (problem.row, problem.column) == (3, "Cost")
    click(app, widget_centre(csv_scene.widgets["import"]))
    assert app.stack.top is scene
    assert (cards / "club.toml").is_file()
    assert scene.pool is not None and {"user_storm_caller", "user_mist_vale"} <= \
        scene.pool.user_ids
    assert "2" in open_dialog_text(app) and "club.toml" in open_dialog_text(app)
    assert "search" in scene.widgets  # the builder's widgets are back


def test_csv_import_screen_back_writes_nothing() -> None:
    from tabletop.ui.deck_csv import CsvImportScene

    cards = folder(Kind.CARDS, "xenocard")
    cards.mkdir(parents=True)
    sheet = cards / "list.csv"
    sheet.write_text("Name,Type\nScout,battle\n", encoding="utf-8")
    app, scene = builder("xenocard")
    scene.open_csv(sheet)
    frames(app, 1)
    assert isinstance(app.stack.top, CsvImportScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and not (cards / "list.toml").exists()


def test_a_saved_deck_starts_a_game_from_the_menu() -> None:
    from ui_helpers import choose_option

    from tabletop.core.deck_files import save_deck
    from tabletop.core.decks import Deck

    save_deck(Deck("club", {"en": "Club Deck", "ja": "部のデッキ"},
                   {"cards": {"red_ember_hills": 20, "red_flame_duelist": 4}}), "arc")
    app = make_app()
    menu = MenuScene(app, selected="arc")
    app.stack.replace(menu)
    frames(app, 2)
    choose_option(app, menu.widgets["deck0"], "my:club")
    assert menu.deck_ids[0] == "my:club" and menu.start_problem() == ""
    click(app, widget_centre(menu.widgets["start"]))
    frames(app, 2)
    assert app.game is not None
    assert app.game.setup.deck_names[0] == "Club Deck"
    assert sorted(app.game.setup.decks[0]["cards"]) == sorted(
        ["red_ember_hills"] * 20 + ["red_flame_duelist"] * 4)


def test_a_deck_with_the_users_own_cards_is_legal_in_the_menu() -> None:
    """CSV set list -> card file -> a deck built with it -> offered and legal in the menu
    (the rules read the user's card files too)."""
    from tabletop.cli import main
    from tabletop.core.deck_files import save_deck
    from tabletop.core.decks import Deck

    sheet = folder(Kind.CARDS, "arc").parent / "club.csv"
    sheet.parent.mkdir(parents=True, exist_ok=True)
    sheet.write_text("Name,Type,Colour,Cost,Power\nStorm Caller,character,red,3,4\n",
                     encoding="utf-8")
    assert main(["csv-import", str(sheet), "--game", "arc", "--map",
                 "name=Name,type=Type,colour=Colour,cost=Cost,power=Power"]) == 0
    save_deck(Deck("storm", {"en": "Storm", "ja": "嵐"},
                   {"cards": {"red_ember_hills": 20, "user_storm_caller": 4}}), "arc")
    app = make_app()
    menu = MenuScene(app, selected="arc")
    assert menu.games["arc"].legal("my:storm"), menu.games["arc"].problems.get("my:storm")


def test_a_deck_that_cannot_be_written_is_told_and_kept_in_the_window() -> None:
    blocked = folder(Kind.DECKS, "arc")
    blocked.parent.mkdir(parents=True)
    blocked.write_text("a file where the folder should be", encoding="utf-8")
    app, scene = builder()
    click(app, pool_row(scene, "red_ember_hills"))
    click(app, widget_centre(scene.widgets["save"]))
    said = open_dialog_text(app)
    assert "Could not save the deck" in said and "new_deck.toml" in said
    assert scene.draft is not None and scene.draft.dirty and scene.draft.saved_id is None
