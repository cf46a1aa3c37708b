"""The rules help of Arc, 絵師100人展 and Xenocard (issue 12 §2): what it must explain.

Every ruling the game's code names (refusals, docstrings, a refusal citing two rules
at once) and every house ruling of the game is explained by a section, house rulings
stated in so many words; English and Japanese pair section by section; the turn
section names every phase the program has; the terms the issue lists are there; the
goal comes first. The games' diagrams draw at the three window scales with every word
whole and large enough, from real faces, and say what the rules decide.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop import i18n
from tabletop.core.rules import load_rules
from tabletop.help import HelpPage, load_help
from tabletop.i18n import msg

REPO = Path(__file__).resolve().parent.parent
GAMES = ("arc", "eshi100", "xenocard")
LANGS = ("en", "ja")
PREFIX = {"eshi100": "ESHI", "arc": "ARC", "xenocard": "XENO"}
ANY_ID = re.compile(r"\b(?:ARC|ESHI|XENO|ALL)-[RH][0-9]+\b")
#: The help scene's page column at 1280x720 (tabletop/ui/help.py): 940 x 602 pixels for
#: a diagram, scaled with the window.
COLUMN = (940, 602)
SIZES = {1.0: (1280, 720), 1.25: (1600, 900), 2.0: (2560, 1440)}
DIAGRAMS = {"arc": ("table", "combat"), "eshi100": ("grid", "connect"),
            "xenocard": ("fields", "battle_order")}


def game_files(game: str) -> list[Path]:
    """The game's rules package and its window plugin (not the help diagrams)."""
    files = sorted((REPO / "tabletop" / "games" / game).glob("*.py"))
    files += [p for p in sorted((REPO / "tabletop" / "ui" / "games").glob(f"{game}*.py"))
              if not p.stem.endswith("_diagrams")]
    return files


def explained(page: HelpPage) -> set[str]:
    return {r for s in page.sections for r in (*s.rules, *s.house)}


def page_text(page: HelpPage) -> str:
    return "\n".join([page.title, *(f"{s.title}\n{s.body}" for s in page.sections)])


# ------------------------------------------------------------------ rulings covered


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_the_game_code_names_is_explained(game: str, lang: str) -> None:
    named: dict[str, str] = {}
    for path in game_files(game):
        for rule in ANY_ID.findall(path.read_text("utf-8")):
            if rule.startswith((PREFIX[game] + "-", "ALL-")):
                named.setdefault(rule, path.relative_to(REPO).as_posix())
    assert named, "the scan found no ruling at all"
    missing = {r: f for r, f in named.items() if r not in explained(load_help(game, lang))}
    assert not missing, f"{game}_{lang}: rulings named in code but in no section: {missing}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_house_ruling_of_the_game_is_marked_and_stated(game: str, lang: str) -> None:
    rulings = (REPO / "docs" / "rulings.md").read_text("utf-8")
    house = set(re.findall(rf"\*\*({PREFIX[game]}-H[0-9]+)\b", rulings))
    assert house
    page = load_help(game, lang)
    for ruling in sorted(house):
        stating = [s.id for s in page.sections if ruling in s.house and ruling in s.body]
        assert stating, f"{game}_{lang}: no section marks and states {ruling}"


def _refusal_rule_strings(path: Path) -> list[str]:
    """Rule strings handed to calls (``Verdict.refuse(code, "ARC-R5, ARC-H1")``,
    ``_once(..., "XENO-R6")``) and given as a ``rule`` parameter's default."""
    tree = ast.parse(path.read_text("utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.Call):
            values = [*node.args, *(k.value for k in node.keywords)]
        elif isinstance(node, ast.FunctionDef):
            names = [a.arg for a in node.args.args][-len(node.args.defaults):] \
                if node.args.defaults else []
            values = [d for n, d in zip(names, node.args.defaults, strict=True) if n == "rule"]
        for value in values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str) \
                    and ANY_ID.search(value.value) \
                    and not ANY_ID.sub("", value.value).strip(", "):
                out.append(value.value)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_citing_two_rules_opens_help_for_each(game: str) -> None:
    cited = [s for p in game_files(game) for s in _refusal_rule_strings(p)]
    assert cited
    for lang in LANGS:
        covered = {r for s in load_help(game, lang).sections for r in s.rules}
        for text in cited:
            for rule in ANY_ID.findall(text):
                assert rule in covered, f"{game}_{lang}: {text!r} cites {rule}, no section"


def test_arc_has_a_refusal_citing_two_rules() -> None:
    """The case the previous test is for: Arc's action card dropped in a combat cites
    ARC-R5 and ARC-H1 in one string."""
    cited = [s for p in game_files("arc") for s in _refusal_rule_strings(p)]
    assert "ARC-R5, ARC-H1" in cited


# ------------------------------------------------------------------ the two languages


@pytest.mark.parametrize("game", GAMES)
def test_english_and_japanese_pair_section_by_section(game: str) -> None:
    en, ja = load_help(game, "en"), load_help(game, "ja")
    assert [s.id for s in en.sections] == [s.id for s in ja.sections]
    for a, b in zip(en.sections, ja.sections, strict=True):
        assert (a.rules, a.house, a.diagram) == (b.rules, b.house, b.diagram), a.id
        if a.anatomy is not None or b.anatomy is not None:
            assert a.anatomy is not None and b.anatomy is not None, a.id
            assert a.anatomy.card == b.anatomy.card
            assert [(p.x, p.y) for p in a.anatomy.parts] == \
                [(p.x, p.y) for p in b.anatomy.parts], f"{game}: {a.id} parts differ"


# ------------------------------------------------------------------ what it explains


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_turn_section_names_every_phase_the_program_has(game: str, lang: str) -> None:
    turn = next(s for s in load_help(game, lang).sections if s.id == "turn")
    for phase in load_rules(game).phases:
        name = msg(f"phase.{game}.{phase}").render(lang)
        assert name.casefold() in turn.body.casefold(), f"{game}_{lang}: phase {name!r}"


TERMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("arc", "en"): ("deck is your life", "resource", "tap", "untap", "block", "blocker",
                    "attacker", "combat card", "cost", "power", "unique", "mulligan",
                    "good", "evil"),
    ("arc", "ja"): ("デッキがそのままライフ", "リソース", "タップ", "アンタップ", "ブロック",
                    "防御キャラクター", "攻撃キャラクター", "コンバットカード", "コスト", "パワー",
                    "ユニーク", "マリガン", "善", "悪"),
    ("eshi100", "en"): ("3 victory points", "grid", "square", "start square", "connect",
                        "connector", "connect cost", "recovered", "damaged", "hand boost",
                        "challenge", "counter", "attack icon", "defence icon",
                        "victory pile"),
    ("eshi100", "ja"): ("勝利点を3点", "場", "マス", "スタートマス", "コネクト",
                        "コネクター", "消費コネクト", "回復状態", "ダメージ状態", "手札強化",
                        "チャレンジ", "対抗", "攻撃アイコン", "防御アイコン", "勝利点置き場"),
    ("xenocard", "en"): ("deck is your life", "standby area", "battle field",
                         "situation area", "trash", "dump", "e mark", "set", "condition",
                         "cost", "weapon", "faces", "melee", "shooting", "all",
                         "ballistic", "level up", "atk", "hp"),
    ("xenocard", "ja"): ("山札がそのままライフ", "待機エリア", "戦闘フィールド", "状況エリア",
                         "廃棄エリア", "捨て山", "Eマーク", "セット", "使用条件", "コスト", "武器",
                         "向き合", "格闘", "射撃", "全体", "弾道", "レベルアップ", "攻撃力",
                         "耐久力"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_terms_of_the_issue_are_explained(game: str, lang: str) -> None:
    text = page_text(load_help(game, lang)).casefold()
    missing = [t for t in TERMS[(game, lang)] if t.casefold() not in text]
    assert not missing, f"{game}_{lang}: {missing}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_goal_comes_first_with_the_rule_of_how_a_game_ends(game: str, lang: str) -> None:
    first = load_help(game, lang).sections[0]
    assert first.id == "goal"
    loss = {"arc": "ARC-R1", "eshi100": "ESHI-R6", "xenocard": "XENO-R1"}[game]
    assert loss in first.rules


@pytest.mark.parametrize("game", GAMES)
def test_the_card_anatomy_names_its_parts_in_the_body(game: str) -> None:
    """Every labelled part of the face is also explained in words (English: the
    labels' first word appears in the section's body)."""
    section = next(s for s in load_help(game, "en").sections if s.diagram == "card_anatomy")
    assert section.anatomy is not None and len(section.anatomy.parts) >= 6
    body = section.body.casefold()
    for part in section.anatomy.parts:
        word = part.label.split()[0].strip(":").casefold()
        assert word in body, f"{game}: part {part.label!r} not in the body"


# ------------------------------------------------------------------ the diagrams


@pytest.fixture(scope="module")
def apps() -> dict[float, Any]:
    from ui_helpers import make_app

    return {scale: make_app(size) for scale, size in SIZES.items()}


def draw(apps: dict[float, Any], game: str, name: str, scale: float, lang: str
         ) -> tuple[Any, Any, Any]:
    """Draw diagram ``name`` of ``game`` as the help page does at ``scale`` (its column
    width, its height capped to the page): (surface, context, renderer)."""
    import pygame

    from tabletop.ui.games import load_game_ui
    from tabletop.ui.help_diagrams import DiagramContext, find_diagram
    from tabletop.ui.panels import TextCache

    app = apps[scale]
    assert app.scale == scale
    i18n.set_language(lang)  # card faces read their type words from the catalogue
    rules = load_rules(game)
    ui = load_game_ui(game, rules)
    renderer = ui.make_renderer(app.fonts)
    found = find_diagram(game, name)
    assert found is not None, f"{game}: diagram {name!r} not registered"
    width = round(COLUMN[0] * scale)
    height = min(round(width * found.aspect), round(COLUMN[1] * scale))
    surface = pygame.Surface((width, height))
    surface.fill((30, 44, 38))
    section = next(s for s in load_help(game, lang).sections if s.diagram == name)
    ctx = DiagramContext(lang, scale, TextCache(app.fonts), renderer, ui.load_layout(),
                         rules, section)
    found.fn(surface, surface.get_rect(), ctx)
    return surface, ctx, renderer


CASES = [(g, n) for g, names in DIAGRAMS.items() for n in names]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scale", sorted(SIZES))
@pytest.mark.parametrize(("game", "name"), CASES)
def test_diagrams_draw_at_three_scales_with_every_word_whole(
        apps: dict[float, Any], game: str, name: str, scale: float, lang: str) -> None:
    surface, ctx, renderer = draw(apps, game, name, scale, lang)
    left_out = [t for r in ctx.records for t in r.left_out]
    assert not left_out, f"{game}/{name} at {scale}: left out {left_out}"
    placed = [p for r in ctx.records for p in r.placed]
    assert placed, "the diagram wrote no word"
    bounds = surface.get_rect()
    for text in placed:
        # 14 px at 1280x720 at least (the help page's floor), scaled with the window.
        assert text.px >= round(14 * scale), f"{text.text!r} at {text.px} px"
        for _, ink in text.lines:
            assert bounds.contains(ink), f"{text.text!r} clipped at {ink}"
    assert renderer.faces_drawn, "no real card face drawn"


def _words(apps: dict[float, Any], game: str, name: str) -> list[str]:
    _, ctx, _ = draw(apps, game, name, 1.0, "en")
    return [p.text for r in ctx.records for p in r.placed]


def test_arc_combat_diagram_says_what_the_rules_did(apps: dict[float, Any]) -> None:
    """ARC-R5: Tide Caller (3, +2 from Tidal Shield) blocks Ember Knight (4) and wins;
    Ash Raider (2) is not blocked and takes 2 cards off the deck."""
    words = _words(apps, "arc", "combat")
    assert "Power 3+2 = 5" in words and "Power 4" in words
    assert "Loses: to the discard pile" in words and "Wins" in words
    assert "Not blocked: 2 cards off the deck" in words


def test_arc_table_diagram_counts_each_deck_as_life(apps: dict[float, Any]) -> None:
    assert _words(apps, "arc", "table").count("24 cards = life") == 2


def test_eshi_connect_diagram_counts_the_connect_the_rules_find(apps: dict[float, Any]) -> None:
    """ESHI-R3: the connect from player 1's start square holds 3 cards, one of them the
    other player's; the own card beside it joins none."""
    words = _words(apps, "eshi100", "connect")
    assert "Your connect: 3 cards, 1 of them the other player's" in words


def test_eshi_grid_diagram_names_both_start_squares(apps: dict[float, Any]) -> None:
    words = _words(apps, "eshi100", "grid")
    assert any(w.startswith("Your start square (A1)") for w in words)
    assert any(w.startswith("The other player's start square") for w in words)
    assert list("ABCD") == [w for w in words if w in "ABCD"]


def test_xenocard_battle_diagram_lists_the_attacks_in_the_rules_order(
        apps: dict[float, Any]) -> None:
    """XENO-R5: melee, shooting, all, ballistic. The Walker (front left, melee) destroys
    the Husk straight across; the Sergeant's column is empty, so it shoots the deck;
    the Medic hits every card left; the Siege Crawler hits the deck."""
    words = [w for w in _words(apps, "xenocard", "battle_order") if w[:1].isdigit()
             and ". " in w]
    assert words == [
        "1. melee: Walker Frame hits Husk Crawler for 3: destroyed, to the trash",
        "2. shooting: Marine Sergeant hits the deck: 2 cards to the dump",
        "3. all: Medic Unit 7 hits Drifting Relic for 1",
        "4. ballistic: Siege Crawler hits the deck: 2 cards to the dump",
    ]


def test_xenocard_fields_diagram_names_each_free_slot_as_its_owner_sees_it(
        apps: dict[float, Any]) -> None:
    """XENO-R5: seat 1's field is turned round, so its slot across from player 1's front
    left is that player's front right."""
    words = _words(apps, "xenocard", "fields")
    for slot in ("front right", "back right", "front left", "back left"):
        assert slot in words
