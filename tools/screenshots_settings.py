"""Render the settings screen (issue 16) headlessly into ``docs/screenshots/``.

    .venv/bin/python tools/screenshots_settings.py [--out DIR] [--size WxH] [--lang en|ja]

Writes ``settings.png`` (``settings_ja.png`` in Japanese): the screen over the menu with
the default settings. Nothing is written to any user folder (the screen keeps the
settings only when it is left, and it is not left here).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def main(argv: list[str] | None = None) -> int:
    """Render the picture; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs" / "screenshots"))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="en", choices=["en", "ja"])
    args = parser.parse_args(argv)
    # the path the screen shows: a user's usual one (nothing is read or written there)
    os.environ["TABLETOP_USER_DIR"] = "/home/player/.local/share/tabletop"
    import pygame

    from tabletop.settings import Settings
    from tabletop.ui.app import App
    from tabletop.ui.settings_screen import SettingsScene

    w, h = (int(p) for p in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        app = App((w, h), lang=args.lang, save_dir=tmp, settings=Settings())
        try:
            app.show_menu()
            app.push(SettingsScene(app))
            for _ in range(3):
                app.frame(1 / 60)
            out = Path(args.out) / ("settings.png" if args.lang == "en" else "settings_ja.png")
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(out))
            print(f"wrote {out}")
        finally:
            app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
