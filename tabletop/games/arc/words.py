"""Message helpers: the parameters every Arc text uses (card names, seats, colours).

Card names are catalogue keys ``card.<card_id>`` and seats ``seat.<n>`` so the
text follows the viewer's language (the catalogue resolves them).
"""

from __future__ import annotations

from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState


def seat_msg(seat: int) -> Message:
    """The name of a seat ("Player 1")."""
    return msg(f"seat.{seat}")


def card_msg(card_id: str) -> Message:
    """The name of a printed card."""
    return msg(f"card.{card_id}")


def inst_msg(state: GameState, iid: int) -> Message:
    """The name of the card behind an instance (only for cards the reader may see)."""
    return card_msg(state.cards[iid].card_id)


def colour_msg(colour: str) -> Message:
    """The name of a colour ("red")."""
    return msg(f"colour.{colour}")


def phase_msg(phase: str) -> Message:
    """The name of an Arc phase (catalogue ``phase.arc.<id>``)."""
    return msg(f"phase.arc.{phase}")
