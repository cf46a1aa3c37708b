"""Render the rules-help screenshots of the README and docs/help.md headlessly.

    .venv/bin/python tools/help_screenshot.py [--out DIR] [--size WxH]

Writes ``help_conan.png`` (Conan's help scrolled to the icon blocking table, English)
and ``help_conan_why_ja.png`` (the page a refusal's Why? opens, Japanese) into
``docs/screenshots/`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.help import open_help  # noqa: E402
from tabletop.ui.menu import MenuScene  # noqa: E402

FRAME = 1 / 60


def shot(size: tuple[int, int], lang: str, out: Path, *, section: str = "",
         rule: str = "", diagram: str = "") -> Path:
    """The Conan help page at ``section`` (or the section of ``rule``), scrolled so that
    the section's ``diagram`` shows when one is named; saved as ``out``."""
    app = App(size, lang=lang)
    try:
        app.stack.replace(MenuScene(app))
        app.frame(FRAME)
        scene = open_help(app, "conan", section=section, rule=rule)
        if diagram:
            found = next(d for d in scene.diagrams if d.name == diagram)
            scene.scroll_by(found.y - scene.scroll - round(60 * app.scale))
        for _ in range(2):
            app.frame(FRAME)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        return out
    finally:
        app.shutdown()


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1600x900")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    print(shot((w, h), "en", args.out / "help_conan.png", section="icons",
               diagram="icon_table"))
    print(shot((w, h), "ja", args.out / "help_conan_why_ja.png", rule="CONAN-R9"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
