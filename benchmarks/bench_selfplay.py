"""Headless rules speed of every game: complete random games per second.

Run: ``.venv/bin/python benchmarks/bench_selfplay.py [--game arc] [--games 100]``
(every registered game when ``--game`` is left out). For each game it prints:

* complete games per second between random bots (rules only, no undo
  bookkeeping), actions per second, and the median / p95 time of one bot step
  (``legal_actions`` + ``check`` + ``apply``);
* the same games with the undo bookkeeping the window uses (ratio to the first);
* the self-play report of the game's own bot (``GameRules.make_bot``): results
  by cause, cap hits apart.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.core.bot import RandomBot
from tabletop.core.decks import load_deck_dir
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.core.selfplay import run_selfplay, setup_for
from tabletop.resources import resource_path

MAX_ACTIONS = 20_000


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_games(rules: GameRules, games: int, track_reveals: bool) -> float:
    """Play ``games`` random games; print and return games per second."""
    decks = load_deck_dir(resource_path("assets", "decks", rules.game_id))
    steps: list[float] = []
    actions = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(rules, setup_for(rules, seed, decks), track_reveals=track_reveals)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not game.state.game_over and len(game.history) < MAX_ACTIONS:
            t0 = time.perf_counter()
            action = bots[rules.acting_seat(game.state)].choose(game)
            if action is None:
                break
            game.propose(action)
            steps.append(time.perf_counter() - t0)
        actions += len(game.history)
        finished += game.state.game_over
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    label = "with undo bookkeeping" if track_reveals else "rules only"
    print(f"  random games ({label}): {games} ({finished} finished) in {elapsed:.2f} s"
          f" = {rate:.1f} games/s, {actions / elapsed:.0f} actions/s;"
          f" bot step median {statistics.median(steps) * 1e6:.0f} us,"
          f" p95 {_percentile(steps, 0.95) * 1e6:.0f} us")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_ids())
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    for game_id in [args.game] if args.game else game_ids():
        rules = load_rules(game_id)
        print(f"{game_id}:")
        plain = random_games(rules, args.games, track_reveals=False)
        tracked = random_games(rules, args.games, track_reveals=True)
        print(f"  undo bookkeeping costs x{plain / tracked:.2f}")
        decks = load_deck_dir(resource_path("assets", "decks", game_id))
        print("  own bot " + run_selfplay(rules, decks, args.games, seed=1).summary())


if __name__ == "__main__":
    main()
