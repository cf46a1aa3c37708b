"""Issue 10, the shared table: no surprises for a newcomer, in every game.

Driven through the real window (posted events, ``tests/ui_helpers.py``) on small Arc
tables, since the mechanism is the table's and every game inherits it; the last tests
resign in each of the four games. Each test is named after the item it checks.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import (  # noqa: E402
    FRAME,
    arc_position,
    click,
    drag,
    frames,
    key,
    move,
    table_at,
)

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.engine import replay, resigned_seat  # noqa: E402
from tabletop.core.persistence import load_save, save_game  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402

RESOURCE = dict(arc_position("resource"), data={"resource_played": False})
RESOURCE["zones"] = dict(RESOURCE["zones"], **{
    "p0.hand": [{"card": "red_ember_hills", "label": "hills"},
                {"card": "red_phoenix_queen", "label": "queen"},
                {"card": "red_battle_cry", "label": "cry"},
                {"card": "red_flame_duelist", "label": "duelist2"}]})


def table(position):
    return table_at("arc", position, seed=3)


@pytest.fixture
def arc():
    made = []

    def start(phase="main", position=None):
        made.append(table(position or arc_position(phase)))
        return made[-1]

    yield start
    for app, *_ in made:
        app.shutdown()


def keydown(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    app.frame(FRAME)


def keyup(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.frame(FRAME)


def dialog_of(app):
    """The open confirmation dialog (None when there is none)."""
    return next((w for w in app.ui.get_root_container().elements
                 if hasattr(w, "confirm_button") and w.alive()), None)


def point_on(scene, iid):
    """A pixel where ``iid`` is the topmost card."""
    rect = scene.card_rect(iid)
    for dx in range(2, rect.w, 3):
        point = (rect.x + dx, rect.centery)
        if scene._card_at_px(point) == scene.view_id(iid):
            return point
    raise AssertionError(f"card {iid} is covered everywhere")


# ---------------------------------------------------------------------- 1. keys


def test_space_that_dismisses_the_cover_never_also_means_next_phase(arc):
    app, game, scene, labels = arc("main")
    key(app, pygame.K_e)  # end turn: the cover for Player 2
    assert isinstance(app.stack.top, HotseatCover)
    frames(app, int(ARM_DELAY * 60) + 3)
    phase = game.state.phase
    keydown(app, pygame.K_SPACE)  # dismisses the cover
    assert app.stack.top is scene and scene.viewer == 1
    keydown(app, pygame.K_SPACE)  # the same press, repeated while held
    keyup(app, pygame.K_SPACE)
    frames(app, 2)
    assert game.state.phase == phase and game.state.active == 1
    key(app, pygame.K_SPACE)  # a new press is the table's again
    assert game.state.phase != phase


def test_a_key_the_plugin_used_for_its_overlay_does_not_act_on_the_table(arc):
    app, game, scene, labels = arc("main")
    original = scene.ui.handle_event
    steps = []

    def playback(scene_, event):  # an overlay that ends at its first Space
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and not steps:
            steps.append(event)
            return None
        return original(scene_, event)

    scene.ui.handle_event = playback
    keydown(app, pygame.K_SPACE)
    keydown(app, pygame.K_SPACE)  # repeated: the overlay is gone, the table must not act
    assert game.state.phase == "main" and len(steps) == 1
    keyup(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    assert game.state.phase != "main"


def test_keys_do_nothing_to_the_table_while_a_card_is_dragged(arc):
    app, game, scene, labels = arc("main")
    start = point_on(scene, labels["queen"])
    drag(app, start, scene.zone_rect("p0.characters").center, release=False)
    assert scene.drag is not None
    key(app, pygame.K_n)
    key(app, pygame.K_e)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert game.state.phase == "main" and game.state.active == 0
    assert scene.drag is not None  # still held: the keys did nothing at all
    key(app, pygame.K_ESCAPE)
    assert scene.drag is None


def test_keys_do_nothing_to_the_table_while_a_dialog_is_open(arc):
    app, game, scene, labels = arc("main")
    click(app, scene.controls.buttons["resign"].get_abs_rect().center)
    assert dialog_of(app) is not None
    key(app, pygame.K_n)
    key(app, pygame.K_SPACE)
    assert game.state.phase == "main" and not game.state.game_over


def test_next_phase_with_selected_attackers_asks_first(arc):
    app, game, scene, labels = arc("attack")
    click(app, scene.card_rect(labels["duelist"]).center)
    assert scene.selected == [labels["duelist"]]
    key(app, pygame.K_n)
    dialog = dialog_of(app)
    assert dialog is not None and "Flame Duelist" in dialog.confirmation_text.html_text
    assert game.state.phase == "attack"  # nothing skipped unseen
    click(app, dialog.cancel_button.get_abs_rect().center)
    frames(app, 2)
    assert game.state.phase == "attack" and scene.selected == [labels["duelist"]]
    key(app, pygame.K_n)
    click(app, dialog_of(app).confirm_button.get_abs_rect().center)
    frames(app, 2)
    assert game.state.phase != "attack" and scene.selected == []


# ---------------------------------------------------------------------- 2. the hand


def test_hand_cards_stay_put_while_the_pointer_is_over_the_hand(arc):
    app, game, scene, labels = arc(position=RESOURCE)
    hills = labels["hills"]
    drag(app, point_on(scene, hills), scene.zone_rect("p0.resources").center)
    assert game.state.zone_of(hills) == "p0.resources"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # back into the hand
    assert game.state.zone_of(hills) == "p0.hand"
    others = [labels["queen"], labels["cry"], labels["duelist2"]]
    move(app, point_on(scene, labels["cry"]))  # the pointer rests on the hand
    before = {i: scene.card_rect(i).topleft for i in others}
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # the hills leave the hand again
    assert game.state.zone_of(hills) == "p0.resources"
    assert {i: scene.card_rect(i).topleft for i in others} == before
    assert scene.held_hands == {"p0.hand"}
    move(app, scene.zone_rect("p1.characters").center)  # the pointer leaves the hand
    assert not scene.held_hands
    assert {i: scene.card_rect(i).topleft for i in others} != before  # re-centred


# ---------------------------------------------------------------------- 3. toast, log, preview


def test_the_last_refusal_stays_readable_and_is_in_the_refused_seats_log_only(arc):
    app, game, scene, labels = arc("main")
    before = game.state.fingerprint()
    drag(app, point_on(scene, labels["queen"]), scene.zone_rect("p0.characters").center)
    assert scene.toast.visible and scene.toast.rule == "ARC-R4"
    frames(app, 900)  # fifteen seconds later
    assert scene.toast.visible
    assert any("Phoenix Queen" in line for line in scene._log_lines)
    assert game.state.fingerprint() == before  # a refusal changes nothing in the game
    key(app, pygame.K_e)  # the next action takes the toast away
    assert not scene.toast.visible
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    frames(app, 2)
    assert scene.viewer == 1
    assert not any("Phoenix Queen" in line for line in scene._log_lines)


def test_the_refusal_toast_closes_by_its_close_mark_and_by_escape(arc):
    app, game, scene, labels = arc("main")
    target = scene.zone_rect("p0.characters").center
    drag(app, point_on(scene, labels["queen"]), target)
    assert scene.toast.visible
    area = pygame.Rect(scene.viewport.area)
    click(app, scene.toast.close_rect(area, scene.text, scene.scale).center)
    assert not scene.toast.visible
    drag(app, point_on(scene, labels["queen"]), target)
    assert scene.toast.visible
    key(app, pygame.K_ESCAPE)
    assert not scene.toast.visible


def test_the_hover_preview_is_hidden_after_a_drop_until_another_card(arc):
    app, game, scene, labels = arc(position=RESOURCE)
    hills = labels["hills"]
    drag(app, point_on(scene, hills), scene.zone_rect("p0.resources").center)
    assert game.state.zone_of(hills) == "p0.resources"
    assert scene._hover_card() is None  # not over the table just played on
    move(app, (scene.zone_rect("p0.resources").centerx + 2,
               scene.zone_rect("p0.resources").centery))
    assert scene._hover_card() is None
    move(app, point_on(scene, labels["squire"]))
    card = scene._hover_card()
    assert card is not None and card.iid == labels["squire"]


# ---------------------------------------------------------------------- 4. say why


def test_a_click_that_does_nothing_says_why(arc):
    app, game, scene, labels = arc("main")
    click(app, scene.card_rect(labels["squire"]).center)  # own character, main phase
    assert scene.toast.key == "refusal.table.click_nothing_now"
    assert "Spark Squire cannot be used now" in scene.toast.text
    assert "Next phase" in scene.toast.text
    click(app, scene.card_rect(labels["warden"]).center)  # the other seat's card
    assert "Frost Warden is Player 2's card" in scene.toast.text
    assert any("Frost Warden" in line for line in scene._log_lines)


def test_a_tapped_character_clicked_as_blocker_says_why(arc):
    position = arc_position("attack")
    position["zones"] = dict(position["zones"], **{"p1.characters": [
        {"card": "blue_frost_warden", "label": "warden", "tapped": True},
        {"card": "blue_mist_acolyte", "label": "acolyte"}]})
    app, game, scene, labels = arc(position=position)
    click(app, scene.card_rect(labels["duelist"]).center)
    key(app, pygame.K_a)
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    assert scene.viewer == 1 and scene.decisions.kind == "blockers"
    click(app, scene.card_rect(labels["warden"]).center)
    assert scene.toast.visible
    assert "Frost Warden" in scene.toast.text


def test_a_greyed_out_button_clicked_says_why(arc):
    app, game, scene, labels = arc("main")
    assert not scene.controls.enabled["undo"]
    click(app, scene.controls.buttons["undo"].get_abs_rect().center)
    assert scene.toast.key == "refusal.table.undo_nothing" and scene.toast.rule == "ALL-H1"
    key(app, pygame.K_e)  # end turn: Player 2 takes over
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    assert scene.viewer == 1
    assert not scene.controls.enabled["undo"]
    click(app, scene.controls.buttons["undo"].get_abs_rect().center)
    # Player 1's end of turn began Player 2's turn with a draw: the draw stops undo
    assert scene.toast.key == "refusal.table.undo_draw" and scene.toast.rule == "ALL-H1"
    assert "draw" in scene.toast.text


def test_a_greyed_out_next_phase_during_a_question_says_to_answer_it(arc):
    app, game, scene, labels = arc("attack")
    click(app, scene.card_rect(labels["duelist"]).center)
    key(app, pygame.K_a)
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    assert scene.decisions.kind == "blockers" and not scene.controls.enabled["next_phase"]
    click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
    assert scene.toast.key == "refusal.table.off_answer_first"
    assert "Next phase" in scene.toast.text
    assert "Player 2 to decide" not in scene.toast.text  # never "waiting" for oneself


# ---------------------------------------------------------------------- 5. resign


def test_resign_asks_then_ends_the_game_logged_saved_and_shown(arc, tmp_path):
    app, game, scene, labels = arc("main")
    button = scene.controls.buttons["resign"]
    click(app, button.get_abs_rect().center)
    click(app, dialog_of(app).cancel_button.get_abs_rect().center)
    frames(app, 2)
    assert not game.state.game_over  # cancelled: nothing happened
    click(app, button.get_abs_rect().center)
    click(app, dialog_of(app).confirm_button.get_abs_rect().center)
    frames(app, 2)
    state = game.state
    assert state.game_over and state.winner == 1 and resigned_seat(state) == 0
    assert game.rules.end_cause(state) == "resign"
    assert state.log[-1].public.key == "log.resigned"
    assert game.actions[-1] == Action.make("resign", 0)
    assert not game.can_undo(0) and not scene.controls.enabled["resign"]
    shown = [k[0] for k in scene.text._cache]
    assert "Player 1 resigned." in shown and "Player 2 wins!" in shown
    back = load_save(save_game(game, tmp_path / "resigned.json"))
    assert back.state.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", ["arc", "conan", "eshi100", "xenocard"])
def test_every_game_ends_by_resignation_with_end_cause_resign(game_id):
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load(game_id)
    first, second = list(choice.decks)[:2]
    game = choice.make_game(first, second, first_seat=0, seed=5)
    seat = game.rules.acting_seat(game.state)
    assert game.propose(Action.make("resign", seat)).ok
    state = game.state
    assert state.game_over and state.winner == 1 - seat and state.pending is None
    assert game.rules.end_cause(state) == "resign"
    assert not game.check(Action.make("resign", 1 - seat)).ok  # the result stands
    again = replay(game.rules, game.setup, game.actions)
    assert again.state.fingerprint() == state.fingerprint()
