"""Helpers shared by the rules and whole-game tests of arc, eshi100 and xenocard.

Whole games: :func:`setup_for` (the self-play set-up), :func:`bots`,
:func:`step_through`. Exact positions: :func:`position`, :func:`c`, :func:`lab`,
:func:`act`, :func:`refused_unchanged`, :func:`card_ids`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop.core import selfplay
from tabletop.core.actions import Action, Verdict
from tabletop.core.bot import RandomBot
from tabletop.core.decks import Deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, GameSetup


# -- whole games ------------------------------------------------------------------------
def setup_for(rules: GameRules, decks: Mapping[str, Deck], seed: int) -> GameSetup:
    """A seeded set-up of two ready-made decks (the one self-play uses)."""
    return selfplay.setup_for(rules, seed, decks)


def bots(seed: int) -> list[RandomBot]:
    """The two RandomBots of a seeded game."""
    return [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]


def step_through(rules: GameRules, setup: GameSetup, seed: int, max_actions: int,
                 each: Callable[[Game, Action], None]) -> Game:
    """Play a bot game, calling ``each(game, action)`` after every applied action.

    Asserts that the seat to act always has an action and that it is legal.
    """
    game = Game(rules, setup)
    players = bots(seed)
    for _ in range(max_actions):
        if game.state.game_over:
            break
        action = players[rules.acting_seat(game.state)].choose(game)
        assert action is not None
        assert game.propose(action).ok, action
        each(game, action)
    return game


def assert_only_legal_actions(game: Game) -> None:
    """``legal_actions`` offers nothing to the seat that must wait, and nothing the
    rules would refuse to the seat that acts (for exact positions; bot games of every
    game are checked by tests/test_conformance.py)."""
    rules, state = game.rules, game.state
    for seat in (0, 1):
        actions = rules.legal_actions(state, seat)
        if seat != rules.acting_seat(state):
            assert actions == []
        for action in actions:
            verdict = rules.check(state, action)
            assert verdict.ok, (action, verdict.reason)


# -- exact positions --------------------------------------------------------------------
def position(filler: list[str], zones: Mapping[str, list[Any]],
             data: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """A position with ``filler`` decks unless given; zone keys like ``p0_hand``."""
    table: dict[str, list[Any]] = {"p0.deck": list(filler), "p1.deck": list(filler)}
    for key, cards in zones.items():
        table[key.replace("_", ".", 1)] = cards
    pos: dict[str, Any] = {**fields, "zones": table}
    if data:
        pos["data"] = data
    return pos


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    """A labelled card entry of a position."""
    return {"card": card, "label": label, **extra}


def lab(game: Game, name: str) -> int:
    """The instance id of a labelled card."""
    return int(game.state.data["labels"][name])


def act(game: Game, kind: str, seat: int = 0, **args: Any) -> Verdict:
    """Propose an action."""
    return game.propose(Action.make(kind, seat, **args))


def refused_unchanged(game: Game, action: Action) -> Verdict:
    """Propose a refused action and assert it changed nothing."""
    before = game.state.fingerprint()
    verdict = game.propose(action)
    assert not verdict.ok
    assert game.state.fingerprint() == before
    return verdict


def card_ids(game: Game, zone: str) -> list[str]:
    """The card ids in a zone, bottom to top."""
    return [game.state.cards[i].card_id for i in game.state.zones[zone].cards]


def mid_game(game_id: str, seed: int = 4, turns: int = 4, most: int = 400) -> Game:
    """A game of ``game_id``'s ready-made decks between two seeded random bots, played
    until turn ``turns`` is over (or the game, or ``most`` actions)."""
    import importlib

    from tabletop.core.rules import _GAMES, load_rules

    rules = load_rules(game_id)
    decks = importlib.import_module(_GAMES[game_id]).load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(most):
        if game.state.turn > turns or game.state.game_over:
            break
        action = bots[rules.acting_seat(game.state)].choose(game)
        if action is None:
            break
        game.propose(action)
    return game
