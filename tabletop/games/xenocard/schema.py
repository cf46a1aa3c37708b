"""Xenocard card schema: the fields each card type carries (seed 004: カード構成, 属性, コスト).

Card files live in ``assets/cards/xenocard/*.toml`` and are validated on load by
:func:`tabletop.core.cards.load_card_dir` against :data:`SCHEMA`.

* ``battle``: ``attribute`` (one of the five non-weapon attributes), ``atk``,
  ``hp``, ``attack`` (attack type), ``cost``, ``condition``, ``unique``,
  ``unlimited`` (XENO-R6) and ``upgrade_of`` (the card id this card levels up
  from; seed: レベルアップ).
* ``weapon``: a battle card with the attribute Weapon, set onto a holder
  (XENO-R7): ``atk``, ``attack``, ``cost``, ``condition``, ``unique``,
  ``unlimited``. It has no HP of its own.
* ``situation``: ``cost``, ``condition``, ``duration`` (in its owner's turns,
  XENO-H5), a continuous ``effect`` with ``amount`` and an optional
  ``attribute`` filter, ``unique``, ``unlimited``.
* ``event``: ``cost``, ``condition``, ``timing`` (``event``: own event phase;
  ``block``: the opponent's block phase; ``any``: both), an ``effect`` with
  ``amount``.

``condition`` lists attributes and ``"any"`` (XENO-R4), e.g.
``["human", "human", "any"]``; costs are paid from the deck top into the dump.
"""

from __future__ import annotations

from tabletop.core.cards import FieldSpec, Schema

GAME_ID = "xenocard"

#: Seed: 人間、機械、レアリエン、グノーシス、武器、謎 (GLOSSARY identifiers).
ATTRIBUTES: tuple[str, ...] = ("human", "machine", "realian", "gnosis", "weapon", "mystery")
#: Attributes a non-weapon battle card may carry.
BATTLE_ATTRIBUTES: tuple[str, ...] = tuple(a for a in ATTRIBUTES if a != "weapon")
#: ``"any"`` in a condition is matched by any card left over (XENO-R4).
ANY = "any"
#: Attack types in battle order (XENO-R5): melee, shooting, all, ballistic.
ATTACK_TYPES: tuple[str, ...] = ("melee", "shooting", "all", "ballistic")
CARD_TYPES: tuple[str, ...] = ("battle", "weapon", "situation", "event")

#: Event effects. Targets: ``damage`` and ``retreat`` an opposing battle card on
#: the battle field; ``boost`` and ``guard`` one of one's own battle cards in
#: play; ``draw`` and ``deck_damage`` no card.
EVENT_EFFECTS: tuple[str, ...] = ("draw", "damage", "boost", "guard", "retreat", "deck_damage")
TARGET_OPPONENT: frozenset[str] = frozenset({"damage", "retreat"})
TARGET_OWN: frozenset[str] = frozenset({"boost", "guard"})
#: When an event may be used.
TIMINGS: tuple[str, ...] = ("event", "block", "any")
#: Situation effects, continuous while the situation is in play:
#: ``atk_bonus``/``hp_bonus`` for the owner's battle cards (optionally of one
#: attribute), ``deck_guard`` lowers each attack on the owner's deck.
SITUATION_EFFECTS: tuple[str, ...] = ("atk_bonus", "hp_bonus", "deck_guard")

_COST = FieldSpec(int, minimum=0, maximum=10)
_CONDITION = FieldSpec(list, required=False, default=[], item_choices=(*ATTRIBUTES, ANY))
_FLAG = FieldSpec(bool, required=False, default=False)
_ATTACK = FieldSpec(str, choices=ATTACK_TYPES)
_AMOUNT = FieldSpec(int, required=False, minimum=0, maximum=20, default=1)

SCHEMA: Schema = {
    "battle": {
        "attribute": FieldSpec(str, choices=BATTLE_ATTRIBUTES),
        "atk": FieldSpec(int, minimum=0, maximum=20),
        "hp": FieldSpec(int, minimum=1, maximum=20),
        "attack": _ATTACK,
        "cost": _COST,
        "condition": _CONDITION,
        "unique": _FLAG,
        "unlimited": _FLAG,
        "upgrade_of": FieldSpec(str, required=False, default=""),
    },
    "weapon": {
        "atk": FieldSpec(int, minimum=0, maximum=20),
        "attack": _ATTACK,
        "cost": _COST,
        "condition": _CONDITION,
        "unique": _FLAG,
        "unlimited": _FLAG,
    },
    "situation": {
        "cost": _COST,
        "condition": _CONDITION,
        "duration": FieldSpec(int, minimum=1, maximum=9),
        "effect": FieldSpec(str, choices=SITUATION_EFFECTS),
        "amount": _AMOUNT,
        "attribute": FieldSpec(str, required=False, choices=(*BATTLE_ATTRIBUTES, ANY),
                               default=ANY),
        "unique": _FLAG,
        "unlimited": _FLAG,
    },
    "event": {
        "cost": _COST,
        "condition": _CONDITION,
        "timing": FieldSpec(str, choices=TIMINGS),
        "effect": FieldSpec(str, choices=EVENT_EFFECTS),
        "amount": _AMOUNT,
    },
}


def attribute_of(card_type: str, fields_attribute: str | None) -> str | None:
    """The attribute a card counts as for conditions: weapons are Weapon (seed: 属性)."""
    if card_type == "weapon":
        return "weapon"
    if card_type == "battle":
        return fields_attribute
    return None
