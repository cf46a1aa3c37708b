"""Conan's abilities (issue 15): every timing, event, condition, target, effect and
duration of the ability language, as rule examples on the sample cards.

Each ability happens at its moment, its target rules refuse a wrong target (the
refusal names what it may aim at), and a lasting effect ends when its duration
does (CONAN-H11 for the timings; ``docs/cards-conan.md`` for the words)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.core.abilities import Active, Boundary, Counted, Duration, Lasting, Use, tick
from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDataError
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, register_card_names
from tabletop.games import conan
from tabletop.games.conan import plays
from tabletop.games.conan.abilities import VOCABULARY, Ctx
from tabletop.games.conan.bot import ConanBot
from tabletop.games.conan.data import conan_data, turn_data
from tabletop.games.conan.stats import counter, stat

RULES = conan.load()
register_card_names(RULES.cards)
FILL = ["move_parry"] * 8
CONAN = {"card": "conan_wanderer", "label": "conan"}


def position(phase: str, active: int = 0, step: str = "",
             data: dict[str, Any] | None = None, **zones: list[Any]) -> dict[str, Any]:
    table: dict[str, list[Any]] = {"p0.deck": list(FILL), "p1.deck": list(FILL)}
    for key, cards in zones.items():
        table[key.replace("_", ".", 1) if key[:2] in ("p0", "p1") else key] = cards
    pos: dict[str, Any] = {"phase": phase, "active": active, "step": step, "zones": table,
                           "turn": 3}
    if data:
        pos["data"] = data
    return pos


def game_at(pos: dict[str, Any]) -> Game:
    return Game(RULES, GameSetup("conan", 1, 0, position=pos))


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


def lab(game: Game, name: str) -> int:
    return int(game.state.data["labels"][name])


def ok(game: Game, kind: str, seat: int, **args: Any) -> None:
    verdict = game.propose(Action.make(kind, seat, **args))
    assert verdict.ok, verdict.reason


def refused(game: Game, kind: str, seat: int, code: str, **args: Any) -> Verdict:
    before = game.state.fingerprint()
    verdict = game.propose(Action.make(kind, seat, **args))
    assert not verdict.ok and verdict.reason == code, verdict.reason
    assert game.state.fingerprint() == before
    return verdict


def damage_of(game: Game, label: str) -> int:
    return stat(game.state, RULES.cards, lab(game, label), "damage")


def spent(game: Game, label: str) -> int:
    return counter(game.state, lab(game, label), "spent")


def hand(game: Game, seat: int) -> int:
    return len(game.state.zones[f"p{seat}.hand"].cards)


def _fight_to_barbarian(game: Game, foe: str, move: str = "feint") -> None:
    """Foe Move with ``move`` for ``foe``, then Conan answers nothing."""
    ok(game, "place_foe_move", 1, card=lab(game, move), foe=lab(game, foe))
    ok(game, "next_phase", 1)
    ok(game, "next_phase", 0)


# ----------------------------------------------------------------- the Prepare step


def test_prepare_action_draw_happens_and_the_card_is_discarded() -> None:
    game = game_at(position("prepare", conan=[CONAN], p0_hand=[c("action_forage", "forage")]))
    ok(game, "play_card", 0, card=lab(game, "forage"))
    assert game.state.zone_of(lab(game, "forage")) == "p0.discard"
    assert hand(game, 0) == 2


def test_prepare_heal_needs_its_condition_and_targets_conan_only() -> None:
    game = game_at(position("prepare", p0_side=[CONAN], p0_hand=[c("action_bandage", "b")]))
    refused(game, "play_card", 0, "conanab.condition", card=lab(game, "b"))
    hurt = game_at(position("prepare", p0_side=[c("conan_wanderer", "conan",
                                                  counters={"damage": 4})],
                            p0_hand=[c("action_bandage", "b")]))
    refused(hurt, "play_card", 0, "conanab.no_choice", card=lab(hurt, "b"),
            target=lab(hurt, "conan"))  # "conan" is given, not chosen
    ok(hurt, "play_card", 0, card=lab(hurt, "b"))
    assert counter(hurt.state, lab(hurt, "conan"), "damage") == 1


def test_prepare_unwound_and_prowess_effects() -> None:
    game = game_at(position("prepare", p0_side=[c("conan_wanderer", "conan",
                                                  counters={"wound": 3, "spent": 3})],
                            p0_hand=[c("action_steel_nerves", "n"),
                                     c("action_second_wind", "w")]))
    ok(game, "play_card", 0, card=lab(game, "n"))
    ok(game, "play_card", 0, card=lab(game, "w"))
    assert counter(game.state, lab(game, "conan"), "wound") == 1
    assert spent(game, "conan") == 1


def test_modify_until_the_end_of_the_turn_ends_with_the_turn() -> None:
    game = game_at(position("prepare", p0_side=[CONAN], p0_hand=[c("action_battle_rage", "r")],
                            p1_side=[c("conan_sea_raider", "other")]))
    ok(game, "play_card", 0, card=lab(game, "r"))
    assert damage_of(game, "conan") == 4
    (active,) = conan_data(game.state).actives
    assert active.lasting.duration is Duration.END_OF_TURN
    plays.end_of(game.state, Boundary.END_OF_COMBAT)
    assert damage_of(game, "conan") == 4  # a combat round's end does not end it
    plays.end_of(game.state, Boundary.END_OF_TURN)
    assert damage_of(game, "conan") == 3 and not conan_data(game.state).actives


def test_an_action_outside_its_timing_is_refused_naming_the_timing() -> None:
    game = game_at(position("prepare", p0_side=[CONAN],
                            p0_hand=[c("action_sudden_strike", "s")]))
    verdict = refused(game, "play_card", 0, "conanab.action_timing", card=lab(game, "s"))
    assert "Before a zone's Resolution" in verdict.message.render("en")


# ----------------------------------------------------------------- Foe actions


def test_foe_action_at_foe_draw_draws_more_foes_for_the_enemy_only() -> None:
    foes = [c("foe_hill_bandit", f"f{i}") for i in range(6)]
    game = game_at(position("foe_draw", step="place", conan=[CONAN],
                            p1_foe_hand=[c("foe_grey_wolf", "wolf")], p1_foe_deck=foes,
                            p1_hand=[c("action_ambush", "ambush")],
                            p0_hand=[c("action_ambush", "mine")]))
    refused(game, "play_card", 0, "conan.enemy_acts", card=lab(game, "mine"))
    ok(game, "play_card", 1, card=lab(game, "ambush"))
    assert len(game.state.zones["p1.foe_hand"].cards) == 3
    assert game.state.zone_of(lab(game, "ambush")) == "p1.discard"


def test_foe_action_at_foe_move_lasts_the_combat_round() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p1_hand=[c("action_poisoned_blades", "poison"),
                                     c("move_feint", "feint")]))
    ok(game, "play_card", 1, card=lab(game, "poison"))
    assert damage_of(game, "b") == 2
    (active,) = conan_data(game.state).actives
    assert active.lasting.duration is Duration.END_OF_COMBAT
    plays.end_of(game.state, Boundary.END_OF_COMBAT)
    assert damage_of(game, "b") == 1


def test_survey_window_turn_player_first_then_the_enemy_foe_action() -> None:
    game = game_at(position("survey", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("action_strange_omen", "omen")],
                            p1_hand=[c("action_cruel_taunt", "taunt")]))
    assert plays.moment(game.state) == "survey"
    assert RULES.acting_seat(game.state) == 0
    legal = RULES.legal_actions(game.state, 0)
    assert {a.kind for a in legal} == {"play_card", "next_phase"}
    ok(game, "play_card", 0, card=lab(game, "omen"))
    assert hand(game, 0) == 1  # the Omen left, a card came
    # still asked: its deck list holds a Survey Action and it holds a card (what the
    # enemy sees), so being asked tells nothing of the hand; it passes
    assert RULES.acting_seat(game.state) == 0
    ok(game, "next_phase", 0)
    assert RULES.acting_seat(game.state) == 1
    refused(game, "play_card", 1, "conanab.no_choice", card=lab(game, "taunt"),
            target=lab(game, "b"))
    ok(game, "play_card", 1, card=lab(game, "taunt"))
    assert spent(game, "conan") == 2
    assert game.state.pending is not None and game.state.pending.kind == "survey"


def test_being_asked_at_a_timing_depends_on_public_information_only() -> None:
    # the enemy holds a Move, not its Cruel Taunt, yet is asked as if it might
    game = game_at(position("survey", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p1_hand=[c("move_feint", "feint")],
                            p1_discard=[c("action_cruel_taunt", "taunt")]))
    assert RULES.acting_seat(game.state) == 1
    assert [a.kind for a in RULES.legal_actions(game.state, 1)] == ["next_phase"]
    ok(game, "next_phase", 1)
    assert game.state.pending is not None and game.state.pending.kind == "survey"
    # with an empty hand (what both see) it is passed over
    empty = game_at(position("survey", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                             p1_discard=[c("action_cruel_taunt", "taunt")]))
    assert empty.state.pending is not None and empty.state.pending.kind == "survey"


def test_a_seat_may_pass_an_open_window() -> None:
    game = game_at(position("survey", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("action_strange_omen", "omen")]))
    ok(game, "next_phase", 0)
    assert game.state.pending is not None and game.state.pending.kind == "survey"
    assert game.state.zone_of(lab(game, "omen")) == "p0.hand"


# ----------------------------------------------------------------- Conan Move, Barbarian


def test_conan_move_action_lasts_the_combat_round() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("action_press_the_attack", "press")],
                            p1_hand=[c("move_feint", "feint")]))
    ok(game, "place_foe_move", 1, card=lab(game, "feint"), foe=lab(game, "b"))
    ok(game, "next_phase", 1)
    ok(game, "play_card", 0, card=lab(game, "press"))
    assert damage_of(game, "conan") == 4


def test_barbarian_window_chosen_target_must_be_conan_or_an_ally() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p0_side=[c("ally_pirate_swordswoman", "ally")],
                            p0_hand=[c("action_war_cry", "cry")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "b")
    assert plays.moment(game.state) == "barbarian"
    verdict = refused(game, "play_card", 0, "conanab.bad_target", card=lab(game, "cry"),
                      target=lab(game, "b"))
    assert "Pirate Swordswoman" in verdict.message.render("en")
    lit = {a.get("target") for a in RULES.legal_actions(game.state, 0)
           if a.kind == "play_card"}
    assert lit == {lab(game, "conan"), lab(game, "ally")}
    ok(game, "play_card", 0, card=lab(game, "cry"), target=lab(game, "ally"))
    assert damage_of(game, "ally") == 3


def test_conan_barbarian_ability_heals_and_its_cost_is_prowess() -> None:
    game = game_at(position("foe_move", conan=[c("conan_pit_fighter", "conan",
                                                 counters={"damage": 5})],
                            center=[c("foe_hill_bandit", "b")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "b")
    assert game.state.pending is not None and game.state.pending.options == ("use", "pass")
    ok(game, "decide", 0, choice=["use"])
    assert counter(game.state, lab(game, "conan"), "damage") == 3
    assert spent(game, "conan") == 1


# ----------------------------------------------------------------- Resolution timings


def _at_resolution(**zones: list[Any]) -> Game:
    game = game_at(position("foe_move", conan=[CONAN], p1_hand=[c("move_feint", "feint")],
                            **zones))
    _fight_to_barbarian(game, "b")
    if game.state.pending is not None and game.state.pending.kind == "barbarian":
        ok(game, "decide", 0, choice=["pass"])
    return game


def test_item_before_resolution_once_a_turn_on_a_chosen_foe() -> None:
    game = _at_resolution(center=[c("foe_cave_ape", "b")],
                          p0_side=[c("item_throwing_knives", "knives")])
    assert plays.moment(game.state) == "before_resolution"
    uses = [a for a in RULES.legal_actions(game.state, 0) if a.kind == "use_ability"]
    assert [a.get("target") for a in uses] == [lab(game, "b")]
    refused(game, "use_ability", 0, "conanab.bad_target", card=lab(game, "knives"),
            ability=0, target=lab(game, "conan"))
    ok(game, "use_ability", 0, card=lab(game, "knives"), ability=0, target=lab(game, "b"))
    assert counter(game.state, lab(game, "b"), "damage") == 1
    assert (lab(game, "knives"), 0) in turn_data(game.state).used
    ctx = Ctx(game.state, RULES.cards, 0, lab(game, "knives"),
              RULES.cards["item_throwing_knives"].abilities[0])
    assert not VOCABULARY.holds(ctx, ctx.ability)  # once a turn


def test_enemy_foe_action_before_resolution_heals_a_foe() -> None:
    game = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_cave_ape", "b", counters={"damage": 3})],
                            p1_hand=[c("move_feint", "feint"), c("action_dark_rally", "rally")]))
    _fight_to_barbarian(game, "b")
    if game.state.pending is not None:
        ok(game, "decide", 0, choice=["pass"])
    assert RULES.acting_seat(game.state) == 1
    refused(game, "play_card", 1, "conanab.bad_target", card=lab(game, "rally"),
            target=lab(game, "conan"))
    ok(game, "play_card", 1, card=lab(game, "rally"), target=lab(game, "b"))
    assert counter(game.state, lab(game, "b"), "damage") == 1


def test_before_zone_damage_defeats_a_foe_into_the_chronicle() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_plague_rat", "b")],
                            p0_hand=[c("action_sudden_strike", "s")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "b")
    if game.state.pending is not None:
        ok(game, "decide", 0, choice=["pass"])
    assert plays.moment(game.state) == "before_zone"
    ok(game, "play_card", 0, card=lab(game, "s"), target=lab(game, "b"))
    assert game.state.zone_of(lab(game, "b")) == "p0.chronicle"
    # the Rat's "when defeated" wound (defeated trigger, target conan)
    assert counter(game.state, lab(game, "conan"), "wound") == 1


def test_after_zone_heals_the_chosen_character() -> None:
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"damage": 2})],
                            center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("action_catch_breath", "breath")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "b")
    if game.state.pending is not None:
        ok(game, "decide", 0, choice=["pass"])
    while game.state.pending is not None and game.state.pending.kind == "lone_attack":
        ok(game, "decide", 1, choice=[f"left@{lab(game, 'conan')}"])
    assert plays.moment(game.state) == "after_zone"
    before = counter(game.state, lab(game, "conan"), "damage")
    ok(game, "play_card", 0, card=lab(game, "breath"), target=lab(game, "conan"))
    assert counter(game.state, lab(game, "conan"), "damage") == before - 1


def test_end_of_round_auto_region_item_draw_and_foe_heal() -> None:
    game = game_at(position("foe_move", conan=[CONAN], p0_region=[c("region_frozen_pass", "pass")],
                            center=[c("foe_grave_revenant", "b", counters={"damage": 2})],
                            p0_side=[c("item_war_horn", "horn")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "b")
    if game.state.pending is not None:
        ok(game, "decide", 0, choice=["pass"])
    while game.state.pending is not None and game.state.pending.kind == "lone_attack":
        ok(game, "decide", 1, choice=[f"left@{lab(game, 'conan')}"])
    assert plays.moment(game.state) == "end_of_round"
    assert counter(game.state, lab(game, "b"), "damage") == 1  # healed 1 by itself
    lost = spent(game, "conan")
    assert lost >= 1  # Frozen Pass: 1 prowess, by itself
    deck = len(game.state.zones["p0.deck"].cards)
    ok(game, "use_ability", 0, card=lab(game, "horn"), ability=0)
    # the Horn's card, then the round's draw (one Foe left, CONAN-R16)
    assert len(game.state.zones["p0.deck"].cards) == deck - 2
    assert (lab(game, "horn"), 0) in turn_data(game.state).used


def test_rest_action_and_region_heal() -> None:
    game = game_at(position("rest", conan=[c("conan_wanderer", "conan",
                                             counters={"damage": 5})],
                            p0_region=[c("region_sacred_grove", "grove")],
                            p0_hand=[c("action_campfire", "fire")]))
    assert plays.moment(game.state) == "rest"
    ok(game, "play_card", 0, card=lab(game, "fire"))
    ok(game, "use_ability", 0, card=lab(game, "grove"), ability=0)
    assert counter(game.state, lab(game, "conan"), "damage") == 2


# ----------------------------------------------------------------- modifiers in play


def test_item_and_ally_modifiers_count_on_their_own_turn_only() -> None:
    game = game_at(position("prepare", p0_side=[CONAN, c("item_broadsword", "sword"),
                                                c("ally_hired_archer", "archer")],
                            p1_side=[c("conan_sea_raider", "other"),
                                     c("item_great_axe", "axe")]))
    assert damage_of(game, "conan") == 5  # 3 + sword 1 + archer 1 (CONAN-R19)
    assert damage_of(game, "other") == 2  # the axe counts only on its own turn


def test_conditional_item_modifier_holds_while_conan_is_hurt() -> None:
    fresh = game_at(position("prepare", p0_side=[CONAN, c("item_blood_talisman", "t")]))
    assert damage_of(fresh, "conan") == 3
    hurt = game_at(position("prepare", p0_side=[c("conan_wanderer", "conan",
                                                  counters={"wound": 1}),
                                                c("item_blood_talisman", "t")]))
    assert damage_of(hurt, "conan") == 4


def test_foe_modifier_by_zone() -> None:
    rear = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "a")],
                            left_flank=[c("foe_hill_bandit", "l")],
                            rear=[c("foe_tower_archer", "t")]))
    assert damage_of(rear, "t") == 2
    center = game_at(position("foe_move", conan=[CONAN], center=[c("foe_tower_archer", "t")]))
    assert damage_of(center, "t") == 1


def test_foe_modifier_by_kind_for_the_foes_in_its_zone() -> None:
    pack = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_jackal_pack", "j"), c("foe_grey_wolf", "w")]))
    assert damage_of(pack, "w") == 3 and damage_of(pack, "j") == 2
    alone = game_at(position("foe_move", conan=[CONAN], center=[c("foe_jackal_pack", "j")]))
    assert damage_of(alone, "j") == 1


# ----------------------------------------------------------------- Foe events


def test_foe_placed_makes_conan_lose_prowess() -> None:
    game = game_at(position("foe_draw", step="place", conan=[CONAN],
                            p1_foe_hand=[c("foe_war_drummer", "d")]))
    ok(game, "place_foe", 1, card=lab(game, "d"), zone="center", position=0, cost=[])
    assert spent(game, "conan") == 1


def test_foe_unanswered_damages_conan_at_the_reveal() -> None:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_skirmisher", "s")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "s")
    assert counter(game.state, lab(game, "conan"), "damage") == 1


def test_ally_defeated_damages_every_foe() -> None:
    game = game_at(position("foe_move", conan=[CONAN],
                            center=[c("foe_hill_bandit", "b"), c("foe_grey_wolf", "w")],
                            p0_side=[c("ally_hedge_wizard", "wiz", counters={"damage": 1})]))
    wizard = lab(game, "wiz")
    game.state.cards[wizard].counters["damage"] = 2
    from tabletop.games.conan.defeat import check_defeats

    check_defeats(game.state, RULES.cards, [wizard])
    assert counter(game.state, lab(game, "b"), "damage") == 1
    assert counter(game.state, lab(game, "w"), "damage") == 1


# ----------------------------------------------------------------- Special icons


def _special_fight(move: str) -> Game:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_hill_bandit", "b")],
                            p1_hand=[c(move, "m")]))
    _fight_to_barbarian(game, "b", "m")
    if game.state.pending is not None and game.state.pending.kind == "barbarian":
        ok(game, "decide", 0, choice=["pass"])
    side = "left" if move == "move_dirty_trick" else "right"
    ok(game, "decide", 1, choice=[f"{side}@{lab(game, 'conan')}"])
    return game


def test_special_hit_struck_loses_prowess() -> None:
    game = _special_fight("move_dirty_trick")
    assert spent(game, "conan") == 2


def test_special_hit_struck_takes_a_wound() -> None:
    game = _special_fight("move_hamstring")
    assert counter(game.state, lab(game, "conan"), "wound") == 1


# ----------------------------------------------------------------- the language itself


@pytest.mark.parametrize("when, n_turns, counted, seats, left", [
    (Duration.TURNS, 2, Counted.OWN, [0, 1, 0], False),
    (Duration.TURNS, 2, Counted.OWN, [0, 1], True),
    (Duration.PERMANENT, 0, Counted.OWN, [0, 1, 0, 1], True),
])
def test_lasting_effects_tick_by_turns(when: Duration, n_turns: int, counted: Counted,
                                       seats: list[int], left: bool) -> None:
    active = Active.start(1, 0, Use("modify", {"stat": "damage", "n": 1}), [1],
                          Lasting(when, n_turns, counted))
    kept: tuple[Active, ...] = (active,)
    for seat in seats:
        kept = tick(kept, Boundary.END_OF_TURN, seat)[0]
    assert bool(kept) is left


def test_every_word_has_words_in_both_languages() -> None:
    from tabletop.core.abilities import Part
    from tabletop.i18n import has_text

    for part in (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT):
        for name in VOCABULARY.words(part):
            for lang in ("en", "ja"):
                assert has_text(f"ability.conan.{part}.{name}", lang), (part, name, lang)


def test_hand_and_allies_conditions() -> None:
    game = game_at(position("prepare", p0_side=[CONAN, c("ally_hired_archer", "a")],
                            p0_hand=["move_parry", "move_parry"]))
    ability = RULES.cards["action_forage"].abilities[0]
    ctx = Ctx(game.state, RULES.cards, 0, lab(game, "conan"), ability)
    hold = VOCABULARY.spec
    from tabletop.core.abilities import Part

    test = hold(Part.IF, "hand_at_least").test
    allies = hold(Part.IF, "allies_at_least").test
    assert test is not None and allies is not None
    assert test(ctx, Use("hand_at_least", {"n": 2})) and not test(ctx, Use("hand_at_least",
                                                                            {"n": 3}))
    assert allies(ctx, Use("allies_at_least", {"n": 1}))
    assert not allies(ctx, Use("allies_at_least", {"n": 2}))


@pytest.mark.parametrize("body, problem", [
    ('type = "foe"\ncreature = "human"\ndamage = 1\nprowess = 1\nhealth = 1\nrenown = 1\n'
     'scars = 1\n[[card.ability]]\nwhen = "prepare"\nwhom = "conan"\n'
     'what = [{ effect = "heal", n = 1 }]', "auto = true"),
    ('type = "region"\n[[card.ability]]\nwhen = { trigger = "end_of_round", auto = true }\n'
     'whom = "foe"\nwhat = [{ effect = "deal_damage", n = 1 }]', "nobody chooses"),
    ('type = "region"\n[[card.ability]]\nwhen = "in_play"\nwhom = "conan"\n'
     'what = [{ effect = "modify", stat = "damage", n = 1 }]', "while_in_play"),
    ('type = "move"\ninitiative = 1\ncost = 0\nleft = ["blade", "", "", "", ""]\n'
     '[[card.ability]]\nwhen = "special_hit"\nwhom = "struck"\n'
     'what = [{ effect = "wound", n = 1 }]', "Special icon"),
])
def test_a_card_file_using_a_word_its_type_cannot_is_refused(tmp_path: Path, body: str,
                                                             problem: str) -> None:
    (tmp_path / "bad.toml").write_text(
        f'[[card]]\nid = "bad"\nname = {{ en = "Bad", ja = "悪い" }}\n{body}\n',
        encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        conan.load(tmp_path)
    assert "bad" in str(caught.value) and "ability[0]" in str(caught.value)
    assert problem in str(caught.value)


def test_a_drop_on_a_foe_plays_an_action_on_it_and_lights_only_legal_targets() -> None:
    game = _at_resolution_with_strike()
    strike, foe, conan_iid = lab(game, "s"), lab(game, "b"), lab(game, "conan")
    action = RULES.interpret_drop(game.state, 0, strike, "center", foe)
    assert isinstance(action, Action) and action.get("target") == foe
    assert RULES.check(game.state, action).ok
    wrong = RULES.interpret_drop(game.state, 0, strike, "conan", conan_iid)
    assert isinstance(wrong, Action) and not RULES.check(game.state, wrong).ok


def _at_resolution_with_strike() -> Game:
    game = game_at(position("foe_move", conan=[CONAN], center=[c("foe_cave_ape", "b")],
                            p0_hand=[c("action_sudden_strike", "s")],
                            p1_hand=[c("move_feint", "feint")]))
    _fight_to_barbarian(game, "b")
    if game.state.pending is not None:
        ok(game, "decide", 0, choice=["pass"])
    return game


def test_the_bot_plays_a_valued_ability_at_its_timing() -> None:
    game = _at_resolution_with_strike()
    choice = ConanBot(1).choose(game)
    assert choice is not None and choice.kind == "play_card"
    assert choice.get("card") == lab(game, "s") and choice.get("target") == lab(game, "b")


def test_end_of_round_action_heals_conan() -> None:
    game = game_at(position("foe_move", conan=[c("conan_wanderer", "conan",
                                                 counters={"damage": 2, "spent": 5})],
                            center=[c("foe_hill_bandit", "b")],
                            p0_hand=[c("action_regroup", "regroup")],
                            p1_hand=[c("move_shield_block", "block")]))
    _fight_to_barbarian(game, "b", "block")
    while game.state.pending is not None and game.state.pending.kind == "lone_attack":
        ok(game, "decide", 1, choice=[f"left@{lab(game, 'conan')}"])
    assert plays.moment(game.state) == "end_of_round"
    before = counter(game.state, lab(game, "conan"), "damage")
    ok(game, "play_card", 0, card=lab(game, "regroup"))
    assert counter(game.state, lab(game, "conan"), "damage") == before - 1


def test_a_barbarian_ability_that_chooses_asks_for_its_target(tmp_path: Path) -> None:
    # a user's Conan whose Barbarian ability deals 1 damage to a chosen Foe: the
    # decision offers one "use@<Foe>" per Foe, named in words (CONAN-H5, CONAN-H11)
    import shutil

    from tabletop.resources import resource_path

    folder = Path(resource_path("assets", "cards", "conan"))
    for path in folder.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "mine.toml").write_text('''
[[card]]
id = "conan_axeman"
type = "conan"
name = { en = "Conan, Axeman", ja = "斧使いコナン" }
damage = 3
prowess = 5
vitality = 3
health = 14

[[card.ability]]
when = { trigger = "barbarian", cost = 1 }
whom = "foe"
what = [{ effect = "deal_damage", n = 1 }]
''', encoding="utf-8")
    rules = conan.load(tmp_path)
    register_card_names(rules.cards)
    game = Game(rules, GameSetup("conan", 1, 0, position=position(
        "foe_move", conan=[c("conan_axeman", "conan")],
        center=[c("foe_cave_ape", "ape"), c("foe_cave_ape", "ape2")],
        p1_hand=[c("move_feint", "f1"), c("move_feint", "f2")])))
    for card, foe in (("f1", "ape"), ("f2", "ape2")):
        ok(game, "place_foe_move", 1, card=lab(game, card), foe=lab(game, foe))
    ok(game, "next_phase", 1)
    ok(game, "next_phase", 0)
    pending = game.state.pending
    assert pending is not None and pending.kind == "barbarian"
    assert set(pending.options) == {f"use@{lab(game, 'ape')}", f"use@{lab(game, 'ape2')}",
                                    "pass"}
    words = rules.describe_option(game.state, pending, f"use@{lab(game, 'ape')}")
    assert words is not None and "Cave Ape" in words.render("en")
    ok(game, "decide", 0, choice=[f"use@{lab(game, 'ape2')}"])
    assert counter(game.state, lab(game, "ape2"), "damage") == 1
    assert counter(game.state, lab(game, "ape"), "damage") == 0


@pytest.mark.parametrize("player", ["random", "heuristic"])
def test_the_bots_play_every_ability_card_of_the_sample_decks(player: str) -> None:
    # played: an action names the card (an Action, Item, Ally, Region, a Foe placed or
    # a Move), or its Conan's Barbarian ability is used at the Barbarian decision
    import random

    from tabletop.core.selfplay import setup_for
    from tabletop.games.conan.zones import conan_of
    decks = conan.load_decks(rules=RULES)
    with_abilities = {cid for cid, card in RULES.cards.items() if card.abilities}
    assert with_abilities <= {cid for d in decks.values() for p in d.sections
                              for cid in d.card_list(p)}
    played: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(RULES, setup_for(RULES, seed, decks))
        bots = [RULES.make_bot(seed * 2 + 1), RULES.make_bot(seed * 2 + 2)]
        for _ in range(3000):
            if game.state.game_over:
                break
            seat = RULES.acting_seat(game.state)
            action = (rng.choice(RULES.legal_actions(game.state, seat)) if player == "random"
                      else bots[seat].choose(game))
            card = action.get("card")
            if isinstance(card, int):
                played.add(game.state.cards[card].card_id)
            if action.kind == "decide" and any(str(o).startswith("use")
                                               for o in action.get("choice") or ()):
                conan_card = conan_of(game.state, RULES.cards, seat)
                assert conan_card is not None
                played.add(game.state.cards[conan_card].card_id)
            assert game.propose(action).ok
        if with_abilities <= played:
            break
    assert sorted(with_abilities - played) == []
