"""What a drag-and-drop means in Arc: dropping a card turned into an action.

* hand resource -> own resource row: ``play_resource``;
* hand character -> own character row: ``play_card``; a character whose ``enters``
  ability chooses a target -> onto that target (on either row): ``play_card`` with it;
* hand action card -> onto its target card, or onto the own character row when
  it needs no target: ``play_card``; while a combat card is asked for, a refusal
  saying what can be played now (a combat card, or Pass: ARC-R5, ARC-H1);
* hand combat card during one's own combat-card decision -> onto a combatant,
  or onto the own combat zone: ``decide(["C@T"])``. Dropped on the zone, T is
  the legal target its effects are worth most on (the effects' ``value``, then
  the strongest, issue 15);
* own untapped character -> own combat zone in the declare step: ``attack``
  with that one character;
* anything else: a refusal saying where the card can go.
"""

from __future__ import annotations

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState, pending_decision
from tabletop.games.arc import combat
from tabletop.games.arc.abilities import VOCABULARY, ArcCtx, Trigger, chosen_ability
from tabletop.games.arc.data import DecisionKind
from tabletop.games.arc.effects import action_targets, needs_target, target_needs
from tabletop.games.arc.words import card_msg
from tabletop.games.arc.zones import cdef, zid


def _best_target(state: GameState, db: CardDb, seat: int, iid: int) -> int | None:
    """The legal target of combat card ``iid`` its effects are worth most on to
    ``seat`` (``value``), the strongest first among equals."""
    pool = combat.combat_targets(state, db, seat, iid)
    ability = chosen_ability(cdef(state, db, iid), Trigger.ON_PLAY)
    if not pool or ability is None:
        return None
    ctx = ArcCtx(state, db, seat, iid, ability.how_long)
    return max(pool, key=lambda i: (VOCABULARY.value(ctx, ability, [i]),
                                    combat.power(state, db, i), -pool.index(i)))


def interpret_drop(
    state: GameState, db: CardDb, seat: int, iid: int, zone_id: str, onto: int | None
) -> Action | Verdict:
    """The action a drop means, or a refusal with the reason (see the module docstring)."""
    if iid not in state.cards:
        return Verdict.refuse("arc.no_such_card")
    if state.cards[iid].owner != seat:
        return Verdict.refuse("arc.not_your_card")
    card = cdef(state, db, iid)
    src = state.zone_of(iid)
    if src == zid(seat, "characters") and zone_id == zid(seat, "combat"):
        return Action.make("attack", seat, attackers=[iid])
    if src == zid(seat, "resources"):  # picked up only to be chosen for a payment
        return Verdict.refuse("arc.resource_stays", "ARC-R4", card=card_msg(card.id))
    if src != zid(seat, "hand"):
        return Verdict.refuse("arc.cannot_move_there", "", card=card_msg(card.id))
    if card.type == "resource":
        if zone_id == zid(seat, "resources"):
            return Action.make("play_resource", seat, card=iid)
        return Verdict.refuse("arc.resource_row_only", "", card=card_msg(card.id))
    if card.type == "character":
        # onto a card of the own row that is no target: the row itself was meant
        own_row = zone_id == zid(seat, "characters")
        if onto is not None and needs_target(card) and (
                not own_row or onto in action_targets(state, db, seat, card, iid)):
            return Action.make("play_card", seat, card=iid, target=onto)
        if zone_id == zid(seat, "characters"):
            return Action.make("play_card", seat, card=iid)
        return Verdict.refuse("arc.character_row_only", "", card=card_msg(card.id))
    if card.type == "action":
        pending = pending_decision(state)
        if pending is not None and pending.kind == DecisionKind.COMBAT_CARD:
            if pending.seat == seat:  # asked for a combat card: only that, or Pass
                return Verdict.refuse("arc.combat_window_action", "ARC-R5, ARC-H1",
                                      card=card_msg(card.id))
            return Verdict.refuse("arc.action_after_combat", "ARC-H1", card=card_msg(card.id))
        if needs_target(card):
            # no candidate on the table at all: it cannot be used now, wherever it was
            # dropped (QA15 #8; QA15b #7: dropped onto a card that is no target)
            if not any(t is not None for t in action_targets(state, db, seat, card, iid)):
                return Verdict.refuse("arc.no_target_now", "ARC-H9", card=card_msg(card.id),
                                      needs=target_needs(card))
            if onto is None:
                return Verdict.refuse("arc.target_needed", "ARC-H9", card=card_msg(card.id),
                                      needs=target_needs(card))
            return Action.make("play_card", seat, card=iid, target=onto)
        if zone_id == zid(seat, "characters") or onto is not None:
            return Action.make("play_card", seat, card=iid)
        return Verdict.refuse("arc.action_drop_here", "", card=card_msg(card.id),
                              instead=msg("refusal.arc.instead_action_row"))
    pending = pending_decision(state)
    if pending is None or pending.kind != DecisionKind.COMBAT_CARD or pending.seat != seat:
        return Verdict.refuse("arc.combat_card_in_combat_only", "ARC-R5", card=card_msg(card.id))
    target = onto
    if target is None:
        if zone_id != zid(seat, "combat"):
            return Verdict.refuse("arc.combat_zone_only", "ARC-R5", card=card_msg(card.id))
        target = _best_target(state, db, seat, iid)
        if target is None:
            return Verdict.refuse("arc.bad_target", "ARC-R5", card=card_msg(card.id),
                                  needs=target_needs(card))
    return Action.make("decide", seat, choice=[f"{iid}@{target}"])
