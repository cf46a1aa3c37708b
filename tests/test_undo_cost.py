"""Undo, redo and replay that do not grow with the game, giving exactly the same states.

Undo takes a kept copy of the state back instead of replaying the game
(``tabletop.core.checkpoints``), and who saw what is checked only for the cards an
action touched (``GameState.begin_changes``). The invariant stays that of
:class:`~tabletop.core.engine.Game`: the state is ``rules.new_game(setup)`` followed
by the history, bit for bit (``fingerprint``); an undo gives the state before the
action, a redo the state after it, and the revealing flag of every action (the undo
barrier of ALL-H1) is the one the full check of every card gives. Each property runs
over seeded bot games of every registered game.
"""

from __future__ import annotations

import copy
import functools
import gc
import importlib
import pickle
import random
import weakref
from typing import Any

import pytest

from tabletop.core import selfplay
from tabletop.core.actions import Action
from tabletop.core.checkpoints import DENSE, SPARSE
from tabletop.core.engine import Game, replay
from tabletop.core.model import GameState, Visibility
from tabletop.core.rules import _GAMES, GameRules, game_ids, load_rules

GAMES = game_ids()
SEEDS = (1, 2)
STEPS = 160


@functools.cache
def rules_of(game_id: str) -> GameRules:
    return load_rules(game_id)


@functools.cache
def decks_of(game_id: str) -> Any:
    return importlib.import_module(_GAMES[game_id]).load_decks()


def new_game(game_id: str, seed: int) -> tuple[Game, list[Any]]:
    rules = rules_of(game_id)
    game = Game(rules, selfplay.setup_for(rules, seed, decks_of(game_id)))
    return game, [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]


def bot_step(game: Game, bots: list[Any]) -> Action | None:
    """The acting seat's bot plays one action (None when the game cannot go on)."""
    if game.state.game_over:
        return None
    action = bots[game.rules.acting_seat(game.state)].choose(game)
    if action is None:
        return None
    verdict = game.propose(action)
    assert verdict.ok, (action, verdict.reason)
    return action


def replayed(game: Game, length: int) -> dict[str, Any]:
    """The fingerprint of the set-up followed by the first ``length`` actions."""
    return replay(game.rules, game.setup, game.actions[:length]).state.fingerprint()


def full_reveals(before: dict[int, frozenset[int]], state: GameState, actor: int) -> bool:
    """The reference rule of ALL-H1, over every card: did anyone newly see a card,
    other than the actor showing a card of their own that they saw already?"""
    for iid, seen_before in before.items():
        newly = state.seen_by(iid) - seen_before
        owner = state.cards[iid].owner
        if newly and not (actor == owner and owner in seen_before):
            return True
    return False


def seen_all(state: GameState) -> dict[int, frozenset[int]]:
    return {iid: state.seen_by(iid) for iid in state.cards}


# -- undo and redo by checkpoints --------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_ALL_H1_undo_gives_the_state_of_a_replay_and_redo_the_state_before_the_undo(
        game_id: str, seed: int) -> None:
    """After every action that may be undone, the whole undo run is taken back one by
    one (each state the fingerprint of the game before that action, and the first one
    also that of a replay from the set-up), then redone (each state the one before its
    undo); the bot game goes on as if nothing happened."""
    game, bots = new_game(game_id, seed)
    prints = [game.state.fingerprint()]  # prints[i]: after i actions
    runs = checked_replays = 0
    for _ in range(STEPS):
        action = bot_step(game, bots)
        if action is None:
            break
        prints.append(game.state.fingerprint())
        undone: list[int] = []
        while game.history and game.can_undo(game.history[-1].action.seat):
            seat = game.history[-1].action.seat
            assert game.undo(seat).ok
            undone.append(seat)
            assert game.state.fingerprint() == prints[len(game.history)]
        if undone:
            runs += 1
            if checked_replays < 6:
                checked_replays += 1
                assert replayed(game, len(game.history)) == game.state.fingerprint()
        for seat in reversed(undone):
            assert game.redo(seat).ok
            assert game.state.fingerprint() == prints[len(game.history)]
    assert runs > 0, "no action of the bot game could be undone"
    assert replayed(game, len(game.history)) == game.state.fingerprint()


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_H1_undo_after_loading_a_save_rebuilds_the_state_before_the_action(
        game_id: str) -> None:
    """A replayed game (a loaded save) keeps no copy per action: its first undo plays
    the turn from its start, and gives the same state as the live game's undo."""
    live, bots = new_game(game_id, 3)
    prints = [live.state.fingerprint()]
    compared = 0
    for _ in range(STEPS):
        if bot_step(live, bots) is None:
            break
        prints.append(live.state.fingerprint())
        seat = live.history[-1].action.seat
        if live.can_undo(seat) and compared < 8:
            loaded = replay(live.rules, live.setup, live.actions)
            assert loaded.state.fingerprint() == prints[-1]
            assert [h.reveals for h in loaded.history] == [h.reveals for h in live.history]
            while loaded.can_undo(seat):
                assert loaded.undo(seat).ok
                assert loaded.state.fingerprint() == prints[len(loaded.history)]
            compared += 1
    assert compared > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_H1_a_long_run_of_free_mode_acts_undoes_all_the_way_with_bounded_copies(
        game_id: str) -> None:
    """Free mode (ALL-R3) may make a turn as long as players like: the kept copies stay
    bounded (the newest one per action, older ones thinned), and undo still goes back
    through every act to exactly the state before it."""
    game, bots = new_game(game_id, 1)
    for _ in range(12):
        bot_step(game, bots)
    seat = game.rules.acting_seat(game.state)
    assert game.propose(Action.make("set_free_mode", seat, on=True)).ok
    pick = random.Random(7)
    cards = sorted(game.state.cards)
    prints = {len(game.history): game.state.fingerprint()}
    for _ in range(300):
        assert game.propose(Action.make("manual_tap", seat, card=pick.choice(cards))).ok
        prints[len(game.history)] = game.state.fingerprint()
        assert len(game.checkpoints) <= DENSE + SPARSE + 2
    undone = 0
    while game.can_undo(seat) and undone < 300:
        assert game.undo(seat).ok
        undone += 1
        assert game.state.fingerprint() == prints[len(game.history)]
    assert undone == 300


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_H1_copies_older_than_the_undo_run_are_dropped(game_id: str) -> None:
    """After an undo barrier (a revealing action, a new turn) nothing before it can be
    undone, so no copy of a state before it is kept."""
    game, bots = new_game(game_id, 2)
    barriers = 0
    for _ in range(STEPS):
        if bot_step(game, bots) is None:
            break
        last = game.history[-1]
        if last.reveals or last.turn != game.state.turn:
            barriers += 1
            assert len(game.checkpoints) == 0
        assert all(i >= game.checkpoints.start for i in game.checkpoints.indices())
        assert len(game.checkpoints) <= DENSE + SPARSE + 2
    assert barriers > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_trial_copy_of_a_game_keeps_its_undo_to_itself(game_id: str) -> None:
    """A copy of a game given a state and history list of its own (a lesson's trial
    move) that plays and undoes never changes what the game itself undoes to."""
    game, bots = new_game(game_id, 1)
    prints = [game.state.fingerprint()]
    tried = 0
    for _ in range(STEPS):
        if bot_step(game, bots) is None:
            break
        prints.append(game.state.fingerprint())
        seat = game.history[-1].action.seat
        if not game.can_undo(seat):
            continue
        trial = Game.__new__(Game)
        trial.__dict__.update(game.__dict__)
        trial.state = game.state.clone()
        trial.history = list(game.history)
        trial.redo_stack = list(game.redo_stack)
        trial.listeners = []
        following = game.rules.legal_actions(trial.state, game.rules.acting_seat(trial.state))
        if following:
            assert trial.propose(following[0]).ok
            if trial.can_undo(following[0].seat):
                assert trial.undo(following[0].seat).ok
        assert game.undo(seat).ok
        assert game.state.fingerprint() == prints[len(game.history)]
        assert game.redo(seat).ok
        tried += 1
        if tried >= 6:
            break
    assert tried > 0


# -- reveals from the touched cards only --------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_ALL_H1_the_revealing_flag_is_that_of_the_full_check_of_every_card(
        game_id: str, seed: int) -> None:
    """At every action of a bot game, the flag computed from the cards the action touched
    equals the full computation over every card's viewers before and after."""
    game, bots = new_game(game_id, seed)
    flagged = 0
    for _ in range(STEPS * 2):
        before = seen_all(game.state)
        action = bot_step(game, bots)
        if action is None:
            break
        expected = full_reveals(before, game.state, action.seat)
        assert game.history[-1].reveals == expected, (len(game.history), action)
        flagged += expected
    assert flagged > 0, "no action of the bot game showed a card"


@pytest.mark.parametrize("game_id", GAMES)
def test_ALL_H2_free_mode_acts_flag_reveals_as_the_full_check_does(game_id: str) -> None:
    """Free-mode moves, flips, taps and agreed reveals of random cards to random zones
    (ALL-R3, ALL-H2): each flag equals the full computation over every card."""
    game, bots = new_game(game_id, 4)
    for _ in range(10):
        bot_step(game, bots)
    pick = random.Random(11)
    zones = sorted(game.state.zones)
    cards = sorted(game.state.cards)
    applied = 0
    for step in range(240):
        seat = step % 2
        if not game.state.free_mode:
            assert game.propose(Action.make("set_free_mode", seat, on=True)).ok
        card = pick.choice(cards)
        kind = pick.choice(("manual_move", "manual_move", "manual_flip", "manual_tap",
                            "manual_reveal"))
        args: dict[str, Any] = {"card": card}
        if kind == "manual_move":
            args["zone"] = pick.choice(zones)
        if kind == "manual_reveal":
            args["agreed"] = True
        before = seen_all(game.state)
        verdict = game.propose(Action.make(kind, seat, **args))
        if not verdict.ok:
            continue
        applied += 1
        assert game.history[-1].reveals == full_reveals(before, game.state, seat), kind
    assert applied > 100


def test_a_card_noted_once_keeps_how_it_was_before_the_action() -> None:
    """The recorder keeps a card's zone, face and knowledge as they were when the
    action began, however often the action changes them."""
    state = GameState("test", 1)
    state.add_zone("deck", 0, Visibility.NOBODY)
    state.add_zone("hand", 0, Visibility.OWNER)
    state.add_zone("table", None, Visibility.PUBLIC)
    top = state.new_card("x", 0, "deck", face_up=False)
    other = state.new_card("y", 0, "table")
    state.begin_changes()
    state.move(top, "hand")
    state.cards[top].known_to.add(1)
    state.move(top, "table")
    state.cards[top].face_up = False
    born = state.new_card("z", 1, "table")
    state.cards[born].face_up = False
    before = state.end_changes()
    assert before == {top: ("deck", False, frozenset())}
    assert other not in before and born not in before
    assert state.end_changes() == {}  # nothing records once it ended
    state.cards[other].face_up = False
    assert state.end_changes() == {}


def test_known_to_changed_in_place_is_recorded_in_every_copy_and_frees_without_the_collector(
) -> None:
    """A card's knowledge changed in place (``known_to.add``) is recorded in a clone, a
    deep copy and an unpickled copy alike, each copy its own; and a dropped state frees
    its cards by reference counting alone (no card-set cycle left to the collector)."""
    state = GameState("test", 1)
    state.add_zone("hand", 0, Visibility.OWNER)
    iid = state.new_card("x", 0, "hand")
    state.cards[iid].known_to.add(1)
    for other in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other.fingerprint() == state.fingerprint()
        other.begin_changes()
        state.begin_changes()
        other.cards[iid].known_to.clear()
        assert other.end_changes() == {iid: ("hand", True, frozenset({1}))}
        assert state.end_changes() == {}
    gc.disable()
    try:
        card = weakref.ref(state.cards[iid])
        del state
        assert card() is None
    finally:
        gc.enable()
