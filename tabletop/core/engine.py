"""A game in progress: the rules, the set-up, the action history, undo and redo.

:class:`Game` is the one door through which the UI, bots, scenarios and saves
change a game. It adds what every game shares: free mode (ALL-R3), manual
moves, undo/redo and change listeners (autosave).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.core.actions import Action, Verdict
from tabletop.core.messages import msg, zone_msg
from tabletop.core.model import GameState
from tabletop.core.rules import GameRules, GameSetup

#: Actions every game understands, handled here rather than by a game's rules.
GENERIC_KINDS = frozenset({"set_free_mode", "manual_move", "manual_tap", "manual_flip"})


@dataclass(frozen=True)
class HistoryEntry:
    """One applied action with what undo needs to know about it.

    ``turn`` is the turn number when it was applied. ``reveals`` is True when
    the action showed a seat a card it had no right to see before and that
    nobody else could see either (a milled or revealed deck card): such an
    action is an undo barrier, so undo never hands back hidden knowledge (ALL-H1).
    """

    action: Action
    turn: int
    reveals: bool


def _seen(state: GameState) -> dict[int, frozenset[int]]:
    seats = range(state.seats)
    return {
        iid: frozenset(s for s in seats if state.visible_to(iid, s)) for iid in state.cards
    }


def _reveals(state: GameState, before: dict[int, frozenset[int]]) -> bool:
    for iid, seen_before in before.items():
        owner = state.cards[iid].owner
        if owner in seen_before:
            continue  # its owner knew it: showing it to others now reveals nothing hidden
        for seat in range(state.seats):
            if seat not in seen_before and state.visible_to(iid, seat) and seat != owner:
                return True
    return False


class Game:
    """A game: ``rules`` + ``setup`` + the list of applied actions.

    The state is always ``rules.new_game(setup)`` followed by the history, so
    a save (set-up + actions) replays to exactly the same state (ALL-R1).
    """

    def __init__(self, rules: GameRules, setup: GameSetup, track_reveals: bool = True) -> None:
        self.rules = rules
        self.setup = setup
        self.state: GameState = rules.new_game(setup)
        self.history: list[HistoryEntry] = []
        self.redo_stack: list[Action] = []
        self.track_reveals = track_reveals
        self.listeners: list[Callable[[Game], None]] = []

    # -- proposing ----------------------------------------------------------
    def check(self, action: Action) -> Verdict:
        """The verdict on ``action`` now, without applying it."""
        if action.kind in GENERIC_KINDS:
            return self._check_generic(action)
        if self.state.game_over:
            return Verdict.refuse("game_over")
        return self.rules.check(self.state, action)

    def propose(self, action: Action) -> Verdict:
        """Apply ``action`` if legal; a refusal changes nothing. Returns the verdict."""
        verdict = self.check(action)
        if not verdict.ok:
            return verdict
        self._apply(action)
        self.redo_stack.clear()
        self._changed()
        return verdict

    def _apply(self, action: Action) -> None:
        before = _seen(self.state) if self.track_reveals else None
        turn = self.state.turn
        if action.kind in GENERIC_KINDS:
            self._apply_generic(action)
        else:
            self.rules.apply(self.state, action)
        reveals = before is not None and _reveals(self.state, before)
        self.history.append(HistoryEntry(action, turn, reveals))

    @property
    def actions(self) -> list[Action]:
        """The applied actions, oldest first."""
        return [h.action for h in self.history]

    # -- generic actions (ALL-R3) ---------------------------------------------
    def _check_generic(self, action: Action) -> Verdict:
        state = self.state
        if action.kind == "set_free_mode":
            return Verdict.legal()
        if not state.free_mode:
            return Verdict.refuse("manual_needs_free_mode", "ALL-R3")
        iid = action.get("card")
        if iid not in state.cards:
            return Verdict.refuse("no_such_card")
        if action.kind == "manual_move" and action.get("zone") not in state.zones:
            return Verdict.refuse("no_such_zone")
        return Verdict.legal()

    def _apply_generic(self, action: Action) -> None:
        state = self.state
        seat = action.seat
        if action.kind == "set_free_mode":
            state.free_mode = bool(action.get("on"))
            key = "log.free_mode_on" if state.free_mode else "log.free_mode_off"
            state.add_log(msg(key, player=msg(f"seat.{seat}")))
            return
        iid = int(action.get("card"))
        card = state.cards[iid]
        name = msg(f"card.{card.card_id}")
        if action.kind == "manual_move":
            src = state.zone_of(iid)
            zone = str(action.get("zone"))
            state.move(iid, zone)
            hidden = msg("log.manual_move_hidden", player=msg(f"seat.{seat}"),
                         src=zone_msg(src), dest=zone_msg(zone))
            shown = msg("log.manual_move", player=msg(f"seat.{seat}"), card=name,
                        src=zone_msg(src), dest=zone_msg(zone))
            private = {s: shown for s in range(state.seats) if state.visible_to(iid, s)}
            public = shown if state.visible_to(iid, None) else hidden
            state.add_log(public, private, manual=True)
        elif action.kind == "manual_tap":
            card.tapped = not card.tapped
            state.add_log(msg("log.manual_tap", player=msg(f"seat.{seat}"), card=name),
                          manual=True)
        elif action.kind == "manual_flip":
            card.face_up = not card.face_up
            state.add_log(msg("log.manual_flip", player=msg(f"seat.{seat}")), manual=True)

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

        The state is replayed from the set-up, so an undone draw puts the same
        card back on top of the deck.
        """
        if not self.can_undo(seat):
            return Verdict.refuse("cannot_undo")
        entry = self.history.pop()
        self.redo_stack.append(entry.action)
        self._replay([h.action for h in self.history])
        self._changed()
        return Verdict.legal()

    def can_redo(self, seat: int) -> bool:
        """Is there an undone action of ``seat`` to apply again?"""
        return bool(self.redo_stack) and self.redo_stack[-1].seat == seat

    def redo(self, seat: int) -> Verdict:
        """Apply the last undone action again (replays give the same result)."""
        if not self.can_redo(seat):
            return Verdict.refuse("cannot_redo")
        action = self.redo_stack.pop()
        verdict = self.check(action)
        if verdict.ok:
            self._apply(action)
            self._changed()
        return verdict

    def _replay(self, actions: list[Action]) -> None:
        self.state = self.rules.new_game(self.setup)
        self.history = []
        for action in actions:
            self._apply(action)

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
    """A game with ``actions`` applied one by one, each checked.

    Raises ReplayError at the first refused action.
    """
    game = Game(rules, setup)
    for index, action in enumerate(actions):
        verdict = game.check(action)
        if not verdict.ok:
            raise ReplayError(index, action, verdict)
        game._apply(action)
    return game
