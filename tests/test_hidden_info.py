"""Hidden information in situations of particular games (ALL-R2, ALL-H1).

The properties every game holds over whole bot games (what a seat reads never names
or identifies a card it could not see, an action that showed a card cannot be undone,
free-mode acts show nobody a new face) are in ``tests/test_conformance.py``; here are
the draws and mulligans the audit named, one situation each.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tabletop.core import selfplay
from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.rules import load_rules
from tabletop.core.view import handle, view_for


def _bot_game(game_id: str, seed: int) -> tuple[Game, list[Any]]:
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    return game, [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]


def test_ALL_R2_after_a_mulligan_the_deck_in_the_view_says_nothing_about_old_cards() -> None:
    """Arc's mulligan (ARC-R3) shuffles the old hand back: the seat's view of its deck
    holds only places, the same ones whatever cards lie there."""
    game, _ = _bot_game("arc", 3)
    state = game.state
    pending = state.pending
    assert pending is not None and pending.kind == "mulligan"
    seat = pending.seat
    old_hand = list(state.zones[f"p{seat}.hand"].cards)
    assert game.propose(Action.make("decide", seat, choice=["mulligan"])).ok
    deck = view_for(game.state, seat).zones[f"p{seat}.deck"]
    index = list(game.state.zones).index(f"p{seat}.deck")
    assert [cv.iid for cv in deck] == [handle(index, n) for n in range(len(deck))]
    ids = {cv.iid for cards in view_for(game.state, seat).zones.values() for cv in cards}
    assert not (ids & {i for i in old_hand if game.state.zone_of(i).endswith(".deck")})
    assert game.history[-1].reveals and not game.can_undo(seat)  # the new hand was seen


# -- the draws and mulligans the audit named, one situation each (ALL-H1) ---------------
def test_ALL_H1_conan_forage_draw_cannot_be_undone() -> None:
    import test_conan_rules as conan_t

    game = conan_t.game_at(conan_t.position("prepare", conan=[conan_t.CONAN],
                                            p0_hand=[conan_t.c("action_forage", "forage")]))
    conan_t.ok(game, "play_card", 0, card=conan_t.lab(game, "forage"))
    assert game.history[-1].reveals
    assert game.undo(0).reason == "cannot_undo" and not game.can_undo(1)


def test_ALL_H1_eshi100_hand_boost_draw_cannot_be_undone() -> None:
    import test_eshi100_rules as eshi_t

    game = eshi_t.game_at(eshi_t.position(p0_hand=[eshi_t.c("ink_comet", "a")]))
    assert game.propose(Action.make("hand_boost", 0, card=eshi_t.lab(game, "a"))).ok
    assert game.history[-1].reveals
    assert game.undo(0).reason == "cannot_undo"


def test_ALL_H1_conan_draws_for_both_seats_cannot_be_undone() -> None:
    """Whatever action makes both seats draw (the end of a round), nobody undoes it."""
    game, players = _bot_game("conan", 2)
    found = 0
    for _ in range(600):
        state = game.state
        if state.game_over or found >= 3:
            break
        decks = [len(state.zones[f"p{s}.deck"]) for s in (0, 1)]
        action = players[game.rules.acting_seat(state)].choose(game)
        assert game.propose(action).ok
        drew = [len(game.state.zones[f"p{s}.deck"]) < decks[s] for s in (0, 1)]
        if all(drew):
            found += 1
            assert game.history[-1].reveals
            assert not game.can_undo(0) and not game.can_undo(1)
    assert found, "no action drew for both seats in this game"


@pytest.mark.parametrize("game_id", ["arc", "xenocard"])
def test_ALL_H1_a_mulligan_cannot_be_undone_to_preview_another_hand(game_id: str) -> None:
    for seed in range(1, 40):
        game, _ = _bot_game(game_id, seed)
        pending = game.state.pending
        if pending is not None and pending.kind == "mulligan":
            break
    else:
        pytest.fail("no set-up offered a mulligan")
    seat = pending.seat
    assert game.propose(Action.make("decide", seat, choice=["mulligan"])).ok
    assert game.history[-1].reveals
    assert not game.can_undo(seat) and game.undo(seat).reason == "cannot_undo"
