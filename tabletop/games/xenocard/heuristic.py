"""How well a seat stands in an unfinished Xenocard game, for the computer player's
search when it cuts a playout short (``XenoRules.evaluate``).

A player who must draw from an empty deck loses (XENO-R1), but the deck also pays
for every card (XENO-R4: costs go from the deck top to the dump), so the deck lead
alone would teach the search never to play: the battle cards that attack and guard
(ATK and HP left, XENO-R5; half in standby) weigh as much, and the continuous
abilities in force a little (their words' ``value``,
:func:`~tabletop.games.xenocard.abilities.passive_value`). The hand is every play to
come: counted up to the hand limit (XENO-R8) and squashed gently, so that an
alternative cost of "discard your hand" (XENO-H16) is seen to cost six cards, not
the one or two a steep squash would make of it.

The board's ATK says nothing of where it stands: a melee card in the back row
never attacks, a shooter with no card facing it hits the deck (XENO-R5). A playout
cut short seldom reaches both players' next battle, so the ``threat`` term plays
each seat's next battle on a copy (:func:`threat`, the battle's own rules) and
counts what it would take from the other: deck cards and battle cards.
"""

from __future__ import annotations

from tabletop.core.cards import CardDb
from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState
from tabletop.games.xenocard.abilities import passive_value
from tabletop.games.xenocard.facing import FieldGeometry
from tabletop.games.xenocard.stats import E_MARK, atk, hp
from tabletop.games.xenocard.turn import HAND_LIMIT


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


def _hand(state: GameState, seat: int) -> int:
    """The hand's cards, up to the hand limit (the rest go at the adjust phase, XENO-R8)."""
    return min(HAND_LIMIT, len(state.zones[f"p{seat}.hand"].cards))


def _field_value(state: GameState, db: CardDb, seat: int) -> float:
    total = 0.0
    for iid in state.zones[f"p{seat}.field"].cards:
        life = hp(state, db, iid)
        if life is not None:
            total += (atk(state, db, iid) or 0) + life / 2
    return total


def threat(state: GameState, db: CardDb, geo: FieldGeometry, seat: int) -> float:
    """What ``seat``'s battle field would take from the other seat in a battle now
    (XENO-R5, played by :func:`.battle.run_battle` on a copy, counterattacks and all;
    E marks gone, as they will be by ``seat``'s next battle, XENO-R6): the deck cards
    sent to the dump plus half the ATK-and-HP worth of the battle cards destroyed
    (cards, >= 0). ``state`` is not changed."""
    from tabletop.games.xenocard.battle import run_battle

    other = 1 - seat
    if not state.zones[f"p{seat}.field"].cards:
        return 0.0
    world = state.clone(False)
    world.active = seat
    for iid in world.zones[f"p{seat}.field"].cards:
        world.cards[iid].counters.pop(E_MARK, None)
    deck = len(world.zones[f"p{other}.deck"].cards)
    field = _field_value(world, db, other)
    run_battle(world, db, geo)
    dumped = deck - len(world.zones[f"p{other}.deck"].cards)
    return dumped + max(0.0, field - _field_value(world, db, other)) / 2


def terms(state: GameState, db: CardDb, seat: int,
          geo: FieldGeometry | None = None) -> tuple[Term, ...]:
    """``seat``'s leads: the deck (XENO-R1, cards), the board (ATK and HP left of the
    battle cards, XENO-R5), the hand (cards, at most 7 each, XENO-R8), the abilities in
    force (their value) and, given the field's ``geo``, the threat (:func:`threat`: what
    each seat's next battle would take, in cards)."""
    other = 1 - seat
    deck = len(state.zones[f"p{seat}.deck"].cards) - len(state.zones[f"p{other}.deck"].cards)
    board = _board(state, db, seat) - _board(state, db, other)
    hand = _hand(state, seat) - _hand(state, other)
    abilities = passive_value(state, db, seat) - passive_value(state, db, other)
    out = (Term("deck", deck, 0.22, 10), Term("board", board, 0.22, 6),
           Term("hand", hand, 0.12, 6), Term("abilities", abilities, 0.05, 3))
    if geo is None:
        return out
    danger = threat(state, db, geo, seat) - threat(state, db, geo, other)
    return (*out, Term("threat", danger, 0.15, 4))


def evaluate(state: GameState, db: CardDb, seat: int,
             geo: FieldGeometry | None = None) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the deck lead (XENO-R1), the
    board lead (ATK and HP left of the battle cards), the hand lead and (given ``geo``)
    the threat lead, each squashed by tanh (:func:`terms`)."""
    return score(terms(state, db, seat, geo))
