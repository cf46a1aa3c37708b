"""The battlefield as placed shapes: Foes, Moves and legal Move targets (CONAN-R7..R10).

Everything is derived from ``layouts/conan.toml`` and answered by
:mod:`tabletop.geometry` on placed shapes (millimetres, table y down, rotation
counter-clockwise on screen), with the same code for all four zones:

* a Foe stands where the layout's ``row_with_gaps`` arrangement puts it;
* a Foe's Move touches the Foe's edge that faces Conan (the side whose outward
  normal points most toward Conan), its own top toward Conan (CONAN-R8);
* Conan's (or an Ally's) Move lies against a long side of a Foe's Move, turned
  180 degrees to it (top toward the Foe). The candidate places are the two long
  sides of every Foe's Move; a place reached from two Foes' Moves is a *gap*
  and touches both (CONAN-R10);
* which sides touch and which icon slot faces which come from
  :func:`tabletop.geometry.touching_sides` / :func:`facing_slots`.

**The turn's frame.** The layout file draws the battlefield for seat 0's turn
(Center toward seat 1, who sits at the top). On seat 1's turn the whole
battlefield (Conan, the Moves area and the four Foe rows) is turned 180 degrees
about Conan (:func:`turned_layout`), so Center always lies between the turn
player's Conan and the enemy, the flanks at the turn player's left and right and
Rear toward the turn player (CONAN-R7). :func:`frame` is that layout for a state;
every shape below comes from it, so stored Moves, legal targets and the window
agree. Geometric answers do not depend on the frame: they are computed from
relative shapes.

Every Move on the battlefield is a :class:`~tabletop.games.conan.data.MoveRecord`
(``card``, ``zone``, ``x``/``y`` in mm, ``rot`` in degrees, ``by`` the character,
``foe``, ``target`` id or ""), read through :func:`moves`.

Target ids name places as seen from Conan: ``"center/foe1/left"`` (left of the
first Foe's Move), ``"center/foe3/right"``, ``"center/gap1"`` (between Foe 1
and Foe 2; aliases ``"center/foe1/right"`` and ``"center/foe2/left"``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from tabletop.core.model import GameState
from tabletop.games.conan.data import MoveRecord, all_records, set_records
from tabletop.games.conan.zones import CONAN_ZONE, FOE_ZONES, MOVES_ZONE
from tabletop.geometry import (
    Placed,
    Point,
    ShapeIndex,
    Side,
    facing_slots,
    rotate_point,
    touching_sides,
)
from tabletop.layout import CARD_SIZE, Layout, Zone, load_layout

CARD_W, CARD_H = CARD_SIZE
#: Two candidate places closer than this are one place (mm).
SAME_PLACE_MM = 1.0
LONG_SIDES: tuple[Side, ...] = ("left", "right")
#: The zones that make up the battlefield: turned together with the turn's frame.
FIELD_ZONES: tuple[str, ...] = (MOVES_ZONE, CONAN_ZONE, *FOE_ZONES)
#: The seat whose turn ``layouts/conan.toml`` draws (Center toward the other seat).
LAYOUT_SEAT = 0


@cache
def layout() -> Layout:
    """The Conan table layout (``layouts/conan.toml``) as the file draws it (seat 0's
    turn), loaded once. Use :func:`frame` for the battlefield of a given turn."""
    from tabletop.resources import resource_path

    return load_layout(resource_path("layouts", "conan.toml"))


def field_turn(seat: int) -> float:
    """Degrees the battlefield is turned about Conan on ``seat``'s turn: 0 for the seat
    the layout file is drawn for, 180 for the other (whose enemy sits across)."""
    return 0.0 if seat == LAYOUT_SEAT else 180.0


def _turn_zone(zone: Zone, pivot: Point, angle: float) -> Zone:
    x, y = rotate_point((zone.x_mm, zone.y_mm), pivot, angle)
    return dataclasses.replace(zone, x_mm=x, y_mm=y,
                               rotation_deg=(zone.rotation_deg + angle) % 360.0)


def turned_layout(lay: Layout, seat: int) -> Layout:
    """``lay`` with its battlefield (:data:`FIELD_ZONES`) seen from ``seat``'s Conan:
    turned by :func:`field_turn` about Conan's centre; every other zone unchanged.

    The one place that decides the battlefield's frame for a turn (the rules through
    :func:`frame`, the window through its own copy of the layout).
    """
    angle = field_turn(seat)
    if not angle:
        return lay
    conan = lay.zone(CONAN_ZONE)
    pivot = (conan.x_mm, conan.y_mm)
    return dataclasses.replace(lay, zones=tuple(
        _turn_zone(z, pivot, angle) if z.id in FIELD_ZONES else z for z in lay.zones))


@cache
def field_layout(seat: int) -> Layout:
    """The Conan layout with the battlefield as seen from ``seat``'s Conan (cached)."""
    return turned_layout(layout(), seat)


def frame(state: GameState) -> Layout:
    """The layout of the battlefield on this turn: seen from the turn player's Conan."""
    return field_layout(state.active)


@cache
def conan_center() -> Point:
    """Where the turn player's Conan stands (mm; the pivot of every turn's frame)."""
    z = layout().zone(CONAN_ZONE)
    return (z.x_mm, z.y_mm)


def _unit(v: Point) -> Point:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def conan_right(zone: str, seat: int = LAYOUT_SEAT) -> Point:
    """Unit vector pointing to Conan's right while he faces ``zone`` on ``seat``'s turn
    (mm frame).

    Forward is from Conan toward the zone's centre; right is forward turned a
    quarter clockwise on screen (y down): ``(-fy, fx)``.
    """
    z = field_layout(seat).zone(zone)
    cx, cy = conan_center()
    fx, fy = _unit((z.x_mm - cx, z.y_mm - cy))
    return (-fy, fx)


def _along(point: Point, zone: str, seat: int) -> float:
    rx, ry = conan_right(zone, seat)
    cx, cy = conan_center()
    return (point[0] - cx) * rx + (point[1] - cy) * ry


def foe_shapes(state: GameState, zone: str) -> list[Placed]:
    """The Foes of a row where the layout puts them, keyed by instance id."""
    return list(_row_shapes(state.active, zone, tuple(state.zones[zone].cards)))


@lru_cache(maxsize=1024)
def _row_shapes(seat: int, zone: str, ids: tuple[int, ...]) -> tuple[Placed, ...]:
    # frozen layout, frozen shapes: a row's arrangement is asked for after every action
    # while it hardly ever changes (issue 14)
    return tuple(field_layout(seat).placements(zone, len(ids), CARD_SIZE,
                                               [str(i) for i in ids]))


def foe_slot_shapes(state: GameState, zone: str) -> list[Placed]:
    """Where a Foe added to ``zone`` would stand, for each row position 0..n
    (keys ``"<zone>/<position>"``): for the window to light up (CONAN-R7)."""
    n = len(state.zones[zone].cards)
    if n >= 3:
        return []
    row = frame(state).placements(zone, n + 1, CARD_SIZE)
    return [row[p].with_key(f"{zone}/{p}") for p in range(n + 1)]


def facing_side(shape: Placed, toward: Point) -> Side:
    """The side of ``shape`` whose outward normal points most toward ``toward``."""
    dx, dy = toward[0] - shape.center[0], toward[1] - shape.center[1]

    def score(side: Side) -> float:
        nx, ny = shape.outward_normal(side)
        return nx * dx + ny * dy

    return max(("top", "right", "bottom", "left"), key=score)


def _direction_deg(v: Point) -> float:
    """Table direction of a vector (0 = screen right, 90 = screen up)."""
    deg = math.degrees(math.atan2(-v[1], v[0]))
    nearest = round(deg / 90.0) * 90.0
    return nearest if abs(deg - nearest) < 1e-9 else deg


@lru_cache(maxsize=1024)
def foe_move_shape(foe: Placed, key: str) -> Placed:
    """A Foe's Move: against the Foe's edge facing Conan, top toward Conan (CONAN-R8)."""
    side = facing_side(foe, conan_center())
    n = foe.outward_normal(side)
    half = (foe.size[1] if side in ("top", "bottom") else foe.size[0]) / 2.0
    centre = (foe.center[0] + n[0] * (half + CARD_H / 2.0),
              foe.center[1] + n[1] * (half + CARD_H / 2.0))
    # The Move's own top normal, (0, -1) turned by r, is direction 90 + r; it must
    # point along n.
    rot = (_direction_deg(n) - 90.0) % 360.0
    return Placed(key, centre, CARD_SIZE, rot)


def move_shape(rec: MoveRecord) -> Placed:
    """The placed shape of a Move record (key: the card's instance id)."""
    return Placed(str(rec.card), (rec.x, rec.y), CARD_SIZE, rec.rot)


def moves(state: GameState, zone: str | None = None) -> list[MoveRecord]:
    """Move records (all, or of one zone), in placement order.

    Only records whose card still lies in the Moves zone: a card that free mode
    (ALL-R3) took away leaves its record behind, and that record is no Move any
    more. A card free mode put into the Moves zone has no record, so it is no Move
    either (it lies there until a player moves it).
    """
    return [r for r in all_records(state)
            if (zone is None or r.zone == zone) and _on_field(state, r)]


def _on_field(state: GameState, rec: MoveRecord) -> bool:
    return rec.card in state.cards and state.zone_of(rec.card) == MOVES_ZONE


def move_of_foe(state: GameState, foe: int) -> MoveRecord | None:
    """The record of a Foe's Move, or None."""
    for rec in moves(state):
        if rec.foe and rec.by == foe:
            return rec
    return None


def relayout_foe_moves(state: GameState) -> None:
    """Put every Foe's Move back against its Foe after a row changed (a Foe left
    before Conan's Moves were placed, so the row closed up: CONAN-H6)."""
    for zone in FOE_ZONES:
        for shape in foe_shapes(state, zone):
            rec = move_of_foe(state, int(shape.key))
            if rec is not None:
                placed = foe_move_shape(shape, shape.key)
                moved = dataclasses.replace(rec, zone=zone, x=placed.center[0],
                                            y=placed.center[1], rot=placed.rotation_deg)
                set_records(state, [moved if r is rec else r for r in all_records(state)])


@dataclass(frozen=True)
class Target:
    """A place where a Conan/Ally Move may lie.

    ``shape`` is the Move as it would lie there (key = ``id``); ``touches`` the
    Foes whose Moves it would touch (two for a gap), row order from Conan's left.
    """

    id: str
    zone: str
    shape: Placed
    touches: tuple[int, ...]
    aliases: tuple[str, ...] = ()

    @property
    def gap(self) -> bool:
        """Between two Foes' Moves, touching both (CONAN-R10)."""
        return len(self.touches) == 2

    def named(self, name: str) -> bool:
        """Is ``name`` this target's id or one of its aliases?"""
        return name == self.id or name in self.aliases


FoeMoveKey = tuple[int, float, float, float]


@lru_cache(maxsize=512)
def _zone_targets(zone: str, seat: int, foe_moves: tuple[FoeMoveKey, ...]
                  ) -> tuple[Target, ...]:
    """Every candidate place of a zone from its Foes' Moves on ``seat``'s turn (pure
    geometry, cached; ``seat`` only orders the row from Conan's left)."""
    shapes = {foe: Placed(str(foe), (x, y), CARD_SIZE, rot) for foe, x, y, rot in foe_moves}
    rows = {foe: n + 1 for n, foe in enumerate(
        sorted(shapes, key=lambda f: _along(shapes[f].center, zone, seat)))}
    places: list[Placed] = []
    for shape in shapes.values():
        for side in LONG_SIDES:
            nx, ny = shape.outward_normal(side)
            d = shape.size[0] / 2.0 + CARD_W / 2.0
            centre = (shape.center[0] + nx * d, shape.center[1] + ny * d)
            if all(math.dist(centre, p.center) > SAME_PLACE_MM for p in places):
                places.append(Placed("", centre, CARD_SIZE, shape.rotation_deg + 180.0))
    out: list[Target] = []
    for place in sorted(places, key=lambda p: _along(p.center, zone, seat)):
        touched = sorted((f for f, s in shapes.items() if touching_sides(place, s)),
                         key=lambda f: rows[f])
        if len(touched) == 2:
            a, b = rows[touched[0]], rows[touched[1]]
            tid = f"{zone}/gap{a}"
            aliases: tuple[str, ...] = (f"{zone}/foe{a}/right", f"{zone}/foe{b}/left")
        elif len(touched) == 1:
            foe = touched[0]
            side = "right" if _along(place.center, zone, seat) > \
                _along(shapes[foe].center, zone, seat) else "left"
            tid, aliases = f"{zone}/foe{rows[foe]}/{side}", ()
        else:  # a row squeezed by a narrow layout: a place touching nothing is no target
            continue
        out.append(Target(tid, zone, place.with_key(tid), tuple(touched), aliases))
    return tuple(out)


def zone_targets(state: GameState, zone: str) -> list[Target]:
    """Every place beside the Foes' Moves of ``zone`` (occupied or not)."""
    key = tuple((r.by, r.x, r.y, r.rot) for r in moves(state, zone) if r.foe)
    return list(_zone_targets(zone, state.active, tuple(sorted(key)))) if key else []


def all_targets(state: GameState) -> list[Target]:
    """Every place beside any Foe's Move, zone by zone."""
    return [t for zone in FOE_ZONES for t in zone_targets(state, zone)]


def find_target(state: GameState, name: str) -> Target | None:
    """The target called ``name`` (id or alias), or None."""
    zone = name.partition("/")[0]
    if zone not in FOE_ZONES:
        return None
    return next((t for t in zone_targets(state, zone) if t.named(name)), None)


def occupied(state: GameState, target: Target) -> bool:
    """Is a Conan/Ally Move already lying there?"""
    return any(not r.foe and math.dist((r.x, r.y), target.shape.center) <= SAME_PLACE_MM
               for r in moves(state, target.zone))


def snap(dragged: Placed, targets: Iterable[Target]) -> Target | None:
    """The target a dragged Move overlaps most (ShapeIndex.best_target's rule)."""
    index = ShapeIndex()
    by_id: dict[str, Target] = {}
    for t in targets:
        index.add(t.shape, "target")
        by_id[t.id] = t
    best = index.best_target(dragged, list(by_id))
    return by_id.get(best) if best is not None else None


@dataclass(frozen=True)
class Contact:
    """A Conan/Ally Move against a Foe's Move: touching sides and facing slots.

    ``hero_to_foe`` maps each slot of the hero card's side to the facing slot of
    the Foe card's side; ``foe_to_hero`` the other way (CONAN-R8).
    """

    hero: int
    hero_side: Side
    foe_card: int
    foe_side: Side
    hero_to_foe: dict[int, int]
    foe_to_hero: dict[int, int]


def contacts(state: GameState, zone: str) -> list[Contact]:
    """Every touching pair of opposing Move cards in ``zone`` (geometry only; the
    contacts are shared values: read them, never change their maps)."""
    return list(_contacts(tuple(moves(state, zone))))


@lru_cache(maxsize=1024)
def _contacts(recs: tuple[MoveRecord, ...]) -> tuple[Contact, ...]:
    # a pure function of frozen records, asked at every initiative of a fight and by
    # every Move placed (issue 14)
    foes = [(r, move_shape(r)) for r in recs if r.foe]
    out: list[Contact] = []
    for hero in (r for r in recs if not r.foe):
        h = move_shape(hero)
        for foe_rec, f in foes:
            for sh, sf in touching_sides(h, f):
                if sh not in LONG_SIDES or sf not in LONG_SIDES:
                    continue
                pairs = facing_slots(h, sh, f, sf)
                out.append(Contact(hero.card, sh, foe_rec.card, sf,
                                   {i: j for i, j in pairs}, {j: i for i, j in pairs}))
    return tuple(out)
