"""Putting cards into play and moving them (XENO-R4, R6, R7; seed: セット/ムーブフェイズ).

Actions (checked here, applied here; slots are cell ids, see :mod:`.zones`):

* ``set_card(card, slot)`` -- a battle card from the hand onto a free slot of
  one's standby area, in the set phase; one per turn (XENO-R6), with the E mark;
* ``equip(weapon, holder)`` -- a weapon from the hand onto one of one's own
  non-weapon battle cards in play (XENO-R7), one weapon per holder (XENO-H3);
  counts as the turn's battle card;
* ``level_up(card, onto)`` -- a battle card whose ``upgrade_of`` names ``onto``'s
  card replaces it where it stands (XENO-H6); counts as the turn's battle card;
* ``set_situation(card, slot)`` -- onto a free slot of one's situation area;
  one per turn (XENO-R6), lasting ``duration`` turns (XENO-H5);
* ``move(card, slot)`` -- in the move phase, one of one's battle cards to a free
  slot of one's standby area or battle field, each card once a turn (XENO-H2).

Cards marked ``unlimited`` escape the once-a-turn limits (XENO-R6); ``unique``
cards allow one card of that name on their owner's side, the first stays.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard.payment import check_cost_and_condition, pay
from tabletop.games.xenocard.stats import E_MARK, TURNS
from tabletop.games.xenocard.words import card_msg, cell_msg, inst_msg, phase_msg, seat_msg
from tabletop.games.xenocard.zones import (
    PLAY_AREAS,
    card_at,
    cards_in,
    cdef,
    is_battle_card,
    is_in,
    parse_cell,
    place,
    slot_of,
    unslot,
    weapons_of,
    zid,
)

#: Kinds of play that use the turn's one battle card (XENO-R6).
BATTLE_SET = "battle_set"
SITUATION_SET = "situation_set"
MOVED = "moved"


# -- shared checks -------------------------------------------------------------------
def _phase(state: GameState, phase: str, code: str) -> Verdict:
    if state.phase != phase:
        return Verdict.refuse(code, "XENO-R6", now=phase_msg(state.phase))
    return Verdict.legal()


def _in_hand(state: GameState, db: CardDb, seat: int, iid: Any) -> Verdict:
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("xenocard.not_in_hand")
    return Verdict.legal()


def _in_play(state: GameState, db: CardDb, seat: int, iid: Any) -> bool:
    """Is ``iid`` one of ``seat``'s battle cards (not merely a card that free mode
    left in a play area, :func:`~.zones.is_battle_card`)?"""
    return any(is_in(state, iid, seat, k) for k in PLAY_AREAS) \
        and is_battle_card(db, state, iid)


def _unique(state: GameState, db: CardDb, seat: int, card: CardDef) -> Verdict:
    """Unique cards: one of a name on its owner's side; the first stays (seed: ユニーク処理)."""
    if not card.get("unique"):
        return Verdict.legal()
    mine = [i for k in (*PLAY_AREAS, "weapons", "situations") for i in cards_in(state, seat, k)]
    if any(state.cards[i].card_id == card.id for i in mine):
        return Verdict.refuse("xenocard.unique_in_play", "XENO-H8", card=card_msg(card.id))
    return Verdict.legal()


def _once(state: GameState, card: CardDef, flag: str, code: str) -> Verdict:
    if state.data.get(flag) and not card.get("unlimited"):
        return Verdict.refuse(code, "XENO-R6", card=card_msg(card.id))
    return Verdict.legal()


def _free_cell(state: GameState, seat: int, slot: Any, kinds: tuple[str, ...],
               code: str, card: CardDef, rule: str) -> tuple[Verdict, tuple[str, str] | None]:
    """Is ``slot`` a free cell of ``seat``'s zones ``kinds``? Also (zone id, slot name)."""
    parsed = parse_cell(slot)
    if parsed is None or parsed[0] != seat or parsed[1] not in kinds:
        return Verdict.refuse(code, rule, card=card_msg(card.id)), None
    zone_id = zid(seat, parsed[1])
    taken = card_at(state, zone_id, parsed[2])
    if taken is not None:
        return Verdict.refuse("xenocard.slot_taken", rule, slot=cell_msg(zone_id, parsed[2]),
                              card=inst_msg(state, taken)), None
    return Verdict.legal(), (zone_id, parsed[2])


def _all(*verdicts: Verdict) -> Verdict:
    for v in verdicts:
        if not v:
            return v
    return Verdict.legal()


def _type_refusal(card: CardDef) -> Verdict:
    """Why a card of another type cannot be played this way: says how it is played."""
    return Verdict.refuse(f"xenocard.how_{card.type}", "", card=card_msg(card.id))


def _paid_after(state: GameState, db: CardDb, seat: int, card: CardDef) -> Verdict:
    return check_cost_and_condition(state, db, seat, card)


# -- set_card --------------------------------------------------------------------------
def check_set_card(state: GameState, db: CardDb, seat: int, iid: Any, slot: Any) -> Verdict:
    """XENO-R6: a battle card to a free standby slot in the set phase, once a turn."""
    v = _all(_phase(state, "set", "xenocard.set_phase_only"), _in_hand(state, db, seat, iid))
    if not v:
        return v
    card = cdef(state, db, iid)
    if card.type != "battle":
        return _type_refusal(card)
    v, _ = _free_cell(state, seat, slot, ("standby",), "xenocard.set_to_standby_only", card,
                      "XENO-R6")
    return _all(v, _once(state, card, BATTLE_SET, "xenocard.one_battle_card_per_turn"),
                _unique(state, db, seat, card), _paid_after(state, db, seat, card))


def apply_set_card(state: GameState, db: CardDb, seat: int, iid: int, slot: str) -> None:
    """Pay, put the card on its standby slot with the E mark."""
    card = cdef(state, db, iid)
    pay(state, seat, card)
    parsed = parse_cell(slot)
    assert parsed is not None
    place(state, iid, zid(seat, "standby"), parsed[2])
    state.cards[iid].counters[E_MARK] = 1
    if not card.get("unlimited"):
        state.data[BATTLE_SET] = True
    state.add_log(msg("log.xenocard.sets", player=seat_msg(seat), card=card_msg(card.id),
                      slot=cell_msg(zid(seat, "standby"), parsed[2])))


# -- equip -----------------------------------------------------------------------------
def check_equip(state: GameState, db: CardDb, seat: int, weapon: Any, holder: Any) -> Verdict:
    """XENO-R7: a weapon onto one's own non-weapon battle card in play, set phase."""
    v = _all(_phase(state, "set", "xenocard.set_phase_only"),
             _in_hand(state, db, seat, weapon))
    if not v:
        return v
    card = cdef(state, db, weapon)
    if card.type != "weapon":
        return _type_refusal(card)
    if not _in_play(state, db, seat, holder) or cdef(state, db, holder).type != "battle":
        return Verdict.refuse("xenocard.bad_holder", "XENO-R7", card=card_msg(card.id))
    if weapons_of(state, holder):
        return Verdict.refuse("xenocard.holder_armed", "XENO-H3", card=card_msg(card.id),
                              holder=inst_msg(state, holder))
    return _all(_once(state, card, BATTLE_SET, "xenocard.one_battle_card_per_turn"),
                _unique(state, db, seat, card), _paid_after(state, db, seat, card))


def apply_equip(state: GameState, db: CardDb, seat: int, weapon: int, holder: int) -> None:
    """Pay, link the weapon to its holder (zone ``p{s}.weapons``), E mark on the weapon."""
    card = cdef(state, db, weapon)
    pay(state, seat, card)
    state.move(weapon, zid(seat, "weapons"))
    state.data.setdefault("equipped", {})[str(weapon)] = holder
    state.cards[weapon].counters[E_MARK] = 1
    if not card.get("unlimited"):
        state.data[BATTLE_SET] = True
    state.add_log(msg("log.xenocard.equips", player=seat_msg(seat), card=card_msg(card.id),
                      holder=inst_msg(state, holder)))


# -- level_up --------------------------------------------------------------------------
def check_level_up(state: GameState, db: CardDb, seat: int, iid: Any, onto: Any) -> Verdict:
    """XENO-H6: the upgraded form replaces the card it names, in the set phase; the
    replaced card counts for the new card's condition (XENO-H12)."""
    v = _all(_phase(state, "set", "xenocard.set_phase_only"), _in_hand(state, db, seat, iid))
    if not v:
        return v
    card = cdef(state, db, iid)
    if card.type != "battle" or not card.get("upgrade_of"):
        return Verdict.refuse("xenocard.no_level_up", "XENO-H6", card=card_msg(card.id))
    base = str(card["upgrade_of"])
    if not _in_play(state, db, seat, onto) or state.cards[onto].card_id != base:
        return Verdict.refuse("xenocard.level_up_mismatch", "XENO-H6", card=card_msg(card.id),
                              base=card_msg(base))
    # XENO-H12: the condition is checked with ``onto`` still in play, so the card being
    # replaced counts for it (unless it carries the E mark, XENO-R6).
    return _all(_once(state, card, BATTLE_SET, "xenocard.one_battle_card_per_turn"),
                _unique(state, db, seat, card), _paid_after(state, db, seat, card))


def apply_level_up(state: GameState, db: CardDb, seat: int, iid: int, onto: int) -> None:
    """Pay; the new card takes the old one's slot, counters and weapons; the old goes to
    the trash (XENO-R3, XENO-H6)."""
    card = cdef(state, db, iid)
    pay(state, seat, card)
    zone_id, slot = state.zone_of(onto), slot_of(state, onto)
    assert slot is not None
    counters = dict(state.cards[onto].counters)
    weapons = weapons_of(state, onto)
    unslot(state, onto)
    state.move(onto, zid(seat, "trash"))
    place(state, iid, zone_id, slot)
    state.cards[iid].counters.update(counters)
    for weapon in weapons:
        state.data["equipped"][str(weapon)] = iid
    if not card.get("unlimited"):
        state.data[BATTLE_SET] = True
    state.add_log(msg("log.xenocard.levels_up", player=seat_msg(seat),
                      old=inst_msg(state, onto), card=card_msg(card.id)))


# -- set_situation -------------------------------------------------------------------------
def check_set_situation(state: GameState, db: CardDb, seat: int, iid: Any,
                        slot: Any) -> Verdict:
    """XENO-R6: a situation onto a free slot of one's situation area, once a turn."""
    v = _all(_phase(state, "set", "xenocard.set_phase_only"), _in_hand(state, db, seat, iid))
    if not v:
        return v
    card = cdef(state, db, iid)
    if card.type != "situation":
        return _type_refusal(card)
    v, _ = _free_cell(state, seat, slot, ("situations",), "xenocard.situation_area_only",
                      card, "XENO-R6")
    return _all(v, _once(state, card, SITUATION_SET, "xenocard.one_situation_per_turn"),
                _unique(state, db, seat, card), _paid_after(state, db, seat, card))


def apply_set_situation(state: GameState, db: CardDb, seat: int, iid: int, slot: str) -> None:
    """Pay; the situation stays ``duration`` of its owner's turns (counter ``turns``)."""
    card = cdef(state, db, iid)
    pay(state, seat, card)
    parsed = parse_cell(slot)
    assert parsed is not None
    place(state, iid, zid(seat, "situations"), parsed[2])
    state.cards[iid].counters[TURNS] = int(card["duration"])
    if not card.get("unlimited"):
        state.data[SITUATION_SET] = True
    state.add_log(msg("log.xenocard.sets_situation", player=seat_msg(seat),
                      card=card_msg(card.id), n=int(card["duration"])))


# -- move ------------------------------------------------------------------------------------
def check_move(state: GameState, db: CardDb, seat: int, iid: Any, slot: Any) -> Verdict:
    """Move phase: a battle card to a free slot of one's standby area or battle field."""
    if state.phase != "move":
        return Verdict.refuse("xenocard.move_phase_only", "XENO-H2", now=phase_msg(state.phase))
    if not _in_play(state, db, seat, iid):
        return Verdict.refuse("xenocard.not_movable", "XENO-H2")
    card = cdef(state, db, iid)
    if iid in state.data.get(MOVED, []):
        return Verdict.refuse("xenocard.moved_already", "XENO-H2", card=card_msg(card.id))
    parsed = parse_cell(slot)
    if parsed is not None and zid(parsed[0], parsed[1]) == state.zone_of(iid) \
            and parsed[2] == slot_of(state, iid):
        return Verdict.refuse("xenocard.already_there", "XENO-H2", card=card_msg(card.id))
    v, _ = _free_cell(state, seat, slot, PLAY_AREAS, "xenocard.move_within_own_areas", card,
                      "XENO-H2")
    return v


def apply_move(state: GameState, seat: int, iid: int, slot: str) -> None:
    """Move the card, keeping its counters; it may not move again this turn."""
    parsed = parse_cell(slot)
    assert parsed is not None
    zone_id = zid(seat, parsed[1])
    place(state, iid, zone_id, parsed[2], keep=True)
    state.data.setdefault(MOVED, []).append(iid)
    state.add_log(msg("log.xenocard.moves", player=seat_msg(seat), card=inst_msg(state, iid),
                      slot=cell_msg(zone_id, parsed[2])))
