"""The one table of keyboard shortcuts: key, screen, action, words (issue 16).

Every common action has a key, declared here once. The table's key handler asks
:func:`command_for` which command a key press means (so the keys cannot drift from
this table), the buttons' tool tips name the key from :func:`button_hints`, and the
help overlay (``?``, :mod:`tabletop.ui.shortcuts_overlay`) lists :func:`for_screen`
with the words ``shortcuts.<action>`` from the catalogue. The screens other than the
table (help pages, settings, deck builder, lessons) read their keys in their own
handlers; their rows here describe those keys, and ``tests/test_ui_shortcuts.py``
presses them on those screens and checks that they do what their words say.

A window plugin's own keys (Arc: A attack, 絵師100人展: B, C) stay in the plugin
(``GameUI.keys``); the overlay lists them from there, under the button's label.

No pygame display is needed here: key codes and modifier bits only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import pygame

__all__ = ["ANY_SCREEN_KEYS", "FULLSCREEN_KEY", "SHORTCUTS", "Chord", "Screen", "Shortcut",
           "button_hints", "chord_name", "command_for", "for_screen", "is_help_key",
           "screen_of"]


class Screen(StrEnum):
    """Where a shortcut works: every screen, or one of them."""

    ANY = "any"
    MENU = "menu"
    TABLE = "table"
    HELP = "help"
    SETTINGS = "settings"
    DECKS = "decks"
    LESSONS = "lessons"
    COVER = "cover"


_CTRL = pygame.KMOD_CTRL | pygame.KMOD_META  # Cmd on macOS counts as Ctrl


@dataclass(frozen=True)
class Chord:
    """One key, with or without Ctrl (Cmd on macOS) and Shift.

    ``char`` set: the key is matched by the character it types (``"?"`` is Shift+/ on
    one keyboard and a key of its own on another), ``key`` is then only its name's key.
    """

    key: int
    ctrl: bool = False
    shift: bool = False
    char: str = ""

    def matches(self, event: Any) -> bool:
        """Does a KEYDOWN ``event`` press this chord? (A plain chord is not pressed with
        Ctrl held, and Ctrl+Z is not pressed without it.)"""
        ctrl = bool(getattr(event, "mod", 0) & _CTRL)
        if self.char:
            return getattr(event, "unicode", "") == self.char and not ctrl
        if getattr(event, "key", None) != self.key or ctrl != self.ctrl:
            return False
        return not self.shift or bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


@dataclass(frozen=True)
class Shortcut:
    """A row of the table: ``chords`` do ``action`` on ``screen``.

    ``action`` is the command the handler runs (at the table: a command of
    :meth:`~tabletop.ui.table_input.TableInput.run_command`, or one the table reads
    itself: ``rules_help``, ``coach``, ``cancel``, ``save_elsewhere``); the overlay's
    words are the catalogue's ``shortcuts.<action>``. ``free_mode`` marks the keys that
    act only in free mode (ALL-R3).
    """

    chords: tuple[Chord, ...]
    screen: Screen
    action: str
    free_mode: bool = False

    @property
    def words(self) -> str:
        """The catalogue key of what it does."""
        return f"shortcuts.{self.action}"

    @property
    def keys_text(self) -> str:
        """The chords' names joined by " / " ("N / Space")."""
        return " / ".join(chord_name(c) for c in self.chords)


def _k(key: int, ctrl: bool = False) -> tuple[Chord, ...]:
    return (Chord(key, ctrl=ctrl),)


#: F11: full screen on / off, on every screen (handled by the app).
FULLSCREEN_KEY = pygame.K_F11
#: "?" opens the list of shortcuts of the screen in front (handled by the app).
HELP_CHORD = Chord(pygame.K_SLASH, shift=True, char="?")

_T, _A = Screen.TABLE, Screen.ANY

#: Every shortcut, by screen (the overlay lists them in this order).
SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut((HELP_CHORD,), _A, "shortcut_list"),
    Shortcut(_k(FULLSCREEN_KEY), _A, "fullscreen"),
    Shortcut((Chord(pygame.K_RETURN), Chord(pygame.K_ESCAPE)), _A, "dialog_keys"),
    # the table (table_input / table_controls ask command_for)
    Shortcut((Chord(pygame.K_n), Chord(pygame.K_SPACE)), _T, "next_phase"),
    Shortcut(_k(pygame.K_e), _T, "end_turn"),
    Shortcut(_k(pygame.K_h), _T, "hint"),
    Shortcut(_k(pygame.K_z, ctrl=True), _T, "undo"),
    Shortcut(_k(pygame.K_y, ctrl=True), _T, "redo"),
    Shortcut(_k(pygame.K_f), _T, "free_mode"),
    Shortcut(_k(pygame.K_t), _T, "tap", free_mode=True),
    Shortcut(_k(pygame.K_v), _T, "flip", free_mode=True),
    Shortcut(_k(pygame.K_r), _T, "reveal", free_mode=True),
    # free mode's acts (free_menu.py)
    Shortcut((Chord(pygame.K_k), Chord(pygame.K_MENU)), _T, "free_menu", free_mode=True),
    Shortcut((Chord(pygame.K_PLUS, char="+"),), _T, "counter_add", free_mode=True),
    Shortcut((Chord(pygame.K_MINUS, char="-"),), _T, "counter_remove", free_mode=True),
    Shortcut(_k(pygame.K_n, ctrl=True), _T, "end_phase_free", free_mode=True),
    Shortcut(_k(pygame.K_x), _T, "clear_move", free_mode=True),
    Shortcut(_k(pygame.K_s), _T, "shuffle_free", free_mode=True),
    Shortcut(_k(pygame.K_l), _T, "log"),
    Shortcut(_k(pygame.K_g), _T, "coach"),
    Shortcut(_k(pygame.K_F1), _T, "rules_help"),
    Shortcut(_k(pygame.K_ESCAPE), _T, "cancel"),
    Shortcut(_k(pygame.K_q, ctrl=True), _T, "resign"),
    Shortcut(_k(pygame.K_m), _T, "menu"),
    Shortcut(_k(pygame.K_s, ctrl=True), _T, "save_elsewhere"),
    # the hand-over cover
    Shortcut((Chord(pygame.K_SPACE), Chord(pygame.K_RETURN)), Screen.COVER, "take_over"),
    # the rules help (help.py reads these keys)
    Shortcut((Chord(pygame.K_PAGEDOWN), Chord(pygame.K_SPACE)), Screen.HELP, "page_down"),
    Shortcut(_k(pygame.K_PAGEUP), Screen.HELP, "page_up"),
    Shortcut((Chord(pygame.K_DOWN), Chord(pygame.K_UP)), Screen.HELP, "scroll"),
    Shortcut((Chord(pygame.K_HOME), Chord(pygame.K_END)), Screen.HELP, "top_bottom"),
    Shortcut((Chord(pygame.K_ESCAPE), Chord(pygame.K_F1), Chord(pygame.K_BACKSPACE)),
             Screen.HELP, "back"),
    # the settings screen (settings_screen.py)
    Shortcut((Chord(pygame.K_UP), Chord(pygame.K_DOWN), Chord(pygame.K_TAB)),
             Screen.SETTINGS, "choose_row"),
    Shortcut((Chord(pygame.K_LEFT), Chord(pygame.K_RIGHT)), Screen.SETTINGS, "change_value"),
    Shortcut((Chord(pygame.K_RETURN), Chord(pygame.K_SPACE)), Screen.SETTINGS, "next_value"),
    Shortcut(_k(pygame.K_ESCAPE), Screen.SETTINGS, "back"),
    # the deck builder (deck_builder.py)
    Shortcut(_k(pygame.K_s, ctrl=True), Screen.DECKS, "save_deck"),
    Shortcut(_k(pygame.K_ESCAPE), Screen.DECKS, "back"),
    # the lessons' list (lessons_menu.py)
    Shortcut(_k(pygame.K_ESCAPE), Screen.LESSONS, "back"),
)

#: The actions of :data:`SHORTCUTS` that work on every screen.
ANY_SCREEN_KEYS = tuple(s.action for s in SHORTCUTS if s.screen is Screen.ANY)

_NAMES: dict[int, str] = {
    pygame.K_SPACE: "Space", pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter",
    pygame.K_KP_ENTER: "Enter", pygame.K_TAB: "Tab", pygame.K_BACKSPACE: "Backspace",
    pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_HOME: "Home",
    pygame.K_END: "End", pygame.K_UP: "Up", pygame.K_DOWN: "Down", pygame.K_LEFT: "Left",
    pygame.K_RIGHT: "Right",
}


def chord_name(chord: Chord) -> str:
    """The chord as printed on keyboards: ``"Ctrl+Z"``, ``"F11"``, ``"Space"``, ``"?"``."""
    if chord.char:
        return chord.char
    name = _NAMES.get(chord.key) or pygame.key.name(chord.key).upper()
    return ("Ctrl+" if chord.ctrl else "") + ("Shift+" if chord.shift else "") + name


def for_screen(screen: Screen) -> list[Shortcut]:
    """The rows the overlay shows in front of ``screen``: its own, then every screen's."""
    own = [s for s in SHORTCUTS if s.screen is screen and screen is not Screen.ANY]
    return own + [s for s in SHORTCUTS if s.screen is Screen.ANY]


def command_for(event: Any, screen: Screen = Screen.TABLE,
                extra: Mapping[int, str] | None = None) -> str | None:
    """The action a KEYDOWN ``event`` asks for on ``screen``, or None.

    ``extra`` (key code -> command) are a window plugin's plain keys, looked at first,
    so a plugin may give a key of its own a meaning on its table."""
    if getattr(event, "type", None) != pygame.KEYDOWN:
        return None
    if extra and not getattr(event, "mod", 0) & _CTRL and event.key in extra:
        return extra[event.key]
    for shortcut in SHORTCUTS:
        if shortcut.screen is screen and any(c.matches(event) for c in shortcut.chords):
            return shortcut.action
    return None


def is_help_key(event: Any) -> bool:
    """Is ``event`` the press of "?" (the shortcut list)?"""
    return getattr(event, "type", None) == pygame.KEYDOWN and HELP_CHORD.matches(event)


def button_hints(commands: Iterable[str] | None = None) -> dict[str, str]:
    """command -> its keys' names, for the table's buttons' tool tips."""
    hints = {s.action: s.keys_text for s in SHORTCUTS if s.screen is _T}
    return hints if commands is None else {c: hints[c] for c in commands if c in hints}


#: Scene class name -> the screen whose shortcuts it uses (a scene may say its own
#: with a ``shortcut_screen`` attribute instead).
_SCREENS: dict[str, Screen] = {
    "MenuScene": Screen.MENU, "TableScene": Screen.TABLE, "LessonScene": Screen.TABLE,
    "HelpScene": Screen.HELP, "SettingsScene": Screen.SETTINGS,
    "DeckBuilderScene": Screen.DECKS, "LessonsMenu": Screen.LESSONS,
    "HotseatCover": Screen.COVER,
}


def screen_of(scene: Any) -> Screen:
    """Which screen's shortcuts apply in front of ``scene`` (:data:`Screen.ANY` for one
    this table does not know)."""
    own = getattr(scene, "shortcut_screen", None)
    if isinstance(own, Screen):
        return own
    for cls in type(scene).__mro__:
        if cls.__name__ in _SCREENS:
            return _SCREENS[cls.__name__]
    return Screen.ANY
