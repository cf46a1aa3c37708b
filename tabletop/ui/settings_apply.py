"""The remembered settings at work in the window (issue 16): read them from the app,
apply a changed one at once, keep them in the user folder.

The app holds one :class:`~tabletop.settings.Settings` (``app.settings``, loaded when
it opens). Scenes read it through the helpers here, never the file, and a scene given
a smaller stand-in host without ``settings`` gets the defaults. :func:`change` is the
one way a setting changes while the program runs: it applies what can be applied at
once (language, window size, full screen, UI scale, sleeves) and writes the file.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import Any

import pygame

from tabletop import notices
from tabletop.core.persistence import SaveError
from tabletop.core.seat_player import Level
from tabletop.i18n import Message, msg
from tabletop.settings import Language, Settings, save_settings

__all__ = ["PERSON", "animation_factor", "change", "choose_language", "computer_levels",
           "is_fullscreen", "keep", "open_as_saved", "pace_name", "remember_choices",
           "remember_window", "seat_kinds", "settings_of", "sleeve_colours", "start_free"]

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]

#: The menu's seat choice for a person (:data:`tabletop.ui.demo.PERSON`).
PERSON = "person"


def settings_of(app: Any) -> Settings:
    """The app's settings (the defaults for a host that has none: tests' stand-ins)."""
    settings = getattr(app, "settings", None)
    return settings if isinstance(settings, Settings) else Settings()


def animation_factor(app: Any) -> float:
    """The multiplier on every glide's seconds (:attr:`AnimationSpeed.factor`)."""
    return settings_of(app).animation_speed.factor


def pace_name(app: Any) -> str:
    """The name of the computer seats' pace for the saved animation speed (a key of
    :data:`tabletop.ui.computer_seat.PACES`, whose names are the speeds')."""
    return settings_of(app).animation_speed.value


def sleeve_colours(app: Any) -> tuple[RGB, RGB]:
    """Each seat's sleeve colour (0-255 RGB), seat 0 first."""
    a, b = settings_of(app).sleeves
    return (a.rgb, b.rgb)


def computer_levels(settings: Settings) -> dict[int, Level]:
    """seat -> level of the remembered computer seats (the others are persons)."""
    return {seat: level for seat, level in enumerate(settings.computer) if level is not None}


def seat_kinds(app: Any) -> list[str]:
    """The menu's per-seat choice as remembered: :data:`PERSON` or a level's name (the
    values of :func:`tabletop.ui.demo.seat_menu`)."""
    return [PERSON if level is None else str(level.value) for level in settings_of(app).computer]


def remember_choices(app: Any, kinds: list[str], free_mode: bool) -> None:
    """A game starts from the menu: keep its computer seats (``kinds``, as
    :func:`seat_kinds` gives them) and strict/free choice for the next time (written
    only when they changed)."""
    names = {str(level.value): level for level in Level}
    levels = {seat: names[kind] for seat, kind in enumerate(kinds) if kind in names}
    settings = settings_of(app)
    wanted = replace(settings, computer=(levels.get(0), levels.get(1)), free_mode=free_mode)
    if wanted != settings:
        keep(app, wanted)


def start_free(game: Any) -> None:
    """A new game the menu starts in free mode (the remembered choice): free mode is
    switched on as its first action, as the F key would (ALL-R3; logged)."""
    from tabletop.core.actions import Action

    if game.state.free_mode:
        return
    action = Action.make("set_free_mode", game.rules.acting_seat(game.state), on=True)
    if game.check(action).ok:
        game.propose(action)


def choose_language(app: Any, code: str) -> None:
    """Switch the window's language (the menu's choice) and keep it."""
    app.set_language(code)
    settings = settings_of(app)
    try:
        wanted = replace(settings, language=Language(getattr(app, "lang", code)))
    except ValueError:  # a catalogue without a Language of its own: used, not kept
        return
    if wanted != settings:
        keep(app, wanted)


def keep(app: Any, settings: Settings) -> Message | None:
    """Make ``settings`` the app's and write them to the user folder. Returns None, or
    the message saying why they could not be written (also told once in the menu):
    the program goes on with them for this run."""
    app.settings = settings
    try:
        save_settings(settings)
    except SaveError as exc:
        log.warning("settings not kept: %s", exc)
        problem = msg("settings.save_failed", reason=str(exc))
        notices.report(problem.render())
        return problem
    return None


def change(app: Any, new: Settings, save: bool = True) -> Message | None:
    """Apply ``new`` at once where it can be (language, window size or full screen, UI
    scale, sleeves on the tables open) and, with ``save``, keep it (:func:`keep`).
    Returns what :func:`keep` says."""
    old = settings_of(app)
    app.settings = new
    laid_out = False  # every scene was laid out again already
    moved = False  # the window changed size
    if new.fullscreen != is_fullscreen(app):
        laid_out = _set_fullscreen(app, new.fullscreen)
        moved = True
    if new.window_size != old.window_size:
        if hasattr(app, "windowed_size"):  # the size full screen comes back to
            app.windowed_size = new.window_size
        if not new.fullscreen:
            _set_window_size(app, new.window_size)
            laid_out, moved = False, True
    setter = getattr(app, "set_ui_scale", None)
    if callable(setter) and new.ui_scale != getattr(app, "user_scale", old.ui_scale):
        setter(new.ui_scale)
        laid_out = True
    if new.language.value != getattr(app, "lang", new.language.value):
        app.set_language(new.language.value)
        laid_out = True
    if new.sleeves != old.sleeves:
        _resleeve(app)
    rebuild = getattr(app, "rebuild_ui", None)
    if moved and not laid_out and callable(rebuild):
        rebuild()
    return keep(app, new) if save else None


def open_as_saved(app: Any, size_given: bool = False) -> None:
    """At the program's start: full screen if it was left so (unless a size was given
    on the command line) and the remembered UI scale (when the app did not take it
    itself)."""
    settings = settings_of(app)
    if settings.fullscreen and not size_given and not is_fullscreen(app) \
            and not _set_fullscreen(app, True):
        app.rebuild_ui()
    setter = getattr(app, "set_ui_scale", None)
    if callable(setter) and settings.ui_scale != getattr(app, "user_scale", 1.0):
        setter(settings.ui_scale)


def remember_window(app: Any) -> None:
    """When the program closes: keep whether the window is full screen (F11 may have
    changed it) and, when it is not, its size for the next start (the windowed size
    is the one to come back to). Writes only when something changed."""
    settings = settings_of(app)
    full = is_fullscreen(app)
    wanted = replace(settings, fullscreen=full)
    size = None if full else _window_size(app)
    if size is not None and size != settings.window_size:
        # a window beyond the remembered range: the old size is kept
        with contextlib.suppress(ValueError):
            wanted = replace(wanted, window_size=size)
    if wanted != settings:
        keep(app, wanted)


def is_fullscreen(app: Any) -> bool:
    """Whether the app's window is full screen now (its surface's flags, or the app's
    own ``fullscreen`` when it keeps one)."""
    own = getattr(app, "fullscreen", None)
    if isinstance(own, bool):
        return own
    screen = getattr(app, "screen", None)
    try:
        return bool(screen is not None and screen.get_flags() & pygame.FULLSCREEN)
    except pygame.error:
        return False


def _window_size(app: Any) -> tuple[int, int] | None:
    try:
        w, h = pygame.display.get_window_size()
    except pygame.error:
        return None
    return (int(w), int(h)) if w > 0 and h > 0 else None


def _set_fullscreen(app: Any, on: bool) -> bool:
    """Full screen on or off; True when the app's own switch did it (and laid every
    scene out again), False when done here (the caller rebuilds)."""
    setter = getattr(app, "set_fullscreen", None)
    if callable(setter):
        setter(on)
        return True
    if on:
        app.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        app.screen = pygame.display.set_mode(settings_of(app).window_size, pygame.RESIZABLE)
    return False


def _set_window_size(app: Any, size: tuple[int, int]) -> None:
    from tabletop.ui.window_size import resize_to

    app.screen = resize_to(size)  # the same window resized, never a new one (issue 16)


def _resleeve(app: Any) -> None:
    """Tables open now draw their backs in the new sleeves."""
    colours = sleeve_colours(app)
    for scene in getattr(getattr(app, "stack", None), "scenes", []):
        renderer = getattr(scene, "renderer", None)
        if renderer is not None and hasattr(renderer, "sleeves"):
            renderer.sleeves = colours
            rebuild = getattr(scene, "_place_sprites", None)
            if callable(rebuild):
                rebuild()
