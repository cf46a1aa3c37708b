"""Problems the program worked around, for the player to be told once in the window.

A broken message catalogue, theme or font must never stop the program: the code
that reads it falls back to the built-in one and :func:`report` s what happened.
The menu shows what :func:`take` returns in one message (issue 9: "fall back with a
message"). Plain strings naming the file and the field, in English: they are
about files, and the catalogue that would translate them may be the broken one.
"""

from __future__ import annotations

import threading

__all__ = ["first_time", "forget", "report", "take"]

#: At most this many notices are kept; later ones are counted, not stored.
MAX_NOTICES = 20

_lock = threading.Lock()
_notices: list[str] = []
_dropped = 0
#: Every text told this run: a problem reported again (the same unreadable picture
#: read by the next table's renderer) is not told again (issue 16 QA 12).
_told: set[str] = set()


def report(text: str) -> None:
    """Remember ``text`` (a problem worked around) to tell the player; the same text
    twice is told once per run (a changed file gives another text: told again)."""
    global _dropped
    with _lock:
        if text in _notices or text in _told:
            return
        if len(_notices) >= MAX_NOTICES:
            _dropped += 1
            return
        _notices.append(text)


def take() -> list[str]:
    """The notices reported since the last call, oldest first (then forgotten); a last
    line counts the ones beyond :data:`MAX_NOTICES`."""
    global _dropped
    with _lock:
        out = list(_notices)
        _told.update(_notices)
        if _dropped:
            out.append(f"... and {_dropped} more (see the program's log)")
        _notices.clear()
        _dropped = 0
    return out


def first_time(text: str) -> bool:
    """True the first time this run ``text`` is asked about (then remembered as told):
    a screen that tells its own file problems (the deck builder) tells each once per
    run, as :func:`report` does (QA16b #17). :func:`forget` starts over."""
    with _lock:
        if text in _told:
            return False
        _told.add(text)
        return True


def forget() -> None:
    """Forget what was told this run, so it is told again (a fresh start: tests)."""
    with _lock:
        _told.clear()
