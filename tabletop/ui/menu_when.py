"""When an unfinished game was saved, as short as it can be said (QA16b #14).

The menu's list of unfinished games gives each game a line "Turn 3, Player 1 to play ·
saved 2026-12-02 00:39"; at 1366x768 the date went to a third line and only one game
fitted a page. A save of today says only the time, one of this year the month and day
too, an older one the whole date.
"""

from __future__ import annotations

from datetime import datetime

__all__ = ["short_when"]


def short_when(iso: str, now: datetime | None = None) -> str:
    """``iso`` (an ISO 8601 time, as saves keep it) in local time: ``"00:39"`` when it is
    the day of ``now`` (default: now, local), ``"12-02 00:39"`` in the same year,
    else ``"2025-12-02 00:39"``. A text that is no ISO time is shown as it is (its
    first 16 characters, a ``T`` made a space). Never raises."""
    try:
        when = datetime.fromisoformat(iso).astimezone()
    except (ValueError, OverflowError, OSError):
        return iso.replace("T", " ")[:16]
    today = (now or datetime.now()).astimezone()
    if when.date() == today.date():
        return when.strftime("%H:%M")
    if when.year == today.year:
        return when.strftime("%m-%d %H:%M")
    return when.strftime("%Y-%m-%d %H:%M")
