"""Arc abilities (issue 15), one test per word: the effect happens, its target rules
refuse a wrong target (naming what would be legal), its duration ends through the
real rules (end of combat, end of turn, leaving play).

The sample cards are used where one says the word; the few words no sample card
says are tried on test cards loaded beside the sample set (:func:`rules_with`).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import game_helpers as helpers
import pytest
from game_helpers import act, c, card_ids, lab, refused_unchanged

from tabletop.core.abilities import Part
from tabletop.core.actions import Action, Verdict
from tabletop.core.bot import play_game
from tabletop.core.cards import CardDataError
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, register_card_names
from tabletop.games import arc
from tabletop.games.arc import combat
from tabletop.games.arc.abilities import VOCABULARY, abilities_of, shorthand
from tabletop.games.arc.data import arc_data
from tabletop.games.arc.rules import ArcRules

REPO = Path(__file__).resolve().parent.parent
RULES = arc.load()
register_card_names(RULES.cards)  # card names in log lines
FILLER = ["red_ember_hills"] * 10


def position(phase: str = "main", active: int = 0, step: str = "",
             data: dict[str, Any] | None = None, **zones: list[Any]) -> dict[str, Any]:
    return helpers.position(FILLER, zones, data, phase=phase, active=active, step=step)


def game_at(pos: dict[str, Any], rules: ArcRules = RULES, seed: int = 1) -> Game:
    return Game(rules, GameSetup("arc", seed, 0, position=pos))


def hills(n: int, prefix: str = "r") -> list[dict[str, Any]]:
    return [c("red_ember_hills", f"{prefix}{i}") for i in range(n)]


def woods(n: int, prefix: str = "g") -> list[dict[str, Any]]:
    return [c("green_wildwood", f"{prefix}{i}") for i in range(n)]


def tides(n: int, prefix: str = "b") -> list[dict[str, Any]]:
    return [c("blue_tide_pool", f"{prefix}{i}") for i in range(n)]


def play(game: Game, card: str, target: str | None = None, seat: int = 0) -> Verdict:
    args: dict[str, Any] = {"card": lab(game, card)}
    if target is not None:
        args["target"] = lab(game, target)
    return act(game, "play_card", seat, **args)


def where(game: Game, name: str) -> str:
    return game.state.zone_of(lab(game, name))


def power(game: Game, name: str) -> int:
    return RULES.derived(game.state, lab(game, name))["power"]


def refused(game: Game, action: Action) -> Verdict:
    verdict = refused_unchanged(game, action)
    return verdict


def offered_targets(game: Game, card: str, seat: int = 0) -> set[int | None]:
    """The targets legal_actions offers for playing ``card``."""
    iid = lab(game, card)
    return {a.get("target") for a in game.rules.legal_actions(game.state, seat)
            if a.kind == "play_card" and a.get("card") == iid}


def to_attack(game: Game, seat: int = 0) -> None:
    while game.state.phase != "attack":
        assert act(game, "next_phase", seat).ok


TEST_CARDS = '''
[[card]]
id = "t_seeker_action"
type = "action"
name = { en = "Test Action Seeker", ja = "試験アクション探索" }
text = { en = "Search an action card.", ja = "アクションを探す。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
what = "search_action"

[[card]]
id = "t_seeker_combat"
type = "action"
name = { en = "Test Combat Seeker", ja = "試験コンバット探索" }
text = { en = "Search a combat card.", ja = "コンバットを探す。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
what = "search_combat"

[[card]]
id = "t_seeker_resource"
type = "action"
name = { en = "Test Resource Seeker", ja = "試験リソース探索" }
text = { en = "Search a resource card.", ja = "リソースを探す。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
what = "search_resource"

[[card]]
id = "t_recall_action"
type = "action"
name = { en = "Test Second Thought", ja = "試験の再考" }
text = { en = "Take back an action card.", ja = "アクションを戻す。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
what = "recover_action"

[[card]]
id = "t_recall_combat"
type = "action"
name = { en = "Test Old Tricks", ja = "試験の古い手" }
text = { en = "Take back a combat card.", ja = "コンバットを戻す。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
what = "recover_combat"

[[card]]
id = "t_recall_resource"
type = "action"
name = { en = "Test Salvage", ja = "試験の回収" }
text = { en = "Take back a resource card.", ja = "リソースを戻す。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
what = "recover_resource"

[[card]]
id = "t_untapper"
type = "character"
name = { en = "Test Rallier", ja = "試験の鼓舞役" }
text = { en = "Enters: untap one of yours.", ja = "登場時：1体アンタップ。" }
colour = "green"
cost = 0
power = 1
[[card.ability]]
when = "enters"
whom = "own_tapped_character"
what = "untap"

[[card]]
id = "t_drain"
type = "character"
name = { en = "Test Drainer", ja = "試験の吸収者" }
text = { en = "Opposing characters get -1 power.", ja = "相手のキャラクターのパワー-1。" }
colour = "green"
cost = 0
power = 1
[[card.ability]]
when = "always"
whom = "each_opposing_character"
what = { effect = "weaken", n = 1 }
how_long = "while_in_play"

[[card]]
id = "t_jailer"
type = "character"
name = { en = "Test Jailer", ja = "試験の看守" }
text = { en = "Enters: a foe cannot block.", ja = "相手1体はブロック不可。" }
colour = "green"
cost = 0
power = 1
[[card.ability]]
when = "enters"
whom = "opposing_character"
what = "cannot_block"
how_long = "while_in_play"

[[card]]
id = "t_swap"
type = "action"
name = { en = "Test Either Pump", ja = "試験の強化" }
text = { en = "A character gets +1 power this turn.", ja = "キャラクター1体のパワー+1。" }
colour = "green"
cost = 0
[[card.ability]]
when = "on_play"
whom = "any_character"
what = { effect = "pump", n = 1 }
how_long = "end_of_turn"
'''


@pytest.fixture(scope="module")
def test_rules(tmp_path_factory: pytest.TempPathFactory) -> ArcRules:
    """The sample set plus the test cards above."""
    folder = tmp_path_factory.mktemp("arc_cards")
    for path in (REPO / "assets" / "cards" / "arc").glob("*.toml"):
        shutil.copy(path, folder / path.name)
    (folder / "zz_test.toml").write_text(TEST_CARDS, encoding="utf-8")
    return arc.load(folder)


# -- the registry ----------------------------------------------------------------------------
def test_every_word_has_its_words_in_both_languages_and_a_doc() -> None:
    from tabletop.i18n import has_text
    for part in (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT):
        for name, spec in VOCABULARY.words(part).items():
            assert spec.doc, (part, name)
            for lang in ("en", "ja"):
                assert has_text(f"ability.arc.{part}.{name}", lang), (part, name, lang)


def test_the_rules_expose_the_vocabulary_and_every_card_is_read_through_it() -> None:
    assert ArcRules.vocabulary is VOCABULARY
    for card in RULES.cards.values():
        if card.type in ("action", "combat"):
            assert abilities_of(card), card.id


def test_the_short_form_is_one_ability_of_the_same_words() -> None:
    firestorm, cry, wind = (RULES.cards[i] for i in ("red_firestorm", "red_battle_cry",
                                                      "green_second_wind"))
    ability, = shorthand(firestorm)
    assert ability.whom is not None and ability.whom.word == "opposing_character_power_at_most"
    assert ability.whom["n"] == 3 and ability.what[0].word == "destroy"
    ability, = shorthand(cry)
    assert (ability.what[0].word, ability.what[0]["n"]) == ("pump", 2)
    assert ability.how_long.duration == "end_of_combat"
    assert shorthand(wind)[0].whom.word == "own_tapped_character"  # ARC-H4


@pytest.mark.parametrize("body, field", [
    ('when = "enters"\nwhom = "own_character"\nwhat = { effect = "pump", n = 1 }',
     "ability[0].how_long"),
    ('when = "attacks"\nwhom = "opposing_character"\nwhat = "destroy"', "ability[0].whom"),
    ('when = "always"\nwhom = "opposing_character"\nwhat = { effect = "pump", n = 1 }\n'
     'how_long = "while_in_play"', "ability[0]"),
    ('when = "on_play"\nwhat = { effect = "draw", n = 1 }', "ability[0].when"),
])
def test_what_arc_cannot_do_is_refused_at_load_naming_the_field(
        tmp_path: Path, body: str, field: str) -> None:
    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "bad"\ntype = "character"\nname = { en = "Bad", ja = "悪" }\n'
        'colour = "red"\ncost = 1\npower = 1\n[[card.ability]]\n' + body + "\n",
        encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        arc.load(tmp_path)
    assert err.value.card == "bad" and err.value.field == field


def test_a_card_saying_it_twice_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "twice"\ntype = "action"\nname = { en = "T", ja = "T" }\n'
        'colour = "red"\ncost = 1\neffect = "draw"\namount = 1\n[[card.ability]]\n'
        'when = "on_play"\nwhat = { effect = "draw", n = 1 }\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="not both"):
        arc.load(tmp_path)


# -- on_play: action cards --------------------------------------------------------------------
def test_draw_on_play() -> None:
    game = game_at(position(p0_hand=[c("green_regrowth", "g")], p0_resources=woods(2)))
    assert play(game, "g").ok
    assert len(game.state.zones["p0.hand"].cards) == 2 and where(game, "g") == "p0.discard"
    assert refused(game, Action.make("play_card", 0, card=lab(game, "g"))).reason == \
        "arc.not_in_hand"


def test_mill_on_play() -> None:
    game = game_at(position(p0_hand=[c("red_raid", "raid")], p0_resources=hills(2)))
    assert play(game, "raid").ok
    assert len(game.state.zones["p1.deck"].cards) == 7
    assert len(game.state.zones["p1.discard"].cards) == 3


def test_destroy_by_condition_a_tapped_opposing_character() -> None:
    game = game_at(position(p0_hand=[c("red_ambush", "ambush")], p0_resources=hills(3),
                            p1_characters=[c("blue_storm_mage", "mage", tapped=True),
                                           c("blue_tide_caller", "caller")]))
    assert offered_targets(game, "ambush") == {lab(game, "mage")}
    verdict = refused(game, Action.make("play_card", 0, card=lab(game, "ambush"),
                                        target=lab(game, "caller")))
    assert verdict.reason == "arc.bad_target"
    assert "a tapped opposing character" in verdict.message.render("en")
    assert play(game, "ambush", "mage").ok
    assert where(game, "mage") == "p1.discard" and where(game, "caller") == "p1.characters"


def test_destroy_by_printed_power_and_the_refusal_says_what_is_legal() -> None:
    game = game_at(position(p0_hand=[c("red_firestorm", "fire")], p0_resources=hills(3),
                            p1_characters=[c("blue_storm_mage", "mage"),
                                           c("blue_tide_caller", "caller")]))
    assert offered_targets(game, "fire") == {lab(game, "caller")}
    verdict = refused(game, Action.make("play_card", 0, card=lab(game, "fire"),
                                        target=lab(game, "mage")))
    assert "printed power 3 or less" in verdict.message.render("en")
    assert refused(game, Action.make("play_card", 0, card=lab(game, "fire"))).reason == \
        "arc.target_needed"


def test_untap_own_tapped_character_only() -> None:
    game = game_at(position(p0_hand=[c("green_second_wind", "wind")], p0_resources=woods(1),
                            p0_characters=[c("red_ember_knight", "k", tapped=True),
                                           c("red_spark_squire", "s")],
                            p1_characters=[c("blue_tide_caller", "t", tapped=True)]))
    assert offered_targets(game, "wind") == {lab(game, "k")}
    assert refused(game, Action.make("play_card", 0, card=lab(game, "wind"),
                                     target=lab(game, "t"))).reason == "arc.bad_target"
    assert play(game, "wind", "k").ok and not game.state.cards[lab(game, "k")].tapped


def test_return_to_hand_either_side() -> None:
    game = game_at(position(p0_hand=[c("blue_riptide", "rip")], p0_resources=tides(2),
                            p0_characters=[c("red_spark_squire", "mine")],
                            p1_characters=[c("blue_storm_mage", "mage")]))
    assert offered_targets(game, "rip") == {lab(game, "mine"), lab(game, "mage")}
    assert refused(game, Action.make("play_card", 0, card=lab(game, "rip"),
                                     target=lab(game, "b0"))).reason == "arc.bad_target"
    assert play(game, "rip", "mage").ok
    assert where(game, "mage") == "p1.hand"


def test_search_character_takes_the_first_from_the_top_and_only_its_owner_sees_it() -> None:
    deck = ["red_ember_knight", "red_ember_hills", "red_spark_squire", "red_ember_hills"]
    game = game_at(position(p0_deck=deck, p0_hand=[c("green_call_to_arms", "call")],
                            p0_resources=[c("green_wildwood", "w")]))
    assert play(game, "call").ok
    hand = card_ids(game, "p0.hand")
    assert hand == ["red_spark_squire"]  # the first character from the top (the last listed)
    assert sorted(card_ids(game, "p0.deck")) == sorted(
        ["red_ember_knight", "red_ember_hills", "red_ember_hills"])
    found = game.state.zones["p0.hand"].cards[0]
    assert game.state.visible_to(found, 0) and not game.state.visible_to(found, 1)
    theirs = [e.for_seat(1).render("en") for e in game.state.log][-1]
    assert "Spark Squire" not in theirs and "character card" in theirs
    assert "Spark Squire" in [e.for_seat(0).render("en") for e in game.state.log][-1]
    assert not game.can_undo(0)  # the found card is a reveal: an undo barrier (ALL-H1)


@pytest.mark.parametrize("card, kind, wanted", [
    ("t_seeker_action", "action", "red_raid"),
    ("t_seeker_combat", "combat", "red_scorch"),
    ("t_seeker_resource", "resource", "red_ember_hills"),
])
def test_search_each_card_type(test_rules: ArcRules, card: str, kind: str, wanted: str) -> None:
    deck = ["red_raid", "red_scorch", "red_ember_hills", "red_spark_squire"]
    game = game_at(position(p0_deck=deck, p0_hand=[c(card, "s")]), test_rules)
    assert play(game, "s").ok
    assert card_ids(game, "p0.hand") == [wanted]


def test_search_finding_nothing_still_shuffles_and_says_so() -> None:
    game = game_at(position(p0_deck=["red_ember_hills"] * 5,
                            p0_hand=[c("green_call_to_arms", "call")],
                            p0_resources=[c("green_wildwood", "w")]))
    assert play(game, "call").ok
    assert card_ids(game, "p0.hand") == []
    assert "finds no character card" in game.state.log[-1].for_seat(1).render("en")


def test_recover_character_takes_the_last_one_discarded_back() -> None:
    game = game_at(position(p0_hand=[c("green_homecoming", "home")], p0_resources=woods(2),
                            p0_discard=[c("red_ember_knight", "old"), c("red_spark_squire", "new"),
                                        c("red_raid", "raid")]))
    assert offered_targets(game, "home") == {None}
    assert refused(game, Action.make("play_card", 0, card=lab(game, "home"),
                                     target=lab(game, "g0"))).reason == "arc.no_target_needed"
    assert play(game, "home").ok
    assert where(game, "new") == "p0.hand" and where(game, "old") == "p0.discard"
    assert "Spark Squire" in game.state.log[-1].for_seat(1).render("en")  # the pile is public


def test_recover_with_nothing_to_take_back_says_so() -> None:
    game = game_at(position(p0_hand=[c("green_homecoming", "home")], p0_resources=woods(2)))
    assert play(game, "home").ok
    assert card_ids(game, "p0.hand") == []
    assert "no character card" in game.state.log[-1].for_seat(0).render("en")


@pytest.mark.parametrize("card, kinds, wanted", [
    ("t_recall_combat", ["red_scorch", "red_ember_hills", "red_raid"], "red_scorch"),
    ("t_recall_resource", ["red_ember_hills", "green_wildwood", "red_scorch"], "green_wildwood"),
])
def test_recover_each_card_type_takes_the_last_of_its_type(test_rules: ArcRules, card: str,
                                                           kinds: list[str], wanted: str) -> None:
    # the discard pile's order is the order cards went in: the last of the type comes back
    pile = [c(cid, f"d{i}") for i, cid in enumerate(kinds)]
    game = game_at(position(p0_hand=[c(card, "r")], p0_discard=pile), test_rules)
    assert play(game, "r").ok
    assert card_ids(game, "p0.hand") == [wanted]
    assert sorted(card_ids(game, "p0.discard")) == sorted([*(k for k in kinds if k != wanted),
                                                           card])


def test_recover_an_action_card_never_takes_the_card_being_used(test_rules: ArcRules) -> None:
    game = game_at(position(p0_hand=[c("t_recall_action", "r")],
                            p0_discard=[c("red_raid", "raid")]), test_rules)
    assert play(game, "r").ok
    assert where(game, "raid") == "p0.hand" and where(game, "r") == "p0.discard"


def test_condition_characters_at_least_refuses_naming_the_condition() -> None:
    hand = [c("green_rallying_horn", "horn")]
    two = [c("red_spark_squire", "a"), c("red_spark_squire", "b")]
    game = game_at(position(p0_hand=hand, p0_resources=[c("green_wildwood", "w")],
                            p0_characters=two))
    verdict = refused(game, Action.make("play_card", 0, card=lab(game, "horn")))
    assert verdict.reason == "arc.condition_unmet" and verdict.rule == "ARC-H9"
    assert "3 or more characters" in verdict.message.render("en")
    assert offered_targets(game, "horn") == set()
    game = game_at(position(p0_hand=hand, p0_resources=[c("green_wildwood", "w")],
                            p0_characters=[*two, c("red_ash_raider", "c")]))
    assert play(game, "horn").ok and len(game.state.zones["p0.hand"].cards) == 2


def test_condition_opponent_deck_at_most() -> None:
    pos = position(p0_hand=[c("blue_final_tide", "tide")], p0_resources=tides(2),
                   p1_deck=["red_ember_hills"] * 13)
    assert refused(game_at(pos), Action.make("play_card", 0, card=lab(game_at(pos), "tide"))
                   ).reason == "arc.condition_unmet"
    pos["zones"]["p1.deck"] = ["red_ember_hills"] * 12
    game = game_at(pos)
    assert play(game, "tide").ok and len(game.state.zones["p1.deck"].cards) == 8


# -- durations: end of turn ------------------------------------------------------------------
def test_pump_until_end_of_turn_lasts_through_combats_and_ends_with_the_turn() -> None:
    game = game_at(position(p0_hand=[c("red_war_drums", "drums")], p0_resources=hills(1),
                            p0_characters=[c("red_spark_squire", "s")],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert refused(game, Action.make("play_card", 0, card=lab(game, "drums"),
                                     target=lab(game, "t"))).reason == "arc.bad_target"
    assert play(game, "drums", "s").ok and power(game, "s") == 3
    to_attack(game)
    assert act(game, "attack", 0, attackers=[lab(game, "s")]).ok
    assert act(game, "decide", 1, choice=[]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert power(game, "s") == 3  # the end of a combat is not the end of the turn
    assert len(game.state.zones["p1.deck"].cards) == 7
    assert act(game, "end_turn", 0).ok
    assert power(game, "s") == 1 and arc_data(game.state).actives == ()


def test_weaken_each_opposing_character_until_end_of_turn() -> None:
    game = game_at(position(p0_hand=[c("blue_chill_wind", "wind")], p0_resources=tides(2),
                            p1_characters=[c("blue_tide_caller", "t"),
                                           c("red_spark_squire", "s")]))
    assert offered_targets(game, "wind") == {None}  # nobody chooses: every opposing one
    assert play(game, "wind").ok
    assert (power(game, "t"), power(game, "s")) == (2, 0)  # never below 0 (ARC-H3)
    assert act(game, "end_turn", 0).ok
    assert (power(game, "t"), power(game, "s")) == (3, 1)


def test_any_character_target_and_its_pump_ends_with_the_turn(test_rules: ArcRules) -> None:
    game = game_at(position(p0_hand=[c("t_swap", "swap")],
                            p1_characters=[c("blue_tide_caller", "t")]), test_rules)
    assert offered_targets(game, "swap") == {lab(game, "t")}
    assert play(game, "swap", "t").ok
    assert test_rules.derived(game.state, lab(game, "t"))["power"] == 4
    assert act(game, "end_turn", 0).ok
    assert test_rules.derived(game.state, lab(game, "t"))["power"] == 3


def test_cannot_block_until_end_of_turn() -> None:
    game = game_at(position(p0_hand=[c("green_binding_roots", "roots")],
                            p0_resources=[c("green_wildwood", "w")],
                            p0_characters=[c("red_ember_knight", "k")],
                            p1_characters=[c("blue_tide_caller", "t"),
                                           c("blue_mist_acolyte", "m")]))
    assert refused(game, Action.make("play_card", 0, card=lab(game, "roots"),
                                     target=lab(game, "k"))).reason == "arc.bad_target"
    assert play(game, "roots", "t").ok
    to_attack(game)
    assert act(game, "attack", 0, attackers=[lab(game, "k")]).ok
    pending = game.state.pending
    assert pending.options == (f"{lab(game, 'm')}>{lab(game, 'k')}",)
    verdict = refused(game, Action.make("decide", 1, choice=[f"{lab(game, 't')}>{lab(game, 'k')}"]))
    # it names the card whose effect it is and how long (QA15b #2)
    assert verdict.reason == "arc.blocker_cannot_block_from" and verdict.rule == "ARC-R5"
    assert act(game, "decide", 1, choice=[]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert act(game, "end_turn", 0).ok
    assert combat.may_block(game.state, RULES.cards, lab(game, "t"), lab(game, "k"))
    assert arc_data(game.state).actives == ()


def test_unblockable_until_end_of_turn_and_the_blockers_step_is_skipped() -> None:
    game = game_at(position(p0_hand=[c("blue_shadow_current", "cur")], p0_resources=tides(2),
                            p0_characters=[c("blue_storm_mage", "mage")],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert play(game, "cur", "mage").ok
    to_attack(game)
    assert act(game, "attack", 0, attackers=[lab(game, "mage")]).ok
    assert game.state.pending.kind == "combat_card"  # nobody may block it (ARC-H6)
    assert "may block" in game.state.log[-1].for_seat(0).render("en")
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert len(game.state.zones["p1.deck"].cards) == 5
    assert act(game, "end_turn", 0).ok
    assert arc_data(game.state).actives == ()


def test_a_refused_block_on_an_unblockable_attacker_names_it() -> None:
    game = game_at(position(p0_hand=[c("blue_shadow_current", "cur")], p0_resources=tides(2),
                            p0_characters=[c("blue_storm_mage", "mage"),
                                           c("red_spark_squire", "s")],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert play(game, "cur", "mage").ok
    to_attack(game)
    assert act(game, "attack", 0, attackers=[lab(game, "mage"), lab(game, "s")]).ok
    verdict = refused(game, Action.make("decide", 1,
                                        choice=[f"{lab(game, 't')}>{lab(game, 'mage')}"]))
    assert verdict.reason == "arc.attacker_unblockable_from"  # with its source (QA15b #2)
    assert "Storm Mage cannot be blocked" in verdict.message.render("en")


# -- combat cards: end of combat ----------------------------------------------------------------
def test_pump_and_weaken_end_with_the_combat() -> None:
    game = game_at(position(
        "attack", p0_characters=[c("red_ember_knight", "k"), c("red_flame_duelist", "d")],
        p0_hand=[c("red_battle_cry", "cry")], p0_resources=hills(1),
        p1_characters=[c("blue_frost_warden", "w")], p1_hand=[c("blue_chill", "fog")],
        p1_resources=tides(1)))
    assert act(game, "attack", 0, attackers=[lab(game, "k")]).ok
    assert act(game, "decide", 1, choice=[f"{lab(game, 'w')}>{lab(game, 'k')}"]).ok
    # the target rule: a weaken goes on an opposing combatant, not a fighter of one's own
    assert refused(game, Action.make("decide", 1, choice=[f"{lab(game, 'fog')}@{lab(game, 'w')}"])
                   ).reason == "arc.bad_target"
    assert act(game, "decide", 1, choice=[f"{lab(game, 'fog')}@{lab(game, 'k')}"]).ok
    assert refused(game, Action.make("decide", 0, choice=[f"{lab(game, 'cry')}@{lab(game, 'd')}"])
                   ).reason == "arc.bad_target"  # the Duelist is not in this combat
    assert act(game, "decide", 0, choice=[f"{lab(game, 'cry')}@{lab(game, 'k')}"]).ok
    # 4 - 2 + 2 = 4 against 4: both destroyed; the effects ended with the combat
    assert where(game, "k") == "p0.discard" and where(game, "w") == "p1.discard"
    assert arc_data(game.state).actives == () and arc_data(game.state).combat is None


def test_return_to_hand_in_combat_leaves_the_attacker_blocked() -> None:
    game = game_at(position(
        "attack", active=1, p1_characters=[c("red_ember_knight", "k")],
        p0_characters=[c("blue_tide_caller", "t")], p0_hand=[c("blue_recall", "recall")],
        p0_resources=tides(3)))
    assert act(game, "attack", 1, attackers=[lab(game, "k")]).ok
    assert act(game, "decide", 0, choice=[f"{lab(game, 't')}>{lab(game, 'k')}"]).ok
    assert refused(game, Action.make("decide", 0, choice=[
        f"{lab(game, 'recall')}@{lab(game, 't')}"])).reason == "arc.bad_target"
    assert act(game, "decide", 0, choice=[f"{lab(game, 'recall')}@{lab(game, 'k')}"]).ok
    assert where(game, "k") == "p1.hand"
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert where(game, "t") == "p0.characters"  # no fight, nothing milled (ARC-H10)
    assert len(game.state.zones["p0.deck"].cards) == 10


# -- character abilities ----------------------------------------------------------------------
def test_enters_draw() -> None:
    game = game_at(position(p0_hand=[c("blue_tide_scout", "scout")], p0_resources=tides(2)))
    assert offered_targets(game, "scout") == {None}
    assert refused(game, Action.make("play_card", 0, card=lab(game, "scout"),
                                     target=lab(game, "b0"))).reason == "arc.no_target_needed"
    assert play(game, "scout").ok
    assert len(game.state.zones["p0.hand"].cards) == 1
    logged = [e.for_seat(1).render("en") for e in game.state.log]
    assert "Tide Scout: When this character enters play: draw a card." in logged


def test_enters_destroy_chooses_its_target_when_one_exists() -> None:
    pos = position(p0_hand=[c("blue_abyss_witch", "witch")], p0_resources=tides(4),
                   p1_characters=[c("red_ash_raider", "ash"), c("red_ember_knight", "k")])
    game = game_at(pos)
    assert offered_targets(game, "witch") == {lab(game, "ash")}
    assert refused(game, Action.make("play_card", 0, card=lab(game, "witch"))).reason == \
        "arc.target_needed"
    assert refused(game, Action.make("play_card", 0, card=lab(game, "witch"),
                                     target=lab(game, "k"))).reason == "arc.bad_target"
    drop = RULES.interpret_drop(game.state, 0, lab(game, "witch"), "p1.characters",
                                lab(game, "ash"))
    assert drop == Action.make("play_card", 0, card=lab(game, "witch"), target=lab(game, "ash"))
    assert game.propose(drop).ok
    assert where(game, "ash") == "p1.discard" and where(game, "witch") == "p0.characters"
    # with nothing to aim at the character is still played, its ability does nothing;
    # dropped over a card of one's own row (no target), the row is meant
    pos["zones"]["p1.characters"] = [c("red_ember_knight", "k")]
    pos["zones"]["p0.characters"] = [c("blue_tide_caller", "mine")]
    game = game_at(pos)
    assert offered_targets(game, "witch") == {None}
    drop = RULES.interpret_drop(game.state, 0, lab(game, "witch"), "p0.characters",
                                lab(game, "mine"))
    assert drop == Action.make("play_card", 0, card=lab(game, "witch"))
    assert game.propose(drop).ok


def test_enters_untap_own_tapped_character(test_rules: ArcRules) -> None:
    game = game_at(position(p0_hand=[c("t_untapper", "u")],
                            p0_characters=[c("red_ember_knight", "k", tapped=True),
                                           c("red_spark_squire", "s")]), test_rules)
    assert offered_targets(game, "u") == {lab(game, "k")}
    assert play(game, "u", "k").ok and not game.state.cards[lab(game, "k")].tapped


def test_enters_each_opposing_cannot_block_until_end_of_turn() -> None:
    game = game_at(position(p0_hand=[c("blue_frost_wyrm", "wyrm")], p0_resources=tides(5),
                            p0_characters=[c("red_ember_knight", "k")],
                            p1_characters=[c("blue_tide_caller", "t"),
                                           c("blue_mist_acolyte", "m")]))
    assert play(game, "wyrm").ok
    to_attack(game)
    assert act(game, "attack", 0, attackers=[lab(game, "k")]).ok
    assert game.state.pending.kind == "combat_card"
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert act(game, "end_turn", 0).ok
    assert arc_data(game.state).actives == ()


def test_while_in_play_effect_ends_when_its_source_leaves(test_rules: ArcRules) -> None:
    game = game_at(position(p0_hand=[c("t_jailer", "j"), c("red_firestorm", "fire")],
                            p0_resources=hills(3),
                            p1_characters=[c("blue_tide_caller", "t")],
                            p1_hand=[c("blue_drown", "drown")], p1_resources=tides(2)),
                   test_rules)
    assert play(game, "j", "t").ok
    assert len(arc_data(game.state).actives) == 1
    assert act(game, "end_turn", 0).ok
    assert len(arc_data(game.state).actives) == 1  # not a turn-long effect
    assert act(game, "next_phase", 1).ok
    assert play(game, "drown", "j", seat=1).ok
    assert arc_data(game.state).actives == ()  # its source left play


def test_attacks_trigger_mills() -> None:
    game = game_at(position("attack", p0_characters=[c("red_raider_chief", "chief")]))
    assert act(game, "attack", 0, attackers=[lab(game, "chief")]).ok
    assert len(game.state.zones["p1.deck"].cards) == 9
    logged = [e.for_seat(1).render("en") for e in game.state.log]
    assert any(line.startswith("Raider Chief: When this character attacks") for line in logged)


def test_blocked_trigger_pumps_this_until_end_of_combat() -> None:
    game = game_at(position("attack", p0_characters=[c("green_thornback_boar", "boar")],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert act(game, "attack", 0, attackers=[lab(game, "boar")]).ok
    assert power(game, "boar") == 2
    assert act(game, "decide", 1, choice=[f"{lab(game, 't')}>{lab(game, 'boar')}"]).ok
    assert power(game, "boar") == 4
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert where(game, "t") == "p1.discard" and power(game, "boar") == 2


def test_blocked_trigger_does_not_fire_unblocked() -> None:
    game = game_at(position("attack", p0_characters=[c("green_thornback_boar", "boar")],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert act(game, "attack", 0, attackers=[lab(game, "boar")]).ok
    assert act(game, "decide", 1, choice=[]).ok
    assert power(game, "boar") == 2


def test_always_each_other_own_character_gets_power_while_in_play() -> None:
    game = game_at(position(p0_characters=[c("red_banner_captain", "cap"),
                                           c("red_spark_squire", "s")],
                            p1_characters=[c("blue_tide_caller", "t")],
                            p1_hand=[c("blue_drown", "drown")], p1_resources=tides(2)))
    assert (power(game, "cap"), power(game, "s"), power(game, "t")) == (2, 2, 3)
    assert act(game, "end_turn", 0).ok and act(game, "next_phase", 1).ok
    assert play(game, "drown", "cap", seat=1).ok
    assert power(game, "s") == 1  # the banner left play


def test_always_weaken_each_opposing_character(test_rules: ArcRules) -> None:
    game = game_at(position(p0_characters=[c("t_drain", "d")],
                            p1_characters=[c("blue_tide_caller", "t")]), test_rules)
    assert test_rules.derived(game.state, lab(game, "t"))["power"] == 2


def test_always_if_attacking() -> None:
    game = game_at(position("attack", p0_characters=[c("red_sun_lancer", "l")],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert power(game, "l") == 2
    assert act(game, "attack", 0, attackers=[lab(game, "l")]).ok
    assert power(game, "l") == 4
    assert act(game, "decide", 1, choice=[f"{lab(game, 't')}>{lab(game, 'l')}"]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert where(game, "t") == "p1.discard" and power(game, "l") == 2  # combat over


def test_always_if_blocking() -> None:
    game = game_at(position("attack", p0_characters=[c("red_ember_knight", "k")],
                            p1_characters=[c("green_oak_guardian", "g")]))
    assert power(game, "g") == 3
    assert act(game, "attack", 0, attackers=[lab(game, "k")]).ok
    assert power(game, "g") == 3  # not blocking yet
    assert act(game, "decide", 1, choice=[f"{lab(game, 'g')}>{lab(game, 'k')}"]).ok
    assert power(game, "g") == 5
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert where(game, "k") == "p0.discard" and where(game, "g") == "p1.characters"


# -- the window, the bots ----------------------------------------------------------------------
def test_a_dragged_action_card_lights_exactly_its_legal_targets() -> None:
    game = game_at(position(p0_hand=[c("red_ambush", "ambush")], p0_resources=hills(3),
                            p0_characters=[c("red_spark_squire", "s")],
                            p1_characters=[c("blue_storm_mage", "mage", tapped=True),
                                           c("blue_tide_caller", "caller")]))
    lit = set()
    for iid in (lab(game, n) for n in ("s", "mage", "caller")):
        action = RULES.interpret_drop(game.state, 0, lab(game, "ambush"),
                                      game.state.zone_of(iid), iid)
        if isinstance(action, Action) and game.check(action).ok:
            lit.add(iid)
    assert lit == {lab(game, "mage")}


def test_a_combat_card_dropped_on_the_zone_goes_where_it_is_worth_most() -> None:
    game = game_at(position(
        "attack", p0_characters=[c("red_spark_squire", "s"), c("red_ember_knight", "k")],
        p0_hand=[c("red_scorch", "scorch")], p0_resources=hills(2),
        p1_characters=[c("blue_storm_mage", "mage"), c("blue_mist_acolyte", "m")]))
    assert act(game, "attack", 0, attackers=[lab(game, "s"), lab(game, "k")]).ok
    assert act(game, "decide", 1, choice=[f"{lab(game, 'mage')}>{lab(game, 'k')}",
                                          f"{lab(game, 'm')}>{lab(game, 's')}"]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    drop = RULES.interpret_drop(game.state, 0, lab(game, "scorch"), "p0.combat", None)
    assert drop == Action.make("decide", 0, choice=[f"{lab(game, 'scorch')}@{lab(game, 'mage')}"])


def test_the_bots_play_every_card_with_an_ability() -> None:
    decks = arc.load_decks(rules=RULES)
    with_abilities = {card.id for card in RULES.cards.values() if card.abilities}
    in_decks = {cid for d in decks.values() for cid in d.card_list()}
    assert with_abilities <= in_decks
    played: set[str] = set()
    names = {RULES.cards[cid].display_name("en"): cid for cid in with_abilities}
    for seed in range(30):
        game = play_game(RULES, helpers.setup_for(RULES, decks, seed), helpers.bots(seed))
        for entry in game.state.log:
            text = entry.public.render("en")
            played |= {cid for name, cid in names.items()
                       if f"plays {name}" in text or f"puts {name} into play" in text}
        if played == with_abilities:
            break
    assert played == with_abilities, sorted(with_abilities - played)


# -- effects in force: undo, positions, hidden information ---------------------------------------
def test_undo_takes_an_effect_in_force_back_with_its_card() -> None:
    game = game_at(position(p0_hand=[c("red_war_drums", "drums")], p0_resources=hills(1),
                            p0_characters=[c("red_spark_squire", "s")]))
    assert play(game, "drums", "s").ok and power(game, "s") == 3
    assert game.undo(0).ok
    assert power(game, "s") == 1 and arc_data(game.state).actives == ()
    assert where(game, "drums") == "p0.hand"
    assert game.redo(0).ok and power(game, "s") == 3


def test_a_positions_combat_mods_are_power_changes_until_the_end_of_the_combat() -> None:
    game = game_at(position("attack", 0, "block",
                            {"combat": {"attackers": ["$s"], "mods": [["$s", 2], ["$t", -1]]}},
                            p0_characters=[c("red_spark_squire", "s", tapped=True)],
                            p1_characters=[c("blue_tide_caller", "t")]))
    assert (power(game, "s"), power(game, "t")) == (3, 2)
    s, t = lab(game, "s"), lab(game, "t")
    assert arc_data(game.state).to_json()["combat"]["mods"] == [[s, 2], [t, -1]]
    assert act(game, "decide", 1, choice=[]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert (power(game, "s"), power(game, "t")) == (1, 3) and arc_data(game.state).actives == ()


def test_a_searched_card_stays_hidden_from_the_opponents_view() -> None:
    from tabletop.core.view import view_for
    game = game_at(position(p0_deck=["red_ember_hills", "red_ember_knight"],
                            p0_hand=[c("green_call_to_arms", "call")],
                            p0_resources=[c("green_wildwood", "w")]))
    assert play(game, "call").ok
    found = game.state.zones["p0.hand"].cards[0]
    mine, theirs = view_for(game.state, 0), view_for(game.state, 1)
    assert "red_ember_knight" in str(mine.zones["p0.hand"])
    assert "red_ember_knight" not in str(theirs.zones["p0.hand"])
    assert not game.state.visible_to(found, 1)
