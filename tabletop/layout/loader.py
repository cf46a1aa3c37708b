"""Read and validate ``layouts/<game>.toml`` files.

File format (lengths in mm, table origin top-left, +y down, rotations counter-clockwise
as seen on screen)::

    [table]
    width_mm = 640          # required, > 0
    height_mm = 420         # required, > 0
    background = "#1d4d2b"  # required, "#RRGGBB"
    game = "arc"            # optional

    [[zone]]
    id = "p0.hand"          # required, unique, non-empty
    owner = 0               # optional: 0 or 1; omitted = shared
    kind = "hand"           # required, see ZONE_KINDS
    x_mm = 340.0            # required: zone centre
    y_mm = 365.0
    width_mm = 270.0        # required, > 0
    height_mm = 100.0
    rotation_deg = 0        # optional, default 0, any angle
    arrangement = "fan"     # required, see ARRANGEMENTS
    capacity = 10           # optional positive integer; omitted = unlimited
    visibility = "owner"    # required: public | owner | nobody
    label = "zone.hand"     # required message-catalogue key
    rows = 4                # grid only (required there), positive integer
    cols = 4                # grid only (required there)
    slots = [               # slots only (required there), ids unique in the zone
      { id = "front.left", x_mm = -35.0, y_mm = -47.0 },   # offset from zone centre,
    ]                       # optional width_mm, height_mm (default 63 x 88), rotation_deg

Every zone, turned by its rotation, must lie inside the table; every slot inside its
zone.  Any problem raises :class:`LayoutError` naming file, zone and field.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.core.files import FileProblem, load_toml
from tabletop.geometry import Placed
from tabletop.layout.model import (
    ARRANGEMENTS,
    CARD_SIZE,
    VISIBILITIES,
    ZONE_KINDS,
    Layout,
    LayoutError,
    SlotSpec,
    Zone,
)

_TOP_KEYS = {"table", "zone"}
_TABLE_KEYS = {"width_mm", "height_mm", "background", "game"}
_ZONE_REQUIRED = ("id", "kind", "x_mm", "y_mm", "width_mm", "height_mm", "arrangement",
                  "visibility", "label")
_ZONE_OPTIONAL = ("owner", "rotation_deg", "capacity", "rows", "cols", "slots")
_SLOT_REQUIRED = ("id", "x_mm", "y_mm")
_SLOT_OPTIONAL = ("width_mm", "height_mm", "rotation_deg")
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
# Zones and slots may touch the table edge; this much float slack is allowed (mm).
_BOUNDS_EPS_MM = 1e-6


class _Ctx:
    """Where we are in the file, for error messages."""

    def __init__(self, source: str, where: str) -> None:
        self.source = source
        self.where = where

    def error(self, field: str, message: str) -> LayoutError:
        return LayoutError(f"{self.source}: {self.where}: field '{field}': {message}")

    def fail_type(self, field: str, expected: str, value: object) -> LayoutError:
        return self.error(field, f"expected {expected}, got {value!r}")


def _number(ctx: _Ctx, data: Mapping[str, Any], field: str, *, positive: bool = False,
            default: float | None = None, prefix: str = "") -> float:
    """A finite int/float field (bools are refused even though bool is an int)."""
    name = prefix + field
    if field not in data:
        if default is not None:
            return default
        raise ctx.error(name, "missing")
    value = data[field]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ctx.fail_type(name, "a positive number" if positive else "a number", value)
    if positive and value <= 0:
        raise ctx.fail_type(name, "a positive number", value)
    return float(value)


def _positive_int(ctx: _Ctx, value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ctx.fail_type(field, "a positive integer", value)
    return value


def _string(ctx: _Ctx, data: Mapping[str, Any], field: str, *, prefix: str = "") -> str:
    name = prefix + field
    if field not in data:
        raise ctx.error(name, "missing")
    value = data[field]
    if not isinstance(value, str) or not value.strip():
        raise ctx.fail_type(name, "a non-empty string", value)
    return value


def _choice(ctx: _Ctx, data: Mapping[str, Any], field: str, allowed: tuple[str, ...]) -> str:
    value = _string(ctx, data, field)
    if value not in allowed:
        raise ctx.fail_type(field, "one of " + ", ".join(allowed), value)
    return value


def _unknown_keys(ctx: _Ctx, data: Mapping[str, Any], allowed: set[str] | tuple[str, ...],
                  prefix: str = "") -> None:
    for key in data:
        if key not in allowed:
            raise ctx.error(prefix + key, "unknown field (allowed: "
                            + ", ".join(sorted(allowed)) + ")")


def _inside(ctx: _Ctx, shape: Placed, width: float, height: float, what: str,
            offset: tuple[float, float] = (0.0, 0.0), prefix: str = "") -> None:
    """Check every corner of ``shape`` lies in the box ``[0, width] x [0, height]``.

    ``offset`` moves the box's origin (used for slots, checked in their zone's frame
    where the zone spans ``[-w/2, w/2] x [-h/2, h/2]``).
    """
    ox, oy = offset
    for x, y in shape.corners():
        if not (ox - _BOUNDS_EPS_MM <= x <= ox + width + _BOUNDS_EPS_MM):
            raise ctx.error(prefix + "x_mm", f"{what} reaches x = {x:g} mm, outside "
                            f"{ox:g}..{ox + width:g}")
        if not (oy - _BOUNDS_EPS_MM <= y <= oy + height + _BOUNDS_EPS_MM):
            raise ctx.error(prefix + "y_mm", f"{what} reaches y = {y:g} mm, outside "
                            f"{oy:g}..{oy + height:g}")


def _parse_table(source: str, data: object) -> tuple[float, float, tuple[int, int, int],
                                                     str | None]:
    ctx = _Ctx(source, "table")
    if not isinstance(data, dict):
        raise LayoutError(f"{source}: table: expected a [table] section, got {data!r}")
    _unknown_keys(ctx, data, _TABLE_KEYS)
    width = _number(ctx, data, "width_mm", positive=True)
    height = _number(ctx, data, "height_mm", positive=True)
    colour = _string(ctx, data, "background")
    if not _COLOUR_RE.match(colour):
        raise ctx.fail_type("background", 'a colour "#RRGGBB"', colour)
    rgb = (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
    game = None
    if "game" in data:
        game = _string(ctx, data, "game")
    return width, height, rgb, game


def _parse_slots(ctx: _Ctx, value: object, zone_w: float, zone_h: float) -> tuple[SlotSpec, ...]:
    if not isinstance(value, list) or not value:
        raise ctx.fail_type("slots", "a non-empty list of slot tables", value)
    seen: set[str] = set()
    out: list[SlotSpec] = []
    for i, raw in enumerate(value):
        prefix = f"slots[{i}]."
        if not isinstance(raw, dict):
            raise ctx.fail_type(f"slots[{i}]", "a table {id, x_mm, y_mm}", raw)
        _unknown_keys(ctx, raw, _SLOT_REQUIRED + _SLOT_OPTIONAL, prefix)
        slot_id = _string(ctx, raw, "id", prefix=prefix)
        if slot_id in seen:
            raise ctx.error(prefix + "id", f"duplicate slot id {slot_id!r}")
        seen.add(slot_id)
        slot = SlotSpec(
            id=slot_id,
            x_mm=_number(ctx, raw, "x_mm", prefix=prefix),
            y_mm=_number(ctx, raw, "y_mm", prefix=prefix),
            width_mm=_number(ctx, raw, "width_mm", positive=True, default=CARD_SIZE[0],
                             prefix=prefix),
            height_mm=_number(ctx, raw, "height_mm", positive=True, default=CARD_SIZE[1],
                              prefix=prefix),
            rotation_deg=_number(ctx, raw, "rotation_deg", default=0.0, prefix=prefix),
        )
        shape = Placed(slot_id, (slot.x_mm, slot.y_mm), (slot.width_mm, slot.height_mm),
                       slot.rotation_deg)
        _inside(ctx, shape, zone_w, zone_h, f"slot {slot_id!r}",
                offset=(-zone_w / 2.0, -zone_h / 2.0), prefix=prefix)
        out.append(slot)
    return tuple(out)


def _parse_zone(source: str, index: int, data: object, table_w: float,
                table_h: float) -> Zone:
    # Name the zone by id when it has a usable one, else by its position (from 1).
    raw_id = data.get("id") if isinstance(data, dict) else None
    where = (f"zone {raw_id!r}" if isinstance(raw_id, str) and raw_id.strip()
             else f"zone #{index + 1}")
    ctx = _Ctx(source, where)
    if not isinstance(data, dict):
        raise LayoutError(f"{source}: {where}: expected a [[zone]] table, got {data!r}")
    _unknown_keys(ctx, data, _ZONE_REQUIRED + _ZONE_OPTIONAL)
    for field in _ZONE_REQUIRED:
        if field not in data:
            raise ctx.error(field, "missing")
    zone_id = _string(ctx, data, "id")
    owner = data.get("owner")
    if owner is not None and (isinstance(owner, bool) or owner not in (0, 1)):
        raise ctx.fail_type("owner", "0 or 1 (omit for a shared zone)", owner)
    kind = _choice(ctx, data, "kind", ZONE_KINDS)
    arrangement = _choice(ctx, data, "arrangement", ARRANGEMENTS)
    visibility = _choice(ctx, data, "visibility", VISIBILITIES)
    label = _string(ctx, data, "label")
    x = _number(ctx, data, "x_mm")
    y = _number(ctx, data, "y_mm")
    width = _number(ctx, data, "width_mm", positive=True)
    height = _number(ctx, data, "height_mm", positive=True)
    rotation = _number(ctx, data, "rotation_deg", default=0.0)
    capacity = (_positive_int(ctx, data["capacity"], "capacity")
                if "capacity" in data else None)

    rows = cols = None
    if arrangement == "grid":
        for field in ("rows", "cols"):
            if field not in data:
                raise ctx.error(field, "missing (required for arrangement 'grid')")
        rows = _positive_int(ctx, data["rows"], "rows")
        cols = _positive_int(ctx, data["cols"], "cols")
        if capacity is not None and capacity > rows * cols:
            raise ctx.error("capacity", f"{capacity} exceeds the {rows * cols} grid cells")
    else:
        for field in ("rows", "cols"):
            if field in data:
                raise ctx.error(field, "only allowed with arrangement 'grid'")

    slots: tuple[SlotSpec, ...] = ()
    if arrangement == "slots":
        if "slots" not in data:
            raise ctx.error("slots", "missing (required for arrangement 'slots')")
        slots = _parse_slots(ctx, data["slots"], width, height)
        if capacity is not None and capacity > len(slots):
            raise ctx.error("capacity", f"{capacity} exceeds the {len(slots)} slots")
    elif "slots" in data:
        raise ctx.error("slots", "only allowed with arrangement 'slots'")

    zone = Zone(id=zone_id, owner=owner, kind=kind, x_mm=x, y_mm=y, width_mm=width,
                height_mm=height, rotation_deg=rotation, arrangement=arrangement,
                capacity=capacity, visibility=visibility, label=label, rows=rows,
                cols=cols, slots=slots)
    _inside(ctx, zone.shape(), table_w, table_h, "zone")
    return zone


def parse_layout(data: Mapping[str, Any], source: str = "<layout>") -> Layout:
    """Validate already-parsed TOML data and build a :class:`Layout`.

    Args:
        data: the TOML document as a mapping.
        source: file name to put in error messages.

    Raises:
        LayoutError: on any unknown key, missing field, wrong type, bad enum value,
            duplicate zone id, or zone outside the table / slot outside its zone.
    """
    for key in data:
        if key not in _TOP_KEYS:
            raise LayoutError(f"{source}: unknown top-level key {key!r} "
                              "(allowed: [table], [[zone]])")
    if "table" not in data:
        raise LayoutError(f"{source}: table: missing [table] section")
    width, height, rgb, game = _parse_table(source, data["table"])
    raw_zones = data.get("zone", [])
    if not isinstance(raw_zones, list) or not raw_zones:
        raise LayoutError(f"{source}: zone: expected at least one [[zone]], got {raw_zones!r}")
    zones: list[Zone] = []
    first_index: dict[str, int] = {}
    for i, raw in enumerate(raw_zones):
        zone = _parse_zone(source, i, raw, width, height)
        if zone.id in first_index:
            raise LayoutError(f"{source}: zone {zone.id!r}: field 'id': duplicate id "
                              f"(zone #{i + 1} repeats zone #{first_index[zone.id] + 1})")
        first_index[zone.id] = i
        zones.append(zone)
    return Layout(source=source, width_mm=width, height_mm=height, background=rgb,
                  zones=tuple(zones), game=game)


_GRID_CELL_RE = re.compile(r"^r(\d+)c(\d+)$")


def _grid_size(names: tuple[str, ...]) -> tuple[int, int] | None:
    """``(rows, cols)`` when ``names`` are exactly the cells of a full grid, else None."""
    cells = [_GRID_CELL_RE.match(n) for n in names]
    if not cells or not all(cells):
        return None
    rows = 1 + max(int(m.group(1)) for m in cells if m)
    cols = 1 + max(int(m.group(2)) for m in cells if m)
    return (rows, cols) if len(set(names)) == rows * cols else None


def check_layout_needs(layout: Layout, needs: Mapping[str, Any], game: str = "") -> None:
    """Check that ``layout`` has what its game needs; the layout itself is already valid.

    Args:
        layout: a parsed layout.
        needs: zone id -> a need with ``owner`` (seat or None) and ``cells`` (the cell
            names a grid/slots zone must offer, empty for none), as the game's
            ``GameRules.layout_needs()`` gives them.
        game: the game id, for the messages.

    Raises:
        LayoutError: naming file, zone and field: a zone the game has is missing (its
            cards would never be drawn), belongs to the wrong seat, or lacks the cells
            the rules address (e.g. a 3 x 3 grid where 絵師100人展 needs 4 x 4).
    """
    source = layout.source
    present = {z.id: z for z in layout.zones}
    who = f"the game {game!r}" if game else "the game"
    for zone_id, need in needs.items():
        zone = present.get(zone_id)
        if zone is None:
            raise LayoutError(f"{source}: zone {zone_id!r}: field 'id': missing; {who} needs "
                              f"this zone (the cards in it would never be drawn)")
        ctx = _Ctx(source, f"zone {zone_id!r}")
        if zone.owner != need.owner:
            wanted = "shared (no owner)" if need.owner is None else f"owner {need.owner}"
            raise ctx.fail_type("owner", f"{wanted} for {who}", zone.owner)
        cells = tuple(need.cells)
        if not cells or sorted(zone.cell_names()) == sorted(cells):
            continue
        grid = _grid_size(cells)
        if grid is not None:
            if zone.arrangement != "grid":
                raise ctx.fail_type("arrangement", f"'grid' ({who} needs a {grid[0]} x "
                                    f"{grid[1]} grid)", zone.arrangement)
            field = "rows" if zone.rows != grid[0] else "cols"
            raise ctx.error(field, f"{who} needs a {grid[0]} x {grid[1]} grid, this one is "
                                   f"{zone.rows} x {zone.cols}")
        if zone.arrangement != "slots":
            raise ctx.fail_type("arrangement", f"'slots' ({who} needs slots "
                                f"{', '.join(cells)})", zone.arrangement)
        raise ctx.error("slots", f"{who} needs the slots {', '.join(cells)}; this zone has "
                                 f"{', '.join(zone.cell_names())}")


def load_layout(path: str | Path) -> Layout:
    """Load and validate a layout TOML file.

    Args:
        path: the file; it is named in error messages as given.

    Raises:
        LayoutError: if the file cannot be read safely (see :mod:`tabletop.core.files`:
            not a regular file, too large, not UTF-8, nested too deeply), is not valid
            TOML, or fails any check of :func:`parse_layout`.
    """
    source = str(path)
    try:
        data = load_toml(path)
    except FileProblem as exc:
        raise LayoutError(str(exc)) from None
    return parse_layout(data, source)
