"""What a Conan world sampled by a computer player keeps apart and forgets (ALL-H6).

A seat's hidden cards swap only within their kind: a Foe (the Foe deck and hand,
CONAN-R3/R4) never stands in for a draw-deck card (hand, draw deck) or the other
way round, and a face-down Move on the battlefield is sampled among the Moves,
Items and Actions only (``schema.MOVE_TYPES``). The Resolution's playback record
(``state.data["fight"]``, beats with the table as it lay) is for the window only
and names cards, so a sampled world drops it and counts its log from empty again.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan.data import conan_data
from tabletop.games.conan.playback import FIGHT_KEY
from tabletop.games.conan.schema import MOVE_TYPES
from tabletop.games.conan.zones import MOVES_ZONE


def hidden_class(state: GameState, db: CardDb, iid: int) -> str:
    """``"foe"`` for a Foe, ``"draw"`` for every other card (the draw deck's)."""
    return "foe" if db[state.cards[iid].card_id].type == "foe" else "draw"


def hidden_fits(state: GameState, db: CardDb, iid: int) -> Callable[[str], bool] | None:
    """A face-down card on the battlefield was placed as a Move: a Move, Item or
    Action (CONAN-R8); any other hidden place takes any card of its class."""
    if state.zone_of(iid) != MOVES_ZONE:
        return None
    return lambda card_id: db[card_id].type in MOVE_TYPES


def forget_hidden(world: GameState) -> None:
    """Drop the playback record of a sampled world and restart its log count."""
    world.data.pop(FIGHT_KEY, None)
    resolution = conan_data(world).resolution
    if resolution is not None:
        resolution.seen = len(world.log)
