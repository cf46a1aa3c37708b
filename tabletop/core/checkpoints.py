"""The states undo returns to, kept so that an undo never replays the game (ALL-H1).

Undo takes back only the trailing actions of the current turn that showed nobody a
card (``Game.can_undo``): the *undo run*. An action that showed a card, changed the
turn or ended the game is a barrier: nothing before it can be undone again, so the
states worth keeping are the states before the actions of the current run, and they
are dropped at every barrier (memory stays bounded by the run, not the game).

A :class:`Checkpoints` holds, by history index ``i`` (the state after ``i`` actions,
i.e. before action ``i``), copies of some of those states: the newest :data:`DENSE`
one per action, older ones of a long run thinned to at most :data:`SPARSE`, evenly
spaced. Undo to a kept index takes that state as it is; to another one it copies the
nearest kept state before it and plays the few actions in between (the ``base``, a
state at or before the run's start, serves when no state of the run is kept, e.g.
after a save was loaded). Every state here is a private copy, never the live one.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.model import GameState

__all__ = ["DENSE", "SPARSE", "Checkpoints"]

#: The newest states of a run kept one per action (undo to them costs no replay).
DENSE = 32
#: At most this many older states of a long run, evenly spaced (the spacing doubles).
SPARSE = 32


class Checkpoints:
    """The kept states of one game's history (see the module docstring).

    ``owner`` is the history list they belong to: a copy of a game that was given a
    history list of its own (a lesson's trial move) sees that the checkpoints are not
    its own and starts its own (``belongs_to``). ``start`` is the history index of the
    current undo run's first action.
    """

    def __init__(self, owner: Sequence[object], start: int = 0) -> None:
        self.owner = owner
        self.start = start
        self._points: dict[int, GameState] = {}
        self._spacing = 1
        self._base: tuple[int, GameState] | None = None

    def belongs_to(self, history: Sequence[object]) -> bool:
        """Are these the checkpoints of ``history`` (the very list)?"""
        return self.owner is history

    def __len__(self) -> int:
        """How many states are kept (the base included)."""
        return len(self._points) + (self._base is not None)

    def indices(self) -> list[int]:
        """The history indices of the kept states of the run, oldest first."""
        return sorted(self._points)

    def barrier(self, index: int, keep_base: bool = False) -> None:
        """The run starts anew at history index ``index``: its kept states go, and the
        base too unless ``keep_base`` (it stays a valid start for rebuilding a later
        state, since the history before ``index`` never changes again)."""
        self.start = index
        self._points.clear()
        self._spacing = 1
        if not keep_base:
            self._base = None

    def set_base(self, index: int, state: GameState) -> None:
        """Keep ``state`` (a private copy: the state after ``index`` actions) as the
        start for rebuilding any later state of the run."""
        self._base = (index, state)

    def add(self, index: int, state: GameState) -> None:
        """Keep ``state`` (a private copy), the state after ``index`` actions; ignored
        before the run's start. Thins the older states of a long run."""
        if index < self.start:
            return
        self._points[index] = state
        if len(self._points) > DENSE + SPARSE + 1:
            self._thin(index)

    def _thin(self, newest: int) -> None:
        def kept(i: int) -> bool:
            return i == self.start or i > newest - DENSE or (i - self.start) % self._spacing == 0

        while True:
            older = [i for i in self._points if i <= newest - DENSE and kept(i)]
            if len(older) <= SPARSE:
                break
            self._spacing *= 2
        self._points = {i: s for i, s in self._points.items() if kept(i)}

    def take(self, index: int) -> GameState | None:
        """The kept state after ``index`` actions, taken out to become the live state
        (None when it is not kept); every kept state after it is dropped too (those
        actions are being undone)."""
        for i in [i for i in self._points if i > index]:
            del self._points[i]
        return self._points.pop(index, None)

    def nearest(self, index: int) -> tuple[int, GameState] | None:
        """The kept state (the base included) with the highest index <= ``index``, as
        ``(index, state)``, still kept: copy it before playing on it. None if none."""
        best = max((i for i in self._points if i <= index), default=None)
        base = self._base
        if base is not None and base[0] <= index and (best is None or base[0] > best):
            return base
        return None if best is None else (best, self._points[best])
