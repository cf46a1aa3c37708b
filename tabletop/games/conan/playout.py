"""The Conan computer player's playouts: the Conan bot to the end of the turn.

A Conan turn is the unit in which renown is won and Conans fall: the Foes are
drawn and placed, fought round after round, and the turn ends with Rest
healing (CONAN-R1..R3, R18). A playout cut in the middle of it (after the Foes
are placed but before they fight) is scored on a position that says nothing
about the coming fight, and one that runs to the end of the game costs ten
times as much and mostly measures the bots' luck. :class:`TurnPlayout` plays
:class:`~tabletop.games.conan.bot.ConanBot`'s moves for both seats until the
turn in which the playout began is over (the next turn's renown check,
CONAN-R1, has run), so ``ConanRules.evaluate`` always scores a position at the
start of a turn, the one kind of position its weights were fitted on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.actions import Action, Verdict
from tabletop.core.model import GameState
from tabletop.games.conan.bot import ConanBot

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules


class TurnPlayout:
    """A :class:`~tabletop.core.playout.PlayoutPolicy`: ConanBot (seeded ``seed``)
    plays until the turn the playout began in has ended.

    A playout is told apart from the previous one by its world (the search samples
    a new world for every iteration), so one policy serves a whole search.
    ``step`` returns False (nothing played) once the turn is over, which ends the
    playout; the game's end ends it too.
    """

    def __init__(self, seed: int) -> None:
        self.bot = ConanBot(seed)
        self.rules: GameRules | None = None
        self.state: GameState | None = None
        self._turn = -1

    def step(self, rules: GameRules, world: GameState) -> bool:
        """One ConanBot action on ``world`` in place; False at the end of the turn the
        playout began in, at the game's end, or when the bot has no action."""
        if world is not self.state:
            self.rules, self.state, self._turn = rules, world, world.turn
        elif world.turn != self._turn:
            return False
        if world.game_over:
            return False
        action = self.bot.choose(self)  # type: ignore[arg-type]  # reads .rules, .state
        if not isinstance(action, Action):
            return False
        prepared = rules.prepare(world, action)
        if isinstance(prepared, Verdict):
            return False
        rules.apply(world, action, prepared)
        return True
