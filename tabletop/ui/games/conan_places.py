"""Conan's drop places named as lesson cells (docs/lessons.md, contract D).

A lesson lights the place to drop a card with ``"cell:<zone>/<place>"``. Conan's places
are not layout cells but shapes the rules compute, named as the rules name them:

* a Foe's row position, ``"cell:center/0"`` (``foes.foe_targets``: ``<zone>/<position>``);
* a Conan or Ally Move place, ``"cell:center/foe1/left"``, ``"cell:center/gap1"``
  (``battlefield.find_target``: ids and aliases of CONAN-R8's places).

:func:`place_shape` turns such a key into the placed shape (mm) the window outlines.
Pure: no pygame here.
"""

from __future__ import annotations

from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.zones import FOE_ZONES
from tabletop.geometry import Placed

__all__ = ["place_shape"]

_CELL = "cell:"


def place_shape(state: GameState, key: str) -> Placed | None:
    """The shape (table mm, with its rotation) of the Conan place ``key`` now, or None
    when ``key`` names no such place (another game's cell, a position past the row, a
    Move place of a Foe that has no Move yet). CONAN-R7 rows, CONAN-R8 Move places."""
    if not key.startswith(_CELL):
        return None
    name = key[len(_CELL):]
    zone, _, rest = name.partition("/")
    if zone not in FOE_ZONES or not rest:
        return None
    if rest.isdigit():
        shapes = bf.foe_slot_shapes(state, zone)
        index = int(rest)
        return shapes[index] if index < len(shapes) else None
    target = bf.find_target(state, name)
    return target.shape if target is not None else None
