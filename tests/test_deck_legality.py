"""Every construction rule of every game, each with a deck that breaks it and one that
keeps it, as the deck builder shows them (tabletop.core.deck_check over the game's own
decklegal): the same problems as the rules' own check_deck, each with its rule."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.deck_check import check, rule_of
from tabletop.core.deck_pool import Pool
from tabletop.core.decks import Deck
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.games.arc import load_decks as arc_decks
from tabletop.games.conan import load_decks as conan_decks
from tabletop.games.eshi100 import load_decks as eshi_decks
from tabletop.games.xenocard import load_decks as xeno_decks
from tabletop.ui.deck_model import DeckDraft

REPO_DOCS = Path(__file__).resolve().parents[1] / "docs"


@cache
def rules(game: str) -> GameRules:
    return load_rules(game)


def keys(game: str, deck: Deck, cards: CardDb | None = None) -> list[str]:
    """The problems' catalogue keys (and check that they are exactly the rules' own)."""
    db = cards if cards is not None else rules(game).cards
    problems = check(game, db, deck)
    if cards is None:
        assert [p.message for p in problems] == rules(game).check_deck(deck)
    return [p.message.key for p in problems]


def with_piles(deck: Deck, **piles: dict[str, int]) -> Deck:
    sections = {p: dict(e) for p, e in deck.sections.items()}
    for pile, entries in piles.items():
        if entries:
            sections[pile] = entries
        else:
            sections.pop(pile, None)
    return replace(deck, sections=sections)


# ------------------------------------------------------------------ Conan (CONAN-R20)


@pytest.fixture(scope="module")
def conan() -> Deck:
    deck = conan_decks(rules=rules("conan"))["northern_steel"]  # type: ignore[arg-type]
    assert keys("conan", deck) == []
    return deck


def test_conan_legal_deck_has_no_problem(conan: Deck) -> None:
    assert check("conan", rules("conan").cards, conan) == []


def test_conan_exactly_one_conan(conan: Deck) -> None:
    assert keys("conan", with_piles(conan, conan={})) == ["deck.conan.one_conan"]
    two = with_piles(conan, conan={"conan_wanderer": 1, "conan_pit_fighter": 1})
    assert "deck.conan.one_conan" in keys("conan", two)
    not_a_conan = with_piles(conan, conan={"move_slash": 1})
    assert "deck.conan.one_conan" in keys("conan", not_a_conan)


def test_conan_draw_deck_at_least_40(conan: Deck) -> None:
    draw = dict(conan.sections["draw"])
    while sum(draw.values()) > 40:
        cid = next(iter(draw))
        draw[cid] -= 1
        if not draw[cid]:
            del draw[cid]
    assert keys("conan", with_piles(conan, draw=draw)) == []
    draw[next(iter(draw))] -= 1
    assert keys("conan", with_piles(conan, draw=draw)) == ["deck.conan.draw_too_few"]


def test_conan_no_foe_and_no_conan_in_the_draw_deck(conan: Deck) -> None:
    draw = {**conan.sections["draw"], "foe_grey_wolf": 1}
    assert "deck.conan.foe_in_draw" in keys("conan", with_piles(conan, draw=draw))
    draw = {**conan.sections["draw"], "conan_pit_fighter": 1}
    assert "deck.conan.conan_in_draw" in keys("conan", with_piles(conan, draw=draw))


def test_conan_foe_deck_at_least_25_foes_only(conan: Deck) -> None:
    short = {"foe_pit_fiend": 1, "foe_giant_serpent": 1, "foe_mercenary_captain": 3,
             "foe_serpent_priest": 3, "foe_barrow_wight": 1}
    assert "deck.conan.foe_too_few" in keys("conan", with_piles(conan, foe=short))
    foe = {**conan.sections["foe"], "move_slash": 1}
    assert "deck.conan.not_a_foe" in keys("conan", with_piles(conan, foe=foe))


def _foe_deck(start: dict[str, int], renown: int) -> dict[str, int]:
    """A Foe deck like ``start`` (at least 25 Foes, 3 copies at most, 1 if unique)
    with printed renown ``renown``: a copy added, taken out or swapped, up to 3 times."""
    cards = rules("conan").cards
    foes = [c for c in cards.values() if c.type == "foe"]

    def total(pile: dict[str, int]) -> int:
        return sum(cards[c]["renown"] * n for c, n in pile.items())

    def fits(pile: dict[str, int]) -> bool:
        return sum(pile.values()) >= 25 and all(
            n <= (1 if cards[c].get("unique") else 3) for c, n in pile.items())

    frontier = [dict(start)]
    for _ in range(3):
        grown = []
        for pile in frontier:
            for a in foes:
                for b in [None, *foes]:
                    new = dict(pile)
                    new[a.id] = new.get(a.id, 0) + 1
                    if b is not None:
                        if new.get(b.id, 0) == 0 or b.id == a.id:
                            continue
                        new[b.id] -= 1
                        new = {c: n for c, n in new.items() if n}
                    if fits(new):
                        if total(new) == renown:
                            return new
                        grown.append(new)
            for b in foes:  # or one copy fewer
                if pile.get(b.id):
                    new = {c: n - (c == b.id) for c, n in pile.items()}
                    new = {c: n for c, n in new.items() if n}
                    if fits(new) and total(new) == renown:
                        return new
        frontier = grown[:200]
    raise AssertionError(f"no Foe deck of renown {renown} near the sample one")


@pytest.mark.parametrize(("renown", "legal"), [(94, False), (95, True), (105, True),
                                               (106, False)])
def test_conan_foe_renown_window_95_to_105(conan: Deck, renown: int, legal: bool) -> None:
    found = keys("conan", with_piles(conan, foe=_foe_deck(dict(conan.sections["foe"]), renown)))
    assert found == ([] if legal else ["deck.conan.foe_renown"])


def test_conan_three_copies_one_if_unique(conan: Deck) -> None:
    draw = {**conan.sections["draw"], "move_slash": 3}
    assert keys("conan", with_piles(conan, draw=draw)) == []
    draw["move_slash"] = 4
    assert keys("conan", with_piles(conan, draw=draw)) == ["deck.conan.too_many_copies"]
    draw = {**conan.sections["draw"], "ally_pirate_swordswoman": 1}
    assert keys("conan", with_piles(conan, draw=draw)) == []
    draw["ally_pirate_swordswoman"] = 2
    assert keys("conan", with_piles(conan, draw=draw)) == ["deck.conan.too_many_copies"]


def test_conan_unknown_pile_and_card(conan: Deck) -> None:
    assert keys("conan", with_piles(conan, extra={"move_slash": 1})) == \
        ["deck.conan.unknown_section"]
    draw = {**conan.sections["draw"], "no_such_card": 1}
    assert "deck.conan.unknown_card" in keys("conan", with_piles(conan, draw=draw))


# ------------------------------------------------------------------ Arc (ARC-R2, ARC-R7)


def _arc(n_resources: int, extra: dict[str, int] | None = None,
         alignment: str | None = None) -> Deck:
    cards = {"red_ember_hills": n_resources, **(extra or {})}
    options = {"alignment": alignment} if alignment else {}
    return Deck("t", {"en": "t"}, {"cards": cards}, options)


def test_arc_at_most_40_at_least_8() -> None:
    assert keys("arc", _arc(40)) == []
    assert keys("arc", _arc(41)) == ["deck.arc.too_many"]
    assert keys("arc", _arc(8)) == []
    assert keys("arc", _arc(7)) == ["deck.arc.too_few"]


def test_arc_four_copies_resources_unlimited() -> None:
    assert keys("arc", _arc(30, {"red_flame_duelist": 4})) == []
    assert keys("arc", _arc(30, {"red_flame_duelist": 5})) == ["deck.arc.too_many_copies"]
    assert keys("arc", _arc(36)) == []  # 36 copies of one resource


def test_arc_alignment_good_or_evil() -> None:
    good, evil = "red_spark_squire", "red_ash_raider"
    assert keys("arc", _arc(30, {good: 2, evil: 2})) == []  # no alignment: no restriction
    assert keys("arc", _arc(30, {good: 2}, "good")) == []
    assert keys("arc", _arc(30, {good: 2, evil: 2}, "good")) == ["deck.arc.alignment"]
    assert keys("arc", _arc(30, {evil: 2}, "evil")) == []
    assert keys("arc", _arc(30, {good: 2}, "evil")) == ["deck.arc.alignment"]
    assert keys("arc", _arc(30, {}, "chaotic")) == ["deck.arc.bad_alignment"]


def test_arc_unknown_card_and_pile() -> None:
    assert keys("arc", _arc(30, {"no_such_card": 1})) == ["deck.arc.unknown_card"]
    deck = with_piles(_arc(30), side={"red_ember_hills": 1})
    assert keys("arc", deck) == ["deck.arc.unknown_section"]


def test_arc_ready_made_decks_are_legal() -> None:
    for deck in arc_decks(rules=rules("arc")).values():  # type: ignore[arg-type]
        assert keys("arc", deck) == []


# ------------------------------------------------------------------ 絵師100人展 (デッキ)


def _spread(ids: list[str], total: int, per: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for cid in ids:
        take = min(per, total - sum(out.values()))
        if take <= 0:
            break
        out[cid] = take
    assert sum(out.values()) == total
    return out


def test_eshi100_exactly_40() -> None:
    ids = list(rules("eshi100").cards)
    deck = Deck("t", {"en": "t"}, {"cards": _spread(ids, 40, 4)})
    assert keys("eshi100", deck) == []
    assert keys("eshi100", Deck("t", {"en": "t"}, {"cards": _spread(ids, 39, 4)})) == \
        ["deck.eshi100.size"]
    assert keys("eshi100", Deck("t", {"en": "t"}, {"cards": _spread(ids, 41, 4)})) == \
        ["deck.eshi100.size"]


def test_eshi100_four_of_one_number_counted_across_cards() -> None:
    base = rules("eshi100").cards
    first = next(iter(base.values()))
    twin = CardDef("user_twin", "eshi100", first.type, {"en": "Twin", "ja": "双子"}, {},
                   dict(first.fields), "user.toml")  # the same collector number
    pool = CardDb("eshi100", [*base.values(), twin])
    others = [cid for cid in base if cid != first.id]
    deck = Deck("t", {"en": "t"}, {"cards": {first.id: 3, "user_twin": 1,
                                             **_spread(others, 36, 4)}})
    assert keys("eshi100", deck, pool) == []
    deck = Deck("t", {"en": "t"}, {"cards": {first.id: 4, "user_twin": 1,
                                             **_spread(others, 35, 4)}})
    assert keys("eshi100", deck, pool) == ["deck.eshi100.too_many_copies"]


def test_eshi100_unknown_card_and_pile() -> None:
    ids = list(rules("eshi100").cards)
    cards = {**_spread(ids, 39, 4), "no_such_card": 1}
    assert keys("eshi100", Deck("t", {"en": "t"}, {"cards": cards})) == \
        ["deck.eshi100.unknown_card"]
    deck = Deck("t", {"en": "t"}, {"cards": _spread(ids, 40, 4), "side": {ids[0]: 1}})
    assert keys("eshi100", deck) == ["deck.eshi100.unknown_section"]


# ------------------------------------------------------------------ Xenocard (デッキ)


def test_xenocard_exactly_40_three_copies() -> None:
    ids = list(rules("xenocard").cards)
    assert keys("xenocard", Deck("t", {"en": "t"}, {"cards": _spread(ids, 40, 3)})) == []
    assert keys("xenocard", Deck("t", {"en": "t"}, {"cards": _spread(ids, 39, 3)})) == \
        ["deck.xenocard.size"]
    four = _spread(ids[1:], 36, 3)
    four[ids[0]] = 4
    assert keys("xenocard", Deck("t", {"en": "t"}, {"cards": four})) == \
        ["deck.xenocard.too_many_copies"]


def test_xenocard_unknown_card_and_pile() -> None:
    ids = list(rules("xenocard").cards)
    cards = {**_spread(ids, 39, 3), "no_such_card": 1}
    assert keys("xenocard", Deck("t", {"en": "t"}, {"cards": cards})) == \
        ["deck.xenocard.unknown_card"]
    deck = Deck("t", {"en": "t"}, {"cards": _spread(ids, 40, 3), "side": {ids[0]: 1}})
    assert keys("xenocard", deck) == ["deck.xenocard.unknown_section"]


# ------------------------------------------------------------------ every game


def ready_decks() -> Iterator[tuple[str, Deck]]:
    loaders = {"arc": arc_decks, "conan": conan_decks, "eshi100": eshi_decks,
               "xenocard": xeno_decks}
    for game in game_ids():
        for deck in loaders[game](rules=rules(game)).values():  # type: ignore[operator]
            yield game, deck


@pytest.mark.parametrize(("game", "deck"), list(ready_decks()),
                         ids=lambda v: v if isinstance(v, str) else v.id)
def test_builder_shows_exactly_the_rules_problems(game: str, deck: Deck) -> None:
    """The builder's draft, emptied one pile at a time, says what the rules say."""
    draft = DeckDraft.from_deck(Pool(game, rules(game).cards), deck, None)
    assert [p.message for p in draft.problems()] == rules(game).check_deck(deck)
    pile = next(iter(deck.sections))
    for cid in list(deck.sections[pile]):
        while draft.remove(cid, pile):
            pass
    assert [p.message for p in draft.problems()] == rules(game).check_deck(draft.deck())
    assert draft.problems(), "an emptied pile is never legal"


@pytest.mark.parametrize(("game", "key", "rule"), [
    ("conan", "deck.conan.foe_renown", "CONAN-R20"),
    ("arc", "deck.arc.too_many", "ARC-R2"),
    ("arc", "deck.arc.too_many_copies", "ARC-R2"),
    ("arc", "deck.arc.alignment", "ARC-R7"),
])
def test_each_problem_cites_its_rule(game: str, key: str, rule: str) -> None:
    assert rule_of(game, key) == rule


@pytest.mark.parametrize(("game", "rule"), [("eshi100", "ESHI-H10"), ("xenocard", "XENO-H21")])
def test_games_whose_seed_has_no_ruling_number_cite_their_deck_house_ruling(game: str,
                                                                             rule: str) -> None:
    """The seed's デッキ section has no number: the house ruling stating it is cited
    (docs/rulings.md), so a refusal's Why? opens the help at it."""
    from tabletop.help import load_help

    assert rule_of(game, f"deck.{game}.size") == rule
    assert rule in (REPO_DOCS / "rulings.md").read_text("utf-8")
    for lang in ("en", "ja"):
        assert any(rule in s.rules and rule in s.house for s in load_help(game, lang).sections)
