"""Decks as plain text (tabletop.core.deck_text) and the user's deck files
(tabletop.core.deck_files): exact round trips, names in either language or by id,
every line that cannot be read reported with its number and the closest names."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tabletop.core.deck_files import (
    deck_path,
    deck_toml,
    delete_deck,
    load_user_decks,
    new_deck_id,
    save_deck,
)
from tabletop.core.deck_text import ProblemKind, format_deck, parse_deck_text, piles_of
from tabletop.core.decks import Deck, load_deck, parse_deck
from tabletop.core.files import parse_toml
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.resources import resource_path


@cache
def rules(game: str) -> GameRules:
    return load_rules(game)


def ready(game: str) -> list[Deck]:
    r = rules(game)
    folder = resource_path("assets", "decks", game)
    return [load_deck(p, list(r.cards), r.deck_options) for p in sorted(folder.glob("*.toml"))]


def parse(game: str, text: str, deck_id: str = "t"):  # type: ignore[no-untyped-def]
    r = rules(game)
    return parse_deck_text(text, r.cards, game, deck_id, r.deck_options)


ALL_READY = [(g, d) for g in game_ids() for d in ready(g)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "deck"), ALL_READY, ids=lambda v: getattr(v, "id", v))
def test_round_trip_is_exact_for_every_ready_made_deck(game: str, deck: Deck,
                                                       lang: str) -> None:
    r = rules(game)
    text = format_deck(deck, r.cards, game, lang, r.deck_options)
    parsed = parse(game, text, deck.id)
    assert parsed.problems == ()
    back = parsed.deck
    assert [(p, list(e.items())) for p, e in back.sections.items()] == \
        [(p, list(e.items())) for p, e in deck.sections.items()]
    assert dict(back.name) == {"en": deck.name["en"], "ja": deck.name.get("ja", deck.name["en"])}
    assert dict(back.options) == {k: str(v) for k, v in deck.options.items()}
    assert format_deck(back, r.cards, game, lang, r.deck_options) == text


@pytest.mark.parametrize(("game", "deck"), ALL_READY, ids=lambda v: getattr(v, "id", v))
def test_round_trip_through_a_text_file_and_a_deck_file(game: str, deck: Deck,
                                                        tmp_path: Path) -> None:
    r = rules(game)
    text_file = tmp_path / "deck.txt"
    text_file.write_text(format_deck(deck, r.cards, game, "ja", r.deck_options),
                         encoding="utf-8")
    back = parse(game, text_file.read_text(encoding="utf-8"), deck.id).deck
    toml_file = tmp_path / f"{deck.id}.toml"
    toml_file.write_text(deck_toml(back, piles_of(game)), encoding="utf-8")
    again = load_deck(toml_file, list(r.cards), r.deck_options)
    assert again.sections == deck.sections and dict(again.name) == dict(back.name)


def test_a_card_may_be_named_in_english_japanese_or_by_id_any_case_and_width() -> None:
    text = "3 Flame Duelist\n２　炎の決闘者\nred_ember_hills\n4X ember hills\nEmber Hills x2"
    parsed = parse("arc", text)
    assert parsed.problems == ()
    assert parsed.deck.sections == {"cards": {"red_flame_duelist": 5, "red_ember_hills": 7}}


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "# my deck\n\n// also a comment\n3 Flame Duelist  # the core\n"
    assert parse("arc", text).deck.sections == {"cards": {"red_flame_duelist": 3}}


def test_an_unknown_name_is_reported_with_its_line_and_the_closest_names() -> None:
    parsed = parse("arc", "3 Flame Duelist\n2 Flame Duelst\n1 Nothing Like It At All")
    assert parsed.deck.sections == {"cards": {"red_flame_duelist": 3}}
    first, second = parsed.problems
    assert (first.line, first.kind, first.text) == (2, ProblemKind.UNKNOWN_CARD, "Flame Duelst")
    assert first.closest[0] == "Flame Duelist"
    assert "line 2" in first.message().render("en") and "Flame Duelist" in \
        first.message().render("en")
    assert "2行目" in first.message().render("ja")
    assert second.line == 3 and second.closest == ()


def test_japanese_typo_gets_japanese_suggestions() -> None:
    (problem,) = parse("arc", "1 炎の決闘").problems
    assert "炎の決闘者" in problem.closest


@pytest.mark.parametrize("line", ["0 Flame Duelist", "100 Flame Duelist", "12"])
def test_a_count_must_be_1_to_99(line: str) -> None:
    (problem,) = parse("arc", line).problems
    assert problem.kind is ProblemKind.BAD_COUNT and problem.line == 1


def test_conan_piles_by_heading_by_name_or_by_card_type() -> None:
    text = ("Conan, Northern Wanderer\n3 Hill Bandit\n3 Slash\n"
            "[Draw deck]\n2 Parry\n[フォウデッキ]\n1 Grey Wolf\n")
    parsed = parse("conan", text)
    assert parsed.problems == ()
    assert parsed.deck.sections == {
        "conan": {"conan_wanderer": 1},
        "foe": {"foe_hill_bandit": 3, "foe_grey_wolf": 1},
        "draw": {"move_slash": 3, "move_parry": 2},
    }


def test_lines_under_an_unknown_heading_are_left_out_and_reported() -> None:
    parsed = parse("conan", "[sideboard]\n3 Slash\n[draw]\n2 Parry")
    assert parsed.deck.sections == {"draw": {"move_parry": 2}}
    (problem,) = parsed.problems
    assert (problem.line, problem.kind) == (1, ProblemKind.UNKNOWN_PILE)


def test_deck_fields_name_and_arc_alignment() -> None:
    parsed = parse("arc", "name: Red Storm\nname.ja: 赤い嵐\nalignment: good\n8 Ember Hills")
    assert dict(parsed.deck.name) == {"en": "Red Storm", "ja": "赤い嵐"}
    assert dict(parsed.deck.options) == {"alignment": "good"}
    assert rules("arc").check_deck(parsed.deck) == []


def test_a_field_the_game_does_not_read_is_a_card_line() -> None:
    (problem,) = parse("eshi100", "alignment: good").problems
    assert problem.kind is ProblemKind.UNKNOWN_CARD


# ------------------------------------------------------------------ user deck files


def test_save_load_and_delete_a_user_deck() -> None:
    deck = ready("arc")[0]
    path = save_deck(replace_id(deck, "mine"), "arc", piles_of("arc"))
    assert path == deck_path("arc", "mine") and path.is_file()
    found = load_user_decks("arc", list(rules("arc").cards), rules("arc").deck_options)
    assert found.broken == {}
    assert found.decks["mine"].sections == deck.sections
    assert dict(found.decks["mine"].name) == dict(deck.name)
    delete_deck("arc", "mine")
    assert not path.exists()


def replace_id(deck: Deck, deck_id: str) -> Deck:
    return Deck(deck_id, dict(deck.name), deck.sections, deck.options)


def test_a_broken_user_deck_is_named_with_its_field_and_the_others_load() -> None:
    good = ready("xenocard")[0]
    save_deck(replace_id(good, "good"), "xenocard")
    folder = deck_path("xenocard", "x").parent
    (folder / "broken.toml").write_text('name = { en = "B" }\n[cards]\nxeno_nothing = 3\n',
                                        encoding="utf-8")
    (folder / "garbled.toml").write_text('name = "unterminated\n', encoding="utf-8")
    found = load_user_decks("xenocard", list(rules("xenocard").cards))
    assert list(found.decks) == ["good"]
    assert "broken.toml" in found.broken["broken.toml"]
    assert "cards.xeno_nothing" in found.broken["broken.toml"]
    assert found.broken["garbled.toml"].startswith("garbled.toml")


def test_deck_toml_is_read_back_equal_with_quotes_and_japanese() -> None:
    deck = Deck("q", {"en": 'The "Best" deck', "ja": "最強のデッキ"},
                {"cards": {"red_ember_hills": 8}}, {"alignment": "good"})
    data = parse_toml(deck_toml(deck), "q.toml")
    back = parse_deck(data, "q.toml", "q", rules("arc").cards, rules("arc").deck_options)
    assert (dict(back.name), back.sections, dict(back.options)) == \
        (dict(deck.name), deck.sections, dict(deck.options))


@pytest.mark.parametrize(("name", "taken", "expected"), [
    ("Red Storm", [], "red_storm"),
    ("Red Storm", ["red_storm"], "red_storm_2"),
    ("赤い嵐", [], "deck"),
    ("Éclair!", [], "eclair"),
])
def test_new_deck_ids_are_file_safe_and_free(name: str, taken: list[str],
                                            expected: str) -> None:
    assert new_deck_id(name, taken) == expected
