"""A fast random playout policy for the computer player's search.

:class:`CandidatePolicy` plays like :class:`~tabletop.core.random_bot.RandomBot`
(weights: active 2, passive 1, end turn 0.25) without building the whole legal
list: it orders the game's candidate actions by weighted sampling without
replacement (Efraimidis and Spirakis' keys ``u ** (1 / w)``) and plays the first one
``rules.prepare`` accepts. The first accepted candidate is legal action ``a`` with
probability ``w(a) / sum of the legal weights``, the random bot's distribution,
while most steps check one or two candidates instead of all of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.model import GameState
from tabletop.core.random_bot import PASSIVE_KINDS, SKIP_KINDS

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules


def play_checked(rules: GameRules, world: GameState, action: Action) -> bool:
    """Apply ``action`` to ``world`` if the rules accept it there (checked once);
    False, ``world`` unchanged, when they refuse it (a sampled world the rules
    disagree with)."""
    prepared = rules.prepare(world, action)
    if isinstance(prepared, Verdict):
        return False
    rules.apply(world, action, prepared)
    return True


class PlayoutPolicy(Protocol):
    """Plays one action of a playout on ``world`` in place (False: nothing was played)."""

    def step(self, rules: GameRules, world: GameState) -> bool:
        """Play the acting seat's next action; False when it has none."""
        ...


class BotPolicy:
    """A bot (``choose(game)`` on anything with ``rules`` and ``state``) as a policy."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.rules: GameRules | None = None
        self.state: GameState | None = None

    def step(self, rules: GameRules, world: GameState) -> bool:
        """The bot's action, checked once and applied."""
        self.rules, self.state = rules, world
        action = self.bot.choose(self)  # type: ignore[attr-defined]
        return isinstance(action, Action) and play_checked(rules, world, action)


def weight(action: Action) -> float:
    """The random bot's weight of ``action`` (active 2, passive 1, end turn 0.25)."""
    if action.kind in SKIP_KINDS:
        return 0.25
    if action.kind in PASSIVE_KINDS:
        return 1.0
    return 2.0


class CandidatePolicy:
    """The random bot's choice among a game's candidates, checked lazily (see the module
    docstring). ``decision_actions(state, pending)`` and ``turn_actions(state, seat)``
    are the game's candidate builders (its ``legal`` module)."""

    def __init__(self, decision_actions: Callable[[GameState, Decision], list[Action]],
                 turn_actions: Callable[[GameState, int], list[Action]], seed: int) -> None:
        self.decision_actions = decision_actions
        self.turn_actions = turn_actions
        self.rng = random.Random(seed)

    def step(self, rules: GameRules, world: GameState) -> bool:
        """Play a random legal action of the acting seat; False when it has none."""
        if world.game_over:
            return False
        pending = world.pending
        candidates = self.decision_actions(world, pending) if pending is not None \
            else self.turn_actions(world, world.active)
        rnd = self.rng.random
        keyed = sorted(((rnd() ** (1.0 / weight(a)), i) for i, a in enumerate(candidates)),
                       reverse=True)
        return any(play_checked(rules, world, candidates[i]) for _, i in keyed)


def as_policy(player: object) -> PlayoutPolicy:
    """``player`` itself when it is a :class:`PlayoutPolicy`, else a :class:`BotPolicy`."""
    if callable(getattr(player, "step", None)):
        return player  # type: ignore[return-value]
    return BotPolicy(player)
