"""The deck being edited in the deck builder, without any drawing (headless, typed).

A :class:`DeckDraft` is a deck of one game over its pool (the game's cards and the
user's): copies are added to the pile a card belongs in
(:func:`tabletop.core.deck_text.natural_pile`: Conan's Foes to the Foe deck, the
Conan card to ``[conan]``, every other card to the draw deck) and taken away again;
its legality is the game's own (:func:`tabletop.core.deck_check.check`), counted by
:func:`tabletop.core.deck_stats.deck_stats`. ``saved_id`` is the user deck file it
was loaded from or saved to (None: never saved, or a ready-made deck).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.deck_check import DeckProblem, check
from tabletop.core.deck_pool import Pool
from tabletop.core.deck_stats import DeckStats, deck_stats
from tabletop.core.deck_text import natural_pile, piles_of
from tabletop.core.decks import MAX_COUNT, Deck

__all__ = ["DeckDraft"]


@dataclass
class DeckDraft:
    """An editable deck (see the module docstring). ``sections``: pile -> {card id:
    count} in the order cards were first added; ``dirty``: changed since loaded or
    saved."""

    pool: Pool
    deck_id: str
    name: dict[str, str]
    sections: dict[str, dict[str, int]] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    saved_id: str | None = None
    dirty: bool = False

    @classmethod
    def from_deck(cls, pool: Pool, deck: Deck, saved_id: str | None) -> DeckDraft:
        """A draft holding ``deck`` (copied: editing the draft leaves ``deck`` alone)."""
        return cls(pool, deck.id, dict(deck.name),
                   {p: dict(entries) for p, entries in deck.sections.items()},
                   dict(deck.options), saved_id)

    @property
    def game(self) -> str:
        """The game's id."""
        return self.pool.game

    @property
    def piles(self) -> tuple[str, ...]:
        """The game's piles, in order (``cards``; Conan ``conan``, ``draw``, ``foe``)."""
        return piles_of(self.game)

    def deck(self) -> Deck:
        """The draft as a :class:`~tabletop.core.decks.Deck` (piles in the game's
        order, empty piles left out)."""
        order = [*(p for p in self.piles if p in self.sections),
                 *(p for p in self.sections if p not in self.piles)]
        sections = {p: dict(self.sections[p]) for p in order if self.sections[p]}
        return Deck(self.deck_id, dict(self.name), sections, dict(self.options))

    def pile_for(self, cid: str) -> str:
        """The pile a copy of ``cid`` is added to."""
        types = {card.type for card in self.pool.cards.values()}
        return natural_pile(self.pool.cards[cid], self.piles, types)

    def count(self, cid: str, pile: str | None = None) -> int:
        """Copies of ``cid`` in ``pile`` (None: in every pile)."""
        piles = [pile] if pile is not None else list(self.sections)
        return sum(self.sections.get(p, {}).get(cid, 0) for p in piles)

    def add(self, cid: str, pile: str | None = None) -> bool:
        """One more copy of ``cid`` (into ``pile``, default :meth:`pile_for`). False
        (nothing changed) for a card not in the pool or at MAX_COUNT copies. The
        construction rules' limits are not enforced here: the draft may be illegal
        and says why (:meth:`problems`)."""
        if cid not in self.pool.cards:
            return False
        target = pile or self.pile_for(cid)
        entries = self.sections.setdefault(target, {})
        if entries.get(cid, 0) >= MAX_COUNT:
            return False
        entries[cid] = entries.get(cid, 0) + 1
        self.dirty = True
        return True

    def remove(self, cid: str, pile: str | None = None) -> bool:
        """One copy of ``cid`` fewer (from ``pile``, default the first pile holding
        it); False when there is none."""
        piles = [pile] if pile is not None else [p for p in self.sections if cid in
                                                 self.sections[p]]
        for p in piles:
            entries = self.sections.get(p, {})
            if entries.get(cid, 0) > 0:
                entries[cid] -= 1
                if not entries[cid]:
                    del entries[cid]
                self.dirty = True
                return True
        return False

    def rename(self, names: Mapping[str, str]) -> None:
        """Give the deck a new name (``{"en": ..., "ja": ...}``; blank ones ignored)."""
        for lang, text in names.items():
            if text.strip() and self.name.get(lang) != text.strip():
                self.name[lang] = text.strip()
                self.dirty = True

    def set_option(self, key: str, value: Any | None) -> None:
        """Set a deck option (Arc's ``alignment``); None removes it."""
        if value is None:
            if self.options.pop(key, None) is not None:
                self.dirty = True
        elif self.options.get(key) != value:
            self.options[key] = value
            self.dirty = True

    def problems(self) -> list[DeckProblem]:
        """Why the deck is illegal now (the game's own rules), empty when legal."""
        return check(self.game, self.pool.cards, self.deck())

    def stats(self) -> DeckStats:
        """The deck counted (cards per pile, cost curve, type and group split)."""
        return deck_stats(self.deck(), self.pool.cards, self.game)
