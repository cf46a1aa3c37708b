"""Arc through the real window (issue 10): paying by clicking resources (ARC-R4,
ARC-H8) and a resource row one can read at 1280x720, 1600x900 and 2560x1440.

Events are posted to pygame's queue (``tests/ui_helpers.py``); the assertions look at
the game state, the action recorded (what a save replays) and what the scene shows.
"""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import click, drag, frames, move, post, table_at  # noqa: E402

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.engine import Game, replay  # noqa: E402
from tabletop.ui.cover import HotseatCover  # noqa: E402
from tabletop.ui.games.arc_resources import WILL_TAP, untapped_counts, will_tap  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

R, G, B = "red_ember_hills", "green_wildwood", "blue_tide_pool"


def res(card: str, label: str | None = None, tapped: bool = False) -> dict:
    entry: dict = {"card": card, "tapped": tapped}
    if label:
        entry["label"] = label
    return entry


def position(resources: list, hand: list, phase: str = "main", opp: list | None = None
             ) -> dict:
    return {
        "turn": 5, "active": 0, "phase": phase,
        "zones": {
            "p0.hand": hand, "p0.resources": resources,
            "p0.characters": [], "p1.characters": [{"card": "blue_tide_caller",
                                                    "label": "caller"}],
            "p1.hand": ["blue_chill"], "p1.resources": opp or [res(B), res(B)],
            "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10,
        },
        "data": {"resource_played": True},
    }


def table(pos: dict, size: tuple[int, int] = (1280, 720)):
    return table_at("arc", pos, size=size)


TWO_REDS_ONE_BLUE = position([res(R, "r1"), res(R, "r2"), res(B, "b")],
                             [{"card": "red_flame_duelist", "label": "duelist"}])


@pytest.fixture
def paying():
    app, game, scene, labels = table(TWO_REDS_ONE_BLUE)
    yield app, game, scene, labels
    app.shutdown()


def visible_point(scene: TableScene, iid: int) -> tuple[int, int]:
    rect = scene.card_rect(iid)
    for dx in range(2, rect.w, 4):
        point = (rect.x + dx, rect.centery)
        if scene._card_at_px(point) == scene.view_id(iid):
            return point
    raise AssertionError(f"card {iid} is covered everywhere")


def tapped(game: Game, labels: dict, *names: str) -> set[str]:
    return {n for n in names if game.state.cards[labels[n]].tapped}


# ---------------------------------------------------------------------- ARC-R4: paying by click


def test_ARC_R4_clicked_resources_pay_for_the_dropped_card_and_are_saved(paying):
    app, game, scene, labels = paying
    click(app, scene.card_rect(labels["r2"]).center)
    click(app, scene.card_rect(labels["b"]).center)
    assert scene.ui.picks.ids == [labels["r2"], labels["b"]]
    drag(app, visible_point(scene, labels["duelist"]), scene.zone_rect("p0.characters").center)
    assert game.state.zone_of(labels["duelist"]) == "p0.characters"
    # the program alone would have tapped both reds (nothing else in hand to keep payable)
    assert tapped(game, labels, "r1", "r2", "b") == {"r2", "b"}
    assert game.actions[-1].get("payment") == (labels["r2"], labels["b"])
    assert scene.ui.picks.ids == []  # paid with: tapped, so no longer picked
    saved = [Action.from_json(a.to_json()) for a in game.actions]
    assert replay(game.rules, game.setup, saved).state.fingerprint() == \
        game.state.fingerprint()


def test_ARC_R4_picks_that_cannot_pay_light_nothing_and_the_drop_says_why(paying):
    app, game, scene, labels = paying
    click(app, scene.card_rect(labels["b"]).center)
    before = game.state.fingerprint()
    start = visible_point(scene, labels["duelist"])
    target = scene.zone_rect("p0.characters").center
    drag(app, start, target, release=False)
    assert scene.drag is not None and scene.drag.lit_zones == set()
    post(app, pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False)
    frames(app, 2)
    assert game.state.fingerprint() == before
    assert scene.toast.key == "refusal.arc.bad_payment" and scene.toast.rule == "ARC-R4"
    assert "picked: 1" in scene.toast.full_text


def test_ARC_R4_clicking_a_picked_resource_again_puts_it_back(paying):
    app, game, scene, labels = paying
    click(app, scene.card_rect(labels["r1"]).center)
    click(app, scene.card_rect(labels["r1"]).center)
    assert scene.ui.picks.ids == []
    drag(app, visible_point(scene, labels["duelist"]), scene.zone_rect("p0.characters").center)
    assert game.actions[-1].get("payment") is None  # the rules chose (ARC-H8)


def test_ARC_R4_a_tapped_resource_click_says_why_it_cannot_pay():
    app, game, scene, labels = table(position(
        [res(R, "r1"), res(R, "spent", tapped=True)], ["red_spark_squire"]))
    try:
        click(app, scene.card_rect(labels["spent"]).center)
        assert scene.ui.picks.ids == []
        assert scene.toast.key == "refusal.arc.resource_tapped"
        assert "untaps at the start of your next turn" in scene.toast.full_text
    finally:
        app.shutdown()


def test_ARC_H8_a_dragged_card_marks_the_resources_it_will_tap(paying):
    app, game, scene, labels = paying
    start = visible_point(scene, labels["duelist"])
    drag(app, start, (start[0], start[1] - 150), release=False)
    frames(app, 1)
    expected = [labels["r1"], labels["r2"]]  # the rules' own choice for this hand
    assert will_tap(scene, scene.ui.picks) == expected
    rect = scene.card_rect(labels["r1"]).inflate(10, 10)
    frame_px = [app.screen.get_at((rect.centerx, rect.y + d))[:3] for d in range(4)]
    assert WILL_TAP in frame_px
    post(app, pygame.MOUSEBUTTONUP, pos=start, button=1, touch=False)


def test_ARC_R4_picks_are_forgotten_when_the_computer_changes_hands(paying):
    app, game, scene, labels = paying
    click(app, scene.card_rect(labels["r1"]).center)
    assert scene.ui.picks.ids == [labels["r1"]]
    assert game.propose(Action.make("end_turn", 0)).ok
    frames(app, 3)
    assert isinstance(app.stack.top, HotseatCover)
    assert scene.ui.picks.ids == []


def test_ARC_R4_the_bot_still_plays_without_picks():
    from tabletop.core.bot import play_game
    from tabletop.core.selfplay import setup_for
    from tabletop.games import arc

    rules = arc.load()
    game = play_game(rules, setup_for(rules, 3, arc.load_decks(rules=rules)),
                     [rules.make_bot(7), rules.make_bot(8)], max_actions=400)
    paid = [a for a in game.actions if a.kind == "play_card"]
    assert paid and all(a.get("payment") is None for a in paid)


# ---------------------------------------------------------------------- readability


TEN = [res(R), res(R, tapped=True), res(B), res(R), res(G, tapped=True), res(B),
       res(R, tapped=True), res(G), res(B, tapped=True), res(R)]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
@pytest.mark.parametrize("viewer_seat", [0, 1])
def test_ARC_resource_row_of_ten_is_readable(size, viewer_seat):
    pos = position(TEN, ["red_spark_squire"], opp=TEN)
    pos["active"] = viewer_seat
    app, game, scene, labels = table(pos, size)
    try:
        move(app, (2, 2))
        floor = 36 * size[0] / 1280  # pixels a resource keeps on its shortest side
        for zone_id in ("p0.resources", "p1.resources"):
            zone = scene.zone_rect(zone_id)
            rects = [scene.card_rect(c) for c in game.state.zones[zone_id].cards]
            assert len(rects) == 10
            for a, b in itertools.combinations(rects, 2):
                assert not a.colliderect(b), (zone_id, a, b)  # nothing covered
            for r in rects:
                assert zone.contains(r) and min(r.w, r.h) >= floor, (zone_id, r, zone)
            counts, total = untapped_counts(scene, zone_id)
            assert total == 10 and dict(counts) == {"red": 3, "blue": 2, "green": 1}
        # the first resource of the row is at its viewer's top left, on both seats
        own = game.state.zones[f"p{viewer_seat}.resources"].cards
        first, last = scene.card_rect(own[0]), scene.card_rect(own[-1])
        assert first.x < last.x and first.y < last.y
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- QA2 #6: hand names

#: Seven hand cards of every kind, long names among them (QA2 #6: "Bat", "Spr War",
#: "Ember Hil" cut off at 1280x720 and 1600x900).
NAMED_HAND = ["red_ember_hills", "red_battle_cry", "green_sprout_warden", "green_wildwood",
              "blue_deep_kraken", "red_phoenix_queen", "blue_undertow"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_every_card_of_a_crowded_hand_shows_its_whole_name(size, lang):
    """Seven cards in the viewer's hand overlap; each covered one shows its whole name
    up its strip left in sight (at the text floor or above, never ellipsized, inside
    the card, under no other card, clear of its power chip); the last one on its face."""
    from test_ui_issue10_readable_tables import whole_names_problems
    from ui_helpers import arc_position

    from tabletop import i18n
    from tabletop.ui.theme import text_floor

    pos = arc_position("main")
    pos["zones"] = dict(pos["zones"], **{"p0.hand": NAMED_HAND})
    app, game, scene, labels = table_at("arc", pos, size=size, seed=3)
    try:
        app.set_language(lang)
        frames(app, 2)
        app.draw()
        floor = text_floor(scene.scale)
        db = scene.rules.cards
        sprites = [scene.sprite_for(i) for i in game.state.zones["p0.hand"].cards]
        assert len(sprites) == 7 and all(s.covered for s in sprites[:-1])
        order = {id(s): k for k, s in enumerate(scene.sprites)}
        for sprite in sprites[:-1]:
            card = sprite.card.card_id
            name = db[card].display_name(lang)
            ink = scene.ui.spines.get(sprite.iid)
            assert ink is not None, f"{card}: no name on its strip"
            rect = sprite.rect
            strip = pygame.Rect(rect.x, rect.y, sprite.visible_w, rect.h)
            assert strip.contains(ink), (card, ink, strip)
            for other in scene.sprites:
                if order[id(other)] > order[id(sprite)] and other.drawn:
                    assert not other.rect.colliderect(ink), (card, other.iid)
            chip = scene.ui.chip_rect(sprite)
            if chip is not None and scene.renderer.power_chip(card, chip.w) is not None:
                assert not chip.colliderect(ink), (card, chip, ink)
            record = scene.renderer.records[("spine_name", card, strip.w, rect.h, lang)]
            placed = [p for p in record.placed if p.text == name]
            assert placed and placed[0].px >= floor, (card, record.placed)
            assert not any("…" in line for line, _ in placed[0].lines)
            assert "".join(line for line, _ in placed[0].lines).replace(" ", "") == \
                name.replace(" ", "")
        assert not whole_names_problems(scene, sprites[-1:], lambda d: [])
    finally:
        app.shutdown()
        i18n.set_language("en")
