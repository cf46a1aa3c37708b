"""A battle card's numbers now: ATK, HP, attack type, E mark, situations (XENO-R6, R7).

Counters on card instances (shown by the window as they are):

* ``e_mark`` (1): set this turn (XENO-R6); cleared when the turn ends;
* ``damage``: damage taken; cleared at the end of the battle phase (XENO-R5);
* ``turns``: a situation's remaining duration (XENO-H5; none: permanent);
* ``down`` (1): turned down, it cannot attack or move until stood up (XENO-H17).

ATK/HP modifiers (continuous abilities, situations, event boosts until the end
of the turn, XENO-H7) are the passive ``atk_mod`` / ``hp_mod`` in force
(:func:`tabletop.games.xenocard.abilities.in_force`).

Numbers are read with :meth:`~tabletop.core.cards.CardDef.number`: a card that
free mode (ALL-R3) put on a battle slot without printing ATK or HP has none
(None), and a situation without an effect adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.xenocard.zones import cdef, counter, weapons_of

E_MARK = "e_mark"
DAMAGE = "damage"
TURNS = "turns"
DOWN = "down"


@dataclass(frozen=True)
class Passives:
    """How the numbers read the passives in force (issue 15), registered by
    :mod:`~tabletop.games.xenocard.abilities` (:func:`on_passives`): the ability
    words read ATK/HP through this module, so this one imports none of them.

    ``total(state, db, iid, word)``: the sum of ``amount`` of passive ``word``
    affecting battle card ``iid``; ``seat_total(state, db, seat, word)``: the sum
    of seat-wide passive ``word`` of ``seat``.
    """

    total: Callable[[GameState, CardDb, int, str], int]
    seat_total: Callable[[GameState, CardDb, int, str], int]


_PASSIVES: list[Passives] = []


def on_passives(passives: Passives) -> None:
    """Register how the passives in force are read (once; ValueError twice)."""
    if _PASSIVES:
        raise ValueError("xenocard stats: passives registered twice")
    _PASSIVES.append(passives)


def _passives() -> Passives:
    if not _PASSIVES:
        raise RuntimeError("xenocard stats: the ability words have not registered passives")
    return _PASSIVES[0]


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


def attack_type(state: GameState, db: CardDb, iid: int) -> str | None:
    """Melee, shooting, all or ballistic: the weapon's while one is in use (XENO-R7),
    the holder's own with a ``keeps_type`` weapon; None for a card with no attack type
    (not a battle card)."""
    weapon = weapon_in_use(state, iid)
    if weapon is not None and cdef(state, db, weapon).get("keeps_type"):
        weapon = None
    value = cdef(state, db, weapon if weapon is not None else iid).get("attack")
    return str(value) if value is not None else None


def atk(state: GameState, db: CardDb, iid: int) -> int | None:
    """Printed ATK (the weapon's while in use, XENO-R7; the holder's plus the weapon's
    for an ``adds_atk`` weapon) + the ``atk_mod`` in force; None for a card without
    printed ATK."""
    base = cdef(state, db, iid).number("atk")
    weapon = weapon_in_use(state, iid)
    if weapon is not None:
        printed = cdef(state, db, weapon)
        lent = printed.number("atk", 0)
        base = (base or 0) + lent if printed.get("adds_atk") else lent
    if base is None:
        return None
    return max(0, base + _passives().total(state, db, iid, "atk_mod"))


def hp(state: GameState, db: CardDb, iid: int) -> int | None:
    """Printed HP + the ``hp_mod`` in force (never below 1); None for a card without
    printed HP (it is no battle card, :func:`~.zones.is_battle_card`)."""
    base = cdef(state, db, iid).number("hp")
    if base is None:
        return None
    return max(1, base + _passives().total(state, db, iid, "hp_mod"))


def deck_guard(state: GameState, db: CardDb, seat: int) -> int:
    """How much each attack on ``seat``'s deck is lowered (``deck_guard`` in force)."""
    return _passives().seat_total(state, db, seat, "deck_guard")


def is_down(state: GameState, iid: int) -> bool:
    """XENO-H17: is the card turned down (no attack, no move until stood up)?"""
    return counter(state, iid, DOWN) > 0


def is_destroyed(state: GameState, db: CardDb, iid: int) -> bool:
    """Damage >= HP (XENO-R5); never for a card without HP (nothing to destroy)."""
    life = hp(state, db, iid)
    return life is not None and counter(state, iid, DAMAGE) >= life
