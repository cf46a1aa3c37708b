"""The person's turn against the computer (QA report): a turn command pressed while the
computer plays does nothing but say so, and is not taken for a short arm time after the
turn came back (README: Space pressed out of habit never skips a phase); the computer
never agrees to show its hidden cards in free mode (ALL-H2); once the person must act,
the coach line is the person's."""

from __future__ import annotations

import pygame
from computer_helpers import Gate, run_until, vs_computer
from ui_helpers import FRAME, click, frames, key, widget_centre

from tabletop.core.actions import Action
from tabletop.core.seat_player import Level
from tabletop.core.view import view_id
from tabletop.ui.computer_seat import ARM_DELAY, PACES

PERSON, COMPUTER = 0, 1
TURN_KEYS = (pygame.K_SPACE, pygame.K_n, pygame.K_e, pygame.K_a)


def _persons_turn(game) -> bool:
    return game.rules.acting_seat(game.state) == PERSON and game.state.pending is None


def _post_keys(keys: tuple[int, ...]) -> None:
    """Key presses queued at once, as a person typing while a frame is held up."""
    for k in keys:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def _persons_actions(game, since: int) -> list[str]:
    return [r.action.kind for r in game.history[since:] if r.action.seat == PERSON]


def test_turn_keys_pressed_while_the_computer_thinks_do_nothing_but_say_so():
    gate = Gate()
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER,
                                   factory=gate)
    assert game.rules.acting_seat(game.state) == COMPUTER
    before = len(game.history)
    _post_keys(TURN_KEYS)
    frames(app, 3)
    assert len(game.history) == before
    assert scene.toast.key == "computer.playing"
    click(app, widget_centre(scene.controls.buttons["next_phase"]))
    assert len(game.history) == before and scene.toast.key == "computer.playing"
    gate.open()
    assert run_until(app, lambda: _persons_turn(game), limit=2000)
    assert _persons_actions(game, before) == []


def test_free_mode_is_not_switched_on_under_the_computers_move_all_r3():
    """F while the computer plays: refused with the reason; the rules stay on."""
    gate = Gate()
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER,
                                   factory=gate)
    assert game.rules.acting_seat(game.state) == COMPUTER
    _post_keys((pygame.K_f,))
    frames(app, 3)
    assert not game.state.free_mode and scene.toast.key == "computer.playing"
    gate.open()
    assert run_until(app, lambda: _persons_turn(game), limit=2000)
    frames(app, int(ARM_DELAY / FRAME) + 30)  # past the arm time and the glide
    _post_keys((pygame.K_f,))
    frames(app, 3)
    assert game.state.free_mode  # in the person's own turn it is theirs to agree


def test_keys_read_just_after_the_turn_came_back_are_not_taken():
    """Space pressed during the computer's turn whose events the window reads only once
    the turn is back (the frame was held up): no phase goes by; after the arm time
    Space is Next phase again."""
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER)
    assert run_until(app, lambda: _persons_turn(game), limit=2000)
    assert scene.computer.arm > 0
    phase, before = game.state.phase, len(game.history)
    _post_keys((pygame.K_SPACE, pygame.K_SPACE, pygame.K_SPACE, pygame.K_e))
    app.frame(FRAME)
    assert len(game.history) == before and game.state.phase == phase
    assert scene.toast.key == "computer.playing"
    frames(app, int(ARM_DELAY / FRAME) + 2)
    assert scene.computer.arm == 0
    key(app, pygame.K_SPACE)
    assert game.state.phase != phase
    assert _persons_actions(game, before) == ["next_phase"]


def _free_mode_vs_computer():
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=PERSON)
    assert run_until(app, lambda: _persons_turn(game), limit=2000)
    frames(app, int(ARM_DELAY / FRAME) + 2)
    assert game.propose(Action.make("set_free_mode", PERSON, on=True)).ok
    frames(app, 2)
    return app, game, scene


def _hover(app, scene, vid: int) -> None:
    rect = scene.card_rect(vid)
    assert rect is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.hover == vid


def test_free_mode_reveal_of_the_computers_deck_is_refused_all_h2():
    app, game, scene = _free_mode_vs_computer()
    state = game.state
    top = state.zones[f"p{COMPUTER}.deck"].cards[-1]
    vid = view_id(state, PERSON, top)
    _hover(app, scene, vid)
    key(app, pygame.K_r)
    assert not scene._dialog_open()
    assert scene.toast.key == "computer.hidden_cards" and scene.toast.rule == "ALL-H2"
    assert not game.state.visible_to(top, PERSON)
    assert not any(r.action.kind == "manual_reveal" for r in game.history)


def test_free_mode_leaves_the_computers_hand_alone_and_the_persons_cards_movable():
    app, game, scene = _free_mode_vs_computer()
    state = game.state
    hand = state.zones[f"p{COMPUTER}.hand"].cards
    vid = view_id(state, PERSON, hand[0])
    before = len(game.history)
    _hover(app, scene, vid)
    key(app, pygame.K_t)
    assert scene.toast.key == "computer.hidden_cards"
    rect = scene.card_rect(vid)
    click(app, rect.center)
    assert len(game.history) == before
    assert not game.state.cards[hand[0]].tapped
    assert not scene._movable(vid)
    own = state.zones[f"p{PERSON}.hand"].cards[-1]
    assert scene._movable(view_id(state, PERSON, own))
    own_vid = view_id(state, PERSON, own)
    _hover(app, scene, own_vid)
    key(app, pygame.K_t)
    assert game.history[-1].action.kind == "manual_tap"


def test_the_coach_line_is_the_persons_once_the_person_must_act():
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER,
                                   pace=PACES["slow"])
    assert run_until(app, lambda: _persons_turn(game), limit=4000)
    computer = scene.computer
    assert computer.hold > 0  # the last announcement would still be held
    assert computer.coach() is None
    line = scene.coach_override()
    assert line is None or "computer" not in str(line.who.key)
    log = [r.message for r in scene.refusals if r.note]
    assert any(m.key == "computer.log_reason" for m in log)
