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

The viewer's own (Move) hand is spread the same way while it plays from it
(:func:`hand_spreads`: Prepare and Conan Move for the turn player, Foe Move for the
enemy, a discard down to the hand limit): a Move's name needs the face's whole width
at the text floor, about twice the table's card. :func:`hand_layout` keeps the other
seat's hand row and the turn player's side and Region and gives the viewer's hand the
rest of the right panel; the table keeps its cards' places while the pointer is over
it (the layout object stays the same while the phase lasts).
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from tabletop.geometry import Placed
from tabletop.layout import CARD_SIZE, Layout, Zone

if TYPE_CHECKING:
    from tabletop.core.model import GameState

__all__ = ["HAND_DECISIONS", "HAND_MAX_SCALE", "SPREAD_GAP_MM", "SPREAD_MAX_SCALE", "SPREAD_ROWS",
           "hand_layout", "hand_spreads", "spread_layout", "spread_places", "spreads"]

#: The seat's zones the spread Foe hand lies over (by kind of zone, ``p<s>.<name>``):
#: every row of the seat's half but its hand.
SPREAD_ROWS: tuple[str, ...] = ("foe_hand", "chronicle", "side", "deck", "discard",
                                "foe_deck", "foe_discard", "region")
#: Space between neighbouring Foes and around the grid.
SPREAD_GAP_MM = 5.0
#: Cards are never drawn larger than this (a few Foes would otherwise fill the area).
SPREAD_MAX_SCALE = 1.8
#: The spread Move hand's largest card: a Move's name needs the face's whole width at
#: the text floor (ブロードソード, Pirate Swordswoman: about 7.5 floor-sizes), twice
#: the table's card; seven cards lie at about 2.3 in three rows of three.
HAND_MAX_SCALE = 2.4
#: The phases the viewer plays from its Move hand: (phase, is the viewer the turn player).
HAND_PHASES = {("prepare", True), ("conan_move", True), ("foe_move", False)}
#: The viewer's own questions answered with its hand in view (issue 10: Press On or
#: Rest, Fight or Retreat, the Barbarian ability, Rest healing, the discard): what it
#: holds decides them.
HAND_DECISIONS = frozenset({"press_on", "survey", "barbarian", "rest_heal", "discard"})


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


def hand_spreads(state: GameState, viewer: int, held: int) -> bool:
    """Is the viewer's own hand (Moves, Items, Actions, Allies, Regions) spread large
    now? While it plays from it: the turn player in Prepare and Conan Move, the enemy
    in Foe Move, and either seat answering one of :data:`HAND_DECISIONS` (Press On,
    Survey, discarding down to the hand limit...); with cards in hand, outside free
    mode and game over."""
    if held <= 0 or state.free_mode or state.game_over:
        return False
    pending = state.pending
    if pending is not None:
        return pending.kind in HAND_DECISIONS and pending.seat == viewer
    return (str(state.phase), viewer == state.active) in HAND_PHASES


def hand_layout(lay: Layout, viewer: int, active: int) -> Layout:
    """``lay`` with ``viewer``'s hand spread over the right panel (issue 10).

    Kept, from the far edge: the other seat's hand row where it lies, then one row
    with the side and the Region of the turn player (its Allies and Items fight, a
    Region changes its numbers; a drop target in Prepare) moved just below it; the
    viewer's hand takes everything else, down to the viewer's own edge. The other
    rows (piles, Chronicles, Foe hands, the resting seat's side) are not used while
    a hand is played from: their counts stay in the side panel. ``lay`` is drawn
    with seat 0 at the bottom; for seat 1 every place is mirrored top to bottom."""
    other = 1 - viewer
    far = lay.zone(f"p{other}.hand")
    panel = [z for z in lay.zones if z.owner is not None]
    left = min(z.x_mm - z.width_mm / 2 for z in panel)
    right = max(z.x_mm + z.width_mm / 2 for z in panel)
    g = SPREAD_GAP_MM
    region = lay.zone(f"p{active}.region")
    # in seat 0's frame (viewer at the bottom): the far hand row, then the side row
    top = far.height_mm + g
    row = lay.zone(f"p{active}.side").height_mm
    side_w = right - left - region.width_mm - g

    def y(v: float) -> float:
        return v if viewer == 0 else lay.height_mm - v

    side = dataclasses.replace(lay.zone(f"p{active}.side"), x_mm=left + side_w / 2,
                               y_mm=y(top + row / 2), width_mm=side_w, rotation_deg=0.0)
    region = dataclasses.replace(region, x_mm=right - region.width_mm / 2,
                                 y_mm=y(top + row / 2), rotation_deg=0.0)
    start = top + row + g
    hand = dataclasses.replace(lay.zone(f"p{viewer}.hand"), x_mm=(left + right) / 2,
                               y_mm=y((start + lay.height_mm) / 2), width_mm=right - left,
                               height_mm=lay.height_mm - start, rotation_deg=0.0)
    kept = {far.id}
    return dataclasses.replace(lay, zones=(
        *[z for z in lay.zones if z.owner is None or z.id in kept], side, region, hand))


def _grid(n: int, width: float, height: float, most: float = SPREAD_MAX_SCALE
          ) -> tuple[int, int, float]:
    """(rows, columns, card scale) of the largest cards ``n`` of which fit the area."""
    best = (1, n, 0.0)
    g = SPREAD_GAP_MM
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        scale = min((width - (cols + 1) * g) / (cols * CARD_SIZE[0]),
                    (height - (rows + 1) * g) / (rows * CARD_SIZE[1]), most)
        if scale > best[2] + 1e-9:
            best = (rows, cols, scale)
    return best


def spread_places(zone: Zone, n: int, flipped: bool, most: float = SPREAD_MAX_SCALE
                  ) -> list[Placed]:
    """Where the ``n`` Foes of a spread Foe hand lie: rows of equal cards, centred, in
    reading order for the viewer (first card top left as the viewer sees it: ``flipped``
    for seat 1's turned-round view), upright for the viewer (add the half turn of seat
    1's zones yourself). Sizes are the grown card size: the face is drawn at it."""
    rows, cols, scale = _grid(n, zone.width_mm, zone.height_mm, most)
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
