"""Zone value types: a zone of the table, its fixed slots, and the keys of their shapes.

All lengths are millimetres in table coordinates (origin top-left, +y down); rotations
are degrees counter-clockwise as seen on screen (see :mod:`tabletop.geometry.placed`).
A zone's own frame has its origin at the zone centre, x along its width and y along its
height (down when the zone is not rotated).

Below :mod:`tabletop.layout.arrange` (which lays cards out in a zone) and
:mod:`tabletop.layout.model` (the whole layout, which uses both); importable from
either :mod:`tabletop.layout` or :mod:`tabletop.layout.model`.
"""

from __future__ import annotations

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
