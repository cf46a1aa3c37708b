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

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
from game_helpers import c, lab  # noqa: E402
from test_ui_conan import dismiss_cover
from ui_helpers import click, drag, frames, table_at  # noqa: E402

from tabletop.core.actions import Action, Verdict  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.ui.cover import HotseatCover  # noqa: E402

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
        dismiss_cover(app)


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


# -- QA15b #3, #4, #10: a weakening to the printed number, badges, free marks, faces -----

#: The tester's cards (Iron Herald, Mire Grip, Bog Sapper), as a user card file.
CLUB = Path(__file__).with_name("qa15b_files") / "club_arc.toml"


def _gripped(tmp_path: Any, monkeypatch: Any, size: tuple[int, int] = (1600, 900),
             free: bool = False) -> Any:
    """The tester's table: P2's Iron Herald beside P2's Bog Sapper (power 0, +1 from the
    Herald), P1 plays Mire Grip on the Sapper (-2 and cannot block): power 0 again."""
    from tabletop.core.user_cards import with_user_cards

    monkeypatch.setenv("TABLETOP_USER_DIR", str(tmp_path))
    (tmp_path / "cards" / "arc").mkdir(parents=True)
    (tmp_path / "cards" / "arc" / "qb.toml").write_text(CLUB.read_text("utf-8"), "utf-8")
    rules = with_user_cards(load_rules("arc"))
    pos = _arc_main(p0_hand=[c("qb_mire_grip", "grip")],
                    p1_characters=[c("qb_iron_herald", "herald"), c("qb_bog_sapper", "sapper")])
    app, game, scene, labels = table_at("arc", pos, size=size, rules=rules)
    assert game.propose(Action.make("play_card", 0, card=labels["grip"],
                                    target=labels["sapper"])).ok
    if free:
        assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
        assert game.propose(Action.make("manual_counter", 0, card=labels["sapper"],
                                        name="poison", delta=2)).ok
    frames(app, 3)
    return app, game, scene, labels


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(surface.get_at((x, y)))[:3] == colour)


def _power_spot(scene: Any, card_id: str, rect: pygame.Rect) -> pygame.Rect:
    (cx, cy), r = scene.renderer.number_spots(card_id, rect.w, rect.h)["power"]
    return pygame.Rect(rect.x + cx - r, rect.y + cy - r, 2 * r, 2 * r)


def test_ARC_H3_a_weakening_back_to_the_printed_power_shows_lowered_with_its_causes(
        tmp_path, monkeypatch):
    from tabletop.ui.card_face_effects import CHANGED_DOWN

    app, game, scene, labels = _gripped(tmp_path, monkeypatch)
    try:
        sapper = labels["sapper"]
        assert game.rules.derived(game.state, sapper) == {"power": 0}  # printed 0
        assert scene.ui.number_changes(scene, sapper) == {"power": -1}
        rect = scene.card_rect(sapper)
        assert _count(app.screen, _power_spot(scene, "qb_bog_sapper", rect), CHANGED_DOWN) > 20
        words = scene.preview.words(scene.by_iid[sapper].card, "en")
        assert words[0] == ("Now: power 0 (printed 0): Mire Grip -2, Iron Herald +1; "
                            "never below 0 (ARC-H3)"), words
        assert any(w.startswith("Power 0: it beats no blocker") for w in words), words
        assert not any("below 0;" in w for w in words)
        # the large view: the same lowered disc
        seen: list[pygame.Rect] = []
        overlay = scene.preview.overlay
        scene.preview.overlay = lambda s, r, v: (seen.append(pygame.Rect(r)), overlay(s, r, v))
        from ui_helpers import move

        move(app, rect.center)
        frames(app, 40)
        assert seen, "no large view"
        assert _count(app.screen, _power_spot(scene, "qb_bog_sapper", seen[-1]),
                      CHANGED_DOWN) > 100
    finally:
        app.shutdown()


def test_ARC_H3_the_hover_of_a_pumped_character_names_each_card_behind_its_power(
        tmp_path, monkeypatch):
    app, game, scene, labels = _gripped(tmp_path, monkeypatch)
    try:
        herald = labels["herald"]  # its own ability does not fall on itself
        assert not any(w.startswith("Now:") for w in
                       scene.preview.words(scene.by_iid[herald].card, "en"))
        from tabletop import i18n

        i18n.set_language("ja")
        ja = scene.preview.words(scene.by_iid[labels["sapper"]].card, "ja")
        assert ja[0].startswith("現在：パワー 0（記載値 0）：泥沼の掴み -2、鉄の伝令 +1"), ja
        assert ja[0].endswith("（0未満にはならない、ARC-H3）")
    finally:
        from tabletop import i18n

        i18n.set_language("en")
        app.shutdown()


def test_large_view_cannot_block_badge_leaves_the_cards_own_text_clear(tmp_path, monkeypatch):
    import tabletop.ui.card_face_effects as face_effects

    app, game, scene, labels = _gripped(tmp_path, monkeypatch)
    try:
        boxes: list[tuple[pygame.Rect, list[pygame.Rect]]] = []
        real = face_effects.draw_badges

        def record(renderer: Any, surface: Any, rect: Any, words: Any, *rest: Any) -> Any:
            out = real(renderer, surface, rect, words, *rest)
            boxes.append((pygame.Rect(rect), out))
            return out

        monkeypatch.setattr(face_effects, "draw_badges", record)
        from ui_helpers import move

        move(app, scene.card_rect(labels["sapper"]).center)
        frames(app, 40)
        large = [(r, b) for r, b in boxes if r.h > 2 * scene.card_rect(labels["sapper"]).h]
        assert large, boxes
        rect, badges = large[-1]
        record_ = scene.renderer.records.get(("face", "qb_bog_sapper", rect.w, rect.h, "en"))
        assert record_ is not None
        text = next(p for p in record_.placed if p.text.startswith("When this character"))
        inks = [ink.move(rect.topleft) for _, ink in text.lines]
        assert badges and all(b.collidelist(inks) < 0 for b in badges), (badges, inks)
    finally:
        app.shutdown()


def test_ALL_R3_a_free_mode_counter_is_drawn_under_the_cannot_block_badge_and_in_the_hover(
        tmp_path, monkeypatch):
    from tabletop.ui.free_menu import CHIP_COUNTER

    app, game, scene, labels = _gripped(tmp_path, monkeypatch, free=True)
    try:
        sapper = labels["sapper"]
        badges = scene.ui.badges[sapper]
        assert badges
        rect = scene.card_rect(sapper)
        assert _count(app.screen, rect, CHIP_COUNTER) > 20  # the "poison 2" chip is drawn
        for box in badges:  # ... but not over the badge ("ock" visible, crop_sapper_tags)
            assert _count(app.screen, box, CHIP_COUNTER) == 0
        words = scene.preview.words(scene.by_iid[sapper].card, "en")
        assert "Counters put on it by hand (free mode): poison 2." in words, words
    finally:
        app.shutdown()


def test_arc_table_faces_show_the_cards_own_text_where_it_fits(tmp_path, monkeypatch):
    app, game, scene, labels = _gripped(tmp_path, monkeypatch)
    try:
        rect = scene.card_rect(labels["herald"])
        record = scene.renderer.records.get(("face", "qb_iron_herald", rect.w, rect.h, "en"))
        assert record is not None
        assert "Your other characters get +1 power." in [p.text for p in record.placed]
        assert "Your other characters get +1 power." not in record.left_out
    finally:
        app.shutdown()


# -- QA15b #5: Conan's large view shows the numbers now, as its small face does ----------

def test_CONAN_R19_large_view_draws_damage_and_health_left_now_over_the_printed_ones():
    from test_ui_hover_effects import TABLES
    from ui_helpers import move

    from tabletop.ui.card_face_effects import CHANGED_DOWN, CHANGED_UP

    app, game, scene, labels = table_at("conan", TABLES["conan"]["position"], size=(1600, 900))
    try:
        conan = labels["conan"]
        now = scene.ui.numbers_now(game.state, conan)
        card = game.rules.cards["conan_wanderer"]
        assert now["damage"] > card.number("damage")  # the Broadsword's +1
        assert now["health"] < card.number("health")  # 3 damage taken
        seen: list[pygame.Rect] = []
        overlay = scene.preview.overlay
        scene.preview.overlay = lambda s, r, v: (seen.append(pygame.Rect(r)), overlay(s, r, v))
        move(app, scene.card_rect(conan).center)
        frames(app, 40)
        assert seen, "no large view"
        large = seen[-1]
        spots = scene.renderer.number_spots("conan_wanderer", large.w, large.h)
        assert set(spots) == {"damage", "prowess", "health"}

        def disc(stat: str) -> pygame.Rect:
            (cx, cy), r = spots[stat]
            return pygame.Rect(large.x + cx - r, large.y + cy - r, 2 * r, 2 * r)

        assert _count(app.screen, disc("damage"), CHANGED_UP) > 100
        assert _count(app.screen, disc("health"), CHANGED_DOWN) > 100
        assert _count(app.screen, disc("prowess"), CHANGED_UP) == 0  # unchanged: as printed
    finally:
        app.shutdown()
