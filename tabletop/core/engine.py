"""A game in progress: the rules, the set-up, the action history, undo and redo.

:class:`Game` is the one door through which the UI, bots, scenarios and saves
change a game. It adds what every game shares: free mode (ALL-R3), manual
moves, undo/redo and change listeners (autosave).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.core import free_mode
from tabletop.core.actions import LEGAL, Action, Verdict
from tabletop.core.checkpoints import Checkpoints
from tabletop.core.dispatch import Prepared
from tabletop.core.messages import Message, msg
from tabletop.core.model import EndCause, GameState
from tabletop.core.rules import GameRules, GameSetup
from tabletop.core.view import resolve

#: Actions every game understands, handled here rather than by a game's rules: free
#: mode's acts (:mod:`tabletop.core.free_mode`, ALL-R3) and resigning (ALL-H4).
GENERIC_KINDS = free_mode.FREE_KINDS | {"resign"}


#: Action arguments that name one card instance (or a view's handle of a hidden one).
_CARD_ARGS = ("card", "onto", "target", "weapon", "foe")
_CARD_ARG_NAMES = frozenset(_CARD_ARGS)

#: The message that stands for a card the reader may not see (ALL-R2).
HIDDEN_CARD = msg("core.hidden_card")
#: A finished game refuses everything, and says where to go from there.
GAME_OVER = Verdict(False, "game_over", msg("refusal.common.game_over",
                                            instead=msg("refusal.common.to_menu")))


@dataclass(frozen=True)
class HistoryEntry:
    """One applied action with what undo needs to know about it.

    ``turn`` is the turn number when it was applied. ``reveals`` is True when
    the action let a seat see a card it could not see before, except a player
    showing cards they already knew by their own action (a card played from
    their hand): a drawn card, a milled or revealed deck card, a mulligan's new
    hand, the other seat's face-down card turned up. Such an action is an undo
    barrier for everyone, so undo never hands anyone hidden knowledge (ALL-H1).
    ``drew`` holds the seats it showed a card of their own they did not know (a
    draw, a mulligan's new hand), whoever acted: the other seat's end of turn
    that starts this seat's turn with a draw is this seat's draw too (the undo
    refusal says so).
    """

    action: Action
    turn: int
    reveals: bool
    drew: frozenset[int] = frozenset()


def resigned_seat(state: GameState) -> int | None:
    """The seat that resigned the game (action kind ``resign``, ALL-H4), or None.

    Every game's ``end_cause`` then reports ``"resign"`` (``state.outcome``).
    """
    outcome = state.outcome
    if outcome is None or outcome.cause is not EndCause.RESIGN or outcome.winner is None:
        return None
    return state.other(outcome.winner)


def _reveals(state: GameState, before: dict[int, tuple[str, bool, frozenset[int]]],
             actor: int) -> bool:
    """Did the last action show a seat a card it could not see before? (ALL-H1)

    ``before`` holds, for every card the action touched, its zone, face and private
    knowledge before it (``GameState.end_changes``): a card it did not touch is seen
    by the same seats as before. The one exception: the actor showing others a card
    of their own that they already saw (playing a card from their hand) gives away
    only the actor's own knowledge, and taking it back gains nobody anything.
    """
    for iid, (zone, face_up, known_to) in before.items():
        seen_before = state.seen_in(zone, face_up, known_to)
        newly = state.seen_by(iid) - seen_before
        if not newly:
            continue
        owner = state.cards[iid].owner
        if not (actor == owner and owner in seen_before):
            return True
    return False


def _drew(state: GameState, before: dict[int, tuple[str, bool, frozenset[int]]]
          ) -> frozenset[int]:
    """The seats the last action showed a card of their own they had not seen (a draw,
    a mulligan's new hand; see :attr:`HistoryEntry.drew`)."""
    seats: set[int] = set()
    for iid, (zone, face_up, known_to) in before.items():
        owner = state.cards[iid].owner
        if owner in state.seen_by(iid) and owner not in state.seen_in(zone, face_up, known_to):
            seats.add(owner)
    return frozenset(seats)


def _card_refs(state: GameState, action: Action) -> list[int]:
    """The card instances an action names (single-card arguments and ``cards`` lists)."""
    refs: list[int] = []
    for name in _CARD_ARGS:
        value = action.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value in state.cards:
            refs.append(value)
    many = action.get("cards")
    if isinstance(many, tuple):
        refs.extend(v for v in many if isinstance(v, int) and v in state.cards)
    return refs


def _scrub(message: Message | None, hidden_ids: set[str]) -> Message | None:
    """``message`` with every name of a card in ``hidden_ids`` replaced by "a hidden card"."""
    if message is None or not hidden_ids:
        return message

    def clean(value: object) -> object:
        if isinstance(value, Message):
            if value.key.startswith("card.") and value.key[5:] in hidden_ids:
                return HIDDEN_CARD
            return _scrub(value, hidden_ids)
        if isinstance(value, tuple):
            return tuple(clean(v) for v in value)
        return value

    return Message(message.key, tuple((k, clean(v)) for k, v in message.params))


#: How many actions before the end of a replay its state is first copied.
REPLAY_BASES = 48
#: An undo that plays actions again from a kept state keeps every this-many-th state.
REBUILD_STEP = 8


class Game:
    """A game: ``rules`` + ``setup`` + the list of applied actions.

    The state is always ``rules.new_game(setup)`` followed by the history, so
    a save (set-up + actions) replays to exactly the same state (ALL-R1).

    Undo costs nothing like the game's length: before each action the state is
    copied into :class:`~tabletop.core.checkpoints.Checkpoints`, dropped at every undo
    barrier (ALL-H1), and an undo takes the copy back. A game that does not track
    reveals (``track_reveals=False``: self-play) copies the state only at each turn's
    start, :func:`replay` only near its end; an undo then plays the few actions from
    the nearest copy (:meth:`_rebuild`).
    ``track_reveals=False`` also marks no action as revealing (every action of the
    turn can be undone): for bots, never for players.
    """

    def __init__(self, rules: GameRules, setup: GameSetup, track_reveals: bool = True) -> None:
        self.rules = rules
        self.setup = setup
        self.state: GameState = rules.new_game(setup)
        self.history: list[HistoryEntry] = []
        self.redo_stack: list[Action] = []
        self.track_reveals = track_reveals
        self.listeners: list[Callable[[Game], None]] = []
        self.checkpoints = Checkpoints(self.history)
        # copy the state before every action (else only at each turn's start, from
        # history length _bases_from on)
        self._every_action = track_reveals
        self._bases_from = 0

    def _checkpoints(self) -> Checkpoints:
        """This game's checkpoints; fresh ones (nothing kept: undo replays) when they
        belong to another history list (a copy of this game given a list of its own)."""
        if not self.checkpoints.belongs_to(self.history):
            self.checkpoints = Checkpoints(self.history)
        return self.checkpoints

    # -- proposing ----------------------------------------------------------
    def resolve(self, iid: int) -> int:
        """The instance id behind a view's card id (a hidden card's handle, see
        :func:`tabletop.core.view.handle`); a real id or an unknown one as is."""
        real = resolve(self.state, iid)
        return iid if real is None else real

    def _resolved(self, action: Action) -> Action:
        """``action`` with view handles of hidden cards replaced by instance ids."""
        changed = {name: self.resolve(value) for name, value in action.args
                   if name in _CARD_ARG_NAMES and isinstance(value, int)
                   and not isinstance(value, bool) and value < 0}
        if not changed:
            return action
        args = {k: v for k, v in action.to_json()["args"].items()}
        args.update(changed)
        return Action.make(action.kind, action.seat, **args)

    def check(self, action: Action) -> Verdict:
        """The verdict on ``action`` now, without applying it.

        A refusal never names a card the proposing seat cannot see: its name
        reads "a hidden card" (ALL-R2).
        """
        return self._judge(self._resolved(action))[0]

    def _judge(self, action: Action) -> tuple[Verdict, Prepared[Any] | None]:
        """The verdict on a resolved ``action`` and, when a game's rules found it legal,
        what they prepared to carry it out with (so applying checks nothing again)."""
        prepared: Prepared[Any] | None = None
        if action.kind in free_mode.FREE_KINDS:  # ALL-R3
            answer = free_mode.prepare(self.rules, self.state, action)
            verdict, prepared = (answer, None) if isinstance(answer, Verdict) else (LEGAL, answer)
        elif action.kind in GENERIC_KINDS:
            verdict = self._check_generic(action)
        elif self.state.game_over:
            verdict = GAME_OVER
        else:
            answer = self.rules.prepare(self.state, action)
            if isinstance(answer, Verdict):
                verdict = answer
            else:
                verdict, prepared = LEGAL, answer
        if verdict.ok:
            return verdict, prepared
        return self._for_seat(verdict, action.seat, _card_refs(self.state, action)), prepared

    def _for_seat(self, verdict: Verdict, seat: int, cards: list[int]) -> Verdict:
        """``verdict`` as ``seat`` may read it: names of ``cards`` it cannot see scrubbed."""
        if verdict.ok:
            return verdict
        hidden = {self.state.cards[i].card_id for i in cards
                  if i in self.state.cards and not self.state.visible_to(i, seat)}
        if not hidden:
            return verdict
        return Verdict(False, verdict.reason, _scrub(verdict.message, hidden), verdict.rule)

    def interpret_drop(self, seat: int, iid: int, zone_id: str,
                       onto: int | None = None) -> Action | Verdict:
        """The rules' meaning of a drop (:meth:`GameRules.interpret_drop`) for view ids:
        handles of hidden cards resolved, a refusal never naming a card ``seat`` cannot
        see (ALL-R2)."""
        card = self.resolve(iid)
        target = None if onto is None else self.resolve(onto)
        answer = self.rules.interpret_drop(self.state, seat, card, zone_id, target)
        if isinstance(answer, Action):
            return answer
        refs = [card] if target is None else [card, target]
        return self._for_seat(answer, seat, refs)

    def propose(self, action: Action) -> Verdict:
        """Apply ``action`` if legal; a refusal changes nothing. Returns the verdict."""
        action = self._resolved(action)
        verdict, prepared = self._judge(action)
        if not verdict.ok:
            return verdict
        self._apply(action, prepared)
        self.redo_stack.clear()
        self._changed()
        return verdict

    def _apply(self, action: Action, prepared: Prepared[Any] | None = None) -> None:
        state = self.state
        index = len(self.history)
        kept = state.clone() if self._every_action else None
        turn = state.turn
        if self.track_reveals:
            state.begin_changes()
        try:
            self._carry_out(state, action, prepared)
        finally:
            before = state.end_changes() if self.track_reveals else None
        reveals = before is not None and _reveals(state, before, action.seat)
        drew = _drew(state, before) if before is not None and reveals else frozenset()
        entry = HistoryEntry(action, turn, reveals, drew)
        self.history.append(entry)
        checkpoints = self._checkpoints()
        turned = state.turn != turn
        if reveals or turned or state.game_over:  # an undo barrier (see can_undo)
            checkpoints.barrier(index + 1, keep_base=kept is None)
        elif kept is not None:
            checkpoints.add(index, kept)
        length = index + 1
        if kept is None and not state.game_over and length >= self._bases_from \
                and (turned or length == self._bases_from):
            checkpoints.set_base(length, state.clone())

    def _carry_out(self, state: GameState, action: Action,
                   prepared: Prepared[Any] | None = None) -> None:
        """Change ``state`` by a legal ``action`` (``prepared`` by the rules' check of this
        very state, or None: the rules prepare it again)."""
        if action.kind in free_mode.FREE_KINDS:
            free_mode.carry_out(self.rules, state, action, prepared)
        elif action.kind in GENERIC_KINDS:
            self._apply_generic(state, action)
        else:  # checked once, in _judge (None when replaying: apply prepares it)
            self.rules.apply(state, action, prepared)
        free_mode.expire(state, self.rules.game_id)  # with the turn (ALL-H7)

    @property
    def actions(self) -> list[Action]:
        """The applied actions, oldest first."""
        return [h.action for h in self.history]

    # -- resigning (ALL-H4; free mode's acts: tabletop.core.free_mode) ------------------
    def _check_generic(self, action: Action) -> Verdict:
        state = self.state
        if state.game_over:  # any seat, any moment, free mode or not (ALL-H4)
            return GAME_OVER
        if action.seat not in range(state.seats):
            return Verdict.refuse("resign_no_such_seat", "ALL-H4")
        return Verdict.legal()

    @staticmethod
    def _apply_generic(state: GameState, action: Action) -> None:
        seat = action.seat
        winner = state.other(seat)
        # a question left open must not keep asking anyone once the game is decided
        state.pending = None
        state.add_log(msg("log.resigned", player=msg(f"seat.{seat}"), winner=msg(f"seat.{winner}")))
        state.end_game(winner, EndCause.RESIGN)

    # -- undo / redo ------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """May ``seat`` take back the last action? (ALL-H1)

        Only its own action, only within the current turn, never one that
        revealed hidden cards (see :class:`HistoryEntry`), and not once the game
        has a result (the result stands, like a finished game on a real table).
        """
        if not self.history or self.state.game_over:
            return False
        last = self.history[-1]
        return (
            last.action.seat == seat
            and last.turn == self.state.turn
            and not last.reveals
        )

    def undo(self, seat: int) -> Verdict:
        """Take back the last action of ``seat`` (ALL-H1; see :meth:`can_undo`).

        The state becomes exactly the one before that action, as a replay from the
        set-up would give it (taken from the checkpoints, or rebuilt from the nearest
        kept state before it), so an undone draw puts the same card back on top of
        the deck.
        """
        if not self.can_undo(seat):
            return Verdict.refuse("cannot_undo")
        index = len(self.history) - 1
        checkpoints = self._checkpoints()
        state = checkpoints.take(index)
        if state is None:
            state = self._rebuild(checkpoints, index)
        entry = self.history.pop()
        self.redo_stack.append(entry.action)
        self.state = state
        self._changed()
        return Verdict.legal()

    def _rebuild(self, checkpoints: Checkpoints, index: int) -> GameState:
        """The state after the first ``index`` actions: the nearest kept state before it
        (or the set-up) with the actions in between played again; every
        :data:`REBUILD_STEP`-th state on the way that undo may still reach is kept, so
        the next undos play at most that many actions again."""
        found = checkpoints.nearest(index)
        start, state = (0, self.rules.new_game(self.setup)) if found is None \
            else (found[0], found[1].clone())
        for i in range(start, index):
            if i > start and i >= checkpoints.start and (i - start) % REBUILD_STEP == 0 \
                    and self._every_action:
                checkpoints.add(i, state.clone())
            self._carry_out(state, self.history[i].action)
        return state

    def can_redo(self, seat: int) -> bool:
        """Is there an undone action of ``seat`` to apply again?"""
        return bool(self.redo_stack) and self.redo_stack[-1].seat == seat

    def redo(self, seat: int) -> Verdict:
        """Apply the last undone action again (replays give the same result)."""
        if not self.can_redo(seat):
            return Verdict.refuse("cannot_redo")
        action = self.redo_stack.pop()
        verdict, prepared = self._judge(action)
        if verdict.ok:
            self._apply(action, prepared)
            self._changed()
        return verdict

    # -- listeners -----------------------------------------------------------------
    def _changed(self) -> None:
        for listener in self.listeners:
            listener(self)


class ReplayError(ValueError):
    """A list of actions does not replay: action ``index`` was refused."""

    def __init__(self, index: int, action: Action, verdict: Verdict) -> None:
        self.index, self.action, self.verdict = index, action, verdict
        super().__init__(
            f"action {index + 1} ({action.kind} by player {action.seat + 1}) "
            f"was refused: {verdict.reason}"
        )




def replay(rules: GameRules, setup: GameSetup, actions: list[Action]) -> Game:
    """A game with ``actions`` applied one by one, each checked (loading a save).

    Raises ReplayError at the first refused action. On the way the state is copied
    only near the end: :data:`REPLAY_BASES` actions before it and at each turn's
    start after that, so the first undo plays at most that many actions again (see
    :class:`Game`); from there on, before every action.
    """
    game = Game(rules, setup)
    game._every_action = False
    game._bases_from = max(0, len(actions) - REPLAY_BASES)
    try:
        for index, action in enumerate(actions):
            verdict, prepared = game._judge(game._resolved(action))
            if not verdict.ok:
                raise ReplayError(index, action, verdict)
            game._apply(action, prepared)
    finally:
        game._every_action = game.track_reveals
    return game
