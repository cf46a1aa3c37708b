"""What one seat may know: the state projected for a viewer (ALL-R2).

The window draws only from a :class:`TableView`, never from the raw state, so
a hidden card's id, name or numbers cannot leak into a picture, a preview,
a tooltip or the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.messages import Message
from tabletop.core.model import GameState


@dataclass(frozen=True)
class CardView:
    """A card as the viewer sees it. ``card_id`` is None when its face is hidden."""

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


@dataclass(frozen=True)
class TableView:
    """The viewer's picture of the game.

    ``zones`` maps zone id -> cards bottom to top; ``log`` holds the log lines
    the viewer may read, oldest first.
    """

    viewer: int | None
    zones: dict[str, tuple[CardView, ...]]
    log: tuple[Message, ...]
    turn: int
    active: int
    phase: str
    step: str
    winner: int | None
    result: str
    free_mode: bool

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
    for zid, zone in state.zones.items():
        cards = []
        for iid in zone.cards:
            inst = state.cards[iid]
            seen = state.visible_to(iid, viewer)
            cards.append(
                CardView(
                    iid,
                    inst.card_id if seen else None,
                    inst.owner,
                    inst.tapped,
                    tuple(sorted(inst.counters.items())),
                    inst.face_up,
                )
            )
        zones[zid] = tuple(cards)
    return TableView(
        viewer,
        zones,
        tuple(entry.for_seat(viewer) for entry in state.log),
        state.turn,
        state.active,
        state.phase,
        state.step,
        state.winner,
        state.result,
        state.free_mode,
    )
