"""Survey phase: fight on, or retreat with the Chronicle cost (CONAN-R17).

The turn player answers the ``survey`` decision: ``fight`` (the Foe Move phase
follows) or ``retreat``: the enemy picks Chronicle cards worth at least the
printed scars of every Foe on the battlefield, none spare (all of them if the
Chronicle holds less); those go back to their owners' Foe discard, every Foe on
the battlefield goes to its owner's Foe discard, and the turn goes to the Rest
step (skipping the rest of the Press On).
"""

from __future__ import annotations

from tabletop.core.actions import Decision
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.data import DecisionKind, Phase, set_records
from tabletop.games.conan.defeat import queue_loss
from tabletop.games.conan.words import seat_msg
from tabletop.games.conan.zones import cdef, foes_on_field, zid

FIGHT, RETREAT = "fight", "retreat"


def ask(state: GameState, db: CardDb) -> None:
    """The Survey decision of the turn player."""
    state.pending = Decision(state.active, DecisionKind.SURVEY,
                             msg("decision.conan.survey", player=seat_msg(state.active),
                                 n=len(foes_on_field(state, db))),
                             (FIGHT, RETREAT), 1, 1)


def retreat_cost(state: GameState, db: CardDb) -> int:
    """Total printed scars of the Foes on the battlefield (CONAN-R17)."""
    return sum(cdef(state, db, f).number("scars", 0) for f in foes_on_field(state, db))


def apply_survey(state: GameState, db: CardDb, choice: str) -> None:
    """Fight: the Foe Move phase; retreat: the renown loss, then :func:`finish_retreat`."""
    state.pending = None
    if choice == FIGHT:
        state.add_log(msg("log.conan.fights", player=seat_msg(state.active),
                          n=len(foes_on_field(state, db))))
        set_records(state, ())
        state.phase, state.step = Phase.FOE_MOVE, ""
        bf.relayout_foe_moves(state)
        return
    cost = retreat_cost(state, db)
    state.add_log(msg("log.conan.retreat", player=seat_msg(state.active), n=cost))
    queue_loss(state, cost)
    state.step = "retreat"


def finish_retreat(state: GameState, db: CardDb) -> None:
    """Every Foe leaves to its owner's Foe discard; the Rest step follows."""
    for foe in foes_on_field(state, db):
        state.move(foe, zid(state.cards[foe].owner, "foe_discard"))
    state.phase, state.step = Phase.REST, ""
