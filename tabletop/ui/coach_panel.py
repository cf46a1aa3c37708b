"""The coach panel (issue 12 §1): the coach line in the side panel, and its lit pieces
drawn with a soft glow on the table.

It sits under the phase tracker, always on; a button in its corner and the key
:data:`COACH_KEY` hide it (a slim bar with the Show button stays) and show it again.
It says, for the seat at the computer (the table's viewer), who acts now in which
role, what they can do (:func:`tabletop.core.coach.coach_line`), the warnings in a
warning colour, and the win progress. Anything that teaches on the table (a lesson
step, a hint, the demo) sets ``TableScene.coach_override``; the line it returns is
shown instead (None: the normal line).

Text is wrapped to the panel's width (Japanese between characters, with kinsoku,
:mod:`tabletop.ui.textwrap_ja`) at the largest size from :data:`BASE_PX` down to the
text floor that fits the room the side panel leaves; the panel takes the room its
text needs (the log below gives way), so nothing is ever clipped. When even that is
too little (a long question below), the parts least needed are left out: further
warnings, then, under a question whose prompt says what to do, the "what" sentence;
a question that leaves no room at all (a long Japanese prompt at 1280x720) has the
box stand aside until it is answered (its cards stay lit). Lit pieces get a
cyan glow around the card (never over its face), unlike the gold outline of the
places a dragged card may go.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from tabletop.core.coach import CoachLine, coach_line, playback_line
from tabletop.core.messages import Message, msg
from tabletop.i18n import has_text
from tabletop.ui.panels import TextCache, render_message
from tabletop.ui.textwrap_ja import ellipsize, wrap_text
from tabletop.ui.theme import text_floor

__all__ = ["BASE_PX", "COACH_KEY", "CoachHost", "CoachPanel", "GLOW", "WARNING"]

#: The key that hides and shows the coach panel (free in every game's table).
COACH_KEY = pygame.K_g
#: Its name in the button label.
COACH_KEY_NAME = "G"
#: Text size at UI scale 1.0 (pixels), before shrinking to fit (never under the floor).
BASE_PX = 14

BOX_BG = (30, 44, 52)
BOX_EDGE = (86, 150, 170)
WHO = (250, 214, 96)
WHAT = (232, 236, 230)
WARNING = (255, 150, 90)
PROGRESS = (150, 214, 180)
BUTTON_BG = (44, 66, 76)
BUTTON_EDGE = (120, 180, 200)
BUTTON_TEXT = (226, 236, 240)
#: The lit pieces' glow colour (the drag target highlight is gold).
GLOW = (90, 220, 255)
#: Layouts of the line kept (by texts, width and room).
LAYOUTS_KEPT = 16


class CoachHost(Protocol):
    """What the panel reads of the table scene (``TableScene`` is one)."""

    game: Any
    rules: Any
    viewer: int
    scale: float
    lang: str
    cover_pending: bool
    selected: list[int]
    by_iid: dict[int, Any]
    coach_override: Callable[[], CoachLine | None] | None
    ui: Any
    panel_rect: pygame.Rect
    tracker_h: int
    tracker: Any
    view: Any

    def relayout(self) -> None: ...


def _button_pad(pad: int) -> int:
    """Room above and below the Hide/Show label inside its button, together."""
    return max(2, pad // 2 + 1)


@dataclass(frozen=True)
class _Laid:
    """The panel's text as drawn: surfaces in order, with their kinds, and the sizes."""

    who: pygame.Surface
    rows: tuple[tuple[str, pygame.Surface], ...]
    button: pygame.Surface
    height: int
    size: int
    pad: int


class CoachPanel:
    """The coach panel of one table scene.

    ``rect`` is where it lies in the window (pixels; empty before :meth:`place`),
    ``button_rect`` its Hide/Show button. ``shown`` is False while hidden.
    """

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.shown = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.button_rect = pygame.Rect(0, 0, 0, 0)
        self._line: CoachLine | None = None
        self._seen: tuple[Any, ...] | None = None
        self._refs: tuple[Any, ...] = (None, None, None)
        self._placed_for: tuple[Any, ...] | None = None
        self._laid: _Laid | None = None
        self._laid_key: tuple[Any, ...] | None = None
        self._layouts: dict[tuple[Any, ...], _Laid] = {}
        self._rooms = (0, 0)
        self._compact = False
        #: Is the line shown an override's (a lesson, a hint, the demo)?
        self.overridden = False
        #: The last draw gave way to a relayout (the line's height changed) and drew no
        #: box: the table asks for the next frame at once (``frame_policy.table_due``),
        #: or the box stayed empty until some input came (QA: a hint's words).
        self.frame_wanted = False
        self._glows: dict[tuple[int, int], pygame.Surface] = {}

    # ---------------------------------------------------------------- the line
    def refresh(self, scene: CoachHost) -> None:
        """Compute the normal coach line anew (after any change of the game, and at each
        step of a playback: then from the moment shown, so no result shows early)."""
        shown = scene.ui.shown_state(scene)
        history = scene.game.history
        # a relayout without a change of the game (a plugin's local choice) keeps the line
        seen = (scene.viewer, len(history), shown.free_mode, len(shown.log), str(shown.phase),
                str(shown.step))
        refs = (shown, history[-1] if history else None, shown.pending)  # kept: ids stay theirs
        if self._line is not None and seen == self._seen and all(
                a is b for a, b in zip(refs, self._refs, strict=True)):
            return
        self._seen, self._refs = seen, refs
        if shown is not scene.game.state:
            self._line = playback_line(scene.rules, shown, scene.viewer)
        else:
            self._line = coach_line(scene.rules, shown, scene.viewer)

    def line(self, scene: CoachHost) -> CoachLine | None:
        """The line shown now: the override's, else the normal one; None under the cover.
        :attr:`overridden` says which."""
        self.overridden = False
        if scene.cover_pending:
            return None
        override = scene.coach_override
        if override is not None:
            given = override()
            if given is not None:
                self.overridden = True
                return given
        if self._line is None:
            self.refresh(scene)
        return self._line

    def warnings(self, scene: CoachHost, line: CoachLine) -> tuple[Message, ...]:
        """The line's warnings, plus one while the viewer has cards selected that a move
        on (Next phase, End turn) would leave unused (the table asks first, too)."""
        extra: tuple[Message, ...] = ()
        if scene.selected and not self.overridden and not scene.game.state.game_over:
            game, phase = scene.rules.game_id, scene.game.state.phase
            keys = [f"coach.{game}.selected-{phase}", f"coach.{game}.selected"]
            key = next((k for k in keys if has_text(k)), "coach.selected_warning")
            extra = (msg(key, n=len(scene.selected)),)
        return (*line.warnings, *extra)

    def toggle(self, scene: CoachHost) -> None:
        """Hide the panel, or show it again."""
        self.shown = not self.shown
        self._laid_key = None
        scene.relayout()

    # ---------------------------------------------------------------- layout
    def _texts(self, scene: CoachHost, line: CoachLine | None) -> tuple[Any, ...]:
        if line is None or not self.shown:
            return (self.shown, scene.lang)
        lang = scene.lang
        return (True, lang, render_message(line.who, lang), render_message(line.what, lang),
                tuple(render_message(w, lang) for w in self.warnings(scene, line)),
                tuple(render_message(p, lang) for p in line.progress))

    def _button_text(self, lang: str) -> str:
        key = "coach.hide" if self.shown else "coach.show"
        return render_message(msg(key, key=COACH_KEY_NAME), lang)

    def _lay_out(self, texts: tuple[Any, ...], width: int, rooms: tuple[int, int],
                 scale: float, compact: bool) -> _Laid:
        """:meth:`_lay_out_now`, kept by its arguments: most changes of the game leave
        the line and its room as they were (issue 14)."""
        key = (texts, width, rooms, scale, compact)
        laid = self._layouts.get(key)
        if laid is None:
            if len(self._layouts) >= LAYOUTS_KEPT:
                del self._layouts[next(iter(self._layouts))]
            laid = self._layouts[key] = self._lay_out_now(texts, width, rooms, scale, compact)
        return laid

    def _lay_out_now(self, texts: tuple[Any, ...], width: int, rooms: tuple[int, int],
                     scale: float, compact: bool) -> _Laid:
        """The text at the largest size that fits (never under the text floor).

        ``rooms``: the room that leaves the log below its share, and all the room there
        is. When the whole line does not fit even at the floor, the parts least needed
        go first: the progress, then (``compact``: a question is shown below, saying
        what to do) the "what" sentence, then the warnings; who acts always stays."""
        floor = max(12, text_floor(scale))
        pad = max(4, round(6 * scale))
        top = max(floor, round(BASE_PX * scale))
        laid: _Laid | None = None
        for variant, room in self._variants(texts, compact, rooms):
            if not compact and len(variant) == 6 and not variant[3] and texts[3]:
                # before who alone: what they can do cut to the lines that fit (QA16 #4)
                cut = self._cut_what(texts, width, pad, floor, room)
                if cut is not None:
                    return cut
            for size in range(top, floor - 1, -1):
                laid = self._at(variant, width, pad, size)
                if laid.height <= room:
                    return laid
        assert laid is not None
        tight = self._at(self._variants(texts, compact, rooms)[-1][0], width,
                         max(2, pad // 2), floor)  # the last resort: who acts, closer set
        return tight if tight.height <= rooms[1] else laid

    @staticmethod
    def _variants(texts: tuple[Any, ...], compact: bool,
                  rooms: tuple[int, int]) -> list[tuple[tuple[Any, ...], int]]:
        """The ways to show ``texts``, in order of preference, each with its room: whole
        leaving the log its share, then with the first warning only (in the log's share,
        then in all the room), then with none (the win progress stays always visible), then,
        under a question, without the "what" sentence; who acts always stays."""
        if len(texts) == 2:
            return [(texts, rooms[1])]
        shown, lang, who, what, warnings, progress = texts
        first = tuple(warnings[:1])
        # Past its share of the panel the box shows one warning at most: a second one is
        # not worth the game log (QA: two warnings pushed the log out in Japanese).
        variants = [(texts, rooms[0]), ((shown, lang, who, what, first, progress), rooms[0]),
                    ((shown, lang, who, what, first, progress), rooms[1]),
                    ((shown, lang, who, what, (), progress), rooms[1]),
                    ((shown, lang, who, what, (), ()), rooms[1])]
        if compact:
            variants += [((shown, lang, who, "", warnings, progress), rooms[1]),
                         ((shown, lang, who, "", first, progress), rooms[1]),
                         ((shown, lang, who, "", (), progress), rooms[1])]
        variants.append(((shown, lang, who, "", (), ()), rooms[1]))
        return variants

    def _cut_what(self, texts: tuple[Any, ...], width: int, pad: int, floor: int,
                  room: int) -> _Laid | None:
        """Who acts and as many whole lines of the "what" sentence as ``room`` holds at
        the ``floor`` size, the last one ending in an ellipsis (warnings and progress
        left out); None when not even one line fits."""
        shown, lang, who, what = texts[:4]
        bare = self._at((shown, lang, who, "", (), ()), width, pad, floor)
        font = self.text.fonts.get(floor)
        fit = (room - bare.height - max(2, floor // 4)) // max(1, font.get_linesize())
        if fit < 1:
            return None
        inner = width - 2 * pad
        lines = wrap_text(what, font, inner)
        kept = lines[:fit]
        if len(lines) > fit:
            rest = (" " if " " in what else "").join(lines[fit - 1:])
            kept[-1] = ellipsize(rest, font, inner)
        laid = self._at((shown, lang, who, "\n".join(kept), (), ()), width, pad, floor)
        return laid if laid.height <= room else None

    def _at(self, texts: tuple[Any, ...], width: int, pad: int, size: int) -> _Laid:
        button_size = max(12, size - 1)
        button = self.text.get(self._button_text(texts[1]), button_size, BUTTON_TEXT, True)
        inner = width - 2 * pad
        gap = max(2, size // 4)
        if len(texts) == 2:  # hidden, or nothing to say (under the cover)
            note = render_message(msg("coach.hidden_note"), texts[1]) if not texts[0] else ""
            who = self.text.get(note, size, WHAT, False, max(20, inner - button.get_width()
                                                          - 3 * pad))
            height = max(who.get_height(), button.get_height() + _button_pad(pad)) + 2 * pad
            return _Laid(who, (), button, height, size, pad)
        _, _, who_text, what_text, warnings, progress = texts
        who = self.text.get(who_text, size, WHO, True,
                            max(20, inner - button.get_width() - 3 * pad))
        rows: list[tuple[str, pygame.Surface]] = []
        if what_text:
            rows.append(("what", self.text.get(what_text, size, WHAT, False, inner)))
        rows += [("warning", self.text.get(w, size, WARNING, True, inner))
                 for w in warnings]
        rows += [("progress", self.text.get(p, size, PROGRESS, True, inner)) for p in progress]
        height = 2 * pad + max(who.get_height(), button.get_height() + _button_pad(pad))
        height += sum(s.get_height() + gap for _, s in rows)
        return _Laid(who, tuple(rows), button, height, size, pad)

    def place(self, scene: CoachHost, left: int, top: int, width: int, bottom: int,
              pad: int, min_below: int) -> int:
        """Lay the panel out in the side panel from ``top`` (pixels), ``width`` wide, above
        ``bottom``, leaving the log ``min_below`` pixels when it can; returns the top of
        what comes below it."""
        self.refresh(scene)
        line = self.line(scene)
        texts = self._texts(scene, line)
        compact = scene.game.state.pending is not None and not self.overridden
        rooms = (max(0, bottom - top - min_below), max(0, bottom - top))
        self._rooms, self._compact = rooms, compact
        laid = self._lay_out(texts, width, rooms, scene.scale, compact)
        if laid.height > rooms[1]:  # not even who acts fits: use the tracker's spare room
            raised = self._tracker_bottom(scene, top, pad)
            if raised < top:
                top, rooms = raised, (rooms[0], max(0, bottom - raised))
                self._rooms = rooms
                laid = self._lay_out(texts, width, rooms, scene.scale, compact)
        self._laid, self._laid_key = laid, (texts, width, rooms, scene.scale)
        if laid.height > rooms[1]:  # a question fills the panel: the coach stands aside
            self.rect = pygame.Rect(left, top, width, 0)
            self.button_rect = pygame.Rect(0, 0, 0, 0)
            return top
        self.rect = pygame.Rect(left, top, width, laid.height)
        return self.rect.bottom + pad

    @staticmethod
    def _tracker_bottom(scene: CoachHost, top: int, pad: int) -> int:
        """Where the phase tracker's text really ends (its room is sized for the longest
        case), when the panel comes right under it; else ``top``."""
        panel = scene.panel_rect
        if top != panel.y + scene.tracker_h:
            return top
        scratch = pygame.Surface(panel.size)
        used = int(scene.tracker.draw(scratch, pygame.Rect(0, 0, panel.w, panel.h),
                                      scene.view, scene.scale))
        return min(top, panel.y + used + pad // 2)

    # ---------------------------------------------------------------- drawing
    def draw(self, scene: CoachHost, surface: pygame.Surface) -> None:
        """Draw the panel where :meth:`place` put it; lay the side panel out again when
        the line's text changed since (an override came or went)."""
        if self.rect.w <= 0:
            return
        line = self.line(scene)
        texts = self._texts(scene, line)
        key = (texts, self.rect.w, self._rooms, scene.scale)
        if key != self._laid_key or self._laid is None:
            old = self.rect.h
            self._laid = self._lay_out(texts, self.rect.w, self._rooms, scene.scale,
                                       self._compact)
            self._laid_key = key
            if self._laid.height != old:
                scene.relayout()  # the log below makes room (or takes it back)
                self.frame_wanted = True
                return
        self.frame_wanted = False
        if self.rect.h <= 0:  # stood aside for a question (see :meth:`place`)
            return
        laid = self._laid
        pad = laid.pad
        box = self.rect
        pygame.draw.rect(surface, BOX_BG, box, border_radius=8)
        pygame.draw.rect(surface, BOX_EDGE, box, 2, border_radius=8)
        button = laid.button.get_rect()
        self.button_rect = pygame.Rect(0, 0, button.w + 2 * pad, button.h + _button_pad(pad))
        self.button_rect.topright = (box.right - pad, box.y + pad)
        pygame.draw.rect(surface, BUTTON_BG, self.button_rect, border_radius=6)
        pygame.draw.rect(surface, BUTTON_EDGE, self.button_rect, 1, border_radius=6)
        surface.blit(laid.button, laid.button.get_rect(center=self.button_rect.center))
        x, y = box.x + pad, box.y + pad
        surface.blit(laid.who, (x, y + max(0, (self.button_rect.h - laid.who.get_height()) // 2)))
        y += max(laid.who.get_height(), self.button_rect.h)
        gap = max(2, laid.size // 4)
        for _, row in laid.rows:
            y += gap
            surface.blit(row, (x, y))
            y += row.get_height()

    def lit(self, scene: CoachHost) -> frozenset[int]:
        """The view ids to light now (none while hidden, under the cover, or while a
        playback shows an earlier moment)."""
        if not self.shown or scene.ui.shown_state(scene) is not scene.game.state:
            return frozenset()
        line = self.line(scene)
        return line.lit if line is not None else frozenset()

    def draw_lit(self, scene: CoachHost, surface: pygame.Surface) -> None:
        """A soft glow around each lit piece (round the card, never over it)."""
        lit = self.lit(scene)
        if not lit:
            return
        spread = max(5, round(11 * scene.scale))
        for iid in lit:
            sprite = scene.by_iid.get(iid)
            if sprite is None or not getattr(sprite, "drawn", True):
                continue
            rect: pygame.Rect = sprite.rect
            glow = self._glow(rect.size, spread)
            surface.blit(glow, (rect.x - spread, rect.y - spread))

    def _glow(self, size: Sequence[int], spread: int) -> pygame.Surface:
        """A rounded halo ``spread`` pixels wide around a card of ``size`` (cached)."""
        key = (int(size[0]), int(size[1]) * 10_000 + spread)
        surf = self._glows.get(key)
        if surf is None:
            w, h = int(size[0]) + 2 * spread, int(size[1]) + 2 * spread
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            for step in range(spread, 0, -1):
                alpha = round(190 * (1 - step / (spread + 1)) ** 0.9) + 20
                inset = spread - step
                pygame.draw.rect(surf, (*GLOW, alpha), pygame.Rect(inset, inset, w - 2 * inset,
                                                                    h - 2 * inset),
                                 border_radius=spread + 4 - inset // 2)
            # the card itself stays as drawn: the glow lies round it, over what is near
            surf.fill((0, 0, 0, 0), pygame.Rect(spread, spread, int(size[0]), int(size[1])))
            if len(self._glows) > 64:
                self._glows.clear()
            self._glows[key] = surf
        return surf

    def handle_click(self, scene: CoachHost, pos: tuple[int, int]) -> bool:
        """A click on the Hide/Show button toggles the panel (True: the click was it)."""
        if self.rect.h > 0 and self.button_rect.collidepoint(pos):
            self.toggle(scene)
            return True
        return False
