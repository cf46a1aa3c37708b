"""TableGeometry: a layout's zones, cells and cards in one spatial index.

A UI asks it "which card / zone / cell is under this point" and "which zone does this
dragged card snap to".  All coordinates are table millimetres.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tabletop.geometry import Placed, ShapeIndex, clip_convex, overlap_area, polygon_area
from tabletop.layout.model import CARD_SIZE, ZONE_KEY_PREFIX, Layout, zone_key

#: ShapeIndex categories used by TableGeometry.
ZONE = "zone"
CELL = "cell"
CARD = "card"


def _triple_area(dragged: Placed, lower: Placed, upper: Placed) -> float:
    """The area (mm²) of ``dragged`` lying on both ``lower`` and ``upper``."""
    if overlap_area(lower, upper) <= 0.0:
        return 0.0  # the common case: zones side by side
    return polygon_area(clip_convex(clip_convex(dragged.corners(), lower.corners()),
                                    upper.corners()))


class TableGeometry:
    """Zones (category ``"zone"``, keys ``"zone:<id>"``), cells of grid/slots zones
    (``"cell"``, keys ``"cell:<zone>/<name>"``) and cards (``"card"``, keyed by the card
    keys given) of one layout, in a :class:`ShapeIndex`.

    Zones later in the layout file are on top of earlier ones.
    """

    def __init__(self, layout: Layout, card_size: tuple[float, float] = CARD_SIZE) -> None:
        self.layout = layout
        self.card_size = card_size
        self.index = ShapeIndex()
        self._card_zone: dict[str, str] = {}
        for zone in layout.zones:
            self.index.add(zone.shape(), ZONE)
        for zone in layout.zones:
            for cell in layout.cells(zone.id):
                self.index.add(cell, CELL)

    # -- cards -------------------------------------------------------------------------

    def set_cards(self, cards_by_zone: Mapping[str, Sequence[str | None]]) -> None:
        """Replace all cards with the given contents, laid out by each zone's arrangement.

        Args:
            cards_by_zone: zone id -> card keys, bottom card first (later ones are on
                top).  ``None`` leaves that position empty, so ``[None, "c7"]`` in a
                grid puts card c7 in the second cell.

        Raises:
            KeyError: if a zone id is unknown or a card key appears twice.
            ValueError: if a grid/slots zone gets more positions than it has cells.
        """
        self.index.clear(CARD)
        self._card_zone.clear()
        for zone_id, keys in cards_by_zone.items():
            places = self.layout.placements(zone_id, len(keys), self.card_size)
            for key, place in zip(keys, places, strict=True):
                if key is None:
                    continue
                if key in self._card_zone:
                    raise KeyError(f"card {key!r} appears in more than one place")
                self.index.add(place.with_key(key), CARD)
                self._card_zone[key] = zone_id

    def put_card(self, placed: Placed, zone_id: str | None = None) -> None:
        """Add or move one card to an explicit placement (e.g. a Move placed by the rules
        against a Foe's Move) and raise it to the top.

        Raises:
            KeyError: if ``placed.key`` is already used by a zone or cell.
        """
        if placed.key in self.index and self.index.category_of(placed.key) != CARD:
            raise KeyError(f"key {placed.key!r} belongs to a zone or cell")
        if placed.key in self.index:
            self.index.move(placed, raise_to_top=True)
        else:
            self.index.add(placed, CARD)
        if zone_id is not None:
            self._card_zone[placed.key] = zone_id
        else:
            self._card_zone.pop(placed.key, None)

    def replace_cards(self, placements: Sequence[tuple[Placed, str | None]]) -> None:
        """Make the cards exactly ``placements`` (bottom first, each over those before):
        what ``set_cards({})`` and then :meth:`put_card` of each in order leave, but
        only the cards whose place changed are moved and only those gone are removed
        (a change of the game moves a few cards; re-adding every shape on every change
        was most of a table refresh, issue 14).

        Raises:
            KeyError: if a key is used by a zone or cell.
        """
        wanted = {placed.key for placed, _ in placements}
        for key in self.index.keys(CARD):
            if key not in wanted:
                self.remove_card(key)
        index = self.index
        for placed, zone_id in placements:
            key = placed.key
            if key not in index:
                index.add(placed, CARD)
            elif index.category_of(key) != CARD:
                raise KeyError(f"key {key!r} belongs to a zone or cell")
            elif index.placed(key) == placed:
                index.raise_to_top(key)
            else:
                index.move(placed, raise_to_top=True)
            if zone_id is not None:
                self._card_zone[key] = zone_id
            else:
                self._card_zone.pop(key, None)

    def remove_card(self, key: str) -> None:
        """Remove a card.

        Raises:
            KeyError: if there is no such card.
        """
        if self.index.category_of(key) != CARD:
            raise KeyError(f"not a card: {key!r}")
        self.index.remove(key)
        self._card_zone.pop(key, None)

    def card_placement(self, key: str) -> Placed:
        """Where card ``key`` lies.

        Raises:
            KeyError: if there is no such card.
        """
        if key not in self.index or self.index.category_of(key) != CARD:
            raise KeyError(f"not a card: {key!r}")
        return self.index.placed(key)

    def card_zone(self, key: str) -> str | None:
        """The zone id a card was laid out in, or None if placed freely / unknown."""
        return self._card_zone.get(key)

    # -- point queries -----------------------------------------------------------------

    def cards_at(self, x: float, y: float) -> list[str]:
        """Card keys under the table point ``(x, y)`` mm, topmost first."""
        return self.index.at_point(x, y, CARD)

    def card_at(self, x: float, y: float) -> str | None:
        """The topmost card under ``(x, y)`` mm, or None."""
        hits = self.cards_at(x, y)
        return hits[0] if hits else None

    def zone_at(self, x: float, y: float) -> str | None:
        """Id of the topmost zone under ``(x, y)`` mm, or None."""
        hits = self.index.at_point(x, y, ZONE)
        return hits[0][len(ZONE_KEY_PREFIX):] if hits else None

    def cell_at(self, x: float, y: float) -> str | None:
        """Key of the topmost cell under ``(x, y)`` mm (``"cell:<zone>/<name>"``), or None."""
        hits = self.index.at_point(x, y, CELL)
        return hits[0] if hits else None

    # -- snapping ----------------------------------------------------------------------

    def snap_zone(self, dragged: Placed, legal_zone_ids: Iterable[str]) -> str | None:
        """The legal zone the dragged card overlaps most (ShapeIndex.best_target rule:
        larger area, then nearer centre, then smaller key), or None if none overlaps."""
        best = self.index.best_target(dragged, [zone_key(z) for z in legal_zone_ids])
        return best[len(ZONE_KEY_PREFIX):] if best is not None else None

    def snap_cell(self, dragged: Placed, legal_cell_keys: Iterable[str]) -> str | None:
        """The legal cell key the dragged card overlaps most, or None (same rule)."""
        return self.index.best_target(dragged, legal_cell_keys)

    def drop_place(self, dragged: Placed, target_cards: Iterable[str] = ()
                   ) -> tuple[str, str] | None:
        """Where a dragged card is dropped: the place it overlaps most among *all* the
        places of the table, legal or not (the drop rule of ``docs/ui-plugins.md``).

        The places are every zone, every cell, and every card of ``target_cards`` that
        does not lie on a cell (a card on a cell is part of that cell's place). Each
        place counts only the part of ``dragged`` that lies on it and on nothing finer:
        the overlap with a zone minus the overlaps with its cells, with the target
        cards lying in it, and with the zones lying over it (later in the layout, e.g.
        Conan's spot inside the Moves area: a card dropped on Conan lies on Conan, not on
        the area around him, or a lit Conan would refuse the drop). Ties: larger area
        (within 1e-6 mm²), then nearer centre, then the smaller ``(kind, key)``.

        Returns:
            ``("card" | "cell" | "zone", key)`` — a card key, a cell key
            (``"cell:<zone>/<name>"``) or a zone id — or None when ``dragged`` overlaps
            no place at all.
        """
        area = self.index.overlap_area
        shares: dict[tuple[str, str], float] = {}
        zones = [self.index.placed(zone_key(z.id)) for z in self.layout.zones]
        for i, zone in enumerate(self.layout.zones):
            shares[("zone", zone.id)] = area(dragged, zones[i]) - sum(
                _triple_area(dragged, zones[i], upper) for upper in zones[i + 1:])
            for cell in self.layout.cells(zone.id):
                part = area(dragged, cell)
                shares[("cell", cell.key)] = part
                shares[("zone", zone.id)] -= part
        for key in target_cards:
            if key not in self.index or self.index.category_of(key) != CARD:
                continue
            placed = self.index.placed(key)
            if self.cell_at(*placed.center) is not None:
                continue  # the cell it lies on stands for it
            part = area(dragged, placed)
            shares[("card", key)] = part
            home = self.card_zone(key) or self.zone_at(*placed.center)
            if home is not None and ("zone", home) in shares:
                shares[("zone", home)] -= part
        eps = 1e-6
        scored = [(a, kind, key) for (kind, key), a in shares.items() if a > eps]
        if not scored:
            return None
        top = max(a for a, _, _ in scored)
        tied = [(kind, key) for a, kind, key in scored if a >= top - eps]

        def centre(kind: str, key: str) -> tuple[float, float]:
            if kind == "zone":
                return self.index.placed(zone_key(key)).center
            return self.index.placed(key).center

        def distance(place: tuple[str, str]) -> float:
            cx, cy = centre(*place)
            length: float = ((cx - dragged.center[0]) ** 2 + (cy - dragged.center[1]) ** 2) ** 0.5
            return round(length, 6)

        return min(tied, key=lambda place: (distance(place), place))
