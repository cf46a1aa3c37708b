"""The battlefield's frame follows the turn player's Conan (CONAN-R7, CONAN-R8).

The layout file draws the battlefield for seat 0's turn; on seat 1's turn it is
turned 180 degrees about Conan (``battlefield.frame``), so Center always lies
between the turn player's Conan and the enemy, the flanks at the turn player's
left and right, Rear toward the turn player. Every geometric answer is computed
from relative shapes, so the same fight on either seat's turn ends the same.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup
from tabletop.games import conan
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import foes
from tabletop.geometry import Placed

RULES = conan.load()
FILL = ["move_parry"] * 8
ZONES = ("center", "left_flank", "right_flank", "rear")


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


def lab(game: Game, name: str) -> int:
    return int(game.state.data["labels"][name])


def ok(game: Game, kind: str, seat: int, **args: Any) -> None:
    verdict = game.propose(Action.make(kind, seat, **args))
    assert verdict.ok, verdict.reason


def at_foe_move(turn: int, zone: str = "center") -> Game:
    """``turn``'s seat plays Conan; the enemy's two human Foes stand in ``zone``."""
    enemy = 1 - turn
    zones: dict[str, list[Any]] = {
        "p0.deck": list(FILL), "p1.deck": list(FILL),
        "conan": [c("conan_wanderer", "conan", owner=turn)],
        zone: [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
        f"p{turn}.hand": [c("move_slash", "slash"), "move_parry"],
        f"p{enemy}.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
        f"p{enemy}.foe_deck": ["foe_grey_wolf"],
    }
    pos = {"phase": "foe_move", "active": turn, "step": "", "zones": zones, "turn": 3}
    return Game(RULES, GameSetup("conan", 1, 0, position=pos))


def moves_placed(turn: int, zone: str = "center") -> Game:
    """The enemy's Moves against both Foes, Conan's Move in the gap between them."""
    game = at_foe_move(turn, zone)
    enemy = 1 - turn
    for card, foe in (("arrows", "bandit"), ("cleave", "spear")):
        ok(game, "place_foe_move", enemy, card=lab(game, card), foe=lab(game, foe))
    ok(game, "next_phase", enemy)
    ok(game, "place_move", turn, card=lab(game, "slash"), character=lab(game, "conan"),
       target=f"{zone}/gap1")
    return game


def by_label(game: Game) -> dict[int, str]:
    return {int(i): name for name, i in game.state.data["labels"].items()}


def unit(v: tuple[float, float]) -> tuple[float, float]:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n)


def turned(shape: Placed) -> Placed:
    return shape.rotated_about(bf.conan_center(), 180.0)


def same_place(a: Placed, b: Placed) -> bool:
    return math.dist(a.center, b.center) < 1e-6 and \
        abs((a.rotation_deg - b.rotation_deg + 180.0) % 360.0 - 180.0) < 1e-6


# ------------------------------------------------------------------------ the frame


@pytest.mark.parametrize("turn", [0, 1])
def test_center_lies_between_the_turn_players_conan_and_the_enemy(turn: int) -> None:
    game = at_foe_move(turn)
    lay = bf.frame(game.state)
    cx, cy = bf.conan_center()
    enemy_hand = lay.zone(f"p{1 - turn}.hand")
    own_hand = lay.zone(f"p{turn}.hand")

    def towards(zone: str) -> tuple[float, float]:
        z = lay.zone(zone)
        return unit((z.x_mm - cx, z.y_mm - cy))

    forward = towards("center")
    # Center on the enemy's side of the table, Rear on the turn player's own side.
    assert forward[1] * (enemy_hand.y_mm - cy) > 0
    assert towards("rear")[1] * (own_hand.y_mm - cy) > 0
    # The flanks at the turn player's left and right (screen y down: right = (-fy, fx)).
    right = (-forward[1], forward[0])
    assert towards("right_flank") == pytest.approx(right)
    assert towards("left_flank") == pytest.approx((-right[0], -right[1]))
    assert bf.conan_right("center", turn) == pytest.approx(right)
    # Seat 0's turn is the layout as drawn; seat 1's the same turned about Conan.
    if turn == 0:
        assert lay is bf.layout()
    for zone in (*ZONES, "conan", "moves"):
        here, drawn = lay.zone(zone).shape(), bf.layout().zone(zone).shape()
        assert same_place(here, drawn if turn == 0 else turned(drawn))
    # Every other zone stays where the layout file puts it.
    assert [z for z in lay.zones if z.id not in bf.FIELD_ZONES] == \
        [z for z in bf.layout().zones if z.id not in bf.FIELD_ZONES]


@pytest.mark.parametrize("turn", [0, 1])
def test_foe_rows_start_at_the_turn_players_left(turn: int) -> None:
    game = at_foe_move(turn)
    first, second = bf.foe_shapes(game.state, "center")
    right = bf.conan_right("center", turn)
    along = [(s.center[0] - bf.conan_center()[0]) * right[0]
             + (s.center[1] - bf.conan_center()[1]) * right[1] for s in (first, second)]
    assert along[0] < along[1]  # row order from Conan's left
    centre = bf.frame(game.state).zone("center").shape()
    assert all(centre.contains(s.center) for s in (first, second))


@pytest.mark.parametrize("turn", [0, 1])
def test_foe_placement_targets_lie_in_the_turns_center(turn: int) -> None:
    enemy = 1 - turn
    zones = {"p0.deck": list(FILL), "p1.deck": list(FILL),
             "conan": [c("conan_wanderer", "conan", owner=turn)],
             f"p{enemy}.foe_hand": [c("foe_hill_bandit", "bandit")]}
    pos = {"phase": "foe_draw", "active": turn, "step": "place", "zones": zones, "turn": 3,
           "data": {"foes_placed": 0, "forced": False, "region_attached": False}}
    game = Game(RULES, GameSetup("conan", 1, 0, position=pos))
    (target,) = foes.foe_targets(game.state, RULES.cards, lab(game, "bandit"))
    assert target.id == "center/0"
    centre = bf.frame(game.state).zone("center").shape()
    assert centre.contains(target.shape.center)
    assert target.shape.rotation_deg % 360 == centre.rotation_deg % 360


# ------------------------------------------------------------------ the same fight


@pytest.mark.parametrize("zone", ZONES)
def test_the_same_fight_on_either_seats_turn_gives_the_same_answers(zone: str) -> None:
    games = {turn: moves_placed(turn, zone) for turn in (0, 1)}
    names = {turn: by_label(g) for turn, g in games.items()}
    # The stored Move shapes on seat 1's turn are seat 0's turned about Conan.
    shapes = {turn: {names[turn][r.card]: bf.move_shape(r) for r in bf.moves(g.state)}
              for turn, g in games.items()}
    assert set(shapes[0]) == set(shapes[1]) == {"arrows", "cleave", "slash"}
    for name, shape in shapes[0].items():
        assert same_place(shapes[1][name], turned(shape)), name
    # Targets: the same ids, the same Foes touched, the same places turned.
    for g in games.values():
        assert [t.id for t in bf.zone_targets(g.state, zone)] == \
            [f"{zone}/foe1/left", f"{zone}/gap1", f"{zone}/foe2/right"]
    t0, t1 = (bf.zone_targets(games[s].state, zone) for s in (0, 1))
    for a, b in zip(t0, t1, strict=True):
        assert [names[0][f] for f in a.touches] == [names[1][f] for f in b.touches]
        assert same_place(b.shape, turned(a.shape))
    # Touching sides and facing slots (i against 4-i): the same.
    def contacts(turn: int) -> list[tuple[Any, ...]]:
        return sorted((names[turn][k.hero], k.hero_side, names[turn][k.foe_card], k.foe_side,
                       tuple(sorted(k.hero_to_foe.items())))
                      for k in bf.contacts(games[turn].state, zone))

    assert contacts(0) == contacts(1)
    assert len(contacts(0)) == 2
    # Fight it out: the same damage, the same Foes defeated.
    for turn, g in games.items():
        ok(g, "next_phase", turn)
        if g.state.pending is not None and g.state.pending.kind == "barbarian":
            ok(g, "decide", turn, choice=["pass"])
    for turn, g in games.items():
        assert g.state.cards[lab(g, "conan")].counters.get("damage") == 2
        assert g.state.zone_of(lab(g, "bandit")) == f"p{turn}.chronicle"
        assert g.state.zone_of(lab(g, "spear")) == f"p{turn}.chronicle"


def test_a_move_dragged_on_seat_1s_turn_snaps_to_the_turned_gap() -> None:
    game = at_foe_move(1)
    for card, foe in (("arrows", "bandit"), ("cleave", "spear")):
        ok(game, "place_foe_move", 0, card=lab(game, card), foe=lab(game, foe))
    ok(game, "next_phase", 0)
    gap = bf.find_target(game.state, "center/gap1")
    assert gap is not None
    # Center lies toward seat 0 (the bottom of the table) on seat 1's turn.
    assert gap.shape.center[1] > bf.conan_center()[1]
    dragged = Placed("drag", (gap.shape.center[0] + 8, gap.shape.center[1] - 6), (63, 88))
    from tabletop.games.conan import moves

    snapped = bf.snap(dragged, moves.legal_targets(game.state, RULES.cards, 1, lab(game, "conan")))
    assert snapped is not None and snapped.id == "center/gap1"
