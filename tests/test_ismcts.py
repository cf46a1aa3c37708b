"""Information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012): on a
small game with a known best move it finds that move; its statistics add up; the same
generator gives the same search; it never changes the state it searches."""

from __future__ import annotations

import random

from player_helpers import positions, rules_of

from tabletop.core.actions import LEGAL, Action, Verdict
from tabletop.core.ismcts import Budget, search
from tabletop.core.model import GameState, Visibility
from tabletop.core.rules import GameRules, GameSetup


class Nim(GameRules):
    """Take one or two counters from a pile; who takes the last one wins."""

    game_id = "nim"
    phases = ("take",)

    def new_game(self, setup: GameSetup) -> GameState:
        state = GameState("nim", setup.seed, first=setup.first, active=setup.first)
        state.add_zone("pile", None, Visibility.PUBLIC)
        state.add_zone("taken", None, Visibility.PUBLIC)
        for _ in range(int(setup.options["pile"])):
            state.new_card("counter", 0, "pile")
        return state

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        if state.game_over or seat != state.active:
            return []
        left = len(state.zones["pile"].cards)
        return [Action.make("take", seat, n=n) for n in (1, 2) if n <= left]

    def check(self, state: GameState, action: Action) -> Verdict:
        ok = action in self.legal_actions(state, action.seat)
        return LEGAL if ok else Verdict.refuse("nim.no")

    def apply(self, state: GameState, action: Action, prepared: object = None) -> None:
        for _ in range(int(action.get("n"))):
            state.move(state.zones["pile"].cards[-1], "taken")
        if not state.zones["pile"].cards:
            state.end_game(action.seat)
        state.active = 1 - state.active

    def interpret_drop(self, state: GameState, seat: int, iid: int, zone_id: str,
                       onto: int | None = None) -> Action | Verdict:
        return Verdict.refuse("nim.no")


def _nim(pile: int) -> tuple[Nim, GameState]:
    rules = Nim(rules_of("arc").cards)
    return rules, rules.new_game(GameSetup("nim", 1, 0, options={"pile": pile}))


def test_the_search_finds_the_winning_take() -> None:
    # from 7 counters only taking 1 (leaving a multiple of 3) wins against best play
    rules, state = _nim(7)
    legal = rules.legal_actions(state, 0)
    result = search(rules, state, 0, legal, Budget(400, 600.0, 50), random.Random(3))
    assert result.action == Action.make("take", 0, n=1)
    assert result.best.value > max(line.value for line in result.lines[1:])


def test_the_search_takes_the_last_counters() -> None:
    rules, state = _nim(2)
    legal = rules.legal_actions(state, 0)
    result = search(rules, state, 0, legal, Budget(30, 600.0, 50), random.Random(1))
    assert result.action == Action.make("take", 0, n=2)
    assert result.best.value == 1.0


def test_root_visits_add_up_to_the_iterations() -> None:
    rules, state = _nim(9)
    legal = rules.legal_actions(state, 0)
    result = search(rules, state, 0, legal, Budget(50, 600.0, 50), random.Random(2))
    assert result.iterations == 50
    assert sum(line.visits for line in result.lines) == 50
    assert {line.action for line in result.lines} == set(legal)


def test_a_real_game_search_is_reproducible_and_pure() -> None:
    for game in ("arc", "conan"):
        rules = rules_of(game)
        state = positions(game, seed=2, every=6, count=1)[0]
        seat = rules.acting_seat(state)
        legal = rules.legal_actions(state, seat)
        before = state.fingerprint()
        budget = Budget(8, 600.0, 10, prior=2)
        a = search(rules, state, seat, legal, budget, random.Random(5))
        b = search(rules, state, seat, legal, budget, random.Random(5))
        assert state.fingerprint() == before
        assert a.lines == b.lines and a.action in legal
