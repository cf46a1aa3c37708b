"""Event cards: their abilities, the block phase and counters (seed: イベント/ブロックフェイズ).

* ``play_event(card, target=None)`` -- the turn player, in the event phase, an
  event with ``timing`` ``event`` or ``any``;
* in the block phase the opponent answers the decision ``block``: option
  ``"pass"``, ``"E"`` (event E, no target) or ``"E@T"`` (event E on card T), for
  events with ``timing`` ``block`` or ``any``. The question is asked again after
  each event until the opponent passes, and it is always asked (XENO-H9: skipping
  it would tell the turn player the hand holds no usable event).
* Counters (XENO-H13): once an event is paid and in the trash, and before its
  effect, the other seat is asked the decision ``counter`` (``"pass"`` or
  ``"E"``, an event with ``timing = "counter"``) whenever that seat's cards include
  a counter event (its deck list: the question then tells nothing of the hand);
  a ``cancel_event`` in the counter leaves the first event without effect.

What an event does is its ``play`` abilities (:mod:`.abilities`): the one with a
``chosen`` target takes the action's ``target``; the others pick by rule. A used
event goes to the trash (XENO-R3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.abilities import Part
from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.xenocard import abilities as xab
from tabletop.games.xenocard.payment import Paid, check_payment, pay_for
from tabletop.games.xenocard.state import DecisionKind, Waiting, xeno
from tabletop.games.xenocard.words import card_msg, seat_msg
from tabletop.games.xenocard.zones import cards_in, cdef, is_in, zid

PASS = "pass"


@dataclass(frozen=True)
class PlayEvent:
    """An event ``card`` used on ``target`` (None: it takes none): ``play_event`` in
    the event phase, or the block / counter decision's option ``"E"`` / ``"E@T"``;
    paid as ``paid`` says."""

    card: int
    target: int | None = None
    paid: Paid = Paid()


def target_needs(card: CardDef) -> Message:
    """What an event's target must be, in words (its chosen target word)."""
    ability = xab.chosen_ability(card)
    if ability is None or ability.whom is None:
        return msg("xenocard.target.none")
    side = ability.whom.get("side")
    if ability.whom.word == "battle_card" and side in ("own", "opponent"):
        return msg("xenocard.target.opponent_field" if side == "opponent"
                   else "xenocard.target.own_card")
    return xab.VOCABULARY.describe_use(Part.WHOM, ability.whom)


def event_targets(state: GameState, db: CardDb, seat: int,
                  card: CardDef) -> list[int] | list[None]:
    """Every legal target of ``card`` for ``seat`` now ([None] when it takes none)."""
    return xab.event_targets(state, db, seat, card)


def prepare_event(state: GameState, db: CardDb, seat: int, iid: Any, target: Any,
                  block: bool, how: Any = None, discard: Any = None,
                  counter: bool = False) -> PlayEvent | Verdict:
    """Event ``iid`` of ``seat`` on ``target`` checked once (event phase, block phase or
    a counter): the refusal, or the :class:`PlayEvent` to carry out."""
    verdict = _check_use(state, db, seat, iid, target, block, counter)
    if not verdict:
        return verdict
    card = cdef(state, db, iid)
    paid = check_payment(state, db, seat, int(iid), card, how, discard)
    if isinstance(paid, Verdict):
        return paid
    return PlayEvent(int(iid), None if target is None else int(target), paid)


def check_event(state: GameState, db: CardDb, seat: int, iid: Any, target: Any,
                block: bool, counter: bool = False) -> Verdict:
    """Is event ``iid`` usable by ``seat`` on ``target`` now (event or block phase, or
    as a counter), paying its cost from the deck?"""
    play = prepare_event(state, db, seat, iid, target, block, counter=counter)
    return play if isinstance(play, Verdict) else Verdict.legal()


def _check_use(state: GameState, db: CardDb, seat: int, iid: Any, target: Any,
               block: bool, counter: bool) -> Verdict:
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("xenocard.not_in_hand")
    card = cdef(state, db, iid)
    if card.type != "event":
        return Verdict.refuse(f"xenocard.how_{card.type}", "", card=card_msg(card.id))
    timing = str(card["timing"])
    if timing == "counter" and not counter:
        return Verdict.refuse("xenocard.counter_only", "XENO-H13", card=card_msg(card.id))
    if counter and timing != "counter":
        return Verdict.refuse("xenocard.not_a_counter", "XENO-H13", card=card_msg(card.id))
    if block and timing == "event":
        return Verdict.refuse("xenocard.not_a_block_event", "XENO-H9", card=card_msg(card.id))
    if not block and not counter and timing == "block":
        return Verdict.refuse("xenocard.block_only_event", "XENO-H9", card=card_msg(card.id))
    allowed = event_targets(state, db, seat, card)
    if target not in allowed:
        code = "xenocard.no_target_needed" if allowed == [None] else "xenocard.bad_target"
        return Verdict.refuse(code, "XENO-H17", card=card_msg(card.id), needs=target_needs(card))
    return xab.event_check(state, db, seat, int(iid))


def _spend(state: GameState, db: CardDb, seat: int, play: PlayEvent) -> CardDef:
    """Pay for the event, put it in the trash and log its text (an event played or a
    counter event answering one); returns its card."""
    card = cdef(state, db, play.card)
    pay_for(state, seat, card, play.paid)
    state.move(play.card, zid(seat, "trash"))
    state.add_log(msg("log.xenocard.event", player=seat_msg(seat), card=card_msg(card.id),
                      text=msg(f"card_text.{card.id}")))
    return card


def apply_event(state: GameState, db: CardDb, seat: int, play: PlayEvent) -> None:
    """Pay, put the event in the trash; then the other seat may counter (XENO-H13),
    else its abilities are carried out."""
    card = _spend(state, db, seat, play)
    other = state.other(seat)
    if card["timing"] != "counter" and may_counter(state, db, other):
        xeno(state).waiting = Waiting(seat, play.card, play.target)
        ask_counter(state, db, other)
        return
    xab.resolve_event(state, db, seat, play.card, play.target)


def may_counter(state: GameState, db: CardDb, seat: int) -> bool:
    """Does ``seat`` own any counter event (its deck list, not its hand, XENO-H13)?"""
    return any(c.owner == seat and db[c.card_id].type == "event"
               and db[c.card_id].get("timing") == "counter" for c in state.cards.values())


def counter_options(state: GameState, db: CardDb, seat: int) -> list[str]:
    """``"pass"`` and every counter event ``seat`` can use now."""
    return [PASS, *(str(i) for i in cards_in(state, seat, "hand")
                    if check_event(state, db, seat, i, None, False, counter=True))]


def ask_counter(state: GameState, db: CardDb, seat: int) -> None:
    """Ask ``seat`` whether it counters the waiting event (XENO-H13)."""
    waiting = xeno(state).waiting
    assert waiting is not None
    state.pending = Decision(seat, DecisionKind.COUNTER.value,
                             msg("decision.xenocard.counter", player=seat_msg(seat),
                                 card=card_msg(state.cards[waiting.card].card_id)),
                             tuple(counter_options(state, db, seat)), 1, 1)


def answer_counter(state: GameState, db: CardDb, seat: int, play: PlayEvent | None) -> None:
    """The counter decision's answer: the counter event (its abilities, maybe cancelling
    the waiting one), then the waiting event's effect unless cancelled."""
    state.pending = None
    waiting = xeno(state).waiting
    if play is None:
        state.add_log(msg("log.xenocard.counter_pass", player=seat_msg(seat)))
    else:
        _spend(state, db, seat, play)
        xab.resolve_event(state, db, seat, play.card, None,
                          None if waiting is None else waiting.card)
    waiting = xeno(state).waiting
    xeno(state).waiting = None
    if waiting is not None and not state.game_over:
        xab.resolve_event(state, db, waiting.seat, waiting.card, waiting.target)


# -- the block phase -------------------------------------------------------------------------
def block_options(state: GameState, db: CardDb, seat: int) -> list[str]:
    """``"pass"`` and every usable ``"E"`` / ``"E@T"`` of ``seat`` in the block phase."""
    options = [PASS]
    for iid in cards_in(state, seat, "hand"):
        card = cdef(state, db, iid)
        if card.type != "event" or card["timing"] in ("event", "counter"):
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
