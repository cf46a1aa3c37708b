"""Render the README screenshots headlessly into ``docs/screenshots/``.

    .venv/bin/python tools/screenshots.py [--out DIR] [--size WxH]

Writes ``menu.png`` (English), ``menu_ja.png`` (Japanese) and, for each game
given with ``--games`` (default: arc), ``<game>_table.png``: a game a few turns
in (the game's own bots from a fixed seed), seen by the seat that must act,
with the hot-seat cover dismissed. Autosaves go to a temporary folder, never the user's.
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

import pygame  # noqa: E402

from tabletop.core.engine import Game  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.menu import GameChoice  # noqa: E402

FRAME = 1 / 60


def _frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(FRAME)


def _save(app: App, path: Path) -> None:
    _frames(app, 2)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def mid_game(game_id: str = "arc", seed: int = 4, turns: int = 7,
             max_actions: int = 600) -> Game:
    """A game with the first two ready-made decks, played by the game's bots for a while."""
    choice = GameChoice.load(game_id)
    first, second = list(choice.decks)[:2]
    game = choice.make_game(first, second, first_seat=0, seed=seed)
    bot = game.rules.make_bot(seed)
    for _ in range(max_actions):
        if game.state.turn > turns or game.state.game_over:
            break
        action = bot.choose(game)
        if action is None:
            break
        game.propose(action)
    return game


def _dismiss_covers(app: App) -> None:
    for _ in range(4):
        top = app.stack.top
        if not isinstance(top, HotseatCover):
            return
        app.frame(ARM_DELAY + 0.05)
        top.dismiss()
        _frames(app)


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--games", nargs="*", default=["arc"],
                        help="games whose table is rendered mid-game (<game>_table.png)")
    args = parser.parse_args(argv)
    size = tuple(int(p) for p in args.size.lower().split("x"))
    suffix = "" if size == (1280, 720) else f"_{size[0]}x{size[1]}"
    with tempfile.TemporaryDirectory(prefix="tabletop-shots-") as tmp:
        app = App((size[0], size[1]), lang="en", save_dir=tmp)
        try:
            app.show_menu()
            _save(app, args.out / f"menu{suffix}.png")
            app.set_language("ja")
            _save(app, args.out / f"menu_ja{suffix}.png")
            app.set_language("en")
            for game_id in args.games:
                app.start_game(mid_game(game_id))
                _frames(app)
                _dismiss_covers(app)
                _save(app, args.out / f"{game_id}_table{suffix}.png")
                app.show_menu()
        finally:
            app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
