"""Arc's two moves off the top of a deck: draw into the hand and mill to the discard
pile (ARC-R1 draws, ARC-R5 and the abilities' mill effect). A module of their own so
that the abilities and the turn both use them without importing each other."""

from __future__ import annotations

from tabletop.core import piles
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.arc.words import card_msg, seat_msg
from tabletop.games.arc.zones import zid

__all__ = ["draw", "mill"]


def draw(state: GameState, seat: int, n: int) -> list[int]:
    """Move up to ``n`` cards from the top of ``seat``'s deck to the hand and log it.

    Only the drawer reads the names (ALL-R2); the other seat reads the count.
    """
    return piles.draw(state, seat, n, zid(seat, "deck"), zid(seat, "hand"),
                      "log.arc.draws", "log.arc.draws_seen")


def mill(state: GameState, seat: int, n: int) -> list[int]:
    """Discard up to ``n`` cards from the top of ``seat``'s deck (ARC-R5, mill effects)."""
    milled = piles.move_from_top(state, zid(seat, "deck"), zid(seat, "discard"), n)
    if milled:
        names = [card_msg(state.cards[i].card_id) for i in milled]
        state.add_log(msg("log.arc.mills", player=seat_msg(seat), n=len(milled), cards=names))
    return milled
