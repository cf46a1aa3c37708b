"""The deck builder's right-hand panel: whether the deck is legal (each problem with its
rule), its counts, the cost curve and the type and colour/kind split; and the card
carried by a drag. Drawn into rectangles in window pixels at the UI ``scale``."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop import i18n
from tabletop.core.deck_check import DeckProblem
from tabletop.core.deck_stats import DeckStats, facets_of
from tabletop.ui.deck_chart import draw_curve, draw_split, split_colours
from tabletop.ui.deck_lists import TEXT, TEXT_DIM, TEXT_OK, TEXT_PROBLEM
from tabletop.ui.deck_rows import label
from tabletop.ui.fonts import Fonts

__all__ = ["draw_carried", "draw_summary", "problem_line"]

CARRIED = (60, 110, 84)


def problem_line(problem: DeckProblem) -> str:
    """"• <the rules' words> (<rule>)" in the current language."""
    rule = problem.rule if isinstance(problem.rule, str) else problem.rule.render()
    return f"• {problem.message.render()} {i18n.t('decks.rule_ref', rule=rule)}"


def draw_summary(surface: pygame.Surface, fonts: Fonts, area: pygame.Rect,
                 status: pygame.Rect, game: str, problems: Sequence[DeckProblem],
                 stats: DeckStats | None, said: str, dirty: bool, scale: float,
                 first: int = 0) -> tuple[pygame.Rect, int]:
    """The panel in ``area`` (the problems from the ``first``-th, then counts and
    charts) and the save state ``said`` in ``status`` (red while ``dirty``). The
    problems take the room they need down to the counts' line (the charts give way,
    QA16b #10); those that still do not fit are counted under the last one shown.
    Returns the problems' room (where the wheel scrolls them) and how many of them
    are not shown."""
    def px(v: float) -> int:
        return round(v * scale)

    x, y, w = area.x, area.y, area.width
    shown_rect, hidden = pygame.Rect(x, y, w, 0), 0
    if problems:
        head = fonts.render(i18n.t("decks.illegal", n=len(problems)), px(16), TEXT_PROBLEM,
                            bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + px(4)
        shown_rect.y = y
        counts_h = _counts_height(fonts, w, game, stats, scale) if stats is not None else 0
        room = status.y - px(6) - counts_h - px(10)
        lines = [fonts.render(problem_line(p), px(14), TEXT, wrap=w, centre=False)
                 for p in problems]
        first = max(0, min(first, len(lines) - 1))
        more_h = fonts.get(px(14)).get_linesize()
        for i in range(first, len(lines)):
            text = lines[i]
            rest = len(lines) - i - 1
            if y + text.get_height() + (more_h if rest else 0) > room and i > first:
                hidden = len(lines) - i
                break
            surface.blit(text, (x, y))
            y += text.get_height() + px(2)
        hidden += first
        if hidden:
            more = fonts.render(i18n.t("qa16b.problems_more", n=hidden), px(14), TEXT_DIM,
                                wrap=w, centre=False)
            surface.blit(more, (x, y))
            y += more.get_height()
        # the wheel's place: the room the problems may take, not the lines drawn, so
        # the list scrolled to its short end still scrolls back under the pointer
        shown_rect.height = max(y, room) - shown_rect.y
    else:
        ok = fonts.render(i18n.t("decks.legal"), px(16), TEXT_OK, bold=True, wrap=w,
                          centre=False)
        surface.blit(ok, (x, y))
        y += ok.get_height()
    y += px(10)
    if stats is not None:
        _draw_counts(surface, fonts, pygame.Rect(x, y, w, status.y - px(6) - y), game, stats,
                     scale)
    colour = TEXT_PROBLEM if dirty else TEXT_DIM
    line = fonts.render(said, px(13), colour, wrap=status.width, centre=False)
    surface.blit(line, status.topleft)
    return shown_rect, hidden


def _count_parts(game: str, stats: DeckStats) -> list[str]:
    """The counts' line: the total, then each pile (Conan's Foe renown too)."""
    counts = [i18n.t("decks.total", n=stats.total)]
    total_pile = facets_of(game).total_pile
    for pile, n in stats.piles if len(stats.piles) > 1 else ():
        name = label(f"decks.pile.{game}.{pile}", pile)
        if pile == total_pile and stats.pile_total is not None:  # Conan's Foe renown
            counts.append(i18n.t("decks.pile_total", pile=name, n=n, total=stats.pile_total))
        else:
            counts.append(i18n.t("decks.pile_count", pile=name, n=n))
    return counts


def _counts_height(fonts: Fonts, width: int, game: str, stats: DeckStats,
                   scale: float) -> int:
    """The pixels the counts' line takes in a column ``width`` wide."""
    text = fonts.render(" · ".join(_count_parts(game, stats)), round(14 * scale), TEXT,
                        wrap=width, centre=False)
    return text.get_height() + round(8 * scale)


def _draw_counts(surface: pygame.Surface, fonts: Fonts, area: pygame.Rect, game: str,
                 stats: DeckStats, scale: float) -> None:
    def px(v: float) -> int:
        return round(v * scale)

    x, y, w, bottom = area.x, area.y, area.width, area.bottom
    counts = _count_parts(game, stats)
    summary = fonts.render(" · ".join(counts), px(14), TEXT, wrap=w, centre=False)
    surface.blit(summary, (x, y))
    y += summary.get_height() + px(8)
    if stats.curve and bottom - y > px(150):
        title = f"{i18n.t('decks.curve')} ({i18n.t(f'decks.cost.{game}')})"
        head = fonts.render(title, px(14), TEXT_DIM)
        surface.blit(head, (x, y))
        y += head.get_height()
        chart_h = min(px(110), (bottom - y) // 3)
        draw_curve(surface, fonts, pygame.Rect(x, y, w, chart_h), stats.curve, scale)
        y += chart_h + px(8)
    if stats.types and bottom - y > px(40):
        head = fonts.render(i18n.t("decks.types"), px(14), TEXT_DIM)
        surface.blit(head, (x, y))
        y += head.get_height() + px(2)
        parts = [(label(f"decks.type.{game}.{t}", t), n) for t, n in stats.types]
        y += draw_split(surface, fonts, pygame.Rect(x, y, w, bottom - y), parts, scale) + px(6)
    facets = facets_of(game)
    if stats.groups and bottom - y > px(40):
        what = label(f"decks.facet_title.{facets.group}", facets.group)
        head = fonts.render(i18n.t("decks.groups", what=what), px(14), TEXT_DIM)
        surface.blit(head, (x, y))
        y += head.get_height() + px(2)
        parts = [(label(f"decks.value.{game}.{g}", g), n) for g, n in stats.groups]
        draw_split(surface, fonts, pygame.Rect(x, y, w, bottom - y), parts, scale,
                   split_colours([g for g, _ in stats.groups]))


def draw_carried(surface: pygame.Surface, fonts: Fonts, text: str, pointer: tuple[int, int],
                 scale: float) -> None:
    """The name of the card being dragged, in a box beside the pointer."""
    name = fonts.render(text, round(16 * scale), TEXT, bold=True)
    box = name.get_rect().inflate(round(20 * scale), round(12 * scale))
    box.topleft = (pointer[0] + round(12 * scale), pointer[1] + round(8 * scale))
    pygame.draw.rect(surface, CARRIED, box, border_radius=round(6 * scale))
    pygame.draw.rect(surface, TEXT_OK, box, 2, border_radius=round(6 * scale))
    surface.blit(name, name.get_rect(center=box.center))
