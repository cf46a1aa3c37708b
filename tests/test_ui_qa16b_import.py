"""QA16b findings on importing decks and cards: a pasted text of thousands of bad
lines is reported briefly (#4), Import reaches every file (#6), a CSV import asks
before replacing a card file that holds something else (#9), a header-only CSV and
one card are said plainly and the command line's heading comes before its rows (#15),
control characters and huge counts in a deck text are named as such (#20)."""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton
from ui_helpers import click, frames, key, make_app, widget_centre

from tabletop import i18n
from tabletop.core.deck_text import ProblemKind, parse_deck_text
from tabletop.core.rules import load_rules
from tabletop.ui import deck_import, deck_io, dialogs
from tabletop.ui.deck_builder import DeckBuilderScene
from tabletop.ui.deck_csv import CsvImportScene
from tabletop.userdirs import Kind, folder


def builder(game: str = "arc", size: tuple[int, int] = (1280, 720),
            lang: str = "en") -> tuple[Any, DeckBuilderScene]:
    app = make_app(size, lang)
    scene = DeckBuilderScene(app, game)
    app.stack.replace(scene)
    frames(app, 2)
    return app, scene


def dialog_text(app: Any) -> str:
    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    box = getattr(window, "text_block", None) or getattr(window, "text_box", None)
    return html.unescape(str(box.html_text)).replace("<br>", "\n")


def dialog_buttons(app: Any) -> dict[str, Any]:
    """The buttons of the topmost dialog by their text."""
    window = dialogs.top_dialog(app.ui)
    assert window is not None, "no dialog open"
    return {b.text: b for b in app.ui.get_sprite_group().sprites()
            if isinstance(b, UIButton) and b.ui_container is window.get_container()}


def press(app: Any, label: str) -> None:
    buttons = dialog_buttons(app)
    assert label in buttons, f"{label!r} not among {sorted(buttons)}"
    click(app, widget_centre(buttons[label]))
    frames(app, 1)


# ---------------------------------------------------------------- #4 a huge paste
def test_a_pasted_text_of_thousands_of_bad_lines_lists_ten_and_counts_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lines = ["[foe]", *(f"{n} Hill Bandit" for n in range(1, 3001)), "[draw]", "40 Slash"]
    monkeypatch.setattr(deck_io, "clipboard_text", lambda: "\n".join(lines))
    app, scene = builder("conan", (1600, 900))
    click(app, widget_centre(scene.widgets["import"]))
    press(app, "From the clipboard")
    said = dialog_text(app)
    assert said.count("•") == deck_import.SHOWN_PROBLEMS
    bad = 3000 - 13  # 1+2+...+13 = 91 copies read (at most 99), then every line too many
    assert f"{bad} lines could not be read and were left out; the first 10:" in said
    assert f"and {bad - deck_import.SHOWN_PROBLEMS} more lines" in said
    assert "up to line 3001" in said
    assert scene.draft is not None and scene.draft.count("foe_hill_bandit") == 91


def test_one_more_bad_line_is_said_in_the_singular() -> None:
    app, scene = builder()
    text = "\n".join(["4 Ember Hills", *(f"{n} Nowhere Card" for n in range(1, 13))])
    scene.import_text(text, "typed")
    said = dialog_text(app)
    assert said.count("•") == deck_import.SHOWN_PROBLEMS
    assert "and 2 more lines" in said
    scene.import_text("\n".join(text.splitlines()[:-1]), "typed")
    assert "1 more line that could not be read: line 12" in dialog_text(app)


# ---------------------------------------------------------------- #6 every file
def test_import_reaches_every_text_and_csv_file_a_page_at_a_time() -> None:
    decks, cards = folder(Kind.DECKS, "arc"), folder(Kind.CARDS, "arc")
    decks.mkdir(parents=True)
    cards.mkdir(parents=True)
    names = [f"deck{i:02d}.txt" for i in range(14)] + [f"set{i}.csv" for i in range(3)]
    for age, name in enumerate(names):  # the first one newest
        path = (decks if name.endswith(".txt") else cards) / name
        path.write_text("4 Ember Hills\n" if name.endswith(".txt") else "Name,Type\nX,action\n",
                        encoding="utf-8")
        os.utime(path, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    app, scene = builder()
    click(app, widget_centre(scene.widgets["import"]))
    seen: list[str] = []
    for _page in range(10):
        labels = list(dialog_buttons(app))
        seen += [t for t in labels if t.startswith(("From deck", "Cards from set"))]
        assert "of 17 shown" in dialog_text(app)
        nxt = [t for t in labels if t.startswith("Next files")]
        if not nxt:
            break
        press(app, nxt[0])
    wanted = [f"From {n}" for n in names if n.endswith(".txt")] + \
             [f"Cards from {n} (spreadsheet)" for n in names if n.endswith(".csv")]
    assert seen == wanted  # each once, newest first, the deck texts before the set lists
    prev = [t for t in dialog_buttons(app) if t.startswith("Previous files")]
    assert prev
    press(app, "Cards from set2.csv (spreadsheet)")
    assert isinstance(app.stack.top, CsvImportScene) and app.stack.top.path.name == "set2.csv"


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440), (1366, 768)])
def test_a_page_of_the_import_dialog_fits_the_window(size: tuple[int, int]) -> None:
    decks = folder(Kind.DECKS, "arc")
    decks.mkdir(parents=True)
    for i in range(30):
        (decks / f"deck{i:02d}.txt").write_text("4 Ember Hills\n", encoding="utf-8")
    app, scene = builder(size=size)
    click(app, widget_centre(scene.widgets["import"]))
    window = dialogs.top_dialog(app.ui)
    inside = pygame.Rect((0, 0), size)
    assert inside.contains(window.rect)
    buttons = dialog_buttons(app)
    assert "Cancel" in buttons and any(t.startswith("Next files") for t in buttons)
    for button in buttons.values():
        assert window.rect.contains(button.get_abs_rect())
    key(app, pygame.K_ESCAPE)
    assert dialogs.top_dialog(app.ui) is None


# ---------------------------------------------------------------- #9 no silent overwrite
def _csv_screen(app: Any, scene: DeckBuilderScene, sheet: Path) -> CsvImportScene:
    scene.open_csv(sheet)
    frames(app, 1)
    top = app.stack.top
    assert isinstance(top, CsvImportScene)
    return top


def test_a_second_import_asks_before_replacing_a_card_file_edited_by_hand() -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    sheet = cards / "club.csv"
    sheet.write_text("Name,Type,Colour\nMist Vale,resource,blue\n", encoding="utf-8")
    target = cards / "club.toml"
    app, scene = builder()
    click(app, widget_centre(_csv_screen(app, scene, sheet).widgets["import"]))
    assert target.is_file() and app.stack.top is scene
    assert "1 card written" in dialog_text(app) and "it is in the pool" in dialog_text(app)
    key(app, pygame.K_RETURN)
    edited = target.read_text(encoding="utf-8").replace('"Mist Vale"', '"Misty Vale"')
    target.write_text(edited, encoding="utf-8")

    screen = _csv_screen(app, scene, sheet)
    click(app, widget_centre(screen.widgets["import"]))
    assert "club.toml is there already" in dialog_text(app)
    key(app, pygame.K_ESCAPE)  # Cancel: the hand edit stays, the screen too
    assert target.read_text(encoding="utf-8") == edited and app.stack.top is screen
    click(app, widget_centre(screen.widgets["import"]))
    press(app, "Replace club.toml")
    assert app.stack.top is scene and "Misty" not in target.read_text(encoding="utf-8")


def test_importing_the_same_rows_again_writes_without_asking() -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    sheet = cards / "club.csv"
    sheet.write_text("Name,Type,Colour\nMist Vale,resource,blue\nTide,resource,blue\n",
                     encoding="utf-8")
    app, scene = builder()
    for _ in range(2):
        click(app, widget_centre(_csv_screen(app, scene, sheet).widgets["import"]))
        assert app.stack.top is scene
        assert "2 cards written" in dialog_text(app)
        key(app, pygame.K_RETURN)


# ---------------------------------------------------------------- #15 plain words
def test_a_header_only_csv_says_it_has_no_rows_in_the_preview_and_on_import(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    (cards / "headeronly.csv").write_text("Name,Type\n", encoding="utf-8")
    app, scene = builder()
    screen = _csv_screen(app, scene, cards / "headeronly.csv")
    drawn: list[str] = []
    render = app.fonts.render

    def spy(text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return render(text, *args, **kw)

    monkeypatch.setattr(app.fonts, "render", spy)
    screen.draw(app.screen)
    words = i18n.t("decks.csv.no_rows")
    assert words in drawn and not any("0 of 0" in t for t in drawn)
    click(app, widget_centre(screen.widgets["import"]))
    assert dialog_text(app) == words


def test_the_command_line_says_rows_left_out_before_the_rows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    sheet = tmp_path / "club.csv"
    sheet.write_text("Name,Type,Colour,Cost,Power\nStorm Bird,character,blue,2,2\n"
                     "Bad Cost,character,red,x,3\nNo Type,,green,1,1\n", encoding="utf-8")
    code = main(["csv-import", str(sheet), "--game", "arc", "--map",
                 "name=Name,type=Type,colour=Colour,cost=Cost,power=Power"])
    out, err = capsys.readouterr()
    assert code == 1
    rows = [line for line in err.splitlines() if not line.startswith("(")]
    assert rows[0] == "Rows left out (2):"
    assert rows[1].startswith("club.csv: row 3") and rows[2].startswith("club.csv: row 4")
    assert "1 card written to" in out


# ---------------------------------------------------------------- #20 the line's own fault
def test_control_characters_are_named_not_drawn_as_boxes() -> None:
    cards = load_rules("arc").cards
    parsed = parse_deck_text("4 Ember Hills\n\x01\x02 garbage\n\ufeff2 Scorch\n", cards, "arc",
                             "typed")
    (problem,) = parsed.problems
    assert (problem.line, problem.kind) == (2, ProblemKind.CONTROL_CHARACTER)
    for lang in ("en", "ja"):
        said = problem.message().render(lang)
        assert "U+0001" in said and "U+0002" in said
        assert not any(ord(c) < 32 for c in said)
    # the byte order mark a copy leaves at a line's start is no problem at all
    assert parsed.deck.sections == {"cards": {"red_ember_hills": 4, "red_scorch": 2}}


@pytest.mark.parametrize("line", ["999999999999999999 Firestorm", "-3 Scorch", "0 Scorch",
                                  "Scorch x-2", "9" * 5000 + " Scorch"])
def test_a_count_out_of_range_is_a_bad_count_not_an_unknown_card(line: str) -> None:
    parsed = parse_deck_text(line + "\n", load_rules("arc").cards, "arc", "typed")
    (problem,) = parsed.problems
    assert problem.kind is ProblemKind.BAD_COUNT
    said = problem.message().render("en")
    assert "whole number from 1 to 99" in said and len(said) < 160


def test_the_report_of_a_deck_text_in_the_window_names_both_faults() -> None:
    app, scene = builder()
    scene.import_text("4 Ember Hills\n\x01\x02 garbage\n999999999999999999 Firestorm\n", "t")
    said = dialog_text(app)
    assert "line 2" in said and "U+0001" in said and "\x01" not in said
    assert "line 3" in said and "the count must be a whole number" in said


def test_the_command_line_replaces_a_hand_edited_card_file_only_when_told(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    sheet = tmp_path / "club.csv"
    sheet.write_text("Name,Type,Colour\nMist Vale,resource,blue\n", encoding="utf-8")
    args = ["csv-import", str(sheet), "--game", "arc", "--map",
            "name=Name,type=Type,colour=Colour"]
    target = folder(Kind.CARDS, "arc") / "club.toml"
    assert main(args) == 0
    assert main(args) == 0  # the same rows again: nothing to lose, written
    edited = target.read_text(encoding="utf-8").replace("Mist Vale", "Misty Vale")
    target.write_text(edited, encoding="utf-8")
    capsys.readouterr()
    assert main(args) == 2
    assert "--replace" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == edited
    assert main([*args, "--replace"]) == 0
    assert "Misty" not in target.read_text(encoding="utf-8")
