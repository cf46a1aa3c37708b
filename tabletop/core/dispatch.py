"""One shape for every game's rules: an action kind is a :class:`Handler`.

A handler parses and checks an action's arguments **once**, into a typed value
(:meth:`Handler.prepare`), and carries the action out with that value
(:meth:`Handler.carry_out`), so applying never checks again and never re-parses
arguments typed ``object``. :class:`~tabletop.core.rules.GameRules` runs the
refusals every game shares first (game over, unknown kind, out of turn, with the
acting seat from ``acting_seat``), then the kind's handler; a game is its set-up
plus a table of handlers (the pattern of ``core/engine.py``).

Modelled on pokerkit's ``State``, where every change is one typed operation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tabletop.core.actions import Action, Verdict
from tabletop.core.model import GameState

__all__ = ["Handler", "Handlers", "Prepared", "no_args"]

P = TypeVar("P")


@dataclass(frozen=True)
class Prepared(Generic[P]):
    """An action found legal, with its arguments parsed and checked into ``value``
    (what :meth:`Handler.carry_out` receives), ready to be carried out as it is."""

    action: Action
    value: P


@dataclass(frozen=True)
class Handler(Generic[P]):
    """One action kind of a game.

    ``prepare(state, action)`` returns the typed, checked arguments, or the refusal
    (a :class:`Verdict` that is not ok); it never changes ``state``.
    ``carry_out(state, action, value)`` changes ``state`` with the value ``prepare``
    returned for this very state and action; it never checks again.
    """

    prepare: Callable[[GameState, Action], P | Verdict]
    carry_out: Callable[[GameState, Action, P], None]


#: Action kind -> its handler (each game's table; ``decide`` answers a pending decision).
Handlers = Mapping[str, Handler[Any]]


def no_args(state: GameState, action: Action) -> None:
    """``prepare`` of a kind that takes no arguments and whose checks are the common
    ones only (``next_phase``, ``end_turn``...)."""
    return None
