"""Arc card schema: the fields each card type carries (seed: カード構成, 色と善悪, コスト).

Card files live in ``assets/cards/arc/*.toml`` and are validated on load by
:func:`tabletop.core.cards.load_card_dir` against :data:`SCHEMA`.

* resource: ``colour`` only (a resource costs nothing; seed: コスト不要).
* character: ``colour``, ``cost``, ``power``, ``alignment``, ``unique`` (ARC-R6).
* action: ``colour``, ``cost``, ``alignment``, and either ``[[card.ability]]``
  tables (issue 15, :mod:`tabletop.games.arc.abilities`, docs/cards-arc.md) or the
  short form ``effect`` (draw, destroy, mill, untap) with ``amount``.
* combat: ``colour``, ``cost``, ``alignment``, and abilities or the short form
  ``effect`` (pump, weaken) with ``amount``.
* character: abilities too (``enters``, ``attacks``, ``blocked``, ``always``).
"""

from __future__ import annotations

from tabletop.core.cards import FieldSpec, Schema

GAME_ID = "arc"

#: Seed: 色は 赤・緑・青 の 3種類が存在する.
COLOURS: tuple[str, ...] = ("red", "green", "blue")
#: Seed: 善（G）と悪（E）; no icon = neutral (ARC-R7).
ALIGNMENTS: tuple[str, ...] = ("good", "evil", "neutral")
CARD_TYPES: tuple[str, ...] = ("resource", "character", "action", "combat")

#: Action-card effects (used in your own turn, outside combat).
ACTION_EFFECTS: tuple[str, ...] = ("draw", "destroy", "mill", "untap")
#: Combat-card effects (used during a combat, ARC-R5).
COMBAT_EFFECTS: tuple[str, ...] = ("pump", "weaken")

_COLOUR = FieldSpec(str, choices=COLOURS)
_COST = FieldSpec(int, minimum=0, maximum=20)
_ALIGN = FieldSpec(str, required=False, choices=ALIGNMENTS, default="neutral")
_AMOUNT = FieldSpec(int, required=False, minimum=0, maximum=40, default=None)

SCHEMA: Schema = {
    "resource": {"colour": _COLOUR},
    "character": {
        "colour": _COLOUR,
        "cost": _COST,
        "power": FieldSpec(int, minimum=0, maximum=99),
        "alignment": _ALIGN,
        "unique": FieldSpec(bool, required=False, default=False),
    },
    "action": {
        "colour": _COLOUR,
        "cost": _COST,
        "alignment": _ALIGN,
        "effect": FieldSpec(str, required=False, choices=ACTION_EFFECTS, default=None),
        "amount": _AMOUNT,
    },
    "combat": {
        "colour": _COLOUR,
        "cost": _COST,
        "alignment": _ALIGN,
        "effect": FieldSpec(str, required=False, choices=COMBAT_EFFECTS, default=None),
        "amount": _AMOUNT,
    },
}
