"""絵師100人展 headless rules speed: complete random games per second.

Run: ``.venv/bin/python benchmarks/bench_eshi100.py [--games 200]``.
Bot-vs-bot games (RandomBot, ready-made decks in turn) through the core
``Game``; prints games/s and actions/s, with and without the undo bookkeeping,
and the median / p95 time of one connect query (``connect_groups``) on the
boards met during play.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.games.eshi100 import load_decks


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(games: int, track_reveals: bool) -> float:
    """Play ``games`` games; print and return games per second."""
    rules = load_rules("eshi100")
    decks = sorted(load_decks(rules=rules).values(), key=lambda d: d.id)
    actions = 0
    queries: list[float] = []
    start = time.perf_counter()
    for seed in range(games):
        d0, d1 = decks[seed % len(decks)], decks[(seed + 1) % len(decks)]
        setup = GameSetup("eshi100", seed, seed % 2,
                          ({"cards": d0.card_list()}, {"cards": d1.card_list()}))
        game = Game(rules, setup, track_reveals=track_reveals)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not game.state.game_over and len(game.history) < 5000:
            action = bots[rules.acting_seat(game.state)].choose(game)
            if action is None:
                break
            game.propose(action)
        actions += len(game.history)
        if not track_reveals:
            t0 = time.perf_counter()
            rules.connect_groups(game.state, 0)
            queries.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    label = "with undo bookkeeping" if track_reveals else "rules only"
    print(f"eshi100 ({label}): {games} games in {elapsed:.2f} s = {rate:.1f} games/s,"
          f" {actions / elapsed:.0f} actions/s, {actions / games:.0f} actions/game")
    if queries:
        print(f"  connect_groups median {statistics.median(queries) * 1e6:.0f} us,"
              f" p95 {_percentile(queries, 0.95) * 1e6:.0f} us")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    run(args.games, track_reveals=False)
    run(args.games, track_reveals=True)


if __name__ == "__main__":
    main()
