"""Xenocard headless speed: complete random games per second, and per-action cost.

Run: ``.venv/bin/python benchmarks/bench_xenocard.py [--games 100]``.
Prints games/s and actions/s (rules only, and with the engine's undo
bookkeeping), the median / p95 time of one bot step (legal_actions + check +
apply) and of one automatic battle (XENO-R5, geometry facing precomputed).
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup
from tabletop.games import xenocard


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(games: int, track_reveals: bool) -> float:
    """Play ``games`` random games; print and return games per second."""
    rules = xenocard.load()
    decks = xenocard.load_decks(rules=rules)
    ids = sorted(decks)
    steps: list[float] = []
    battles: list[float] = []
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        d0, d1 = ids[seed % len(ids)], ids[(seed + 1) % len(ids)]
        setup = GameSetup("xenocard", seed, seed % 2,
                          ({"cards": decks[d0].card_list()}, {"cards": decks[d1].card_list()}))
        game = Game(rules, setup, track_reveals=track_reveals)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not game.state.game_over and len(game.history) < 5000:
            t0 = time.perf_counter()
            seat = rules.acting_seat(game.state)
            action = bots[seat].choose(game)
            if action is None:
                break
            battle = game.state.phase == "block" and action.get("choice") == ("pass",)
            game.propose(action)
            spent = time.perf_counter() - t0
            steps.append(spent)
            if battle:
                battles.append(spent)
        actions += len(game.history)
    elapsed = time.perf_counter() - start
    label = "with undo bookkeeping" if track_reveals else "rules only"
    rate = games / elapsed
    print(f"xenocard ({label}): {games} games in {elapsed:.2f} s = {rate:.1f} games/s,"
          f" {actions / elapsed:.0f} actions/s")
    print(f"  bot step median {statistics.median(steps) * 1e6:.0f} us,"
          f" p95 {_percentile(steps, 0.95) * 1e6:.0f} us;"
          f" step ending the block phase (battle, adjust, next turn) median"
          f" {statistics.median(battles) * 1e6:.0f} us")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    run(args.games, track_reveals=False)
    run(args.games, track_reveals=True)


if __name__ == "__main__":
    main()
