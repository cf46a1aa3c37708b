"""The application shell: window, main loop, scene stack, fonts and widget manager.

:class:`App` owns the pygame window and a :class:`~tabletop.ui.scene.SceneStack`.
One call of :meth:`App.frame` handles the pending events once, updates and draws
every scene, and flips the display. :meth:`App.run_loop` repeats :meth:`App.turn`
at most 60 times a second, which draws only when something changed (input, an
animation, a timer, a computer thought ready: :mod:`tabletop.ui.frame_policy`), so
an idle window sleeps. Tests drive the window by posting events
(``pygame.event.post``) and calling ``frame()`` (see ``tests/ui_helpers.py``).

Widgets are pygame_gui elements in ``app.ui``. When the language or the UI
scale (font sizes, from the window size) changes, ``app.ui`` is replaced by a
fresh manager (the old one's pixels and fonts are let go first and the manager freed
at once: :mod:`tabletop.ui.gui_manager`); a resize that keeps the scale keeps the
manager. Either way every
scene's ``resize(size)`` is then called: **scenes (re)build their widgets in
``resize``** (and in ``__init__``), always into ``self.app.ui``, killing the
ones they made before (harmless when the manager is new). A scene removes its
widgets in ``close()``.

High-DPI: where the drawable surface is larger than the window (macOS Retina
with SDL's high-DPI flag), mouse positions arrive in window points; the app
rescales every mouse event to surface pixels before any scene sees it, so
scenes only ever deal in surface pixels.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop import i18n, notices
from tabletop.ui import dialogs, gui_slim
from tabletop.ui.double_click import DoubleClickShield
from tabletop.ui.drop_downs import close_open
from tabletop.ui.fonts import Fonts
from tabletop.ui.frame_policy import FramePolicy, Turn, scene_dues, soonest, widget_look
from tabletop.ui.gc_pauses import hold as hold_heap
from tabletop.ui.gui_loader import MainThreadLoader, load_now
from tabletop.ui.gui_manager import Manager, collect_replaced, retire
from tabletop.ui.heap import limit_heap, release_scenes, trim
from tabletop.ui.scene import Scene, SceneStack
from tabletop.ui.shortcuts import FULLSCREEN_KEY, is_help_key
from tabletop.ui.shortcuts_overlay import open_shortcuts
from tabletop.ui.theme import build_theme, text_floor, ui_scale
from tabletop.ui.window_size import (
    go_fullscreen,
    go_windowed,
    keep_minimum,
    resize_to,
    resizes_itself,
)

if TYPE_CHECKING:
    from tabletop.core.engine import Game

__all__ = ["App", "run"]

log = logging.getLogger(__name__)

FPS = 60
MIN_SIZE = (800, 500)

_MOUSE_EVENTS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION})
_RESIZE_EVENTS = frozenset({pygame.VIDEORESIZE, pygame.WINDOWRESIZED,
                            pygame.WINDOWSIZECHANGED})


class App:
    """The running program: one window, a stack of scenes, shared fonts and widgets.

    Attributes:
        screen: the display surface (drawable pixels).
        stack: the scenes, bottom to top.
        fonts: the bundled Noto Sans JP at any size (:class:`~tabletop.ui.fonts.Fonts`).
        ui: the pygame_gui manager; replaced when size or language changes.
        lang: the current language code (``"en"``, ``"ja"``).
        clock: the frame clock.
        running: False once the user quits (or :meth:`quit` is called).
        save_dir: where autosaves go (None: persistence's default place).
        scale: the UI scale factor (1.0 at 1280x720, see :func:`~tabletop.ui.theme.ui_scale`).
        settings: the remembered settings (:mod:`tabletop.settings`; ``size`` and
            ``lang`` None take theirs; changed through :mod:`tabletop.ui.settings_apply`).
    """

    def __init__(self, size: tuple[int, int] | None = (1280, 720), lang: str | None = "en",
                 save_dir: Path | str | None = None, settings: Any = None) -> None:
        from tabletop.settings import load_settings

        self.settings, settings_problem = ((settings, None) if settings is not None
                                           else load_settings())
        size = size or self.settings.window_size
        lang = lang or self.settings.language.value
        limit_heap()  # freed surfaces go back to the system at once (issue 14)
        gui_slim.install()  # widgets keep no spare copies of their pixels (issue 14)
        # only what the program uses: no mixer (no sound; avoids ALSA noise when headless)
        pygame.display.init()
        pygame.font.init()
        self.screen: pygame.Surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        keep_minimum(MIN_SIZE)  # the window manager keeps it laid out (no set_mode below)
        self.stack = SceneStack()
        self.fonts = Fonts()
        self.clock = pygame.time.Clock()
        #: When the main loop draws (:meth:`turn`); frames drawn so far (tests, benchmarks).
        self.frames = FramePolicy(FPS)
        self.frames_drawn = 0
        #: Keeps a double click's second half off the screen its first half opened.
        self.double_click = DoubleClickShield()
        self._drawn_look: Any = None
        self.running = True
        self.save_dir: Path | None = Path(save_dir) if save_dir is not None else None
        self.autosaver: Any = None
        #: Why the last table could not be opened ("" when it could), also shown in a dialog.
        self.table_error = ""
        self.game: Game | None = None
        self.lang = "en"
        self._set_lang_code(lang)
        if settings_problem is not None:  # told in the menu; the defaults are in use
            notices.report(settings_problem.render())
        pygame.display.set_caption(i18n.t("app.title"))
        #: The chosen UI scale (0.75-2.0, settings) on top of the window's own; full
        #: screen on (F11), and the windowed size to come back to (issue 16).
        self.user_scale = float(getattr(self.settings, "ui_scale", 1.0))
        self.fullscreen = False
        self.windowed_size: tuple[int, int] = self.size
        self.scale = self.scale_for(self.size)
        self.ui = self._make_manager()

    # ------------------------------------------------------------------ geometry
    @property
    def size(self) -> tuple[int, int]:
        """The drawable size in pixels (what scenes lay out in)."""
        w, h = self.screen.get_size()
        return (w, h)

    def scale_for(self, size: tuple[int, int]) -> float:
        """The UI scale at a window ``size`` (pixels): the window's own
        (:func:`~tabletop.ui.theme.ui_scale`) times the chosen :attr:`user_scale`, in
        steps of 1/8 from 0.75 to 3.

        A chosen scale above 1 applies while a scene that lays itself out at any scale
        is on the stack (``scales_freely``): a table as far as its side panel and table
        area fit (its ``layout_need()``, :func:`~tabletop.ui.screen_fit.free_cap`,
        QA16 #4; the covers, dialogs and help pages over it follow), a help page over
        the menu whole; a menu-like screen in front takes it as far as its layout fits
        the window (its ``layout_need()``, never below the window's own scale;
        :func:`~tabletop.ui.screen_fit.screen_cap`, issue 16), any other screen keeps
        the window's scale. Below 1 every screen follows."""
        from tabletop.ui.screen_fit import free_cap, screen_cap

        base, factor = ui_scale(size), self.user_scale
        scale = round(base * factor * 8) / 8
        if factor > 1.0:
            scenes = self.stack.scenes
            if not any(getattr(scene, "scales_freely", False) for scene in scenes):
                scale = min(scale, screen_cap(scenes, size, base))
            else:
                cap = free_cap(scenes, size, base)
                scale = scale if cap is None else min(scale, cap)
        return max(0.75, min(3.0, scale))

    def set_ui_scale(self, factor: float) -> None:
        """Make widgets, texts and the side panel ``factor`` times as big as the window
        alone would (clamped to :data:`tabletop.settings.UI_SCALE_RANGE`); every scene
        lays out again. Mouse positions stay the window's pixels (nothing to remap)."""
        from tabletop.settings import UI_SCALE_RANGE

        factor = max(UI_SCALE_RANGE[0], min(UI_SCALE_RANGE[1], float(factor)))
        if factor == self.user_scale and self.scale == self.scale_for(self.size):
            return
        self.user_scale = factor
        self.rebuild_ui()

    def set_fullscreen(self, on: bool) -> None:
        """Full screen at the desktop's size (``on``) or back to the window it left
        (resizable); every scene lays out again at the new size."""
        if bool(on) == self.fullscreen:
            return
        if on:  # the same window, never a new one (ui/window_size.py)
            self.windowed_size = self.window_size()
            self.screen = go_fullscreen()
        else:
            self.screen = go_windowed(self.windowed_size)
            keep_minimum(MIN_SIZE)
        self.fullscreen = bool(on)
        self._window_changed()

    def toggle_fullscreen(self) -> None:
        """F11: full screen on / off, remembered in the settings for the next start."""
        from dataclasses import replace

        from tabletop.ui.settings_apply import change, settings_of

        wanted = not self.fullscreen
        settings = settings_of(self)
        if settings.fullscreen == wanted:  # the file says so already (a --size start)
            self.set_fullscreen(wanted)
            return
        change(self, replace(settings, fullscreen=wanted))

    def window_size(self) -> tuple[int, int]:
        """The window's size in window points (the drawable size if unknown)."""
        try:
            w, h = pygame.display.get_window_size()
        except pygame.error:
            return self.size
        return (int(w), int(h)) if w > 0 and h > 0 else self.size

    def mouse_scale(self) -> tuple[float, float]:
        """Surface pixels per window point on each axis (1.0 unless high-DPI)."""
        try:
            ww, wh = pygame.display.get_window_size()
        except pygame.error:
            return (1.0, 1.0)
        sw, sh = self.screen.get_size()
        if ww <= 0 or wh <= 0:
            return (1.0, 1.0)
        return (sw / ww, sh / wh)

    def to_surface(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Map a window position (mouse) to drawable pixels."""
        sx, sy = self.mouse_scale()
        return (round(pos[0] * sx), round(pos[1] * sy))

    def mouse_pos(self) -> tuple[int, int]:
        """The current mouse position in drawable pixels."""
        return self.to_surface(pygame.mouse.get_pos())

    # ------------------------------------------------------------------ widgets & language
    def _make_manager(self) -> pygame_gui.UIManager:
        # The text floor follows the window's own scale, so it is set wherever a manager
        # is built. Not the chosen UI scale: that enlarges widgets and panels, which
        # leaves the table's cards smaller, and a floor raised with it left their names
        # out (QA at 112.5-125%).
        self.fonts.floor_px = text_floor(ui_scale(self.size))
        try:
            manager = Manager(self.size, build_theme(self.scale),
                              starting_language=self.lang,
                              resource_loader=MainThreadLoader())
        except Exception as exc:  # values in theme.json pygame_gui cannot use
            log.error("theme unusable, using the built-in look: %s: %s",
                      type(exc).__name__, exc)
            manager = Manager(self.size, build_theme(self.scale, use_file=False),
                              starting_language=self.lang,
                              resource_loader=MainThreadLoader())
        load_now(manager)
        sx, sy = self.mouse_scale()
        manager.mouse_pos_scale_factor = [sx, sy]
        return manager

    def _set_lang_code(self, code: str) -> None:
        try:
            i18n.set_language(code)
        except ValueError:
            log.warning("unknown language %r, using English", code)
            i18n.set_language(i18n.DEFAULT_LANGUAGE)
        self.lang = i18n.get_language()

    def rebuild_ui(self) -> None:
        """Replace ``self.ui`` (new size, scale, locale) and let every scene rebuild."""
        self.scale = self.scale_for(self.size)
        retire(self.ui)  # its pixels go before the new manager makes its own
        self.ui = self._make_manager()
        self.stack.resize(self.size)
        collect_replaced()  # the old manager's surfaces and fonts go now (issue 14)

    def set_language(self, code: str) -> None:
        """Switch the language of every text at once (scenes rebuild their widgets)."""
        self._set_lang_code(code)
        pygame.display.set_caption(i18n.t("app.title"))
        self.rebuild_ui()

    def t(self, key: str, **params: Any) -> str:
        """Shortcut for :func:`tabletop.i18n.t`."""
        return i18n.t(key, **params)

    # ------------------------------------------------------------------ events
    def _on_resize(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            wanted = (int(event.w), int(event.h))
        elif event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            wanted = (int(event.x), int(event.y))
        else:
            return
        surface = pygame.display.get_surface()
        try:
            window = pygame.display.get_window_size()
        except pygame.error:
            window = surface.get_size() if surface else wanted
        if resizes_itself():
            # the window as it is now: an event may be older than a resize after it
            # (one frame's events come at once), and going back to it would fight the drag
            wanted = (int(window[0]), int(window[1]))
        wanted = (max(MIN_SIZE[0], wanted[0]), max(MIN_SIZE[1], wanted[1]))
        if surface is None or tuple(window) != wanted:
            # Smaller than the least size all the same, or a driver that does not resize
            # (the dummy one of the tests): the same window resized, never a new one
            surface = resize_to(wanted)
        self.screen = surface
        self._window_changed()

    def _window_changed(self) -> None:
        """The drawable size changed (a resize, full screen on or off): a new widget
        manager when the scale changes, else the same one told the new size."""
        if self.scale_for(self.size) != self.scale:
            self.rebuild_ui()  # new font sizes: a new manager
        elif self.size != tuple(self.ui.window_resolution):
            self.ui.set_window_resolution(self.size)
            sx, sy = self.mouse_scale()
            self.ui.mouse_pos_scale_factor = [sx, sy]
            self.stack.resize(self.size)

    def _to_surface_event(self, event: pygame.event.Event) -> pygame.event.Event:
        sx, sy = self.mouse_scale()
        if (sx, sy) == (1.0, 1.0) or event.type not in _MOUSE_EVENTS:
            return event
        data = dict(event.dict)
        data["pos"] = (round(event.pos[0] * sx), round(event.pos[1] * sy))
        if "rel" in data:
            data["rel"] = (round(event.rel[0] * sx), round(event.rel[1] * sy))
        return pygame.event.Event(event.type, data)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle one event: app-level ones here, widgets first, then the scene stack.

        An event a pygame_gui widget consumed (a click on a button) does not reach the
        scenes; widget *result* events (``UI_BUTTON_PRESSED`` …) do, so scenes
        react to their own buttons in ``handle_event``. Focus-lost and
        mouse-leave events always reach the scenes (to cancel a drag).
        """
        if event.type == pygame.QUIT:
            self.leave_game(self.quit)  # the window's close box: asks if nothing is saved
            return
        if event.type in _RESIZE_EVENTS:
            self._on_resize(event)
            return
        if event.type == pygame.KEYDOWN and event.key == FULLSCREEN_KEY:
            # on every screen (issue 16); not under a dialog, which a new widget
            # manager (another scale) would take away unanswered
            if dialogs.top_dialog(self.ui) is None:
                self.toggle_fullscreen()
            return
        if self.double_click.swallows(event, self.stack.top):  # QA16b #2
            return
        if self._ui_gets(event) and close_open(self.ui, event):  # QA16b #3: Esc only closes
            self._spend_key(event)
            return
        consumed = False
        if self._ui_gets(event):
            # pygame_gui scales window points itself (``mouse_pos_scale_factor``)
            consumed = bool(self.ui.process_events(event))
        event = self._to_surface_event(event)
        if consumed and event.type in _MOUSE_EVENTS | {pygame.KEYDOWN, pygame.MOUSEWHEEL}:
            return
        if dialogs.handle_event(event, self.ui):
            self._spend_key(event)  # the dialog's key: not the table's on release
            return
        if is_help_key(event) and dialogs.top_dialog(self.ui) is None and not self._typing():
            open_shortcuts(self)  # "?": the keys of the screen in front (issue 16)
            return
        self.stack.handle_event(event)

    def _spend_key(self, event: pygame.event.Event) -> None:
        """A key press answered here: no scene acts on its release."""
        if event.type == pygame.KEYDOWN:
            for scene in self.stack.scenes:
                spent = getattr(scene, "spent_keys", None)
                if isinstance(spent, set):
                    spent.add(event.key)

    def _typing(self) -> bool:
        """Is a text field focused (a key typed there is text, "?" included)?"""
        text_fields = (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)
        return any(isinstance(w, text_fields) for w in (self.ui.get_focus_set() or ()))

    def _ui_gets(self, event: pygame.event.Event) -> bool:
        """Whether widgets may see ``event``: not while an opaque cover hides them."""
        top = self.stack.top
        return not getattr(top, "blocks_ui", False)

    # ------------------------------------------------------------------ loop
    def frame(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, flip. ``dt`` in seconds (default: clock)."""
        if dt is None:
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        self._follow_scale()  # before the screen a click opened updates (and opens dialogs)
        self.stack.update(dt)
        self.ui.update(dt)
        self.frames.framed()
        self._show()

    def turn(self) -> bool:
        """One turn of the main loop: sleep until the next 1/60 s, take the events, and
        update and draw only when something changed (input, a scene's animation, timer
        or wish, pygame_gui's tool tips; see :mod:`tabletop.ui.frame_policy`). Returns
        whether a frame was drawn."""
        policy = self.frames
        policy.advance(self.clock.tick(FPS) / 1000.0)
        events = pygame.event.get()
        dues = scene_dues(self.stack.scenes)
        # a scene shown or a manager made since the last frame (outside the loop too)
        moved = self._drawn_look is None or self._drawn_look[:2] != self._look(widgets=False)
        kind = policy.plan(bool(events) or moved, dues)
        if kind is Turn.REST:
            return False
        if kind is Turn.WIDGETS:
            self.ui.update(policy.take_widget_dt())
            return self._look() != self._drawn_look and self._show()
        timer_shows = kind is Turn.TIMER and policy.timer_shows(dues)
        if events and policy.asleep():  # the time asleep counts before the input is judged
            self.stack.update(policy.take_dt(capped=False))
        for event in events:
            self.dispatch(event)
            if not self.running:
                return False
        self._follow_scale()  # before the screen a click opened updates (and opens dialogs)
        self.stack.update(policy.take_dt(capped=kind is not Turn.TIMER))
        self.ui.update(policy.take_widget_dt())
        if kind is Turn.TIMER and not timer_shows and self._look() == self._drawn_look \
                and soonest(*(d for _, d in scene_dues(self.stack.scenes))) != 0.0:
            return False  # a quiet timer (the menu's look at the save folder) changed nothing
        return self._show()

    def _follow_scale(self) -> None:
        """A screen came or went (a table, a menu-like screen of another fit, its
        content): lay everything out again at :meth:`scale_for`'s scale. Not while a
        dialog is open, which a new widget manager would take away unanswered: then once
        it is answered."""
        if self.user_scale > 1.0 and self.scale != self.scale_for(self.size) \
                and dialogs.top_dialog(self.ui) is None:
            self.rebuild_ui()

    def _look(self, widgets: bool = True) -> Any:
        """What decides whether a frame would differ, besides the scenes' own wishes:
        the scenes on the stack, the widget manager and (``widgets``) its widgets' look."""
        scenes = (tuple(map(id, self.stack.scenes)), id(self.ui))
        return (*scenes, widget_look(self.ui)) if widgets else scenes

    def _show(self) -> bool:
        """Draw and flip; remember what was drawn. Returns True (a frame was drawn)."""
        self._follow_scale()  # a screen came or went in an update
        self.draw()
        pygame.display.flip()
        self.double_click.shown(self.stack.top)
        self._drawn_look = self._look()
        return True

    def draw(self) -> None:
        """Draw the scenes, then the widgets (unless a cover hides them)."""
        self.frames_drawn += 1
        self.screen.fill((22, 34, 28))
        self.stack.draw(self.screen)
        if not getattr(self.stack.top, "blocks_ui", False):
            self.ui.draw_ui(self.screen)
            top = self.stack.top
            draw_over = getattr(top, "draw_over_ui", None)
            if callable(draw_over):
                draw_over(self.screen)

    def run_loop(self) -> None:
        """Run :meth:`turn` (at most 60 a second, drawing only on change) until the
        user quits."""
        while self.running:
            self.turn()

    def quit(self) -> None:
        """Stop the loop (the window closes in :meth:`shutdown`)."""
        self.running = False

    def shutdown(self) -> None:
        """Close the autosaver and the window."""
        self._detach_autosaver()
        while self.stack.scenes:
            self.stack.pop()
        pygame.display.quit()

    # ------------------------------------------------------------------ scenes
    def show_menu(self, selected: str | None = None) -> None:
        """Replace every scene with the main menu, at the game ``selected`` (default the
        game of the table left, if any)."""
        from tabletop.ui.menu import MenuScene

        self._detach_autosaver()
        left = selected or (self.game.rules.game_id if self.game is not None else None)
        self.game = None
        release_scenes(self.stack)  # the table's pixels go before the menu makes its own
        self.stack.replace(MenuScene(self, selected=left))

    def back_to_menu(self, selected: str | None = None) -> None:
        """Leave the game for the menu (at the game ``selected``, see :meth:`show_menu`);
        asks first when the game is not being saved (see :meth:`leave_game`)."""
        self.leave_game(lambda: self.show_menu(selected))

    def unsaved(self) -> Any:
        """Why the game at the table is not being saved now (the autosaver's last
        :class:`~tabletop.core.persistence.SaveError`), or None when it is saved (or no
        game is open, or it has a result)."""
        saver, game = self.autosaver, self.game
        if saver is None or game is None or not saver.failing:
            return None
        return saver.last_error

    def leave_game(self, then: Callable[[], None]) -> None:
        """Run ``then`` (go to the menu, quit), asking first when the moves would be lost:
        the game is not over and its autosave is failing. The question offers to save in
        another folder first, to leave anyway, or to stay."""
        from tabletop.core.persistence import fallback_dir

        error = self.unsaved()
        if error is None or self.game is None or self.game.state.game_over:
            then()
            return
        saver = self.autosaver
        folder = saver.target(self.game).parent
        answers: list[tuple[Any, Callable[[], None] | None]] = []
        other = fallback_dir(avoid=folder)
        if other is not None:
            def save_then_leave() -> None:
                if self._save_elsewhere(saver, other, tell=False):
                    then()

            answers.append((i18n.t("saves.leave_save_there", folder=str(other)),
                            save_then_leave))
        answers += [("saves.leave_anyway", then), ("saves.leave_stay", None)]
        dialogs.choose(self, "saves.leave_unsaved_title",
                       i18n.t("saves.leave_unsaved_body", folder=str(folder),
                              reason=error.problem), answers, width=620)

    def start_game(self, game: Game, save_path: Path | str | None = None,
                   save_now: bool = False, computer: Any = None, autosave: bool = True) -> None:
        """Replace every scene with the table of ``game`` and autosave it after each action.

        ``save_path``: the file to keep saving into (a resumed game's own file);
        by default a new game gets a file of its own in :meth:`save_folder`, so
        no other unfinished game is ever overwritten. A new game (and one rebuilt
        from a broken save, ``save_now``) is written as soon as its table opens:
        hands are dealt and seen before the first move, and a game thrown away
        then must still be listed, or a seen opening hand could be swapped for a
        new shuffle. A resumed game's file is only checked. A folder that cannot
        be written is reported in the window at once (see :meth:`_autosave_failed`).

        The computer plays the seats the set-up names (``GameSetup.options``, see
        :func:`tabletop.ui.computer_seat.computer_seats`), so a resumed game keeps its
        computer seats; ``computer`` gives the driver instead (the demo's, a
        :class:`~tabletop.ui.computer_seat.ComputerSeats`). ``autosave`` False: the game
        is not saved (the demo, which runs unattended).
        """
        from tabletop.core.persistence import new_autosave_path
        from tabletop.ui.computer_seat import PACES, ComputerSeats, computer_seats
        from tabletop.ui.settings_apply import pace_name
        from tabletop.ui.table import TableScene

        self._detach_autosaver()
        self.game = game
        saver = None
        if autosave:
            path = Path(save_path) if save_path is not None else \
                new_autosave_path(game.setup.game, self.save_folder())
            saver = self._attach_autosaver(game, path)
        if computer is None and computer_seats(game.setup):
            computer = ComputerSeats(computer_seats(game.setup), pace=PACES[pace_name(self)])
        try:
            table = TableScene(self, game, cover_at_start=computer is None or computer.covers,
                               computer=computer)
        except Exception as exc:  # a broken layout or plugin must not close the window
            self._table_failed(game, exc)
            return
        self.stack.replace(table)
        hold_heap()  # no full collection walks the loaded game while it is played (issue 14)
        trim()  # what that collection freed of the menu goes back to the system (issue 14)
        if saver is None:
            return
        if save_now or save_path is None:
            saver(game)
        else:
            saver.probe(game)

    def _table_failed(self, game: Game, exc: Exception) -> None:
        """The table of ``game`` could not be built: stay where we are (the menu) and say
        why, naming the file and field of a broken layout."""
        from tabletop.layout import LayoutError

        if not isinstance(exc, LayoutError):
            log.exception("the table of %s could not be built", game.rules.game_id)
        else:
            log.error("the table of %s could not be built: %s", game.rules.game_id, exc)
        self._detach_autosaver()
        self.game = None
        self.table_error = str(exc) or type(exc).__name__
        dialogs.message(self, "dialog.start_failed_title",
                        i18n.t("dialog.start_failed", reason=str(exc) or type(exc).__name__))

    def show_cover(self, seat: int, on_done: Callable[[], None]) -> None:
        """Push the hot-seat cover asking to pass the computer to ``seat``."""
        from tabletop.ui.cover import HotseatCover

        self.stack.push(HotseatCover(self, seat, on_done))

    def show_message(self, title: Any, body: Any) -> Any:
        """Show a message dialog; ``title``/``body`` are keys, Messages or text."""
        return dialogs.message(self, title, body)

    def push(self, scene: Scene) -> None:
        """Push a scene (sized to the window)."""
        self.stack.push(scene)

    def replace(self, scene: Scene) -> None:
        """Close every scene and show ``scene`` alone."""
        self.stack.replace(scene)

    def autosave_file(self, game_id: str) -> Path:
        """The one-slot autosave file older versions wrote for ``game_id`` (still resumed)."""
        from tabletop.core.persistence import autosave_path

        default = autosave_path(game_id)
        return self.save_dir / default.name if self.save_dir is not None else default

    def save_folder(self) -> Path:
        """The folder new autosaves go to: ``save_dir``, or persistence's default."""
        from tabletop.core.persistence import autosave_dir

        return self.save_dir if self.save_dir is not None else autosave_dir()

    def save_folders(self) -> list[Path]:
        """Every folder the menu lists unfinished games from: :meth:`save_folder`, then
        the fallback folders that exist (where games went when it could not be written)."""
        from tabletop.core.persistence import fallback_dirs

        main = self.save_folder()
        folders = [main]
        for folder in fallback_dirs():
            try:
                if folder.is_dir() and folder.resolve() != main.resolve():
                    folders.append(folder)
            except OSError:
                continue
        return folders

    def keep_game(self, game: Game) -> None:
        """Start saving ``game``, the table's unsaved game (a demo a person took over), in
        a file of its own, written now: from then on it is listed and resumed like any
        game, and leaving it for the menu loses nothing. Nothing when it is saved."""
        from tabletop.core.persistence import new_autosave_path

        if self.autosaver is not None and game.listeners.count(self.autosaver):
            return
        self._detach_autosaver()
        saver = self._attach_autosaver(game, new_autosave_path(game.setup.game,
                                                               self.save_folder()))
        saver(game)

    def _attach_autosaver(self, game: Game, path: Path) -> Any:
        from tabletop.core.persistence import Autosaver

        saver = Autosaver(path, on_failure=self._autosave_failed)
        game.listeners.append(saver)
        self.autosaver = saver
        return saver

    def choose_save_folder(self) -> None:
        """The table's "Not saved" marker (or Ctrl+S): offer another folder again, as
        when saving first failed. Nothing happens while the game is being saved."""
        saver = self.autosaver
        if saver is not None and self.unsaved() is not None:
            self._autosave_failed(saver, saver.last_error)

    def _autosave_failed(self, saver: Any, error: Any) -> None:
        """Saving just started failing: say so in the window and offer another folder.
        Declined, the table keeps a "Not saved" marker (see :meth:`unsaved`)."""
        from tabletop.core.persistence import fallback_dir

        target = saver.path if saver.path is not None else self.save_folder()
        folder = target.parent
        body = i18n.t("saves.cannot_save", folder=str(folder), reason=error.problem)
        other = fallback_dir(avoid=folder)
        if other is None:
            dialogs.message(self, "saves.cannot_save_title",
                            body + "\n\n" + i18n.t("saves.no_fallback"), width=600, height=300)
            return
        dialogs.confirm(self, "saves.cannot_save_title",
                        body + "\n\n" + i18n.t("saves.offer_fallback", folder=str(other)),
                        lambda: self._save_elsewhere(saver, other),
                        confirm_key="saves.save_there", width=600, height=300)

    def _save_elsewhere(self, saver: Any, folder: Path, tell: bool = True) -> bool:
        """Save in ``folder`` from now on; True when that worked (said in a message
        unless ``tell`` is False), False when it failed too (always said)."""
        from tabletop.core.persistence import SaveError

        try:
            path = saver.move_to(folder, self.game)
        except SaveError as exc:
            dialogs.message(self, "saves.cannot_save_title",
                            i18n.t("saves.move_failed", reason=str(exc)), width=600, height=260)
            return False
        if tell:
            dialogs.message(self, "saves.now_saving_title",
                            i18n.t("saves.now_saving", path=str(path)), width=600, height=240)
        return True

    def _detach_autosaver(self) -> None:
        saver, self.autosaver = self.autosaver, None
        game = self.game
        if saver is not None and game is not None and saver in game.listeners:
            game.listeners.remove(saver)


# ---------------------------------------------------------------------- entry points


def _parse_size(text: str | None) -> tuple[int, int]:
    if not text:
        return (1280, 720)
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"window size must look like 1280x720, got {text!r}") from None
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def run(args: Any) -> int:
    """Open the window with the main menu and run until quit (``tabletop`` command)."""
    from tabletop.ui.settings_apply import open_as_saved, remember_window

    try:
        given = getattr(args, "size", None)
        size = _parse_size(given) if given else None  # None: the remembered size
    except ValueError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    app = App(size, lang=getattr(args, "lang", None) or None,
              save_dir=getattr(args, "save_dir", None))
    try:
        open_as_saved(app, size_given=size is not None)
        app.show_menu()
        app.run_loop()
    finally:
        remember_window(app)
        app.shutdown()
    return 0
