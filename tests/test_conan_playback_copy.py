"""Conan's fight playback works on a copy of the game without its log and fight record
(tabletop.ui.games.conan_playback.working_copy, issue 14): every moment it shows is the
one a whole copy showed (CONAN-R13 playback), and the game itself is never touched."""

from __future__ import annotations

from typing import Any

from tabletop.core.decks import load_deck_dir
from tabletop.core.engine import Game
from tabletop.core.rules import load_rules
from tabletop.core.selfplay import play_one, setup_for
from tabletop.games.conan.playback import FIGHT_KEY, fight
from tabletop.resources import resource_path
from tabletop.ui.games.conan_playback import Replay, working_copy


def _moment(state: Any) -> dict[str, Any]:
    """What a moment of the playback shows: everything but the fight record (the beats
    are the Replay's own; nothing drawn reads the shown state's record)."""
    shown = state.fingerprint()
    shown["data"] = repr({k: v for k, v in state.data.items() if k != FIGHT_KEY})
    return shown


def test_every_moment_of_a_fight_reads_as_from_a_whole_copy() -> None:
    rules = load_rules("conan")
    decks = load_deck_dir(resource_path("assets", "decks", "conan"))
    played, _ = play_one(rules, 2, decks, 6000, 400)
    game = Game(rules, setup_for(rules, 2, decks), track_reveals=False)
    fights = 0
    for action in played.actions:
        before = fight(game.state)
        seen = len(before.beats) if before is not None else 0
        assert game.propose(action).ok
        now = fight(game.state)
        if now is None or (now is before and len(now.beats) == seen):
            continue
        beats = now.beats[seen:] if now is before else list(now.beats)
        state = game.state
        kept = (state.fingerprint(), state.data.get(FIGHT_KEY))
        whole = Replay(state.clone(), state, beats)
        lean = Replay(working_copy(state), state, beats)
        assert lean.state.log == [] and lean.state.data.get(FIGHT_KEY) is None
        for n in range(1, len(beats) + 1):
            assert _moment(lean.at(n)) == _moment(whole.at(n))
        assert (state.fingerprint(), state.data.get(FIGHT_KEY)) == kept  # the game untouched
        fights += 1
        if fights == 6:
            break
    assert fights == 6
