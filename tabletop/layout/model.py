"""Layout value types: the table, its zones and their fixed slots.

All lengths are millimetres in table coordinates (origin top-left, +y down); rotations
are degrees counter-clockwise as seen on screen (see :mod:`tabletop.geometry.placed`).
A zone's own frame has its origin at the zone centre, x along its width and y along its
height (down when the zone is not rotated).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.geometry import Placed

#: Closed list of zone kinds (what the zone *means*; the arrangement says how cards lie).
#:
#: * ``deck``     - a face-down draw pile (also a Foe deck).
#: * ``hand``     - a player's hand.
#: * ``discard``  - a pile of spent cards (discard pile, trash, dump).
#: * ``play``     - cards in play (characters, Foes, standby area, Chronicle...).
#: * ``resource`` - resources that pay costs.
#: * ``combat``   - cards played for the current combat.
#: * ``grid``     - a board of cells (the 絵師100人展 4x4 board).
#: * ``slots``    - fixed positions (the Xenocard battle field).
#: * ``stack``    - any other pile.
#: * ``other``    - anything else; the game's rules give it meaning.
ZONE_KINDS: tuple[str, ...] = (
    "deck", "hand", "discard", "play", "resource", "combat", "grid", "slots", "stack",
    "other",
)

#: How cards lie in a zone (see :func:`tabletop.layout.arrange.arrange_local`).
ARRANGEMENTS: tuple[str, ...] = ("stack", "fan", "row", "row_with_gaps", "grid", "slots")

#: Who may see the faces of the cards: everyone, only the owner, or nobody.
VISIBILITIES: tuple[str, ...] = ("public", "owner", "nobody")

#: The standard card, portrait, in mm.
CARD_SIZE: tuple[float, float] = (63.0, 88.0)

#: Prefix of zone keys in a :class:`~tabletop.geometry.ShapeIndex`.
ZONE_KEY_PREFIX = "zone:"
#: Prefix of cell keys (grid cells and slots) in a ShapeIndex.
CELL_KEY_PREFIX = "cell:"


class LayoutError(ValueError):
    """A layout file is unreadable or invalid.

    The message names the file, the zone (by id, or ``zone #n`` counting from 1 when the
    id is missing or broken) and the field, e.g.
    ``layouts/arc.toml: zone 'p0.hand': field 'capacity': expected a positive integer,
    got -3``.
    """


def zone_key(zone_id: str) -> str:
    """Key of a zone's shape in a ShapeIndex, e.g. ``"zone:p0.hand"``."""
    return ZONE_KEY_PREFIX + zone_id


def cell_key(zone_id: str, cell_name: str) -> str:
    """Key of a cell's shape in a ShapeIndex, e.g. ``"cell:board/r0c3"``."""
    return f"{CELL_KEY_PREFIX}{zone_id}/{cell_name}"


def split_cell_key(key: str) -> tuple[str, str]:
    """Inverse of :func:`cell_key`: ``"cell:board/r0c3"`` -> ``("board", "r0c3")``.

    Raises:
        ValueError: if ``key`` is not a cell key.
    """
    if not key.startswith(CELL_KEY_PREFIX) or "/" not in key:
        raise ValueError(f"not a cell key: {key!r}")
    zone_id, _, name = key[len(CELL_KEY_PREFIX):].rpartition("/")
    return zone_id, name


@dataclass(frozen=True, slots=True)
class SlotSpec:
    """One fixed position of a ``slots`` zone.

    Attributes:
        id: name unique within the zone (e.g. ``"front.left"``).
        x_mm, y_mm: slot centre, offset from the zone centre in the zone's own frame.
        width_mm, height_mm: slot size (default: the standard card, 63 x 88).
        rotation_deg: extra rotation relative to the zone, counter-clockwise on screen.
    """

    id: str
    x_mm: float
    y_mm: float
    width_mm: float = CARD_SIZE[0]
    height_mm: float = CARD_SIZE[1]
    rotation_deg: float = 0.0


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone of the table, as read from a layout file.

    Attributes:
        id: unique id, e.g. ``"p0.hand"``.
        owner: seat 0 or 1, or None for a shared zone.
        kind: one of :data:`ZONE_KINDS`.
        x_mm, y_mm: zone centre in table mm.
        width_mm, height_mm: zone size in its own frame, mm.
        rotation_deg: counter-clockwise on screen, any angle.
        arrangement: one of :data:`ARRANGEMENTS`.
        capacity: maximum number of cards, or None for unlimited.
        visibility: one of :data:`VISIBILITIES`.
        label: message-catalogue key, e.g. ``"zone.hand"``.
        rows, cols: grid size (``grid`` arrangement only, else None).
        slots: fixed positions (``slots`` arrangement only, else empty).
    """

    id: str
    owner: int | None
    kind: str
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    rotation_deg: float
    arrangement: str
    capacity: int | None
    visibility: str
    label: str
    rows: int | None = None
    cols: int | None = None
    slots: tuple[SlotSpec, ...] = ()

    @property
    def key(self) -> str:
        """This zone's key in a ShapeIndex (``"zone:" + id``)."""
        return zone_key(self.id)

    def shape(self) -> Placed:
        """The zone's rectangle as a :class:`Placed` keyed ``"zone:<id>"``."""
        return Placed(self.key, (self.x_mm, self.y_mm), (self.width_mm, self.height_mm),
                      self.rotation_deg)

    def cell_names(self) -> list[str]:
        """Names of the zone's cells: ``"r<row>c<col>"`` row-major for a grid (rows from
        the zone's own top, columns from its own left), slot ids for slots, else none."""
        if self.arrangement == "grid" and self.rows and self.cols:
            return [f"r{r}c{c}" for r in range(self.rows) for c in range(self.cols)]
        if self.arrangement == "slots":
            return [s.id for s in self.slots]
        return []


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
        # Imported here: arrange builds on this module's types (no import cycle).
        from tabletop.layout.arrange import zone_cells

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
        # Imported here: arrange builds on this module's types (no import cycle).
        from tabletop.layout.arrange import arrange

        return arrange(self.zone(zone_id), n_cards, card_size, keys)
