"""Computer seats at the table (issue 12 §5, issue 13): the computer plays one seat (or
both, in the demo) of the table scene, at a pace a person can follow.

How one move of the computer goes:

1. The acting seat (``rules.acting_seat``) is a computer seat: its player
   (:func:`tabletop.core.seat_player.make_player`) runs ``choose`` on
   ``state.clone()`` in a worker thread (:class:`Thought`), so the frame loop never
   waits; the coach panel says "Player 2 is thinking…". The player decides only from
   what its seat may see (it determinizes the rest itself, contract A); this module
   never hands a bot anything else.
2. The frame loop looks at the thought once a frame (no waiting, no spinning). When it
   is ready, and the table is idle (no playback, no dialog, the last glide and the
   announcement held long enough), the action is proposed through the scene's
   ``propose``, the same path a person's drop or button takes (``Game.propose``).
3. The moved card glides from where it lay to where it landed (the table's
   :class:`~tabletop.ui.sprite.Slide`, at :attr:`Pace.glide` seconds), and the reason
   (``Choice.reason``) is announced in the coach panel and in the viewer's log, with
   every card name the viewer cannot see replaced by "a hidden card" (ALL-R2).

Any change of the game while the computer thinks (an undo, a resignation, the
person's own action) makes the thought stale: its result is thrown away and the
computer thinks again if it still has to act. Leaving the table (``close``) throws
away what is being thought.

Which seats are computers is part of the game's set-up (``GameSetup.options``,
:data:`OPTION`), so a saved game resumes with its computer seats. Against the computer
there is no hot-seat cover: the person's seat stays the viewer all game
(:meth:`ComputerSeats.viewer_for`); with no person at all (the demo) the view follows
the acting seat, without cover; with two persons covers are as always.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.engine import HIDDEN_CARD
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.core.model import GameState
from tabletop.core.seat_player import Choice, Level, SeatPlayer, make_player
from tabletop.core.view import view_id
from tabletop.ui.frame_policy import soonest
from tabletop.ui.sprite import Slide

if TYPE_CHECKING:
    from tabletop.core.coach import CoachLine
    from tabletop.core.engine import Game
    from tabletop.core.rules import GameRules, GameSetup
    from tabletop.ui.table import TableScene

__all__ = ["ARM_DELAY", "MOVING_ARGS", "NOT_TURN_COMMANDS", "OPTION", "PACES", "Announcement",
           "ComputerSeats", "Pace", "PlayerFactory", "Thought", "attach_helpers",
           "computer_seats", "decision_seed", "drawn_at", "glide_from", "moving_card",
           "scrub_hidden", "seat_options",
           "table_coach"]

log = logging.getLogger(__name__)

#: The ``GameSetup.options`` key holding the computer seats: ``{"<seat>": "<level>"}``.
OPTION = "computer"
#: Action arguments naming the card an action moves, in the order they are looked for.
MOVING_ARGS = ("card", "foe", "weapon")

PlayerFactory = Callable[["GameRules", Level, int], SeatPlayer]

#: Seconds of frame time after the turn comes back to the person in which their turn
#: commands are not taken (like the hot-seat cover's arm time): a key pressed while the
#: computer played, whose event the window only read once the turn was back (a frame
#: held up while the computer's thread thought, the last glide), never acts on the
#: person's turn (README: Space pressed out of habit never skips a phase).
ARM_DELAY = 0.6
#: Commands that never act on the turn, taken while the computer plays.
NOT_TURN_COMMANDS = frozenset({"menu", "hint", "undo", "redo", "resign", "tap", "reveal", "log"})


@dataclass(frozen=True)
class Pace:
    """How fast the computer's moves are shown, in seconds of frame time.

    ``think`` is the least time "thinking…" is shown (a quick bot still reads as
    thinking), ``glide`` the time a moved card takes to reach its place, ``hold`` how
    long the announcement stays before the next move of the computer is shown.
    """

    think: float
    glide: float
    hold: float

    def scaled(self, seconds: float) -> float:
        """``seconds`` of showing at the normal pace, at this one (a playback step: the
        demo's slow pace shows it longer, fast shorter; 0 at a pace that holds nothing)."""
        normal = PACES["normal"].hold
        return seconds * self.hold / normal if normal > 0 else seconds


#: The demo's speeds (and "normal" for a game against the computer).
PACES: dict[str, Pace] = {
    "slow": Pace(think=1.0, glide=1.1, hold=3.2),
    "normal": Pace(think=0.5, glide=0.7, hold=1.5),
    "fast": Pace(think=0.1, glide=0.3, hold=0.35),
}


def computer_seats(setup: GameSetup) -> dict[int, Level]:
    """The computer seats of a game's set-up, seat -> level (empty: two persons).

    Read from ``setup.options[OPTION]`` (see :func:`seat_options`); an unknown seat or
    level is left out (an old or hand-edited save still opens, as a person seat)."""
    raw = setup.options.get(OPTION) if setup.options else None
    if not isinstance(raw, Mapping):
        return {}
    levels = {str(level.value): level for level in Level}
    seats: dict[int, Level] = {}
    for key, value in raw.items():
        if str(key) in ("0", "1") and isinstance(value, str) and value in levels:
            seats[int(key)] = levels[value]
    return seats


def seat_options(seats: Mapping[int, Level]) -> dict[str, Any]:
    """The ``GameSetup.options`` entry for these computer seats (``{}`` for none)."""
    if not seats:
        return {}
    return {OPTION: {str(seat): str(level.value) for seat, level in sorted(seats.items())}}


def decision_seed(setup_seed: int, seat: int, actions_so_far: int) -> int:
    """The seed of the computer's player for one decision: the game's seed, the seat and
    how many actions were played, so the same position in the same game always gets the
    same choice (after an undo, a resume, in a test)."""
    return (setup_seed * 1_000_003 + seat * 7_919 + actions_so_far) % (2**31 - 1)


def scrub_hidden(message: Message, state: GameState, viewer: int | None) -> Message:
    """``message`` with every card name ``viewer`` cannot see now replaced by "a hidden
    card" (ALL-R2): a reason is in its own seat's knowledge, the viewer may know less.

    A name is kept when some card of that name lies face up to the viewer."""
    seen = {inst.card_id for iid, inst in state.cards.items() if state.visible_to(iid, viewer)}

    def clean(value: object) -> object:
        if isinstance(value, Message):
            if value.key.startswith("card.") and value.key[5:] not in seen:
                return HIDDEN_CARD
            return scrub_hidden(value, state, viewer)
        if isinstance(value, tuple):
            return tuple(clean(v) for v in value)
        return value

    return Message(message.key, tuple((k, clean(v)) for k, v in message.params))


def moving_card(action: Action) -> int | None:
    """The instance id of the card ``action`` moves (``card``, ``foe`` or ``weapon``),
    None for an action that moves no card (a button, most decisions)."""
    for name in MOVING_ARGS:
        value = action.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


class Thought:
    """One ``choose`` call running in a daemon worker thread.

    ``generation`` is the driver's count of game changes when the thought started: a
    thought whose generation is no longer current is stale and its result ignored.
    Never blocks the caller: :attr:`done` only looks.
    """

    def __init__(self, think: Callable[[], Choice | None], seat: int, generation: int) -> None:
        self.seat = seat
        self.generation = generation
        self.result: Choice | None = None
        self.error: BaseException | None = None
        #: Seconds of frame time since the thought started.
        self.age = 0.0
        self._done = threading.Event()
        self._think = think
        self.thread = threading.Thread(target=self._run, name=f"computer-seat-{seat}",
                                       daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self._think()
        except BaseException as exc:  # reported by the driver on the main thread
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """True once ``choose`` returned (or raised)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done or ``timeout`` seconds passed (tests and tools only)."""
        return self._done.wait(timeout)


@dataclass(frozen=True)
class Announcement:
    """What the computer last did, shown in the coach panel: who and why."""

    seat: int
    reason: Message


class ComputerSeats:
    """Drives the computer seats of one table scene (see the module docstring).

    Args:
        levels: seat -> level of each computer seat (the others are persons).
        pace: how fast its moves are shown (:data:`PACES`).
        factory: makes a seat's player (default :func:`make_player`; tests pass players
            that wait or count).

    The scene calls :meth:`update` every frame, :meth:`viewer_for` when the acting seat
    changes and :meth:`close` when the table closes; :meth:`coach` is read by the
    coach panel (through ``TableScene.coach_override``).
    """

    def __init__(self, levels: Mapping[int, Level], pace: Pace = PACES["normal"],
                 factory: PlayerFactory | None = None) -> None:
        self.levels: dict[int, Level] = dict(levels)
        self.pace = pace
        self.factory: PlayerFactory = factory if factory is not None else make_player
        self.scene: TableScene | None = None
        #: Game changes seen so far (any change makes a running thought stale).
        self.generation = 0
        self.thought: Thought | None = None
        #: The last move's announcement and the seconds it is still held.
        self.said: Announcement | None = None
        self.hold = 0.0
        #: The demo's controls: no new move while paused, except one ``step``.
        self.paused = False
        self.step = False
        self.closed = False
        #: Every action the computer proposed, with its verdict's ``ok`` (tests, tools).
        self.played: list[tuple[Action, bool]] = []
        #: Choices thrown away because the game changed meanwhile.
        self.discarded = 0
        #: The glide of the computer's last moved card while it is on (see ``_glide_to``).
        self._glide: Slide | None = None
        #: Seconds the person's turn commands are still not taken (:data:`ARM_DELAY`).
        self.arm = 0.0
        #: Whether a computer seat was to act at the last look (to see the turn come back).
        self._computer_acting = False

    # ------------------------------------------------------------------ seats
    @property
    def persons(self) -> set[int]:
        """The seats a person plays."""
        return {0, 1} - set(self.levels)

    @property
    def covers(self) -> bool:
        """Whether the hot-seat cover is used: only between two persons."""
        return len(self.persons) == 2

    def is_computer(self, seat: int) -> bool:
        """True when the computer plays ``seat``."""
        return seat in self.levels

    def viewer_for(self, acting: int) -> int:
        """Whose view the table shows while ``acting`` must act: the one person's seat
        all game; the acting seat when the computer plays both (the demo) or a person
        plays both (the hot seat, behind covers)."""
        persons = self.persons
        if len(persons) == 1:
            return next(iter(persons))
        return acting

    def take_over(self, seat: int) -> None:
        """A person plays ``seat`` from now on (the demo's 1 / 2 keys); a thought for it
        is dropped."""
        self.levels.pop(seat, None)
        if self.thought is not None and self.thought.seat == seat:
            self.thought = None
        self.follow()

    def follow(self) -> None:
        """Show the view :meth:`viewer_for` names, at once and without a cover (there
        is no second person at the computer to hide anything from); with two persons
        the table's hot-seat hand-over takes over again."""
        scene = self.scene
        if scene is None:
            return
        if self.covers:
            scene._sync_viewer()
            return
        seat = self.viewer_for(scene.rules.acting_seat(scene.game.state))
        if seat != scene.viewer and not scene.cover_pending:
            scene._after_cover(seat)

    # ------------------------------------------------------------------ scene hooks
    def handle_event(self, event: Any) -> Any:
        """The table's events first (the demo's keys); returns None when used. Here:
        none used."""
        return event

    def draw(self, surface: Any) -> None:
        """Draw over the table (the demo's key line). Here: nothing."""

    def attach(self, scene: TableScene) -> None:
        """Start driving ``scene``'s computer seats (called once by the scene)."""
        self.scene = scene
        scene.game.listeners.append(self._game_changed)

    def close(self) -> None:
        """The table closes: whatever is being thought is thrown away."""
        self.closed = True
        self.thought = None
        scene = self.scene
        if scene is not None and self._game_changed in scene.game.listeners:
            scene.game.listeners.remove(self._game_changed)

    def _game_changed(self, _game: Game) -> None:
        self.generation += 1
        scene = self.scene
        if scene is not None and self._glide is not None and scene.slide is self._glide:
            scene.slide = None  # the card is no longer where it was gliding to (an undo)
        self._glide = None

    def coach(self) -> CoachLine | None:
        """The coach panel's line while the computer is busy: the announcement of its
        last move while it is held, "Player 2 is thinking…" while it thinks; None when
        the normal coach line is due."""
        from tabletop.core.coach import CoachLine

        if self.said is not None and self.hold > 0 and self._computer_to_act():
            return CoachLine(who=self.who(self.said.seat), what=self.said.reason,
                             lit=frozenset())
        thought = self.thought
        if thought is not None and not self.closed:
            player = seat_msg(thought.seat)
            return CoachLine(who=self.who(thought.seat),
                             what=msg("computer.thinking", player=player), lit=frozenset())
        return None

    def _computer_to_act(self) -> bool:
        """Whether a computer seat must act now (the person's coach line is due when not:
        the computer's last reason stays in the log)."""
        scene = self.scene
        if scene is None:
            return True
        state = scene.game.state
        return not state.game_over and self.is_computer(scene.rules.acting_seat(state))

    def playing(self) -> bool:
        """Is the computer playing: a computer seat must act, its last move is still shown
        (the glide, the announcement) while it is to act, or the turn came back to the
        person less than :data:`ARM_DELAY` seconds ago?"""
        if self.scene is None or self.closed:
            return False
        self._note_acting()
        return self.arm > 0 or self._computer_to_act()

    def refuse_turn_command(self, command: str) -> Message | None:
        """Why the person's ``command`` is not taken now: "the computer is playing" for a
        turn command (next phase, end turn, attack, a plugin's turn command, and free mode,
        which would change the rules under the computer's move; not the menu, hint,
        undo, redo, resign, tap, reveal or the whole log, L) while :meth:`playing`; None
        when it may run. With no person at the table (the demo) nothing is refused."""
        if command in NOT_TURN_COMMANDS or not self.persons or not self.playing():
            return None
        acting = next(iter(self.levels)) if self.levels else 1
        return msg("computer.playing", player=seat_msg(acting))

    def refuse_hidden_card(self, state: GameState, iid: int, viewer: int,
                           reveal: bool = False) -> Message | None:
        """Why a person's free-mode act on card ``iid`` (an instance id) is refused:
        the computer does not agree to show its hidden cards (ALL-H2 needs both players'
        agreement, and the computer never gives it). Refused: revealing any card of a
        computer seat (``reveal``), and tapping or moving one ``viewer`` cannot see. None
        when allowed (the person's own cards; with no person at the table, nothing)."""
        card = state.cards.get(iid)
        if card is None or not self.persons or not self.is_computer(card.owner):
            return None
        if reveal or not state.visible_to(iid, viewer):
            return msg("computer.hidden_cards")
        return None

    def _note_acting(self) -> None:
        """Start the arm time when the turn has just come back from a computer seat."""
        acting = self._computer_to_act()
        if self._computer_acting and not acting:
            self.arm = ARM_DELAY
        self._computer_acting = acting

    def who(self, seat: int) -> Message:
        """"Player 2, the computer"."""
        return msg("computer.who", player=seat_msg(seat))

    @property
    def thinking(self) -> bool:
        """True while a thought for the acting seat is running or waiting to be shown."""
        return self.thought is not None

    def busy(self) -> bool:
        """Is the table showing something a move must wait for: a card gliding, a
        playback, a cover, the last announcement still held, a person's dialog (a
        dialog the window opened for a computer seat's own decision, in the demo, is
        not waited for: the move answers it and the window closes it)?"""
        scene = self.scene
        if scene is None:
            return True
        persons_dialog = scene.viewer not in self.levels and scene._dialog_open()
        return (self.hold > 0 or scene.slide is not None or scene.cover_pending
                or scene.ui.playing(scene) or persons_dialog)

    def frame_due(self) -> float | None:
        """How soon the table needs a frame for the computer seats (see
        :meth:`tabletop.ui.scene.Scene.frame_due`): now when a thought is to start, is
        stale, or is ready and may be played; the hold, the arm time or the least
        thinking time left; None while only the worker thread thinks (the loop asks
        every turn, so a finished thought is played within a frame)."""
        scene = self.scene
        if scene is None or self.closed:
            return None
        timers = [t for t in (self.hold, self.arm) if t > 0]
        state = scene.game.state
        thought = self.thought
        if state.game_over:
            return 0.0 if thought is not None else soonest(*timers)
        seat = scene.rules.acting_seat(state)
        if thought is not None and (thought.generation != self.generation
                                    or thought.seat != seat):
            return 0.0
        if seat not in self.levels:
            return soonest(*timers)
        if thought is None:
            return 0.0
        if thought.age < self.pace.think and not self.step:
            timers.append(self.pace.think - thought.age)
        elif thought.done and not self.busy() and (self.step or not self.paused):
            return 0.0
        return soonest(*timers)

    def update(self, dt: float) -> None:
        """One frame: count down the hold, start a thought when a computer seat must act,
        and play a finished one when the table is idle. Never waits for the thread."""
        scene = self.scene
        if scene is None or self.closed:
            return
        self.hold = max(0.0, self.hold - dt)
        self.arm = max(0.0, self.arm - dt)
        self._note_acting()
        state = scene.game.state
        if state.game_over:
            self.thought = None
            return
        seat = scene.rules.acting_seat(state)
        thought = self.thought
        if thought is not None and (thought.generation != self.generation
                                    or thought.seat != seat):
            self.thought, thought = None, None  # the game moved on: the result is stale
            self.discarded += 1
        if seat not in self.levels:
            return
        if thought is None:
            self.thought = self._think(seat)
            return
        thought.age += dt
        if not thought.done or self.busy():
            return
        if thought.age < self.pace.think and not self.step:
            return
        if self.paused and not self.step:
            return
        self.step = False
        self.thought = None
        self._play(thought)

    # ------------------------------------------------------------------ thinking
    def _think(self, seat: int) -> Thought:
        scene = self.scene
        assert scene is not None
        game = scene.game
        rules = game.rules
        player = self.factory(rules, self.levels[seat],
                              decision_seed(game.setup.seed, seat, len(game.history)))
        world = game.state.clone()  # the player's own copy: the game goes on meanwhile

        def think() -> Choice | None:
            return player.choose(rules, world, seat)

        return Thought(think, seat, self.generation)

    def _play(self, thought: Thought) -> None:
        scene = self.scene
        assert scene is not None
        if thought.error is not None:
            log.error("the computer player of seat %d failed: %r", thought.seat,
                      thought.error)
            self._fallback(thought.seat)
            return
        choice = thought.result
        if choice is None:
            return
        self.propose(choice, thought.seat)

    def _fallback(self, seat: int) -> None:
        """A player that failed must not stop the game: pass if that is legal (the
        seat's own buttons), else nothing (the error is in the log)."""
        scene = self.scene
        assert scene is not None
        for kind in ("next_phase", "end_turn"):
            action = Action.make(kind, seat)
            if scene.check(action).ok:
                self.propose(Choice(action, msg("computer.no_reason", player=seat_msg(seat))),
                             seat)
                return

    def propose(self, choice: Choice, seat: int) -> bool:
        """Propose ``choice`` through the scene (as a person's drop or button), then let
        the moved card glide and announce the reason. Returns the verdict's ``ok``."""
        scene = self.scene
        assert scene is not None
        action = choice.action
        start = self._drawn_at(action)
        viewer = scene.viewer
        logged = len(scene.game.state.log)
        verdict = scene.propose(action)
        self.played.append((action, verdict.ok))
        self._note_acting()
        if not verdict.ok:  # a bug of the player: said in the log, the seat thinks again
            log.error("the computer's action %s was refused: %s", action, verdict.reason)
            return False
        state = scene.game.state
        # as the viewer reads it after the move: a card it left hidden is not named
        told = choice.told_to(viewer, state)
        reason = scene.game.rules.reorient(scrub_hidden(told, state, scene.viewer),
                                           seat, scene.viewer)
        self.said = Announcement(seat, reason)
        self.hold = self.pace.glide + self.pace.hold
        # just above the move's own log lines (and what followed from it by itself)
        # the reason names the seat already ("Player 2 sets …"): the line says it once
        scene.add_note(msg("computer.log_reason", reason=reason),
                       after=min(logged, len(state.log)))
        if start is not None and scene.viewer == viewer:
            self._glide_to(action, start)
        if self.arm > 0 and self._glide is not None:  # the turn is back once it has landed
            self.arm = ARM_DELAY + self._glide.duration
        return True

    def _drawn_at(self, action: Action) -> tuple[int, int] | None:
        assert self.scene is not None
        return drawn_at(self.scene, action)

    def _glide_to(self, action: Action, start: tuple[int, int]) -> None:
        assert self.scene is not None
        slide = glide_from(self.scene, action, start, self.pace.glide)
        if slide is not None:
            self._glide = slide


def drawn_at(scene: Any, action: Action | None) -> tuple[int, int] | None:
    """Where the card ``action`` moves is drawn now in ``scene`` (a TableScene; top-left
    pixels, as the viewer sees it), or None (no card moves, or it is not drawn)."""
    iid = moving_card(action) if action is not None else None
    state = scene.game.state
    if iid is None or iid not in state.cards:
        return None
    sprite = scene.by_iid.get(view_id(state, scene.viewer, iid))
    return sprite.rect.topleft if sprite is not None else None


def glide_from(scene: Any, action: Action, start: tuple[int, int],
               duration: float) -> Slide | None:
    """Have the card ``action`` moved glide in ``scene`` from ``start`` (pixels, where it
    was drawn before the move) to where it lies now over ``duration`` seconds; the
    scene's Slide, or None when it did not move on screen."""
    iid = moving_card(action)
    state = scene.game.state
    if iid is None or iid not in state.cards:
        return None
    vid = view_id(state, scene.viewer, iid)
    sprite = scene.by_iid.get(vid)
    if sprite is None or sprite.rect.topleft == start:
        return None
    scene.slide = Slide(vid, start, sprite.rect.topleft, duration=duration)
    return scene.slide


def attach_helpers(scene: TableScene) -> None:
    """Hook the computer seats (when the scene has any) and the hint into the scene: the
    driver starts following the game, and the coach panel shows what they say (the
    computer's thinking or announcement first, then a hint) unless something else (a
    lesson) already set ``coach_override``."""
    if scene.computer is not None:
        scene.computer.attach(scene)
    if scene.coach_override is None:
        scene.coach_override = lambda: table_coach(scene)


def table_coach(scene: TableScene) -> CoachLine | None:
    """The coach panel's line: the plugin's playback (the attack shown, not the state
    after it), else the computer seats', else the hint (None: the normal coach line)."""
    line = scene.ui.playback_coach(scene)
    if line is not None:
        return line
    computer = scene.computer
    line = computer.coach() if computer is not None else None
    return line if line is not None else scene.hint.coach()
