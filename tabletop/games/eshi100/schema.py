"""絵師100人展 card schema (seed: カード構成 ゲーム用カード; ESHI-R3).

Card files live in ``assets/cards/eshi100/*.toml``; every card is of type
``"game"`` (ゲーム用カード, no cost to place) and carries:

* ``number``: the collector number, e.g. ``"EX-07"``; a deck holds at most 4
  cards of one number (seed: 同一番号カードはデッキに4枚まで).
* ``icon``: the one action icon, ``"attack"`` (攻撃) or ``"defense"`` (防御).
* ``connect_cost``: 0..4, the connect paid to use the card (消費コネクト, ESHI-R4).
* ``power``: 0..9 (パワー), compared in an attack.
* ``connectors``: a table naming, for each corner of the card **in its own
  upright frame**, ``"none"``, ``"up"``, ``"down"`` or ``"both"`` (ESHI-R3)::

      connectors = { top_left = "up", top_right = "both",
                     bottom_right = "none", bottom_left = "down" }

  "up" is the mountain pointing to the card's own top: the connector of the
  player who holds the card upright. Corner names are those of
  :data:`tabletop.geometry.CORNERS`.

:func:`validate` adds the checks the generic schema cannot express (exactly the
four corners, each one of the four values; where each ability effect may stand)
and raises :class:`CardDataError` naming the file, the card and the field.

A card may also carry ``text`` (its printed text, shown on the hover) and
``[[card.ability]]`` tables in the words of :mod:`tabletop.games.eshi100.abilities`
(docs/cards-eshi100.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.abilities import Ability, Duration
from tabletop.core.cards import CardDataError, CardDb, CardDef, CardProblems, FieldSpec, Schema
from tabletop.geometry import CORNERS, Corner

GAME_ID = "eshi100"

#: Action icons (seed: 攻撃・防御といった行動アイコンのいずれか1つ).
ICONS: tuple[str, ...] = ("attack", "defense")
#: Connector values per corner (ESHI-R3).
CONNECTORS: tuple[str, ...] = ("none", "up", "down", "both")
#: The connect cost range of the sample set and of user cards.
MAX_CONNECT_COST = 4

SCHEMA: Schema = {
    "game": {
        "number": FieldSpec(str),
        "icon": FieldSpec(str, choices=ICONS),
        "connect_cost": FieldSpec(int, minimum=0, maximum=MAX_CONNECT_COST),
        "power": FieldSpec(int, minimum=0, maximum=9),
        "connectors": FieldSpec(dict),
    },
}


def validate(db: CardDb) -> CardDb:
    """Check every card's ``connectors`` table; return ``db`` unchanged.

    Raises:
        CardDataError: a corner is missing or unknown, or a value is not one of
            :data:`CONNECTORS` (file, card id and ``connectors.<corner>`` named).
    """
    for card in db.values():
        # a table the schema refused is absent: told there, its corners unknown (QA15b #1)
        told = "connectors" not in card.fields
        table: Mapping[str, Any] = card.get("connectors") or {}
        problems: list[CardDataError] = []  # every corner told (CardProblems), not the first
        for corner in table:
            if corner not in CORNERS:
                problems.append(CardDataError(card.source, card.id, f"connectors.{corner}",
                                              "unknown corner; expected " + ", ".join(CORNERS)))
        for corner in () if told else CORNERS:
            if corner not in table:
                problems.append(CardDataError(card.source, card.id, f"connectors.{corner}",
                                              "missing: one of " + ", ".join(CONNECTORS)))
            elif table[corner] not in CONNECTORS:
                problems.append(CardDataError(card.source, card.id, f"connectors.{corner}",
                                              "expected one of " + ", ".join(CONNECTORS)
                                              + f", got {table[corner]!r}"))
        for ability in card.abilities:
            try:
                _check_ability(card, ability)
            except CardDataError as exc:
                problems.append(exc)
        if problems:
            raise CardProblems(problems)
    return db


#: Effects a continuous (``while_on_grid``) ability may have; the others happen once.
CONTINUOUS_EFFECTS = frozenset({"power", "win", "consume_shape"})


def _check_ability(card: CardDef, ability: Ability) -> None:
    """Where each effect may stand (issue 15, docs/cards-eshi100.md): a continuous
    ability changes power, wins or instructs the payment; ``consume_shape`` is a
    plain continuous instruction (no ``if``, no ``whom``); a triggered ``power`` lasts
    (a ``how_long``: a modifier that ended at once would change nothing)."""
    where = f"ability[{ability.index}]"
    continuous = ability.when.word == "while_on_grid"
    for i, use in enumerate(ability.what):
        if continuous and use.word not in CONTINUOUS_EFFECTS:
            raise CardDataError(card.source, card.id, f"{where}.what[{i}]",
                                f"effect {use.word!r} happens once: give it a trigger "
                                "(while_on_grid takes " + ", ".join(sorted(CONTINUOUS_EFFECTS))
                                + ")")
        if use.word == "consume_shape" and not (continuous and not ability.conditions
                                                and ability.whom is None):
            raise CardDataError(card.source, card.id, f"{where}.what[{i}]",
                                "consume_shape is a continuous instruction: when = "
                                "\"while_on_grid\", without if or whom")
        if (use.word == "power" and not continuous
                and ability.how_long.duration is Duration.INSTANT):
            raise CardDataError(card.source, card.id, f"{where}.how_long",
                                "a triggered power modifier needs a how_long "
                                "(end_of_combat, end_of_turn, while_in_play, turns, permanent)")


def connectors_of(card: CardDef) -> Mapping[Corner, str]:
    """The card's corner -> connector table (own upright frame)."""
    return card["connectors"]  # type: ignore[no-any-return]


def connector_key(card: CardDef) -> tuple[str, str, str, str]:
    """The four connector values in :data:`CORNERS` order (a hashable cache key)."""
    table = connectors_of(card)
    return (table["top_left"], table["top_right"], table["bottom_right"], table["bottom_left"])
