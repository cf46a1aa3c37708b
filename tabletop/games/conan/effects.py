"""Card effects as data (schema ``effect`` / ``amount``), interpreted here (CONAN-H9).

* Action cards in the Prepare step: ``draw`` N cards, ``heal`` N damage from
  Conan, ``unwound`` (remove N wounds from Conan), ``damage_bonus`` (+N damage
  for Conan this turn), ``prowess`` (N spent prowess back).
* Conan's Barbarian ability (Barbarian phase, paid in prowess): the same
  effects, ``damage_bonus`` lasting this combat round.
* Items and Regions modify numbers while in play (:mod:`stats`).
* ``text``: not modelled; the card text is logged for the players to apply in
  free mode (ALL-R3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.conan import piles
from tabletop.games.conan.data import set_turn, turn_data
from tabletop.games.conan.stats import add_counter
from tabletop.games.conan.words import card_msg, seat_msg
from tabletop.games.conan.zones import conan_of


def effect_msg(effect: str, amount: int, card_id: str) -> Message:
    """A plain-words summary of an effect (catalogue ``effect.conan.*``)."""
    if effect == "text":
        return msg("effect.conan.text", card=card_msg(card_id))
    return msg(f"effect.conan.{effect}", n=amount)


def apply_effect(state: GameState, db: CardDb, seat: int, card: CardDef, effect: str,
                 amount: int,
                 bonus_key: Literal["turn_bonus", "round_bonus"] = "turn_bonus") -> None:
    """Carry out a one-shot effect for ``seat``'s Conan (``bonus_key``: how long a
    damage bonus lasts, ``turn_bonus`` or ``round_bonus``)."""
    conan = conan_of(state, db, seat)
    state.add_log(msg("log.conan.effect", player=seat_msg(seat), card=card_msg(card.id),
                      effect=effect_msg(effect, amount, card.id)))
    if effect == "draw":
        piles.draw(state, seat, amount)
    elif conan is None:
        return
    elif effect == "heal":
        add_counter(state, conan, "damage", -amount)
    elif effect == "unwound":
        add_counter(state, conan, "wound", -amount)
    elif effect == "prowess":
        add_counter(state, conan, "spent", -amount)
    elif effect == "damage_bonus":
        turn = turn_data(state)
        if bonus_key == "round_bonus":
            set_turn(state, replace(turn, round_bonus=turn.round_bonus + amount))
        else:
            set_turn(state, replace(turn, turn_bonus=turn.turn_bonus + amount))
