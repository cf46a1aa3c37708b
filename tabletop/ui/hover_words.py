"""The words of the hover preview (issue 12 §7): every effect of the card, and its
current numbers beside the printed ones.

The lines under a card's name are, in order:

1. its numbers *now* where they differ from the printed ones ("Now: prowess 3
   (printed 5) · health left 12 of 14"), from the rules' own
   :meth:`~tabletop.core.rules.GameRules.derived` on the state the table shows (unless
   the plugin's own lines already begin with "Now:");
2. the game plugin's :meth:`~tabletop.ui.games.GameUI.explain` lines;
3. every effect of the card in words, from the game's card renderer
   (:meth:`~tabletop.ui.card_render.CardRenderer.effect_words`, in each game's
   ``*_cards.py``), without repeating a line already there.

A hidden card has no words at all (the table shows a "Hidden card" note instead), and
its numbers are never asked for (ALL-R2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.i18n import has_text, t

if TYPE_CHECKING:
    from tabletop.core.view import CardView
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.context import TableContext
    from tabletop.ui.panels import TextCache

__all__ = ["card_lines", "current_numbers", "hover_numbers", "stat_name", "words_box"]


def stat_name(game_id: str, key: str) -> str:
    """A derived number's name in words (``hover.stat.<game>.<key>``, else
    ``hover.stat.<key>``, else the key)."""
    for name in (f"hover.stat.{game_id}.{key}", f"hover.stat.{key}"):
        if has_text(name):
            return t(name)
    return key


def current_numbers(card: Any, derived: Mapping[str, int], game_id: str) -> str:
    """"Now: ..." for the numbers of ``derived`` (name -> value now) that differ from
    the card's: a printed number of the same name ("power 5 (printed 3)"); a
    ``<name>_left`` against ``<name>`` now ("health left 12 of 14"); any other number
    when it is not 0 ("wound counters 1"). "" when nothing differs."""
    items = []
    for key, now in derived.items():
        printed = card.number(key)
        if printed is not None:
            if now != printed:
                items.append(t("hover.now_vs_printed", stat=stat_name(game_id, key), now=now,
                               printed=printed))
            continue
        base = key.removesuffix("_left")
        if base != key:
            of = derived.get(base, card.number(base))
            if of is not None and now != of:
                items.append(t("hover.now_of", stat=stat_name(game_id, key), now=now, of=of))
            continue
        if now:
            items.append(t("hover.now_only", stat=stat_name(game_id, key), now=now))
    return t("hover.now", list=" · ".join(items)) if items else ""


def card_lines(card: Any, view: CardView, explain: Callable[[Any, CardView], list[str]],
               renderer: CardRenderer, lang: str,
               numbers: Callable[[CardView], Mapping[str, int]] | None = None) -> list[str]:
    """The hover lines under the name of a card the viewer sees (see the module
    docstring); [] for a hidden card."""
    if view.hidden:
        return []
    lines: list[str] = []
    said = explain(card, view)
    prefix = t("hover.now", list="").strip()
    # a plugin that states the numbers now itself (Xenocard's ATK, attack type and HP
    # in force) keeps its line; the printed ones are on the large face beside it
    if numbers is not None and not any(line.startswith(prefix) for line in said):
        now = current_numbers(card, numbers(view), str(getattr(card, "game", "")))
        if now:
            lines.append(now)
    for line in [*said, *renderer.effect_words(card, lang)]:
        if line and line not in lines:
            lines.append(line)
    return lines


def hover_numbers(scene: TableContext, view: CardView) -> Mapping[str, int]:
    """The rules' current numbers of the card behind ``view`` on the state the table
    shows now (a playback's moment too); {} for a hidden card or one not in the game."""
    if view.hidden:
        return {}
    iid = scene.game.resolve(view.iid)
    state = scene.ui.shown_state(scene)
    if iid not in state.cards:
        return {}
    return scene.rules.derived(state, iid)


def words_box(text: TextCache, lines: list[str], width: int, size: int,
              colour: tuple[int, int, int], back: tuple[int, int, int, int]
              ) -> pygame.Surface | None:
    """``lines`` wrapped to ``width`` pixels at ``size`` px in a rounded box with
    ``back`` behind them; None for no lines."""
    if not lines:
        return None
    pad = max(6, size // 2)
    rows = [text.get(line, size, colour, False, width - 2 * pad) for line in lines]
    h = sum(r.get_height() for r in rows) + (len(rows) - 1) * (size // 3) + 2 * pad
    box = pygame.Surface((width, h), pygame.SRCALPHA)
    pygame.draw.rect(box, back, box.get_rect(), border_radius=8)
    y = pad
    for row in rows:
        box.blit(row, (pad, y))
        y += row.get_height() + size // 3
    return box
