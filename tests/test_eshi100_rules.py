"""絵師100人展 TCG rules, one test per ruling and situation (ESHI-R1..R7, ESHI-H1..H7).

Tests build exact positions (``GameSetup(position=...)``: no shuffle, no
opening hands) and propose actions through the core ``Game``. Grid cards name
their square (0..15 = row * 4 + col, player 1's view) in ``counters``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import game_helpers as helpers
import pytest
from game_helpers import act, c, lab, refused_unchanged

from tabletop.core.actions import Action
from tabletop.core.decks import Deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.core.view import view_for
from tabletop.games import eshi100
from tabletop.games.eshi100 import board
from tabletop.geometry import CORNERS
from tabletop.i18n import load_catalogue
from tabletop.layout import load_layout

REPO = Path(__file__).resolve().parent.parent
RULES = eshi100.load()
FILLER = ["chalk_sprite"] * 10


def g(card: str, square: int, owner: int = 0, label: str | None = None,
      damaged: bool = False) -> dict[str, Any]:
    """A grid card entry."""
    entry: dict[str, Any] = {"card": card, "owner": owner, "counters": {"square": square}}
    if label:
        entry["label"] = label
    if damaged:
        entry["face_up"] = False
    return entry


def position(phase: str = "action", active: int = 0, grid: list[Any] | None = None,
             data: dict[str, Any] | None = None, step: str = "", turn: int = 3,
             **zones: list[Any]) -> dict[str, Any]:
    return helpers.position(FILLER, {"grid": list(grid or []), **zones}, data, phase=phase,
                            active=active, turn=turn, step=step)


def game_at(pos: dict[str, Any], first: int = 0) -> Game:
    return Game(RULES, GameSetup("eshi100", 1, first, position=pos))


def zone_of(game: Game, name: str) -> str:
    return game.state.zone_of(lab(game, name))


# -- loading, data ----------------------------------------------------------------------
def test_load_rules_through_registry_and_sample_set() -> None:
    rules = load_rules("eshi100")
    assert rules.game_id == "eshi100"
    assert rules.phases == ("prepare", "action", "challenge", "end")
    cards = list(rules.cards.values())
    assert {cd["icon"] for cd in cards} == {"attack", "defense"}
    assert {cd["connect_cost"] for cd in cards} == {0, 1, 2, 3, 4}
    assert len({cd["power"] for cd in cards}) >= 5
    for corner in CORNERS:  # every connector pattern on every corner
        assert {cd["connectors"][corner] for cd in cards} == {"none", "up", "down", "both"}


def test_ready_made_decks_are_legal_40_card_decks() -> None:
    decks = eshi100.load_decks(rules=RULES)
    assert len(decks) >= 2
    for deck in decks.values():
        assert RULES.check_deck(deck) == []
        assert len(deck.card_list()) == 40


def test_deck_legality_exactly_40_and_4_per_number() -> None:
    fill = ["ink_comet", "paper_crane_volley", "crimson_brushstroke", "watercolour_storm",
            "charcoal_knight", "gilded_frame_dragon", "blank_canvas", "neon_poster"]
    cards = {"chalk_sprite": 5, **{cid: 4 for cid in fill}, "mural_giant": 3}
    too_many = Deck("t", {"en": "T"}, {"cards": cards})
    problems = RULES.check_deck(too_many)
    assert [m.key for m in problems] == ["deck.eshi100.too_many_copies"]
    assert dict(problems[0].params)["number"] == "EX-01"
    short = Deck("t", {"en": "T"}, {"cards": {"chalk_sprite": 4, "nothing": 1}})
    keys = [m.key for m in RULES.check_deck(short)]
    assert keys == ["deck.eshi100.size", "deck.eshi100.unknown_card"]


def test_broken_connectors_name_file_card_and_field(tmp_path: Path) -> None:
    from tabletop.core.cards import CardDataError

    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "x"\ntype = "game"\nnumber = "X-1"\nname = { en = "X", ja = "X" }\n'
        'icon = "attack"\nconnect_cost = 1\npower = 1\n'
        'connectors = { top_left = "up", top_right = "sideways", bottom_right = "none",'
        ' bottom_left = "none" }\n', encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        eshi100.load(tmp_path)
    assert "card 'x'" in str(err.value) and "connectors.top_right" in str(err.value)


def test_layout_cells_are_the_rules_squares() -> None:
    layout = load_layout(REPO / "layouts" / "eshi100.toml")
    zone = layout.zone("grid")
    assert (zone.rows, zone.cols, zone.capacity) == (4, 4, 16)
    origin = (zone.x_mm - zone.width_mm / 2, zone.y_mm - zone.height_mm / 2)
    for cell in layout.cells("grid"):
        name = cell.key.rsplit("/", 1)[1]
        square = board.square_of_cell(name)
        assert square is not None and board.cell_of_square(square) == name
        shape = board.square_shape(square)
        assert cell.size == shape.size
        assert cell.center == (origin[0] + shape.center[0], origin[1] + shape.center[1])
    assert board.square_of_cell("r3c0") == board.START_SQUARE[0] == 0
    assert board.square_of_cell("r0c3") == board.START_SQUARE[1] == 15
    for seat in (0, 1):
        for kind in ("hand", "deck", "discard", "victory"):
            assert f"p{seat}.{kind}" in layout.zone_ids


def test_zones_have_the_contract_ids_and_visibility() -> None:
    state = game_at(position()).state
    assert set(state.zones) == {"grid", *(f"p{s}.{k}" for s in (0, 1)
                                          for k in ("deck", "hand", "discard", "victory"))}
    assert state.zones["grid"].capacity == 16


def test_every_refusal_and_log_key_has_catalogue_texts() -> None:
    en = load_catalogue(REPO / "assets" / "i18n" / "eshi100_en.toml")
    ja = load_catalogue(REPO / "assets" / "i18n" / "eshi100_ja.toml")
    assert set(en) == set(ja)
    # the texts of card abilities in play (issue 15) live in their own catalogue
    en |= load_catalogue(REPO / "assets" / "i18n" / "abilitieseshi100_en.toml")
    sources = "\n".join(p.read_text(encoding="utf-8")
                        for p in (REPO / "tabletop" / "games" / "eshi100").glob("*.py"))
    codes = set(re.findall(r'refuse\(\s*"(eshi100\.[a-z_]+)"', sources))
    codes |= set(eshi100.rules.REFUSALS.codes())  # the common refusals (core.refusals)
    assert codes and all(f"refusal.{code}" in en for code in codes)
    keys = set(re.findall(r'"((?:log|decision|deck|action)\.eshi100\.[a-z_]+)"', sources))
    assert all(k in en for k in keys), sorted(k for k in keys if k not in en)
    for phase in RULES.phases:
        assert f"phase.eshi100.{phase}" in en
    for kind in ("use", "hand_boost", "place"):
        assert f"action.eshi100.{kind}" in en
    assert "zone.grid" in en and "zone.victory" in en


# -- ESHI-R1 .. R7 -----------------------------------------------------------------------
def test_ESHI_R1_start_squares_and_seat_rotation() -> None:
    game = game_at(position(p0_hand=[c("mural_giant", "m")], p1_hand=[c("mural_giant", "n")]))
    assert RULES.legal_squares(game.state, 0) == [0]
    assert RULES.legal_squares(game.state, 1) == [15]
    assert board.card_shape(15, 1).rotation_deg == 180.0
    assert board.card_shape(0, 0).rotation_deg == 0.0
    assert act(game, "place", card=lab(game, "m"), square=0).ok
    assert board.square_of(game.state, lab(game, "m")) == 0


def test_ESHI_R2_placing_adjacency_and_what_may_be_replaced() -> None:
    grid = [g("mural_giant", 0, 0, "own"), g("mural_giant", 1, 1, "theirs"),
            g("frame_wall", 4, 1, "hurt", damaged=True)]
    game = game_at(position(grid=grid, p0_hand=[c("ink_comet", "a"), c("ink_comet", "b")]))
    st = game.state
    # start square (own card there), and the neighbours of the own recovered card,
    # minus the opponent's recovered card; the diagonal square 5 is not reachable
    assert RULES.legal_squares(st, 0, lab(game, "a")) == [0, 4]
    v = refused_unchanged(game, Action.make("place", 0, card=lab(game, "a"), square=1))
    assert v.reason == "eshi100.square_held" and v.rule == "ESHI-R2"
    v = refused_unchanged(game, Action.make("place", 0, card=lab(game, "a"), square=5))
    assert v.reason == "eshi100.square_not_reachable"
    assert act(game, "place", card=lab(game, "a"), square=4).ok
    assert zone_of(game, "hurt") == "p1.discard"  # the replaced card to its owner's discard
    assert game.state.cards[lab(game, "a")].face_up  # placed recovered


def test_ESHI_R3_player_twos_down_connector_serves_player_one() -> None:
    # Frame Wall (top: up, up; bottom: down, down) turned 180 degrees for player 2:
    # its own bottom-right "down" points up from player 1's seat and meets the
    # top-right "up" of player 1's Mural Giant on the left.
    grid = [g("mural_giant", 0, 0, "m"), g("frame_wall", 1, 1, "f")]
    st = game_at(position(grid=grid)).state
    m, f = lab_state(st, "m"), lab_state(st, "f")
    assert RULES.connect_of(st, 0, 0) == frozenset({m, f})
    assert RULES.connect_of(st, 1, 1) == frozenset({f})
    assert RULES.usable_connectors(st, f, 0) == frozenset({"bottom_right", "bottom_left"})
    assert RULES.usable_connectors(st, f, 1) == frozenset({"top_left", "top_right"})


def lab_state(state: Any, name: str) -> int:
    return int(state.data["labels"][name])


def test_ESHI_R4_opponent_cards_are_counted_but_not_damaged() -> None:
    # Charcoal Knight (cost 3) connects up to own Mural Giant and right to player 2's
    # Blank Canvas (both everywhere)
    grid = [g("charcoal_knight", 0, 0, "x"), g("mural_giant", 4, 0, "m"),
            g("blank_canvas", 1, 1, "canvas")]
    game = game_at(position(grid=grid, p0_hand=["ink_comet"], p1_hand=["ink_comet"]))
    x, m, canvas = lab(game, "x"), lab(game, "m"), lab(game, "canvas")
    assert act(game, "use", card=x, consume=[x, m, canvas]).ok
    assert not game.state.cards[m].face_up  # own consumed card: damaged
    assert game.state.cards[canvas].face_up  # opponent's: counted, stays recovered
    assert zone_of(game, "x") == "p0.victory"  # undefended power 5: success
    # a damaged card cannot be used
    grid = [g("chalk_sprite", 0, 0, "d", damaged=True)]
    game = game_at(position(grid=grid, p0_hand=["ink_comet"]))
    v = refused_unchanged(game, Action.make("use", 0, card=lab(game, "d"), consume=[]))
    assert v.reason == "eshi100.card_damaged"


def test_ESHI_R5_exactly_one_action_then_the_challenge_phase() -> None:
    game = game_at(position(p0_hand=[c("ink_comet", "a"), c("ink_comet", "b"),
                                     c("ink_comet", "d")]))
    v = refused_unchanged(game, Action.make("next_phase", 0))
    assert v.reason == "eshi100.wrong_phase"  # no passing while an action is possible
    # QA round 2 #4: the refusal says what was tried and what is legal instead
    en, ja = v.message.render("en"), v.message.render("ja")
    assert v.rule == "ESHI-R5" and "can't do that" not in en
    assert en.startswith("Next phase is not available in the Action phase")
    assert all(word in en for word in ("place a card", "attack", "hand boost"))
    assert "次のフェイズへ" in ja and "それはできません" not in ja
    assert all(word in ja for word in ("配置", "攻撃", "手札強化"))
    assert act(game, "place", card=lab(game, "a"), square=0).ok
    assert game.state.phase == "challenge"
    v = refused_unchanged(game, Action.make("place", 0, card=lab(game, "b"), square=1))
    assert v.reason == "eshi100.wrong_phase"
    en = v.message.render("en")
    assert en.startswith("Placing a card is not available in the Challenge phase")
    assert "challenge with 2 hand cards, or press Next phase" in en
    # nothing possible (empty hand, no usable attacker): the phase passes by itself
    game = game_at(position(phase="challenge", p0_hand=[c("ink_comet", "a"),
                                                        c("ink_comet", "b")],
                            p1_hand=["ink_comet"]))
    assert act(game, "challenge", cards=[lab(game, "a"), lab(game, "b")]).ok
    assert game.state.turn == 4 and game.state.active == 1  # action passed, then end


def test_ESHI_R6_deck_out_the_moment_the_last_card_is_drawn() -> None:
    pos = position(p0_hand=[c("ink_comet", "a")])
    pos["zones"]["p0.deck"] = ["chalk_sprite"]
    game = game_at(pos)
    assert act(game, "hand_boost", card=lab(game, "a")).ok
    st = game.state
    assert st.game_over and st.winner == 1
    assert len(st.zones["p0.hand"].cards) == 1  # it drew the last card and lost at once


def test_ESHI_H6_hand_boost_drawing_the_last_card_loses_at_once() -> None:
    pos = position(p0_hand=[c("ink_comet", "a")])
    pos["zones"]["p0.deck"] = [c("chalk_sprite", "last")]
    game = game_at(pos)
    assert act(game, "hand_boost", card=lab(game, "a")).ok  # draw 2 with 1 card left
    st = game.state
    assert zone_of(game, "last") == "p0.hand" and zone_of(game, "a") == "p0.discard"
    assert st.game_over and st.winner == 1 and st.pending is None
    assert st.phase == "action" and st.active == 0  # the turn went no further


def test_ESHI_R7_first_player_skips_turn_one_draw_and_hand_limit() -> None:
    decks = eshi100.load_decks(rules=RULES)
    cards = decks["ink_and_fire"].card_list()
    game = Game(RULES, GameSetup("eshi100", 3, 1, ({"cards": cards}, {"cards": cards})))
    st = game.state
    assert st.turn == 1 and st.active == 1 and st.phase == "action"
    assert len(st.zones["p1.hand"].cards) == 5 and len(st.zones["p1.deck"].cards) == 35
    # hand limit 5 at the end of the turn: 9 - 2 (challenge) - 1 (place) = 6 cards
    game = game_at(position(phase="challenge",
                            p0_hand=[c("ink_comet", f"h{i}") for i in range(9)], p1_hand=[]))
    assert act(game, "challenge", cards=[lab(game, "h0"), lab(game, "h1")]).ok
    assert act(game, "place", card=lab(game, "h2"), square=0).ok  # no counter possible
    assert act(game, "next_phase").ok
    pending = game.state.pending
    assert pending.kind == "hand_limit" and pending.seat == 0
    assert (pending.min_count, pending.max_count) == (1, 1)
    v = refused_unchanged(game, Action.make("decide", 0, choice=["h3", "h4"]))
    assert v.reason == "eshi100.choice_count"
    assert act(game, "decide", choice=[lab(game, "h3")]).ok
    assert len(game.state.zones["p0.hand"].cards) == 5
    assert zone_of(game, "h3") == "p0.discard"
    assert game.state.active == 1 and game.state.turn == 4


# -- attack and defence -----------------------------------------------------------------
def defended_game(defender: str) -> Game:
    """Player 1's Ink Comet (cost 1, power 2) against player 2's cost-0 defender on 15."""
    grid = [g("ink_comet", 0, 0, "atk"), g(defender, 15, 1, "dfn")]
    return game_at(position(grid=grid, p0_hand=["chalk_sprite"] * 2, p1_hand=["chalk_sprite"]))


def test_ESHI_H2_defence_asked_and_power_comparison_shown() -> None:
    game = defended_game("pastel_mist")  # power 2: a tie fails the attack
    atk, dfn = lab(game, "atk"), lab(game, "dfn")
    assert act(game, "use", card=atk, consume=[atk]).ok
    pending = game.state.pending
    assert pending.kind == "defend" and pending.seat == 1
    assert pending.options == (str(dfn), "none")
    assert RULES.usable_cards(game.state, 1) == [dfn]
    cmp = RULES.power_comparison(game.state, dfn)
    assert (cmp.attack_power, cmp.defence_power, cmp.success) == (2, 2, False)
    assert RULES.power_comparison(game.state).success  # undefended it would succeed
    refused_unchanged(game, Action.make("decide", 0, choice=["none"]))
    assert act(game, "decide", 1, choice=[dfn], consume=[]).ok
    assert zone_of(game, "atk") == "grid" and game.state.phase == "challenge"
    assert not game.state.cards[atk].face_up  # used: consumed itself


def test_attack_succeeds_against_a_weaker_defence_and_three_points_win() -> None:
    grid = [g("ink_comet", 0, 0, "atk"), g("easel_guard", 15, 1, "dfn")]
    pos = position(grid=grid, p0_hand=["chalk_sprite"],
                   p0_victory=["chalk_sprite", "chalk_sprite"])
    game = game_at(pos)
    atk, dfn = lab(game, "atk"), lab(game, "dfn")
    assert act(game, "use", card=atk, consume=[atk]).ok
    assert act(game, "decide", 1, choice=[str(dfn)]).ok
    assert zone_of(game, "atk") == "p0.victory"
    assert game.state.game_over and game.state.winner == 0


def test_power_zero_attack_fails_without_asking_for_defence() -> None:
    grid = [g("blank_canvas", 0, 0, "atk"), g("easel_guard", 15, 1)]
    game = game_at(position(grid=grid, p0_hand=["chalk_sprite"] * 2))
    assert act(game, "use", card=lab(game, "atk"), consume=[]).ok
    assert game.state.pending is None and zone_of(game, "atk") == "grid"
    assert game.state.phase == "challenge"


def test_ESHI_H4_cost_zero_card_stays_recovered_and_defence_cards_do_not_attack() -> None:
    grid = [g("chalk_sprite", 0, 0, "atk"), g("easel_guard", 1, 0, "guard")]
    game = game_at(position(grid=grid, p0_hand=["chalk_sprite"]))
    v = refused_unchanged(game, Action.make("use", 0, card=lab(game, "guard"), consume=[]))
    assert v.reason == "eshi100.not_attack"
    v = refused_unchanged(game, Action.make("use", 0, card=lab(game, "atk"),
                                            consume=[lab(game, "atk")]))
    assert v.reason == "eshi100.consume_count"
    assert act(game, "use", card=lab(game, "atk"), consume=[]).ok
    assert zone_of(game, "atk") == "p0.victory"


# -- prepare phase, challenge ------------------------------------------------------------
def test_ESHI_H7_draw_then_optional_recovery() -> None:
    grid = [g("mural_giant", 0, 0, "d", damaged=True), g("mural_giant", 15, 1)]
    game = game_at(position(phase="challenge", active=1, grid=grid, p1_hand=["chalk_sprite"],
                            p0_hand=[]))
    assert act(game, "next_phase", 1).ok
    st = game.state
    assert st.active == 0 and st.phase == "prepare" and len(st.zones["p0.hand"].cards) == 1
    assert st.pending.kind == "recover" and st.pending.options == (str(lab(game, "d")), "none")
    assert act(game, "decide", choice=[lab(game, "d")]).ok
    assert game.state.cards[lab(game, "d")].face_up and game.state.phase == "action"


def test_ESHI_H3_counter_fails_the_challenge_and_ends_the_turn() -> None:
    game = game_at(position(phase="challenge", p0_hand=[c("ink_comet", "a"), c("ink_comet", "b")],
                            p1_hand=[c("ink_comet", "x"), c("ink_comet", "y")]))
    assert act(game, "challenge", cards=[lab(game, "a"), lab(game, "b")]).ok
    assert game.state.pending.kind == "counter" and game.state.pending.seat == 1
    v = refused_unchanged(game, Action.make("decide", 1, choice=[str(lab(game, "x"))]))
    assert v.reason == "eshi100.two_cards"
    assert act(game, "decide", 1, choice=[lab(game, "x"), lab(game, "y")]).ok
    assert zone_of(game, "x") == "p1.discard" and zone_of(game, "a") == "p0.discard"
    assert game.state.active == 1  # the end phase passed, player 2's turn began


def test_ESHI_H3_uncountered_challenge_gives_another_action_phase() -> None:
    game = game_at(position(phase="challenge",
                            p0_hand=[c("ink_comet", "a"), c("ink_comet", "b"), c("ink_comet", "e")],
                            p1_hand=[c("ink_comet", "x"), c("ink_comet", "y")]))
    assert act(game, "challenge", cards=[lab(game, "a"), lab(game, "b")]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    assert game.state.phase == "action" and game.state.active == 0


def test_ESHI_H1_damaged_faces_known_to_both_seats_not_spectators() -> None:
    grid = [g("mural_giant", 0, 0, "d", damaged=True)]
    st = game_at(position(grid=grid)).state
    iid = lab_state(st, "d")
    assert st.visible_to(iid, 0) and st.visible_to(iid, 1) and not st.visible_to(iid, None)
    view = view_for(st, 1)
    card = view.find(iid)[1]
    assert card.card_id == "mural_giant" and not card.face_up
    assert board.cell_contents(view.zones["grid"])[12] == str(iid)  # r3c0 = square 0


# -- drag and drop, legal actions ----------------------------------------------------------
def test_interpret_drop_cells_cards_and_discard() -> None:
    grid = [g("mural_giant", 0, 0, "m")]
    game = game_at(position(grid=grid, p0_hand=[c("ink_comet", "a")]))
    st, a, m = game.state, lab(game, "a"), lab(game, "m")
    drop = RULES.interpret_drop
    assert drop(st, 0, a, "cell:grid/r2c0") == Action.make("place", 0, card=a, square=4)
    assert drop(st, 0, a, "grid", m) == Action.make("place", 0, card=a, square=0)
    assert drop(st, 0, a, "grid").reason == "eshi100.pick_square"
    assert drop(st, 0, a, "p0.discard") == Action.make("hand_boost", 0, card=a)
    assert drop(st, 0, a, "p1.hand").reason == "eshi100.drop_on_grid"
    assert drop(st, 0, m, "cell:grid/r2c0").reason == "eshi100.cards_stay"
    assert drop(st, 1, a, "grid", m).reason == "eshi100.not_your_card"
    assert not game.check(drop(st, 0, a, "cell:grid/r0c0")).ok


def test_legal_actions_are_never_refused_in_sample_positions() -> None:
    grid = [g("charcoal_knight", 0, 0), g("mural_giant", 4, 0), g("blank_canvas", 1, 1),
            g("gallery_warden", 5, 1), g("varnish_shield", 2, 1), g("ink_comet", 8, 0)]
    games = [game_at(position(grid=grid, p0_hand=["chalk_sprite", "ink_comet"],
                              p1_hand=["chalk_sprite", "frame_wall"])),
             game_at(position(phase="challenge", grid=grid,
                              p0_hand=["chalk_sprite"] * 4, p1_hand=["ink_comet"] * 3))]
    for game in games:
        for seat in (0, 1):
            for action in RULES.legal_actions(game.state, seat):
                assert RULES.check(game.state, action).ok, action
    uses = [a for a in RULES.legal_actions(games[0].state, 0) if a.kind == "use"]
    assert uses and {a.get("card") for a in uses} == set(RULES.usable_cards(games[0].state, 0))


@pytest.mark.parametrize("seat", [0, 1])
def test_refused_squares_are_named_as_the_refused_seat_sees_the_grid(seat: int) -> None:
    # square 5 is B2 for player 1 and C3 for player 2
    game = game_at(position(active=seat, p0_hand=[c("ink_comet", "a")],
                            p1_hand=[c("ink_comet", "b")]))
    card = lab(game, "a" if seat == 0 else "b")
    v = refused_unchanged(game, Action.make("place", seat, card=card, square=5))
    assert v.reason == "eshi100.square_not_reachable"
    assert v.message is not None
    square = dict(v.message.params)["square"]
    assert dict(square.params) == ({"col": "B", "row": 2} if seat == 0 else
                                   {"col": "C", "row": 3})
    # a start square is "A1" for its own seat
    start = board.START_SQUARE[seat]
    named = RULES.describe(game.state, Action.make("place", seat, card=card, square=start))
    assert dict(dict(named.params)["square"].params) == {"col": "A", "row": 1}


def test_the_log_names_a_square_in_each_readers_own_orientation() -> None:
    """Issue 10: a placement on square 5 reads "B2" to player 1 and "C3" to player 2
    (each counts from their own bottom-left corner, as the labels beside the grid)."""
    from tabletop.core.scenario import render_text

    grid = [g("ink_comet", 0, 0), g("ink_comet", 1, 0)]
    game = game_at(position(grid=grid, p0_hand=[c("ink_comet", "a")]))
    assert game.propose(Action.make("place", 0, card=lab(game, "a"), square=5)).ok
    entry = next(e for e in game.state.log if e.public.key == "log.eshi100.places")
    assert "square B2" in render_text(entry.for_seat(0))
    assert "square C3" in render_text(entry.for_seat(1))
    assert "マスC3" in render_text(entry.for_seat(1), "ja")
