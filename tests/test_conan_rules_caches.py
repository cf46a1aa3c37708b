"""The caches under Conan's rules change no answer (issue 14): a game played with every
cache emptied before each action reaches the same table and log as one played with
warm caches; each cache is bounded; the message builder's short cut builds the same
value as the constructor; a shape's cached corners are the corners of its frame."""

from __future__ import annotations

import functools
import importlib
import json
from typing import Any

import pytest

from tabletop.core import selfplay
from tabletop.core.actions import Verdict
from tabletop.core.engine import GENERIC_KINDS
from tabletop.core.rules import _GAMES, load_rules
from tabletop.games.conan import battlefield, resolution, statics, stats
from tabletop.geometry import adjacency, placed
from tabletop.i18n import Message, msg

#: Every lru_cache under the Conan rules added for speed (issue 14).
LRU_CACHES: tuple[Any, ...] = (
    placed.cos_sin_deg, placed._corners, adjacency._touching, adjacency._facing,
    battlefield._row_shapes, battlefield.foe_move_shape, battlefield._contacts,
    battlefield._zone_targets,
)


def _clear_caches() -> None:
    for cached in LRU_CACHES:
        cached.cache_clear()
    stats._MEMO.clear()
    statics._LIVE.clear()
    resolution._SIDES.clear()


def _fingerprint(state: Any) -> str:
    return json.dumps(state.fingerprint(), sort_keys=True, default=repr)


@functools.cache
def _bot_game() -> tuple[Any, tuple[Any, ...]]:
    rules = load_rules("conan")
    decks = importlib.import_module(_GAMES["conan"]).load_decks()
    # seed 5: a long game (30 turns) in which Actions, Items and Foes use abilities
    game, _ = selfplay.play_one(rules, 5, decks, 900, 400)
    return game.setup, tuple(game.actions)


def _play(cold: bool) -> list[str]:
    """The table after each action of the bot game, caches emptied first if ``cold``."""
    rules = load_rules("conan")
    setup, actions = _bot_game()
    state = rules.new_game(setup)
    seen = []
    for action in actions:
        if action.kind in GENERIC_KINDS:
            continue
        if cold:
            _clear_caches()
        prepared = rules.prepare(state, action)
        assert not isinstance(prepared, Verdict), prepared
        rules.apply(state, action, prepared)
        seen.append(_fingerprint(state))
    return seen


def test_conan_caches_change_no_answer() -> None:
    warm = _play(cold=False)
    cold = _play(cold=True)
    assert len(warm) > 300  # a game with fights in it, not just a set-up
    assert warm == cold


def test_conan_caches_are_bounded() -> None:
    for cached in LRU_CACHES:
        assert cached.cache_info().maxsize is not None, cached
    _play(cold=False)
    for cached in LRU_CACHES:
        info = cached.cache_info()
        assert info.currsize <= info.maxsize, cached
    assert len(stats._MEMO) <= 8
    assert all(len(memo) <= 1024 for _db, memo in stats._MEMO.values())
    assert len(resolution._SIDES) <= 4096
    assert len(statics._LIVE) <= 8


@pytest.mark.parametrize("params", [
    {},
    {"n": 3, "player": msg("seat.0"), "none": None, "flag": True, "x": 1.5},
    {"cards": [msg("card.a"), msg("card.b")], "n": 2},
    {"cards": (msg("card.a"), "text"), "nested": [[1, 2], (3,)]},
])
def test_msg_builds_what_the_constructor_builds(params: dict[str, Any]) -> None:
    made = msg("log.key", **params)
    built = Message("log.key", tuple(params.items()))
    assert made == built
    assert hash(made) == hash(built)
    assert made.params == built.params
    assert Message.from_dict(made.to_dict()) == made


def test_msg_refuses_a_mapping_like_the_constructor() -> None:
    with pytest.raises(TypeError):
        msg("log.key", table={"a": 1})


@pytest.mark.parametrize("rotation", [0.0, 90.0, 180.0, 270.0, -90.0, 30.0, 412.5])
def test_cached_corners_are_the_frames_corners(rotation: float) -> None:
    shape = placed.Placed("a", (101.5, 37.25), (63.0, 88.0), rotation)
    hw, hh = 31.5, 44.0
    expected = tuple(shape.to_table(p) for p in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)))
    assert shape.corners() == expected
