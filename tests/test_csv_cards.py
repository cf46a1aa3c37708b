"""A club's set list from a spreadsheet (tabletop.core.csv_cards, ``tabletop
csv-import``): good rows become card files the deck builder's pool reads; every bad
row is told with its row and column and left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.core.csv_cards import (
    CsvError,
    cards_toml,
    import_rows,
    parse_mapping,
    read_csv,
    read_csv_text,
)
from tabletop.core.deck_pool import load_pool
from tabletop.core.files import parse_toml
from tabletop.core.rules import load_rules
from tabletop.userdirs import Kind, folder

ARC_MAP = "name=Name,name.ja=Japanese,type=Type,colour=Colour,cost=Cost,power=Power," \
          "alignment=Align"
ARC_CSV = """Name,Japanese,Type,Colour,Cost,Power,Align
Storm Caller,嵐を呼ぶ者,character,red,3,4,good
Bad Cost,悪いコスト,character,red,x,2,
Mist Vale,霧の谷,resource,blue,,,
Purple Thing,紫,character,purple,1,1,
No Type,種類なし,,red,1,1,
Flame Duelist,,character,red,2,3,
"""


def arc_import(text: str = ARC_CSV, mapping: str = ARC_MAP):  # type: ignore[no-untyped-def]
    return import_rows(read_csv_text(text), parse_mapping(mapping), "arc",
                       base=load_rules("arc").cards, source="club.toml")


def test_good_rows_become_cards_in_row_order() -> None:
    result = arc_import()
    ids = [e["id"] for e in result.entries]
    assert ids == ["user_storm_caller", "user_mist_vale", "user_flame_duelist"]
    storm = result.entries[0]
    assert storm == {"id": "user_storm_caller", "type": "character",
                     "name": {"en": "Storm Caller", "ja": "嵐を呼ぶ者"}, "colour": "red",
                     "cost": 3, "power": 4, "alignment": "good"}
    # one name column alone names the card in both languages
    assert result.entries[2]["name"] == {"en": "Flame Duelist", "ja": "Flame Duelist"}


def test_every_bad_row_is_told_with_its_row_and_column() -> None:
    problems = {(p.row, p.column): p.problem for p in arc_import().problems}
    assert set(problems) == {(3, "Cost"), (5, "Colour"), (6, "Type")}
    assert "whole number" in problems[(3, "Cost")]
    assert "'purple'" in problems[(5, "Colour")]
    assert str(arc_import().problems[0]).startswith("row 3, column 'Cost'")


def test_a_taken_id_is_refused() -> None:
    text = "Id,Name,Type,Colour\nred_ember_hills,Hills,resource,red\nnew_one,New,resource,red\n"
    result = arc_import(text, "id=Id,name=Name,type=Type,colour=Colour")
    assert [e["id"] for e in result.entries] == ["new_one"]
    (problem,) = result.problems
    assert (problem.row, problem.column) == (2, "Id") and "taken" in problem.problem


def test_the_same_name_twice_gets_two_ids() -> None:
    text = "Name,Type,Colour\nTwin,resource,red\nTwin,resource,blue\n"
    result = arc_import(text, "name=Name,type=Type,colour=Colour")
    assert [e["id"] for e in result.entries] == ["user_twin", "user_twin_2"]


def test_columns_by_number_constants_flags_and_lists() -> None:
    text = "Name;ATK;HP;Kind;Cost;Needs;Unique\nScout;2;3;human;1;human|any;yes\n"
    table = read_csv_text(text)  # semicolons
    result = import_rows(table, parse_mapping("name=1,atk=ATK,hp=HP,attribute=Kind,cost=Cost,"
                                              "condition=Needs,unique=Unique"), "xenocard",
                         constants={"type": "battle", "attack": "melee"},
                         base=load_rules("xenocard").cards)
    assert result.problems == []
    (card,) = result.entries
    assert card["condition"] == ["human", "any"] and card["unique"] is True
    assert card["attack"] == "melee" and card["atk"] == 2


def test_table_fields_are_mapped_entry_by_entry_and_checked_by_the_game() -> None:
    text = ("Name,No,Icon,CC,Pow,TL,TR,BR,BL\n"
            "Sketch,U-01,attack,1,2,up,both,none,down\n"
            "Smudge,U-02,defense,1,2,up,sideways,none,down\n")
    mapping = ("name=Name,number=No,icon=Icon,connect_cost=CC,power=Pow,"
               "connectors.top_left=TL,connectors.top_right=TR,"
               "connectors.bottom_right=BR,connectors.bottom_left=BL")
    result = import_rows(read_csv_text(text), parse_mapping(mapping), "eshi100",
                         constants={"type": "game"}, base=load_rules("eshi100").cards)
    assert [e["id"] for e in result.entries] == ["user_sketch"]
    (problem,) = result.problems
    assert (problem.row, problem.column) == (3, "TR")
    assert result.entries[0]["connectors"] == {"top_left": "up", "top_right": "both",
                                               "bottom_right": "none", "bottom_left": "down"}


@pytest.mark.parametrize(("mapping", "words"), [
    ("name=Nope", "no column 'Nope'"),
    ("cost=Cost", "map a column to name"),
    ("name=Name,wings=Cost", "'wings' is not a card field"),
    ("name=Name,name", "expected field=column"),
    ("name=Name,name=Japanese", "mapped twice"),
])
def test_a_mapping_that_cannot_be_used_says_why(mapping: str, words: str) -> None:
    with pytest.raises(CsvError, match=words):
        arc_import(ARC_CSV, mapping)


def test_shift_jis_and_bom_files_are_read(tmp_path: Path) -> None:
    sjis = tmp_path / "sjis.csv"
    sjis.write_bytes("名前,種類,色\n霧の谷,resource,blue\n".encode("cp932"))
    bom = tmp_path / "bom.csv"
    bom.write_bytes("\ufeffName,Type,Colour\nMist,resource,blue\n".encode())
    assert read_csv(sjis).headers == ("名前", "種類", "色")
    assert read_csv(bom).headers == ("Name", "Type", "Colour")
    with pytest.raises(CsvError, match="empty.csv"):
        empty = tmp_path / "empty.csv"
        empty.write_text("", encoding="utf-8")
        read_csv(empty)


def test_the_card_file_written_reads_back_as_the_game_reads_cards() -> None:
    from tabletop.core.cards import parse_cards
    from tabletop.games.arc.schema import SCHEMA

    text = cards_toml(arc_import().entries, "from a test")
    cards = parse_cards(parse_toml(text, "t.toml"), "t.toml", "arc", SCHEMA)
    assert [c.id for c in cards] == ["user_storm_caller", "user_mist_vale",
                                     "user_flame_duelist"]
    assert cards[0].name["ja"] == "嵐を呼ぶ者"


def test_csv_import_command_writes_into_the_user_folder(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    sheet = tmp_path / "club.csv"
    sheet.write_text(ARC_CSV, encoding="utf-8")
    code = main(["csv-import", str(sheet), "--game", "arc", "--map", ARC_MAP])
    out, err = capsys.readouterr()
    assert code == 1  # three rows were left out
    assert "row 3, column 'Cost'" in err and "row 5, column 'Colour'" in err
    written = folder(Kind.CARDS, "arc") / "club.toml"
    assert written.is_file() and str(written) in out
    pool = load_pool(load_rules("arc"))
    assert pool.problems == ()
    assert {"user_storm_caller", "user_mist_vale", "user_flame_duelist"} <= pool.user_ids
    # importing again replaces the file: its own ids are not "taken"
    assert main(["csv-import", str(sheet), "--game", "arc", "--map", ARC_MAP]) == 1
    assert "taken" not in capsys.readouterr().err


def test_csv_import_dry_run_writes_nothing(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "good.csv"
    sheet.write_text("Name,Type,Colour\nMist,resource,blue\n", encoding="utf-8")
    assert main(["csv-import", str(sheet), "--game", "arc", "--map",
                 "name=Name,type=Type,colour=Colour", "--dry-run"]) == 0
    assert "[[card]]" in capsys.readouterr().out
    assert not (folder(Kind.CARDS, "arc") / "good.toml").exists()


def test_csv_import_of_an_unknown_game_or_file_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["csv-import", str(tmp_path / "none.csv"), "--game", "arc", "--map",
                 "name=Name"]) == 2
    assert main(["csv-import", str(tmp_path / "none.csv"), "--game", "chess", "--map",
                 "name=Name"]) == 2


def test_a_broken_user_card_file_is_named_and_the_pool_still_loads() -> None:
    where = folder(Kind.CARDS, "arc")
    where.mkdir(parents=True)
    (where / "good.toml").write_text(
        '[[card]]\nid = "u_hills"\ntype = "resource"\nname = { en = "U Hills", ja = "丘" }\n'
        'colour = "red"\n', encoding="utf-8")
    (where / "bad.toml").write_text(
        '[[card]]\nid = "u_bad"\ntype = "character"\nname = { en = "B", ja = "B" }\n'
        'colour = "red"\ncost = "two"\npower = 1\n', encoding="utf-8")
    (where / "clash.toml").write_text(
        '[[card]]\nid = "red_ember_hills"\ntype = "resource"\nname = { en = "C", ja = "C" }\n'
        'colour = "red"\n', encoding="utf-8")
    pool = load_pool(load_rules("arc"))
    assert pool.user_ids == {"u_hills"}
    bad, clash = pool.problems
    assert "bad.toml" in bad and "'u_bad'" in bad and "'cost'" in bad
    assert "clash.toml" in clash and "duplicate id" in clash
