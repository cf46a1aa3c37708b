"""Data-driven effects of action cards (seed: アクションカード; schema ``effect``/``amount``).

* ``draw``: you draw ``amount`` cards.
* ``destroy``: an opposing character with power <= ``amount`` goes to its
  owner's discard pile (target needed).
* ``mill``: the opponent discards the top ``amount`` cards of their deck.
* ``untap``: untap one of your tapped characters (target needed: a tapped
  character of your own, ARC-H4), e.g. to attack again in a later combat of the
  same attack phase (ARC-R5).

Combat-card effects (``pump``/``weaken``) only exist inside a combat and live
in :mod:`tabletop.games.arc.combat`.
"""

from __future__ import annotations

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.arc.turn import draw, mill
from tabletop.games.arc.words import card_msg, inst_msg, seat_msg
from tabletop.games.arc.zones import cdef, characters, zid


def needs_target(card: CardDef) -> bool:
    """Does this action card's effect need a target card?"""
    return card["effect"] in ("destroy", "untap")


def effect_text(card: CardDef) -> Message:
    """A plain-words summary of an action or combat card's effect (catalogue ``effect.arc.*``)."""
    return msg(f"effect.arc.{card['effect']}", n=int(card["amount"]))


def target_needs(card: CardDef) -> Message:
    """What a legal target of ``card`` is, in plain words (for refusals)."""
    return msg(f"effect.arc.target_{card['effect']}", n=int(card["amount"]))


def action_targets(state: GameState, db: CardDb, seat: int, card: CardDef) -> list[int | None]:
    """Every legal target of an action card (``[None]`` when it needs none)."""
    effect = card["effect"]
    if effect == "destroy":
        return [
            i for i in characters(state, db, state.other(seat))
            if cdef(state, db, i).number("power", 0) <= card.number("amount", 0)
        ]
    if effect == "untap":  # ARC-H4: only a tapped character of your own
        return [i for i in characters(state, db, seat) if state.cards[i].tapped]
    return [None]


def check_action_target(
    state: GameState, db: CardDb, seat: int, card: CardDef, target: object
) -> Verdict:
    """Is ``target`` a legal target for ``card`` played by ``seat``?"""
    if not needs_target(card):
        if target is None:
            return Verdict.legal()
        return Verdict.refuse("arc.no_target_needed", "", card=card_msg(card.id))
    if target is None:
        return Verdict.refuse("arc.target_needed", "", card=card_msg(card.id),
                              needs=target_needs(card))
    if target in action_targets(state, db, seat, card):
        return Verdict.legal()
    return Verdict.refuse("arc.bad_target", "", card=card_msg(card.id), needs=target_needs(card))


def resolve_action(
    state: GameState, db: CardDb, seat: int, card: CardDef, target: int | None
) -> None:
    """Carry out an action card's effect (after it was paid for and checked)."""
    effect, amount = card["effect"], int(card["amount"])
    if effect == "draw":
        draw(state, seat, amount)
    elif effect == "mill":
        mill(state, state.other(seat), amount)
    elif effect == "destroy" and target is not None:
        owner = state.cards[target].owner
        state.add_log(msg("log.arc.destroyed", card=inst_msg(state, target)))
        state.move(target, zid(owner, "discard"))
    elif effect == "untap" and target is not None:
        state.cards[target].tapped = False
        state.add_log(msg("log.arc.untaps", player=seat_msg(seat), card=inst_msg(state, target)))
