"""Undo, redo, an ordinary action and loading a save, in the rules core (issue 14).

Per game, at 50, 1,000 and 5,000 actions of history: the CPU time of one
``Game.undo``, one ``Game.redo`` and one ``Game.propose`` (p95 over the bot's
next actions from there), and the CPU time of ``replay`` of a 3,000-action save
(what loading a save runs, ``tabletop.core.persistence.load_save``).

The histories are seeded bot games of the game's own bots (``rules.make_bot``).
Bot games end long before 5,000 actions (Conan's longest seeded game here has
2,438), so a history is the bot game's first actions padded with legal free-mode
acts (ALL-R3): free mode on, a visible card tapped and untapped again and again,
free mode off; the rules then go on with the bot game where it stopped. The note
of each figure says how many of its actions were the bot game's own.
"""

from __future__ import annotations

import functools
import importlib
import time
from collections.abc import Callable
from typing import Any

from perf import GAMES, Figure, percentile
from tabletop.core import selfplay
from tabletop.core.actions import Action, Verdict
from tabletop.core.engine import GENERIC_KINDS, Game, replay
from tabletop.core.rules import _GAMES, GameRules, GameSetup, load_rules

#: The history lengths (actions) the per-action figures are measured at.
LENGTHS = (50, 1000, 5000)
#: Targets (ms CPU): undo, redo, an ordinary action; loading a 3,000-action save.
ACTION_TARGET_MS = 8.0
LOAD_TARGET_MS = 150.0
LOAD_ACTIONS = 3000
#: The seed of each game's reference bot game: its longest among seeds 1-80.
SEEDS = {"conan": 20, "eshi100": 6, "arc": 8, "xenocard": 5}


@functools.cache
def _rules(game_id: str) -> GameRules:
    return load_rules(game_id)


@functools.cache
def _bot_game(game_id: str) -> tuple[GameSetup, tuple[Action, ...]]:
    """The reference seeded bot game of ``game_id``: its set-up and actions."""
    rules = _rules(game_id)
    decks = importlib.import_module(_GAMES[game_id]).load_decks()
    seed = SEEDS[game_id]
    game, _ = selfplay.play_one(rules, seed, decks, 6000, 400)
    return game.setup, tuple(game.actions)


def _padding(game: Game, count: int) -> list[Action]:
    """``count`` (even, >= 2) legal free-mode acts that leave the table as it was:
    free mode on, a card everyone sees tapped and untapped, free mode off (ALL-R3)."""
    state = game.state
    seat = game.rules.acting_seat(state)
    seen = [i for i in sorted(state.cards) if len(state.seen_by(i)) == state.seats]
    card = seen[0] if seen else min(state.cards)
    taps = [Action.make("manual_tap", seat, card=card) for _ in range(count - 2)]
    return [Action.make("set_free_mode", seat, on=True), *taps,
            Action.make("set_free_mode", seat, on=False)]


def _history(game_id: str, length: int, spare: int) -> tuple[list[Action], int]:
    """A legal history of exactly ``length`` actions after which the bot game still
    has ``spare`` actions to go, and how many of them are the bot game's own."""
    setup, actions = _bot_game(game_id)
    own = max(0, min(length, len(actions) - spare))
    if (length - own) % 2:  # the padding comes in tap/untap pairs
        own -= 1
    game = replay(_rules(game_id), setup, list(actions[:own]))
    pad = _padding(game, length - own) if length > own else []
    return [*actions[:own], *pad], own


def _cpu_ms(call: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = call()
    return (time.process_time() - start) * 1000.0, result


def _action_figures(game_id: str, length: int, samples: int) -> list[Figure]:
    """Undo, redo and propose p95 at ``length`` actions: from the loaded history the bots
    play on up to ``samples`` actions, each undoable one undone and redone (the first
    undo right after loading too); again with other bot seeds (at most 5 rounds) until
    there are ``samples`` undos, since a short game offers few."""
    rules = _rules(game_id)
    setup, _ = _bot_game(game_id)
    history, own = _history(game_id, length, samples + 1)
    seed = SEEDS[game_id]
    proposes: list[float] = []
    undos: list[float] = []
    redos: list[float] = []
    for round_ in range(5):
        if len(undos) >= samples:
            break
        game = replay(rules, setup, history)
        bots = [rules.make_bot(seed * 2 + 1 + 10 * round_),
                rules.make_bot(seed * 2 + 2 + 10 * round_)]
        last = game.history[-1].action.seat if game.history else 0
        if game.can_undo(last):  # the first undo after loading: no copy of the state yet
            took, _ = _cpu_ms(lambda g=game, s=last: g.undo(s))
            undos.append(took)
            took, _ = _cpu_ms(lambda g=game, s=last: g.redo(s))
            redos.append(took)
        for _ in range(samples):
            state = game.state
            if state.game_over:
                break
            seat = rules.acting_seat(state)
            action = bots[seat].choose(game)
            if action is None:
                break
            took, verdict = _cpu_ms(lambda g=game, a=action: g.propose(a))
            if not verdict.ok:
                raise RuntimeError(f"{game_id}: the bot's {action} was refused: "
                                   f"{verdict.reason}")
            proposes.append(took)
            if game.can_undo(seat):
                took, verdict = _cpu_ms(lambda g=game, s=seat: g.undo(s))
                undos.append(took)
                took, verdict = _cpu_ms(lambda g=game, s=seat: g.redo(s))
                if not verdict.ok:
                    raise RuntimeError(f"{game_id}: redo refused: {verdict.reason}")
                redos.append(took)
    note = f"{own} bot actions + {length - own} free-mode acts"
    figures = []
    for name, values in (("undo", undos), ("redo", redos), ("action (propose)", proposes)):
        if not values:
            continue
        figures.append(Figure(f"core {name} p95 CPU at {length} actions",
                              percentile(values, 95), ACTION_TARGET_MS, "ms", game=game_id,
                              note=f"{len(values)} samples, max {max(values):.1f} ms; {note}"))
    return figures


def _load_figure(game_id: str, repeats: int) -> Figure:
    """``replay`` of a 3,000-action save: the bot game, padded in its middle with
    free-mode acts when it is shorter (the worst of ``repeats`` runs)."""
    rules = _rules(game_id)
    setup, actions = _bot_game(game_id)
    own = min(LOAD_ACTIONS, len(actions))
    if (LOAD_ACTIONS - own) % 2:
        own -= 1
    middle = own // 2
    history = list(actions[:own])
    if own < LOAD_ACTIONS:
        game = replay(rules, setup, history[:middle])
        history[middle:middle] = _padding(game, LOAD_ACTIONS - own)
    assert len(history) == LOAD_ACTIONS
    worst = 0.0
    for _ in range(repeats):
        took, game = _cpu_ms(lambda: replay(rules, setup, history))
        worst = max(worst, took)
    bare, _ = _cpu_ms(lambda: _rules_only(rules, setup, history))
    return Figure(f"core load (replay) of a {LOAD_ACTIONS}-action save CPU", worst,
                  LOAD_TARGET_MS, "ms", game=game_id,
                  note=f"worst of {repeats}; {own} bot actions + {LOAD_ACTIONS - own} free-mode;"
                       f" the rules alone {bare:.0f} ms")


def _rules_only(rules: GameRules, setup: GameSetup, actions: list[Action]) -> None:
    """The floor of a replay: the rules' own check and apply of each action, no engine
    (free-mode acts, the engine's own, skipped)."""
    state = rules.new_game(setup)
    for action in actions:
        if action.kind in GENERIC_KINDS:
            continue
        prepared = rules.prepare(state, action)
        if isinstance(prepared, Verdict):
            raise RuntimeError(f"{rules.game_id}: {action} refused: {prepared.reason}")
        rules.apply(state, action, prepared)


def figures(quick: bool) -> list[Figure]:
    """Every figure of this part, for every game (see the module docstring)."""
    samples = 20 if quick else 50
    repeats = 2 if quick else 5
    result: list[Figure] = []
    for game_id in GAMES:
        for length in LENGTHS:
            result.extend(_action_figures(game_id, length, samples))
        result.append(_load_figure(game_id, repeats))
    return result
