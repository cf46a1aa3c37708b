"""Message helpers: the parameters every 絵師100人展 text uses (cards, seats, phases)."""

from __future__ import annotations

from tabletop.core.messages import Message, msg, seat_msg
from tabletop.core.model import GameState

__all__ = ["card_msg", "inst_msg", "phase_msg", "seat_msg", "square_msg"]


def card_msg(card_id: str) -> Message:
    """The name of a printed card."""
    return msg(f"card.{card_id}")


def inst_msg(state: GameState, iid: int) -> Message:
    """The name of the card behind an instance (only for cards the reader may see)."""
    return card_msg(state.cards[iid].card_id)


def phase_msg(phase: str) -> Message:
    """The name of a phase (catalogue ``phase.eshi100.<id>``)."""
    return msg(f"phase.eshi100.{phase}")


def square_msg(square: int, seat: int = 0) -> Message:
    """A square named by column and row, from 1, as ``seat`` sees the grid: counted from
    that seat's own bottom-left corner (its start square is "column 1, row 1"). Messages
    to one player (refusals, their own actions) use that player's seat; the shared log
    uses player 1's (seat 0)."""
    col, row = square % 4, square // 4
    if seat == 1:  # player 2 sits across the table: the grid turned half-way round
        col, row = 3 - col, 3 - row
    return msg("square.eshi100", col=col + 1, row=row + 1)
