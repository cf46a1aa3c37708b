"""What a deck holds, counted: cards per pile, the cost curve, the type and colour split.

Which card fields count as a game's "cost", "power" and colour-like "group" is
:data:`FACETS` (the builder's filters use the same table): Arc ``cost`` / ``power`` /
``colour``; Conan the prowess gem ``cost`` / ``damage`` / the Foe kind ``creature``
(CONAN-R7) and the Foe deck's printed ``renown`` total (CONAN-R20);
絵師100人展 ``connect_cost`` (消費コネクト) / ``power`` / the action ``icon``;
Xenocard ``cost`` / ``atk`` / ``attribute``. A card without the field (an Arc
resource has no cost) is not on the curve.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.core.cards import CardDef
from tabletop.core.decks import Deck

__all__ = ["FACETS", "DeckStats", "Facets", "deck_stats", "facets_of"]


@dataclass(frozen=True)
class Facets:
    """The card fields a game's deck is counted and filtered by: ``cost``, ``power``,
    ``group`` (colour, attribute or kind) and, optionally, a ``total`` field summed
    over the pile ``total_pile`` (Conan's Foe renown)."""

    cost: str
    power: str
    group: str
    total: str = ""
    total_pile: str = ""


FACETS: Mapping[str, Facets] = {
    "arc": Facets(cost="cost", power="power", group="colour"),
    "conan": Facets(cost="cost", power="damage", group="creature", total="renown",
                    total_pile="foe"),
    "eshi100": Facets(cost="connect_cost", power="power", group="icon"),
    "xenocard": Facets(cost="cost", power="atk", group="attribute"),
}


def facets_of(game: str) -> Facets:
    """The facets of ``game`` (a game not in :data:`FACETS` counts ``cost``,
    ``power`` and ``colour``)."""
    return FACETS.get(game, Facets(cost="cost", power="power", group="colour"))


@dataclass(frozen=True)
class DeckStats:
    """A deck counted. ``piles``: cards per pile (in the deck's order); ``total``:
    all cards; ``curve``: (cost, cards) for every cost from 0 to the highest in the
    deck; ``types`` and ``groups``: (value, cards), most first, ties by name;
    ``pile_total``: the summed :attr:`Facets.total` field (None when the game has
    none). Unknown card ids count in ``piles`` and ``total`` only."""

    piles: tuple[tuple[str, int], ...]
    total: int
    curve: tuple[tuple[int, int], ...]
    types: tuple[tuple[str, int], ...]
    groups: tuple[tuple[str, int], ...]
    pile_total: int | None = None


def _ranked(counter: Counter[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def deck_stats(deck: Deck, cards: Mapping[str, CardDef], game: str) -> DeckStats:
    """Count ``deck`` (see :class:`DeckStats`) over the pool ``cards`` of ``game``."""
    facets = facets_of(game)
    piles = tuple((p, sum(entries.values())) for p, entries in deck.sections.items())
    costs: Counter[int] = Counter()
    types: Counter[str] = Counter()
    groups: Counter[str] = Counter()
    total_sum = 0
    for pile, entries in deck.sections.items():
        for cid, n in entries.items():
            card = cards.get(cid)
            if card is None:
                continue
            types[card.type] += n
            cost = card.number(facets.cost)
            if cost is not None:
                costs[cost] += n
            group = card.get(facets.group)
            if isinstance(group, str) and group:
                groups[group] += n
            if facets.total and pile == facets.total_pile:
                total_sum += card.number(facets.total, 0) * n
    top = max(costs, default=-1)
    curve = tuple((c, costs.get(c, 0)) for c in range(top + 1))
    return DeckStats(piles, sum(n for _, n in piles), curve, _ranked(types), _ranked(groups),
                     total_sum if facets.total else None)
