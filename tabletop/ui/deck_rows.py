"""What the deck builder's two lists show, as :class:`~tabletop.ui.deck_lists.Row` s:
the pool's cards (filtered, with how many copies the deck holds) and the deck's cards
pile by pile (Conan's piles as headings, the Foe deck with its renown). Words come from
the catalogues (``decks.type.<game>.<type>``, ``decks.value.<game>.<value>``...); a
user's own card type or value that the catalogues cannot know is shown as written."""

from __future__ import annotations

from tabletop import i18n
from tabletop.core.deck_filter import CardFilter, filter_cards
from tabletop.core.deck_pool import Pool
from tabletop.core.deck_stats import DeckStats, facets_of
from tabletop.ui.deck_lists import Row
from tabletop.ui.deck_model import DeckDraft

__all__ = ["card_note", "deck_rows", "label", "pool_rows"]


def label(key: str, fallback: str) -> str:
    """The catalogue text of ``key``, or ``fallback`` when the catalogue has none."""
    return i18n.t(key) if i18n.has_text(key) else fallback


def card_note(pool: Pool, cid: str) -> str:
    """A pool card's second line: type, colour/kind, Arc's alignment, cost, power (and
    Conan's renown),
    and "your card" for one of the user's."""
    game = pool.game
    card = pool.cards[cid]
    facets = facets_of(game)
    parts = [label(f"decks.type.{game}.{card.type}", card.type)]
    group = card.get(facets.group)
    if isinstance(group, str) and group:
        parts.append(label(f"decks.value.{game}.{group}", group))
    alignment = card.get("alignment")  # Arc: a Good deck refuses Evil cards (QA16 #13)
    if isinstance(alignment, str) and i18n.has_text(f"alignment.{alignment}"):
        parts.append(i18n.t(f"alignment.{alignment}"))
    cost = card.number(facets.cost)
    if cost is not None:
        parts.append(f"{i18n.t(f'decks.cost.{game}')} {cost}")
    power = card.number(facets.power)
    if power is not None:
        parts.append(f"{label(f'decks.facet.{facets.power}', facets.power)} {power}")
    total = card.number(facets.total) if facets.total else None
    if total is not None:
        parts.append(f"{i18n.t(f'decks.extra.{facets.total}')} {total}")
    if pool.is_user_card(cid):
        parts.append(i18n.t("decks.user_card"))
    return " · ".join(parts)


def pool_rows(pool: Pool, draft: DeckDraft, chosen: CardFilter, lang: str) -> list[Row]:
    """The pool's cards passing ``chosen``, in pool order, each with its copies in
    the deck on the right."""
    rows = []
    for card in filter_cards(pool.cards, facets_of(pool.game), chosen):
        n = draft.count(card.id)
        rows.append(Row(card.id, "", card.display_name(lang), card_note(pool, card.id),
                        i18n.t("decks.in_deck", n=n) if n else "",
                        mark=pool.is_user_card(card.id)))
    return rows


def deck_rows(pool: Pool, draft: DeckDraft, stats: DeckStats | None, lang: str) -> list[Row]:
    """The deck's cards, pile by pile; a heading per pile when the game has several."""
    game = pool.game
    facets = facets_of(game)
    several = len(draft.piles) > 1
    rows: list[Row] = []
    for pile, entries in draft.deck().sections.items():
        if several:
            n = sum(entries.values())
            name = label(f"decks.pile.{game}.{pile}", pile)
            if facets.total_pile == pile and stats is not None and stats.pile_total is not None:
                head = i18n.t("decks.pile_total", pile=name, n=n, total=stats.pile_total)
            else:
                head = i18n.t("decks.pile_count", pile=name, n=n)
            rows.append(Row("", pile, head, heading=True))
        for cid, count in entries.items():
            card = pool.cards.get(cid)
            rows.append(Row(cid, pile, card.display_name(lang) if card is not None else cid, "",
                            i18n.t("decks.in_deck", n=count), mark=pool.is_user_card(cid)))
    return rows
