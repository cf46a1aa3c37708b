"""A battle card's numbers now: ATK, HP, attack type, E mark, situations (XENO-R6, R7).

Counters on card instances (shown by the window as they are):

* ``e_mark`` (1): set this turn (XENO-R6); cleared when the turn ends;
* ``damage``: damage taken; cleared at the end of the battle phase (XENO-R5);
* ``atk_up`` / ``hp_up``: event boosts until the end of the turn (XENO-H7);
* ``turns``: a situation's remaining duration (XENO-H5).
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
            if c["effect"] == effect]


def _bonus(state: GameState, db: CardDb, iid: int, effect: str) -> int:
    card = cdef(state, db, iid)
    seat = state.cards[iid].owner
    return sum(int(s["amount"]) for s in _situations(state, db, seat, effect)
               if s["attribute"] in (ANY, card.get("attribute")))


def attack_type(state: GameState, db: CardDb, iid: int) -> str:
    """Melee, shooting, all or ballistic: the weapon's while one is in use (XENO-R7)."""
    weapon = weapon_in_use(state, iid)
    return str(cdef(state, db, weapon if weapon is not None else iid)["attack"])


def atk(state: GameState, db: CardDb, iid: int) -> int:
    """Printed ATK (the weapon's while in use) + event boosts + situation bonuses."""
    weapon = weapon_in_use(state, iid)
    base = int(cdef(state, db, weapon if weapon is not None else iid)["atk"])
    return max(0, base + counter(state, iid, ATK_UP) + _bonus(state, db, iid, "atk_bonus"))


def hp(state: GameState, db: CardDb, iid: int) -> int:
    """Printed HP + event guards + situation bonuses (never below 1)."""
    base = int(cdef(state, db, iid)["hp"])
    return max(1, base + counter(state, iid, HP_UP) + _bonus(state, db, iid, "hp_bonus"))


def deck_guard(state: GameState, db: CardDb, seat: int) -> int:
    """How much each attack on ``seat``'s deck is lowered by its situations."""
    return sum(int(s["amount"]) for s in _situations(state, db, seat, "deck_guard"))


def is_destroyed(state: GameState, db: CardDb, iid: int) -> bool:
    """Damage >= HP (XENO-R5)."""
    return counter(state, iid, DAMAGE) >= hp(state, db, iid)
