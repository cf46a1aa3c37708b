"""絵師100人展 card abilities (issue 15), one test per trigger, condition, target and
effect of :mod:`tabletop.games.eshi100.abilities`: it happens at its moment, its
target rules refuse a wrong target, its duration ends.

Positions are exact (``GameSetup(position=...)``); grid cards name their square
(0..15 = row * 4 + col as player 1 sees the grid). Mural Giant (every corner "up")
connects with the cards around it, so it builds the connects these tests need.
"""

from __future__ import annotations

import collections
import re
from pathlib import Path
from typing import Any

import game_helpers as helpers
import pytest
from game_helpers import act, c, lab

from tabletop.core import selfplay
from tabletop.core.abilities import Part
from tabletop.core.cards import CardDataError, parse_cards
from tabletop.core.engine import Game
from tabletop.core.model import EndCause
from tabletop.core.rules import GameSetup, register_card_names
from tabletop.games import eshi100
from tabletop.games.eshi100 import connect, heuristic, triggers
from tabletop.games.eshi100.abilities import VOCABULARY, Ctx, describe, words_of
from tabletop.games.eshi100.schema import SCHEMA, validate
from tabletop.games.eshi100.words import reorient, square_from_label, square_label

REPO = Path(__file__).resolve().parent.parent
RULES = eshi100.load()
register_card_names(RULES.cards)
FILLER = ["chalk_sprite"] * 10
#: Two more hand cards: the challenge phase is skipped with fewer than two (ESHI-H3).
KEEP = [c("chalk_sprite", "keep1"), c("chalk_sprite", "keep2")]
#: The sample cards that print abilities (assets/cards/eshi100/living_gallery.toml).
ABILITY_CARDS = sorted(cid for cid, card in RULES.cards.items() if card.abilities)


def g(card: str, square: int, owner: int = 0, label: str | None = None,
      damaged: bool = False) -> dict[str, Any]:
    """A grid card entry."""
    entry: dict[str, Any] = {"card": card, "owner": owner, "counters": {"square": square}}
    if label:
        entry["label"] = label
    if damaged:
        entry["face_up"] = False
    return entry


def game_at(grid: list[Any], phase: str = "action", active: int = 0, turn: int = 3,
            data: dict[str, Any] | None = None, step: str = "", **zones: list[Any]) -> Game:
    pos = helpers.position(FILLER, {"grid": grid, **zones}, data, phase=phase,
                           active=active, turn=turn, step=step)
    return Game(RULES, GameSetup("eshi100", 1, 0, position=pos))


def power(game: Game, name: str) -> int:
    return RULES.derived(game.state, lab(game, name))["power"]


def hand(game: Game, seat: int) -> int:
    return len(game.state.zones[f"p{seat}.hand"].cards)


def log_keys(game: Game) -> list[str]:
    return [e.public.key for e in game.state.log]


def actives(game: Game) -> int:
    return len(game.state.data["eshi100"].actives)


# -- loading: the sample set says every word -------------------------------------------------

def test_every_registered_word_is_used_by_a_sample_card() -> None:
    used: dict[Part, set[str]] = collections.defaultdict(set)
    for card in RULES.cards.values():
        for ability in card.abilities:
            used[Part.WHEN].add(ability.when.word)
            used[Part.IF].update(u.word for u in ability.conditions)
            if ability.whom is not None:
                used[Part.WHOM].add(ability.whom.word)
            used[Part.WHAT].update(u.word for u in ability.what)
    for part in (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT):
        assert set(words_of(part)) == used[part], part


def test_docs_name_every_word_with_an_example_card() -> None:
    doc = (REPO / "docs" / "cards-eshi100.md").read_text(encoding="utf-8")
    for part in (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT):
        for word in words_of(part):
            assert f"`{word}`" in doc, word
    for cid in ABILITY_CARDS:
        assert f'id = "{cid}"' in doc or f"`{cid}`" in doc, cid


def test_ability_cards_are_in_the_ready_made_decks() -> None:
    decks = eshi100.load_decks(rules=RULES)
    in_decks = {cid for deck in decks.values() for cid in deck.card_list()}
    assert set(ABILITY_CARDS) <= in_decks
    for deck in decks.values():
        assert RULES.check_deck(deck) == []


def test_every_ability_card_has_printed_text_in_both_languages() -> None:
    for cid in ABILITY_CARDS:
        text = RULES.cards[cid].text
        assert text.get("en") and text.get("ja"), cid


def _parse(ability: str) -> None:
    data = {"card": [{"id": "x", "type": "game", "number": "EX-99", "name": {"en": "X", "ja": "X"},
                      "icon": "attack", "connect_cost": 0, "power": 1,
                      "connectors": {"top_left": "up", "top_right": "up", "bottom_right": "up",
                                     "bottom_left": "up"},
                      "ability": [ability]}]}
    validate({c.id: c for c in parse_cards(data, "x.toml", "eshi100", SCHEMA, VOCABULARY)})


@pytest.mark.parametrize(("ability", "where"), [
    ({"when": "while_on_grid", "what": "draw"}, "ability[0].what[0]"),
    ({"when": "on_attack", "what": {"effect": "power", "amount": 2}}, "ability[0].how_long"),
    ({"when": "while_on_grid", "if": ["recovered"],
      "what": {"effect": "consume_shape", "line": True}}, "ability[0].what[0]"),
    ({"when": "on_place", "what": {"effect": "consume_shape", "line": True},
      "how_long": "while_in_play"}, "ability[0].what[0]"),
    ({"when": "on_place", "what": "damage"}, "ability[0].whom"),
    ({"when": "on_place", "if": [{"condition": "on_square", "square": "E5"}], "what": "win"},
     "ability[0].if[0].square"),
])
def test_a_misplaced_effect_is_refused_naming_its_field(ability: dict[str, Any],
                                                        where: str) -> None:
    with pytest.raises(CardDataError) as err:
        _parse(ability)  # type: ignore[arg-type]
    assert where in str(err.value)


# -- when: on_place, with hand_at_most and draw ------------------------------------------------

def test_on_place_draw_if_hand_at_most() -> None:
    game = game_at([], p0_hand=[c("sketchbook_scout", "s"), c("chalk_sprite", "a")])
    assert act(game, "place", card=lab(game, "s"), square=0).ok
    assert hand(game, 0) == 2  # one played, one drawn
    assert "log.eshi100.ability" in log_keys(game)


def test_on_place_condition_false_does_nothing() -> None:
    cards = [c("sketchbook_scout", "s")] + [c("chalk_sprite", f"a{i}") for i in range(4)]
    game = game_at([], p0_hand=cards)
    assert act(game, "place", card=lab(game, "s"), square=0).ok
    assert hand(game, 0) == 4  # a hand of 4 after the placing: more than 3, no draw
    assert "log.eshi100.ability" not in log_keys(game)


# -- whom grid_card with a choice; damage -------------------------------------------------------

def _splash_game() -> Game:
    return game_at([g("mural_giant", 0, 0, "m"), g("blank_canvas", 2, 1, "left"),
                    g("blank_canvas", 5, 1, "up"), g("blank_canvas", 6, 1, "far"),
                    g("blank_canvas", 9, 1, "tired", damaged=True)],
                   p0_hand=[c("ink_splash", "splash"), *KEEP])


def test_on_place_damage_asks_the_target_among_the_legal_ones() -> None:
    game = _splash_game()
    assert act(game, "place", card=lab(game, "splash"), square=1).ok
    pending = game.state.pending
    assert pending is not None and pending.kind == "target" and pending.seat == 0
    # recovered opponent cards next to square 1: squares 2 and 5 (not 6: diagonal)
    assert set(pending.options) == {str(lab(game, "left")), str(lab(game, "up"))}
    assert game.state.phase == "action"
    wrong = act(game, "decide", choice=[str(lab(game, "far"))])
    assert not wrong.ok and wrong.reason == "eshi100.bad_choice" and wrong.rule == "ESHI-H9"
    said = wrong.message.render("en")  # what would be legal instead: the two lit cards
    assert said.count("Blank Canvas") == 2, said
    assert not act(game, "decide", choice=[str(lab(game, "m"))]).ok
    assert act(game, "decide", choice=[str(lab(game, "up"))]).ok
    assert not game.state.cards[lab(game, "up")].face_up
    assert game.state.cards[lab(game, "left")].face_up
    assert game.state.phase == "challenge"
    assert "log.eshi100.ability_damages" in log_keys(game)


def test_a_single_legal_target_is_taken_without_asking() -> None:
    game = game_at([g("mural_giant", 0, 0), g("blank_canvas", 2, 1, "left")],
                   p0_hand=[c("ink_splash", "splash"), *KEEP])
    assert act(game, "place", card=lab(game, "splash"), square=1).ok
    assert game.state.pending is None
    assert not game.state.cards[lab(game, "left")].face_up


def test_no_legal_target_the_ability_does_nothing() -> None:
    game = game_at([g("blank_canvas", 2, 1, "left", damaged=True)],
                   p0_hand=[c("ink_splash", "splash"), *KEEP])
    assert act(game, "place", card=lab(game, "splash"), square=0).ok
    assert game.state.pending is None and game.state.phase == "challenge"
    assert "log.eshi100.ability_no_target" in log_keys(game)


def test_damage_check_refuses_a_damaged_target() -> None:
    game = _splash_game()
    ability = RULES.cards["ink_splash"].abilities[0]
    ctx = Ctx(game.state, RULES.cards, 0, lab(game, "m"))
    verdict = VOCABULARY.check(ctx, ability, [lab(game, "tired")])
    assert not verdict.ok and verdict.reason == "eshi100.target_not_recovered"


def test_the_bots_answer_a_target_decision_with_legal_choices_only() -> None:
    game = _splash_game()
    assert act(game, "place", card=lab(game, "splash"), square=1).ok
    answers = RULES.legal_actions(game.state, 0)
    assert {a.get("choice")[0] for a in answers} == set(game.state.pending.options)


# -- when on_connect; recover --------------------------------------------------------------------

def test_on_connect_recover_the_chosen_damaged_card() -> None:
    game = game_at([g("restorers_brush", 1, 0, "brush"), g("mural_giant", 2, 0, "tired",
                                                            damaged=True),
                    g("mural_giant", 5, 0, "hurt", damaged=True)],
                   p0_hand=[c("mural_giant", "m")])
    assert act(game, "place", card=lab(game, "m"), square=0).ok  # connects with the brush
    pending = game.state.pending
    assert pending is not None and pending.kind == "target"
    assert set(pending.options) == {str(lab(game, "tired")), str(lab(game, "hurt"))}
    assert act(game, "decide", choice=[str(lab(game, "hurt"))]).ok
    assert game.state.cards[lab(game, "hurt")].face_up
    assert not game.state.cards[lab(game, "tired")].face_up


def test_on_connect_not_fired_without_a_connection() -> None:
    game = game_at([g("restorers_brush", 1, 0, "brush"), g("mural_giant", 2, 0, "tired",
                                                            damaged=True)],
                   p0_hand=[c("easel_guard", "e")])
    assert act(game, "place", card=lab(game, "e"), square=0).ok
    assert game.state.pending is None
    assert not game.state.cards[lab(game, "tired")].face_up


def test_recover_check_refuses_a_recovered_target() -> None:
    game = game_at([g("restorers_brush", 1, 0, "brush"), g("mural_giant", 2, 0, "fresh")])
    ability = RULES.cards["restorers_brush"].abilities[0]
    ctx = Ctx(game.state, RULES.cards, 0, lab(game, "brush"))
    assert lab(game, "fresh") not in triggers.legal_targets(ctx, ability)
    verdict = VOCABULARY.check(ctx, ability, [lab(game, "fresh")])
    assert not verdict.ok and verdict.reason == "eshi100.target_not_damaged"


# -- when on_attack; connect_at_least; power until the end of the combat --------------------------

def _defended_attack(attacker: str, extra: list[Any], defender: str = "frame_wall",
                     **zones: list[Any]) -> Game:
    return game_at([g(attacker, 0, 0, "atk"), *extra, g(defender, 15, 1, "def")], **zones)


def test_on_attack_power_until_the_end_of_the_combat() -> None:
    game = _defended_attack("charging_easel", [g("mural_giant", 1, 0, "m1"),
                                                g("mural_giant", 4, 0, "m2")])
    assert power(game, "atk") == 2
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    assert power(game, "atk") == 4  # its connect held 3 cards when it attacked
    assert game.state.pending is not None and game.state.pending.kind == "defend"
    assert act(game, "decide", seat=1, choice=[str(lab(game, "def"))],
               consume=[lab(game, "def")]).ok
    assert game.state.zone_of(lab(game, "atk")) == "p0.victory"  # 4 beats 3
    assert actives(game) == 0  # ended with the combat


def test_on_attack_condition_false_no_bonus() -> None:
    game = _defended_attack("charging_easel", [g("mural_giant", 1, 0, "m1")])
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    assert power(game, "atk") == 2 and actives(game) == 0


def test_on_attack_points_at_least() -> None:
    game = _defended_attack("final_stroke", [g("mural_giant", 1, 0, "m1")],
                            p0_victory=["chalk_sprite", "chalk_sprite"])
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    assert power(game, "atk") == 5


# -- when on_defend; battle_foe -------------------------------------------------------------------

def test_on_defend_battle_foe_power_minus_two() -> None:
    game = _defended_attack("crimson_brushstroke", [g("mural_giant", 1, 0, "m1")],
                            defender="smudge_trap")
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    assert act(game, "decide", seat=1, choice=[str(lab(game, "def"))],
               consume=[lab(game, "def")]).ok
    # 3 - 2 = 1 against 2: the attack fails, and the modifier ends with the combat
    assert game.state.zone_of(lab(game, "atk")) == "grid"
    assert power(game, "atk") == 3 and actives(game) == 0


def test_battle_foe_has_no_candidate_outside_a_battle() -> None:
    game = _defended_attack("crimson_brushstroke", [], defender="smudge_trap")
    ability = RULES.cards["smudge_trap"].abilities[0]
    assert VOCABULARY.candidates(Ctx(game.state, RULES.cards, 1, lab(game, "def")), ability) == []


# -- when on_score -------------------------------------------------------------------------------

def test_on_score_draw() -> None:
    game = game_at([g("encore_frame", 0, 0, "atk"), g("mural_giant", 1, 0, "m1")],
                   p0_hand=[c("chalk_sprite", "a")])
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    assert game.state.zone_of(lab(game, "atk")) == "p0.victory"
    assert hand(game, 0) == 2 and game.state.phase == "challenge"


# -- when on_challenge; grid_card all; until the end of the turn -------------------------------

def test_on_challenge_power_until_the_end_of_the_turn() -> None:
    game = game_at([g("rally_poster", 0, 0, "poster"), g("ink_comet", 1, 0, "comet"),
                    g("ink_comet", 2, 0, "tired", damaged=True), g("ink_comet", 15, 1, "theirs")],
                   phase="challenge",
                   p0_hand=[c("chalk_sprite", "a"), c("chalk_sprite", "b")])
    assert act(game, "challenge", cards=[lab(game, "a"), lab(game, "b")]).ok
    assert power(game, "comet") == 3  # own recovered attack card
    assert power(game, "tired") == 2 and power(game, "theirs") == 2 and power(game, "poster") == 1
    assert game.state.phase == "action"  # p1 holds no cards: no counter, the challenge succeeds
    _end_turn(game)
    assert power(game, "comet") == 2 and actives(game) == 0


# -- when on_counter -----------------------------------------------------------------------------

def test_on_counter_draw() -> None:
    game = game_at([g("rebuttal_sketch", 15, 1, "sketch")], phase="challenge",
                   p0_hand=[c("chalk_sprite", "a"), c("chalk_sprite", "b")],
                   p1_hand=[c("chalk_sprite", "x"), c("chalk_sprite", "y")])
    assert act(game, "challenge", cards=[lab(game, "a"), lab(game, "b")]).ok
    assert act(game, "decide", seat=1, choice=[str(lab(game, "x")), str(lab(game, "y"))]).ok
    # both discarded, one drawn by the sketch; then player 2's own turn draws one more
    assert game.state.active == 1 and hand(game, 1) == 2
    assert "log.eshi100.ability" in log_keys(game)
    assert "log.eshi100.challenge_fails" in log_keys(game)


# -- when start_of_turn (whose); recovered; on_square; win ---------------------------------------

def _to_p0_turn(grid: list[Any]) -> Game:
    """Player 2's end phase: the turn passes to player 1 at once."""
    return game_at(grid, phase="end", active=1)


def test_start_of_turn_opponent_power_until_the_end_of_that_turn() -> None:
    game = _to_p0_turn([g("morning_glaze", 15, 1, "glaze")])
    assert game.state.active == 0
    assert power(game, "glaze") == 5
    _end_turn(game)
    assert power(game, "glaze") == 3  # ended with player 1's turn; not on its own turn


def test_start_of_turn_own_victory_on_the_opponents_start_square() -> None:
    game = _to_p0_turn([g("far_corner_courier", 15, 0, "courier")])
    assert game.state.game_over and game.state.winner == 0
    assert game.state.outcome is not None and game.state.outcome.cause is EndCause.CARD_VICTORY


@pytest.mark.parametrize("grid", [
    [g("far_corner_courier", 15, 0, damaged=True)],  # not recovered
    [g("far_corner_courier", 14, 0)],  # another square
    [g("far_corner_courier", 0, 1)],  # player 2's courier on player 1's turn
])
def test_start_of_turn_victory_needs_every_condition(grid: list[Any]) -> None:
    assert not _to_p0_turn(grid).state.game_over


def test_player_2s_courier_wins_on_player_1s_start_square() -> None:
    game = game_at([g("far_corner_courier", 0, 1, "courier")], phase="end", active=0)
    assert game.state.active == 1 and game.state.winner == 1  # "D4" as player 2 reads it


# -- when while_on_grid: printed victory conditions (line, grid_count) ---------------------------

def test_while_on_grid_line_corners_victory() -> None:
    game = game_at([g("four_corners_curator", 0, 0), g("mural_giant", 3, 0),
                    g("mural_giant", 12, 0), g("mural_giant", 14, 0, "near")],
                   p0_hand=[c("mural_giant", "last")])
    assert act(game, "place", card=lab(game, "last"), square=15).ok
    assert game.state.winner == 0 and game.state.outcome.cause is EndCause.CARD_VICTORY
    assert "log.eshi100.card_victory" in log_keys(game)


def test_line_needs_recovered_own_cards() -> None:
    game = game_at([g("four_corners_curator", 0, 0), g("mural_giant", 3, 0, damaged=True),
                    g("mural_giant", 12, 0), g("mural_giant", 14, 0)],
                   p0_hand=[c("mural_giant", "last")])
    assert act(game, "place", card=lab(game, "last"), square=15).ok
    assert not game.state.game_over


def test_while_on_grid_grid_count_victory_and_both_at_once_a_draw() -> None:
    theirs = [g("chalk_sprite", q, 1, damaged=True) for q in (12, 13, 14, 15)]
    game = game_at([g("crowded_salon", 0, 0), *theirs], p0_hand=[c("chalk_sprite", "a")])
    assert act(game, "hand_boost", card=lab(game, "a")).ok
    assert game.state.winner == 0
    mine = [g("chalk_sprite", q, 0, damaged=True) for q in (1, 2, 3, 4)]
    game = game_at([g("crowded_salon", 0, 0), g("crowded_salon", 11, 1), *theirs, *mine],
                   p0_hand=[c("chalk_sprite", "a")])
    assert act(game, "hand_boost", card=lab(game, "a")).ok
    assert game.state.game_over and game.state.winner is None
    assert "log.eshi100.card_victory_both" in log_keys(game)


# -- continuous power modifiers: per, attacking, defending, recovered, deck_at_most, whom ---

def test_while_attacking_power_per_connect() -> None:
    game = _defended_attack("rising_brush", [g("mural_giant", 1, 0, "m1"),
                                              g("mural_giant", 4, 0, "m2")])
    assert power(game, "atk") == 1  # not attacking
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    # attacking: +1 for each card of the connect it attacked from (3), though paying
    # damaged it and its payment
    assert power(game, "atk") == 4


def test_while_on_grid_whom_adjacent_all_and_recovered() -> None:
    game = game_at([g("gilded_halo", 5, 0, "halo"), g("ink_comet", 4, 0, "left"),
                    g("ink_comet", 6, 1, "theirs"), g("ink_comet", 0, 0, "diag"),
                    g("ink_comet", 1, 0, "below")])
    assert power(game, "left") == 3 and power(game, "below") == 3
    assert power(game, "theirs") == 2 and power(game, "diag") == 2
    assert power(game, "halo") == 1  # not itself
    damaged = game_at([g("gilded_halo", 5, 0, "halo", damaged=True), g("ink_comet", 4, 0, "left")])
    assert power(damaged, "left") == 2


def test_power_per_opponent_points() -> None:
    game = game_at([g("comeback_sketch", 0, 0, "sketch")],
                   p1_victory=["chalk_sprite", "chalk_sprite"])
    assert power(game, "sketch") == 3


def test_while_defending_power_per_own_damaged() -> None:
    game = game_at([g("crimson_brushstroke", 0, 0, "atk"), g("mural_giant", 1, 0, "m1"),
                    g("stalwart_frame", 15, 1, "def"), g("chalk_sprite", 14, 1, damaged=True),
                    g("chalk_sprite", 13, 1, damaged=True)])
    assert power(game, "def") == 2
    assert act(game, "use", card=lab(game, "atk"),
               consume=[lab(game, "atk"), lab(game, "m1")]).ok
    comparison = RULES.power_comparison(game.state, lab(game, "def"))
    assert comparison is not None and comparison.defence_power == 4  # the preview counts it
    assert act(game, "decide", seat=1, choice=[str(lab(game, "def"))],
               consume=[lab(game, "def")]).ok
    # damaged now: 3 of player 2's cards, so 2 + 3 = 5 against 3; the attack fails
    assert game.state.zone_of(lab(game, "atk")) == "grid"
    assert power(game, "def") == 2  # the battle is over


def test_deck_at_most_opponent() -> None:
    game = game_at([g("deadline_poster", 0, 0, "poster")])  # decks of 10
    assert power(game, "poster") == 4
    more = Game(RULES, GameSetup("eshi100", 1, 0, position=helpers.position(
        ["chalk_sprite"] * 11, {"grid": [g("deadline_poster", 0, 0, "poster")]},
        phase="action", active=0, turn=3)))
    assert power(more, "poster") == 2


# -- how long: N own turns, while in play ---------------------------------------------------------

def _end_turn(game: Game) -> None:
    """Play the active seat's turn to its end: no recovery, no defence, no counter, a
    hand boost (or the first legal action) as the action, no challenge."""
    seat = game.state.active
    while game.state.active == seat and not game.state.game_over:
        pending = game.state.pending
        if pending is not None:
            choice = [o for o in pending.options if o in ("none", "pass")] or \
                list(pending.options[:pending.min_count])
            assert act(game, "decide", seat=pending.seat, choice=choice).ok
            continue
        legal = RULES.legal_actions(game.state, seat)
        pick = next((a for a in legal if a.kind in ("next_phase", "hand_boost")), legal[0])
        assert game.propose(pick).ok


def test_turns_counted_own_end_after_the_owners_second_turn() -> None:
    game = game_at([g("mural_giant", 0, 0, "m1"), g("mural_giant", 2, 0, "m2")],
                   p0_hand=[c("mural_blessing", "bless"), *KEEP],
                   p1_hand=[c("chalk_sprite", "x")])
    assert act(game, "place", card=lab(game, "bless"), square=1).ok
    assert power(game, "m1") == 7 and power(game, "m2") == 7 and power(game, "bless") == 1
    _end_turn(game)  # player 1's first turn ends: 1 left
    assert power(game, "m1") == 7
    _end_turn(game)  # player 2's turn does not count
    assert power(game, "m1") == 7
    _end_turn(game)  # player 1's second turn ends
    assert power(game, "m1") == 6 and actives(game) == 0


def test_while_in_play_ends_when_its_source_leaves_the_grid() -> None:
    game = game_at([g("ink_comet", 0, 0, "comet")],
                   p0_hand=[c("patrons_lamp", "lamp"), *KEEP])
    assert act(game, "place", card=lab(game, "lamp"), square=1).ok
    assert power(game, "comet") == 3
    _end_turn(game)
    _end_turn(game)
    assert power(game, "comet") == 3  # turns pass, the lamp stays
    seat = game.state.active
    assert seat == 0 and game.state.phase == "action"
    assert act(game, "place", card=game.state.zones["p0.hand"].cards[0], square=1).ok
    assert game.state.zone_of(lab(game, "lamp")) == "p0.discard"
    assert power(game, "comet") == 2 and actives(game) == 0


# -- consume_shape: the special instructions on the payment ---------------------------------------

def test_consume_shape_line() -> None:
    game = game_at([g("ruler_line", 0, 0, "ruler"), g("mural_giant", 1, 0, "m1"),
                    g("mural_giant", 2, 0, "m2"), g("mural_giant", 4, 0, "m4")])
    ruler, m1, m2, m4 = (lab(game, n) for n in ("ruler", "m1", "m2", "m4"))
    pays = {frozenset(p) for p in connect.payments(game.state, RULES.cards, 0, ruler)}
    assert pays == {frozenset({ruler, m1, m2})}
    bent = act(game, "use", card=ruler, consume=[ruler, m1, m4])
    assert not bent.ok and bent.reason == "eshi100.consume_not_line"
    assert bent.rule == "ESHI-R4"
    assert act(game, "use", card=ruler, consume=[ruler, m1, m2]).ok


def test_consume_shape_own_only() -> None:
    game = game_at([g("signature_solo", 0, 0, "solo"), g("blank_canvas", 1, 1, "theirs"),
                    g("mural_giant", 4, 0, "mine")])
    solo, theirs, mine = lab(game, "solo"), lab(game, "theirs"), lab(game, "mine")
    assert theirs in RULES.connect_of(game.state, 0, 0)  # in its connect, still refused
    refused = act(game, "use", card=solo, consume=[solo, theirs])
    assert not refused.ok and refused.reason == "eshi100.consume_own_only"
    hint = RULES.consume_hint(game.state, 0, solo, [solo])
    assert hint.candidates == frozenset({mine})
    assert act(game, "use", card=solo, consume=[solo, mine]).ok


# -- words: squares named for each reader; the bots' value -------------------------------------

def test_describe_names_squares_for_each_reader() -> None:
    ability = RULES.cards["far_corner_courier"].abilities[0]
    assert square_from_label("D4", 0) == 15 and square_from_label("D4", 1) == 0
    for sq in range(16):
        for seat in (0, 1):
            assert square_from_label("".join(map(str, square_label(sq, seat))), seat) == sq
    text = describe(ability, 1)  # player 2's courier: "D4" as player 2 reads it
    assert "D4" in text.render("en")
    assert "A1" in reorient(text, 1, 0).render("en")  # player 1 finds it on A1
    assert "A1" in RULES.reorient(text, 1, 0).render("ja")


def test_ability_log_lines_are_worded_for_each_seat() -> None:
    game = _splash_game()
    assert act(game, "place", card=lab(game, "splash"), square=1).ok
    assert act(game, "decide", choice=[str(lab(game, "up"))]).ok
    entry = next(e for e in game.state.log if e.public.key == "log.eshi100.ability")
    assert set(entry.private) == {0, 1}


def test_effects_value_is_the_bots_lead() -> None:
    game = game_at([g("gilded_halo", 5, 0), g("ink_comet", 4, 0), g("ink_comet", 6, 0)])
    assert heuristic.effects_lead(game.state, RULES.cards, 0) == pytest.approx(2.0)
    assert heuristic.effects_lead(game.state, RULES.cards, 1) == pytest.approx(-2.0)
    names = [t.name for t in RULES.evaluation_terms(game.state, 0)]
    assert "effects" in names


def test_the_random_bots_play_every_ability_card() -> None:
    decks = eshi100.load_decks(rules=RULES)
    placed: set[str] = set()
    for seed in range(1, 41):
        game, _ = selfplay.play_one(RULES, seed, decks, max_actions=3000, max_turns=120)
        for entry in game.state.log:
            if entry.public.key == "log.eshi100.places":
                card = dict(entry.public.params)["card"]
                placed.add(re.sub(r"^card\.", "", card.key))
    assert set(ABILITY_CARDS) <= placed, sorted(set(ABILITY_CARDS) - placed)


def test_while_in_play_ends_when_its_source_is_moved_off_by_hand() -> None:
    game = game_at([g("ink_comet", 0, 0, "comet")], p0_hand=[c("patrons_lamp", "lamp"), *KEEP])
    assert act(game, "place", card=lab(game, "lamp"), square=1).ok
    assert power(game, "comet") == 3
    assert act(game, "set_free_mode", on=True).ok
    assert act(game, "manual_move", card=lab(game, "lamp"), zone="p0.discard").ok
    assert power(game, "comet") == 2


def test_the_use_preview_counts_while_attacking_modifiers() -> None:
    from tabletop.games.eshi100 import attack

    game = _defended_attack("rising_brush", [g("mural_giant", 1, 0, "m1"),
                                              g("mural_giant", 4, 0, "m2")])
    after = game.state.clone()
    attack.preview_use(after, RULES.cards, 0, lab(game, "atk"), [lab(game, "atk"), lab(game, "m1")])
    assert attack.power(after, RULES.cards, lab(game, "atk")) == 4
    assert power(game, "atk") == 1  # the table itself is untouched
