"""Tests for tabletop.geometry: placed shapes, the pymunk index and adjacency queries."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry import (
    Placed,
    ShapeIndex,
    clip_convex,
    cos_sin_deg,
    facing_across,
    facing_slots,
    grid_adjacent,
    meeting_corners,
    overlap_area,
    polygon_area,
    touching_sides,
)

W, H = 63.0, 88.0
TABLE_ROTATIONS = [0.0, 90.0, 180.0, 270.0, 33.0]
PIVOT = (300.0, 200.0)


def card(key: str, x: float, y: float, rot: float = 0.0) -> Placed:
    return Placed(key, (x, y), (W, H), rot)


def turn(shapes: list[Placed], angle: float, pivot: tuple[float, float] = PIVOT) -> list[Placed]:
    """Rotate a whole configuration about ``pivot``."""
    return [s.rotated_about(pivot, angle) for s in shapes]


def close(p: tuple[float, float], q: tuple[float, float], tol: float = 1e-9) -> bool:
    return math.dist(p, q) <= tol


# -- Placed ---------------------------------------------------------------------------


def test_corners_upright_order_and_edges():
    c = card("a", 100, 100)
    assert c.corners() == ((68.5, 56.0), (131.5, 56.0), (131.5, 144.0), (68.5, 144.0))
    assert c.edge("top") == ((68.5, 56.0), (131.5, 56.0))
    assert c.edge("right") == ((131.5, 56.0), (131.5, 144.0))
    assert c.edge("bottom") == ((68.5, 144.0), (131.5, 144.0))
    assert c.edge("left") == ((68.5, 56.0), (68.5, 144.0))


def test_rotation_is_counter_clockwise_on_screen():
    # Turned 90 degrees CCW on screen (y down), the card's own top faces screen left.
    c = card("a", 0, 0, 90)
    assert c.outward_normal("top") == (-1.0, 0.0)
    assert c.corner("top_left") == (-44.0, 31.5)
    # 180: own top-left corner is at the screen's bottom-right.
    assert card("a", 0, 0, 180).corner("top_left") == (31.5, 44.0)


@pytest.mark.parametrize("rot", [90.0, 180.0, 270.0, -90.0, 450.0, 360.0])
def test_right_angles_are_exact(rot):
    c = card("a", 37.0, 11.0, rot)
    for x, y in c.corners():
        assert x == round(x * 2) / 2 and y == round(y * 2) / 2
    assert cos_sin_deg(rot)[0] in (-1.0, 0.0, 1.0)


def test_placed_rejects_bad_size_and_side():
    with pytest.raises(ValueError):
        Placed("x", (0, 0), (0, 10))
    with pytest.raises(ValueError):
        card("a", 0, 0).edge("middle")  # type: ignore[arg-type]


def test_to_local_inverts_to_table():
    c = card("a", 12.5, -3.0, 33.0)
    p = c.to_table((10.0, -20.0))
    assert close(c.to_local(p), (10.0, -20.0))


# -- polygon / overlap ----------------------------------------------------------------


def test_overlap_area_axis_aligned_and_rotated():
    a = card("a", 0, 0)
    assert overlap_area(a, a) == pytest.approx(W * H)
    assert overlap_area(a, card("b", 31.5, 0)) == pytest.approx(31.5 * H)
    assert overlap_area(a, card("b", 63, 0)) == 0.0  # sharing an edge: no area
    assert overlap_area(a, card("b", 500, 0)) == 0.0
    # A square turned 45 degrees inside a bigger square: its whole area.
    small = Placed("s", (0, 0), (20, 20), 45)
    assert overlap_area(a, small) == pytest.approx(400.0)
    # Cross of two cards: central W x W square.
    assert overlap_area(a, card("b", 0, 0, 90)) == pytest.approx(W * W)


def test_clip_convex_either_winding():
    sq = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    other = [(5.0, 5.0), (5.0, 15.0), (15.0, 15.0), (15.0, 5.0)]  # opposite winding
    assert polygon_area(clip_convex(sq, other)) == pytest.approx(25.0)
    assert polygon_area(clip_convex(other, sq)) == pytest.approx(25.0)
    assert clip_convex([], sq) == []


# -- ShapeIndex: at_point ---------------------------------------------------------------


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_at_point_respects_rotation(rot):
    idx = ShapeIndex()
    c = card("c1", 200, 200, rot)
    idx.add(c, "card")
    # Points just inside the card's own frame, near each corner, hit it ...
    for lx, ly in [(30, 43), (-30, 43), (30, -43), (-30, -43), (0, 0)]:
        x, y = c.to_table((lx, ly))
        assert idx.at_point(x, y) == ["c1"]
    # ... points just outside its own sides do not.
    for lx, ly in [(33, 0), (-33, 0), (0, 45), (0, -45)]:
        x, y = c.to_table((lx, ly))
        assert idx.at_point(x, y) == []


def test_at_point_turned_card_uses_turned_extent():
    idx = ShapeIndex()
    idx.add(card("up", 100, 100, 0), "card")
    idx.add(card("side", 300, 100, 90), "card")
    assert idx.at_point(100 + 40, 100) == []       # beyond 31.5 of the upright card
    assert idx.at_point(300 + 40, 100) == ["side"]  # within 44 of the turned card
    assert idx.at_point(300, 100 + 40) == []


def test_at_point_topmost_first_raise_move_and_categories():
    idx = ShapeIndex()
    idx.add(Placed("zone:z", (100, 100), (300, 200)), "zone")
    idx.add(card("a", 100, 100), "card")
    idx.add(card("b", 110, 100, 33), "card")
    assert idx.at_point(100, 100) == ["b", "a", "zone:z"]
    assert idx.at_point(100, 100, "card") == ["b", "a"]
    assert idx.at_point(100, 100, "zone") == ["zone:z"]
    assert idx.at_point(100, 100, "nothing-of-this-kind") == []
    idx.raise_to_top("a")
    assert idx.at_point(100, 100, "card") == ["a", "b"]
    # Moving must reindex: the old spot is empty, the new one hits.
    idx.move(card("a", 400, 400, 90))
    assert "a" not in idx.at_point(80, 100, "card")
    assert idx.at_point(400 + 40, 400, "card") == ["a"]
    assert idx.placed("a").rotation_deg == 90
    idx.remove("a")
    assert "a" not in idx and len(idx) == 2
    assert idx.keys("card") == ["b"]


def test_at_point_border_counts_as_hit():
    idx = ShapeIndex()
    idx.add(card("a", 100, 100), "card")
    assert idx.at_point(131.5, 100) == ["a"]
    assert idx.at_point(131.6, 100) == []


def test_index_errors():
    idx = ShapeIndex()
    idx.add(card("a", 0, 0), "card")
    with pytest.raises(KeyError):
        idx.add(card("a", 10, 0), "card")
    with pytest.raises(KeyError):
        idx.remove("missing")
    with pytest.raises(KeyError):
        idx.move(card("missing", 0, 0))


# -- best_target ------------------------------------------------------------------------


def _slots_index(shapes: list[Placed]) -> ShapeIndex:
    idx = ShapeIndex()
    for s in shapes:
        idx.add(s, "slot")
    return idx


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_best_target_straddling_two_slots(rot):
    left, right = card("slot.left", 100, 100), card("slot.right", 170, 100)
    dragged = card("d", 120, 110)  # mostly over the left slot
    left, right, dragged = turn([left, right, dragged], rot)
    idx = _slots_index([left, right])
    assert idx.best_target(dragged, ["slot.left", "slot.right"]) == "slot.left"
    assert idx.best_target(dragged, ["slot.right"]) == "slot.right"
    assert idx.best_target(dragged, []) is None
    assert idx.best_target(dragged, ["unknown"]) is None


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_best_target_exact_tie_uses_stated_rule(rot):
    # Dragged exactly between two slots: equal area, equal distance -> smaller key.
    a, b, dragged = turn([card("slot.b", 100, 100), card("slot.a", 170, 100),
                          card("d", 135, 100)], rot)
    idx = _slots_index([a, b])
    assert idx.best_target(dragged, ["slot.b", "slot.a"]) == "slot.a"
    assert idx.best_target(dragged, ["slot.a", "slot.b"]) == "slot.a"
    # Equal area, different distance: the nearer centre wins over key order.
    far = Placed("a_far", (20, 0), (100, 100))
    near = Placed("z_near", (0, 0), (100, 100))
    small = Placed("d", (0, 0), (10, 10))
    far, near, small = turn([far, near, small], rot)
    idx2 = _slots_index([far, near])
    assert idx2.best_target(small, ["a_far", "z_near"]) == "z_near"


def test_best_target_edge_contact_is_not_overlap():
    idx = _slots_index([card("s", 100, 100)])
    assert idx.best_target(card("d", 163, 100), ["s"]) is None


# -- touching_sides ---------------------------------------------------------------------


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_touching_sides_any_table_rotation(rot):
    a, b_same, b_turned, b_below, b_far = turn(
        [card("a", 0, 0), card("b", 63, 0), card("c", 63, 0, 180), card("d", 0, 88),
         card("e", 63.6, 0)], rot)
    assert touching_sides(a, b_same) == [("right", "left")]
    assert touching_sides(b_same, a) == [("left", "right")]
    assert touching_sides(a, b_turned) == [("right", "right")]
    assert touching_sides(a, b_below) == [("bottom", "top")]
    assert touching_sides(a, b_far) == []          # 0.6 mm gap > 0.5 tolerance
    assert touching_sides(a, b_far, tolerance_mm=0.7) == [("right", "left")]


def test_touching_sides_edge_cases():
    a = card("a", 0, 0)
    assert touching_sides(a, card("b", 63.4, 0)) == [("right", "left")]   # small gap
    assert touching_sides(a, card("b", 62.6, 0)) == [("right", "left")]   # small overlap
    assert touching_sides(a, card("corner", 63, 88)) == []                # corner only
    assert touching_sides(a, card("half", 63, 44)) == [("right", "left")]  # half along
    assert touching_sides(a, card("skew", 63, 0, 2.0)) == []              # not parallel
    # Long side against short side: card turned 90, its own top against a's right.
    b = card("t", 31.5 + 44, 0, 90)
    assert touching_sides(a, b) == [("right", "top")]
    # Stacked cards do not touch side to side.
    assert touching_sides(a, card("same", 0, 0)) == []
    assert touching_sides(a, card("upside", 0, 0, 180)) == []


def test_touching_float_noise_from_turning():
    # Turned 90, a card's own left side faces screen-down and it is 63 mm tall.
    a = card("a", 37.0, 37.0, 90)
    # Float noise as left by radian-based rotation (36.99999999999999, 90.00000000001).
    b = card("b", 37.0 + 1e-12, 37.0 + 63.0 - 1e-12, 90.00000000001)
    assert touching_sides(a, b) == [("left", "right")]
    assert facing_slots(a, "left", b, "right") == [(i, i) for i in range(5)]
    noisy = Placed("n", (37.0, 36.99999999999999), (W, H), 90.0)
    assert touching_sides(a, noisy.translated(0, 63)) == [("left", "right")]
    # The same configuration built with radians rather than degrees still agrees.
    rad = math.pi / 2
    moved = (37.0 + 63.0 * math.cos(rad), 37.0 + 63.0 * math.sin(rad))
    assert moved[0] != 37.0  # 37.000000000000004: the noise is real
    assert touching_sides(a, card("r", *moved, math.degrees(rad))) == [("left", "right")]


def test_index_touching_and_neighbours():
    idx = ShapeIndex()
    for s in [card("a", 100, 100), card("b", 163, 100, 180), card("c", 100, 188),
              card("far", 400, 100), card("diag", 163, 188)]:
        idx.add(s, "card")
    idx.add(Placed("zone:z", (100, 100), (400, 400)), "zone")
    assert idx.touching("a", "b") and idx.touching("a", "c")
    assert not idx.touching("a", "far") and not idx.touching("a", "diag")
    assert idx.neighbours("a", "card") == ["b", "c"]
    assert idx.neighbours("diag", "card") == ["b", "c"]
    assert idx.neighbours("far") == []


# -- facing_slots ----------------------------------------------------------------------


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_facing_slots_180_gives_i_to_4_minus_i(rot):
    a, b = turn([card("foe_move", 0, 0), card("conan_move", 63, 0, 180)], rot)
    assert touching_sides(a, b) == [("right", "right")]
    expected = [(i, 4 - i) for i in range(5)]
    assert facing_slots(a, "right", b, "right") == expected
    assert facing_slots(b, "right", a, "right") == expected
    # The same pair on the other long side.
    a2, c = turn([card("foe_move", 0, 0), card("conan_move", -63, 0, 180)], rot)
    assert facing_slots(a2, "left", c, "left") == expected


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_facing_slots_same_orientation_and_short_sides(rot):
    a, b, c = turn([card("a", 0, 0), card("b", 63, 0), card("c", 0, 88, 180)], rot)
    assert facing_slots(a, "right", b, "left") == [(i, i) for i in range(5)]
    # Bottom against (turned) bottom: numbered from each card's own left.
    assert facing_slots(a, "bottom", c, "bottom") == [(i, 4 - i) for i in range(5)]
    # Sides that do not touch face nothing.
    assert facing_slots(a, "left", b, "right") == []


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_facing_slots_offset_partial(rot):
    slot = H / 5
    # Two slots (0.4 card) down: only the overlapping three slots pair up.
    a, b = turn([card("a", 0, 0), card("b", 63, 2 * slot, 180)], rot)
    assert facing_slots(a, "right", b, "right") == [(2, 4), (3, 3), (4, 2)]
    # Half a card down with 4 slots (22 mm each): the overlapping half pairs up.
    a, b = turn([card("a", 0, 0), card("b", 63, H / 2, 180)], rot)
    assert facing_slots(a, "right", b, "right", n_slots=4) == [(2, 3), (3, 2)]
    # With 5 slots, half a card is 2.5 slots: every slot faces exactly half of two slots,
    # which is not *more* than half, so nothing pairs (stated rule, no float coin-flip).
    assert facing_slots(a, "right", b, "right") == []
    # Slightly more than half a slot of overlap does pair.
    a, b = turn([card("a", 0, 0), card("b", 63, 2.4 * slot, 180)], rot)
    assert facing_slots(a, "right", b, "right") == [(2, 4), (3, 3), (4, 2)]


def test_facing_slots_validates():
    a, b = card("a", 0, 0), card("b", 63, 0)
    with pytest.raises(ValueError):
        facing_slots(a, "right", b, "left", n_slots=0)
    with pytest.raises(ValueError):
        facing_slots(a, "upwards", b, "left")  # type: ignore[arg-type]


# -- corners, grid, facing_across -------------------------------------------------------


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_meeting_corners(rot):
    a, b, c = turn([card("a", 0, 0), card("b", 63, 0), card("c", 63, 0, 180)], rot)
    assert meeting_corners(a, b) == [("top_right", "top_left"), ("bottom_right", "bottom_left")]
    # b turned 180: its own bottom-right sits at a's top-right.
    assert meeting_corners(a, c) == [("top_right", "bottom_right"),
                                     ("bottom_right", "top_right")]
    assert meeting_corners(a, card("far", 500, 500)) == []


@pytest.mark.parametrize("rot", TABLE_ROTATIONS)
def test_grid_adjacent_4x4(rot):
    cells = {(r, c): Placed(f"r{r}c{c}", (c * W, r * H), (W, H)) for r in range(4)
             for c in range(4)}
    turned = dict(zip(cells, turn(list(cells.values()), rot), strict=True))
    for (r1, c1), p in turned.items():
        for (r2, c2), q in turned.items():
            expected = abs(r1 - r2) + abs(c1 - c2) == 1
            assert grid_adjacent(p, q) == expected, ((r1, c1), (r2, c2))
    # Offset by a sliver of an edge: not sharing an edge.
    assert not grid_adjacent(card("a", 0, 0), card("b", 63, 80))


def test_facing_across_xenocard_fields():
    # Seat 0 at the bottom (upright), seat 1 at the top (turned 180).
    own = {name: card(f"p0.{name}", x, y) for name, x, y in
           [("front.left", 100, 300), ("front.right", 170, 300), ("back.left", 100, 400)]}
    opp = [card("p1.front.right", 100, 180, 180), card("p1.front.left", 170, 180, 180),
           card("p1.back.right", 100, 80, 180)]
    front_left = own["front.left"]
    got = facing_across(front_left, opp, 90, frame="card")
    assert [p.key for p in got] == ["p1.front.right", "p1.back.right"]
    assert [p.key for p in facing_across(front_left, opp, 90)] == [
        "p1.front.right", "p1.back.right"]
    # From the far seat, "ahead" of a card turned 180 is screen-down.
    back = facing_across(opp[1], list(own.values()), 90, frame="card")
    assert [p.key for p in back] == ["p0.front.right"]
    # Same question asked of a configuration turned 33 degrees gives the same keys.
    turned = turn([front_left, *opp], 33)
    assert [p.key for p in facing_across(turned[0], turned[1:], 90, frame="card")] == [
        "p1.front.right", "p1.back.right"]
    with pytest.raises(ValueError):
        facing_across(front_left, opp, 90, frame="screen")  # type: ignore[arg-type]


# -- properties -------------------------------------------------------------------------

angles = st.floats(min_value=-720, max_value=720, allow_nan=False)
coords = st.floats(min_value=-1000, max_value=1000, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(angle=angles, px=coords, py=coords,
       offset_slots=st.integers(min_value=-4, max_value=4),
       turned=st.booleans(), base_rot=st.sampled_from([0.0, 90.0, 180.0, 270.0, 17.0]))
def test_touching_and_slots_invariant_under_turning_the_table(angle, px, py, offset_slots,
                                                            turned, base_rot):
    a = card("a", 0, 0)
    b = card("b", 63, offset_slots * H / 5 + 0.3, 180.0 if turned else 0.0)
    a, b = turn([a, b], base_rot, (0.0, 0.0))
    before_sides = touching_sides(a, b)
    before_slots = [facing_slots(a, sa, b, sb) for sa, sb in before_sides]
    a2, b2 = turn([a, b], angle, (px, py))
    after_sides = touching_sides(a2, b2)
    assert after_sides == before_sides
    assert [facing_slots(a2, sa, b2, sb) for sa, sb in after_sides] == before_slots
    assert meeting_corners(a2, b2) == meeting_corners(a, b)


@settings(max_examples=200, deadline=None)
@given(ax=coords, ay=coords, bx=st.floats(-80, 80), by=st.floats(-80, 80),
       ra=angles, rb=angles, bw=st.floats(1, 150), bh=st.floats(1, 150))
def test_overlap_area_symmetric_and_bounded(ax, ay, bx, by, ra, rb, bw, bh):
    a = Placed("a", (ax, ay), (W, H), ra)
    b = Placed("b", (ax + bx, ay + by), (bw, bh), rb)
    ab, ba = overlap_area(a, b), overlap_area(b, a)
    assert ab >= 0.0
    assert ab == pytest.approx(ba, abs=1e-6 * max(1.0, ab))
    assert ab <= min(a.area(), b.area()) + 1e-9
    # Turning both about a's centre keeps the area.
    a2, b2 = turn([a, b], 41.0, a.center)
    assert overlap_area(a2, b2) == pytest.approx(ab, rel=1e-6, abs=1e-6)
