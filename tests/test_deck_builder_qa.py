"""QA findings of issue 16 on the deck builder and the user's text: a NUL in a card
name is refused where it is read and never crashes a drawing (#3), deck files are
readable by others (#21)."""

from __future__ import annotations

import stat

import pygame
import pytest
from ui_helpers import click, frames, make_app, widget_centre

from tabletop import i18n
from tabletop.core.cards import CardDataError, parse_cards
from tabletop.core.deck_files import save_deck
from tabletop.core.decks import Deck
from tabletop.core.rules import load_rules
from tabletop.ui.deck_builder import DeckBuilderScene
from tabletop.ui.fonts import Fonts
from tabletop.ui.textwrap_ja import ellipsize, render_wrapped
from tabletop.userdirs import Kind, folder

NUL_CARD = '''[[card]]
id = "u_nul"
type = "character"
name = { en = "Nul\\u0000Name", ja = "ヌル" }
colour = "red"
cost = 1
power = 1
'''


def test_a_nul_in_a_card_name_is_refused_with_its_field() -> None:
    import tomllib

    from tabletop.games.arc.schema import SCHEMA

    with pytest.raises(CardDataError) as info:
        parse_cards(tomllib.loads(NUL_CARD), "mine.toml", "arc", SCHEMA)
    assert info.value.field == "name.en" and "U+0000" in info.value.problem


def test_validate_names_the_file_with_a_nul_card_and_the_builder_draws_without_it() -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    (cards / "mine.toml").write_text(NUL_CARD, encoding="utf-8")
    rules = load_rules("arc")
    assert "u_nul" not in rules.cards
    assert any("mine.toml" in p and "name.en" in p for p in rules.user_problems)
    app = make_app()
    scene = DeckBuilderScene(app, "arc")
    app.stack.replace(scene)
    scene.set_filter(text="nul")
    frames(app, 2)  # drawing the row crashed in fonts.render


def test_text_drawing_never_refuses_a_control_character() -> None:
    fonts = Fonts()
    assert fonts.render("Nul\x00Name", 16, (255, 255, 255)).get_width() > 0
    assert fonts.render("Nul\x00Name " * 8, 16, (255, 255, 255), wrap=80).get_height() > 16
    font = pygame.font.Font(None, 16)
    assert render_wrapped(font, "a\x00b", (0, 0, 0), 50).get_width() > 0
    assert "\x00" not in ellipsize("Nul\x00Name" * 10, font, 40)


def test_a_saved_deck_file_is_readable_by_others() -> None:
    deck = Deck("qa_red", {"en": "QA Red", "ja": "QA Red"}, {"main": {"red_flame_duelist": 3}})
    path = save_deck(deck, "arc")
    assert stat.S_IMODE(path.stat().st_mode) & 0o044 == 0o044


# ---------------------------------------------------------------- the builder's window
def _builder(game: str = "arc"):  # type: ignore[no-untyped-def]
    app = make_app()
    scene = DeckBuilderScene(app, game)
    app.stack.replace(scene)
    frames(app, 2)
    return app, scene


def _answer(app, label: str) -> None:  # type: ignore[no-untyped-def]
    buttons = [b for b in app.ui.get_sprite_group().sprites()
               if getattr(b, "text", "") == label and b.alive()]
    assert buttons, f"no button {label!r}: " + repr([getattr(b, "text", "") for b in
                                                     app.ui.get_sprite_group().sprites()])
    click(app, widget_centre(buttons[-1]))
    frames(app, 3)  # the answer arrives as an event of its own


def _add(app, scene, cid: str) -> None:  # type: ignore[no-untyped-def]
    scene.set_filter(text=cid)
    frames(app, 1)
    pos = scene.pool_view.row_centre(cid)
    assert pos is not None
    click(app, pos)


def test_import_from_a_text_file_asks_first_about_unsaved_changes() -> None:
    from tabletop.core.deck_files import deck_folder

    app, scene = _builder()
    _add(app, scene, "red_ember_hills")
    assert scene.draft is not None and scene.draft.dirty
    deck_folder("arc").mkdir(parents=True, exist_ok=True)
    (deck_folder("arc") / "club.txt").write_text("3 Flame Duelist\n", encoding="utf-8")
    edited = scene.draft
    click(app, widget_centre(scene.widgets["import"]))
    _answer(app, i18n.t("decks.import_file", file="club.txt"))
    assert scene.draft is edited  # not replaced yet: the question is open
    assert i18n.t("decks.discard_body", name="New deck") in _dialog_text(app)
    _answer(app, i18n.t("decks.stay"))
    assert scene.draft is edited and scene.draft.dirty
    click(app, widget_centre(scene.widgets["import"]))
    _answer(app, i18n.t("decks.import_file", file="club.txt"))
    _answer(app, i18n.t("decks.discard_drop"))
    assert scene.draft is not edited and dict(scene.draft.sections["cards"]) == \
        {"red_flame_duelist": 3}


def test_the_import_dialog_without_clipboard_text_does_not_offer_the_clipboard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.core.deck_files import deck_folder
    from tabletop.ui import deck_io

    monkeypatch.setattr(deck_io, "clipboard_text", lambda: "")
    app, scene = _builder()
    deck_folder("arc").mkdir(parents=True, exist_ok=True)
    (deck_folder("arc") / "club.txt").write_text("3 Flame Duelist\n", encoding="utf-8")
    click(app, widget_centre(scene.widgets["import"]))
    assert "clipboard" not in _dialog_text(app)


def _dialog_text(app) -> str:  # type: ignore[no-untyped-def]
    import html

    from tabletop.ui import dialogs

    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    box = getattr(window, "text_block", None) or getattr(window, "text_box", None)
    return html.unescape(str(box.html_text)).replace("<br>", "\n")


def test_stay_here_puts_the_deck_drop_down_back_and_the_same_choice_asks_again() -> None:
    from ui_helpers import choose_option

    app, scene = _builder()
    _add(app, scene, "red_ember_hills")
    edited = scene.draft
    ready = next(c for _, c in scene.deck_choices() if c.startswith("ready:"))
    choose_option(app, scene.widgets["deck"], ready)
    _answer(app, i18n.t("decks.stay"))
    shown = scene.widgets["deck"].selected_option
    shown_id = shown[1] if isinstance(shown, tuple) else shown
    assert scene.draft is edited and shown_id == scene.current_choice()
    choose_option(app, scene.widgets["deck"], ready)  # the same entry again: asked again
    assert i18n.t("decks.discard_body", name="New deck") in _dialog_text(app)


def test_stay_here_puts_the_game_drop_down_back() -> None:
    from ui_helpers import choose_option

    app, scene = _builder()
    _add(app, scene, "red_ember_hills")
    choose_option(app, scene.widgets["game"], "conan")
    _answer(app, i18n.t("decks.stay"))
    shown = scene.widgets["game"].selected_option
    assert scene.game == "arc" and (shown[1] if isinstance(shown, tuple) else shown) == "arc"


def test_a_second_deck_of_the_same_name_is_refused_and_nothing_written() -> None:
    from tabletop.core.deck_files import deck_folder, load_user_decks

    app, scene = _builder()
    _add(app, scene, "red_ember_hills")
    assert scene.save()
    scene.new_deck()
    _add(app, scene, "red_ember_hills")
    assert not scene.save()  # "New deck" twice
    assert i18n.t("decks.name_taken", name="New deck") in _dialog_text(app)
    assert sorted(p.name for p in deck_folder("arc").glob("*.toml")) == ["new_deck.toml"]
    scene.set_name("Other")
    assert scene.save()
    scene.set_name("new DECK ")  # renamed to the first one's name, case aside
    scene.rename()
    assert sorted(load_user_decks("arc").decks) == ["new_deck", "other"]
    scene.set_name("Other")
    scene.duplicate()  # a copy never takes a name in use
    names = [d.name["en"] for d in load_user_decks("arc").decks.values()]
    assert len(names) == len(set(names)) == 3


def test_arc_rows_show_the_alignment_a_deck_restriction_refuses() -> None:
    from tabletop.core.deck_pool import load_pool
    from tabletop.ui.deck_rows import card_note

    pool = load_pool(load_rules("arc"))
    evil = next(c for c in pool.cards.values() if c.get("alignment") == "evil")
    assert i18n.t("alignment.evil") in card_note(pool, evil.id).split(" · ")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1600, 900), (2560, 1440)])
def test_the_filter_and_alignment_drop_downs_show_their_words_whole(
        size: tuple[int, int]) -> None:
    app = make_app(size)
    scene = DeckBuilderScene(app, "arc")
    app.stack.replace(scene)
    frames(app, 2)
    font = app.fonts.get(round(16 * app.scale))
    for key in ("f_type", "alignment"):
        menu = scene.widgets[key]
        room = menu.rect.width - round(30 * app.scale)  # its arrow's button
        for text, _ in menu.options_list:
            assert font.size(text)[0] <= room, (key, text, size)


def test_hovering_a_pool_card_shows_its_face_and_rules_text() -> None:
    from ui_helpers import move

    app, scene = _builder()
    scene.set_filter(text="Storm Mage")
    frames(app, 1)
    cid = scene.pool_view.rows[0].key
    pos = scene.pool_view.row_centre(cid)
    assert pos is not None and scene._preview is None
    move(app, pos)
    frames(app, 2)
    assert scene._preview is not None  # drawn by the game's own face renderer
    assert type(scene._preview[1].renderer).__name__ != "CardRenderer"
    assert any(k[0] == "face" and k[1] == cid for k in scene._preview[1].renderer.records)
