"""Issue 10, "No surprises at the table": the remaining readability and key items.

Each test is named after the issue item it checks and drives the real window (posted
events, ``tests/ui_helpers.py``):

* Conan: the unanswered-Foe side/target buttons are clipped ("Right R R → C");
* Arc: covered hand cards show their power twice; a tapped character clicked as a
  blocker gets Arc's own reason (ARC-R5);
* a Space pressed right after a playback ended by itself is not "next phase".
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_conan import DECKS, c, dismiss_cover, table  # noqa: E402
from ui_helpers import FRAME, arc_position, click, frames, key, make_app  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.table import AFTER_PLAYBACK_S, TableScene  # noqa: E402
from tabletop.ui.theme import text_floor  # noqa: E402

SIZES = [(1280, 720), (1600, 900), (2560, 1440)]


# ---------------------------------------------------------------------- Conan: side buttons


def lone_attack_table(size, lang):
    """Seat 0's turn, Center fought: the Foe's Arrow Volley touches nothing and may hit
    Conan or his Ally from either side (four long labels)."""
    position = {
        "turn": 3, "active": 0, "phase": "foe_move",
        "zones": {"conan": [c("conan_wanderer", "conan")],
                  "center": [c("foe_temple_spearman", "spear")],
                  "p0.side": [c("ally_pirate_swordswoman", "ally")],
                  "p1.hand": [c("move_arrow_volley", "volley")], "p0.hand": ["move_parry"],
                  **DECKS},
    }
    app, game, scene, labels = table(position, size, lang)
    assert game.propose(Action.make("place_foe_move", 1, card=labels["volley"],
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
    return app, game, scene


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_issue10_conan_unanswered_foe_side_buttons_show_their_whole_labels(size, lang):
    try:
        app, game, scene = lone_attack_table(size, lang)
        try:
            buttons = list(scene.decisions.buttons.values())
            assert len(buttons) == 4
            assert any("Pirate Swordswoman" in b.text or "女海賊の剣士" in b.text
                       for b in buttons)
            floor = text_floor(scene.scale)
            for button in buttons:
                width, height = button.font.size(button.text)
                assert width <= button.rect.w - 8, (button.text, width, button.rect)
                assert height >= floor  # whole, and not shrunk out of reading
                assert scene.decision_rect.contains(button.rect)
            for i, a in enumerate(buttons):
                assert not any(a.rect.colliderect(b.rect) for b in buttons[i + 1:])
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- Conan: the Foe hand

#: Eight Foes with the longest names (the ones that need the widest card).
EIGHT_FOES = ["foe_shield_veteran", "foe_mercenary_captain", "foe_rattling_skeleton",
              "foe_temple_spearman", "foe_giant_serpent", "foe_serpent_priest",
              "foe_barrow_wight", "foe_cult_acolyte"]


def whole_names_problems(scene, sprites, numbers):
    """Why the name (and the given numbers) of each sprite's face is not drawn whole,
    at the text floor or above, inside its card and clear of every card drawn over it."""
    floor = text_floor(scene.scale)
    db = scene.rules.cards
    order = {id(s): k for k, s in enumerate(scene.sprites)}
    problems = []
    for sprite in sprites:
        card_id = sprite.card.card_id
        assert card_id is not None and round(sprite.turn) % 360 == 0, sprite
        record = scene.renderer.records.get(("face", card_id, sprite.rect.w, sprite.rect.h,
                                             scene.lang))
        assert record is not None, card_id
        name = db[card_id].display_name(scene.lang)
        placed = [p for p in record.placed if p.text == name]
        if not placed:
            problems.append(f"{card_id} {sprite.rect.size}: name left out")
            continue
        text = placed[0]
        ink = text.rect.move(sprite.rect.topleft)
        if text.px < floor:
            problems.append(f"{card_id}: name at {text.px} px < {floor}")
        if any("…" in line for line, _ in text.lines):
            problems.append(f"{card_id}: name ellipsized")
        if not sprite.rect.contains(ink):
            problems.append(f"{card_id}: name outside its card")
        for other in scene.sprites:
            if order[id(other)] > order[id(sprite)] and other.drawn and \
                    other.rect.colliderect(ink):
                problems.append(f"{card_id}: name under card {other.iid}")
        for number in numbers(db[card_id]):
            if str(number) in record.left_out:
                problems.append(f"{card_id}: the number {number} left out")
    return problems


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_issue10_conan_the_foe_hand_with_8_foes_is_readable(size, lang):
    """The enemy placing Foes (Foe Draw) sees each of its eight Foes whole: the name at
    the floor or above and the damage, prowess and health, no card over another."""
    from test_ui_conan import FOE_DRAW

    position = dict(FOE_DRAW, zones=dict(FOE_DRAW["zones"], **{
        "p1.foe_hand": [c(f, f"foe{i}") for i, f in enumerate(EIGHT_FOES)]}))
    try:
        app, game, scene, labels = table(position, size, lang)
        try:
            assert scene.viewer == 1  # the enemy, its Foe hand face up
            sprites = [s for s in scene.sprites if s.zone == "p1.foe_hand"]
            assert len(sprites) == 8
            problems = whole_names_problems(
                scene, sprites, lambda d: [d.get(k) for k in ("damage", "prowess", "health")])
            assert not problems, "\n".join(problems)
            # the turn player's half and the enemy's hand row stay in sight
            assert all(not s.rect.colliderect(scene.zone_rect("p1.hand")) for s in sprites)
            assert "p0.side" in scene.layout.zone_ids and "p1.hand" in scene.layout.zone_ids
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")


def test_issue10_conan_the_foe_hand_is_spread_only_while_the_enemy_places_foes():
    """Outside Foe Draw (and for the turn player) every zone lies where the file says."""
    from test_ui_conan import FOE_MOVE

    position = dict(FOE_MOVE, zones=dict(FOE_MOVE["zones"], **{
        "p1.foe_hand": [c(f, f"foe{i}") for i, f in enumerate(EIGHT_FOES)]}))
    app, game, scene, labels = table(position)
    try:
        assert scene.viewer == 1
        assert scene.layout.zone("p1.foe_hand").height_mm == 100.0
        assert "p1.chronicle" in scene.layout.zone_ids
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Arc


ARC_HAND = ["red_flame_duelist", "red_phoenix_queen", "red_spark_squire", "red_battle_cry",
            "red_flame_duelist", "red_spark_squire", "red_phoenix_queen"]


def arc_table(position, size=(1280, 720)):
    app = make_app(size)
    game = Game(load_rules("arc"), GameSetup("arc", seed=3, position=position))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene, game.state.data["labels"]


@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("size", SIZES)
def test_issue10_arc_covered_hand_cards_show_their_power_once(size, n):
    """The card's own power disc, where its neighbour leaves part of it in sight, is
    hidden under the power chip: one number per card, never "33"."""
    from tabletop.ui.games.arc import power_corner

    position = arc_position("main")
    position["zones"] = dict(position["zones"], **{"p0.hand": ARC_HAND[:n]})
    app, game, scene, labels = arc_table(position, size)
    try:
        frames(app, 1)
        sprites = [scene.sprite_for(i) for i in game.state.zones["p0.hand"].cards]
        covered = [s for s in sprites if s.covered]
        assert len(covered) == n - 1
        for sprite in covered:
            rect = sprite.rect
            disc = power_corner(rect)  # where the face draws its power
            seen = disc.clip(pygame.Rect(rect.x, rect.y, sprite.visible_w, rect.h))
            chip = scene.ui.chip_rect(sprite)
            assert chip is not None
            # every pixel of the disc left in sight lies under the chip's backing
            assert seen.w == 0 or scene.ui.chip_backing(sprite).contains(seen), \
                (sprite.iid, seen, chip)
            assert chip.right <= rect.x + sprite.visible_w  # the chip itself is in sight
    finally:
        app.shutdown()


def test_issue10_arc_a_tapped_character_clicked_as_blocker_names_ARC_R5():
    position = arc_position("attack")
    position["zones"] = dict(position["zones"], **{"p1.characters": [
        {"card": "blue_frost_warden", "label": "warden", "tapped": True},
        {"card": "blue_mist_acolyte", "label": "acolyte"}]})
    app, game, scene, labels = arc_table(position)
    try:
        click(app, scene.card_rect(labels["duelist"]).center)
        key(app, pygame.K_a)
        frames(app, int(ARM_DELAY * 60) + 3)
        key(app, pygame.K_SPACE)
        assert scene.viewer == 1 and scene.decisions.kind == "blockers"
        click(app, scene.card_rect(labels["warden"]).center)
        assert scene.toast.visible and scene.toast.rule == "ARC-R5"
        assert scene.toast.key == "refusal.arc.blocker_tapped"
        assert "Frost Warden is tapped and can't block" in scene.toast.text
        assert "untapped characters" in scene.toast.text  # what may block instead
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- keys after a playback


def _until_playback_ends(app, scene):
    for _ in range(60 * 60):
        if not scene.ui.playing(scene):
            return
        app.frame(FRAME)
    raise AssertionError("the playback never ended")


def test_issue10_a_space_right_after_a_battle_playback_ended_by_itself_is_not_next_phase():
    from test_ui_xenocard import BLOCK
    from test_ui_xenocard import table as xeno_table

    app, game, scene, labels = xeno_table(BLOCK)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        assert scene.ui.playing(scene)
        _until_playback_ends(app, scene)
        phase, moves = game.state.phase, len(game.history)
        key(app, pygame.K_SPACE)  # out of habit, just as the last attack went
        assert game.state.phase == phase and len(game.history) == moves
        key(app, pygame.K_SPACE)  # a second press is the table's
        assert len(game.history) > moves
    finally:
        app.shutdown()


def test_issue10_a_key_later_than_the_grace_after_a_playback_acts_at_once():
    from test_ui_xenocard import BLOCK
    from test_ui_xenocard import table as xeno_table

    app, game, scene, labels = xeno_table(BLOCK)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        _until_playback_ends(app, scene)
        frames(app, round(AFTER_PLAYBACK_S * 60) + 2)
        moves = len(game.history)
        key(app, pygame.K_SPACE)
        assert len(game.history) > moves
    finally:
        app.shutdown()


def test_issue10_a_key_right_after_a_fight_playback_ended_by_itself_is_spent_on_it():
    """Conan's fight is a playback too (``ConanUI.playing``): ended by itself, the next
    key only closes it; ended by Esc, that Esc was the key, and nothing more is spent."""
    from test_ui_conan import at_conan_move

    for by_key in (False, True):
        app, game, scene, labels = at_conan_move()
        try:
            assert game.propose(Action.make("place_move", 0, card=labels["slash"],
                                            character=labels["conan"],
                                            target="center/gap1")).ok
            click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
            if game.state.pending is not None and game.state.pending.kind == "barbarian":
                click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
            assert scene.ui.playing(scene)
            if by_key:
                key(app, pygame.K_ESCAPE)
            _until_playback_ends(app, scene)
            assert (scene.after_playback > 0) is not by_key
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0,
                                                 unicode="", scancode=0))
            app.frame(FRAME)
            assert (pygame.K_n in scene.spent_keys) is not by_key
        finally:
            app.shutdown()
