"""Render the README screenshots of the computer at the table into ``docs/screenshots/``.

    .venv/bin/python tools/screenshots_computer.py [--out DIR] [--size WxH] [--lang en]

Writes ``vs_computer_thinking.png`` (Xenocard, Player 2 thinking), ``vs_computer.png``
(Conan: the computer's Foe gliding into the Center, its reason in the coach panel),
``hint.png`` (Arc: the hinted resource and its row lit) and ``demo.png`` (a narrated
demo of Conan, paused). Seeded, so the pictures are the same on every run; nothing is
saved into the user's save folder.
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
from tabletop.core.seat_player import Choice, Level, make_player  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.computer_seat import ComputerSeats, Pace, seat_options  # noqa: E402
from tabletop.ui.demo import start_demo  # noqa: E402
from tabletop.ui.menu import GameChoice  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

FRAME = 1 / 60


def _game(game_id: str, seed: int, computer: dict[int, Level], turn: int) -> Game:
    """A game played by the easy players until the computer (seat 1) has a real choice
    in turn ``turn``."""
    choice = GameChoice.load(game_id)
    a, b = list(choice.decks)[:2]
    game = choice.make_game(a, b, first_seat=0, seed=seed, options=seat_options(computer))
    for n in range(2000):
        state = game.state
        seat = game.rules.acting_seat(state)
        if state.turn >= turn and seat == 1 and len(game.rules.legal_actions(state, 1)) > 2:
            break
        picked: Choice | None = make_player(game.rules, Level.EASY, n).choose(
            game.rules, state, seat)
        if picked is None:
            break
        game.propose(picked.action)
    return game


def _until(app: App, done: object, limit: int = 3000, dt: float = 0.1) -> None:
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        scene = app.stack.top
        thought = getattr(getattr(scene, "computer", None), "thought", None)
        if thought is not None:
            thought.wait(5.0)
        app.frame(dt)


def _save(app: App, path: Path) -> None:
    app.draw()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    w, h = (int(p) for p in args.size.lower().split("x"))
    suffix = "" if (w, h) == (1280, 720) and args.lang == "en" else f"_{w}x{h}_{args.lang}"
    with tempfile.TemporaryDirectory(prefix="tabletop-shots-") as tmp:
        app = App((w, h), lang=args.lang, save_dir=tmp)
        try:
            game = _game("xenocard", 3, {1: Level.NORMAL}, 3)
            driver = ComputerSeats({1: Level.NORMAL}, Pace(think=30.0, glide=1.0, hold=3.0))
            app.start_game(game, computer=driver, autosave=False)
            _until(app, lambda: driver.thinking, dt=FRAME)
            app.frame(FRAME)
            _save(app, args.out / f"vs_computer_thinking{suffix}.png")

            game = _game("conan", 3, {1: Level.NORMAL}, 3)
            driver = ComputerSeats({1: Level.NORMAL}, Pace(think=0.3, glide=1.0, hold=3.0))
            app.start_game(game, computer=driver, autosave=False)
            scene = app.stack.top
            assert isinstance(scene, TableScene)
            _until(app, lambda: scene.slide is not None)
            if scene.slide is not None:
                scene.slide.elapsed = scene.slide.duration * 0.3
            _save(app, args.out / f"vs_computer{suffix}.png")

            game = _game("arc", 3, {}, 2)
            app.start_game(game, autosave=False)
            app.frame(0.5)
            cover = app.stack.top
            if cover is not None and not isinstance(cover, TableScene):
                cover.dismiss()  # type: ignore[attr-defined]
            table = app.stack.top
            assert isinstance(table, TableScene)
            table.hint.request()
            _until(app, lambda: table.hint.shown is not None, dt=FRAME)
            app.frame(FRAME)
            _save(app, args.out / f"hint{suffix}.png")

            choice = GameChoice.load("conan")
            start_demo(app, choice, list(choice.decks)[:2], {0: Level.NORMAL, 1: Level.NORMAL},
                       seed=7)
            demo = app.stack.top
            assert isinstance(demo, TableScene) and demo.computer is not None
            _until(app, lambda: len(demo.computer.played) >= 9, dt=0.25)
            demo.computer.paused = True
            for _ in range(12):
                app.frame(0.25)
            _save(app, args.out / f"demo{suffix}.png")
        finally:
            app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
