"""The rules help files (issue 12 §2, docs/help.md), headless: every registered game has
its help in English and Japanese with the same sections, every rule a refusal of the
game can cite opens a section ("Why?"), house rulings named exist, every character is
in the font, and a broken file is reported with its file and field."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tabletop.core.rules import game_ids, load_rules
from tabletop.help import (
    RULE_ID,
    BlockKind,
    HelpError,
    help_languages,
    load_help,
    load_help_file,
    parse_body,
)

REPO = Path(__file__).resolve().parent.parent
LANGS = ("en", "ja")
GAMES = game_ids()
#: The rule-id prefix of each game's own rulings (``CONAN-R8``, ``ARC-H1``...).
PREFIX = {"conan": "CONAN", "eshi100": "ESHI", "arc": "ARC", "xenocard": "XENO"}


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (they mention rules, they cite none)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def cited_rules(files: list[Path], prefixes: tuple[str, ...]) -> dict[str, str]:
    """Every rule id written as a string of its own in the code of ``files`` (the way a
    refusal cites it: ``Verdict.refuse(code, "CONAN-R8")``, a table of phase -> rule),
    docstrings left out: rule id -> the first file citing it."""
    found: dict[str, str] = {}
    for path in files:
        tree = ast.parse(path.read_text("utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in skip and RULE_ID.fullmatch(node.value) \
                    and node.value.split("-")[0] in prefixes:
                found.setdefault(node.value, path.relative_to(REPO).as_posix())
    return found


def game_code(game: str) -> list[Path]:
    """The game's rules package and its window plugin modules."""
    files = sorted((REPO / "tabletop" / "games" / game).glob("*.py"))
    files += sorted((REPO / "tabletop" / "ui" / "games").glob(f"{game}*.py"))
    return files


def table_code() -> list[Path]:
    """The code every table shares (its refusals cite ALL- rulings: undo, free mode...)."""
    return sorted((REPO / "tabletop" / "core").glob("*.py")) + sorted(
        (REPO / "tabletop" / "ui").glob("*.py"))


def test_every_registered_game_is_known_here() -> None:
    assert set(GAMES) <= set(PREFIX), "a new game: give its rule prefix in PREFIX"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_rules_help_in_both_languages(game: str, lang: str) -> None:
    page = load_help(game, lang)
    assert page.title and page.sections
    assert lang in help_languages(game)


@pytest.mark.parametrize("game", GAMES)
def test_japanese_help_has_the_english_sections_in_the_same_order(game: str) -> None:
    en, ja = load_help(game, "en"), load_help(game, "ja")
    assert [s.id for s in ja.sections] == [s.id for s in en.sections]
    for a, b in zip(en.sections, ja.sections, strict=True):
        assert (a.rules, a.house, a.diagram) == (b.rules, b.house, b.diagram), a.id
        assert (a.anatomy is None) == (b.anatomy is None), a.id
        if a.anatomy is not None and b.anatomy is not None:
            assert a.anatomy.card == b.anatomy.card, a.id
            assert [(p.x, p.y) for p in a.anatomy.parts] == \
                [(p.x, p.y) for p in b.anatomy.parts], a.id


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_refusal_can_cite_opens_a_section(game: str, lang: str) -> None:
    """ "Why?" on any refusal of the game finds a section: every rule id its code cites
    (its own and the ALL- rulings), and every ALL- ruling the shared table cites."""
    cited = cited_rules(game_code(game), (PREFIX[game], "ALL"))
    cited.update(cited_rules(table_code(), ("ALL",)))
    page = load_help(game, lang)
    missing = {rule: where for rule, where in cited.items()
               if page.section_for_rule(rule) is None}
    assert missing == {}, f"{page.path.name}: no section lists these rule ids: {missing}"


def test_the_collector_finds_the_rules_conan_refusals_cite() -> None:
    # Verdict.refuse(..., "CONAN-R9") in moves.py, and the phase table WHAT_NOW in drops.py
    cited = cited_rules(game_code("conan"), ("CONAN", "ALL"))
    assert {"CONAN-R9", "CONAN-R2", "CONAN-R12", "CONAN-R17"} <= set(cited)
    assert "ALL-H1" in cited_rules(table_code(), ("ALL",))


@pytest.mark.parametrize("game", GAMES)
def test_house_rulings_named_in_help_exist(game: str) -> None:
    rulings = (REPO / "docs" / "rulings.md").read_text("utf-8")
    defined = set(re.findall(r"\*\*([A-Z0-9]+-H[0-9]+)\b", rulings))
    for lang in LANGS:
        page = load_help(game, lang)
        named = {h for s in page.sections for h in s.house}
        assert named <= defined, f"{page.path.name}: unknown house rulings {named - defined}"


@pytest.mark.parametrize("game", GAMES)
def test_a_section_marked_with_a_house_ruling_states_it(game: str) -> None:
    for lang in LANGS:
        for section in load_help(game, lang).sections:
            for ruling in section.house:
                assert ruling in section.body, f"{game}_{lang}: {section.id} marks {ruling}"


@pytest.mark.parametrize("game", GAMES)
def test_anatomy_cards_are_cards_of_the_game(game: str) -> None:
    rules = load_rules(game)
    for lang in LANGS:
        for section in load_help(game, lang).sections:
            if section.anatomy is not None:
                assert section.anatomy.card in rules.cards, (lang, section.id)


def _cmap() -> set[int]:
    with TTFont(REPO / "assets" / "fonts" / "NotoSansJP-Subset-Regular.otf", lazy=True) as tt:
        return set(tt.getBestCmap())


@pytest.mark.parametrize("game", GAMES)
def test_no_help_text_needs_a_glyph_the_font_lacks(game: str) -> None:
    cmap = _cmap()
    for lang in LANGS:
        page = load_help(game, lang)
        texts = [page.title] + [t for s in page.sections for t in (
            s.title, s.body, *(p.label for p in (s.anatomy.parts if s.anatomy else ())))]
        missing = sorted({ch for text in texts for ch in text
                          if ch.isprintable() and not ch.isspace() and ord(ch) not in cmap})
        assert missing == [], f"{page.path.name}: run tools/subset_font.py ({missing})"


# ------------------------------------------------------------------------ the loader


def test_body_paragraphs_and_bullets() -> None:
    blocks = parse_body("First line\ncontinues.\n\n- one\n- two\n  more\n\nLast.")
    assert [(b.kind, b.text) for b in blocks] == [
        (BlockKind.PARAGRAPH, "First line continues."), (BlockKind.BULLET, "one"),
        (BlockKind.BULLET, "two more"), (BlockKind.PARAGRAPH, "Last.")]


def test_japanese_lines_join_without_a_space() -> None:
    assert parse_body("フォウを\n配置します。")[0].text == "フォウを配置します。"


def test_a_refused_rule_finds_its_section_then_a_house_section() -> None:
    page = load_help("conan", "en")
    gap = page.section_for_rule("CONAN-R9")
    assert gap is not None and gap.id == "conan_move"
    house = page.section_for_rule("CONAN-H2")
    assert house is not None and house.id == "icons"
    assert page.section_for_rule("CONAN-R99") is None
    assert page.section_for_rule("") is None


GOOD = '''title = "T"
[[section]]
id = "goal"
title = "Goal"
rules = ["CONAN-R1"]
house = []
body = "Win."
'''


def _write(tmp_path: Path, text: str, name: str = "conan_en.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize(("text", "field"), [
    (GOOD.replace('title = "T"\n', ""), "title"),
    (GOOD.replace('rules = ["CONAN-R1"]', 'rules = ["R1"]'), "section[0].rules[0]"),
    (GOOD.replace('house = []', 'house = ["CONAN-R3"]'), "section[0].house[0]"),
    (GOOD.replace('id = "goal"', 'id = "Goal!"'), "section[0].id"),
    (GOOD.replace('body = "Win."', 'body = ""'), "section[0].body"),
    (GOOD.replace('body = "Win."', 'body = "Win."\ncolour = "red"'), "section[0].colour"),
    (GOOD + GOOD.replace('title = "T"\n', ""), "section[1].id"),
    (GOOD.replace('body = "Win."', 'body = "Win."\ndiagram = "card_anatomy"'),
     "section[0].anatomy"),
    (GOOD.replace('body = "Win."', 'body = "Win."\ndiagram = "card_anatomy"\n'
                  '[section.anatomy]\ncard = "x"\n[[section.anatomy.part]]\n'
                  'label = "Cost"\nx = 1.5\ny = 0.1'), "section[0].anatomy.part[0].x"),
    ('title = "T"\n', "section"),
    ("title = = broken", ""),
])
def test_a_broken_help_file_names_file_and_field(tmp_path: Path, text: str,
                                                 field: str) -> None:
    with pytest.raises(HelpError) as err:
        load_help_file(_write(tmp_path, text))
    assert str(err.value).startswith(f"conan_en.toml: {field}"), str(err.value)


def test_a_good_file_loads_with_its_game_and_language(tmp_path: Path) -> None:
    page = load_help_file(_write(tmp_path, GOOD, "arc_ja.toml"))
    assert (page.game, page.lang, page.title) == ("arc", "ja", "T")
    assert page.sections[0].rules == ("CONAN-R1",) and page.rule_ids == {"CONAN-R1"}


def test_a_missing_help_file_says_where_it_looked() -> None:
    with pytest.raises(HelpError, match="no help file for game 'nosuchgame'"):
        load_help("nosuchgame", "en")
