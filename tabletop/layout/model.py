"""Layout value types: the table, its zones and their fixed slots.

The zones and slots themselves are defined in :mod:`tabletop.layout.zones` (below
:mod:`tabletop.layout.arrange`, which this module uses) and importable from here.

All lengths are millimetres in table coordinates (origin top-left, +y down); rotations
are degrees counter-clockwise as seen on screen (see :mod:`tabletop.geometry.placed`).
A zone's own frame has its origin at the zone centre, x along its width and y along its
height (down when the zone is not rotated).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.geometry import Placed
from tabletop.layout.arrange import arrange, zone_cells
from tabletop.layout.zones import (
    ARRANGEMENTS,
    CARD_SIZE,
    CELL_KEY_PREFIX,
    VISIBILITIES,
    ZONE_KEY_PREFIX,
    ZONE_KINDS,
    SlotSpec,
    Zone,
    cell_key,
    split_cell_key,
    zone_key,
)

__all__ = [
    "ARRANGEMENTS",
    "CARD_SIZE",
    "CELL_KEY_PREFIX",
    "VISIBILITIES",
    "ZONE_KEY_PREFIX",
    "ZONE_KINDS",
    "Layout",
    "LayoutError",
    "SlotSpec",
    "Zone",
    "cell_key",
    "split_cell_key",
    "zone_key",
]


class LayoutError(ValueError):
    """A layout file is unreadable or invalid.

    The message names the file, the zone (by id, or ``zone #n`` counting from 1 when the
    id is missing or broken) and the field, e.g.
    ``layouts/arc.toml: zone 'p0.hand': field 'capacity': expected a positive integer,
    got -3``.
    """


@dataclass(frozen=True, slots=True)
class Layout:
    """A whole table layout for one game.

    Attributes:
        source: the file it came from (used in messages).
        width_mm, height_mm: table size.
        background: table colour as ``(r, g, b)`` 0..255.
        zones: in file order (later zones are drawn and hit-tested on top).
        game: optional game id the layout is meant for (e.g. ``"arc"``).
    """

    source: str
    width_mm: float
    height_mm: float
    background: tuple[int, int, int]
    zones: tuple[Zone, ...]
    game: str | None = None

    def zone(self, zone_id: str) -> Zone:
        """The zone with id ``zone_id``.

        Raises:
            KeyError: if there is no such zone.
        """
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(f"{self.source}: no zone {zone_id!r}")

    @property
    def zone_ids(self) -> list[str]:
        """All zone ids in file order."""
        return [z.id for z in self.zones]

    def zones_of(self, owner: int | None) -> list[Zone]:
        """Zones owned by seat ``owner`` (None: the shared zones), in file order."""
        return [z for z in self.zones if z.owner == owner]

    def zone_shape(self, zone_id: str) -> Placed:
        """The zone's rectangle, keyed ``"zone:<id>"``.

        Raises:
            KeyError: if there is no such zone.
        """
        return self.zone(zone_id).shape()

    def cells(self, zone_id: str) -> list[Placed]:
        """The cells of a ``grid`` or ``slots`` zone, keyed ``"cell:<zone>/<name>"``.

        Grid cells divide the zone evenly, row-major from the zone's own top-left.
        Other arrangements have no cells (empty list).

        Raises:
            KeyError: if there is no such zone.
        """
        return zone_cells(self.zone(zone_id))

    def placements(self, zone_id: str, n_cards: int,
                   card_size: tuple[float, float] = CARD_SIZE,
                   keys: Sequence[str] | None = None) -> list[Placed]:
        """Where the ``n_cards`` cards of a zone lie, first (bottom) card first.

        See :func:`tabletop.layout.arrange.arrange` for each arrangement.  Keys are
        ``keys[i]`` when given, else ``"<zone_id>[<i>]"``.

        Raises:
            KeyError: if there is no such zone.
            ValueError: if ``n_cards`` is negative, exceeds the cells of a grid/slots
                zone, or ``keys`` has the wrong length.
        """
        return arrange(self.zone(zone_id), n_cards, card_size, keys)
