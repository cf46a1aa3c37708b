"""Seat zone ids, named alike in every game: ``p<seat>.<kind>`` (``"p0.hand"``).

Shared zones (Conan's battlefield, the 絵師100人展 grid) have ids of their own;
:func:`~tabletop.core.messages.zone_msg` names both kinds in words.
"""

from __future__ import annotations

__all__ = ["zid", "zone_kind"]


def zid(seat: int, kind: str) -> str:
    """The id of ``seat``'s zone of ``kind`` (``zid(0, "hand") == "p0.hand"``)."""
    return f"p{seat}.{kind}"


def zone_kind(zone_id: str) -> tuple[int, str] | None:
    """Split ``"p1.hand"`` into ``(1, "hand")``; None for a foreign id."""
    head, _, kind = zone_id.partition(".")
    if len(head) != 2 or head[0] != "p" or head[1] not in "01" or not kind:
        return None
    return int(head[1]), kind
