"""How well a seat stands in an unfinished 絵師100人展 game, for the computer
player's search when it cuts a playout short (``EshiRules.evaluate``).

Three victory points win and an empty deck loses (ESHI-R6): points weigh most,
then the deck lead, then the seat's recovered cards on the grid (what it can pay
connects with, ESHI-R4), then the worth of the card effects in force and of the
continuous power modifiers (issue 15: each effect's registered ``value``).
"""

from __future__ import annotations

from tabletop.core.abilities import Vocabulary
from tabletop.core.cards import CardDb
from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState
from tabletop.games.eshi100.abilities import CONTINUOUS, VOCABULARY, active_value
from tabletop.games.eshi100.data import eshi_data
from tabletop.games.eshi100.triggers import ctx_of, grid_sources

#: A power point in the effects' value units (abilities: 0.02 per point of power).
POWER_VALUE = 0.02


def _grid(state: GameState, seat: int) -> int:
    return sum(1 for i in state.zones["grid"].cards
               if state.cards[i].owner == seat and state.cards[i].face_up)


def effects_lead(state: GameState, db: CardDb, seat: int) -> float:
    """The worth to ``seat`` of every card effect in force and every continuous power
    modifier whose conditions hold now (:meth:`Vocabulary.value`), in power points."""
    total = 0.0
    for active in eshi_data(state).actives:
        worth = active_value(state, db, active)
        total += worth if active.owner == seat else -worth
    for source in grid_sources(state, db):
        ctx = ctx_of(state, db, source)
        for ability in Vocabulary.triggered(db[state.cards[source].card_id].abilities,
                                            CONTINUOUS):
            if not any(u.word == "power" for u in ability.what):
                continue
            if not VOCABULARY.holds(ctx, ability):
                continue
            targets = VOCABULARY.candidates(ctx, ability) if ability.whom is not None else []
            worth = VOCABULARY.value(ctx, ability, targets)
            total += worth if ctx.seat == seat else -worth
    return total / POWER_VALUE


def terms(state: GameState, seat: int, db: CardDb | None = None) -> tuple[Term, ...]:
    """``seat``'s leads: victory points (ESHI-R6), the deck (cards), its recovered
    cards on the grid (ESHI-R4) and, given the card db, the power its card effects
    are worth (:func:`effects_lead`)."""
    other = 1 - seat
    points = len(state.zones[f"p{seat}.victory"].cards) - \
        len(state.zones[f"p{other}.victory"].cards)
    deck = len(state.zones[f"p{seat}.deck"].cards) - len(state.zones[f"p{other}.deck"].cards)
    grid = _grid(state, seat) - _grid(state, other)
    out = (Term("points", points, 0.3, 1.5), Term("deck", deck, 0.1, 8),
           Term("grid", grid, 0.08, 3))
    if db is None:
        return out
    return (*out, Term("effects", effects_lead(state, db, seat), 0.02, 3))


def evaluate(state: GameState, seat: int, db: CardDb | None = None) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the victory-point, deck, grid
    and effect leads, each squashed by tanh (:func:`terms`)."""
    return score(terms(state, seat, db))
