"""Issue 10, "No surprises at the table": the remaining readability and key items.

Each test is named after the issue item it checks and drives the real window (posted
events, ``tests/ui_helpers.py``):

* Conan: the unanswered-Foe side/target buttons are clipped ("Right R R → C"); the
  Foe hand and the Move hand played from are unreadable; a chip hides the numbers;
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
from screen_sizes import SCREEN_SIZES
from test_ui_conan import DECKS, c, dismiss_cover, table  # noqa: E402
from ui_helpers import FRAME, arc_position, click, frames, key, table_at  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.table import AFTER_PLAYBACK_S  # noqa: E402
from tabletop.ui.theme import text_floor  # noqa: E402

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
@pytest.mark.parametrize("size", SCREEN_SIZES)
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
@pytest.mark.parametrize("size", SCREEN_SIZES)
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
    """Outside Foe Draw the Foe hand is never spread (in Foe Move the enemy's Move hand
    is, over the rows it does not use then; in Survey the turn player's, who decides
    Fight or Retreat with it in view); in free mode every zone lies where the file
    says."""
    from test_ui_conan import FOE_MOVE

    position = dict(FOE_MOVE, zones=dict(FOE_MOVE["zones"], **{
        "p1.foe_hand": [c(f, f"foe{i}") for i, f in enumerate(EIGHT_FOES)]}))
    app, game, scene, labels = table(position)
    try:
        assert scene.viewer == 1
        assert "p1.foe_hand" not in scene.layout.zone_ids  # under the spread Move hand
        assert scene.layout.zone("p1.hand").height_mm > 100.0
    finally:
        app.shutdown()
    app, game, scene, labels = table(dict(position, phase="survey"))
    try:
        assert game.state.pending.kind == "survey" and scene.viewer == 0
        assert "p1.foe_hand" not in scene.layout.zone_ids  # under the spread hand
        assert scene.layout.zone("p0.hand").height_mm > 100.0
        assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
        frames(app, 2)
        assert game.state.free_mode  # free mode moves cards anywhere: the file's zones
        assert scene.layout.zone("p1.foe_hand").height_mm == 100.0
        assert scene.layout.zone("p0.hand").height_mm == 100.0
        assert "p1.chronicle" in scene.layout.zone_ids
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Conan: the Move hand

#: Seven hand cards with the longest names of each kind (Moves, Items, an Action, an
#: Ally, a Region): ブロードソード and Pirate Swordswoman need the face's whole width.
SEVEN_CARDS = ["item_broadsword", "move_roundhouse", "item_throwing_knives",
               "move_overhead_blow", "action_strange_omen", "ally_pirate_swordswoman",
               "region_steaming_jungle"]


def hand_numbers(card):
    """The numbers a hand card shows that the player needs: a Move's (Item's,
    Action's) initiative and prowess cost, a character's damage, prowess and health."""
    if card.type in ("move", "item", "action"):
        return [card.get("initiative"), card.get("cost")]
    if card.type in ("ally", "conan", "foe"):
        return [card.get(k) for k in ("damage", "prowess", "health")]
    return []


def hand_table(phase, size, lang):
    """Seat 0's turn with SEVEN_CARDS in hand: Prepare or Conan Move (the turn player
    at the computer), or Foe Move (the enemy, seat 1, at the computer, SEVEN_CARDS in
    its hand)."""
    from test_ui_conan import FOE_MOVE, at_conan_move

    if phase == "conan_move":
        app, game, scene, labels = at_conan_move(size, tuple(
            c(card, f"h{i}") for i, card in enumerate(SEVEN_CARDS[:5])), lang)
        return app, game, scene, "p0.hand"
    zones = dict(FOE_MOVE["zones"])
    if phase == "prepare":
        zones = {k: v for k, v in zones.items() if k != "center"}
        zones["p0.hand"] = [c(card, f"h{i}") for i, card in enumerate(SEVEN_CARDS)]
    else:
        zones["p1.hand"] = [c(card, f"h{i}") for i, card in enumerate(SEVEN_CARDS)]
    app, game, scene, labels = table(dict(FOE_MOVE, phase=phase, zones=zones), size, lang)
    return app, game, scene, "p0.hand" if phase == "prepare" else "p1.hand"


@pytest.mark.parametrize("phase", ["prepare", "conan_move", "foe_move"])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue10_conan_the_hand_played_from_shows_every_name_whole(size, lang, phase):
    """While the viewer plays from its hand (Prepare and Conan Move on its turn, Foe Move
    as the enemy) every hand card shows its whole name at the floor or above and its
    numbers, no card over another, inside the table; the battlefield and the turn
    player's side stay where they are."""
    try:
        app, game, scene, hand = hand_table(phase, size, lang)
        try:
            assert game.state.phase == phase and hand == f"p{scene.viewer}.hand"
            sprites = [s for s in scene.sprites if s.zone == hand]
            assert len(sprites) == 7
            problems = whole_names_problems(scene, sprites, hand_numbers)
            assert not problems, "\n".join(problems)
            area = pygame.Rect(scene.viewport.area)
            for i, a in enumerate(sprites):
                assert area.contains(a.rect)
                assert not any(a.rect.colliderect(b.rect) for b in sprites[i + 1:])
                for zone in ("moves", "center", f"p{game.state.active}.side"):
                    assert not a.rect.colliderect(scene.zone_rect(zone)), zone
            battle = scene.ui.frames[game.state.active]
            assert all(scene.layout.zone(z) == battle.zone(z) for z in
                       ("moves", "conan", "center", "left_flank", "rear", "right_flank"))
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")


def test_issue10_conan_the_spread_hand_keeps_its_places_while_the_pointer_is_over_it():
    """A card played from the spread hand leaves a gap: the others stay under the
    pointer until it leaves the hand, then they are laid out afresh."""
    app, game, scene, hand = hand_table("prepare", (1280, 720), "en")
    try:
        from ui_helpers import move

        sprites = [s for s in scene.sprites if s.zone == hand]
        ally = next(s for s in sprites if s.card.card_id == "ally_pirate_swordswoman")
        move(app, sprites[0].rect.center)
        before = {s.iid: s.rect.copy() for s in sprites if s is not ally}
        assert game.propose(Action.make("play_card", 0, card=ally.iid)).ok
        frames(app, 2)
        after = {s.iid: s.rect for s in scene.sprites if s.zone == hand}
        assert after == before
        move(app, scene.zone_rect("center").center)  # the pointer leaves: laid out afresh
        frames(app, 1)
        assert {s.iid: s.rect for s in scene.sprites if s.zone == hand} != before
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue10_conan_the_hand_shows_every_name_whole_in_the_press_on_decision(size, lang):
    """Press On or Rest is decided with the hand in view: spread large, each card's
    whole name at the floor or above (and its numbers), no card over another."""
    zones = {"conan": [c("conan_wanderer", "conan")],
             "p0.hand": [c(card, f"h{i}") for i, card in enumerate(SEVEN_CARDS)],
             "p1.hand": [c("move_slash", "secret")], **DECKS}
    try:
        app, game, scene, labels = table({"turn": 3, "active": 0, "phase": "press_on",
                                          "zones": zones}, size, lang)
        try:
            assert game.state.pending.kind == "press_on" and scene.viewer == 0
            sprites = [s for s in scene.sprites if s.zone == "p0.hand"]
            assert len(sprites) == 7
            problems = whole_names_problems(scene, sprites, hand_numbers)
            assert not problems, "\n".join(problems)
            for i, a in enumerate(sprites):
                assert not any(a.rect.colliderect(b.rect) for b in sprites[i + 1:])
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")


def full_battlefield(size, lang):
    """Seat 0's Conan Move phase with every Foe row full (12 Foes, each with its Move),
    ten Moves of Conan and his two Allies placed (``benchmarks/bench_table_conan.py``)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_table_conan import full_game

    game = full_game()
    app, _game, scene, labels = table({"turn": 1, "active": 0, "phase": "prepare",
                                       "zones": {"conan": ["conan_wanderer"], **DECKS}},
                                      size, lang)
    app.game = game
    from tabletop.ui.table import TableScene

    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue10_conan_every_character_in_play_shows_its_name_beside_its_card(size, lang):
    """Conan, the twelve Foes of a full battlefield and the two Allies in the side each
    have their whole name written beside the card (drawn by the fitting function, at
    the floor or above, never ellipsized), over no card, zone name or other label,
    inside the table."""
    try:
        app, game, scene = full_battlefield(size, lang)
        try:
            floor = text_floor(scene.scale)
            db = scene.rules.cards
            drawn = scene.ui.names.drawn
            in_play = ("conan", "center", "left_flank", "rear", "right_flank", "p0.side")
            chars = [s for s in scene.sprites if s.zone in in_play and s.card.card_id
                     and db[s.card.card_id].type in ("conan", "foe", "ally")]
            assert len(chars) == 15
            inks = []
            area = pygame.Rect(scene.viewport.area)
            for sprite in chars:
                assert sprite.card.iid in drawn, sprite.card.card_id
                key, ink = drawn[sprite.card.iid]
                record = scene.renderer.records[key]
                name = db[sprite.card.card_id].display_name(scene.lang)
                placed = [p for p in record.placed if p.text == name]
                assert placed and name not in record.left_out, (name, record.left_out)
                assert placed[0].px >= floor, (name, placed[0].px)
                assert not any("…" in line for line, _ in placed[0].lines), name
                assert area.contains(ink)
                for other in scene.sprites:
                    assert not (other.drawn and other.rect.colliderect(ink)), \
                        (name, db[other.card.card_id].type if other.card.card_id else "?")
                inks.append((name, ink))
            for i, (name, ink) in enumerate(inks):
                assert not any(ink.colliderect(b) for _, b in inks[i + 1:]), name
        finally:
            app.shutdown()
    finally:
        i18n.set_language("en")


def test_issue10_conan_a_prepare_refusal_cites_its_rule_and_leaves_the_side_in_sight():
    """A Move dragged to the side in Prepare is refused with CONAN-R8; the box lies over
    the other seat's hand row, clear of the spread hand, the side and the Region."""
    app, game, scene, hand = hand_table("prepare", (1280, 720), "en")
    try:
        from ui_helpers import drag

        assert game.propose(Action.make("play_card", 0, card=next(
            s.iid for s in scene.sprites if s.card.card_id == "ally_pirate_swordswoman"))).ok
        frames(app, 2)
        move = next(s for s in scene.sprites if s.zone == hand and
                    s.card.card_id == "move_roundhouse")
        drag(app, move.rect.center, scene.zone_rect("p0.side").center)
        frames(app, 2)
        assert scene.toast.visible and scene.toast.rule in ("CONAN-R8", "CONAN-R2")
        assert scene.toast.full_text.endswith(f"({scene.toast.rule})")
        box = scene.toast.box(pygame.Rect(scene.viewport.area), scene.text, scene.scale)
        for zone in ("p0.side", "p0.region", hand):
            assert not box.colliderect(scene.zone_rect(zone)), zone
        assert game.check(Action.make("play_card", 0, card=move.iid)).rule == "CONAN-R8"
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue10_conan_no_chip_covers_a_characters_value_discs(size):
    """Conan's and each Foe's damage, prowess and health discs are in sight: most of
    each disc around its number has the disc's own colour, nothing drawn over it (where
    a number changed, the Foes having paid their Moves, the disc shows it now)."""
    from test_ui_conan import at_conan_move

    from tabletop.ui.games.conan_cards import STAT_COLOUR

    app, game, scene, labels = at_conan_move(size)
    try:
        frames(app, 1)
        checked = 0
        for name in ("conan", "bandit", "spear"):
            sprite = scene.by_iid[labels[name]]
            for stat, (x, y), r in scene.ui.stat_discs_px(scene, sprite):
                assert sprite.rect.collidepoint(x, y)
                want = STAT_COLOUR[stat]
                channel = want.index(max(want))
                inside = [(x + dx, y + dy) for dx in range(-r + 1, r) for dy in range(-r + 1, r)
                          if dx * dx + dy * dy < (r - 1) ** 2]
                own = sum(1 for p in inside if (lambda px: px.index(max(px)) == channel and
                                                max(px) - min(px) > 60)(
                    tuple(app.screen.get_at(p))[:3]))
                # the disc's colour around its white number (a dark chip has none)
                assert own >= 0.4 * len(inside), (name, stat, own, len(inside))
                checked += 1
        assert checked == 9
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Arc


ARC_HAND = ["red_flame_duelist", "red_phoenix_queen", "red_spark_squire", "red_battle_cry",
            "red_flame_duelist", "red_spark_squire", "red_phoenix_queen"]


def arc_table(position, size=(1280, 720)):
    return table_at("arc", position, size=size, seed=3)


@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("size", SCREEN_SIZES)
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


def _battle_going_on_by_itself(app, scene):
    """Pass the block: the battle's playback starts. Between two persons it waits for a
    click or Space at each attack; with the computer at the table it goes on by itself
    (``Playback.auto``, the computer's pace), as here."""
    from tabletop.ui.games.xenocard_battle import STEP_SECONDS

    click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
    assert scene.ui.playing(scene) and scene.ui.playback.auto is None  # two persons
    scene.ui.playback.auto = STEP_SECONDS


def test_issue10_a_space_right_after_a_battle_playback_ended_by_itself_is_not_next_phase():
    from test_ui_xenocard import BLOCK
    from test_ui_xenocard import table as xeno_table

    app, game, scene, labels = xeno_table(BLOCK)
    try:
        _battle_going_on_by_itself(app, scene)
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
        _battle_going_on_by_itself(app, scene)
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


# ---------------------------------------------------------------------- Xenocard: names


def _xeno_positions():
    """Positions that together show every Xenocard card in seat 0's hand (seven at a
    time) and every battle card and situation on a slot of either seat."""
    rules = load_rules("xenocard")
    ids = sorted(rules.cards)
    battle = [i for i in ids if rules.cards[i].type == "battle"]
    situations = [i for i in ids if rules.cards[i].type == "situation"]
    hands = [ids[k:k + 7] for k in range(0, len(ids), 7)]
    slot_zones = [("p0.standby", ["s1", "s2", "s3", "s4"]),
                  ("p0.field", ["front.left", "front.right", "back.left", "back.right"]),
                  ("p1.standby", ["s1", "s2", "s3", "s4"]),
                  ("p1.field", ["front.left", "front.right", "back.left", "back.right"])]
    positions = []
    for n in range(max(len(hands), -(-len(battle) // 16), -(-len(situations) // 8))):
        zones = {"p0.hand": hands[n] if n < len(hands) else [],
                 "p1.hand": ["void_wisp"] * 7,
                 "p0.deck": ["deck_rookie"] * 12, "p1.deck": ["void_wisp"] * 12}
        slots = {}
        chunk = battle[16 * n:16 * n + 16]
        for z, (zone, names) in enumerate(slot_zones):
            part = chunk[4 * z:4 * z + 4]
            zones[zone] = [{"card": cid, "label": f"b{z}_{k}"} for k, cid in enumerate(part)]
            slots.update({f"b{z}_{k}": names[k] for k in range(len(part))})
        sits = situations[8 * n:8 * n + 8]
        for z, zone in enumerate(("p0.situations", "p1.situations")):
            part = sits[4 * z:4 * z + 4]
            zones[zone] = [{"card": cid, "label": f"s{z}_{k}"} for k, cid in enumerate(part)]
            slots.update({f"s{z}_{k}": f"s{k + 1}" for k in range(len(part))})
        positions.append({"turn": 5, "active": 0, "phase": "set", "zones": zones,
                          "data": {"slots": slots}})
    return positions


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue10_xenocard_every_name_shows_whole_in_the_hand_and_on_the_slots(size, lang):
    """Every Xenocard card shows its whole name on its face, in seat 0's hand of seven
    and on a slot: drawn by the fitting function (a word split where typesetting
    allows, never left out, never ellipsized), at the floor or above, inside its card
    and under no other card; hand cards also keep cost, ATK and HP, lie apart, are
    larger than a card on a slot and stay clear of the battle field and the piles."""
    from test_ui_xenocard import table as xeno_table

    seen = set()
    try:
        for position in _xeno_positions():
            app, game, scene, labels = xeno_table(position, size)
            try:
                app.set_language(lang)
                frames(app, 2)
                kinds = ("p0.hand", "p0.standby", "p0.field", "p0.situations",
                         "p1.standby", "p1.field", "p1.situations")
                sprites = [s for s in scene.sprites if s.zone in kinds]
                hand = [s for s in sprites if s.zone == "p0.hand"]
                assert len(hand) == len(position["zones"]["p0.hand"])
                seen |= {s.card.card_id for s in hand}
                problems = whole_names_problems(scene, sprites, lambda d: [
                    d.get(k) for k in ("cost", "atk", "hp") if d.get(k) is not None])
                assert not problems, "\n".join(problems)
                slot_card = scene.card_rect(labels["b0_0"]) if "b0_0" in labels else None
                for i, a in enumerate(hand):
                    assert not any(a.rect.colliderect(b.rect) for b in hand[i + 1:])
                    if slot_card is not None:
                        assert a.rect.h > slot_card.h * 1.15
                    for zone in ("p0.field", "p0.trash", "p0.dump", "p0.deck"):
                        assert not a.rect.colliderect(scene.zone_rect(zone)), zone
            finally:
                app.shutdown()
        assert seen == set(load_rules("xenocard").cards)
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- 絵師100人展


ESHI_DECKS = {"p0.deck": ["chalk_sprite"] * 5, "p1.deck": ["chalk_sprite"] * 5}


def _eshi_positions(active=0):
    """Positions that together show every 絵師100人展 card in the hand of the seat to
    play (seven at a time) and on the grid (the same seven, that seat's own, upright)."""
    ids = sorted(load_rules("eshi100").cards)
    positions = []
    for k in range(0, len(ids), 7):
        chunk = ids[k:k + 7]
        grid = [{"card": cid, "owner": active, "label": f"g{n}", "counters": {"square": n}}
                for n, cid in enumerate(chunk)]
        positions.append({"turn": 3, "active": active, "phase": "action",
                          "zones": {**ESHI_DECKS, f"p{active}.hand": chunk, "grid": grid}})
    return positions


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_eshi100_every_name_shows_whole_in_the_hand_and_on_the_grid(size, lang):
    """QA round 2 #2: every 絵師100人展 card's name is drawn whole on its hand face and
    its grid face ("Crimson Brushstroke" left an empty title bar at 1280x720): across
    the card in up to three lines, a word split only when nothing else fits, at the
    floor or above, never ellipsized; its power and connect cost stay."""
    seen = set()
    try:
        for position in _eshi_positions():
            app, game, scene, labels = table_at("eshi100", position, size=size)
            try:
                app.set_language(lang)
                frames(app, 2)
                sprites = [s for s in scene.sprites if s.zone in ("p0.hand", "grid")]
                assert len(sprites) == 2 * len(position["zones"]["p0.hand"])
                seen |= {s.card.card_id for s in sprites}
                problems = whole_names_problems(scene, sprites, lambda d: [
                    d.get("number"), d.get("power"), d.get("connect_cost")])
                assert not problems, "\n".join(problems)
            finally:
                app.shutdown()
        assert seen == set(load_rules("eshi100").cards)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("active", [0, 1])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_eshi100_grid_labels_lie_on_no_card_and_off_the_hand(size, active):
    """QA round 2 #7: the column letters A-D sat inside row 1 and covered the number of
    a card on A1. Every label (letters and row numbers) lies clear of every card and
    of the viewer's hand; the letters stand under their columns, outside the grid."""
    from tabletop.ui.games.eshi100_draw import grid_label_boxes

    position = _eshi_positions(active)[0]
    app, game, scene, labels = table_at("eshi100", position, size=size)
    try:
        assert scene.viewer == active
        boxes = grid_label_boxes(scene)
        assert sorted(t for t, *_ in boxes) == ["1", "2", "3", "4", "A", "B", "C", "D"]
        hand = scene.zone_rect(f"p{active}.hand")
        grid = scene.zone_rect("grid")
        cards = [s.rect for s in scene.sprites if s.drawn]
        assert len(cards) >= 14
        for text, _surf, ink, box in boxes:
            assert box.size == ink.size and box.h >= 7
            assert box.collidelist(cards) < 0, (text, box)
            assert not box.colliderect(hand), (text, box, hand)
            assert not box.colliderect(grid), (text, box, grid)
            assert pygame.Rect(scene.viewport.table_rect()).contains(box)
            if text.isalpha():
                assert grid.left <= box.centerx <= grid.right and box.top >= grid.bottom
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Xenocard: overlaps


XENO_MARKS = {
    "turn": 3, "active": 0, "phase": "set",
    "zones": {
        "p0.hand": ["deck_rookie", {"card": "walker_frame_mk2", "label": "mk2",
                                    "tapped": True}, "marine_sergeant", "arc_blade"],
        "p0.standby": [{"card": "deck_rookie", "label": "er", "counters": {"e_mark": 1}},
                       {"card": "walker_frame", "label": "ew", "counters": {"e_mark": 1}}],
        "p1.hand": ["void_wisp"] * 7,
        "p0.deck": ["deck_rookie"] * 12, "p1.deck": ["void_wisp"] * 12,
    },
    "data": {"slots": {"er": "s1", "ew": "s2"}},
}


def _face_inks(scene, sprite):
    record = scene.renderer.records[("face", sprite.card.card_id, sprite.rect.w,
                                     sprite.rect.h, scene.lang)]
    return {p.text: [r.move(sprite.rect.topleft) for _, r in p.lines] for p in record.placed}


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_xenocard_the_e_mark_covers_no_name(size):
    """QA round 2 #10: the E badge covered the end of a name ("Deck Rooki|E"); it is
    moved off every text of its card's face."""
    from test_ui_xenocard import table as xeno_table

    app, game, scene, labels = xeno_table(XENO_MARKS, size)
    try:
        for label in ("er", "ew"):
            sprite = scene.by_iid[labels[label]]
            badge = scene.ui.e_badge_rect(scene, sprite)
            assert badge.colliderect(sprite.rect)
            for text, inks in _face_inks(scene, sprite).items():
                assert badge.collidelist(inks) < 0, (label, text, badge)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_free_mode_banner_stands_in_the_side_panel_clear_of_cards(size):
    """QA round 2 #10: at 2560x1440 the FREE MODE banner covered the other player's hand
    cards. It has its own room in the side panel, under the phase tracker: clear of
    the table, the log and the decision box; it goes when free mode goes."""
    from test_ui_xenocard import table as xeno_table

    app, game, scene, labels = xeno_table(XENO_MARKS, size)
    try:
        assert scene.free_banner_rect is None
        assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
        frames(app, 2)
        banner = scene.free_banner_rect
        assert banner is not None and scene.panel_rect.contains(banner)
        assert not banner.colliderect(pygame.Rect(scene.viewport.area))
        assert not banner.colliderect(scene.body_rect)
        assert not banner.colliderect(scene.buttons_rect)
        assert scene.decision_rect.w == 0 or not banner.colliderect(scene.decision_rect)
        assert not any(banner.colliderect(s.rect) for s in scene.sprites if s.drawn)
        assert game.propose(Action.make("set_free_mode", 0, on=False)).ok
        frames(app, 2)
        assert scene.free_banner_rect is None
    finally:
        app.shutdown()


def test_xenocard_the_turned_tag_and_the_dump_name_cover_no_text_where_there_is_room():
    """QA round 2 #10: the "turned" tag covered a hand card's attack type and the "Dump"
    name the dump's top card; both move up or down off the face's texts (at 2560x1440,
    where a face has room between its rows)."""
    from test_ui_xenocard import table as xeno_table

    from tabletop.ui.card_render import clear_of_text

    position = dict(XENO_MARKS, zones=dict(XENO_MARKS["zones"],
                                           **{"p0.dump": ["deck_rookie", "marine_sergeant"]}))
    app, game, scene, labels = xeno_table(position, (2560, 1440))
    try:
        mk2 = scene.by_iid[labels["mk2"]]
        tag = pygame.Rect(0, 0, 60, 24)
        tag.center = mk2.rect.center
        moved = clear_of_text(scene.renderer, mk2.card.card_id, mk2.rect, scene.lang, tag)
        inks = [r for rs in _face_inks(scene, mk2).values() for r in rs]
        assert tag.collidelist(inks) >= 0 and moved.collidelist(inks) < 0
        assert mk2.rect.contains(moved)
        top = [s for s in scene.sprites if s.zone == "p0.dump"][-1]
        zone = scene.zone_rect("p0.dump")
        label = pygame.Rect(zone.x + 4, zone.bottom - 20, 50, 18)
        moved = clear_of_text(scene.renderer, top.card.card_id, top.rect, scene.lang, label,
                              zone)
        assert moved.collidelist([r for rs in _face_inks(scene, top).values()
                                  for r in rs]) < 0
    finally:
        app.shutdown()
