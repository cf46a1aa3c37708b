"""Issues 12 and 16, newcomer QA round: readable tables and menu.

Each test is named after the QA item it checks and drives the real window
(``tests/ui_helpers.py``): the placed and left-out texts of each card face (the
renderer's face records) and rectangles that must not overlap.

* Xenocard: each mirrored play zone is named for its owner as the viewer reads it
  ("Your standby area", "Opponent's standby area"), where no card lies; an equipped
  weapon's tag, the Trash / Dump tags and the damage chip leave the card's name and
  ATK / HP in sight; the battle playback's damage box covers no other card.
* Menu: a game that is "Not available" says so in one line of the game list (the whole
  reason in the line's tool tip) and the next game's button stays clear of the
  "User folder" block.
"""

from __future__ import annotations

import html
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from screen_sizes import SCREEN_SIZES
from ui_helpers import click, fake_choice, frames, key, make_app, table_at  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.ui.theme import text_floor  # noqa: E402

# ---------------------------------------------------------------------- menu: not available

#: The reason QA met (shot_95): the whole error of a card file that does not load.
LONG_REASON = ("/work/main/assets/cards/arc/blue.toml: card 'blue_chill_wind': field "
               "'ability[0].what[0]': unknown effect 'weaken'; known: cannot_block, destroy, "
               "draw, mill, power, return_to_hand, search_action, search_character, "
               "search_combat, search_resource, unblockable, untap")


def panel_rects(menu, prefix):
    """The screen rectangles of the menu widgets whose keys start with ``prefix``."""
    return {k: pygame.Rect(w.rect) for k, w in menu.widgets.items() if k.startswith(prefix)}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue16_a_game_not_available_takes_one_line_and_the_list_stays_clear(
        monkeypatch, size, lang):
    from tabletop.ui import menu

    broken = menu.GameChoice("arc", error=LONG_REASON)
    by_id = {"arc": broken, "conan": fake_choice("conan"), "eshi100": fake_choice("eshi100"),
             "xenocard": fake_choice("xenocard")}
    monkeypatch.setattr(menu, "game_ids", lambda: list(by_id))
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: by_id[gid]))
    app = make_app(size, lang=lang)
    try:
        app.show_menu()
        frames(app, 2)
        scene = app.stack.top
        box = scene.widgets["game_reason:arc"]
        shown = html.unescape(box.html_text)
        assert LONG_REASON not in shown and "blue_chill_wind" not in shown
        assert i18n.t("readable.game_unavailable_short") in shown
        assert box.tool_tip_text == i18n.t("menu.game_unavailable", reason=LONG_REASON)
        line_h = scene.app.fonts.get(round(15 * scene.app.scale)).get_linesize()
        assert box.rect.h < 2 * line_h + 12, box.rect  # one line, not a wrapped paragraph
        games = {k: r for k, r in panel_rects(scene, "game").items() if k != "games_panel"}
        folder = panel_rects(scene, "user_folder")
        assert folder and len([k for k in games if k.startswith("game:")]) == 4
        keys = sorted(games)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert not games[a].colliderect(games[b]), (a, b)
            for f, rect in folder.items():
                assert not games[a].colliderect(rect), (a, f)
        panel = scene.widgets["games_panel"].rect
        assert all(panel.contains(r) for r in games.values())
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_issue16_a_short_reason_is_shown_as_it_is(monkeypatch):
    from tabletop.ui import menu

    broken = menu.GameChoice("conan", error="rules module missing")
    by_id = {"arc": fake_choice("arc"), "conan": broken}
    monkeypatch.setattr(menu, "game_ids", lambda: list(by_id))
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: by_id[gid]))
    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        box = app.stack.top.widgets["game_reason:conan"]
        assert html.unescape(box.html_text) == "Not available: rules module missing"
        assert box.tool_tip_text is None  # nothing more to tell
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- Xenocard


def c(card, label, **extra):
    return {"card": card, "label": label, **extra}


#: QA shots 104, 109, 127: a Sergeant holding a Coil Rifle set this turn, a damaged
#: Medic beside the Walker, battle cards on the trash and the dump.
XENO = {
    "turn": 5, "active": 0, "phase": "set",
    "zones": {
        "p0.hand": ["deck_rookie", "husk_crawler"],
        "p0.standby": [c("marine_sergeant", "sgt")],
        "p0.weapons": [c("coil_rifle", "rifle", counters={"e_mark": 1})],
        "p0.field": [c("walker_frame", "walker"), c("medic_unit", "medic",
                                                    counters={"damage": 1}),
                     c("siege_crawler", "siege")],
        "p0.trash": ["husk_crawler"], "p0.dump": ["deck_rookie", "deck_rookie"],
        "p1.field": [c("void_wisp", "wisp"), c("husk_crawler", "husk"),
                     c("drifting_relic", "relic")],
        "p1.trash": ["void_wisp"], "p1.dump": ["deck_rookie"],
        "p1.hand": ["void_wisp"] * 3,
        "p0.deck": ["deck_rookie"] * 8, "p1.deck": ["husk_crawler"] * 10,
    },
    "data": {"slots": {"sgt": "s2", "walker": "back.left", "medic": "back.right",
                       "siege": "front.left", "wisp": "back.left", "husk": "front.left",
                       "relic": "front.right"},
             "equipped": {"rifle": "sgt"}},
}


def xeno_table(size, lang, position=XENO):
    app, game, scene, labels = table_at("xenocard", position, size=size, lang=lang)
    frames(app, 2)
    return app, game, scene, labels


def must_see(scene, sprite):
    """The ink rectangles (window pixels) of the name and of the ATK / HP band's texts
    of ``sprite``'s face (its face record)."""
    renderer = scene.renderer
    card = renderer.cards[sprite.card.card_id]
    record = renderer.records[("face", sprite.card.card_id, sprite.rect.w, sprite.rect.h,
                               scene.lang)]
    band = renderer._rows_of(sprite.rect.w, sprite.rect.h, card, scene.lang)["band"]
    name = card.display_name(scene.lang)
    inks = {}
    for placed in record.placed:
        if placed.text == name or placed.rect.colliderect(band):
            inks[placed.text] = placed.rect.move(sprite.rect.topleft)
    assert name in inks and str(card.get("hp")) in inks, (inks, record.left_out)
    return inks


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_xenocard_each_play_zone_is_named_for_its_owner(size, lang):
    """QA shot_104: the mirrored standby / situation areas, battle fields and weapon rows
    say whose they are, for the viewer; drawn whole where no card lies, at the floor or
    above, none over another; the table's own unowned label is gone."""
    app, game, scene, labels = xeno_table(size, lang)
    try:
        assert scene.viewer == 0
        names = {n.zone: n for n in scene.ui.zone_names}
        kinds = ("standby", "field", "situations", "weapons")
        assert sorted(names) == sorted(f"p{s}.{k}" for s in (0, 1) for k in kinds)
        floor = text_floor(scene.scale)
        cards = [s.rect for s in scene.sprites if s.drawn]
        for zone_id, name in names.items():
            kind = zone_id.partition(".")[2]
            own = "own" if zone_id.startswith("p0.") else "other"
            assert name.text == i18n.t(f"readable.xenocard.{kind}_{own}")
            assert "".join(name.lines).replace(" ", "") == name.text.replace(" ", "")
            assert name.px >= floor
            assert scene.zone_rect(zone_id).contains(name.rect), zone_id
            assert name.rect.collidelist(cards) < 0, zone_id
            zone = scene.layout.zone(zone_id)
            assert i18n.t(zone.label) == ""  # no second, ownerless label under it
        shown = list(names.values())
        for i, a in enumerate(shown):
            assert not any(a.rect.colliderect(b.rect) for b in shown[i + 1:])
        assert i18n.t("readable.xenocard.standby_own") != \
            i18n.t("readable.xenocard.standby_other")
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_issue12_xenocard_names_follow_the_viewer():
    """Seat 1 at the table: its own zones are "Your ...", seat 0's the opponent's."""
    position = dict(XENO, active=1)
    app, game, scene, labels = xeno_table((1280, 720), "en", position)
    try:
        assert scene.viewer == 1
        names = {n.zone: n.text for n in scene.ui.zone_names}
        assert names["p1.standby"] == "Your standby area"
        assert names["p0.standby"] == "Opponent's standby area"
    finally:
        app.shutdown()


def test_issue12_xenocard_the_help_diagrams_keep_the_zone_names():
    """Only the table draws the per-seat names: the layout the help's diagrams draw
    (the plugin's ``load_layout``) keeps each zone's own name."""
    from tabletop.core.rules import load_rules
    from tabletop.ui.games import load_game_ui

    layout = load_game_ui("xenocard", load_rules("xenocard")).load_layout()
    assert i18n.t(layout.zone("p0.standby").label) == "Standby area"
    assert i18n.t(layout.zone("p1.situations").label) == "Situation area"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_xenocard_a_weapon_tag_leaves_the_holder_name_and_hp_in_sight(size, lang):
    """QA shot_127 (XENO-R7): the Coil Rifle's tag lies over its holder, never over the
    holder's name, its attack-type row nor its ATK / HP band."""
    app, game, scene, labels = xeno_table(size, lang)
    try:
        holder = scene.by_iid[labels["sgt"]]
        tag = scene.card_rect(labels["rifle"])
        assert tag is not None and holder.rect.colliderect(tag)
        for text, ink in must_see(scene, holder).items():
            assert not ink.colliderect(tag), (text, ink, tag)
        card = scene.renderer.cards["marine_sergeant"]
        rows = scene.renderer._rows_of(holder.rect.w, holder.rect.h, card, lang)
        assert not rows["attack"].move(holder.rect.topleft).colliderect(tag)
        record = scene.renderer.records[("face", "coil_rifle", tag.w, tag.h, lang)]
        assert record.placed and all(p.px >= text_floor(scene.scale) for p in record.placed)
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
@pytest.mark.parametrize("active", [0, 1])
def test_issue12_xenocard_pile_tags_keep_off_the_top_card_name_and_numbers(size, lang,
                                                                           active):
    """QA shot_109: the Trash and Dump tags cover neither the name nor the ATK / HP of
    the battle card on top, and stay inside their pile; nor does the pile's count (the
    top card lies at the pile's left end, the count beside its band), for either
    seat at the table."""
    app, game, scene, labels = xeno_table(size, lang, dict(XENO, active=active))
    try:
        assert scene.viewer == active
        count_ink = (20, 20, 24)  # the table's count chips
        for zone_id in ("p0.trash", "p0.dump", "p1.trash", "p1.dump"):
            tag = scene.ui.pile_tags[zone_id]
            top = [s for s in scene.sprites if s.zone == zone_id and s.drawn][-1]
            assert scene.zone_rect(zone_id).contains(tag), zone_id
            for text, ink in must_see(scene, top).items():
                assert not ink.colliderect(tag), (zone_id, text, ink, tag)
                assert colour_pixels(app.screen, count_ink, ink) == 0, (zone_id, text)
    finally:
        app.shutdown()
        i18n.set_language("en")


def colour_pixels(surface, colour, rect):
    """How many pixels of ``rect`` on ``surface`` are exactly ``colour``."""
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surface.get_at((x, y))[:3] == colour)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_xenocard_a_damage_chip_stays_inside_its_card(size, lang):
    """QA m8: the Medic's "1 dmg / 2 HP" chip lies on the Medic only (shrunk, then on two
    lines), clear of its name and numbers."""
    from tabletop.ui.games.xenocard import DAMAGE_COLOUR

    app, game, scene, labels = xeno_table(size, lang)
    try:
        medic = scene.by_iid[labels["medic"]]
        screen = app.screen
        inside = colour_pixels(screen, DAMAGE_COLOUR, medic.rect)
        assert inside > 0
        around = medic.rect.inflate(medic.rect.w, 0)
        assert colour_pixels(screen, DAMAGE_COLOUR, around) == inside
        ink = must_see(scene, medic)[scene.renderer.cards["medic_unit"].display_name(lang)]
        assert colour_pixels(screen, DAMAGE_COLOUR, ink) == 0
    finally:
        app.shutdown()
        i18n.set_language("en")


#: Seat 1 answers seat 0's block phase; the Lancer hits the Walker, whose neighbour
#: the Siege Crawler stays (it survives the Sergeant's shot).
BATTLE = {
    "turn": 4, "active": 0, "phase": "block",
    "zones": {
        "p0.hand": [c("deck_rookie", "rookie")],
        "p0.field": [c("lancer_unit", "lancer"), c("marine_sergeant", "sgt")],
        "p1.hand": [c("void_wisp", "wisp")],
        "p1.field": [c("walker_frame", "walker"), c("siege_crawler", "siege"),
                     c("deck_rookie", "r2")],
        "p1.standby": [c("drifting_relic", "relic")],
        "p0.deck": ["deck_rookie"] * 12, "p1.deck": ["void_wisp"] * 12,
    },
    "data": {"slots": {"lancer": "front.left", "sgt": "front.right", "walker": "front.right",
                       "siege": "front.left", "r2": "back.right", "relic": "s4"}},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_xenocard_the_playback_damage_box_covers_no_other_card(size, lang):
    """QA m8: during the battle playback the damage box of each attack on a card lies
    beside its target only where no other card is, else over the target itself."""
    from tabletop.ui.games.xenocard_battle import Playback

    app, game, scene, labels = xeno_table(size, lang, BATTLE)
    try:
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        frames(app, 2)
        playback = scene.ui.playback
        assert isinstance(playback, Playback)
        seen = 0
        while scene.ui.playback is not None:
            event = playback.current
            if not event.at_deck and event.target_cell is not None:
                target = scene.cell_rect(f"cell:{event.target_cell}")
                frames(app, 1)
                screen = app.screen
                boxes = colour_pixels(screen, (150, 30, 20), screen.get_rect())
                assert boxes > 0
                for sprite in scene.sprites:
                    if sprite.drawn and not sprite.rect.colliderect(target):
                        assert colour_pixels(screen, (150, 30, 20), sprite.rect) == 0, \
                            (event, sprite.card.card_id)
                seen += 1
            key(app, pygame.K_SPACE)
            frames(app, 1)
        assert seen >= 1
    finally:
        app.shutdown()
        i18n.set_language("en")


# ---------------------------------------------------------------------- Conan


def conan_fight(size, lang):
    """Seat 0's Conan Move phase: Conan's Slash lies right of the Temple Spearman's
    face-up Flurry (QA shot_167: the preview marks hid the icons)."""
    from test_ui_conan_fight_readable import RULES, position

    pos = position(face_up=True, placed=True)
    pos["zones"]["moves"][0]["card"] = "move_flurry"
    pos["zones"]["moves"][1]["card"] = "move_slash"
    app, game, scene, labels = table_at("conan", pos, size=size, lang=lang, rules=RULES)
    frames(app, 2)
    return app, game, scene, labels


def icon_rects(scene, sprite):
    """The screen rectangles of the icons printed in the slots of a Move's face
    (upright or turned half round), as the face draws them."""
    from tabletop.ui.games.conan_cards import slot_rect

    card = scene.rules.cards[sprite.card.card_id]
    w, h = sprite.rect.size
    half = round(sprite.turn) % 360 == 180
    out = []
    for side in ("left", "right"):
        for i, icon in enumerate((card.get(side) or [])[:5]):
            if not icon:
                continue
            x, y, sw, sh = slot_rect(side, i)
            r = pygame.Rect(round(x * w), round(y * h), max(3, round(sw * w)),
                            max(3, round(sh * h)))
            r = r.inflate(-max(1, r.w // 8), -max(1, r.h // 8))
            if half:
                r = pygame.Rect(w - r.right, h - r.bottom, r.w, r.h)
            out.append(r.move(sprite.rect.topleft))
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_conan_preview_marks_lie_beside_the_icons_not_over_them(size, lang):
    """QA shots 167/168 (CONAN-R14): the hit / blocked marks between a placed Move and
    the face-up Foe Move it faces lie beside the icon slots of both, never over one."""
    app, game, scene, labels = conan_fight(size, lang)
    try:
        marks = scene.ui.fight_preview.placed_marks
        assert len(marks) >= 2
        icons = [r for key in ("lunge", "foe_lunge")
                 for r in icon_rects(scene, scene.by_iid[labels[key]])]
        assert len(icons) >= 4
        for mark in marks:
            assert mark.collidelist(icons) < 0, (mark, icons)
    finally:
        app.shutdown()
        i18n.set_language("en")


#: QA shot_65: a Hill Bandit and a Temple Spearman side by side in the Center.
TWO_FOES = {"turn": 5, "active": 0, "phase": "conan_move",
            "zones": {"conan": [c("conan_wanderer", "conan")],
                      "center": [c("foe_hill_bandit", "bandit"),
                                 c("foe_temple_spearman", "spear")],
                      "p1.hand": [c("move_arrow_volley", "volley")],
                      "p0.hand": ["move_parry", "move_slash", "move_lunge"],
                      "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 6,
                      "p1.foe_deck": ["foe_hill_bandit"] * 3}}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_conan_a_foe_face_never_shows_its_kind_in_place_of_its_name(size, lang):
    """QA shot_65: a Foe face with no room for its name does not print its kind
    ("Human") where the name goes; where the name is printed the kind comes under it."""
    app, game, scene, labels = table_at("conan", TWO_FOES, size=size, lang=lang)
    frames(app, 2)
    try:
        db = scene.rules.cards
        for key in ("bandit", "spear"):
            sprite = scene.by_iid[labels[key]]
            card = db[sprite.card.card_id]
            record = scene.renderer.records[("face", sprite.card.card_id, sprite.rect.w,
                                             sprite.rect.h, scene.lang)]
            texts = [p.text for p in record.placed]
            kind = i18n.t(f"conanui.creature.{card.get('creature')}")
            name = card.display_name(scene.lang)
            if name not in texts:
                assert kind not in texts, (key, texts)
            elif kind in texts:
                by = {p.text: p.rect for p in record.placed}
                assert by[kind].top >= by[name].bottom
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_conan_a_foe_name_label_takes_the_side_with_room(size, lang):
    """QA shot_65: the Hill Bandit's name is not squeezed into two lines in the gap
    before the Temple Spearman when the other side has room for it on one line; no
    label lies over a card or another label."""
    app, game, scene, labels = table_at("conan", TWO_FOES, size=size, lang=lang)
    frames(app, 2)
    try:
        drawn = scene.ui.names.drawn
        bandit = scene.by_iid[labels["bandit"]]
        key, ink = drawn[bandit.card.iid]
        record = scene.renderer.records[key]
        assert sum(len(p.lines) for p in record.placed) == 1, record.placed
        inks = [r for _, r in drawn.values()]
        for i, a in enumerate(inks):
            assert not any(a.colliderect(b) for b in inks[i + 1:])
            assert not any(s.drawn and s.rect.colliderect(a) for s in scene.sprites)
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_issue12_conan_the_three_stat_discs_never_touch(size, lang):
    """QA shot_4: on Conan's card and each Foe's the damage, prowess and health discs
    stand apart (two rows on a narrow face), each number drawn whole inside its disc."""
    app, game, scene, labels = table_at("conan", TWO_FOES, size=size, lang=lang)
    frames(app, 2)
    try:
        db = scene.rules.cards
        for key in ("conan", "bandit", "spear"):
            sprite = scene.by_iid[labels[key]]
            discs = scene.ui.stat_discs_px(scene, sprite)
            for i, (_, (x, y), r) in enumerate(discs):
                assert sprite.rect.collidepoint(x, y)
                for _, (x2, y2), r2 in discs[i + 1:]:
                    assert (x - x2) ** 2 + (y - y2) ** 2 >= (r + r2 + 1) ** 2, key
            card = db[sprite.card.card_id]
            record = scene.renderer.records[("face", sprite.card.card_id, sprite.rect.w,
                                             sprite.rect.h, scene.lang)]
            for stat in ("damage", "prowess", "health"):
                assert str(card.get(stat, 0)) not in record.left_out, (key, stat)
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_a_damage_chip_never_breaks_a_word_inside() -> None:
    """QA: at 1280x720 "destroyed" broke as "destroye / d" in the Xenocard damage box;
    a Latin word wider than the chip makes the chip that wide, Japanese still wraps."""
    import pygame as _pygame

    from tabletop.ui.fonts import Fonts
    from tabletop.ui.games.xenocard_readable import chip_lines

    _pygame.font.init()
    fonts = Fonts()
    lines, _ = chip_lines(fonts, "3 damage: destroyed", 40, 14, 12)
    assert "destroyed" in lines
    ja, _ = chip_lines(fonts, "3ダメージ：破壊されたカードはトラッシュへ", 40, 14, 12)
    assert len(ja) > 1
