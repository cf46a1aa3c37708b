"""Message helpers: the parameters every Xenocard text uses.

Catalogue keys (``assets/i18n/xenocard_en.toml`` / ``_ja.toml``): card names
``card.<id>``, seats ``seat.<n>``, phases ``phase.xenocard.<id>``, attributes
``attribute.xenocard.<id>``, attack types ``attack.xenocard.<id>``, slots
``slot.xenocard.<name>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tabletop.core.messages import Message, card_msg, inst_msg, msg, seat_msg, zone_msg

__all__ = ["attack_msg", "attr_list_msg", "attr_msg", "card_msg", "cell_msg", "inst_msg",
           "phase_msg", "seat_msg", "zone_msg"]


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
