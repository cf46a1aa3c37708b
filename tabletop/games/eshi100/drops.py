"""What a drag-and-drop means in 絵師100人展: a drop turned into an action.

* own hand card -> a square of the grid: ``place(card, square)`` (ESHI-R2).
  The square comes from ``zone_id`` when it is a layout cell key
  ``"cell:grid/r<R>c<C>"`` (:func:`tabletop.layout.cell_key`; cell -> square as
  in :mod:`board`), else from ``onto`` when it is a card on the grid (dropping
  on an occupied square). Plain ``"grid"`` without ``onto`` names no square.
* own hand card -> own discard pile: ``hand_boost(card)`` (discard 1, draw 2).
* anything else: a refusal saying where the card can go (cards on the grid
  never move; they are used by clicking them).
"""

from __future__ import annotations

from tabletop.core.actions import Action, Verdict
from tabletop.core.model import GameState
from tabletop.games.eshi100 import board
from tabletop.games.eshi100.words import inst_msg
from tabletop.games.eshi100.zones import GRID, zid

CELL_PREFIX = f"cell:{GRID}/"


def square_of_drop(state: GameState, zone_id: str, onto: int | None) -> int | None:
    """The square a drop on ``zone_id`` (a cell key or ``"grid"``) over ``onto`` means."""
    if zone_id.startswith(CELL_PREFIX):
        return board.square_of_cell(zone_id[len(CELL_PREFIX):])
    if zone_id == GRID and onto is not None and onto in state.cards \
            and state.zone_of(onto) == GRID:
        return board.square_of(state, onto)
    return None


def interpret_drop(state: GameState, seat: int, iid: int, zone_id: str,
                   onto: int | None) -> Action | Verdict:
    """The action a drop means, or a refusal with the reason (see the module docstring)."""
    if iid not in state.cards:
        return Verdict.refuse("eshi100.no_such_card")
    if state.cards[iid].owner != seat:
        return Verdict.refuse("eshi100.not_your_card")
    if state.zone_of(iid) != zid(seat, "hand"):
        return Verdict.refuse("eshi100.cards_stay", "", card=inst_msg(state, iid))
    if zone_id == zid(seat, "discard"):
        return Action.make("hand_boost", seat, card=iid)
    if zone_id == GRID or zone_id.startswith(CELL_PREFIX):
        square = square_of_drop(state, zone_id, onto)
        if square is None:
            return Verdict.refuse("eshi100.pick_square")
        return Action.make("place", seat, card=iid, square=square)
    return Verdict.refuse("eshi100.drop_on_grid", "", card=inst_msg(state, iid))
