"""Free mode's menu of acts in the real window (ALL-R3): right-click or K on a card or
pile, its rows and buttons clicked and its keys pressed, checked on the game state."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from test_conformance import play
from ui_helpers import click, frames, key, make_app, move, post

from tabletop import i18n
from tabletop.core.actions import Action
from tabletop.core.free_mode import modifiers
from tabletop.core.model import Visibility
from tabletop.ui.table import TableScene


def free_table(game_id: str, size: tuple[int, int] = (1280, 720),
               settle: bool = False) -> tuple[Any, Any, Any]:
    """A bot game some way in, in the window, free mode on: (app, game, scene);
    ``settle``: the bots answer any open question first."""
    for seed in range(5, 13):  # the first of a few bot games still going
        game = play(game_id, seed, steps=60)
        if not game.state.game_over:
            break
    bot = game.rules.make_bot(1)
    while settle and game.state.pending is not None and not game.state.game_over:
        assert game.propose(bot.choose(game)).ok
    if game.state.game_over:
        pytest.skip("the bot game ended before the check")
    app = make_app(size)
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    assert game.propose(Action.make("set_free_mode", scene.viewer, on=True)).ok
    frames(app, 2)
    return app, game, scene


def own_public_card(game: Any, seat: int) -> int:
    state = game.state
    for zid, zone in state.zones.items():
        if zone.visibility is Visibility.PUBLIC and zone.owner == seat and zone.cards \
                and not zid.endswith(("discard", "trash", "dump")):
            return int(zone.cards[-1])
    raise AssertionError("no card of the seat in play")


def right_click(app: Any, pos: tuple[int, int]) -> None:
    click(app, pos, button=3)
    frames(app, 1)


def row_of(scene: Any, key: str, **params: Any) -> int:
    """The menu row whose words are the catalogue's ``key``."""
    words = i18n.t(key, **params)
    return next(i for i, item in enumerate(scene.free_menu.items) if item.label == words)


def press_row(app: Any, scene: Any, index: int, choice: int | None = None) -> None:
    """Click a row (or one of its buttons) of the open menu."""
    rect = scene.free_menu.rows[index] if choice is None else \
        scene.free_menu.buttons[index][choice]
    click(app, rect.center)


def test_ALL_R3_right_click_opens_the_menu_and_its_plus_adds_a_counter() -> None:
    app, game, scene = free_table("conan")
    iid = own_public_card(game, scene.viewer)
    rect = scene.card_rect(iid)
    right_click(app, rect.center)
    assert scene.free_menu.is_open
    name = game.rules.counter_names[0]
    had = game.state.cards[iid].counters.get(name, 0)
    row = row_of(scene, "freemenu.counter", counter=i18n.t(f"counter.conan.{name}"), now=had)
    press_row(app, scene, row, choice=1)  # "+"
    assert game.state.cards[iid].counters[name] == had + 1
    assert game.state.log[-1].manual and game.state.log[-1].public.key == \
        "log.manual_counter_add"
    assert scene.free_menu.is_open  # kept open for the next click (QA15b #9)
    assert game.undo(scene.viewer).ok  # undoable like every act that shows nothing


def test_ALL_R3_outside_free_mode_a_right_click_opens_nothing() -> None:
    app, game, scene = free_table("arc")
    assert game.propose(Action.make("set_free_mode", scene.viewer, on=False)).ok
    frames(app, 2)
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    assert not scene.free_menu.is_open


def test_K_opens_the_menu_over_the_card_and_enter_turns_it() -> None:
    app, game, scene = free_table("arc")
    iid = own_public_card(game, scene.viewer)
    move(app, scene.card_rect(iid).center)
    key(app, pygame.K_k, unicode="k")
    assert scene.free_menu.is_open
    assert scene.free_menu.items[scene.free_menu.index].label == i18n.t("freemenu.tap")
    tapped = game.state.cards[iid].tapped
    key(app, pygame.K_RETURN)
    assert game.state.cards[iid].tapped is not tapped
    assert not scene.free_menu.is_open


def test_escape_closes_the_menu_and_a_click_outside_does_nothing_else() -> None:
    app, game, scene = free_table("arc")
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    key(app, pygame.K_ESCAPE)
    assert not scene.free_menu.is_open
    right_click(app, scene.card_rect(iid).center)
    log_len = len(game.state.log)
    click(app, (5, 5))
    assert not scene.free_menu.is_open and len(game.state.log) == log_len


def test_plus_and_minus_keys_over_a_card_add_and_take_off_a_counter() -> None:
    app, game, scene = free_table("conan")
    iid = own_public_card(game, scene.viewer)
    name = game.rules.counter_names[0]
    had = game.state.cards[iid].counters.get(name, 0)
    move(app, scene.card_rect(iid).center)
    key(app, pygame.K_PLUS, unicode="+")
    key(app, pygame.K_PLUS, unicode="+")
    assert game.state.cards[iid].counters[name] == had + 2
    key(app, pygame.K_MINUS, unicode="-")
    assert game.state.cards[iid].counters[name] == had + 1


def test_a_counter_of_a_typed_name_is_added_and_drawn_on_the_card() -> None:
    app, game, scene = free_table("arc")
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    key(app, pygame.K_c, unicode="c")  # "Add a counter of another name..."
    assert scene.free_menu.entry is not None
    post(app, pygame.TEXTINPUT, text="poison")
    key(app, pygame.K_BACKSPACE)
    post(app, pygame.TEXTINPUT, text="n")
    key(app, pygame.K_RETURN)
    assert game.state.cards[iid].counters["poison"] == 1
    assert not scene.free_menu.is_open
    assert any(dict(cv.counters).get("poison") == 1
               for cards in scene.view.zones.values() for cv in cards)


def test_ALL_H7_a_number_changed_in_the_menu_lasts_until_the_end_of_the_turn() -> None:
    app, game, scene = free_table("arc")
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    key(app, pygame.K_p, unicode="p")
    post(app, pygame.TEXTINPUT, text="power")
    key(app, pygame.K_RETURN)
    (mod,) = modifiers(game.state, iid)
    assert (mod.stat, mod.delta) == ("power", 1)
    right_click(app, scene.card_rect(iid).center)
    row = row_of(scene, "freemenu.modify", stat=i18n.t("hover.stat.power"), now="+1")
    press_row(app, scene, row, choice=1)
    assert modifiers(game.state, iid)[0].delta == 2
    assert scene.view.modifiers == ((iid, "power", 2),)


def test_ALL_H1_looking_at_the_deck_top_shows_the_names_to_that_seat_only() -> None:
    app, game, scene = free_table("arc")
    seat = scene.viewer
    deck = game.state.zones[f"p{seat}.deck"].cards
    top = deck[-1]
    right_click(app, scene.card_rect(deck[-1]).center if scene.card_rect(deck[-1])
                else scene.zone_rect(f"p{seat}.deck").center)
    row = row_of(scene, "freemenu.look")
    press_row(app, scene, row, choice=0)  # the top card
    assert game.state.visible_to(top, seat) and not game.state.visible_to(top, 1 - seat)
    assert game.history[-1].reveals and not game.can_undo(seat)
    name = i18n.t(f"card.{game.state.cards[top].card_id}")
    window = scene.app.ui.get_window_stack().get_full_stack()[-1]
    assert name in window.text_block.html_text
    key(app, pygame.K_RETURN)  # OK


def test_ALL_H2_revealing_the_deck_top_asks_both_players_first() -> None:
    app, game, scene = free_table("arc")
    seat = scene.viewer
    top = game.state.zones[f"p{seat}.deck"].cards[-1]
    right_click(app, scene.zone_rect(f"p{seat}.deck").center)
    row = row_of(scene, "freemenu.reveal_top")
    press_row(app, scene, row, choice=0)
    assert not game.state.visible_to(top, 1 - seat)  # nothing yet: the dialog asks
    key(app, pygame.K_RETURN)  # both agree
    assert game.state.visible_to(top, 1 - seat) and game.state.visible_to(top, seat)


def test_ALL_H3_shuffle_from_the_menu_by_its_key() -> None:
    app, game, scene = free_table("arc")
    seat = scene.viewer
    right_click(app, scene.zone_rect(f"p{seat}.deck").center)
    log_len = len(game.state.log)
    key(app, pygame.K_s, unicode="s")
    assert game.state.log[log_len].public.key == "log.manual_shuffle"


def test_a_greyed_row_says_why_and_keeps_the_menu_open() -> None:
    app, game, scene = free_table("conan")
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    row = next(i for i, item in enumerate(scene.free_menu.items)
               if len(item.choices) == 2 and item.choices[0].refusal is not None)
    press_row(app, scene, row, choice=0)  # "−" of a counter at 0
    assert scene.free_menu.is_open
    assert scene.toast.message is not None


def test_ctrl_n_ends_the_phase_by_hand() -> None:
    app, game, scene = free_table("arc", settle=True)
    log_len = len(game.state.log)
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    assert game.state.log[log_len].public.key == "log.manual_end_phase"


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_menu_fits_the_table_and_its_words_are_readable(size: tuple[int, int]) -> None:
    app, game, scene = free_table("conan", size)
    iid = own_public_card(game, scene.viewer)
    right_click(app, scene.card_rect(iid).center)
    frames(app, 1)
    menu = scene.free_menu
    assert menu.box is not None and pygame.Rect((0, 0), size).contains(menu.box)
    assert not menu.box.colliderect(scene.panel_rect)
    heights = [row.h for row in menu.rows]
    assert min(heights) >= 18  # text of at least 12 px, with room


def test_ALL_R3_a_drag_keeps_counters_and_a_drop_with_shift_clears_them() -> None:
    from ui_helpers import drag

    app, game, scene = free_table("conan")
    seat = scene.viewer
    iid = own_public_card(game, seat)
    assert game.propose(Action.make("manual_counter", seat, card=iid, name="damage",
                                    delta=2)).ok
    frames(app, 2)
    pile = f"p{seat}.discard"
    drag(app, scene.card_rect(iid).center, scene.zone_rect(pile).center)
    assert game.state.zone_of(iid) == pile
    assert game.state.cards[iid].counters.get("damage") == 2  # kept (ALL-R3)
    start = scene.card_rect(iid).center  # the top of the discard pile now
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        drag(app, start, scene.zone_rect(f"p{seat}.side").center)
    finally:
        pygame.key.set_mods(0)
    assert game.state.zone_of(iid) == f"p{seat}.side"
    assert "damage" not in game.state.cards[iid].counters
    assert game.state.log[-1].public.key == "log.manual_move_cleared"


def test_ALL_R2_the_menu_of_the_other_players_hand_card_names_nothing() -> None:
    app, game, scene = free_table("arc")
    other = 1 - scene.viewer
    hand = game.state.zones[f"p{other}.hand"].cards
    if not hand:
        pytest.skip("the other hand is empty")
    secret = i18n.t(f"card.{game.state.cards[hand[0]].card_id}")
    view_ids = [cv.iid for cv in scene.view.zones[f"p{other}.hand"]]
    rect = scene.card_rect(view_ids[0])
    right_click(app, rect.center)
    menu = scene.free_menu
    assert menu.is_open
    assert all(secret != item.label and secret not in item.label for item in menu.items)
    counters = i18n.t("freemenu.counter_other")
    assert all(item.label != counters for item in menu.items)  # no marks in a hand


def test_ALL_H7_a_changed_number_is_drawn_on_its_card() -> None:
    app, game, scene = free_table("arc")
    iid = own_public_card(game, scene.viewer)
    rect = scene.card_rect(iid)
    frames(app, 1)
    before = app.screen.subsurface(rect).copy()
    assert game.propose(Action.make("manual_modify", scene.viewer, card=iid, stat="power",
                                    delta=2)).ok
    frames(app, 2)
    after = app.screen.subsurface(scene.card_rect(iid)).copy()
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
    assert scene.view.modifiers == ((iid, "power", 2),)
