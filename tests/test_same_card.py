"""Same card, many printings (issue 15): copy limits count "the same card" by
``CardDef.same_key`` (the explicit ``same_as``, else the English name), not by file id.

Copy limits: Conan CONAN-R20 (3, 1 if UNIQUE), Arc ARC-R2 (4, resources unlimited),
絵師100人展 デッキ (4 of one number: 同一番号), Xenocard デッキ (3: 同一カード)."""

from __future__ import annotations

import importlib
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from tabletop.core.cards import CardDataError, CardDb, CardDef, load_card_dir
from tabletop.core.csv_cards import cards_toml
from tabletop.core.deck_check import check
from tabletop.core.deck_pool import load_pool
from tabletop.core.deck_text import format_deck, parse_deck_text
from tabletop.core.decks import Deck
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.core.same_card import copies, same_as_problems, same_card
from tabletop.core.scenario import render_text

#: The copy limit of each game and the pile it is checked in.
LIMIT = {"arc": 4, "conan": 3, "eshi100": 4, "xenocard": 3}
PILE = {"arc": "cards", "conan": "draw", "eshi100": "cards", "xenocard": "cards"}


@cache
def rules(game: str) -> GameRules:
    return load_rules(game, card_root=None)


@cache
def sample_deck(game: str) -> Deck:
    decks = importlib.import_module(f"tabletop.games.{game}").load_decks(rules=rules(game))
    return decks[sorted(decks)[0]]


def limited(game: str, card: CardDef) -> bool:
    """Does the copy limit apply to ``card`` (no Arc resource, no Conan UNIQUE)?"""
    return not (card.type == "resource" or card.get("unique"))


def at_limit(game: str) -> tuple[dict[str, int], str]:
    """The sample deck's pile with one limited card at the limit, same size (legal),
    and that card's id."""
    cards = rules(game).cards
    pile = dict(sample_deck(game).sections[PILE[game]])
    cid = next(c for c in pile if limited(game, cards[c]) and not cards[c].abilities)
    extra = LIMIT[game] - pile[cid]
    pile[cid] = LIMIT[game]
    for other in list(pile):
        while extra > 0 and other != cid and pile.get(other, 0) > 0:
            pile[other] -= 1
            extra -= 1
            if not pile[other]:
                del pile[other]
    return pile, cid


def deck_with(game: str, pile: dict[str, int]) -> Deck:
    deck = sample_deck(game)
    return replace(deck, sections={**deck.sections, PILE[game]: pile})


def swap_one_for(pile: dict[str, int], keep: str, new: str) -> dict[str, int]:
    """``pile`` with one copy of a card other than ``keep`` replaced by ``new``."""
    out = dict(pile)
    other = next(c for c in out if c != keep)
    out[other] -= 1
    if not out[other]:
        del out[other]
    out[new] = out.get(new, 0) + 1
    return out


def printing(card: CardDef, **changes: object) -> CardDef:
    """Another printing of ``card``: a new id (and file); 絵師100人展's also a new
    collector number, so only the name makes it the same card."""
    fields = dict(card.fields)
    if card.game == "eshi100":
        fields["number"] = "PR-99"
    made = replace(card, id=f"{card.id}_promo", source="promo.toml", fields=fields)
    return replace(made, **changes)  # type: ignore[arg-type]


def pool_with(game: str, *extra: CardDef) -> CardDb:
    return CardDb(game, [*rules(game).cards.values(), *extra])


def problem_keys(game: str, db: CardDb, deck: Deck) -> list[str]:
    return [p.message.key for p in check(game, db, deck)]


@pytest.mark.parametrize("game", game_ids())
def test_two_printings_of_one_name_exceed_the_copy_limit_together(game: str) -> None:
    pile, cid = at_limit(game)
    promo = printing(rules(game).cards[cid])
    db = pool_with(game, promo)
    assert problem_keys(game, db, deck_with(game, pile)) == []
    over = deck_with(game, swap_one_for(pile, cid, promo.id))
    problems = check(game, db, over)
    assert [p.message.key for p in problems] == [f"deck.{game}.too_many_copies"]
    assert dict(problems[0].message.params)["count"] == LIMIT[game] + 1
    # the rules' own check (the menu, the game) says the same as the deck builder
    assert rules(game).with_cards(db).check_deck(over) == [p.message for p in problems]


@pytest.mark.parametrize("game", game_ids())
def test_a_differently_named_card_is_another_card(game: str) -> None:
    pile, cid = at_limit(game)
    other = printing(rules(game).cards[cid], name={"en": "Zz Other", "ja": "ぜっと"})
    db = pool_with(game, other)
    assert problem_keys(game, db, deck_with(game, swap_one_for(pile, cid, other.id))) == []


@pytest.mark.parametrize("game", game_ids())
def test_same_as_joins_two_differently_named_cards(game: str) -> None:
    pile, cid = at_limit(game)
    card = rules(game).cards[cid]
    joined = printing(card, name={"en": "Zz Reprint", "ja": "再録"}, same_as=card.name["en"])
    assert same_card(card, joined)
    db = pool_with(game, joined)
    assert same_as_problems([joined], db.values()) == []
    keys = problem_keys(game, db, deck_with(game, swap_one_for(pile, cid, joined.id)))
    assert keys == [f"deck.{game}.too_many_copies"]


def test_the_copy_limit_message_names_every_printing_counted() -> None:
    game = "xenocard"
    pile, cid = at_limit(game)
    card = rules(game).cards[cid]
    joined = printing(card, name={"en": "Zz Reprint", "ja": "再録"}, same_as=card.name["en"])
    db = pool_with(game, joined)
    rules(game).with_cards(db)
    from tabletop.core.rules import register_card_names

    register_card_names(db)
    problem = check(game, db, deck_with(game, swap_one_for(pile, cid, joined.id)))[0]
    text = render_text(problem.message, cards=db)
    assert card.name["en"] in text and "Zz Reprint" in text and str(LIMIT[game] + 1) in text


def test_eshi100_one_number_still_one_card_and_name_joins_numbers() -> None:
    """同一番号カードはデッキに4枚まで: the number joins as before; the name joins two
    numbers (the message names both)."""
    game = "eshi100"
    pile, cid = at_limit(game)
    card = rules(game).cards[cid]
    same_number = printing(card, name={"en": "Zz Alt Art", "ja": "別絵"},
                           fields={**card.fields})
    db = pool_with(game, same_number)
    problems = check(game, db, deck_with(game, swap_one_for(pile, cid, same_number.id)))
    assert [p.message.key for p in problems] == ["deck.eshi100.too_many_copies"]
    promo = printing(card)
    problems = check(game, pool_with(game, promo),
                     deck_with(game, swap_one_for(pile, cid, promo.id)))
    assert dict(problems[0].message.params)["number"] == "/".join(
        sorted([str(card["number"]), "PR-99"]))


def test_conan_unique_when_any_printing_is_unique() -> None:
    """CONAN-R20: 1 copy of a UNIQUE card; a printing without the mark is the same card."""
    game = "conan"
    cards = rules(game).cards
    pile = dict(sample_deck(game).sections["draw"])
    uid = next(c.id for c in cards.values() if c.type != "foe" and c.type != "conan"
               and c.get("unique"))
    plain = printing(cards[uid], fields={**cards[uid].fields, "unique": False})
    db = pool_with(game, plain)
    first = next(iter(pile))
    pile[first] -= 1
    pile[uid] = 1
    assert problem_keys(game, db, deck_with(game, {k: v for k, v in pile.items() if v})) == []
    pile = swap_one_for({k: v for k, v in pile.items() if v}, uid, plain.id)
    assert problem_keys(game, db, deck_with(game, pile)) == ["deck.conan.too_many_copies"]


def test_arc_resources_stay_unlimited_across_printings() -> None:
    """ARC-R2: resources unlimited, whatever their printings."""
    cards = rules("arc").cards
    res = next(c for c in cards.values() if c.type == "resource")
    promo = printing(res)
    db = pool_with("arc", promo)
    pile = dict(sample_deck("arc").sections["cards"])
    pile[res.id] = pile.get(res.id, 0) + 4
    pile[promo.id] = 4
    keys = problem_keys("arc", db, deck_with("arc", pile))
    assert "deck.arc.too_many_copies" not in keys


def test_copies_groups_by_same_key_in_pile_order() -> None:
    cards = rules("xenocard").cards
    a, b = list(cards.values())[:2]
    pa = printing(a)
    db = pool_with("xenocard", pa)
    grouped = copies(db, {a.id: 2, b.id: 1, pa.id: 1, "nobody": 3})
    assert [(g.key, g.ids, g.count) for g in grouped] == [
        (a.name["en"], (a.id, pa.id), 3), (b.name["en"], (b.id,), 1)]


@pytest.mark.parametrize("game", game_ids())
def test_deck_text_export_and_import_keep_printings_apart_by_id(game: str) -> None:
    pile, cid = at_limit(game)
    promo = printing(rules(game).cards[cid])
    db = pool_with(game, promo)
    deck = deck_with(game, swap_one_for(pile, cid, promo.id))
    text = format_deck(deck, db, game, "en", rules(game).deck_options)
    assert f"1 {promo.id}" in text.splitlines()  # its name would find the first printing
    back = parse_deck_text(text, db, game, deck.id, rules(game).deck_options)
    assert back.problems == ()
    assert {p: dict(e) for p, e in back.deck.sections.items()} == \
        {p: dict(e) for p, e in deck.sections.items() if e}


# ---------------------------------------------------------------- same_as to nowhere


def _entry(card: CardDef, **changes: object) -> dict[str, object]:
    entry: dict[str, object] = {"id": card.id, "type": card.type, "name": dict(card.name)}
    if card.text:
        entry["text"] = dict(card.text)
    entry.update({k: v for k, v in card.fields.items() if v is not None})
    entry.update(changes)
    return entry


def _plain_card(game: str) -> CardDef:
    """A card of the game without abilities (its file form is just its fields)."""
    return next(c for c in rules(game).cards.values() if not c.abilities)


@pytest.mark.parametrize("game", game_ids())
def test_a_same_as_naming_no_card_is_a_card_file_error(game: str, tmp_path: Path) -> None:
    card = _plain_card(game)
    user = tmp_path / "user"
    user.mkdir()
    (user / "promo.toml").write_text(cards_toml([_entry(
        card, id="zz_promo", same_as="Nobody At All")]), encoding="utf-8")
    pool = load_pool(rules(game), user)
    assert "zz_promo" not in pool.cards
    (problem,) = pool.problems
    assert "promo.toml" in problem and "'zz_promo'" in problem and "'same_as'" in problem
    assert "names no card" in problem


@pytest.mark.parametrize("game", game_ids())
def test_the_deck_builder_counts_a_users_reprint_with_the_games_card(
        game: str, tmp_path: Path) -> None:
    """Live legality in the deck builder (DeckDraft over the pool: the game's cards and
    the user's files): a user's reprint of a shipped card (same English name) counts
    with it against the copy limit, the moment the copy is added."""
    from tabletop.ui.deck_model import DeckDraft

    pile, cid = at_limit(game)
    card = rules(game).cards[cid]
    user = tmp_path / "user"
    user.mkdir()
    fields = {"number": "PR-77"} if game == "eshi100" else {}
    (user / "reprints.toml").write_text(cards_toml([_entry(card, id="zz_reprint", **fields)]),
                                        encoding="utf-8")
    pool = load_pool(rules(game), user)
    assert pool.problems == () and pool.is_user_card("zz_reprint")
    draft = DeckDraft.from_deck(pool, deck_with(game, pile), None)
    assert draft.problems() == []
    other = next(c for c in pile if c != cid)
    assert draft.remove(other, PILE[game]) and draft.add("zz_reprint", PILE[game])
    assert [p.message.key for p in draft.problems()] == [f"deck.{game}.too_many_copies"]
    assert draft.remove(cid, PILE[game]) and draft.add(other, PILE[game])
    assert draft.problems() == []  # at the limit again: 1 reprint and the rest shipped


def test_a_same_as_that_names_a_card_loads_as_that_card(tmp_path: Path) -> None:
    game = "arc"
    card = _plain_card(game)
    user = tmp_path / "user"
    user.mkdir()
    (user / "promo.toml").write_text(cards_toml([_entry(
        card, id="zz_promo", name={"en": "Zz Promo", "ja": "販促"},
        same_as=card.name["en"])]), encoding="utf-8")
    pool = load_pool(rules(game), user)
    assert pool.problems == ()
    assert pool.cards["zz_promo"].same_key == card.same_key


def test_a_same_as_given_an_id_says_to_write_the_name(tmp_path: Path) -> None:
    card = _plain_card("arc")
    folder = tmp_path / "arc"
    folder.mkdir()
    (folder / "a.toml").write_text(cards_toml([
        _entry(card), _entry(card, id="zz_promo", same_as=card.id)]), encoding="utf-8")
    from tabletop.games.arc.schema import SCHEMA

    with pytest.raises(CardDataError) as caught:
        load_card_dir(folder, "arc", SCHEMA, rules("arc").vocabulary)
    err = caught.value
    assert (Path(err.file).name, err.card, err.field) == ("a.toml", "zz_promo", "same_as")
    assert f"same_as = {card.name['en']!r}" in err.problem


def test_a_same_as_naming_a_printing_names_the_first_card() -> None:
    card = _plain_card("arc")
    second = printing(card, name={"en": "Zz Second", "ja": "二"}, same_as=card.name["en"])
    third = replace(second, id="zz_third", name={"en": "Zz Third", "ja": "三"},
                    same_as="Zz Second")
    (problem,) = same_as_problems([third], [card, second])
    assert problem.field == "same_as" and f"same_as = {card.name['en']!r}" in problem.problem
