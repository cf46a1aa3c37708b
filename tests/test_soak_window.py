"""The soak test of issue 14: a 3,000-action game played in the window, with an undo
every 50 actions, resizes and language switches, keeps memory bounded and its state
exactly what a replay of its actions gives.

Behind the ``soak`` marker (``pytest -m soak tests/test_soak_window.py``): it takes
minutes. The moves are the game's own seeded bots', proposed through the table scene
as a drop or a button would; the hand-over cover is taken over by a key, undo is
Ctrl+Z, resizes are window events. Free mode is on (ALL-R3): the action before each
undo is a card turned by hand by the seat to act, which the undo must take back
exactly; when the game ends before 3,000 actions, it goes on with such turns.
"""

from __future__ import annotations

import random
import resource
import sys
import weakref

import pygame
import pytest
from ui_helpers import FRAME, make_app

from tabletop.core.actions import Action
from tabletop.core.engine import replay
from tabletop.core.rules import game_ids
from tabletop.ui.card_render import RECORD_LIMIT
from tabletop.ui.cover import ARM_DELAY, HotseatCover
from tabletop.ui.games import has_game_ui
from tabletop.ui.menu import GameChoice
from tabletop.ui.table import TableScene

pytestmark = pytest.mark.soak

ACTIONS = 3000
UNDO_EVERY = 50
RESIZE_EVERY = 120
SWITCH_EVERY = 400
SIZES = ((1280, 720), (1600, 900), (1440, 810), (1920, 1080), (1366, 768), (1024, 640))
#: How much the resident memory may grow from the first hundreds of actions to the
#: end, in MiB: generous (fonts, plugin modules and caches fill up in the first
#: minutes), but far below what unbounded caches took (hundreds of MiB).
GROWTH_MIB = 120


def _resident_mib() -> float:
    """The resident set now (MiB); the peak where /proc is not there."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize() / 2 ** 20
    except OSError:
        scale = 1 if sys.platform == "darwin" else 1024
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2 ** 20


def _take_over(app) -> None:
    """Take the computer over from the hand-over cover, as a player does: wait until
    it accepts input, press and release Space."""
    for _ in range(8):
        if not isinstance(app.stack.top, HotseatCover):
            return
        app.frame(ARM_DELAY + 0.05)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_SPACE, mod=0,
                                                 unicode=" ", scancode=0))
            app.frame(FRAME)


def _key(app, key: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="",
                                             scancode=0))
        app.frame(FRAME)


def _by_hand(game, seat: int, rng: random.Random) -> Action:
    """A move by hand (ALL-R3): free mode on, or a turn of a card ``seat`` sees (it
    shows nobody anything, ALL-H2, so it can be taken back)."""
    state = game.state
    if not state.free_mode:
        return Action.make("set_free_mode", seat, on=True)
    seen = sorted(iid for iid in state.cards if seat in state.seen_by(iid))
    return Action.make("manual_tap", seat, card=rng.choice(seen))


def _check_bounds(app, table: TableScene, managers: list[weakref.ref]) -> None:
    renderer = table.renderer
    for cache in renderer.caches:
        assert cache.bytes <= cache.budget, (cache.bytes, cache.budget)
    assert len(renderer.records) <= RECORD_LIMIT
    assert app.fonts.open_count <= app.fonts.limit
    alive = {id(m()) for m in managers if m() is not None}
    assert alive == {id(app.ui)}, f"{len(alive)} managers alive"  # the old ones are freed


@pytest.mark.parametrize("game_id", [g for g in game_ids() if has_game_ui(g)])
def test_a_3000_action_sitting_stays_bounded_and_replays_exactly(game_id, tmp_path):
    rng = random.Random(14)
    app = make_app((1280, 720), save_dir=tmp_path)
    try:
        choice = GameChoice.load(game_id)
        first, second = list(choice.decks)[:2]
        game = choice.make_game(first, second, first_seat=0, seed=14)
        app.start_game(game)
        table = app.stack.scenes[0]
        assert isinstance(table, TableScene)
        _take_over(app)
        rules = game.rules
        bots = [rules.make_bot(29), rules.make_bot(30)]
        proposed = undone = 0
        warm = None
        managers = [weakref.ref(app.ui)]
        while len(game.history) < ACTIONS:
            state = game.state
            seat = state.active if state.game_over else rules.acting_seat(state)
            checkpoint = (proposed + 1) % UNDO_EVERY == 0
            if state.game_over or checkpoint or not state.free_mode:
                # by hand: the padding once the game is over, and the move an undo takes
                action = _by_hand(game, seat, rng)
            else:
                action = bots[seat].choose(game)
                assert action is not None, "a seat that must act has no legal action"
            before = len(game.history)
            looked = state.fingerprint() if checkpoint and not state.game_over else None
            verdict = table.propose(action)
            assert verdict.ok, (proposed, action, verdict.reason)
            assert len(game.history) == before + 1
            proposed += 1
            app.frame(FRAME)
            _take_over(app)
            if checkpoint:
                _key(app, pygame.K_z, pygame.KMOD_CTRL)
                if looked is not None:  # the game is on: the turn by hand is taken back
                    assert len(game.history) == before
                    assert game.state.fingerprint() == looked
                    undone += 1
                _take_over(app)
            if proposed % RESIZE_EVERY == 0:
                size = rng.choice(SIZES)
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0],
                                                     h=size[1], size=size))
                app.frame(FRAME)
                _take_over(app)
                managers.append(weakref.ref(app.ui))
            if proposed % SWITCH_EVERY == 0:
                app.set_language("ja" if app.lang == "en" else "en")
                app.frame(FRAME)
                _take_over(app)
                managers.append(weakref.ref(app.ui))
            if proposed == 300:
                warm = _resident_mib()
            if proposed % 500 == 0:
                _check_bounds(app, table, managers)
        _check_bounds(app, table, managers)
        assert warm is not None
        assert _resident_mib() - warm < GROWTH_MIB
        assert undone > 0, "the game ended before the first undo"
        again = replay(rules, game.setup, game.actions)
        assert again.state.fingerprint() == game.state.fingerprint()
    finally:
        app.shutdown()
