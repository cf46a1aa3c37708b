"""Xenocard rules, one test per ruling and situation (XENO-R1..R8, XENO-H1..H12, seed 004).

Most tests build an exact position with ``GameSetup(position=...)`` (no shuffle,
no mulligan) and propose actions through the core ``Game``. Battle-field slots
are named as their owner sees them; which faces which comes from the layout.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import game_helpers as helpers
import pytest
from game_helpers import act, c, card_ids, lab, refused_unchanged

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDataError
from tabletop.core.decks import Deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules, register_card_names
from tabletop.games import xenocard
from tabletop.games.xenocard.facing import FieldGeometry, FieldLayoutError
from tabletop.games.xenocard.schema import ATTACK_TYPES, ATTRIBUTES
from tabletop.games.xenocard.state import BattleRecord, xeno
from tabletop.games.xenocard.zones import SLOTS
from tabletop.geometry import rotate_point
from tabletop.i18n import Message
from tabletop.layout import load_layout

REPO = Path(__file__).resolve().parent.parent
RULES = xenocard.load()
register_card_names(RULES.cards)  # refusals name cards; the test reads their names
FILLER = ["deck_rookie"] * 10
FIELD = SLOTS["field"]


def position(phase: str = "set", active: int = 0, data: dict[str, Any] | None = None,
             **zones: list[Any]) -> dict[str, Any]:
    """A position with 10-card decks unless given; zone kwargs like ``p0_hand``."""
    return helpers.position(FILLER, zones, data, phase=phase, active=active)


def game_at(pos: dict[str, Any], seed: int = 1) -> Game:
    return Game(RULES, GameSetup("xenocard", seed, 0, position=pos))


def refused(game: Game, kind: str, seat: int = 0, **args: Any) -> Verdict:
    """Propose an action that must be refused and must change nothing."""
    return refused_unchanged(game, Action.make(kind, seat, **args))


ids = card_ids


def where(game: Game, label: str) -> str:
    return game.state.zone_of(lab(game, label))


def text(verdict: Verdict) -> str:
    assert isinstance(verdict.message, Message)
    return verdict.message.render("en")


def battle_record(game: Game) -> BattleRecord:
    record = xeno(game.state).battle
    assert record is not None
    return record


def battle(game: Game, seat: int = 0) -> None:
    """From the set phase: move on, the opponent passes the block phase, the battle runs."""
    assert act(game, "next_phase", seat).ok
    assert game.state.pending.kind == "block"
    assert act(game, "decide", 1 - seat, choice=["pass"]).ok


def finish_turn(game: Game) -> None:
    """Move on to the block phase from any phase, the opponent passes, the battle runs."""
    seat = game.state.active
    while game.state.pending is None:
        assert act(game, "next_phase", seat).ok
    assert act(game, "decide", 1 - seat, choice=["pass"]).ok


def deck(cards: dict[str, int]) -> Deck:
    return Deck("t", {"en": "T", "ja": "T"}, {"cards": cards})


# -- loading ---------------------------------------------------------------------------
def test_registry_sample_set_covers_every_attribute_attack_and_kind() -> None:
    rules = load_rules("xenocard")
    assert isinstance(rules, xenocard.XenoRules)
    cards = rules.cards.values()
    attrs = {d["attribute"] for d in cards if d.type == "battle"} | (
        {"weapon"} if any(d.type == "weapon" for d in cards) else set())
    assert attrs == set(ATTRIBUTES)
    assert {d["attack"] for d in cards if d.type in ("battle", "weapon")} == set(ATTACK_TYPES)
    assert sum(1 for d in cards if d.get("upgrade_of")) >= 3
    assert {d["duration"] for d in cards if d.type == "situation"} >= {1, 2, 3}
    assert {d["timing"] for d in cards if d.type == "event"} == {"event", "block", "any", "counter"}
    assert any(d.get("unique") for d in cards) and any(d.get("unlimited") for d in cards)
    for d in cards:
        if d.type in ("event", "situation", "weapon"):
            assert d.text["en"] and d.text["ja"]


def test_ready_made_decks_are_legal_and_check_deck_finds_problems() -> None:
    decks = xenocard.load_decks(rules=RULES)
    assert len(decks) >= 2
    for d in decks.values():
        assert RULES.check_deck(d) == []
        assert len(d.card_list()) == 40
    problems = RULES.check_deck(deck({"deck_rookie": 4, "nobody": 1}))
    keys = sorted(p.key for p in problems)
    assert keys == ["deck.xenocard.size", "deck.xenocard.too_many_copies",
                    "deck.xenocard.unknown_card"]


def test_bad_upgrade_of_names_file_card_and_field(tmp_path: Path) -> None:
    (tmp_path / "x.toml").write_text(
        '[[card]]\nid = "a"\ntype = "battle"\nname = { en = "A", ja = "A" }\n'
        'attribute = "human"\natk = 1\nhp = 1\nattack = "melee"\ncost = 0\n'
        'upgrade_of = "ghost"\n', encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        xenocard.load(tmp_path)
    assert err.value.card == "a" and err.value.field == "upgrade_of"


def test_rules_core_does_not_import_pygame() -> None:
    code = ("import sys, tabletop.games.xenocard; tabletop.games.xenocard.load(); "
            "assert not [m for m in sys.modules if m.startswith('pygame')]")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_layout_cells_are_the_rules_slots() -> None:
    layout = load_layout(REPO / "layouts" / "xenocard.toml")
    for seat in (0, 1):
        for kind, names in SLOTS.items():
            assert layout.zone(f"p{seat}.{kind}").cell_names() == list(names)
    assert set(layout.zone_ids) == set(RULES.new_game(GameSetup(
        "xenocard", 1, position=position())).zones)


# -- XENO-R1 ---------------------------------------------------------------------------------
def test_XENO_R1_drawing_from_an_empty_deck_loses() -> None:
    game = game_at(position("set", p1_deck=[]))
    battle(game)  # p0's turn ends; p1 must draw from an empty deck
    assert game.state.winner == 0 and game.state.result == "win"
    # A draw effect beyond the deck loses as well (XENO-H11); deck damage alone does not.
    game = game_at(position("event", p0_deck=["deck_rookie"] * 2,
                            p0_hand=[c("supply_drop", "drop")]))
    assert act(game, "play_event", card=lab(game, "drop"), target=None).ok
    assert game.state.winner == 1


def test_XENO_H11_deck_damage_on_an_empty_deck_does_not_lose() -> None:
    game = game_at(position("event", p1_deck=["deck_rookie"],
                            p0_field=[c("walker_frame", "w")],
                            p0_standby=[c("marine_sergeant", "m")],
                            p0_hand=[c("orbital_strike", "strike")]))
    assert act(game, "play_event", card=lab(game, "strike"), target=None).ok
    assert ids(game, "p1.deck") == [] and game.state.winner is None


# -- XENO-R2 ---------------------------------------------------------------------------------
def normal_game(seed: int = 3, first: int = 0) -> Game:
    decks = xenocard.load_decks(rules=RULES)
    setup = GameSetup("xenocard", seed, first, ({"cards": decks["frontier_fleet"].card_list()},
                                                {"cards": decks["void_tide"].card_list()}))
    return Game(RULES, setup)


def test_XENO_R2_opening_hand_six_and_up_to_three_mulligans() -> None:
    game = normal_game(first=1)
    state = game.state
    assert len(state.zones["p0.hand"]) == len(state.zones["p1.hand"]) == 6
    assert state.pending.kind == "mulligan" and state.pending.seat == 1
    for _ in range(3):
        assert act(game, "decide", 1, choice=["mulligan"]).ok
        assert len(game.state.zones["p1.hand"]) == 6
        assert len(game.state.zones["p1.deck"]) == 34
    # After three mulligans seat 1 is not asked again: seat 0 is.
    assert game.state.pending.seat == 0
    assert act(game, "decide", 0, choice=["keep"]).ok
    # No first-turn draw restriction: the first player draws on turn 1.
    assert game.state.active == 1 and game.state.phase == "move"
    assert len(game.state.zones["p1.hand"]) == 7 and len(game.state.zones["p0.hand"]) == 6


# -- XENO-R3 -----------------------------------------------------------------------------------
def test_XENO_R3_trash_and_dump_are_kept_apart() -> None:
    game = game_at(position(
        "event", p0_deck=["husk_crawler", "void_wisp", "deck_rookie"],
        p0_standby=[c("walker_frame", "w")],
        p0_hand=[c("focused_fire", "fire")],
        p1_field=[c("deck_rookie", "rookie")]))
    assert act(game, "play_event", card=lab(game, "fire"), target=lab(game, "rookie")).ok
    # Cost: the deck's top card to the dump; the event and the destroyed card to the trash.
    assert ids(game, "p0.dump") == ["deck_rookie"]
    assert ids(game, "p0.trash") == ["focused_fire"]
    assert ids(game, "p1.trash") == ["deck_rookie"] and ids(game, "p1.dump") == []


# -- XENO-R4 -----------------------------------------------------------------------------------
def test_XENO_R4_cost_from_deck_top_and_condition_checked_not_consumed() -> None:
    game = game_at(position(
        "set", p0_deck=["husk_crawler", "void_wisp", "deck_rookie"],
        p0_standby=[c("marine_sergeant", "m"), c("walker_frame", "w", counters={"e_mark": 1})],
        p0_hand=[c("walker_frame_mk2", "mk2"), c("marine_captain", "cap"),
                 c("abyss_leviathan", "lev")]))
    # Mk II needs Human + Machine: the Walker Frame carries the E mark, so Machine is missing.
    v = refused(game, "level_up", card=lab(game, "mk2"), onto=lab(game, "w"))
    assert v.reason == "xenocard.condition_unmet" and v.rule == "XENO-R4"
    assert "Still missing: Machine x1" in text(v)
    # Leviathan (cost 3, Gnosis x2): the condition is reported first.
    v = refused(game, "set_card", card=lab(game, "lev"), slot="p0.standby/s3")
    assert "Gnosis x2" in text(v)
    # Captain: cost 2 from the top (the last cards of the list) into the dump.
    assert act(game, "level_up", card=lab(game, "cap"), onto=lab(game, "m")).ok
    assert ids(game, "p0.dump") == ["deck_rookie", "void_wisp"]
    assert ids(game, "p0.deck") == ["husk_crawler"]
    # The Human condition was checked, not consumed: the sergeant simply left (levelled up).


def test_XENO_R4_cost_larger_than_the_deck_cannot_be_paid_equal_can() -> None:
    game = game_at(position("set", p0_deck=["deck_rookie"],
                            p0_standby=[c("void_wisp", "g1"), c("husk_crawler", "g2")],
                            p0_hand=[c("abyss_leviathan", "lev")]))
    v = refused(game, "set_card", card=lab(game, "lev"), slot="p0.standby/s3")
    assert v.reason == "xenocard.cost_unpayable" and "only 1" in text(v)
    game = game_at(position("set", p0_deck=["deck_rookie"] * 3,
                            p0_standby=[c("void_wisp", "g1"), c("husk_crawler", "g2")],
                            p0_hand=[c("abyss_leviathan", "lev")]))
    assert act(game, "set_card", card=lab(game, "lev"), slot="p0.standby/s3").ok
    assert ids(game, "p0.deck") == [] and len(game.state.zones["p0.dump"]) == 3


# -- XENO-R5: facing -----------------------------------------------------------------------------
def _column(slot: str) -> str:
    return slot.split(".")[1]


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("own", FIELD)
@pytest.mark.parametrize("other", FIELD)
def test_XENO_R5_facing_every_pair_of_slots_both_seats(seat: int, own: str, other: str) -> None:
    """One seat's left column faces the other's right column as each sees it."""
    facing = RULES.geometry.facing[seat][own]
    expected = _column(own) != _column(other)
    assert (other in facing) == expected
    if expected:  # nearest first: the opposing front row, then the back row
        assert facing.index(other) == (0 if other.startswith("front") else 1)


def _turned(layout: Any, angle: float) -> Any:
    """The whole table turned ``angle`` degrees about its centre (geometry only)."""
    centre = (layout.width_mm / 2, layout.height_mm / 2)
    zones = []
    for z in layout.zones:
        x, y = rotate_point((z.x_mm, z.y_mm), centre, angle)
        zones.append(dataclasses.replace(z, x_mm=x, y_mm=y, rotation_deg=z.rotation_deg + angle))
    return dataclasses.replace(layout, zones=tuple(zones))


@pytest.mark.parametrize("angle", [90.0, 180.0, 33.0])
def test_XENO_R5_facing_comes_from_the_placed_shapes(angle: float) -> None:
    layout = load_layout(REPO / "layouts" / "xenocard.toml")
    turned = FieldGeometry.from_layout(_turned(layout, angle))
    assert turned.facing == RULES.geometry.facing
    assert turned.front == RULES.geometry.front and turned.order == RULES.geometry.order
    # Moving seat 1's field sideways by one column changes the answer: nothing is a table.
    zones = tuple(dataclasses.replace(z, x_mm=z.x_mm + 70) if z.id == "p1.field" else z
                  for z in layout.zones)
    shifted = FieldGeometry.from_layout(dataclasses.replace(layout, zones=zones))
    assert shifted.facing[0]["front.left"] == ()
    assert shifted.facing[0]["front.right"] == ("front.right", "back.right")


def test_XENO_R5_layout_without_the_named_slots_is_refused() -> None:
    layout = load_layout(REPO / "layouts" / "xenocard.toml")
    zones = tuple(dataclasses.replace(z, slots=z.slots[:3]) if z.id == "p0.field" else z
                  for z in layout.zones)
    with pytest.raises(FieldLayoutError):
        FieldGeometry.from_layout(dataclasses.replace(layout, zones=zones))


# -- XENO-R5: the battle -------------------------------------------------------------------------
def slots(**where_: str) -> dict[str, Any]:
    return {"slots": dict(where_)}


def test_XENO_R5_melee_only_from_the_front_row_at_the_facing_front_card() -> None:
    game = game_at(position(
        "set", data=slots(a="front.left", b="back.right", x="front.right", y="front.left"),
        p0_field=[c("walker_frame", "a"), c("lancer_unit", "b")],  # melee 3, melee 3
        p1_field=[c("deck_rookie", "x"), c("void_wisp", "y")]))
    battle(game)
    events = RULES.battle_events(game.state)
    # a (front.left) faces p1's front.right (x); b in the back row does not attack.
    assert [(e.attacker, e.target, e.damage, e.destroyed) for e in events] == [
        (lab(game, "a"), lab(game, "x"), 3, True)]
    assert events[0].attacker_cell == "p0.field/front.left"
    assert events[0].target_cell == "p1.field/front.right"
    assert where(game, "x") == "p1.trash" and where(game, "y") == "p1.field"


def test_XENO_R5_melee_with_nothing_facing_does_not_attack() -> None:
    game = game_at(position("set", data=slots(a="front.left", x="front.left"),
                            p0_field=[c("walker_frame", "a")],
                            p1_field=[c("deck_rookie", "x")], p1_deck=["deck_rookie"] * 5))
    battle(game)
    assert RULES.battle_events(game.state) == []
    assert len(game.state.zones["p1.deck"]) == 5 - 1  # only p1's own draw


def _log_lines(game: Game, lang: str = "en") -> list[str]:
    return [entry.public.render(lang) for entry in game.state.log]


def test_XENO_R5_a_battle_card_that_does_not_attack_says_why_in_the_log() -> None:
    """QA round 2 #5: a battle phase whose cards cannot attack passed with no word. Each
    battle card that does not attack gets one log line: a melee card in the back row,
    a melee card with nothing facing it, an all-attack card with no target, a card
    with the E mark; each citing its rule, en and ja."""
    game = game_at(position(
        "set", data=slots(a="front.left", b="back.right", x="front.left"),
        p0_field=[c("walker_frame", "a"), c("lancer_unit", "b")],  # melee, melee
        p1_field=[c("deck_rookie", "x")]))
    battle(game)
    assert RULES.battle_events(game.state) == []
    lines = _log_lines(game)
    why = [line for line in lines if "does not attack" in line]
    assert len(why) == 2
    # the card's name (or, without the card catalogue loaded, its key)
    assert why[0].startswith(("Walker Frame", "card.walker_frame"))
    assert why[0].endswith("(melee) does not attack: no card of the other player's front "
                           "row faces it (XENO-R5).")
    assert why[1].startswith(("Lancer Unit", "card.lancer_unit"))
    assert why[1].endswith("(melee) does not attack: melee attacks only from the front row "
                           "(XENO-R5).")
    ja = _log_lines(game, "ja")
    assert sum("攻撃しません" in line and "XENO-R5" in line for line in ja) == 2
    all_cards = [i for i in sorted(RULES.cards) if RULES.cards[i].get("attack") == "all"
                 and RULES.cards[i].type == "battle"]
    game = game_at(position("set", data=slots(a="front.left"),
                            p0_field=[c(all_cards[0], "a", counters={"e_mark": 1})]))
    battle(game)
    assert any("carries the E mark" in line and "XENO-R6" in line for line in _log_lines(game))
    game = game_at(position("set", data=slots(a="front.left"), p0_field=[c(all_cards[0], "a")]))
    battle(game)
    assert any("does not attack: the other player has no battle card" in line
               for line in _log_lines(game))


def test_XENO_R5_a_melee_card_moved_to_the_back_row_is_warned_in_the_log() -> None:
    game = game_at(position("move", p0_standby=[c("walker_frame", "w"), c("lancer_unit", "l")]))
    assert act(game, "move", card=lab(game, "w"), slot="p0.field/back.left").ok
    line = _log_lines(game)[-1]
    assert line.startswith("Player 1 moves ") and "back left" in line and "XENO-R5" in line
    assert "attacks only from the front row" in line
    assert "XENO-R5" in _log_lines(game, "ja")[-1]
    assert act(game, "move", card=lab(game, "l"), slot="p0.field/front.left").ok
    assert "XENO-R5" not in _log_lines(game)[-1]  # the front row: nothing to warn about


def test_XENO_R5_shooting_nearest_facing_then_deck() -> None:
    game = game_at(position(
        "set", data=slots(s="back.left", t="front.right", x="back.right", y="front.left"),
        p0_field=[c("marine_sergeant", "s"), c("void_wisp", "t")],  # shooting 2, shooting 1
        p1_field=[c("drifting_relic", "x"), c("deck_rookie", "y")]))
    battle(game)
    events = RULES.battle_events(game.state)
    # Order: front row first (t), then the back row (s).
    assert [e.attacker for e in events] == [lab(game, "t"), lab(game, "s")]
    # t (front.right) faces p1's left column: front.left holds y.
    assert events[0].target == lab(game, "y")
    # s (back.left) faces p1's right column: front.right is empty, back.right holds x.
    assert events[1].target == lab(game, "x") and events[1].target_cell == "p1.field/back.right"
    # A shooter with nothing facing attacks the deck.
    game = game_at(position("set", data=slots(s="front.left"),
                            p0_field=[c("marine_sergeant", "s")],
                            p1_field=[c("deck_rookie", "y")]))
    xeno(game.state).slots[lab(game, "y")] = "front.left"
    battle(game)
    (event,) = RULES.battle_events(game.state)
    assert event.at_deck and event.target_zone == "p1.deck" and event.damage == 2
    assert len(event.dumped) == 2 and ids(game, "p1.dump") == ["deck_rookie"] * 2


def test_XENO_R5_all_attacks_every_opposing_card_and_ballistic_the_deck() -> None:
    game = game_at(position(
        "set", data=slots(m="back.left", b="back.right"),
        p0_field=[c("medic_unit", "m"), c("siege_crawler", "b")],  # all 1, ballistic 2
        p1_field=[c("husk_crawler", "x"), c("void_wisp", "y"), c("patrol_drone", "z")]))
    battle(game)
    events = RULES.battle_events(game.state)
    assert [e.step for e in events] == ["all", "all", "all", "ballistic"]
    assert {e.target for e in events[:3]} == {lab(game, n) for n in "xyz"}
    assert [e.destroyed for e in events[:3]].count(True) == 1  # the drone (HP 1)
    assert events[3].at_deck and events[3].damage == 2


def test_XENO_R5_order_accumulated_damage_and_damage_cleared_after_battle() -> None:
    game = game_at(position(
        "set", data=slots(a="front.right", s="back.right", x="front.left", y="back.left"),
        p0_field=[c("deck_rookie", "a"), c("void_wisp", "s")],  # melee 1, shooting 1
        p1_field=[c("void_wisp", "x"), c("drifting_relic", "y")]))  # HP 3, HP 5
    battle(game)
    events = RULES.battle_events(game.state)
    assert [(e.step, e.target, e.total_damage) for e in events] == [
        ("melee", lab(game, "x"), 1), ("shooting", lab(game, "x"), 2)]
    # Damage clears at the end of the battle phase.
    assert "damage" not in game.state.cards[lab(game, "x")].counters
    assert tuple(events) == battle_record(game).attacks
    assert RULES.last_battle(game.state)[:2] == (1, 0)


def test_XENO_R5_only_the_turn_players_cards_attack_and_preview() -> None:
    game = game_at(position("set", data=slots(a="front.left", x="front.right"),
                            p0_field=[c("deck_rookie", "a")],
                            p1_field=[c("abyss_leviathan", "x")]))
    preview = RULES.preview_battle(game.state)
    assert [e.attacker for e in preview] == [lab(game, "a")]
    assert "battle" not in game.state.data  # a preview changes nothing
    battle(game)
    assert [e.attacker for e in RULES.battle_events(game.state)] == [lab(game, "a")]


# -- XENO-R6 -------------------------------------------------------------------------------------
def test_XENO_R6_one_battle_card_per_turn_to_standby_with_the_E_mark() -> None:
    game = game_at(position("set", p0_hand=[c("deck_rookie", "r1"), c("husk_crawler", "r2"),
                                            c("patrol_drone", "d1"), c("nebula_cover", "n"),
                                            c("battle_hymn", "h")],
                            p0_standby=[c("marine_sergeant", "m")]))
    v = refused(game, "set_card", card=lab(game, "r1"), slot="p0.field/front.left")
    assert v.reason == "xenocard.set_to_standby_only"
    assert act(game, "set_card", card=lab(game, "r1"), slot="p0.standby/s2").ok
    assert game.state.cards[lab(game, "r1")].counters == {"e_mark": 1}
    v = refused(game, "set_card", card=lab(game, "r2"), slot="p0.standby/s3")
    assert v.reason == "xenocard.one_battle_card_per_turn" and v.rule == "XENO-R6"
    # Unlimited cards escape the limit.
    assert act(game, "set_card", card=lab(game, "d1"), slot="p0.standby/s3").ok
    # One situation per turn.
    assert act(game, "set_situation", card=lab(game, "n"), slot="p0.situations/s1").ok
    v = refused(game, "set_situation", card=lab(game, "h"), slot="p0.situations/s2")
    assert v.reason == "xenocard.one_situation_per_turn"


def test_XENO_R6_standby_area_holds_four() -> None:
    four = [c("deck_rookie", f"r{i}") for i in range(4)]
    game = game_at(position("set", p0_standby=four, p0_hand=[c("patrol_drone", "d")]))
    v = refused(game, "set_card", card=lab(game, "d"), slot="p0.standby/s1")
    assert v.reason == "xenocard.slot_taken"
    drop = RULES.interpret_drop(game.state, 0, lab(game, "d"), "p0.standby")
    assert isinstance(drop, Verdict) and drop.reason == "xenocard.area_full"


def test_XENO_R6_E_marked_cards_neither_attack_nor_meet_conditions() -> None:
    game = game_at(position("set", data=slots(a="front.left"),
                            p0_field=[c("marine_sergeant", "a", counters={"e_mark": 1})],
                            p0_hand=[c("marine_captain", "cap")]))
    v = refused(game, "level_up", card=lab(game, "cap"), onto=lab(game, "a"))
    assert v.reason == "xenocard.condition_unmet"
    battle(game)
    assert RULES.battle_events(game.state) == []
    # The E mark is gone at the end of the turn.
    assert "e_mark" not in game.state.cards[lab(game, "a")].counters


# -- XENO-R7 -------------------------------------------------------------------------------------
def test_XENO_R7_weapon_replaces_atk_and_type_and_leaves_with_its_holder() -> None:
    game = game_at(position(
        "set", data={"slots": {"h": "front.left", "x": "front.right"},
                     "equipped": {"blade": "h"}},
        p0_field=[c("medic_unit", "h")],        # all 1 ...
        p0_weapons=[c("arc_blade", "blade")],   # ... but melee 4 with the blade
        p1_field=[c("walker_frame", "x")],      # HP 4
        p1_hand=[c("ambush", "amb")], p1_standby=[c("void_wisp", "any")]))
    battle(game)
    (event,) = RULES.battle_events(game.state)
    assert (event.step, event.damage, event.destroyed) == ("melee", 4, True)


def test_XENO_R7_weapon_leaves_play_with_its_holder() -> None:
    game = game_at(position(
        "block", active=0, data={"slots": {"h": "front.left"}, "equipped": {"blade": "h"}},
        p0_field=[c("medic_unit", "h")], p0_weapons=[c("arc_blade", "blade")],
        p1_hand=[c("ambush", "amb")], p1_standby=[c("void_wisp", "w")]))
    assert game.state.pending.kind == "block" and game.state.pending.seat == 1
    assert act(game, "decide", 1, choice=[f"{lab(game, 'amb')}@{lab(game, 'h')}"]).ok
    assert where(game, "h") == "p0.trash" and where(game, "blade") == "p0.trash"
    assert xeno(game.state).equipped == {}
    assert game.state.pending.kind == "block"  # asked again until a pass


def test_XENO_R7_weapons_go_onto_own_non_weapon_battle_cards_only() -> None:
    game = game_at(position("set", data={"equipped": {"blade": "h"}},
                            p0_standby=[c("marine_sergeant", "h"), c("deck_rookie", "r")],
                            p0_weapons=[c("arc_blade", "blade")],
                            p0_hand=[c("coil_rifle", "rifle"), c("missile_pod", "pod")],
                            p1_standby=[c("walker_frame", "enemy")]))
    v = refused(game, "equip", weapon=lab(game, "rifle"), holder=lab(game, "enemy"))
    assert v.reason == "xenocard.bad_holder" and v.rule == "XENO-R7"
    v = refused(game, "equip", weapon=lab(game, "rifle"), holder=lab(game, "blade"))
    assert v.reason == "xenocard.bad_holder"
    v = refused(game, "equip", weapon=lab(game, "rifle"), holder=lab(game, "h"))
    assert v.reason == "xenocard.holder_armed"  # XENO-H3: one weapon per holder
    v = refused(game, "equip", weapon=lab(game, "pod"), holder=lab(game, "r"))
    assert "Machine x1" in text(v)  # the Missile Pod needs a Machine
    assert act(game, "equip", weapon=lab(game, "rifle"), holder=lab(game, "r")).ok
    assert where(game, "rifle") == "p0.weapons"


def test_XENO_H3_a_weapon_set_this_turn_lends_nothing_yet() -> None:
    game = game_at(position("set", data=slots(h="front.left", x="front.right"),
                            p0_field=[c("deck_rookie", "h")],
                            p0_standby=[c("marine_sergeant", "m")],
                            p0_hand=[c("coil_rifle", "rifle")],
                            p1_field=[c("abyss_leviathan", "x")]))
    assert act(game, "equip", weapon=lab(game, "rifle"), holder=lab(game, "h")).ok
    battle(game)
    (event,) = RULES.battle_events(game.state)  # still the rookie's own melee 1
    assert (event.step, event.damage, event.target) == ("melee", 1, lab(game, "x"))


def test_XENO_H4_an_equipped_weapon_counts_as_weapon_for_conditions() -> None:
    game = game_at(position("set", data={"equipped": {"blade": "h"}},
                            p0_standby=[c("deck_rookie", "h"), c("husk_crawler", "g")],
                            p0_weapons=[c("arc_blade", "blade")],
                            p0_hand=[c("scatter_cannon", "cannon")]))
    assert act(game, "equip", weapon=lab(game, "cannon"), holder=lab(game, "g")).ok


# -- XENO-R8 -------------------------------------------------------------------------------------
def test_XENO_R8_hand_limit_seven_discards_to_the_trash() -> None:
    hand = [c("deck_rookie", f"h{i}") for i in range(9)]
    game = game_at(position("set", p0_hand=hand))
    battle(game)
    pending = game.state.pending
    assert pending.kind == "adjust" and pending.min_count == pending.max_count == 2
    v = refused(game, "decide", 0, choice=[str(lab(game, "h0"))])
    assert v.reason == "xenocard.choice_count"
    assert act(game, "decide", 0, choice=[str(lab(game, "h0")), str(lab(game, "h1"))]).ok
    assert ids(game, "p0.trash") == ["deck_rookie"] * 2 and len(game.state.zones["p0.hand"]) == 7
    assert game.state.active == 1 and game.state.phase == "move"


def test_XENO_R8_no_adjust_decision_at_seven() -> None:
    game = game_at(position("set", p0_hand=[c("deck_rookie", f"h{i}") for i in range(7)]))
    battle(game)
    assert game.state.pending is None and game.state.active == 1


# -- house rulings -------------------------------------------------------------------------------
def test_XENO_H2_moves_only_in_the_move_phase_once_per_card() -> None:
    game = game_at(position("move", p0_standby=[c("walker_frame", "w")]))
    assert act(game, "move", card=lab(game, "w"), slot="p0.field/front.left").ok
    v = refused(game, "move", card=lab(game, "w"), slot="p0.field/front.right")
    assert v.reason == "xenocard.moved_already"
    assert act(game, "next_phase").ok
    game = game_at(position("set", p0_standby=[c("walker_frame", "w")]))
    v = refused(game, "move", card=lab(game, "w"), slot="p0.field/front.left")
    assert v.reason == "xenocard.move_phase_only" and "Set phase" in text(v)


def test_XENO_H2_move_keeps_counters_and_needs_a_free_own_slot() -> None:
    game = game_at(position("move", data=slots(w="s1", r="front.left"),
                            p0_standby=[c("walker_frame", "w", counters={"damage": 1})],
                            p0_field=[c("deck_rookie", "r")]))
    v = refused(game, "move", card=lab(game, "w"), slot="p0.field/front.left")
    assert v.reason == "xenocard.slot_taken"
    v = refused(game, "move", card=lab(game, "w"), slot="p1.field/front.left")
    assert v.reason == "xenocard.move_within_own_areas"
    assert act(game, "move", card=lab(game, "w"), slot="p0.field/back.right").ok
    assert game.state.cards[lab(game, "w")].counters == {"damage": 1}
    assert RULES.cell_contents(game.state)["p0.field"] == [
        lab(game, "r"), None, None, lab(game, "w")]


def test_XENO_H5_situations_last_their_duration_in_owner_turns() -> None:
    game = game_at(position("set", p0_hand=[c("nebula_cover", "n")],
                            p0_standby=[c("deck_rookie", "r")]))
    assert act(game, "set_situation", card=lab(game, "n"), slot="p0.situations/s2").ok
    assert game.state.cards[lab(game, "n")].counters == {"turns": 2}
    for _ in range(2):  # p0's turn ends; p1's turn ends; p0's next turn starts
        finish_turn(game)
    assert where(game, "n") == "p0.situations"
    assert game.state.cards[lab(game, "n")].counters == {"turns": 1}
    for _ in range(2):
        finish_turn(game)
    assert where(game, "n") == "p0.trash"


def test_situation_bonuses_apply_to_atk_hp_and_deck_attacks() -> None:
    game = game_at(position(
        "set", data=slots(g="front.left"),
        p0_field=[c("husk_crawler", "g")], p0_situations=[c("hive_resonance", "hive")],
        p1_field=[c("drifting_relic", "x")], p1_situations=[c("nebula_cover", "cover")]))
    xeno(game.state).slots[lab(game, "x")] = "front.right"
    battle(game)
    (event,) = RULES.battle_events(game.state)
    assert (event.damage, event.hp, event.destroyed) == (4, 6, False)
    game = game_at(position("set", data=slots(b="front.left"),
                            p0_field=[c("siege_crawler", "b")],
                            p1_situations=[c("shield_lattice", "lattice")]))
    battle(game)
    assert RULES.battle_events(game.state)[0].damage == 1


def test_XENO_H6_level_up_replaces_the_card_where_it_stands() -> None:
    game = game_at(position("set", data={"slots": {"w": "front.right"},
                                         "equipped": {"pod": "w"}},
                            p0_field=[c("walker_frame", "w")], p0_weapons=[c("missile_pod", "pod")],
                            p0_standby=[c("deck_rookie", "r")],
                            p0_hand=[c("walker_frame_mk2", "mk2"), c("void_wisp_elder", "elder")]))
    v = refused(game, "level_up", card=lab(game, "elder"), onto=lab(game, "w"))
    assert v.reason == "xenocard.level_up_mismatch" and "Void Wisp" in text(v)
    assert act(game, "level_up", card=lab(game, "mk2"), onto=lab(game, "w")).ok
    assert where(game, "w") == "p0.trash"
    assert RULES.cell_contents(game.state)["p0.field"][1] == lab(game, "mk2")
    assert xeno(game.state).equipped == {lab(game, "pod"): lab(game, "mk2")}
    assert "e_mark" not in game.state.cards[lab(game, "mk2")].counters


def test_XENO_H7_event_boosts_last_the_turn_and_damage_adds_to_battle() -> None:
    game = game_at(position(
        "event", data=slots(w="front.left", x="front.right"),
        p0_field=[c("walker_frame", "w")], p0_standby=[c("patrol_drone", "d")],
        p0_hand=[c("overclock", "oc"), c("focused_fire", "ff")],
        p1_field=[c("abyss_leviathan", "x")]))  # HP 6
    assert act(game, "play_event", card=lab(game, "oc"), target=lab(game, "w")).ok
    assert act(game, "play_event", card=lab(game, "ff"), target=lab(game, "x")).ok
    assert act(game, "next_phase").ok
    battle(game)
    (event,) = RULES.battle_events(game.state)
    assert (event.damage, event.total_damage, event.destroyed) == (5, 7, True)
    assert RULES.derived(game.state, lab(game, "w"))["atk"] == 3  # the boost ended


def test_XENO_H8_unique_cards_once_on_their_owners_side() -> None:
    game = game_at(position("set", p0_standby=[c("navigator_ilse", "a")],
                            p0_hand=[c("navigator_ilse", "b")],
                            p1_standby=[c("navigator_ilse", "theirs")]))
    v = refused(game, "set_card", card=lab(game, "b"), slot="p0.standby/s2")
    assert v.reason == "xenocard.unique_in_play"


def test_XENO_H9_block_phase_is_always_asked_and_block_events_only_there() -> None:
    game = game_at(position("event", data=slots(w="front.left"),
                            p0_field=[c("walker_frame", "w")],
                            p0_hand=[c("ambush", "amb")],
                            p1_hand=[c("emergency_shield", "es"), c("supply_drop", "sd")],
                            p1_standby=[c("deck_rookie", "r")]))
    v = refused(game, "play_event", card=lab(game, "amb"), target=None)
    assert v.reason in ("xenocard.block_only_event", "xenocard.bad_target")
    assert act(game, "next_phase").ok and act(game, "next_phase").ok
    assert game.state.pending.kind == "block" and game.state.pending.seat == 1
    v = refused(game, "decide", 1, choice=[str(lab(game, "sd"))])
    assert v.reason == "xenocard.not_a_block_event"
    assert act(game, "decide", 1, choice=[f"{lab(game, 'es')}@{lab(game, 'r')}"]).ok
    assert RULES.derived(game.state, lab(game, "r"))["hp"] == 2 + 3
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert game.state.active == 1


def test_smoke_screen_sends_an_attacker_back_to_standby() -> None:
    game = game_at(position("block", data=slots(w="front.left"),
                            p0_field=[c("walker_frame", "w")],
                            p1_hand=[c("smoke_screen", "smoke")]))
    assert act(game, "decide", 1, choice=[f"{lab(game, 'smoke')}@{lab(game, 'w')}"]).ok
    assert where(game, "w") == "p0.standby"
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert RULES.battle_events(game.state) == []


# -- drops ---------------------------------------------------------------------------------------
def test_drops_map_onto_slots_and_cards_with_plain_refusals() -> None:
    game = game_at(position("set", data={"slots": {"w": "s1"}},
                            p0_standby=[c("walker_frame", "w")],
                            p0_hand=[c("deck_rookie", "r"), c("arc_blade", "blade"),
                                     c("walker_frame_mk2", "mk2"), c("nebula_cover", "n"),
                                     c("focused_fire", "ff")],
                            p1_field=[c("void_wisp", "x")]))
    state, drop = game.state, RULES.interpret_drop
    r, w = lab(game, "r"), lab(game, "w")
    assert drop(state, 0, r, "p0.standby") == Action.make("set_card", 0, card=r,
                                                          slot="p0.standby/s2")
    assert drop(state, 0, r, "cell:p0.standby/s4") == Action.make("set_card", 0, card=r,
                                                                  slot="p0.standby/s4")
    refusal = drop(state, 0, r, "p0.field/front.left")
    assert isinstance(refusal, Verdict) and refusal.reason == "xenocard.set_to_standby_only"
    assert drop(state, 0, lab(game, "blade"), "p0.standby/s1") == Action.make(
        "equip", 0, weapon=lab(game, "blade"), holder=w)
    refusal = drop(state, 0, lab(game, "blade"), "p0.standby/s3")
    assert isinstance(refusal, Verdict) and refusal.reason == "xenocard.bad_holder"
    assert drop(state, 0, lab(game, "mk2"), "p0.standby", w) == Action.make(
        "level_up", 0, card=lab(game, "mk2"), onto=w)
    assert drop(state, 0, lab(game, "n"), "p0.situations") == Action.make(
        "set_situation", 0, card=lab(game, "n"), slot="p0.situations/s1")
    move = drop(state, 0, w, "p0.field/back.left")
    assert move == Action.make("move", 0, card=w, slot="p0.field/back.left")
    assert isinstance(move, Action) and RULES.check(state, move).reason == \
        "xenocard.move_phase_only"
    refusal = drop(state, 0, lab(game, "ff"), "p1.field")
    assert isinstance(refusal, Verdict) and refusal.reason == "xenocard.target_needed"
    assert drop(state, 0, lab(game, "ff"), "p1.field", lab(game, "x")) == Action.make(
        "play_event", 0, card=lab(game, "ff"), target=lab(game, "x"))
    assert isinstance(drop(state, 1, r, "p1.standby"), Verdict)  # not seat 1's card


def test_describe_and_refusal_messages_render_in_both_languages() -> None:
    game = game_at(position("set", p0_hand=[c("deck_rookie", "r")]))
    label = RULES.describe(game.state, Action.make("set_card", 0, card=lab(game, "r"),
                                                   slot="p0.standby/s2"))
    assert label is not None and label.render("en") == \
        "Set Deck Rookie on Player 1's Standby area, slot 2"
    v = refused(game, "set_card", card=lab(game, "r"), slot="p0.field/front.left")
    assert "{" not in text(v) and "{" not in v.message.render("ja")  # type: ignore[union-attr]


def test_battle_events_keep_the_atk_each_attack_used() -> None:
    # The window plays the battle back later: it must show the ATK of the attack, not
    # the ATK in force when it is shown.
    from tabletop.games.xenocard import stats

    game = game_at(position("set", data=slots(s="front.left", x="front.left"),
                            p0_field=[c("marine_sergeant", "s")],  # shooting, ATK 2
                            p1_field=[c("drifting_relic", "x")]))
    battle(game)
    (event,) = RULES.battle_events(game.state)
    assert event.atk == 2 and event.at_deck and event.damage <= event.atk
    assert battle_record(game).attacks[0].atk == 2
    # Whatever changes the attacker's ATK afterwards, the record keeps the number used.
    game.state.cards[lab(game, "s")].card_id = "walker_frame"  # ATK 3
    assert stats.atk(game.state, RULES.cards, lab(game, "s")) == 3
    assert RULES.battle_events(game.state)[0].atk == 2
    # Records written before the number was kept still load (no ATK shown then).
    old = {k: v for k, v in battle_record(game).attacks[0].to_json().items() if k != "atk"}
    assert type(event).from_json(old).atk is None


def test_XENO_H12_the_replaced_card_counts_for_the_level_ups_condition() -> None:
    # Marine Captain needs a Human; the Sergeant it replaces is the only Human in play.
    game = game_at(position("set", data={"slots": {"m": "s1"}},
                            p0_standby=[c("marine_sergeant", "m")],
                            p0_hand=[c("marine_captain", "cap")]))
    assert act(game, "level_up", card=lab(game, "cap"), onto=lab(game, "m")).ok
    assert where(game, "m") == "p0.trash" and where(game, "cap") == "p0.standby"
    # ...but not while it carries the E mark (set this turn, XENO-R6).
    game = game_at(position("set", data={"slots": {"m": "s1"}},
                            p0_standby=[c("marine_sergeant", "m")],
                            p0_hand=[c("marine_captain", "cap")]))
    game.state.cards[lab(game, "m")].counters["e_mark"] = 1
    v = refused(game, "level_up", card=lab(game, "cap"), onto=lab(game, "m"))
    assert v.reason == "xenocard.condition_unmet"


# -- the typed bookkeeping (issue 11) ----------------------------------------------------------
def test_position_data_keys_become_the_typed_bookkeeping() -> None:
    """``[position.data]`` keeps its plain keys; they load as :class:`XenoData`."""
    game = game_at(position("set", data={"slots": {"w": "front.right"}, "battle_set": True,
                                         "equipped": {"pod": "w"}},
                            p0_field=[c("walker_frame", "w")],
                            p0_weapons=[c("missile_pod", "pod")],
                            p0_hand=[c("deck_rookie", "r")]))
    data = xeno(game.state)
    assert data.slots[lab(game, "w")] == "front.right"
    assert data.equipped == {lab(game, "pod"): lab(game, "w")}
    assert data.this_turn.battle_set and not data.this_turn.situation_set
    assert "slots" not in game.state.data and "battle_set" not in game.state.data
    v = refused(game, "set_card", card=lab(game, "r"), slot="p0.standby/s1")
    assert v.reason == "xenocard.one_battle_card_per_turn"


def test_the_bookkeeping_round_trips_through_plain_values() -> None:
    game = game_at(position("set", data=slots(s="front.left", x="front.left"),
                            p0_field=[c("marine_sergeant", "s")],
                            p1_field=[c("drifting_relic", "x")]))
    battle(game)
    data = xeno(game.state)
    assert data.battle is not None and data.battle.attacks
    assert type(data).from_json(data.to_json()) == data
    assert data.this_turn == type(data.this_turn)()  # a fresh one at the turn's start
