"""The computer player of a seat, at three levels, for every game (contract A).

``make_player(rules, level, seed)`` gives a :class:`SeatPlayer` whose
``choose(rules, state, seat)`` returns a :class:`Choice` (a legal action and one
sentence why, in words the seat may read) or None when the seat has nothing to do.

Every level decides only from what the seat sees (ALL-R2, ALL-H6): it first samples
a world with the hidden cards drawn anew (:mod:`tabletop.core.determinize`) and
never reads the real hidden cards. ``EASY`` is the game's own bot
(``rules.make_bot``) playing on one sampled world; ``NORMAL`` and ``HARD`` search
(:mod:`tabletop.core.ismcts`) with a small and a bigger budget per game. A decision
is a pure function of the seed, the level and the seat's view of the game (its
generator is seeded from both), so the same position gives the same move on every
call, in any thread; one legal action is played without a search.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from tabletop.core.actions import Action
from tabletop.core.determinize import determinize
from tabletop.core.ismcts import Budget, SearchResult, search
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.core.model import GameState
from tabletop.core.rules import GameRules
from tabletop.core.view import view_for
from tabletop.i18n import has_text


class Level(StrEnum):
    """How strong the computer plays (the menu's levels)."""

    EASY = "easy"  # today's bot of the game (rules.make_bot), fed a determinized world
    NORMAL = "normal"  # ISMCTS, small budget
    HARD = "hard"  # ISMCTS, bigger budget (<= 1.0 s per decision p95)


@dataclass(frozen=True)
class Choice:
    """A computer player's move: ``action`` is legal for its seat in the real state;
    ``reason`` one sentence why, in the seat's knowledge (never names a card the
    seat cannot see). ``search`` holds the search's statistics (None at EASY and for
    a forced move). ``retell(reader, seen)`` is the same reason as seat ``reader``
    may read it in the state ``seen`` (default: the state chosen in): a card the
    reader cannot see there is not named, the moved one included (the announcement
    is read by the other seat after the move: a Move placed face down stays unnamed,
    a card placed face up is named).
    """

    action: Action
    reason: Message
    search: SearchResult | None = None
    retell: Callable[[int, GameState | None], Message] | None = None

    def told_to(self, reader: int, seen: GameState | None = None) -> Message:
        """:attr:`reason` as ``reader`` may read it in ``seen`` (see :attr:`retell`)."""
        return self.retell(reader, seen) if self.retell is not None else self.reason


class SeatPlayer(Protocol):
    """A computer player (see the module docstring)."""

    def choose(self, rules: GameRules, state: GameState, seat: int) -> Choice | None:
        """The move of ``seat`` now, or None when it has nothing to do. Does not change
        ``state``; reads only what ``seat`` may see."""
        ...


#: Search budgets per game and level (chosen so that HARD stays under 1.0 s per
#: decision at the 95th percentile on a 2-core machine: benchmarks/bench_decision_time.py).
BUDGETS: Mapping[str, Mapping[Level, Budget]] = {
    "arc": {Level.NORMAL: Budget(100, 0.5, 20), Level.HARD: Budget(300, 0.9, 30)},
    "conan": {Level.NORMAL: Budget(40, 0.5, 80, prior=3),
              Level.HARD: Budget(100, 0.8, 80, prior=3)},  # one turn-long playout: 0.8 s cap
    "eshi100": {Level.NORMAL: Budget(30, 0.5, 20), Level.HARD: Budget(120, 0.9, 24)},
    "xenocard": {Level.NORMAL: Budget(80, 0.5, 12), Level.HARD: Budget(240, 0.9, 16)},
}
#: For a game without its own row.
DEFAULT_BUDGETS: Mapping[Level, Budget] = {Level.NORMAL: Budget(30, 0.5, 20),
                                           Level.HARD: Budget(100, 0.9, 20)}


def budget_for(game: str, level: Level) -> Budget | None:
    """The search budget of ``level`` in ``game`` (None for EASY: no search)."""
    if level is Level.EASY:
        return None
    return BUDGETS.get(game, DEFAULT_BUDGETS)[level]


def view_key(state: GameState, seat: int) -> bytes:
    """A digest of everything ``seat`` sees now (its :func:`view_for` without the
    log), so a decision's generator depends on the position and never on a hidden
    card."""
    view = view_for(state, seat)
    pending = state.pending if state.pending is not None and state.pending.seat == seat \
        else None
    parts = (view.turn, view.active, view.phase, view.step, sorted(view.zones.items()),
             None if pending is None else (pending.kind, pending.options,
                                           pending.min_count, pending.max_count))
    return hashlib.sha256(repr(parts).encode()).digest()


#: Action arguments that name a place on the table, never a card.
_PLACE_ARGS = frozenset({"square", "slot", "target_square", "index"})


def _visible_args(state: GameState, action: Action, seat: int) -> bool:
    """Every card named by ``action``'s arguments is one ``seat`` sees."""
    def ints(value: Any) -> list[int]:
        if isinstance(value, bool):
            return []
        if isinstance(value, int):
            return [value]
        if isinstance(value, tuple):
            return [i for v in value for i in ints(v)]
        return []
    # squares and slots are places, not cards: an int there may equal a card's id
    ids = [i for name, v in action.args if name not in _PLACE_ARGS
           for i in ints(v) if i in state.cards]
    return all(state.visible_to(i, seat) for i in ids)


def action_words(rules: GameRules, state: GameState, action: Action, seat: int,
                 reader: int | None = None, seen: GameState | None = None) -> Message:
    """``action`` told of ``seat`` in the third person, as ``reader`` (default: the
    seat itself) may read it in the state ``seen`` (default: ``state``, the one the
    action is labelled in) ("Player 2 puts Ember Hills into the resource row"): the
    rules' own label (``rules.describe``) recast by the catalogue key
    ``player.does.<label key>`` when every card it names is one the reader sees; else
    the kind's words (``player.does.kind.<game>.<kind>``, else
    ``player.does.kind.any``), which name no card. The seat is named, never "you": the
    announcement is read by the other person, the hint by the acting one."""
    player = seat_msg(seat)
    if _visible_args(seen or state, action, seat if reader is None else reader):
        if action.kind == "decide" and state.pending is not None:
            from tabletop.core.refusals import option_words

            options = [option_words(rules, state, state.pending, str(o))
                       for o in action.get("choice") or ()]
            if len(options) == 1 and has_text(f"player.does.{options[0].key}"):
                # an option that is itself a move ("Play Tidal Shield on Thorn Scout")
                return msg(f"player.does.{options[0].key}", player=player,
                           **dict(options[0].params))
            if options:
                return msg("player.does.choose", player=player,
                           options=msg("player.choice_of", options=tuple(options)))
        words = rules.describe(state, action)
        if words is not None:
            key = f"player.does.{words.key}"
            if has_text(key):
                return msg(key, player=player, **dict(words.params))
            return msg("player.does.move", player=player, move=words)
    key = f"player.does.kind.{rules.game_id}.{action.kind}"
    return msg(key if has_text(key) else "player.does.kind.any", player=player)


def search_reason(rules: GameRules, state: GameState, seat: int, result: SearchResult,
                  reader: int | None = None, seen: GameState | None = None) -> Message:
    """One sentence from the search: who does what, the share of the sampled games
    that began with it and were won, and among how many moves it was the best
    ("Player 2 puts Ember Hills into the resource row: it won 71% of 120 sampled
    games, the best of 4 moves"). ``player.reason.close`` when another move scored
    higher on fewer samples (the bot's prior or the visit count decided), so the
    sentence never claims a best it was not. Cards are named as ``reader`` (default:
    the seat) may read them in ``seen`` (:func:`action_words`)."""
    best = result.best
    what = action_words(rules, state, best.action, seat, reader, seen)
    pct = round(100 * best.value)
    moves = max(len(result.lines), 2)
    key = "player.reason.search"
    if any(line.visits and line.value > best.value for line in result.lines[1:]):
        key = "player.reason.close"
    else:
        lead = _winning_lead(rules, state, seat, result, reader, seen)
        if lead is not None:
            term, other = lead
            return msg("player.reason.lead", what=what, lead=term, other=other, pct=pct,
                       n=best.visits, player=seat_msg(seat))
    if best.visits == 1:
        key += "_one"
    # the seat is named for "Player 1 won 65% of them" (a hint's games are the asking
    # seat's, not the computer's)
    return msg(key, what=what, pct=pct, n=best.visits, moves=moves, player=seat_msg(seat))


#: A lead must move the score by this much (of 0..1) between the chosen move and the
#: next best to be named as the reason; below it the two moves end alike.
MIN_LEAD_SHARE = 0.01


def _winning_lead(rules: GameRules, state: GameState, seat: int, result: SearchResult,
                  reader: int | None = None, seen: GameState | None = None,
                  ) -> tuple[Message, Message] | None:
    """The evaluation term in which the chosen move's sampled games ended furthest
    ahead of the next best move's (:mod:`tabletop.core.evaluation`), told as
    ``player.term.<game>.<name>`` with the difference as ``{amount}``, and the next
    best move's words; None when the game has no terms, there is no other sampled
    move, or no term differs by :data:`MIN_LEAD_SHARE`."""
    best = result.best
    others = [line for line in result.lines[1:] if line.visits >= 2 and line.terms]
    if not best.terms or best.visits < 2 or not others:
        return None
    what = action_words(rules, state, best.action, seat, reader, seen)
    # the next best move told differently (two challenges of different cards may
    # read alike: "the next best move (Player 1 challenges)" would say nothing)
    runner = next((line for line in others
                   if action_words(rules, state, line.action, seat, reader, seen) != what),
                  None)
    if runner is None:
        return None
    gains = [(b.value - r.value, b, r) for b, r in zip(best.terms, runner.terms, strict=True)]
    gain, term, theirs = max(gains, key=lambda g: g[0])
    if gain < MIN_LEAD_SHARE:
        return None
    words = msg(f"player.term.{rules.game_id}.{term.name}", player=seat_msg(seat),
                amount=f"{term.lead - theirs.lead:.1f}")
    return words, action_words(rules, state, runner.action, seat, reader, seen)


class ComputerPlayer:
    """The one :class:`SeatPlayer` of every game and level (see the module docstring)."""

    def __init__(self, level: Level, seed: int, budget: Budget | None = None) -> None:
        self.level = level
        self.seed = seed
        self.budget = budget

    def _rng(self, state: GameState, seat: int) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}/{self.level}/{seat}/".encode()
                                + view_key(state, seat)).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def choose(self, rules: GameRules, state: GameState, seat: int) -> Choice | None:
        """The move of ``seat`` now (see :class:`SeatPlayer`); None when the game is
        over, another seat must act, or ``seat`` has no legal action."""
        if state.game_over or rules.acting_seat(state) != seat:
            return None
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        if len(legal) == 1:
            def forced(reader: int | None = None, seen: GameState | None = None) -> Message:
                return msg("player.reason.forced",
                           what=action_words(rules, state, legal[0], seat, reader, seen))
            return Choice(legal[0], forced(), retell=forced)
        rng = self._rng(state, seat)
        budget = self.budget or budget_for(rules.game_id, self.level)
        if budget is None:
            return self._easy(rules, state, seat, legal, rng)
        result = search(rules, state, seat, legal, budget, rng)

        def told(reader: int | None = None, seen: GameState | None = None) -> Message:
            return search_reason(rules, state, seat, result, reader, seen)
        return Choice(result.action, told(), result, told)

    def _easy(self, rules: GameRules, state: GameState, seat: int, legal: list[Action],
              rng: random.Random) -> Choice:
        world = determinize(rules, state, seat, rng)
        bot = rules.make_bot(rng.getrandbits(32))
        action = bot.choose(_World(rules, world))
        if action not in legal:
            # the sampled world offered a move the real one does not (cannot happen
            # while legal_actions reads only what the seat sees; kept as a guard)
            action = legal[rng.randrange(len(legal))]
        def easy(reader: int | None = None, seen: GameState | None = None) -> Message:
            return msg("player.reason.easy",
                       what=action_words(rules, state, action, seat, reader, seen))
        return Choice(action, easy(), retell=easy)


class _World:
    """A sampled world as a bot reads a game (``rules`` and ``state``)."""

    def __init__(self, rules: GameRules, state: GameState) -> None:
        self.rules = rules
        self.state = state


def make_player(rules: GameRules, level: Level, seed: int,
                budget: Budget | None = None) -> SeatPlayer:
    """The computer player of ``level`` for ``rules``' game, seeded with ``seed``.
    ``budget`` overrides the level's search budget (tests, benchmarks)."""
    return ComputerPlayer(Level(level), seed, budget)
