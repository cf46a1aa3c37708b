"""Xenocard zone ids, slot (cell) ids and small queries and moves over them.

Zone ids are a contract with the UI and ``layouts/xenocard.toml``; per seat ``s``:

========================  ==========  ==========================================
zone id                   visibility  holds
========================  ==========  ==========================================
``p{s}.deck``             nobody      the deck (山札, also the player's life)
``p{s}.hand``             owner       the hand
``p{s}.standby``          public      standby area (待機エリア), slots ``s1..s4``
``p{s}.field``            public      battle field (戦闘フィールド), 2 x 2 slots
``p{s}.situations``       public      situation area (状況エリア), slots ``s1..s4``
``p{s}.weapons``          public      equipped weapons (XENO-R7; holder in data)
``p{s}.trash``            public      trash (廃棄エリア, XENO-R3)
``p{s}.dump``             public      dump (捨て山: costs and deck damage, XENO-R3)
========================  ==========  ==========================================

A **cell id** names one slot: ``"<zone id>/<slot>"``, e.g. ``"p0.standby/s2"`` or
``"p1.field/front.left"`` -- the layout's cell key without its ``"cell:"``
prefix (:func:`tabletop.layout.cell_key`). Battle-field slots are
``front.left``, ``front.right``, ``back.left``, ``back.right``, named as their
owner sees them (front = towards the opponent). Which slot faces which is not
read from these names but from the layout's placed shapes (:mod:`.facing`).

Bookkeeping in :class:`~tabletop.games.xenocard.state.XenoData` (:func:`xeno`):
``slots`` (instance id -> slot name, for cards in a slot zone) and
``equipped`` (weapon instance id -> holder instance id).

Free mode (ALL-R3) moves cards by hand without this bookkeeping, so it is read,
never trusted: a card stands on the slot recorded for it only while it lies in
a zone with that slot and no card before it claims the slot; any other card of
a slot zone takes the first free slot in zone order, and a card beyond the
zone's slots (free mode ignores capacity) stands on none. A weapon is equipped
only while it lies in a weapons zone. Every query below answers from that one
reading (:func:`slot_map`).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState, Visibility
from tabletop.core.zone_ids import zid as zid
from tabletop.core.zone_ids import zone_kind as zone_kind
from tabletop.games.xenocard.state import XenoData, xeno
from tabletop.layout.model import CELL_KEY_PREFIX

SEATS: tuple[int, int] = (0, 1)

ZONE_KINDS: tuple[tuple[str, Visibility, int | None], ...] = (
    ("deck", Visibility.NOBODY, None),
    ("hand", Visibility.OWNER, None),
    ("standby", Visibility.PUBLIC, 4),
    ("field", Visibility.PUBLIC, 4),
    ("situations", Visibility.PUBLIC, 4),
    ("weapons", Visibility.PUBLIC, None),
    ("trash", Visibility.PUBLIC, None),
    ("dump", Visibility.PUBLIC, None),
)

#: Slot names of each slot zone kind, in the layout's slot order.
SLOTS: dict[str, tuple[str, ...]] = {
    "standby": ("s1", "s2", "s3", "s4"),
    "field": ("front.left", "front.right", "back.left", "back.right"),
    "situations": ("s1", "s2", "s3", "s4"),
}
#: Where battle cards stand (conditions, XENO-R4; moves, XENO-R6).
PLAY_AREAS: tuple[str, str] = ("standby", "field")


def cell_id(seat: int, kind: str, slot: str) -> str:
    """``cell_id(0, "field", "front.left") == "p0.field/front.left"``."""
    return f"{zid(seat, kind)}/{slot}"


def parse_cell(text: Any) -> tuple[int, str, str] | None:
    """``"p0.field/front.left"`` (or with the ``"cell:"`` prefix) -> ``(0, "field", "front.left")``.

    None when ``text`` is not a cell id of a Xenocard slot zone.
    """
    if not isinstance(text, str):
        return None
    if text.startswith(CELL_KEY_PREFIX):
        text = text[len(CELL_KEY_PREFIX):]
    zone_id, sep, slot = text.partition("/")
    parsed = zone_kind(zone_id)
    if not sep or parsed is None:
        return None
    seat, kind = parsed
    if slot not in SLOTS.get(kind, ()):
        return None
    return seat, kind, slot


def create_zones(state: GameState) -> None:
    """Add every Xenocard zone for both seats to an empty state."""
    for seat in SEATS:
        for kind, vis, cap in ZONE_KINDS:
            state.add_zone(zid(seat, kind), seat, vis, cap)
    xeno(state)  # the bookkeeping, empty


# -- queries ---------------------------------------------------------------------
def cards_in(state: GameState, seat: int, kind: str) -> list[int]:
    """Instance ids in ``seat``'s zone of ``kind`` (bottom to top), as a copy."""
    return list(state.zones[zid(seat, kind)].cards)


def is_in(state: GameState, iid: Any, seat: int, kind: str) -> bool:
    """Is ``iid`` an instance in ``seat``'s zone of ``kind``? (False for junk.)"""
    return (isinstance(iid, int) and not isinstance(iid, bool) and iid in state.cards
            and state.zone_of(iid) == zid(seat, kind))


def cdef(state: GameState, db: CardDb, iid: int) -> CardDef:
    """The printed card behind an instance."""
    return db[state.cards[iid].card_id]


def slot_map(state: GameState, zone_id: str) -> dict[int, str]:
    """Instance id -> the slot it stands on, for every card of a slot zone that has one.

    The recorded slot when it belongs to this zone and no card lower in the zone
    claims it first; else the first slot left free, in zone order; none for cards
    beyond the zone's slots (see the module docstring). Empty for other zones.
    """
    names = SLOTS.get(zone_id.partition(".")[2], ())
    if not names or zone_id not in state.zones:
        return {}
    recorded = xeno(state).slots
    out: dict[int, str] = {}
    loose: list[int] = []
    for iid in state.zones[zone_id].cards:
        slot = recorded.get(iid)
        if slot is not None and slot in names and slot not in out.values():
            out[iid] = slot
        else:
            loose.append(iid)
    free = [s for s in names if s not in out.values()]
    out.update(zip(loose, free, strict=False))
    return out


def slot_of(state: GameState, iid: int) -> str | None:
    """The slot name a card stands on (None outside a slot zone or beyond its slots)."""
    return slot_map(state, state.zone_of(iid)).get(iid)


def card_at(state: GameState, zone_id: str, slot: str) -> int | None:
    """The card in one slot, or None when the slot is free."""
    return next((i for i, s in slot_map(state, zone_id).items() if s == slot), None)


def free_slots(state: GameState, zone_id: str) -> list[str]:
    """Free slots of a slot zone, in slot order."""
    taken = set(slot_map(state, zone_id).values())
    return [s for s in SLOTS.get(zone_id.partition(".")[2], ()) if s not in taken]


def is_battle_card(db: CardDb, state: GameState, iid: int) -> bool:
    """Does the card count as a battle card where it lies: printed HP, on a slot of a
    standby area or battle field (XENO-R5)?

    A card without HP that free mode put on a battle slot (an event, a situation,
    a weapon) is not one (ALL-H5): it neither attacks, nor is attacked, nor moves.
    """
    zone = zone_kind(state.zone_of(iid))
    return (zone is not None and zone[1] in PLAY_AREAS and db[state.cards[iid].card_id].has("hp")
            and slot_of(state, iid) is not None)


def battle_cards(state: GameState, db: CardDb, seat: int) -> list[int]:
    """``seat``'s battle cards (:func:`is_battle_card`): standby area, then battle field."""
    out: list[int] = []
    for kind in PLAY_AREAS:
        zone = zid(seat, kind)
        slots = slot_map(state, zone)  # once per zone, not once per card
        out.extend(i for i in state.zones[zone].cards
                   if i in slots and db[state.cards[i].card_id].has("hp"))
    return out


def holder_of(state: GameState, weapon: int) -> int | None:
    """The card a weapon is equipped to, or None (also for a weapon that free mode took
    out of its weapons zone, or whose holder no longer exists)."""
    value = xeno(state).equipped.get(weapon)
    if value is None or weapon not in state.cards or value not in state.cards:
        return None
    kind = zone_kind(state.zone_of(weapon))
    return value if kind is not None and kind[1] == "weapons" else None


def weapons_of(state: GameState, holder: int) -> list[int]:
    """Weapons equipped to ``holder`` (XENO-R7), oldest first (see :func:`holder_of`)."""
    return [w for w, h in xeno(state).equipped.items()
            if h == holder and holder_of(state, w) == holder]


def cell_contents(state: GameState) -> dict[str, list[int | None]]:
    """Every slot zone's cards in layout slot order, None for a free slot.

    This is the shape :meth:`tabletop.layout.TableGeometry.set_cards` takes
    (with instance ids as keys), so a window can put each card on its cell.
    """
    out: dict[str, list[int | None]] = {}
    for seat in SEATS:
        for kind, names in SLOTS.items():
            zone_id = zid(seat, kind)
            out[zone_id] = [card_at(state, zone_id, s) for s in names]
    return out


# -- moves -----------------------------------------------------------------------------
def _sort_zone(state: GameState, zone_id: str) -> None:
    kind = zone_id.partition(".")[2]
    order = {s: n for n, s in enumerate(SLOTS.get(kind, ()))}
    slots = slot_map(state, zone_id)  # read before sorting: the list is busy while sorted
    state.zones[zone_id].cards.sort(key=lambda i: order.get(slots.get(i, ""), 99))


def place(state: GameState, iid: int, zone_id: str, slot: str, keep: bool = False) -> None:
    """Move a card onto a slot (the caller checked it is free).

    ``keep`` keeps its counters (damage, E mark...) for a move inside play
    (``GameState.move`` clears them). Zone order follows slot order, so a
    window without cell support still lists the cards sensibly.
    """
    saved = dict(state.cards[iid].counters) if keep else {}
    slots = xeno(state).slots
    for other in (state.zone_of(iid), zone_id):
        # cards that free mode left without a recorded slot keep the one they stand on
        for card, where in slot_map(state, other).items():
            slots[card] = where
    state.move(iid, zone_id)
    state.cards[iid].counters.update(saved)
    slots[iid] = slot
    _sort_zone(state, zone_id)


def swap_rows(state: GameState, seat: int) -> None:
    """The front and back rows of ``seat``'s battle field change places, column by
    column, the cards keeping their counters (an effect, XENO-H17)."""
    zone_id = zid(seat, "field")
    slots = xeno(state).slots
    current = slot_map(state, zone_id)
    for iid, where in current.items():
        row, _, column = where.partition(".")
        slots[iid] = f"{'back' if row == 'front' else 'front'}.{column}"
    _sort_zone(state, zone_id)


def unslot(state: GameState, iid: int) -> None:
    """Forget a card's slot and equipment links (it is leaving its slot)."""
    data: XenoData = xeno(state)
    data.slots.pop(iid, None)
    data.equipped.pop(iid, None)


def leave_play(state: GameState, iid: int, to_kind: str) -> list[int]:
    """Send a card in play to its owner's ``to_kind`` pile, weapons with their holder.

    XENO-R7: an equipped weapon leaves play with its holder. Returns every
    instance moved (the card first).
    """
    owner = state.cards[iid].owner
    moved = [iid, *weapons_of(state, iid)]
    for card in moved:
        unslot(state, card)
        state.move(card, zid(owner, to_kind))
    return moved


def counter(state: GameState, iid: int, name: str) -> int:
    """A counter's value (0 when absent)."""
    return int(state.cards[iid].counters.get(name, 0))
