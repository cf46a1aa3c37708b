"""The enemy's Foe hand spread large while it places Foes (issue 10, readability).

In the layout file each Foe hand is a 215 x 100 mm zone: at 1280x720 that is 160 x 75
pixels and a card 47 x 66, too small for a Foe's name at the text floor (12 px), and
five to eight Foes there overlap into thin strips. The Foe hand is played from only in
the Foe Draw phase, by the enemy (the seat whose turn it is not). So while the enemy
holds the computer in that phase, its own Foe hand takes over the rows of its half of
the right panel that it does not use then (its side, its five piles and its
Chronicle: its own Conan does not fight on the other seat's turn), and its Foes lie
there in a grid of large cards that never overlap (two rows of four for eight Foes,
each about 1.66 cards wide). Its hand row stays (a Region is attached from it), and
the turn player's half, the battlefield and the side panel's counts (deck, Foes,
Chronicle) stay in sight. In every other phase, and for the other seat, the layout
file's zones are used as they are.

:func:`spread_layout` builds that layout (the window's only; the rules read the
battlefield zones alone, which it leaves as they are), :func:`spread_places` lays the
Foes out in it.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from tabletop.geometry import Placed
from tabletop.layout import CARD_SIZE, Layout, Zone

if TYPE_CHECKING:
    from tabletop.core.model import GameState

__all__ = ["SPREAD_GAP_MM", "SPREAD_MAX_SCALE", "SPREAD_ROWS", "spread_layout",
           "spread_places", "spreads"]

#: The seat's zones the spread Foe hand lies over (by kind of zone, ``p<s>.<name>``):
#: every row of the seat's half but its hand.
SPREAD_ROWS: tuple[str, ...] = ("foe_hand", "chronicle", "side", "deck", "discard",
                                "foe_deck", "foe_discard", "region")
#: Space between neighbouring Foes and around the grid.
SPREAD_GAP_MM = 5.0
#: Cards are never drawn larger than this (a few Foes would otherwise fill the area).
SPREAD_MAX_SCALE = 1.8


def spreads(state: GameState, viewer: int, foes_held: int) -> bool:
    """Is the viewer's Foe hand spread now? Only for the enemy (not the turn player)
    placing Foes (Foe Draw), with Foes in hand, outside free mode and game over (free
    mode may move cards to any zone, so every zone stays where the file puts it)."""
    return (state.phase == "foe_draw" and viewer != state.active and foes_held > 0
            and not state.free_mode and not state.game_over)


def spread_layout(lay: Layout, seat: int) -> Layout:
    """``lay`` with ``seat``'s Foe hand grown over the zones of :data:`SPREAD_ROWS`
    (their bounding box): those zones are left out of the window's layout (nothing of
    them is drawn or hit under the Foes), and the Foe hand comes last, on top."""
    under = [lay.zone(f"p{seat}.{name}") for name in SPREAD_ROWS]
    left = min(z.x_mm - z.width_mm / 2 for z in under)
    right = max(z.x_mm + z.width_mm / 2 for z in under)
    top = min(z.y_mm - z.height_mm / 2 for z in under)
    bottom = max(z.y_mm + z.height_mm / 2 for z in under)
    hand = dataclasses.replace(lay.zone(f"p{seat}.foe_hand"), x_mm=(left + right) / 2,
                               y_mm=(top + bottom) / 2, width_mm=right - left,
                               height_mm=bottom - top, rotation_deg=0.0)
    gone = {z.id for z in under}
    return dataclasses.replace(lay, zones=(*[z for z in lay.zones if z.id not in gone],
                                           hand))


def _grid(n: int, width: float, height: float) -> tuple[int, int, float]:
    """(rows, columns, card scale) of the largest cards ``n`` of which fit the area."""
    best = (1, n, 0.0)
    g = SPREAD_GAP_MM
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        scale = min((width - (cols + 1) * g) / (cols * CARD_SIZE[0]),
                    (height - (rows + 1) * g) / (rows * CARD_SIZE[1]), SPREAD_MAX_SCALE)
        if scale > best[2] + 1e-9:
            best = (rows, cols, scale)
    return best


def spread_places(zone: Zone, n: int, flipped: bool) -> list[Placed]:
    """Where the ``n`` Foes of a spread Foe hand lie: rows of equal cards, centred, in
    reading order for the viewer (first card top left as the viewer sees it: ``flipped``
    for seat 1's turned-round view), upright for the viewer (add the half turn of seat
    1's zones yourself). Sizes are the grown card size: the face is drawn at it."""
    rows, cols, scale = _grid(n, zone.width_mm, zone.height_mm)
    w, h = CARD_SIZE[0] * scale, CARD_SIZE[1] * scale
    g = SPREAD_GAP_MM
    sign = -1.0 if flipped else 1.0
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        dx = (col - (in_row - 1) / 2) * (w + g)
        dy = (row - (rows - 1) / 2) * (h + g)
        out.append(Placed("", (zone.x_mm + sign * dx, zone.y_mm + sign * dy), (w, h), 0.0))
    return out
