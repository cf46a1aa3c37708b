"""Start-up (issue 14): the first menu frame against a bare pygame window.

Both are measured in fresh Python processes started the same way, each size in
``SIZES`` several times, the median kept:

* the floor: ``import pygame; pygame.init(); pygame.display.set_mode(size)`` and one
  flip;
* the program: what ``tabletop`` does (``App(size)``, the menu, one frame) up to its
  first flip.

CPU is the child's ``time.process_time()`` at that flip (the interpreter's own
start-up included, in both); wall is the time from starting the child to the flip,
as the child reports it against the parent's clock (``time.time``). Both run with
compiled bytecode in a cache of their own (``PYTHONPYCACHEPREFIX``) warmed by one
unmeasured start, as an installed program or the bundle has it. The target is a
ratio of 2 (the first menu frame at most twice the floor).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perf import SIZES, Figure

ROOT = Path(__file__).resolve().parents[2]
TARGET = 2.0

_BARE = """
import time, sys
import pygame
pygame.init()
pygame.display.set_mode(({w}, {h}))
pygame.display.flip()
print("{{" + f'"cpu": {{time.process_time()}}, "at": {{time.time()}}' + "}}", flush=True)
"""

_APP = """
import time, sys, tempfile
sys.path.insert(0, {root!r})
import pygame
from tabletop.ui import app as app_module
flip = pygame.display.flip
seen = []
def first_flip():
    flip()
    if not seen:
        seen.append(1)
        print("{{" + f'"cpu": {{time.process_time()}}, "at": {{time.time()}}' + "}}",
              flush=True)
pygame.display.flip = first_flip
with tempfile.TemporaryDirectory() as tmp:
    app = app_module.App(({w}, {h}), save_dir=tmp)
    app.show_menu()
    app.frame(1 / 60)
    app.shutdown()
"""


def _run(code: str, env: dict[str, str]) -> tuple[float, float]:
    """``(cpu s, wall s)`` of one child running ``code`` up to its first flip."""
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=str(ROOT), check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode or not lines:
        raise RuntimeError(f"start-up child failed:\n{proc.stderr[-2000:]}")
    got = json.loads(lines[0])
    return float(got["cpu"]), float(got["at"]) - start


def measure(size: tuple[int, int], runs: int) -> dict[str, tuple[float, float]]:
    """Median ``(cpu, wall)`` seconds of the floor and of the program at ``size``."""
    with tempfile.TemporaryDirectory(prefix="tabletop-pyc-") as pyc:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPYCACHEPREFIX=pyc)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        bare = _BARE.format(w=size[0], h=size[1])
        app = _APP.format(w=size[0], h=size[1], root=str(ROOT))
        _run(bare, env)  # warm the bytecode cache and the file cache
        _run(app, env)
        out: dict[str, list[tuple[float, float]]] = {"bare": [], "app": []}
        for _ in range(runs):  # interleaved, so a busy moment hurts both alike
            out["bare"].append(_run(bare, env))
            out["app"].append(_run(app, env))
    return {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v))
            for k, v in out.items()}


def figures(quick: bool) -> list[Figure]:
    """The first menu frame's CPU and wall time as ratios to the bare window, per size."""
    runs = 3 if quick else 7
    out: list[Figure] = []
    for size in SIZES:
        got = measure(size, runs)
        (bare_cpu, bare_wall), (app_cpu, app_wall) = got["bare"], got["app"]
        out.append(Figure("first menu frame CPU / bare window", app_cpu / bare_cpu, TARGET,
                          "x", size=size, note=f"median of {runs}: {app_cpu * 1000:.0f} ms "
                          f"vs {bare_cpu * 1000:.0f} ms"))
        out.append(Figure("first menu frame wall / bare window", app_wall / bare_wall, TARGET,
                          "x", size=size, note=f"median of {runs}: {app_wall * 1000:.0f} ms "
                          f"vs {bare_wall * 1000:.0f} ms"))
    return out


if __name__ == "__main__":
    for figure in figures(quick="--quick" in sys.argv):
        print(figure.line())
