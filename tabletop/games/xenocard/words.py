"""Message helpers: the parameters every Xenocard text uses.

Catalogue keys (``assets/i18n/xenocard_en.toml`` / ``_ja.toml``): card names
``card.<id>``, seats ``seat.<n>``, phases ``phase.xenocard.<id>``, attributes
``attribute.xenocard.<id>``, attack types ``attack.xenocard.<id>``, slots
``slot.xenocard.<name>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tabletop.core.messages import Message, msg, seat_msg, zone_msg
from tabletop.core.model import GameState

__all__ = ["attack_msg", "attr_list_msg", "attr_msg", "card_msg", "cell_msg", "inst_msg",
           "phase_msg", "seat_msg", "zone_msg"]


def card_msg(card_id: str) -> Message:
    """The name of a printed card."""
    return msg(f"card.{card_id}")


def inst_msg(state: GameState, iid: int) -> Message:
    """The name of the card behind an instance (only for cards the reader may see)."""
    return card_msg(state.cards[iid].card_id)


def phase_msg(phase: str) -> Message:
    """The name of a phase."""
    return msg(f"phase.xenocard.{phase}")


def attr_msg(attribute: str) -> Message:
    """The name of an attribute ("Human"), or "Any"."""
    return msg(f"attribute.xenocard.{attribute}")


def attack_msg(attack: str) -> Message:
    """The name of an attack type ("melee")."""
    return msg(f"attack.xenocard.{attack}")


def attr_list_msg(attributes: Iterable[str]) -> Message | list[Message]:
    """A condition or a shortfall as "Human x2, Any x1" (counted, in condition order)."""
    counts = Counter(attributes)
    if not counts:
        return msg("xenocard.nothing")
    return [msg("xenocard.attr_count", attribute=attr_msg(a), n=n) for a, n in counts.items()]


def cell_msg(zone_id: str, slot: str) -> Message:
    """A slot in plain words: "Player 1's battle field, front left"."""
    return msg("xenocard.cell", zone=zone_msg(zone_id), slot=msg(f"slot.xenocard.{slot}"))
