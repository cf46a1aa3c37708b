"""QA15b findings 6 and 9: every end of a changed number is logged (ALL-H7), and the
free-mode menu's keys work the same with the pointer over the card or pile (ALL-R3)."""

from __future__ import annotations

import importlib
from typing import Any

import game_helpers as helpers
import pygame
import pytest
from game_helpers import act, c, lab
from test_ui_free_mode_acts import free_table, own_public_card, press_row, right_click, row_of
from ui_helpers import frames, key, move

from tabletop import i18n
from tabletop.core import selfplay
from tabletop.core.abilities import Active, Boundary, Duration, Lasting, Use
from tabletop.core.actions import Action
from tabletop.core.effect_end_log import log_duration_ends
from tabletop.core.engine import Game
from tabletop.core.free_mode import modifiers
from tabletop.core.model import GameState
from tabletop.core.rules import GameSetup, game_ids, load_rules, register_card_names
from tabletop.games import arc

ARC = arc.load()
register_card_names(ARC.cards)
FILLER = ["red_ember_hills"] * 10


def arc_game(phase: str = "main", **zones: list[Any]) -> Game:
    pos = helpers.position(FILLER, zones, None, phase=phase, active=0, step="")
    return Game(ARC, GameSetup("arc", 1, 0, position=pos))


def lines(state: GameState, seat: int | None, since: int = 0) -> list[str]:
    return [e.for_seat(seat).render("en") for e in state.log[since:]]


# -- finding 6: free mode's changed numbers ------------------------------------------------
def test_all_h7_a_change_by_hand_ending_with_the_turn_is_logged_before_the_next_turn() -> None:
    game = arc_game(p0_characters=[c("red_spark_squire", "s")])
    assert act(game, "set_free_mode", 0, on=True).ok
    assert act(game, "manual_modify", 0, card=lab(game, "s"), stat="power", delta=1).ok
    turn, since = game.state.turn, len(game.state.log)
    assert act(game, "end_turn", 0).ok
    said = lines(game.state, 0, since)
    ended = [i for i, line in enumerate(said) if "the turn ends, and so do the changes" in line]
    assert len(ended) == 1, said
    assert "Spark Squire" in said[ended[0]] and "+1 power" in said[ended[0]]
    new_turn = next(i for i, e in enumerate(game.state.log[since:]) if e.turn != turn)
    assert ended[0] < new_turn  # the last line of the turn that ended
    assert game.state.log[since + ended[0]].turn == turn
    assert game.state.log[since + ended[0]].manual


def test_all_h7_a_change_by_hand_still_in_force_says_nothing_at_a_phase_end() -> None:
    game = arc_game(p0_characters=[c("red_spark_squire", "s")])
    assert act(game, "set_free_mode", 0, on=True).ok
    assert act(game, "manual_modify", 0, card=lab(game, "s"), stat="power", delta=2).ok
    since = len(game.state.log)
    assert act(game, "next_phase", 0).ok
    assert not any("changes" in line for line in lines(game.state, 0, since))


# -- finding 6: an ability's duration --------------------------------------------------------
def test_all_h7_arc_a_pump_until_end_of_turn_is_logged_when_the_turn_ends() -> None:
    game = arc_game(p0_hand=[c("red_war_drums", "drums")],
                    p0_resources=[c("red_ember_hills", "r0")],
                    p0_characters=[c("red_spark_squire", "s")])
    assert act(game, "play_card", 0, card=lab(game, "drums"), target=lab(game, "s")).ok
    turn, since = game.state.turn, len(game.state.log)
    assert act(game, "end_turn", 0).ok
    for seat in (None, 0, 1):
        said = lines(game.state, seat, since)
        ended = [i for i, line in enumerate(said) if line.startswith("End of the turn: the effect")]
        assert len(ended) == 1, said
        assert said[ended[0]] == ("End of the turn: the effect of War Drums on Spark Squire "
                                  "ends (+2 power).")
        assert game.state.log[since + ended[0]].turn == turn


def test_all_h7_arc_a_combat_card_is_logged_when_the_combat_ends() -> None:
    game = arc_game("attack", p0_characters=[c("red_ember_knight", "k")],
                    p0_hand=[c("red_battle_cry", "cry")],
                    p0_resources=[c("red_ember_hills", "r0")],
                    p1_characters=[c("blue_frost_warden", "w")])
    assert act(game, "attack", 0, attackers=[lab(game, "k")]).ok
    assert act(game, "decide", 1, choice=[f"{lab(game, 'w')}>{lab(game, 'k')}"]).ok
    assert act(game, "decide", 1, choice=["pass"]).ok
    since = len(game.state.log)
    assert act(game, "decide", 0, choice=[f"{lab(game, 'cry')}@{lab(game, 'k')}"]).ok
    said = lines(game.state, 1, since)
    assert "End of the combat: the effect of Battle Cry on Ember Knight ends (+2 power)." \
        in said, said


def test_all_h7_an_ended_effect_names_a_card_only_to_the_seats_that_see_it() -> None:
    game = arc_game(p0_characters=[c("red_spark_squire", "s")],
                    p1_hand=[c("blue_tide_caller", "t")], p1_discard=[c("red_war_drums", "d")])
    state = game.state
    active = Active.start(lab(game, "d"), 0, Use("pump", {"n": 2}),
                          (lab(game, "s"), lab(game, "t")), Lasting(Duration.END_OF_TURN))
    log_duration_ends(state, ARC.vocabulary, [active], Boundary.END_OF_TURN)
    entry = state.log[-1]
    assert entry.for_seat(1).render("en") == ("End of the turn: the effect of War Drums on "
                                              "Spark Squire and Tide Caller ends (+2 power).")
    for seat in (0, None):
        assert entry.for_seat(seat).render("en") == (
            "End of the turn: the effect of War Drums on Spark Squire and a hidden card "
            "ends (+2 power).")


@pytest.mark.parametrize("game_id", game_ids())
def test_all_h7_every_game_logs_a_duration_ending_within_the_turn_it_ends(game_id: str) -> None:
    """Seeded bot games of each game: an effect whose duration ran out is said in the
    log, as a line of the turn that ended (never after the next turn's first line)."""
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    found = 0
    for seed in (1, 2, 3):
        game = Game(rules, selfplay.setup_for(rules, seed, decks))
        bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
        for _ in range(400):
            if game.state.game_over:
                break
            assert game.propose(bots[rules.acting_seat(game.state)].choose(game)).ok
        log = game.state.log
        for i, entry in enumerate(log):
            if entry.public.key.startswith("log.effect_end."):
                found += 1
                assert entry.turn == log[i - 1].turn
                assert entry.for_seat(0).render("en").startswith("End of the ")
                assert entry.for_seat(1).render("ja")
        if found:
            break
    assert found, f"{game_id}: no lasting effect ended in three bot games"


# -- finding 9: the menu's keys at the table, and − / + that keep the menu open ------------
#: How each key the menu shows is pressed at the table, and the act it must propose there.
TABLE_KEYS: dict[str, tuple[int, int, str, str | None]] = {
    "T": (pygame.K_t, 0, "t", "manual_tap"),
    "V": (pygame.K_v, 0, "v", "manual_flip"),
    "R": (pygame.K_r, 0, "r", None),  # asks both players first: a dialog
    "X": (pygame.K_x, 0, "x", "manual_move"),
    "S": (pygame.K_s, 0, "s", "manual_shuffle"),
    "Ctrl+N": (pygame.K_n, pygame.KMOD_CTRL, "\x0e", "manual_end_phase"),
}


def shown_keys(scene: Any) -> list[tuple[str, bool]]:
    """The keys the open menu draws on its rows, each with whether the rules allow it."""
    return [(it.choices[0].key, it.choices[0].refusal is None) for it in scene.free_menu.items
            if it.single and it.choices[0].key and getattr(it.choices[0], "shown", True)]


def check_keys_at_the_table(app: Any, game: Game, scene: Any, pos: tuple[int, int]) -> set[str]:
    """Open the menu at ``pos``, then press each key it shows there with the menu closed:
    the table does what the row does (or refuses it as the greyed row does)."""
    right_click(app, pos)
    keys = shown_keys(scene)
    key(app, pygame.K_ESCAPE)
    assert keys and {k for k, _ in keys} <= set(TABLE_KEYS), keys
    for name, allowed in sorted(keys, key=lambda k: k[0] == "Ctrl+N"):  # the phase last
        code, mod, char, kind = TABLE_KEYS[name]
        move(app, pos)
        done = len(game.history)
        key(app, code, mod=mod, unicode=char)
        frames(app, 1)
        if kind is None:
            assert scene._dialog_open() is allowed, name
            if allowed:
                key(app, pygame.K_ESCAPE)  # Cancel: nothing shown
            continue
        if allowed:
            assert len(game.history) == done + 1, name
            assert game.history[-1].action.kind == kind, name
        else:
            assert len(game.history) == done, name
    return {k for k, _ in keys}


@pytest.mark.parametrize("game_id", game_ids())
def test_all_r3_every_key_the_menu_shows_over_a_card_works_over_the_card(game_id: str) -> None:
    app, game, scene = free_table(game_id, settle=True)
    seat = scene.viewer
    iid = own_public_card(game, seat)
    assert game.propose(Action.make("manual_counter", seat, card=iid, name="charge",
                                    delta=1)).ok  # marked: the X row is offered too
    frames(app, 2)
    keys = check_keys_at_the_table(app, game, scene, scene.card_rect(iid).center)
    assert {"T", "V", "X", "Ctrl+N"} <= keys


@pytest.mark.parametrize("game_id", game_ids())
def test_all_r3_every_key_the_menu_shows_over_the_deck_works_over_the_deck(game_id: str) -> None:
    app, game, scene = free_table(game_id, settle=True)
    deck = f"p{scene.viewer}.deck"
    top = game.state.zones[deck].cards[-1]
    rect = scene.card_rect(top) or scene.zone_rect(deck)
    keys = check_keys_at_the_table(app, game, scene, rect.center)
    assert "S" in keys
    assert any(e.public.key == "log.manual_shuffle" for e in game.state.log[-4:])


def test_all_r3_the_menu_shows_no_letter_the_table_gives_another_meaning() -> None:
    """C (another counter) is 絵師100人展's challenge at the table, P (another number)
    pauses Conan's fight, L is the log: the menu draws none of them, yet still takes
    C and P while it is open."""
    app, game, scene = free_table("eshi100")
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    drawn = {k for k, _ in shown_keys(scene)}
    assert not drawn & {"C", "P", "L", "N"}
    other = i18n.t("freemenu.counter_other")
    row = next(it for it in scene.free_menu.items if it.label == other)
    assert row.choices[0].key == "C" and not row.choices[0].shown
    look = [c for it in scene.free_menu.items for c in it.choices
            if it.label == i18n.t("freemenu.look")]
    assert all(not c.key for c in look)


@pytest.mark.parametrize("game_id", game_ids())
def test_all_h7_plus_and_minus_keep_the_menu_open_for_the_next_click(game_id: str) -> None:
    app, game, scene = free_table(game_id)
    seat = scene.viewer
    iid = own_public_card(game, seat)
    assert game.propose(Action.make("manual_modify", seat, card=iid, stat="power",
                                    delta=1)).ok  # its row: "…, power: +1"
    frames(app, 2)
    right_click(app, scene.card_rect(iid).center)
    menu = scene.free_menu
    row = next(i for i, it in enumerate(menu.items) if len(it.choices) == 2
               and it.choices[1].label == "+" and it.label.endswith(": +1"))
    label = menu.items[row].label
    tapped = game.state.cards[iid].tapped
    for _ in range(2):  # the second click lands on the menu, not on the card under it
        frames(app, 1)
        press_row(app, scene, row, choice=1)
        assert menu.is_open
    (mod,) = modifiers(game.state, iid)
    assert mod.delta == 3 and game.state.cards[iid].tapped is tapped
    frames(app, 1)
    assert menu.items[row].label == label.replace(": +1", ": +3")
    press_row(app, scene, row, choice=0)
    assert modifiers(game.state, iid)[0].delta == 2 and menu.is_open
    key(app, pygame.K_ESCAPE)
    assert not menu.is_open


def test_all_h7_the_counter_plus_keeps_the_menu_open_too() -> None:
    app, game, scene = free_table("conan")
    iid = own_public_card(game, scene.viewer)
    name = game.rules.counter_names[0]
    had = game.state.cards[iid].counters.get(name, 0)
    right_click(app, scene.card_rect(iid).center)
    row = row_of(scene, "freemenu.counter", counter=i18n.t(f"counter.conan.{name}"), now=had)
    press_row(app, scene, row, choice=1)
    frames(app, 1)
    press_row(app, scene, row, choice=1)
    assert game.state.cards[iid].counters[name] == had + 2
    assert scene.free_menu.items[row].label == i18n.t(
        "freemenu.counter", counter=i18n.t(f"counter.conan.{name}"), now=had + 2)
