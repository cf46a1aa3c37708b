"""Game set-up and the mulligan (seed: 開始準備; XENO-R2).

Normal set-up: both decks are shuffled (``state.new_pile``: instance ids are
handed out after the shuffle), each player draws 6; the first player, then the
other, may mulligan up to 3 times each (shuffle the hand back, draw 6 again).
Then the first player's turn 1 starts with its draw (no first-turn
restriction, XENO-R2).

A scenario position (``setup.position``) replaces all of this. Its
``[position.data]`` may say where labelled cards stand and what they hold::

    slots = { cap = "front.left", drone = "s3" }   # label -> slot name in its zone
    equipped = { rifle = "cap" }                     # weapon label -> holder label

Cards of a slot zone without a slot take the free slots in order. These keys (and
the turn's ``battle_set``, ``situation_set``, ``moved``) become the typed
:class:`~tabletop.games.xenocard.state.XenoData`. A position in the block or adjust
phase gets its pending decision back (``XenoRules.new_game``).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import piles
from tabletop.core.actions import Decision
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.position import PositionError, build_position
from tabletop.core.rules import GameSetup
from tabletop.games.xenocard.deck import draw
from tabletop.games.xenocard.schema import GAME_ID
from tabletop.games.xenocard.state import (
    KEY,
    POSITION_KEYS,
    DecisionKind,
    MulliganChoice,
    Phase,
    XenoData,
    xeno,
)
from tabletop.games.xenocard.stats import TURNS
from tabletop.games.xenocard.turn import start_turn
from tabletop.games.xenocard.words import seat_msg
from tabletop.games.xenocard.zones import (
    SEATS,
    SLOTS,
    cards_in,
    create_zones,
    place,
    slot_of,
    zid,
    zone_kind,
)

OPENING_HAND = 6
#: XENO-R2: each player may mulligan up to 3 times.
MAX_MULLIGANS = 3
KEEP, MULLIGAN = MulliganChoice.KEEP, MulliganChoice.MULLIGAN


def new_game(setup: GameSetup, db: CardDb, phases: tuple[str, ...]) -> GameState:
    """The state after set-up: a pending mulligan decision, or a scenario's position."""
    state = GameState(GAME_ID, setup.seed, first=setup.first, active=setup.first)
    create_zones(state)
    if setup.position is not None:
        _build(state, setup.position, db, phases)
        return state
    piles.new_decks(state, setup.decks, [zid(s, "deck") for s in SEATS], db)
    state.phase = Phase.DRAW.value
    state.add_log(msg("log.xenocard.first_player", player=seat_msg(setup.first)))
    order = [setup.first, state.other(setup.first)]
    for seat in order:
        draw(state, seat, OPENING_HAND)
    data = xeno(state)
    data.mulligans = {0: 0, 1: 0}
    data.mulligan_queue = tuple(order)
    advance_mulligans(state)
    return state


def _build(state: GameState, position: Any, db: CardDb, phases: tuple[str, ...]) -> None:
    """A scenario position with slots and weapons resolved (see the module docstring)."""
    build_position(state, position, db, phases)
    labels: dict[str, int] = state.data["labels"]
    raw = {key: state.data.pop(key) for key in POSITION_KEYS if key in state.data}
    wanted = raw.pop("slots", {}) or {}
    equipped = raw.pop("equipped", {}) or {}
    if not isinstance(wanted, dict) or not isinstance(equipped, dict):
        raise PositionError("field 'position.data.slots/equipped': expected tables of labels")
    try:
        data = XenoData.from_json(raw)
    except (TypeError, ValueError, KeyError) as exc:
        raise PositionError(f"field 'position.data': {exc}") from None
    state.data[KEY] = data

    def label(name: str, field: str) -> int:
        if name not in labels:
            raise PositionError(f"field 'position.data.{field}': unknown card label {name!r}")
        return labels[name]

    for name, slot in wanted.items():
        iid = label(name, f"slots.{name}")
        kind = zone_kind(state.zone_of(iid))
        # only the slots named so far are taken: the other cards stand on none yet
        named = {data.slots.get(i) for i in state.zones[state.zone_of(iid)].cards}
        if kind is None or slot not in SLOTS.get(kind[1], ()) or slot in named:
            raise PositionError(f"field 'position.data.slots.{name}': {slot!r} is not a free "
                                f"slot of {state.zone_of(iid)}")
        data.slots[iid] = str(slot)
    for seat in SEATS:
        for slot_kind in SLOTS:
            zone_id = zid(seat, slot_kind)
            for iid in cards_in(state, seat, slot_kind):
                slot = slot_of(state, iid)  # the first free one for a card named no slot
                if slot is None:
                    raise PositionError(f"field 'position.zones.{zone_id}': more cards "
                                        "than slots")
                place(state, iid, zone_id, slot, keep=True)
    for weapon_name, holder_name in equipped.items():
        weapon = label(weapon_name, f"equipped.{weapon_name}")
        holder = label(str(holder_name), f"equipped.{weapon_name}")
        if state.zone_of(weapon) != zid(state.cards[weapon].owner, "weapons"):
            raise PositionError(f"field 'position.data.equipped.{weapon_name}': the weapon "
                                "must be in a weapons zone")
        data.equipped[weapon] = holder
    for seat in SEATS:
        for iid in cards_in(state, seat, "weapons"):
            if iid not in data.equipped:
                raise PositionError(f"field 'position.zones.p{seat}.weapons': every weapon "
                                    "needs a holder in position.data.equipped")
    for seat in SEATS:
        for iid in cards_in(state, seat, "situations"):
            duration = int(db[state.cards[iid].card_id].get("duration", 1))
            state.cards[iid].counters.setdefault(TURNS, duration)


def advance_mulligans(state: GameState) -> None:
    """Ask the next seat that may still mulligan (XENO-R2), or start turn 1."""
    data = xeno(state)
    queue = list(data.mulligan_queue)
    while queue:
        seat = queue[0]
        done = data.mulligans.get(seat, 0)
        if done < MAX_MULLIGANS:
            state.pending = Decision(
                seat, DecisionKind.MULLIGAN.value,
                msg("decision.xenocard.mulligan", player=seat_msg(seat),
                    n=MAX_MULLIGANS - done),
                (KEEP.value, MULLIGAN.value), 1, 1)
            data.mulligan_queue = tuple(queue)
            return
        queue.pop(0)
    data.mulligan_queue = ()
    state.pending = None
    start_turn(state, state.first, 1)


def apply_mulligan(state: GameState, seat: int, choice: MulliganChoice) -> None:
    """Keep (the seat leaves the queue) or shuffle the hand back and draw 6 again."""
    data = xeno(state)
    queue = list(data.mulligan_queue)
    state.pending = None
    if choice is MulliganChoice.KEEP:
        state.add_log(msg("log.xenocard.keep", player=seat_msg(seat)))
        queue.pop(0)
    else:
        data.mulligans[seat] = data.mulligans.get(seat, 0) + 1
        state.add_log(msg("log.xenocard.mulligan", player=seat_msg(seat),
                          n=data.mulligans[seat]))
        for iid in cards_in(state, seat, "hand"):
            state.move(iid, zid(seat, "deck"))
        state.shuffle(zid(seat, "deck"))
        draw(state, seat, OPENING_HAND)
    data.mulligan_queue = tuple(queue)
    advance_mulligans(state)
