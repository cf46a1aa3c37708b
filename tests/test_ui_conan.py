"""The Conan table driven through the real window (posted mouse and key events).

Foe placement refused in an illegal zone (CONAN-R7) and accepted in Center; a
Conan Move dropped into a gap lands there and touches both Foes' Moves (CONAN-R10);
a Move dropped where no place is lit goes back to the hand; the snap rule on drops
straddling two places and two zones; the hand-over cover between the enemy and the
turn player several times in one turn; face-down Moves never drawn face up for the
other seat (ALL-R2); the fight played back step by step and skippable.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import click, drag, frames, key, make_app, table_at  # noqa: E402

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.games.conan import battlefield as bf  # noqa: E402
from tabletop.geometry import Placed  # noqa: E402
from tabletop.i18n import t as i18n_t  # noqa: E402
from tabletop.layout import CARD_SIZE  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.games import conan_drag as cd  # noqa: E402
from tabletop.ui.games.conan import ConanUI  # noqa: E402

RULES = load_rules("conan")


def c(card: str, label: str) -> dict[str, Any]:
    return {"card": card, "label": label}


DECKS = {"p0.deck": ["move_parry"] * 8, "p1.deck": ["move_parry"] * 8,
         "p0.foe_deck": ["foe_hill_bandit"] * 4, "p1.foe_deck": ["foe_hill_bandit"] * 4}

#: Seat 0's turn, Foe Draw: seat 1 (the enemy) places Foes from its Foe hand.
FOE_DRAW = {
    "turn": 3, "active": 0, "phase": "foe_draw", "step": "place",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p1.foe_hand": [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
              "p0.hand": [c("move_slash", "slash"), c("move_parry", "parry")],
              "p1.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
              **DECKS},
    "data": {"foes_placed": 0, "forced": False, "region_attached": False},
}

#: Seat 0's turn, Foe Move: two human Foes in Center; seat 1 gives them Moves.
FOE_MOVE = {
    "turn": 3, "active": 0, "phase": "foe_move",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "center": [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
              "p0.hand": [c("move_slash", "slash"), c("move_parry", "parry")],
              "p1.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
              **DECKS},
}


def table(position: dict[str, Any], size: tuple[int, int] = (1280, 720), lang: str = "en",
          rules: Any = None):
    return table_at("conan", position, size=size, lang=lang, rules=rules or RULES)


def dismiss_cover(app) -> None:
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    frames(app, 2)


def at_conan_move(size: tuple[int, int] = (1280, 720), hand: tuple[Any, ...] = (),
                  lang: str = "en", side: tuple[Any, ...] = (), rules: Any = None):
    """The FOE_MOVE table after the enemy's Moves: seat 0 at the computer (``side``:
    Allies beside Conan, who may play Moves too: then a drop asks who plays it;
    ``rules``: other rules than the sample cards', e.g. with a user's cards)."""
    position = FOE_MOVE
    if hand or side:
        position = {**FOE_MOVE, "zones": {**FOE_MOVE["zones"],
                                          "p0.hand": [*FOE_MOVE["zones"]["p0.hand"], *hand],
                                          "p0.side": list(side)}}
    app, game, scene, labels = table(position, size, lang, rules)
    for card, foe in (("arrows", "bandit"), ("cleave", "spear")):
        assert game.propose(Action.make("place_foe_move", 1, card=labels[card],
                                        foe=labels[foe])).ok
    assert game.propose(Action.make("next_phase", 1)).ok
    assert isinstance(app.stack.top, HotseatCover)
    dismiss_cover(app)
    assert scene.viewer == 0 and game.state.phase == "conan_move"
    return app, game, scene, labels


def drop_centre_at(app, scene, iid: int, target_mm: tuple[float, float],
                   release: bool = True) -> None:
    """Drag card ``iid`` so that its centre ends on ``target_mm``."""
    rect = scene.card_rect(iid)
    start = rect.center
    end = scene.viewport.to_px(*target_mm)
    drag(app, start, (round(end[0]), round(end[1])), release=release)


def release_at(app, scene, target_mm: tuple[float, float]) -> None:
    """Release the held card with the pointer on ``target_mm``."""
    end = scene.viewport.to_px(*target_mm)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(end[0]),
                                         round(end[1])), button=1, touch=False))
    frames(app, 2)


def test_the_table_uses_the_conan_plugin():
    app, _game, scene, _labels = table(FOE_DRAW)
    try:
        assert isinstance(scene.ui, ConanUI)
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Foe placement


def test_a_foe_dropped_on_a_flank_before_center_is_refused_with_the_rule():
    app, game, scene, labels = table(FOE_DRAW)
    try:
        assert scene.viewer == 1  # the enemy places Foes
        bandit = labels["bandit"]
        flank = scene.layout.zone("left_flank")
        drop_centre_at(app, scene, bandit, (flank.x_mm, flank.y_mm), release=False)
        # Only Center's positions light up (CONAN-R7: flanks need a Foe in Center).
        assert scene.ui.plan is not None
        assert set(scene.ui.plan.shapes) == {"center/0"}
        release_at(app, scene, (flank.x_mm, flank.y_mm))
        assert game.state.zone_of(bandit) == "p1.foe_hand"
        assert scene.toast.key == "refusal.conan.flank_needs_center"
        assert "CONAN-R7" in scene.toast.full_text
        # Into Center it is legal, at the lit position.
        centre = scene.layout.zone("center")
        drop_centre_at(app, scene, bandit, (centre.x_mm, centre.y_mm))
        assert game.state.zone_of(bandit) == "center"
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Conan Moves


def test_a_conan_move_dropped_into_the_gap_lands_there_and_touches_both_foe_moves():
    app, game, scene, labels = at_conan_move()
    try:
        gap = bf.find_target(game.state, "center/gap1")
        assert gap is not None
        drop_centre_at(app, scene, labels["slash"], gap.shape.center, release=False)
        assert "center/gap1" in scene.ui.plan.shapes  # lit while dragging
        release_at(app, scene, gap.shape.center)
        assert scene.ui.dialog is None  # only Conan can play it: nothing to ask
        rec = next(r for r in bf.moves(game.state) if r.card == labels["slash"])
        assert rec.target == "center/gap1"
        touched = {c.foe_card for c in bf.contacts(game.state, "center")
                   if c.hero == labels["slash"]}
        assert touched == {labels["arrows"], labels["cleave"]}
        frames(app, 2)
        assert scene.card_rect(labels["slash"]).center == pytest.approx(
            tuple(round(v) for v in scene.viewport.to_px(*gap.shape.center)), abs=2)
    finally:
        app.shutdown()


#: Seat 1's turn, Foe Move: the same fight, seats swapped (seat 0 is the enemy).
FOE_MOVE_SEAT1 = {
    "turn": 4, "active": 1, "phase": "foe_move",
    "zones": {"conan": [c("conan_wanderer", "conan") | {"owner": 1}],
              "center": [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
              "p1.hand": [c("move_slash", "slash"), c("move_parry", "parry")],
              "p0.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
              **DECKS},
}


def label_boxes(app, scene) -> dict[str, pygame.Rect]:
    """Where the plugin draws each zone name now (text -> pixel box)."""
    real_get = scene.text.get
    made: dict[int, str] = {}
    boxes: dict[str, pygame.Rect] = {}

    def get(text, px, *args, **kw):
        surf = real_get(text, px, *args, **kw)
        made[id(surf)] = text
        return surf

    class Probe(pygame.Surface):
        def blit(self, source, dest, *args, **kw):
            name = made.get(id(source))
            if name is not None:
                boxes[name] = dest if isinstance(dest, pygame.Rect) else \
                    source.get_rect(topleft=dest)
            return super().blit(source, dest, *args, **kw)

    scene.text.get = get
    try:
        scene.ui._draw_zone_labels(scene, Probe(app.size, pygame.SRCALPHA))
    finally:
        scene.text.get = real_get
    return boxes


def above(scene, upper: str, lower: str) -> bool:
    """Is zone ``upper`` drawn above zone ``lower`` in the viewer's window?"""
    return scene.zone_rect(upper).centery < scene.zone_rect(lower).centery


def test_on_seat_1s_turn_center_faces_the_enemy_and_a_gap_drop_lands_there():
    app, game, scene, labels = table(FOE_MOVE_SEAT1)
    try:
        # The enemy (seat 0) gives the Foes their Moves: Center lies on its own side,
        # between it and the Conan it fights (below Conan in its unturned view).
        assert scene.viewer == 0 and not scene.viewport.flipped
        # the battlefield of seat 1's turn (its hand spread over the panel, issue 10)
        assert all(scene.layout.zone(z) == scene.ui.frames[1].zone(z) for z in
                   ("moves", "conan", "center", "left_flank", "rear", "right_flank"))
        assert above(scene, "conan", "center") and above(scene, "rear", "conan")
        for card, foe in (("arrows", "bandit"), ("cleave", "spear")):
            foe_move = bf.foe_move_shape(
                next(s for s in bf.foe_shapes(game.state, "center")
                     if int(s.key) == labels[foe]), "x")
            drop_centre_at(app, scene, labels[card], foe_move.center)
            assert game.state.zone_of(labels[card]) == "moves"
        click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
        assert isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 1
        dismiss_cover(app)
        # The turn player (seat 1, turned view): Center above Conan, Rear below, the
        # left flank at the left, Conan upright; the names drawn there too.
        assert scene.viewer == 1 and scene.viewport.flipped
        assert above(scene, "center", "conan") and above(scene, "conan", "rear")
        assert scene.zone_rect("left_flank").centerx < scene.zone_rect("conan").centerx
        assert scene.by_iid[labels["conan"]].turn == 0
        where = label_boxes(app, scene)
        # The names follow (Center holds Foes, so it shows them instead of its name).
        conan_box = scene.zone_rect("conan")
        assert where["Rear"].centery > conan_box.bottom
        assert where["Left flank"].centerx < conan_box.left < conan_box.right < \
            where["Right flank"].centerx
        assert scene.card_rect(labels["bandit"]).bottom < conan_box.top
        # A Move dragged into the lit gap lands there, touching both Foes' Moves.
        gap = bf.find_target(game.state, "center/gap1")
        assert gap is not None
        assert scene.viewport.to_px(*gap.shape.center)[1] < scene.zone_rect("conan").top
        drop_centre_at(app, scene, labels["slash"], gap.shape.center, release=False)
        assert "center/gap1" in scene.ui.plan.shapes
        release_at(app, scene, gap.shape.center)
        assert scene.ui.dialog is None  # only Conan can play it: nothing to ask
        rec = next(r for r in bf.moves(game.state) if r.card == labels["slash"])
        assert rec.target == "center/gap1"
        touched = {k.foe_card for k in bf.contacts(game.state, "center")
                   if k.hero == labels["slash"]}
        assert touched == {labels["arrows"], labels["cleave"]}
        frames(app, 2)
        assert scene.card_rect(labels["slash"]).center == pytest.approx(
            tuple(round(v) for v in scene.viewport.to_px(*gap.shape.center)), abs=2)
    finally:
        app.shutdown()


def test_the_conan_and_moves_names_do_not_overlap():
    app, _game, scene, _labels = table({**FOE_DRAW, "zones": {
        k: v for k, v in FOE_DRAW["zones"].items() if k != "conan"}})
    try:
        assert not scene.view.zones.get("conan") and not scene.view.zones.get("moves")
        boxes = label_boxes(app, scene)
        assert "Conan" in boxes and "Moves" in boxes
        assert not boxes["Conan"].colliderect(boxes["Moves"])
        assert not boxes["Moves"].colliderect(scene.zone_rect("conan"))
    finally:
        app.shutdown()


def test_a_move_dropped_where_no_place_is_lit_goes_back_to_the_hand():
    app, game, scene, labels = at_conan_move()
    try:
        rear = scene.layout.zone("rear")
        drop_centre_at(app, scene, labels["parry"], (rear.x_mm, rear.y_mm - 60))
        assert game.state.zone_of(labels["parry"]) == "p0.hand"
        assert scene.ui.dialog is None
        assert scene.toast.key == "refusal.conan.far_move"  # where a Move goes, CONAN-R8
        assert "CONAN-R8" in scene.toast.full_text
        assert scene.slide is not None and scene.slide.iid == labels["parry"]
    finally:
        app.shutdown()


def test_a_move_dropped_far_from_every_lit_place_says_where_to_drop_it():
    app, game, scene, labels = at_conan_move()
    try:
        x, y, _w, _h = scene.viewport.table_rect()
        top_left = scene.viewport.to_mm(x + 40, y + 40)
        drop_centre_at(app, scene, labels["parry"], top_left)
        assert game.state.zone_of(labels["parry"]) == "p0.hand"
        assert scene.toast.key == "refusal.conan.far_move"
        assert "lit place" in scene.toast.full_text and "CONAN-R8" in scene.toast.full_text
    finally:
        app.shutdown()


@pytest.mark.parametrize("card", ["ally_hired_archer", "region_ruined_citadel"])
def test_a_card_that_cannot_be_a_move_says_so_on_the_battlefield(card: str):
    app, game, scene, labels = at_conan_move(hand=(c(card, "odd"),))
    try:
        gap = bf.find_target(game.state, "center/gap1")
        assert gap is not None
        drop_centre_at(app, scene, labels["odd"], gap.shape.center)
        assert game.state.zone_of(labels["odd"]) == "p0.hand"
        assert scene.toast.key == "refusal.conan.not_a_move"
        assert "only a Move, an Item or an Action" in scene.toast.full_text
    finally:
        app.shutdown()


def test_the_snap_rule_on_drops_straddling_two_places_and_two_zones():
    app, game, scene, labels = at_conan_move()
    try:
        plan = cd.make_plan(game.state, RULES.cards, 0, labels["slash"])
        left = plan.shapes["center/foe1/left"]
        gap = plan.shapes["center/gap1"]
        # Straddling two places: a bit nearer the gap -> the gap, and the other way round.
        for share, want in ((0.6, "center/gap1"), (0.4, "center/foe1/left")):
            x = left.center[0] + (gap.center[0] - left.center[0]) * share
            assert cd.snap_key(cd.dragged_shape((x, gap.center[1])), plan.shapes) == want
        # Repeatable: the same drop, the same answer.
        probe = Placed("d", ((left.center[0] + gap.center[0]) / 2, gap.center[1]), CARD_SIZE)
        assert len({cd.snap_key(probe, plan.shapes) for _ in range(5)}) == 1
        # Straddling two zones: a card half over Center's last place and half over the
        # right flank's first: the larger overlap wins, whichever zone it is in.
        right = Placed("r", (bf.conan_center()[0] + 250, bf.conan_center()[1] - 250),
                       CARD_SIZE, 0)
        shapes = dict(plan.shapes, **{"right_flank/foe1/left": right})
        last = plan.shapes["center/foe2/right"]
        mid = ((last.center[0] * 0.7 + right.center[0] * 0.3),
               (last.center[1] * 0.7 + right.center[1] * 0.3))
        assert cd.snap_key(cd.dragged_shape(mid), shapes) == "center/foe2/right"
        mid = ((last.center[0] * 0.3 + right.center[0] * 0.7),
               (last.center[1] * 0.3 + right.center[1] * 0.7))
        assert cd.snap_key(cd.dragged_shape(mid), shapes) == "right_flank/foe1/left"
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- hot seat, hidden


def test_enemy_and_turn_player_alternate_behind_the_cover_and_moves_stay_hidden():
    app, game, scene, labels = table(FOE_DRAW)
    leaks: list[str] = []

    def on_face(viewer: int, iid: int) -> None:
        card = game.state.cards[iid]
        if game.state.zone_of(iid) == "moves" and not card.face_up and viewer != card.owner:
            leaks.append(f"viewer {viewer} saw face-down {card.card_id}")
        if game.state.zone_of(iid) == f"p{1 - viewer}.hand":
            leaks.append(f"viewer {viewer} saw {card.card_id} in the other hand")

    scene.face_listener = on_face
    try:
        covers = []
        centre = scene.layout.zone("center")
        drop_centre_at(app, scene, labels["bandit"], (centre.x_mm, centre.y_mm))
        assert game.state.zone_of(labels["bandit"]) == "center"
        click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
        # Survey: the turn player (seat 0) decides -> cover 1.
        covers.append(isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 0)
        dismiss_cover(app)
        click(app, scene.decisions.buttons["fight"].get_abs_rect().center)
        # Foe Move: back to the enemy -> cover 2.
        covers.append(isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 1)
        dismiss_cover(app)
        foe_move = bf.foe_move_shape(bf.foe_shapes(game.state, "center")[0], "x")
        drop_centre_at(app, scene, labels["arrows"], foe_move.center)
        assert game.state.zone_of(labels["arrows"]) == "moves"
        assert not game.state.cards[labels["arrows"]].face_up
        click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
        # Conan Move: the turn player again -> cover 3.
        covers.append(isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 0)
        dismiss_cover(app)
        frames(app, 3)
        assert covers == [True, True, True]
        arrows = scene.sprite_for(labels["arrows"])
        assert arrows.card.hidden  # seat 0 sees only the back of the enemy's Move
        # ... lying where the enemy put it, though its view id is only a handle (ALL-H3)
        assert arrows.iid < 0
        assert arrows.placed.center == pytest.approx(foe_move.center, abs=1.0)
        # The preview of a hidden card shows no face either.
        click(app, scene.card_rect(labels["arrows"]).center)
        frames(app, 2)
        assert not leaks
        log = " ".join(scene._log_lines)
        assert "Arrow Volley" not in log
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- resolution


def test_the_fight_plays_back_step_by_step_and_can_be_skipped():
    app, game, scene, labels = at_conan_move()
    try:
        assert game.propose(Action.make("place_move", 0, card=labels["slash"],
                                        character=labels["conan"], target="center/gap1")).ok
        click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
        frames(app, 2)
        if game.state.pending is not None and game.state.pending.kind == "barbarian":
            click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        pb = scene.ui.playback
        assert pb.active
        kinds = [s.kind for s in pb.steps]
        assert kinds[0] == "zone" and "beat" in kinds and "fall" in kinds
        beat = next(s.beat for s in pb.steps if s.kind == "beat")
        assert beat.initiative == 4  # the count-down starts with the Arrow Volley
        first = pb.index
        key(app, pygame.K_SPACE)
        assert pb.index == first + 1  # stepped by hand
        frames(app, 4)
        key(app, pygame.K_ESCAPE)
        assert not pb.active
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- QA fixes


def test_the_game_over_stops_the_fight_playback_and_undo():
    position = {
        "turn": 3, "active": 0, "phase": "foe_move",
        "zones": {"conan": [{"card": "conan_wanderer", "label": "conan",
                             "counters": {"damage": 13}}],
                  "center": [c("foe_rattling_skeleton", "skel")],
                  "p0.hand": [c("move_slash", "w")], "p1.hand": [c("move_wrestle", "fw")],
                  **DECKS},
    }
    app, game, scene, labels = table(position)
    try:
        assert game.propose(Action.make("place_foe_move", 1, card=labels["fw"],
                                        foe=labels["skel"])).ok
        assert game.propose(Action.make("next_phase", 1)).ok
        dismiss_cover(app)
        assert game.propose(Action.make("place_move", 0, card=labels["w"],
                                        character=labels["conan"],
                                        target="center/foe1/right")).ok
        frames(app, 2)
        click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
        frames(app, 2)
        if game.state.pending is not None and game.state.pending.kind == "barbarian":
            click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
            frames(app, 2)
        assert game.state.game_over  # Conan fell on his own turn
        assert not scene.ui.playback.active  # no fight banner under the game-over box
        assert not scene.controls.enabled["undo"] and not scene.controls.enabled["redo"]
        history = len(game.history)
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert len(game.history) == history and game.state.game_over
    finally:
        app.shutdown()


def test_the_lone_attack_buttons_fit_and_show_each_sides_icons():
    position = {
        "turn": 3, "active": 0, "phase": "foe_move",
        "zones": {"conan": [c("conan_wanderer", "conan")],
                  "center": [c("foe_temple_spearman", "spear")],
                  "p1.hand": [c("move_slash", "slash")], "p0.hand": ["move_parry"], **DECKS},
    }
    app, game, scene, labels = table(position)
    try:
        assert game.propose(Action.make("place_foe_move", 1, card=labels["slash"],
                                        foe=labels["spear"])).ok
        assert game.propose(Action.make("next_phase", 1)).ok
        assert game.propose(Action.make("next_phase", 0)).ok
        if game.state.pending is not None and game.state.pending.kind == "barbarian":
            assert game.propose(Action.make("decide", 0, choice=["pass"])).ok
        for _ in range(3):
            if isinstance(app.stack.top, HotseatCover):
                dismiss_cover(app)
            if scene.ui.playback.active:
                key(app, pygame.K_ESCAPE)
            frames(app, 2)
        assert game.state.pending.kind == "lone_attack" and scene.viewer == 1
        buttons = list(scene.decisions.buttons.values())
        texts = [b.text for b in buttons]
        assert texts == ["Left B B → Conan", "Right B → Conan"]
        for button in buttons:  # the whole label fits its button
            assert button.font.size(button.text)[0] <= button.rect.w - 8
        prompt = scene.decisions.prompt_text("en")
        assert "Left side: blade, blade (3 damage)" in prompt
        assert "Right side: blade (2 damage)" in prompt
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_move_dialog_in_japanese_fits_its_text_without_hyphens_or_scrollbar(size):
    from tabletop import i18n

    try:
        app, game, scene, labels = at_conan_move(size, hand=(c("item_buckler", "buck"),),
                                                 lang="ja",
                                                 side=(c("ally_hired_archer", "archer"),))
        try:
            assert i18n.get_language() == "ja"
            gap = bf.find_target(game.state, "center/gap1")
            drop_centre_at(app, scene, labels["buck"], gap.shape.center)
            dialog = scene.ui.dialog
            assert dialog is not None
            assert dialog.text.scroll_bar is None  # the box is as tall as its text
            assert "-" not in dialog.text.html_text
            lines = dialog.text.html_text.split("<br>")
            assert not any(line.startswith(("。", "、", "）")) for line in lines)
            title = dialog.window.title_bar
            assert title.rect.h >= title.font.size(title.text)[1]  # the glyphs are not cut
            assert dialog.window.rect.bottom <= size[1] and dialog.window.rect.top >= 0
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")


def test_small_card_titles_are_never_broken_inside_a_word():
    from tabletop.ui.games.conan_cards import title_lines

    app = make_app((1280, 720))
    try:
        fonts = app.fonts
        for name in ("Sidestep", "Bandage", "受け流し", "身かわし"):
            font, lines = title_lines(fonts, name, 24, 7, 6)
            assert len(lines) == 1 and (lines[0] == name or lines[0].endswith("…"))
            assert font.size(lines[0])[0] <= 24
        font, lines = title_lines(fonts, "Shield Block", 40, 9, 6)
        assert lines in (["Shield Block"], ["Shield", "Block"])
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_japanese_zone_names_are_shrunk_to_fit_their_zone(size):
    """Whole names, inside their zones: shrunk down to the text floor, then along the
    long side of a narrow zone (a flank), never cut."""
    app, _game, scene, _labels = table(FOE_DRAW, size, "ja")
    try:
        drawn: list[str] = []
        real_get = scene.text.get

        def get(text, px, *args, **kw):
            drawn.append(text)
            return real_get(text, px, *args, **kw)

        blits: list[pygame.Rect] = []

        class Recording(pygame.Surface):
            def blit(self, source, dest, *args, **kw):
                blits.append(pygame.Rect(dest, source.get_size()) if len(dest) == 2
                             else pygame.Rect(dest))
                return super().blit(source, dest, *args, **kw)

        scene.text.get = get
        scene.ui._draw_zone_labels(scene, Recording(size))
        assert "フォウ捨て札" in drawn and "捨て札置き場" in drawn
        assert not any("…" in text for text in drawn)  # never cut
        for zone in scene.layout.zones:
            if scene.view.zones.get(zone.id) or zone.id not in scene.ui.zone_labels:
                continue
            assert i18n_t(scene.ui.zone_labels[zone.id]) in drawn  # the whole name
        zones = [scene.zone_rect(z.id).inflate(2, 2) for z in scene.layout.zones]
        for rect in blits:
            assert any(z.contains(rect) for z in zones), rect
        assert all(i18n_t(z.label) == "" for z in scene.layout.zones)  # not drawn twice
    finally:
        app.shutdown()


def test_a_move_asks_who_plays_it_only_when_there_is_a_choice():
    """QA: "Who plays Parry?" with Conan alone. One character who can play it and no
    wound to pay: the Move is placed at once; an Ally beside him: asked, and the
    answer chosen plays it."""
    app, game, scene, labels = at_conan_move()
    try:
        place = bf.find_target(game.state, "center/foe1/left")
        assert place is not None
        drop_centre_at(app, scene, labels["parry"], place.shape.center)
        assert scene.ui.dialog is None
        assert game.state.zone_of(labels["parry"]) == "moves"
        rec = next(r for r in bf.moves(game.state) if r.card == labels["parry"])
        assert rec.by == labels["conan"]
    finally:
        app.shutdown()
    app, game, scene, labels = at_conan_move(side=(c("ally_hired_archer", "archer"),))
    try:
        place = bf.find_target(game.state, "center/foe1/left")
        drop_centre_at(app, scene, labels["parry"], place.shape.center)
        dialog = scene.ui.dialog
        assert dialog is not None and len(dialog.labels) == 2
        assert "Hired Archer" in " ".join(dialog.labels)
        assert game.state.zone_of(labels["parry"]) == "p0.hand"  # nothing placed yet
        archer = next(i for i, text in enumerate(dialog.labels) if "Hired Archer" in text)
        click(app, dialog.button(archer).get_abs_rect().center)
        rec = next(r for r in bf.moves(game.state) if r.card == labels["parry"])
        assert rec.by == labels["archer"]
    finally:
        app.shutdown()
