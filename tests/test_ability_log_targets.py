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


# -- QA15 #10: the log names the chosen target -------------------------------------------

def _last(game: Game, key: str) -> Any:
    return next(e for e in reversed(game.state.log) if e.public.key == key)


def _window_text(message: Any, lang: str = "en") -> str:
    from tabletop.ui.panels import render_message

    return render_message(message, lang)


def test_arc_log_names_the_character_an_action_was_played_on() -> None:
    from tabletop.core.actions import Action

    game = _arc(p0_hand=[c("red_war_drums", "drums")], p0_resources=[c("red_ember_hills", "r")],
                p0_characters=[c("red_flame_duelist", "duelist")],
                p1_characters=[c("blue_frost_warden", "warden")])
    assert game.propose(Action.make("play_card", 0, card=lab(game, "drums"),
                                    target=lab(game, "duelist"))).ok
    entry = _last(game, "log.arc.plays_action")
    plain = entry.public.render("en")
    assert "Flame Duelist" not in plain  # the line's own words are as they were
    for seat in (0, 1):
        shown = _window_text(entry.for_seat(seat))
        assert shown.startswith(plain) and shown.endswith("→ Flame Duelist"), shown
    assert _window_text(entry.for_seat(0), "ja").endswith("→ 炎の決闘者")


def test_arc_log_names_every_character_an_entering_ability_fell_on() -> None:
    from tabletop.core.actions import Action

    game = _arc(p0_hand=[c("blue_frost_wyrm", "wyrm")],
                p0_resources=[c("blue_tide_pool", f"b{i}") for i in range(5)],
                p1_characters=[c("blue_frost_warden", "warden"),
                               c("red_flame_duelist", "duelist")])
    assert game.propose(Action.make("play_card", 0, card=lab(game, "wyrm"))).ok
    shown = _window_text(_last(game, "log.arc.ability").for_seat(1))
    assert shown.endswith("→ Frost Warden, Flame Duelist"), shown


def test_xeno_log_names_the_battle_card_an_event_damaged() -> None:
    from tabletop.core.actions import Action

    game = _xeno(p0_hand=[c("focused_fire", "fire")],
                 p1_field=[c("deck_rookie", "rookie")])
    verdict = game.propose(Action.make("play_event", 0, card=lab(game, "fire"),
                                       target=lab(game, "rookie")))
    assert verdict.ok, verdict
    if game.state.pending is not None:  # the other seat may counter: it passes
        assert game.propose(Action.make("decide", 1, choice=["pass"])).ok
    shown = _window_text(_last(game, "log.xenocard.ability").for_seat(0))
    assert shown.endswith("→ Deck Rookie"), shown


def test_all_r2_a_target_only_one_seat_sees_is_named_to_that_seat_only() -> None:
    from tabletop.core.log_targets import add_log_with_targets
    from tabletop.i18n import msg

    game = _arc(p0_hand=[c("red_war_drums", "drums")],
                p1_characters=[c("blue_frost_warden", "warden")])
    hidden, seen = lab(game, "drums"), lab(game, "warden")  # a card in seat 0's hand
    add_log_with_targets(game.state, msg("log.arc.plays_character", player="P",
                                         card="C"), [hidden, seen])
    entry = game.state.log[-1]
    assert _window_text(entry.public).endswith("→ Frost Warden")
    assert _window_text(entry.for_seat(1)).endswith("→ Frost Warden")
    assert _window_text(entry.for_seat(0)).endswith("→ War Drums, Frost Warden")
