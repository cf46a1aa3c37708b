"""Free mode at the table after the club tester's report (issue 15, finding 9), in the
real window: "+" over a card in a game with no counter of its own asks the counter's
name in an empty field; X over a card does what the menu's X row does; a card moved by
hand between open zones keeps its changed numbers as it keeps its counters (ALL-H7);
only a hidden pile (a deck) is offered, and accepted, for a shuffle (ALL-R3)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from test_free_mode_acts import free_game
from test_ui_free_mode_acts import free_table, own_public_card, right_click
from ui_helpers import FRAME, drag, frames, key, move

from tabletop import i18n
from tabletop.core import free_mode
from tabletop.core.actions import Action
from tabletop.core.free_mode import modifiers
from tabletop.core.messages import zone_msg
from tabletop.core.model import Visibility
from tabletop.core.rules import game_ids

GAME = pytest.mark.parametrize("game_id", game_ids())


def press_typing(app: Any, k: int, char: str, frame_between: bool = False) -> None:
    """A key press as SDL delivers it: KEYDOWN, then the TEXTINPUT of its character
    (in the same frame, or the next one), then KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char,
                                         scancode=0))
    if frame_between:
        app.frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=char,
                                         scancode=0))
    app.frame(FRAME)


def type_text(app: Any, text: str) -> None:
    for char in text:
        press_typing(app, pygame.key.key_code(char) if char.isalpha() else 0, char)


# -- "+" in a game without a counter of its own ------------------------------------------
@pytest.mark.parametrize("frame_between", [False, True])
def test_ALL_H7_plus_over_a_card_in_arc_asks_the_counter_name_in_an_empty_field(
        frame_between: bool) -> None:
    app, game, scene = free_table("arc")
    assert game.rules.counter_names == ()  # Arc's cards carry no counter of their own
    iid = own_public_card(game, scene.viewer)
    move(app, scene.card_rect(iid).center)
    press_typing(app, pygame.K_PLUS, "+", frame_between)
    entry = scene.free_menu.entry
    assert entry is not None and entry.prompt == i18n.t("freemenu.counter_prompt")
    assert entry.text == ""  # the "+" that opened it is not typed in
    type_text(app, "charge")
    assert entry.text == "charge"
    key(app, pygame.K_RETURN)
    assert game.state.cards[iid].counters == {"charge": 1}
    move(app, scene.card_rect(iid).center)
    press_typing(app, pygame.K_PLUS, "+")  # now it has one: + adds to it at once
    assert game.state.cards[iid].counters == {"charge": 2}
    assert scene.free_menu.entry is None


def test_ALL_H7_a_plus_typed_after_the_opening_one_is_kept() -> None:
    """Only the opening press's own text is left out: a name may hold a "+"."""
    app, game, scene = free_table("arc")
    iid = own_public_card(game, scene.viewer)
    move(app, scene.card_rect(iid).center)
    press_typing(app, pygame.K_PLUS, "+")
    type_text(app, "a+")
    assert scene.free_menu.entry is not None and scene.free_menu.entry.text == "a+"


def test_ALL_R3_the_menus_c_key_opens_an_empty_name_field() -> None:
    app, game, scene = free_table("conan")
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    press_typing(app, pygame.K_c, "c")
    entry = scene.free_menu.entry
    assert entry is not None and entry.text == ""


# -- X over a card ---------------------------------------------------------------------------
@GAME
def test_ALL_H7_x_over_a_card_moves_it_to_its_discard_pile_clearing_its_marks(
        game_id: str) -> None:
    app, game, scene = free_table(game_id)
    seat = scene.viewer
    iid = own_public_card(game, seat)
    assert game.propose(Action.make("manual_counter", seat, card=iid, name="charge",
                                    delta=2)).ok
    assert game.propose(Action.make("manual_modify", seat, card=iid, stat="power",
                                    delta=1)).ok
    frames(app, 2)
    pile = scene.free_menu._discard_of(scene, seat)
    right_click(app, scene.card_rect(iid).center)  # the menu names the key
    row = next(it for it in scene.free_menu.items if it.single and it.choices[0].key == "X")
    assert row.label == i18n.t("freemenu.clear_move",
                               zone=zone_msg(pile).render(i18n.get_language()))
    assert row.choices[0].refusal is None  # lit: what X will do over the card
    key(app, pygame.K_ESCAPE)
    move(app, scene.card_rect(iid).center)
    key(app, pygame.K_x, unicode="x")
    assert game.state.zone_of(iid) == pile
    assert "charge" not in game.state.cards[iid].counters
    assert modifiers(game.state, iid) == ()
    keys = [entry.for_seat(seat).key for entry in game.state.log[-2:]]
    assert keys == ["log.manual_move_cleared", "log.manual_changes_end"]


def test_ALL_R3_x_outside_free_mode_says_free_mode_is_needed() -> None:
    app, game, scene = free_table("arc")
    seat = scene.viewer
    assert game.propose(Action.make("set_free_mode", seat, on=False)).ok
    frames(app, 2)
    iid = own_public_card(game, seat)
    where = game.state.zone_of(iid)
    move(app, scene.card_rect(iid).center)
    key(app, pygame.K_x, unicode="x")
    assert game.state.zone_of(iid) == where
    assert scene.toast.rule == "ALL-R3"


# -- a move by hand keeps the changed numbers as it keeps the counters ----------------------
def test_ALL_H7_a_dragged_card_keeps_its_change_until_the_end_of_turn() -> None:
    """The tester's case: a card with "+1 power" dragged between open zones in play
    keeps it, as it keeps its counters; Shift clears both; into the discard pile it
    leaves play and the change ends, said in the log (the counters stay, ALL-H7)."""
    app, game, scene = free_table("arc")
    seat = scene.viewer
    iid = own_public_card(game, seat)
    for kind, args in (("manual_counter", {"name": "stun", "delta": 1}),
                       ("manual_modify", {"stat": "power", "delta": 1})):
        assert game.propose(Action.make(kind, seat, card=iid, **args)).ok
    frames(app, 2)
    row = f"p{seat}.characters" if game.state.zone_of(iid) != f"p{seat}.characters" \
        else f"p{seat}.combat"
    drag(app, scene.card_rect(iid).center, scene.zone_rect(row).center)
    assert game.state.zone_of(iid) == row
    assert game.state.cards[iid].counters == {"stun": 1}
    assert [(m.stat, m.delta, m.zone) for m in modifiers(game.state, iid)] == \
        [("power", 1, row)]
    frames(app, 1)
    assert [(stat, delta) for _, stat, delta in scene.view.modifiers] == [("power", 1)]
    assert game.state.log[-1].public.key == "log.manual_move"  # nothing ended
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:  # Shift clears both, and the log says so
        drag(app, scene.card_rect(iid).center, scene.zone_rect(f"p{seat}.combat"
                                                               if row != f"p{seat}.combat"
                                                               else f"p{seat}.characters"
                                                               ).center)
    finally:
        pygame.key.set_mods(0)
    assert game.state.cards[iid].counters == {}
    assert modifiers(game.state, iid) == ()
    assert game.state.log[-1].for_seat(seat).key == "log.manual_changes_end"
    for kind, args in (("manual_counter", {"name": "stun", "delta": 1}),
                       ("manual_modify", {"stat": "power", "delta": 1})):
        assert game.propose(Action.make(kind, seat, card=iid, **args)).ok
    frames(app, 2)
    pile = f"p{seat}.discard"
    drag(app, scene.card_rect(iid).center, scene.zone_rect(pile).center)
    assert game.state.zone_of(iid) == pile
    assert game.state.cards[iid].counters == {"stun": 1}
    assert modifiers(game.state, iid) == ()
    line = game.state.log[-1].for_seat(seat)
    assert line.key == "log.manual_changes_left_play" and "+1 power" in line.render("en")


@GAME
def test_ALL_H7_a_change_ends_and_is_logged_when_the_rules_move_its_card(game_id: str) -> None:
    """The rules' own moves (a card destroyed, returned) are no manual move: the change
    ends as its card leaves its zone, and the log says so, naming the change."""
    game = free_game(game_id)
    state = game.state
    iid = next(i for z in state.zones.values() if z.visibility is Visibility.PUBLIC
               and z.owner == 0 for i in z.cards)
    assert game.propose(Action.make("manual_modify", 0, card=iid, stat="power",
                                    delta=2)).ok
    pile = next(z for z in ("p0.discard", "p0.trash", "p0.hand") if z in state.zones
                and z != state.zone_of(iid))
    state.move(iid, pile)  # as a rule's effect moves it
    free_mode.expire(state, game_id)  # the engine's call after every action
    assert modifiers(state, iid) == ()
    line = state.log[-1].for_seat(0)
    assert line.key == "log.manual_changes_end"
    assert "+2" in line.render("en")


# -- a shuffle only of a hidden pile -------------------------------------------------------------
@GAME
def test_ALL_R3_shuffle_is_offered_for_a_deck_and_never_for_an_open_row(game_id: str) -> None:
    app, game, scene = free_table(game_id)
    seat = scene.viewer
    shuffle = i18n.t("freemenu.shuffle")
    iid = own_public_card(game, seat)
    row = game.state.zone_of(iid)
    right_click(app, scene.card_rect(iid).center)
    assert scene.free_menu.is_open
    assert shuffle not in [it.label for it in scene.free_menu.items]
    key(app, pygame.K_s, unicode="s")  # the menu's S does nothing here
    assert game.state.log[-1].public.key != "log.manual_shuffle"
    key(app, pygame.K_ESCAPE)
    verdict = game.check(Action.make("manual_shuffle", seat, zone=row))
    assert (verdict.rule, verdict.reason) in {("ALL-R3", "manual_shuffle_open"),
                                              ("ALL-R3", "manual_shuffle_places")}
    right_click(app, scene.zone_rect(f"p{seat}.deck").center)
    assert shuffle in [it.label for it in scene.free_menu.items]
    key(app, pygame.K_s, unicode="s")
    assert game.state.log[-1].public.key == "log.manual_shuffle"
