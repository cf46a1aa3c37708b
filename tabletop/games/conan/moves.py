"""Placing Move cards: the Foe Move and Conan Move phases (CONAN-R8..R13).

Foe Move phase (the enemy acts):

* ``place_foe_move(card, foe)``: a Move (or an Item / Action used as a Move)
  from the enemy's hand, face down, against the Foe's edge facing Conan. Its
  cost is paid from the Foe's prowess, missing points as wounds; a card that
  would defeat the Foe is refused (CONAN-R12).
* ``next_phase()``: done, allowed once no Foe without a Move has a usable card
  in the hand. Foes still without a Move get the fallback of CONAN-R13: the
  hand is revealed, then up to three cards from the top of the enemy's draw
  deck each; a Foe still without a Move is defeated.

Conan Move phase (the turn player acts):

* ``place_move(card, character, target, accept_defeat=False)``: a Move for
  Conan or an Ally, face down, at a target place (see
  :func:`legal_targets`). Conan reaches at most 2 zones (CONAN-R10); each Ally
  places one Move in any zone; gaps next to a ``no_gap`` Foe are closed
  (CONAN-R9). A cost that would defeat the character needs
  ``accept_defeat=True`` (the clear warning of CONAN-R12).
* ``next_phase()``: done. Conan loses prowess for unanswered Foes (CONAN-R11),
  then every Move is turned face up. The program checks every cost as the card
  is placed, so the seed's correction after the reveal never finds anything to
  fix (house ruling CONAN-H4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import piles, plays
from tabletop.games.conan.data import MoveRecord, Phase, add_record, set_turn, turn_data
from tabletop.games.conan.defeat import check_defeats, check_exhaustion, defeat
from tabletop.games.conan.resolution import begin_resolution
from tabletop.games.conan.schema import MOVE_TYPES
from tabletop.games.conan.stats import (
    has_ability,
    is_defeated,
    lose_prowess,
    pay,
    would_defeat,
)
from tabletop.games.conan.words import card_msg, foe_zone_msg, inst_msg, seat_msg
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    FOE_ZONES,
    MOVES_ZONE,
    allies,
    cdef,
    conan_of,
    enemy,
    foe_zone_of,
    foes_on_field,
    is_foe_on_field,
    zid,
)
from tabletop.geometry import Placed

#: CONAN-R13: cards turned over per Foe at most.
FALLBACK_TRIES = 3
#: CONAN-R10.
CONAN_ZONE_LIMIT = 2


def _record(state: GameState, iid: int, zone: str, shape: Placed, by: int, foe: bool,
            target: str) -> None:
    """Store a Move's placed shape (centre in mm, rotation in degrees) as its record."""
    add_record(state, MoveRecord(iid, zone, shape.center[0], shape.center[1],
                                 shape.rotation_deg, by, foe, target))


def _lay(state: GameState, iid: int, seat: int, face_up: bool) -> None:
    state.move(iid, MOVES_ZONE)
    card = state.cards[iid]
    card.face_up = face_up
    if not face_up:
        card.known_to = {seat}  # ALL-R2: only the placer sees a face-down Move


def usable_as_move(state: GameState, db: CardDb, iid: int) -> bool:
    """Move, Item or Action: a card that can be placed as a Move."""
    return cdef(state, db, iid).type in MOVE_TYPES


# ----------------------------------------------------------------- Foe Move phase


def foes_without_move(state: GameState, db: CardDb) -> list[int]:
    """Foes on the battlefield still waiting for a Move."""
    return [f for f in foes_on_field(state, db) if bf.move_of_foe(state, f) is None]


def foe_can_take(state: GameState, db: CardDb, foe: int, card: int) -> bool:
    """Can ``card`` be ``foe``'s Move without defeating it (CONAN-R12)?"""
    if not usable_as_move(state, db, card):
        return False
    return not would_defeat(state, db, foe, int(cdef(state, db, card)["cost"]))


@dataclass(frozen=True)
class FoeMovePlay:
    """A checked ``place_foe_move``: ``card`` from the enemy's hand for ``foe``."""

    card: int
    foe: int


def prepare_place_foe_move(state: GameState, db: CardDb, seat: int, card: object,
                           foe: object) -> FoeMovePlay | Verdict:
    """``card`` as ``foe``'s Move, checked (CONAN-R12); or the refusal."""
    if state.phase != Phase.FOE_MOVE:
        return Verdict.refuse("conan.wrong_phase", "")
    if seat != enemy(state):
        return Verdict.refuse("conan.enemy_acts", "", player=seat_msg(enemy(state)))
    if not isinstance(card, int) or card not in state.cards or \
            state.zone_of(card) != zid(seat, "hand"):
        return Verdict.refuse("conan.not_in_hand")
    if not usable_as_move(state, db, card):
        return Verdict.refuse("conan.not_a_move", "CONAN-R8", card=inst_msg(state, card))
    if not isinstance(foe, int) or not is_foe_on_field(state, db, foe):
        return Verdict.refuse("conan.not_a_foe")
    if bf.move_of_foe(state, foe) is not None:
        return Verdict.refuse("conan.foe_has_move", "", card=inst_msg(state, foe))
    if not foe_can_take(state, db, foe, card):
        return Verdict.refuse("conan.foe_cost_defeats", "CONAN-R12", card=inst_msg(state, card),
                              foe=inst_msg(state, foe))
    return FoeMovePlay(card, foe)


def place_foe_move(state: GameState, db: CardDb, card: int, foe: int, face_up: bool) -> None:
    """Pay and lay a Foe's Move against the Foe (CONAN-R8, CONAN-R12)."""
    e = state.cards[foe].owner
    wounds = pay(state, db, foe, int(cdef(state, db, card)["cost"]))
    zone = foe_zone_of(state, foe)
    assert zone is not None
    shape = next(s for s in bf.foe_shapes(state, zone) if int(s.key) == foe)
    name = card_msg(state.cards[card].card_id)
    _lay(state, card, e, face_up)
    _record(state, card, zone, bf.foe_move_shape(shape, str(card)), foe, True, "")
    # a Move paid from prowess alone says nothing about wounds (no "wound counters: 0")
    more = "_wounded" if wounds else ""
    public = msg(f"log.conan.foe_move{more}", player=seat_msg(e), foe=inst_msg(state, foe),
                 n=wounds)
    seen = msg(f"log.conan.foe_move_seen{more}", player=seat_msg(e),
               foe=inst_msg(state, foe), card=name, n=wounds)
    state.add_log(seen if face_up else public, {e: seen})


def check_foe_moves_done(state: GameState, db: CardDb) -> Verdict:
    """Every Foe gets a Move from the hand when one can (seed: 必ず 1枚ずつ)."""
    hand = state.zones[zid(enemy(state), "hand")].cards
    for foe in foes_without_move(state, db):
        if any(foe_can_take(state, db, foe, c) for c in hand):
            return Verdict.refuse("conan.foe_needs_move", "CONAN-R13", card=inst_msg(state, foe))
    return Verdict.legal()


def foe_moves_done(state: GameState, db: CardDb) -> None:
    """CONAN-R13 fallback for Foes without a Move, then the Conan Move phase."""
    e = enemy(state)
    waiting = foes_without_move(state, db)
    if waiting:
        hand = state.zones[zid(e, "hand")].cards
        for iid in hand:
            state.cards[iid].known_to.add(state.active)
        state.add_log(msg("log.conan.hand_revealed", player=seat_msg(e),
                          cards=[card_msg(state.cards[i].card_id) for i in hand]))
    for foe in waiting:
        placed = False
        for _ in range(FALLBACK_TRIES):
            top = piles.take_top(state, e, "deck")
            if top is None:
                break
            if foe_can_take(state, db, foe, top):
                place_foe_move(state, db, top, foe, face_up=True)
                placed = True
                break
            state.move(top, zid(e, "discard"))
            state.add_log(msg("log.conan.fallback_miss", player=seat_msg(e),
                              card=inst_msg(state, top)))
        if not placed:
            state.add_log(msg("log.conan.foe_no_move", card=inst_msg(state, foe)))
            defeat(state, db, foe)
            if state.game_over:
                return
    bf.relayout_foe_moves(state)
    check_exhaustion(state)
    if not foes_on_field(state, db):  # every Foe fell without a fight: the round ends
        begin_resolution(state)
        return
    state.phase, state.step = Phase.CONAN_MOVE, ""


# ----------------------------------------------------------------- Conan Move phase


def characters(state: GameState, db: CardDb, seat: int) -> list[int]:
    """Conan (on the battlefield) and the Allies who may place Moves this round."""
    out = []
    conan = conan_of(state, db, seat)
    if conan is not None and state.zone_of(conan) == CONAN_ZONE:
        out.append(conan)
    moved = set(turn_data(state).ally_moved)
    out += [a for a in allies(state, db, seat) if a not in moved]
    return out


def legal_targets(state: GameState, db: CardDb, seat: int, character: int) -> list[bf.Target]:
    """Places where ``character``'s next Move may lie (CONAN-R8..R10), as placed shapes.

    Both long sides of every Foe's Move and the gaps, minus occupied places,
    minus gaps next to a ``no_gap`` Foe, minus zones beyond Conan's two.
    """
    if state.phase != Phase.CONAN_MOVE or seat != state.active:
        return []
    used = set(turn_data(state).conan_zones)
    is_conan = cdef(state, db, character).type == "conan"
    out = []
    for t in bf.all_targets(state):
        if bf.occupied(state, t):
            continue
        if t.gap and any(has_ability(state, db, f, "no_gap") for f in t.touches):
            continue
        if is_conan and t.zone not in used and len(used) >= CONAN_ZONE_LIMIT:
            continue
        out.append(t)
    return out


@dataclass(frozen=True)
class MovePlay:
    """A checked ``place_move``: ``card`` for ``character`` at the free place ``target``."""

    card: int
    character: int
    target: bf.Target


def prepare_place_move(state: GameState, db: CardDb, seat: int, card: object,
                       character: object, target: object,
                       accept_defeat: object) -> MovePlay | Verdict:
    """Placing ``card`` for ``character`` at ``target``, checked; or the refusal."""
    if state.phase != Phase.CONAN_MOVE:
        return Verdict.refuse("conan.wrong_phase", "")
    if seat != state.active:
        return Verdict.refuse("conan.not_your_turn", "", player=seat_msg(state.active))
    if not isinstance(card, int) or card not in state.cards or \
            state.zone_of(card) != zid(seat, "hand"):
        return Verdict.refuse("conan.not_in_hand")
    if not usable_as_move(state, db, card):
        return Verdict.refuse("conan.not_a_move", "CONAN-R8", card=inst_msg(state, card))
    if not isinstance(character, int) or character not in characters(state, db, seat):
        if isinstance(character, int) and character in turn_data(state).ally_moved:
            return Verdict.refuse("conan.ally_one_move", "CONAN-R10",
                                  card=inst_msg(state, character))
        return Verdict.refuse("conan.not_your_character")
    place = bf.find_target(state, target) if isinstance(target, str) else None
    if place is None:
        return Verdict.refuse("conan.no_such_target", "CONAN-R8", target=str(target))
    if bf.occupied(state, place):
        return Verdict.refuse("conan.target_occupied", "CONAN-R8", target=place.id)
    if place.gap and any(has_ability(state, db, f, "no_gap") for f in place.touches):
        foe = next(f for f in place.touches if has_ability(state, db, f, "no_gap"))
        return Verdict.refuse("conan.no_gap", "CONAN-R9", card=inst_msg(state, foe))
    used = set(turn_data(state).conan_zones)
    if cdef(state, db, character).type == "conan" and place.zone not in used and \
            len(used) >= CONAN_ZONE_LIMIT:
        return Verdict.refuse("conan.two_zones", "CONAN-R10")
    cost = int(cdef(state, db, card)["cost"])
    if would_defeat(state, db, character, cost) and accept_defeat is not True:
        return Verdict.refuse("conan.move_would_defeat", "CONAN-R12",
                              card=inst_msg(state, character), cost=cost)
    return MovePlay(card, character, place)


def apply_place_move(state: GameState, db: CardDb, seat: int, play: MovePlay) -> None:
    """Pay, lay the Move face down at the target; a self-defeat happens at once."""
    card, character, place = play.card, play.character, play.target
    wounds = pay(state, db, character, int(cdef(state, db, card)["cost"]))
    name = card_msg(state.cards[card].card_id)
    _lay(state, card, seat, face_up=False)
    _record(state, card, place.zone, place.shape, character, False, place.id)
    turn = turn_data(state)
    if cdef(state, db, character).type == "conan":
        if place.zone not in turn.conan_zones:
            set_turn(state, replace(turn, conan_zones=(*turn.conan_zones, place.zone)))
    else:
        set_turn(state, replace(turn, ally_moved=(*turn.ally_moved, character)))
    more = "_wounded" if wounds else ""
    public = msg(f"log.conan.hero_move{more}", player=seat_msg(seat),
                 who=inst_msg(state, character), zone=foe_zone_msg(place.zone), n=wounds)
    seen = msg(f"log.conan.hero_move_seen{more}", player=seat_msg(seat),
               who=inst_msg(state, character), zone=foe_zone_msg(place.zone), card=name,
               n=wounds)
    state.add_log(public, {seat: seen})
    if is_defeated(state, db, character):
        check_defeats(state, db, [character])


def unanswered(state: GameState, zone: str) -> list[int]:
    """Foes of ``zone`` whose Move no Conan/Ally Move touches (geometry, CONAN-R11)."""
    touched = {c.foe_card for c in bf.contacts(state, zone)}
    return [r.by for r in bf.moves(state, zone) if r.foe and r.card not in touched]


def conan_moves_done(state: GameState, db: CardDb) -> None:
    """CONAN-R11, reveal every Move, the unanswered Foes' ``unanswered`` abilities
    (issue 15), then the Barbarian phase."""
    conan = conan_of(state, db, state.active)
    for zone in turn_data(state).conan_zones:
        n = len(unanswered(state, zone))
        if n and conan is not None:
            lost = lose_prowess(state, db, conan, n)
            state.add_log(msg("log.conan.unanswered", zone=foe_zone_msg(zone), n=n, lost=lost))
    for iid in state.zones[MOVES_ZONE].cards:
        state.cards[iid].face_up = True
        state.cards[iid].known_to.clear()
    state.add_log(msg("log.conan.reveal",
                      cards=[card_msg(state.cards[i].card_id)
                             for i in state.zones[MOVES_ZONE].cards]))
    for zone in zones_with_foes(state):
        for foe in unanswered(state, zone):
            plays.fire(state, db, "unanswered", foe, state.cards[foe].owner)
            if state.game_over:
                return
    state.phase, state.step = Phase.BARBARIAN, ""


def foe_move_zone_of(state: GameState, card: int) -> str | None:
    """The zone of a Move card on the battlefield, or None."""
    return next((r.zone for r in bf.moves(state) if r.card == card), None)


def zones_with_foes(state: GameState) -> list[str]:
    """Zones holding Foes now, in CONAN-R7 order."""
    return [z for z in FOE_ZONES if state.zones[z].cards]


__all__ = [
    "FoeMovePlay", "MovePlay", "check_foe_moves_done", "prepare_place_foe_move",
    "prepare_place_move", "conan_moves_done",
    "foe_moves_done", "legal_targets", "place_foe_move", "apply_place_move", "characters",
    "foes_without_move", "unanswered", "zones_with_foes", "foe_move_zone_of",
]
