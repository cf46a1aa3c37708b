"""Tests for tabletop.layout: the TOML loader, arrangements and TableGeometry."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from tabletop.geometry import Placed, grid_adjacent, overlap_area
from tabletop.layout import (
    ARRANGEMENTS,
    VISIBILITIES,
    ZONE_KINDS,
    LayoutError,
    TableGeometry,
    cell_key,
    load_layout,
    parse_layout,
    split_cell_key,
)

ROOT = Path(__file__).resolve().parents[1]
ARC = ROOT / "layouts" / "arc.toml"

TABLE = """
[table]
width_mm = 400.0
height_mm = 300.0
background = "#204030"
"""

GOOD_ZONE = """
[[zone]]
id = "p0.hand"
owner = 0
kind = "hand"
x_mm = 200.0
y_mm = 150.0
width_mm = 200.0
height_mm = 100.0
arrangement = "fan"
visibility = "owner"
label = "zone.hand"
"""


def write(tmp_path: Path, text: str, name: str = "broken.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def zone_toml(**fields: object) -> str:
    """A [[zone]] block: GOOD_ZONE's fields, overridden / removed (value None)."""
    base: dict[str, object] = {
        "id": "p0.hand", "owner": 0, "kind": "hand", "x_mm": 200.0, "y_mm": 150.0,
        "width_mm": 200.0, "height_mm": 100.0, "arrangement": "fan",
        "visibility": "owner", "label": "zone.hand",
    }
    base.update(fields)
    lines = ["[[zone]]"]
    for key, value in base.items():
        if value is None:
            continue
        lines.append(f"{key} = {value}" if isinstance(value, str) and value.startswith(
            ("[", "{", "true", "false")) else f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


# -- arc.toml ---------------------------------------------------------------------------


def test_arc_layout_loads():
    layout = load_layout(ARC)
    assert layout.game == "arc"
    assert layout.source == str(ARC)
    ids = set(layout.zone_ids)
    for seat in (0, 1):
        for name in ("deck", "hand", "resources", "characters", "combat", "discard"):
            assert f"p{seat}.{name}" in ids
        assert len(layout.zones_of(seat)) == 6
    assert layout.zones_of(None) == []
    assert layout.zone("p0.hand").visibility == "owner"
    assert layout.zone("p0.hand").arrangement == "fan"
    assert layout.zone("p1.discard").visibility == "public"
    assert layout.zone("p0.deck").visibility == "nobody"
    assert all(z.rotation_deg == 0 for z in layout.zones)
    # Seat 0 near (bottom), seat 1 far (top).
    assert layout.zone("p0.hand").y_mm > layout.height_mm / 2 > layout.zone("p1.hand").y_mm
    with pytest.raises(KeyError):
        layout.zone("p2.hand")


def test_arc_zones_hold_their_cards_without_overlapping_each_other():
    layout = load_layout(ARC)
    # Characters: 8 side by side with no overlap; hand and resources 10 (may overlap).
    chars = layout.placements("p0.characters", 8)
    for left, right in zip(chars, chars[1:], strict=False):
        assert right.center[0] - left.center[0] >= 63.0
    for zone_id, n in [("p0.hand", 10), ("p0.resources", 10), ("p1.characters", 8)]:
        assert len(layout.placements(zone_id, n)) == n
    # Zones of the layout do not overlap one another.
    shapes = [z.shape() for z in layout.zones]
    for i, a in enumerate(shapes):
        for b in shapes[i + 1:]:
            assert overlap_area(a, b) == 0.0, (a.key, b.key)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 10, 14])
def test_arc_placements_inside_zone_bounds(n):
    layout = load_layout(ARC)
    for zone in layout.zones:
        frame = zone.shape()
        cards = layout.placements(zone.id, n)
        assert len(cards) == n
        for c in cards:
            assert c.size == (63.0, 88.0)
            assert c.rotation_deg == zone.rotation_deg
            for corner in c.corners():
                assert frame.contains(corner, tolerance_mm=1e-6), (zone.id, n, c)


def test_placement_keys_and_errors():
    layout = load_layout(ARC)
    cards = layout.placements("p0.hand", 2, keys=["c1", "c2"])
    assert [c.key for c in cards] == ["c1", "c2"]
    assert [c.key for c in layout.placements("p0.hand", 2)] == ["p0.hand[0]", "p0.hand[1]"]
    with pytest.raises(ValueError):
        layout.placements("p0.hand", 2, keys=["only-one"])
    with pytest.raises(ValueError):
        layout.placements("p0.hand", -1)
    with pytest.raises(KeyError):
        layout.placements("nowhere", 1)


def test_stack_is_tiny_offset_and_row_with_gaps(tmp_path):
    path = write(tmp_path, TABLE + zone_toml(id="pile", kind="deck", arrangement="stack",
                                             width_mm=75.0, visibility="nobody")
                 + zone_toml(id="foes", owner=1, kind="play", arrangement="row_with_gaps",
                             width_mm=390.0, y_mm=60.0, visibility="public"),
                 "ok.toml")
    layout = load_layout(path)
    pile = layout.placements("pile", 30)
    xs = [p.center[0] for p in pile]
    assert max(xs) - min(xs) <= 3.0 + 1e-9
    assert xs == sorted(xs)  # later cards shift one way: the pile looks thick
    foes = layout.placements("foes", 3)
    gaps = [b.center[0] - a.center[0] - 63.0 for a, b in zip(foes, foes[1:], strict=False)]
    assert gaps == pytest.approx([63.0, 63.0])  # one card width between neighbours
    squeezed = layout.placements("foes", 6)
    assert squeezed[0].corners()[0][0] == pytest.approx(5.0)  # fits the 390 mm zone
    assert layout.zone_shape("foes").key == "zone:foes"


# -- broken layouts --------------------------------------------------------------------

BROKEN: list[tuple[str, str, str, str]] = [
    # (case, toml text, where, field)
    ("unknown key", TABLE + zone_toml(colour="red"), "zone 'p0.hand'", "colour"),
    ("missing field", TABLE + zone_toml(label=None), "zone 'p0.hand'", "label"),
    ("missing id", TABLE + GOOD_ZONE + zone_toml(id=None, y_mm=60.0), "zone #2", "id"),
    ("id wrong type", TABLE + zone_toml(id=7), "zone #1", "id"),
    ("wrong type", TABLE + zone_toml(width_mm="wide"), "zone 'p0.hand'", "width_mm"),
    ("bool as number", TABLE + zone_toml(x_mm="true"), "zone 'p0.hand'", "x_mm"),
    ("negative size", TABLE + zone_toml(height_mm=-5.0), "zone 'p0.hand'", "height_mm"),
    ("negative capacity", TABLE + zone_toml(capacity=-3), "zone 'p0.hand'", "capacity"),
    ("float capacity", TABLE + zone_toml(capacity=2.5), "zone 'p0.hand'", "capacity"),
    ("bad kind", TABLE + zone_toml(kind="graveyard"), "zone 'p0.hand'", "kind"),
    ("bad arrangement", TABLE + zone_toml(arrangement="spiral"), "zone 'p0.hand'",
     "arrangement"),
    ("bad visibility", TABLE + zone_toml(visibility="secret"), "zone 'p0.hand'",
     "visibility"),
    ("bad owner", TABLE + zone_toml(owner=2), "zone 'p0.hand'", "owner"),
    ("empty label", TABLE + zone_toml(label=""), "zone 'p0.hand'", "label"),
    ("duplicate id", TABLE + GOOD_ZONE + zone_toml(y_mm=60.0), "zone 'p0.hand'", "id"),
    ("outside right", TABLE + zone_toml(x_mm=350.0), "zone 'p0.hand'", "x_mm"),
    ("outside top", TABLE + zone_toml(y_mm=20.0), "zone 'p0.hand'", "y_mm"),
    # Fits upright, but not turned 90 degrees (200 mm tall in a 300 mm table at y=60).
    ("outside rotated", TABLE + zone_toml(y_mm=60.0, rotation_deg=90), "zone 'p0.hand'",
     "y_mm"),
    ("grid without rows", TABLE + zone_toml(arrangement="grid", cols=4), "zone 'p0.hand'",
     "rows"),
    ("grid zero cols", TABLE + zone_toml(arrangement="grid", rows=4, cols=0),
     "zone 'p0.hand'", "cols"),
    ("rows on a fan", TABLE + zone_toml(rows=2), "zone 'p0.hand'", "rows"),
    ("slots missing", TABLE + zone_toml(arrangement="slots"), "zone 'p0.hand'", "slots"),
    ("slot outside zone", TABLE + zone_toml(
        arrangement="slots", slots='[{ id = "a", x_mm = 80.0, y_mm = 0.0 }]'),
     "zone 'p0.hand'", "slots[0].x_mm"),
    ("slot duplicate id", TABLE + zone_toml(
        arrangement="slots", slots='[{ id = "a", x_mm = -40.0, y_mm = 0.0 }, '
                                   '{ id = "a", x_mm = 40.0, y_mm = 0.0 }]'),
     "zone 'p0.hand'", "slots[1].id"),
    ("slot unknown key", TABLE + zone_toml(
        arrangement="slots", slots='[{ id = "a", x_mm = 0.0, y_mm = 0.0, z = 1 }]'),
     "zone 'p0.hand'", "slots[0].z"),
    ("capacity over slots", TABLE + zone_toml(
        arrangement="slots", capacity=2, slots='[{ id = "a", x_mm = 0.0, y_mm = 0.0 }]'),
     "zone 'p0.hand'", "capacity"),
    ("slots on a row", TABLE + zone_toml(slots='[{ id = "a", x_mm = 0.0, y_mm = 0.0 }]'),
     "zone 'p0.hand'", "slots"),
    ("table missing width", TABLE.replace("width_mm = 400.0", "") + GOOD_ZONE, "table",
     "width_mm"),
    ("table bad colour", TABLE.replace('"#204030"', '"green"') + GOOD_ZONE, "table",
     "background"),
    ("table unknown key", TABLE + "felt = 1\n" + GOOD_ZONE, "table", "felt"),
]


@pytest.mark.parametrize(("case", "text", "where", "field"), BROKEN,
                         ids=[b[0] for b in BROKEN])
def test_broken_layout_names_file_zone_and_field(tmp_path, case, text, where, field):
    path = write(tmp_path, text)
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    message = str(info.value)
    assert message.startswith(f"{path}: {where}: field '{field}': "), message


def test_error_message_format_exactly():
    path = "layouts/arc.toml"
    data = tomllib.loads(TABLE + zone_toml(capacity=-3))
    with pytest.raises(LayoutError) as info:
        parse_layout(data, path)
    assert str(info.value) == (
        "layouts/arc.toml: zone 'p0.hand': field 'capacity': expected a positive integer, "
        "got -3")


@pytest.mark.parametrize(("text", "needle"), [
    ("this is = = not toml", "not valid TOML"),
    (GOOD_ZONE, "missing [table]"),
    (TABLE, "at least one [[zone]]"),
    (TABLE + GOOD_ZONE + "[extra]\nx = 1\n", "unknown top-level key 'extra'"),
])
def test_broken_file_level(tmp_path, text, needle):
    path = write(tmp_path, text)
    with pytest.raises(LayoutError, match=r"^" + str(path).replace("\\", "\\\\")) as info:
        load_layout(path)
    assert needle in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(LayoutError, match="no such file"):
        load_layout(tmp_path / "nope.toml")


def test_enums_are_documented_closed_lists():
    assert set(ARRANGEMENTS) == {"stack", "fan", "row", "row_with_gaps", "grid", "slots"}
    assert set(VISIBILITIES) == {"public", "owner", "nobody"}
    assert {"deck", "hand", "discard", "play", "resource", "grid", "slots"} <= set(ZONE_KINDS)


# -- rotated layouts and TableGeometry --------------------------------------------------

ROTATED = """
[table]
width_mm = 500.0
height_mm = 300.0
background = "#204030"
[[zone]]
id = "side.row"
owner = 1
kind = "play"
x_mm = 60.0
y_mm = 150.0
width_mm = 280.0
height_mm = 100.0
rotation_deg = 90
arrangement = "row"
visibility = "public"
label = "zone.play"

[[zone]]
id = "odd.row"
kind = "play"
x_mm = 230.0
y_mm = 150.0
width_mm = 200.0
height_mm = 100.0
rotation_deg = 33
arrangement = "row"
visibility = "public"
label = "zone.play"

[[zone]]
id = "board"
kind = "grid"
x_mm = 440.0
y_mm = 70.0
width_mm = 100.0
height_mm = 120.0
rotation_deg = 180
arrangement = "grid"
rows = 4
cols = 4
visibility = "public"
label = "zone.board"

[[zone]]
id = "field"
owner = 0
kind = "slots"
x_mm = 420.0
y_mm = 220.0
width_mm = 110.0
height_mm = 150.0
rotation_deg = 270
arrangement = "slots"
capacity = 2
visibility = "public"
label = "zone.field"
slots = [
  { id = "left", x_mm = -22.0, y_mm = 0.0, width_mm = 40.0, height_mm = 60.0 },
  { id = "right", x_mm = 22.0, y_mm = 0.0, width_mm = 40.0, height_mm = 60.0 },
]
"""


def test_rotated_zone_placements_and_point_hits(tmp_path):
    layout = load_layout(write(tmp_path, ROTATED, "rotated.toml"))
    geo = TableGeometry(layout)
    side = layout.zone("side.row")
    # The zone is 280 mm long along screen-y once turned 90 degrees.
    assert geo.zone_at(60.0, 150.0 + 135.0) == "side.row"
    assert geo.zone_at(60.0 + 60.0, 150.0) is None
    assert geo.zone_at(*layout.zone("odd.row").shape().to_table((95.0, 45.0))) == "odd.row"
    assert geo.zone_at(*layout.zone("odd.row").shape().to_table((105.0, 0.0))) is None
    for zone_id, n in [("side.row", 4), ("odd.row", 3)]:
        frame = layout.zone(zone_id).shape()
        for c in layout.placements(zone_id, n):
            assert c.rotation_deg == frame.rotation_deg
            assert all(frame.contains(p, 1e-6) for p in c.corners())
    # Cards laid out in rotated zones are hit at their own centres, topmost first.
    geo.set_cards({"side.row": ["a", "b", "c", "d"], "odd.row": ["x", "y"]})
    for key in ["a", "b", "c", "d", "x", "y"]:
        placed = geo.card_placement(key)
        assert geo.card_at(*placed.center) == key
        assert geo.card_zone(key) in {"side.row", "odd.row"}
    first = layout.placements("side.row", 4)
    # Turned 90 CCW, the zone's own x axis points screen-up: the row runs up the screen.
    assert first[0].center[1] > first[1].center[1]
    assert first[0].center[0] == first[1].center[0] == 60.0
    assert side.key == "zone:side.row"


def test_rotated_grid_cells_and_slots(tmp_path):
    layout = load_layout(write(tmp_path, ROTATED, "rotated.toml"))
    cells = layout.cells("board")
    assert len(cells) == 16
    assert cells[0].key == cell_key("board", "r0c0") == "cell:board/r0c0"
    assert split_cell_key(cells[5].key) == ("board", "r1c1")
    # Turned 180 degrees: the zone's own top-left cell is at the screen's bottom-right.
    assert cells[0].center == pytest.approx((440.0 + 37.5, 70.0 + 45.0))
    by_name = {split_cell_key(c.key)[1]: c for c in cells}
    assert grid_adjacent(by_name["r0c0"], by_name["r0c1"])
    assert grid_adjacent(by_name["r0c0"], by_name["r1c0"])
    assert not grid_adjacent(by_name["r0c0"], by_name["r1c1"])
    geo = TableGeometry(layout, card_size=(20.0, 26.0))
    assert geo.cell_at(*by_name["r2c3"].center) == by_name["r2c3"].key
    # A grid with holes: None leaves a cell empty.
    geo.set_cards({"board": [None, "e1"], "field": [None, "f1"]})
    assert geo.card_at(*by_name["r0c1"].center) == "e1"
    assert geo.card_at(*by_name["r0c0"].center) is None
    slots = {split_cell_key(c.key)[1]: c for c in layout.cells("field")}
    # Turned 270: the slot 22 mm to the zone's own right is 22 mm screen-down.
    assert slots["right"].center == pytest.approx((420.0, 242.0))
    assert geo.card_placement("f1").center == pytest.approx(slots["right"].center)
    assert geo.card_placement("f1").rotation_deg == 270
    with pytest.raises(ValueError):
        layout.placements("board", 17)
    assert layout.cells("odd.row") == []


def test_snap_zone_and_cell(tmp_path):
    layout = load_layout(write(tmp_path, ROTATED, "rotated.toml"))
    geo = TableGeometry(layout)
    dragged = Placed("drag", (75.0, 150.0), (63.0, 88.0), 0.0)
    assert geo.snap_zone(dragged, ["side.row", "odd.row"]) == "side.row"
    assert geo.snap_zone(dragged, ["odd.row"]) is None  # no overlap at all
    assert geo.snap_zone(dragged, []) is None
    # Straddling two turned grid cells: the one overlapped more wins.
    cells = {split_cell_key(c.key)[1]: c for c in layout.cells("board")}
    a, b = cells["r1c1"], cells["r1c2"]
    towards_a = (a.center[0] * 0.7 + b.center[0] * 0.3, a.center[1] * 0.7 + b.center[1] * 0.3)
    small = Placed("drag", towards_a, (20.0, 26.0), 180.0)
    assert geo.snap_cell(small, [a.key, b.key]) == a.key


def test_put_and_remove_card(tmp_path):
    layout = load_layout(ARC)
    geo = TableGeometry(layout)
    geo.set_cards({"p0.hand": ["h1", "h2"], "p0.characters": ["c1"]})
    hand = layout.placements("p0.hand", 2)
    assert geo.card_at(*hand[1].center) == "h2"
    assert geo.zone_at(*hand[1].center) == "p0.hand"
    # A free placement (e.g. a tapped character, turned 90) moves and rises to the top.
    c1 = geo.card_placement("c1")
    geo.put_card(Placed("c1", c1.center, c1.size, 90.0), "p0.characters")
    assert geo.card_placement("c1").rotation_deg == 90.0
    x, y = c1.center
    assert geo.card_at(x + 40.0, y) == "c1"
    geo.put_card(Placed("loose", (320.0, 210.0), (63.0, 88.0), 45.0))
    assert geo.card_at(320.0, 210.0) == "loose"
    assert geo.card_zone("loose") is None
    geo.remove_card("loose")
    assert geo.card_at(320.0, 210.0) is None
    with pytest.raises(KeyError):
        geo.put_card(Placed("zone:p0.hand", (0.0, 0.0), (1.0, 1.0)))
    with pytest.raises(KeyError):
        geo.set_cards({"p0.hand": ["h1"], "p0.discard": ["h1"]})
    assert not math.isnan(geo.card_placement("h1").center[0])
