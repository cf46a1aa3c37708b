"""What Conan's fight playback costs the window: time and memory, per bot game.

Run: ``.venv/bin/python benchmarks/bench_conan_fight.py [--tree DIR]`` (headless).

Seeded bot games (the game's own bots) are played through the real Conan window
(``TableScene``, no drawing): after every action the plugin looks at it
(``shown_state``) and every step of a fight's playback is shown (``shown``) until it
ends. The same games are played with the rules alone; the difference is the window's
own work. Prints seconds for the games through the window and alone, the window's
share, and the peak of memory allocated (tracemalloc) through the window and alone.

``--tree DIR`` runs the same measurement on another checkout (e.g. the commit before,
``git archive <commit> | tar -x -C DIR``) in a subprocess and prints the ratios
before / now.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SEEDS = (1, 2, 3, 4)
MAX_ACTIONS = 400


def play(seed: int, window: bool) -> int:
    """One capped bot game; through the window when ``window``. Returns fights shown."""
    from tabletop.core import selfplay
    from tabletop.core.engine import Game
    from tabletop.core.rules import load_rules
    from tabletop.games import conan

    rules = load_rules("conan")
    game = Game(rules, selfplay.setup_for(rules, seed, conan.load_decks()),
                track_reveals=False)
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    scene: Any = None
    if window:
        from tabletop.ui.games import load_game_ui

        ui = load_game_ui("conan", rules)
        scene = _Scene(game, ui)
    shown = 0
    for _ in range(MAX_ACTIONS):
        if game.state.game_over:
            break
        assert game.propose(bots[rules.acting_seat(game.state)].choose(game)).ok
        if scene is not None:
            ui = scene.ui
            ui.shown_state(scene)
            while ui.playback.active:
                ui.shown(scene)
                ui.playback.next()
                shown += 1
    return shown


class _Scene:
    """What the plugin's playback reads of the table scene (no window, no drawing)."""

    def __init__(self, game: Any, ui: Any) -> None:
        from tabletop.i18n import msg  # noqa: F401  (catalogues loaded as in the window)

        self.game, self.ui, self.viewer, self.lang = game, ui, 0, "en"
        self.layout = ui.load_layout()
        self.cover_pending = False

    def sprite_for(self, iid: int) -> None:
        return None

    def refresh_shown(self) -> None:
        return None


def measure() -> dict[str, float]:
    """Seconds and peak MiB through the window and with the rules alone."""
    out: dict[str, float] = {}
    for window in (False, True):
        name = "window" if window else "rules"
        start = time.perf_counter()
        steps = sum(play(s, window) for s in SEEDS)
        out[f"{name}_s"] = time.perf_counter() - start
        tracemalloc.start()
        for s in SEEDS:
            play(s, window)
        out[f"{name}_peak_mib"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        if window:
            out["steps"] = steps
    out["share_s"] = out["window_s"] - out["rules_s"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", help="another checkout to compare with (run first)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    now = measure()
    if args.json:
        print(json.dumps(now))
        return 0
    print(f"{len(SEEDS)} bot games, {int(now['steps'])} playback steps shown")
    for key, value in now.items():
        print(f"  now     {key:16} {value:8.3f}")
    if args.tree:
        env = dict(os.environ, PYTHONPATH=args.tree)
        done = subprocess.run([sys.executable, str(Path(args.tree) / "benchmarks"
                                                   / Path(__file__).name), "--json"],
                              capture_output=True, text=True, env=env, check=True,
                              cwd=args.tree)
        before = json.loads(done.stdout.strip().splitlines()[-1])
        for key, value in before.items():
            print(f"  before  {key:16} {value:8.3f}")
        for key in ("share_s", "window_s", "window_peak_mib"):
            if now[key] > 0:
                print(f"  ratio before/now {key:16} {before[key] / now[key]:6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
