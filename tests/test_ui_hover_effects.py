"""The card hover shows every effect in words and the current numbers (issue 12 §7).

For every registered game, every kind of card: the hover's lines hold the game's
effect words for it (CardRenderer.effect_words, in the game's ``*_cards.py``) and a
sentence specific to that kind; a card whose numbers differ now shows them beside the
printed ones (the rules' own ``derived``); a hidden card shows nothing. In the window
the words lie in a box under the large card, inside the table, at 12 px or more.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import frames, move, table_at  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.rules import game_ids, load_rules  # noqa: E402
from tabletop.core.view import CardView  # noqa: E402


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


#: One table per game; ``now`` names a card whose numbers differ from its printed ones
#: there, and the words its hover must show for them (None: the sample set has no
#: modifier, so nothing differs).
TABLES: dict[str, dict[str, Any]] = {
    "conan": {
        "position": {
            "turn": 3, "active": 0, "phase": "conan_move",
            "zones": {"conan": [c("conan_wanderer", "conan", counters={"damage": 3})],
                      "center": [c("foe_hill_bandit", "bandit", counters={"spent": 1})],
                      "moves": [c("move_slash", "slash")],
                      "p0.side": [c("item_broadsword", "sword")],
                      "p0.hand": [c("item_great_axe", "axe"), c("action_forage", "forage")],
                      "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 6,
                      "p1.foe_deck": ["foe_hill_bandit"] * 3},
            "data": {"moves": [{"card": "$slash", "foe": "$bandit"}]}},
        "now": ("bandit", "prowess 1 (printed 2)"),
    },
    "arc": {
        "position": {
            "phase": "attack", "step": "block",
            "zones": {"p0.deck": ["red_ember_hills"] * 10, "p1.deck": ["red_ember_hills"] * 10,
                      "p0.characters": [c("red_spark_squire", "squire", tapped=True)],
                      "p1.characters": [c("blue_tide_caller", "caller")]},
            "data": {"combat": {"attackers": ["$squire"], "mods": [["$squire", 2]]}}},
        "now": ("squire", "power 3 (printed 1)"),
    },
    "xenocard": {
        "position": {
            "turn": 5, "active": 0, "phase": "set",
            "zones": {"p0.deck": ["deck_rookie"] * 10, "p1.deck": ["husk_crawler"] * 10,
                      "p0.field": [c("walker_frame", "walker", counters={"damage": 1})],
                      "p0.weapons": [c("missile_pod", "pod")],
                      "p1.field": [c("void_wisp", "wisp")]},
            "data": {"slots": {"walker": "front.left", "wisp": "front.right"},
                     "equipped": {"pod": "walker"}}},
        "now": ("walker", "ATK 2"),  # the plugin's own line: the pod's ATK in force
    },
    "eshi100": {
        "position": {
            "phase": "action",
            "zones": {"p0.deck": ["chalk_sprite"] * 8, "p1.deck": ["chalk_sprite"] * 8,
                      "p0.hand": [c("ink_comet", "comet")],
                      "grid": [c("chalk_sprite", "sprite", counters={"square": 0})]}},
        "now": None,
    },
}

#: A sentence each kind of card's hover says (English), per game.
KIND_WORDS: dict[str, dict[str, str]] = {
    "conan": {"conan": "Vitality", "foe": "Foe", "move": "Initiative", "item": "Item:",
              "action": "Action, played in its own role", "ally": "Ally:", "region": "Region:"},
    "arc": {"resource": "Resource:", "character": "Character:", "action": "Action card:",
            "combat": "Combat card:"},
    "xenocard": {"battle": "battle card", "weapon": "Weapon:", "event": "Used ",
                 "situation": "Situation:"},
    "eshi100": {"game": "hand boost", "attack": "Attack:", "defense": "Defence:"},
}


@pytest.fixture(scope="module", params=sorted(TABLES))
def table(request):
    game_id = request.param
    app, game, scene, labels = table_at(game_id, TABLES[game_id]["position"],
                                        rules=load_rules(game_id))
    yield game_id, app, game, scene, labels
    app.shutdown()


def seen(card_id: str, iid: int = 10**9) -> CardView:
    """A card the viewer sees (``iid`` of no card in the game: no numbers)."""
    return CardView(iid, card_id, 0, False, (), True)


def test_every_registered_game_and_card_kind_has_hover_words_to_check():
    assert sorted(TABLES) == sorted(game_ids()) == sorted(KIND_WORDS)
    for game_id in game_ids():
        kinds = {card.type for card in load_rules(game_id).cards.values()}
        assert kinds <= set(KIND_WORDS[game_id]), game_id


def test_each_card_kinds_hover_lists_its_effect_words(table):
    game_id, app, game, scene, labels = table
    i18n.set_language("en")
    db = game.rules.cards
    for card in db.values():
        words = scene.preview.words(seen(card.id), "en")
        for line in scene.renderer.effect_words(card, "en"):
            assert line in words, (card.id, line)
        expected = [KIND_WORDS[game_id][card.type]]
        if game_id == "eshi100":  # one kind of card: its action icon's words too
            expected.append(KIND_WORDS[game_id][card.get("icon")])
        for phrase in expected:
            assert any(phrase.lower() in w.lower() for w in words), (card.id, phrase, words)


def test_conan_hover_names_items_actions_regions_allies_major_foes_special_and_multi():
    app, game, scene, labels = table_at("conan", TABLES["conan"]["position"])
    try:
        def words(card_id: str) -> str:
            return " | ".join(scene.preview.words(seen(card_id), "en"))

        assert "on your turn (CONAN-R19): While in play: damage +1" in words("item_broadsword")
        assert "Weapon slot: one at a time" in words("item_broadsword")
        assert "draw 2 cards." in words("action_forage")
        assert "As a Move" in words("action_forage")
        assert "on that Conan's turn: While in play: prowess -1" in words("region_steaming_jungle")
        assert "you lose renown worth 2 (CONAN-R17)" in words("ally_hired_archer")
        assert "Magic: its Magic icons attack" in words("ally_hedge_wizard")
        assert "Major Foe" in words("foe_mercenary_captain")
        assert "worth at least 2 renown (CONAN-R5)" in words("foe_mercenary_captain")
        assert "Minor Foe" in words("foe_hill_bandit")
        assert "No gap" in words("foe_shield_veteran")
        assert "Special icon (X)" in words("move_dirty_trick")
        assert "Magic icon (M)" in words("move_hex_bolt")
        flurry = words("move_flurry")
        assert "Multi-icon, left side, slots 1-2 (blade + blade)" in flurry
        assert "Multi-icon, right side, slots 4-5 (grapple + grapple)" in flurry
        assert "counts 2 successes (CONAN-R14)" in flurry
        assert "Barbarian: pay 2 prowess" in words("conan_wanderer")  # its own text
        assert words("conan_wanderer").count("Barbarian") == 1
    finally:
        app.shutdown()


def test_the_hover_shows_the_current_numbers_beside_the_printed_ones(table):
    game_id, app, game, scene, labels = table
    now = TABLES[game_id]["now"]
    if now is None:  # 絵師100人展's sample set changes no number: nothing to add
        shown = [v for z in scene.view.zones.values() for v in z if not v.hidden]
        assert shown
        for view in shown:
            assert not any(w.startswith("Now:") for w in scene.preview.words(view, "en"))
        return
    label, words = now
    iid = labels[label]
    view = next(v for z in scene.view.zones.values() for v in z if v.iid == iid)
    lines = scene.preview.words(view, "en")
    assert lines[0].startswith("Now:") and words in lines[0], lines
    assert sum(line.startswith("Now:") for line in lines) == 1  # said once
    derived = game.rules.derived(game.state, iid)
    assert any(str(v) in lines[0] for v in derived.values())


def test_a_hidden_card_shows_no_words_and_no_numbers(table):
    game_id, app, game, scene, labels = table
    hidden = [v for z in scene.view.zones.values() for v in z if v.hidden]
    assert hidden, "every table has a face-down deck"
    for view in hidden:
        assert scene.preview.words(view, "en") == []
        assert scene.preview.numbers is not None and scene.preview.numbers(view) == {}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_words_lie_under_the_large_card_inside_the_table(size, lang):
    app, game, scene, labels = table_at("conan", TABLES["conan"]["position"], size=size,
                                        lang=lang)
    try:
        sizes: dict[str, int] = {}
        real_get = scene.text.get

        def get(text, px, *args, **kw):
            sizes[text] = px
            return real_get(text, px, *args, **kw)

        scene.text.get = get
        for label in ("axe", "forage", "bandit"):
            move(app, scene.card_rect(labels[label]).center)
            frames(app, 2)
            box = scene.preview.words_rect
            assert box is not None, label
            area = pygame.Rect(scene.viewport.area)
            assert area.contains(box), (label, box, area)
            assert not box.colliderect(scene.card_rect(labels[label])), label
            view = scene.by_iid[labels[label]].card
            words = scene.preview.words(view, lang)
            assert words and all(sizes[w] >= 12 for w in words), label
    finally:
        app.shutdown()


def test_the_words_never_cover_a_refusal_box():
    app, game, scene, labels = table_at("conan", TABLES["conan"]["position"])
    try:
        scene.toast.show("Drop it on one of the lit places: the refusal stays readable.")
        move(app, scene.card_rect(labels["bandit"]).center)
        frames(app, 2)
        area = pygame.Rect(scene.viewport.area)
        toast = scene.toast.box(area, scene.text, scene.scale)
        assert toast is not None
        words = scene.preview.words_rect
        assert words is None or not words.colliderect(toast)
    finally:
        app.shutdown()
