"""Control characters in user text (issue 16 QA #1-#3).

A card file, a deck file or a CSV cell is the user's text: valid TOML or CSV may
still hold a NUL (``"\\u0000"``) or another control character, which no font draws and
which pygame's and pygame_gui's text rendering refuse with ``ValueError`` (the window
closed). Such text is refused where it is read (:func:`control_problem`, naming the
character), and whatever reaches the drawing layer anyway is made drawable there
(:func:`printable`: defence in depth).
"""

from __future__ import annotations

import re

__all__ = ["CONTROL", "control_problem", "printable"]

#: Control characters (Unicode category Cc) except the tab, line feed and carriage
#: return a multi-line rules text or a CSV file may hold.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_problem(text: str) -> str:
    """``""`` when ``text`` has no control character, else what is wrong, naming the
    first one and its place: ``"contains the control character U+0000 (at character
    4): retype the text"``."""
    found = CONTROL.search(text)
    if found is None:
        return ""
    return (f"contains the control character U+{ord(found.group()):04X} (at character "
            f"{found.start() + 1}): retype the text")


def printable(text: str) -> str:
    """``text`` with every control character (:data:`CONTROL`) replaced by U+FFFD
    (the replacement character), so a text drawer never refuses it."""
    return CONTROL.sub("\ufffd", text) if CONTROL.search(text) else text
