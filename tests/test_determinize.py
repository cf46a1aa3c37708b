"""Sampled worlds (ALL-H6): a computer player's copy of the game keeps everything its
seat sees, draws every hidden card anew from the same owner's hidden cards of the
same class, and cannot tell a permutation of the real hidden cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from player_helpers import permute_hidden, positions, rules_of

from tabletop.core.determinize import copy_state, determinize, hidden_groups
from tabletop.core.rules import game_ids
from tabletop.core.view import view_for


def _no_log(view: object) -> object:
    return {k: v for k, v in vars(view).items() if k != "log"}


@pytest.mark.parametrize("game", game_ids())
def test_a_sampled_world_looks_the_same_to_its_seat(game: str) -> None:
    rules = rules_of(game)
    for state in positions(game, seed=3, every=9, count=4):
        for seat in (0, 1):
            world = determinize(rules, state, seat, random.Random(5))
            assert _no_log(view_for(world, seat)) == _no_log(view_for(state, seat))
            assert world.pending == state.pending and world.data.keys() <= state.data.keys()
            assert world.log == []


@pytest.mark.parametrize("game", game_ids())
def test_hidden_cards_are_drawn_from_their_owners_class(game: str) -> None:
    rules = rules_of(game)
    resampled = 0
    for state in positions(game, seed=4, every=11, count=4):
        seat = rules.acting_seat(state)
        world = determinize(rules, state, seat, random.Random(1))
        for key, places in hidden_groups(rules, state, seat).items():
            real = Counter(state.cards[i].card_id for i in places)
            assert Counter(world.cards[i].card_id for i in places) == real, key
            assert {rules.hidden_class(world, i) for i in places} == {key[1]}
            resampled += sum(world.cards[i].card_id != state.cards[i].card_id for i in places)
        for iid, card in state.cards.items():
            if state.visible_to(iid, seat):
                assert world.cards[iid].card_id == card.card_id
    assert resampled > 0


def test_a_face_down_conan_move_stays_a_move_card() -> None:
    rules = rules_of("conan")
    checked = 0
    for state in positions("conan", seed=2, every=3, count=40):
        for seat in (0, 1):
            face_down = [i for i in state.zones["moves"].cards if not state.visible_to(i, seat)]
            for n in range(3):
                world = determinize(rules, state, seat, random.Random(n))
                for iid in face_down:
                    assert rules.cards[world.cards[iid].card_id].type in ("move", "item",
                                                                           "action")
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", game_ids())
def test_permuting_the_real_hidden_cards_changes_no_sampled_world(game: str) -> None:
    rules = rules_of(game)
    changed = 0
    for state in positions(game, seed=6, every=7, count=4):
        seat = rules.acting_seat(state)
        for owner in (0, 1):
            other, n = permute_hidden(rules, state, seat, seed=9, owner=owner)
            changed += n
            a = determinize(rules, state, seat, random.Random(2))
            b = determinize(rules, other, seat, random.Random(2))
            assert a.fingerprint() == b.fingerprint()
    assert changed > 0


def test_the_world_generator_is_the_players_not_the_games() -> None:
    rules = rules_of("arc")
    state = positions("arc", seed=1, every=5, count=1)[0]
    a = determinize(rules, state, 0, random.Random(1))
    b = determinize(rules, state, 0, random.Random(2))
    assert a.rng.getstate() != state.rng.getstate()
    assert a.rng.getstate() != b.rng.getstate()


@pytest.mark.parametrize("game", game_ids())
def test_the_fast_copy_is_a_full_independent_copy(game: str) -> None:
    rules = rules_of(game)
    state = positions(game, seed=8, every=13, count=1)[0]
    copy = copy_state(state, keep_log=True)
    assert copy.fingerprint() == state.fingerprint()
    before = state.fingerprint()
    seat = rules.acting_seat(copy)
    rules.apply(copy, rules.legal_actions(copy, seat)[0])
    copy.cards[next(iter(copy.cards))].counters["x"] = 1
    assert state.fingerprint() == before
