"""The Conan computer player's own parts: playouts to the end of the turn, the
shortlist of moves the search weighs, the evaluation (issue 13)."""

from __future__ import annotations

import pytest
from player_helpers import permute_hidden, positions, rules_of

from tabletop.core.determinize import copy_state
from tabletop.core.rules import game_ids
from tabletop.games.conan import shortlist as sl
from tabletop.games.conan.heuristic import evaluate, features, health_left, terms
from tabletop.games.conan.playout import TurnPlayout
from tabletop.games.conan.zones import zid

SEEDS = (3, 8, 21)


def _conan_positions(every: int = 5, count: int = 12) -> list:
    return [s for seed in SEEDS for s in positions("conan", seed, every, count)]


def test_a_playout_ends_with_the_turn_it_began_in_after_the_renown_check() -> None:
    """CONAN-R1: the next turn's renown check has run when a playout stops, so the
    evaluation always scores the start of a turn (or the game is over); one begun in
    the Rest step plays the next turn too (CONAN-R18: what healing and the discards
    change shows there)."""
    rules = rules_of("conan")
    policy = TurnPlayout(7)
    stopped = 0
    for state in _conan_positions():
        world = copy_state(state)
        turn = world.turn + (2 if world.phase == "rest" else 1)
        steps = 0
        while policy.step(rules, world):
            steps += 1
            assert steps < 400, "a turn never ended"
        assert world.game_over or world.turn == turn
        if not world.game_over:
            stopped += 1
            assert world.pending is not None and world.pending.kind == "press_on"
        assert steps > 0
    assert stopped > 0


def test_a_new_world_starts_a_new_playout() -> None:
    """One policy serves a whole search: a second world plays its own turn out even
    after the first one's turn ended."""
    rules = rules_of("conan")
    policy = TurnPlayout(7)
    state = positions("conan", 3, 5, 1)[0]
    first = copy_state(state)
    while policy.step(rules, first):
        pass
    second = copy_state(state)
    assert policy.step(rules, second)


@pytest.mark.parametrize("game", game_ids())
def test_the_search_weighs_a_sublist_of_the_legal_moves(game: str) -> None:
    """Every game: ``search_actions`` is a non-empty sub-list of the legal actions in
    their order; a game without a shortlist of its own weighs them all (Conan's is
    games/conan/shortlist.py, Xenocard's games/xenocard/search.py)."""
    rules = rules_of(game)
    for state in positions(game, seed=4, every=3, count=20):
        seat = rules.acting_seat(state)
        legal = rules.legal_actions(state, seat)
        chosen = rules.search_actions(state, seat, legal)
        assert chosen
        at = iter(legal)
        assert all(any(a == b for b in at) for a in chosen), "not in the legal order"
        if game not in ("conan", "xenocard"):
            assert chosen == legal


def test_the_conan_shortlist_keeps_every_stop_and_answer_and_few_placements() -> None:
    """The stops (next_phase) and every answer of a decision stay (Rest healing's
    ``done`` aside, CONAN-R18); of Moves at most ``KEEP``; of Foe placements one per
    kind of Foe and zone at most; a small decision is weighed whole."""
    rules = rules_of("conan")
    wide = 0
    for state in _conan_positions(every=3, count=25):
        seat = rules.acting_seat(state)
        legal = rules.legal_actions(state, seat)
        chosen = rules.search_actions(state, seat, legal)
        if state.pending is not None and state.pending.kind == "rest_heal":
            assert [a.get("choice") for a in chosen] == \
                [a.get("choice") for a in legal if list(a.get("choice")) != ["done"]]
            continue
        if len(legal) <= sl.SMALL:
            assert chosen == legal
            continue
        wide += 1
        for a in legal:
            if a.kind in ("next_phase", "decide", "play_card", "attach_region"):
                assert a in chosen
        for kind in ("place_move", "place_foe_move"):
            assert sum(a.kind == kind for a in chosen) <= sl.KEEP
        foes = [(state.cards[int(a.get("card"))].card_id, a.get("zone"))
                for a in chosen if a.kind == "place_foe"]
        assert len(foes) == len(set(foes))
        assert len(chosen) < len(legal)
    assert wide > 0


def test_the_conan_shortlist_reads_only_what_its_seat_sees() -> None:
    """ALL-R2: shuffling the cards the acting seat cannot see (either owner's) never
    changes the shortlist."""
    rules = rules_of("conan")
    changed = 0
    for state in _conan_positions(every=3, count=25):
        seat = rules.acting_seat(state)
        legal = rules.legal_actions(state, seat)
        mine = rules.search_actions(state, seat, legal)
        for owner in (0, 1):
            other, n = permute_hidden(rules, state, seat, seed=owner + 5, owner=owner)
            changed += n
            assert rules.search_actions(other, seat, rules.legal_actions(other, seat)) == mine
    assert changed > 0


def test_the_evaluation_is_symmetric_and_sums_its_terms() -> None:
    """Both seats' scores add up to 1, and each is 0.5 plus its terms."""
    rules = rules_of("conan")
    for state in _conan_positions(every=9, count=6):
        a, b = rules.evaluate(state, 0), rules.evaluate(state, 1)
        assert a + b == pytest.approx(1.0)
        assert 0.0 < a < 1.0
        assert [t.name for t in terms(state, rules.cards, 0)] == ["renown", "near_40",
                                                                  "health"]


def test_renown_won_raises_the_evaluation_and_counts_more_near_40() -> None:
    """CONAN-R1: a Foe moved into a seat's Chronicle raises its score; the same Foe
    is worth more when both seats are past 25, near the 40 that ends the race."""
    rules = rules_of("conan")
    db = rules.cards
    state = positions("conan", 8, 5, 1)[0]
    for seat in (0, 1):
        for iid in list(state.zones[zid(seat, "chronicle")].cards):
            state.move(iid, zid(state.cards[iid].owner, "foe_discard"))
    foe, *others = list(state.zones[zid(1, "foe_deck")].cards)

    def gain(world: object) -> float:
        won = copy_state(world)  # type: ignore[arg-type]
        won.move(foe, zid(0, "chronicle"))
        return evaluate(won, db, 0) - evaluate(world, db, 0)  # type: ignore[arg-type]

    low = gain(state)
    assert low > 0
    near = copy_state(state)
    for n, iid in enumerate(others):
        near.move(iid, zid(n % 2, "chronicle"))
        if min(features(near, db, 0)[0], features(near, db, 1)[0]) * 40 > 27:
            break
    assert gain(near) > low


def test_health_left_counts_items_on_either_turn() -> None:
    """CONAN-R19 counts a Conan's Items only on its own turn; the evaluation reads his
    health as it will be when he fights, on either turn."""
    rules = rules_of("conan")
    for state in _conan_positions(every=9, count=6):
        for seat in (0, 1):
            conan_health = health_left(state, rules.cards, seat)
            turned = copy_state(state)
            turned.active = 1 - turned.active
            assert health_left(turned, rules.cards, seat) == conan_health


def test_the_playout_plays_the_conan_bots_move_checking_only_its_picks() -> None:
    """``bot_action`` checks only the bot's picks, not every candidate, and picks what
    ConanBot picks among the legal actions (random tie-breaks aside: a fresh bot of
    one seed per position; in these positions they agree on every one)."""
    from player_helpers import Table

    from tabletop.games.conan.bot import ConanBot
    from tabletop.games.conan.playout import bot_action

    rules = rules_of("conan")
    states = _conan_positions(every=2, count=40)
    same = 0
    for n, state in enumerate(states):
        lazy = bot_action(ConanBot(n), rules, state)
        assert lazy is not None and rules.check(state, lazy).ok
        same += lazy == ConanBot(n).choose(Table(rules, state))
    assert same == len(states)
