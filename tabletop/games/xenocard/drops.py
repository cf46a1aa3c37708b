"""What a drag-and-drop means in Xenocard: a drop turned into an action or a refusal.

``zone_id`` may be a zone id (``"p0.standby"``: the first free slot is meant) or
a cell id (``"p0.standby/s2"``, also with the layout's ``"cell:"`` prefix: that
slot). ``onto`` is the card under the drop point, if any.

* hand battle card -> own standby area: ``set_card``; onto the card it levels up
  from: ``level_up``; onto the battle field: ``set_card`` for a ``field_set``
  card, else refused, battle cards are set to the standby area only (XENO-R6);
* hand weapon -> onto one of one's battle cards (or its cell): ``equip``;
* hand situation -> own situation area: ``set_situation``;
* hand event -> onto its target, or anywhere on the table when it takes none
  (onto a trash for a card there: the newest it may take): ``play_event``; in
  one's own block-phase or counter decision: ``decide(["E"/"E@T"])``;
* battle card in the standby area / on the battle field -> a slot of either:
  ``move`` (the rules refuse it outside the move phase, with that reason);
* hand card -> own trash while the adjust decision asks for exactly one card:
  ``decide([card])``;
* anything else: a refusal saying where the card can go.

The caller still asks ``check``: a drop that means an action may still be
refused (wrong phase, unmet condition, cost...), with the reason.
"""

from __future__ import annotations

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState, pending_decision
from tabletop.games.xenocard.abilities import chosen_ability, event_targets
from tabletop.games.xenocard.events import target_needs
from tabletop.games.xenocard.state import DecisionKind
from tabletop.games.xenocard.words import card_msg, zone_msg
from tabletop.games.xenocard.zones import (
    PLAY_AREAS,
    card_at,
    cdef,
    cell_id,
    free_slots,
    parse_cell,
    zid,
    zone_kind,
)


def _target_cell(state: GameState, zone_id: str) -> tuple[int, str, str | None] | None:
    """(seat, kind, slot or None for "no slot named") of a drop location, or None."""
    parsed = parse_cell(zone_id)
    if parsed is not None:
        return parsed
    kind = zone_kind(zone_id)
    if kind is None:
        return None
    return kind[0], kind[1], None


def _pick_slot(state: GameState, seat: int, kind: str, slot: str | None) -> str | None:
    """The cell id meant: the named slot, else the first free one (None when full)."""
    if slot is not None:
        return cell_id(seat, kind, slot)
    free = free_slots(state, zid(seat, kind))
    return cell_id(seat, kind, free[0]) if free else None


def _to_slot(state: GameState, seat: int, kind: str, slot: str | None, action: str,
             iid: int) -> Action | Verdict:
    """``action`` of card ``iid`` onto the cell of ``seat``'s zone ``kind`` that ``slot``
    means (:func:`_pick_slot`), or the refusal when no slot is named and none is free."""
    cell = _pick_slot(state, seat, kind, slot)
    if cell is None:
        return Verdict.refuse("xenocard.area_full", "XENO-R6", zone=zone_msg(zid(seat, kind)))
    return Action.make(action, seat, card=iid, slot=cell)


def interpret_drop(state: GameState, db: CardDb, seat: int, iid: int, zone_id: str,
                   onto: int | None) -> Action | Verdict:
    """The action a drop means, or a refusal with the reason (see the module docstring)."""
    if iid not in state.cards:
        return Verdict.refuse("xenocard.no_such_card")
    if state.cards[iid].owner != seat:
        return Verdict.refuse("xenocard.not_your_card")
    card = cdef(state, db, iid)
    where = _target_cell(state, zone_id)
    if onto is None and where is not None and where[2] is not None and where[1] in PLAY_AREAS:
        onto = card_at(state, zid(where[0], where[1]), where[2])  # a card on that cell
    src = state.zone_of(iid)
    mine = where is not None and where[0] == seat
    if src in (zid(seat, "standby"), zid(seat, "field")):
        if mine and where is not None and where[1] in PLAY_AREAS:
            return _to_slot(state, seat, where[1], where[2], "move", iid)
        return Verdict.refuse("xenocard.move_within_own_areas", "XENO-H2", card=card_msg(card.id))
    if src != zid(seat, "hand"):
        return Verdict.refuse("xenocard.cannot_move_there", "", card=card_msg(card.id))
    pending = pending_decision(state)
    if pending is not None and pending.kind == DecisionKind.ADJUST and pending.seat == seat:
        if mine and where is not None and where[1] == "trash" and pending.min_count == 1:
            return Action.make("decide", seat, choice=[str(iid)])
        return Verdict.refuse("xenocard.adjust_use_panel", "XENO-R8", n=pending.min_count)
    if card.type == "battle":
        if onto is not None and state.cards[onto].owner == seat and card.get("upgrade_of") \
                and state.cards[onto].card_id == card["upgrade_of"]:
            return Action.make("level_up", seat, card=iid, onto=onto)
        kinds = ("standby", "field") if card.get("field_set") else ("standby",)
        if mine and where is not None and where[1] in kinds:
            return _to_slot(state, seat, where[1], where[2], "set_card", iid)
        return Verdict.refuse("xenocard.set_to_standby_only", "XENO-R6", card=card_msg(card.id))
    if card.type == "weapon":
        if onto is None or state.cards[onto].owner != seat:
            return Verdict.refuse("xenocard.bad_holder", "XENO-R7", card=card_msg(card.id))
        return Action.make("equip", seat, weapon=iid, holder=onto)
    if card.type == "situation":
        if mine and where is not None and where[1] == "situations":
            return _to_slot(state, seat, "situations", where[2], "set_situation", iid)
        return Verdict.refuse("xenocard.situation_area_only", "XENO-R6", card=card_msg(card.id))
    # An event: its target is the card under the drop (none for draw / deck damage).
    chosen = chosen_ability(card)
    takes_target = chosen is not None
    if chosen is not None and chosen.whom is not None and chosen.whom.word == "trash_card" \
            and where is not None and where[1] == "trash" and onto is None:
        # a pile shows its top card: a drop on the trash means the newest card there
        # that the event may take (XENO-H17)
        fits = [t for t in event_targets(state, db, seat, card)
                if t is not None and state.zone_of(t) == zid(where[0], "trash")]
        onto = fits[-1] if fits else None
    if takes_target and onto is None:
        # no candidate on the table at all: it cannot be used now (QA15 #8)
        code = "xenocard.target_needed" if any(
            t is not None for t in event_targets(state, db, seat, card)) \
            else "xenocard.no_target_now"
        return Verdict.refuse(code, "XENO-H17", card=card_msg(card.id),
                              needs=target_needs(card))
    target = onto if takes_target else None
    if pending is not None and pending.kind in (DecisionKind.BLOCK, DecisionKind.COUNTER) \
            and pending.seat == seat:
        option = str(iid) if target is None else f"{iid}@{target}"
        return Action.make("decide", seat, choice=[option])
    return Action.make("play_event", seat, card=iid, target=target)
