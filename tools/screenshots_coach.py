"""Render the coach panel's README pictures headlessly (issue 12 §1).

    .venv/bin/python tools/screenshots_coach.py [--out DIR] [--size WxH] [--lang en|ja]

Writes ``coach_<game>.png`` for every game: a seeded bot game played to a moment
where the coach has something to teach (Conan: the enemy placing Foes; Arc: the main
phase; 絵師100人展: the action phase; Xenocard: the set phase), seen by the seat that
acts, the hand-over cover dismissed. Autosaves go to a temporary folder.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core import selfplay  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.model import GameState  # noqa: E402
from tabletop.core.rules import game_ids, load_rules  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

FRAME = 1 / 60

#: Game id -> (seed, the moment to show).
MOMENTS: dict[str, tuple[int, Callable[[GameState], bool]]] = {
    "arc": (2, lambda s: s.turn >= 3 and s.phase == "main"),
    "conan": (1, lambda s: s.phase == "foe_draw" and s.pending is None),
    "eshi100": (2, lambda s: s.turn >= 3 and s.phase == "action" and s.pending is None),
    "xenocard": (2, lambda s: s.turn >= 3 and s.phase == "set"),
}


def game_at(game_id: str) -> Game:
    """The game's bots play a seeded game until its moment (see :data:`MOMENTS`)."""
    seed, moment = MOMENTS[game_id]
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    for _ in range(2000):
        if moment(game.state):
            return game
        if game.state.game_over:
            break
        game.propose(bots[rules.acting_seat(game.state)].choose(game))
    raise SystemExit(f"{game_id}: the moment to show was not reached")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs" / "screenshots"))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    w, h = (int(n) for n in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.lang == "en" else f"_{args.lang}"
    for game_id in game_ids():
        i18n.set_language("en")
        app = App((w, h), lang=args.lang, save_dir=tempfile.mkdtemp())
        game = game_at(game_id)
        app.game = game
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        for _ in range(4):
            app.frame(FRAME)
        path = out / f"coach_{game_id}{suffix}.png"
        pygame.image.save(app.screen, str(path))
        print(f"wrote {path}")
        scene.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
