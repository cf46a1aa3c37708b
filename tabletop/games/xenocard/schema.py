"""Xenocard card schema: the fields each card type carries (seed 004: カード構成, 属性, コスト).

Card files live in ``assets/cards/xenocard/*.toml`` and are validated on load by
:func:`tabletop.core.cards.load_card_dir` against :data:`SCHEMA`; what a card
*does* is its ``[[card.ability]]`` tables (:mod:`.abilities`, docs/cards-xenocard.md).
Properties a card simply has are fields, not abilities:

* ``battle``: ``attribute`` (one of the five non-weapon attributes), ``atk``,
  ``hp``, ``attack`` (attack type), ``cost``, ``condition``, ``unique``,
  ``unlimited`` (XENO-R6), ``upgrade_of`` (the card id this card levels up
  from; seed: レベルアップ) and ``level_up_with`` (its level-up variants:
  ``on_field``, ``no_cost``, ``no_e_mark``, ``no_condition``, XENO-H15);
  ``field_set`` (may be set straight onto the battle field), ``cannot_move``,
  ``no_weapons`` (may not carry weapons), and an alternative cost
  (``alt_cost``, XENO-H16).
* ``weapon``: a battle card with the attribute Weapon, set onto a holder
  (XENO-R7): ``atk``, ``attack``, ``cost``, ``condition``, ``unique``,
  ``unlimited``; ``holders`` (the attributes it fits; empty: any),
  ``adds_atk`` (its ATK adds to the holder's instead of replacing it) and
  ``keeps_type`` (the holder keeps its own attack type). It has no HP of its own.
* ``situation``: ``cost``, ``condition``, ``duration`` (turns; 0: permanent)
  counted in ``counted`` turns (``own``, ``opponent``, ``either``; XENO-H5),
  ``unique``, ``unlimited``, ``alt_cost``.
* ``event``: ``cost``, ``condition``, ``timing`` (``event``: own event phase;
  ``block``: the opponent's block phase; ``any``: both; ``counter``: answers
  an event of the opponent, XENO-H13), ``alt_cost``.

``condition`` lists attributes and ``"any"`` (XENO-R4), e.g.
``["human", "human", "any"]``; costs are paid from the deck top into the dump.
``alt_cost`` is ``"discard"`` (discard ``alt_count`` hand cards of
``alt_attribute``) or ``"discard_hand"`` (discard the rest of the hand) instead
of paying ``cost`` from the deck.
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

#: When an event may be used (XENO-H9, XENO-H13).
TIMINGS: tuple[str, ...] = ("event", "block", "any", "counter")
#: Whose turns count a situation's ``duration`` down (XENO-H5).
COUNTED: tuple[str, ...] = ("own", "opponent", "either")
#: Level-up variants (XENO-H15).
LEVEL_UP_WITH: tuple[str, ...] = ("on_field", "no_cost", "no_e_mark", "no_condition")
#: Alternative costs (XENO-H16): "" none.
ALT_COSTS: tuple[str, ...] = ("", "discard", "discard_hand")

_COST = FieldSpec(int, minimum=0, maximum=10)
_CONDITION = FieldSpec(list, required=False, default=[], item_choices=(*ATTRIBUTES, ANY))
_FLAG = FieldSpec(bool, required=False, default=False)
_ATTACK = FieldSpec(str, choices=ATTACK_TYPES)
_ALT = {
    "alt_cost": FieldSpec(str, required=False, choices=ALT_COSTS, default=""),
    "alt_count": FieldSpec(int, required=False, minimum=1, maximum=7, default=1),
    "alt_attribute": FieldSpec(str, required=False, choices=(*ATTRIBUTES, ANY), default=ANY),
}

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
        "level_up_with": FieldSpec(list, required=False, default=[],
                                   item_choices=LEVEL_UP_WITH),
        "field_set": _FLAG,
        "cannot_move": _FLAG,
        "no_weapons": _FLAG,
        **_ALT,
    },
    "weapon": {
        "atk": FieldSpec(int, minimum=0, maximum=20),
        "attack": _ATTACK,
        "cost": _COST,
        "condition": _CONDITION,
        "unique": _FLAG,
        "unlimited": _FLAG,
        "holders": FieldSpec(list, required=False, default=[], item_choices=BATTLE_ATTRIBUTES),
        "adds_atk": _FLAG,
        "keeps_type": _FLAG,
        **_ALT,
    },
    "situation": {
        "cost": _COST,
        "condition": _CONDITION,
        "duration": FieldSpec(int, minimum=0, maximum=9),
        "counted": FieldSpec(str, required=False, choices=COUNTED, default="own"),
        "unique": _FLAG,
        "unlimited": _FLAG,
        **_ALT,
    },
    "event": {
        "cost": _COST,
        "condition": _CONDITION,
        "timing": FieldSpec(str, choices=TIMINGS),
        **_ALT,
    },
}


def attribute_of(card_type: str, fields_attribute: str | None) -> str | None:
    """The attribute a card counts as for conditions: weapons are Weapon (seed: 属性)."""
    if card_type == "weapon":
        return "weapon"
    if card_type == "battle":
        return fields_attribute
    return None
