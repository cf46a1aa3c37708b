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

from tabletop.core.actions import Action
from tabletop.core.model import GameState
from tabletop.core.playout import play_checked
from tabletop.games.conan import legal
from tabletop.games.conan.bot import ConanBot
from tabletop.games.conan.data import Phase
from tabletop.games.conan.moves import usable_as_move

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules

#: Phases in which ConanBot picks the best of a kind of candidate (checked lazily).
_PICKS = frozenset({Phase.PREPARE, Phase.FOE_DRAW, Phase.FOE_MOVE, Phase.CONAN_MOVE})


def bot_action(bot: ConanBot, rules: GameRules, world: GameState) -> Action | None:
    """ConanBot's preference among the candidates of ``world`` (``legal.turn_actions``)
    without checking every one first: the bot picks among the unchecked candidates,
    and a pick the rules refuse is struck off and the bot picks again. The bot picks
    the best by its own order, so this is the move it would pick among the legal
    actions (up to its random tie-breaks), at the cost of a few checks instead of
    one per candidate (a Conan Move phase has dozens). Decisions and the other phases
    ask the bot as usual."""
    seat = rules.acting_seat(world)
    if world.pending is not None or world.phase not in _PICKS:
        return bot.choose(_Table(rules, world))  # type: ignore[arg-type]
    db = rules.cards
    by_kind: dict[str, list[Action]] = {}
    for a in legal.turn_actions(world, db, seat):
        # the bot reads a Move's numbers: a card that is no Move is no candidate
        if a.kind != "place_foe_move" or usable_as_move(world, db, int(a.get("card"))):
            by_kind.setdefault(a.kind, []).append(a)
    while True:
        phase = world.phase
        if phase == Phase.PREPARE:
            pick = bot._prepare(world, db, by_kind.get("play_card", []))
        elif phase == Phase.FOE_DRAW:
            pick = bot._foe_draw(world, db, by_kind)
        elif phase == Phase.FOE_MOVE:
            pick = bot.abilities(world, db, by_kind) or \
                bot._foe_move(world, db, by_kind.get("place_foe_move", []))
        else:
            pick = bot.abilities(world, db, by_kind) or \
                bot._conan_move(world, db, by_kind.get("place_move", []))
        if pick is None:
            done = by_kind.get("next_phase", [])
            return done[0] if done and rules.check(world, done[0]).ok else None
        if rules.check(world, pick).ok:
            return pick
        by_kind[pick.kind] = [a for a in by_kind[pick.kind] if a != pick]


class _Table:
    def __init__(self, rules: GameRules, state: GameState) -> None:
        self.rules, self.state = rules, state


class TurnPlayout:
    """A :class:`~tabletop.core.playout.PlayoutPolicy`: ConanBot (seeded ``seed``)
    plays until the turn the playout began in has ended; one begun in the Rest step
    (CONAN-R18: healing, the hands' discards) plays the next turn too, where its
    effects show.

    A playout is told apart from the previous one by its world (the search samples
    a new world for every iteration), so one policy serves a whole search.
    ``step`` returns False (nothing played) once the turn is over, which ends the
    playout; the game's end ends it too.
    """

    def __init__(self, seed: int) -> None:
        self.bot = ConanBot(seed)
        self.state: GameState | None = None
        self._end = 0

    def step(self, rules: GameRules, world: GameState) -> bool:
        """One ConanBot action on ``world`` in place; False at the end of the turn the
        playout began in (the next one when it began in the Rest step), at the game's
        end, or when the bot has no action."""
        if world is not self.state:
            # a move of the Rest step (healing, the hand's discards) shows in the turn
            # after it (the hand holds the enemy's Foe Moves there), so that turn too
            self.state = world
            self._end = world.turn + (2 if world.phase == Phase.REST else 1)
        elif world.turn >= self._end:
            return False
        if world.game_over:
            return False
        action = bot_action(self.bot, rules, world)
        return isinstance(action, Action) and play_checked(rules, world, action)
