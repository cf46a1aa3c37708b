"""Conan card schema: the fields each card type carries (seed: カード構成; CONAN-R14).

Card files live in ``assets/cards/conan/*.toml`` and are validated on load by
:func:`tabletop.core.cards.load_card_dir` against :data:`SCHEMA`, then by
:func:`validate_icons` (slot lists and Multi-icons, which the generic schema
cannot express). Every type:

* ``conan``: ``damage``, ``prowess``, ``vitality``, ``health``, ``abilities``,
  and the Barbarian ability as data: ``barbarian_effect`` / ``_amount`` /
  ``_cost`` (prowess paid to use it).
* ``foe``: ``creature`` (the kind of CONAN-R7), ``damage``, ``prowess``,
  ``health``, ``renown`` (>= 5: a Major Foe, CONAN-R5), ``scars``,
  ``abilities`` (``no_gap`` CONAN-R9, ``magic`` CONAN-R14), ``unique``.
* ``move``: ``initiative`` 1..5, ``cost`` (prowess gem), ``left`` / ``right``
  (5 icon slots each, from the card's own top; ``""`` is an empty slot) and
  ``left_multi`` / ``right_multi`` (groups of adjacent slot indices forming one
  Multi-icon).
* ``item``: ``slot`` (weapon / armor / shield / none), ``effect`` + ``amount``
  (while in play), and the Move fields (used only when played as a Move).
* ``action``: ``timing`` (prepare), ``effect`` + ``amount``, and the Move fields.
* ``ally``: ``damage``, ``prowess``, ``health``, ``renown``, ``abilities``.
* ``region``: ``effect`` + ``amount`` (applies to the Conan it is attached to).

Effects the engine does not model are written ``effect = "text"``: the card's
``text`` is shown and the players apply it in free mode (ALL-R3).
"""

from __future__ import annotations

from tabletop.core.cards import CardDataError, CardDb, CardDef, FieldSpec, Schema

GAME_ID = "conan"

CARD_TYPES: tuple[str, ...] = ("conan", "foe", "move", "item", "action", "ally", "region")
#: Card types that can be placed as a Move (seed: 複数のカードタイプを持つカード).
MOVE_TYPES: frozenset[str] = frozenset({"move", "item", "action"})

#: CONAN-R7: the Foe kinds of the sample set.
CREATURES: tuple[str, ...] = ("human", "beast", "undead", "demon", "sorcerer")
ABILITIES: tuple[str, ...] = ("magic", "no_gap")
ITEM_SLOTS: tuple[str, ...] = ("weapon", "armor", "shield", "none")

#: CONAN-R14 icon names; ``""`` is an empty slot.
ICONS: tuple[str, ...] = ("shield", "agility", "grapple", "blade", "two_handed", "ranged",
                          "special", "magic")
ATTACK_ICONS: frozenset[str] = frozenset({"grapple", "blade", "two_handed", "ranged",
                                          "special", "magic"})
SLOTS = 5
#: Seed: 各カード 1 ～ 6個のアイコン.
MAX_ICONS = 6

#: Stat modifiers of Items and Regions while in play; ``text`` = not modelled.
STAT_EFFECTS: tuple[str, ...] = ("damage", "prowess", "health", "vitality", "text")
#: One-shot Action effects (Prepare step) and Barbarian abilities.
ACTION_EFFECTS: tuple[str, ...] = ("draw", "heal", "unwound", "damage_bonus", "prowess",
                                   "text")
BARBARIAN_EFFECTS: tuple[str, ...] = ("none", "damage_bonus", "heal", "draw", "prowess",
                                      "text")

_STAT = FieldSpec(int, minimum=0, maximum=40)
_HEALTH = FieldSpec(int, minimum=1, maximum=40)
_ABILITIES = FieldSpec(list, required=False, default=[], item_choices=ABILITIES)
_UNIQUE = FieldSpec(bool, required=False, default=False)
_SLOTS = FieldSpec(list, required=False, default=["", "", "", "", ""], item_choices=("", *ICONS))
_MULTI = FieldSpec(list, required=False, default=[])
_MOVE = {
    "initiative": FieldSpec(int, minimum=1, maximum=5),
    "cost": FieldSpec(int, minimum=0, maximum=9),
    "left": _SLOTS,
    "right": _SLOTS,
    "left_multi": _MULTI,
    "right_multi": _MULTI,
}
_AMOUNT = FieldSpec(int, required=False, minimum=-9, maximum=9, default=0)

SCHEMA: Schema = {
    "conan": {
        "damage": _STAT, "prowess": _STAT, "vitality": _STAT, "health": _HEALTH,
        "abilities": _ABILITIES,
        "barbarian_effect": FieldSpec(str, required=False, choices=BARBARIAN_EFFECTS,
                                      default="none"),
        "barbarian_amount": _AMOUNT,
        "barbarian_cost": FieldSpec(int, required=False, minimum=0, maximum=9, default=0),
    },
    "foe": {
        "creature": FieldSpec(str, choices=CREATURES),
        "damage": _STAT, "prowess": _STAT, "health": _HEALTH,
        "renown": FieldSpec(int, minimum=0, maximum=20),
        "scars": FieldSpec(int, minimum=0, maximum=20),
        "abilities": _ABILITIES, "unique": _UNIQUE,
    },
    "move": {**_MOVE, "unique": _UNIQUE},
    "item": {
        **_MOVE, "unique": _UNIQUE,
        "slot": FieldSpec(str, required=False, choices=ITEM_SLOTS, default="none"),
        "effect": FieldSpec(str, choices=STAT_EFFECTS), "amount": _AMOUNT,
    },
    "action": {
        **_MOVE, "unique": _UNIQUE,
        "timing": FieldSpec(str, required=False, choices=("prepare",), default="prepare"),
        "effect": FieldSpec(str, choices=ACTION_EFFECTS), "amount": _AMOUNT,
    },
    "ally": {
        "damage": _STAT, "prowess": _STAT, "health": _HEALTH,
        "renown": FieldSpec(int, minimum=0, maximum=20),
        "abilities": _ABILITIES, "unique": _UNIQUE,
    },
    "region": {
        "effect": FieldSpec(str, choices=STAT_EFFECTS), "amount": _AMOUNT, "unique": _UNIQUE,
    },
}


def _check_side(card: CardDef, side: str) -> int:
    """Validate one side's slots and Multi groups; return its icon count."""
    slots = card.get(side)
    if len(slots) != SLOTS:
        raise CardDataError(card.source, card.id, side,
                            f"expected {SLOTS} slots (\"\" for an empty one), got {len(slots)}")
    seen: set[int] = set()
    for n, group in enumerate(card.get(f"{side}_multi") or []):
        name = f"{side}_multi[{n}]"
        if (not isinstance(group, list) or len(group) < 2
                or not all(isinstance(i, int) and not isinstance(i, bool) for i in group)):
            raise CardDataError(card.source, card.id, name,
                                "expected a list of 2 or more slot numbers 0..4")
        ordered = sorted(group)
        if ordered[0] < 0 or ordered[-1] >= SLOTS or ordered != list(
                range(ordered[0], ordered[0] + len(ordered))):
            raise CardDataError(card.source, card.id, name,
                                "a Multi-icon spans adjacent slots 0..4 (CONAN-R14)")
        if seen & set(ordered):
            raise CardDataError(card.source, card.id, name, "slots shared by two Multi-icons")
        seen |= set(ordered)
        for i in ordered:
            if slots[i] not in ATTACK_ICONS:
                raise CardDataError(card.source, card.id, name,
                                    f"slot {i} holds {slots[i]!r}; a Multi-icon joins attack "
                                    "icons only (CONAN-R14)")
    return sum(1 for s in slots if s)


def validate_icons(db: CardDb) -> None:
    """Check slot lists and Multi-icons of every Move-capable card.

    Raises CardDataError (file, card, field): a side without exactly 5 slots, a
    Multi over non-adjacent or non-attack slots, or a card with 0 or more than 6
    icons (seed: 各カード 1 ～ 6個).
    """
    for card in db.values():
        if card.type not in MOVE_TYPES:
            continue
        total = _check_side(card, "left") + _check_side(card, "right")
        if not 1 <= total <= MAX_ICONS:
            raise CardDataError(card.source, card.id, "left",
                                f"a Move card has 1 to {MAX_ICONS} icons, this one {total}")
