"""What the card faces show (QA15 #2, #3, #12): numbers changed by an effect in force
are drawn as the current number and marked as changed, lasting "cannot ..." effects
show as a badge and in the hover, names never vanish from a face, a long text in the
large view is laid out, the dragged card leaves the hand, and the deck builder's
colour bars are drawn in their own colour."""

from __future__ import annotations

import dataclasses
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from tabletop.core.rules import game_ids
from tabletop.ui.deck_chart import COLOUR_BARS, draw_split, split_colours
from tabletop.ui.fonts import Fonts


def _hue(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    return "red" if r > g and r > b else "green" if g > r and g > b else "blue"


def test_deck_builder_colour_bars_are_drawn_in_their_own_colour() -> None:
    pygame.init()
    values = ["green", "red", "blue"]  # most first, as the deck stats give them
    colours = split_colours(values)
    assert [_hue(c) for c in colours] == values
    surface = pygame.Surface((400, 120))
    fonts = Fonts()
    draw_split(surface, fonts, pygame.Rect(0, 0, 400, 120),
               [("緑", 12), ("赤", 8), ("青", 4)], 1.0, colours)
    row_h = fonts.get(13).get_linesize() + 4
    label_w = min(max(fonts.get(13).size(s)[0] for s in ("緑", "赤", "青")) + 8, 200)
    for i, value in enumerate(values):
        pixel = surface.get_at((label_w + 1, i * row_h + row_h // 2))
        assert tuple(pixel)[:3] == COLOUR_BARS[value], (value, pixel)


def test_deck_builder_other_groups_never_take_a_colours_hue() -> None:
    colours = split_colours(["red", "undead", "beast"])
    assert colours[0] == COLOUR_BARS["red"]
    assert len(set(colours)) == 3 and COLOUR_BARS["red"] not in colours[1:]


# -- QA15 #3: a name never vanishes; a long text in the large view is laid out --------

LONG_JA = "果てしなき北方荒野の彼方凍てつく海の巨人"
LONG_EN = "Colossus of the Endless Northern Wastes Beyond the Frozen Sea"


def _renderer(game_id: str, extra: dict[str, object]) -> object:
    from tabletop.core.rules import load_rules
    from tabletop.ui.games import load_game_ui

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1280, 720))
    rules = load_rules(game_id)
    ui = load_game_ui(game_id, rules)
    fonts = Fonts()
    fonts.floor_px = 12
    renderer = ui.make_renderer(fonts)
    renderer.cards = {**dict(rules.cards), **extra}
    renderer.keep_surfaces = True
    return renderer


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_name_is_never_dropped_from_a_face(game_id: str, lang: str) -> None:
    from tabletop.core.rules import load_rules

    rules = load_rules(game_id)
    base = next(c for c in rules.cards.values() if c.type not in ("resource", "conan"))
    long = dataclasses.replace(base, id="zz_long", name={"en": LONG_EN, "ja": LONG_JA})
    renderer: Any = _renderer(game_id, {"zz_long": long})
    name = LONG_JA if lang == "ja" else LONG_EN
    for w in (56, 63, 80, 100, 126):
        h = round(w * 1.4)
        renderer.face("zz_long", (w, h), lang=lang)
        record = renderer.records[("face", "zz_long", w, h, lang)]
        assert name not in record.left_out, (w, h)
        shown = [p.text for p in record.placed]
        assert name in shown, (w, h, shown)


def test_arc_a_600_character_text_fills_the_large_view_cut_with_an_ellipsis() -> None:
    from tabletop.core.rules import load_rules

    rules = load_rules("arc")
    words = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod "
             "tempor incididunt ut labore et dolore magna aliqua. ") * 5
    assert len(words) > 600
    card = dataclasses.replace(rules.cards["red_war_drums"], id="zz_text",
                               text={"en": words, "ja": words})
    renderer: Any = _renderer("arc", {"zz_text": card})
    renderer.face("zz_text", (200, 280), lang="en")
    record = renderer.records[("face", "zz_text", 200, 280, "en")]
    assert words not in record.left_out and words in record.cut
    body = next(p for p in record.placed if p.text == words)
    assert len(body.lines) >= 5 and body.lines[-1][0].endswith("…")


# -- QA15 #2: a number changed by an effect in force, and a lasting status ------------

def _arc_effects_table(size: tuple[int, int] = (1280, 720)) -> tuple[Any, Any, Any, Any]:
    from ui_helpers import table_at

    pos = {
        "turn": 5, "active": 0, "phase": "main",
        "zones": {
            "p0.hand": [{"card": "red_war_drums", "label": "drums"},
                        {"card": "blue_shadow_current", "label": "current"}],
            "p0.resources": ["red_ember_hills", "blue_tide_pool", "blue_tide_pool"],
            "p0.characters": [{"card": "red_flame_duelist", "label": "duelist"}],
            "p1.characters": [{"card": "blue_frost_warden", "label": "warden"}],
            "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10,
        },
        "data": {"resource_played": True},
    }
    return table_at("arc", pos, size=size)


def _count(surface: pygame.Surface, rect: pygame.Rect, rgb: tuple[int, int, int]) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if tuple(surface.get_at((x, y)))[:3] == rgb)


def test_arc_pumped_power_is_drawn_as_the_power_now_on_the_face_and_the_large_view() -> None:
    from ui_helpers import drag, frames, move

    from tabletop.ui.card_face_effects import CHANGED_UP

    app, game, scene, labels = _arc_effects_table()
    try:
        duelist = labels["duelist"]
        face = scene.card_rect(duelist)
        assert _count(app.screen, face, CHANGED_UP) == 0  # printed power, nothing changed
        drag(app, scene.card_rect(labels["drums"]).center, face.center)
        frames(app, 3)
        assert game.rules.derived(game.state, duelist)["power"] == 5  # War Drums +2
        move(app, (2, 2))
        frames(app, 3)
        face = scene.card_rect(duelist)
        on_face = _count(app.screen, face, CHANGED_UP)
        assert on_face > 20, "the power now is not drawn on the face"
        move(app, scene.card_rect(labels["warden"]).center)  # after a drop: another card
        frames(app, 5)
        move(app, face.center)
        frames(app, 30)
        view = scene.by_iid[duelist].card
        words = scene.preview.words(view, "en")
        assert "Now: power 5 (printed 3): War Drums +2" in words  # with its cause (QA15b #4)
        assert any(w.startswith("Power 5: it beats blockers whose total power is below 5")
                   for w in words), words
        assert not any(w.startswith("Power 3") for w in words)
        assert _count(app.screen, app.screen.get_rect(), CHANGED_UP) > 4 * on_face, \
            "the large view does not show the power now"
    finally:
        app.shutdown()


def test_arc_a_lasting_cannot_be_blocked_shows_on_the_face_and_in_the_hover() -> None:
    from ui_helpers import drag, frames, move

    app, game, scene, labels = _arc_effects_table()
    try:
        duelist = labels["duelist"]
        assert not scene.ui.badges.get(duelist)
        drag(app, scene.card_rect(labels["current"]).center, scene.card_rect(duelist).center)
        frames(app, 3)
        assert scene.ui.badges.get(duelist), "no badge on the face"
        face = scene.card_rect(duelist)
        assert all(face.contains(b) for b in scene.ui.badges[duelist])
        move(app, face.center)
        frames(app, 30)
        words = scene.preview.words(scene.by_iid[duelist].card, "en")
        assert any(w.startswith("Cannot be blocked now: Shadow Current's effect")
                   for w in words), words
    finally:
        app.shutdown()


def test_arc_the_dragged_card_leaves_the_hand_while_it_is_carried() -> None:
    from ui_helpers import drag, frames, table_at

    hand = ["red_war_drums", "red_flame_duelist", "red_spark_squire", "red_ash_raider",
            "red_cinder_hound", "red_ember_knight", "red_lava_brute", "red_raid"]
    pos = {
        "turn": 5, "active": 0, "phase": "main",
        "zones": {
            "p0.hand": [{"card": c, "label": f"h{i}"} for i, c in enumerate(hand)],
            "p0.resources": ["red_ember_hills"] * 3,
            "p0.characters": [{"card": "red_flame_duelist", "label": "duelist"}],
            "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10,
        },
        "data": {"resource_played": True},
    }
    app, game, scene, labels = table_at("arc", pos)
    try:
        covered = [labels[f"h{i}"] for i in range(len(hand))
                   if scene.by_iid[labels[f"h{i}"]].covered]
        assert covered and all(i in scene.ui.spines for i in covered)
        carried = covered[0]
        rect = scene.card_rect(carried)
        drag(app, (rect.x + 6, rect.centery), scene.zone_rect("p0.characters").center,
             release=False)
        frames(app, 2)
        assert scene.drag is not None and scene.drag.iid == carried
        assert carried not in scene.ui.spines, "its strip is drawn in the hand again"
        assert all(i in scene.ui.spines for i in covered[1:])
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_xenocard_a_block_phase_event_never_reads_as_a_plain_event_on_a_small_face(
        lang: str) -> None:
    from tabletop import i18n

    i18n.set_language(lang)
    try:
        renderer: Any = _renderer("xenocard", {})
        whole = i18n.t("xenoui.timing.block")
        short = i18n.t("xenoui.timing_short.block")
        plain = whole.replace("：", ":").split(":")[0].strip()  # "Event"
        for w in (60, 70, 80, 90, 100, 126):
            h = round(w * 1.4)
            renderer.face("ambush", (w, h), lang=lang)
            shown = [p.text for p in renderer.records[("face", "ambush", w, h, lang)].placed]
            assert plain not in shown, (w, shown)
            assert whole in shown or short in shown, (w, shown)
    finally:
        i18n.set_language("en")


def test_xenocard_the_large_view_draws_the_atk_in_force_over_the_printed_one() -> None:
    from game_helpers import position
    from ui_helpers import frames, move, table_at

    from tabletop.core.actions import Action
    from tabletop.ui.card_face_effects import CHANGED_UP

    pos = position(["deck_rookie"] * 10,
                   {"p0_hand": [{"card": "overclock", "label": "clock"}],
                    "p0_field": [{"card": "patrol_drone", "label": "rookie"}]},
                   None, phase="event", active=0)
    app, game, scene, labels = table_at("xenocard", pos)
    try:
        rookie = labels["rookie"]
        spots = scene.renderer.number_spots("patrol_drone", 200, 280)
        assert set(spots) == {"atk", "hp"}
        assert game.propose(Action.make("play_event", 0, card=labels["clock"],
                                        target=rookie)).ok
        if game.state.pending is not None:  # the other seat may counter: it passes
            assert game.propose(Action.make("decide", 1, choice=["pass"])).ok
        frames(app, 3)
        atk = game.rules.derived(game.state, rookie)["atk"]
        assert atk > game.rules.cards["patrol_drone"].number("atk")
        move(app, (2, 2))
        frames(app, 3)
        before = _count(app.screen, app.screen.get_rect(), CHANGED_UP)
        move(app, scene.card_rect(rookie).center)
        frames(app, 30)
        assert _count(app.screen, app.screen.get_rect(), CHANGED_UP) > before + 200
    finally:
        app.shutdown()
