"""Putting resources into play and playing characters and action cards.

Seed: リソースを配置する (one resource per turn, resource phase), カードをプレイする
(characters enter untapped, no summoning sickness; action cards in your own
turn). Costs per ARC-R4 (:mod:`payment`), uniqueness per ARC-R6.

House reading of the seed's "自分のターンに任意で使用できる" (ARC-H1): action cards
may be played in the main phase and, between combats, in the attack phase (e.g.
an untap effect lets a character attack again). Characters only in the main
phase. Resources only in the resource phase (ARC-H2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.log_targets import add_log_with_targets
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.arc.data import Phase, Step, arc_data
from tabletop.games.arc.effects import check_play_target, effect_text, resolve_play
from tabletop.games.arc.payment import check_payment, pay
from tabletop.games.arc.words import card_msg, inst_msg, phase_msg, seat_msg
from tabletop.games.arc.zones import SEATS, cards_in, cdef, is_in, zid


@dataclass(frozen=True)
class PlayCard:
    """A checked ``play_card``: hand card ``card`` (on ``target``, an action card's),
    paid by tapping ``paid`` (ARC-R4)."""

    card: int
    target: int | None = None
    paid: tuple[int, ...] = ()


def _wrong_phase(state: GameState, card: CardDef) -> Verdict:
    """Refuse ``card`` out of its phase, saying when it can be played instead.

    The turn runs resource -> main -> attack, so whether the right phase is still
    ahead this turn follows from the phase now (ARC-H1, ARC-H2).
    """
    name, now = card_msg(card.id), phase_msg(state.phase)
    if card.type == "resource":  # only the resource phase, which opens the turn
        return Verdict.refuse("arc.resource_phase_over", "ARC-H2", card=name, phase=now)
    if card.type == "character":
        code = "arc.main_phase_next" if state.phase == Phase.RESOURCE else "arc.main_phase_over"
        return Verdict.refuse(code, "ARC-H1", card=name, phase=now)
    if state.phase == Phase.ATTACK:  # a combat is being resolved
        return Verdict.refuse("arc.action_after_combat", "ARC-H1", card=name)
    return Verdict.refuse("arc.action_phase_next", "ARC-H1", card=name, phase=now)


def _int_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_play_resource(state: GameState, db: CardDb, seat: int, iid: Any) -> int | Verdict:
    """One resource from hand per turn, in the resource phase (seed: 1ターンに 1回のみ);
    the card, or the refusal.

    ARC-H2: later in the turn (a drag included) it is refused as the wrong phase.
    """
    if not _int_id(iid) or not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("arc.not_in_hand")
    card = cdef(state, db, iid)
    if card.type != "resource":
        return Verdict.refuse("arc.not_a_resource", "", card=card_msg(card.id))
    if state.phase != Phase.RESOURCE:
        return _wrong_phase(state, card)
    if arc_data(state).turn.resource_played:
        return Verdict.refuse("arc.one_resource_per_turn", "ARC-H2")  # once a turn
    return int(iid)


def apply_play_resource(state: GameState, seat: int, iid: int) -> None:
    """Put the resource into play untapped."""
    state.move(iid, zid(seat, "resources"))
    data = arc_data(state)
    data.turn = replace(data.turn, resource_played=True)
    state.add_log(msg("log.arc.resource", player=seat_msg(seat), card=inst_msg(state, iid)))


def unique_clash(state: GameState, db: CardDb, card: CardDef) -> int | None:
    """ARC-R6: a card in play on either side that is the same card as unique ``card``
    (same id, or the same :attr:`~tabletop.core.cards.CardDef.same_key`: every printing
    of one card is that card)."""
    if not card.get("unique"):
        return None
    for seat in SEATS:
        for iid in cards_in(state, seat, "characters"):
            other = cdef(state, db, iid)
            if other.id == card.id or other.same_key == card.same_key:
                return iid
    return None


def check_play_card(
    state: GameState, db: CardDb, seat: int, iid: Any, target: Any, payment: Any
) -> PlayCard | Verdict:
    """Check playing a character or an action card: the play with the resources to
    tap, or the refusal."""
    if not _int_id(iid) or not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("arc.not_in_hand")
    card = cdef(state, db, iid)
    if card.type == "resource":
        return Verdict.refuse("arc.play_resource_instead", "", card=card_msg(card.id))
    if card.type == "combat":
        return Verdict.refuse("arc.combat_card_in_combat_only", "ARC-R5",
                              card=card_msg(card.id))
    if card.type == "character":
        if state.phase != Phase.MAIN:  # ARC-H1: characters only in the main phase
            return _wrong_phase(state, card)
        clash = unique_clash(state, db, card)
        if clash is not None:
            return Verdict.refuse("arc.unique_in_play", "ARC-R6", card=card_msg(card.id),
                                  player=seat_msg(state.cards[clash].owner))
    # ARC-H1: action cards in the main phase and between combats of the attack phase.
    elif not (state.phase == Phase.MAIN
              or (state.phase == Phase.ATTACK and state.step == Step.DECLARE)):
        return _wrong_phase(state, card)
    verdict = check_play_target(state, db, seat, int(iid), target)  # ARC-H9
    if not verdict:
        return verdict
    verdict, paid = check_payment(state, db, seat, card, payment, iid)
    if not verdict:
        return verdict
    return PlayCard(int(iid), None if target is None else int(target), tuple(paid))


def apply_play_card(state: GameState, db: CardDb, seat: int, play: PlayCard) -> None:
    """Pay, then put a character into play untapped (its ``enters`` abilities follow)
    or carry out an action card's ``on_play`` abilities (issue 15)."""
    iid, target = play.card, play.target
    card = cdef(state, db, iid)
    pay(state, list(play.paid))
    if card.type == "character":
        state.move(iid, zid(seat, "characters"))
        state.add_log(msg("log.arc.plays_character", player=seat_msg(seat),
                          card=card_msg(card.id)))
        resolve_play(state, db, seat, iid, target, log=True)
        return
    # The action card is public once played; it goes to the discard pile after use.
    state.move(iid, zid(seat, "discard"))
    add_log_with_targets(state, msg("log.arc.plays_action", player=seat_msg(seat),
                                    card=card_msg(card.id), effect=effect_text(card)),
                         [target] if target is not None else [])  # QA15 #10
    resolve_play(state, db, seat, iid, target)
