"""QA15b (second pass on the card language), Arc and Conan in the window: a blocker an
effect stops says which card's effect and how long (ARC-R5); a card whose target exists
nowhere says it cannot be used now wherever it is dropped (ARC-H9); a weakening shows on
the face and in the hover with its causes; the large view shows the numbers now and
keeps the card's own text clear; free-mode counters stay clear of status badges and are
in the hover; Arc faces show the card's own text."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
from game_helpers import c, lab  # noqa: E402
from ui_helpers import click, drag, frames, key, table_at  # noqa: E402

from tabletop.core.actions import Action, Verdict  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402

ARC = load_rules("arc")


def _arc_main(**zones: list[Any]) -> dict[str, Any]:
    table: dict[str, Any] = {"p0.deck": ["red_ember_hills"] * 10,
                             "p1.deck": ["red_ember_hills"] * 10}
    for name, cards in zones.items():
        table[name.replace("_", ".", 1)] = cards
    return {"turn": 3, "active": 0, "phase": "main", "zones": table,
            "data": {"resource_played": True}}


def _dismiss_cover(app: Any) -> None:
    if isinstance(app.stack.top, HotseatCover):
        frames(app, int(ARM_DELAY * 60) + 3)
        key(app, pygame.K_SPACE)
        frames(app, 2)


# -- QA15b #7: no target anywhere, dropped onto a card that is none (ARC-H9) --------------

def test_ARC_H9_action_dropped_onto_an_opposing_card_with_no_own_character_cannot_be_used_now():
    pos = _arc_main(p0_hand=[c("red_war_drums", "drums")],
                    p0_resources=["red_ember_hills"],
                    p1_characters=[c("blue_tide_caller", "caller")])
    game = Game(ARC, GameSetup("arc", 1, 0, position=pos))
    drums, caller = lab(game, "drums"), lab(game, "caller")
    verdict = ARC.interpret_drop(game.state, 0, drums, "p1.characters", caller)
    assert isinstance(verdict, Verdict) and verdict.rule == "ARC-H9"
    assert verdict.reason == "arc.no_target_now"
    en = verdict.message.render("en")
    assert "can't be used now" in en and "none on the table" in en
    assert "on that card" not in en
    # proposed with that target anyway, the rules say the same
    refused = game.propose(Action.make("play_card", 0, card=drums, target=caller))
    assert not refused.ok and refused.reason == "arc.no_target_now"
    assert refused.rule == "ARC-H9"


def test_ARC_H9_a_wrong_target_while_a_right_one_exists_is_still_not_on_that_card():
    pos = _arc_main(p0_hand=[c("red_war_drums", "drums")],
                    p0_resources=["red_ember_hills"],
                    p0_characters=[c("red_flame_duelist", "duelist")],
                    p1_characters=[c("blue_tide_caller", "caller")])
    game = Game(ARC, GameSetup("arc", 1, 0, position=pos))
    refused = game.propose(Action.make("play_card", 0, card=lab(game, "drums"),
                                       target=lab(game, "caller")))
    assert not refused.ok and refused.reason == "arc.bad_target"


def test_ARC_H9_window_drop_onto_the_opponents_card_says_it_cannot_be_used_now():
    pos = _arc_main(p0_hand=[c("red_war_drums", "drums")],
                    p0_resources=["red_ember_hills"],
                    p1_characters=[c("blue_tide_caller", "caller")])
    app, game, scene, labels = table_at("arc", pos, rules=ARC)
    try:
        before = game.state.fingerprint()
        sprite = scene.by_iid[labels["drums"]]
        start = (sprite.rect.x + 6, sprite.rect.centery)
        drag(app, start, scene.card_rect(labels["caller"]).center)
        frames(app, 2)
        assert game.state.fingerprint() == before
        assert scene.toast.key == "refusal.arc.no_target_now", scene.toast.key
        assert scene.toast.rule == "ARC-H9"
        assert "can't be used now" in scene.toast.full_text
    finally:
        app.shutdown()


# -- QA15b #2: a blocker an effect stops names the card and how long (ARC-R5) ------------

def _blocked_by_roots(size: tuple[int, int] = (1280, 720), lang: str = "en") -> Any:
    """P1 plays Binding Roots on P2's Tide Caller, then attacks with the Flame Duelist:
    P2 is asked for blockers (the window shows P2's seat)."""
    pos = _arc_main(p0_hand=[c("green_binding_roots", "roots")],
                    p0_resources=["green_wildwood"],
                    p0_characters=[c("red_flame_duelist", "duelist")],
                    p1_characters=[c("blue_tide_caller", "caller"),
                                   c("blue_mist_acolyte", "acolyte")])
    app, game, scene, labels = table_at("arc", pos, size=size, lang=lang, rules=ARC)
    assert game.propose(Action.make("play_card", 0, card=labels["roots"],
                                    target=labels["caller"])).ok
    assert game.propose(Action.make("next_phase", 0)).ok
    assert game.propose(Action.make("attack", 0, attackers=[labels["duelist"]])).ok
    frames(app, 2)
    _dismiss_cover(app)
    assert game.state.pending is not None and game.state.pending.seat == 1
    return app, game, scene, labels


def test_ARC_R5_clicking_a_blocker_under_binding_roots_names_the_card_and_how_long():
    app, game, scene, labels = _blocked_by_roots()
    try:
        assert scene.viewer == 1
        before = game.state.fingerprint()
        click(app, scene.card_rect(labels["caller"]).center)
        frames(app, 2)
        assert game.state.fingerprint() == before
        assert scene.toast.key == "refusal.arc.blocker_cannot_block_from", scene.toast.key
        assert scene.toast.rule == "ARC-R5"
        text = scene.toast.full_text
        assert "Tide Caller cannot block until the end of the turn" in text, text
        assert "Binding Roots's effect" in text
        assert "not one of the choices" not in text
        # the other character may block: a click picks it, no refusal
        click(app, scene.card_rect(labels["acolyte"]).center)
        assert scene.decisions.picked == labels["acolyte"]
    finally:
        app.shutdown()


def test_ARC_R5_the_rules_refuse_that_block_with_the_same_words():
    app, game, scene, labels = _blocked_by_roots()
    try:
        refused = game.propose(Action.make(
            "decide", 1, choice=[f"{labels['caller']}>{labels['duelist']}"]))
        assert not refused.ok and refused.reason == "arc.blocker_cannot_block_from"
        assert "Binding Roots" in refused.message.render("en")
        assert "縛める根の効果でブロックできません" in refused.message.render("ja")
    finally:
        app.shutdown()
