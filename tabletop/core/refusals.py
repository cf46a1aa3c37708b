"""The refusals every turn-based game's ``check`` makes alike, before its own rules.

A game names its reason codes once in :class:`CommonRefusals` (its own codes and
catalogue texts, ``refusal.<code>``); :func:`check_turn` and
:func:`check_choice` give the same answers in every game that uses them.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import astuple, dataclass

from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.messages import seat_msg
from tabletop.core.model import GameState


@dataclass(frozen=True)
class CommonRefusals:
    """A game's reason codes for the common refusals (e.g. ``"arc.game_over"``)."""

    game_over: str
    unknown_action: str
    decision_pending: str
    no_decision: str
    not_your_turn: str
    bad_choice: str
    choice_count: str

    def codes(self) -> tuple[str, ...]:
        """Every code, for catalogue checks."""
        return astuple(self)


def check_turn(state: GameState, action: Action, kinds: Container[str],
               codes: CommonRefusals) -> Verdict | None:
    """Refuse an action in a finished game, of an unknown kind, or out of turn.

    Out of turn: anything but the pending decision's seat answering it with
    ``decide``; ``decide`` with nothing pending; an action of a seat other than
    the active one. Returns the refusal, or None: then the action is either a
    ``decide`` answering ``state.pending`` (the game checks the choice) or, with
    nothing pending, an action of the active seat. Never raises.
    """
    if state.game_over:
        return Verdict.refuse(codes.game_over)
    if action.kind not in kinds:
        return Verdict.refuse(codes.unknown_action, "", kind=action.kind)
    pending = state.pending
    if pending is not None:
        if action.kind != "decide" or action.seat != pending.seat:
            return Verdict.refuse(codes.decision_pending, "", player=seat_msg(pending.seat))
        return None
    if action.kind == "decide":
        return Verdict.refuse(codes.no_decision)
    if action.seat != state.active:
        return Verdict.refuse(codes.not_your_turn, "", player=seat_msg(state.active))
    return None


def string_choice(action: Action) -> list[str] | None:
    """The ``choice`` argument as a list of strings; None unless a list/tuple of strings."""
    raw = action.get("choice")
    if not isinstance(raw, list | tuple) or not all(isinstance(c, str) for c in raw):
        return None
    return list(raw)


def check_choice(pending: Decision, action: Action, choice: list[str] | None,
                 codes: CommonRefusals) -> Verdict | None:
    """Refuse a ``decide`` whose parsed ``choice`` is malformed (None) or has too few/many options.

    Returns the refusal, or None when the count fits ``pending``'s bounds
    (whether each option is offered is the game's check). Never raises.
    """
    if choice is None:
        return Verdict.refuse(codes.bad_choice, "", choice=str(action.get("choice")))
    if not pending.min_count <= len(choice) <= pending.max_count:
        return Verdict.refuse(codes.choice_count, "", min=pending.min_count,
                              max=pending.max_count)
    return None
