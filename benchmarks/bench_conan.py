"""Conan headless speed: complete random games per second, and the sensible bots' games.

Run: ``.venv/bin/python benchmarks/bench_conan.py [--games 100]``. Prints games/s
and actions/s of complete games between ``RandomBot`` s (every game runs to a
result), the median / p95 time of one bot step (legal_actions + check + apply),
and the self-play report of the sensible :class:`ConanBot` (results by cause,
cap hits apart).
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.games import conan
from tabletop.games.conan.bot import selfplay_report, setup_for


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_games(games: int) -> None:
    rules = conan.load()
    decks = conan.load_decks(rules=rules)
    steps: list[float] = []
    actions = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(rules, setup_for(rules, seed, decks), track_reveals=False)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not game.state.game_over and len(game.history) < 20_000:
            t0 = time.perf_counter()
            action = bots[rules.acting_seat(game.state)].choose(game)
            if action is None:
                break
            game.propose(action)
            steps.append(time.perf_counter() - t0)
        actions += len(game.history)
        finished += game.state.game_over
    elapsed = time.perf_counter() - start
    print(f"conan random games: {games} games ({finished} finished) in {elapsed:.2f} s"
          f" = {games / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s")
    print(f"  bot step median {statistics.median(steps) * 1e6:.0f} us,"
          f" p95 {_percentile(steps, 0.95) * 1e6:.0f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    random_games(args.games)
    print("\n".join(selfplay_report(args.games, seed=1).lines()))


if __name__ == "__main__":
    main()
