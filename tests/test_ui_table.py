"""The Arc table driven through the real window: drags, refusals, resizes, buttons.

Events are posted to pygame's queue (``tests/ui_helpers.py``) and the assertions
look at the game state and at what the scene shows (toast, lit zones, hover).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import FRAME, click, drag, frames, key, move, post, table_at  # noqa: E402

from tabletop.ui.table import TableScene  # noqa: E402

MAIN = {
    "turn": 3, "active": 0, "phase": "main",
    "zones": {
        "p0.hand": [{"card": "red_ember_hills", "label": "hills"},
                    {"card": "red_flame_duelist", "label": "duelist"},
                    {"card": "red_lava_brute", "label": "brute"}],
        "p0.resources": ["red_ember_hills", "red_ember_hills", "green_wildwood"],
        "p0.characters": [{"card": "red_spark_squire", "label": "squire"},
                          {"card": "red_ash_raider", "label": "raider"}],
        "p1.characters": [{"card": "blue_tide_caller", "label": "caller"}],
        "p1.hand": [{"card": "blue_deep_kraken", "label": "kraken"}, "blue_chill"],
        "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10,
        "p1.discard": ["blue_reef_lurker"],
    },
    "data": {"resource_played": False},
}


def table(position: dict, size: tuple[int, int] = (1280, 720)):
    """A window showing a game at ``position``; returns (app, game, scene, labels)."""
    return table_at("arc", position, size=size)


RESOURCE = dict(MAIN, phase="resource")


@pytest.fixture
def resource_table():
    app, game, scene, labels = table(RESOURCE)
    yield app, game, scene, labels
    app.shutdown()


@pytest.fixture
def main_table():
    app, game, scene, labels = table(MAIN)
    yield app, game, scene, labels
    app.shutdown()


def centre(scene: TableScene, iid: int) -> tuple[int, int]:
    rect = scene.card_rect(iid)
    assert rect is not None
    return rect.center


def visible_point(scene: TableScene, iid: int) -> tuple[int, int]:
    """A pixel where ``iid`` is the topmost card (hand cards overlap their neighbours)."""
    rect = scene.card_rect(iid)
    for dx in range(2, rect.w, 4):
        point = (rect.x + dx, rect.centery)
        if scene._card_at_px(point) == scene.view_id(iid):
            return point
    raise AssertionError(f"card {iid} is covered everywhere")


def press_and_hold(app, start, end, steps=6):
    drag(app, start, end, steps=steps, release=False)


# ---------------------------------------------------------------------- drops


def test_drag_resource_to_own_resource_row_lands(resource_table):
    app, game, scene, labels = resource_table
    hills = labels["hills"]
    drag(app, visible_point(scene, hills), scene.zone_rect("p0.resources").center)
    assert hills in game.state.zones["p0.resources"].cards
    assert hills not in game.state.zones["p0.hand"].cards
    assert scene.drag is None
    # The card snapped into its new zone: it is drawn inside the resource row.
    assert scene.zone_rect("p0.resources").colliderect(scene.card_rect(hills))


def test_drag_character_to_resource_row_is_refused_with_reason(main_table):
    app, game, scene, labels = main_table
    before = game.state.fingerprint()
    duelist = labels["duelist"]
    drag(app, visible_point(scene, duelist), scene.zone_rect("p0.resources").center)
    assert game.state.fingerprint() == before
    assert scene.drag is None
    assert scene.toast.visible
    assert scene.toast.key == "refusal.arc.character_row_only"
    assert "Flame Duelist" in scene.toast.text  # plain words, card name filled in
    assert not scene.toast.text.startswith("refusal.")
    frames(app, 60)  # still shown a second later
    assert scene.toast.visible
    frames(app, 600)  # and ten seconds later: it stays until the next action
    assert scene.toast.visible


def test_unaffordable_character_refused_with_rule_id(main_table):
    app, game, scene, labels = main_table
    before = game.state.fingerprint()
    brute = labels["brute"]  # cost 4, only 3 resources
    drag(app, visible_point(scene, brute), scene.zone_rect("p0.characters").center)
    assert game.state.fingerprint() == before
    assert scene.toast.rule == "ARC-R4"
    assert scene.toast.full_text.endswith("(ARC-R4)")


def test_legal_targets_light_up_while_dragging_a_resource(resource_table):
    app, game, scene, labels = resource_table
    start = visible_point(scene, labels["hills"])
    press_and_hold(app, start, (start[0], start[1] - 120))
    assert scene.drag is not None and scene.drag.moved
    assert scene.drag.lit_zones == {"p0.resources"}
    assert scene._lit is not None  # drawn
    post(app, pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 120), button=1, touch=False)


def test_legal_targets_light_up_while_dragging_a_character(main_table):
    app, game, scene, labels = main_table
    start = visible_point(scene, labels["duelist"])
    press_and_hold(app, start, (start[0], start[1] - 120))
    assert scene.drag.lit_zones == {"p0.characters"}
    post(app, pygame.MOUSEBUTTONUP, pos=start, button=1, touch=False)
    # Lit targets are found once at pick-up, not on every motion.
    calls = []
    original = game.check
    game.check = lambda action: calls.append(action) or original(action)
    start = visible_point(scene, labels["hills"])
    press_and_hold(app, start, (start[0] - 200, start[1] - 200), steps=10)
    picked = len(calls)
    for i in range(10):
        post(app, pygame.MOUSEMOTION, pos=(300 + i, 300), rel=(1, 0), buttons=(1, 0, 0),
             touch=False)
    assert len(calls) == picked
    game.check = original
    post(app, pygame.MOUSEBUTTONUP, pos=(300, 300), button=1, touch=False)


# ---------------------------------------------------------------------- cancelling drags


@pytest.mark.parametrize("how", ["outside", "windowleave", "focuslost", "no_button_motion"])
def test_drag_cancelled_never_sticks(resource_table, how):
    app, game, scene, labels = resource_table
    before = game.state.fingerprint()
    start = visible_point(scene, labels["hills"])
    target = scene.zone_rect("p0.resources").center
    press_and_hold(app, start, target)
    assert scene.drag is not None
    if how == "outside":
        post(app, pygame.MOUSEBUTTONUP, pos=(-40, 2000), button=1, touch=False)
    elif how == "windowleave":
        post(app, pygame.WINDOWLEAVE)
    elif how == "focuslost":
        post(app, pygame.WINDOWFOCUSLOST)
    else:
        post(app, pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    assert scene.drag is None
    # A late release does nothing either.
    post(app, pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False)
    assert game.state.fingerprint() == before
    frames(app, 2)
    assert scene.drag is None


# ---------------------------------------------------------------------- resize


@pytest.mark.parametrize("size", [(1600, 900), (1000, 700)])
def test_click_after_resize_hits_the_card(main_table, size):
    app, game, scene, labels = main_table
    post(app, pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    frames(app, 1)
    assert app.screen.get_size() == size
    squire = labels["squire"]
    # Where the viewport now draws the squire, worked out from its table position.
    placed = scene.geometry.card_placement(str(squire))
    x, y = scene.viewport.to_px(*placed.center)
    assert 0 <= x < size[0] - scene.panel_rect.w and 0 <= y < size[1]
    move(app, (round(x), round(y)))
    assert scene.hover == squire
    # A click there hits it too: in the attack step it would select; here nothing moves.
    before = game.state.fingerprint()
    click(app, (round(x), round(y)))
    assert game.state.fingerprint() == before


def test_resize_selects_attacker_at_new_pixel():
    position = dict(MAIN, phase="attack")
    app, game, scene, labels = table(position)
    try:
        post(app, pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700))
        squire = labels["squire"]
        x, y = scene.viewport.to_px(*scene.geometry.card_placement(str(squire)).center)
        click(app, (round(x), round(y)))
        assert scene.selected == [squire]
        click(app, (round(x), round(y)))
        assert scene.selected == []
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- commands


def test_attack_with_selected_characters_by_button():
    app, game, scene, labels = table(dict(MAIN, phase="attack"))
    try:
        assert not scene.controls.enabled["attack"]
        click(app, centre(scene, labels["squire"]))
        click(app, centre(scene, labels["raider"]))
        assert scene.selected == [labels["squire"], labels["raider"]]
        assert scene.controls.enabled["attack"]
        click(app, scene.controls.buttons["attack"].get_abs_rect().center)
        assert game.state.step == "block"
        assert game.state.cards[labels["squire"]].tapped
        assert type(app.stack.top).__name__ == "HotseatCover"  # the defender decides
    finally:
        app.shutdown()


def test_keys_next_phase_undo_redo(resource_table):
    app, game, scene, labels = resource_table
    hills = labels["hills"]
    drag(app, visible_point(scene, hills), scene.zone_rect("p0.resources").center)
    assert hills in game.state.zones["p0.resources"].cards
    assert scene.controls.enabled["undo"]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert hills in game.state.zones["p0.hand"].cards
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert hills in game.state.zones["p0.resources"].cards
    key(app, pygame.K_n)
    assert game.state.phase == "main"


def test_free_mode_moves_and_taps_anything(main_table):
    app, game, scene, labels = main_table
    key(app, pygame.K_f)
    assert game.state.free_mode
    assert scene.controls.buttons["free_mode"].text == "Free mode: on"
    caller = labels["caller"]  # the other seat's card: movable in free mode only
    drag(app, centre(scene, caller), scene.zone_rect("p1.discard").center)
    assert caller in game.state.zones["p1.discard"].cards
    assert game.state.log[-1].manual
    squire = labels["squire"]
    click(app, centre(scene, squire))
    assert game.state.cards[squire].tapped
    move(app, centre(scene, labels["raider"]))
    key(app, pygame.K_t)
    assert game.state.cards[labels["raider"]].tapped


def test_hidden_cards_show_no_face_in_preview(main_table):
    app, game, scene, labels = main_table
    kraken = labels["kraken"]
    move(app, visible_point(scene, kraken))
    assert scene.hover == scene.view_id(kraken) != kraken  # a handle: no identity (ALL-R2)
    card = scene._hover_card()
    assert card is not None and card.hidden and card.card_id is None
    drawn = []
    scene.renderer.on_face = drawn.append
    frames(app, 2)
    assert "blue_deep_kraken" not in drawn


def test_seat_one_sees_own_side_at_the_bottom():
    app, game, scene, labels = table(dict(MAIN, active=1))
    try:
        assert scene.viewer == 1 and scene.viewport.flipped
        assert scene.zone_rect("p1.hand").centery > scene.zone_rect("p0.hand").centery
        # Pixel -> mm is the exact inverse of mm -> pixel in the turned view.
        for point in [(10.0, 20.0), (320.0, 210.0), (600.5, 400.25)]:
            px = scene.viewport.to_px(*point)
            back = scene.viewport.to_mm(*px)
            assert back == pytest.approx(point)
        move(app, visible_point(scene, labels["kraken"]))
        assert scene._hover_card().card_id == "blue_deep_kraken"  # own hand: face up
    finally:
        app.shutdown()


def test_game_over_banner_and_menu_button():
    position = dict(MAIN)
    position["zones"] = dict(MAIN["zones"], **{"p1.deck": ["blue_mist_acolyte"]})
    app, game, scene, labels = table(dict(position, phase="attack"))
    try:
        click(app, centre(scene, labels["raider"]))
        key(app, pygame.K_a)
        assert game.state.pending is not None and game.state.pending.seat == 1
        app.stack.top.dismiss()
        frames(app, 1)
        click(app, scene.decisions.buttons["confirm_blocks"].get_abs_rect().center)
        while game.state.pending is not None and not game.state.game_over:
            top = app.stack.top
            if top is not scene:
                top.dismiss()
                frames(app, 1)
            click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        assert game.state.game_over and game.state.winner == 0
        frames(app, 1, FRAME)
        assert scene._game_over_button is not None
    finally:
        app.shutdown()


def _log_text(scene: TableScene) -> list[str]:
    return [str(m) for m in scene.view.log]


def test_ALL_H2_free_mode_keeps_the_other_hand_hidden_wherever_it_is_dragged(main_table):
    app, game, scene, labels = main_table
    key(app, pygame.K_f)
    kraken = labels["kraken"]
    drag(app, visible_point(scene, kraken), scene.zone_rect("p0.hand").center)
    assert game.state.zone_of(kraken) == "p0.hand"
    frames(app, 2)
    sprite = scene.sprite_for(kraken)
    assert sprite is not None and sprite.card.hidden  # in my hand, still face down to me
    assert all("Kraken" not in line for line in _log_text(scene))
    move(app, visible_point(scene, kraken))
    key(app, pygame.K_t)  # turning it names it to nobody who has not seen it
    assert all("Kraken" not in line for line in _log_text(scene))


def test_ALL_H2_a_reveal_needs_both_players_and_cannot_be_undone(main_table):
    app, game, scene, labels = main_table
    key(app, pygame.K_f)
    kraken = labels["kraken"]
    move(app, visible_point(scene, kraken))
    key(app, pygame.K_r)
    frames(app, 2)
    assert not game.state.visible_to(kraken, 0)  # only asked so far
    dialog = next(w for w in app.ui.get_root_container().elements
                  if hasattr(w, "confirm_button"))
    click(app, dialog.confirm_button.rect.center)
    frames(app, 2)
    assert game.state.visible_to(kraken, 0) and game.state.visible_to(kraken, 1)
    assert any("Deep Kraken" in line and "both players agreeing" in line
               for line in _log_text(scene))
    assert not game.can_undo(0)  # ALL-H1: it showed a card
