"""Hidden information over whole bot games of every game, at every step, for each
seat (ALL-R2, ALL-H1, ALL-H2).

What a seat reads (its view, its log lines, the refusals it gets, the ids it holds)
never names or identifies a card it could not see; an action that showed anyone a
card they could not see cannot be undone; free-mode acts show nobody a new face.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.core import selfplay
from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.messages import Message
from tabletop.core.model import GameState
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.view import handle, view_for

GAMES = game_ids()
STEPS = 160


def _names(message: Message) -> Iterator[str]:
    """Card ids named anywhere in a message (card names are ``card.<id>`` messages)."""
    if message.key.startswith("card."):
        yield message.key[5:]
    for _, value in message.params:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Message):
                yield from _names(item)


def _visible(state: GameState, seat: int) -> dict[int, str]:
    return {i: c.card_id for i, c in state.cards.items() if state.visible_to(i, seat)}


def _bot_game(game_id: str, seed: int) -> tuple[Game, list[Any]]:
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    return game, [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]


def _assert_view_has_no_hidden_identity(state: GameState, seat: int) -> None:
    view = view_for(state, seat)
    for index, (zid, zone) in enumerate(state.zones.items()):
        for position, (cv, iid) in enumerate(zip(view.zones[zid], zone.cards, strict=True)):
            if state.visible_to(iid, seat):
                assert cv.iid == iid and cv.card_id == state.cards[iid].card_id
            else:  # only its place: no id, no name (ALL-R2)
                assert cv.card_id is None and cv.iid == handle(index, position)


def _assert_refusals_name_no_hidden_card(game: Game, seat: int, seen: set[str]) -> None:
    """Propose, for some cards the seat cannot see, the moves a player could try with
    a card: the refusals (by their view handles) must not name them."""
    state = game.state
    view = view_for(state, seat)
    hidden = [cv.iid for cards in view.zones.values() for cv in cards if cv.hidden][:6]
    zones = list(state.zones)[:8]
    for h in hidden:
        real = game.resolve(h)
        secret = state.cards[real].card_id
        attempts = [Action.make(kind, seat, card=h) for kind in
                    ("play_card", "play_resource", "use", "hand_boost", "place_foe",
                     "set_card", "move", "level_up")]
        for attempt in attempts:
            verdict = game.check(attempt)
            if not verdict.ok and verdict.message is not None and secret not in seen:
                assert secret not in set(_names(verdict.message)), (attempt, verdict)
        for zid in zones:
            answer = game.interpret_drop(seat, h, zid)
            if isinstance(answer, Action):
                answer_verdict = game.check(answer)
                message = answer_verdict.message
            else:
                message = answer.message
            if message is not None and secret not in seen:
                assert secret not in set(_names(message)), (zid, message)


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_R2_no_seat_reads_a_card_it_could_not_see_in_a_whole_bot_game(game_id: str) -> None:
    game, players = _bot_game(game_id, 7)
    seen: list[set[str]] = [set(_visible(game.state, s).values()) for s in (0, 1)]
    for step in range(STEPS):
        state = game.state
        if state.game_over:
            break
        before = [_visible(state, s) for s in (0, 1)]
        log_len = len(state.log)
        action = players[game.rules.acting_seat(state)].choose(game)
        assert game.propose(action).ok
        state = game.state
        for s in (0, 1):
            now = _visible(state, s)
            allowed = seen[s] | set(before[s].values()) | set(now.values())
            for entry in state.log[log_len:]:
                named = set(_names(entry.for_seat(s)))
                assert named <= allowed, (step, s, action, named - allowed)
            seen[s] |= set(now.values())
            _assert_view_has_no_hidden_identity(state, s)
        if step % 10 == 0:
            for s in (0, 1):
                _assert_refusals_name_no_hidden_card(game, s, seen[s])


def _new_sights(before: list[dict[int, str]], state: GameState) -> list[set[int]]:
    return [set(_visible(state, s)) - set(before[s]) for s in (0, 1)]


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_H1_no_action_that_showed_a_card_can_be_undone(game_id: str) -> None:
    """After every action, if anyone newly sees a card (other than the actor showing
    cards of their own that they knew), nobody may undo it; and what may be undone
    is undone to exactly the state before."""
    game, players = _bot_game(game_id, 11)
    for _ in range(STEPS):
        state = game.state
        if state.game_over:
            break
        before = [_visible(state, s) for s in (0, 1)]
        print_before = state.fingerprint()
        action = players[game.rules.acting_seat(state)].choose(game)
        assert game.propose(action).ok
        actor = action.seat
        shown = _new_sights(before, game.state)
        gains = any(
            not (game.state.cards[i].owner == actor and i in before[actor])
            for s in (0, 1) for i in shown[s])
        if gains:
            assert not game.can_undo(0) and not game.can_undo(1), action
        elif game.can_undo(actor):
            after = game.state.fingerprint()
            assert game.undo(actor).ok
            assert game.state.fingerprint() == print_before
            assert game.redo(actor).ok
            assert game.state.fingerprint() == after


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_H2_free_mode_acts_show_nobody_a_new_face(game_id: str) -> None:
    """Random free-mode moves, turns and flips by either seat, at several moments of a
    bot game: nobody sees a card they could not see before, except a player's own
    known card they chose to show, or their own deck top they drew into their hand;
    and the log names a card only to seats that saw it."""
    game, players = _bot_game(game_id, 5)
    rng = random.Random(3)
    for _ in range(60):
        if game.state.game_over:
            break
        game.propose(players[game.rules.acting_seat(game.state)].choose(game))
    if game.state.game_over:
        pytest.skip("the bot game ended before the check")
    seat = game.rules.acting_seat(game.state)
    assert game.propose(Action.make("set_free_mode", seat, on=True)).ok
    zone_ids = list(game.state.zones)
    for _ in range(300):
        state = game.state
        seat = rng.randrange(2)
        iid = rng.choice(list(state.cards))
        kind = rng.choice(("manual_move", "manual_move", "manual_tap", "manual_flip"))
        args = {"card": iid}
        if kind == "manual_move":
            args["zone"] = rng.choice(zone_ids)
        before = [_visible(state, s) for s in (0, 1)]
        in_deck_unseen = not any(iid in b for b in before)
        log_len = len(state.log)
        if not game.propose(Action.make(kind, seat, **args)).ok:
            continue
        state = game.state
        for s, new in enumerate(_new_sights(before, state)):
            for i in new:
                own_known = state.cards[i].owner == seat and i in before[seat]
                draw = (i == iid and s == seat and in_deck_unseen
                        and state.cards[i].owner == seat
                        and state.zones[state.zone_of(i)].owner == seat)
                assert own_known or draw, (kind, args, s)
        for s in (0, 1):
            allowed = {before[s].get(iid), _visible(state, s).get(iid)}
            for entry in state.log[log_len:]:
                named = set(_names(entry.for_seat(s)))
                if state.cards[iid].card_id in named:
                    assert state.cards[iid].card_id in allowed, (kind, args, s)


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
