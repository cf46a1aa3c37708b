"""Worlds a seat cannot tell from the real one: the hidden cards sampled anew (ALL-H6).

A computer player decides from what its seat may see (ALL-R2) and nothing else.
Before it thinks, :func:`determinize` makes a copy of the game in which every card
the seat cannot see (the other hand, both decks' order, face-down cards it has not
seen) gets a card id drawn from the multiset of the hidden cards of the same owner
and the same class (``GameRules.hidden_class``: a Conan Foe never swaps with a
draw-deck card). The multiset is read sorted and the places are walked in zone and
position order, which the seat sees, so permuting or replacing the real hidden
cards (with the same multiset) never changes a sampled world: the player cannot
peek even by accident.

House ruling ALL-H6: the computer knows both deck lists (chosen openly in the
menu) and how many cards lie where, never where a hidden card lies. The copy's
generator is reseeded from the player's own generator (the real ``state.rng``
would predict future shuffles and draws), the log is dropped (its private lines
name hidden cards), and each game's typed data is made consistent by
``GameRules.forget_hidden``.

:func:`copy_state` is the fast copy the search uses, :meth:`GameState.clone` (no
``deepcopy`` of cards, zones or the log).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop.core.model import GameState

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules


def copy_state(state: GameState, keep_log: bool = False) -> GameState:
    """An independent copy of ``state`` for rules to play on (:meth:`GameState.clone`):
    cards, zones, the generator and the typed ``data`` copied; the log shared as a
    fresh list of the same entries when ``keep_log`` (entries are never changed once
    written), else empty."""
    return state.clone(keep_log)


def hidden_groups(rules: GameRules, state: GameState, seat: int) -> dict[tuple[int, str],
                                                                          list[int]]:
    """The cards ``seat`` cannot see, grouped by (owner, hidden class), each group in
    zone order then position bottom to top (the places the seat sees)."""
    groups: dict[tuple[int, str], list[int]] = {}
    for zone in state.zones.values():
        for iid in zone.cards:
            if not state.visible_to(iid, seat):
                key = (state.cards[iid].owner, rules.hidden_class(state, iid))
                groups.setdefault(key, []).append(iid)
    return groups


def determinize(rules: GameRules, state: GameState, seat: int,
                rng: random.Random) -> GameState:
    """A world consistent with everything ``seat`` sees in ``state`` (ALL-H6).

    Every card hidden from ``seat`` gets a card id sampled, without replacement,
    from the sorted multiset of the hidden card ids of its owner and class, places
    that ask for a kind of card (``rules.hidden_fits``) first; every
    visible fact (zones, counts, faces the seat sees, counters, taps, the pending
    decision, phase, turn, typed data) is kept. The world's generator is seeded from
    ``rng`` (which advances), its log is empty, and ``rules.forget_hidden`` clears
    per-game records of hidden facts. ``state`` is not changed.
    """
    world = copy_state(state)
    groups = hidden_groups(rules, state, seat)
    for key in sorted(groups):
        places = groups[key]
        pool = sorted(state.cards[iid].card_id for iid in places)
        free: list[int] = []
        for iid in places:
            fits = rules.hidden_fits(state, iid)
            if fits is None:
                free.append(iid)
                continue
            # a place that asks for a kind of card draws first, among the cards that fit
            # (any card when none is left: the real one fitted, so this cannot happen)
            choices = [i for i, card_id in enumerate(pool) if fits(card_id)] \
                or list(range(len(pool)))
            world.cards[iid].card_id = pool.pop(choices[rng.randrange(len(choices))])
        rng.shuffle(pool)
        for iid, card_id in zip(free, pool, strict=True):
            world.cards[iid].card_id = card_id
    world.rng = random.Random(rng.getrandbits(64))
    rules.forget_hidden(world, seat)
    return world

