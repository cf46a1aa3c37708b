"""Characters' current numbers: damage, prowess, health, vitality (seed: ルール細則).

Counters on a character's instance (millimetre-free bookkeeping):

* ``damage``: damage taken (persists; Conan's across turns, CONAN-R18);
* ``wound``: wound counters (health -1 each, CONAN-R12);
* ``spent``: prowess spent since the last reset (Allies and Foes reset at the
  end of each combat round, Conan in its Rest step; seed: コストについて).

A character is defeated when ``damage + wound >= health``. Conan's numbers
include its Items, Allies and Region only on its own turn (CONAN-R19): the other
seat's cards are ignored by every rule. Every number also counts the modifiers in
force (:mod:`~tabletop.games.conan.statics`: ``in_play`` abilities by zone or kind,
lasting ``modify`` effects; issue 15).
"""

from __future__ import annotations

from operator import attrgetter

from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan.statics import fixed_modifiers, live_bonus
from tabletop.games.conan.zones import SEATS, cdef, zid

STATS = ("damage", "prowess", "health", "vitality")
#: The printed ids in a seat's side and Region zones.
InPlay = tuple[tuple[str, ...], tuple[str, ...]]
#: Their ``(stat, amount)`` pairs, and the amounts summed per stat.
Modifiers = tuple[tuple[tuple[str, int], ...], dict[str, int]]


def in_play_modifiers(state: GameState, db: CardDb, seat: int) -> list[tuple[str, int]]:
    """``(stat, amount)`` of the fixed modifiers of ``seat``'s Items, Allies and Region
    (:func:`statics.fixed_modifiers`), on ``seat``'s own turn only (CONAN-R19); empty
    on the other seat's turn."""
    if seat != state.active:
        return []
    return list(_modifiers(db, _in_play(state, seat))[0])


def _in_play(state: GameState, seat: int) -> InPlay:
    """The printed ids in ``seat``'s side and Region zones."""
    side, region = state.zones[_SIDE[seat]].cards, state.zones[_REGION[seat]].cards
    if not side and not region:
        return _NOTHING
    instance = state.cards.__getitem__
    return (tuple(map(_CARD_ID, map(instance, side))),
            tuple(map(_CARD_ID, map(instance, region))))


_SIDE = {seat: zid(seat, "side") for seat in SEATS}
_REGION = {seat: zid(seat, "region") for seat in SEATS}
_NOTHING: InPlay = ((), ())
_CARD_ID = attrgetter("card_id")


# id(db) -> (db, {in play: modifiers}); the db is held so its id is not reused
_MEMO: dict[int, tuple[CardDb, dict[InPlay, Modifiers]]] = {}


def _modifiers(db: CardDb, in_play: InPlay) -> Modifiers:
    # printed cards never change: the modifiers of a side and Region, worked out once
    # for every stat asked of Conan (issue 14); a CardDb is not hashable, hence by id
    entry = _MEMO.get(id(db))
    if entry is None or entry[0] is not db:
        if len(_MEMO) >= 8:
            _MEMO.clear()
        entry = _MEMO[id(db)] = (db, {})
    memo = entry[1]
    found = memo.get(in_play)
    if found is None:
        if len(memo) >= 1024:
            memo.clear()
        found = memo[in_play] = _work_out(db, in_play)
    return found


def _work_out(db: CardDb, in_play: InPlay) -> Modifiers:
    # the pairs, and their sum per stat
    out: list[tuple[str, int]] = []
    for ids, ctypes in zip(in_play, (("item", "ally"), ("region",)), strict=True):
        for card_id in ids:
            card = db[card_id]
            if card.type in ctypes:
                out += fixed_modifiers(card)
    totals: dict[str, int] = {}
    for name, n in out:
        totals[name] = totals.get(name, 0) + n
    return tuple(out), totals


def stat(state: GameState, db: CardDb, iid: int, name: str) -> int:
    """A character's number now: printed, plus (for Conan) its Items, Allies and
    Region, plus the modifiers in force (:func:`statics.live_bonus`).

    ``name`` is one of :data:`STATS`; never below 0 (health never below 1, so a
    Region cannot make a card with no damage defeated by itself).
    """
    card = cdef(state, db, iid)
    value = int(card.get(name, 0) or 0)
    if card.type == "conan":
        owner = state.cards[iid].owner
        if owner == state.active:  # CONAN-R19: in_play_modifiers, summed per stat
            value += _modifiers(db, _in_play(state, owner))[1].get(name, 0)
    value += live_bonus(state, db, iid, name)
    return max(1 if name == "health" else 0, value)


def counter(state: GameState, iid: int, name: str) -> int:
    """A counter's count (0 when absent)."""
    return int(state.cards[iid].counters.get(name, 0))


def add_counter(state: GameState, iid: int, name: str, n: int) -> None:
    """Add ``n`` (may be negative) to a counter, never below 0; drop it at 0."""
    counters = state.cards[iid].counters
    value = max(0, counters.get(name, 0) + n)
    if value:
        counters[name] = value
    else:
        counters.pop(name, None)


def prowess_now(state: GameState, db: CardDb, iid: int) -> int:
    """Current prowess: printed (+ modifiers) minus prowess spent, at least 0."""
    return max(0, stat(state, db, iid, "prowess") - counter(state, iid, "spent"))


def health_left(state: GameState, db: CardDb, iid: int) -> int:
    """Health minus damage and wounds (<= 0: defeated)."""
    return stat(state, db, iid, "health") - counter(state, iid, "damage") - counter(state, iid,
                                                                                   "wound")


def is_defeated(state: GameState, db: CardDb, iid: int) -> bool:
    """Damage plus wounds reach health (seed: 体力値が 0になった)."""
    return health_left(state, db, iid) <= 0


def cost_wounds(state: GameState, db: CardDb, iid: int, cost: int) -> int:
    """Wounds a character takes to pay ``cost`` now (CONAN-R12: missing prowess)."""
    return max(0, cost - prowess_now(state, db, iid))


def would_defeat(state: GameState, db: CardDb, iid: int, cost: int) -> bool:
    """Would paying ``cost`` defeat the character (CONAN-R12)?"""
    return cost_wounds(state, db, iid, cost) >= health_left(state, db, iid)


def pay(state: GameState, db: CardDb, iid: int, cost: int) -> int:
    """Pay ``cost`` from prowess, the rest as wounds (CONAN-R12); return the wounds."""
    now = prowess_now(state, db, iid)
    add_counter(state, iid, "spent", min(cost, now))
    wounds = max(0, cost - now)
    add_counter(state, iid, "wound", wounds)
    return wounds


def lose_prowess(state: GameState, db: CardDb, iid: int, n: int) -> int:
    """Lose up to ``n`` prowess without wounds (CONAN-R11); return the amount lost."""
    lost = min(n, prowess_now(state, db, iid))
    add_counter(state, iid, "spent", lost)
    return lost


def has_ability(state: GameState, db: CardDb, iid: int, ability: str) -> bool:
    """Does the character's card list the keyword ``ability`` (``magic``, ``no_gap``)?"""
    return ability in (cdef(state, db, iid).get("abilities") or [])
