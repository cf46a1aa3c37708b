"""The rules help page of one game (issue 12 §2): contents, sections, diagrams.

Opened from the menu (**Rules**), at the table (**F1**) and from a refusal's **Why?**
(at the section whose ``rules`` list the refusal's rule id), always through
:func:`open_help`. The page is a scene pushed on the stack: it hides everything
below it, widgets included (``blocks_ui``), and **Esc** or **Back** pops it, so the
menu or the table comes back exactly as it was (the game is never touched: the help
reads only the rules' static data, never the state).

Layout (pixels, scaled with the window): a header with the page title, the
language button and Back; the table of contents on the left (section titles; the
one being read is marked; a click jumps there); the sections in a column on the
right with a scrollbar. Text is wrapped by :func:`~tabletop.ui.textwrap_ja.wrap_text`
(kinsoku in Japanese, words kept whole in English) to the column's width, so no line
is ever clipped; body text is 16 px at 1280x720 (never under 14). Diagrams
(:mod:`~tabletop.ui.help_diagrams`) are drawn once per width into a surface as wide
as the column. Scrolling: wheel, PgUp/PgDn, Home/End, Up/Down, the scrollbar (drag
its thumb, click its track).

Every text placed is kept in :attr:`HelpScene.lines` (text, rectangle in page
coordinates, size, the column it must stay in) for the tests.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.help import BlockKind, HelpError, HelpPage, HelpSection, load_help
from tabletop.ui.card_render import FaceRecord
from tabletop.ui.panels import TextCache
from tabletop.ui.scene import Scene
from tabletop.ui.textwrap_ja import wrap_text

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules
    from tabletop.ui.host import Host

__all__ = ["BODY_PX", "HELP_KEY", "HelpScene", "PlacedLine", "help_button", "help_covers",
           "open_help", "open_why", "why_for"]

log = logging.getLogger(__name__)

#: The key that opens the rules help at the table (F1: the key for help everywhere).
HELP_KEY = pygame.K_F1

#: Body text size at scale 1.0 (1280x720), pixels.
BODY_PX = 16
TITLE_PX = 22
SMALL_PX = 14
TOC_PX = 14

BACKGROUND = (20, 30, 26)
PANEL = (28, 42, 36)
HEADER = (16, 24, 20)
TEXT = (230, 232, 224)
MUTED = (168, 182, 172)
ACCENT = (245, 215, 110)
HOUSE = (236, 150, 90)
RULE = (140, 190, 230)
BUTTON = (46, 64, 56)
BUTTON_HOVER = (66, 92, 80)
EDGE = (96, 122, 108)
THUMB = (150, 170, 160)
TRACK = (36, 52, 46)


@dataclass(frozen=True)
class PlacedLine:
    """One line of text on the page: ``rect`` in page coordinates (y from the top of
    the sections, x in window pixels), ``px`` its size, ``column`` the x range
    (left, right) it must stay inside, ``where`` "toc", "page" or "header"."""

    text: str
    rect: pygame.Rect
    px: int
    bold: bool
    colour: tuple[int, int, int]
    column: tuple[int, int]
    where: str


@dataclass
class _Diagram:
    surface: pygame.Surface
    y: int
    x: int
    records: list[FaceRecord]
    name: str


def _other_language(lang: str) -> str:
    langs = i18n.languages()
    if lang not in langs:
        return langs[0]
    return langs[(langs.index(lang) + 1) % len(langs)]


@lru_cache(maxsize=32)
def _cached_page(game: str, lang: str) -> HelpPage | None:
    try:
        return load_help(game, lang)
    except HelpError as exc:
        log.warning("%s", exc)
        return None


def help_covers(game: str, lang: str, rule: str) -> bool:
    """Does the help of ``game`` (in ``lang``, else English) have a section for ``rule``
    (the test the refusal box uses to offer **Why?**)?"""
    page = _cached_page(game, lang) or _cached_page(game, i18n.DEFAULT_LANGUAGE)
    return page is not None and page.section_for_rule(rule) is not None


def why_for(game: str) -> Callable[[str], bool]:
    """For the refusal box: does the help of ``game`` explain a rule id (in the current
    language, else in English)?"""
    return lambda rule: help_covers(game, i18n.get_language(), rule)


def open_why(app: Host, rules: GameRules, rule: str) -> HelpScene:
    """A refusal's **Why?**: the help of the rules' game at the section citing ``rule``."""
    return open_help(app, rules.game_id, rule=rule, rules=rules)


def open_help(app: Host, game: str, *, rule: str = "", section: str = "",
              rules: GameRules | None = None) -> HelpScene:
    """Push the help page of ``game`` (at the section of ``rule`` or ``section``) over
    whatever is shown; Esc or Back returns to it. ``rules``: the game's rules when the
    caller has them (else they are loaded)."""
    scene = HelpScene(app, game, rule=rule, section=section, rules=rules)
    app.push(scene)
    return scene


class HelpScene(Scene):
    """The help page of one game in the app's language (see the module docstring).

    Attributes:
        page: the loaded help (None when the game has none; then a notice is shown).
        lines: every text placed (see :class:`PlacedLine`), rebuilt on resize.
        anchors: section id -> its top in page coordinates.
        scroll: how far the page is scrolled (pixels from its top).
    """

    opaque = True
    blocks_ui = True
    #: It scrolls, so it lays out at any UI scale: the chosen one whole, over the menu
    #: as over a table (issue 16).
    scales_freely = True

    def __init__(self, app: Host, game: str, *, rule: str = "", section: str = "",
                 rules: GameRules | None = None) -> None:
        super().__init__(app)
        self.game = game
        #: The rule a refusal cited when the page was opened by its "Why?" ("" else).
        self.cited = rule
        self._rules = rules
        self._renderer: Any = None
        self._layout: Any = None
        self.text = TextCache(app.fonts)
        self.page: HelpPage | None = None
        self.problem = ""
        self.lines: list[PlacedLine] = []
        self.anchors: dict[str, int] = {}
        self.diagrams: list[_Diagram] = []
        self.scroll = 0
        self.toc_scroll = 0
        self.total_h = 0
        self.toc_h = 0
        self._toc_hits: list[tuple[pygame.Rect, str]] = []
        self._buttons: dict[str, pygame.Rect] = {}
        self._thumb_drag: int | None = None
        self._lang = ""
        self.header = pygame.Rect(0, 0, 1, 1)
        self.toc_rect = pygame.Rect(0, 0, 1, 1)
        self.body = pygame.Rect(0, 0, 1, 1)
        self.track = pygame.Rect(0, 0, 1, 1)
        self._build()
        target = section
        if rule and self.page is not None:
            found = self.page.section_for_rule(rule)
            target = found.id if found is not None else target
        if target:
            self.jump(target)

    # ------------------------------------------------------------------ data
    @property
    def rules(self) -> GameRules:
        """The game's rules (loaded on first use when not given)."""
        if self._rules is None:
            from tabletop.core.rules import load_rules

            self._rules = load_rules(self.game)
        return self._rules

    def _drawing_tools(self) -> tuple[Any, Any]:
        """The game's real card renderer and layout, from its window plugin."""
        if self._renderer is None:
            from tabletop.ui.games import load_game_ui

            plugin = load_game_ui(self.game, self.rules)
            self._renderer = plugin.make_renderer(self.app.fonts)
            self._layout = plugin.load_layout()
        return self._renderer, self._layout

    def _load(self) -> None:
        lang = self.app.lang
        self._lang = lang
        self.problem = ""
        try:
            self.page = load_help(self.game, lang)
        except HelpError as exc:
            try:  # the other language's page beats none
                self.page = load_help(self.game, i18n.DEFAULT_LANGUAGE)
            except HelpError:
                self.page = None
            self.problem = str(exc)
            log.warning("%s", exc)

    @property
    def section_id(self) -> str:
        """The id of the section at the top of the view ("" without a page)."""
        current = ""
        for sid, top in self.anchors.items():
            if top <= self.scroll + self._px(8):
                current = sid
        return current or next(iter(self.anchors), "")

    # ------------------------------------------------------------------ layout
    def _px(self, value: float) -> int:
        return max(1, round(value * self.app.scale))

    def _size(self, value: float) -> int:
        return max(self.app.fonts.floor_px, self._px(value))

    def _build(self) -> None:
        if self._lang != self.app.lang or self.page is None and not self.problem:
            self._load()
        w, h = self.app.size
        margin = self._px(20)
        head_h = self._px(58)
        self.header = pygame.Rect(0, 0, w, head_h)
        toc_w = max(self._px(200), min(self._px(300), round(w / 4.6)))
        self.toc_rect = pygame.Rect(margin, head_h + margin, toc_w, h - head_h - 2 * margin)
        bar_w = self._px(12)
        left = self.toc_rect.right + margin
        self.track = pygame.Rect(w - margin - bar_w, self.toc_rect.y, bar_w, self.toc_rect.h)
        self.body = pygame.Rect(left, self.toc_rect.y, self.track.x - self._px(12) - left,
                                self.toc_rect.h)
        self.lines = []
        self._layout_header()
        self._layout_toc()
        self._layout_page()
        self._clamp()

    def _add(self, text: str, x: int, y: int, px: int, bold: bool,
             colour: tuple[int, int, int], column: tuple[int, int], where: str) -> pygame.Rect:
        font = self.app.fonts.get(px, bold)
        w, h = font.size(text)
        rect = pygame.Rect(x, y, w, h)
        self.lines.append(PlacedLine(text, rect, px, bold, colour, column, where))
        return rect

    def _wrap(self, text: str, x: int, y: int, width: int, px: int, bold: bool,
              colour: tuple[int, int, int], where: str, column: tuple[int, int] | None = None
              ) -> int:
        """Lines of ``text`` from ``y`` down; returns the y under the last one."""
        font = self.app.fonts.get(px, bold)
        step = font.get_linesize()
        col = column or (x, x + width)
        for line in wrap_text(text, font, width):
            self._add(line, x, y, px, bold, colour, col, where)
            y += step
        return y

    def _layout_header(self) -> None:
        w = self.header.w
        pad = self._px(14)
        bh = self._px(38)
        back = i18n.t("help.back")
        other = _other_language(self.app.lang)
        lang_text = i18n.t(f"lang.{other}")
        px = self._size(16)
        font = self.app.fonts.get(px, True)
        back_w = font.size(back)[0] + 2 * pad
        lang_w = font.size(lang_text)[0] + 2 * pad
        y = (self.header.h - bh) // 2
        self._buttons = {
            "back": pygame.Rect(w - self._px(20) - back_w, y, back_w, bh),
            "lang": pygame.Rect(w - self._px(20) - back_w - self._px(10) - lang_w, y, lang_w, bh),
        }
        self._button_text = {"back": back, "lang": lang_text}
        title = self.page.title if self.page is not None else i18n.t(f"game.{self.game}")
        left = self._px(20)
        room = self._buttons["lang"].x - self._px(16) - left
        tpx = self._size(24)
        tfont = self.app.fonts.get(tpx, True)
        while tpx > self._size(14) and tfont.size(title)[0] > room:
            tpx -= 1
            tfont = self.app.fonts.get(tpx, True)
        lines = wrap_text(title, tfont, room)[:1]
        self._add(lines[0], left, (self.header.h - tfont.get_height()) // 2, tpx, True, ACCENT,
                  (left, left + room), "header")

    def _layout_toc(self) -> None:
        self._toc_hits = []
        pad = self._px(10)
        x = self.toc_rect.x + pad
        width = self.toc_rect.w - 2 * pad
        y = pad
        head = i18n.t("help.contents")
        y = self._wrap(head, x, y, width, self._size(SMALL_PX), True, MUTED, "toc") + self._px(6)
        if self.page is None:
            self.toc_h = y
            return
        px = self._size(TOC_PX)
        for section in self.page.sections:
            top = y
            y = self._wrap(section.title, x + self._px(6), y + self._px(2),
                           width - self._px(6), px, False, TEXT, "toc") + self._px(2)
            self._toc_hits.append((pygame.Rect(self.toc_rect.x, top, self.toc_rect.w, y - top),
                                   section.id))
        self.toc_h = y + pad

    def _layout_page(self) -> None:
        self.anchors = {}
        self.diagrams = []
        x = self.body.x
        width = self.body.w
        y = 0
        if self.page is None:
            text = i18n.t("help.missing", game=i18n.t(f"game.{self.game}"))
            self.total_h = self._wrap(text, x, y, width, self._size(BODY_PX), False, TEXT,
                                      "page")
            return
        if self.problem:
            y = self._wrap(i18n.t("help.fallback"), x, y, width, self._size(SMALL_PX), False,
                           HOUSE, "page") + self._px(10)
        for section in self.page.sections:
            y = self._layout_section(section, x, y, width) + self._px(30)
        self.total_h = y

    def _layout_section(self, section: HelpSection, x: int, y: int, width: int) -> int:
        self.anchors[section.id] = y
        y = self._wrap(section.title, x, y, width, self._size(TITLE_PX), True, ACCENT, "page")
        y += self._px(6)
        small = self._size(SMALL_PX)
        if self.cited and self.page is not None and \
                self.page.section_for_rule(self.cited) is section:
            y = self._wrap(i18n.t("help.cited", rule=self.cited), x, y, width,
                           self._size(BODY_PX), True, TEXT, "page") + self._px(4)
        if section.house:
            mark = self._px(14)
            text = i18n.t("help.house_ruling", ids=", ".join(section.house))
            y = self._wrap(text, x + mark + self._px(8), y, width - mark - self._px(8), small,
                           True, HOUSE, "page", (x, x + width)) + self._px(2)
        if section.rules:
            text = i18n.t("help.rules_cited", ids=", ".join(section.rules))
            y = self._wrap(text, x, y, width, small, False, RULE, "page") + self._px(4)
        y += self._px(6)
        body_px = self._size(BODY_PX)
        font = self.app.fonts.get(body_px)
        bullet_w = self._px(20)
        previous: BlockKind | None = None
        for block in section.blocks:
            if previous is BlockKind.BULLET and block.kind is not BlockKind.BULLET:
                y += font.get_linesize() // 3
            previous = block.kind
            if block.kind is BlockKind.BULLET:
                self._add("•", x + self._px(4), y, body_px, True, ACCENT, (x, x + width), "page")
                y = self._wrap(block.text, x + bullet_w, y, width - bullet_w, body_px, False,
                               TEXT, "page", (x, x + width))
                y += self._px(4)
            else:
                y = self._wrap(block.text, x, y, width, body_px, False, TEXT, "page")
                y += font.get_linesize() // 2 + self._px(2)
        if section.diagram:
            y = self._layout_diagram(section, x, y + self._px(6), width)
        return y

    def _layout_diagram(self, section: HelpSection, x: int, y: int, width: int) -> int:
        # imported here: the menu's Rules button needs none of it (issue 14, start-up)
        from tabletop.ui.help_diagrams import DiagramContext, find_diagram

        found = find_diagram(self.game, section.diagram)
        if found is None:
            return self._wrap(i18n.t("help.no_diagram", name=section.diagram), x, y, width,
                              self._size(SMALL_PX), False, HOUSE, "page")
        renderer, layout = self._drawing_tools()
        height = min(round(width * found.aspect), self.body.h - self._px(20))
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        surf.fill((*PANEL, 255))
        ctx = DiagramContext(self.app.lang, self.app.scale, self.text, renderer, layout,
                             self.rules, section)
        try:
            found.fn(surf, surf.get_rect(), ctx)
        except Exception:  # a broken drawing must not take the help page with it
            log.exception("help diagram %s/%s failed", self.game, section.diagram)
        self.diagrams.append(_Diagram(surf, y, x, ctx.records, section.diagram))
        return y + height + self._px(8)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self.toc_scroll = max(0, min(self.toc_scroll, max(0, self.toc_h - self.toc_rect.h)))

    @property
    def max_scroll(self) -> int:
        """How far the page can scroll (0 when it fits)."""
        return max(0, self.total_h - self.body.h + self._px(40))

    # ------------------------------------------------------------------ actions
    def jump(self, section_id: str) -> None:
        """Scroll so that ``section_id`` is at the top (as far as the page allows)."""
        if section_id in self.anchors:
            self.scroll = self.anchors[section_id]
            self._clamp()
            self._reveal_toc(section_id)

    def _reveal_toc(self, section_id: str) -> None:
        for rect, sid in self._toc_hits:
            if sid == section_id:
                if rect.y - self.toc_scroll < 0 or rect.bottom - self.toc_scroll > self.toc_rect.h:
                    self.toc_scroll = rect.y - self.toc_rect.h // 3
                self._clamp()

    def scroll_by(self, dy: int) -> None:
        """Scroll the sections by ``dy`` pixels (positive: down the page)."""
        self.scroll += dy
        self._clamp()

    def close(self) -> None:
        """Leaving: nothing to clean up (no widgets)."""

    def back(self) -> None:
        """Return to the scene the page was opened from."""
        if self.app.stack.top is self:
            self.app.stack.pop()
        elif self in self.app.stack.scenes:
            self.app.stack.scenes.remove(self)

    def _thumb(self) -> pygame.Rect:
        total = max(1, self.total_h + self._px(40))
        view = self.body.h
        if total <= view:
            return pygame.Rect(self.track)
        h = max(self._px(30), round(self.track.h * view / total))
        span = self.track.h - h
        y = self.track.y + round(span * self.scroll / max(1, self.max_scroll))
        return pygame.Rect(self.track.x, y, self.track.w, h)

    def _spend(self, key: int) -> None:
        """The scene below must not act on the release of the key that closed us."""
        for scene in self.app.stack.scenes:
            spent = getattr(scene, "spent_keys", None)
            if isinstance(spent, set):
                spent.add(key)

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Keys, wheel, clicks on contents, buttons and the scrollbar; every input is
        consumed (nothing below reacts while the page is up)."""
        etype = event.type
        step = self._px(48)
        page = max(step, self.body.h - self._px(60))
        if etype == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_PAGEDOWN: lambda: self.scroll_by(page),
                pygame.K_PAGEUP: lambda: self.scroll_by(-page),
                pygame.K_SPACE: lambda: self.scroll_by(page),
                pygame.K_DOWN: lambda: self.scroll_by(step),
                pygame.K_UP: lambda: self.scroll_by(-step),
                pygame.K_HOME: lambda: self.scroll_by(-self.total_h),
                pygame.K_END: lambda: self.scroll_by(self.total_h),
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_BACKSPACE):
                self._spend(event.key)
                self.back()
            elif event.key in keys:
                keys[event.key]()
            return None
        if etype == pygame.MOUSEWHEEL:
            pos = self.app.mouse_pos()
            if self.toc_rect.collidepoint(pos) and self.toc_h > self.toc_rect.h:
                self.toc_scroll -= int(event.y) * step
                self._clamp()
            else:
                self.scroll_by(-int(event.y) * step)
            return None
        if etype == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._press((int(event.pos[0]), int(event.pos[1])))
            return None
        if etype == pygame.MOUSEBUTTONUP:
            self._thumb_drag = None
            return None
        if etype == pygame.MOUSEMOTION and self._thumb_drag is not None:
            span = max(1, self.track.h - self._thumb().h)
            y = int(event.pos[1]) - self._thumb_drag - self.track.y
            self.scroll = round(y / span * self.max_scroll)
            self._clamp()
            return None
        if etype in (pygame.KEYUP, pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN):
            return None
        return event

    def _press(self, pos: tuple[int, int]) -> None:
        if self._buttons["back"].collidepoint(pos):
            self.back()
            return
        if self._buttons["lang"].collidepoint(pos):
            self.app.set_language(_other_language(self.app.lang))
            return
        if self.toc_rect.collidepoint(pos):
            local = (pos[0], pos[1] - self.toc_rect.y + self.toc_scroll)
            for rect, sid in self._toc_hits:
                if rect.collidepoint(local):
                    self.jump(sid)
                    return
            return
        if self.track.inflate(self._px(8), 0).collidepoint(pos) and self.max_scroll:
            thumb = self._thumb()
            if thumb.collidepoint(pos):
                self._thumb_drag = pos[1] - thumb.y
            else:
                self.scroll_by(self.body.h if pos[1] > thumb.bottom else -self.body.h)

    def resize(self, size: tuple[int, int]) -> None:
        """New size or language: lay the page out again, keeping the section read."""
        keep = self.section_id
        offset = self.scroll - self.anchors.get(keep, 0)
        self._build()
        if keep in self.anchors:
            self.scroll = self.anchors[keep] + (offset if self._lang == self.app.lang else 0)
            self._clamp()

    def section_rect(self, section_id: str) -> pygame.Rect | None:
        """Where a section's title is on screen now (None when scrolled out of view)."""
        top = self.anchors.get(section_id)
        if top is None:
            return None
        rect = pygame.Rect(self.body.x, self.body.y + top - self.scroll, self.body.w,
                           self._px(TITLE_PX))
        return rect if self.body.colliderect(rect) else None

    def toc_entry(self, section_id: str) -> pygame.Rect | None:
        """Where a contents entry is on screen now (None when not shown)."""
        for rect, sid in self._toc_hits:
            if sid == section_id:
                moved = rect.move(0, self.toc_rect.y - self.toc_scroll)
                return moved if self.toc_rect.contains(moved) else None
        return None

    @property
    def buttons(self) -> dict[str, pygame.Rect]:
        """The header's buttons ("back", "lang") on screen."""
        return dict(self._buttons)

    # ------------------------------------------------------------------ drawing
    def frame_due(self) -> float | None:
        """Only input changes the page (scrolling, the pointer over a button)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Header, contents, the visible part of the sections, the scrollbar."""
        surface.fill(BACKGROUND)
        pygame.draw.rect(surface, HEADER, self.header)
        mouse = self.app.mouse_pos()
        for name, rect in self._buttons.items():
            colour = BUTTON_HOVER if rect.collidepoint(mouse) else BUTTON
            pygame.draw.rect(surface, colour, rect, border_radius=self._px(6))
            pygame.draw.rect(surface, EDGE, rect, 1, border_radius=self._px(6))
            label = self.text.get(self._button_text[name], self._size(16), TEXT, True)
            surface.blit(label, label.get_rect(center=rect.center))
        pygame.draw.rect(surface, PANEL, self.toc_rect, border_radius=self._px(8))
        current = self.section_id
        clip = surface.get_clip()
        surface.set_clip(self.toc_rect)
        for rect, sid in self._toc_hits:
            if sid == current:
                mark = rect.move(0, self.toc_rect.y - self.toc_scroll)
                pygame.draw.rect(surface, BUTTON, mark)
                pygame.draw.rect(surface, ACCENT, (mark.x, mark.y, self._px(4), mark.h))
        for line in self.lines:
            if line.where == "toc":
                self._blit(surface, line, 0, self.toc_rect.y - self.toc_scroll)
        if self.toc_h > self.toc_rect.h:  # the contents scroll too: show how far
            bar = pygame.Rect(self.toc_rect.right - self._px(5), self.toc_rect.y,
                              self._px(4), self.toc_rect.h)
            h = max(self._px(20), bar.h * self.toc_rect.h // self.toc_h)
            y = bar.y + (bar.h - h) * self.toc_scroll // max(1, self.toc_h - self.toc_rect.h)
            pygame.draw.rect(surface, THUMB, (bar.x, y, bar.w, h), border_radius=2)
        surface.set_clip(self.body.inflate(0, 0))
        top = self.body.y - self.scroll
        for diagram in self.diagrams:
            surface.blit(diagram.surface, (diagram.x, top + diagram.y))
        for line in self.lines:
            if line.where == "page" and -line.rect.h <= line.rect.y - self.scroll <= self.body.h:
                self._blit(surface, line, 0, top)
        self._draw_house_marks(surface, top)
        surface.set_clip(clip)
        for line in self.lines:
            if line.where == "header":
                self._blit(surface, line, 0, 0)
        if self.max_scroll:
            pygame.draw.rect(surface, TRACK, self.track, border_radius=self._px(6))
            pygame.draw.rect(surface, THUMB, self._thumb(), border_radius=self._px(6))

    def _blit(self, surface: pygame.Surface, line: PlacedLine, dx: int, dy: int) -> None:
        surf = self.text.get(line.text, line.px, line.colour, line.bold)
        surface.blit(surf, (line.rect.x + dx, line.rect.y + dy))

    def _draw_house_marks(self, surface: pygame.Surface, top: int) -> None:
        """A small house-shaped mark before each "House ruling" line."""
        if self.page is None:
            return
        for section in self.page.sections:
            if not section.house:
                continue
            text = i18n.t("help.house_ruling", ids=", ".join(section.house))
            first = next((ln for ln in self.lines if ln.where == "page"
                          and ln.rect.y >= self.anchors[section.id] and ln.colour == HOUSE
                          and text.startswith(ln.text[:4])), None)
            if first is None:
                continue
            side = self._px(14)
            x = self.body.x
            y = top + first.rect.centery - side // 2
            roof = [(x, y + side // 2), (x + side // 2, y), (x + side, y + side // 2)]
            pygame.draw.polygon(surface, HOUSE, roof)
            pygame.draw.rect(surface, HOUSE, (x + side // 6, y + side // 2,
                                              side - side // 3, side // 2))


def help_button(app: Host, game: str, rect: pygame.Rect, container: Any,
                rules: Callable[[], GameRules]) -> Any:
    """The menu's "Rules of <game>" button (a pygame_gui button in ``container``, at
    ``rect``) opening :func:`open_help`; None when ``game`` has no help file."""
    from pygame_gui.elements import UIButton

    from tabletop.help import help_languages

    if not game or not help_languages(game):
        return None
    return UIButton(rect, i18n.t("help.menu_button", game=i18n.t(f"game.{game}")), app.ui,
                    container=container, object_id="#rules_help",
                    tool_tip_text=i18n.t("help.key_hint"),
                    command=lambda: open_help(app, game, rules=rules()))
