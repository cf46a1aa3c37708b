"""Fit the weights of the Conan computer player's evaluation (tabletop.games.conan.heuristic).

Run: ``.venv/bin/python tools/fit_conan_eval.py [--games 400]``. Plays seeded games
between two Conan bots (``ConanRules.make_bot``, the search's own playout policy),
takes the position at the start of every turn (after the renown check, CONAN-R1)
and, for each seat, the difference of the two players' ``heuristic.features``
labelled by the final result (1 won, 0 lost, 0.5 drawn), and fits a logistic
regression without intercept (the model is symmetric in the seats) by Newton's
method with a small L2 penalty. Prints the weights (paste them into
``heuristic.WEIGHTS``), the log loss and the accuracy on a held-out fifth.
"""

from __future__ import annotations

import argparse
import math

from tabletop.core.decks import load_deck_dir
from tabletop.core.rules import load_rules
from tabletop.core.selfplay import setup_for
from tabletop.games.conan.heuristic import FEATURES, features
from tabletop.resources import resource_path

MAX_ACTIONS = 5000


class _Table:
    def __init__(self, rules: object, state: object) -> None:
        self.rules, self.state = rules, state


def collect(games: int, first_seed: int) -> list[tuple[list[float], float, int]]:
    """(feature difference, label, game index) rows from ``games`` bot games."""
    rules = load_rules("conan")
    decks = load_deck_dir(resource_path("assets", "decks", "conan"))
    db = rules.cards
    rows: list[tuple[list[float], float, int]] = []
    for g in range(games):
        state = rules.new_game(setup_for(rules, first_seed + g, decks))
        bots = [rules.make_bot(2 * g + 1), rules.make_bot(2 * g + 2)]
        seen: list[list[list[float]]] = []
        turn = -1
        for _ in range(MAX_ACTIONS):
            if state.game_over:
                break
            if state.turn != turn:
                turn = state.turn
                f0, f1 = features(state, db, 0), features(state, db, 1)
                seen.append([[a - b for a, b in zip(f0, f1, strict=True)],
                             [b - a for a, b in zip(f0, f1, strict=True)]])
            seat = rules.acting_seat(state)
            action = bots[seat].choose(_Table(rules, state))
            rules.apply(state, action, rules.prepare(state, action))
        if not state.game_over:
            continue
        won = 0.5 if state.winner is None else float(state.winner == 0)
        for x0, x1 in seen:
            rows.append((x0, won, g))
            rows.append((x1, 1.0 - won, g))
    return rows


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list[tuple[list[float], float, int]], l2: float = 1.0,
        steps: int = 25) -> list[float]:
    """Logistic regression weights by Newton's method."""
    k = len(FEATURES)
    w = [0.0] * k
    for _ in range(steps):
        grad = [l2 * wi for wi in w]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y, _ in rows:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def score(rows: list[tuple[list[float], float, int]], w: list[float]) -> tuple[float, float]:
    """Log loss and accuracy (decided rows) of ``w`` on ``rows``."""
    loss = 0.0
    right = total = 0
    for x, y, _ in rows:
        z = sum(a * b for a, b in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-max(-30, min(30, z))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        if y != 0.5:
            total += 1
            right += int((p > 0.5) == (y == 1.0))
    return loss / max(1, len(rows)), right / max(1, total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=90_000)
    args = parser.parse_args()
    rows = collect(args.games, args.seed)
    train = [r for r in rows if r[2] % 5]
    test = [r for r in rows if not r[2] % 5]
    w = fit(train)
    print(f"{len(rows)} rows from {args.games} games")
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    for name, x in zip(FEATURES, w, strict=True):
        print(f"  {name:12s} {x:+.3f}")
    for name, rows_ in (("held-out", test), ("train", train)):
        loss, accuracy = score(rows_, w)
        print(f"{name:8s} log loss {loss:.4f} accuracy {accuracy:.3f}")


if __name__ == "__main__":
    main()
