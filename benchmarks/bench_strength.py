"""How strong the computer player is: seeded matches between two levels of one game.

Run: ``.venv/bin/python benchmarks/bench_strength.py --game conan --games 200
--a normal --b easy`` (levels: easy, normal, hard, or ``random`` for the random bot
and ``bot`` for today's bot of the game reading the full game, as before this
player). Seats alternate (game ``k`` gives player A seat ``k % 2``), every game has
its own seed, and two worker processes play them. It prints A's wins, losses,
draws and cap hits, A's win share with its 95% Wilson interval (draws count half),
and each side's mean and p95 decision time. ``--unhurried`` lifts the wall-clock cap
so the result measures the iteration budget, not the machine's load (time the final
budgets with bench_decision_time.py). ``--verbose`` lists the games A did not win;
the environment variable ``BENCH_BUDGET_NORMAL=80,12`` (or ``_HARD``) overrides that
level's iterations and playout depth (and exploration, a third number) for experiments.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

from tabletop.core.decks import load_deck_dir
from tabletop.core.random_bot import RandomBot
from tabletop.core.rules import GameRules, load_rules
from tabletop.core.seat_player import Level, budget_for, make_player
from tabletop.core.selfplay import setup_for
from tabletop.resources import resource_path

MAX_ACTIONS = 3000
#: --unhurried: the wall-clock cap lifted (environment, so the worker processes see it)
_UNHURRIED = os.environ.get("BENCH_UNHURRIED") == "1"
_RULES: dict[str, GameRules] = {}


class _Table:
    def __init__(self, rules: GameRules, state: Any) -> None:
        self.rules, self.state = rules, state


def _chooser(rules: GameRules, who: str, seed: int) -> Any:
    if who == "random":
        bot = RandomBot(seed)
        return lambda state, seat: bot.choose(_Table(rules, state))
    if who == "bot":
        bot = rules.make_bot(seed)
        return lambda state, seat: bot.choose(_Table(rules, state))
    budget = budget_for(rules.game_id, Level(who))
    override = os.environ.get(f"BENCH_BUDGET_{who.upper()}")
    if budget is not None and override:
        # experiments: "iterations,playout_depth[,exploration]" for this level
        parts = [float(x) for x in override.split(",")]
        budget = replace(budget, iterations=int(parts[0]), playout_depth=int(parts[1]),
                         exploration=parts[2] if len(parts) > 2 else budget.exploration)
    if budget is not None and _UNHURRIED:
        # strength for the budget in iterations, not for the machine's load
        budget = replace(budget, seconds=1e9)
    player = make_player(rules, Level(who), seed, budget)

    def choose(state: Any, seat: int) -> Any:
        choice = player.choose(rules, state, seat)
        return None if choice is None else choice.action
    return choose


def play(job: tuple[str, str, str, int]) -> tuple[int, float | None, list[float], list[float]]:
    """One game: (A's seat, A's result 1/0.5/0 or None for a cap, A's and B's times)."""
    game, a, b, k = job
    rules = _RULES.get(game) or _RULES.setdefault(game, load_rules(game))
    decks = load_deck_dir(resource_path("assets", "decks", game))
    seed = 10_000 + k // 2  # both seat orders of one deal
    state = rules.new_game(setup_for(rules, seed, decks))
    a_seat = k % 2
    players = {a_seat: _chooser(rules, a, seed * 7 + 1),
               1 - a_seat: _chooser(rules, b, seed * 7 + 2)}
    times: dict[int, list[float]] = {0: [], 1: []}
    for _ in range(MAX_ACTIONS):
        if state.game_over:
            break
        seat = rules.acting_seat(state)
        t0 = time.perf_counter()
        action = players[seat](state, seat)
        times[seat].append(time.perf_counter() - t0)
        if action is None:
            break
        prepared = rules.prepare(state, action)
        if getattr(prepared, "ok", True) is False:
            raise RuntimeError(f"{game} game {k}: refused {action}: {prepared}")
        rules.apply(state, action, prepared)
    if not state.game_over:
        result = None
    elif state.winner is None:
        result = 0.5
    else:
        result = 1.0 if state.winner == a_seat else 0.0
    return a_seat, result, times[a_seat], times[1 - a_seat]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--unhurried", action="store_true",
                        help="lift the wall-clock cap: every search runs its full "
                             "iteration budget (strength for the budget, not the load)")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (to add games to an earlier run)")
    parser.add_argument("--verbose", action="store_true",
                        help="list the games player A did not win")
    args = parser.parse_args()
    if args.unhurried:
        os.environ["BENCH_UNHURRIED"] = "1"
        global _UNHURRIED
        _UNHURRIED = True
    jobs = [(args.game, args.a, args.b, k) for k in range(args.first, args.first + args.games)]
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=1)
    elapsed = time.perf_counter() - start
    if args.verbose:
        for (_, _, _, k), (a_seat, result, _, _) in zip(jobs, results, strict=True):
            if result != 1.0:
                print(f"game {k} (seed {10_000 + k // 2}, {args.a} seat {a_seat + 1}): "
                      f"{ {None: 'cap', 0.5: 'draw', 0.0: 'lost'}[result] }")
    done = [r for _, r, _, _ in results if r is not None]
    wins = sum(1 for r in done if r == 1.0)
    draws = sum(1 for r in done if r == 0.5)
    losses = len(done) - wins - draws
    score = wins + 0.5 * draws
    low, high = wilson(score, len(done))
    a_times = [t for _, _, ts, _ in results for t in ts]
    b_times = [t for _, _, _, ts in results for t in ts]
    share = score / len(done) if done else 0.0
    print(f"{args.game}: {args.a} vs {args.b}, {args.games} games from #{args.first} "
          f"({elapsed:.0f} s): "
          f"{args.a} wins {wins}, loses {losses}, draws {draws}, caps {len(results) - len(done)}; "
          f"win share {share:.1%} (95% CI {low:.1%}-{high:.1%}); decision time "
          f"{args.a} mean {statistics.fmean(a_times) * 1e3:.0f} ms "
          f"p95 {_p95(a_times) * 1e3:.0f} ms, "
          f"{args.b} mean {statistics.fmean(b_times) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
