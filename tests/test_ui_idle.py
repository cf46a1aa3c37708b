"""The idle window (issue 14): the main loop (``App.turn``) draws a frame only when
something changed, wakes for posted input, for a scene's timer and for a computer
thought that is ready, and hands the scenes the time it slept.

The loop's clock is replaced by :class:`StepClock` where a test needs turns of a known
length (no sleeping, nothing timed); the computer tests use the real clock, as the
window does."""

from __future__ import annotations

import pygame
import pytest
from computer_helpers import Gate, vs_computer, wait_until
from ui_helpers import fake_choice, make_app, use_choices

from tabletop.core.rules import game_ids
from tabletop.core.seat_player import Level
from tabletop.ui.frame_policy import MAX_DT, FramePolicy, Turn, soonest
from tabletop.ui.menu import GameChoice, MenuScene
from tabletop.ui.scene import Scene
from tabletop.ui.table import TableScene

PERSON, COMPUTER = 0, 1
#: Loop turns that must pass without a frame once the window has settled.
IDLE_TURNS = 40


class StepClock:
    """A stand-in for ``pygame.time.Clock``: every ``tick`` says ``ms`` passed, at once."""

    def __init__(self, ms: int = 17) -> None:
        self.ms = ms

    def tick(self, _fps: int = 0) -> int:
        return self.ms


class TimerScene(Scene):
    """A scene with one timer of ``seconds``: it asks for a frame when it runs out, and
    keeps the time it was given and what its clock said at each key press."""

    def __init__(self, app, seconds: float, shows: bool = True) -> None:
        super().__init__(app)
        self.seconds = seconds
        self.timers_show = shows
        self.age = 0.0
        self.ages_at_keys: list[float] = []

    def frame_due(self):
        return self.seconds - self.age if self.age < self.seconds else None

    def update(self, dt):
        self.age += dt

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            self.ages_at_keys.append(self.age)
        return None


def settle(app, limit: int = 400) -> None:
    """Run loop turns until the window is at rest (a whole second without a frame)."""
    quiet = 0
    for _ in range(limit):
        quiet = 0 if app.turn() else quiet + 1
        if quiet >= 60:
            return
    raise AssertionError("the window never came to rest")


def drawn_over(app, turns: int) -> int:
    """Frames drawn over ``turns`` loop turns."""
    before = app.frames_drawn
    for _ in range(turns):
        app.turn()
    return app.frames_drawn - before


def _key(k: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


# ---------------------------------------------------------------------- the policy alone


def test_policy_rests_without_input_or_due_and_frames_on_input_then_settles():
    policy = FramePolicy(fps=60, settle=2, widget_window=0.0)
    policy.advance(1 / 60)
    assert policy.plan(False, []) is Turn.REST
    assert policy.plan(True, []) is Turn.FRAME
    assert [policy.plan(False, []) for _ in range(3)] == [Turn.FRAME, Turn.FRAME, Turn.REST]


def test_policy_frames_while_a_scene_animates_and_wakes_when_a_timer_runs_out():
    scene = TimerScene(None, 0.5)
    policy = FramePolicy(fps=60, settle=0, widget_window=0.0)
    assert policy.plan(False, [(scene, 0.0)]) is Turn.FRAME
    policy.take_dt()
    policy.advance(0.2)
    assert policy.plan(False, [(scene, 0.5)]) is Turn.REST
    policy.advance(0.3)
    assert policy.plan(False, [(scene, 0.5)]) is Turn.TIMER
    assert policy.timer_shows([(scene, 0.5)])
    assert policy.take_dt(capped=False) == pytest.approx(0.5)  # the timer gets it all


def test_policy_caps_dt_of_a_frame_so_no_animation_jumps():
    policy = FramePolicy(fps=60)
    policy.advance(0.4)  # a slow frame while animating
    assert policy.asleep() and policy.take_dt() == MAX_DT
    policy.advance(1 / 60)
    assert not policy.asleep()


def test_policy_runs_the_widgets_clock_for_a_while_after_input():
    policy = FramePolicy(fps=60, settle=0, widget_window=1.0)
    policy.plan(True, [])
    policy.advance(0.5)
    assert policy.plan(False, []) is Turn.WIDGETS
    policy.advance(0.6)
    assert policy.plan(False, []) is Turn.REST


def test_soonest_ignores_never_and_counts_late_as_now():
    assert soonest(None, None) is None
    assert soonest(None, 2.0, 0.5) == 0.5
    assert soonest(-0.1, 3.0) == 0.0


# ---------------------------------------------------------------------- the window


@pytest.fixture
def menu_app(monkeypatch):
    use_choices(monkeypatch, [fake_choice("arc")])
    app = make_app((1600, 900))
    app.clock = StepClock()
    app.show_menu()
    yield app
    app.shutdown()


def test_an_idle_menu_draws_no_frame_and_posted_input_wakes_it(menu_app):
    app = menu_app
    settle(app)
    assert drawn_over(app, IDLE_TURNS) == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0), touch=False))
    assert app.turn()  # drawn in the very turn the input arrived
    settle(app)
    assert drawn_over(app, IDLE_TURNS) == 0


def test_a_language_picked_in_the_idle_menu_is_drawn(menu_app):
    """Input changes what is shown: the idle menu wakes, rebuilds and draws it."""
    app = menu_app
    settle(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    pygame.event.post(pygame.event.Event(pygame_gui_changed(), ui_element=menu.widgets["language"],
                                         selected_option_id="ja", text="日本語"))
    assert app.turn()
    assert app.lang == "ja"
    settle(app)
    assert app.lang == "ja" and drawn_over(app, IDLE_TURNS) == 0


def pygame_gui_changed() -> int:
    import pygame_gui

    return pygame_gui.UI_DROP_DOWN_MENU_CHANGED


def test_a_quiet_timer_draws_nothing_and_a_shown_one_draws_when_it_runs_out(menu_app):
    app = menu_app
    settle(app)
    quiet = TimerScene(app, 0.5, shows=False)
    app.stack.push(quiet)
    assert drawn_over(app, 3) == 3  # a new scene on the stack: drawn, and settled
    assert drawn_over(app, 60) == 0 and quiet.age >= 0.5  # updated, nothing drawn
    shown = TimerScene(app, 0.5)
    app.stack.push(shown)
    assert drawn_over(app, 3) == 3
    before = app.frames_drawn
    for _ in range(60):
        app.turn()
        if shown.age >= 0.5:
            break
    assert shown.age >= 0.5 and app.frames_drawn == before + 1


def test_the_time_asleep_is_counted_before_the_input_that_wakes_the_window(menu_app):
    """A key judged after a sleep sees the scene's clock current (a delay before keys
    are taken must not run slow because the window slept)."""
    app = menu_app
    settle(app)
    scene = TimerScene(app, 0.0)  # no timer: the loop rests
    app.stack.push(scene)
    app.turn()
    settle(app)
    slept = scene.age
    app.clock = StepClock(100)
    for _ in range(10):  # one second asleep
        assert not app.turn()
    _key(pygame.K_a)
    app.turn()
    assert len(scene.ages_at_keys) == 1
    assert scene.ages_at_keys[0] >= slept + 1.0  # the second asleep was counted first


@pytest.mark.parametrize("game_id", game_ids())
def test_an_idle_table_draws_no_frame_and_a_key_wakes_it(game_id):
    app = make_app((1280, 720))
    try:
        app.clock = StepClock()
        choice = GameChoice.load(game_id)
        first, second = list(choice.decks)[:2]
        game = choice.make_game(first, second, first_seat=0, seed=1)
        app.game = game
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        settle(app)
        assert drawn_over(app, IDLE_TURNS) == 0
        _key(pygame.K_f)  # free mode: the banner comes (a layout change drawn next frame)
        assert app.turn()
        assert game.state.free_mode
        settle(app)
        assert scene.free_banner_rect is not None
        assert drawn_over(app, IDLE_TURNS) == 0
    finally:
        app.shutdown()


def test_a_pending_computer_thought_shows_up_without_input():
    """While the computer thinks the window rests (nothing changes); the thought that
    comes back is played and drawn with no input at all."""
    gate = Gate()
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER,
                                   factory=gate)
    try:
        pygame.event.clear()
        assert wait_until(lambda: gate.calls == 1)
        settle(app)
        assert scene.computer.thinking and drawn_over(app, IDLE_TURNS) == 0
        before = len(game.history)
        drawn = app.frames_drawn
        gate.open()
        assert wait_until(lambda: gate.answered >= 1)
        assert scene.computer.thought is not None and scene.computer.thought.wait(10)
        for _ in range(600):
            app.turn()
            if len(game.history) > before and app.frames_drawn > drawn:
                break
        assert len(game.history) > before
        assert scene.computer.played and scene.computer.played[0][1]
        assert app.frames_drawn > drawn
        assert pygame.event.peek() is False or not pygame.event.get(pygame.KEYDOWN)
    finally:
        gate.open()
        app.shutdown()


def test_a_tool_tip_comes_up_over_a_resting_pointer_and_is_drawn():
    """pygame_gui's own clock runs after input: the pointer resting on the Hint button
    brings up its tool tip a second later, drawn with no further input; then rest."""
    app = make_app((1280, 720))
    try:
        app.clock = StepClock()
        choice = GameChoice.load("arc")
        first, second = list(choice.decks)[:2]
        game = choice.make_game(first, second, first_seat=0, seed=1)
        app.game = game
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        settle(app)
        button = scene.controls.buttons["hint"]
        pos = button.get_abs_rect().center
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(0, 0, 0), touch=False))
        for _ in range(5):
            app.turn()
        assert button.tool_tip is None
        drawn = app.frames_drawn
        for _ in range(120):
            app.turn()
            if button.tool_tip is not None:
                break
        assert button.tool_tip is not None and app.frames_drawn == drawn + 1
        settle(app)
        assert button.tool_tip is not None and drawn_over(app, IDLE_TURNS) == 0
    finally:
        app.shutdown()


def test_a_hint_thought_shows_up_without_input():
    """Key H starts the hint's thought; once it is back the hint is shown and drawn
    with no input at all, and then the window rests again."""
    app = make_app((1280, 720))
    try:
        app.clock = StepClock()
        choice = GameChoice.load("arc")
        first, second = list(choice.decks)[:2]
        game = choice.make_game(first, second, first_seat=0, seed=1)
        app.game = game
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        settle(app)
        _key(pygame.K_h)
        app.turn()
        thought = scene.hint.thought
        assert thought is not None and thought.wait(30)
        drawn = app.frames_drawn
        for _ in range(10):
            app.turn()
            if scene.hint.shown is not None:
                break
        assert scene.hint.shown is not None and app.frames_drawn > drawn
        settle(app)
        assert scene.hint.shown is not None and drawn_over(app, IDLE_TURNS) == 0
    finally:
        app.shutdown()
