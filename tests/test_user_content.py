"""The user folder's content (issue 16, tabletop.user_content): the user's own card
files join each game's card database (a deck using them loads and plays), their
lessons are listed, and every broken user file is named (file, card, field) while the
program still starts. The user folder is a fresh temporary one per test
(tests/conftest.py)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from ui_helpers import click, frames, make_app, widget_centre

from tabletop.core.deck_files import deck_toml
from tabletop.core.decks import Deck, load_deck
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.toml_out import toml_key, toml_value
from tabletop.userdirs import Kind, folder, root

STORM_CALLER = ('[[card]]\nid = "u_storm_caller"\ntype = "character"\n'
                'name = { en = "Storm Caller", ja = "嵐を呼ぶ者" }\ncolour = "red"\n'
                'cost = 3\npower = 4\nalignment = "good"\n')


def write(kind: Kind, game: str, name: str, text: str) -> Path:
    where = folder(kind, game)
    where.mkdir(parents=True, exist_ok=True)
    path = where / name
    path.write_text(text, encoding="utf-8")
    return path


def card_file(card, new_id: str) -> str:  # type: ignore[no-untyped-def]
    """``card`` (a CardDef) written back as a user card file under ``new_id``."""
    lines = ["[[card]]", f"id = {toml_value(new_id)}", f"type = {toml_value(card.type)}",
             f"name = {toml_value(dict(card.name))}"]
    if card.text:
        lines.append(f"text = {toml_value(dict(card.text))}")
    lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in card.fields.items()
              if v is not None]
    return "\n".join(lines) + "\n"


def with_storm_callers(n: int = 3) -> Deck:
    """Crimson Vanguard with ``n`` copies of one of its own red good characters (the
    first the deck lists with that many) swapped for the user's Storm Caller, a red
    good character too, so the deck stays as legal as the sample deck is."""
    from tabletop.resources import resource_path

    deck = load_deck(resource_path("assets", "decks", "arc", "crimson_vanguard.toml"))
    db = load_rules("arc", None).cards
    cards = dict(deck.sections["cards"])
    swapped = next(card_id for card_id, count in cards.items() if count >= n
                   and (db[card_id].type, db[card_id].get("colour"),
                        db[card_id].get("alignment")) == ("character", "red", "good"))
    cards[swapped] -= n
    if not cards[swapped]:
        del cards[swapped]
    cards["u_storm_caller"] = n
    return Deck("club", {"en": "Club deck", "ja": "クラブのデッキ"}, {"cards": cards},
                deck.options)


def test_a_user_card_file_adds_a_playable_card() -> None:
    write(Kind.CARDS, "arc", "club.toml", STORM_CALLER)
    rules = load_rules("arc")
    card = rules.cards["u_storm_caller"]
    assert (card.display_name("ja"), card["cost"], card["power"]) == ("嵐を呼ぶ者", 3, 4)
    assert rules.user_card_ids == {"u_storm_caller"} and rules.user_problems == ()
    write(Kind.DECKS, "arc", "club.toml", deck_toml(with_storm_callers(), ["cards"]))
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load("arc")
    assert choice.legal("my:club"), choice.problems.get("my:club")
    game = choice.make_game("my:club", "tide_of_night", 0, seed=5)
    ids = [c.card_id for c in game.state.cards.values()]
    assert ids.count("u_storm_caller") == 3  # in Player 1's deck or hand, to be played


@pytest.mark.parametrize("game", game_ids())
def test_every_game_takes_a_user_card_like_its_own(game: str) -> None:
    own = load_rules(game)
    first = next(iter(own.cards.values()))
    write(Kind.CARDS, game, "mine.toml", card_file(first, "u_copy"))
    rules = load_rules(game)
    assert rules.user_problems == ()
    mine = rules.cards["u_copy"]
    assert (mine.type, dict(mine.fields), dict(mine.name)) == \
        (first.type, dict(first.fields), dict(first.name))
    assert len(rules.cards) == len(own.cards) + 1 and type(rules) is type(own)
    from tabletop.core.deck_pool import load_pool

    pool = load_pool(rules)  # the builder's pool reads the same file: no clash with itself
    assert pool.user_ids == {"u_copy"} and pool.problems == ()


def test_a_user_card_never_changes_a_card_of_the_game() -> None:
    write(Kind.CARDS, "arc", "fake.toml", STORM_CALLER.replace("u_storm_caller",
                                                                "red_flame_duelist"))
    own_power = load_rules("arc", None).cards["red_flame_duelist"]["power"]
    rules = load_rules("arc")
    assert rules.cards["red_flame_duelist"]["power"] == own_power
    (problem,) = rules.user_problems
    assert problem.startswith("cards/arc/fake.toml: card 'red_flame_duelist': field 'id': "
                              "duplicate id")


def test_a_broken_user_card_file_is_named_and_the_others_stay() -> None:
    write(Kind.CARDS, "arc", "club.toml", STORM_CALLER)
    write(Kind.CARDS, "arc", "smudged.toml", STORM_CALLER.replace("u_storm_caller", "u_x")
          .replace('cost = 3', 'cost = "three"'))
    write(Kind.CARDS, "arc", "torn.toml", "[[card]\nid = ")
    rules = load_rules("arc")
    assert "u_storm_caller" in rules.cards and "u_x" not in rules.cards
    smudged, torn = rules.user_problems
    assert smudged.startswith("cards/arc/smudged.toml: card 'u_x': field 'cost'")
    assert torn.startswith("cards/arc/torn.toml")
    assert str(root()) not in smudged  # named by its place in the user folder


def open_dialog_text(app) -> str:  # type: ignore[no-untyped-def]
    from tabletop.ui import dialogs

    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    box = getattr(window, "text_block", None) or getattr(window, "text_box", None)
    return html.unescape(str(box.html_text)).replace("<br>", "\n")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_broken_user_files_are_listed_in_the_menu_and_it_still_starts(lang: str) -> None:
    from tabletop.ui.menu import MenuScene

    write(Kind.CARDS, "conan", "smudged.toml",
          '[[card]]\nid = "u_foe"\ntype = "foe"\nname = { en = "F", ja = "F" }\n')
    write(Kind.DECKS, "arc", "torn.toml", 'name = { en = "Torn" }\n[cards]\nred_ember_hills = 0\n')
    write(Kind.LESSONS, "arc", "half.toml", 'game = "arc"\n[lesson]\nid = "x"\n')
    app = make_app(lang=lang)
    menu = MenuScene(app, selected="arc")
    app.stack.replace(menu)
    frames(app, 3)
    app.draw()
    assert menu.start_problem() == ""  # the ready-made decks still start
    assert "torn.toml" in menu.games["arc"].broken_decks  # with the other decks
    assert "conan" in menu.games and menu.games["conan"].rules is not None
    click(app, widget_centre(menu.widgets["user_problems"]))
    frames(app, 2)
    said = open_dialog_text(app)
    assert "cards/conan/smudged.toml: card 'u_foe': field" in said
    assert "lessons/arc/half.toml" in said


def test_the_menu_shows_the_user_folder_and_open_opens_it(monkeypatch) -> None:
    from tabletop import userdirs
    from tabletop.ui.menu import MenuScene

    opened: list[Path] = []
    monkeypatch.setattr(userdirs, "open_in_file_manager", lambda p: opened.append(p) or True)
    app = make_app()
    menu = MenuScene(app)
    app.stack.replace(menu)
    frames(app, 2)
    assert "user_problems" not in menu.widgets  # nothing broken, nothing listed
    shown = menu.widgets["user_folder_path"].text
    assert shown == str(root()) or ("…" in shown and shown.endswith(root().name))
    click(app, widget_centre(menu.widgets["user_folder_open"]))
    frames(app, 1)
    assert opened == [root()] and root().is_dir()  # made, then opened


def test_without_a_file_manager_the_folder_is_named(monkeypatch) -> None:
    from tabletop import userdirs
    from tabletop.ui.menu import MenuScene

    monkeypatch.setattr(userdirs, "open_in_file_manager", lambda p: False)
    app = make_app()
    menu = MenuScene(app)
    app.stack.replace(menu)
    frames(app, 2)
    click(app, widget_centre(menu.widgets["user_folder_open"]))
    frames(app, 2)
    assert str(root()) in open_dialog_text(app)


def test_a_user_lesson_is_listed_beside_the_programs() -> None:
    from tabletop.resources import resource_path
    from tabletop.ui.lessons_menu import LessonsMenu

    text = resource_path("assets", "lessons", "arc", "arc_attack.toml").read_text("utf-8")
    # the program's lesson under a new id and its own English title, whatever it is now
    text = re.sub(r'^title = \{ en = "[^"]*"', 'title = { en = "Our club drill"',
                  text.replace('id = "arc_attack"', 'id = "club_attack"'), count=1,
                  flags=re.MULTILINE)
    assert "Our club drill" in text
    write(Kind.LESSONS, "arc", "club_attack.toml", text)
    app = make_app()
    scene = LessonsMenu(app, "arc")
    app.stack.replace(scene)
    frames(app, 2)
    ids = [lesson.id for lesson in scene.lessons["arc"]]
    assert "club_attack" in ids and "arc_attack" in ids
    from ui_helpers import texts

    assert any("Our club drill" in t for t in texts(app))
