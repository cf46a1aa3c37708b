"""Teaching at the table after the newcomer QA round (issue 12), driven through the
window with posted events:

* the Xenocard battle is played back attack by attack: between two persons each
  attack waits for a click or Space, against the computer it goes on by itself at a
  readable pace (:data:`~tabletop.ui.games.xenocard_battle.STEP_SECONDS` at the
  normal pace); the coach tells the attack on screen, and Next phase waits;
* the hint's words are drawn in the coach box as soon as they come, without any
  input (the idle loop); in Conan the hint outlines the place the card goes to;
* undo right after one's own draw, made by the other seat's move, says that the
  draw stops undo (ALL-H1), in every game;
* the computer's log line names its seat once; the reasons speak plainly.
"""

from __future__ import annotations

import pygame
import pytest
from computer_helpers import Gate, run_until, vs_computer
from test_ui_idle import StepClock, settle
from test_ui_xenocard import BLOCK
from ui_helpers import click, frames, key, make_app, table_at

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.messages import msg
from tabletop.core.rules import GameSetup, game_ids, load_rules
from tabletop.core.seat_player import Choice, Level, make_player
from tabletop.ui.coach_panel import BOX_EDGE
from tabletop.ui.computer_seat import PACES, seat_options
from tabletop.ui.games.xenocard_battle import STEP_SECONDS
from tabletop.ui.hint import HINT_MARK, Hint
from tabletop.ui.menu import GameChoice
from tabletop.ui.panels import render_message
from tabletop.ui.table import TableScene
from tabletop.ui.table_controls import undo_refusal

PERSON, COMPUTER = 1, 0


def _pass_block(app, scene) -> None:
    click(app, scene.decisions.buttons["pass"].get_abs_rect().center)


def _coach_words(scene) -> str:
    line = scene.coach.line(scene)
    assert line is not None
    return render_message(line.what, "en")


# ---------------------------------------------------------------------- the battle


def test_between_two_persons_each_attack_waits_and_the_coach_tells_it():
    app, game, scene, labels = table_at("xenocard", BLOCK)
    try:
        _pass_block(app, scene)
        events = game.rules.battle_events(game.state)
        playback = scene.ui.playback
        assert playback is not None and playback.auto is None and len(events) >= 3
        for n, event in enumerate(events):
            frames(app, round(2 * STEP_SECONDS * 60))  # long past any pace: it waits
            assert playback.index == n
            line = scene.coach.line(scene)
            assert render_message(line.who, "en") == \
                f"Battle of Player 1: attack {n + 1} of {len(events)}"
            words = render_message(line.what, "en")
            attacker = game.rules.cards[game.state.cards[event.attacker].card_id]
            assert words.startswith(attacker.display_name("en") + " attacks"), words
            if event.at_deck:
                lost = len(event.dumped)
                cards = "1 card goes" if lost == 1 else f"{lost} cards go"
                assert f"{cards} from that deck to the dump" in words, words
            key(app, pygame.K_SPACE)
        assert scene.ui.playback is None
        assert "Battle" not in render_message(scene.coach.line(scene).who, "en")
    finally:
        app.shutdown()


def test_the_coach_shows_the_decks_as_they_stood_at_the_attack_shown():
    app, game, scene, labels = table_at("xenocard", BLOCK)
    try:
        _pass_block(app, scene)
        events = game.rules.battle_events(game.state)
        lost = [len(e.dumped) for e in events]
        deck_now = len(game.state.zones["p1.deck"].cards)
        for n in range(len(events)):
            progress = render_message(scene.coach.line(scene).progress[0], "en")
            assert progress.startswith(f"Deck {deck_now + sum(lost[n + 1:])} ·"), progress
            key(app, pygame.K_SPACE)
    finally:
        app.shutdown()


def test_next_phase_shows_the_next_attack_until_the_battle_has_been_shown():
    app, game, scene, labels = table_at("xenocard", BLOCK)
    try:
        _pass_block(app, scene)
        phase = game.state.phase
        n = len(game.rules.battle_events(game.state))
        button = scene.controls.buttons["next_phase"]
        for shown in range(1, n):
            click(app, button.get_abs_rect().center)  # the button, as the key N
            assert game.state.phase == phase and scene.ui.playback.index == shown
        key(app, pygame.K_n)
        assert scene.ui.playback is None and game.state.phase == phase
        key(app, pygame.K_n)
        assert game.state.phase != phase
    finally:
        app.shutdown()


def _vs_computer_block(pace) -> tuple[object, Game, TableScene]:
    rules = load_rules("xenocard")
    game = Game(rules, GameSetup("xenocard", seed=1, position=BLOCK,
                                 options=seat_options({COMPUTER: Level.EASY})))
    return vs_computer("xenocard", {COMPUTER: Level.EASY}, pace=pace, game=game)


def test_against_the_computer_each_attack_stays_long_enough_to_read():
    app, game, scene = _vs_computer_block(PACES["normal"])
    try:
        assert scene.viewer == PERSON and scene.decisions.kind == "block"
        _pass_block(app, scene)
        playback = scene.ui.playback
        assert playback is not None and playback.auto is not None
        assert playback.auto >= 2.5
        frames(app, round(2.4 * 60))
        assert playback.index == 0  # still the first attack after 2.4 s
        frames(app, round(0.2 * 60))
        assert playback.index == 1  # then the next one by itself
        assert "Click or Space" not in playback_hint(scene)
    finally:
        app.shutdown()


def playback_hint(scene) -> str:
    from tabletop.i18n import t

    return t("xenoui.battle.hint" if scene.ui.playback.auto is None
             else "xenoui.battle.hint_auto")


def test_the_demos_slow_pace_shows_an_attack_longer():
    assert PACES["slow"].scaled(STEP_SECONDS) > STEP_SECONDS == \
        PACES["normal"].scaled(STEP_SECONDS)


# ---------------------------------------------------------------------- the hint


def _fixed(kind: str):
    """A player factory whose players choose the first legal move of ``kind``."""
    def factory(rules, level, seed):
        class Fixed:
            def choose(self, rules, state, seat):
                legal = rules.legal_actions(state, seat)
                action = next((a for a in legal if a.kind == kind), legal[0])
                return Choice(action, msg("computer.no_reason", player=msg(f"seat.{seat}")))
        return Fixed()
    return factory


def test_the_hints_words_are_drawn_without_any_input():
    """QA: the coach box stayed empty (no frame, no text) until the pointer moved: the
    hint's words changed its height, it gave way to the relayout and drew nothing, and
    the idle loop drew no further frame."""
    app = make_app((1280, 720))
    try:
        app.clock = StepClock()
        choice = GameChoice.load("arc")
        first, second = list(choice.decks)[:2]
        game = choice.make_game(first, second, first_seat=0, seed=1)
        app.game = game
        scene = TableScene(app, game, cover_at_start=False)
        gate = Gate()  # the answer comes once the window is at rest, as a search's does
        scene.hint = Hint(scene, factory=gate)
        app.stack.replace(scene)
        settle(app)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_h, mod=0, unicode="h",
                                                 scancode=0))
        settle(app)
        assert scene.hint.thought is not None and scene.hint.shown is None
        gate.open()
        assert scene.hint.thought.wait(30)
        settle(app)
        assert scene.hint.shown is not None
        box = scene.coach.rect
        assert box.h > 0
        assert tuple(app.screen.get_at((box.centerx, box.y + 1)))[:3] == BOX_EDGE
    finally:
        app.shutdown()


def test_the_conan_hint_outlines_the_place_the_foe_goes_to():
    game = GameChoice.load("conan")
    first, second = list(game.decks)[:2]
    g = game.make_game(first, second, first_seat=0, seed=3)
    for n in range(200):
        seat = g.rules.acting_seat(g.state)
        if any(a.kind == "place_foe" for a in g.rules.legal_actions(g.state, seat)):
            break
        choice = make_player(g.rules, Level.EASY, n).choose(g.rules, g.state, seat)
        assert choice is not None and g.propose(choice.action).ok
    app = make_app()
    try:
        scene = TableScene(app, g, cover_at_start=False)
        app.game = g
        app.stack.replace(scene)
        frames(app, 2)
        scene.hint = Hint(scene, factory=_fixed("place_foe"))
        key(app, pygame.K_h)
        assert run_until(app, lambda: scene.hint.shown is not None, limit=200)
        place = scene.hint.shown.place
        assert place is not None and place.kind == "shape" and place.shape is not None
        action = scene.hint.shown.action
        assert place.key == f"{action.get('zone')}/{action.get('position')}"
        frames(app, 1)
        centre = scene.viewport.to_px(*place.shape.center)
        rect = pygame.Rect(0, 0, 0, 0)
        w, h = (round(s * scene.viewport.scale) for s in place.shape.size)
        rect.size = (max(w, h), max(w, h))
        rect.center = (round(centre[0]), round(centre[1]))
        marks = sum(tuple(app.screen.get_at((x, y)))[:3] == HINT_MARK
                    for x in range(max(0, rect.x - 6), min(app.screen.get_width(), rect.right + 6))
                    for y in (rect.y, rect.centery, rect.bottom)
                    if 0 <= y < app.screen.get_height())
        ring = sum(tuple(app.screen.get_at((x, y)))[:3] == HINT_MARK
                   for x in range(max(0, rect.x - 8), min(app.screen.get_width(), rect.right + 8))
                   for y in range(max(0, rect.y - 8), min(app.screen.get_height(), rect.bottom + 8),
                                  2))
        assert marks + ring > 20, "no outline around the hinted place"
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- undo after a draw


def _until_drawn_for_the_acting_seat(game: Game, limit: int = 300) -> bool:
    """Play easy moves until the other seat's move made the acting seat draw."""
    for n in range(limit):
        seat = game.rules.acting_seat(game.state)
        last = game.history[-1] if game.history else None
        if last is not None and last.action.seat != seat and seat in last.drew:
            return True
        choice = make_player(game.rules, Level.EASY, n).choose(game.rules, game.state, seat)
        assert choice is not None and game.propose(choice.action).ok
        if game.state.game_over:
            return False
    return False


@pytest.mark.parametrize("game_id", game_ids())
def test_undo_right_after_ones_own_draw_says_the_draw_stops_it(game_id):
    choice = GameChoice.load(game_id)
    a, b = list(choice.decks)[:2]
    game = choice.make_game(a, b, first_seat=0, seed=2)
    assert _until_drawn_for_the_acting_seat(game), "no turn began with a draw"
    seat = game.rules.acting_seat(game.state)
    verdict = undo_refusal(game, seat)
    assert verdict.reason == "table.undo_draw" and verdict.rule == "ALL-H1"
    for lang in ("en", "ja"):
        words = render_message(verdict.message, lang)
        assert words and "Player" not in words


def test_ctrl_z_after_the_turns_draw_at_the_table_names_the_draw():
    """Xenocard turn 1 (QA): both keep; the first player's turn begins with a draw."""
    choice = GameChoice.load("xenocard")
    a, b = list(choice.decks)[:2]
    game = choice.make_game(a, b, first_seat=0, seed=1)
    for _ in range(2):
        seat = game.rules.acting_seat(game.state)
        keep = next(x for x in game.rules.legal_actions(game.state, seat)
                    if "keep" in (x.get("choice") or ()))
        assert game.propose(keep).ok
    assert game.rules.acting_seat(game.state) == 0 and game.history[-1].action.seat == 1
    app = make_app()
    try:
        scene = TableScene(app, game, cover_at_start=False)
        app.game = game
        app.stack.replace(scene)
        frames(app, 2)
        assert scene.viewer == 0
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert scene.toast.key == "refusal.table.undo_draw"
        assert "Player 2's" not in render_message(scene.toast.message, "en")
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- words


def test_the_computers_log_line_names_its_seat_once():
    app, game, scene = vs_computer("xenocard", {COMPUTER: Level.EASY}, first=COMPUTER)
    try:
        assert run_until(app, lambda: any(
            r.message.key == "computer.log_reason" for r in scene.refusals if r.note),
            limit=3000)
        note = next(r.message for r in scene.refusals
                    if r.note and r.message.key == "computer.log_reason")
        for lang, name in (("en", "Player 1"), ("ja", "プレイヤー1")):
            line = render_message(note, lang)
            assert line.count(name) == 1, line
    finally:
        app.shutdown()


def test_a_reason_tells_the_lead_and_the_wins_in_plain_words():
    """QA: "…ended with Player 1 12.3 renown further ahead of the rival… it won 65% of
    17": the numbers stay, told as a newcomer reads them, without "sampled"."""
    from test_seat_player import _arc_result, _line

    end, nxt = Action("end_turn", 0), Action("next_phase", 0)
    for deck in (4.0, 1.0):  # a lead named, and none
        reason, _ = _arc_result(_line(end, 30, 0.62, deck, 1.0), _line(nxt, 10, 0.55, 1.0, 1.0))
        en, ja = reason.render("en"), reason.render("ja")
        assert "in the 30 games the computer tried after it" in en, en
        assert "Player 1 won 62%" in en, en
        assert "sampled" not in en and "share" not in en, en
        assert "30回" in ja and "62%" in ja and "プレイヤー1" in ja, ja
        if deck == 4.0:
            assert "lead over the rival in cards left in the deck was on average 3.0 bigger" \
                " than after the next best move (Player 1 goes on to the next phase)" in en, en


def test_the_whole_log_opens_while_the_computer_plays():
    """L only reads the log: never refused as "the computer is playing" (QA: the log
    would not open in the moment after the computer's turn)."""
    gate = Gate()
    app, game, scene = vs_computer("xenocard", {COMPUTER: Level.EASY}, first=COMPUTER,
                                   factory=gate)
    try:
        assert scene.computer.playing()
        key(app, pygame.K_l)
        assert scene.toast.key != "computer.playing"
        assert app.stack.top is not scene  # the log overlay is open
    finally:
        gate.open()
        app.shutdown()


def test_the_paused_demo_holds_the_battle_and_its_step_key_shows_the_next_attack():
    from tabletop.ui.demo import DemoSeats

    rules = load_rules("xenocard")
    both = {0: Level.EASY, 1: Level.EASY}
    game = Game(rules, GameSetup("xenocard", seed=1, position=BLOCK,
                                 options=seat_options(both)))
    app = make_app()
    try:
        driver = DemoSeats(both, "normal")
        app.start_game(game, computer=driver, autosave=False)
        scene = app.stack.top
        assert run_until(app, lambda: scene.ui.playback is not None, limit=600)
        playback = scene.ui.playback
        assert playback.auto is not None and playback.auto >= STEP_SECONDS
        key(app, pygame.K_SPACE)  # the demo's pause
        assert driver.paused
        frames(app, round(3 * playback.auto * 60))
        assert playback.index == 0 and scene.ui.playback is playback
        key(app, pygame.K_n)  # the demo's one step
        assert playback.index == 1
    finally:
        app.shutdown()


def test_undo_of_the_other_seats_move_that_drew_nothing_still_names_that_seat():
    choice = GameChoice.load("arc")
    a, b = list(choice.decks)[:2]
    game = choice.make_game(a, b, first_seat=0, seed=2)
    assert _until_drawn_for_the_acting_seat(game)
    seat = game.rules.acting_seat(game.state)
    nxt = Action.make("next_phase", seat)
    assert game.propose(nxt).ok and not game.history[-1].drew
    verdict = undo_refusal(game, 1 - seat)
    assert verdict.reason == "table.undo_other"
    assert f"Player {seat + 1}" in render_message(verdict.message, "en")
