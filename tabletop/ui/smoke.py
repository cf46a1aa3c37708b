"""The install checks of the window: ``tabletop --smoke`` and ``tabletop --first-frame``.

:func:`smoke` checks that an installation (a checkout, an installed package, the
PyInstaller bundle in either form) has everything the window needs: in English and
in Japanese it draws the menu and the table of every registered game, and in
Japanese it checks that the widgets' text is drawn with the bundled Noto Sans JP
subset (the bundle leaves pygame_gui's own Japanese fonts out, ``build.spec``).
:func:`first_frame` draws the menu's first frame and exits: what
``benchmarks/perf/bundle.py`` times for the one-file build's start.

Both run headless with SDL's dummy drivers unless a driver is already chosen, and
write their autosaves into a temporary folder, never the player's.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core.engine import Game
    from tabletop.ui.app import App

__all__ = ["SMOKE_LANGUAGES", "first_frame", "smoke"]

#: The languages the smoke test draws every screen in.
SMOKE_LANGUAGES = ("en", "ja")
#: The menu's Start button: a Japanese text every catalogue has.
_PROBE_KEY = "menu.start"


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def smoke() -> int:
    """Draw the menu and a table of every game in every language of :data:`SMOKE_LANGUAGES`.

    Prints ``drew the <screen> (<language>)`` for each screen (``drew the arc table
    (ja)``), then ``tabletop smoke test ok``, and returns 0 when every screen drew; otherwise
    prints to stderr what failed (the step, and the reason: a broken layout names its
    file) and returns 1. Never raises.
    """
    _headless()
    from tabletop.core.rules import game_ids
    from tabletop.ui.app import FPS, App
    from tabletop.ui.deck_builder import draw_deck_builder
    from tabletop.ui.settings_screen import draw_settings_screen
    from tabletop.ui.user_smoke import smoke_lines

    step = "start"
    try:
        with tempfile.TemporaryDirectory(prefix="tabletop-smoke-") as tmp:
            app = App((1280, 720), save_dir=tmp)
            try:
                for lang in SMOKE_LANGUAGES:
                    step = f"menu ({lang})"
                    app.set_language(lang)
                    app.show_menu()
                    app.frame(1 / FPS)
                    if lang == "ja":
                        _check_japanese_font(app)
                    print(f"drew the {step}")
                    step = f"settings screen ({lang})"
                    draw_settings_screen(app)
                    print(f"drew the {step}")
                    for game_id in game_ids():
                        step = f"{game_id} table ({lang})"
                        app.start_game(_smoke_game(game_id))
                        if app.game is None:  # the table refused to open (a dialog says why)
                            raise RuntimeError(app.table_error)
                        app.frame(1 / FPS)
                        # The hand-over cover hides the table; draw the table itself once.
                        app.stack.scenes[0].draw(app.screen)
                        print(f"drew the {step}")
                        app.show_menu()
                        step = f"{game_id} deck builder ({lang})"  # issue 16
                        draw_deck_builder(app, game_id)
                        print(f"drew the {step}")
                step = "user folder"  # issue 16: the user's cards and pictures
                for line in smoke_lines(app.fonts):
                    print(line)
            finally:
                app.shutdown()
    except Exception as exc:
        print(f"tabletop smoke test failed: {step}: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        return 1
    print("tabletop smoke test ok")
    return 0


def first_frame(size: str | None = None) -> int:
    """Draw the menu's first frame at ``size`` (``"WxH"`` in pixels, as ``--size`` gives
    it; default 1280x720) and exit.

    Prints ``first menu frame: <s> s CPU`` (this process's CPU time up to the frame,
    interpreter start included; a one-file build's unpacking runs in its parent
    process and is not counted here) and returns 0; on failure prints why to stderr
    and returns 1.
    """
    _headless()
    try:
        with tempfile.TemporaryDirectory(prefix="tabletop-first-frame-") as tmp:
            from tabletop.ui.app import FPS, App

            width, height = (int(part) for part in (size or "1280x720").lower().split("x"))
            app = App((width, height), save_dir=tmp)
            try:
                app.show_menu()
                app.frame(1 / FPS)
                print(f"first menu frame: {time.process_time():.3f} s CPU", flush=True)
            finally:
                app.shutdown()
    except Exception as exc:
        print(f"tabletop first frame failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


def _smoke_game(game_id: str) -> Game:
    """A game of ``game_id`` with its first two ready-made decks, seed 1.

    Raises RuntimeError when the game cannot load or has fewer than two decks."""
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load(game_id)
    if choice.error:
        raise RuntimeError(choice.error)
    if len(choice.decks) < 2:
        raise RuntimeError(f"the {game_id} game needs at least two ready-made decks")
    first, second = list(choice.decks)[:2]
    return choice.make_game(first, second, first_seat=0, seed=1)


def _check_japanese_font(app: App) -> None:
    """The widgets draw Japanese with the bundled font: the theme's button font is
    loaded from ``assets/fonts`` and draws the Start button's text with ink.

    Raises RuntimeError otherwise (a bundle whose widgets lost the font would show
    blanks). A broken font file is not this check's business: the window then falls
    back to pygame's font on purpose and says so (:func:`tabletop.ui.fonts.usable_font`).
    """
    import pygame

    from tabletop import i18n
    from tabletop.ui.fonts import usable_font

    ours = usable_font(False)
    if ours is None:
        return
    theme: Any = app.ui.get_theme()
    used = {_font_file(resource.location) for resource in
            theme.get_font_dictionary().loaded_fonts.values()}
    if str(Path(ours).resolve()) not in used:
        raise RuntimeError(f"the widgets do not use {ours} (they load {sorted(used)})")
    text = i18n.t(_PROBE_KEY)
    drawn = theme.get_font(["button"]).render_premul(text, pygame.Color("white"))
    if pygame.mask.from_surface(drawn).count() == 0:
        raise RuntimeError(f"the widgets' font draws {text!r} blank")


def _font_file(location: Any) -> str:
    """The resolved file of a pygame_gui font location (``(path or resource, bool)``)."""
    where = location[0] if isinstance(location, tuple) else location
    if isinstance(where, (str, os.PathLike)):
        return str(Path(where).resolve())
    return str(where)
