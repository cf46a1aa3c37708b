"""Conan rules, one test per ruling (CONAN-R1..R20, seed 000) plus the battlefield geometry.

Tests build exact positions (``GameSetup(position=...)``: no shuffle, no
opening hands) and propose actions through the core ``Game`` exactly as the
window and the bots do.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.actions import Action, Verdict
from tabletop.core.decks import Deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, register_card_names
from tabletop.core.view import view_for
from tabletop.games import conan
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import moves
from tabletop.games.conan.data import losses, turn_data
from tabletop.games.conan.icons import SideResult, evaluate_side
from tabletop.games.conan.stats import stat
from tabletop.geometry import Placed, facing_slots, touching_sides

RULES = conan.load()
FILL = ["move_parry"] * 8


def position(phase: str, active: int = 0, step: str = "", data: dict[str, Any] | None = None,
             **zones: list[Any]) -> dict[str, Any]:
    """A position with 8-card draw decks unless given; zone kwargs like ``p0_hand``."""
    table: dict[str, list[Any]] = {"p0.deck": list(FILL), "p1.deck": list(FILL)}
    for key, cards in zones.items():
        table[key.replace("_", ".", 1) if key[:2] in ("p0", "p1") else key] = cards
    pos: dict[str, Any] = {"phase": phase, "active": active, "step": step, "zones": table,
                           "turn": 3}
    if data:
        pos["data"] = data
    return pos


def game_at(pos: dict[str, Any], seed: int = 1) -> Game:
    return Game(RULES, GameSetup("conan", seed, 0, position=pos))


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


def lab(game: Game, name: str) -> int:
    return int(game.state.data["labels"][name])


def act(game: Game, kind: str, seat: int, **args: Any) -> Verdict:
    return game.propose(Action.make(kind, seat, **args))


def ok(game: Game, kind: str, seat: int, **args: Any) -> None:
    verdict = act(game, kind, seat, **args)
    assert verdict.ok, verdict.reason


def refused(game: Game, kind: str, seat: int, code: str, **args: Any) -> Verdict:
    before = game.state.fingerprint()
    verdict = act(game, kind, seat, **args)
    assert not verdict.ok and verdict.reason == code, verdict.reason
    assert game.state.fingerprint() == before
    return verdict


def counters(game: Game, label: str) -> dict[str, int]:
    return dict(game.state.cards[lab(game, label)].counters)


def zone_of(game: Game, label: str) -> str:
    return game.state.zone_of(lab(game, label))


CONAN = c("conan_wanderer", "conan")


def fight(zone: str, foes: list[dict[str, Any]], foe_moves: list[tuple[str, str]],
          hero: list[tuple[str, str]], p0_hand: list[Any], p1_hand: list[Any],
          **zones: list[Any]) -> Game:
    """Foes in ``zone``, Foe Moves placed, Conan's Moves placed, revealed, Barbarian passed."""
    game = game_at(position("foe_move", conan=[CONAN], p0_hand=p0_hand, p1_hand=p1_hand,
                            **{zone: foes}, **zones))
    for card, foe in foe_moves:
        ok(game, "place_foe_move", 1, card=lab(game, card), foe=lab(game, foe))
    ok(game, "next_phase", 1)
    for card, target in hero:
        ok(game, "place_move", 0, card=lab(game, card), character=lab(game, "conan"),
           target=target)
    ok(game, "next_phase", 0)
    if game.state.pending is not None and game.state.pending.kind == "barbarian":
        ok(game, "decide", 0, choice=["pass"])
    return game


# ----------------------------------------------------------------------------- R1..R4


def test_conan_r1_renown_check_at_start_of_turn_ends_the_game() -> None:
    chronicle = ["foe_pit_fiend", "foe_giant_serpent", "foe_mercenary_captain",
                 "foe_serpent_priest", "foe_barrow_wight", "foe_cave_ape", "foe_cave_ape"]
    game = game_at(position("start_of_turn", p0_chronicle=chronicle,
                            p1_chronicle=["foe_cave_ape"] * 3, conan=[CONAN]))
    state = game.state
    assert sum(RULES.cards[cid]["renown"] for cid in chronicle) == 40
    assert state.result == "win" and state.winner == 0


def test_conan_r1_equal_renown_at_40_is_a_draw() -> None:
    forty = ["foe_pit_fiend"] + ["foe_cave_ape"] * 8
    game = game_at(position("start_of_turn", p0_chronicle=forty, p1_chronicle=forty))
    assert game.state.result == "draw" and game.state.winner is None


def test_conan_r2_no_press_on_without_cards() -> None:
    # One weak Foe; Conan's only card beats it; with an empty hand he must rest.
    game = fight("center", [c("foe_rattling_skeleton", "skel")], [("foe_move", "skel")],
                 [("slash", "center/foe1/right")], [c("move_slash", "slash")],
                 [c("move_feint", "foe_move")], p1_foe_deck=["foe_grey_wolf"])
    assert zone_of(game, "skel") == "p0.chronicle"
    # Hand empty after the Warrior step: no Press On; the Rest step ran and the turn passed.
    assert game.state.active == 1 and game.state.pending.kind == "press_on"
    assert any(e.public.key == "log.conan.cannot_press_on" for e in game.state.log)


def test_conan_r2_press_on_offered_with_cards_and_prowess() -> None:
    game = fight("center", [c("foe_rattling_skeleton", "skel")], [("foe_move", "skel")],
                 [("slash", "center/foe1/right")], [c("move_slash", "slash"), "move_parry"],
                 [c("move_feint", "foe_move")], p1_foe_deck=["foe_grey_wolf"])
    assert game.state.pending.kind == "press_on" and game.state.active == 0
    ok(game, "decide", 0, choice=["press_on"])
    assert game.state.phase == "prepare" and turn_data(game.state).press == 1


def test_conan_r3_foe_exhaustion_eliminates_the_enemy() -> None:
    # The enemy's Foe deck and Foe discard are empty; its last Foe falls.
    game = fight("center", [c("foe_rattling_skeleton", "skel")], [("foe_move", "skel")],
                 [("slash", "center/foe1/right")], [c("move_slash", "slash")],
                 [c("move_feint", "foe_move")])
    assert game.state.result == "win" and game.state.winner == 0
    assert game.state.log[-2].public.key == "log.conan.foes_exhausted"


def test_conan_r3_empty_draw_deck_reshuffles_the_discard() -> None:
    game = game_at(position("prepare", conan=[CONAN], p0_deck=[],
                            p0_discard=["move_parry", "move_slash", "move_lunge"],
                            p0_hand=[c("action_forage", "forage")]))
    ok(game, "play_card", 0, card=lab(game, "forage"))
    state = game.state
    assert len(state.zones["p0.hand"].cards) == 2
    assert [state.cards[i].card_id for i in state.zones["p0.discard"].cards] == ["action_forage"]
    assert len(state.zones["p0.deck"].cards) == 1


def test_conan_r4_foe_hand_is_five_plus_a_third_of_the_scars() -> None:
    chronicle = ["foe_mercenary_captain", "foe_cave_ape", "foe_crypt_ghoul"]  # scars 3+2+2
    game = game_at(position("prepare", conan=[CONAN], p0_chronicle=chronicle,
                            p1_foe_deck=["foe_hill_bandit"] * 10))
    ok(game, "next_phase", 0)
    assert len(game.state.zones["p1.foe_hand"].cards) == 5 + 7 // 3
    assert game.state.zone_of(lab_conan(game)) == "conan"


def lab_conan(game: Game) -> int:
    return lab(game, "conan")


# ----------------------------------------------------------------------------- R5..R7


def _placing(**zones: list[Any]) -> Game:
    return game_at(position("foe_draw", step="place", conan=[CONAN], **zones))


def test_conan_r5_major_foe_costs_minor_renown_with_none_spare() -> None:
    game = _placing(p1_foe_hand=[c("foe_pit_fiend", "fiend"), c("foe_cave_ape", "ape"),
                                 c("foe_hill_bandit", "bandit"), c("foe_grey_wolf", "wolf")])
    fiend, ape, bandit, wolf = (lab(game, n) for n in ("fiend", "ape", "bandit", "wolf"))
    short = refused(game, "place_foe", 1, "conan.major_cost_short", card=fiend, zone="center",
                    cost=[bandit])
    assert short.message is not None
    register_card_names(RULES.cards)
    assert short.message.render("en") == "The Minor Foes chosen give 2 renown; Pit Fiend costs 4."
    refused(game, "place_foe", 1, "conan.major_cost", card=fiend, zone="center",
            cost=[ape, bandit])
    ok(game, "place_foe", 1, card=fiend, zone="center", cost=[bandit, wolf])
    assert zone_of(game, "bandit") == zone_of(game, "wolf") == "p1.foe_discard"


def test_conan_r6_forced_placement_without_cost() -> None:
    game = _placing(p1_foe_hand=[c("foe_giant_serpent", "serpent"),
                                 c("foe_barrow_wight", "wight")])
    refused(game, "next_phase", 1, "conan.place_one_foe")
    ok(game, "place_foe", 1, card=lab(game, "wight"), zone="center", cost=[])
    refused(game, "place_foe", 1, "conan.forced_only_one", card=lab(game, "serpent"),
            zone="center")


def test_conan_r7_zone_order_kinds_and_capacity() -> None:
    game = _placing(p1_foe_hand=[c("foe_hill_bandit", "b1"), c("foe_temple_spearman", "b2"),
                                 c("foe_hill_bandit", "b3"), c("foe_hill_bandit", "b4"),
                                 c("foe_grey_wolf", "wolf"), c("foe_crypt_ghoul", "ghoul")])
    refused(game, "place_foe", 1, "conan.flank_needs_center", card=lab(game, "wolf"),
            zone="left_flank")
    ok(game, "place_foe", 1, card=lab(game, "b1"), zone="center")
    refused(game, "place_foe", 1, "conan.rear_needs_flank", card=lab(game, "wolf"), zone="rear")
    refused(game, "place_foe", 1, "conan.zone_kind", card=lab(game, "wolf"), zone="center")
    ok(game, "place_foe", 1, card=lab(game, "b2"), zone="center", position=0)
    ok(game, "place_foe", 1, card=lab(game, "b3"), zone="center", position=1)
    refused(game, "place_foe", 1, "conan.zone_full", card=lab(game, "b4"), zone="center")
    assert game.state.zones["center"].cards == [lab(game, n) for n in ("b2", "b3", "b1")]
    ok(game, "place_foe", 1, card=lab(game, "wolf"), zone="right_flank")
    ok(game, "place_foe", 1, card=lab(game, "ghoul"), zone="rear")


# ----------------------------------------------------------------------------- R8..R13


@pytest.mark.parametrize("zone", ["center", "left_flank", "right_flank", "rear"])
def test_conan_r8_facing_slots_from_geometry_in_every_zone(zone: str) -> None:
    game = game_at(position("foe_move", conan=[CONAN], p1_hand=[c("move_slash", "m")],
                            **{zone: [c("foe_hill_bandit", "f")]}))
    ok(game, "place_foe_move", 1, card=lab(game, "m"), foe=lab(game, "f"))
    rec = bf.move_of_foe(game.state, lab(game, "f"))
    foe_shape = bf.foe_shapes(game.state, zone)[0]
    move = bf.move_shape(rec)
    # The Foe's Move touches the Foe's edge facing Conan, top toward Conan.
    assert touching_sides(move, foe_shape) == [("bottom", "bottom")]
    targets = bf.zone_targets(game.state, zone)
    assert [t.id for t in targets] == [f"{zone}/foe1/left", f"{zone}/foe1/right"]
    for t in targets:
        pairs = touching_sides(t.shape, move)
        assert len(pairs) == 1
        assert facing_slots(t.shape, pairs[0][0], move, pairs[0][1]) == \
            [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]


def test_conan_r8_gap_targets_touch_both_neighbours() -> None:
    foes = [c("foe_hill_bandit", "a"), c("foe_hill_bandit", "b"), c("foe_hill_bandit", "d")]
    game = game_at(position("foe_move", conan=[CONAN], center=foes,
                            p1_hand=[c("move_slash", "m1"), c("move_slash", "m2"),
                                     c("move_slash", "m3")]))
    for m, f in (("m1", "a"), ("m2", "b"), ("m3", "d")):
        ok(game, "place_foe_move", 1, card=lab(game, m), foe=lab(game, f))
    targets = bf.zone_targets(game.state, "center")
    assert [t.id for t in targets] == ["center/foe1/left", "center/gap1", "center/gap2",
                                       "center/foe3/right"]
    a, b = lab(game, "a"), lab(game, "b")
    assert targets[1].touches == (a, b) and targets[1].named("center/foe2/left")
    # A drop overlapping a gap place snaps to it (largest overlap).
    dragged = Placed("drag", (targets[1].shape.center[0] + 10, targets[1].shape.center[1] + 5),
                     (63, 88))
    snapped = bf.snap(dragged, targets)
    assert snapped is not None and snapped.id == "center/gap1"


def test_conan_r9_no_gap_closes_the_gaps_next_to_its_move() -> None:
    game = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_shield_veteran", "vet"), c("foe_hill_bandit", "b")],
                            p1_hand=[c("move_slash", "m1"), c("move_slash", "m2")],
                            p0_hand=[c("move_parry", "parry")]))
    ok(game, "place_foe_move", 1, card=lab(game, "m1"), foe=lab(game, "vet"))
    ok(game, "place_foe_move", 1, card=lab(game, "m2"), foe=lab(game, "b"))
    ok(game, "next_phase", 1)
    ids = [t.id for t in moves.legal_targets(game.state, RULES.cards, 0, lab(game, "conan"))]
    assert ids == ["center/foe1/left", "center/foe2/right"]
    refused(game, "place_move", 0, "conan.no_gap", card=lab(game, "parry"),
            character=lab(game, "conan"), target="center/gap1")


def test_conan_r10_conan_reaches_two_zones_an_ally_any() -> None:
    game = game_at(position("foe_move", conan=[CONAN], p0_side=[c("ally_hired_archer", "ally")],
                            center=[c("foe_hill_bandit", "f1")],
                            left_flank=[c("foe_grey_wolf", "f2")],
                            right_flank=[c("foe_crypt_ghoul", "f3")],
                            p1_hand=[c("move_feint", f"m{i}") for i in (1, 2, 3)],
                            p0_hand=[c("move_parry", f"p{i}") for i in (1, 2, 3, 4)]))
    for i in (1, 2, 3):
        ok(game, "place_foe_move", 1, card=lab(game, f"m{i}"), foe=lab(game, f"f{i}"))
    ok(game, "next_phase", 1)
    hero = lab(game, "conan")
    ok(game, "place_move", 0, card=lab(game, "p1"), character=hero, target="center/foe1/left")
    ok(game, "place_move", 0, card=lab(game, "p2"), character=hero,
       target="left_flank/foe1/left")
    refused(game, "place_move", 0, "conan.two_zones", card=lab(game, "p3"), character=hero,
            target="right_flank/foe1/left")
    ok(game, "place_move", 0, card=lab(game, "p3"), character=lab(game, "ally"),
       target="right_flank/foe1/left")
    refused(game, "place_move", 0, "conan.ally_one_move", card=lab(game, "p4"),
            character=lab(game, "ally"), target="center/foe1/right")
    refused(game, "place_move", 0, "conan.target_occupied", card=lab(game, "p4"),
            character=hero, target="center/foe1/left")


def test_conan_r11_unanswered_foes_cost_prowess_without_wounds() -> None:
    foes = [c("foe_hill_bandit", "a"), c("foe_hill_bandit", "b"), c("foe_hill_bandit", "d")]
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"spent": 4})],
                            center=foes, p0_hand=[c("move_parry", "parry")],
                            p1_hand=[c("move_feint", f"m{i}") for i in (1, 2, 3)]))
    for m, f in (("m1", "a"), ("m2", "b"), ("m3", "d")):
        ok(game, "place_foe_move", 1, card=lab(game, m), foe=lab(game, f))
    ok(game, "next_phase", 1)
    ok(game, "place_move", 0, card=lab(game, "parry"), character=lab(game, "conan"),
       target="center/foe1/left")
    ok(game, "next_phase", 0)
    # 2 unanswered Foes, but only 1 prowess left: it drops to 0, no wound.
    assert counters(game, "conan").get("spent") == 5
    assert counters(game, "conan").get("wound", 0) == 0


def test_conan_r12_costs_wounds_and_the_warning() -> None:
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"spent": 5, "damage": 12})],
                            center=[c("foe_rattling_skeleton", "skel")],
                            p0_hand=[c("move_lunge", "lunge")],
                            p1_hand=[c("move_bull_charge", "charge"), c("move_feint", "feint")]))
    # A Foe may not take a Move that would defeat it (prowess 1, health 2, cost 3).
    refused(game, "place_foe_move", 1, "conan.foe_cost_defeats", card=lab(game, "charge"),
            foe=lab(game, "skel"))
    ok(game, "place_foe_move", 1, card=lab(game, "feint"), foe=lab(game, "skel"))
    ok(game, "next_phase", 1)
    # Conan: no prowess left, health 14 - 12 = 2, cost 2: two wounds would defeat him.
    refused(game, "place_move", 0, "conan.move_would_defeat", card=lab(game, "lunge"),
            character=lab(game, "conan"), target="center/foe1/left")
    ok(game, "place_move", 0, card=lab(game, "lunge"), character=lab(game, "conan"),
       target="center/foe1/left", accept_defeat=True)
    assert game.state.result == "win" and game.state.winner == 1


def test_conan_r13_fallback_from_the_deck_top() -> None:
    # The enemy's hand has no Move; deck (top last): a Region, an Ally, then a Slash.
    game = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_hill_bandit", "b1"), c("foe_temple_spearman", "b2")],
                            p1_hand=[c("region_ruined_citadel", "region")],
                            p1_deck=["ally_hired_archer", "region_black_marsh",
                                     "ally_hedge_wizard", "move_parry", "region_steaming_jungle",
                                     "move_slash"],
                            p1_foe_deck=["foe_grey_wolf"]))
    ok(game, "next_phase", 1)
    state = game.state
    assert 0 in state.cards[lab(game, "region")].known_to  # the hand was revealed
    b1, b2 = lab(game, "b1"), lab(game, "b2")
    first = bf.move_of_foe(state, b1)
    assert first is not None and state.cards[first.card].card_id == "move_slash"
    assert state.cards[first.card].face_up
    # Foe 2: the Jungle is discarded, the Parry taken.
    second = bf.move_of_foe(state, b2)
    assert second is not None and state.cards[second.card].card_id == "move_parry"
    assert [state.cards[i].card_id for i in state.zones["p1.discard"].cards] == \
        ["region_steaming_jungle"]


def test_conan_r13_foe_without_move_after_three_cards_is_defeated() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b1")],
                            p0_hand=["move_parry"], p1_deck=["move_slash", "ally_hired_archer",
                                                 "region_black_marsh", "ally_hedge_wizard"],
                            p1_foe_deck=["foe_grey_wolf"]))
    ok(game, "next_phase", 1)
    assert zone_of(game, "b1") == "p0.chronicle"
    misses = [e for e in game.state.log if e.public.key == "log.conan.fallback_miss"]
    assert len(misses) == 3
    # No Foe left: the round and the Warrior step end; Conan may press on.
    assert game.state.phase == "press_on"


# ----------------------------------------------------------------------------- R14..R16


def test_conan_r14_blocking_table_and_magic() -> None:
    facing = {i: 4 - i for i in range(5)}
    blade = ["", "", "blade", "", ""]
    assert evaluate_side(blade, [], False, blade, facing) == SideResult(0, 0)
    assert evaluate_side(["", "", "two_handed", "", ""], [], False,
                         ["", "", "shield", "", ""], facing) == SideResult(0, 1)
    assert evaluate_side(["ranged", "", "", "", ""], [], False,
                         ["", "", "", "", "agility"], facing) == SideResult(0, 0)
    assert evaluate_side(["grapple", "", "", "", ""], [], False,
                         ["", "", "", "", "shield"], facing) == SideResult(0, 0)
    # Magic only attacks for a character with the ability; then agility blocks it.
    assert evaluate_side(["magic", "", "", "", ""], [], False, None, None) == SideResult(0, 0)
    assert evaluate_side(["magic", "", "", "", ""], [], True, None, None) == SideResult(1, 0)
    assert evaluate_side(["magic", "", "", "", ""], [], True,
                         ["", "", "", "", "agility"], facing) == SideResult(0, 0)
    # A Multi counts one success per icon when nothing blocks it.
    assert evaluate_side(["blade", "grapple", "", "", ""], [[0, 1]], False,
                         ["", "", "", "", ""], facing) == SideResult(2, 0)


def test_conan_r15_damage_from_successes_and_glancing_hits() -> None:
    assert SideResult(3, 1).damage(2) == 2 + 2 + 1
    assert SideResult(0, 2).damage(5) == 2
    assert SideResult(0, 0).damage(5) == 0


def test_conan_r16_zone_order_alternates_turn_player_first() -> None:
    game = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_hill_bandit", "f1")],
                            left_flank=[c("foe_grey_wolf", "f2")],
                            right_flank=[c("foe_crypt_ghoul", "f3")],
                            p1_hand=[c("move_sidestep", f"m{i}") for i in (1, 2, 3)],
                            p0_hand=[c("move_sidestep", "s1"), c("move_sidestep", "s2"),
                                     "move_parry"]))
    for i in (1, 2, 3):
        ok(game, "place_foe_move", 1, card=lab(game, f"m{i}"), foe=lab(game, f"f{i}"))
    ok(game, "next_phase", 1)
    hero = lab(game, "conan")
    ok(game, "place_move", 0, card=lab(game, "s1"), character=hero, target="center/foe1/left")
    ok(game, "place_move", 0, card=lab(game, "s2"), character=hero,
       target="left_flank/foe1/left")
    ok(game, "next_phase", 0)
    ok(game, "decide", 0, choice=["pass"])
    pending = game.state.pending
    assert pending.kind == "zone_order" and pending.seat == 0
    ok(game, "decide", 0, choice=["right_flank"])
    # Right flank: the Ghoul's Sidestep touches nothing; the enemy picks side and target.
    assert game.state.pending.kind == "lone_attack"
    ok(game, "decide", 1, choice=[f"left@{hero}"])
    pending = game.state.pending
    assert pending.kind == "zone_order" and pending.seat == 1
    assert set(pending.options) == {"center", "left_flank"}


def test_conan_r16_simultaneous_equal_initiative() -> None:
    # Conan (health 1 left) and a Skeleton (health 2) trade blows at initiative 3.
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"damage": 13})],
                            center=[c("foe_rattling_skeleton", "skel")],
                            p0_hand=[c("move_slash", "w")],
                            p1_hand=[c("move_wrestle", "fw")], p1_foe_deck=["foe_grey_wolf"]))
    ok(game, "place_foe_move", 1, card=lab(game, "fw"), foe=lab(game, "skel"))
    ok(game, "next_phase", 1)
    ok(game, "place_move", 0, card=lab(game, "w"), character=lab(game, "conan"),
       target="center/foe1/right")
    ok(game, "next_phase", 0)
    if game.state.pending is not None:
        ok(game, "decide", 0, choice=["pass"])
    # Both dealt their damage at initiative 3: the Skeleton took 4, Conan 2 and fell.
    assert counters(game, "skel").get("damage") == 4
    assert counters(game, "conan").get("damage") == 15
    assert game.state.result == "win" and game.state.winner == 1


@pytest.mark.parametrize("zone", ["center", "left_flank", "right_flank", "rear"])
def test_conan_r8_same_fight_in_each_zone_gives_the_same_result(zone: str) -> None:
    game = fight(zone, [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
                 [("arrows", "bandit"), ("cleave", "spear")], [("slash", f"{zone}/gap1")],
                 [c("move_slash", "slash"), "move_parry"],
                 [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
                 p1_foe_deck=["foe_grey_wolf"])
    assert counters(game, "conan").get("damage") == 2
    assert zone_of(game, "bandit") == zone_of(game, "spear") == "p0.chronicle"


# ----------------------------------------------------------------------------- R17..R20


def test_conan_r17_retreat_with_a_short_chronicle_loses_all_of_it() -> None:
    game = game_at(position("survey", conan=[CONAN],
                            center=[c("foe_mercenary_captain", "cap")],
                            p0_chronicle=[c("foe_hill_bandit", "b")], p0_hand=["move_parry"]))
    ok(game, "decide", 0, choice=["retreat"])
    assert zone_of(game, "b") == "p1.foe_discard"
    assert zone_of(game, "cap") == "p1.foe_discard"
    assert game.state.zone_of(lab(game, "conan")) == "p0.side"


def _retreat_with(chronicle: list[Any]) -> Game:
    game = game_at(position("survey", conan=[CONAN],
                            center=[c("foe_mercenary_captain", "cap")],
                            p0_chronicle=chronicle, p0_hand=["move_parry"]))
    ok(game, "decide", 0, choice=["retreat"])
    return game


def _renown_lines(game: Game, lang: str) -> list[str]:
    register_card_names(RULES.cards)
    return [e.public.render(lang) for e in game.state.log
            if e.public.key.startswith("log.conan.renown_lost")]


def test_conan_r17_renown_loss_log_with_an_empty_chronicle_says_nothing_is_lost() -> None:
    game = _retreat_with([])
    assert _renown_lines(game, "en") == [
        "Player 1 would lose renown (3), but the Chronicle is empty: nothing to lose."]
    (ja,) = _renown_lines(game, "ja")
    assert "失うものはありません" in ja and "：は" not in ja


def test_conan_r17_renown_loss_log_agrees_in_number() -> None:
    one = _renown_lines(_retreat_with([c("foe_hill_bandit", "b")]), "en")
    assert one == ["Player 1 loses renown (3): Hill Bandit goes back to the Foe discard."]
    two = _renown_lines(_retreat_with([c("foe_hill_bandit", "b"), c("foe_grey_wolf", "w")]),
                        "en")
    assert two[0].endswith("go back to the Foe discard.") and ", " in two[0]


def test_conan_r17_a_too_small_renown_selection_has_its_own_reason() -> None:
    game = _retreat_with([c("foe_hill_bandit", "b1"), c("foe_temple_spearman", "s"),
                          c("foe_grey_wolf", "w"), c("foe_pit_fiend", "pf")])
    verdict = refused(game, "decide", 1, "conan.loss_too_small", choice=[lab(game, "b1")])
    assert verdict.message is not None
    assert verdict.message.render("en") == "The cards chosen give 2 renown; 3 is owed."
    refused(game, "decide", 1, "conan.loss_not_minimal",
            choice=[lab(game, "s"), lab(game, "b1")])


def test_conan_r18_rest_heals_up_to_vitality() -> None:
    game = game_at(position("rest", conan=[c("conan_wanderer", "conan",
                                             counters={"damage": 5, "wound": 1, "spent": 4})],
                            p0_side=[c("ally_hired_archer", "ally")]))
    assert zone_of(game, "ally") == "p0.discard"
    assert turn_data(game.state).heal_left == 3  # min(prowess 5, vitality 3)
    for choice in ("unwound", "heal", "heal"):
        ok(game, "decide", 0, choice=[choice])
    assert counters(game, "conan") == {"damage": 3, "spent": 3}
    assert game.state.zone_of(lab(game, "conan")) == "p0.side"


def test_conan_r19_the_other_seats_cards_are_ignored() -> None:
    game = game_at(position("prepare", conan=[CONAN],
                            p0_side=[c("item_broadsword", "sword")],
                            p1_side=[c("conan_pit_fighter", "other"), c("item_great_axe", "axe")],
                            p1_region=[c("region_ruined_citadel", "citadel")]))
    state = game.state
    assert stat(state, RULES.cards, lab(game, "conan"), "damage") == 3 + 1
    assert stat(state, RULES.cards, lab(game, "other"), "damage") == 3  # not its turn


def test_conan_r20_deck_rules() -> None:
    decks = conan.load_decks(rules=RULES)
    assert len(decks) >= 2 and all(RULES.check_deck(d) == [] for d in decks.values())
    bad = Deck("bad", {"en": "Bad", "ja": "Bad"},
               {"conan": {"conan_wanderer": 1, "conan_pit_fighter": 1},
                "draw": {"move_slash": 4, "foe_hill_bandit": 1},
                "foe": {"foe_giant_serpent": 2, "move_parry": 1}})
    keys = {m.key for m in RULES.check_deck(bad)}
    assert keys == {"deck.conan.one_conan", "deck.conan.draw_too_few", "deck.conan.foe_in_draw",
                    "deck.conan.foe_too_few", "deck.conan.not_a_foe", "deck.conan.foe_renown",
                    "deck.conan.too_many_copies"}


# ----------------------------------------------------------------------------- hidden info


def test_face_down_moves_are_seen_only_by_their_owner() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p1_hand=[c("move_slash", "m")], p0_hand=[c("move_parry", "p")]))
    ok(game, "place_foe_move", 1, card=lab(game, "m"), foe=lab(game, "b"))
    m = lab(game, "m")
    assert view_for(game.state, 1).find(m)[1].card_id == "move_slash"
    assert view_for(game.state, 0).find(m) is None  # no id, no name: only a back (ALL-R2)
    ok(game, "next_phase", 1)
    ok(game, "place_move", 0, card=lab(game, "p"), character=lab(game, "conan"),
       target="center/foe1/left")
    p = lab(game, "p")
    assert view_for(game.state, 1).find(p) is None
    ok(game, "next_phase", 0)
    assert view_for(game.state, 1).find(p)[1].card_id == "move_parry"  # revealed
    assert RULES.acting_seat(game.state) == 0


def test_window_targets_are_placed_shapes_and_drops_snap_to_them() -> None:
    from tabletop.games.conan import drops, foes

    game = _placing(p1_foe_hand=[c("foe_hill_bandit", "b"), c("foe_grey_wolf", "w")])
    spots = foes.foe_targets(game.state, RULES.cards, lab(game, "w"))
    assert [t.id for t in spots] == ["center/0"]  # the first Foe goes to Center
    ok(game, "place_foe", 1, card=lab(game, "b"), zone="center")
    assert {t.zone for t in foes.foe_targets(game.state, RULES.cards, lab(game, "w"))} == \
        {"left_flank", "right_flank"}  # a wolf may not join the Human in Center
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p1_hand=[c("move_slash", "m")], p0_hand=[c("move_parry", "p")]))
    ok(game, "place_foe_move", 1, card=lab(game, "m"), foe=lab(game, "b"))
    ok(game, "next_phase", 1)
    hero = lab(game, "conan")
    right = bf.find_target(game.state, "center/foe1/right")
    assert right is not None
    dragged = Placed("drag", (right.shape.center[0] - 20, right.shape.center[1]), (63, 88))
    action = drops.snap_move(game.state, RULES.cards, 0, lab(game, "p"), hero, dragged)
    assert isinstance(action, Action) and action.get("target") == "center/foe1/right"
    assert game.propose(action).ok


def test_a_drop_that_means_nothing_says_what_the_step_is_for() -> None:
    game = game_at(position("prepare", conan=[CONAN], p0_hand=[c("move_parry", "m")]))
    verdict = RULES.interpret_drop(game.state, 0, lab(game, "m"), "p1.deck")
    assert isinstance(verdict, Verdict) and not verdict.ok
    assert verdict.reason == "conan.cannot_move_there_prepare"
    assert verdict.rule
    assert "Prepare step" in verdict.message.render("en")


# ----------------------------------------------------------------------------- CONAN-H2..H9


def test_CONAN_H2_glancing_slot_in_a_multi_fails_it_but_adds_one() -> None:
    # Bull Charge's left side is one Multi (two-handed 0, grapple 1, blade 2). The
    # Captain's Chain Mail puts a Shield against the two-handed slot and nothing
    # against the other two: the Multi fails, but its glancing hit deals 1 damage.
    game = fight("center", [c("foe_mercenary_captain", "cap")], [("mail", "cap")],
                 [("charge", "center/foe1/right")], [c("move_bull_charge", "charge"),
                                                     "move_parry"],
                 [c("item_chain_mail", "mail")], p1_foe_deck=["foe_grey_wolf"])
    assert evaluate_side(["two_handed", "grapple", "blade", "", ""], [[0, 1, 2]], False,
                         ["shield", "", "", "", "shield"], {i: 4 - i for i in range(5)}) == \
        SideResult(0, 1)
    # S = 0, G = 1: 1 damage, not Conan's printed 3 (CONAN-R15).
    assert counters(game, "cap").get("damage") == 1


def test_CONAN_H3_rest_healing_goes_to_conan_the_allies_leave_first() -> None:
    # A wounded Ally and a damaged Conan at the Rest step: the Ally is discarded
    # before the healing, so every healing point is spent on Conan.
    game = game_at(position("rest", conan=[c("conan_wanderer", "conan",
                                             counters={"damage": 2})],
                            p0_side=[c("ally_pirate_swordswoman", "ally",
                                       counters={"damage": 2})]))
    assert zone_of(game, "ally") == "p0.discard"
    pending = game.state.pending
    assert pending.kind == "rest_heal" and pending.options == ("heal", "done")
    ok(game, "decide", 0, choice=["heal"])
    ok(game, "decide", 0, choice=["heal"])
    # Conan is whole: the third point (vitality 3) has nothing to heal and the turn passes.
    assert counters(game, "conan").get("damage", 0) == 0
    assert game.state.active == 1 and game.state.pending.kind == "press_on"


def test_CONAN_H4_costs_are_paid_at_placement_and_the_reveal_only_turns_cards() -> None:
    # Conan has 1 prowess left and places a Lunge (cost 2): 1 prowess and 1 wound
    # are paid at once, face down; the reveal changes nothing but the faces.
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"spent": 4})],
                            center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("move_lunge", "lunge")],
                            p1_hand=[c("move_feint", "feint")]))
    ok(game, "place_foe_move", 1, card=lab(game, "feint"), foe=lab(game, "b"))
    ok(game, "next_phase", 1)
    ok(game, "place_move", 0, card=lab(game, "lunge"), character=lab(game, "conan"),
       target="center/foe1/left")
    placed = counters(game, "conan")
    assert placed == {"spent": 5, "wound": 1}
    assert not game.state.cards[lab(game, "lunge")].face_up
    records = [r.to_dict() for r in bf.moves(game.state)]
    ok(game, "next_phase", 0)
    assert game.state.phase == "resolution"  # no Barbarian (0 prowess), no correction step
    assert counters(game, "conan") == placed
    assert [r.to_dict() for r in bf.moves(game.state)] == records
    assert game.state.cards[lab(game, "lunge")].face_up
    assert game.state.cards[lab(game, "feint")].face_up


@pytest.mark.parametrize(("spent", "offered"), [(3, True), (4, False)])
def test_CONAN_H5_barbarian_ability_is_paid_from_prowess_only(spent: int, offered: bool) -> None:
    # Wanderer: pay 2 prowess for +1 damage. With 2 prowess left it is offered and
    # paid in prowess; with 1 left it is not offered (no wounds make up the rest).
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"spent": spent})],
                            center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("move_parry", "parry")],
                            p1_hand=[c("move_feint", "feint")]))
    ok(game, "place_foe_move", 1, card=lab(game, "feint"), foe=lab(game, "b"))
    ok(game, "next_phase", 1)
    ok(game, "place_move", 0, card=lab(game, "parry"), character=lab(game, "conan"),
       target="center/foe1/left")
    ok(game, "next_phase", 0)
    pending = game.state.pending
    if not offered:
        assert pending is None or pending.kind != "barbarian"
        assert game.state.phase == "resolution"
        assert counters(game, "conan") == {"spent": spent}
        return
    assert pending.kind == "barbarian" and pending.options == ("use", "pass")
    ok(game, "decide", 0, choice=["use"])
    assert counters(game, "conan").get("spent") == 5
    assert counters(game, "conan").get("wound", 0) == 0
    # +1 damage this combat round (the Barbarian ability's modify, end_of_combat)
    assert stat(game.state, RULES.cards, lab(game, "conan"), "damage") == 4


def test_CONAN_H6_rows_close_up_only_before_conan_places_his_moves() -> None:
    # Center: Skeleton, Bandit, Bandit. The middle Bandit finds no Move (CONAN-R13)
    # and falls before Conan answers: the row closes up, Skeleton and the last
    # Bandit become neighbours with a gap between their Moves.
    game = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_rattling_skeleton", "a"), c("foe_hill_bandit", "b"),
                                    c("foe_hill_bandit", "d")],
                            p0_hand=[c("move_lunge", "lunge")],
                            p1_hand=[c("move_roundhouse", "ma"), c("move_feint", "md")],
                            p1_deck=["ally_hired_archer", "region_black_marsh",
                                     "ally_hedge_wizard"],
                            p1_foe_deck=["foe_grey_wolf"]))
    a, d = lab(game, "a"), lab(game, "d")
    ok(game, "place_foe_move", 1, card=lab(game, "ma"), foe=a)
    ok(game, "place_foe_move", 1, card=lab(game, "md"), foe=d)
    ok(game, "next_phase", 1)
    assert zone_of(game, "b") == "p0.chronicle"
    targets = bf.zone_targets(game.state, "center")
    assert [t.id for t in targets] == ["center/foe1/left", "center/gap1", "center/foe2/right"]
    assert targets[1].touches == (a, d)
    for shape in bf.foe_shapes(game.state, "center"):  # each Move lies against its Foe
        rec = bf.move_of_foe(game.state, int(shape.key))
        assert rec is not None
        assert bf.move_shape(rec).center == \
            pytest.approx(bf.foe_move_shape(shape, shape.key).center)
    # From here no card moves: the Lunge (initiative 4) defeats the Skeleton, whose
    # Move stays where it lies; the Bandit's unanswered Feint (initiative 1) waits
    # for the enemy's choice with every Move still in place.
    ok(game, "place_move", 0, card=lab(game, "lunge"), character=lab(game, "conan"),
       target="center/foe1/left")
    before = [r.to_dict() for r in bf.moves(game.state)]
    ok(game, "next_phase", 0)
    ok(game, "decide", 0, choice=["pass"])  # Barbarian
    assert zone_of(game, "a") == "p0.chronicle"
    assert game.state.pending.kind == "lone_attack"
    assert [r.to_dict() for r in bf.moves(game.state)] == before


def test_CONAN_H7_a_forced_chronicle_selection_is_taken_at_once() -> None:
    # Retreat from the Captain (3 scars) with Spearman (3) and Bandit (2): only
    # {Spearman} is a minimal selection, so it goes without asking the enemy.
    game = _retreat_with([c("foe_temple_spearman", "s"), c("foe_hill_bandit", "b")])
    assert zone_of(game, "s") == "p1.foe_discard"
    assert zone_of(game, "b") == "p0.chronicle"
    assert game.state.pending is None or game.state.pending.kind != "chronicle_loss"
    assert not losses(game.state)


def test_CONAN_H8_one_region_from_the_enemy_per_foe_draw() -> None:
    game = _placing(p1_foe_hand=[c("foe_hill_bandit", "bandit")],
                    p1_hand=[c("region_black_marsh", "marsh"),
                             c("region_steaming_jungle", "jungle")])
    ok(game, "attach_region", 1, card=lab(game, "marsh"))
    assert zone_of(game, "marsh") == "p0.region"
    refused(game, "attach_region", 1, "conan.region_once", card=lab(game, "jungle"))
    assert zone_of(game, "jungle") == "p1.hand"


def test_CONAN_H9_no_in_play_uniqueness_and_an_action_waits_for_its_timing() -> None:
    # Strange Omen is a Survey Action: in the Prepare step it is refused, naming its
    # timing (CONAN-H11), and stays in the hand. Two copies of a UNIQUE Ally may both
    # be in play.
    game = game_at(position("prepare", conan=[CONAN],
                            p0_hand=[c("action_strange_omen", "omen"),
                                     c("ally_pirate_swordswoman", "ally1"),
                                     c("ally_pirate_swordswoman", "ally2")]))
    assert RULES.cards["ally_pirate_swordswoman"]["unique"]
    refused(game, "play_card", 0, "conanab.action_timing", card=lab(game, "omen"))
    assert zone_of(game, "omen") == "p0.hand"
    ok(game, "play_card", 0, card=lab(game, "ally1"))
    ok(game, "play_card", 0, card=lab(game, "ally2"))
    assert zone_of(game, "ally1") == zone_of(game, "ally2") == "p0.side"
    # A Special icon counts as an attack success (its card text is free mode).
    assert evaluate_side(["special", "", "", "", ""], [], False, None, None) == SideResult(1, 0)
