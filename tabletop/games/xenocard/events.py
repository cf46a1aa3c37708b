"""Event cards: their data-driven effects, and the block phase (seed: イベント/ブロックフェイズ).

* ``play_event(card, target=None)`` -- the turn player, in the event phase, an
  event with ``timing`` ``event`` or ``any``;
* in the block phase the opponent answers the decision ``block``: option
  ``"pass"``, ``"E"`` (event E, no target) or ``"E@T"`` (event E on card T), for
  events with ``timing`` ``block`` or ``any``. The question is asked again after
  each event until the opponent passes, and it is always asked (XENO-H9: skipping
  it would tell the turn player the hand holds no usable event).

Effects (``amount`` = N): ``draw`` N cards (XENO-R1 if the deck runs out);
``damage`` N to an opposing battle card on the battle field (destroyed at
damage >= HP; the damage clears with the battle's, XENO-R5); ``boost`` +N ATK /
``guard`` +N HP to one's own battle card in play until the end of the turn
(XENO-H7); ``retreat`` an opposing battle-field card to a free slot of its
owner's standby area; ``deck_damage`` N cards from the opponent's deck top to
their dump. A used event goes to the trash (XENO-R3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.xenocard.deck import damage_deck, draw
from tabletop.games.xenocard.payment import check_cost_and_condition, pay
from tabletop.games.xenocard.schema import TARGET_OPPONENT, TARGET_OWN
from tabletop.games.xenocard.state import DecisionKind
from tabletop.games.xenocard.stats import ATK_UP, DAMAGE, HP_UP, hp, is_destroyed
from tabletop.games.xenocard.words import card_msg, inst_msg, seat_msg
from tabletop.games.xenocard.zones import (
    battle_cards,
    cards_in,
    cdef,
    free_slots,
    is_in,
    leave_play,
    place,
    zid,
)

PASS = "pass"


@dataclass(frozen=True)
class PlayEvent:
    """An event ``card`` used on ``target`` (None: it takes none): ``play_event`` in
    the event phase, or the block decision's option ``"E"`` / ``"E@T"``."""

    card: int
    target: int | None = None


def target_needs(card: CardDef) -> Message:
    """What an event's target must be, in words."""
    effect = str(card["effect"])
    if effect in TARGET_OPPONENT:
        return msg("xenocard.target.opponent_field")
    if effect in TARGET_OWN:
        return msg("xenocard.target.own_card")
    return msg("xenocard.target.none")


def event_targets(state: GameState, db: CardDb, seat: int,
                  card: CardDef) -> list[int] | list[None]:
    """Every legal target of ``card`` for ``seat`` now ([None] when it takes none)."""
    effect = str(card["effect"])
    opp = state.other(seat)
    if effect in TARGET_OPPONENT:
        pool = [i for i in battle_cards(state, db, opp) if is_in(state, i, opp, "field")]
        if effect == "retreat" and not free_slots(state, zid(opp, "standby")):
            return []
        return pool
    if effect in TARGET_OWN:
        return battle_cards(state, db, seat)
    return [None]


def prepare_event(state: GameState, db: CardDb, seat: int, iid: Any, target: Any,
                  block: bool) -> PlayEvent | Verdict:
    """Event ``iid`` of ``seat`` on ``target`` checked once (event or block phase): the
    refusal, or the :class:`PlayEvent` to carry out."""
    verdict = check_event(state, db, seat, iid, target, block)
    if not verdict:
        return verdict
    return PlayEvent(int(iid), None if target is None else int(target))


def check_event(state: GameState, db: CardDb, seat: int, iid: Any, target: Any,
                block: bool) -> Verdict:
    """Is event ``iid`` usable by ``seat`` on ``target`` now (event or block phase)?"""
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("xenocard.not_in_hand")
    card = cdef(state, db, iid)
    if card.type != "event":
        return Verdict.refuse(f"xenocard.how_{card.type}", "", card=card_msg(card.id))
    timing = str(card["timing"])
    if block and timing == "event":
        return Verdict.refuse("xenocard.not_a_block_event", "XENO-H9", card=card_msg(card.id))
    if not block and timing == "block":
        return Verdict.refuse("xenocard.block_only_event", "XENO-H9", card=card_msg(card.id))
    allowed = event_targets(state, db, seat, card)
    if target not in allowed:
        code = "xenocard.no_target_needed" if allowed == [None] else "xenocard.bad_target"
        return Verdict.refuse(code, "", card=card_msg(card.id), needs=target_needs(card))
    return check_cost_and_condition(state, db, seat, card)


def apply_event(state: GameState, db: CardDb, seat: int, play: PlayEvent) -> None:
    """Pay, put the event in the trash, then carry out its effect."""
    iid, target = play.card, play.target
    card = cdef(state, db, iid)
    pay(state, seat, card)
    state.move(iid, zid(seat, "trash"))
    state.add_log(msg("log.xenocard.event", player=seat_msg(seat), card=card_msg(card.id),
                      text=msg(f"card_text.{card.id}")))
    effect, n = str(card["effect"]), int(card["amount"])
    opp = state.other(seat)
    if effect == "draw":
        draw(state, seat, n)
    elif effect == "deck_damage":
        lost = damage_deck(state, opp, n)
        state.add_log(msg("log.xenocard.deck_damage", player=seat_msg(opp), n=len(lost)))
    elif target is not None and effect == "damage":
        counters = state.cards[target].counters
        counters[DAMAGE] = counters.get(DAMAGE, 0) + n
        state.add_log(msg("log.xenocard.damaged", card=inst_msg(state, target), n=n,
                          total=counters[DAMAGE], hp=hp(state, db, target)))
        if is_destroyed(state, db, target):
            state.add_log(msg("log.xenocard.destroyed", card=inst_msg(state, target)))
            leave_play(state, target, "trash")
    elif target is not None and effect in ("boost", "guard"):
        name = ATK_UP if effect == "boost" else HP_UP
        counters = state.cards[target].counters
        counters[name] = counters.get(name, 0) + n
    elif target is not None and effect == "retreat":
        owner = state.cards[target].owner
        slot = free_slots(state, zid(owner, "standby"))[0]
        place(state, target, zid(owner, "standby"), slot, keep=True)
        state.add_log(msg("log.xenocard.retreats", card=inst_msg(state, target)))


# -- the block phase -------------------------------------------------------------------------
def block_options(state: GameState, db: CardDb, seat: int) -> list[str]:
    """``"pass"`` and every usable ``"E"`` / ``"E@T"`` of ``seat`` in the block phase."""
    options = [PASS]
    for iid in cards_in(state, seat, "hand"):
        card = cdef(state, db, iid)
        if card.type != "event" or card["timing"] == "event":
            continue
        for target in event_targets(state, db, seat, card):
            if check_event(state, db, seat, iid, target, True):
                options.append(str(iid) if target is None else f"{iid}@{target}")
    return options


def ask_block(state: GameState, db: CardDb) -> None:
    """Ask the turn player's opponent for block-phase events (XENO-H9)."""
    seat = state.other(state.active)
    state.pending = Decision(seat, DecisionKind.BLOCK.value,
                             msg("decision.xenocard.block", player=seat_msg(seat)),
                             tuple(block_options(state, db, seat)), 1, 1)


def parse_option(option: str) -> PlayEvent | None:
    """A block option as the event it names: ``"12"`` -> event 12, no target;
    ``"12@7"`` -> event 12 on card 7; ``"pass"`` or junk -> None."""
    left, mark, right = option.partition("@")
    if not left.isdigit() or (mark and not right.isdigit()):
        return None
    return PlayEvent(int(left), int(right) if mark else None)
