"""``tabletop validate`` and the menu tell every problem of a user's card and deck files,
in one wording (issue 15 QA 4-7, 12): a broken field does not hide the next one, each
message says what the field wants, a deck naming a broken card says so, deck problems
cite their rule, a name in one language is enough, and the menu counts the files left
out, lists all their problems, follows the folder and never cuts a deck's reason off."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import click, frames, make_app, widget_centre

from tabletop.core.abilities import Param, Vocabulary
from tabletop.core.cards import CardDataError
from tabletop.core.decks import DeckError, parse_deck
from tabletop.core.rules import game_ids, load_rules
from tabletop.userdirs import Kind, folder
from tabletop.validate import Problem, validate


def write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(root: Path, *rel: str) -> list[Problem]:
    return validate([root / r for r in rel] if rel else [root]).problems


def fields(found: list[Problem], card: str) -> dict[str, str]:
    return {p.field: p.problem for p in found if p.card == card}


ARC_ACTION = '''[[card]]
id = "{id}"
type = "action"
name = {{ en = "{name}", ja = "試し" }}
colour = "green"
cost = 1
'''


# ---------------------------------------------------------------- every problem (4)


def test_every_broken_part_of_one_ability_is_told(tmp_path: Path) -> None:
    """A misspelt whom does not hide a misspelt effect nor a misspelt duration."""
    write(tmp_path, "cards/arc/a.toml", ARC_ACTION.format(id="two", name="Two") + '''
[[card.ability]]
when = "on_play"
whom = "own_charcter"
what = { effect = "pmp", n = 2 }
how_long = "forevr"
''')
    told = fields(problems(tmp_path), "two")
    assert set(told) == {"ability[0].whom", "ability[0].what[0]", "ability[0].how_long"}
    assert "unknown target 'own_charcter'" in told["ability[0].whom"]
    assert "unknown effect 'pmp'" in told["ability[0].what[0]"]
    assert "got 'forevr'" in told["ability[0].how_long"]


def test_an_unknown_part_hides_neither_a_missing_whom_nor_a_bad_parameter(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", ARC_ACTION.format(id="m", name="M") + '''
[[card.ability]]
when = "on_play"
what = { effect = "pump", n = 2, amount = 3 }
how_long = "forever"
until = "end_of_turn"
''')
    told = fields(problems(tmp_path), "m")
    assert set(told) == {"ability[0].until", "ability[0].what[0].amount",
                         "ability[0].how_long", "ability[0].whom"}
    assert "needs a target" in told["ability[0].whom"]


def test_parse_still_raises_the_first_problem() -> None:
    vocab: Vocabulary[object] = Vocabulary("demo")
    vocab.trigger("on_play")
    vocab.effect("draw", (Param("n", int, default=1, minimum=1, maximum=3),))
    raw = [{"when": "on_pay", "what": {"effect": "drw"}}]
    with pytest.raises(CardDataError) as err:
        vocab.parse("f.toml", "c", raw)
    assert err.value.field == "ability[0].when"
    sound, found = vocab.parse_each("f.toml", "c", raw)
    assert sound == () and [p.field for p in found] == ["ability[0].when", "ability[0].what[0]"]


def test_an_id_given_twice_is_told_when_its_first_copy_is_broken_with_lines(
        tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml",
          ARC_ACTION.format(id="b_typo", name="Typo") + '[[card.ability]]\nwhen = "on_play"\n'
          'what = { effect = "pmup", n = 2 }\n\n'
          + ARC_ACTION.format(id="b_typo", name="Typo Two") + 'effect = "draw"\namount = 1\n')
    told = [p for p in problems(tmp_path) if p.card == "b_typo" and p.field == "id"]
    assert len(told) == 1
    assert told[0].problem == "duplicate id at line 12 (also at line 2 of the same file)"


def test_an_id_in_two_files_names_the_other_file_and_line(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", ARC_ACTION.format(id="dup", name="A")
          + 'effect = "draw"\namount = 1\n')
    write(tmp_path, "cards/arc/b.toml", "# another\n" + ARC_ACTION.format(id="dup", name="B")
          + 'effect = "draw"\namount = 1\n')
    told = [p for p in problems(tmp_path) if p.field == "id"]
    assert [Path(p.file).name for p in told] == ["b.toml"]
    assert told[0].problem.startswith("duplicate id at line 3 (also in ")
    assert told[0].problem.endswith("a.toml, line 2)")


def test_every_bad_count_of_a_deck_is_told(tmp_path: Path) -> None:
    from tabletop.core.decks import collect_deck

    data = {"name": {"en": "T"}, "cards": {"red_ember_hils": 9, "red_flame_duelist": "2",
                                           "red_ember_knight": 0, "red_banner_captain": -1}}
    deck, found = collect_deck(data, "t.toml", "t", ["red_flame_duelist", "red_ember_knight",
                                                     "red_banner_captain"])
    assert [f for f, _ in found] == ["cards.red_ember_hils", "cards.red_flame_duelist",
                                     "cards.red_ember_knight", "cards.red_banner_captain"]
    assert dict(found)["cards.red_flame_duelist"].endswith(": write 2 without quotes")
    assert deck is not None and deck.sections["cards"] == {}
    with pytest.raises(DeckError, match="red_ember_hils"):
        parse_deck(data, "t.toml", "t", ["red_flame_duelist"])


def test_validate_tells_every_bad_entry_of_a_deck(tmp_path: Path) -> None:
    write(tmp_path, "decks/arc/t2.toml", 'name = { en = "T2", ja = "T2" }\n[cards]\n'
          'red_ember_hills = 9\nred_ember_knight = 0\nred_banner_captain = -1\n')
    told = {p.field for p in problems(tmp_path) if p.kind == "deck"}
    assert {"cards.red_ember_knight", "cards.red_banner_captain"} <= told


ESHI = '''[[card]]
id = "{id}"
type = "game"
number = "QB-04"
name = {{ en = "{name}", ja = "悪い" }}
icon = "attack"
connect_cost = 1
power = 3
connectors = {connectors}
'''


def test_a_bad_corner_does_not_hide_a_missing_one(tmp_path: Path) -> None:
    write(tmp_path, "cards/eshi100/a.toml", ESHI.format(
        id="eb", name="Bad Connectors",
        connectors='{ top_left = "upp", top_right = "both", bottom_right = "up" }'))
    told = fields(problems(tmp_path), "eb")
    assert set(told) == {"connectors.top_left", "connectors.bottom_left"}
    assert told["connectors.bottom_left"] == "missing: one of none, up, down, both"


def test_a_bad_colour_does_not_hide_a_same_as_naming_no_card(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", '''[[card]]
id = "m3"
type = "character"
name = { en = "Multi3", ja = "多三" }
colour = "purple"
cost = 1
power = 1
same_as = "No Such Card"
''')
    assert set(fields(problems(tmp_path), "m3")) == {"colour", "same_as"}


# ---------------------------------------------------------------- the words (5)


def test_arc_pump_refuses_instant_and_does_not_list_it(tmp_path: Path) -> None:
    for i, lasting in enumerate(("instant", "permanent")):
        write(tmp_path, f"cards/arc/p{i}.toml", ARC_ACTION.format(id=f"p{i}", name=f"P{i}") + f'''
[[card.ability]]
when = "on_play"
whom = "own_character"
what = {{ effect = "pump", n = 2 }}
how_long = "{lasting}"
''')
    found = problems(tmp_path)
    for i, lasting in enumerate(("instant", "permanent")):
        told = fields(found, f"p{i}")
        assert told == {"ability[0].how_long": "effect 'pump' lasts only end_of_combat, "
                                               f"end_of_turn, while_in_play, got '{lasting}'"}


def test_a_missing_field_says_what_kind_and_range_it_wants(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", '[[card]]\nid = "np"\ntype = "character"\n'
          'name = { en = "No Power", ja = "力なし" }\ncolour = "red"\ncost = 1\n')
    write(tmp_path, "cards/xenocard/a.toml", '''[[card]]
id = "nohp"
type = "battle"
name = { en = "No HP", ja = "HPなし" }
cost = 1
atk = 2
attribute = "human"
attack = "melee"
''')
    found = problems(tmp_path)
    assert fields(found, "np")["power"] == "missing: an integer from 0 to 99"
    assert fields(found, "nohp")["hp"] == "missing: an integer from 1 to 20"


def test_a_number_in_quotes_says_to_remove_them_in_fields_and_parameters(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", '''[[card]]
id = "tn"
type = "character"
name = { en = "Text Number", ja = "文字の数" }
colour = "red"
cost = "2"
power = 3
[[card.ability]]
when = "enters"
what = { effect = "draw", n = "1" }
''')
    told = fields(problems(tmp_path), "tn")
    assert told["cost"] == "expected an integer from 0 to 20, got '2': write 2 without quotes"
    assert told["ability[0].what[0].n"].endswith("got '1': write 1 without quotes")
    assert told["ability[0].what[0].n"].startswith("expected an integer from ")


def test_a_deck_naming_a_broken_card_says_it_is_broken_and_why(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", '[[card]]\nid = "k_broken"\ntype = "character"\n'
          'name = { en = "Broken", ja = "壊れ" }\ncolour = "red"\ncost = 1\npower = "3"\n')
    write(tmp_path, "decks/arc/c.toml", 'name = { en = "C", ja = "C" }\n[cards]\n'
          'red_ember_hills = 10\nk_broken = 4\n')
    told = [p for p in problems(tmp_path) if p.kind == "deck" and p.field == "cards.k_broken"]
    assert len(told) == 1
    assert told[0].problem.startswith("card 'k_broken' is broken: field 'power': expected an "
                                      "integer from 0 to 99, got '3'")
    assert "no card with this id" not in told[0].problem


@pytest.mark.parametrize(("game", "rule"), [("eshi100", "ESHI-H10"), ("xenocard", "XENO-H21")])
def test_deck_problems_of_every_game_cite_a_rule_id(tmp_path: Path, game: str,
                                                     rule: str) -> None:
    rules = load_rules(game)
    cid = next(c.id for c in rules.cards.values())
    write(tmp_path, f"decks/{game}/forty.toml",
          f'name = {{ en = "F", ja = "F" }}\n[cards]\n{cid} = 41\n')
    told = [p.problem for p in problems(tmp_path) if p.field == "(deck)"]
    assert told and all(p.endswith(f"({rule})") for p in told), told


def test_conan_names_the_targets_an_ability_that_happens_by_itself_may_have(
        tmp_path: Path) -> None:
    write(tmp_path, "cards/conan/a.toml", '''[[card]]
id = "cb"
type = "foe"
name = { en = "Chooser", ja = "選ぶ者" }
creature = "human"
damage = 1
prowess = 2
health = 2
renown = 2
scars = 1
[[card.ability]]
when = "placed"
whom = "foe"
what = { effect = "heal", n = 1 }
''')
    told = fields(problems(tmp_path), "cb")
    assert told["ability[0]"] == ("nobody chooses the target of an ability that happens by "
                                  "itself (whom = 'foe'); it may use whom = 'all_foes', "
                                  "'conan', 'foes_in_zone', 'self'")


def test_an_unknown_field_reads_an_action_card(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/a.toml", ARC_ACTION.format(id="u", name="U")
          + 'effect = "draw"\namount = 1\npowr = 2\n')
    assert fields(problems(tmp_path), "u")["powr"] == "unknown field for an action card"


def test_two_printings_with_one_name_are_named_once(tmp_path: Path) -> None:
    write(tmp_path, "cards/arc/p.toml", '''[[card]]
id = "u_gold"
type = "character"
name = { en = "Golden Flame Duelist", ja = "黄金の炎の決闘者" }
same_as = "Flame Duelist"
colour = "red"
cost = 2
power = 3

[[card]]
id = "u_promo"
type = "character"
name = { en = "Flame Duelist", ja = "炎の決闘者（プロモ）" }
colour = "red"
cost = 2
power = 3
''')
    write(tmp_path, "decks/arc/s.toml", 'name = { en = "S", ja = "S" }\n[cards]\n'
          'red_ember_hills = 20\nred_flame_duelist = 3\nu_gold = 2\nu_promo = 1\n')
    told = [p.problem for p in problems(tmp_path) if p.field == "(deck)"]
    assert told == ["6 copies of Flame Duelist / Golden Flame Duelist: at most 4 of a card "
                    "(resources are unlimited). (ARC-R2)"]


# ---------------------------------------------------------------- one language (6)


NAMES = {
    "arc": '[[card]]\nid = "j_only"\ntype = "resource"\nname = { ja = "墨の龍" }\n'
           'colour = "red"\n',
    "eshi100": ESHI.format(id="j_only", name="x", connectors='{ top_left = "up", top_right = '
                           '"both", bottom_right = "up", bottom_left = "none" }')
    .replace('name = { en = "x", ja = "悪い" }', 'name = { ja = "墨の龍" }'),
    "xenocard": '[[card]]\nid = "j_only"\ntype = "battle"\nname = { ja = "墨の龍" }\ncost = 1\n'
                'atk = 2\nhp = 2\nattribute = "human"\nattack = "melee"\n',
    "conan": '[[card]]\nid = "j_only"\ntype = "foe"\nname = { ja = "墨の龍" }\n'
             'creature = "human"\ndamage = 1\nprowess = 2\nhealth = 2\nrenown = 2\nscars = 1\n',
}


@pytest.mark.parametrize("game", game_ids())
def test_a_name_in_one_language_is_accepted_and_shown_in_both(game: str) -> None:
    from tabletop import i18n

    path = folder(Kind.CARDS, game) / "club.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(NAMES[game], encoding="utf-8")
    assert validate([path]).problems == []
    rules = load_rules(game)
    assert rules.user_problems == ()
    card = rules.cards["j_only"]
    assert card.display_name("en") == card.display_name("ja") == "墨の龍"
    assert i18n.msg("card.j_only").render("en") == "墨の龍"


# ---------------------------------------------------------------- the menu (7, 12)


def _menu(app, game: str = "arc"):  # type: ignore[no-untyped-def]
    from tabletop.ui.menu import MenuScene

    menu = MenuScene(app, selected=game)
    app.stack.replace(menu)
    frames(app, 3)
    return menu


def _dialog_text(app) -> str:  # type: ignore[no-untyped-def]
    import html

    from tabletop.ui import dialogs

    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    box = getattr(window, "text_block", None) or getattr(window, "text_box", None)
    return html.unescape(str(box.html_text)).replace("<br>", "\n")


def test_the_menu_counts_one_broken_file_as_one_and_lists_all_its_problems() -> None:
    cards = "".join(ARC_ACTION.format(id=f"bad{i}", name=f"Bad {i}") + "colour2 = 1\n"
                    "effect = \"draw\"\namount = 1\n\n" for i in range(14))
    path = folder(Kind.CARDS, "arc") / "club.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(cards, encoding="utf-8")
    app = make_app()
    menu = _menu(app)
    button = menu.widgets["user_problems"]
    assert button.text == "1 user file left out: Details"
    click(app, widget_centre(button))
    frames(app, 2)
    said = _dialog_text(app)
    assert all(f"card 'bad{i}': field 'colour2'" in said for i in range(14))


def test_the_menus_count_follows_a_file_deleted_while_it_is_open() -> None:
    path = folder(Kind.CARDS, "arc") / "club.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ARC_ACTION.format(id="b", name="B") + 'colour2 = 1\n', encoding="utf-8")
    app = make_app()
    menu = _menu(app)
    assert "user_problems" in menu.widgets
    path.unlink()
    frames(app, round(2 * menu.FOLDER_CHECK_EVERY * 60))
    assert "user_problems" not in menu.widgets
    assert menu.games["arc"].rules is not None and not menu.games["arc"].rules.user_problems


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_menus_illegal_deck_reason_is_whole_with_its_rule(size: tuple[int, int]) -> None:
    """A long card name makes the reason long: it wraps in a box that grows (never cut
    off, never below reading size) and cites ARC-R2."""
    from tabletop.core.deck_files import deck_toml
    from tabletop.core.decks import Deck

    long_name = "Colossus of the Endless Northern Wastes Beyond the Frozen Sea"
    cards = folder(Kind.CARDS, "arc") / "club.toml"
    cards.parent.mkdir(parents=True, exist_ok=True)
    cards.write_text(f'[[card]]\nid = "u_colossus"\ntype = "character"\n'
                     f'name = {{ en = "{long_name}", ja = "巨人" }}\ncolour = "red"\n'
                     'cost = 1\npower = 1\n', encoding="utf-8")
    decks = folder(Kind.DECKS, "arc") / "forty.toml"
    decks.parent.mkdir(parents=True, exist_ok=True)
    decks.write_text(deck_toml(Deck("forty", {"en": "Forty", "ja": "四十"},
                                    {"cards": {"u_colossus": 40}})), encoding="utf-8")
    app = make_app(size)
    menu = _menu(app)
    deck_id = next(d for d in menu.games["arc"].decks if d.endswith("forty"))
    menu.select_deck(0, deck_id)
    frames(app, 3)
    box = menu.widgets["deck_status0"]
    text = str(getattr(box, "html_text", "")).replace("<br>", " ")
    assert long_name.split()[-1] in text and "(ARC-R2)" in text
    assert box.rect.height >= 2 * round(20 * app.scale)  # two lines at least: it wrapped
    scroll = getattr(box, "scroll_bar", None)
    assert scroll is None, "the reason is cut to a scrolling box"
    below = menu.widgets["deck_label1"].rect
    assert box.rect.bottom <= below.top + round(4 * app.scale)  # nothing drawn over it
