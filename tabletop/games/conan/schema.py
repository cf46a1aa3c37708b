"""Conan card schema: the fields each card type carries (seed: カード構成; CONAN-R14).

Card files live in ``assets/cards/conan/*.toml`` and are validated on load by
:func:`tabletop.core.cards.load_card_dir` against :data:`SCHEMA`, then by
:func:`validate_icons` (slot lists and Multi-icons, which the generic schema
cannot express). Every type:

* ``conan``: ``damage``, ``prowess``, ``vitality``, ``health``, ``abilities``;
  its Barbarian ability is an ``[[card.ability]]`` with ``when = { trigger =
  "barbarian", cost = N }``.
* ``foe``: ``creature`` (the kind of CONAN-R7), ``damage``, ``prowess``,
  ``health``, ``renown`` (>= 5: a Major Foe, CONAN-R5), ``scars``,
  ``abilities`` (``no_gap`` CONAN-R9, ``magic`` CONAN-R14), ``unique``.
* ``move``: ``initiative`` 1..5, ``cost`` (prowess gem), ``left`` / ``right``
  (5 icon slots each, from the card's own top; ``""`` is an empty slot) and
  ``left_multi`` / ``right_multi`` (groups of adjacent slot indices forming one
  Multi-icon).
* ``item``: ``slot`` (weapon / armor / shield / none) and the Move fields (used
  only when played as a Move).
* ``action``: the Move fields.
* ``ally``: ``damage``, ``prowess``, ``health``, ``renown``, ``abilities``.
* ``region``: ``unique``.

What a card does in its own role (an Item's or Region's modifier, an Action's
effect and timing, a Foe's ability, a Special icon's effect) is its
``[[card.ability]]`` tables, in the words of :mod:`~tabletop.games.conan.abilities`;
:func:`validate_abilities` checks that each card type uses the words it can
(``docs/cards-conan.md``). A card's ``text`` is its printed text; an effect the
words cannot say is applied by the players in free mode (ALL-R3).
"""

from __future__ import annotations

from tabletop.core.abilities import Ability, Duration, Part
from tabletop.core.cards import CardDataError, CardDb, CardDef, CardProblems, FieldSpec, Schema

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
SCHEMA: Schema = {
    "conan": {
        "damage": _STAT, "prowess": _STAT, "vitality": _STAT, "health": _HEALTH,
        "abilities": _ABILITIES,
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
    },
    "action": {**_MOVE, "unique": _UNIQUE},
    "ally": {
        "damage": _STAT, "prowess": _STAT, "health": _HEALTH,
        "renown": FieldSpec(int, minimum=0, maximum=20),
        "abilities": _ABILITIES, "unique": _UNIQUE,
    },
    "region": {"unique": _UNIQUE},
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


def icon_problems(card: CardDef) -> list[CardDataError]:
    """Every problem of one Move-capable card's slot lists and Multi-icons (each side
    told, CONAN-R14), and a card with 0 or more than 6 icons (seed: 各カード 1 ～ 6個).
    A side the schema refused (absent from ``card.fields``) is not judged again."""
    problems: list[CardDataError] = []
    counts: list[int] = []
    for side in ("left", "right"):
        if card.get(side) is None:  # refused by the schema: told there (QA15b #1)
            continue
        try:
            counts.append(_check_side(card, side))
        except CardDataError as exc:
            problems.append(exc)
    if len(counts) == 2 and not problems and not 1 <= sum(counts) <= MAX_ICONS:
        problems.append(CardDataError(card.source, card.id, "left",
                                      f"a Move card has 1 to {MAX_ICONS} icons, this one "
                                      f"{sum(counts)}"))
    return problems


def validate_icons(db: CardDb) -> None:
    """Check slot lists and Multi-icons of every Move-capable card (:func:`icon_problems`).

    Raises CardProblems (file, card, field) for the first card with a problem: a side
    without exactly 5 slots, a Multi over non-adjacent or non-attack slots, or a card
    with 0 or more than 6 icons.
    """
    for card in db.values():
        problems = icon_problems(card) if card.type in MOVE_TYPES else []
        if problems:
            raise CardProblems(problems)


#: The ``when`` words each card type may use (issue 15; ``docs/cards-conan.md``).
_TIMINGS = frozenset({"prepare", "foe_draw", "survey", "foe_move", "conan_move", "barbarian",
                      "before_resolution", "before_zone", "after_zone", "end_of_round",
                      "rest"})
_ACTOR = {"prepare": "conan", "conan_move": "conan", "foe_draw": "enemy", "foe_move": "enemy"}
WHEN_BY_TYPE: dict[str, frozenset[str]] = {
    "conan": frozenset({"barbarian"}),
    "action": _TIMINGS,
    "item": _TIMINGS | {"in_play"},
    "region": _TIMINGS | {"in_play"},
    "ally": _TIMINGS | {"in_play", "defeated"},
    "foe": _TIMINGS | {"in_play", "placed", "defeated", "unanswered"},
    "move": frozenset({"special_hit"}),
}
#: Targets nobody chooses may serve an ability that happens by itself.
_CHOSEN = frozenset({"foe", "character"})


def _check_ability(card: CardDef, i: int, ability: Ability) -> str:
    """What is wrong with ability ``i`` of ``card`` for its type, or ""."""
    when = ability.when
    if when.word not in WHEN_BY_TYPE.get(card.type, frozenset()):
        allowed = ", ".join(sorted(WHEN_BY_TYPE.get(card.type, ()))) or "none"
        return f"a {card.type} card cannot use when {when.word!r} (it may use {allowed})"
    by, auto = when.get("by", "conan"), bool(when.get("auto"))
    if when.word in _TIMINGS:
        if card.type == "action" and auto:
            return "an Action is played by a player: it cannot be auto"
        if card.type != "action" and by != "conan":
            return "only an Action is played by the enemy (by = \"enemy\")"
        if card.type == "foe" and not auto:
            return "a Foe's timed ability happens by itself: write auto = true"
        if when.word in _ACTOR and by != _ACTOR[when.word] and card.type == "action":
            actor = _ACTOR[when.word]
            return f"at {when.word!r} only the {actor} acts (by = \"{actor}\")"
        if by == "enemy" and when.number("cost"):
            return "a Foe action has no prowess cost"
    if card.type == "conan" and i > 0:
        return "a Conan card has one Barbarian ability"
    by_itself = auto or when.word in ("in_play", "special_hit", "placed", "defeated",
                                      "unanswered")
    whom = ability.whom.word if ability.whom is not None else None
    if by_itself and whom in _CHOSEN:
        return (f"nobody chooses the target of an ability that happens by itself "
                f"(whom = {whom!r}); it may use whom = "
                + ", ".join(repr(t) for t in _unchosen_targets(card, when.word)))
    if whom == "struck" and when.word != "special_hit":
        return "whom 'struck' is only for when 'special_hit'"
    if whom == "self" and card.type not in ("foe", "ally"):
        return "whom 'self' is only for Foes and Allies"
    if whom == "foes_in_zone" and card.type != "foe":
        return "whom 'foes_in_zone' is only for Foes"
    if when.word == "in_play":
        if ability.how_long.duration is not Duration.WHILE_IN_PLAY:
            return "an in_play modifier lasts while_in_play"
        if any(u.word != "modify" for u in ability.what):
            return "an in_play ability only modifies numbers (effect 'modify')"
    else:
        for use in ability.what:
            if use.word == "modify" and ability.how_long.duration in (
                    Duration.INSTANT, Duration.WHILE_IN_PLAY):
                return "'modify' outside in_play needs how_long (end_of_combat, " \
                       "end_of_turn, turns or permanent)"
    conditions = {u.word for u in ability.conditions}
    if "in_zone" in conditions and card.type != "foe":
        return "condition 'in_zone' is only for Foes"
    return ""


def _unchosen_targets(card: CardDef, when: str) -> list[str]:
    """The targets an ability of ``card`` at ``when`` may have that nobody chooses
    (the rules below: 'struck' only at special_hit, 'self' only on Foes and Allies,
    'foes_in_zone' only on Foes)."""
    from tabletop.games.conan.abilities import VOCABULARY  # the words, registered by now

    fits = {"struck": when == "special_hit", "self": card.type in ("foe", "ally"),
            "foes_in_zone": card.type == "foe"}
    return sorted(t for t in VOCABULARY.words(Part.WHOM)
                  if t not in _CHOSEN and fits.get(t, True))


def ability_problems(card: CardDef) -> list[CardDataError]:
    """Every problem of ``card``'s abilities for its type (see :data:`WHEN_BY_TYPE`),
    one per ability, named ``ability[i]`` by the ability's own number (a broken one
    left out by the parser keeps the others' numbers)."""
    problems: list[CardDataError] = []
    sides = [card.get(side) for side in ("left", "right")]
    icons = {icon for slots in sides for icon in slots or []}
    for ability in card.abilities:
        problem = _check_ability(card, ability.index, ability)
        # a side refused by the schema may have held the Special icon (QA15b #1)
        if (not problem and ability.when.word == "special_hit" and "special" not in icons
                and None not in sides):
            problem = "a Special effect needs a Special icon on the card"
        if problem:
            problems.append(CardDataError(card.source, card.id, f"ability[{ability.index}]",
                                          problem))
    return problems


def validate_abilities(db: CardDb) -> None:
    """Check every card's abilities against its type (:func:`ability_problems`).

    Raises CardProblems (file, card, ``ability[i]``) for the first card with a problem:
    a timing the type cannot use, a Foe action that is not an Action, a chosen target
    on an ability that happens by itself, a modifier that does not say how long, a
    Special effect on a Move without a Special icon.
    """
    for card in db.values():
        problems = ability_problems(card)
        if problems:
            raise CardProblems(problems)


def validate(db: CardDb) -> None:
    """Every check beyond the schema: icons (:func:`icon_problems`) and abilities
    (:func:`ability_problems`), both told for one card (QA15b #1: a bad icon does not
    hide a bad ability). Raises CardProblems (file, card, field) for the first card
    with a problem."""
    for card in db.values():
        problems = [*(icon_problems(card) if card.type in MOVE_TYPES else []),
                    *ability_problems(card)]
        if problems:
            raise CardProblems(problems)
