"""One shape for every game's rules (issue 11): the template check runs the shared
refusals with the acting seat, then the kind's handler, which parses and checks the
arguments once; applying carries out that prepared value without checking again."""

from __future__ import annotations

from typing import Any

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.dispatch import Handler, Handlers, no_args
from tabletop.core.engine import Game, replay
from tabletop.core.model import GameState, Visibility
from tabletop.core.refusals import CommonRefusals
from tabletop.core.rules import GameRules, GameSetup

CODES = CommonRefusals("t.game_over", "t.unknown_action", "t.decision_pending",
                       "t.no_decision", "t.not_your_turn", "t.bad_choice", "t.choice_count",
                       other_acts="t.other_acts")


class Counting(GameRules):
    """A game of one counter: ``add`` (n: 1..3, by the acting seat), ``pass``; seat 1
    acts in turn 2 though seat 0 is active, as Conan's enemy does."""

    game_id = "counting"
    phases = ("main",)
    refusals = CODES

    def __init__(self) -> None:
        super().__init__(CardDb("counting", []))
        self.prepared = 0
        self._table: Handlers = {
            "add": Handler(self._prepare_add, self._add),
            "pass": Handler(no_args, lambda state, action, value: None),
        }

    def handlers(self) -> Handlers:
        return self._table

    def _prepare_add(self, state: GameState, action: Action) -> int | Verdict:
        self.prepared += 1
        n = action.get("n")
        if not isinstance(n, int) or not 1 <= n <= 3:
            return Verdict.refuse("t.bad_n")
        return n

    def _add(self, state: GameState, action: Action, n: int) -> None:
        state.data["total"] = state.data.get("total", 0) + n
        state.turn += 1

    def acting_seat(self, state: GameState) -> int:
        return 1 if state.turn == 2 else state.active

    def new_game(self, setup: GameSetup) -> GameState:
        state = GameState(setup.game, setup.seed)
        state.add_zone("p0.hand", 0, Visibility.OWNER)
        return state

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return []

    def interpret_drop(self, state: GameState, seat: int, iid: int, zone_id: str,
                       onto: int | None = None) -> Action | Verdict:
        return Verdict.refuse("t.no_drop")


def _game() -> tuple[Counting, Game]:
    rules = Counting()
    return rules, Game(rules, GameSetup("counting", 1, decks=({}, {})))


def test_the_template_refuses_out_of_turn_with_the_acting_seat_before_any_handler() -> None:
    rules, game = _game()
    assert game.check(Action.make("add", 1, n=1)).reason == "t.not_your_turn"
    assert game.propose(Action.make("add", 0, n=2)).ok  # turn 2: seat 1 acts, seat 0 active
    assert game.check(Action.make("add", 0, n=1)).reason == "t.other_acts"
    assert game.check(Action.make("fly", 1)).reason == "t.unknown_action"
    assert game.check(Action.make("decide", 1, choice=[])).reason == "t.unknown_action"
    assert rules.prepared == 1  # none of the refusals above reached the handler


def test_a_handler_checks_once_and_apply_never_checks_again() -> None:
    rules, game = _game()
    assert game.check(Action.make("add", 0, n=9)).reason == "t.bad_n"
    rules.prepared = 0
    assert game.propose(Action.make("add", 0, n=3)).ok
    assert rules.prepared == 1 and game.state.data["total"] == 3


def test_apply_without_a_prepared_value_refuses_an_illegal_action() -> None:
    rules, game = _game()
    try:
        rules.apply(game.state, Action.make("add", 0, n=0))
    except ValueError as exc:
        assert "t.bad_n" in str(exc)
    else:
        raise AssertionError("an illegal action was applied")


def test_a_replay_and_an_undo_rebuild_the_same_state_through_the_handlers() -> None:
    rules, game = _game()
    for action in (Action.make("add", 0, n=2), Action.make("add", 1, n=1)):
        assert game.propose(action).ok
    again: Any = replay(rules, game.setup, game.actions)
    assert again.state.fingerprint() == game.state.fingerprint()
