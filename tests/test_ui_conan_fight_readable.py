"""Conan fights made readable in the window (issue 12 §7; CONAN-R14, R15, R16).

Driven by posted mouse events: a Move dragged beside a face-up Foe Move (a CONAN-R13
fallback Move) shows, pair by pair of facing icon slots, what blocks and what hits,
the damage either way and the rules, in a box clear of the place; beside a face-down
Foe Move it only says that the Move lies face down. After the reveal the playback
lists each initiative's icon pairs with their outcome and the rules, and stays long
enough to read them. At 1280x720, 1600x900 and 2560x1440, in English and Japanese.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from screen_sizes import SCREEN_SIZES
from ui_helpers import click, drag, frames, move, table_at  # noqa: E402

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.games.conan import battlefield as bf  # noqa: E402
from tabletop.ui.games.conan_playback import (  # noqa: E402
    MAX_STEP_SECONDS,
    STEP_SECONDS,
    step_seconds,
)

RULES = load_rules("conan")


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


def position(face_up: bool, placed: bool = False) -> dict[str, Any]:
    """Seat 0's Conan Move phase: a Temple Spearman in Center whose Lunge lies face up
    (a CONAN-R13 fallback Move) or face down; Conan holds a Lunge (``placed``: it lies
    already to the right of the Foe's Move)."""
    moves = [c("move_lunge", "foe_lunge", face_up=face_up)]
    records: list[dict[str, Any]] = [{"card": "$foe_lunge", "foe": "$spear"}]
    hand = [c("move_parry", "parry")]
    if placed:
        moves.append(c("move_lunge", "lunge"))
        records.append({"card": "$lunge", "by": "$conan", "target": "center/foe1/right"})
    else:
        hand.append(c("move_lunge", "lunge"))
    return {"turn": 3, "active": 0, "phase": "conan_move",
            "zones": {"conan": [c("conan_wanderer", "conan")],
                      "center": [c("foe_temple_spearman", "spear")],
                      "moves": moves, "p0.hand": hand,
                      "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 6,
                      "p1.foe_deck": ["foe_hill_bandit"] * 3},
            "data": {"moves": records}}


def hold_over(app, scene, iid: int, target: str) -> tuple[bf.Target, tuple[int, int]]:
    """Drag card ``iid`` until it lies on ``target`` and keep holding it; the place and
    where the pointer is."""
    place = next(t for t in bf.all_targets(scene.game.state) if t.named(target))
    end = scene.viewport.to_px(*place.shape.center)
    pointer = (round(end[0]), round(end[1]))
    drag(app, scene.card_rect(iid).center, pointer, release=False)
    frames(app, 1)
    return place, pointer


def release(app, pointer: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, touch=False,
                                         pos=pointer))
    frames(app, 2)


def shape_rect(scene, shape) -> pygame.Rect:
    pts = [scene.viewport.to_px(*p) for p in shape.corners()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_conan_r14_dragging_a_blade_beside_a_foes_blade_says_both_are_blocked(size):
    app, game, scene, labels = table_at("conan", position(face_up=True), size=size,
                                        rules=RULES)
    try:
        place, pointer = hold_over(app, scene, labels["lunge"], "center/foe1/right")
        box = scene.ui.fight_preview.box
        assert box.rect is not None
        lines = box.lines
        assert lines[0] == "Lunge here, played by Conan:"
        assert "Blade vs Blade: your Blade is blocked · you block their Blade" in lines
        assert "Conan would deal 0 damage and take 0 (CONAN-R15)." in lines
        assert any("CONAN-R14" in line for line in lines)
        assert pygame.Rect(scene.viewport.area).contains(box.rect)
        assert not box.rect.colliderect(shape_rect(scene, place.shape))
        assert box.text_px >= 12
    finally:
        app.shutdown()


def test_all_r2_beside_a_face_down_foe_move_the_preview_only_says_it_lies_face_down():
    app, game, scene, labels = table_at("conan", position(face_up=False), rules=RULES)
    try:
        hold_over(app, scene, labels["lunge"], "center/foe1/right")
        lines = scene.ui.fight_preview.box.lines
        assert lines[1:] == ("Temple Spearman's Move lies face down: what it blocks and "
                             "what it hits shows at the reveal.",)
        assert not any(" vs " in line or "damage" in line for line in lines)
    finally:
        app.shutdown()


def test_the_preview_speaks_japanese_in_the_rule_documents_terms():
    app, game, scene, labels = table_at("conan", position(face_up=True), lang="ja",
                                        rules=RULES)
    try:
        hold_over(app, scene, labels["lunge"], "center/foe1/right")
        lines = scene.ui.fight_preview.box.lines
        assert "剣 対 剣：こちらの剣は防がれる · 相手の剣を防ぐ" in lines
        assert any("CONAN-R15" in line for line in lines)
    finally:
        app.shutdown()


def test_a_placed_own_move_shows_its_pairs_when_hovered_before_the_reveal():
    app, game, scene, labels = table_at("conan", position(face_up=True, placed=True),
                                        rules=RULES)
    try:
        move(app, scene.card_rect(labels["lunge"]).center)
        frames(app, 2)
        view = scene.by_iid[labels["lunge"]].card
        words = scene.preview.words(view, "en")
        assert "Lunge (Conan) beside the Foes' Moves:" in words
        assert "Blade vs Blade: your Blade is blocked · you block their Blade" in words
    finally:
        app.shutdown()


def fight_position() -> dict[str, Any]:
    """Two Foes in Center, Conan's Flurry in the gap between their Moves."""
    return {"turn": 3, "active": 0, "phase": "conan_move",
            "zones": {"conan": [c("conan_wanderer", "conan")],
                      "center": [c("foe_hill_bandit", "a"), c("foe_temple_spearman", "b")],
                      "moves": [c("move_slash", "ma"), c("move_cleave", "mb"),
                                c("move_flurry", "fl")],
                      "p0.hand": [c("move_parry", "parry")],
                      "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 6,
                      "p1.foe_deck": ["foe_hill_bandit"] * 3},
            "data": {"moves": [{"card": "$ma", "foe": "$a"}, {"card": "$mb", "foe": "$b"},
                               {"card": "$fl", "by": "$conan", "target": "center/gap1"}]}}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_the_playback_lists_each_icon_pair_with_its_outcome_and_the_rule(size, lang):
    app, game, scene, labels = table_at("conan", fight_position(), size=size, lang=lang,
                                        rules=RULES)
    try:
        click(app, scene.controls.buttons["next_phase"].get_abs_rect().center)
        frames(app, 2)
        if game.state.pending is not None and game.state.pending.kind == "barbarian":
            click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        pb = scene.ui.playback
        while pb.active and pb.current.kind != "beat":
            pb.next()
            frames(app, 1)
        assert pb.active
        frames(app, 2)
        step = pb.current
        box = pb.box
        assert box.rect is not None and box.text_px >= 12
        assert pygame.Rect((0, 0), size).contains(box.rect)
        lines = " | ".join(box.lines)
        if lang == "en":
            assert "Slash (Hill Bandit) → Conan: 1 damage" in lines
            assert "Blade vs Blade: blocked by Blade" in lines
            assert "its Multi-icon fails, so this icon fails too" in lines
            assert "Flurry (Conan) → Temple Spearman: 4 damage" in lines
            assert "Grapple vs Empty: nothing faces it, it hits" in lines
        else:
            assert "剣 対 剣：剣に防がれる" in lines
            assert "マルチアイコンが失敗" in lines
        assert "CONAN-R14" in lines and "CONAN-R15" in lines and "CONAN-R16" in lines
        clashes = sum(len(s.clashes) for s in step.beat.strikes)
        assert len(box.lines) >= 1 + clashes  # every pair has its line
        # a step with words stays longer by itself, but never too long
        assert STEP_SECONDS < step_seconds(step) <= MAX_STEP_SECONDS
        index = pb.index
        frames(app, round(STEP_SECONDS * 60) + 2)
        assert pb.index == index  # still there after the plain step time
        pb.next()
    finally:
        app.shutdown()


def test_the_fight_after_the_preview_matches_it():
    """What the preview said while dragging is what the fight does (CONAN-R14/R15)."""
    app, game, scene, labels = table_at("conan", position(face_up=True), rules=RULES)
    try:
        _, pointer = hold_over(app, scene, labels["lunge"], "center/foe1/right")
        said = scene.ui.fight_preview.box.lines
        release(app, pointer)
        assert scene.ui.dialog is None  # only Conan can play it: nothing to ask
        assert game.state.zone_of(labels["lunge"]) == "moves"
        assert game.propose(Action.make("next_phase", 0)).ok
        if game.state.pending is not None and game.state.pending.kind == "barbarian":
            assert game.propose(Action.make("decide", 0, choice=["pass"])).ok
        state = game.state
        assert "Conan would deal 0 damage and take 0 (CONAN-R15)." in said
        assert state.cards[labels["conan"]].counters.get("damage", 0) == 0
        assert state.cards[labels["spear"]].counters.get("damage", 0) == 0
    finally:
        app.shutdown()
