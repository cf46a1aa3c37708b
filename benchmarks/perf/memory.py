"""Memory of a whole sitting (issue 14): peak RSS per window size, caches bounded.

A sitting, in a fresh process per window size (so peaks never mix): the menu; then
every game in turn from the menu's own choices, each played some seeded bot moves
through the table (the hand-over cover taken over by a key, as a person does), the
pointer over a card now and then (the large hover view), a share of the 50 window
resizes and of the 20 language switches at its table; back at the menu the rest of
the language switches. Peak RSS is the process's own high-water mark, VmHWM
(``ru_maxrss`` where there is no /proc: it keeps the parent's peak across exec).

Figures: the peak per size in ``SIZES`` (target 200 MiB, 300 MiB at 3840x2160) and,
per game at each size, the card-face cache after its resizes against the cache's
own budget. Run one sitting by hand::

    .venv/bin/python benchmarks/perf/memory.py --sitting 1600x900
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perf import GAMES, SIZES, Figure

ROOT = Path(__file__).resolve().parents[2]
#: Peak RSS targets in MiB: 300 at 3840x2160, 200 at every smaller size.
BIG = (3840, 2160)
RESIZES = 50
SWITCHES = 20


def target_mib(size: tuple[int, int]) -> float:
    """The peak RSS target of a sitting at ``size`` (pixels), MiB."""
    return 300.0 if size[0] * size[1] >= BIG[0] * BIG[1] else 200.0


def _peak_mib() -> float:
    # VmHWM is this process's own high-water mark; ru_maxrss also keeps the parent's
    # at fork and across exec, so a sitting started by a big benchmark process would
    # report the parent's peak
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _resize_sizes(size: tuple[int, int], count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` window sizes a person dragging the corner might pass through: from
    about two thirds of ``size`` up to ``size``, every aspect, ending at ``size``."""
    rng = random.Random(seed)
    w0, h0 = size
    out = []
    for _ in range(count - 1):
        out.append((rng.randint(max(800, w0 * 2 // 3), w0), rng.randint(max(500, h0 * 2 // 3), h0)))
    out.append(size)
    return out


def sitting(size: tuple[int, int], moves: int, seed: int = 1) -> dict[str, Any]:
    """Run one sitting at ``size`` in this process (see the module docstring); returns
    ``{"peak": MiB, "stages": [[label, peak MiB], ...], "caches": {game: {...}}}``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import tempfile

    import pygame

    from tabletop.ui.app import App
    from tabletop.ui.cover import ARM_DELAY, HotseatCover
    from tabletop.ui.menu import GameChoice
    from tabletop.ui.table import TableScene

    stages: list[list[Any]] = []
    caches: dict[str, dict[str, Any]] = {}
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="tabletop-memory-") as tmp:
        app = App(size, save_dir=tmp)
        app.show_menu()
        app.frame(1 / 60)
        stages.append(["menu", _peak_mib()])

        def take_over() -> None:
            for _ in range(8):
                top = app.stack.top
                if not isinstance(top, HotseatCover):
                    return
                app.frame(ARM_DELAY + 0.05)  # the cover arms
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    pygame.event.post(pygame.event.Event(kind, key=pygame.K_SPACE, mod=0,
                                                         unicode=" ", scancode=0))
                    app.frame(1 / 60)

        def resize(to: tuple[int, int]) -> None:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=to[0], h=to[1],
                                                 size=to))
            app.frame(1 / 60)

        per_game = RESIZES // len(GAMES)
        extra = RESIZES - per_game * len(GAMES)
        switches_at_table = SWITCHES // 2 // len(GAMES)
        for n, gid in enumerate(GAMES):
            choice = GameChoice.load(gid)
            first, second = list(choice.decks)[:2]
            game = choice.make_game(first, second, first_seat=0, seed=seed + n)
            app.start_game(game)
            table = app.stack.scenes[0]
            assert isinstance(table, TableScene), table
            take_over()
            bots = [game.rules.make_bot(seed * 2 + 1), game.rules.make_bot(seed * 2 + 2)]
            for k in range(moves):
                if game.state.game_over:
                    break
                action = bots[game.rules.acting_seat(game.state)].choose(game)
                if action is None:
                    break
                table.propose(action)
                app.frame(1 / 60)
                take_over()
                if k % 5 == 0 and table.sprites:  # the pointer over a card: the hover view
                    sprite = rng.choice(table.sprites)
                    pygame.event.post(pygame.event.Event(
                        pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(0, 0),
                        buttons=(0, 0, 0), touch=False))
                    app.frame(1 / 60)
            stages.append([f"{gid} played", _peak_mib()])
            count = per_game + (extra if n == len(GAMES) - 1 else 0)
            for to in _resize_sizes(size, count, seed + n):
                resize(to)
                take_over()
            renderer = table.renderer  # measured before a switch empties it
            caches[gid] = {"faces": renderer.cache_size, "bytes": renderer.cache_bytes,
                           "budget": renderer.cache_budget,
                           "fonts": app.fonts.open_count}
            stages.append([f"{gid} resized", _peak_mib()])
            for k in range(switches_at_table):
                app.set_language("ja" if k % 2 == 0 else "en")
                app.frame(1 / 60)
                take_over()
            app.set_language("en")
            app.frame(1 / 60)
            stages.append([f"{gid} switched", _peak_mib()])
            app.show_menu()
            app.frame(1 / 60)
        done = len(GAMES) * (switches_at_table + 1)
        for k in range(max(0, SWITCHES - done)):
            app.set_language("ja" if k % 2 == 0 else "en")
            app.frame(1 / 60)
        stages.append(["menu, switched", _peak_mib()])
        app.shutdown()
    return {"peak": _peak_mib(), "stages": stages, "caches": caches}


def run_sitting(size: tuple[int, int], moves: int) -> dict[str, Any]:
    """One sitting at ``size`` in a fresh Python process; its result (see
    :func:`sitting`). Raises RuntimeError when the process fails."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--sitting",
                           f"{size[0]}x{size[1]}", "--moves", str(moves)],
                          capture_output=True, text=True, env=env, cwd=str(ROOT), check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode or not lines:
        raise RuntimeError(f"sitting at {size} failed:\n{proc.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def figures(quick: bool) -> list[Figure]:
    """Peak RSS of a sitting per size in SIZES; the face cache per game and size."""
    moves = 25 if quick else 80
    out: list[Figure] = []
    for size in SIZES:
        result = run_sitting(size, moves)
        stages = ", ".join(f"{label} {mib:.0f}" for label, mib in result["stages"])
        out.append(Figure("peak RSS, whole sitting", result["peak"], target_mib(size), "MiB",
                          size=size, note=f"{moves} moves a game, {RESIZES} resizes, "
                          f"{SWITCHES} language switches; {stages}"))
        for gid in GAMES:
            cache = result["caches"][gid]
            out.append(Figure("face cache after resizes", cache["bytes"] / 2 ** 20,
                              cache["budget"] / 2 ** 20, "MiB", game=gid, size=size,
                              note=f"{cache['faces']} surfaces, {cache['fonts']} fonts open"))
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sitting", help="run one sitting at WxH in this process")
    parser.add_argument("--moves", type=int, default=80)
    args = parser.parse_args(argv)
    if args.sitting:
        w, h = (int(p) for p in args.sitting.lower().split("x"))
        print(json.dumps(sitting((w, h), args.moves)))
        return 0
    for figure in figures(quick=False):
        print(figure.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
