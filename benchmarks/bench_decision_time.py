"""How long the computer player thinks per decision, wall clock and CPU.

Run: ``.venv/bin/python benchmarks/bench_decision_time.py [--game conan] [--level hard]
[--games 3]`` (every game when ``--game`` is left out). The player plays seeded games
against the random bot; every decision that needed a search (more than one legal
action) is timed. It prints per game: decisions, iterations per search, p50 / p95 /
max wall time and p50 / p95 CPU time (this process), and how many searches the
wall-clock cap cut short. The target (issue 13) is HARD p95 <= 1.0 s on the 2-core
machine; the CPU figures show what a busy machine adds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.core.decks import load_deck_dir
from tabletop.core.random_bot import RandomBot
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.core.seat_player import Level, budget_for, make_player
from tabletop.core.selfplay import setup_for
from tabletop.resources import resource_path


class _Table:
    def __init__(self, rules: GameRules, state: object) -> None:
        self.rules, self.state = rules, state


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run(game: str, level: Level, games: int, max_decisions: int) -> None:
    """Time ``level``'s decisions over ``games`` seeded games of ``game``; print them."""
    rules = load_rules(game)
    decks = load_deck_dir(resource_path("assets", "decks", game))
    budget = budget_for(game, level)
    wall: list[float] = []
    cpu: list[float] = []
    iterations: list[int] = []
    capped = 0
    for seed in range(games):
        state = rules.new_game(setup_for(rules, 500 + seed, decks))
        player = make_player(rules, level, seed)
        other = RandomBot(seed)
        for _ in range(3000):
            if state.game_over or len(wall) >= max_decisions * (seed + 1):
                break
            seat = rules.acting_seat(state)
            if seat == seed % 2:
                searched = len(rules.legal_actions(state, seat)) > 1
                w0, c0 = time.perf_counter(), time.process_time()
                choice = player.choose(rules, state, seat)
                w1, c1 = time.perf_counter(), time.process_time()
                assert choice is not None
                action = choice.action
                if searched:
                    wall.append(w1 - w0)
                    cpu.append(c1 - c0)
                    if choice.search is not None:
                        iterations.append(choice.search.iterations)
                        if budget is not None and choice.search.iterations < budget.iterations:
                            capped += 1
            else:
                found = other.choose(_Table(rules, state))
                assert found is not None
                action = found
            rules.apply(state, action)
    mean_iter = statistics.fmean(iterations) if iterations else 0.0
    print(f"{game} {level}: {len(wall)} decisions, {mean_iter:.0f} iterations per search "
          f"(budget {budget.iterations if budget else 0}, cut by the clock: {capped}); wall "
          f"p50 {_pct(wall, 0.5) * 1e3:.0f} ms, p95 {_pct(wall, 0.95) * 1e3:.0f} ms, "
          f"max {max(wall, default=0) * 1e3:.0f} ms; CPU p50 {_pct(cpu, 0.5) * 1e3:.0f} ms, "
          f"p95 {_pct(cpu, 0.95) * 1e3:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=game_ids())
    parser.add_argument("--level", default="hard", choices=[v.value for v in Level])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--max-decisions", type=int, default=60,
                        help="decisions timed per game at most")
    args = parser.parse_args()
    for game in [args.game] if args.game else game_ids():
        run(game, Level(args.level), args.games, args.max_decisions)


if __name__ == "__main__":
    main()
