"""Message helpers: the parameters every Arc text uses (card names, seats, colours).

Card names are catalogue keys ``card.<card_id>`` and seats ``seat.<n>`` so the
text follows the viewer's language (the catalogue resolves them).
"""

from __future__ import annotations

from tabletop.core.messages import Message, card_msg, inst_msg, msg, seat_msg

__all__ = ["card_msg", "colour_msg", "inst_msg", "phase_msg", "seat_msg"]


def colour_msg(colour: str) -> Message:
    """The name of a colour ("red")."""
    return msg(f"colour.{colour}")


def phase_msg(phase: str) -> Message:
    """The name of an Arc phase (catalogue ``phase.arc.<id>``)."""
    return msg(f"phase.arc.{phase}")
