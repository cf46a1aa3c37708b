"""Issue 14, the window: an ordinary action, an undo and a redo at any game length; load.

For every game in ``GAMES`` a long game is built: the longest of a few seeded games
between the game's own bots (``GameRules.make_bot``, ``tabletop.core.selfplay``); the
first 60% of it (or the first ``n`` actions when it is that long) and then, when the
game is shorter than ``n``, legal free-mode actions of the seat to act (free mode on,
a card tapped and untapped by hand, free mode off: ALL-R3) up to exactly ``n``
actions. Bot games are far shorter than 5,000 actions (Conan's longest seeded game
here about 1,400, the other games' 100-200), so the long lengths are mostly padding;
the note of each figure says how many actions were the bots'.

That game is opened in a headless window (:func:`tests.ui_helpers.make_app`, SDL dummy
driver, 1600x900) with its autosave on, as ``App.start_game`` does for a resumed
game, and driven as the frame loop does, in CPU time (``time.process_time``):

* action: the frame that handles one ordinary action of the seat to act (a seeded
  random legal move, ``TableScene.propose`` then one ``App.frame``: the change
  listeners, autosave, log, plugin and the redraw);
* undo: the frame that handles a posted Ctrl+Z key press (when that action may be
  taken back: ALL-H1), and redo: the frame of the following Ctrl+Y;
* max frame while undoing: the longest of the Ctrl+Z frame and the three frames after
  it, over every undo at every length (target 16.7 ms, one 60 fps frame);
* load: ``persistence.load_save`` of a 3,000-action autosave written action by action by
  the :class:`~tabletop.core.persistence.Autosaver` (a journal), and of the same game as
  a plain save (older versions' autosaves); the best of three, each checked to replay to
  the same state.

The p95 targets are 8 ms; load 150 ms.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from perf import GAMES, Figure, percentile  # noqa: E402
from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.bot import RandomBot  # noqa: E402
from tabletop.core.decks import load_deck_dir  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.persistence import Autosaver, load_save, save_game  # noqa: E402
from tabletop.core.rules import GameRules, GameSetup, load_rules  # noqa: E402
from tabletop.core.selfplay import play_one  # noqa: E402
from tabletop.resources import resource_path  # noqa: E402

_REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_REPO / "tests"))

from ui_helpers import make_app  # noqa: E402

#: Game lengths measured (actions in the history when the measured action is made).
LENGTHS = (50, 1000, 5000)
#: Length of the save whose load is measured.
LOAD_LENGTH = 3000
#: The window the frames are measured in.
SIZE = (1600, 900)
#: Seeds tried for the longest bot game of each game.
SEEDS = range(12)
FRAME = 1 / 60
ACTION_TARGET = 8.0
FRAME_TARGET = 16.7
LOAD_TARGET = 150.0

_base_games: dict[str, tuple[GameSetup, list[Action]]] = {}


def _longest_bot_game(rules: GameRules) -> tuple[GameSetup, list[Action]]:
    """The set-up and actions of the longest of the seeded own-bot games."""
    if rules.game_id not in _base_games:
        decks = load_deck_dir(resource_path("assets", "decks", rules.game_id))
        best: Game | None = None
        for seed in SEEDS:
            game, _ = play_one(rules, seed, decks, 6000, 400)
            if best is None or len(game.history) > len(best.history):
                best = game
        assert best is not None
        _base_games[rules.game_id] = (best.setup, best.actions)
    return _base_games[rules.game_id]


def _public_card(game: Game) -> int:
    """A card both seats see (tapping it by hand shows nobody anything), else any card."""
    state = game.state
    for iid in state.cards:
        if len(state.seen_by(iid)) == state.seats:
            return iid
    return next(iter(state.cards))


def build_game(rules: GameRules, length: int, saver: Autosaver | None = None) -> tuple[Game, int]:
    """A game of exactly ``length`` actions (see the module docstring), each proposed
    (so reveals are tracked as in the window; ``saver`` sees every change); returns the
    game and how many of its actions are the bots'."""
    setup, moves = _longest_bot_game(rules)
    bots = min(length, max(0, int(len(moves) * 0.6)) if len(moves) < length else length)
    if length - bots == 1:
        bots -= 1  # padding needs two actions at least (free mode on, off)
    game = Game(rules, setup)
    if saver is not None:
        game.listeners.append(saver)
        saver(game)
    for action in moves[:bots]:
        verdict = game.propose(action)
        assert verdict.ok, verdict
    pad = length - bots
    if pad:
        seat = rules.acting_seat(game.state)
        card = _public_card(game)
        assert game.propose(Action.make("set_free_mode", seat, on=True)).ok
        for _ in range(pad - 2):
            assert game.propose(Action.make("manual_tap", seat, card=card)).ok
        assert game.propose(Action.make("set_free_mode", seat, on=False)).ok
    assert len(game.history) == length
    return game, bots


def _table(app: Any) -> Any:
    from tabletop.ui.table import TableScene

    return next(s for s in app.stack.scenes if isinstance(s, TableScene))


def _settle(app: Any) -> Any:
    """Dismiss the hand-over cover if one is up (untimed) and return the table."""
    from tabletop.ui.cover import HotseatCover

    for _ in range(6):
        top = app.stack.top
        if isinstance(top, HotseatCover):
            top.dismiss()
        app.frame(FRAME)
        if not isinstance(app.stack.top, HotseatCover):
            break
    return _table(app)


def _timed(app: Any, before: Any = None) -> float:
    """CPU milliseconds of ``before()`` (if any) and one frame."""
    t0 = time.process_time()
    if before is not None:
        before()
    app.frame(FRAME)
    return (time.process_time() - t0) * 1000


def _key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))


def _key_up(app: Any, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))
    app.frame(FRAME)


def measure_length(rules: GameRules, length: int, samples: int,
                   folder: Path) -> dict[str, Any]:
    """Action, undo and redo frame times (ms) at ``length`` actions; see the docstring."""
    game, bots = build_game(rules, length)
    app = make_app(SIZE, save_dir=folder)
    app.start_game(game, save_path=folder / f"autosave-{rules.game_id}-{length}.json",
                   save_now=True)
    rng = random.Random(length)
    out: dict[str, Any] = {"action": [], "undo": [], "redo": [], "undo_max": [], "bots": bots}
    tries = 0
    try:
        scene = _settle(app)
        while len(out["undo"]) < samples and tries < samples * 8:
            tries += 1
            if game.state.game_over:
                break
            seat = rules.acting_seat(game.state)
            if scene.viewer != seat:
                scene = _settle(app)
                if scene.viewer != seat:
                    break
            action = RandomBot(rng.randrange(1 << 30)).choose(game)
            if action is None:
                break
            if action.kind == "resign":
                continue
            n = len(game.history)
            spent = _timed(app, lambda a=action, s=scene: s.propose(a))
            if len(game.history) != n + 1:
                continue  # refused (the window asked first, or the rules said no)
            out["action"].append(spent)
            if not game.can_undo(seat) or app.stack.top is not scene:
                scene = _settle(app)
                continue
            _key(pygame.K_z)
            spent = _timed(app)
            if len(game.history) != n:
                continue
            out["undo"].append(spent)
            worst = spent
            _key_up(app, pygame.K_z)
            for _ in range(3):
                worst = max(worst, _timed(app))
            out["undo_max"].append(worst)
            _key(pygame.K_y)
            out["redo"].append(_timed(app))
            _key_up(app, pygame.K_y)
            scene = _settle(app)
    finally:
        app.shutdown()
    return out


def measure_load(rules: GameRules, folder: Path, runs: int = 3) -> tuple[float, float]:
    """CPU ms of the best of ``runs`` loads of a :data:`LOAD_LENGTH`-action autosave (the
    journal the autosaver wrote) and of the same game as a plain save (older versions'
    autosaves, ``save_game``)."""
    path = folder / f"autosave-{rules.game_id}-load.json"
    saver = Autosaver(path)
    game, _ = build_game(rules, LOAD_LENGTH, saver)
    assert saver.last_error is None, saver.last_error
    plain = save_game(game, folder / f"autosave-{rules.game_id}-plain.json")
    found = []
    for where in (path, plain):
        best = float("inf")
        for _ in range(runs):
            t0 = time.process_time()
            loaded = load_save(where)
            best = min(best, (time.process_time() - t0) * 1000)
            assert loaded.state.fingerprint() == game.state.fingerprint()
        found.append(best)
    return found[0], found[1]


def figures(quick: bool) -> list[Figure]:
    """Every figure of this part, for every game (see the module docstring)."""
    samples = 5 if quick else 20
    found: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-window-bench-") as tmp:
        folder = Path(tmp)
        for game_id in GAMES:
            rules = load_rules(game_id)
            worst, worst_at = 0.0, 0
            for length in LENGTHS:
                got = measure_length(rules, length, samples, folder)
                note = f"{len(got['action'])} actions, {len(got['undo'])} undos; " \
                       f"{got['bots']} bot moves + {length - got['bots']} free-mode"
                for what in ("action", "undo", "redo"):
                    values = got[what]
                    found.append(Figure(f"{what} p95 CPU at {length} actions",
                                        percentile(values, 95) if values else float("inf"),
                                        ACTION_TARGET, "ms", game=game_id, note=note))
                if got["undo_max"] and max(got["undo_max"]) > worst:
                    worst, worst_at = max(got["undo_max"]), length
            found.append(Figure("max frame CPU while undoing", worst, FRAME_TARGET, "ms",
                                game=game_id, note=f"Ctrl+Z frame and 3 after; worst at "
                                                   f"{worst_at} actions"))
            runs = 1 if quick else 3
            journal, plain = measure_load(rules, folder, runs)
            how = f"persistence.load_save, best of {runs}"
            found.append(Figure(f"load of a {LOAD_LENGTH}-action autosave", journal,
                                LOAD_TARGET, "ms", game=game_id, note=f"{how}; a journal"))
            found.append(Figure(f"load of a {LOAD_LENGTH}-action plain save", plain,
                                LOAD_TARGET, "ms", game=game_id,
                                note=f"{how}; older versions' format"))
    return found


if __name__ == "__main__":
    for figure in figures("--quick" in sys.argv):
        print(figure.line(), flush=True)
