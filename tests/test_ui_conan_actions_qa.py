"""Conan Actions from the window (issue 15 QA, a club member's own cards): what lights
up while an Action is held is exactly what the rules accept, at every Conan timing.

* an Action of the Conan Move phase (the tester's Battle Fury, the sample Press the
  Attack) is a Move too: its Move places light, and so do its own role's places (its
  side, Conan, CONAN-H11); a drop on either is taken, for every copy in the hand;
* every copy of a playable card glows (the rules list one copy per card id);
* a drop on no lit place says where the card goes and by which rule (CONAN-R8), and
  names the own role's lit zones;
* property over bot games with decks full of Actions (every sample Action and the
  tester's): at every timing met, each lit place accepts the drop, and each play the
  rules accept has a lit place.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_conan import FOE_MOVE, at_conan_move, c, drop_centre_at  # noqa: E402
from test_ui_conan_surprises import _recording  # noqa: E402
from ui_helpers import drag, frames, make_app, table_at  # noqa: E402

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.decks import Deck  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameRules, load_rules  # noqa: E402
from tabletop.core.view import view_id  # noqa: E402
from tabletop.games.conan import load_decks, plays  # noqa: E402
from tabletop.games.conan.bot import ConanBot  # noqa: E402
from tabletop.games.conan.stats import stat  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

#: The tester's cards (club.toml, issue 15 QA), as typed in (texts as sub-tables).
CLUB = '''
[[card]]
id = "u_battle_fury"
type = "action"
name = { en = "Battle Fury", ja = "戦いの激情" }
initiative = 2
cost = 1
left = ["", "blade", "", "", ""]
[card.text]
en = "Conan Move: Conan gets +2 damage until the end of the turn."
ja = "コナンの手：ターン終了時まで、コナンのダメージ+2。"
[[card.ability]]
when = "conan_move"
whom = "conan"
what = [{ effect = "modify", stat = "damage", n = 2 }]
how_long = "end_of_turn"

[[card]]
id = "u_quick_draw"
type = "action"
name = { en = "Quick Draw", ja = "早抜き" }
initiative = 1
cost = 0
right = ["", "", "", "blade", ""]
[card.text]
en = "Prepare: draw 1 card."
ja = "準備：カードを1枚引く。"
[[card.ability]]
when = "prepare"
what = [{ effect = "draw", n = 1 }]

[[card]]
id = "u_knife_throw"
type = "action"
name = { en = "Knife Throw", ja = "ナイフ投げ" }
initiative = 4
cost = 2
left = ["", "", "ranged", "", ""]
[card.text]
en = "Before a zone's Resolution: deal 2 damage to a Foe in the Center."
ja = "ゾーンの解決の前：中央のフォウ1体に2ダメージを与える。"
[[card.ability]]
when = "before_zone"
whom = { target = "foe", zone = "center" }
what = [{ effect = "deal_damage", n = 2 }]
'''


@pytest.fixture
def club() -> GameRules:
    """Conan's rules with the tester's user card file in the (private) user folder."""
    folder = Path(os.environ["TABLETOP_USER_DIR"]) / "cards" / "conan"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "club.toml").write_text(CLUB, encoding="utf-8")
    rules = load_rules("conan")
    assert not rules.user_problems and "u_battle_fury" in rules.cards
    return rules


def hold(app, scene, iid: int) -> None:
    """Pick ``iid`` up with posted events and keep holding it."""
    start = scene.card_rect(iid).center
    drag(app, start, (start[0] + 30, start[1] - 40), release=False)
    assert scene.drag is not None and scene.drag.iid == iid


def release_on(app, scene, target_mm: tuple[float, float]) -> None:
    end = scene.viewport.to_px(*target_mm)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(end[0]), round(end[1])),
                                         rel=(0, 0), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(end[0]),
                                         round(end[1])), button=1, touch=False))
    frames(app, 2)


@pytest.mark.parametrize("card", ["u_battle_fury", "action_press_the_attack"])
def test_CONAN_H11_each_copy_of_a_conan_move_action_dropped_on_its_lit_side_is_played(
        club: GameRules, card: str) -> None:
    app, game, scene, labels = at_conan_move(rules=club, hand=[c(card, "one"), c(card, "two")])
    try:
        conan = labels["conan"]
        before = stat(game.state, club.cards, conan, "damage")
        for n, copy in enumerate(("one", "two"), start=1):
            iid = labels[copy]
            hold(app, scene, iid)
            assert "p0.side" in scene.drag.zones  # its own role lights, for each copy
            assert scene.ui.plan is not None and scene.ui.plan.shapes  # and its Move places
            release_on(app, scene, scene.layout.zone("p0.side").shape().center)
            assert game.state.zone_of(iid) == "p0.discard", scene.toast.full_text
            assert stat(game.state, club.cards, conan, "damage") > before
            assert game.history[-1].action.kind == "play_card"
            assert len([h for h in game.history if h.action.kind == "play_card"]) == n
    finally:
        app.shutdown()


def test_CONAN_H11_battle_fury_dropped_on_the_lit_conan_is_played(club: GameRules) -> None:
    app, game, scene, labels = at_conan_move(rules=club, hand=[c("u_battle_fury", "fury")])
    try:
        hold(app, scene, labels["fury"])
        assert "conan" in scene.drag.zones
        release_on(app, scene, scene.layout.zone("conan").shape().center)
        assert game.state.zone_of(labels["fury"]) == "p0.discard", scene.toast.full_text
    finally:
        app.shutdown()


def test_every_copy_of_a_playable_action_glows(club: GameRules) -> None:
    app, game, scene, labels = at_conan_move(rules=club, hand=[c("u_battle_fury", "one"),
                                                    c("u_battle_fury", "two")])
    try:
        lit = scene.coach.lit(scene)
        for copy in ("one", "two"):
            assert view_id(game.state, 0, labels[copy]) in lit
    finally:
        app.shutdown()


def test_CONAN_R8_a_drop_on_no_lit_place_says_where_the_move_and_the_action_go(
        club: GameRules) -> None:
    app, game, scene, labels = at_conan_move(rules=club, hand=[c("u_battle_fury", "fury")])
    try:
        corner = (20.0, 20.0)  # the table's top left corner: no zone, no place
        drop_centre_at(app, scene, labels["fury"], corner)
        text = scene.toast.full_text
        assert game.state.zone_of(labels["fury"]) == "p0.hand"
        assert scene.toast.key == "refusal.conan.far_move_action"
        assert "CONAN-R8" in text and "CONAN-H11" in text
        assert "Side" in text and "Conan" in text and "beside a Foe's Move" in text
        drop_centre_at(app, scene, labels["slash"], corner)  # a Move: no Action role
        assert scene.toast.key == "refusal.conan.far_move" and "CONAN-R8" in scene.toast.full_text
    finally:
        app.shutdown()


# ------------------------------------------------------------- the property, every timing


def action_decks(rules: GameRules) -> dict[str, Deck]:
    """Two sample decks whose draw piles hold two of every Action (the samples' and
    the tester's) beside their Moves: Actions in hand at every timing."""
    actions = {cid: 2 for cid, card in rules.cards.items() if card.type == "action"}
    out = {}
    for deck_id, deck in load_decks(rules=rules).items():
        draw = {cid: n for cid, n in deck.sections["draw"].items() if cid.startswith("move_")}
        out[deck_id] = Deck(deck_id, deck.name, {**deck.sections, "draw": {**draw, **actions}})
    return out


def positions(rules: GameRules, seeds: range, limit: int):
    """Bot-game positions where the seat to act holds an Action the rules accept now
    (the game is yielded: the caller leaves it as it found it)."""
    from game_helpers import setup_for

    decks = action_decks(rules)
    for seed in seeds:
        game = Game(rules, setup_for(rules, decks, seed))
        bots = [ConanBot(seed * 2 + 1), ConanBot(seed * 2 + 2)]
        for _ in range(limit):
            state = game.state
            if state.game_over:
                break
            seat = rules.acting_seat(state)
            if any(accepted_plays(rules, game, seat, i) for i in hand_actions(rules, game, seat)):
                yield game
            action = bots[rules.acting_seat(game.state)].choose(game)
            assert action is not None and game.propose(action).ok


def hand_actions(rules: GameRules, game: Game, seat: int) -> list[int]:
    return [i for i in game.state.zones[f"p{seat}.hand"].cards
            if rules.cards[game.state.cards[i].card_id].type == "action"]


def accepted_plays(rules: GameRules, game: Game, seat: int, iid: int) -> list[Action]:
    """The own-role plays of hand card ``iid`` the rules accept now: the candidates
    listed for one copy of its card id, made with ``iid`` (any copy may be held)."""
    state = game.state
    cid = state.cards[iid].card_id
    made = [Action.make("play_card", seat, card=iid, target=a.get("target"))
            for a in plays.ability_actions(state, rules.cards, seat)
            if a.kind == "play_card" and state.cards[int(a.get("card"))].card_id == cid]
    return [a for a in made if game.check(a).ok]


def test_what_lights_for_a_held_action_is_exactly_what_is_accepted_at_every_timing(
        club: GameRules) -> None:
    """Property: every Action in the hand of the seat at the window, every copy: each
    lit zone, card and Move place, dropped on, is accepted; each own-role play the
    rules accept (target or none) is lit."""
    app = make_app()
    timings: set[str] = set()
    checked = 0
    try:
        for game in positions(club, range(3), limit=260):
            history = len(game.history)
            scene = TableScene(app, game, cover_at_start=False)
            app.stack.replace(scene)
            frames(app, 1)
            seat = scene.viewer
            if seat != club.acting_seat(game.state):
                game.listeners.remove(scene._on_game_changed)
                continue
            proposed = _recording(scene)
            for iid in hand_actions(club, game, seat):
                accepted = accepted_plays(club, game, seat, iid)
                if not accepted or scene.sprite_for(iid) is None:
                    continue
                assert scene.ui.can_pick_up(scene, iid), (game.state.phase, iid)
                lit = lit_places(app, scene, iid)
                offered = set(lit.actions)
                for play in accepted:  # each accepted play has a lit place
                    assert play in offered, (plays.moment(game.state), play, offered)
                for where in lit.centres:  # each lit place accepts
                    del proposed[:]
                    scene.toast.clear()
                    drop_centre_at(app, scene, iid, where)
                    dialog = scene.ui.dialog
                    ok = (proposed and proposed[-1] is not None) or \
                        (dialog is not None and dialog.labels)
                    assert ok, (plays.moment(game.state), game.state.cards[iid].card_id,
                                where, scene.toast.full_text)
                    if dialog is not None:
                        dialog.cancel()
                    checked += 1
                timings.add(str(plays.moment(game.state)))
            assert len(game.history) == history  # only recorded, never played
            game.listeners.remove(scene._on_game_changed)
    finally:
        app.shutdown()
    assert checked > 100
    # the Conan's timings and the enemy's, in their own phases and in the fight's windows
    assert {"prepare", "conan_move", "foe_move", "barbarian", "before_zone", "after_zone",
            "end_of_round", "survey", "rest"} <= timings, timings


class Lit:
    """The lit places of one held card: table points (mm) to drop on, and the actions
    of its generic places (zones and cards, from ``interpret_drop``)."""

    def __init__(self, centres: list[tuple[float, float]], actions: list[Action]) -> None:
        self.centres = centres
        self.actions = actions


def lit_places(app, scene, iid: int) -> Lit:
    """Pick ``iid`` up (posted events), read every lit place, put it back."""
    hold(app, scene, iid)
    d, ui = scene.drag, scene.ui
    centres = [scene.layout.zone(z).shape().center for z in d.zones]
    centres += [scene.sprite_for(i).placed.center for i in d.cards]
    if ui.plan is not None and ui.plan.iid == iid:
        centres += [p.center for p in ui.plan.shapes.values()]
    actions = [*d.zones.values(), *d.cards.values()]
    scene.cancel_drag()
    scene.ui.plan = None
    frames(app, 1)
    return Lit(centres, actions)


# ------------------------------------------------------------- the large view (QA 11)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_large_view_shows_the_cards_own_text(club: GameRules, size) -> None:
    """Issue 15 QA 11: like Arc's and Xenocard's, Conan's large view (the hover) writes
    the card's own text on the face: every Item and Action (drawn with icon slots),
    Region and Ally whole in both languages, and a Foe's (the tester's Hexer) too."""
    from tabletop import i18n
    from tabletop.ui.games.conan_cards import card_text

    app, game, scene, labels = table_at("conan", FOE_MOVE, size=size, rules=club)
    try:
        big = scene.preview.card_rect(pygame.Rect(scene.viewport.area),
                                      scene.zone_rect("p0.hand"))
        renderer = scene.renderer
        kinds = ("item", "action", "region", "ally")
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            for cid, card in club.cards.items():
                if card.type not in kinds and cid != "u_hexer":
                    continue
                renderer.draw_face(cid, big.w, big.h, lang)
                record = renderer.records[("face", cid, big.w, big.h, lang)]
                text = card_text(card, lang)
                if not text:
                    continue  # nothing printed, no ability: only its numbers
                shown = [p for p in record.placed if p.text == text]
                if cid == "u_hexer" or text in record.cut:
                    assert shown, (size, lang, cid)  # drawn (a long one cut, "…")
                else:
                    assert shown and text not in record.left_out, (size, lang, cid)
    finally:
        i18n.set_language("en")
        app.shutdown()
