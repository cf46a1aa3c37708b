"""Soak runs: thousands of random games per game (``pytest -m soak``; not in the default run).

Every game must end (or hit the cap, counted apart), never lose or duplicate a
card, never overfill a zone, and replay to the same state. The default suite
runs the short versions of these properties in each game's own test file;
``SOAK_GAMES`` (default 1000) sets how many games a soak run plays per game.
"""

from __future__ import annotations

import os

import pytest

from tabletop.core.bot import RandomBot, play_game
from tabletop.core.decks import load_deck_dir
from tabletop.core.engine import replay
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.selfplay import setup_for
from tabletop.resources import resource_path

GAMES = int(os.environ.get("SOAK_GAMES", "1000"))


@pytest.mark.soak
@pytest.mark.parametrize("game_id", game_ids())
def test_thousands_of_random_games_keep_every_card_and_replay(game_id: str) -> None:
    rules = load_rules(game_id)
    decks = load_deck_dir(resource_path("assets", "decks", game_id))
    caps = 0
    for seed in range(GAMES):
        setup = setup_for(rules, seed, decks)
        game = play_game(rules, setup, [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)],
                         max_actions=6000, max_turns=300, track_reveals=False)
        state = game.state
        caps += not state.game_over
        placed = [iid for zone in state.zones.values() for iid in zone.cards]
        assert sorted(placed) == sorted(state.cards), f"seed {seed}: a card lost or doubled"
        for zone in state.zones.values():
            assert zone.capacity is None or len(zone) <= zone.capacity, (seed, zone.id)
        if seed % 50 == 0:
            again = replay(rules, setup, game.actions)
            assert again.state.fingerprint() == state.fingerprint(), f"seed {seed}"
    assert caps <= GAMES * 0.05, f"{caps} of {GAMES} games hit the cap"
