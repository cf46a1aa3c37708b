"""Game-agnostic random players, for demos, smoke tests and property tests.

A :class:`RandomBot` picks among ``rules.legal_actions`` for the seat that must
act, with its own seeded generator (never the game's, so a bot does not change
the game's randomness, ALL-R1). It prefers doing something (playing a card,
attacking, answering a decision) to moving on (``next_phase``/``end_turn``)
2:1, so random games progress instead of skipping every turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, GameSetup

#: Action kinds that only move the turn on; weighted lower than everything else.
PASSIVE_KINDS = frozenset({"next_phase"})
#: Kinds that skip the rest of the turn at once; weighted lower still, so a bot
#: usually walks through the phases (and attacks) instead of ending early.
SKIP_KINDS = frozenset({"end_turn"})


class Bot(Protocol):
    """Anything that picks an action for the seat that must act (None: nothing to do)."""

    def choose(self, game: Game) -> Action | None:
        """The action to propose now."""
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

    def choose(self, game: Game) -> Action | None:
        """A legal action for the seat that must act now, or None if it has none."""
        seat = game.rules.acting_seat(game.state)
        actions = game.rules.legal_actions(game.state, seat)
        if not actions:
            return None
        weights = [self.weight(a) for a in actions]
        return self.rng.choices(actions, weights=weights, k=1)[0]


class BotError(RuntimeError):
    """A bot proposed an action the rules refused (a bug in legal_actions or the bot)."""


def play_game(
    rules: GameRules,
    setup: GameSetup,
    bots: Sequence[Bot],
    max_actions: int = 5000,
    max_turns: int | None = None,
    track_reveals: bool = True,
) -> Game:
    """Run a game with one bot per seat until it ends, nobody can act, or a cap.

    The caps are ``max_actions`` applied actions and, when given, ``max_turns``
    turns. Raises BotError if a bot's action is refused.
    """
    game = Game(rules, setup, track_reveals=track_reveals)
    for _ in range(max_actions):
        state = game.state
        if state.game_over or (max_turns is not None and state.turn > max_turns):
            break
        action = bots[rules.acting_seat(state)].choose(game)
        if action is None:
            break
        verdict = game.propose(action)
        if not verdict.ok:
            raise BotError(f"refused {action}: {verdict.reason}")
    return game
