"""Headless rules speed: complete random games per second, and per-action cost.

Run: ``.venv/bin/python benchmarks/bench_selfplay.py [--game arc] [--games 100]``.
Prints games/s, actions/s, and the median / p95 time of one bot step
(legal_actions + check + apply), with and without the undo bookkeeping.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.games.arc import load_decks


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(game_id: str, games: int, track_reveals: bool) -> None:
    rules = load_rules(game_id)
    decks = list(load_decks().values())
    steps: list[float] = []
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        setup = GameSetup(game_id, seed, seed % 2,
                          ({"cards": decks[0].card_list()}, {"cards": decks[1].card_list()}))
        game = Game(rules, setup, track_reveals=track_reveals)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not game.state.game_over and len(game.history) < 5000:
            t0 = time.perf_counter()
            seat = rules.acting_seat(game.state)
            action = bots[seat].choose(game)
            if action is None:
                break
            game.propose(action)
            steps.append(time.perf_counter() - t0)
        actions += len(game.history)
    elapsed = time.perf_counter() - start
    label = "with undo bookkeeping" if track_reveals else "rules only"
    print(f"{game_id} ({label}): {games} games in {elapsed:.2f} s = {games / elapsed:.1f} games/s,"
          f" {actions / elapsed:.0f} actions/s")
    print(f"  bot step median {statistics.median(steps) * 1e6:.0f} us,"
          f" p95 {_percentile(steps, 0.95) * 1e6:.0f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="arc")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    run(args.game, args.games, track_reveals=False)
    run(args.game, args.games, track_reveals=True)


if __name__ == "__main__":
    main()
