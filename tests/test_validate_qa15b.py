"""QA15b #1, #8 and #10 (the card files' checks, ``tabletop validate``, ``tabletop decks``).

#1: a broken field does not hide the game's own checks of the same card: 絵師100人展's
connectors (ESHI-R3) beside a bad icon, Xenocard's chosen targets (XENO-H17) beside
hp 0, Arc's "nobody chooses on 'attacks'" beside a bad colour, Conan's "an ability
that happens by itself never chooses" (CONAN-H11) beside a bad creature; in
``tabletop validate`` and in the menu's list of a broken user file.
#8: a user deck checked alone sees the user's own cards, as the menu does; ``tabletop
decks G`` lists the user's decks too.
#10: an empty optional ``text`` says it may be left out.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.core.card_checks import related
from tabletop.core.rules import game_ids, load_rules
from tabletop.validate import Problem, validate


def _user() -> Path:
    return Path(os.environ["TABLETOP_USER_DIR"])


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _fields(problems: list[Problem], card: str) -> list[str]:
    return [p.field for p in problems if p.card == card]


#: Per game: a card broken in one field (the schema's) and in one thing only the game's
#: own check sees, with the fields each problem names (the tester's iso/<game>/a.toml).
BROKEN_TWICE: dict[str, tuple[str, str, list[str]]] = {
    "eshi100": ("zz_e3", '''
[[card]]
id = "zz_e3"
type = "game"
number = "ZZ-93"
name = { ja = "墨の龍" }
icon = "attak"
connect_cost = 1
power = 2
connectors = { top_left = "upp", top_right = "both", bottom_right = "none" }
''', ["icon", "connectors.top_left", "connectors.bottom_left"]),
    "xenocard": ("zz_x2", '''
[[card]]
id = "zz_x2"
type = "battle"
name = { en = "Chooser trigger" }
attribute = "human"
atk = 1
hp = 0
attack = "melee"
cost = 1
[[card.ability]]
when = "on_set"
whom = { target = "battle_card", side = "opponent", area = "field", pick = "chosen" }
what = [{ effect = "damage", amount = 1 }]
''', ["hp", "ability[0].whom.pick"]),
    "arc": ("zz_b9", '''
[[card]]
id = "zz_b9"
type = "character"
name = { en = "Wrong trigger bad colour" }
colour = "pink"
cost = 1
power = 1
[[card.ability]]
when = "attacks"
whom = "opposing_character"
what = "destroy"
''', ["colour", "ability[0].whom"]),
    "conan": ("zz_c4", '''
[[card]]
id = "zz_c4"
type = "foe"
name = { en = "Auto chooser bad" }
creature = "beest"
damage = 1
prowess = 2
health = 2
renown = 2
scars = 1
[[card.ability]]
when = "placed"
whom = "foe"
what = [{ effect = "deal_damage", n = 1 }]
''', ["creature", "ability[0]"]),
}


def test_every_game_has_a_card_broken_twice() -> None:
    assert set(BROKEN_TWICE) == set(game_ids())


@pytest.mark.parametrize("game", sorted(BROKEN_TWICE))
def test_a_broken_field_does_not_hide_the_games_own_check(tmp_path: Path, game: str) -> None:
    """ESHI-R3 / XENO-H17 / Arc's 'attacks' / CONAN-H11, told beside the broken field."""
    card, text, fields = BROKEN_TWICE[game]
    path = _write(tmp_path / "cards" / game / "a.toml", text)
    report = validate([path])
    assert _fields(report.problems, card) == fields
    assert main(["validate", str(path)]) == 1


@pytest.mark.parametrize("game", sorted(BROKEN_TWICE))
def test_the_menu_lists_the_games_check_of_a_broken_user_card(game: str) -> None:
    """The menu's list of a broken user file (rules.user_problems) holds the game's own
    check of the card too, not only its broken field."""
    card, text, fields = BROKEN_TWICE[game]
    _write(_user() / "cards" / game / "club.toml", text)
    problems = load_rules(game).user_problems
    assert [f for f in fields if any(f"field {f!r}" in p for p in problems)] == fields
    assert all(f"card {card!r}" in p for p in problems)


def test_ESHI_R3_every_corner_of_a_card_with_a_bad_icon_and_power() -> None:
    """The tester's bad/cards/eshi100/bad.toml: connectors errors appear beside the
    card's broken fields and abilities, all of the card's problems together."""
    path = _write(_user() / "check" / "eshi100" / "bad.toml", '''
[[card]]
id = "zz_e1"
type = "game"
number = "ZZ-91"
name = { ja = "墨の龍" }
icon = "attak"
connect_cost = 5
power = 10
connectors = { top_left = "upp", top_right = "both", bottom_right = "none" }
[[card.ability]]
when = "on_place"
whom = { target = "grid_card", whose = "mine", count = 9 }
what = "damge"

[[card]]
id = "zz_e2"
type = "game"
number = "ZZ-92"
name = { en = "Fine" }
icon = "attack"
connect_cost = 0
power = 1
connectors = { top_left = "up", top_right = "up", bottom_right = "up", bottom_left = "up" }
''')
    report = validate([path])
    assert [(p.card, p.field) for p in report.problems] == [
        ("zz_e1", "icon"), ("zz_e1", "connect_cost"), ("zz_e1", "power"),
        ("zz_e1", "ability[0].whom.whose"), ("zz_e1", "ability[0].whom.count"),
        ("zz_e1", "ability[0].what[0]"),
        ("zz_e1", "connectors.top_left"), ("zz_e1", "connectors.bottom_left")]
    assert report.cards == 1


def test_a_check_that_a_broken_field_explains_is_not_told_again(tmp_path: Path) -> None:
    """An Arc action card whose only ability is broken does not also 'do nothing'; a
    Conan Move whose left side is refused is not told it lacks a Special icon (the side
    may hold it); an Arc action whose short form is refused likewise does something."""
    arc = _write(tmp_path / "cards" / "arc" / "a.toml", '''
[[card]]
id = "zz_broken_only"
type = "action"
name = { en = "Broken only" }
colour = "red"
cost = 1
[[card.ability]]
when = "on_ply"
what = { effect = "draw", n = 1 }

[[card]]
id = "zz_short"
type = "action"
name = { en = "Short" }
colour = "red"
cost = 1
effect = "explode"
''')
    conan = _write(tmp_path / "cards" / "conan" / "a.toml", '''
[[card]]
id = "zz_special"
type = "move"
name = { en = "Special" }
initiative = 2
cost = 0
left = ["blad", "", "", "", ""]
right = ["", "", "", "", ""]
[[card.ability]]
when = "special_hit"
whom = "struck"
what = [{ effect = "deal_damage", n = 1 }]
''')
    report = validate([arc, conan])
    assert _fields(report.problems, "zz_broken_only") == ["ability[0].when"]
    assert _fields(report.problems, "zz_short") == ["effect"]
    assert _fields(report.problems, "zz_special") == ["left"]


def test_a_sound_card_beside_a_broken_one_is_checked_in_the_menu() -> None:
    """A user file with one card broken in a field and another sound but refused by
    the game's check (Xenocard's upgrade_of): the menu lists both."""
    _write(_user() / "cards" / "xenocard" / "club.toml", '''
[[card]]
id = "zz_bad_cost"
type = "battle"
name = { en = "Bad cost" }
attribute = "human"
atk = 1
hp = 2
attack = "melee"
cost = 11

[[card]]
id = "zz_upgrade"
type = "battle"
name = { en = "Upgrade of nothing" }
attribute = "human"
atk = 1
hp = 2
attack = "melee"
cost = 1
upgrade_of = "zz_nope"
''')
    problems = load_rules("xenocard").user_problems
    assert any("'zz_bad_cost'" in p and "'cost'" in p for p in problems)
    assert any("'zz_upgrade'" in p and "'upgrade_of'" in p for p in problems)


def test_related_fields() -> None:
    assert related("ability", "ability[0].when")
    assert related("connectors.top_left", "connectors")
    assert not related("ability[1]", "ability[10]")
    assert not related("left", "left_multi")


# --------------------------------------------------------------------------- QA15b #8

USER_CARDS = '''
[[card]]
id = "zz_colossus"
type = "character"
name = { en = "Zz Colossus" }
colour = "green"
cost = 0
power = 9
'''
USER_DECK = '''
name = { ja = "端の試験" }
[cards]
zz_colossus = 4
green_wildwood = 4
'''


def test_ARC_R2_a_user_deck_checked_alone_sees_the_users_cards() -> None:
    """The menu plays the deck (it reads the user's cards): validate agrees."""
    _write(_user() / "cards" / "arc" / "edge.toml", USER_CARDS)
    deck = _write(_user() / "decks" / "arc" / "zz_edge.toml", USER_DECK)
    report = validate([deck])
    assert report.problems == [] and report.decks == 1
    assert main(["validate", str(deck)]) == 0


def test_a_deck_naming_a_card_of_a_left_out_user_file_names_that_file() -> None:
    broken = USER_CARDS + 'unique = "yes"\n'
    _write(_user() / "cards" / "arc" / "edge.toml", broken)
    deck = _write(_user() / "decks" / "arc" / "zz_edge.toml", USER_DECK + "zz_gone = 1\n")
    report = validate([deck])
    by_field = {p.field: p.problem for p in report.problems}
    assert "edge.toml" in by_field["cards.zz_colossus"]
    assert "left out" in by_field["cards.zz_colossus"]
    assert "'unique'" in by_field["cards.zz_colossus"]
    assert "your cards in" in by_field["cards.zz_gone"]
    assert str(_user() / "cards" / "arc") in by_field["cards.zz_gone"]


def test_a_checked_card_file_wins_over_the_users_copy_of_it() -> None:
    """Checking the user's own card file with a deck: its cards come from the file
    checked (no 'id twice' with the user folder's copy, which is that same file)."""
    cards = _write(_user() / "cards" / "arc" / "edge.toml", USER_CARDS)
    deck = _write(_user() / "decks" / "arc" / "zz_edge.toml", USER_DECK)
    report = validate([cards, deck])
    assert report.problems == [] and report.cards == 1


def test_a_card_file_giving_an_id_of_another_user_file_is_told(tmp_path: Path) -> None:
    """Both in the user folder, the menu would leave one of the files out."""
    _write(_user() / "cards" / "arc" / "edge.toml", USER_CARDS)
    draft = _write(tmp_path / "cards" / "arc" / "draft.toml", USER_CARDS)
    (problem,) = validate([draft]).problems
    assert (problem.card, problem.field) == ("zz_colossus", "id")
    assert "edge.toml" in problem.problem and "your card files" in problem.problem


def test_the_decks_command_lists_the_users_decks(capsys: pytest.CaptureFixture[str]) -> None:
    _write(_user() / "cards" / "arc" / "edge.toml", USER_CARDS)
    _write(_user() / "decks" / "arc" / "zz_edge.toml", USER_DECK)
    _write(_user() / "decks" / "arc" / "zz_five.toml",
           'name = "Five"\n[cards]\nzz_colossus = 5\ngreen_wildwood = 4\n')
    _write(_user() / "decks" / "arc" / "zz_broken.toml",
           'name = "Broken"\n[cards]\ngreen_wildwood = "4"\nzz_colossus = 0\n')
    assert main(["decks", "arc"]) == 1
    out = capsys.readouterr().out.splitlines()
    mine = out.index(next(line for line in out if line.startswith("Your decks")))
    assert str(_user() / "decks" / "arc") in out[mine]
    assert any(line.startswith("crimson_vanguard") for line in out[:mine])
    edge = next(line for line in out if line.startswith("zz_edge"))
    assert edge.endswith("8 cards  legal") and "端の試験" in edge
    five = out.index(next(line for line in out if line.startswith("zz_five")))
    assert out[five].endswith("ILLEGAL") and "5 copies of Zz Colossus" in out[five + 1]
    broken = out.index(next(line for line in out if line.startswith("zz_broken")))
    assert out[broken].endswith("BROKEN")
    assert "'cards.green_wildwood'" in out[broken + 1] and "'cards.zz_colossus'" in out[broken + 2]
    # the columns line up after a Japanese deck name (a wide character is two columns)
    assert _columns(edge) == _columns(out[five])


def _columns(line: str) -> int:
    """The terminal column where " cards" starts in ``line``."""
    import unicodedata

    head = line[:line.index(" cards")]
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in head)


def test_the_decks_command_names_a_left_out_user_card_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A user deck naming a card of a broken user card file is BROKEN, and the file
    left out is named with its problem above the decks."""
    _write(_user() / "cards" / "arc" / "edge.toml", USER_CARDS + 'unique = "yes"\n')
    _write(_user() / "decks" / "arc" / "zz_edge.toml", USER_DECK)
    assert main(["decks", "arc"]) == 1
    out = capsys.readouterr().out.splitlines()
    left = out.index(next(line for line in out if line.startswith("Your card files left out")))
    assert "cards/arc/edge.toml: card 'zz_colossus': field 'unique'" in out[left + 1]
    edge = out.index(next(line for line in out if line.startswith("zz_edge")))
    assert edge > left and out[edge].endswith("BROKEN")
    assert "'cards.zz_colossus'" in out[edge + 1]


def test_the_decks_command_without_user_decks_is_as_before(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decks", "arc"]) == 0
    assert "Your decks" not in capsys.readouterr().out


# --------------------------------------------------------------------------- QA15b #10


def test_an_empty_text_says_it_may_be_left_out(tmp_path: Path) -> None:
    path = _write(tmp_path / "cards" / "arc" / "a.toml", '''
[[card]]
id = "zz_empty_text"
type = "character"
name = { en = "Empty text" }
text = { en = "", ja = "" }
colour = "red"
cost = 1
power = 1
''')
    (problem,) = validate([path]).problems
    assert problem.field == "text"
    assert problem.problem.startswith("empty:") and "leave the field out" in problem.problem
    missing = _write(tmp_path / "cards" / "arc" / "b.toml", '''
[[card]]
id = "zz_no_name"
type = "character"
name = { en = "" }
colour = "red"
cost = 1
power = 1
''')
    (problem,) = validate([missing]).problems
    assert problem.field == "name" and problem.problem.startswith("missing:")


# --------------------------------------------------------------------------- the menu


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_menus_list_of_broken_user_files_names_the_games_check(
        size: tuple[int, int]) -> None:
    """Posted click on the menu's list of broken user files: the 絵師100人展 card with a
    bad icon shows its connectors' problems too (ESHI-R3), in the dialog's text."""
    import html

    from tabletop.ui import dialogs
    from tabletop.ui.menu import MenuScene
    from tests.ui_helpers import click, frames, make_app, widget_centre

    _write(_user() / "cards" / "eshi100" / "ink.toml", BROKEN_TWICE["eshi100"][1])
    app = make_app(size)
    menu = MenuScene(app, selected="eshi100")
    app.stack.replace(menu)
    frames(app, 3)
    click(app, widget_centre(menu.widgets["user_problems"]))
    frames(app, 2)
    window = dialogs.top_dialog(app.ui)
    assert window is not None
    box = getattr(window, "text_block", None) or getattr(window, "text_box", None)
    said = html.unescape(str(box.html_text)).replace("<br>", "\n")
    for field in BROKEN_TWICE["eshi100"][2]:
        assert f"cards/eshi100/ink.toml: card 'zz_e3': field '{field}'" in said
