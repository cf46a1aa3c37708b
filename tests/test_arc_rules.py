"""Arc System rules, one test per ruling and situation (ARC-R1..R7, ARC-H1..H8, seed 002).

Most tests build an exact position with ``GameSetup(position=...)`` (no
shuffle, no mulligan) and propose actions through the core ``Game``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import game_helpers as helpers
import pytest
from game_helpers import act, c, card_ids, lab, refused_unchanged

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.games import arc
from tabletop.i18n import load_catalogue

REPO = Path(__file__).resolve().parent.parent
RULES = arc.load()
FILLER = ["red_ember_hills"] * 10


def position(phase: str = "main", active: int = 0, step: str = "",
             data: dict[str, Any] | None = None, **zones: list[Any]) -> dict[str, Any]:
    """A position with 10-card decks unless given; zone kwargs like ``p0_hand``."""
    return helpers.position(FILLER, zones, data, phase=phase, active=active, step=step)


def game_at(pos: dict[str, Any], seed: int = 1) -> Game:
    return Game(RULES, GameSetup("arc", seed, 0, position=pos))


zone_ids = card_ids


def deck(cards: dict[str, int], **options: Any) -> Deck:
    return Deck("t", {"en": "T", "ja": "T"}, {"cards": cards}, options)


def combat_position(attackers: list[dict[str, Any]], blockers: list[dict[str, Any]],
                    p0_hand: list[Any] | None = None, p1_hand: list[Any] | None = None,
                    p0_res: list[Any] | None = None, p1_res: list[Any] | None = None,
                    **extra: list[Any]) -> Game:
    return game_at(position(
        "attack", p0_characters=attackers, p1_characters=blockers,
        p0_hand=p0_hand or [], p1_hand=p1_hand or [],
        p0_resources=p0_res or [], p1_resources=p1_res or [], **extra))


def pass_both(game: Game) -> None:
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok


# -- loading ---------------------------------------------------------------------------
def test_load_rules_through_registry_and_sample_set() -> None:
    rules = load_rules("arc")
    assert isinstance(rules, arc.ArcRules)
    cards: CardDb = rules.cards
    assert 30 <= len(cards) <= 70  # the first 36 and the ability cards (issue 15)
    for colour in ("red", "green", "blue"):
        types = {d.type for d in cards.values() if d["colour"] == colour}
        assert types == {"resource", "character", "action", "combat"}
    chars = [d for d in cards.values() if d.type == "character"]
    assert sum(1 for d in chars if d["unique"]) >= 3
    assert {d["alignment"] for d in chars} == {"good", "evil", "neutral"}
    assert {d["cost"] for d in chars} == {1, 2, 3, 4, 5}
    assert min(d["power"] for d in chars) == 1 and max(d["power"] for d in chars) == 7
    for d in cards.values():
        if d.type in ("action", "combat"):
            assert d.text["en"] and d.text["ja"]


def test_ARC_R2_ready_made_decks_are_legal_40_card_decks() -> None:
    decks = arc.load_decks(rules=RULES)
    assert len(decks) >= 3
    for d in decks.values():
        assert RULES.check_deck(d) == []
        cards = d.card_list()
        assert len(cards) == 40
        assert 16 <= sum(1 for x in cards if RULES.cards[x].type == "resource") <= 17


def test_rules_core_does_not_import_pygame() -> None:
    code = ("import sys, tabletop.games.arc, tabletop.core.bot; "
            "assert not [m for m in sys.modules if m.startswith('pygame')]")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


# -- set-up and turn structure ---------------------------------------------------------
def normal_game(seed: int = 3, first: int = 0, d0: str = "crimson_vanguard",
                d1: str = "tide_of_night") -> Game:
    decks = arc.load_decks(rules=RULES)
    setup = GameSetup("arc", seed, first, ({"cards": decks[d0].card_list()},
                                           {"cards": decks[d1].card_list()}))
    return Game(RULES, setup)


def resource_deck(n_res: int, total: int = 30) -> dict[str, list[str]]:
    return {"cards": ["red_ember_hills"] * n_res + ["red_spark_squire"] * (total - n_res)}


def test_zones_have_the_contract_ids_and_visibility() -> None:
    state = normal_game().state
    for s in (0, 1):
        assert state.zones[f"p{s}.deck"].visibility == "nobody"
        assert state.zones[f"p{s}.hand"].visibility == "owner"
        for kind in ("resources", "characters", "combat", "discard"):
            assert state.zones[f"p{s}.{kind}"].visibility == "public"
    assert RULES.phases == ("untap", "draw", "resource", "main", "attack", "end")


def test_first_player_draws_on_turn_one_and_phase_order() -> None:
    setup = GameSetup("arc", 5, 1, (resource_deck(30), resource_deck(30)))
    game = Game(RULES, setup)
    state = game.state
    assert state.pending is None and state.active == 1 and state.turn == 1
    assert state.phase == "resource"
    assert len(state.zones["p1.hand"]) == 8  # no first-draw restriction
    assert len(state.zones["p0.hand"]) == 7
    for phase in ("main", "attack"):
        assert act(game, "next_phase", 1).ok
        assert game.state.phase == phase
    assert act(game, "next_phase", 1).ok  # from attack: the turn ends
    assert (game.state.active, game.state.turn, game.state.phase) == (0, 2, "resource")
    assert len(game.state.zones["p0.hand"]) == 8


def test_untap_at_start_of_turn() -> None:
    game = game_at(position("main", p0_resources=[c("red_ember_hills", "r", tapped=True)],
                            p1_characters=[c("blue_tide_caller", "x", tapped=True)],
                            p1_resources=[c("blue_tide_pool", "y", tapped=True)]))
    assert act(game, "end_turn").ok
    state = game.state
    assert not state.cards[lab(game, "x")].tapped and not state.cards[lab(game, "y")].tapped
    assert state.cards[lab(game, "r")].tapped  # only the new active seat untaps


def test_end_turn_any_time_in_own_turn() -> None:
    game = game_at(position("resource"))
    assert act(game, "end_turn").ok
    assert game.state.active == 1 and game.state.phase == "resource"


def test_one_resource_per_turn() -> None:
    game = game_at(position("resource", p0_hand=[c("red_ember_hills", "a"),
                                                c("green_wildwood", "b")]))
    assert act(game, "play_resource", card=lab(game, "a")).ok
    assert zone_ids(game, "p0.resources") == ["red_ember_hills"]
    v = refused_unchanged(game, Action.make("play_resource", 0, card=lab(game, "b")))
    assert v.reason == "arc.one_resource_per_turn"
    assert act(game, "end_turn").ok and act(game, "end_turn", 1).ok
    assert act(game, "play_resource", card=lab(game, "b")).ok  # a new turn, a new resource


def test_resource_only_in_resource_phase_and_only_resources() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_hills", "a"),
                                            c("red_spark_squire", "b")]))
    v = refused_unchanged(game, Action.make("play_resource", 0, card=lab(game, "a")))
    assert v.reason == "arc.resource_phase_over" and v.rule == "ARC-H2"
    game = game_at(position("resource", p0_hand=[c("red_spark_squire", "b")]))
    v = refused_unchanged(game, Action.make("play_resource", 0, card=lab(game, "b")))
    assert v.reason == "arc.not_a_resource"


def test_character_enters_untapped_and_can_attack_at_once() -> None:
    game = game_at(position("main", p0_hand=[c("red_spark_squire", "s")],
                            p0_resources=["red_ember_hills"]))
    assert act(game, "play_card", card=lab(game, "s")).ok
    assert not game.state.cards[lab(game, "s")].tapped
    assert act(game, "next_phase").ok
    assert act(game, "attack", attackers=[lab(game, "s")]).ok  # no summoning sickness


# -- ARC-R3 mulligan -------------------------------------------------------------------
def test_ARC_R3_mulligan_offered_with_two_resources() -> None:
    # Seat 0's deck has exactly 2 resources: the opening hand holds at most 2.
    game = Game(RULES, GameSetup("arc", 11, 0, (resource_deck(2, 7 + 20), resource_deck(27))))
    state = game.state
    assert state.pending is not None and state.pending.kind == "mulligan"
    assert state.pending.seat == 0 and state.pending.options == ("keep", "mulligan")
    assert act(game, "decide", 0, choice=["keep"]).ok
    assert game.state.pending is None and game.state.phase == "resource"


def test_ARC_R3_no_mulligan_with_three_resources() -> None:
    game = Game(RULES, GameSetup("arc", 11, 0, (resource_deck(27), resource_deck(27))))
    assert game.state.pending is None and game.state.phase == "resource"


def test_ARC_R3_mulligan_redraws_seven_and_asks_again() -> None:
    game = Game(RULES, GameSetup("arc", 2, 0, (resource_deck(0), resource_deck(30))))
    assert act(game, "decide", 0, choice=["mulligan"]).ok
    state = game.state
    assert len(state.zones["p0.hand"]) == 7 and len(state.zones["p0.deck"]) == 23
    assert state.pending is not None and state.pending.kind == "mulligan"
    assert act(game, "decide", 0, choice=["keep"]).ok
    assert len(game.state.zones["p0.hand"]) == 8  # then turn 1's draw


def test_ARC_R3_first_player_decides_first_then_the_other() -> None:
    game = Game(RULES, GameSetup("arc", 2, 1, (resource_deck(0), resource_deck(0))))
    assert game.state.pending.seat == 1
    v = refused_unchanged(game, Action.make("decide", 0, choice=["keep"]))
    assert v.reason == "arc.decision_pending"
    assert act(game, "decide", 1, choice=["keep"]).ok
    assert game.state.pending.seat == 0
    assert act(game, "decide", 0, choice=["keep"]).ok
    assert game.state.pending is None and game.state.active == 1


# -- ARC-R4 costs ----------------------------------------------------------------------
def test_ARC_R4_cost_needs_one_resource_of_the_card_colour() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_knight", "k")],
                            p0_resources=[c("green_wildwood", "g1"), c("red_ember_hills", "r"),
                                          c("green_wildwood", "g2")]))
    assert act(game, "play_card", card=lab(game, "k")).ok
    assert zone_ids(game, "p0.characters") == ["red_ember_knight"]
    assert all(game.state.cards[lab(game, n)].tapped for n in ("g1", "r", "g2"))


def test_ARC_R4_refused_when_colour_missing() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_knight", "k")],
                            p0_resources=["green_wildwood"] * 4))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "k")))
    assert v.reason == "arc.cost_unpayable" and v.rule == "ARC-R4"
    params = dict(v.message.params)
    assert params["cost"] == 3 and params["have"] == 4 and params["have_colour"] == 0
    assert params["colour"].key == "colour.red"


def test_ARC_R4_refused_when_too_few_untapped_resources() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_knight", "k")],
                            p0_resources=["red_ember_hills", "red_ember_hills",
                                          {"card": "red_ember_hills", "tapped": True}]))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "k")))
    assert v.reason == "arc.cost_unpayable" and dict(v.message.params)["have"] == 2


def test_ARC_R4_auto_payment_prefers_the_colours_you_have_most_of() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_knight", "k")],
                            p0_resources=[c("red_ember_hills", "r1"), c("red_ember_hills", "r2"),
                                          c("green_wildwood", "g"), c("blue_tide_pool", "b1"),
                                          c("blue_tide_pool", "b2"), c("blue_tide_pool", "b3")]))
    assert act(game, "play_card", card=lab(game, "k")).ok
    tapped = {n for n in ("r1", "r2", "g", "b1", "b2", "b3")
              if game.state.cards[lab(game, n)].tapped}
    assert tapped == {"r1", "b1", "b2"}


def test_ARC_R4_explicit_payment() -> None:
    game = game_at(position("main", p0_hand=[c("red_spark_squire", "s"),
                                            c("red_flame_duelist", "d")],
                            p0_resources=[c("red_ember_hills", "r"), c("green_wildwood", "g"),
                                          c("green_wildwood", "g2")]))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "s"),
                                            payment=[lab(game, "g")]))
    assert v.reason == "arc.payment_needs_colour"
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "d"),
                                            payment=[lab(game, "r")]))
    assert v.reason == "arc.bad_payment"
    assert act(game, "play_card", card=lab(game, "d"),
               payment=[lab(game, "g2"), lab(game, "r")]).ok
    assert not game.state.cards[lab(game, "g")].tapped


# -- ARC-R6 unique ---------------------------------------------------------------------
def test_ARC_R6_unique_refused_when_same_name_on_other_side() -> None:
    game = game_at(position("main", p0_hand=[c("red_phoenix_queen", "q")],
                            p0_resources=["red_ember_hills"] * 5,
                            p1_characters=["red_phoenix_queen"]))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "q")))
    assert v.reason == "arc.unique_in_play" and v.rule == "ARC-R6"


def test_ARC_R6_unique_refused_on_own_side_and_allowed_when_gone() -> None:
    game = game_at(position("main", p0_hand=[c("red_phoenix_queen", "q")],
                            p0_resources=["red_ember_hills"] * 5,
                            p0_characters=["red_phoenix_queen"]))
    assert refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "q"))).reason == \
        "arc.unique_in_play"
    game = game_at(position("main", p0_hand=[c("red_phoenix_queen", "q")],
                            p0_resources=["red_ember_hills"] * 5,
                            p1_discard=["red_phoenix_queen"]))
    assert act(game, "play_card", card=lab(game, "q")).ok


# -- ARC-R5 combat ---------------------------------------------------------------------
def test_ARC_R5_blockers_decision_lists_every_pair() -> None:
    game = combat_position([c("red_flame_duelist", "a1"), c("red_spark_squire", "a2")],
                           [c("blue_tide_caller", "b1"), c("blue_mist_acolyte", "b2"),
                            c("blue_reef_lurker", "t", tapped=True)])
    assert act(game, "attack", attackers=[lab(game, "a1"), lab(game, "a2")]).ok
    p = game.state.pending
    a1, a2, b1, b2 = (lab(game, n) for n in ("a1", "a2", "b1", "b2"))
    assert p.kind == "blockers" and p.seat == 1 and game.state.step == "block"
    assert set(p.options) == {f"{b1}>{a1}", f"{b1}>{a2}", f"{b2}>{a1}", f"{b2}>{a2}"}
    assert (p.min_count, p.max_count) == (0, 2)
    assert game.state.cards[a1].tapped and game.state.cards[a2].tapped


def test_ARC_R5_blocker_used_twice_refused() -> None:
    game = combat_position([c("red_flame_duelist", "a1"), c("red_spark_squire", "a2")],
                           [c("blue_tide_caller", "b")])
    a1, a2, b = lab(game, "a1"), lab(game, "a2"), lab(game, "b")
    assert act(game, "attack", attackers=[a1, a2]).ok
    v = refused_unchanged(game, Action.make("decide", 1, choice=[f"{b}>{a1}", f"{b}>{a2}"]))
    assert v.reason == "arc.blocker_twice" and v.rule == "ARC-R5"
    game2 = combat_position([c("red_flame_duelist", "a1"), c("red_spark_squire", "a2")],
                            [c("blue_tide_caller", "b"), "blue_mist_acolyte"])
    a1, a2, b = lab(game2, "a1"), lab(game2, "a2"), lab(game2, "b")
    assert act(game2, "attack", attackers=[a1, a2]).ok
    v = refused_unchanged(game2, Action.make("decide", 1, choice=[f"{b}>{a1}", f"{b}>{a2}"]))
    assert v.reason == "arc.blocker_twice" and v.rule == "ARC-R5"


def test_ARC_R5_tie_destroys_both() -> None:
    game = combat_position([c("red_flame_duelist", "a")], [c("blue_tide_caller", "b")])
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    assert game.state.cards[b].tapped
    pass_both(game)
    assert zone_ids(game, "p0.discard") == ["red_flame_duelist"]
    assert zone_ids(game, "p1.discard") == ["blue_tide_caller"]
    assert game.state.step == "" and game.state.pending is None


def test_ARC_R5_higher_power_wins() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")])
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    pass_both(game)
    assert zone_ids(game, "p0.characters") == ["red_ember_knight"]
    assert zone_ids(game, "p1.discard") == ["blue_tide_caller"]


def test_ARC_R5_several_blockers_on_one_attacker() -> None:
    game = combat_position([c("red_ember_knight", "a")],
                           [c("blue_tide_caller", "b1"), c("blue_reef_lurker", "b2")])
    a, b1, b2 = lab(game, "a"), lab(game, "b1"), lab(game, "b2")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b1}>{a}", f"{b2}>{a}"]).ok
    pass_both(game)
    # 4 against 3 + 2: the attacker loses, both blockers stay (tapped).
    assert zone_ids(game, "p0.discard") == ["red_ember_knight"]
    assert zone_ids(game, "p1.characters") == ["blue_tide_caller", "blue_reef_lurker"]
    assert game.state.cards[b1].tapped and game.state.cards[b2].tapped


def test_ARC_R5_unblocked_attacker_mills_power() -> None:
    game = combat_position([c("red_ember_knight", "a")], [])
    assert act(game, "attack", attackers=[lab(game, "a")]).ok
    assert game.state.pending.kind == "combat_card"  # no untapped defender: no block step
    pass_both(game)
    assert len(game.state.zones["p1.deck"]) == 6 and len(game.state.zones["p1.discard"]) == 4
    assert game.history[-1].reveals and not game.can_undo(0)  # undo never crosses a mill


def test_ARC_R5_defender_plays_combat_card_first() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")],
                           p0_hand=[c("red_battle_cry", "cry")],
                           p1_hand=[c("blue_tidal_shield", "shield")],
                           p0_res=["red_ember_hills"], p1_res=["blue_tide_pool"])
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    p = game.state.pending
    assert (p.kind, p.seat) == ("combat_card", 1)
    assert set(p.options) == {"pass", f"{lab(game, 'shield')}@{b}"}
    v = refused_unchanged(game, Action.make("decide", 0, choice=["pass"]))
    assert v.reason == "arc.decision_pending"
    assert act(game, "decide", 1, choice=[f"{lab(game, 'shield')}@{b}"]).ok
    assert zone_ids(game, "p1.combat") == ["blue_tidal_shield"]
    assert game.state.pending.seat == 0
    # Tide Caller 3 + 2 = 5 beats Ember Knight 4 unless the attacker answers.
    assert act(game, "decide", 0, choice=[f"{lab(game, 'cry')}@{a}"]).ok
    # 4 + 2 = 6 > 5: the blocker is destroyed; combat cards are discarded.
    assert zone_ids(game, "p1.discard") == ["blue_tide_caller", "blue_tidal_shield"]
    assert zone_ids(game, "p0.discard") == ["red_battle_cry"]
    assert game.state.zones["p0.combat"].cards == [] == game.state.zones["p1.combat"].cards


def test_ARC_R5_weaken_an_opposing_combatant() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")],
                           p1_hand=[c("blue_chill", "chill")], p1_res=["blue_tide_pool"])
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    v = refused_unchanged(game, Action.make("decide", 1, choice=[f"{lab(game, 'chill')}@{b}"]))
    assert v.reason == "arc.bad_target"
    assert act(game, "decide", 1, choice=[f"{lab(game, 'chill')}@{a}"]).ok
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert zone_ids(game, "p0.discard") == ["red_ember_knight"]  # 4 - 2 = 2 < 3


def test_ARC_R5_combat_card_cost_unpayable() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")],
                           p1_hand=[c("blue_chill", "chill")], p1_res=["red_ember_hills"])
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    assert game.state.pending.options == ("pass",)
    v = refused_unchanged(game, Action.make("decide", 1, choice=[f"{lab(game, 'chill')}@{a}"]))
    assert v.reason == "arc.cost_unpayable"


def test_ARC_R5_attack_repeats_while_untapped_characters_remain() -> None:
    game = combat_position([c("red_spark_squire", "a1"), c("red_ash_raider", "a2")], [])
    assert act(game, "attack", attackers=[lab(game, "a1")]).ok
    pass_both(game)
    assert game.state.phase == "attack" and game.state.step == ""
    assert act(game, "attack", attackers=[lab(game, "a2")]).ok
    pass_both(game)
    v = refused_unchanged(game, Action.make("attack", 0, attackers=[lab(game, "a1")]))
    assert v.reason == "arc.tapped"
    assert len(game.state.zones["p1.deck"]) == 10 - 1 - 2


def test_ARC_R5_attack_refusals() -> None:
    game = combat_position([c("red_spark_squire", "a")], [c("blue_tide_caller", "b")])
    for attackers, reason in (([], "arc.no_attackers"),
                              ([lab(game, "b")], "arc.not_a_character"),
                              ([lab(game, "a"), lab(game, "a")], "arc.attacker_twice")):
        v = refused_unchanged(game, Action.make("attack", 0, attackers=attackers))
        assert v.reason == reason
    main = game_at(position("main", p0_characters=[c("red_spark_squire", "a")]))
    v = refused_unchanged(main, Action.make("attack", 0, attackers=[lab(main, "a")]))
    assert v.reason == "arc.attack_phase_later"


def test_ARC_R5_position_with_combat_in_progress_restores_the_decision() -> None:
    pos = position("attack", step="block",
                   data={"combat": {"attackers": ["$a"]}},
                   p0_characters=[c("red_spark_squire", "a", tapped=True)],
                   p1_characters=[c("blue_tide_caller", "b")])
    game = game_at(pos)
    assert game.state.pending.kind == "blockers"
    assert game.state.pending.options == (f"{lab(game, 'b')}>{lab(game, 'a')}",)


# -- ARC-R1 deck out -------------------------------------------------------------------
def test_ARC_R1_deck_out_loses_and_both_is_draw() -> None:
    pos = position("attack", p0_characters=[c("red_ember_knight", "a")])
    pos["zones"]["p1.deck"] = ["blue_tide_pool"] * 3
    game = game_at(pos)
    assert act(game, "attack", attackers=[lab(game, "a")]).ok
    pass_both(game)
    assert game.state.result == "win" and game.state.winner == 0
    assert RULES.legal_actions(game.state, 0) == [] == RULES.legal_actions(game.state, 1)
    pos = position("main")
    pos["zones"]["p0.deck"] = []
    pos["zones"]["p1.deck"] = []
    game = game_at(pos)
    assert act(game, "next_phase").ok
    assert game.state.result == "draw" and game.state.winner is None


def test_ARC_R1_drawing_the_last_card_loses() -> None:
    pos = position("main")
    pos["zones"]["p1.deck"] = ["blue_tide_pool"]
    game = game_at(pos)
    assert act(game, "end_turn").ok
    assert game.state.winner == 0 and game.state.result == "win"
    v = refused_unchanged(game, Action.make("end_turn", 1))
    assert not v.ok


# -- ARC-R2 / ARC-R7 decks -------------------------------------------------------------
def test_ARC_R2_deck_legality() -> None:
    keys = lambda d: [m.key for m in RULES.check_deck(d)]  # noqa: E731
    assert keys(deck({"red_ember_hills": 36, "red_spark_squire": 4})) == []
    assert keys(deck({"red_ember_hills": 37, "red_spark_squire": 4})) == ["deck.arc.too_many"]
    assert keys(deck({"red_ember_hills": 7})) == ["deck.arc.too_few"]
    assert keys(deck({"red_ember_hills": 8})) == []
    assert keys(deck({"red_ember_hills": 10, "red_spark_squire": 5})) == \
        ["deck.arc.too_many_copies"]
    assert keys(deck({"red_ember_hills": 10, "no_such_card": 1})) == ["deck.arc.unknown_card"]


def test_ARC_R7_alignment() -> None:
    keys = lambda d: [m.key for m in RULES.check_deck(d)]  # noqa: E731
    mixed = {"red_ember_hills": 20, "red_spark_squire": 4, "red_ash_raider": 4,
             "red_flame_duelist": 4}
    assert keys(deck(mixed)) == []
    assert keys(deck(mixed, alignment="neutral")) == []
    assert keys(deck(mixed, alignment="good")) == ["deck.arc.alignment"]
    assert keys(deck(mixed, alignment="evil")) == ["deck.arc.alignment"]
    problem = RULES.check_deck(deck(mixed, alignment="good"))[0]
    assert dict(problem.params)["card"].key == "card.red_ash_raider"
    assert keys(deck(mixed, alignment="chaotic")) == ["deck.arc.bad_alignment"]


# -- action cards ----------------------------------------------------------------------
def test_action_draw_and_mill() -> None:
    game = game_at(position("main", p0_hand=[c("green_regrowth", "r"), c("red_raid", "m")],
                            p0_resources=["green_wildwood", "green_wildwood",
                                          "red_ember_hills", "red_ember_hills"]))
    assert act(game, "play_card", card=lab(game, "r")).ok
    assert len(game.state.zones["p0.hand"]) == 3 and len(game.state.zones["p0.deck"]) == 8
    assert act(game, "play_card", card=lab(game, "m")).ok
    assert len(game.state.zones["p1.deck"]) == 7
    assert zone_ids(game, "p0.discard") == ["green_regrowth", "red_raid"]


def test_action_destroy_needs_a_weak_enough_opposing_target() -> None:
    game = game_at(position("main", p0_hand=[c("blue_drown", "d")],
                            p0_resources=["blue_tide_pool"] * 2,
                            p0_characters=[c("blue_reef_lurker", "own")],
                            p1_characters=[c("red_ember_knight", "big"),
                                           c("red_ash_raider", "small")]))
    d = lab(game, "d")
    for target, reason in ((lab(game, "big"), "arc.bad_target"),
                           (lab(game, "own"), "arc.bad_target"),
                           (None, "arc.target_needed")):
        v = refused_unchanged(game, Action.make("play_card", 0, card=d, target=target))
        assert v.reason == reason
    assert act(game, "play_card", card=d, target=lab(game, "small")).ok
    assert zone_ids(game, "p1.discard") == ["red_ash_raider"]


def test_action_untap_lets_a_character_attack_again() -> None:
    game = combat_position([c("red_spark_squire", "a")], [],
                           p0_hand=[c("green_second_wind", "w")], p0_res=["green_wildwood"])
    a = lab(game, "a")
    assert act(game, "attack", attackers=[a]).ok
    pass_both(game)
    assert act(game, "play_card", card=lab(game, "w"), target=a).ok
    assert act(game, "attack", attackers=[a]).ok


def test_combat_card_cannot_be_played_outside_combat() -> None:
    game = game_at(position("main", p0_hand=[c("red_battle_cry", "x")],
                            p0_resources=["red_ember_hills"]))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "x")))
    assert v.reason == "arc.combat_card_in_combat_only"


# -- refusals change nothing -----------------------------------------------------------
def test_refused_actions_change_nothing() -> None:
    game = game_at(position("main",
                            p0_hand=[c("red_ember_knight", "k"), c("red_ember_hills", "r")],
                            p1_hand=[c("blue_tide_caller", "o")],
                            p0_resources=["green_wildwood"]))
    cases = [
        (Action.make("play_card", 1, card=lab(game, "o")), "arc.not_your_turn"),
        (Action.make("play_card", 0, card=lab(game, "o")), "arc.not_in_hand"),
        (Action.make("play_card", 0, card=999), "arc.not_in_hand"),
        (Action.make("play_card", 0, card=lab(game, "k")), "arc.cost_unpayable"),
        (Action.make("play_card", 0, card=lab(game, "r")), "arc.play_resource_instead"),
        (Action.make("decide", 0, choice=["keep"]), "arc.no_decision"),
        (Action.make("fly", 0), "arc.unknown_action"),
        (Action.make("attack", 0, attackers=[]), "arc.attack_phase_later"),
    ]
    for action, reason in cases:
        assert refused_unchanged(game, action).reason == reason


def test_every_refusal_and_log_key_has_catalogue_texts() -> None:
    # the game's catalogue and its ability words' own (issue 15), the refusals of a card
    # with no target and of an effect stopping a block (QA15, QA15b)
    en, ja = {}, {}
    for part in ("arc", "abilitiesarc", "faceeffects", "qa15b"):
        en.update(load_catalogue(REPO / "assets" / "i18n" / f"{part}_en.toml"))
        ja.update(load_catalogue(REPO / "assets" / "i18n" / f"{part}_ja.toml"))
    assert set(en) == set(ja)
    sources = "\n".join(p.read_text(encoding="utf-8")
                        for p in (REPO / "tabletop" / "games" / "arc").glob("*.py"))
    codes = set(re.findall(r'refuse\(\s*"(arc\.[a-z_]+)"', sources))
    codes |= set(arc.rules.REFUSALS.codes())  # the common refusals (core.refusals)
    assert codes and all(f"refusal.{code}" in en for code in codes)
    keys = set(re.findall(r'"((?:log|decision|deck|action)\.arc\.[a-z_]+)"', sources))
    assert all(k in en for k in keys), sorted(k for k in keys if k not in en)
    for effect in ("draw", "destroy", "mill", "untap", "pump", "weaken"):
        assert f"effect.arc.{effect}" in en
    for phase in RULES.phases:
        assert f"phase.arc.{phase}" in en


# -- drag and drop ---------------------------------------------------------------------
def test_interpret_drop() -> None:
    game = game_at(position("main",
                            p0_hand=[c("red_ember_hills", "r"), c("red_spark_squire", "s"),
                                     c("blue_drown", "d"), c("green_regrowth", "g")],
                            p1_characters=[c("red_ash_raider", "t")]))
    st = game.state
    drop = RULES.interpret_drop
    assert drop(st, 0, lab(game, "r"), "p0.resources") == Action.make(
        "play_resource", 0, card=lab(game, "r"))
    v = drop(st, 0, lab(game, "r"), "p0.characters")
    assert isinstance(v, Verdict) and v.reason == "arc.resource_row_only"
    assert drop(st, 0, lab(game, "s"), "p0.characters") == Action.make(
        "play_card", 0, card=lab(game, "s"))
    assert drop(st, 0, lab(game, "s"), "p1.characters").reason == "arc.character_row_only"
    assert drop(st, 0, lab(game, "d"), "p1.characters", lab(game, "t")) == Action.make(
        "play_card", 0, card=lab(game, "d"), target=lab(game, "t"))
    assert drop(st, 0, lab(game, "d"), "p0.characters").reason == "arc.target_needed"
    assert drop(st, 0, lab(game, "g"), "p0.characters") == Action.make(
        "play_card", 0, card=lab(game, "g"))
    assert drop(st, 0, lab(game, "t"), "p0.characters").reason == "arc.not_your_card"


def test_interpret_drop_combat_card_during_combat() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")],
                           p1_hand=[c("blue_chill", "chill"), c("blue_tidal_shield", "sh")],
                           p1_res=["blue_tide_pool"])
    a, b = lab(game, "a"), lab(game, "b")
    st = game.state
    early = RULES.interpret_drop(st, 1, lab(game, "chill"), "p1.combat")
    assert isinstance(early, Verdict) and early.reason == "arc.combat_card_in_combat_only"
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    st = game.state
    assert RULES.interpret_drop(st, 1, lab(game, "chill"), "p1.combat") == Action.make(
        "decide", 1, choice=[f"{lab(game, 'chill')}@{a}"])
    assert RULES.interpret_drop(st, 1, lab(game, "sh"), "p1.combat") == Action.make(
        "decide", 1, choice=[f"{lab(game, 'sh')}@{b}"])
    assert RULES.interpret_drop(st, 1, lab(game, "sh"), "p0.combat", a) == Action.make(
        "decide", 1, choice=[f"{lab(game, 'sh')}@{a}"])


def test_an_action_card_dropped_in_the_combat_card_window_says_what_is_legal_now() -> None:
    """QA round 2 #9: "Drop Undertow on your character row to use it." was wrong advice
    while a combat card is asked for: only a combat card, or Pass (ARC-R5, ARC-H1)."""
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")],
                           p0_hand=[c("green_regrowth", "g")], p0_res=["green_wildwood"] * 2,
                           p1_hand=[c("blue_undertow", "u"), c("blue_chill", "chill")],
                           p1_res=["blue_tide_pool"] * 3)
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    st = game.state
    assert (st.pending.kind, st.pending.seat) == ("combat_card", 1)
    for zone, onto in (("p1.combat", None), ("p1.characters", None), ("p0.combat", a)):
        v = RULES.interpret_drop(st, 1, lab(game, "u"), zone, onto)
        assert isinstance(v, Verdict), (zone, v)
        assert v.reason == "arc.combat_window_action" and v.rule == "ARC-R5, ARC-H1"
    from tabletop import i18n
    from tabletop.ui.dialogs import text_of

    before = i18n.get_language()
    try:
        for lang, words in (("en", ("combat card", "Pass", "Undertow")),
                            ("ja", ("コンバットカード", "パス", "引き潮"))):
            i18n.set_language(lang)
            text = text_of(v.message)
            assert all(w in text for w in words), text
            assert "character row" not in text and "キャラクター置き場に置いて" not in text
    finally:
        i18n.set_language(before)
    # the attacker, waiting for the defender's answer: action cards wait for the combat's end
    v = RULES.interpret_drop(st, 0, lab(game, "g"), "p0.characters")
    assert isinstance(v, Verdict) and (v.reason, v.rule) == ("arc.action_after_combat", "ARC-H1")


# -- legal_actions ---------------------------------------------------------------------
def test_legal_actions_are_never_refused_in_sample_positions() -> None:
    games = [
        game_at(position("resource", p0_hand=["red_ember_hills", "green_wildwood",
                                              "red_spark_squire"])),
        game_at(position("main", p0_hand=["red_ember_knight", "blue_drown", "green_regrowth",
                                          "red_phoenix_queen", "red_battle_cry"],
                         p0_resources=["red_ember_hills", "blue_tide_pool", "green_wildwood"],
                         p1_characters=["red_ash_raider", "red_phoenix_queen"])),
        combat_position(["red_spark_squire"] * 3 + ["red_ember_knight"] * 4,
                        ["blue_tide_caller"] * 5),
    ]
    for game in games:
        for seat in (0, 1):
            for action in RULES.legal_actions(game.state, seat):
                assert RULES.check(game.state, action).ok, action
    big = games[2]
    attacks = [a for a in RULES.legal_actions(big.state, 0) if a.kind == "attack"]
    assert len(attacks) == 7 + 1  # 7 untapped: each alone plus all together
    assert act(big, "attack", attackers=list(big.state.zones["p0.characters"].cards)).ok
    blocks = RULES.legal_actions(big.state, 1)
    assert blocks and all(RULES.check(big.state, a).ok for a in blocks)
    assert len(blocks) == 1 + 5 * 7 + 1  # (7+1)^5 > 256: the capped list


@pytest.mark.parametrize("n", [1, 2, 3])
def test_legal_blocker_assignments_complete_when_small(n: int) -> None:
    game = combat_position(["red_spark_squire"] * 2, ["blue_tide_caller"] * n)
    assert act(game, "attack", attackers=list(game.state.zones["p0.characters"].cards)).ok
    assert len(RULES.legal_actions(game.state, 1)) == 3 ** n


# -- house rulings ARC-H1..H8 (docs/rulings.md) ----------------------------------------
def test_ARC_H1_action_card_allowed_between_combats() -> None:
    game = combat_position([c("red_spark_squire", "a")], [],
                           p0_hand=[c("green_regrowth", "g")], p0_res=["green_wildwood"] * 2)
    assert act(game, "attack", attackers=[lab(game, "a")]).ok
    pass_both(game)
    assert game.state.phase == "attack" and game.state.step == ""
    assert act(game, "play_card", card=lab(game, "g")).ok


def test_ARC_H1_action_card_refused_while_a_combat_is_resolved() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")],
                           p0_hand=[c("green_regrowth", "g")], p0_res=["green_wildwood"] * 2)
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert game.state.pending.seat == 0  # the attacker's combat-card question
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "g")))
    assert v.reason == "arc.decision_pending"


def test_ARC_H1_action_card_refused_in_the_resource_phase() -> None:
    game = game_at(position("resource", p0_hand=[c("green_regrowth", "g")],
                            p0_resources=["green_wildwood"] * 2))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "g")))
    assert v.reason == "arc.action_phase_next" and v.rule == "ARC-H1"


def test_ARC_H1_character_refused_in_the_attack_phase() -> None:
    game = game_at(position("attack", p0_hand=[c("red_spark_squire", "s")],
                            p0_resources=["red_ember_hills"]))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "s")))
    assert v.reason == "arc.main_phase_over" and v.rule == "ARC-H1"


def test_ARC_H2_resource_dragged_in_the_main_phase_is_refused_until_the_next_turn() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_hills", "r")]))
    action = RULES.interpret_drop(game.state, 0, lab(game, "r"), "p0.resources")
    assert action == Action.make("play_resource", 0, card=lab(game, "r"))
    v = refused_unchanged(game, action)
    assert v.reason == "arc.resource_phase_over" and v.rule == "ARC-H2"
    assert dict(v.message.params)["phase"].key == "phase.arc.main"


def test_ARC_H3_power_never_below_zero() -> None:
    game = combat_position([c("red_spark_squire", "a")], [],
                           p1_hand=[c("blue_chill", "chill")], p1_res=["blue_tide_pool"])
    a = lab(game, "a")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{lab(game, 'chill')}@{a}"]).ok  # 1 - 2
    assert arc.combat.power(game.state, RULES.cards, a) == 0


def test_ARC_H3_unblocked_attacker_of_power_zero_mills_nothing() -> None:
    game = combat_position([c("red_ash_raider", "a")], [],
                           p1_hand=[c("blue_chill", "chill")], p1_res=["blue_tide_pool"])
    a = lab(game, "a")
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{lab(game, 'chill')}@{a}"]).ok  # 2 - 2
    assert act(game, "decide", 0, choice=["pass"]).ok
    assert len(game.state.zones["p1.deck"]) == 10
    assert zone_ids(game, "p1.discard") == ["blue_chill"]  # only the combat card


def test_ARC_H4_untap_needs_a_tapped_character_of_your_own() -> None:
    game = game_at(position("main", p0_hand=[c("green_second_wind", "w")],
                            p0_resources=["green_wildwood"],
                            p0_characters=[c("red_spark_squire", "ready"),
                                           c("red_ash_raider", "tired", tapped=True)],
                            p1_characters=[c("blue_tide_caller", "theirs", tapped=True)]))
    w = lab(game, "w")
    for target, reason in ((lab(game, "ready"), "arc.bad_target"),
                           (lab(game, "theirs"), "arc.bad_target"),
                           (None, "arc.target_needed")):
        assert refused_unchanged(game, Action.make("play_card", 0, card=w,
                                                   target=target)).reason == reason
    assert act(game, "play_card", card=w, target=lab(game, "tired")).ok
    assert not game.state.cards[lab(game, "tired")].tapped


def test_ARC_H4_untap_not_offered_without_a_tapped_own_character() -> None:
    game = game_at(position("main", p0_hand=[c("green_second_wind", "w")],
                            p0_resources=["green_wildwood"],
                            p0_characters=[c("red_spark_squire", "ready")],
                            p1_characters=[c("blue_tide_caller", "theirs", tapped=True)]))
    plays = [a for a in RULES.legal_actions(game.state, 0)
             if a.kind == "play_card" and a.get("card") == lab(game, "w")]
    assert plays == []


def test_ARC_H5_combat_card_question_asked_even_with_nothing_playable() -> None:
    game = combat_position([c("red_ember_knight", "a")], [c("blue_tide_caller", "b")])
    a, b = lab(game, "a"), lab(game, "b")  # empty hands, no resources
    assert act(game, "attack", attackers=[a]).ok
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    p = game.state.pending
    assert (p.kind, p.seat, p.options) == ("combat_card", 1, ("pass",))
    assert act(game, "decide", 1, choice=["pass"]).ok
    p = game.state.pending
    assert (p.kind, p.seat, p.options) == ("combat_card", 0, ("pass",))


def test_ARC_H6_no_blockers_step_when_every_defender_is_tapped() -> None:
    game = combat_position([c("red_ember_knight", "a")],
                           [c("blue_tide_caller", "b", tapped=True)])
    assert act(game, "attack", attackers=[lab(game, "a")]).ok
    p = game.state.pending
    assert game.state.step == "combat_card" and (p.kind, p.seat) == ("combat_card", 1)


def test_ARC_H7_deck_out_checked_at_the_start_of_turn_one() -> None:
    # Seat 0 holds 8 cards: 7 in the opening hand, the last one drawn on turn 1.
    game = Game(RULES, GameSetup("arc", 4, 0, (resource_deck(8, 8), resource_deck(30))))
    state = game.state
    assert state.turn == 1 and len(state.zones["p0.deck"]) == 0
    assert state.game_over and state.winner == 1 and state.pending is None


def test_ARC_H7_position_not_judged_until_its_first_action() -> None:
    pos = position("main")
    pos["zones"]["p1.deck"] = []
    game = game_at(pos)
    assert not game.state.game_over
    assert act(game, "next_phase").ok
    assert game.state.game_over and game.state.winner == 0


def test_ARC_H8_automatic_payment_taps_lowest_own_colour_then_the_plentiful_colour() -> None:
    game = game_at(position("main", p0_hand=[c("red_ember_knight", "k")],
                            p0_resources=[c("blue_tide_pool", "b1"), c("red_ember_hills", "r1"),
                                          c("green_wildwood", "g"), c("red_ember_hills", "r2"),
                                          c("blue_tide_pool", "b2"), c("blue_tide_pool", "b3")]))
    assert act(game, "play_card", card=lab(game, "k")).ok
    tapped = {n for n in ("b1", "r1", "g", "r2", "b2", "b3")
              if game.state.cards[lab(game, n)].tapped}
    assert tapped == {"r1", "b1", "b2"}  # the rare green and the second red stay free


# -- issue 10: automatic payment, chosen payment, refusals that say what is legal --------
def _tapped(game: Game, names: tuple[str, ...]) -> set[str]:
    return {n for n in names if game.state.cards[lab(game, n)].tapped}


def test_ARC_R4_auto_payment_keeps_the_next_red_card_payable() -> None:
    # Issue 10: a cost-2 red card tapped both reds although red + blue could pay it,
    # so the second red card of the hand could not be paid.
    game = game_at(position("main", p0_hand=[c("red_flame_duelist", "d"),
                                            c("red_spark_squire", "s")],
                            p0_resources=[c("red_ember_hills", "r1"), c("red_ember_hills", "r2"),
                                          c("blue_tide_pool", "b")]))
    assert act(game, "play_card", card=lab(game, "d")).ok
    assert _tapped(game, ("r1", "r2", "b")) == {"r1", "b"}
    assert act(game, "play_card", card=lab(game, "s")).ok


def test_ARC_H8_auto_payment_keeps_a_combat_card_payable_then_spends_colours_in_order() -> None:
    # Criterion 1 (keep hand cards payable) beats colour order; among the payments left,
    # equal on criteria 2 and 3, green is spent before blue (criterion 4).
    game = game_at(position("main", p0_hand=[c("red_flame_duelist", "d"),
                                            c("red_battle_cry", "cry")],
                            p0_resources=[c("red_ember_hills", "r1"), c("red_ember_hills", "r2"),
                                          c("blue_tide_pool", "b"), c("green_wildwood", "g")]))
    play = Action.make("play_card", 0, card=lab(game, "d"))
    prepared = RULES.prepare(game.state, play)  # the checked play, with the resources to tap
    assert not isinstance(prepared, Verdict)
    paid = prepared.value.paid
    assert paid == (lab(game, "r1"), lab(game, "g"))
    assert RULES.prepare(game.state, play).value.paid == paid  # type: ignore[union-attr]
    assert act(game, "play_card", card=lab(game, "d")).ok
    assert _tapped(game, ("r1", "r2", "b", "g")) == {"r1", "g"}


def test_ARC_R4_wrong_number_of_chosen_resources_says_how_many_were_picked() -> None:
    game = game_at(position("main", p0_hand=[c("red_flame_duelist", "d")],
                            p0_resources=[c("red_ember_hills", "r1"), c("red_ember_hills", "r2"),
                                          c("blue_tide_pool", "b")]))
    v = refused_unchanged(game, Action.make("play_card", 0, card=lab(game, "d"),
                                            payment=[lab(game, "b")]))
    assert v.reason == "arc.bad_payment" and v.rule == "ARC-R4"
    text = v.message.render("en")
    assert "picked: 1" in text and "exactly 2" in text and "program chooses" in text
    assert "1" in v.message.render("ja")


@pytest.mark.parametrize(("phase", "card", "code", "words"), [
    ("main", "red_ember_hills", "arc.resource_phase_over", "next turn"),
    ("resource", "red_spark_squire", "arc.main_phase_next", "Next phase"),
    ("attack", "red_spark_squire", "arc.main_phase_over", "next turn"),
    ("resource", "green_regrowth", "arc.action_phase_next", "main phase"),
])
def test_ARC_H1_H2_wrong_phase_refusal_says_when_it_is_possible(
        phase: str, card: str, code: str, words: str) -> None:
    game = game_at(position(phase, p0_hand=[c(card, "x")],
                            p0_resources=["red_ember_hills", "green_wildwood"] * 2))
    kind = "play_resource" if card == "red_ember_hills" else "play_card"
    v = refused_unchanged(game, Action.make(kind, 0, card=lab(game, "x")))
    assert v.reason == code and v.rule in ("ARC-H1", "ARC-H2")
    assert words in v.message.render("en")
    assert "can't do that" not in v.message.render("en")
    assert v.message.render("ja") != v.message.render("en")


def test_ARC_R5_attack_refused_outside_the_attack_phase_says_where_to_go() -> None:
    game = game_at(position("main", p0_characters=[c("red_spark_squire", "a")]))
    v = refused_unchanged(game, Action.make("attack", 0, attackers=[lab(game, "a")]))
    assert v.reason == "arc.attack_phase_later" and "Next phase" in v.message.render("en")
    game = combat_position([c("red_spark_squire", "a"), c("red_ash_raider", "a2")],
                           [c("blue_tide_caller", "b")])
    assert act(game, "attack", attackers=[lab(game, "a")]).ok
    assert act(game, "decide", 1, choice=[]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    v = refused_unchanged(game, Action.make("attack", 0, attackers=[lab(game, "a2")]))
    assert v.reason == "arc.decision_pending"  # the attacker's own question first


def test_ARC_R5_blocker_named_twice_is_refused_with_its_rule_not_as_a_count() -> None:
    # Only one untapped defender, named for two attackers: more pairs than the decision's
    # maximum, yet the refusal is the blocking rule, with the card's name.
    game = combat_position([c("red_flame_duelist", "a1"), c("red_spark_squire", "a2")],
                           [c("blue_tide_caller", "b")])
    a1, a2, b = lab(game, "a1"), lab(game, "a2"), lab(game, "b")
    assert act(game, "attack", attackers=[a1, a2]).ok
    assert game.state.pending.max_count == 1
    v = refused_unchanged(game, Action.make("decide", 1, choice=[f"{b}>{a1}", f"{b}>{a2}"]))
    assert (v.reason, v.rule) == ("arc.blocker_twice", "ARC-R5")
    assert "Tide Caller" in v.message.render("en")


def test_ARC_R5_refusals_never_show_raw_option_ids() -> None:
    game = combat_position([c("red_flame_duelist", "a")],
                           [c("blue_tide_caller", "b"), c("blue_reef_lurker", "t", tapped=True)],
                           p1_hand=[c("blue_chill", "chill")], p1_res=["blue_tide_pool"])
    a, b, t, chill = (lab(game, n) for n in ("a", "b", "t", "chill"))
    assert act(game, "attack", attackers=[a]).ok
    bad = [["nonsense"], [f"{b}>{b}"], [f"{t}>{a}"], [f"{chill}>{a}"], ["999>998"],
           [f"{a}>{a}"]]
    reasons = set()
    for choice in bad:
        v = refused_unchanged(game, Action.make("decide", 1, choice=choice))
        reasons.add(v.reason)
        for lang in ("en", "ja"):
            text = v.message.render(lang)
            assert not any(o in text for o in choice), (choice, text)
            assert ">" not in text and "Blue Chill" not in text and "Chill" not in text
    assert {"arc.blocker_tapped", "arc.not_an_attacker", "arc.blocker_not_yours",
            "arc.answer_blockers"} <= reasons
    assert act(game, "decide", 1, choice=[f"{b}>{a}"]).ok
    for choice in (["nonsense"], ["pass", "pass"], [f"{chill}@{a}", "pass"], [], ["7@"]):
        v = refused_unchanged(game, Action.make("decide", 1, choice=choice))
        assert v.reason in ("arc.answer_combat_card", "arc.choice_count"), choice
        for lang in ("en", "ja"):
            text = v.message.render(lang)
            assert "@" not in text and not re.search(r"\d+\s*[@>]", text), text
            assert not any(o in text for o in choice if o != "pass"), text


def test_ARC_describe_answers_without_option_ids() -> None:
    game = combat_position([c("red_flame_duelist", "a")], [c("blue_tide_caller", "b")])
    a, b = lab(game, "a"), lab(game, "b")
    assert act(game, "attack", attackers=[a]).ok
    for choice in ([f"{b}>{a}"], [], ["pass"], ["keep"]):
        text = RULES.describe(game.state, Action.make("decide", 1, choice=choice)).render("en")
        assert not any(ch.isdigit() for ch in text), text
    assert RULES.describe(game.state, Action.make("decide", 1, choice=[f"{b}>{a}"])).render(
        "en") == "Block: Tide Caller blocks Flame Duelist"
