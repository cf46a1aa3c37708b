"""Xenocard's ability language (issue 15): one rule test per card property, trigger,
condition, target and effect, each through the real rules (seed 004, XENO-H13..H20).

Every test builds an exact position (no shuffle, no mulligan) with the sample
cards that use the word, proposes actions through the core ``Game`` and checks
that the effect happens, that its target rules refuse a wrong target (naming what
is legal) and that its duration ends. Battle-field slots are named as their owner
sees them: p0's front.left faces p1's front.right (XENO-R5).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import game_helpers as helpers
import pytest
from game_helpers import act, c, card_ids, lab, refused_unchanged

from tabletop.core.abilities import Part
from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDataError, parse_cards
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.games import xenocard
from tabletop.games.xenocard.abilities import VOCABULARY, check_abilities
from tabletop.games.xenocard.schema import GAME_ID, SCHEMA
from tabletop.games.xenocard.state import xeno
from tabletop.i18n import Message, has_text

RULES = load_rules(GAME_ID)  # with the card names in the catalogue
assert isinstance(RULES, xenocard.XenoRules)
FILLER = ["deck_rookie"] * 10


def position(phase: str = "set", active: int = 0, data: dict[str, Any] | None = None,
             **zones: list[Any]) -> dict[str, Any]:
    """A position with 10-card decks unless given; zone kwargs like ``p0_hand``."""
    return helpers.position(FILLER, zones, data, phase=phase, active=active)


def slots(**where: str) -> dict[str, Any]:
    return {"slots": dict(where)}


def game_at(pos: dict[str, Any], seed: int = 1) -> Game:
    return Game(RULES, GameSetup(GAME_ID, seed, 0, position=pos))


def refused(game: Game, kind: str, seat: int = 0, **args: Any) -> Verdict:
    return refused_unchanged(game, Action.make(kind, seat, **args))


def text(verdict: Verdict) -> str:
    assert isinstance(verdict.message, Message)
    return verdict.message.render("en")


def stat(game: Game, label: str, name: str) -> int:
    return RULES.derived(game.state, lab(game, label))[name]


def where(game: Game, label: str) -> str:
    return game.state.zone_of(lab(game, label))


def to_battle(game: Game, seat: int = 0) -> None:
    """From the move, event or set phase: on to the block phase, the opponent passes."""
    while game.state.pending is None:
        assert act(game, "next_phase", seat).ok
    assert game.state.pending.kind == "block"
    assert act(game, "decide", 1 - seat, choice=["pass"]).ok


def log_text(game: Game) -> str:
    return "\n".join(e.public.render("en") for e in game.state.log)


# -- the words ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_xenocard_word_has_its_words_in_both_languages(lang: str) -> None:
    for part in (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT):
        for name in VOCABULARY.words(part):
            assert has_text(f"ability.xenocard.{part}.{name}", lang), (part, name)


def test_every_sample_ability_reads_as_a_sentence_without_raw_keys() -> None:
    found = 0
    for card in RULES.cards.values():
        for ability in card.abilities:
            for lang in ("en", "ja"):
                sentence = VOCABULARY.describe(ability).render(lang)
                assert "ability." not in sentence and "{" not in sentence, (card.id, sentence)
            found += 1
    assert found >= 40


def _cards(toml: str) -> Any:
    import tomllib
    db = parse_cards(tomllib.loads(toml), "t.toml", GAME_ID, SCHEMA, VOCABULARY)
    from tabletop.core.cards import CardDb
    return CardDb(GAME_ID, db)


_BATTLE = '''[[card]]
id = "x"
type = "battle"
name = { en = "X", ja = "X" }
attribute = "human"
atk = 1
hp = 1
attack = "melee"
cost = 0
'''


@pytest.mark.parametrize(("ability", "field"), [
    ('when = "on_set"\nwhom = { target = "battle_card", side = "opponent" }\n'
     'what = [{ effect = "destroy" }]', "ability[0].whom.pick"),
    ('when = "play"\nwhat = [{ effect = "draw" }]', "ability[0].when"),
    ('when = "continuous"\nwhat = [{ effect = "draw" }]', "ability[0].what[0]"),
])
def test_XENO_H17_the_games_own_limits_on_ability_tables(ability: str, field: str) -> None:
    db = _cards(_BATTLE + "[[card.ability]]\n" + ability + "\n")
    with pytest.raises(CardDataError) as err:
        check_abilities(db)
    assert err.value.field == field and err.value.card == "x"


def test_an_unknown_word_names_file_card_and_field() -> None:
    with pytest.raises(CardDataError) as err:
        _cards(_BATTLE + '[[card.ability]]\nwhen = "on_set"\nwhat = [{ effect = "explode" }]\n')
    assert err.value.field == "ability[0].what[0]" and "explode" in err.value.problem


# -- card properties --------------------------------------------------------------------
def test_field_set_card_goes_straight_onto_the_battle_field_and_cannot_move() -> None:
    game = game_at(position("set", p0_hand=[c("bulwark_turret", "t"), c("walker_frame", "w")],
                            p0_standby=[c("siege_crawler", "m")]))
    assert act(game, "set_card", card=lab(game, "t"), slot="p0.field/front.left").ok
    assert where(game, "t") == "p0.field"
    game = game_at(position("set", p0_hand=[c("walker_frame", "w")],
                            p0_standby=[c("deck_rookie", "r")]))
    v = refused(game, "set_card", card=lab(game, "w"), slot="p0.field/front.left")
    assert v.reason == "xenocard.set_to_standby_only"
    game = game_at(position("move", data=slots(t="front.left"),
                            p0_field=[c("bulwark_turret", "t")]))
    v = refused(game, "move", card=lab(game, "t"), slot="p0.standby/s1")
    assert v.reason == "xenocard.cannot_move" and v.rule == "XENO-H2"


def test_XENO_H16_alternative_cost_discards_cards_of_an_attribute() -> None:
    game = game_at(position("set", p0_hand=[c("hive_spawn", "h"), c("deck_rookie", "r"),
                                            c("void_wisp", "v")]))
    assert act(game, "set_card", card=lab(game, "h"), slot="p0.standby/s1", pay="alt").ok
    assert where(game, "v") == "p0.trash" and where(game, "r") == "p0.hand"
    assert len(game.state.zones["p0.deck"]) == 10  # nothing paid from the deck
    game = game_at(position("set", p0_hand=[c("hive_spawn", "h"), c("deck_rookie", "r")]))
    v = refused(game, "set_card", card=lab(game, "h"), slot="p0.standby/s1", pay="alt")
    assert v.reason == "xenocard.alt_cost_unpaid" and "Hive Spawn" in text(v)
    v = refused(game, "set_card", card=lab(game, "h"), slot="p0.standby/s1", pay="alt",
                discard=[lab(game, "r")])
    assert v.reason == "xenocard.alt_cost_bad_discard"


def test_XENO_H16_discard_the_hand_and_a_drop_uses_it_when_the_deck_cannot_pay() -> None:
    pos = position("event", data=slots(x="front.right"),
                   p0_hand=[c("last_stand", "ls"), c("deck_rookie", "a"), c("void_wisp", "b")],
                   p1_field=[c("walker_frame", "x")])
    pos["zones"]["p0.deck"] = ["deck_rookie"] * 2  # cost 3 cannot be paid
    game = game_at(pos)
    v = refused(game, "play_event", card=lab(game, "ls"), target=lab(game, "x"))
    assert v.reason == "xenocard.cost_unpayable"
    meant = RULES.interpret_drop(game.state, 0, lab(game, "ls"), "p1.field", lab(game, "x"))
    assert isinstance(meant, Action) and meant.get("pay") == "alt"
    assert game.propose(meant).ok
    assert card_ids(game, "p0.hand") == [] and card_ids(game, "p0.trash") == [
        "deck_rookie", "void_wisp", "last_stand"]
    assert where(game, "x") == "p1.trash"  # 4 damage to HP 4


def test_XENO_R7_cards_that_may_not_carry_weapons_and_weapons_for_some_holders() -> None:
    game = game_at(position("set", data=slots(m="s1", h="s2", r="s3"),
                            p0_standby=[c("iron_monk", "m"), c("deck_rookie", "h"),
                                        c("medic_unit", "r")],
                            p0_hand=[c("arc_blade", "blade"), c("realian_saber", "saber")]))
    v = refused(game, "equip", weapon=lab(game, "blade"), holder=lab(game, "m"))
    assert v.reason == "xenocard.holder_no_weapons" and "Iron Monk" in text(v)
    v = refused(game, "equip", weapon=lab(game, "saber"), holder=lab(game, "h"))
    assert v.reason == "xenocard.weapon_does_not_fit" and "Realian" in text(v)
    assert act(game, "equip", weapon=lab(game, "saber"), holder=lab(game, "r")).ok


def test_XENO_R7_a_weapon_that_adds_its_atk_and_keeps_the_holders_attack_type() -> None:
    game = game_at(position("set", data=slots(s="front.left"),
                            p0_field=[c("marine_sergeant", "s")],  # ATK 2, shooting
                            p0_hand=[c("power_gauntlet", "g")]))
    assert act(game, "equip", weapon=lab(game, "g"), holder=lab(game, "s")).ok
    game.state.cards[lab(game, "g")].counters.pop("e_mark")  # as from the next turn
    assert stat(game, "s", "atk") == 2 + 2
    assert RULES.preview_battle(game.state)[0].step == "shooting"


def test_XENO_H15_level_up_only_on_the_field_ignoring_the_condition() -> None:
    game = game_at(position("set", data=slots(w="s1"),
                            p0_standby=[c("walker_frame_mk2", "w")],
                            p0_hand=[c("walker_frame_mk3", "w3")]))
    v = refused(game, "level_up", card=lab(game, "w3"), onto=lab(game, "w"))
    assert v.reason == "xenocard.level_up_on_field"
    game = game_at(position("set", data=slots(w="front.left"),
                            p0_field=[c("walker_frame_mk2", "w")],
                            p0_hand=[c("walker_frame_mk3", "w3")]))
    # needs Machine x2 and has only one: the variant ignores the condition
    assert act(game, "level_up", card=lab(game, "w3"), onto=lab(game, "w")).ok
    assert where(game, "w3") == "p0.field" and len(game.state.zones["p0.deck"]) == 7


def test_XENO_H15_level_up_at_no_cost_and_without_the_e_mark() -> None:
    game = game_at(position("set", data=slots(v="s1", g="s2"),
                            p0_standby=[c("void_wisp_elder", "v", counters={"e_mark": 1}),
                                        c("husk_crawler", "g"), c("void_wisp", "g2")],
                            p0_hand=[c("void_wisp_prime", "p")]))
    assert act(game, "level_up", card=lab(game, "p"), onto=lab(game, "v")).ok
    assert len(game.state.zones["p0.deck"]) == 10  # no cost
    assert "e_mark" not in game.state.cards[lab(game, "p")].counters


def test_XENO_H8_unique_by_character_name_across_printings() -> None:
    game = game_at(position("set", data=slots(i="s1"),
                            p0_standby=[c("navigator_ilse", "i"), c("deck_rookie", "r")],
                            p0_hand=[c("ilse_ace_pilot", "ace")]))
    assert RULES.cards["ilse_ace_pilot"].same_key == RULES.cards["navigator_ilse"].same_key
    v = refused(game, "set_card", card=lab(game, "ace"), slot="p0.standby/s3")
    assert v.reason == "xenocard.unique_in_play"
    game = game_at(position("set", p1_standby=[c("navigator_ilse", "i")],
                            p0_hand=[c("ilse_ace_pilot", "ace")]))
    assert act(game, "set_card", card=lab(game, "ace"), slot="p0.standby/s3").ok  # theirs


# -- durations ---------------------------------------------------------------------------
def test_XENO_H5_a_permanent_situation_stays_for_good() -> None:
    game = game_at(position("set", p0_hand=[c("eternal_vigil", "v")],
                            p0_standby=[c("siege_crawler", "m"), c("deck_rookie", "r")]))
    assert act(game, "set_situation", card=lab(game, "v"), slot="p0.situations/s1").ok
    for _ in range(4):
        to_battle(game, game.state.active)
    assert where(game, "v") == "p0.situations"
    assert "turns" not in game.state.cards[lab(game, "v")].counters


def test_XENO_H5_a_situation_counted_in_the_opponents_turns() -> None:
    game = game_at(position("set", p0_hand=[c("cloaking_mist", "m")],
                            p0_standby=[c("deck_rookie", "r")]))
    assert act(game, "set_situation", card=lab(game, "m"), slot="p0.situations/s1").ok
    to_battle(game, 0)  # p0's own turn does not count
    assert game.state.cards[lab(game, "m")].counters["turns"] == 2
    to_battle(game, 1)
    assert game.state.cards[lab(game, "m")].counters["turns"] == 1
    to_battle(game, 0)
    to_battle(game, 1)
    assert where(game, "m") == "p0.trash"


def test_XENO_H5_a_situation_counted_in_either_players_turns() -> None:
    game = game_at(position("set", p0_hand=[c("ion_storm", "s")],
                            p0_standby=[c("walker_frame", "w")],
                            p1_standby=[c("walker_frame", "x")]))
    assert act(game, "set_situation", card=lab(game, "s"), slot="p0.situations/s1").ok
    assert stat(game, "w", "atk") == 2 and stat(game, "x", "atk") == 2  # both sides -1
    to_battle(game, 0)
    to_battle(game, 1)
    assert where(game, "s") == "p0.situations"
    to_battle(game, 0)
    assert where(game, "s") == "p0.trash" and stat(game, "w", "atk") == 3


def test_an_event_effect_for_two_turns_counted_in_either_players_turns() -> None:
    game = game_at(position("event", data=slots(s="s1"),
                            p0_standby=[c("marine_sergeant", "s")],
                            p0_hand=[c("war_cry", "w")]))
    assert act(game, "play_event", card=lab(game, "w"), target=None).ok
    assert stat(game, "s", "atk") == 3
    to_battle(game, 0)
    assert stat(game, "s", "atk") == 3  # the opponent's turn is the second
    to_battle(game, 1)
    assert stat(game, "s", "atk") == 2 and xeno(game.state).actives == ()


def test_XENO_H7_an_end_of_turn_boost_ends_with_the_turn() -> None:
    game = game_at(position("event", data=slots(w="s1"), p0_standby=[c("walker_frame", "w")],
                            p0_hand=[c("overclock", "o")]))
    v = refused(game, "play_event", card=lab(game, "o"), target=None)
    assert v.reason == "xenocard.bad_target" and "your own battle cards" in text(v)
    assert act(game, "play_event", card=lab(game, "o"), target=lab(game, "w")).ok
    assert stat(game, "w", "atk") == 5
    to_battle(game, 0)
    assert stat(game, "w", "atk") == 3


# -- passive modifiers -------------------------------------------------------------------
def test_continuous_atk_bonus_only_while_its_condition_holds() -> None:
    game = game_at(position("move", data=slots(v="s1", s="s2"),
                            p0_standby=[c("vanguard_commander", "v"), c("marine_sergeant", "s")]))
    assert stat(game, "s", "atk") == 2  # the commander is not on the battle field
    assert act(game, "move", card=lab(game, "v"), slot="p0.field/front.left").ok
    assert stat(game, "s", "atk") == 3 and stat(game, "v", "atk") == 3


def test_damage_dealt_to_and_taken_from_an_attribute() -> None:
    game = game_at(position("set", data=slots(h="front.left", m="front.right", g="front.right",
                                              e="back.left"),
                            p0_field=[c("gnosis_hunter", "h"), c("iron_monk", "m")],
                            p1_field=[c("abyss_leviathan", "g"), c("void_wisp_elder", "e")]))
    to_battle(game, 0)
    (hit,) = [e for e in RULES.battle_events(game.state) if e.attacker == lab(game, "h")]
    assert (hit.target, hit.damage) == (lab(game, "g"), 2 + 2)  # +2 to Gnosis
    to_battle(game, 1)  # the elder wisp (Gnosis, ATK 3) attacks all
    hits = {e.target: e.damage for e in RULES.battle_events(game.state)
            if e.attacker == lab(game, "e")}
    assert hits == {lab(game, "h"): 3, lab(game, "m"): 3 - 1}


def test_pierce_sends_the_excess_damage_to_the_deck() -> None:
    game = game_at(position("set", data=slots(r="front.left", x="front.right"),
                            p0_field=[c("rail_lancer", "r")],
                            p1_field=[c("deck_rookie", "x")]))  # HP 2, ATK 4
    to_battle(game, 0)
    (hit,) = RULES.battle_events(game.state)
    assert hit.destroyed and len(hit.dumped) == 2
    assert len(game.state.zones["p1.dump"]) == 2


def test_extra_attack_attacks_again_with_new_targets() -> None:
    game = game_at(position("set", data=slots(t="front.left", x="front.right"),
                            p0_field=[c("twin_fang_unit", "t")],
                            p1_field=[c("patrol_drone", "x")]))
    to_battle(game, 0)
    events = [e for e in RULES.battle_events(game.state) if e.attacker == lab(game, "t")]
    assert [e.target for e in events] == [lab(game, "x")]  # no card left to melee
    assert "Twin Fang Unit" in log_text(game).split("Patrol Drone is destroyed")[-1]
    game = game_at(position("set", data=slots(t="front.left", x="front.right"),
                            p0_field=[c("twin_fang_unit", "t")],
                            p1_field=[c("abyss_leviathan", "x")]))
    to_battle(game, 0)
    assert [e.total_damage for e in RULES.battle_events(game.state)] == [2, 4]


def test_counterattack_in_the_opponents_battle_phase() -> None:
    game = game_at(position("set", data=slots(a="front.left", s="front.right"),
                            p0_field=[c("walker_frame", "a")],
                            p1_field=[c("sentinel_unit", "s")]))
    to_battle(game, 0)
    events = RULES.battle_events(game.state)
    assert [(e.attacker, e.target) for e in events] == [
        (lab(game, "a"), lab(game, "s")), (lab(game, "s"), lab(game, "a"))]
    assert RULES.last_battle(game.state)[1] == 0  # it is still p0's battle


def test_XENO_H20_cannot_end_the_phase_while_something_else_can_be_done() -> None:
    game = game_at(position("move", active=1, data=slots(t="s1", x="s1"),
                            p0_situations=[c("tractor_beam", "t", counters={"turns": 2})],
                            p1_standby=[c("walker_frame", "x")]))
    v = refused(game, "next_phase", 1)
    assert v.reason == "xenocard.cannot_end_phase" and "Move" in text(v)
    assert "next_phase" not in {a.kind for a in RULES.legal_actions(game.state, 1)}
    assert act(game, "move", 1, card=lab(game, "x"), slot="p1.field/front.left").ok
    assert act(game, "next_phase", 1).ok  # nothing is left to move


def test_deck_guard_lowers_each_attack_on_the_deck() -> None:
    game = game_at(position("set", data=slots(n="front.left"),
                            p0_field=[c("navigator_ilse", "n")],  # ballistic 2
                            p1_situations=[c("eternal_vigil", "v")]))
    to_battle(game, 0)
    (hit,) = RULES.battle_events(game.state)
    assert hit.at_deck and hit.damage == 1


# -- triggers ----------------------------------------------------------------------------
def test_on_set_fires_when_the_card_is_put_into_play() -> None:
    game = game_at(position("set", p0_hand=[c("scout_probe", "p")]))
    assert act(game, "set_card", card=lab(game, "p"), slot="p0.standby/s1").ok
    assert len(game.state.zones["p0.hand"]) == 1 and len(game.state.zones["p0.deck"]) == 8


def test_on_lose_e_mark_fires_at_the_end_of_the_turn_it_was_set() -> None:
    game = game_at(position("set", p0_hand=[c("sleeper_agent", "s")]))
    assert act(game, "set_card", card=lab(game, "s"), slot="p0.standby/s1").ok
    assert len(game.state.zones["p1.dump"]) == 0
    to_battle(game, 0)
    assert len(game.state.zones["p1.dump"]) == 2
    to_battle(game, 1)
    assert len(game.state.zones["p1.dump"]) == 2  # once only


def test_after_attack_fires_after_each_attack() -> None:
    game = game_at(position("set", data=slots(k="front.left"),
                            p0_field=[c("strike_skiff", "k")]))
    to_battle(game, 0)
    assert RULES.battle_events(game.state)[0].at_deck
    assert where(game, "k") == "p0.standby"


def test_on_destroyed_fires_from_the_trash_on_the_strongest_target() -> None:
    game = game_at(position("set", active=1, data=slots(m="front.right", a="front.left",
                                                        b="back.left"),
                            p0_field=[c("martyr_wisp", "m")],
                            p1_field=[c("walker_frame", "a"), c("marine_captain", "b")]))
    to_battle(game, 1)  # the walker (ATK 3) destroys the wisp (HP 2)
    assert where(game, "m") == "p0.trash"
    # the captain (ATK 4) is the strongest: 2 damage, cleared after the battle
    assert "Marine Captain" in log_text(game).split("Martyr Wisp is destroyed")[-1]


def test_start_of_turn_pay_or_be_destroyed() -> None:
    pos = position("adjust", active=1, data=slots(g="s1"),
                   p0_standby=[c("ravenous_colossus", "g")])
    game = game_at(pos)  # p1's turn ends; p0's starts: pays 2
    assert len(game.state.zones["p0.dump"]) == 2 and where(game, "g") == "p0.standby"
    pos["zones"]["p0.deck"] = ["deck_rookie"] * 2  # 2 for the cost, 0 left for the draw
    pos["zones"]["p0.deck"] = ["deck_rookie"] * 3
    game = game_at(pos)
    assert where(game, "g") == "p0.standby" and len(game.state.zones["p0.deck"]) == 0
    pos["zones"]["p0.deck"] = ["deck_rookie"] * 1
    game = game_at(pos)
    assert where(game, "g") == "p0.trash"


def test_start_of_the_opponents_turn_they_pay() -> None:
    game = game_at(position("adjust", data=slots(s="s1"),
                            p0_situations=[c("siphon_field", "s", counters={"turns": 2})]))
    assert game.state.active == 1 and len(game.state.zones["p1.dump"]) == 1
    assert len(game.state.zones["p0.dump"]) == 0


def test_adjust_phase_trigger_with_a_hand_condition() -> None:
    game = game_at(position("block", data=slots(m="s1"),
                            p0_standby=[c("archivist_mio", "m")],
                            p0_hand=[c("deck_rookie", "a")]))
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert "Archivist Mio" in log_text(game) and len(game.state.zones["p0.deck"]) == 9
    game = game_at(position("block", data=slots(m="s1"),
                            p0_standby=[c("archivist_mio", "m")],
                            p0_hand=[c("deck_rookie", x) for x in "abc"]))
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert len(game.state.zones["p0.deck"]) == 10  # 3 in hand: the condition fails


def test_after_the_normal_draw_only_while_on_the_battle_field() -> None:
    game = game_at(position("draw", data=slots(o="front.left"),
                            p0_field=[c("forward_observer", "o")]))
    assert len(game.state.zones["p1.dump"]) == 1 and game.state.phase == "move"
    game = game_at(position("draw", data=slots(o="s1"),
                            p0_standby=[c("forward_observer", "o")]))
    assert len(game.state.zones["p1.dump"]) == 0


# -- effects -----------------------------------------------------------------------------
def test_destroy_refuses_a_target_above_its_hp_limit() -> None:
    game = game_at(position("event", data=slots(g="s1", x="front.left", y="front.right"),
                            p0_standby=[c("void_wisp", "g"), c("deck_rookie", "r")],
                            p0_hand=[c("annihilate", "an")],
                            p1_field=[c("abyss_leviathan", "x"), c("walker_frame", "y")]))
    v = refused(game, "play_event", card=lab(game, "an"), target=lab(game, "x"))  # HP 6
    assert v.reason == "xenocard.bad_target" and "opponent's battle field" in text(v)
    legal = {a.get("target") for a in RULES.legal_actions(game.state, 0)
             if a.get("card") == lab(game, "an")}
    assert legal == {lab(game, "y")}
    assert act(game, "play_event", card=lab(game, "an"), target=lab(game, "y")).ok
    assert where(game, "y") == "p1.trash"


def test_to_hand_returns_a_trash_card_of_the_right_type() -> None:
    game = game_at(position("event", p0_trash=[c("walker_frame", "w"), c("supply_drop", "s")],
                            p0_hand=[c("salvage_run", "r")]))
    v = refused(game, "play_event", card=lab(game, "r"), target=lab(game, "s"))
    assert v.reason == "xenocard.bad_target"
    meant = RULES.interpret_drop(game.state, 0, lab(game, "r"), "p0.trash")
    assert isinstance(meant, Action) and meant.get("target") == lab(game, "w")  # the newest
    assert act(game, "play_event", card=lab(game, "r"), target=lab(game, "w")).ok
    assert where(game, "w") == "p0.hand"


def test_search_the_deck_shows_the_card_and_shuffles() -> None:
    pos = position("event", p0_hand=[c("requisition", "q")])
    pos["zones"]["p0.deck"] = ["deck_rookie"] * 5 + [c("arc_blade", "blade")] + \
        ["deck_rookie"] * 3
    game = game_at(pos)
    assert act(game, "play_event", card=lab(game, "q"), target=None).ok
    assert where(game, "blade") == "p0.hand"
    assert game.state.cards[lab(game, "blade")].known_to >= {0, 1}
    assert "Arc Blade" in log_text(game) and len(game.state.zones["p0.deck"]) == 7
    assert not game.can_undo(0)  # it showed a deck card: an undo barrier (ALL-H1)


def test_search_the_trash_when_set() -> None:
    game = game_at(position("set", p0_trash=[c("arc_blade", "a"), c("coil_rifle", "b")],
                            p0_hand=[c("scrap_collector", "s")]))
    assert act(game, "set_card", card=lab(game, "s"), slot="p0.standby/s1").ok
    assert where(game, "b") == "p0.hand" and where(game, "a") == "p0.trash"  # the newest


def test_turn_down_stops_attacks_and_moves_until_stood_up() -> None:
    game = game_at(position("event", active=1, data=slots(w="front.left", r="s1"),
                            p0_field=[c("walker_frame", "w")], p0_standby=[c("deck_rookie", "r")],
                            p1_hand=[c("stasis_net", "n")],
                            p0_hand=[c("system_reboot", "boot")]))
    v = refused(game, "play_event", 1, card=lab(game, "n"), target=lab(game, "r"))
    assert v.reason == "xenocard.bad_target"  # only on the battle field
    assert act(game, "play_event", 1, card=lab(game, "n"), target=lab(game, "w")).ok
    assert game.state.cards[lab(game, "w")].counters["down"] == 1
    to_battle(game, 1)
    assert game.state.active == 0 and game.state.phase == "move"
    v = refused(game, "move", 0, card=lab(game, "w"), slot="p0.field/front.right")
    assert v.reason == "xenocard.down_cannot_move"
    assert act(game, "next_phase", 0).ok
    v = refused(game, "play_event", 0, card=lab(game, "boot"), target=lab(game, "r"))
    assert v.reason == "xenocard.bad_target"  # it stands up only a card that is down
    assert act(game, "play_event", 0, card=lab(game, "boot"), target=lab(game, "w")).ok
    assert "down" not in game.state.cards[lab(game, "w")].counters


def test_swap_rows_in_the_block_phase() -> None:
    game = game_at(position("block", data=slots(a="front.left", b="back.right"),
                            p0_field=[c("walker_frame", "a"), c("siege_crawler", "b")],
                            p1_hand=[c("gravity_flip", "g")]))
    assert act(game, "decide", 1, choice=[str(lab(game, "g"))]).ok
    assert RULES.place_of(game.state, lab(game, "a")) == "back.left"
    assert RULES.place_of(game.state, lab(game, "b")) == "front.right"
    game = game_at(position("block", p1_hand=[c("gravity_flip", "g")]))
    assert str(lab(game, "g")) not in game.state.pending.options  # nothing to swap


def test_heal_removes_damage() -> None:
    game = game_at(position("block", data=slots(w="front.left"),
                            p0_field=[c("walker_frame", "w")],
                            p1_hand=[c("ambush", "am"), c("deck_rookie", "x")],
                            p1_standby=[c("deck_rookie", "r")],
                            p0_hand=[c("nano_repair", "nr")]))
    assert act(game, "decide", 1, choice=[f"{lab(game, 'am')}@{lab(game, 'w')}"]).ok
    assert game.state.cards[lab(game, "w")].counters["damage"] == 3
    ctx_card = RULES.cards["nano_repair"]
    assert ctx_card.abilities[0].what[0].word == "heal"
    from tabletop.games.xenocard.abilities import XenoCtx, resolve_ability
    resolve_ability(XenoCtx(game.state, RULES.cards, 0, lab(game, "nr")),
                    ctx_card.abilities[0], [lab(game, "w")])
    assert "damage" not in game.state.cards[lab(game, "w")].counters


def test_retreat_refuses_a_card_in_the_standby_area() -> None:
    game = game_at(position("block", data=slots(w="front.left", r="s1"),
                            p0_field=[c("walker_frame", "w")], p0_standby=[c("deck_rookie", "r")],
                            p1_hand=[c("smoke_screen", "s")]))
    assert f"{lab(game, 's')}@{lab(game, 'r')}" not in game.state.pending.options
    assert act(game, "decide", 1, choice=[f"{lab(game, 's')}@{lab(game, 'w')}"]).ok
    assert where(game, "w") == "p0.standby"


def test_XENO_H13_a_counter_cancels_the_event_and_a_pass_lets_it_happen() -> None:
    game = game_at(position("event", p0_hand=[c("supply_drop", "sd")],
                            p1_hand=[c("jamming_signal", "j")]))
    assert act(game, "play_event", card=lab(game, "sd"), target=None).ok
    pending = game.state.pending
    assert pending.kind == "counter" and pending.seat == 1
    v = refused(game, "play_event", 1, card=lab(game, "j"), target=None)
    assert v.reason in ("xenocard.decision_pending", "xenocard.not_your_turn")
    assert act(game, "decide", 1, choice=[str(lab(game, "j"))]).ok
    assert len(game.state.zones["p0.hand"]) == 0 and where(game, "sd") == "p0.trash"
    assert "cancelled" in log_text(game)
    game = game_at(position("event", p0_hand=[c("supply_drop", "sd")],
                            p1_hand=[c("jamming_signal", "j")]))
    assert act(game, "play_event", card=lab(game, "sd"), target=None).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert len(game.state.zones["p0.hand"]) == 2


def test_XENO_H13_no_counter_question_without_a_counter_event() -> None:
    game = game_at(position("event", p0_hand=[c("supply_drop", "sd")]))
    assert act(game, "play_event", card=lab(game, "sd"), target=None).ok
    assert game.state.pending is None and len(game.state.zones["p0.hand"]) == 2
    game = game_at(position("event", p0_hand=[c("jamming_signal", "j")]))
    v = refused(game, "play_event", card=lab(game, "j"), target=None)
    assert v.reason == "xenocard.counter_only"


# -- conditions ----------------------------------------------------------------------------
def test_condition_controls_other_cards_of_an_attribute() -> None:
    game = game_at(position("set", data=slots(q="s1", a="s2"),
                            p0_standby=[c("squad_leader", "q"), c("deck_rookie", "a")],
                            p0_hand=[c("marine_sergeant", "b")]))
    assert stat(game, "q", "atk") == 2  # one other Human
    assert act(game, "set_card", card=lab(game, "b"), slot="p0.standby/s3").ok
    assert stat(game, "q", "atk") == 4


def test_condition_in_standby_and_the_deck_guard_of_a_battle_card() -> None:
    game = game_at(position("move", data=slots(g="s1"), p0_standby=[c("reserve_gunner", "g")]))
    assert RULES.cards["reserve_gunner"].abilities[0].conditions[0].word == "in_standby"
    from tabletop.games.xenocard.stats import deck_guard
    assert deck_guard(game.state, RULES.cards, 0) == 1
    assert act(game, "move", card=lab(game, "g"), slot="p0.field/back.left").ok
    assert deck_guard(game.state, RULES.cards, 0) == 0


def test_condition_whose_turn_it_is() -> None:
    game = game_at(position("set", data=slots(n="s1"), p0_standby=[c("night_stalker", "n")]))
    assert stat(game, "n", "hp") == 2
    to_battle(game, 0)
    assert stat(game, "n", "hp") == 4  # the opponent's turn


def test_condition_trash_at_least_on_a_triggered_ability() -> None:
    game = game_at(position("set", p0_trash=[c("walker_frame", "w"), c("supply_drop", "s")],
                            p0_hand=[c("grave_digger", "g")]))
    assert act(game, "set_card", card=lab(game, "g"), slot="p0.standby/s1").ok
    assert where(game, "w") == "p0.trash"  # 2 cards in the trash: nothing
    game = game_at(position("set", p0_trash=[c("walker_frame", "w"), c("supply_drop", "s"),
                                             c("husk_crawler", "h")],
                            p0_hand=[c("grave_digger", "g")]))
    assert act(game, "set_card", card=lab(game, "g"), slot="p0.standby/s1").ok
    assert where(game, "h") == "p0.hand" and where(game, "w") == "p0.trash"  # the newest


def test_event_conditions_deck_at_most_and_hand_at_least() -> None:
    game = game_at(position("event", p0_hand=[c("desperate_measures", "d")]))
    assert act(game, "play_event", card=lab(game, "d"), target=None).ok  # deck 10 <= 15
    assert len(game.state.zones["p0.hand"]) == 2
    pos = position("event", data=slots(x="front.left"), p1_field=[c("walker_frame", "x")],
                   p0_hand=[c("overload_burst", "o"), c("deck_rookie", "a")])
    game = game_at(pos)
    v = refused(game, "play_event", card=lab(game, "o"), target=lab(game, "x"))
    assert v.reason == "xenocard.event_condition_unmet" and "3 or more" in text(v)
    pos["zones"]["p0.hand"].append(c("deck_rookie", "b"))
    pos["zones"]["p0.hand"].append(c("deck_rookie", "b2"))
    game = game_at(pos)
    assert act(game, "play_event", card=lab(game, "o"), target=lab(game, "x")).ok
    assert game.state.cards[lab(game, "x")].counters["damage"] == 3


def test_target_holder_of_a_weapon() -> None:
    game = game_at(position("set", active=1,
                            data={"slots": {"s": "front.right", "x": "front.left"},
                                  "equipped": {"arm": "s"}},
                            p0_field=[c("sentinel_unit", "s")],  # it counterattacks
                            p0_weapons=[c("repair_arm", "arm")],
                            p1_field=[c("walker_frame", "x")]))
    to_battle(game, 1)  # the walker hits the sentinel for 3; it shoots back, then heals
    hits = [e for e in RULES.battle_events(game.state)]
    assert [e.attacker for e in hits] == [lab(game, "x"), lab(game, "s")]
    assert hits[1].damage == 2 + 1  # adds_atk: 2 + 1
    assert "Sentinel Unit 9: 3 damage removed" in log_text(game)


# -- the bots ------------------------------------------------------------------------------
def test_the_bots_play_every_ability_card_of_the_sample_decks() -> None:
    # the game's own bot (RULES.make_bot) is the random bot: it plays by its own seeds
    decks = xenocard.load_decks(rules=RULES)
    with_abilities = {cid for cid, card in RULES.cards.items()
                      if card.abilities or card.get("alt_cost") or card.get("field_set")}
    assert with_abilities <= {cid for d in decks.values() for cid in d.card_list()}
    played: Counter[str] = Counter()
    names = sorted(decks)
    for seed in range(2 * len(names) ** 2):  # every pairing twice, mirrors included
        # (a card turned down by one deck is stood up by its own)
        a, b = names[seed % len(names)], names[seed // len(names) % len(names)]
        setup = GameSetup(GAME_ID, seed, seed % 2, decks=({"cards": decks[a].card_list()},
                                                          {"cards": decks[b].card_list()}))
        game = Game(RULES, setup)
        bots = [RULES.make_bot(seed * 2 + 1), RULES.make_bot(seed * 2 + 2)]
        for _ in range(2500):
            if game.state.game_over:
                break
            pending = game.state.pending
            seat = RULES.acting_seat(game.state)
            action = bots[seat].choose(game)
            ids = [action.get(k) for k in ("card", "weapon")]
            if action.kind == "decide":
                ids = [int(o.partition("@")[0]) for o in action.get("choice") or ()
                       if o[:1].isdigit() and pending is not None and pending.kind != "adjust"]
            assert game.propose(action).ok
            played.update(game.state.cards[i].card_id for i in ids if isinstance(i, int))
    assert sorted(cid for cid in with_abilities if not played[cid]) == []


def test_the_hover_lists_a_battle_cards_ability_text() -> None:
    from tabletop.ui.games.xenocard_cards import effect_words
    words = effect_words(RULES.cards["rail_lancer"], "en")
    assert any("Pierce" in w for w in words)


def test_scenarios_exist_for_the_ability_words() -> None:
    folder = Path(__file__).resolve().parent.parent / "scenarios" / "xenocard"
    assert len(list(folder.glob("ab_*.toml"))) >= 5


def test_a_heal_of_every_damage_reads_as_all_not_as_zero() -> None:
    # amount = 0 removes all damage (the word's default): its words say "all"
    card = RULES.cards["repair_arm"]
    heal = next(u for ab in card.abilities for u in ab.what if u.word == "heal")
    assert heal.number("amount", 0) == 0
    assert VOCABULARY.describe_use(Part.WHAT, heal).render("en") == "remove all damage"
    assert VOCABULARY.describe_use(Part.WHAT, heal).render("ja") == "ダメージをすべて取り除く"
