"""The cycle collector while a table is up (issue 14, :mod:`tabletop.ui.gc_pauses`): the
loaded game is frozen out of the collector's passes, and nothing frozen outlives the
table: leaving it, or a full collection for a retired widget manager, frees the
reference cycles that were frozen."""

from __future__ import annotations

import gc
import weakref

from ui_helpers import frames, make_app

from tabletop.core import selfplay
from tabletop.core.rules import load_rules
from tabletop.ui import gc_pauses


class _Cycle:
    """An object that only the cycle collector can free (it refers to itself)."""

    def __init__(self) -> None:
        self.me = self


def _started(tmp_path):
    app = make_app((1280, 720), save_dir=tmp_path)
    game = selfplay.bot_game(load_rules("arc"), 2, 20, unfinished=True)
    app.start_game(game, autosave=False)
    frames(app, 1)
    return app


def test_a_started_table_holds_the_heap_and_the_menu_lets_it_go(tmp_path):
    app = _started(tmp_path)
    try:
        assert gc_pauses.holding()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == gc_pauses.YOUNG_THRESHOLD
        app.show_menu()
        assert not gc_pauses.holding()
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold()[0] != gc_pauses.YOUNG_THRESHOLD
    finally:
        app.shutdown()
    assert not gc_pauses.holding()


def test_a_cycle_frozen_with_the_table_is_freed_once_the_table_goes(tmp_path):
    cycle = _Cycle()
    gone = weakref.ref(cycle)
    app = _started(tmp_path)  # the cycle is alive: frozen with the game
    try:
        del cycle
        gc.collect()
        assert gone() is not None  # frozen: no pass walks it while the table is up
        app.show_menu()
        gc.collect()
        assert gone() is None
    finally:
        app.shutdown()


def test_a_full_collection_frees_frozen_cycles_and_keeps_the_rest_frozen(tmp_path):
    cycle = _Cycle()
    gone = weakref.ref(cycle)
    app = _started(tmp_path)
    try:
        del cycle
        gc_pauses.collect_all()
        assert gone() is None
        assert gc_pauses.holding() and gc.get_freeze_count() > 0
    finally:
        app.shutdown()
