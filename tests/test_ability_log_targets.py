"""Ability targets (QA15 #8, #10): a card that needs a target refuses a drop beside
every target with the rule it follows, and one whose target exists nowhere says it
cannot be used now (never "drop it on that card" when there is none); the log names
the chosen target to everybody who can see it."""

from __future__ import annotations

from typing import Any

import game_helpers as helpers
from game_helpers import c, lab

from tabletop.core.actions import Verdict
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules

ARC = load_rules("arc")
XENO = load_rules("xenocard")


def _arc(**zones: list[Any]) -> Game:
    pos = helpers.position(["red_ember_hills"] * 10, zones, None, phase="main", active=0,
                           step="")
    return Game(ARC, GameSetup("arc", 1, 0, position=pos))


def _xeno(**zones: list[Any]) -> Game:
    pos = helpers.position(["deck_rookie"] * 10, zones, None, phase="event", active=0)
    return Game(XENO, GameSetup("xenocard", 1, 0, position=pos))


def _words(verdict: Any) -> tuple[str, str]:
    assert isinstance(verdict, Verdict) and not verdict.ok
    return verdict.message.render("en"), verdict.message.render("ja")


def test_arc_h9_action_with_no_target_on_the_table_cannot_be_used_now() -> None:
    game = _arc(p0_hand=[c("red_war_drums", "drums")])
    drums = lab(game, "drums")
    verdict = ARC.interpret_drop(game.state, 0, drums, "p0.characters", None)
    en, ja = _words(verdict)
    assert verdict.rule == "ARC-H9"
    assert verdict.reason == "arc.no_target_now"
    assert "can't be used now" in en and "none on the table" in en
    assert "Drop it on that card" not in en and "今は使えません" in ja


def test_arc_h9_action_dropped_beside_its_target_names_the_rule() -> None:
    game = _arc(p0_hand=[c("red_war_drums", "drums")],
                p0_characters=[c("red_flame_duelist", "duelist")])
    verdict = ARC.interpret_drop(game.state, 0, lab(game, "drums"), "p0.characters", None)
    _words(verdict)
    assert verdict.reason == "arc.target_needed" and verdict.rule == "ARC-H9"


def test_xeno_h17_event_with_no_opposing_battle_card_cannot_be_used_now() -> None:
    game = _xeno(p0_hand=[c("focused_fire", "fire")])
    verdict = XENO.interpret_drop(game.state, 0, lab(game, "fire"), "p1.field", None)
    en, ja = _words(verdict)
    assert verdict.reason == "xenocard.no_target_now" and verdict.rule == "XENO-H17"
    assert "can't be used now" in en and "Drop it on that card" not in en
    assert "今は使えません" in ja
