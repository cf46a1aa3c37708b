"""The computer as opponent at the table (issue 12 §5, issue 13): its moves are legal and
reach the game only through ``Game.propose``; it never sees the person's hidden cards;
the window keeps running while it thinks; undo, resignation and leaving the table throw
a thought away; no hot-seat cover against it; a game against it finishes in every game;
the menu's seat choice starts and resumes such games."""

from __future__ import annotations

import pygame
import pytest
from computer_helpers import (
    NO_DELAY,
    Gate,
    new_game,
    play_person,
    run_until,
    unhurried,
    vs_computer,
    wait_until,
)
from ui_helpers import FRAME, arc_position, choose_option, click, frames, key, make_app, move

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.persistence import load_save, save_game
from tabletop.core.rules import GameSetup, game_ids, load_rules
from tabletop.core.seat_player import Choice, Level, make_player
from tabletop.core.view import view_id
from tabletop.i18n import t
from tabletop.ui import computer_seat
from tabletop.ui.computer_seat import (
    OPTION,
    ComputerSeats,
    Pace,
    computer_seats,
    scrub_hidden,
    seat_options,
)
from tabletop.ui.cover import HotseatCover
from tabletop.ui.panels import render_message
from tabletop.ui.table import TableScene

PERSON, COMPUTER = 0, 1


def _record_covers(app: object, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    shown: list[int] = []
    real = app.show_cover  # type: ignore[attr-defined]

    def show_cover(seat: int, on_done: object) -> None:
        shown.append(seat)
        real(seat, on_done)

    monkeypatch.setattr(app, "show_cover", show_cover)
    return shown


def _computer_hand_hidden(scene: TableScene) -> bool:
    zone = f"p{COMPUTER}.hand"
    return all(card.hidden for card in scene.view.zones.get(zone, ()))


# ------------------------------------------------------------------ a whole game


def _one_step(app, game: Game, scene: TableScene) -> str:
    """The person's move when it is theirs (and no playback runs), else frames of a
    quarter second each until the computer has moved."""
    if game.rules.acting_seat(game.state) != PERSON:
        run_until(app, lambda: game.state.game_over
                  or game.rules.acting_seat(game.state) == PERSON, limit=4, dt=0.25)
        return ""
    if scene.ui.playing(scene):
        app.frame(0.25)
        return ""
    return play_person(app, scene, PERSON, seed=11)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_against_the_computer_finishes_when_the_person_plays(game_id, monkeypatch):
    """The person (seat 0) plays with mouse events where the window has a gesture for the
    move (the rest through the scene, as the window would); the computer (seat 1) plays
    every decision of the game, only through Game.propose, never refused; the person
    stays the viewer, no cover comes up, the computer's hand is never shown."""
    proposed: list[Action] = []
    real_propose = Game.propose

    def spy(self: Game, action: Action):  # every action reaching the game
        proposed.append(action)
        return real_propose(self, action)

    monkeypatch.setattr(Game, "propose", spy)
    faced: list[str] = []  # the decisions (or action kinds) the computer met
    real_choice = computer_seat.ComputerSeats.propose

    def propose(self: ComputerSeats, choice: Choice, seat: int) -> bool:
        pending = self.scene.game.state.pending
        faced.append(str(pending.kind) if pending is not None else choice.action.kind)
        return real_choice(self, choice, seat)

    monkeypatch.setattr(computer_seat.ComputerSeats, "propose", propose)
    app, game, scene = vs_computer(game_id, {COMPUTER: Level.EASY}, seed=3)
    covers = _record_covers(app, monkeypatch)
    by_events = 0
    for _ in range(6000):
        if game.state.game_over:
            break
        assert scene.viewer == PERSON and app.stack.top is scene
        by_events += _one_step(app, game, scene) == "events"
        assert _computer_hand_hidden(scene)
    assert game.state.game_over, f"{game_id}: not over by turn {game.state.turn}"
    played = scene.computer.played
    assert played and all(ok for _, ok in played)
    assert all(action in proposed for action, _ in played)  # only through Game.propose
    assert [a for a in proposed if a.seat == COMPUTER] == [a for a, _ in played]
    assert covers == [] and by_events > 0
    if game_id == "conan":  # the computer was the enemy and Conan, turn about: its Foe
        # placement, Foe Moves, zone order, Chronicle losses and Conan's Moves went through
        assert {"place_foe", "place_foe_move", "zone_order", "chronicle_loss",
                "place_move"} <= set(faced)


# ------------------------------------------------------------------ it never peeks


def _advance_to_computer(game: Game, turns: int) -> None:
    """Both seats' easy players play until the computer must choose (among three legal
    actions or more) in turn ``turns`` or later."""
    for n in range(3000):
        state = game.state
        seat = game.rules.acting_seat(state)
        if state.turn >= turns and seat == COMPUTER \
                and len(game.rules.legal_actions(state, seat)) >= 3:
            return
        assert not state.game_over
        choice = make_player(game.rules, Level.EASY, 500 + n).choose(game.rules, state, seat)
        assert choice is not None
        assert game.propose(choice.action).ok


def _swap_person_hidden_cards(state: GameState) -> int:
    """Give the person's hidden cards (hand, Conan's Foe hand) other faces from the same
    seat's deck: same counts, the computer sees exactly what it saw. Returns how many
    cards changed their face."""
    changed = 0
    for hand, deck in (("hand", "deck"), ("foe_hand", "foe_deck")):
        held = state.zones.get(f"p{PERSON}.{hand}")
        pile = state.zones.get(f"p{PERSON}.{deck}")
        if held is None or pile is None:
            continue
        spare = [i for i in pile.cards if not state.visible_to(i, COMPUTER)]
        for iid in held.cards:
            if state.visible_to(iid, COMPUTER):
                continue
            other = next((d for d in spare
                          if state.cards[d].card_id != state.cards[iid].card_id), None)
            if other is None:
                continue
            spare.remove(other)
            a, b = state.cards[iid], state.cards[other]
            a.card_id, b.card_id = b.card_id, a.card_id
            changed += 1
    return changed


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL])
@pytest.mark.parametrize("game_id", game_ids())
def test_changing_the_persons_hidden_cards_never_changes_the_computers_choice(game_id, level):
    """Two windows at the same moment of the same game, before the computer's move; in the
    second the person's hand holds other cards (same count). The computer's move, for the
    same seed, is the same: it never looked at them."""
    chosen = []
    for swap in (False, True):
        game = new_game(game_id, 5, {COMPUTER: level})
        _advance_to_computer(game, turns=3)
        if swap:
            assert _swap_person_hidden_cards(game.state) > 0
        app, game, scene = vs_computer(game_id, {COMPUTER: level}, game=game,
                                       factory=unhurried)
        assert run_until(app, lambda s=scene: bool(s.computer.played), limit=400)
        chosen.append(scene.computer.played[0][0])
    assert chosen[0] == chosen[1]


def test_a_reason_names_no_card_the_viewer_cannot_see():
    """The computer's reason is in its own seat's knowledge; shown to the person, a card
    only the computer sees reads "a hidden card" (ALL-R2)."""
    rules = load_rules("arc")
    game = Game(rules, GameSetup("arc", seed=1, position=arc_position("main")))
    state = game.state
    kraken = state.data["labels"]["kraken"]  # in the computer's hand
    duelist = state.data["labels"]["duelist"]  # on the table
    reason = msg("player.choice_of", options=(msg(f"card.{state.cards[kraken].card_id}"),
                                              msg(f"card.{state.cards[duelist].card_id}")))
    shown = render_message(scrub_hidden(reason, state, PERSON), "en")
    assert "Deep Kraken" not in shown and "Flame Duelist" in shown
    assert t("core.hidden_card") in shown


# ------------------------------------------------------------------ responsiveness


def test_the_window_keeps_running_while_the_computer_thinks():
    """While the computer thinks (its player waits), frames go on and posted events are
    handled: the pointer over a card of the person's hand shows it; then the move comes."""
    gate = Gate()
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER,
                                   factory=gate)
    assert run_until(app, lambda: gate.calls == 1, limit=50)
    assert scene.computer.thinking
    coach = scene.coach_override()
    assert render_message(coach.what, "en") == "Player 2 is thinking…"
    hand = [s for s in scene.sprites if s.zone == f"p{PERSON}.hand"]
    for sprite in hand[:3]:
        move(app, sprite.rect.center)
        assert scene.hover == sprite.iid  # the event was handled during the think
    frames(app, 30)
    assert scene.computer.played == [] and gate.answered == 0
    gate.open()
    assert run_until(app, lambda: bool(scene.computer.played), limit=200)
    assert scene.computer.played[0][1]


def _attack_position_vs_computer(gate: Gate):
    rules = load_rules("arc")
    game = Game(rules, GameSetup("arc", seed=1, position=arc_position("attack"),
                                 options=seat_options({COMPUTER: Level.EASY})))
    return vs_computer("arc", {COMPUTER: Level.EASY}, factory=gate, game=game)


def test_undo_by_the_person_while_the_computer_thinks_cancels_the_thought():
    """The person attacks; the computer starts thinking about its blockers; the person
    takes the attack back (Ctrl+Z): the thought's answer is thrown away, never played."""
    gate = Gate()
    app, game, scene = _attack_position_vs_computer(gate)
    duelist = game.state.data["labels"]["duelist"]
    assert scene.propose(Action.make("attack", PERSON, attackers=[duelist])).ok
    assert run_until(app, lambda: gate.calls == 1, limit=50)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert game.state.pending is None and game.history == []  # the attack is undone
    gate.open()
    # the thought comes back and is thrown away, however slow the machine
    assert run_until(app, lambda: scene.computer.discarded == 1, limit=400)
    assert wait_until(lambda: gate.answered == 1)
    frames(app, 5)
    assert gate.answered == 1 and scene.computer.played == []
    assert scene.computer.discarded == 1 and not scene.computer.thinking


def test_resigning_while_the_computer_thinks_throws_the_thought_away():
    gate = Gate()
    app, game, scene = _attack_position_vs_computer(gate)
    duelist = game.state.data["labels"]["duelist"]
    scene.propose(Action.make("attack", PERSON, attackers=[duelist]))
    assert run_until(app, lambda: gate.calls == 1, limit=50)
    assert scene.propose(Action.make("resign", PERSON)).ok
    gate.open()
    assert wait_until(lambda: gate.answered == 1)
    frames(app, 5)
    assert gate.answered == 1 and scene.computer.played == []
    assert game.state.winner == COMPUTER


def test_leaving_the_table_throws_the_thought_away():
    gate = Gate()
    app, game, scene = _attack_position_vs_computer(gate)
    duelist = game.state.data["labels"]["duelist"]
    scene.propose(Action.make("attack", PERSON, attackers=[duelist]))
    assert run_until(app, lambda: gate.calls == 1, limit=50)
    app.show_menu()
    gate.open()
    frames(app, 20)
    assert scene.computer.closed and scene.computer.played == []
    assert [h.action.kind for h in game.history] == ["attack"]


# ------------------------------------------------------------------ how its moves look


def test_the_moved_card_glides_and_the_reason_is_announced():
    """The computer plays a resource: the card glides from its place in the hand to the
    resource row at the pace's speed, the coach panel announces the move with its reason,
    the log keeps it; after the hold the normal coach line is back."""
    pace = Pace(think=0.0, glide=1.0, hold=1.0)
    # seed 2: the computer's opening hand lets it play a resource on its first turn
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, seed=2, first=COMPUTER,
                                   pace=pace)
    state = game.state
    starts: dict[int, tuple[int, int]] = {}

    def resource_played() -> bool:
        for sprite in scene.sprites:  # where every card of the computer's hand lies now
            if sprite.zone == f"p{COMPUTER}.hand":
                real = game.resolve(sprite.iid)
                starts[real] = sprite.rect.topleft
        return any(a.kind == "play_resource" for a, _ in scene.computer.played)

    assert run_until(app, resource_played, limit=300)
    action = scene.computer.played[-1][0]
    card = action.get("card")
    slide = scene.slide
    assert slide is not None and slide.duration == pace.glide
    assert slide.iid == view_id(state, PERSON, card) == card  # face up to the person now
    assert slide.end == scene.by_iid[card].rect.topleft != slide.start
    coach = scene.coach_override()
    assert render_message(coach.who, "en") == "Player 2, the computer"
    said = render_message(coach.what, "en")
    assert said and said in " ".join(scene._log_lines)
    app.frame(0.5)
    assert scene.slide is not None and scene.slide.start != scene.slide.pos() != slide.end
    app.frame(0.6)
    assert scene.slide is None
    run_until(app, lambda: game.rules.acting_seat(game.state) == PERSON, limit=200, dt=0.25)
    frames(app, 12, dt=0.25)
    assert scene.coach_override() is None


def test_no_cover_and_the_person_stays_the_viewer_against_the_computer(monkeypatch):
    """The computer starts: no cover at the start, none when the turn passes; the table
    is the person's all along. Two persons still get covers."""
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER)
    covers = _record_covers(app, monkeypatch)
    assert scene.viewer == PERSON
    assert run_until(app, lambda: game.rules.acting_seat(game.state) == PERSON
                     and game.state.turn >= 2, limit=600, dt=0.25)
    assert covers == [] and not any(isinstance(s, HotseatCover) for s in app.stack.scenes)
    assert scene.viewer == PERSON and _computer_hand_hidden(scene)
    two = make_app()
    two.start_game(new_game("arc", 3, {}), autosave=False)
    frames(two, 2)
    assert isinstance(two.stack.top, HotseatCover)


# ------------------------------------------------------------------ menu and saves


def test_the_menu_starts_a_game_against_the_computer(monkeypatch):
    """Player 2 set to "Computer (normal)" in the menu, Start: the set-up says so and the
    table drives that seat."""
    app = make_app()
    app.show_menu()
    frames(app, 2)
    menu = app.stack.top
    choose_option(app, menu.widgets["seat_kind1"], "normal")
    assert menu.seat_kinds == ["person", "normal"]
    click(app, menu.widgets["start"].get_abs_rect().center)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.game.setup.options[OPTION] == {"1": "normal"}
    assert scene.computer is not None and scene.computer.levels == {1: Level.NORMAL}
    assert scene.viewer == PERSON


def test_a_resumed_game_keeps_its_computer_seats(tmp_path):
    game = new_game("xenocard", 4, {COMPUTER: Level.HARD})
    path = save_game(game, tmp_path / "g.json")
    loaded = load_save(path)
    assert computer_seats(loaded.setup) == {COMPUTER: Level.HARD}
    app = make_app()
    app.start_game(loaded, path)
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.computer.levels == {COMPUTER: Level.HARD}


def test_seat_options_read_back_and_bad_values_mean_a_person():
    setup = GameSetup("arc", 1, options=seat_options({1: Level.EASY, 0: Level.HARD}))
    assert computer_seats(setup) == {0: Level.HARD, 1: Level.EASY}
    bad = GameSetup("arc", 1, options={OPTION: {"1": "genius", "7": "easy", "0": 3}})
    assert computer_seats(bad) == {}
    assert seat_options({}) == {}
    assert ComputerSeats({1: Level.EASY}, NO_DELAY).viewer_for(1) == 0
    assert ComputerSeats({0: Level.EASY, 1: Level.EASY}).viewer_for(1) == 1
    assert ComputerSeats({}).covers and not ComputerSeats({1: Level.EASY}).covers


def test_keys_stay_the_tables_while_the_computer_plays():
    """Against the computer Space is still Next phase for the person (only the demo takes
    it), and nothing the person presses is taken by the computer's driver."""
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER)
    assert run_until(app, lambda: game.rules.acting_seat(game.state) == PERSON
                     and game.state.pending is None and scene.computer.arm == 0,
                     limit=600, dt=0.25)
    phase = game.state.phase
    key(app, pygame.K_SPACE)
    app.frame(FRAME)
    assert game.state.phase != phase
