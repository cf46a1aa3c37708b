"""Foe Draw phase: Conan to the battlefield, the Foe hand, Foe placement (CONAN-R4..R7).

The enemy (the seat not taking its turn) acts here:

* ``place_foe(card, zone, position=None, cost=[])``: a Foe from the Foe hand
  into a row. Zone order (CONAN-R7): the first Foe goes to Center; a flank
  needs a Foe in Center; Rear needs a Foe in a flank; at most 3 Foes a zone,
  all of one creature kind; ``position`` (0 = Conan's left end, default the
  right end) is the enemy's row order. A Major Foe (renown >= 5) needs
  ``cost``: Minor Foes of the Foe hand worth at least renown - 4, none spare
  (CONAN-R5). When no Foe can be placed that way, exactly one Foe goes to the
  first legal zone with no cost (forced placement, CONAN-R6).
* ``attach_region(card)``: once, a Region from the enemy's hand under the
  turn player's Conan (replacing the old one).
* ``next_phase()``: done; at least one Foe must be placed. Unplaced Foes go to
  the Foe discard and the first combat round begins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.conan import piles, plays
from tabletop.games.conan.battlefield import foe_slot_shapes
from tabletop.games.conan.data import Phase, set_turn, turn_data
from tabletop.games.conan.defeat import check_exhaustion
from tabletop.games.conan.selection import is_minimal, minimal_sets
from tabletop.games.conan.turn import attach_region
from tabletop.games.conan.words import card_msg, foe_zone_msg, inst_msg, seat_msg
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    FOE_ZONES,
    ZONE_CAPACITY,
    cdef,
    conan_of,
    enemy,
    move_keep,
    zid,
)
from tabletop.games.conan.zones import scars as chronicle_scars
from tabletop.geometry import Placed

BASE_FOE_HAND = 5
#: CONAN-R5: renown >= this is a Major Foe; the cost is renown - (MAJOR - 1).
MAJOR_RENOWN = 5


def is_major(state: GameState, db: CardDb, iid: int) -> bool:
    """CONAN-R5: a Foe with printed renown >= 5."""
    return cdef(state, db, iid).number("renown", 0) >= MAJOR_RENOWN


def major_need(state: GameState, db: CardDb, iid: int) -> int:
    """Renown of Minor Foes a Major Foe costs (CONAN-R5), 0 for a Minor Foe."""
    r = cdef(state, db, iid).number("renown", 0)
    return r - (MAJOR_RENOWN - 1) if r >= MAJOR_RENOWN else 0


def extra_draw(state: GameState, db: CardDb) -> int:
    """CONAN-R4: floor(printed scars in the turn player's Chronicle / 3)."""
    return chronicle_scars(state, db, state.active) // 3


def begin(state: GameState, db: CardDb) -> None:
    """Conan to the battlefield; the enemy draws 5 + extra Foes (CONAN-R4)."""
    conan = conan_of(state, db, state.active)
    if conan is not None and state.zone_of(conan) != CONAN_ZONE:
        move_keep(state, conan, CONAN_ZONE)
    n = BASE_FOE_HAND + extra_draw(state, db)
    set_turn(state, replace(turn_data(state), foes_placed=0, forced=False,
                            region_attached=False))
    state.phase, state.step = Phase.FOE_DRAW, "place"
    piles.draw(state, enemy(state), n, "foe_deck")
    check_exhaustion(state)


def zone_open(state: GameState, db: CardDb, zone: str, foe: int) -> str:
    """Why ``foe`` cannot go to ``zone`` now (a refusal code), or "" (CONAN-R7)."""
    # Foes decide which rows are open and of which kind; any card takes room (CONAN-R7)
    def foes_in(row: str) -> list[int]:
        # only the rows asked about: this runs for every Foe in hand and every row
        return [i for i in state.zones[row].cards if cdef(state, db, i).type == "foe"]

    if zone == "center":
        pass
    elif zone in ("left_flank", "right_flank"):
        if not foes_in("center"):
            return "conan.flank_needs_center"
    elif zone == "rear":
        if not foes_in("left_flank") and not foes_in("right_flank"):
            return "conan.rear_needs_flank"
    else:
        return "conan.no_such_zone"
    if len(state.zones[zone].cards) >= ZONE_CAPACITY:
        return "conan.zone_full"
    kind = cdef(state, db, foe).get("creature")
    if any(cdef(state, db, i).get("creature") != kind for i in foes_in(zone)):
        return "conan.zone_kind"
    return ""


def _minors(state: GameState, db: CardDb, seat: int, but: int) -> list[tuple[int, str, int]]:
    return [(i, state.cards[i].card_id, cdef(state, db, i).number("renown", 0))
            for i in state.zones[zid(seat, "foe_hand")].cards
            if i != but and not is_major(state, db, i)]


def cost_options(state: GameState, db: CardDb, foe: int) -> list[list[int]]:
    """Minimal Minor-Foe payments for a Major Foe (``[[]]`` for a Minor one)."""
    need = major_need(state, db, foe)
    return minimal_sets(_minors(state, db, enemy(state), foe), need)


def normal_placement_exists(state: GameState, db: CardDb) -> bool:
    """Can any Foe of the Foe hand be placed by the normal rules (CONAN-R6)?"""
    for foe in state.zones[zid(enemy(state), "foe_hand")].cards:
        if any(not zone_open(state, db, z, foe) for z in FOE_ZONES) and \
                cost_options(state, db, foe):
            return True
    return False


def forced_now(state: GameState, db: CardDb) -> bool:
    """CONAN-R6: no Foe placed yet and none placeable normally."""
    return turn_data(state).foes_placed == 0 and not normal_placement_exists(state, db)


def first_legal_zone(state: GameState, db: CardDb, foe: int) -> str | None:
    """The first zone (CONAN-R7 order) open to ``foe``."""
    return next((z for z in FOE_ZONES if not zone_open(state, db, z, foe)), None)


@dataclass(frozen=True)
class FoePlay:
    """A checked ``place_foe``: ``foe`` into ``zone`` at row ``position`` (None: the
    right end), paying the Minor Foes ``cost`` (CONAN-R5..R7)."""

    foe: int
    zone: str
    position: int | None
    cost: tuple[int, ...]


def prepare_place_foe(state: GameState, db: CardDb, seat: int, foe: object, zone: object,
                      position: object, cost: object) -> FoePlay | Verdict:
    """Placing ``foe`` into ``zone`` at ``position`` paying ``cost``, checked; or the refusal."""
    if state.phase != Phase.FOE_DRAW or state.step != "place":
        return Verdict.refuse("conan.wrong_phase", "")
    if seat != enemy(state):
        return Verdict.refuse("conan.enemy_acts", "", player=seat_msg(enemy(state)))
    if not isinstance(foe, int) or foe not in state.cards or \
            state.zone_of(foe) != zid(seat, "foe_hand"):
        return Verdict.refuse("conan.not_in_foe_hand")
    if turn_data(state).forced:
        return Verdict.refuse("conan.forced_only_one", "CONAN-R6")
    if not isinstance(zone, str) or zone not in FOE_ZONES:
        return Verdict.refuse("conan.no_such_zone", "CONAN-R7", zone=str(zone))
    why = zone_open(state, db, zone, foe)
    if why:
        return Verdict.refuse(why, "CONAN-R7", card=inst_msg(state, foe),
                              zone=foe_zone_msg(zone))
    row = len(state.zones[zone].cards)
    if position is not None and (not isinstance(position, int) or not 0 <= position <= row):
        return Verdict.refuse("conan.bad_position", "CONAN-R7", max=row)
    paid = list(cost) if isinstance(cost, list | tuple) else [] if cost is None else None
    if paid is None or not all(isinstance(i, int) for i in paid):
        return Verdict.refuse("conan.bad_cost", "CONAN-R5")
    at = None if position is None else int(position)
    if forced_now(state, db):
        if zone != first_legal_zone(state, db, foe) or paid:
            return Verdict.refuse("conan.forced_first_zone", "CONAN-R6",
                                  zone=foe_zone_msg(str(first_legal_zone(state, db, foe))))
        return FoePlay(foe, zone, at, ())
    need = major_need(state, db, foe)
    minors = {i: v for i, _, v in _minors(state, db, seat, foe)}
    if len(set(paid)) != len(paid) or any(i not in minors for i in paid):
        return Verdict.refuse("conan.bad_cost", "CONAN-R5")
    got = sum(minors[i] for i in paid)
    if got < need:
        return Verdict.refuse("conan.major_cost_short", "CONAN-R5", card=inst_msg(state, foe),
                              got=got, n=need)
    if not is_minimal([minors[i] for i in paid], need):
        return Verdict.refuse("conan.major_cost", "CONAN-R5", card=inst_msg(state, foe), n=need)
    return FoePlay(foe, zone, at, tuple(int(i) for i in paid))


def apply_place_foe(state: GameState, db: CardDb, seat: int, play: FoePlay) -> None:
    """Pay the Major cost, put the Foe in its row (CONAN-R5..R7); its ``placed``
    abilities happen."""
    foe, zone, position, cost = play.foe, play.zone, play.position, play.cost
    forced = forced_now(state, db)
    for iid in cost:
        state.move(iid, zid(seat, "foe_discard"))
    if cost:
        state.add_log(msg("log.conan.major_cost", player=seat_msg(seat),
                          card=inst_msg(state, foe),
                          cards=[card_msg(state.cards[i].card_id) for i in cost]))
    state.move(foe, zone, position)
    turn = turn_data(state)
    set_turn(state, replace(turn, foes_placed=turn.foes_placed + 1,
                            forced=True if forced else turn.forced))
    key = "log.conan.foe_forced" if forced else "log.conan.foe_placed"
    state.add_log(msg(key, player=seat_msg(seat), card=inst_msg(state, foe),
                      zone=foe_zone_msg(zone)))
    plays.fire(state, db, "placed", foe, seat)  # its "when placed" ability (issue 15)


def prepare_attach_region(state: GameState, db: CardDb, seat: int,
                          iid: object) -> int | Verdict:
    """The enemy's optional Region under the turn player's Conan, once (seed: 地域;
    CONAN-H8): the card, or the refusal."""
    if state.phase != Phase.FOE_DRAW or state.step != "place":
        return Verdict.refuse("conan.wrong_phase", "")
    if seat != enemy(state):
        return Verdict.refuse("conan.enemy_acts", "", player=seat_msg(enemy(state)))
    if turn_data(state).region_attached:
        return Verdict.refuse("conan.region_once")
    if not isinstance(iid, int) or iid not in state.cards or \
            state.zone_of(iid) != zid(seat, "hand"):
        return Verdict.refuse("conan.not_in_hand")
    if cdef(state, db, iid).type != "region":
        return Verdict.refuse("conan.not_a_region", "CONAN-H8", card=inst_msg(state, iid))
    return iid


def apply_attach_region(state: GameState, iid: int) -> None:
    """Attach it (the card stays the enemy's; it goes to their discard when replaced)."""
    attach_region(state, iid, state.active)
    set_turn(state, replace(turn_data(state), region_attached=True))


def check_done(state: GameState) -> Verdict:
    """CONAN-R6: at least one Foe before the placement ends."""
    if turn_data(state).foes_placed == 0 and \
            state.zones[zid(enemy(state), "foe_hand")].cards:
        return Verdict.refuse("conan.place_one_foe", "CONAN-R6")
    return Verdict.legal()


def apply_done(state: GameState) -> None:
    """Unplaced Foes to the Foe discard; the first combat round begins."""
    e = enemy(state)
    rest = list(state.zones[zid(e, "foe_hand")].cards)
    for iid in rest:
        state.move(iid, zid(e, "foe_discard"))
    if rest:
        state.add_log(msg("log.conan.foes_unplaced", player=seat_msg(e), n=len(rest)))
    state.phase, state.step = Phase.SURVEY, ""


@dataclass(frozen=True)
class FoeTarget:
    """Where a Foe may go: zone, row position and the shape it would take there."""

    id: str
    zone: str
    position: int
    shape: Placed


def foe_targets(state: GameState, db: CardDb, foe: int) -> list[FoeTarget]:
    """Every open row position for ``foe`` now, as placed shapes (for the window;
    the Major cost is chosen separately)."""
    if state.phase != Phase.FOE_DRAW or state.step != "place" or turn_data(state).forced:
        return []
    forced = forced_now(state, db)
    out: list[FoeTarget] = []
    for zone in FOE_ZONES:
        if zone_open(state, db, zone, foe):
            continue
        if forced and zone != first_legal_zone(state, db, foe):
            continue
        for pos, shape in enumerate(foe_slot_shapes(state, zone)):
            out.append(FoeTarget(shape.key, zone, pos, shape))
    return out
