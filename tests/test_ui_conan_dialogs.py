"""The Conan window's questions answered as a player would (posted mouse/key events).

Each test builds the exact position (``GameSetup(position=...)``), drives the real
window, answers the dialog or decision by clicking, and checks the game state: the
Major Foe's cost (CONAN-R5), the Foe's wound warning (CONAN-R12), the Chronicle
loss after a retreat or a defeated Ally (CONAN-R17), the Press On choice
(CONAN-R2), Rest healing (CONAN-R18), the hand adjustment to 7 (CONAN-H10) and the
Foe Move fallback shown step by step (CONAN-R13). When the deciding seat changes,
the hot-seat cover comes first, and the dialog is only built after it.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import html  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import click, drag, frames, key, table_at  # noqa: E402

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.games.conan import battlefield as bf  # noqa: E402
from tabletop.games.conan import stats as st  # noqa: E402
from tabletop.games.conan.data import turn_data  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402

RULES = load_rules("conan")
SIZE = (1280, 720)


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


DECKS = {"p0.deck": ["move_parry"] * 8, "p1.deck": ["move_parry"] * 8,
         "p0.foe_deck": ["foe_hill_bandit"] * 4, "p1.foe_deck": ["foe_hill_bandit"] * 4}


def table(position: dict[str, Any], lang: str = "en"):
    return table_at("conan", position, size=SIZE, lang=lang, rules=RULES)


def covered_for(app, seat: int) -> bool:
    top = app.stack.top
    return isinstance(top, HotseatCover) and top.seat == seat


def dismiss_cover(app) -> None:
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    frames(app, 2)


def press(app, button) -> None:
    click(app, button.get_abs_rect().center)


def decide(app, scene, option: str) -> None:
    """Click the decision button ``option`` in the side panel."""
    assert option in scene.decisions.buttons, sorted(scene.decisions.buttons)
    press(app, scene.decisions.buttons[option])


def drop_on(app, scene, iid: int, target_mm: tuple[float, float]) -> None:
    end = scene.viewport.to_px(*target_mm)
    drag(app, scene.card_rect(iid).center, (round(end[0]), round(end[1])))


def answer(app, scene, text: str) -> None:
    """Click the dialog answer whose button reads ``text``."""
    dialog = scene.ui.dialog
    assert dialog is not None and dialog.alive
    assert text in dialog.labels, dialog.labels
    press(app, dialog.button(dialog.labels.index(text)))


def body_text(dialog) -> str:
    """The dialog's text as read (line breaks as spaces, entities decoded)."""
    return html.unescape(dialog.text.html_text.replace("<br>", " "))


def assert_fits(dialog) -> None:
    """The whole dialog on a 1280x720 screen, each answer readable on its button."""
    screen = pygame.Rect((0, 0), SIZE)
    assert screen.contains(dialog.window.rect)
    assert dialog.text.scroll_bar is None
    for button in [*dialog.buttons, dialog.cancel_button]:
        if button is not None:
            assert button.font.size(button.text)[0] <= button.rect.w - 8, button.text


def hidden_leak_guard(game, scene) -> list[str]:
    """Record every card of the other seat's hand drawn face up (ALL-R2)."""
    leaks: list[str] = []

    def on_face(viewer: int, iid: int) -> None:
        card = game.state.cards[iid]
        if game.state.zone_of(iid) == f"p{1 - viewer}.hand" and viewer not in card.known_to:
            leaks.append(f"viewer {viewer} saw {card.card_id}")

    scene.face_listener = on_face
    return leaks


# ---------------------------------------------------------------------- CONAN-R5


MAJOR = {
    "turn": 2, "active": 0, "phase": "foe_draw", "step": "place",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p1.foe_hand": [c("foe_mercenary_captain", "captain"),
                              c("foe_hill_bandit", "bandit"),
                              c("foe_rattling_skeleton", "skel1"),
                              c("foe_rattling_skeleton", "skel2")],
              **DECKS},
}


def test_conan_r5_the_major_foe_dialog_asks_which_minor_foes_pay():
    app, game, scene, labels = table(MAJOR)
    try:
        assert scene.viewer == 1
        centre = scene.layout.zone("center")
        drop_on(app, scene, labels["captain"], (centre.x_mm, centre.y_mm))
        dialog = scene.ui.dialog
        assert dialog is not None
        body = body_text(dialog)
        assert "Mercenary Captain is a Major Foe" in body and "2 renown" in body
        assert_fits(dialog)
        # Only the minimal payments are offered: the Bandit (2), or both Skeletons (1+1).
        assert sorted(dialog.labels) == sorted([
            "Discard Hill Bandit", "Discard Rattling Skeleton, Rattling Skeleton"])
        assert game.state.zone_of(labels["captain"]) == "p1.foe_hand"  # nothing yet
        # Cancel: the Captain stays in the Foe hand.
        press(app, dialog.cancel_button)
        assert scene.ui.dialog is None
        assert game.state.zone_of(labels["captain"]) == "p1.foe_hand"
        drop_on(app, scene, labels["captain"], (centre.x_mm, centre.y_mm))
        answer(app, scene, "Discard Rattling Skeleton, Rattling Skeleton")
        state = game.state
        assert state.zone_of(labels["captain"]) == "center"
        assert state.zone_of(labels["skel1"]) == "p1.foe_discard"
        assert state.zone_of(labels["skel2"]) == "p1.foe_discard"
        assert state.zone_of(labels["bandit"]) == "p1.foe_hand"
        assert scene.ui.dialog is None
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- CONAN-R12


WOUND = {
    "turn": 3, "active": 0, "phase": "foe_move",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "center": [c("foe_rattling_skeleton", "skel")],
              "p1.hand": [c("move_cleave", "cleave")],
              "p0.hand": [c("move_parry", "parry")], **DECKS},
}


def test_conan_r12_the_wound_warning_names_the_wounds_before_the_move_is_placed():
    app, game, scene, labels = table(WOUND)
    try:
        assert scene.viewer == 1
        skel = labels["skel"]
        place = bf.foe_move_shape(bf.foe_shapes(game.state, "center")[0], "x").center
        drop_on(app, scene, labels["cleave"], place)
        dialog = scene.ui.dialog
        assert dialog is not None
        body = body_text(dialog)
        # Plain words: prowess left, the cost, and that the rest become wounds.
        assert "1 prowess left" in body and "costs 2" in body and "wounds" in body
        assert_fits(dialog)
        assert game.state.zone_of(labels["cleave"]) == "p1.hand"
        # Esc withdraws the question; nothing was placed.
        key(app, pygame.K_ESCAPE)
        assert scene.ui.dialog is None and scene.ui.waiting is None
        assert game.state.zone_of(labels["cleave"]) == "p1.hand"
        drop_on(app, scene, labels["cleave"], place)
        answer(app, scene, "Place it: 1 wound counter")
        assert game.state.zone_of(labels["cleave"]) == "moves"
        assert not game.state.cards[labels["cleave"]].face_up
        assert st.counter(game.state, skel, "wound") == 1
        assert st.prowess_now(game.state, RULES.cards, skel) == 0
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- CONAN-R17


RETREAT = {
    "turn": 3, "active": 0, "phase": "survey",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "center": [c("foe_temple_spearman", "spearman"),
                         c("foe_shield_veteran", "veteran")],
              "p0.chronicle": [c("foe_mercenary_captain", "captain"),
                               c("foe_hill_bandit", "bandit"), c("foe_crypt_ghoul", "ghoul")],
              "p0.hand": [c("move_parry", "parry")],
              "p1.hand": [c("move_slash", "secret")],
              "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 7},
}


def test_conan_r17_the_retreat_loss_is_chosen_by_the_enemy_after_the_cover():
    app, game, scene, labels = table(RETREAT)
    try:
        assert scene.viewer == 0 and game.state.pending.kind == "survey"
        decide(app, scene, "retreat")
        # The enemy picks the Chronicle cards: the cover first, no dialog under it.
        assert covered_for(app, 1)
        assert scene.ui.dialog is None
        dismiss_cover(app)
        assert scene.viewer == 1
        dialog = scene.ui.dialog
        assert dialog is not None and dialog.cancel_button is None  # must be answered
        assert_fits(dialog)
        body = body_text(dialog)
        assert "at least 3 renown" in body
        assert "Why: a retreat costs renown" in body and "Foe discard" in body
        assert dialog.window.close_window_button is None  # no close box: it must be answered
        key(app, pygame.K_ESCAPE)  # nor does Esc close it
        assert scene.ui.dialog is dialog and dialog.alive
        # Only minimal choices: the Ghoul (3) or the Captain (6), never Bandit + Ghoul.
        assert sorted(dialog.labels) == ["Crypt Ghoul (renown 3)",
                                         "Mercenary Captain (renown 6)"]
        assert not any("Hill Bandit" in x for x in dialog.labels)
        answer(app, scene, next(x for x in dialog.labels if "Crypt Ghoul" in x))
        state = game.state
        assert state.zone_of(labels["ghoul"]) == "p1.foe_discard"
        assert state.zone_of(labels["captain"]) == "p0.chronicle"
        assert state.zone_of(labels["spearman"]) == "p1.foe_discard"
        assert state.zone_of(labels["veteran"]) == "p1.foe_discard"
        assert state.active == 1 and state.pending.kind == "press_on"
        assert scene.ui.dialog is None
    finally:
        app.shutdown()


ALLY = {
    "turn": 3, "active": 0, "phase": "foe_move",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p0.side": [c("ally_hired_archer", "archer")],
              "center": [c("foe_cave_ape", "ape")],
              "p0.chronicle": [c("foe_grey_wolf", "wolf"), c("foe_rattling_skeleton", "skeleton"),
                               c("foe_crypt_ghoul", "ghoul")],
              "p0.hand": [c("move_wrestle", "wrestle")], "p1.hand": [c("move_cleave", "cleave")],
              "p0.deck": ["move_parry"] * 3, "p1.deck": ["move_parry"] * 3},
}


def test_conan_r17_a_defeated_ally_costs_renown_chosen_in_the_dialog():
    app, game, scene, labels = table(ALLY)
    try:
        for action in (Action.make("place_foe_move", 1, card=labels["cleave"], foe=labels["ape"]),
                       Action.make("next_phase", 1)):
            assert game.propose(action).ok
        dismiss_cover(app)
        assert game.propose(Action.make("place_move", 0, card=labels["wrestle"],
                                        character=labels["archer"],
                                        target="center/foe1/right")).ok
        press(app, scene.controls.buttons["next_phase"])
        frames(app, 2)
        if game.state.pending is not None and game.state.pending.kind == "barbarian":
            decide(app, scene, "pass")
        assert game.state.zone_of(labels["archer"]) == "p0.discard"
        assert game.state.pending.kind == "chronicle_loss"
        assert covered_for(app, 1) and scene.ui.dialog is None
        dismiss_cover(app)
        # The question comes after the fight's playback (issue 10), Esc skips to it;
        # a second Esc never closes the required question.
        assert scene.ui.playback.active and scene.ui.dialog is None
        key(app, pygame.K_ESCAPE)
        assert not scene.ui.playback.active
        dialog = scene.ui.dialog
        assert dialog is not None and dialog.alive
        key(app, pygame.K_ESCAPE)
        assert scene.ui.dialog is dialog and dialog.alive
        assert_fits(dialog)
        body = body_text(dialog)
        assert "at least 2 renown" in body and "Why: a defeated Ally" in body
        assert sorted(dialog.labels) == ["Crypt Ghoul (renown 3)", "Grey Wolf (renown 2)"]
        assert not any("Rattling Skeleton" in x for x in dialog.labels)
        answer(app, scene, next(x for x in dialog.labels if "Grey Wolf" in x))
        state = game.state
        assert state.zone_of(labels["wolf"]) == "p1.foe_discard"
        assert state.zone_of(labels["ghoul"]) == "p0.chronicle"
        assert state.zone_of(labels["skeleton"]) == "p0.chronicle"
        assert state.pending.kind == "survey"
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- CONAN-R2


PRESS = {
    "turn": 3, "active": 0, "phase": "press_on",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p0.hand": [c("ally_hired_archer", "archer")],
              "p1.hand": [c("move_slash", "secret")], **DECKS},
}


@pytest.mark.parametrize("option", ["press_on", "rest"])
def test_conan_r2_the_press_on_choice_is_answered_with_a_button(option: str):
    app, game, scene, _labels = table(PRESS)
    try:
        assert scene.viewer == 0 and game.state.pending.kind == "press_on"
        assert scene.decisions.buttons["press_on"].text == "Press On"
        assert "press on" in scene.decisions.prompt_text("en")
        decide(app, scene, option)
        state = game.state
        if option == "press_on":
            assert state.phase == "prepare" and turn_data(state).press == 1
            assert state.pending is None
        else:  # Rest: nothing to heal, hands to 7, then the other seat's turn
            assert state.active == 1 and state.pending.kind == "press_on"
            assert covered_for(app, 1)
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- CONAN-R18


REST = {
    "turn": 3, "active": 0, "phase": "rest",
    "zones": {"conan": [c("conan_wanderer", "conan", counters={"damage": 2, "wound": 1})],
              "p0.hand": [c("move_parry", "parry")],
              "p1.hand": [c("move_slash", "secret")], **DECKS},
}


def test_conan_r18_rest_healing_is_spent_point_by_point():
    app, game, scene, labels = table(REST)
    try:
        conan = labels["conan"]
        state = game.state
        assert scene.viewer == 0 and state.pending.kind == "rest_heal"
        assert turn_data(state).heal_left == 3  # min(prowess 5, vitality 3)
        assert scene.decisions.buttons["heal"].text == "Heal 1 damage"
        assert scene.decisions.buttons["unwound"].text == "Remove 1 wound"
        assert "3 prowess left" in scene.decisions.prompt_text("en")
        decide(app, scene, "heal")
        assert st.counter(game.state, conan, "damage") == 1
        decide(app, scene, "unwound")
        assert st.counter(game.state, conan, "wound") == 0
        assert "unwound" not in scene.decisions.buttons  # no wound left to remove
        assert "1 prowess left" in scene.decisions.prompt_text("en")
        decide(app, scene, "done")
        state = game.state
        assert st.counter(state, conan, "damage") == 1  # the last point was not spent
        assert state.zone_of(conan) == "p0.side"
        assert len(state.zones["p0.hand"].cards) == 7
        # The turn passes: seat 1 takes over behind the cover.
        assert state.active == 1 and state.pending.kind == "press_on"
        assert covered_for(app, 1)
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- CONAN-H10


ADJUST = {
    "turn": 3, "active": 0, "phase": "rest",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p0.hand": [c("move_parry", f"a{i}") for i in range(9)],
              "p1.hand": [c("move_slash", f"b{i}") for i in range(8)], **DECKS},
}


def test_conan_h10_the_hands_are_discarded_down_to_7_by_clicking_cards():
    app, game, scene, labels = table(ADJUST)
    leaks = hidden_leak_guard(game, scene)
    try:
        state = game.state
        assert scene.viewer == 0 and state.pending.kind == "discard"
        assert not scene.decisions.buttons  # answered on the table, not with 9 buttons
        prompt = scene.decisions.prompt_text("en")
        assert "2 more" in prompt and "Click a card in your hand" in prompt
        for name in ("a0", "a1"):
            click(app, scene.card_rect(labels[name]).center)
            assert game.state.zone_of(labels[name]) == "p0.discard"
        assert len(game.state.zones["p0.hand"].cards) == 7
        # Seat 1 discards next: the cover comes first.
        assert covered_for(app, 1)
        dismiss_cover(app)
        assert scene.viewer == 1 and game.state.pending.kind == "discard"
        click(app, scene.card_rect(labels["b3"]).center)
        state = game.state
        assert state.zone_of(labels["b3"]) == "p1.discard"
        assert len(state.zones["p1.hand"].cards) == 7
        assert state.active == 1 and state.pending.kind == "press_on"
        frames(app, 2)
        assert not leaks
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- CONAN-R13


FALLBACK = {
    "turn": 3, "active": 0, "phase": "foe_move",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "center": [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
              "p1.hand": [c("move_cleave", "cleave"), c("region_ruined_citadel", "citadel")],
              "p0.hand": [c("move_parry", "parry")],
              # The top of a deck is its last card: the Archer, then the Slash.
              "p1.deck": [*["move_parry"] * 4, c("move_slash", "top2"),
                          c("ally_hired_archer", "top1")],
              "p0.deck": ["move_parry"] * 6},
}


def test_conan_r13_the_deck_top_fallback_is_shown_step_by_step_after_the_cover():
    app, game, scene, labels = table(FALLBACK)
    try:
        assert scene.viewer == 1
        place = bf.foe_move_shape(next(s for s in bf.foe_shapes(game.state, "center")
                                       if int(s.key) == labels["bandit"]), "x").center
        drop_on(app, scene, labels["cleave"], place)
        assert game.state.zone_of(labels["cleave"]) == "moves"
        press(app, scene.controls.buttons["next_phase"])
        state = game.state
        assert state.phase == "conan_move"
        assert state.zone_of(labels["top1"]) == "p1.discard"  # turned over: no Move
        assert state.zone_of(labels["top2"]) == "moves"  # the Spearman's Move
        assert state.cards[labels["top2"]].face_up
        # Conan's player takes over: the cover first, the captions wait under it.
        assert covered_for(app, 0)
        pb = scene.ui.playback
        frames(app, 200)  # longer than every step's time: nothing advances under the cover
        assert pb.index == 0
        dismiss_cover(app)
        assert scene.viewer == 0
        captions = [s.text for s in pb.steps if s.kind == "caption"]
        assert len(captions) == 3
        assert "shows the hand" in captions[0] and "Ruined Citadel" in captions[0]
        assert "Hired Archer" in captions[1] and "no Move" in captions[1]
        assert "Slash" in captions[2] and "Temple Spearman" in captions[2]
        # One line at a time, by hand.
        assert pb.active and pb.current.text == captions[0]
        key(app, pygame.K_SPACE)
        assert pb.current.text == captions[1]
        key(app, pygame.K_SPACE)
        assert pb.current.text == captions[2]
        key(app, pygame.K_SPACE)
        assert not pb.active
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Japanese at 1280x720


def test_conan_r5_r17_the_japanese_dialogs_fit_1280x720():
    from tabletop import i18n

    try:
        app, game, scene, labels = table(MAJOR, "ja")
        try:
            centre = scene.layout.zone("center")
            drop_on(app, scene, labels["captain"], (centre.x_mm, centre.y_mm))
            assert scene.ui.dialog is not None
            assert_fits(scene.ui.dialog)
        finally:
            app.shutdown()
        app, game, scene, labels = table(RETREAT, "ja")
        try:
            decide(app, scene, "retreat")
            dismiss_cover(app)
            dialog = scene.ui.dialog
            assert dialog is not None
            assert_fits(dialog)
            assert "理由" in body_text(dialog)
            assert any("名声3" in x for x in dialog.labels)
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")
