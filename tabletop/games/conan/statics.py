"""Modifiers in force: ``in_play`` abilities and lasting ``modify`` effects (issue 15).

A character's number (:func:`tabletop.games.conan.stats.stat`) is its printed
value plus:

* the fixed modifiers of the turn player's Items, Allies and Region on its Conan
  (``when = "in_play"``, ``whom = "conan"``, no condition: :func:`fixed_modifiers`,
  worked out once per side by :mod:`stats`), on its own turn only (CONAN-R19);
* :func:`live_bonus`: the ``in_play`` modifiers that depend on the table (a
  condition, or ``self`` / ``foes_in_zone``: a Foe's modifier by zone or kind), and
  the ``modify`` effects in force (:class:`~tabletop.core.abilities.Active`).
"""

from __future__ import annotations

from tabletop.core.abilities import Ability
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState
from tabletop.games.conan.data import conan_data
from tabletop.games.conan.zones import FOE_ZONES, zid

#: Card types whose fixed modifiers apply to the Conan they belong to.
CONAN_SUPPORT = ("item", "region", "ally")


def modifiers_of(card: CardDef) -> tuple[Ability, ...]:
    """The ``in_play`` abilities of a printed card."""
    return tuple(a for a in card.abilities if a.when.word == "in_play")


def _fixed(ability: Ability) -> bool:
    return not ability.conditions and ability.whom is not None \
        and ability.whom.word == "conan"


def fixed_modifiers(card: CardDef) -> list[tuple[str, int]]:
    """``(stat, amount)`` of the card's unconditional modifiers of its Conan (an Item,
    Ally or Region; empty for other types)."""
    if card.type not in CONAN_SUPPORT:
        return []
    return [(str(u["stat"]), int(u["n"])) for a in modifiers_of(card) if _fixed(a)
            for u in a.what if u.word == "modify"]


# id(db) -> (db, ids of the cards with modifiers read live); the db is held so its id
# is not reused while the entry lives
_LIVE: dict[int, tuple[CardDb, frozenset[str]]] = {}


def live_ids(db: CardDb) -> frozenset[str]:
    """Ids of the cards with an ``in_play`` modifier that :func:`live_bonus` reads."""
    entry = _LIVE.get(id(db))
    if entry is None or entry[0] is not db:
        if len(_LIVE) >= 8:
            _LIVE.clear()
        ids = frozenset(c.id for c in db.values()
                        if any(not (c.type in CONAN_SUPPORT and _fixed(a))
                               for a in modifiers_of(c)))
        entry = _LIVE[id(db)] = (db, ids)
    return entry[1]


def _sources(state: GameState, db: CardDb, live: frozenset[str]) -> list[tuple[int, int]]:
    """``(instance, seat using it)`` of every card in play this turn with a live
    modifier: the turn player's side and Region, the Foes on the battlefield."""
    out: list[tuple[int, int]] = []
    active = state.active
    for zone in (zid(active, "side"), zid(active, "region")):
        out += [(i, active) for i in state.zones[zone].cards if state.cards[i].card_id in live]
    for zone in FOE_ZONES:
        out += [(i, state.cards[i].owner) for i in state.zones[zone].cards
                if state.cards[i].card_id in live]
    return out


def live_bonus(state: GameState, db: CardDb, iid: int, name: str) -> int:
    """What the table adds to character ``iid``'s number ``name`` beyond its printed
    value and its Conan's fixed modifiers (see the module docstring)."""
    total = 0
    for active in conan_data(state).actives:
        use = active.effect
        if use.word == "modify" and iid in active.targets and use.params.get("stat") == name:
            total += int(use.params.get("n") or 0)
    live = live_ids(db)
    if not live:
        return total
    from tabletop.games.conan.abilities import VOCABULARY, Ctx  # abilities imports stats

    for source, seat in _sources(state, db, live):
        card = db[state.cards[source].card_id]
        for ability in modifiers_of(card):
            if ability.whom is None or (card.type in CONAN_SUPPORT and _fixed(ability)):
                continue  # the fixed ones are in the side's memo (stats)
            ctx = Ctx(state, db, seat, source, ability)
            if iid not in VOCABULARY.candidates(ctx, ability) or \
                    not VOCABULARY.holds(ctx, ability):
                continue
            total += sum(int(u["n"]) for u in ability.what
                         if u.word == "modify" and u["stat"] == name)
    return total
