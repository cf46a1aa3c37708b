"""Game-agnostic random players, for demos, smoke tests and property tests.

A :class:`RandomBot` (defined in :mod:`tabletop.core.random_bot`, below the rules,
and importable from here) picks among ``rules.legal_actions`` for the seat that must
act, with its own seeded generator (never the game's, so a bot does not change
the game's randomness, ALL-R1). It prefers doing something (playing a card,
attacking, answering a decision) to moving on (``next_phase``/``end_turn``)
2:1, so random games progress instead of skipping every turn. :func:`play_game`
runs a whole game with one bot per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.random_bot import PASSIVE_KINDS as PASSIVE_KINDS
from tabletop.core.random_bot import SKIP_KINDS as SKIP_KINDS
from tabletop.core.random_bot import RandomBot as RandomBot
from tabletop.core.rules import GameRules, GameSetup


class Bot(Protocol):
    """Anything that picks an action for the seat that must act (None: nothing to do)."""

    def choose(self, game: Game) -> Action | None:
        """The action to propose now."""
        ...


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
