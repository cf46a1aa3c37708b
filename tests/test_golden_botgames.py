"""Behaviour does not change by accident: seeded bot games of every game observe the
same table, log and actions as recorded in tests/golden/botgames.json (issue 11:
refactorings keep bot games byte-identical). A deliberate rules change records them
anew with ``tools/golden_botgames.py --write`` and says so in its commit."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("golden_botgames",
                                               REPO / "tools" / "golden_botgames.py")
assert _spec is not None and _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

RECORDED: dict[str, str] = json.loads(golden.GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_seeded_bot_games_are_unchanged(key: str) -> None:
    game_id, seed = key.split("/")
    assert golden.record(game_id, int(seed)) == RECORDED[key]


def test_every_registered_game_is_recorded() -> None:
    from tabletop.core.rules import game_ids

    assert {k.split("/")[0] for k in RECORDED} == set(game_ids())
