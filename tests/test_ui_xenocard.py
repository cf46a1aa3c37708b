"""The Xenocard table driven through the real window (posted mouse and key events).

Sets into the standby area (legal, refused on the battle field, refused as the
turn's second battle card, XENO-R6), slots lit while dragging, the battle played
back attack by attack (XENO-R5) after the block phase, the hot-seat cover before
the other seat's cards, and hidden hands (ALL-R2).
"""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import click, drag, frames, key, make_app, table_at  # noqa: E402

from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.games.xenocard.state import xeno  # noqa: E402
from tabletop.games.xenocard.zones import slot_of  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.games.xenocard import XenoUI  # noqa: E402
from tabletop.ui.games.xenocard_battle import STEP_SECONDS  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


SET = {
    "turn": 3, "active": 0, "phase": "set",
    "zones": {
        "p0.hand": [c("deck_rookie", "rookie"), c("marine_sergeant", "sgt"),
                    c("arc_blade", "blade"), c("supply_drop", "drop")],
        "p0.standby": [c("walker_frame", "walker")],
        "p0.field": [c("lancer_unit", "lancer")],
        "p1.hand": [c("void_wisp", "wisp"), c("ambush", "ambush")],
        "p1.field": [c("husk_crawler", "husk")],
        "p0.deck": ["deck_rookie"] * 12, "p1.deck": ["void_wisp"] * 12,
    },
    "data": {"slots": {"walker": "s1", "lancer": "front.left", "husk": "front.left"}},
}

#: Seat 1 decides the block phase of seat 0's turn; seat 0's field attacks after.
BLOCK = {
    "turn": 4, "active": 0, "phase": "block",
    "zones": {
        "p0.hand": [c("deck_rookie", "rookie")],
        "p0.field": [c("lancer_unit", "lancer"), c("marine_sergeant", "sgt"),
                     c("siege_crawler", "siege")],
        "p1.hand": [c("void_wisp", "wisp"), c("quick_thinking", "quick")],
        "p1.field": [c("husk_crawler", "husk"), c("deck_rookie", "p1rookie")],
        "p0.deck": ["deck_rookie"] * 12, "p1.deck": ["void_wisp"] * 12,
    },
    "data": {"slots": {"lancer": "front.left", "sgt": "front.right", "siege": "back.left",
                       "husk": "front.right", "p1rookie": "back.left"}},
}


def table(position: dict[str, Any], size: tuple[int, int] = (1280, 720)):
    """A window at ``position`` (no cover at the start): app, game, scene, labels."""
    return table_at("xenocard", position, size=size)


@pytest.fixture
def set_table():
    app, game, scene, labels = table(SET)
    yield app, game, scene, labels
    app.shutdown()


def visible_point(scene: TableScene, iid: int) -> tuple[int, int]:
    """A pixel where ``iid`` is the topmost card (hand cards may overlap): the middle
    of the part in sight, where a player grabs a card."""
    rect = scene.card_rect(iid)
    assert rect is not None
    points = [(rect.x + dx, rect.centery) for dx in range(2, rect.w, 4)
              if scene._card_at_px((rect.x + dx, rect.centery)) == iid]
    if points:
        return points[len(points) // 2]
    raise AssertionError(f"card {iid} is covered everywhere")


def cell(scene: TableScene, cell_id: str) -> tuple[int, int]:
    return scene.cell_rect(f"cell:{cell_id}").center


def dismiss_cover(app) -> None:
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)


# ---------------------------------------------------------------------- plugin found


def test_the_table_uses_the_xenocard_plugin(set_table):
    _app, _game, scene, _labels = set_table
    assert isinstance(scene.ui, XenoUI)
    assert scene.ui.drop_zone_id(scene, "cell:p0.standby/s2") == "p0.standby/s2"
    assert scene.ui.drop_zone_id(scene, "p0.trash") == "p0.trash"


def test_cards_lie_on_their_slots(set_table):
    _app, game, scene, labels = set_table
    walker = scene.card_rect(labels["walker"])
    assert walker.center == cell(scene, "p0.standby/s1")
    assert scene.card_rect(labels["lancer"]).center == cell(scene, "p0.field/front.left")
    # The two battle fields face each other across the middle: seat 1's front row is
    # above seat 0's front row and below seat 1's back row on seat 0's screen.
    mine = cell(scene, "p0.field/front.left")
    theirs = cell(scene, "p1.field/front.left")
    back = cell(scene, "p1.field/back.left")
    assert back[1] < theirs[1] < mine[1]


# ---------------------------------------------------------------------- sets


def test_legal_set_to_a_standby_slot(set_table):
    app, game, scene, labels = set_table
    sgt = labels["sgt"]
    drag(app, visible_point(scene, sgt), cell(scene, "p0.standby/s3"))
    assert game.state.zone_of(sgt) == "p0.standby"
    assert slot_of(game.state, sgt) == "s3"
    frames(app, 2)
    assert scene.card_rect(sgt).center == cell(scene, "p0.standby/s3")
    assert ("e_mark", 1) in scene.by_iid[sgt].card.counters  # XENO-R6: set this turn


@pytest.mark.parametrize("edge", ["left", "right", "top", "bottom"])
def test_a_large_hand_card_lands_where_it_is_dropped_wherever_it_is_grabbed(set_table, edge):
    """Hand cards are drawn larger than table cards; one grabbed near any edge and
    dropped with the pointer on a slot lands in that slot (it is carried at table size,
    held at the same point of the card)."""
    app, game, scene, labels = set_table
    sgt = labels["sgt"]
    rect = scene.card_rect(sgt)
    assert rect.w > scene.cell_rect("cell:p0.standby/s3").w  # drawn larger in the hand
    grab = {"left": (rect.x + 6, rect.centery), "right": (rect.right - 6, rect.centery),
            "top": (rect.centerx, rect.y + 6), "bottom": (rect.centerx, rect.bottom - 6)}[edge]
    assert scene._card_at_px(grab) == sgt
    drag(app, grab, cell(scene, "p0.standby/s3"))
    assert game.state.zone_of(sgt) == "p0.standby"
    assert slot_of(game.state, sgt) == "s3"


def test_set_onto_the_battle_field_is_refused_with_the_reason(set_table):
    app, game, scene, labels = set_table
    before = game.state.fingerprint()
    drag(app, visible_point(scene, labels["sgt"]), cell(scene, "p0.field/back.right"))
    assert game.state.fingerprint() == before
    assert scene.toast.visible
    assert scene.toast.key == "refusal.xenocard.set_to_standby_only"
    assert "Marine Sergeant" in scene.toast.text
    assert "standby area" in scene.toast.text


def test_second_battle_card_in_a_turn_is_refused(set_table):
    app, game, scene, labels = set_table
    drag(app, visible_point(scene, labels["rookie"]), cell(scene, "p0.standby/s2"))
    assert game.state.zone_of(labels["rookie"]) == "p0.standby"
    before = game.state.fingerprint()
    drag(app, visible_point(scene, labels["sgt"]), cell(scene, "p0.standby/s4"))
    assert game.state.fingerprint() == before
    assert scene.toast.key == "refusal.xenocard.one_battle_card_per_turn"
    assert "only one per turn" in scene.toast.text
    assert scene.toast.rule == "XENO-R6" or "XENO-R6" in scene.toast.full_text


# ---------------------------------------------------------------------- lit targets


def test_free_standby_slots_light_up_while_dragging(set_table):
    app, _game, scene, labels = set_table
    drag(app, visible_point(scene, labels["sgt"]), (640, 360), release=False)
    assert scene.drag is not None
    assert scene.drag.lit_cells == {"cell:p0.standby/s2", "cell:p0.standby/s3",
                                    "cell:p0.standby/s4"}
    assert not any("field" in k for k in scene.drag.lit_cells)
    key(app, pygame.K_ESCAPE)


def test_weapon_lights_its_holders_and_equips(set_table):
    app, game, scene, labels = set_table
    blade = labels["blade"]
    drag(app, visible_point(scene, blade), (640, 360), release=False)
    assert set(scene.drag.cards) == {labels["walker"], labels["lancer"]}  # not seat 1's
    key(app, pygame.K_ESCAPE)
    drag(app, visible_point(scene, blade), scene.card_rect(labels["lancer"]).center)
    assert xeno(game.state).equipped == {blade: labels["lancer"]}
    frames(app, 2)
    # drawn attached: the weapon tag lies over its holder
    assert scene.card_rect(labels["lancer"]).contains(scene.card_rect(blade).inflate(-12, 0))


def test_moves_only_in_the_move_phase(set_table):
    app, game, scene, labels = set_table
    walker = labels["walker"]
    drag(app, scene.card_rect(walker).center, (640, 360), release=False)
    assert scene.drag is not None and not scene.drag.lit_cells  # set phase: no moves
    key(app, pygame.K_ESCAPE)
    before = game.state.fingerprint()
    drag(app, scene.card_rect(walker).center, cell(scene, "p0.field/back.left"))
    assert game.state.fingerprint() == before
    assert scene.toast.key == "refusal.xenocard.move_phase_only"


def test_move_phase_lights_free_slots_and_moves():
    app, game, scene, labels = table(dict(SET, phase="move"))
    try:
        walker = labels["walker"]
        drag(app, scene.card_rect(walker).center, (640, 360), release=False)
        lit = scene.drag.lit_cells
        assert "cell:p0.field/front.right" in lit and "cell:p0.standby/s2" in lit
        assert "cell:p0.field/front.left" not in lit  # taken by the lancer
        assert not any(k.startswith("cell:p1.") for k in lit)
        key(app, pygame.K_ESCAPE)
        drag(app, scene.card_rect(walker).center, cell(scene, "p0.field/front.right"))
        assert game.state.zone_of(walker) == "p0.field"
        assert slot_of(game.state, walker) == "front.right"
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- battle playback


def test_battle_is_played_back_attack_by_attack():
    app, game, scene, labels = table(BLOCK)
    try:
        assert scene.viewer == 1 and scene.decisions.kind == "block"
        assert scene.ui.playback is None
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        events = game.rules.battle_events(game.state)
        assert len(events) >= 3
        assert any(e.at_deck for e in events) and any(not e.at_deck for e in events)
        # The battle ended seat 0's turn; seat 1 plays on: no cover, the playback runs.
        assert game.state.active == 1 and app.stack.top is scene
        playback = scene.ui.playback
        assert playback is not None and list(playback.events) == events
        frames(app, 1)
        assert playback.drawn == {0}
        for n in range(1, len(events)):
            key(app, pygame.K_SPACE)  # Space: next attack (not "next phase")
            assert playback.drawn == set(range(n + 1))
        assert game.state.phase == "move"  # Space did not move the game on
        key(app, pygame.K_SPACE)
        assert scene.ui.playback is None  # over after the last attack
    finally:
        app.shutdown()


def test_battle_playback_between_two_persons_waits_for_each_click_and_can_be_skipped():
    # QA: played by itself (1.2 s an attack) a battle was over before it was read;
    # between two persons each attack now stays until a click or Space.
    app, game, scene, labels = table(BLOCK)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        n = len(game.rules.battle_events(game.state))
        assert scene.ui.playback is not None
        frames(app, round(STEP_SECONDS * 60 * n) + 5)
        assert scene.ui.playback is not None and scene.ui.playback.index == 0
    finally:
        app.shutdown()
    app, game, scene, labels = table(BLOCK)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        click(app, scene.viewport.area[:2])  # a click shows the next attack
        assert scene.ui.playback is not None and scene.ui.playback.index == 1
        key(app, pygame.K_ESCAPE)
        assert scene.ui.playback is None
    finally:
        app.shutdown()


def test_playback_waits_for_the_cover_and_goes_to_the_next_viewer():
    # Seat 0 holds 9 cards: after the battle seat 0 must discard (adjust), so the
    # computer goes back to seat 0 behind the cover; the battle is shown after it.
    hand = [c("deck_rookie", f"r{i}") for i in range(9)]
    pos = dict(BLOCK, zones=dict(BLOCK["zones"], **{"p0.hand": hand}))
    app, game, scene, labels = table(pos)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        assert game.state.pending.kind == "adjust" and game.state.pending.seat == 0
        assert isinstance(app.stack.top, HotseatCover)
        assert scene.ui.playback is None  # nothing is shown under the cover
        frames(app, 5)
        dismiss_cover(app)
        assert scene.viewer == 0
        assert scene.ui.playback is not None
        key(app, pygame.K_ESCAPE)
        # adjust: click two hand cards, then Discard
        for name in ("r0", "r1"):
            click(app, visible_point(scene, labels[name]))
        assert scene.decisions.chosen == [labels["r0"], labels["r1"]]
        click(app, scene.decisions.buttons["discard"].get_abs_rect().center)
        assert game.state.zone_of(labels["r0"]) == "p0.trash"
        assert game.state.active == 1
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- hidden hands


def test_the_other_seats_hand_is_never_drawn_face_up():
    app, game, scene, labels = table(dict(SET, phase="set"))
    seen: list[tuple[int, int]] = []
    leaks: list[str] = []

    def on_face(viewer: int, iid: int) -> None:
        zone = game.state.zone_of(iid)
        if zone == f"p{1 - viewer}.hand":
            leaks.append(f"viewer {viewer} saw {game.state.cards[iid].card_id}")
        seen.append((viewer, iid))

    scene.face_listener = on_face
    try:
        frames(app, 2)
        assert labels["sgt"] in {i for _, i in seen}
        assert labels["wisp"] not in {i for _, i in seen}
        key(app, pygame.K_n)  # set -> block: seat 1 decides, behind the cover
        assert isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 1
        dismiss_cover(app)
        seen.clear()
        frames(app, 2)
        assert scene.viewer == 1
        assert labels["wisp"] in {i for _, i in seen}
        assert labels["sgt"] not in {i for _, i in seen}
        assert scene.decisions.kind == "block"
        assert scene.ui.playback is None
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        frames(app, 3)
        assert not leaks
    finally:
        app.shutdown()


def test_mulligan_prompts_each_seat_behind_the_cover():
    from tabletop.games.xenocard import load_decks

    rules = load_rules("xenocard")
    decks = load_decks(rules=rules)
    app = make_app()
    game = Game(rules, GameSetup("xenocard", seed=3, first=0,
                                 decks=[{"cards": decks["frontier_fleet"].card_list()},
                                        {"cards": decks["void_tide"].card_list()}]))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    try:
        assert scene.decisions.kind == "mulligan"
        assert set(scene.decisions.buttons) == {"keep", "mulligan"}
        assert scene.decisions.buttons["keep"].text == "Keep"
        click(app, scene.decisions.buttons["keep"].get_abs_rect().center)
        assert game.state.pending.seat == 1
        assert isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 1
        dismiss_cover(app)
        assert scene.viewer == 1 and scene.decisions.kind == "mulligan"
        click(app, scene.decisions.buttons["mulligan"].get_abs_rect().center)
        assert xeno(game.state).mulligans[1] == 1
    finally:
        app.shutdown()


def test_playback_shows_the_atk_each_attack_used_not_todays():
    app, game, scene, labels = table(BLOCK)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        events = game.rules.battle_events(game.state)
        playback = scene.ui.playback
        assert playback is not None and all(e.atk is not None for e in events)
        # Whatever the ATK in force now, the record's number is the one shown.
        playback.events = [replace(e, atk=e.atk + 40) for e in playback.events]
        shown: list[str] = []
        real_get = scene.text.get

        def spy(text, *args, **kwargs):
            shown.append(text)
            return real_get(text, *args, **kwargs)

        scene.text.get = spy
        for n, event in enumerate(playback.events):
            shown.clear()
            frames(app, 1)
            assert f"ATK {event.atk}" in shown, (n, shown)
            key(app, pygame.K_SPACE)
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- issue 10

WEAPON_POSITION = {
    "turn": 5, "active": 0, "phase": "set",
    "zones": {
        "p0.deck": ["deck_rookie"] * 10, "p1.deck": ["husk_crawler"] * 10,
        "p0.hand": ["abyss_leviathan", "walker_frame_mk2", "oracle_unit", "ambush",
                    "focused_fire", "marine_captain", "coil_rifle"],
        "p0.field": [{"card": "walker_frame", "label": "walker"}],
        "p0.weapons": [{"card": "missile_pod", "label": "pod"}],
        "p1.field": [{"card": "void_wisp", "label": "wisp"}]},
    "data": {"slots": {"walker": "front.left", "wisp": "front.right"},
             "equipped": {"pod": "walker"}}}


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_large_view_fits_the_whole_text_of_every_card(size):
    """Issue 10: the hover view of any Xenocard card shows all of its text (no ellipsis,
    no dropped line or icon), in both languages."""
    from tabletop import i18n
    from tabletop.core.rules import GameSetup, load_rules

    app = make_app(size)
    rules = load_rules("xenocard")
    game = Game(rules, GameSetup("xenocard", seed=1, position=WEAPON_POSITION))
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    try:
        area = pygame.Rect(scene.viewport.area)
        big = scene.preview.card_rect(area, scene.zone_rect("p0.hand"))
        renderer = scene.renderer
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            for card_id in rules.cards:
                renderer.draw_face(card_id, big.w, big.h, lang)
        assert not [c for c in renderer.cut if c[1] == big.w]
    finally:
        i18n.set_language("en")
        app.shutdown()


def test_an_equipped_weapon_leaves_the_attack_type_readable_and_shows_the_atk_in_force():
    """Issue 10, XENO-R7: the weapon's tag does not cover the holder's attack-type row,
    where the attack type in force is drawn; the holder's hover words give the ATK in
    force (the weapon's) and name the weapon."""
    from tabletop.core.rules import GameSetup, load_rules

    app = make_app((1280, 720))
    game = Game(load_rules("xenocard"), GameSetup("xenocard", seed=1, position=WEAPON_POSITION))
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    try:
        lab = game.state.data["labels"]
        holder, tag = scene.card_rect(lab["walker"]), scene.card_rect(lab["pod"])
        row = scene.renderer.attack_row(holder.w, holder.h).move(holder.topleft)
        assert not row.colliderect(tag)
        assert holder.contains(tag.clip(holder))
        sprite = scene.by_iid[lab["walker"]]
        words = " ".join(scene.ui.explain(game.rules.cards["walker_frame"], sprite.card))
        assert "Now: ATK 2, ballistic" in words and "Missile Pod is equipped" in words
    finally:
        app.shutdown()
