"""Line breaking that may split a word, for short texts that must show whole (card names).

:func:`~tabletop.ui.textwrap_ja.wrap_words` never splits a word: a name whose word is
wider than the line is then left out of a small face. :func:`wrap_split` breaks the
same places and, when allowed, also inside a word, the way typesetting does:

* Japanese (katakana, kanji, kana): between any two characters, keeping kinsoku: never
  before a small kana, ー or a closing mark (:data:`NO_LINE_START`), never after an
  opening mark, never inside a number (no hyphen is added);
* English: at a syllable-ish point with a hyphen ("Emer-gency", "Navi-gator": between
  two consonants that are no digraph, or before a consonant followed by a vowel),
  keeping at least two letters before the break and three after it.

Lines may differ in width (``widths``: the first line beside a cost disc, the next
ones under it).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.ui.textwrap_ja import IN_NUMBER, NO_LINE_END, NO_LINE_START, _units

__all__ = ["HYPHEN", "split_word", "wrap_split"]

HYPHEN = "-"
#: How far :func:`wrap_split` may split words: never, a word wider than the line it
#: starts (then it starts a line of its own), or any word to fill a line's end.
NEVER, LONG, FILL = 0, 1, 2
_VOWELS = frozenset("aeiouyAEIOUY")
#: Letter pairs read as one sound: no hyphen between them.
_DIGRAPHS = frozenset({"ch", "sh", "th", "ph", "wh", "gh", "ck", "ng", "qu", "gu", "nk",
                       "rh", "kn", "wr"})
#: Consonant pairs that begin an English syllable: after another consonant the break
#: goes before them ("Brush-stroke", not "Brusht-roke").
_ONSETS = frozenset({"bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sc",
                     "sk", "sl", "sm", "sn", "sp", "st", "sw", "tr", "tw"})


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


def _syllable_points(word: str) -> list[int]:
    """Indices ``k`` where ``word[:k] + "-"`` / ``word[k:]`` reads as a syllable break,
    best (syllable-like) ones first is not needed: the caller takes the longest fit."""
    points = []
    for k in range(2, len(word) - 2):
        a, b = word[k - 1], word[k]
        if not (_latin(a) and _latin(b)):
            continue
        c = word[k + 1] if k + 1 < len(word) else ""
        pair = (a + b).lower()
        if a not in _VOWELS and b not in _VOWELS and pair not in _DIGRAPHS:
            if pair in _ONSETS and _latin(word[k - 2]) and word[k - 2] not in _VOWELS:
                continue  # Brush|stroke: not inside the cluster that starts "stroke"
            points.append(k)  # Emer|gency, Ser|geant
        elif a in _VOWELS and b not in _VOWELS and c in _VOWELS and \
                (word[k - 2:k + 1].lower() not in ("que",)):
            points.append(k)  # Navi|gator, Reso|nance
        elif a in _VOWELS and b in _VOWELS and a.lower() in "iy" and b.lower() in "aou":
            points.append(k)  # Levi|athan
    return points


def _char_points(unit: str) -> list[int]:
    """Indices where Japanese typesetting may break inside ``unit`` (kinsoku kept)."""
    points = []
    for k in range(1, len(unit)):
        prev, ch = unit[k - 1], unit[k]
        if ch in NO_LINE_START or prev in NO_LINE_END or ch == " " or prev == " ":
            continue
        if (prev in IN_NUMBER or prev.isdigit()) and ch.isdigit() or prev.isdigit():
            continue  # inside a number, or between a number and its counter (7号)
        if _latin(prev) or _latin(ch) or prev.isdigit() and _latin(ch):
            continue  # Latin words break by syllable only
        points.append(k)
    return points


def _name_units(text: str) -> list[str]:
    """:func:`~tabletop.ui.textwrap_ja._units`, with a number kept with the counter
    after it (7号, 3体)."""
    units: list[str] = []
    for unit in _units(text):
        if units and units[-1][-1:].isdigit() and not unit[:1].isspace() \
                and not unit[:1].isascii():
            units[-1] += unit
        else:
            units.append(unit)
    return units


def split_word(unit: str, font: pygame.font.Font, width: int) -> tuple[str, str] | None:
    """The longest head of ``unit`` (a word, perhaps with its trailing space) that fits
    ``width`` pixels when broken where allowed (Latin with a hyphen), and the rest;
    None when no break makes a head that fits."""
    word = unit.rstrip()
    tail_space = unit[len(word):]
    best: tuple[str, str] | None = None
    for k in _char_points(word):
        if font.size(word[:k])[0] <= width:
            best = (word[:k], word[k:] + tail_space)
    latin_best: tuple[str, str] | None = None
    for k in _syllable_points(word):
        if font.size(word[:k] + HYPHEN)[0] <= width:
            latin_best = (word[:k] + HYPHEN, word[k:] + tail_space)
    if latin_best is not None and (best is None or len(latin_best[0]) - 1 > len(best[0])):
        return latin_best
    return best


def wrap_split(text: str, font: pygame.font.Font, widths: Sequence[int],
               split: int = LONG, max_lines: int = 99) -> list[str] | None:
    """``text`` in lines, line ``k`` no wider than ``widths[min(k, len - 1)]`` pixels,
    broken where :func:`~tabletop.ui.textwrap_ja.wrap_words` breaks and, by ``split``
    (:data:`NEVER`, :data:`LONG`, :data:`FILL`), inside words (:func:`split_word`).
    None when it needs more than ``max_lines`` lines or a piece fits nowhere.
    Explicit newlines are not expected (names)."""
    def width(k: int) -> int:
        return widths[min(k, len(widths) - 1)]

    lines: list[str] = []
    line = ""
    pending = _name_units(text.replace("\n", " "))
    while pending:
        unit = pending.pop(0)
        if font.size((line + unit).rstrip())[0] <= width(len(lines)):
            line += unit
            continue
        room = width(len(lines))
        if split == FILL and line.strip():
            left = room - font.size(line)[0]
            parts = split_word(unit, font, left)
            if parts is not None:
                lines.append((line + parts[0]).rstrip())
                line = ""
                pending.insert(0, parts[1])
                if len(lines) >= max_lines:
                    return None
                continue
        if line.strip():
            lines.append(line.rstrip())
            line = ""
            if len(lines) >= max_lines:
                return None
            pending.insert(0, unit.lstrip())
            continue
        # the unit alone is wider than a whole line
        unit = unit.lstrip()
        parts = split_word(unit, font, width(len(lines))) if split != 0 else None
        if parts is None:
            return None
        lines.append(parts[0])
        if len(lines) >= max_lines:
            return None
        pending.insert(0, parts[1])
    if line.strip():
        lines.append(line.rstrip())
    if len(lines) > max_lines or not lines:
        return None
    return lines
