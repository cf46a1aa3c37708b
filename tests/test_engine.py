"""Game-agnostic engine rules: free mode (ALL-R3), undo (ALL-H1), hidden log lines (ALL-R2).

Situations are built as exact positions in the Arc rules, the simplest game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.core.actions import Action
from tabletop.core.cards import CardDataError, load_card_files
from tabletop.core.decks import DeckError, load_deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.core.view import view_for
from tabletop.games.arc.schema import SCHEMA

RULES = load_rules("arc")


def game_at(phase: str = "main", **zones: list[Any]) -> Game:
    pos: dict[str, Any] = {"phase": phase, "active": 0, "zones": {
        "p0.deck": ["red_ember_hills"] * 8, "p1.deck": ["blue_tide_pool"] * 8,
        **{k.replace("_", ".", 1): v for k, v in zones.items()}}}
    return Game(RULES, GameSetup("arc", 1, 0, position=pos))


def label(game: Game, name: str) -> int:
    return int(game.state.data["labels"][name])


def log_texts(game: Game, seat: int) -> list[str]:
    return [m.render("en") for m in view_for(game.state, seat).log]


def test_ALL_R3_manual_moves_are_refused_in_rules_mode() -> None:
    game = game_at(p0_hand=[{"card": "red_spark_squire", "label": "s"}])
    before = game.state.fingerprint()
    verdict = game.propose(Action.make("manual_move", 0, card=label(game, "s"),
                                       zone="p0.discard"))
    assert verdict.reason == "manual_needs_free_mode" and verdict.rule == "ALL-R3"
    assert game.state.fingerprint() == before


def test_ALL_R3_free_mode_moves_anything_and_logs_it_as_manual() -> None:
    game = game_at(p0_hand=[{"card": "red_spark_squire", "label": "s"}])
    assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
    assert game.propose(Action.make("manual_move", 0, card=label(game, "s"),
                                    zone="p1.discard")).ok
    assert game.state.zone_of(label(game, "s")) == "p1.discard"
    assert game.state.log[-1].manual
    assert "Manual: Player 1 moves Spark Squire from Player 1's Hand to Player 2's Discard pile." \
        in log_texts(game, 1)


def test_ALL_H2_a_manual_move_keeps_the_other_seats_deck_card_hidden_from_the_mover() -> None:
    game = game_at(p1_deck=[{"card": "blue_mist_acolyte", "label": "m"}])
    game.propose(Action.make("set_free_mode", 0, on=True))
    game.propose(Action.make("manual_move", 0, card=label(game, "m"), zone="p0.hand"))
    m = label(game, "m")
    assert game.state.zone_of(m) == "p0.hand"
    assert not game.state.visible_to(m, 0) and not game.state.visible_to(m, 1)
    for seat in (0, 1):
        assert "Mist Acolyte" not in log_texts(game, seat)[-1]
        assert "a card" in log_texts(game, seat)[-1]
        assert all(c.card_id != "blue_mist_acolyte" for c in view_for(game.state, seat)
                   .zones["p0.hand"])


def test_ALL_H1_undo_takes_back_your_own_action_and_redo_repeats_it() -> None:
    game = game_at("resource", p0_hand=[{"card": "red_ember_hills", "label": "r"}])
    start = game.state.fingerprint()
    assert game.propose(Action.make("play_resource", 0, card=label(game, "r"))).ok
    after = game.state.fingerprint()
    assert game.undo(0).ok and game.state.fingerprint() == start
    assert game.redo(0).ok and game.state.fingerprint() == after


def test_ALL_H1_undo_never_takes_back_the_other_seats_action() -> None:
    game = game_at("attack", p0_characters=[{"card": "red_ash_raider", "label": "a"}],
                   p1_characters=[{"card": "blue_mist_acolyte", "label": "b"}])
    game.propose(Action.make("attack", 0, attackers=[label(game, "a")]))
    game.propose(Action.make("decide", 1, choice=[]))  # the defender does not block
    assert not game.can_undo(0)
    assert game.undo(0).reason == "cannot_undo"


def test_ALL_H1_undo_stops_at_an_action_that_showed_deck_cards() -> None:
    game = game_at("attack", p0_characters=[{"card": "red_ash_raider", "label": "a"}])
    game.propose(Action.make("attack", 0, attackers=[label(game, "a")]))
    game.propose(Action.make("decide", 1, choice=["pass"]))
    game.propose(Action.make("decide", 0, choice=["pass"]))  # resolves: p1 mills 2
    assert game.history[-1].reveals
    assert not game.can_undo(0)


def test_ALL_H1_a_draw_is_an_undo_barrier_even_for_the_drawing_player() -> None:
    game = game_at("main", p0_hand=[{"card": "green_regrowth", "label": "g"}],
                   p0_resources=["green_wildwood"] * 2,
                   p0_deck=["red_ember_hills"] * 5 + [{"card": "red_lava_brute", "label": "t"}])
    assert game.propose(Action.make("play_card", 0, card=label(game, "g"))).ok  # draw 2
    assert game.state.zone_of(label(game, "t")) == "p0.hand"
    assert game.history[-1].reveals
    assert not game.can_undo(0) and not game.can_undo(1)
    assert game.undo(0).reason == "cannot_undo"


def test_card_file_that_is_not_utf8_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_bytes(b'[[card]]\nid = "x"\n\xff\xfe')
    with pytest.raises(CardDataError, match="broken.toml"):
        load_card_files([bad], "arc", SCHEMA)


def test_deck_counts_above_99_are_refused_before_expanding(tmp_path: Path) -> None:
    bad = tmp_path / "huge.toml"
    bad.write_text('name = "Huge"\n[cards]\nred_spark_squire = 99999999999\n', encoding="utf-8")
    with pytest.raises(DeckError, match=r"huge.toml: field 'cards.red_spark_squire'"):
        load_deck(bad)


def test_ALL_H1_no_undo_once_the_game_has_a_result() -> None:
    game = game_at("main", p0_hand=[{"card": "green_regrowth", "label": "g"}],
                   p0_resources=["green_wildwood"] * 2, p0_deck=["red_ember_hills"] * 2)
    assert game.propose(Action.make("play_card", 0, card=label(game, "g"))).ok  # draws the last 2
    assert game.state.game_over  # ARC-R1: an empty deck loses at once
    assert not game.can_undo(0)
    assert game.undo(0).reason == "cannot_undo"
