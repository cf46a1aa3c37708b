"""QA findings of issue 16 on the CSV import (screen and ``tabletop csv-import``):
a binary file or a NUL in a cell is told, never a crash (#1, #2), Japanese headers
are guessed (#17), every field has words, the command's exit codes and output (#18),
written files readable by others (#21)."""

from __future__ import annotations

import argparse
import logging
import stat
from pathlib import Path

import pytest
from ui_helpers import click, frames, make_app, widget_centre

from tabletop import i18n
from tabletop.core.csv_cards import CsvError, import_rows, read_csv, read_csv_text
from tabletop.core.rules import game_ids, load_rules
from tabletop.ui.deck_builder import DeckBuilderScene
from tabletop.ui.deck_csv import CsvImportScene, guess_mapping, mapping_fields
from tabletop.userdirs import Kind, folder

BINARY = b"\xff\xfe\x00garbage\x01\x02"


def test_a_binary_file_is_a_file_that_cannot_be_used_not_columns(tmp_path: Path) -> None:
    (tmp_path / "binary.csv").write_bytes(BINARY)
    with pytest.raises(CsvError, match="control character.*not a CSV text file"):
        read_csv(tmp_path / "binary.csv")


def test_a_nul_in_a_cell_leaves_that_row_out_with_its_row_and_column() -> None:
    table = read_csv_text("Name,Type,Colour,Cost,Power\nNul\x00Card,character,red,1,1\n"
                          "Fine,character,red,1,1\n")
    result = import_rows(table, {"name": "Name", "type": "Type", "colour": "Colour",
                                 "cost": "Cost", "power": "Power"}, "arc")
    assert [e["name"]["en"] for e in result.entries] == ["Fine"]
    (problem,) = result.problems
    assert (problem.row, problem.column) == (2, "Name")
    assert "U+0000" in problem.problem


def _builder_with(name: str, data: bytes) -> tuple[object, CsvImportScene]:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True, exist_ok=True)
    (cards / name).write_bytes(data)
    app = make_app()
    scene = DeckBuilderScene(app, "arc")
    app.stack.replace(scene)
    frames(app, 2)
    scene.open_csv(cards / name)
    frames(app, 2)
    csv_scene = app.stack.top
    assert isinstance(csv_scene, CsvImportScene)
    return app, csv_scene


def test_the_import_screen_of_a_binary_file_says_so_and_its_drop_downs_open() -> None:
    app, csv_scene = _builder_with("binary.csv", BINARY)
    assert "not a CSV text file" in csv_scene.error
    click(app, widget_centre(csv_scene.widgets["map:name"]))  # crashed in pygame_gui
    frames(app, 2)
    assert app.stack.top is csv_scene


def test_the_import_screen_draws_a_preview_with_a_nul_cell() -> None:
    app, csv_scene = _builder_with(
        "nulcell.csv", b"Name,Type,Colour,Cost,Power\nNul\x00Card,character,red,1,1\n"
                       b"Fine,character,red,1,1\n")
    frames(app, 2)  # the preview's draw crashed in render_wrapped
    assert [str(p).startswith("row 2, column 'Name'") for p in csv_scene.result.problems] \
        == [True]


def test_japanese_headers_give_the_japanese_and_the_english_name() -> None:
    table = read_csv_text("名前,英語名,種類,色,コスト,パワー\n"
                          "雷の獣,Thunder Beast,character,red,3,4\n")
    rules = load_rules("arc")
    mapping = guess_mapping(table, mapping_fields(rules), "arc")
    assert mapping["name"] == "英語名" and mapping["name.ja"] == "名前"


@pytest.mark.parametrize("game", game_ids())
def test_every_field_a_column_maps_to_has_words_in_both_languages(game: str) -> None:
    for fld in mapping_fields(load_rules(game)):
        for lang in i18n.languages():
            assert i18n.has_text(f"decks.field.{fld}", lang), (game, fld, lang)


def _cli(tmp: Path, sheet: Path, *extra: str) -> int:
    from tabletop.csv_import import run

    args = argparse.Namespace(file=str(sheet), game="arc", mapping="name=Name", constants=[],
                              name="", dry_run=False)
    for item in extra:
        key, _, value = item.partition("=")
        setattr(args, key, value)
    return run(args)


def test_the_command_exits_2_naming_the_problem_of_a_binary_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "binary.csv"
    sheet.write_bytes(BINARY)
    assert _cli(tmp_path, sheet) == 2
    assert "not a CSV text file" in capsys.readouterr().err


def test_the_command_names_no_other_user_card_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    (cards / "torn.toml").write_text("[[card\n", encoding="utf-8")
    sheet = tmp_path / "club.csv"
    sheet.write_text("Name,Type,Colour,Cost,Power\nStorm Bird,character,blue,2,2\n",
                     encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        code = _cli(tmp_path, sheet, "mapping=name=Name,type=Type,colour=Colour,cost=Cost,"
                                     "power=Power")
    err = capsys.readouterr().err
    assert code == 0
    assert "torn.toml" not in err and "torn.toml" not in caplog.text
    assert "1 other user card file(s)" in err
    assert stat.S_IMODE((cards / "club.toml").stat().st_mode) & 0o044 == 0o044  # #21


def test_a_header_row_alone_cannot_be_used(tmp_path: Path) -> None:
    sheet = tmp_path / "empty.csv"
    sheet.write_text("Name,Type\n", encoding="utf-8")
    assert read_csv(sheet).rows == ()
    assert _cli(tmp_path, sheet) == 2
