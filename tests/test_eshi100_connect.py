"""Connect computation on hand-made boards (ESHI-R3, ESHI-R4, ESHI-H5).

Boards are written as ``{square: (card, owner)}``; player 2's cards lie turned
180 degrees. The expected answers are worked out by hand from the card files'
connectors (own upright frame: top_left, top_right, bottom_right, bottom_left).
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.model import GameState
from tabletop.core.rules import GameSetup
from tabletop.games import eshi100
from tabletop.games.eshi100 import board, connect
from tabletop.geometry import Placed, meeting_corners

RULES = eshi100.load()
DB = RULES.cards


Board = tuple[GameState, dict[int, int]]


def make(cells: dict[int, tuple[str, int]], damaged: tuple[int, ...] = ()) -> Board:
    """A state with the given grid; returns it and square -> instance id."""
    grid: list[dict[str, Any]] = [
        {"card": card, "owner": owner, "counters": {"square": sq}, "label": f"s{sq}",
         "face_up": sq not in damaged}
        for sq, (card, owner) in cells.items()]
    pos = {"phase": "action", "turn": 3,
           "zones": {"grid": grid, "p0.deck": ["chalk_sprite"] * 3, "p1.deck": ["chalk_sprite"] * 3,
                     "p0.hand": ["ink_comet"]}}
    state = RULES.new_game(GameSetup("eshi100", 1, 0, position=pos))
    labels = state.data["labels"]
    return state, {sq: labels[f"s{sq}"] for sq in cells}


def groups(state: GameState, seat: int, ids: dict[int, int]) -> list[set[int]]:
    """Connects as sets of squares (easier to read than instance ids)."""
    back = {iid: sq for sq, iid in ids.items()}
    return sorted(({back[i] for i in grp} for grp in RULES.connect_groups(state, seat)),
                  key=min)


def test_geometry_reports_the_corners_of_a_half_turned_neighbour() -> None:
    # player 1's card on square 0, player 2's (turned 180) on square 1 to its right:
    # A's top_right meets B's own bottom_right, A's bottom_right meets B's top_right.
    a, b = board.card_shape(0, 0), board.card_shape(1, 1)
    assert sorted(meeting_corners(a, b)) == [("bottom_right", "top_right"),
                                             ("top_right", "bottom_right")]
    assert board.corner_pairs(0, 0, 5, 0) == ()  # diagonal: one corner, not adjacent
    assert board.neighbours(0) == (1, 4) and board.neighbours(5) == (1, 4, 6, 9)


def test_usable_direction_follows_the_seat_and_rotation() -> None:
    upright, turned = board.card_shape(0, 0), board.card_shape(0, 1)
    assert connect.usable("up", upright, 0) and not connect.usable("up", upright, 1)
    assert connect.usable("up", turned, 1) and not connect.usable("up", turned, 0)
    assert connect.usable("down", turned, 0) and connect.usable("both", turned, 0)
    assert not connect.usable("none", turned, 0) and not connect.usable("none", turned, 1)
    spun = Placed("x", (0, 0), (63, 88), 90.0)  # sideways: points neither up nor down
    assert not connect.usable("up", spun, 0) and not connect.usable("up", spun, 1)


def test_same_owner_side_by_side_connect_for_that_owner_only() -> None:
    state, ids = make({0: ("mural_giant", 0), 1: ("mural_giant", 0)})
    assert groups(state, 0, ids) == [{0, 1}]
    assert groups(state, 1, ids) == [{0}, {1}]


def test_all_up_cards_of_different_owners_never_connect() -> None:
    state, ids = make({0: ("mural_giant", 0), 1: ("mural_giant", 1)})
    assert groups(state, 0, ids) == [{0}, {1}]
    assert groups(state, 1, ids) == [{0}, {1}]


def test_rotation_changes_the_answer_for_an_asymmetric_card() -> None:
    # Easel Guard: top_left up, top_right none, bottom_right none, bottom_left up.
    upright, _ = make({0: ("mural_giant", 0), 1: ("easel_guard", 0)})
    assert groups(upright, 0, _) == [{0, 1}]  # its left corners face the Mural Giant
    turned, ids = make({0: ("mural_giant", 0), 1: ("easel_guard", 1)})
    # turned 180, its "none" corners (top_right, bottom_right) now face left
    assert groups(turned, 0, ids) == [{0}, {1}]
    assert groups(turned, 1, ids) == [{0}, {1}]


def test_vertical_neighbours_use_the_top_and_bottom_corners() -> None:
    # Chalk Sprite: up, up on top, none at the bottom.
    state, ids = make({0: ("mural_giant", 0), 4: ("chalk_sprite", 0)})
    assert groups(state, 0, ids) == [{0}, {4}]  # the Sprite's bottom corners are bare
    state, ids = make({0: ("chalk_sprite", 0), 4: ("mural_giant", 0)})
    assert groups(state, 0, ids) == [{0, 4}]


def test_mixed_owners_blank_canvas_serves_both_players() -> None:
    # Blank Canvas (both on every corner) of player 2 in the middle of a row.
    cells = {0: ("mural_giant", 0), 1: ("blank_canvas", 1), 2: ("mural_giant", 1)}
    state, ids = make(cells)
    # player 1: Mural(0)-Canvas; Canvas-Mural of player 2 needs "up" for player 1: no
    assert groups(state, 0, ids) == [{0, 1}, {2}]
    # player 2: Canvas-their own Mural (turned: its up corners are theirs)
    assert groups(state, 1, ids) == [{0}, {1, 2}]
    assert RULES.connect_of(state, 0, 2) == frozenset({ids[2]})
    assert RULES.connect_of(state, 0, 1) == frozenset({ids[0], ids[1]})
    assert RULES.connect_of(state, 0, 9) == frozenset()


def test_player_twos_frame_wall_reaches_player_one_with_its_down_corners() -> None:
    # Frame Wall: up, up on top; down, down at the bottom. Turned for player 2, its
    # own bottom corners face the Mural on its left and point up from player 1.
    state, ids = make({0: ("mural_giant", 0), 1: ("frame_wall", 1), 2: ("frame_wall", 1)})
    # Frame Wall(1) to Frame Wall(2), both turned: 1's own bottom_left meets 2's own
    # bottom_right (down, down: player 1's) and 1's own top_left meets 2's own
    # top_right (up, up: player 2's), so both players connect the two walls.
    assert groups(state, 0, ids) == [{0, 1, 2}]
    assert groups(state, 1, ids) == [{0}, {1, 2}]


def test_damaged_cards_have_no_connectors_and_break_a_chain() -> None:
    cells = {0: ("mural_giant", 0), 1: ("mural_giant", 0), 2: ("mural_giant", 0)}
    state, ids = make(cells, damaged=(1,))
    assert groups(state, 0, ids) == [{0}, {2}]
    assert RULES.connect_of(state, 0, 1) == frozenset()


def test_a_connect_can_run_round_the_board_in_any_shape() -> None:
    cells = {sq: ("mural_giant", 0) for sq in (0, 1, 2, 6, 10, 9, 8)}
    state, ids = make(cells)
    assert groups(state, 0, ids) == [{0, 1, 2, 6, 8, 9, 10}]


# -- paying (ESHI-R4, ESHI-H5) -----------------------------------------------------------
@pytest.fixture
def row() -> tuple[GameState, dict[int, int]]:
    # Crimson Brushstroke (cost 2) on 0, then Mural Giants on 1 and 2: one connect.
    return make({0: ("crimson_brushstroke", 0), 1: ("mural_giant", 0), 2: ("mural_giant", 0)})


def test_consume_hint_lights_only_cards_that_keep_the_group_connected(row: Any) -> None:
    state, ids = row
    x = ids[0]
    hint = RULES.consume_hint(state, 0, x, [])
    assert hint.cost == 2 and hint.candidates == {x, ids[1]} and not hint.complete
    hint = RULES.consume_hint(state, 0, x, [x])
    assert hint.candidates == {ids[1]} and hint.verdict.reason == "eshi100.consume_count"
    hint = RULES.consume_hint(state, 0, x, [x, ids[1]])
    assert hint.complete and hint.verdict.ok and hint.candidates == frozenset()


def test_a_disconnected_choice_is_refused(row: Any) -> None:
    state, ids = row
    x = ids[0]
    verdict = RULES.check_consume(state, 0, x, [x, ids[2]])
    assert verdict.reason == "eshi100.consume_disconnected" and verdict.rule == "ESHI-R4"
    hint = RULES.consume_hint(state, 0, x, [ids[2]])  # partial, can never be completed
    assert not hint.verdict.ok and hint.verdict.reason == "eshi100.consume_disconnected"
    assert RULES.check_consume(state, 0, x, [ids[1], ids[2]]).reason == \
        "eshi100.consume_must_include_card"


def test_cards_outside_the_connect_cannot_be_consumed() -> None:
    state, ids = make({0: ("crimson_brushstroke", 0), 1: ("mural_giant", 1)})
    verdict = RULES.check_consume(state, 0, ids[0], [ids[0], ids[1]])
    assert verdict.reason == "eshi100.consume_not_in_connect"
    assert connect.payments(state, DB, 0, ids[0]) == []


def test_payments_list_every_connected_group_holding_the_card() -> None:
    cells = {0: ("gilded_frame_dragon", 0), 1: ("mural_giant", 0), 4: ("mural_giant", 0),
             5: ("mural_giant", 0), 2: ("mural_giant", 0)}
    state, ids = make(cells)
    pays = connect.payments(state, DB, 0, ids[0])  # cost 4 out of a connect of 5
    back = {iid: sq for sq, iid in ids.items()}
    assert sorted(sorted(back[i] for i in p) for p in pays) == [
        [0, 1, 2, 4], [0, 1, 2, 5], [0, 1, 4, 5]]
