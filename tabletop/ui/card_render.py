"""Card faces and backs drawn from card data, cached per size and turn (any game).

:class:`CardRenderer` is the shared part: the cache, turning a card by any angle,
and the face-up bookkeeping the hidden-information tests rely on. A game's window
plugin (:mod:`tabletop.ui.games`) subclasses it and overrides :meth:`CardRenderer.draw_face`
and :meth:`CardRenderer.draw_back` (Arc: :mod:`tabletop.ui.games.arc_cards`); the
defaults here draw a plain labelled card so a new game is playable before it has
its own faces.

Surfaces are cached per ``(card_id or "back", width, height, turn, lang)`` and
converted with ``convert_alpha`` (14x faster to blit; docs/architecture.md). A turned card is
the upright face rotated (exact for right angles, smoothed otherwise), cached too.

For hidden-information tests the renderer records every card id it hands out
face-up in :attr:`CardRenderer.faces_drawn` (cleared by the caller per frame) and
calls :attr:`CardRenderer.on_face`.

Text on faces (issue 10): every text a face draws goes through one fitting function,
:meth:`FaceText.fit`, which never clips: a text is drawn whole at the largest size
from the one asked down to the text floor (``fonts.floor_px``), wrapped at word
boundaries (kinsoku in Japanese, :func:`wrap_words`) into the lines allowed, inside
its box and clear of every text already on the face; failing that it is left out,
and recorded as left out (:attr:`CardRenderer.records`). Two kinds of text are never
left out (QA15 #3: a long name vanished, a 600-character text gave an empty box): the
card's own name (:attr:`FaceText.must_show`) and a body text of many lines
(``max_lines >= CUT_LINES``); failing to fit whole at the floor, they are drawn at the
floor, wrapped anywhere, in the lines the box holds, the last one cut with an ellipsis
(recorded in :attr:`FaceRecord.cut`; the hover's words say them whole). What a face tries to show
depends on its size in pixels (:meth:`CardRenderer.detail`): a small face on the
table shows the name, the numbers the rules use and the type; larger ones add lines
as room allows; the large hover view shows everything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from tabletop.i18n import t
from tabletop.ui.card_images import CardImages
from tabletop.ui.sleeves import sleeve_key, sleeve_rgb, sleeved
from tabletop.ui.surface_cache import SurfaceCache, window_budget
from tabletop.ui.textwrap_ja import ellipsize, wrap_text, wrap_words

__all__ = ["FULL", "MEDIUM", "SMALL", "CardRenderer", "FaceRecord", "FaceText", "FontSource",
           "PlacedText", "clear_of_text", "ellipsize", "fit_font", "fit_lines", "wrap_text",
           "wrap_words"]


class FontSource(Protocol):
    """Anything with ``get(size_px, bold) -> pygame.font.Font`` (e.g. ``ui.fonts.Fonts``)."""

    def get(self, size_px: int, bold: bool = False) -> pygame.font.Font: ...


_INK = (28, 26, 24)
_BODY = (240, 234, 220)
_FRAME = (120, 120, 128)
_BACK = (34, 42, 78)
_BACK_EDGE = (196, 168, 90)


def patterned_back(w: int, h: int, back: tuple[int, int, int] = _BACK,
                   edge: tuple[int, int, int] = _BACK_EDGE,
                   inset_colour: tuple[int, int, int] = (52, 64, 112)) -> pygame.Surface:
    """A card back ``w`` x ``h`` px on a transparent surface: rounded, filled ``back``,
    an ``edge`` frame and a thinner inset frame in ``inset_colour`` (the default back; a
    game's renderer draws its mark over it)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, w // 14)
    pygame.draw.rect(surf, back, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, edge, (0, 0, w, h), max(1, w // 30), border_radius=radius)
    inset = max(3, w // 9)
    pygame.draw.rect(surf, inset_colour, (inset, inset, w - 2 * inset, h - 2 * inset),
                     max(1, w // 40), border_radius=radius)
    return surf


def fit_lines(fonts: FontSource, text: str, width: int, size: int, minimum: int,
              bold: bool, max_lines: int = 2) -> tuple[int, pygame.font.Font, list[str]]:
    """``(size, font, lines)``: the largest font from ``size`` down to ``minimum`` in
    which ``text`` fits in at most ``max_lines`` lines without breaking a word
    (:func:`wrap_words`), and those lines. Failing that, the ``minimum`` font with
    :func:`wrap_text`'s lines, the last kept line ellipsized."""
    for s in range(size, minimum - 1, -1):
        font = fonts.get(s, bold)
        lines = wrap_words(text, font, width)
        if lines is not None and len(lines) <= max_lines:
            return s, font, lines
    font = fonts.get(minimum, bold)
    lines = wrap_text(text, font, width)
    kept = lines[:max_lines]
    if len(lines) > max_lines:
        kept[-1] = ellipsize(kept[-1] + "".join(lines[max_lines:]), font, width)
    return minimum, font, [ellipsize(ln, font, width) for ln in kept]


def fit_font(fonts: FontSource, text: str, width: int, size: int, minimum: int,
             bold: bool) -> pygame.font.Font:
    """The largest font from ``size`` down to ``minimum`` in which ``text`` fits."""
    while size > minimum and fonts.get(size, bold).size(text)[0] > width:
        size -= 1
    return fonts.get(size, bold)


#: Levels of detail of a face (:meth:`CardRenderer.detail`): the table's small faces
#: (name, numbers, type), medium ones (also secondary lines: type words, badges,
#: conditions) and full ones (also the rules text: the hover view).
SMALL, MEDIUM, FULL = 0, 1, 2
#: A face at least this many lines of floor-size text tall is MEDIUM, at least
#: :data:`_FULL_ROWS` FULL. Table faces are 4-8 lines tall at every window size (the
#: cards and the floor both grow with the window), the hover view 13 or more.
_MEDIUM_ROWS = 8.5
_FULL_ROWS = 12.0
#: A text fitted in this many lines or more is a body text: cut with an ellipsis
#: rather than left out when it fits nowhere whole (:meth:`FaceText.fit`).
CUT_LINES = 4
#: A body text is cut only where at least this many of its lines fit.
CUT_BODY_LINES = 3


@dataclass
class PlacedText:
    """One text drawn by :meth:`FaceText.fit`: the text asked for, the box it was given,
    each line with the rectangle of its ink on the surface, and the pixel size."""

    text: str
    box: pygame.Rect
    lines: list[tuple[str, pygame.Rect]]
    px: int

    @property
    def rect(self) -> pygame.Rect:
        """The union of the lines' ink."""
        return self.lines[0][1].unionall([r for _, r in self.lines[1:]])


@dataclass
class FaceRecord:
    """What the fitting function did on one drawn surface (a face, a chip, a tag)."""

    key: tuple[Any, ...]
    size: tuple[int, int]
    placed: list[PlacedText] = field(default_factory=list)
    #: Texts that fitted nowhere whole at the floor and were not drawn.
    left_out: list[str] = field(default_factory=list)
    #: Texts drawn cut with an ellipsis at the floor (a name, a long body text).
    cut: list[str] = field(default_factory=list)
    #: The surface drawn on, kept only with :attr:`CardRenderer.keep_surfaces` (tests).
    surface: pygame.Surface | None = None


def _ink(surf: pygame.Surface) -> pygame.Rect:
    """Where a rendered text has ink (its whole surface when it has none)."""
    rect = surf.get_bounding_rect()
    return rect if rect.w and rect.h else surf.get_rect()


def _line_ink(font: pygame.font.Font) -> int:
    """The ink height of a line of mixed Latin and Japanese text in ``font``."""
    return _ink(font.render("Ag受", True, (0, 0, 0))).h


class FaceText:
    """The one way text goes onto a face: fitted whole, wrapped, or left out.

    Args:
        fonts: the font source (its ``floor_px``, when it has one, is the text floor).
        surf: the surface drawn on.
        record: where the placed and left-out texts are written down.
    """

    def __init__(self, fonts: FontSource, surf: pygame.Surface, record: FaceRecord) -> None:
        self.fonts = fonts
        self.surf = surf
        self.record = record
        #: The smallest size text is drawn at (the floor; 7 px without one).
        self.floor = max(7, int(getattr(fonts, "floor_px", 0) or 0))
        self._taken: list[pygame.Rect] = []
        #: Texts never left out (the card's names, set by :meth:`CardRenderer.writer`):
        #: cut with an ellipsis at the floor when they fit nowhere whole.
        self.must_show: frozenset[str] = frozenset()

    def line_height(self, size: int, bold: bool = False) -> int:
        """The ink height of one line of mixed text at ``size`` (raised to the floor):
        what a layout plans for a line."""
        return _line_ink(self.fonts.get(max(size, self.floor), bold))

    def reserve(self, rect: pygame.Rect) -> None:
        """Keep texts off ``rect`` (a mark that a text must not cover)."""
        self._taken.append(pygame.Rect(rect))

    def free(self, rect: pygame.Rect) -> bool:
        """Does ``rect`` touch no text (nor reserved mark) placed so far?"""
        return pygame.Rect(rect).collidelist(self._taken) < 0

    def measure(self, text: str, box: pygame.Rect, size: int, *, bold: bool = False,
                max_lines: int = 1, align: str = "left",
                valign: str = "top") -> pygame.Rect | None:
        """Where :meth:`fit` would put ``text`` (its ink), without drawing or recording;
        None when it would be left out. For sizing a band before drawing it."""
        lowest = self.floor
        for px in range(max(size, lowest), lowest - 1, -1):
            tried = self._try(text, pygame.Rect(box), px, (0, 0, 0), bold, max_lines,
                              align, valign)
            if tried is not None:
                return tried[0].rect
        return None

    def fit(self, text: str, box: pygame.Rect, size: int, colour: tuple[int, int, int], *,
            bold: bool = False, max_lines: int = 1, align: str = "center",
            valign: str = "center", min_size: int = 0) -> pygame.Rect | None:
        """Draw ``text`` whole inside ``box`` at the largest size from ``size`` down to
        the floor (or ``min_size`` when larger), in at most ``max_lines`` lines broken
        only at word boundaries / kinsoku, clear of the texts already placed. Returns
        the rectangle of its ink, or None when it fits nowhere: then nothing is drawn
        and the text is recorded as left out (never cut, never ellipsized).

        ``align``: "left", "center" or "right"; ``valign``: "top", "center", "bottom"."""
        if not text.strip():
            return None
        box = pygame.Rect(box)
        lowest = max(self.floor, min_size)
        for px in range(max(size, lowest), lowest - 1, -1):
            tried = self._try(text, box, px, colour, bold, max_lines, align, valign)
            if tried is not None:
                placed, blits = tried
                for surf, ink, rect in blits:
                    self.surf.blit(surf, rect.topleft, ink)
                self._taken += [rect for _, rect in placed.lines]
                self.record.placed.append(placed)
                return placed.rect
        if text in self.must_show or max_lines >= CUT_LINES:
            cut = self._cut(text, box, colour, bold, max_lines, align, valign)
            if cut is not None:
                return cut
        self.record.left_out.append(text)
        return None

    def _cut(self, text: str, box: pygame.Rect, colour: tuple[int, int, int], bold: bool,
             max_lines: int, align: str, valign: str) -> pygame.Rect | None:
        """``text`` at the floor in as many of ``max_lines`` lines as ``box`` holds
        clear of the texts placed, broken anywhere, the last line cut with an
        ellipsis; drawn and recorded in :attr:`FaceRecord.cut`. None when not even one
        line fits."""
        box = box.clip(self.surf.get_rect())
        if box.w <= 0 or box.h <= 0:
            return None
        font = self.fonts.get(self.floor, bold)
        every = wrap_text(text, font, box.w)
        # a body text shows a few lines or none ("a…" says nothing); a name any part
        least = 1 if text in self.must_show else min(len(every), CUT_BODY_LINES)
        for n in range(min(max_lines, len(every)), least - 1, -1):
            kept = every[:n]
            if len(every) > n:
                kept[-1] = ellipsize(kept[-1] + " " + every[n], font, box.w)
            tried = self._place(text, kept, font, self.floor, colour, box, align, valign)
            if tried is not None:
                placed, blits = tried
                self._draw_placed(placed, blits)
                self.record.cut.append(text)
                return placed.rect
        return None

    def fit_flow(self, text: str, head: pygame.Rect | None, body: pygame.Rect, size: int,
                 colour: tuple[int, int, int], *, bold: bool = False, max_lines: int = 2,
                 split: int = 0, align: str = "left") -> pygame.Rect | None:
        """Like :meth:`fit`, left-aligned, for a text whose first line may go into a
        narrower ``head`` box (beside a cost disc: centred in its height) and the rest
        into ``body`` under it, from its top; or every line into ``body``. Words are
        split only when ``split`` allows (:func:`~tabletop.ui.textwrap_split.wrap_split`:
        0 never, 1 a word wider than its line, 2 also to fill a line), and only when it
        fits no other way: whole words at every size down to the floor come first.
        ``align="center"`` centres each line in its box (a name band across a card).
        Returns the ink, or None (nothing drawn; recorded as left out)."""
        placed = self.measure_flow(text, head, body, size, bold=bold, max_lines=max_lines,
                                   split=split, colour=colour, align=align)
        if placed is None:
            if text in self.must_show or max_lines >= CUT_LINES:  # never vanishes
                for box in (body, head) if head is not None else (body,):
                    cut = self._cut(text, box, colour, bold, max_lines, align, "top")
                    if cut is not None:
                        return cut
            self.record.left_out.append(text)
            return None
        return self._draw_placed(*placed)

    def measure_flow(self, text: str, head: pygame.Rect | None, body: pygame.Rect,
                     size: int, *, bold: bool = False, max_lines: int = 2, split: int = 0,
                     colour: tuple[int, int, int] = (0, 0, 0), align: str = "left"
                     ) -> tuple[PlacedText, list[tuple[pygame.Surface, pygame.Rect,
                                                       pygame.Rect]]] | None:
        """Where :meth:`fit_flow` would put ``text`` (the placement and what to blit),
        without drawing or recording; None when it fits nowhere."""
        from tabletop.ui.textwrap_split import wrap_split

        if not text.strip():
            return None
        for level in range(split + 1):
            for px in range(max(size, self.floor), self.floor - 1, -1):
                font = self.fonts.get(px, bold)
                best = None
                for first in ((head, None) if head is not None else (None,)):
                    boxes = [first, body] if first is not None else [body]
                    widths = [b.clip(self.surf.get_rect()).w for b in boxes]
                    if min(widths) <= 0:
                        continue
                    lines = wrap_split(text, font, widths, level, max_lines)
                    if lines is None:
                        continue
                    tried = self._lay(text, lines, font, px, colour,
                                      first, body, bold, align)
                    if tried is None:
                        continue
                    shortest = min(len(line.rstrip("-")) for line in lines)
                    if best is None or shortest > best[0]:
                        best = (shortest, tried)
                if best is not None:
                    return best[1]
        return None

    def _lay(self, text: str, lines: list[str], font: pygame.font.Font, px: int,
             colour: tuple[int, int, int], head: pygame.Rect | None, body: pygame.Rect,
             bold: bool, align: str = "left"
             ) -> tuple[PlacedText, list[tuple[pygame.Surface, pygame.Rect,
                                               pygame.Rect]]] | None:
        """``lines`` placed left-aligned (or each centred in its box): the first in
        ``head`` (when given), the rest in ``body`` from its top, one spacing; None when
        one would not fit or touches a text already placed."""
        bounds = self.surf.get_rect()
        body = body.clip(bounds)
        rendered = [font.render(line, True, colour) for line in lines]
        inks = [_ink(r) for r in rendered]
        top = min(i.top for i in inks)
        line_h = max(i.bottom for i in inks) - top
        gap = max(1, px // 6)
        rest = len(lines) - (1 if head is not None else 0)
        if rest * line_h + max(0, rest - 1) * gap > body.h:
            return None
        out: list[tuple[str, pygame.Rect]] = []
        blits: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]] = []
        for k, (line, surf, ink) in enumerate(zip(lines, rendered, inks, strict=True)):
            if head is not None and k == 0:
                box = head.clip(bounds)
                if line_h > box.h:
                    return None
                y = box.top + (box.h - line_h) // 2
            else:
                box = body
                row = k - (1 if head is not None else 0)
                y = body.top + row * (line_h + gap)
            x = box.left + (box.w - ink.w) // 2 if align == "center" else box.left
            rect = pygame.Rect(x, y + (ink.top - top), ink.w, ink.h)
            if ink.w > box.w or not box.contains(rect) or not self.free(rect):
                return None
            out.append((line, rect))
            blits.append((surf, ink, rect))
        whole = body.union(head.clip(bounds)) if head is not None else pygame.Rect(body)
        return PlacedText(text, whole, out, px), blits

    def _draw_placed(self, placed: PlacedText,
                     blits: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]]
                     ) -> pygame.Rect:
        for surf, ink, rect in blits:
            self.surf.blit(surf, rect.topleft, ink)
        self._taken += [rect for _, rect in placed.lines]
        self.record.placed.append(placed)
        return placed.rect

    def _try(self, text: str, box: pygame.Rect, px: int, colour: tuple[int, int, int],
             bold: bool, max_lines: int, align: str, valign: str
             ) -> tuple[PlacedText, list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]]] | None:
        """``text`` laid out at ``px`` in ``box`` (the placement and what to blit), or
        None when it does not fit there."""
        box = box.clip(self.surf.get_rect())  # the card edge bounds every box
        if box.w <= 0 or box.h <= 0:
            return None
        font = self.fonts.get(px, bold)
        lines = wrap_words(text, font, box.w)
        if lines is None or len(lines) > max_lines:
            return None
        return self._place(text, lines, font, px, colour, box, align, valign)

    def _place(self, text: str, lines: list[str], font: pygame.font.Font, px: int,
               colour: tuple[int, int, int], box: pygame.Rect, align: str, valign: str
               ) -> tuple[PlacedText, list[tuple[pygame.Surface, pygame.Rect,
                                                 pygame.Rect]]] | None:
        """``lines`` laid out in ``box`` (clipped to the surface) one spacing apart,
        or None when they do not fit or touch a text placed."""
        rendered = [font.render(line, True, colour) for line in lines]
        inks = [_ink(r) for r in rendered]
        if max(i.w for i in inks) > box.w:
            return None
        # Lines share one spacing: the union of their ink, set a little apart.
        top = min(i.top for i in inks)
        line_h = max(i.bottom for i in inks) - top
        gap = max(1, px // 6)
        total = len(lines) * line_h + (len(lines) - 1) * gap
        if total > box.h:
            return None
        y0 = {"top": box.top, "bottom": box.bottom - total}.get(valign,
                                                              box.top + (box.h - total) // 2)
        out: list[tuple[str, pygame.Rect]] = []
        blits: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]] = []
        for k, (line, surf, ink) in enumerate(zip(lines, rendered, inks, strict=True)):
            if align == "left":
                x = box.left
            elif align == "right":
                x = box.right - ink.w
            else:
                x = box.left + (box.w - ink.w) // 2
            rect = pygame.Rect(x, y0 + k * (line_h + gap) + (ink.top - top), ink.w, ink.h)
            if not self.free(rect):
                return None
            out.append((line, rect))
            blits.append((surf, ink, rect))
        return PlacedText(text, pygame.Rect(box), out, px), blits


def clear_of_text(renderer: CardRenderer, card_id: str | None, card: pygame.Rect, lang: str,
                  box: pygame.Rect, within: pygame.Rect | None = None,
                  turn: float = 0.0) -> pygame.Rect:
    """``box`` (a tag or badge drawn over the face of ``card_id`` at ``card``, screen
    pixels, turned ``turn``: 0 or 180) moved up or down, the least first, to where it
    covers none of the texts that face placed, staying inside ``within`` (default: the
    card); unchanged when the face is not drawn at that size or no such place exists."""
    record = renderer.records.get(("face", card_id, card.w, card.h, lang)) \
        if card_id is not None else None
    if record is None:
        return pygame.Rect(box)
    half = round(turn % 360.0) == 180
    bounds = pygame.Rect(within) if within is not None else pygame.Rect(card)
    # asked every frame for the same tags (issue 14: 6 ms a frame in Xenocard's piles)
    memo_key = (id(record), tuple(card), tuple(box), tuple(bounds), half)
    known = _CLEAR_MEMO.get(memo_key)
    if known is not None and known[0] is record:
        return pygame.Rect(known[1])
    inks = []
    for placed in record.placed:
        for _, r in placed.lines:
            inks.append(pygame.Rect(card.right - r.right, card.bottom - r.bottom, r.w, r.h)
                        if half else r.move(card.topleft))
    found = pygame.Rect(box)
    for dy in sorted(range(-bounds.h, bounds.h + 1), key=abs):
        trial = box.move(0, dy)
        if bounds.contains(trial) and trial.collidelist(inks) < 0:
            found = trial
            break
    _CLEAR_MEMO[memo_key] = (record, (found.x, found.y, found.w, found.h))
    while len(_CLEAR_MEMO) > CLEAR_MEMO_LIMIT:
        _CLEAR_MEMO.pop(next(iter(_CLEAR_MEMO)))
    return pygame.Rect(found)


#: :func:`clear_of_text` answers kept (the oldest dropped first), with the record each
#: was found for (an id is only that record's while the record lives).
CLEAR_MEMO_LIMIT = 1024
_CLEAR_MEMO: dict[tuple[Any, ...], tuple[Any, tuple[int, int, int, int]]] = {}


#: The face cache holds at most this many windows' worth of pixels (at the window's
#: size; a table shows a window of faces at most, and the hover view, tapped turns and
#: the other seat's view fit in the rest), and never less than FACE_FLOOR_BYTES.
FACE_WINDOWS = 1.5
FACE_FLOOR_BYTES = 24 * 2 ** 20
#: The most fitting records kept (each a few hundred bytes; the faces on screen are
#: always among the newest).
RECORD_LIMIT = 4096


#: The kinds of drawn surface (:meth:`CardRenderer.writer` keys) that carry the card's
#: name, which is therefore never left out there (:attr:`FaceText.must_show`).
NAMED_KINDS = frozenset({"face", "spine_name", "damaged"})


def _turn_key(turn: float) -> float:
    return round(float(turn) % 360.0, 1) % 360.0


class CardRenderer:
    """Draws and caches card faces for one game's card database.

    Args:
        fonts: a font source (``get(size, bold)``).
        cards: card id -> CardDef (``rules.cards``).

    Subclasses override :meth:`draw_face` (and usually :meth:`draw_back`); both draw
    the *upright* card at exactly ``w`` x ``h`` pixels on a transparent surface.
    """

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        self.fonts = fonts
        self.cards = cards
        self._cache: SurfaceCache[tuple[str, int, int, float, str], pygame.Surface] = \
            SurfaceCache(lambda: window_budget(FACE_WINDOWS, FACE_FLOOR_BYTES),
                         on_evict=self._face_evicted)
        self._window: tuple[int, int] | None = None
        #: Every cache of drawn pixels this renderer keeps (:meth:`bounded_cache`).
        self.caches: list[SurfaceCache[Any, Any]] = [self._cache]
        #: Card ids handed out face-up since the caller last cleared it (tests, ALL-R2).
        self.faces_drawn: list[str] = []
        #: Optional hook called with each card id drawn face-up.
        self.on_face: Callable[[str], None] | None = None
        #: The user's card pictures drawn instead of generated faces (issue 16).
        self.images = CardImages()
        self.caches.append(self.images.sources)
        self._bounded: list[SurfaceCache[Any, Any]] = []
        #: Each seat's sleeve colour (RGB) drawn on its backs; None: bare backs.
        self.sleeves: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None
        #: How many times :meth:`clear` forgot every picture (a SpriteMemo's context).
        self.generation = 0
        #: What the fitting function did on every surface drawn so far, by
        #: ``(kind, card id, width, height, lang)``: texts placed and left out.
        self.records: SurfaceCache[tuple[Any, ...], FaceRecord] = SurfaceCache(
            budget=1 << 62, max_items=RECORD_LIMIT)

    #: Keep each drawn surface in its :class:`FaceRecord` (tests look at the pixels).
    keep_surfaces = False

    def writer(self, surf: pygame.Surface, key: tuple[Any, ...]) -> FaceText:
        """The fitting function for drawing on ``surf``, recording under ``key``
        (``(kind, card id, width, height, lang)``; drawn again: recorded afresh)."""
        record = FaceRecord(key, surf.get_size(),
                            surface=surf if self.keep_surfaces else None)
        self.records[key] = record
        out = FaceText(self.fonts, surf, record)
        card = self.cards.get(key[1]) if len(key) > 1 and isinstance(key[1], str) else None
        if card is not None and key[0] in NAMED_KINDS:  # a name never vanishes (QA15 #3)
            out.must_show = frozenset(str(v) for v in card.name.values() if v)
        return out

    def line_height(self, size: int, bold: bool = False) -> int:
        """The ink height of one line of text at ``size`` raised to the floor (what
        :meth:`FaceText.line_height` says), for layouts computed before drawing."""
        floor = max(7, int(getattr(self.fonts, "floor_px", 0) or 0))
        return _line_ink(self.fonts.get(max(size, floor), bold))

    def detail(self, w: int, h: int) -> int:
        """The level of detail of a face ``w`` x ``h`` pixels: :data:`SMALL`,
        :data:`MEDIUM` or :data:`FULL`, by how many lines of text at the floor it is
        tall (and wide enough for a dozen characters of it, for FULL)."""
        floor = max(7, int(getattr(self.fonts, "floor_px", 0) or 0))
        rows = h / self.fonts.get(floor).get_linesize()
        if rows >= _FULL_ROWS and w >= 10 * floor:
            return FULL
        return MEDIUM if rows >= _MEDIUM_ROWS else SMALL

    def effect_words(self, card: Any, lang: str) -> list[str]:
        """Every effect of ``card`` (a card definition) in words, for the hover preview
        (issue 12 §7); a game's renderer says them from its card data. Default: none."""
        return []

    def number_spots(self, card_id: str, w: int, h: int
                     ) -> dict[str, tuple[tuple[int, int], int]]:
        """Where the face of ``card_id``, ``w`` x ``h`` upright, prints each number an
        effect may change: name (as the rules' ``derived`` says it) -> (centre, radius)
        in face pixels, so an effect in force can draw the number now over it
        (:mod:`tabletop.ui.card_face_effects`, QA15 #2). Default: none."""
        return {}

    def left_out(self, card_id: str, size: tuple[int, int], lang: str) -> list[str]:
        """The texts the face of ``card_id`` at ``size`` left out (drawn if need be)."""
        w, h = max(8, int(size[0])), max(8, int(size[1]))
        key = ("face", card_id, w, h, lang)
        if key not in self.records:
            self.draw_face(card_id, w, h, lang)
        record = self.records.get(key)
        return list(record.left_out) if record is not None else []

    # -- public ------------------------------------------------------------------------

    def face(self, card_id: str, size: tuple[int, int], turn: float = 0.0,
             lang: str = "en") -> pygame.Surface:
        """The face of ``card_id`` at ``size`` (upright size, pixels), turned ``turn``
        degrees counter-clockwise on screen (90: a tapped card seen upright)."""
        self.faces_drawn.append(card_id)
        if self.on_face is not None:
            self.on_face(card_id)
        return self._get(card_id, size, turn, lang)

    def back(self, size: tuple[int, int], turn: float = 0.0,
             seat: int | None = None) -> pygame.Surface:
        """A card back at ``size`` (for hidden cards), turned like :meth:`face`; ``seat``:
        whose card, worn in that seat's sleeve (:attr:`sleeves`, issue 16)."""
        rgb = self.sleeves[seat] if seat in (0, 1) and self.sleeves is not None else None
        return self._get(None, size, turn, sleeve_key(rgb))

    def clear(self) -> None:
        """Forget every cached surface (e.g. after a language change), the subclass's
        :meth:`bounded_cache` ones too; ``generation`` counts the clears, so what kept a
        picture of this renderer knows it is stale."""
        self._cache.clear()
        self.records.clear()
        for cache in self._bounded:
            cache.clear()
        self.generation += 1

    @property
    def cache_size(self) -> int:
        """How many surfaces are cached."""
        return len(self._cache)

    @property
    def cache_bytes(self) -> int:
        """The bytes of pixels the face cache holds (bounded by :attr:`cache_budget`)."""
        return self._cache.bytes

    @property
    def cache_budget(self) -> int:
        """The face cache's byte budget now (follows the window size)."""
        return self._cache.budget

    def bounded_cache(self, windows: float = 1.0,
                      floor: int = 4 * 2 ** 20) -> SurfaceCache[Any, Any]:
        """A new cache of drawn surfaces for a subclass (chips, tags, compact faces):
        at most ``windows`` windows' worth of pixels (at least ``floor`` bytes), the
        least recently used dropped first, and emptied of sizes no longer shown when
        the window changes size, like the faces, and by :meth:`clear`."""
        cache: SurfaceCache[Any, Any] = SurfaceCache(lambda: window_budget(windows, floor))
        self.caches.append(cache)
        self._bounded.append(cache)
        return cache

    def _face_evicted(self, key: tuple[str, int, int, float, str], _: Any) -> None:
        card_id, w, h, angle, lang = key
        if not angle and card_id != "back":
            self.records.pop(("face", card_id, w, h, lang))

    def _follow_window(self) -> None:
        """A new window size: the faces of sizes no longer shown are dropped (what was
        drawn since the size before stays, so a resize back and forth redraws nothing)."""
        screen = pygame.display.get_surface()
        size = screen.get_size() if screen is not None else None
        if size != self._window:
            if self._window is not None:
                for cache in self.caches:
                    cache.new_generation()
            self._window = size

    # -- to override -------------------------------------------------------------------

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        """The upright face of ``card_id`` (default: frame, name, type and text)."""
        card = self.cards.get(card_id)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        border = max(2, w // 22)
        pygame.draw.rect(surf, _FRAME, (0, 0, w, h), border_radius=radius)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, _BODY, inner, border_radius=max(1, radius - border))
        pad = max(2, w // 24)
        out = self.writer(surf, ("face", card_id, w, h, lang))
        box = inner.inflate(-2 * pad, -2 * pad)
        name = card.display_name(lang) if card is not None else card_id
        used = out.fit(name, box, int(h * 0.09), _INK, bold=True, max_lines=2, valign="top")
        if card is None:
            return surf
        if used is not None:
            box.h -= used.bottom + pad - box.y
            box.y = used.bottom + pad
        kind = t(f"{card.game}.card_type.{card.type}")
        if kind == f"{card.game}.card_type.{card.type}":
            kind = card.type
        used = out.fit(kind, box, int(w * 0.08), _INK, align="left", valign="top")
        if used is not None:
            box.h -= used.bottom + pad - box.y
            box.y = used.bottom + pad
        text = card.text.get(lang) or card.text.get("en") or ""
        if self.detail(w, h) == FULL:
            out.fit(text, box, int(w * 0.08), _INK, max_lines=99, align="left", valign="top")
        elif text:
            out.record.left_out.append(text)
        return surf

    def draw_back(self, w: int, h: int) -> pygame.Surface:
        """A card back (default: a plain patterned back, :func:`patterned_back`)."""
        return patterned_back(w, h)

    def unknown_face(self, card_id: str, w: int, h: int, lang: str,
                     ink: tuple[int, int, int] = _INK) -> pygame.Surface:
        """The face of an id the card database lacks, ``w`` x ``h`` px: a plain grey card
        labelled with the id in ``ink`` (rather than a crash in :meth:`draw_face`)."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (200, 200, 200), (0, 0, w, h), border_radius=max(2, w // 14))
        out = self.writer(surf, ("face", card_id, w, h, lang))
        out.fit(card_id, surf.get_rect().inflate(-4, -4), w // 9, ink, max_lines=2)
        return surf

    # -- cache -------------------------------------------------------------------------

    def _get(self, card_id: str | None, size: tuple[int, int], turn: float,
             lang: str) -> pygame.Surface:
        w, h = max(8, int(size[0])), max(8, int(size[1]))
        angle = _turn_key(turn)
        key = (card_id or "back", w, h, angle, lang)
        surf = self._cache.get(key)
        if surf is None:
            self._follow_window()
            if angle:
                upright = self._get(card_id, (w, h), 0.0, lang)
                if angle % 90 == 0:
                    surf = pygame.transform.rotate(upright, angle)
                else:
                    surf = pygame.transform.rotozoom(upright, angle, 1.0)
            else:
                surf = (sleeved(self.draw_back(w, h), sleeve_rgb(lang)) if card_id is None
                        else self.images.face(self, card_id, w, h, lang))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        return surf
