"""Putting cards into play and moving them (XENO-R4, R6, R7; seed: セット/ムーブフェイズ).

Actions (each parsed and checked once by its ``prepare_*`` into a typed value,
then carried out with that value; slots are cell ids, see :mod:`.zones`):

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
cards allow one card of that name on their owner's side, every printing of it
(:attr:`~tabletop.core.cards.CardDef.same_key`), the first stays (XENO-H8).
Card properties (issue 15): ``field_set`` (set straight onto the battle field),
``cannot_move``, ``no_weapons``, a weapon's ``holders``, the level-up variants
``level_up_with`` (XENO-H15) and alternative costs (``pay = "alt"``, XENO-H16).
A card put into play fires its ``on_set`` abilities.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard import abilities as xab
from tabletop.games.xenocard.payment import Paid, check_payment, pay_for
from tabletop.games.xenocard.state import Phase, xeno
from tabletop.games.xenocard.stats import E_MARK, TURNS, is_down
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


@dataclass(frozen=True)
class SetCard:
    """``set_card``: hand battle card ``card`` onto slot ``slot`` of its owner's zone
    ``kind`` (the standby area; the battle field for a ``field_set`` card), paid as
    ``paid`` says."""

    card: int
    slot: str
    kind: str = "standby"
    paid: Paid = Paid()


@dataclass(frozen=True)
class Equip:
    """``equip``: hand weapon ``weapon`` onto battle card ``holder``."""

    weapon: int
    holder: int
    paid: Paid = Paid()


@dataclass(frozen=True)
class LevelUp:
    """``level_up``: hand battle card ``card`` replaces ``onto``."""

    card: int
    onto: int
    paid: Paid = Paid()


@dataclass(frozen=True)
class SetSituation:
    """``set_situation``: hand situation ``card`` onto situation slot ``slot``."""

    card: int
    slot: str
    paid: Paid = Paid()


@dataclass(frozen=True)
class Move:
    """``move``: battle card ``card`` to slot ``slot`` of its owner's zone ``kind``
    (``"standby"`` or ``"field"``)."""

    card: int
    kind: str
    slot: str


# -- shared checks -------------------------------------------------------------------
def _from_hand(state: GameState, db: CardDb, seat: int, iid: Any) -> CardDef | Verdict:
    """The card ``iid`` that ``seat`` plays from the hand in the set phase (XENO-R6), or
    the refusal: not the set phase, or not in that hand."""
    if state.phase != Phase.SET:
        return Verdict.refuse("xenocard.set_phase_only", "XENO-R6", now=phase_msg(state.phase))
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("xenocard.not_in_hand")
    return cdef(state, db, iid)


def _in_play(state: GameState, db: CardDb, seat: int, iid: Any) -> bool:
    """Is ``iid`` one of ``seat``'s battle cards (not merely a card that free mode
    left in a play area, :func:`~.zones.is_battle_card`)?"""
    return any(is_in(state, iid, seat, k) for k in PLAY_AREAS) \
        and is_battle_card(db, state, iid)


def _unique(state: GameState, db: CardDb, seat: int, card: CardDef,
            replacing: int | None = None) -> Verdict:
    """Unique cards: one of a name on its owner's side, any printing of it
    (``same_key``); the first stays (seed: ユニーク処理, XENO-H8). ``replacing``: the
    card a level-up replaces does not count."""
    if not card.get("unique"):
        return Verdict.legal()
    mine = [i for k in (*PLAY_AREAS, "weapons", "situations") for i in cards_in(state, seat, k)
            if i != replacing]
    if any(cdef(state, db, i).same_key == card.same_key for i in mine):
        return Verdict.refuse("xenocard.unique_in_play", "XENO-H8", card=card_msg(card.id))
    return Verdict.legal()


def _once(used: bool, card: CardDef, code: str) -> Verdict:
    """The turn's one play of its kind (``used``: made already), unless ``unlimited``."""
    if used and not card.get("unlimited"):
        return Verdict.refuse(code, "XENO-R6", card=card_msg(card.id))
    return Verdict.legal()


def _battle_once(state: GameState, card: CardDef) -> Verdict:
    return _once(xeno(state).this_turn.battle_set, card, "xenocard.one_battle_card_per_turn")


def _use_battle_card(state: GameState, card: CardDef) -> None:
    """The turn's one battle card is used (XENO-R6), unless ``card`` is unlimited."""
    if not card.get("unlimited"):
        data = xeno(state)
        data.this_turn = replace(data.this_turn, battle_set=True)


def _free_cell(state: GameState, seat: int, slot: Any, kinds: tuple[str, ...],
               code: str, card: CardDef, rule: str) -> tuple[Verdict, tuple[str, str] | None]:
    """Is ``slot`` a free cell of ``seat``'s zones ``kinds``? Also (zone kind, slot name)."""
    parsed = parse_cell(slot)
    if parsed is None or parsed[0] != seat or parsed[1] not in kinds:
        return Verdict.refuse(code, rule, card=card_msg(card.id)), None
    zone_id = zid(seat, parsed[1])
    taken = card_at(state, zone_id, parsed[2])
    if taken is not None:
        return Verdict.refuse("xenocard.slot_taken", rule, slot=cell_msg(zone_id, parsed[2]),
                              card=inst_msg(state, taken)), None
    return Verdict.legal(), (parsed[1], parsed[2])


def _all(first: Verdict, *checks: Callable[[], Verdict]) -> Verdict:
    """``first``'s refusal, else the first refusal of ``checks`` in order, else legal.
    The checks run only while all before them passed: the search asks millions of
    times, and a refused slot needs no cost check."""
    if not first:
        return first
    for check in checks:
        v = check()
        if not v:
            return v
    return Verdict.legal()


def _type_refusal(card: CardDef) -> Verdict:
    """Why a card of another type cannot be played this way: says how it is played."""
    return Verdict.refuse(f"xenocard.how_{card.type}", "", card=card_msg(card.id))


def _on_set(state: GameState, db: CardDb, iid: int) -> None:
    xab.fire_card(state, db, iid, "on_set")


# -- set_card --------------------------------------------------------------------------
def prepare_set_card(state: GameState, db: CardDb, seat: int, iid: Any,
                     slot: Any, how: Any = None, discard: Any = None) -> SetCard | Verdict:
    """XENO-R6: a battle card to a free standby slot in the set phase, once a turn; a
    ``field_set`` card also to a free slot of the battle field."""
    card = _from_hand(state, db, seat, iid)
    if isinstance(card, Verdict):
        return card
    if card.type != "battle":
        return _type_refusal(card)
    kinds = ("standby", "field") if card.get("field_set") else ("standby",)
    v, cell = _free_cell(state, seat, slot, kinds, "xenocard.set_to_standby_only", card,
                         "XENO-R6")
    v = _all(v, lambda: _battle_once(state, card), lambda: _unique(state, db, seat, card))
    if not v or cell is None:
        return v
    paid = check_payment(state, db, seat, int(iid), card, how, discard)
    if isinstance(paid, Verdict):
        return paid
    return SetCard(int(iid), cell[1], cell[0], paid)


def set_card(state: GameState, db: CardDb, seat: int, play: SetCard) -> None:
    """Pay, put the card on its slot with the E mark, fire its ``on_set`` abilities."""
    card = cdef(state, db, play.card)
    pay_for(state, seat, card, play.paid)
    place(state, play.card, zid(seat, play.kind), play.slot)
    state.cards[play.card].counters[E_MARK] = 1
    _use_battle_card(state, card)
    state.add_log(msg("log.xenocard.sets", player=seat_msg(seat), card=card_msg(card.id),
                      slot=cell_msg(zid(seat, play.kind), play.slot)))
    _on_set(state, db, play.card)


# -- equip -----------------------------------------------------------------------------
def prepare_equip(state: GameState, db: CardDb, seat: int, weapon: Any,
                  holder: Any, how: Any = None, discard: Any = None) -> Equip | Verdict:
    """XENO-R7: a weapon onto one's own non-weapon battle card in play, set phase; not
    onto a ``no_weapons`` card, and only onto the attributes a weapon's ``holders``
    name."""
    card = _from_hand(state, db, seat, weapon)
    if isinstance(card, Verdict):
        return card
    if card.type != "weapon":
        return _type_refusal(card)
    if not _in_play(state, db, seat, holder) or cdef(state, db, holder).type != "battle":
        return Verdict.refuse("xenocard.bad_holder", "XENO-R7", card=card_msg(card.id))
    held = cdef(state, db, holder)
    if held.get("no_weapons"):
        return Verdict.refuse("xenocard.holder_no_weapons", "XENO-R7",
                              holder=inst_msg(state, holder))
    fits = list(card.get("holders") or ())
    if fits and held.get("attribute") not in fits:
        return Verdict.refuse("xenocard.weapon_does_not_fit", "XENO-R7", card=card_msg(card.id),
                              holder=inst_msg(state, holder),
                              fits=[msg(f"attribute.xenocard.{a}") for a in fits])
    if weapons_of(state, holder):
        return Verdict.refuse("xenocard.holder_armed", "XENO-H3", card=card_msg(card.id),
                              holder=inst_msg(state, holder))
    v = _all(_battle_once(state, card), lambda: _unique(state, db, seat, card))
    if not v:
        return v
    paid = check_payment(state, db, seat, int(weapon), card, how, discard)
    return paid if isinstance(paid, Verdict) else Equip(int(weapon), int(holder), paid)


def equip(state: GameState, db: CardDb, seat: int, play: Equip) -> None:
    """Pay, link the weapon to its holder (zone ``p{s}.weapons``), E mark on the weapon."""
    card = cdef(state, db, play.weapon)
    pay_for(state, seat, card, play.paid)
    state.move(play.weapon, zid(seat, "weapons"))
    xeno(state).equipped[play.weapon] = play.holder
    state.cards[play.weapon].counters[E_MARK] = 1
    _use_battle_card(state, card)
    state.add_log(msg("log.xenocard.equips", player=seat_msg(seat), card=card_msg(card.id),
                      holder=inst_msg(state, play.holder)))
    _on_set(state, db, play.weapon)


# -- level_up --------------------------------------------------------------------------
def prepare_level_up(state: GameState, db: CardDb, seat: int, iid: Any,
                     onto: Any, how: Any = None, discard: Any = None) -> LevelUp | Verdict:
    """XENO-H6: the upgraded form replaces the card it names, in the set phase; the
    replaced card counts for the new card's condition (XENO-H12). Variants
    (``level_up_with``, XENO-H15): ``on_field`` only onto a card on the battle field,
    ``no_cost``, ``no_condition``."""
    card = _from_hand(state, db, seat, iid)
    if isinstance(card, Verdict):
        return card
    if card.type != "battle" or not card.get("upgrade_of"):
        return Verdict.refuse("xenocard.no_level_up", "XENO-H6", card=card_msg(card.id))
    base = str(card["upgrade_of"])
    if not _in_play(state, db, seat, onto) or state.cards[onto].card_id != base:
        return Verdict.refuse("xenocard.level_up_mismatch", "XENO-H6", card=card_msg(card.id),
                              base=card_msg(base))
    variants = set(card.get("level_up_with") or ())
    if "on_field" in variants and not is_in(state, onto, seat, "field"):
        return Verdict.refuse("xenocard.level_up_on_field", "XENO-H15", card=card_msg(card.id),
                              base=card_msg(base))
    # XENO-H12: the condition is checked with ``onto`` still in play, so the card being
    # replaced counts for it (unless it carries the E mark, XENO-R6).
    v = _all(_battle_once(state, card), lambda: _unique(state, db, seat, card, int(onto)))
    if not v:
        return v
    paid = check_payment(state, db, seat, int(iid), card, how, discard,
                         free="no_cost" in variants, no_condition="no_condition" in variants)
    return paid if isinstance(paid, Verdict) else LevelUp(int(iid), int(onto), paid)


def level_up(state: GameState, db: CardDb, seat: int, play: LevelUp) -> None:
    """Pay; the new card takes the old one's slot, counters and weapons (without the E
    mark for a ``no_e_mark`` card, XENO-H15); the old goes to the trash (XENO-R3,
    XENO-H6); the new card's ``on_set`` abilities fire."""
    iid, onto = play.card, play.onto
    card = cdef(state, db, iid)
    pay_for(state, seat, card, play.paid)
    zone_id, slot = state.zone_of(onto), slot_of(state, onto)
    assert slot is not None
    counters = dict(state.cards[onto].counters)
    if "no_e_mark" in (card.get("level_up_with") or ()):
        counters.pop(E_MARK, None)
    weapons = weapons_of(state, onto)
    unslot(state, onto)
    state.move(onto, zid(seat, "trash"))
    place(state, iid, zone_id, slot)
    state.cards[iid].counters.update(counters)
    for weapon in weapons:
        xeno(state).equipped[weapon] = iid
    _use_battle_card(state, card)
    state.add_log(msg("log.xenocard.levels_up", player=seat_msg(seat),
                      old=inst_msg(state, onto), card=card_msg(card.id)))
    _on_set(state, db, iid)


# -- set_situation -------------------------------------------------------------------------
def prepare_set_situation(state: GameState, db: CardDb, seat: int, iid: Any,
                          slot: Any, how: Any = None,
                          discard: Any = None) -> SetSituation | Verdict:
    """XENO-R6: a situation onto a free slot of one's situation area, once a turn."""
    card = _from_hand(state, db, seat, iid)
    if isinstance(card, Verdict):
        return card
    if card.type != "situation":
        return _type_refusal(card)
    v, cell = _free_cell(state, seat, slot, ("situations",), "xenocard.situation_area_only",
                         card, "XENO-R6")
    v = _all(v, lambda: _once(xeno(state).this_turn.situation_set, card,
                              "xenocard.one_situation_per_turn"),
             lambda: _unique(state, db, seat, card))
    if not v or cell is None:
        return v
    paid = check_payment(state, db, seat, int(iid), card, how, discard)
    return paid if isinstance(paid, Verdict) else SetSituation(int(iid), cell[1], paid)


def set_situation(state: GameState, db: CardDb, seat: int, play: SetSituation) -> None:
    """Pay; the situation stays ``duration`` turns (counter ``turns``, XENO-H5), or for
    good with ``duration = 0``; its ``on_set`` abilities fire."""
    card = cdef(state, db, play.card)
    pay_for(state, seat, card, play.paid)
    place(state, play.card, zid(seat, "situations"), play.slot)
    duration = int(card["duration"])
    if duration:
        state.cards[play.card].counters[TURNS] = duration
    if not card.get("unlimited"):
        data = xeno(state)
        data.this_turn = replace(data.this_turn, situation_set=True)
    key = "log.xenocard.sets_situation" if duration else "log.xenocard.sets_situation_for_good"
    state.add_log(msg(key, player=seat_msg(seat), card=card_msg(card.id), n=duration))
    _on_set(state, db, play.card)


# -- move ------------------------------------------------------------------------------------
def prepare_move(state: GameState, db: CardDb, seat: int, iid: Any, slot: Any) -> Move | Verdict:
    """Move phase: a battle card to a free slot of one's standby area or battle field."""
    if state.phase != Phase.MOVE:
        return Verdict.refuse("xenocard.move_phase_only", "XENO-H2", now=phase_msg(state.phase))
    if not _in_play(state, db, seat, iid):
        return Verdict.refuse("xenocard.not_movable", "XENO-H2")
    card = cdef(state, db, iid)
    if card.get("cannot_move"):
        return Verdict.refuse("xenocard.cannot_move", "XENO-H2", card=card_msg(card.id))
    if is_down(state, int(iid)):
        return Verdict.refuse("xenocard.down_cannot_move", "XENO-H17", card=card_msg(card.id))
    if iid in xeno(state).this_turn.moved:
        return Verdict.refuse("xenocard.moved_already", "XENO-H2", card=card_msg(card.id))
    parsed = parse_cell(slot)
    if parsed is not None and zid(parsed[0], parsed[1]) == state.zone_of(iid) \
            and parsed[2] == slot_of(state, iid):
        return Verdict.refuse("xenocard.already_there", "XENO-H2", card=card_msg(card.id))
    v, cell = _free_cell(state, seat, slot, PLAY_AREAS, "xenocard.move_within_own_areas", card,
                         "XENO-H2")
    if not v or cell is None:
        return v
    return Move(int(iid), cell[0], cell[1])


def move(state: GameState, seat: int, play: Move, db: CardDb | None = None,
         front: frozenset[str] | None = None) -> None:
    """Move the card, keeping its counters; it may not move again this turn. A melee
    card moved to the back row of the battle field (``front``: the seat's front-row
    slots) gets a note in the log line: from there it never attacks (XENO-R5)."""
    from tabletop.games.xenocard.stats import attack_type

    zone_id = zid(seat, play.kind)
    place(state, play.card, zone_id, play.slot, keep=True)
    data = xeno(state)
    data.this_turn = replace(data.this_turn, moved=(*data.this_turn.moved, play.card))
    words = {"player": seat_msg(seat), "card": inst_msg(state, play.card),
             "slot": cell_msg(zone_id, play.slot)}
    if db is not None and front is not None and play.kind == "field" \
            and play.slot not in front and attack_type(state, db, play.card) == "melee":
        state.add_log(msg("log.xenocard.moves_melee_back", **words))
        return
    state.add_log(msg("log.xenocard.moves", **words))
