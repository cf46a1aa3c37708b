"""What one seat may know: the state projected for a viewer (ALL-R2).

The window draws only from a :class:`TableView`, never from the raw state, so
a hidden card's id, name or numbers cannot leak into a picture, a preview,
a tooltip or the log.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from tabletop.core.free_mode import modifiers
from tabletop.core.messages import Message
from tabletop.core.model import GameState, LogEntry

#: Room for this many cards per zone in a hidden card's handle (see :func:`handle`).
_HANDLE_ZONE_SPAN = 100_000


def handle(zone_index: int, position: int) -> int:
    """The stand-in id of a hidden card: where it lies, not which card it is (ALL-R2).

    ``zone_index`` is the zone's place in ``GameState.zones`` (set-up order) and
    ``position`` its place in the zone, bottom = 0. Handles are negative, so they
    never collide with instance ids (which are positive). A handle names a place
    the viewer can see (the third card of a hand, the top of a deck), so it tells
    nothing a shuffle, a mulligan or a hand re-ordering hides.
    """
    return -(zone_index * _HANDLE_ZONE_SPAN + position + 1)


def resolve(state: GameState, iid: int) -> int | None:
    """The instance id behind ``iid``: itself when it is a real id, the card lying at
    a handle's place (see :func:`handle`) when it is a handle; None when there is
    no such card. For the table's hands, never for a player's eyes."""
    if iid >= 0:
        return iid if iid in state.cards else None
    zone_index, position = divmod(-iid - 1, _HANDLE_ZONE_SPAN)
    zone_ids = list(state.zones)
    if zone_index >= len(zone_ids):
        return None
    cards = state.zones[zone_ids[zone_index]].cards
    return cards[position] if position < len(cards) else None


def view_id(state: GameState, viewer: int | None, iid: int) -> int:
    """The id instance ``iid`` has in ``viewer``'s view: itself when the viewer sees
    it, else the :func:`handle` of its place."""
    if state.visible_to(iid, viewer):
        return iid
    zone_id = state.zone_of(iid)
    return handle(list(state.zones).index(zone_id), state.zones[zone_id].cards.index(iid))


@dataclass(frozen=True)
class CardView:
    """A card as the viewer sees it. ``card_id`` is None when its face is hidden.

    ``iid`` is the instance id of a card the viewer sees, and a :func:`handle`
    (negative, naming only its place) of a hidden one, so a hidden card has no
    identity a seat could follow through a shuffle (ALL-R2).
    """

    iid: int
    card_id: str | None
    owner: int
    tapped: bool
    counters: tuple[tuple[str, int], ...]
    face_up: bool

    @property
    def hidden(self) -> bool:
        """True when the viewer sees only the back."""
        return self.card_id is None


class SeatLog(Sequence[Message]):
    """The log lines one seat may read, oldest first: the line of each of ``entries``
    (a state's log as it is when the view is made; entries are never changed once
    written) for ``viewer`` (:meth:`LogEntry.for_seat`, ALL-R2), looked up when read.
    Made in O(1), so a view of a long game costs no more than one of a short game
    (issue 14); reads, compares and slices (to a tuple) like the tuple it stands for."""

    __slots__ = ("_entries", "_viewer", "_n")

    def __init__(self, entries: Sequence[LogEntry], viewer: int | None) -> None:
        self._entries = entries
        self._viewer = viewer
        self._n = len(entries)  # later lines are not this view's

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Message: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Message, ...]: ...

    def __getitem__(self, index: int | slice) -> Message | tuple[Message, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._n)))
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError(index)
        return self._entries[index].for_seat(self._viewer)

    def __iter__(self) -> Iterator[Message]:
        viewer = self._viewer
        return (self._entries[i].for_seat(viewer) for i in range(self._n))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SeatLog, tuple, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other,
                                                                          strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by content, like its tuple

    def __repr__(self) -> str:
        return f"SeatLog({tuple(self)!r})"


@dataclass(frozen=True)
class TableView:
    """The viewer's picture of the game.

    ``zones`` maps zone id -> cards bottom to top; ``log`` holds the log lines
    the viewer may read, oldest first (a :class:`SeatLog`).
    """

    viewer: int | None
    zones: dict[str, tuple[CardView, ...]]
    log: Sequence[Message]
    turn: int
    active: int
    phase: str
    step: str
    winner: int | None
    result: str
    free_mode: bool
    #: Numbers changed by hand until the end of the turn (free mode, ALL-H7), as
    #: (view id, number's name, change): public, like the log line that made them.
    modifiers: tuple[tuple[int, str, int], ...] = ()

    def find(self, iid: int) -> tuple[str, CardView] | None:
        """The zone id and view of an instance, or None."""
        for zid, cards in self.zones.items():
            for card in cards:
                if card.iid == iid:
                    return zid, card
        return None


def view_for(state: GameState, viewer: int | None) -> TableView:
    """Project ``state`` for ``viewer`` (a seat, or None for a spectator)."""
    zones: dict[str, tuple[CardView, ...]] = {}
    for index, (zid, zone) in enumerate(state.zones.items()):
        cards = []
        for position, iid in enumerate(zone.cards):
            inst = state.cards[iid]
            if state.visible_to(iid, viewer):
                cards.append(CardView(iid, inst.card_id, inst.owner, inst.tapped,
                                      tuple(sorted(inst.counters.items())), inst.face_up))
            else:
                cards.append(CardView(handle(index, position), None, inst.owner, inst.tapped,
                                      tuple(sorted(inst.counters.items())), inst.face_up))
        zones[zid] = tuple(cards)
    return TableView(
        viewer,
        zones,
        SeatLog(state.log, viewer),
        state.turn,
        state.active,
        state.phase,
        state.step,
        state.winner,
        state.result,
        state.free_mode,
        _modifiers(state, viewer),
    )


def _modifiers(state: GameState, viewer: int | None) -> tuple[tuple[int, str, int], ...]:
    """The free-mode modifiers (:mod:`tabletop.core.free_mode`) by the viewer's card ids."""
    return tuple((view_id(state, viewer, m.iid), m.stat, m.delta) for m in modifiers(state))
