"""The game-agnostic random player, below the rules and the engine.

A :class:`RandomBot` picks among ``rules.legal_actions`` for the seat that must
act, with its own seeded generator (never the game's, so a bot does not change
the game's randomness, ALL-R1). It prefers doing something (playing a card,
attacking, answering a decision) to moving on (``next_phase``/``end_turn``)
2:1, so random games progress instead of skipping every turn.

It reads a game through :class:`Table` only (the rules and the state), so
:meth:`tabletop.core.rules.GameRules.make_bot` can build it without importing the
engine; :mod:`tabletop.core.bot` runs whole games with it.
"""

from __future__ import annotations

import random
from typing import Protocol

from tabletop.core.actions import Action
from tabletop.core.model import GameState

#: Action kinds that only move the turn on; weighted lower than everything else.
PASSIVE_KINDS = frozenset({"next_phase"})
#: Kinds that skip the rest of the turn at once; weighted lower still, so a bot
#: usually walks through the phases (and attacks) instead of ending early.
SKIP_KINDS = frozenset({"end_turn"})


class TableRules(Protocol):
    """What a random player asks of the rules (a :class:`~tabletop.core.rules.GameRules`)."""

    def acting_seat(self, state: GameState) -> int:
        """The seat that must act now."""
        ...

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every action ``seat`` may take now."""
        ...


class Table(Protocol):
    """What a random player reads of a game (a :class:`~tabletop.core.engine.Game`)."""

    @property
    def rules(self) -> TableRules:
        """The game's rules."""
        ...

    @property
    def state(self) -> GameState:
        """The current state."""
        ...


class RandomBot:
    """Chooses a random legal action (weights: active 2, passive 1, end turn 0.25)."""

    def __init__(self, seed: int, active_weight: float = 2.0, passive_weight: float = 1.0,
                 skip_weight: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.active_weight = active_weight
        self.passive_weight = passive_weight
        self.skip_weight = skip_weight

    def weight(self, action: Action) -> float:
        """How likely ``action`` is picked relative to the others."""
        if action.kind in SKIP_KINDS:
            return self.skip_weight
        if action.kind in PASSIVE_KINDS:
            return self.passive_weight
        return self.active_weight

    def choose(self, game: Table) -> Action | None:
        """A legal action for the seat that must act now, or None if it has none."""
        seat = game.rules.acting_seat(game.state)
        actions = game.rules.legal_actions(game.state, seat)
        if not actions:
            return None
        weights = [self.weight(a) for a in actions]
        return self.rng.choices(actions, weights=weights, k=1)[0]
