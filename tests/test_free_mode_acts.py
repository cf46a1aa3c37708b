"""Free mode carries any effect (ALL-R3, ALL-H1, ALL-H2, ALL-H7), in every game.

Each act (counters, a number until the end of the turn, a move keeping or clearing
counters, a shuffle, a look at / reveal of one's own deck top, ending a phase)
happens, is logged, undoes (or, when it showed a card, is an undo barrier) and shows
no face to a seat that could not see it; the view checks are the conformance suite's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_conformance import assert_view_hides, names, play, visible

from tabletop.core import free_mode
from tabletop.core.actions import Action
from tabletop.core.engine import Game, replay
from tabletop.core.free_mode import FreeKind, modifiers
from tabletop.core.model import GameState, Visibility
from tabletop.core.rules import game_ids

GAMES = game_ids()
GAME = pytest.mark.parametrize("game_id", GAMES)


def free_game(game_id: str, seed: int = 5, steps: int = 60) -> Game:
    """A bot game some way in (the first of a few seeds still going), then free mode
    on (by seat 0)."""
    for tried in range(seed, seed + 8):
        game = play(game_id, tried, steps=steps)
        if not game.state.game_over:
            break
    else:
        pytest.fail("every bot game ended before the check")
    assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
    return game


def public_card(state: GameState, owner: int | None = None) -> int:
    """A face-up card in a public zone (both seats see it)."""
    for zone in state.zones.values():
        if zone.visibility is Visibility.PUBLIC:
            for iid in zone.cards:
                card = state.cards[iid]
                if card.face_up and (owner is None or card.owner == owner):
                    return iid
    raise AssertionError("no public card")


def discard(state: GameState, seat: int) -> str:
    """The seat's discard pile (Xenocard's trash)."""
    return next(z for z in (f"p{seat}.discard", f"p{seat}.trash") if z in state.zones)


def act(game: Game, kind: str, seat: int = 0, **args: Any) -> None:
    verdict = game.propose(Action.make(kind, seat, **args))
    assert verdict.ok, (kind, args, verdict.reason)


def last_line(game: Game, seat: int | None) -> Any:
    entry = game.state.log[-1]
    assert entry.manual
    return entry.for_seat(seat)


def assert_undoes(game: Game, seat: int, before: dict[str, Any]) -> None:
    """Undo gives exactly the state before; redo the state after."""
    after = game.state.fingerprint()
    assert game.can_undo(seat)
    assert game.undo(seat).ok
    assert game.state.fingerprint() == before
    assert game.redo(seat).ok
    assert game.state.fingerprint() == after


def test_every_free_kind_is_a_generic_action_of_the_engine() -> None:
    from tabletop.core.engine import GENERIC_KINDS

    assert {k.value for k in FreeKind} <= GENERIC_KINDS
    assert {k.value for k in FreeKind} == free_mode.FREE_KINDS


# -- counters -------------------------------------------------------------------------
@GAME
def test_ALL_R3_counters_are_added_and_removed_logged_and_undone(game_id: str) -> None:
    game = free_game(game_id)
    iid = public_card(game.state)
    name = (game.rules.counter_names or ("charge",))[0]
    had = game.state.cards[iid].counters.get(name, 0)
    before = game.state.fingerprint()
    act(game, "manual_counter", card=iid, name=name, delta=2)
    assert game.state.cards[iid].counters[name] == had + 2
    line = last_line(game, 1)
    assert line.key == "log.manual_counter_add"
    assert game.state.cards[iid].card_id in set(names(line))  # both see the card
    assert_undoes(game, 0, before)
    act(game, "manual_counter", card=iid, name=name, delta=-(had + 2))
    assert name not in game.state.cards[iid].counters
    assert last_line(game, 0).key == "log.manual_counter_remove"
    refused = game.check(Action.make("manual_counter", 0, card=iid, name=name, delta=-1))
    assert refused.reason == "manual_counter_none"


@GAME
def test_ALL_R3_any_name_the_player_types_is_a_counter(game_id: str) -> None:
    game = free_game(game_id)
    iid = public_card(game.state)
    act(game, "manual_counter", 1, card=iid, name="poison", delta=3)
    assert game.state.cards[iid].counters["poison"] == 3
    assert dict(p for p in last_line(game, 0).params)["counter"] == "poison"
    for bad in ("", " ", "x" * 25, "a.b"):
        verdict = game.check(Action.make("manual_counter", 0, card=iid, name=bad, delta=1))
        assert verdict.reason == "manual_bad_name", bad
    for delta in (0, 100, True):
        verdict = game.check(Action.make("manual_counter", 0, card=iid, name="x", delta=delta))
        assert verdict.reason == "manual_bad_delta", delta


@GAME
def test_ALL_R3_acts_need_free_mode(game_id: str) -> None:
    game = play(game_id, 5, steps=20)
    iid = public_card(game.state)
    for kind, args in (("manual_counter", {"card": iid, "name": "x", "delta": 1}),
                       ("manual_modify", {"card": iid, "stat": "power", "delta": 1}),
                       ("manual_shuffle", {"zone": "p0.deck"}),
                       ("manual_look", {"zone": "p0.deck", "n": 1}),
                       ("manual_end_phase", {})):
        assert game.check(Action.make(kind, 0, **args)).reason == "manual_needs_free_mode"


@GAME
def test_ALL_R2_a_counter_on_a_face_down_card_names_it_to_nobody(game_id: str) -> None:
    """The other deck's unseen top card moved onto the table lands face down (ALL-H2);
    a counter put on it names it to nobody."""
    game = free_game(game_id)
    iid = game.state.zones["p1.deck"].cards[-1]
    secret = game.state.cards[iid].card_id
    seen = [set(visible(game.state, s).values()) for s in (0, 1)]
    act(game, "manual_move", 0, card=iid, zone=discard(game.state, 1))
    assert not game.state.cards[iid].face_up
    act(game, "manual_counter", 0, card=iid, name="charge", delta=1)
    for s in (0, 1, None):
        if s is None or secret not in seen[s]:
            assert secret not in set(names(last_line(game, s)))
    for s in (0, 1):
        assert_view_hides(game.state, s)


@GAME
def test_ALL_H7_counters_lie_only_on_cards_open_on_the_table(game_id: str) -> None:
    game = free_game(game_id)
    for zone in ("p0.hand", "p0.deck"):
        if not game.state.zones[zone].cards:
            continue
        iid = game.state.zones[zone].cards[0]
        for kind, args in (("manual_counter", {"name": "x", "delta": 1}),
                           ("manual_modify", {"stat": "power", "delta": 1})):
            verdict = game.check(Action.make(kind, 0, card=iid, **args))
            assert verdict.reason == "manual_marks_on_table", (zone, kind)


@GAME
def test_ALL_R3_an_open_pile_is_not_shuffled_and_keeps_its_marks(game_id: str) -> None:
    """Only a hidden pile (a deck) is shuffled; an open discard pile lies in the order
    everyone sees, so the shuffle is refused (naming the rule) and marks stay."""
    game = free_game(game_id)
    pile = discard(game.state, 0)
    cards = game.state.zones[pile].cards
    if len(cards) < 2:
        act(game, "manual_move", card=game.state.zones["p0.deck"].cards[-1], zone=pile)
        act(game, "manual_move", card=game.state.zones["p0.deck"].cards[-1], zone=pile)
    iid = game.state.zones[pile].cards[0]
    act(game, "manual_counter", card=iid, name="charge", delta=2)
    act(game, "manual_modify", card=iid, stat="power", delta=1)
    verdict = game.check(Action.make("manual_shuffle", 0, zone=pile))
    assert (verdict.reason, verdict.rule) == ("manual_shuffle_open", "ALL-R3")
    assert game.state.cards[iid].counters["charge"] == 2
    assert modifiers(game.state, iid)[0].delta == 1


# -- moves keep counters ----------------------------------------------------------------
@GAME
def test_ALL_R3_a_manual_move_keeps_counters_unless_cleared(game_id: str) -> None:
    game = free_game(game_id)
    iid = public_card(game.state, owner=0)
    act(game, "manual_counter", card=iid, name="damage", delta=2)
    counters = dict(game.state.cards[iid].counters)
    act(game, "manual_move", card=iid, zone=discard(game.state, 0))
    kept = {k: v for k, v in counters.items() if k not in game.rules.place_counters}
    assert game.state.cards[iid].counters == kept
    act(game, "manual_move", card=iid, zone=game.state.zone_of(iid))  # on the pile again
    assert game.state.cards[iid].counters == kept
    before = game.state.fingerprint()
    act(game, "manual_move", card=iid, zone=discard(game.state, 0), clear=True)
    assert game.state.cards[iid].counters == {}
    assert last_line(game, 1).key == "log.manual_move_cleared"
    assert_undoes(game, 0, before)
    act(game, "manual_move", card=iid, zone="p0.hand")  # into a hand: marks fall off (ALL-H7)
    assert game.state.cards[iid].counters == {}


def test_CONAN_R18_a_manual_move_keeps_conans_damage_and_wounds() -> None:
    """Today's complaint: moving Conan by hand wiped his damage and wounds."""
    from tabletop.games.conan.zones import conan_of

    game = free_game("conan")
    conan = conan_of(game.state, game.rules.cards, 0)
    assert conan is not None
    act(game, "manual_counter", card=conan, name="damage", delta=3)
    act(game, "manual_counter", card=conan, name="wound", delta=1)
    before = dict(game.state.cards[conan].counters)
    act(game, "manual_move", card=conan, zone="p0.side")
    act(game, "manual_move", card=conan, zone="conan")
    assert game.state.cards[conan].counters == before
    derived = game.rules.derived(game.state, conan)
    assert derived.get("wounds") == before["wound"]


def test_ALL_R3_cards_on_places_are_no_pile_to_shuffle() -> None:
    game = free_game("eshi100")
    assert game.check(Action.make("manual_shuffle", 0, zone="grid")).reason == \
        "manual_shuffle_places"


def test_ESHI_a_grid_square_is_never_carried_by_a_manual_move() -> None:
    game = free_game("eshi100")
    grid = game.state.zones["grid"].cards
    iid = next(i for i in grid if "square" in game.state.cards[i].counters)
    owner = game.state.cards[iid].owner
    act(game, "manual_move", owner, card=iid, zone=discard(game.state, owner))
    assert "square" not in game.state.cards[iid].counters
    refused = game.check(Action.make("manual_counter", 0, card=iid, name="square", delta=1))
    assert refused.reason == "manual_counter_place"


# -- numbers until the end of the turn ----------------------------------------------------
def stat_of(game: Game, iid: int) -> str:
    found = game.rules.derived(game.state, iid)
    return next(iter(found), "power")


@GAME
def test_ALL_H7_a_number_changed_until_the_end_of_the_turn_ends_with_it(game_id: str) -> None:
    game = free_game(game_id)
    iid = public_card(game.state)
    stat = stat_of(game, iid)
    before = game.state.fingerprint()
    act(game, "manual_modify", card=iid, stat=stat, delta=2)
    act(game, "manual_modify", card=iid, stat=stat, delta=1)
    (mod,) = modifiers(game.state, iid)
    assert (mod.stat, mod.delta, mod.turn) == (stat, 3, game.state.turn)
    assert last_line(game, 0).key == "log.manual_modify"
    game.undo(0)
    game.undo(0)
    assert game.state.fingerprint() == before  # no trace left in the state's data
    act(game, "manual_modify", card=iid, stat=stat, delta=-1)
    turn = game.state.turn
    for _ in range(40):
        if game.state.turn != turn or game.state.game_over:
            break
        if not game.propose(Action.make("manual_end_phase", 0)).ok:
            bot = game.rules.make_bot(1)
            assert game.propose(bot.choose(game)).ok
    assert game.state.turn != turn
    assert modifiers(game.state) == ()


@GAME
def test_ALL_H7_a_changed_number_goes_with_a_manual_move_as_the_counters_do(
        game_id: str) -> None:
    """Kept by a move between open zones in play; ended, and logged, by a move that
    clears the card's marks, takes it out of play (a discard pile: every game's own
    effects end there) or into a hand, where no mark lies."""
    game = free_game(game_id)
    state = game.state
    iid = public_card(state, owner=0)
    act(game, "manual_modify", card=iid, stat="power", delta=2)
    src = state.zone_of(iid)
    pile = discard(state, 0)
    other = next((z for z, zone in state.zones.items() if zone.owner == 0 and z != src
                  and zone.visibility is Visibility.PUBLIC
                  and z.partition(".")[2] not in game.rules.piles_out_of_play), None)
    if other is not None and src != pile:  # 絵師100人展 has one zone in play, the grid
        act(game, "manual_move", card=iid, zone=other)
        assert [(m.delta, m.zone) for m in modifiers(state, iid)] == [(2, other)]
        act(game, "manual_move", card=iid, zone=other, clear=True)
        assert modifiers(state, iid) == ()
        assert last_line(game, 0).key == "log.manual_changes_end"
        act(game, "manual_modify", card=iid, stat="power", delta=2)
    if state.zone_of(iid) != pile:
        act(game, "manual_move", card=iid, zone=pile)
        assert modifiers(state, iid) == ()
        assert last_line(game, 0).key == "log.manual_changes_left_play"
    act(game, "manual_modify", card=iid, stat="power", delta=1)
    act(game, "manual_move", card=iid, zone="p0.hand")
    assert modifiers(state, iid) == ()
    assert last_line(game, 0).key == "log.manual_changes_end"


# -- piles ---------------------------------------------------------------------------------
@GAME
def test_ALL_H3_a_manual_shuffle_makes_everyone_forget_and_undoes(game_id: str) -> None:
    game = free_game(game_id)
    act(game, "manual_look", 0, zone="p0.deck", n=2)  # seat 0 knows its top two
    top = game.state.zones["p0.deck"].cards[-2:]
    before = game.state.fingerprint()
    act(game, "manual_shuffle", 1, zone="p0.deck")
    assert all(not game.state.cards[i].known_to for i in top)
    assert last_line(game, 0).key == "log.manual_shuffle"
    assert not game.history[-1].reveals
    assert_undoes(game, 1, before)
    assert game.check(Action.make("manual_shuffle", 0, zone="p0.combat" if game_id == "arc"
                                  else "p0.foe_hand" if game_id == "conan" else
                                  "nowhere")).reason in ("manual_shuffle_too_few",
                                                         "manual_shuffle_open",
                                                         "no_such_zone")


@GAME
def test_ALL_H1_looking_at_the_deck_top_shows_only_that_seat_and_is_a_barrier(
        game_id: str) -> None:
    game = free_game(game_id)
    deck = game.state.zones["p0.deck"].cards
    top3 = deck[-3:][::-1]
    secrets = {game.state.cards[i].card_id for i in top3}
    seen1 = set(visible(game.state, 1).values())
    act(game, "manual_look", 0, zone="p0.deck", n=3)
    assert all(game.state.visible_to(i, 0) and not game.state.visible_to(i, 1) for i in top3)
    own = last_line(game, 0)
    assert own.key == "log.manual_look_own" and secrets <= set(names(own))
    assert not (set(names(last_line(game, 1))) & (secrets - seen1))
    assert game.history[-1].reveals and not game.can_undo(0) and not game.can_undo(1)
    for s in (0, 1):
        assert_view_hides(game.state, s)
    assert game.check(Action.make("manual_look", 0, zone="p1.deck", n=1)).reason == \
        "manual_top_own_pile"
    assert game.check(Action.make("manual_look", 0, zone="p0.deck", n=0)).reason == \
        "manual_top_count"


@GAME
def test_ALL_H2_revealing_the_deck_top_needs_both_and_is_a_barrier(game_id: str) -> None:
    game = free_game(game_id)
    top2 = game.state.zones["p1.deck"].cards[-2:]
    assert game.check(Action.make("manual_reveal_top", 1, zone="p1.deck", n=2)).reason == \
        "manual_reveal_needs_agreement"
    act(game, "manual_reveal_top", 1, zone="p1.deck", n=2, agreed=True)
    assert all(game.state.visible_to(i, s) for i in top2 for s in (0, 1))
    assert {game.state.cards[i].card_id for i in top2} <= set(names(last_line(game, 0)))
    assert game.history[-1].reveals and not game.can_undo(1)
    assert game.check(Action.make("manual_reveal_top", 1, zone="p1.deck", n=2,
                                  agreed=True)).reason == "manual_reveal_nothing_hidden"


# -- phases --------------------------------------------------------------------------------
@GAME
def test_ALL_R3_ending_a_phase_goes_on_to_the_next_and_is_logged(game_id: str) -> None:
    game = free_game(game_id)
    for _ in range(20):  # answer any question first: a phase ends when nothing waits
        if game.state.pending is None:
            break
        bot = game.rules.make_bot(2)
        assert game.propose(bot.choose(game)).ok
    def where() -> tuple[Any, ...]:
        state = game.state
        return (state.turn, state.phase, state.step, game.rules.acting_seat(state),
                repr(state.pending))

    before = where()
    log_len = len(game.state.log)
    acting = game.rules.acting_seat(game.state)
    own = game.check(Action.make("next_phase", acting))  # what the rules would say
    verdict = game.propose(Action.make("manual_end_phase", 1 - acting))  # either player
    assert verdict.ok == own.ok, (verdict, own)
    if not verdict.ok:
        assert verdict.message is not None  # the rules' own reason, in words
        return
    assert where() != before
    assert game.state.log[log_len].manual
    assert game.state.log[log_len].public.key == "log.manual_end_phase"


# -- replays and leaks ------------------------------------------------------------------------
@GAME
def test_ALL_R1_free_mode_acts_replay_to_the_same_state(game_id: str) -> None:
    game = free_game(game_id)
    iid = public_card(game.state)
    act(game, "manual_counter", card=iid, name="charge", delta=2)
    act(game, "manual_modify", card=iid, stat="power", delta=-1)
    act(game, "manual_shuffle", zone="p1.deck")
    act(game, "manual_look", zone="p0.deck", n=2)
    act(game, "manual_move", card=iid, zone=game.state.zone_of(iid))
    again = replay(game.rules, game.setup, game.actions)
    assert again.state.fingerprint() == game.state.fingerprint()


@GAME
def test_ALL_H2_random_free_mode_acts_show_nobody_a_new_face(game_id: str) -> None:
    """Every kind, at random, by either seat: a seat sees a new face only by its own
    look at its own deck, an agreed reveal, its own known card shown, or its own deck
    top drawn; the log names a card only to seats that saw it; views hide the rest."""
    game = free_game(game_id)
    rng = random.Random(7)
    zone_ids = list(game.state.zones)
    kinds = ("manual_move", "manual_tap", "manual_flip", "manual_counter", "manual_modify",
             "manual_shuffle", "manual_look", "manual_reveal_top")
    done = set()
    for _ in range(250):
        state = game.state
        seat = rng.randrange(2)
        iid = rng.choice(list(state.cards))
        kind = rng.choice(kinds)
        args: dict[str, Any] = {"card": iid}
        if kind == "manual_move":
            args.update(zone=rng.choice(zone_ids), clear=rng.random() < 0.3)
        elif kind == "manual_counter":
            args.update(name=rng.choice(("damage", "x")), delta=rng.choice((1, 2, -1)))
        elif kind == "manual_modify":
            args.update(stat="power", delta=rng.choice((1, -2)))
        elif kind in ("manual_shuffle", "manual_look", "manual_reveal_top"):
            args = {"zone": rng.choice(zone_ids if kind == "manual_shuffle"
                                       else [f"p{seat}.deck"]), "n": rng.randint(1, 3),
                    "agreed": True}
        before = [visible(state, s) for s in (0, 1)]
        in_deck_unseen = "card" in args and not any(iid in b for b in before)
        log_len = len(state.log)
        if not game.propose(Action.make(kind, seat, **args)).ok:
            continue
        done.add(kind)
        state = game.state
        shown = kind in ("manual_look", "manual_reveal_top")
        gained = False
        for s in (0, 1):
            new = set(visible(state, s)) - set(before[s])
            if shown:
                top = set(state.zones[args["zone"]].cards[-args["n"]:])
                assert new <= top, (kind, args, s)
                # ALL-H1: a barrier unless it showed only the actor's own known cards
                gained = gained or any(not (state.cards[i].owner == seat and i in before[seat])
                                       for i in new)
                if kind == "manual_look":
                    assert s == seat or not new
                continue
            for i in new:
                own_known = state.cards[i].owner == seat and i in before[seat]
                draw = (i == iid and s == seat and in_deck_unseen
                        and state.cards[i].owner == seat
                        and state.zones[state.zone_of(i)].owner == seat)
                assert own_known or draw, (kind, args, s)
            if "card" in args:
                allowed = {before[s].get(iid), visible(state, s).get(iid)}
                for entry in state.log[log_len:]:
                    if state.cards[iid].card_id in set(names(entry.for_seat(s))):
                        assert state.cards[iid].card_id in allowed, (kind, args, s)
            assert_view_hides(state, s)
        assert game.history[-1].reveals == gained or not shown
    assert done >= {"manual_counter", "manual_modify", "manual_shuffle", "manual_look"}
