"""How well a seat stands in an unfinished Xenocard game, for the computer player's
search when it cuts a playout short (``XenoRules.evaluate``).

A player who must draw from an empty deck loses (XENO-R1), but the deck also pays
for every card (XENO-R4: costs go from the deck top to the dump), so the deck lead
alone would teach the search never to play: the battle cards that attack and guard
(ATK and HP left, XENO-R5; half in standby) weigh as much, the hand a little, and
the continuous abilities in force a little more (their words' ``value``,
:func:`~tabletop.games.xenocard.abilities.passive_value`).
"""

from __future__ import annotations

from tabletop.core.cards import CardDb
from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState
from tabletop.games.xenocard.abilities import passive_value
from tabletop.games.xenocard.stats import atk, hp


def _board(state: GameState, db: CardDb, seat: int) -> float:
    total = 0.0
    for zone, share in (("field", 1.0), ("standby", 0.5)):
        for iid in state.zones[f"p{seat}.{zone}"].cards:
            life = hp(state, db, iid)
            if life is None:
                continue
            left = max(0, life - state.cards[iid].counters.get("damage", 0))
            total += share * ((atk(state, db, iid) or 0) + left / 2)
    return total


def terms(state: GameState, db: CardDb, seat: int) -> tuple[Term, ...]:
    """``seat``'s leads: the deck (XENO-R1, cards), the board (ATK and HP left of the
    battle cards, XENO-R5), the hand (cards) and the abilities in force (their value)."""
    other = 1 - seat
    deck = len(state.zones[f"p{seat}.deck"].cards) - len(state.zones[f"p{other}.deck"].cards)
    board = _board(state, db, seat) - _board(state, db, other)
    hand = len(state.zones[f"p{seat}.hand"].cards) - len(state.zones[f"p{other}.hand"].cards)
    abilities = passive_value(state, db, seat) - passive_value(state, db, other)
    return (Term("deck", deck, 0.22, 10), Term("board", board, 0.22, 6),
            Term("hand", hand, 0.05, 3), Term("abilities", abilities, 0.05, 3))


def evaluate(state: GameState, db: CardDb, seat: int) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the deck lead (XENO-R1), the
    board lead (ATK and HP left of the battle cards) and the hand lead, each squashed
    by tanh (:func:`terms`)."""
    return score(terms(state, db, seat))
