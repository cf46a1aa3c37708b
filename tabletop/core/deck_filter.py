"""Which cards of a pool a deck builder's filters let through.

A :class:`CardFilter` holds the chosen type, group (colour, attribute or kind:
:func:`tabletop.core.deck_stats.facets_of`), cost, power and search text; None (or
"") is "any". The search text matches the id, the names and the card texts in
every language, ignoring case, width and spacing (``ほのお`` does not find ``炎``:
there is no reading table).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tabletop.core.cards import CardDef
from tabletop.core.deck_stats import Facets

__all__ = ["CardFilter", "filter_cards", "values_of"]


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@dataclass(frozen=True)
class CardFilter:
    """The filters: card ``type``, ``group`` value, ``cost``, ``power`` and ``text``."""

    type: str | None = None
    group: str | None = None
    cost: int | None = None
    power: int | None = None
    text: str = ""

    def matches(self, card: CardDef, facets: Facets) -> bool:
        """Whether ``card`` passes every filter that is set."""
        if self.type is not None and card.type != self.type:
            return False
        if self.group is not None and card.get(facets.group) != self.group:
            return False
        if self.cost is not None and card.number(facets.cost) != self.cost:
            return False
        if self.power is not None and card.number(facets.power) != self.power:
            return False
        words = _norm(self.text)
        if words:
            haystack = _norm(" ".join([card.id, *card.name.values(), *card.text.values()]))
            return all(word in haystack for word in words.split())
        return True


def filter_cards(cards: Mapping[str, CardDef], facets: Facets,
                 chosen: CardFilter) -> list[CardDef]:
    """The cards passing ``chosen``, in pool order."""
    return [card for card in cards.values() if chosen.matches(card, facets)]


def values_of(cards: Iterable[CardDef], key: str) -> list[str | int]:
    """The distinct values of field ``key`` (``"type"`` for the card type) among
    ``cards``, sorted (numbers ascending); cards without it are left out."""
    found: set[str | int] = set()
    for card in cards:
        value = card.type if key == "type" else card.get(key)
        if isinstance(value, bool) or value is None or value == "":
            continue
        if isinstance(value, (str, int)):
            found.add(value)
    return sorted(found, key=lambda v: (isinstance(v, str), v))
