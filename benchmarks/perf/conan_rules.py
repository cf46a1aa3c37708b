"""Conan's rules alone applying a long game (issue 14): the floor under loading a save.

The 3,000-action history is the one ``perf.undo`` loads (the reference Conan bot game,
padded in its middle with free-mode acts); here only the rules' own ``prepare`` and
``apply`` of each action run, no engine (no reveals, checkpoints or history), so the
figure is what Conan's rules cost: automatic steps and Resolution, the fight record,
stats, Foe-row layout and log messages. The same rules run in the computer player's
playouts, so this is also the price of one Conan search step.

Conan only: the other games' rules are a small part of their load (see ``perf.undo``'s
note, "the rules alone").
"""

from __future__ import annotations

import time

from perf import Figure, percentile
from perf.undo import LOAD_ACTIONS, _bot_game, _padding, _rules, _rules_only
from tabletop.core.actions import Action
from tabletop.core.engine import replay
from tabletop.core.rules import GameSetup

#: Target (ms CPU) for the rules alone: what leaves the engine its share of the
#: 150 ms load target.
RULES_TARGET_MS = 100.0


def _history() -> tuple[GameSetup, list[Action]]:
    rules = _rules("conan")
    setup, actions = _bot_game("conan")
    own = min(LOAD_ACTIONS, len(actions))
    if (LOAD_ACTIONS - own) % 2:
        own -= 1
    history = list(actions[:own])
    if own < LOAD_ACTIONS:
        middle = own // 2
        game = replay(rules, setup, history[:middle])
        history[middle:middle] = _padding(game, LOAD_ACTIONS - own)
    return setup, history


def figures(quick: bool) -> list[Figure]:
    """The rules-alone figure for Conan (median of the runs: the machine is shared)."""
    rules = _rules("conan")
    setup, history = _history()
    runs = 3 if quick else 9
    took: list[float] = []
    for _ in range(runs):
        start = time.process_time()
        _rules_only(rules, setup, history)
        took.append((time.process_time() - start) * 1000.0)
    return [Figure(f"conan rules alone, a {LOAD_ACTIONS}-action save CPU",
                   percentile(took, 50), RULES_TARGET_MS, "ms", game="conan",
                   note=f"median of {runs}, best {min(took):.0f} ms;"
                        f" {1000.0 * min(took) / LOAD_ACTIONS:.0f} us an action at best")]
