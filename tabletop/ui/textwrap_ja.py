"""Line breaking that reads well in Japanese and English (card faces, side panel, toast).

pygame's own wrapping (``font.render(..., wraplength)``) breaks Japanese anywhere:
a line may start with 「。」「、」「）」 or a small kana, and a katakana word may be
split. Everything the window wraps goes through here instead:

* :func:`wrap_words` / :func:`wrap_text` split text into lines no wider than a width,
  at spaces (English) and between characters (Japanese), keeping katakana and Latin
  words, kanji compounds (手札強化) and numbers and times (09:20, 1,000) whole where
  they fit, never at a no-break space, and the kinsoku rules (no line starts with a
  closing mark, small kana, ー or a sentence end; none ends with an opening mark);
* :func:`render_wrapped` draws such lines into one surface (what ``wraplength`` did);
* :func:`wrapped_text_box` builds a pygame_gui text box whose text is broken here:
  pygame_gui wraps text boxes by itself, between any two characters of Japanese, so
  it is given lines that already fit and never needs to break one.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pygame

from tabletop.core.text_chars import printable

__all__ = ["BOX_SPARE_PX", "CJK_START", "NO_LINE_END", "NO_LINE_START", "box_markup", "ellipsize",
           "render_wrapped", "rewrap_text_box", "wrap_text", "wrap_words", "wrapped_text_box"]

#: Characters a line may not start with (Japanese kinsoku: closing marks, small kana,
#: the long vowel mark, sentence ends).
NO_LINE_START = frozenset("、。，．・：；？！ー〜…‥）」』】〉》〕］｝"
                          "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;?!)]}%")
#: From here on (CJK punctuation, kana, kanji, full-width forms) text has no spaces
#: to break at and pygame_gui's own wrapping would break it between any characters.
CJK_START = 0x2E80
#: Characters a line may not end with (opening marks).
NO_LINE_END = frozenset("（「『【〈《〔［｛([{")
#: Spaces that join: no line break before or after them (no-break space, word joiner).
NO_BREAK = frozenset("\u00a0\u2060\u202f")
#: Marks inside a number or a time (09:20, 1,000, 2.5, 3/4): no break after them when
#: a digit follows (before them kinsoku already forbids one).
IN_NUMBER = frozenset(":.,/：")


def _word_class(ch: str) -> str:
    """The kind of run a character belongs to: runs of katakana (with ー) and of Latin
    letters / digits are words that are not broken when avoidable."""
    code = ord(ch)
    if 0x30A0 <= code <= 0x30FF and ch != "・" or 0xFF66 <= code <= 0xFF9F:
        return "kata"
    if ch.isascii() and (ch.isalnum() or ch in "'-"):
        return "latin"
    if 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or ch in "々〆ヶ":
        return "kanji"  # a compound such as 手札強化 is a catalogue term: one word
    if 0xFF10 <= code <= 0xFF19:
        return "latin"  # full-width digits: a number like ASCII ones
    return "other"


def _may_break(prev: str, ch: str) -> bool:
    """May a line break fall between ``prev`` and ``ch``? At spaces (English); in
    Japanese between any two characters except inside a katakana, kanji or Latin word
    or a number / time (``09:20``), at a no-break space, before a closing mark / small
    kana / ー, or after an opening mark."""
    if ch in NO_BREAK or prev in NO_BREAK:
        return False
    if ch == " " or prev == " ":
        return True
    if ch in NO_LINE_START or prev in NO_LINE_END:
        return False
    if prev in IN_NUMBER and ch.isdigit():
        return False
    kind = _word_class(ch)
    return not (kind != "other" and kind == _word_class(prev))


def _units(para: str) -> list[str]:
    """``para`` cut at every allowed break (spaces stay with the unit before them)."""
    units: list[str] = []
    unit = ""
    for ch in para:
        if unit and _may_break(unit[-1], ch) and not (ch == " " and unit[-1] != " "):
            units.append(unit)
            unit = ""
        unit += ch
    if unit:
        units.append(unit)
    return units


def wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str] | None:
    """Split ``text`` into lines no wider than ``width`` pixels, breaking only where
    :func:`wrap_text` prefers to (spaces; in Japanese between characters, but never
    inside a katakana or Latin word nor against kinsoku); None when a single word is
    wider than ``width`` (the caller may shrink the font instead)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for unit in _units(para):
            trial = line + unit
            if font.size(trial.rstrip())[0] <= width:
                line = trial
                continue
            if font.size(unit.strip())[0] > width:
                return None
            if line.strip():
                lines.append(line.rstrip())
            line = unit.lstrip()
        lines.append(line.rstrip())
    return [ln for ln in lines if ln] or [""]


def _cut_unit(unit: str, font: pygame.font.Font, width: int) -> list[str]:
    """A word wider than ``width`` cut between characters, never so that a piece
    starts with a character of :data:`NO_LINE_START` nor ends with one of
    :data:`NO_LINE_END` (the cut moves earlier instead). A word joined by no-break
    spaces (a date and its time) is cut at those first."""
    joints = [k + 1 for k, ch in enumerate(unit[:-1]) if ch in NO_BREAK]
    if joints:
        parts = [unit[a:b] for a, b in zip([0, *joints], [*joints, len(unit)], strict=True)]
        out: list[str] = []
        line = ""
        for part in parts:
            if font.size((line + part).rstrip())[0] <= width:
                line += part
                continue
            if line:
                out.append(line)
            cut = _cut_unit(part, font, width) if font.size(part.rstrip())[0] > width \
                else [part]
            out += cut[:-1]
            line = cut[-1]
        return [*out, line] if line else out
    pieces: list[str] = []
    piece = ""
    for ch in unit:
        if piece and font.size(piece + ch)[0] > width:
            if ch not in NO_LINE_START and piece[-1] not in NO_LINE_END:
                pieces.append(piece)
                piece = ""
            else:  # cut earlier, where a piece may start
                at = next((k for k in range(len(piece) - 1, 0, -1)
                           if piece[k] not in NO_LINE_START
                           and piece[k - 1] not in NO_LINE_END), 0)
                if at:
                    pieces.append(piece[:at])
                    piece = piece[at:]
        piece += ch
    if piece:
        pieces.append(piece)
    return pieces


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels.

    Breaks at spaces where there are any (English) and between characters otherwise
    (Japanese has no spaces), keeping katakana and Latin words whole and the kinsoku
    rules (see :func:`wrap_words`); only a word wider than a whole line is cut between
    characters (still never before a closing mark or small kana). Explicit newlines
    are kept.
    """
    words = wrap_words(text, font, width)
    if words is not None:
        return words
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for unit in _units(para):
            trial = line + unit
            if font.size(trial.rstrip())[0] <= width:
                line = trial
                continue
            if line.strip():
                lines.append(line.rstrip())
            line = ""
            unit = unit.lstrip()
            if font.size(unit.rstrip())[0] <= width:
                line = unit
                continue
            pieces = _cut_unit(unit, font, width)
            lines += [p.rstrip() for p in pieces[:-1]]
            line = pieces[-1]
        lines.append(line.rstrip())
    return [ln for ln in lines if ln] or [""]


def ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` pixels (control characters
    as U+FFFD, :func:`~tabletop.core.text_chars.printable`)."""
    text = printable(text)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def render_wrapped(font: pygame.font.Font, text: str, colour: tuple[int, int, int],
                   width: int, centre: bool = False) -> pygame.Surface:
    """``text`` wrapped at ``width`` pixels (:func:`wrap_text`) and rendered antialiased
    on a transparent surface, lines left-aligned (or centred), one line height apart.
    The surface is as wide as the widest line (at most about ``width``). A control
    character (a NUL from a user's file) is drawn as U+FFFD, never refused."""
    lines = wrap_text(printable(text), font, max(1, width))
    rendered = [font.render(line, True, colour) for line in lines]
    step = font.get_linesize()
    w = max(1, max(s.get_width() for s in rendered))
    h = max(font.get_height(), step * (len(rendered) - 1) + font.get_height())
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for i, line in enumerate(rendered):
        x = (w - line.get_width()) // 2 if centre else 0
        surf.blit(line, (x, i * step))
    return surf


#: Pixels kept spare when wrapping for a pygame_gui text box: it sums rounded chunk
#: widths, so a line wrapped at one pixel under its width was broken again ("光" alone,
#: then a blank row: the Japanese menu at 800x600, QA16 #20).
BOX_SPARE_PX = 4


def box_markup(text: str, font: Any, width: int) -> str:
    """``text`` wrapped at ``width`` pixels (:func:`wrap_text`) as pygame_gui text-box
    markup: each line escaped, lines joined by ``<br>``. ``font`` needs only ``size``
    (a :class:`pygame.font.Font` or pygame_gui's own font object)."""
    return "<br>".join(html.escape(line) for line in wrap_text(text, font, max(1, width)))


def rewrap_text_box(box: Any, text: str) -> Any:
    """Give the pygame_gui ``UITextBox`` ``box`` plain ``text`` in lines of
    :func:`wrap_text` that fit the width it wraps at, measured with the font it draws
    with (padding, border and a scroll bar are pygame_gui's to decide), so pygame_gui
    breaks none of them. Explicit newlines stay line breaks. Returns ``box``.

    Text without Japanese is left as it is: pygame_gui breaks it at spaces too, and
    its markup stays the text as given."""
    if not any(ord(ch) >= CJK_START for ch in text):
        return box
    for _ in range(3):  # a scroll bar appearing narrows the width once more
        width = int(box.text_wrap_rect.width)
        if width <= 0:  # a box that does not wrap
            return box
        font = box.ui_theme.get_font(box.combined_element_ids)
        box.set_text(box_markup(text, font, width - BOX_SPARE_PX))
        if int(box.text_wrap_rect.width) >= width:
            break
    return box


def wrapped_text_box(make: Callable[[str], Any], text: str) -> Any:
    """A pygame_gui ``UITextBox`` built by ``make(markup)`` (rectangle, manager,
    container and object id are the caller's) showing plain ``text`` wrapped here
    (:func:`rewrap_text_box`)."""
    return rewrap_text_box(make(html.escape(text).replace("\n", "<br>")), text)
