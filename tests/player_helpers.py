"""Positions from seeded bot games of every game, and hidden-card permutations, for
the computer player's tests (determinize, ISMCTS, seat player)."""

from __future__ import annotations

import random
from functools import cache

from tabletop.core.decks import load_deck_dir
from tabletop.core.determinize import hidden_groups
from tabletop.core.model import GameState
from tabletop.core.rules import GameRules, load_rules
from tabletop.core.selfplay import setup_for
from tabletop.resources import resource_path


class Table:
    """What a bot reads of a game."""

    def __init__(self, rules: GameRules, state: GameState) -> None:
        self.rules, self.state = rules, state


@cache
def rules_of(game: str) -> GameRules:
    """The game's rules, loaded once per test run."""
    return load_rules(game)


def positions(game: str, seed: int, every: int, count: int) -> list[GameState]:
    """Copies of the state of a seeded game between the game's own bots, taken every
    ``every`` actions where the acting seat has a choice (at most ``count``)."""
    rules = rules_of(game)
    decks = load_deck_dir(resource_path("assets", "decks", game))
    state = rules.new_game(setup_for(rules, seed, decks))
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    out: list[GameState] = []
    for n in range(3000):
        if state.game_over or len(out) >= count:
            break
        seat = rules.acting_seat(state)
        if n % every == every - 1 and len(rules.legal_actions(state, seat)) > 1:
            out.append(state.clone())
        action = bots[seat].choose(Table(rules, state))
        assert action is not None
        rules.apply(state, action)
    return out


def permute_hidden(rules: GameRules, state: GameState, observer: int, seed: int,
                   owner: int) -> tuple[GameState, int]:
    """A copy of ``state`` with ``owner``'s cards hidden from ``observer`` shuffled
    among their places (per class; places that ask for a kind of card only among
    themselves): every fact ``observer`` sees stays, the deck lists stay. Returns the
    copy and how many cards changed identity."""
    other = state.clone()
    rng = random.Random(seed)
    changed = 0
    for (card_owner, _), places in sorted(hidden_groups(rules, state, observer).items()):
        if card_owner != owner:
            continue
        for fitted in (True, False):
            group = [i for i in places if (rules.hidden_fits(state, i) is not None) == fitted]
            ids = [state.cards[i].card_id for i in group]
            rng.shuffle(ids)
            for iid, card_id in zip(group, ids, strict=True):
                changed += other.cards[iid].card_id != card_id
                other.cards[iid].card_id = card_id
    return other, changed
