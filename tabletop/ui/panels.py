"""The table's side panel and overlays: phase tracker, log, hover preview, toast.

Everything here draws from a :class:`~tabletop.core.view.TableView` (never the raw
state), so a hidden card can't show up in a preview or a log line (ALL-R2).
Rendered text is cached by (text, size, colour, bold, wrap width): unchanged
text is never rendered twice, which keeps the frame path cheap.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.messages import Message
from tabletop.core.view import CardView, TableView
from tabletop.i18n import t
from tabletop.ui.card_render import CardRenderer, FontSource
from tabletop.ui.hover_name import name_band
from tabletop.ui.hover_words import card_lines, words_box
from tabletop.ui.log_fit import first_rows, rows_that_fit
from tabletop.ui.log_targets import with_chosen
from tabletop.ui.textwrap_ja import render_wrapped

__all__ = [
    "HoverPreview", "LogPanel", "PhaseTracker", "TextCache", "Toast", "no_explanation",
    "seat_name",
]

PANEL_BG = (24, 30, 36)
PANEL_EDGE = (60, 72, 80)
TEXT = (228, 232, 226)
DIM = (150, 160, 156)
LIT = (250, 214, 96)
ACCENT = (110, 190, 140)
#: Refusal lines of the log (the newest, the older ones).
REFUSED = (255, 170, 150)
REFUSED_DIM = (200, 130, 118)


def seat_name(seat: int | None) -> str:
    """The translated name of a seat ("Player 1")."""
    if seat is None:
        return ""
    text = t(f"seat.{seat}")
    if text == f"seat.{seat}":  # catalogue with p1/p2 keys
        text = t(f"seat.p{seat + 1}")
    return text


def render_message(message: Any, lang: str) -> str:
    """Text of a core or i18n Message (or anything else) in ``lang``."""
    render = getattr(message, "render", None)
    if callable(render):  # with the chosen targets named (QA15 #10)
        return with_chosen(message, str(render(lang)), lang)
    if isinstance(message, Message):  # core Message without render()
        from tabletop.i18n import msg

        return msg(message.key, **dict(message.params)).render(lang)
    return str(message)


class TextCache:
    """Rendered text surfaces, least recently used dropped beyond ``limit``."""

    def __init__(self, fonts: FontSource, limit: int = 600) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        #: How many surfaces were actually rendered (tests / benchmarks).
        self.renders = 0

    def get(self, text: str, size: int, colour: tuple[int, int, int] = TEXT,
            bold: bool = False, wrap: int = 0) -> pygame.Surface:
        """The text rendered antialiased; wrapped at ``wrap`` px when > 0, with the
        Japanese-aware line breaking of :mod:`~tabletop.ui.textwrap_ja` (pygame's own
        wrapping would start lines with 「。」 or split a katakana word)."""
        key = (text, size, colour, bold, wrap)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        font = self.fonts.get(size, bold)
        surf = render_wrapped(font, text, colour, wrap) if wrap else font.render(
            text, True, colour)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self.renders += 1
        self._cache[key] = surf
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return surf

    def clear(self) -> None:
        """Forget everything (language change)."""
        self._cache.clear()


# ------------------------------------------------------------------------ phase tracker


def plain_counts(view: TableView, seat: int, key: str = "table.counts_plain") -> str:
    """"Player 1: deck 30 · hand 5" from the zones ``p<seat>.deck`` and ``p<seat>.hand``."""
    deck = len(view.zones.get(f"p{seat}.deck", ()))
    hand = len(view.zones.get(f"p{seat}.hand", ()))
    return t(key, player=seat_name(seat), deck=deck, hand=hand)


def whole_items(line: str) -> str:
    """``line`` with every space but the one after each " · " made no-break, so a
    wrapped line of counts breaks after a dot between items ("Foes 26 ·" / "Chronicle
    0"), never inside an item (a lone "0" on a row of its own) nor before a dot.
    Japanese items, joined by "・" without spaces, break as Japanese text does."""
    return "\u00a0· ".join(item.replace(" ", "\u00a0") for item in line.split(" · "))


class PhaseTracker:
    """Whose turn, turn number, each seat's counts (the plugin's ``counts_line``), the phases.

    The phase names go in two columns when they fit (shrunk a little if need be),
    else in one column; every row is as tall as its text, so the lit box of the
    current phase never overlaps a neighbour. After :meth:`draw`, ``chips`` holds each
    phase's box and ``label_rects`` each name's drawn rectangle (surface pixels).
    """

    def __init__(self, text: TextCache, phases: Sequence[str], game_id: str,
                 counts: Callable[[TableView, int], str] | None = None) -> None:
        self.text = text
        #: The line of counts of one seat (the window plugin's ``counts_line``).
        self.counts = counts or plain_counts
        self.phases = tuple(phases)
        self.game_id = game_id
        self.chips: dict[str, pygame.Rect] = {}
        self.label_rects: dict[str, pygame.Rect] = {}
        self.lit: str = ""
        #: Sizes found by :meth:`_fit` (each side-panel rebuild asks the same again).
        self._fits: dict[tuple[Any, ...], int] = {}

    def _fit(self, text: str, width: int, size: int, floor: int, bold: bool) -> int:
        fonts = self.text.fonts
        key = (text, width, size, floor, bold, fonts.get(size, bold))  # the font: its face
        known = self._fits.get(key)
        if known is not None:
            return known
        start = size
        while size > floor and fonts.get(size, bold).size(text)[0] > width:
            size -= 1
        if len(self._fits) > 256:
            self._fits.clear()
        self._fits[(text, width, start, floor, bold, fonts.get(start, bold))] = size
        return size

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: TableView,
             scale: float) -> int:
        """Draw into ``rect``; return the height used."""
        fonts = self.text.fonts
        size = max(12, round(15 * scale))
        line = round(size * 1.45)
        x, y = rect.x + 10, rect.y + 8
        avail = rect.w - 20
        title = t("turn.label", n=view.turn, player=seat_name(view.active))
        tsize = self._fit(title, avail, size + 2, max(10, size - 2), True)
        surface.blit(self.text.get(title, tsize, LIT, True, avail), (x, y))
        y += max(round(line * 1.15), fonts.get(tsize, True).size(title)[1] + 4)
        for seat in (0, 1):
            you = seat == view.viewer
            words = whole_items(self.counts(view, seat))
            colour = TEXT if you else DIM
            fit = self._fit(words, avail, size - 1, 9, you)
            surf = self.text.get(words, fit, colour, you, avail)
            surface.blit(surf, (x, y))
            y += max(line - 2, surf.get_height() + 2)
        y += 4
        labels = [t(f"phase.{self.game_id}.{p}") for p in self.phases]
        pad = max(4, round(5 * scale))  # text inset inside a box
        floor = max(10, size - 4)
        widest = max(labels, key=lambda s_: fonts.get(size - 1, True).size(s_)[0])
        two = self._fit(widest, avail // 2 - 4 - 2 * pad, size - 1, floor, True)
        if fonts.get(two, True).size(widest)[0] <= avail // 2 - 4 - 2 * pad:
            cols, label_size = 2, two
        else:
            cols, label_size = 1, self._fit(widest, avail - 4 - 2 * pad, size - 1, 9, True)
        rows = (len(self.phases) + cols - 1) // cols
        font = fonts.get(label_size, True)
        box_h = max(font.get_height(), font.size(widest)[1]) + 2
        pitch = box_h + max(2, round(3 * scale))
        col_w = avail // cols
        self.chips, self.label_rects, self.lit = {}, {}, ""
        left = max(rect.x + 2, x - pad)  # a big scale's inset stays inside the panel
        for i, phase in enumerate(self.phases):
            cx = left + (i // rows) * col_w
            cy = y + (i % rows) * pitch
            current = phase == view.phase
            box = pygame.Rect(cx, cy, col_w - 4, box_h)
            if current:
                pygame.draw.rect(surface, (70, 86, 48), box, border_radius=5)
                pygame.draw.rect(surface, LIT, box, 1, border_radius=5)
                self.lit = phase
            surf = self.text.get(labels[i], label_size, LIT if current else DIM, current)
            where = surf.get_rect(midleft=(box.x + pad, box.centery))
            surface.blit(surf, where)
            self.chips[phase] = box
            self.label_rects[phase] = where
        y += rows * pitch
        if view.step:
            step = "• " + t(f"step.{self.game_id}.{view.step}")
            ssize = self._fit(step, avail, size - 1, 9, True)
            surf = self.text.get(step, ssize, ACCENT, True, avail)
            surface.blit(surf, (x, y))
            y += max(line, surf.get_height() + 4)
        return y - rect.y + 4


# ------------------------------------------------------------------------ log


class LogPanel:
    """The last log lines the viewer may read, newest at the bottom; wheel scrolls."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.scroll = 0  # lines hidden below (0 = newest visible)
        #: Where the last :meth:`draw` put each line or rows of a line (surface pixels).
        self.drawn: list[pygame.Rect] = []

    def wheel(self, dy: int, total: int) -> None:
        """Scroll by a wheel step (``dy`` > 0: back in time)."""
        self.scroll = max(0, min(max(0, total - 1), self.scroll + dy))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str],
             scale: float, refused: Collection[int] = ()) -> None:
        """Draw the lines that fit into ``rect`` under the heading, bottom up. Of the
        oldest line shown, wrapped over rows, only the last rows that fit whole are
        drawn (never a row cut in half, and no gap under the heading: QA). The lines
        whose indexes are in ``refused`` (the viewer's own refusals) are drawn in the
        refusal colour. The newest line shown, when taller than the room, shows its
        first rows that fit whole, the last ended with "…" (QA16 #20,
        :mod:`~tabletop.ui.log_fit`). ``drawn`` then holds where each piece went."""
        self.drawn = []
        size = max(11, round(14 * scale))
        head = self.text.get(t("table.log"), size, DIM, True)
        if rect.h < head.get_height() + 2:
            return  # no room for even the heading (the whole log: key L)
        surface.blit(head, (rect.x + 10, rect.y + 2))
        top = rect.y + head.get_height() + 6
        y = rect.bottom - 4
        wrap = rect.w - 24
        end = len(lines) - self.scroll
        font = self.text.fonts.get(size)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(rect.x, top, rect.w, rect.bottom - top))
        for index in range(end - 1, -1, -1):
            newest = index == len(lines) - 1
            colour = (REFUSED if newest else REFUSED_DIM) if index in refused else \
                TEXT if newest else DIM
            surf = self.text.get(lines[index], size, colour, False, wrap)
            if y - surf.get_height() - 3 < top and index == end - 1:
                rows = first_rows(lines[index], font, wrap,
                                  rows_that_fit(rect.bottom - 7 - top, font))
                row_y = rect.bottom - 7 - font.get_linesize() * (len(rows) - 1) - \
                    font.get_height()
                for row in rows:
                    piece = self.text.get(row, size, colour)
                    surface.blit(piece, (rect.x + 14, row_y))
                    self.drawn.append(piece.get_rect(topleft=(rect.x + 14, row_y)))
                    row_y += font.get_linesize()
                break
            y -= surf.get_height() + 3
            if y < top:  # its last rows that fit whole, if any
                step = font.get_linesize()
                first = -(-(top - y) // step)  # the first row starting under the heading
                part = pygame.Rect(0, first * step, surf.get_width(),
                                   surf.get_height() - first * step)
                if part.h > 0:
                    surface.blit(surf, (rect.x + 14, y + first * step), part)
                    self.drawn.append(part.move(rect.x + 14, y))
                break
            surface.blit(surf, (rect.x + 14, y))
            self.drawn.append(surf.get_rect(topleft=(rect.x + 14, y)))
        surface.set_clip(clip)


# ------------------------------------------------------------------------ preview


def no_explanation(card: Any, view: CardView) -> list[str]:
    """The default preview words of a card: its rules text, if any."""
    from tabletop import i18n

    texts = getattr(card, "text", None) or {}
    text = texts.get(i18n.get_language()) or texts.get("en") or ""
    return [str(text)] if text else []


@dataclass
class HoverPreview:
    """The card under the pointer: a large picture over the table, its numbers in words.

    Draws only what the view shows: a hidden card is a back and a note. ``explain``
    gives the lines under the name (the window plugin's
    :meth:`~tabletop.ui.games.GameUI.explain`).
    """

    text: TextCache
    renderer: CardRenderer
    explain: Callable[[Any, CardView], list[str]] = no_explanation
    #: The current numbers of a card the viewer sees (the rules' ``derived``; set by
    #: the table): shown beside the printed ones (:mod:`~tabletop.ui.hover_words`).
    numbers: Callable[[CardView], Mapping[str, int]] | None = None
    #: Where the words under the large card were drawn last (None: none drawn).
    words_rect: pygame.Rect | None = None
    #: Draws the effects in force over the large card (set by the table, QA15 #2:
    #: :func:`~tabletop.ui.card_face_effects.preview_effects`).
    overlay: Callable[[pygame.Surface, pygame.Rect, CardView], None] | None = None

    def card_rect(self, area: pygame.Rect, anchor: pygame.Rect,
                  avoid: pygame.Rect | None = None, reserve: int = 0) -> pygame.Rect | None:
        """Where the large card goes: the half of ``area`` away from the hovered card.

        ``avoid`` (the toast's box, when one is shown) is never covered: the card moves
        up, and shrinks if it must, to stay above it; None when there is no room for a
        card worth showing (small windows: the toast wins; closing it brings the card
        back). ``reserve``: pixels kept free under the card for its words (the card
        shrinks for them, down to 30% of ``area``'s height)."""
        h = min(round(area.h * 0.58), 460)
        gap = max(6, round(area.h * 0.015))
        if reserve:
            h = max(round(area.h * 0.3), min(h, area.h - reserve - 3 * gap))
        rect = pygame.Rect(0, 0, round(h * 63 / 88), h)
        rect.centery = area.centery - reserve // 2
        rect.top = max(rect.top, area.top + gap) if reserve else rect.top
        margin = round(area.w * 0.04)
        if avoid is not None and avoid.w > 0:
            room_top = area.top + gap
            room_bottom = min(area.bottom, avoid.top - gap) - reserve
            if rect.bottom > room_bottom:
                h = min(h, room_bottom - room_top)
                if h < max(120, round(area.h * 0.3)):
                    return None
                rect = pygame.Rect(0, 0, round(h * 63 / 88), h)
                rect.bottom = room_bottom
        if anchor.centerx < area.centerx:
            rect.right = area.right - margin
        else:
            rect.left = area.left + margin
        return rect

    def draw_card(self, surface: pygame.Surface, area: pygame.Rect, anchor: pygame.Rect,
                  card: CardView, lang: str, avoid: pygame.Rect | None = None,
                  scale: float = 1.0) -> None:
        """The large picture (a back for a hidden card), with a soft shadow, and under it
        every line of its words (:mod:`~tabletop.ui.hover_words`: the side panel may
        have room for few); never over ``avoid`` (see :meth:`card_rect`)."""
        words = self._words_box(area, card, lang, scale)
        gap = max(6, round(area.h * 0.015))
        rect = self.card_rect(area, anchor, avoid,
                              words.get_height() + gap if words is not None else 0)
        self.words_rect = None
        if rect is None:
            return
        if words is not None:
            box = words.get_rect(top=rect.bottom + gap)
            if rect.left > area.centerx - 1:
                box.right = rect.right
            else:
                box.left = rect.left
            box = box.clamp(area)
            if avoid is None or not box.colliderect(avoid):  # the toast stays readable
                self.words_rect = box
                surface.blit(words, box)
        shadow = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=16)
        surface.blit(shadow, (rect.x - 4, rect.y + 2))
        if card.card_id is None:
            image = self.renderer.back(rect.size, seat=card.owner)
        else:
            image = self.renderer.face(card.card_id, rect.size, 0.0, lang)
        surface.blit(image, rect)
        name_band(surface, rect, self.renderer, self.text, card.card_id, lang)  # QA16b #18
        if self.overlay is not None and card.card_id is not None:
            self.overlay(surface, rect, card)

    def words(self, card: CardView, lang: str) -> list[str]:
        """The lines under the card's name (:func:`~tabletop.ui.hover_words.card_lines`:
        its numbers now, the plugin's explain lines, every effect); [] when hidden."""
        cdef = self.renderer.cards.get(card.card_id) if card.card_id is not None else None
        if cdef is None:
            return []
        return card_lines(cdef, card, self.explain, self.renderer, lang, self.numbers)

    def _words_box(self, area: pygame.Rect, card: CardView, lang: str, scale: float
                   ) -> pygame.Surface | None:
        """The card's words in a dark box half as wide as ``area`` (None: no words)."""
        lines = self.words(card, lang)
        width = area.w // 2 - 2 * round(area.w * 0.04)
        return words_box(self.text, lines, width, max(12, round(14 * scale)), TEXT,
                         (32, 40, 48, 235))

    def draw_words(self, surface: pygame.Surface, rect: pygame.Rect, card: CardView,
                   lang: str, scale: float) -> None:
        """The card's name and numbers explained in plain words."""
        pygame.draw.rect(surface, (32, 40, 48), rect, border_radius=8)
        size = max(11, round(14 * scale))
        text_w = rect.w - 20
        y = rect.y + 8
        if card.card_id is None:
            lines = [(t("preview.hidden"), DIM, False)]
        else:
            cdef = self.renderer.cards.get(card.card_id)
            lines = []
            if cdef is not None:
                lines.append((cdef.display_name(lang), LIT, True))
                lines += [(line, TEXT, False) for line in self.words(card, lang)]
        for words, colour, bold in lines:
            surf = self.text.get(words, size + (2 if bold else 0), colour, bold, text_w)
            if y + surf.get_height() > rect.bottom:
                break
            surface.blit(surf, (rect.x + 10, y))
            y += surf.get_height() + round(6 * scale)


# ------------------------------------------------------------------------ toast


@dataclass
class Toast:
    """A banner near the bottom of the table telling why a move was refused.

    It stays readable until the next action (the table clears it on every change of
    the game), a new refusal, a new pick-up, or the player's dismissal (a click on it,
    or Esc): a refusal that vanished after a few seconds could not be read by a
    newcomer still looking at the card. It keeps the refusal's :class:`Message` (not
    its text), so a language switch changes the shown words at once. ``key`` is the
    message key (tests read it), ``text`` the words in the current language.
    ``on_show`` is called with ``(message, key, rule)`` on every :meth:`show` (the
    table writes each refusal into the refused seat's log).
    """

    message: Any = ""
    key: str = ""
    rule: str = ""
    on_show: Callable[[Any, str, str], None] | None = None
    #: Where the box's bottom goes (pixels; the table puts it above the viewer's hand,
    #: which a toast that stays must not hide). None: 17% of the area above its bottom.
    bottom: int | None = None
    #: Does the rules help explain a rule id (issue 12 §2)? Set by the table; a refusal
    #: citing such a rule gets a "Why?" button (:meth:`why_rect`) opening the help there.
    why_for: Callable[[str], bool] | None = None
    #: Is the "Why?" button shown with the current refusal?
    why: bool = False

    def show(self, message: Any, key: str = "", rule: str = "") -> None:
        """Show ``message`` (a Message, or plain text) plus the rule id until cleared."""
        self.message, self.key, self.rule = message, key, rule
        self.why = bool(rule and self.why_for is not None and self.why_for(rule))
        if self.on_show is not None and message:
            self.on_show(message, key, rule)

    def clear(self) -> None:
        """Take the toast away at once (an action, a dismissal, a hand-over: the next
        seat must not read it)."""
        self.message, self.key, self.rule = "", "", ""
        self.why = False

    @property
    def text(self) -> str:
        """The message in the current language."""
        if not self.message:
            return ""
        from tabletop import i18n

        return render_message(self.message, i18n.get_language())

    @property
    def visible(self) -> bool:
        """Is the toast on screen?"""
        return bool(self.message)

    @property
    def full_text(self) -> str:
        """The text with the rule id, e.g. ``"... (ARC-R4)"``."""
        text = self.text
        return f"{text} ({self.rule})" if self.rule else text

    @staticmethod
    def _mark(scale: float) -> int:
        """Side of the close mark (pixels)."""
        return max(10, round(12 * scale))

    def _why_label(self, text: TextCache, scale: float) -> pygame.Surface | None:
        if not self.why:
            return None
        return text.get(t("help.why"), max(13, round(16 * scale)), (40, 24, 16), True)

    def _why_size(self, text: TextCache, scale: float) -> tuple[int, int]:
        label = self._why_label(text, scale)
        if label is None:
            return (0, 0)
        return (label.get_width() + round(20 * scale), label.get_height() + round(8 * scale))

    def _surface(self, area: pygame.Rect, text: TextCache, scale: float) -> pygame.Surface:
        size = max(13, round(17 * scale))
        wrap = int(area.w * 0.8) - self._why_size(text, scale)[0]
        return text.get(self.full_text, size, (255, 240, 230), True, wrap)

    def box(self, area: pygame.Rect, text: TextCache, scale: float) -> pygame.Rect | None:
        """The toast's box in ``area`` (None when no toast is shown): centred near the
        bottom (the large hover preview keeps clear of it), with room on the right for
        the close mark."""
        if not self.visible:
            return None
        surf = self._surface(area, text, scale)
        pad_x, pad_y = round(14 * scale), round(8 * scale)
        why_w, why_h = self._why_size(text, scale)
        w = surf.get_width() + 3 * pad_x + self._mark(scale) + (why_w + pad_x if why_w else 0)
        h = max(surf.get_height(), self._mark(scale), why_h) + 2 * pad_y
        box = pygame.Rect(0, 0, w, h)
        bottom = self.bottom if self.bottom is not None else \
            area.bottom - round(area.h * 0.17) + pad_y
        box.midbottom = (area.centerx, max(area.top + h, min(area.bottom, bottom)))
        return box

    def close_rect(self, area: pygame.Rect, text: TextCache, scale: float
                   ) -> pygame.Rect | None:
        """The close mark's rectangle (top right of :meth:`box`), or None."""
        box = self.box(area, text, scale)
        if box is None:
            return None
        side = self._mark(scale)
        pad = round(8 * scale)
        return pygame.Rect(box.right - pad - side, box.y + pad, side, side)

    def why_rect(self, area: pygame.Rect, text: TextCache, scale: float
                 ) -> pygame.Rect | None:
        """The "Why?" button's rectangle (left of the close mark), or None without one."""
        box = self.box(area, text, scale)
        if box is None or not self.why:
            return None
        w, h = self._why_size(text, scale)
        rect = pygame.Rect(0, 0, w, h)
        rect.midright = (box.right - round(8 * scale) - self._mark(scale) - round(14 * scale),
                         box.centery)
        return rect

    def draw(self, surface: pygame.Surface, area: pygame.Rect, text: TextCache,
             scale: float) -> None:
        """Draw centred near the bottom of ``area`` (in :meth:`box`), with its close mark."""
        box = self.box(area, text, scale)
        mark = self.close_rect(area, text, scale)
        if box is None or mark is None:
            return
        surf = self._surface(area, text, scale)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (120, 28, 28, 235), shade.get_rect(), border_radius=10)
        pygame.draw.rect(shade, (255, 170, 150, 235), shade.get_rect(), 2, border_radius=10)
        surface.blit(shade, box)
        pad_x = round(14 * scale)
        surface.blit(surf, surf.get_rect(midleft=(box.x + pad_x, box.centery)))
        why, label = self.why_rect(area, text, scale), self._why_label(text, scale)
        if why is not None and label is not None:
            pygame.draw.rect(surface, (255, 214, 150), why, border_radius=6)
            surface.blit(label, label.get_rect(center=why.center))
        width = max(2, round(2 * scale))
        colour = (255, 210, 200)
        pygame.draw.line(surface, colour, mark.topleft, mark.bottomright, width)
        pygame.draw.line(surface, colour, mark.topright, mark.bottomleft, width)
