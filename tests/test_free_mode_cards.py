"""Free mode (ALL-R3) may put any card anywhere: the rules and the window cope.

A card moved by hand (``manual_move``) into a place meant for another kind of
card has none of the numbers that place is about: an Arc resource in the
character row has no power (it cannot attack or block, ARC-R5), a Conan Move in
a Chronicle has no renown (CONAN-R1) and in a Foe row it is no Foe (CONAN-R7),
a Xenocard event on a battle slot has no HP (it is no battle card, XENO-R5).
Each case below is played on: frames drawn (with the card hovered), every legal
action checked, the fight resolved, and the game saved and resumed in the
window. Zones that free mode overfilled are listed by
``GameState.zones_over_capacity``, the rules keep refusing to add to them, and
the window says so when free mode is left.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game_helpers import assert_only_legal_actions
from ui_helpers import arc_position, frames, make_app, move

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.persistence import load_save, save_game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.games.arc.effects import action_targets
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import moves as conan_moves
from tabletop.games.conan import zones as conan_zones
from tabletop.games.conan.survey import retreat_cost
from tabletop.games.xenocard import zones as xeno_zones
from tabletop.games.xenocard.payment import available_attributes
from tabletop.games.xenocard.stats import hp
from tabletop.ui.table import TableScene


def c(card: str, label: str) -> dict[str, Any]:
    return {"card": card, "label": label}


def game_at(game_id: str, position: dict[str, Any]) -> Game:
    return Game(load_rules(game_id), GameSetup(game_id, seed=3, position=position))


def lab(game: Game, name: str) -> int:
    return int(game.state.data["labels"][name])


def by_hand(game: Game, seat: int, iid: int, zone: str, stay_free: bool = False) -> None:
    """Free mode on, move ``iid`` into ``zone`` by hand, free mode off again."""
    steps = [Action.make("set_free_mode", seat, on=True),
             Action.make("manual_move", seat, card=iid, zone=zone)]
    if not stay_free:
        steps.append(Action.make("set_free_mode", seat, on=False))
    for action in steps:
        verdict = game.propose(action)
        assert verdict.ok, (action, verdict.reason)


def show(game: Game, hover: int | None = None) -> TableScene:
    """The game in the window, a few frames drawn, ``hover`` hovered (its preview)."""
    app = make_app()
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 3)
    if hover is not None and scene.card_rect(hover) is not None:
        move(app, scene.card_rect(hover).center)
        frames(app, 2)
    return scene


def resumed(game: Game, tmp_path: Path) -> Game:
    """Saved, loaded back (replayed with checks) and shown in the window: the same game."""
    path = save_game(game, tmp_path / f"save-{game.setup.game}.json")
    again = load_save(path)
    assert again.state.fingerprint() == game.state.fingerprint()
    show(again)
    return again


def play_bots(game: Game, steps: int) -> None:
    """The game's own bots play on; every offered action is legal."""
    bots = [game.rules.make_bot(7), game.rules.make_bot(8)]
    for _ in range(steps):
        if game.state.game_over:
            return
        assert_only_legal_actions(game)
        action = bots[game.rules.acting_seat(game.state)].choose(game)
        assert action is not None and game.propose(action).ok, action


# ------------------------------------------------------------------------------ Xenocard

XENO_SET = {
    "turn": 3, "active": 0, "phase": "set",
    "zones": {
        "p0.hand": [c("ambush", "event"), c("nebula_cover", "situation"),
                    c("arc_blade", "blade"), c("deck_rookie", "rookie")],
        "p0.field": [c("lancer_unit", "lancer")],
        "p1.hand": [c("void_wisp", "wisp")],
        "p1.field": [c("husk_crawler", "husk")],
        "p0.deck": ["deck_rookie"] * 12, "p1.deck": ["void_wisp"] * 12,
    },
    "data": {"slots": {"lancer": "front.left", "husk": "front.left"}},
}


def test_free_mode_move_into_xenocard_battle_slot_does_not_crash(tmp_path: Path) -> None:
    game = game_at("xenocard", XENO_SET)
    db = game.rules.cards
    event, blade = lab(game, "event"), lab(game, "blade")
    by_hand(game, 0, event, "p0.field")
    by_hand(game, 0, blade, "p1.field")  # a weapon on the slot facing the lancer
    show(game, hover=event)
    assert_only_legal_actions(game)
    state = game.state
    assert xeno_zones.slot_of(state, event) == xeno_zones.slot_of(state, blade) == "front.right"
    assert not xeno_zones.is_battle_card(db, state, event) and hp(state, db, event) is None
    assert event not in xeno_zones.battle_cards(state, db, 0)
    assert blade not in xeno_zones.battle_cards(state, db, 1)
    assert xeno_zones.free_slots(state, "p0.field") == ["back.left", "back.right"]
    # The battle: the lancer's melee finds only a weapon without HP in front of it.
    assert game.propose(Action.make("next_phase", 0)).ok
    assert game.propose(Action.make("decide", 1, choice=["pass"])).ok
    attacks = game.rules.battle_events(game.state)
    assert all(e.target not in (event, blade) for e in attacks)
    assert game.state.zone_of(event) == "p0.field" and game.state.zone_of(blade) == "p1.field"
    show(game)
    game = resumed(game, tmp_path)
    play_bots(game, 60)


def test_free_mode_xenocard_event_on_a_slot_never_moves_nor_counts(tmp_path: Path) -> None:
    game = game_at("xenocard", {**XENO_SET, "phase": "move"})
    db = game.rules.cards
    situation = lab(game, "situation")
    by_hand(game, 0, situation, "p0.standby")
    show(game, hover=situation)
    refusal = game.check(Action.make("move", 0, card=situation, slot="p0.field/back.left"))
    assert refusal.reason == "xenocard.not_movable"
    assert all(a.get("card") != situation for a in game.rules.legal_actions(game.state, 0))
    assert available_attributes(game.state, db, 0) == [db["lancer_unit"]["attribute"]]
    assert xeno_zones.slot_of(game.state, situation) == "s1"
    resumed(game, tmp_path)


def test_free_mode_overfilled_xenocard_standby_refuses_a_fifth_card(tmp_path: Path) -> None:
    zones = {**XENO_SET["zones"],
             "p0.standby": [c("deck_rookie", f"r{n}") for n in range(4)],
             "p1.hand": [c("void_wisp", "wisp")]}
    game = game_at("xenocard", {**XENO_SET, "zones": zones, "data": XENO_SET["data"]})
    rookie = lab(game, "rookie")
    by_hand(game, 0, rookie, "p0.standby")
    show(game, hover=rookie)
    state = game.state
    drop = game.rules.interpret_drop(state, 0, lab(game, "wisp"), "p0.standby", None)
    assert not isinstance(drop, Action)
    assert state.zones_over_capacity() == ["p0.standby"]
    assert xeno_zones.slot_of(state, rookie) is None  # the fifth stands on no slot
    assert not xeno_zones.is_battle_card(game.rules.cards, state, rookie)
    play_bots(resumed(game, tmp_path), 40)


def test_ALL_H5_leaving_free_mode_with_an_overfilled_zone_names_it_in_the_log() -> None:
    zones = {**XENO_SET["zones"],
             "p0.standby": [c("deck_rookie", f"r{n}") for n in range(4)]}
    game = game_at("xenocard", {**XENO_SET, "zones": zones, "data": XENO_SET["data"]})
    by_hand(game, 0, lab(game, "rookie"), "p0.standby", stay_free=True)
    assert game.propose(Action.make("set_free_mode", 0, on=False)).ok
    last = game.state.log[-1].for_seat(0)
    assert last.key == "log.over_capacity"
    assert "Player 1's Standby" in last.render("en") and "ALL-H5" in last.render("en")


# ------------------------------------------------------------------------------- Conan

CONAN_DECKS = {"p0.deck": ["move_parry"] * 8, "p1.deck": ["move_parry"] * 8,
               "p0.foe_deck": ["foe_hill_bandit"] * 4, "p1.foe_deck": ["foe_hill_bandit"] * 4}

CONAN_FOE_DRAW = {
    "turn": 3, "active": 0, "phase": "foe_draw", "step": "place",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p1.foe_hand": [c("foe_hill_bandit", "bandit"), c("foe_grey_wolf", "wolf")],
              "p0.hand": [c("move_slash", "slash"), c("move_parry", "parry")],
              "p1.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
              **CONAN_DECKS},
    "data": {"foes_placed": 0, "forced": False, "region_attached": False},
}

CONAN_FOE_MOVE = {
    "turn": 3, "active": 0, "phase": "foe_move",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "center": [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
              "p0.hand": [c("move_slash", "slash"), c("move_parry", "parry")],
              "p1.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave"),
                          c("move_parry", "spare")],
              **CONAN_DECKS},
}


def test_free_mode_move_into_conan_chronicle_does_not_crash(tmp_path: Path) -> None:
    game = game_at("conan", CONAN_FOE_DRAW)
    slash = lab(game, "slash")
    by_hand(game, 0, slash, "p0.chronicle")
    show(game, hover=slash)
    assert conan_zones.renown(game.state, game.rules.cards, 0) == 0  # a Move has no renown
    assert_only_legal_actions(game)
    play_bots(resumed(game, tmp_path), 80)


def test_free_mode_move_in_a_conan_foe_row_is_no_foe(tmp_path: Path) -> None:
    game = game_at("conan", CONAN_FOE_MOVE)
    db = game.rules.cards
    spare = lab(game, "spare")
    by_hand(game, 1, spare, "center")
    show(game, hover=spare)
    state = game.state
    assert conan_zones.foes_on_field(state, db) == [lab(game, "bandit"), lab(game, "spear")]
    assert conan_moves.foes_without_move(state, db) == [lab(game, "bandit"), lab(game, "spear")]
    assert retreat_cost(state, db) == sum(db[state.cards[f].card_id]["scars"]
                                          for f in conan_zones.foes_on_field(state, db))
    refusal = game.check(Action.make("place_foe_move", 1, card=lab(game, "cleave"), foe=spare))
    assert refusal.reason == "conan.not_a_foe"
    for card, foe in (("arrows", "bandit"), ("cleave", "spear")):
        assert game.propose(Action.make("place_foe_move", 1, card=lab(game, card),
                                        foe=lab(game, foe))).ok
    assert game.propose(Action.make("next_phase", 1)).ok
    assert game.state.phase == "conan_move"
    show(game)
    play_bots(resumed(game, tmp_path), 80)  # the fight is resolved with the Move in the row


def test_free_mode_foe_placed_beside_a_move_in_its_row(tmp_path: Path) -> None:
    game = game_at("conan", CONAN_FOE_DRAW)
    by_hand(game, 1, lab(game, "arrows"), "center")
    # Foe kinds are decided among Foes: the Move takes room, it has no kind (CONAN-R7).
    assert game.propose(Action.make("place_foe", 1, card=lab(game, "bandit"),
                                    zone="center")).ok
    show(game)
    play_bots(resumed(game, tmp_path), 80)


def test_free_mode_move_record_left_behind_is_no_move(tmp_path: Path) -> None:
    game = game_at("conan", CONAN_FOE_MOVE)
    arrows = lab(game, "arrows")
    assert game.propose(Action.make("place_foe_move", 1, card=arrows,
                                    foe=lab(game, "bandit"))).ok
    by_hand(game, 1, arrows, "p1.hand")  # taken back by hand: its record stays behind
    assert all(r.card != arrows for r in bf.moves(game.state))
    assert bf.move_of_foe(game.state, lab(game, "bandit")) is None
    show(game)
    # the Foe waits for a Move again, and gets one
    assert game.propose(Action.make("place_foe_move", 1, card=lab(game, "spare"),
                                    foe=lab(game, "bandit"))).ok
    play_bots(resumed(game, tmp_path), 80)


def test_free_mode_overfilled_conan_row_refuses_another_foe(tmp_path: Path) -> None:
    zones = {**CONAN_FOE_DRAW["zones"],
             "center": [c("foe_hill_bandit", "b1"), c("foe_hill_bandit", "b2"),
                        c("foe_hill_bandit", "b3")]}
    game = game_at("conan", {**CONAN_FOE_DRAW, "zones": zones})
    by_hand(game, 1, lab(game, "arrows"), "center", stay_free=True)
    scene = show(game)
    assert game.state.zones_over_capacity() == ["center"]
    assert game.propose(Action.make("set_free_mode", 1, on=False)).ok
    frames(scene.app, 2)
    assert scene.toast.key == "table.over_capacity"
    assert "Center" in scene.toast.full_text
    refusal = game.check(Action.make("place_foe", 1, card=lab(game, "bandit"), zone="center"))
    assert refusal.reason == "conan.zone_full"
    again = resumed(game, tmp_path)
    assert again.state.zones_over_capacity() == ["center"]


# --------------------------------------------------------------------------------- Arc


def _arc_resource(game: Game, seat: int) -> int:
    return game.state.zones[f"p{seat}.resources"].cards[0]


def test_free_mode_arc_resource_in_the_character_row_cannot_attack(tmp_path: Path) -> None:
    game = game_at("arc", arc_position("attack"))
    resource = _arc_resource(game, 0)
    by_hand(game, 0, resource, "p0.characters")
    refusal = game.check(Action.make("attack", 0, attackers=[resource]))
    assert refusal.reason == "arc.not_a_character"
    assert all(resource not in (a.get("attackers") or ())
               for a in game.rules.legal_actions(game.state, 0))
    scene = show(game, hover=resource)
    assert not scene.ui.can_select(scene, resource)
    # A real attack with the resource lying in the row: the combat resolves.
    assert game.propose(Action.make("attack", 0, attackers=[lab(game, "duelist")])).ok
    play_bots(game, 12)
    show(game)
    play_bots(resumed(game, tmp_path), 40)


def test_free_mode_arc_resource_in_the_defenders_row_cannot_block(tmp_path: Path) -> None:
    game = game_at("arc", arc_position("attack"))
    resource = _arc_resource(game, 1)
    by_hand(game, 0, resource, "p1.characters")
    assert game.propose(Action.make("attack", 0, attackers=[lab(game, "duelist")])).ok
    pending = game.state.pending
    assert pending.kind == "blockers"
    assert all(not o.startswith(f"{resource}>") for o in pending.options)
    show(game)
    play_bots(resumed(game, tmp_path), 40)


def test_free_mode_arc_destroy_never_aims_at_a_card_without_power() -> None:
    game = game_at("arc", arc_position("main"))
    resource = _arc_resource(game, 1)
    by_hand(game, 0, resource, "p1.characters")
    db = game.rules.cards
    destroy = next(card for card in db.values() if card.get("effect") == "destroy")
    assert resource not in action_targets(game.state, db, 0, destroy)
