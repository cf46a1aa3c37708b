"""A battle card's numbers now: ATK, HP, attack type, E mark, situations (XENO-R6, R7).

Counters on card instances (shown by the window as they are):

* ``e_mark`` (1): set this turn (XENO-R6); cleared when the turn ends;
* ``damage``: damage taken; cleared at the end of the battle phase (XENO-R5);
* ``atk_up`` / ``hp_up``: event boosts until the end of the turn (XENO-H7);
* ``turns``: a situation's remaining duration (XENO-H5).

Numbers are read with :meth:`~tabletop.core.cards.CardDef.number`: a card that
free mode (ALL-R3) put on a battle slot without printing ATK or HP has none
(None), and a situation without an effect adds nothing.
"""

from __future__ import annotations

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState
from tabletop.games.xenocard.schema import ANY
from tabletop.games.xenocard.zones import cards_in, cdef, counter, weapons_of

E_MARK = "e_mark"
DAMAGE = "damage"
ATK_UP = "atk_up"
HP_UP = "hp_up"
TURNS = "turns"


def e_marked(state: GameState, iid: int) -> bool:
    """XENO-R6: does the card carry the E mark (set this turn)?"""
    return counter(state, iid, E_MARK) > 0


def weapon_in_use(state: GameState, holder: int) -> int | None:
    """The equipped weapon whose ATK and attack type replace the holder's (XENO-R7).

    A weapon with the E mark lends nothing yet (XENO-H3). None without one.
    """
    for weapon in weapons_of(state, holder):
        if not e_marked(state, weapon):
            return weapon
    return None


def _situations(state: GameState, db: CardDb, seat: int, effect: str) -> list[CardDef]:
    return [c for c in (cdef(state, db, i) for i in cards_in(state, seat, "situations"))
            if c.get("effect") == effect]


def _bonus(state: GameState, db: CardDb, iid: int, effect: str) -> int:
    card = cdef(state, db, iid)
    seat = state.cards[iid].owner
    return sum(s.number("amount", 0) for s in _situations(state, db, seat, effect)
               if s.get("attribute") in (ANY, card.get("attribute")))


def attack_type(state: GameState, db: CardDb, iid: int) -> str | None:
    """Melee, shooting, all or ballistic: the weapon's while one is in use (XENO-R7);
    None for a card with no attack type (not a battle card)."""
    weapon = weapon_in_use(state, iid)
    value = cdef(state, db, weapon if weapon is not None else iid).get("attack")
    return str(value) if value is not None else None


def atk(state: GameState, db: CardDb, iid: int) -> int | None:
    """Printed ATK (the weapon's while in use) + event boosts + situation bonuses;
    None for a card without printed ATK."""
    weapon = weapon_in_use(state, iid)
    base = cdef(state, db, weapon if weapon is not None else iid).number("atk")
    if base is None:
        return None
    return max(0, base + counter(state, iid, ATK_UP) + _bonus(state, db, iid, "atk_bonus"))


def hp(state: GameState, db: CardDb, iid: int) -> int | None:
    """Printed HP + event guards + situation bonuses (never below 1); None for a card
    without printed HP (it is no battle card, :func:`~.zones.is_battle_card`)."""
    base = cdef(state, db, iid).number("hp")
    if base is None:
        return None
    return max(1, base + counter(state, iid, HP_UP) + _bonus(state, db, iid, "hp_bonus"))


def deck_guard(state: GameState, db: CardDb, seat: int) -> int:
    """How much each attack on ``seat``'s deck is lowered by its situations."""
    return sum(s.number("amount", 0) for s in _situations(state, db, seat, "deck_guard"))


def is_destroyed(state: GameState, db: CardDb, iid: int) -> bool:
    """Damage >= HP (XENO-R5); never for a card without HP (nothing to destroy)."""
    life = hp(state, db, iid)
    return life is not None and counter(state, iid, DAMAGE) >= life
