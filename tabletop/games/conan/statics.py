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

from collections.abc import Callable

from tabletop.core.abilities import Ability
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState
from tabletop.games.conan.data import conan_data
from tabletop.games.conan.zones import FOE_ZONES, zid

#: Card types whose fixed modifiers apply to the Conan they belong to.
CONAN_SUPPORT = ("item", "region", "ally")

#: ``reaches(state, db, seat, source, ability, iid)``: whether ``ability`` of card
#: ``source`` (used by ``seat``) holds now and has character ``iid`` among its targets.
Reach = Callable[[GameState, CardDb, int, int, Ability, int], bool]

#: The ability words register their reach (:func:`on_reach`): they read numbers
#: through :mod:`stats`, which reads this module, so this one imports none of them.
_REACHES: list[Reach] = []


def on_reach(reach: Reach) -> None:
    """Register how a conditional modifier's reach is read (once; ValueError twice)."""
    if _REACHES:
        raise ValueError("conan statics: reach registered twice")
    _REACHES.append(reach)


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


#: Which cards a live modifier's target word may reach, by the reached card's type.
_REACH: dict[str, frozenset[str]] = {
    "conan": frozenset({"conan"}), "ally": frozenset({"self"}),
    "foe": frozenset({"self", "foes_in_zone", "all_foes"}),
}

# id(db) -> (db, {reached card type: ids of the cards whose live modifiers may reach
# one}); the db is held so its id is not reused while the entry lives
_LIVE: dict[int, tuple[CardDb, dict[str, frozenset[str]]]] = {}


def live_ids(db: CardDb, reached: str) -> frozenset[str]:
    """Ids of the cards with an ``in_play`` modifier that :func:`live_bonus` reads and
    that may reach a card of type ``reached`` (by its target word)."""
    entry = _LIVE.get(id(db))
    if entry is None or entry[0] is not db:
        if len(_LIVE) >= 8:
            _LIVE.clear()
        table = {kind: frozenset(
            c.id for c in db.values() for a in modifiers_of(c)
            if not (c.type in CONAN_SUPPORT and _fixed(a)) and a.whom is not None
            and a.whom.word in words) for kind, words in _REACH.items()}
        entry = _LIVE[id(db)] = (db, table)
    return entry[1].get(reached, frozenset())


def _sources(state: GameState, live: frozenset[str]) -> list[tuple[int, int]]:
    """``(instance, seat using it)`` of every card in play this turn whose id is in
    ``live``: the turn player's side and Region, the Foes on the battlefield."""
    out: list[tuple[int, int]] = []
    active = state.active
    cards = state.cards
    for zone in (zid(active, "side"), zid(active, "region")):
        out += [(i, active) for i in state.zones[zone].cards if cards[i].card_id in live]
    for zone in FOE_ZONES:
        out += [(i, cards[i].owner) for i in state.zones[zone].cards
                if cards[i].card_id in live]
    return out


def live_bonus(state: GameState, db: CardDb, iid: int, name: str) -> int:
    """What the table adds to character ``iid``'s number ``name`` beyond its printed
    value and its Conan's fixed modifiers (see the module docstring)."""
    total = 0
    for active in conan_data(state).actives:
        use = active.effect
        if use.word == "modify" and iid in active.targets and use.params.get("stat") == name:
            total += int(use.params.get("n") or 0)
    live = live_ids(db, db[state.cards[iid].card_id].type)
    if not live:
        return total
    if not _REACHES:
        raise RuntimeError("conan statics: the ability words have not registered their reach")
    reaches = _REACHES[0]
    for source, seat in _sources(state, live):
        card = db[state.cards[source].card_id]
        for ability in modifiers_of(card):
            if ability.whom is None or (card.type in CONAN_SUPPORT and _fixed(ability)):
                continue  # the fixed ones are in the side's memo (stats)
            if not reaches(state, db, seat, source, ability, iid):
                continue
            total += sum(int(u["n"]) for u in ability.what
                         if u.word == "modify" and u["stat"] == name)
    return total
