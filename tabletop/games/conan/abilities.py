"""Conan's ability words (issue 15): every trigger, condition, target and effect a
Conan card's ``[[card.ability]]`` tables may use, registered once in :data:`VOCABULARY`.

Words (catalogue ``ability.conan.<part>.<word>``; the reference with an example card
each is ``docs/cards-conan.md``):

* **when**, timings of the turn (seed: ターンの進行), each with ``by`` (``conan``: the
  turn player; ``enemy``: a Foe action of the enemy on the other player's turn),
  ``auto`` (an in-play card's or Foe's ability that happens by itself, else the
  player may use it) and ``cost`` (prowess Conan pays, never with wounds, CONAN-H5):
  ``prepare``, ``foe_draw``, ``survey``, ``foe_move``, ``conan_move``,
  ``barbarian`` (on a Conan card: its Barbarian ability), ``before_resolution``,
  ``before_zone``, ``after_zone``, ``end_of_round``, ``rest``; and events:
  ``in_play`` (a modifier while the card is in play), ``special_hit`` (a Special
  icon of this Move hits, CONAN-R14), ``placed``, ``defeated``, ``unanswered``
  (CONAN-R11).
* **if**: ``once_per_turn``, ``hand_at_least``, ``in_zone``, ``foes_of_kind``,
  ``conan_hurt``, ``allies_at_least``.
* **whom**: chosen by the card's player: ``foe``, ``character``; given:
  ``conan``, ``self``, ``struck``, ``foes_in_zone``, ``all_foes``.
* **what**: ``draw``, ``foe_draw``, ``heal``, ``unwound``, ``prowess``,
  ``lose_prowess``, ``deal_damage``, ``wound``, ``modify``.

The context (:class:`Ctx`) is the state, the card db, the seat using the ability,
the card instance it belongs to, the ability itself, and (a Special hit) the
character struck. Effects of a lasting ``modify`` are :class:`Active` records in
:class:`~tabletop.games.conan.data.ConanData`; ``in_play`` modifiers are read live
by :mod:`~tabletop.games.conan.statics`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.core.abilities import Ability, Active, Duration, Param, Part, Use, Vocabulary
from tabletop.core.cards import CardDb
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.conan import defeat as _defeat
from tabletop.games.conan import piles
from tabletop.games.conan import statics as _statics
from tabletop.games.conan import stats as _stats
from tabletop.games.conan.data import conan_data, turn_data
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    FOE_ZONES,
    allies,
    cdef,
    conan_of,
    foe_zone_of,
    foes_on_field,
    zid,
)

GAME = "conan"

#: The timings of a turn an ability may be used at (seed: ターンの進行, CONAN-R2..R18).
TIMINGS: tuple[str, ...] = ("prepare", "foe_draw", "survey", "foe_move", "conan_move",
                            "barbarian", "before_resolution", "before_zone", "after_zone",
                            "end_of_round", "rest")
#: Timings at which only one seat acts (the phase's own actor): the rest are windows.
ACTOR_TIMINGS: dict[str, str] = {"prepare": "conan", "conan_move": "conan",
                                 "foe_draw": "enemy", "foe_move": "enemy"}
#: Events: modifiers in play, and what happens to one card.
EVENTS: tuple[str, ...] = ("in_play", "special_hit", "placed", "defeated", "unanswered")
#: Targets the ability's player chooses; the others are given by the moment.
CHOSEN: frozenset[str] = frozenset({"foe", "character"})
STATS: tuple[str, ...] = ("damage", "prowess", "health", "vitality")
BY: tuple[str, ...] = ("conan", "enemy")


@dataclass(frozen=True)
class Ctx:
    """An ability being used: ``seat`` uses ``ability`` of card instance ``source``;
    ``struck`` is the character a Special icon hit (``special_hit`` only)."""

    state: GameState
    db: CardDb
    seat: int
    source: int
    ability: Ability
    struck: int | None = None


VOCABULARY: Vocabulary[Ctx] = Vocabulary(GAME)
_N = Param("n", int, default=1, minimum=1, maximum=9)

# ----------------------------------------------------------------- when

_TIMING_PARAMS = (Param("by", str, default="conan", choices=BY),
                  Param("auto", bool, default=False),
                  Param("cost", int, default=0, minimum=0, maximum=9))
for _name in TIMINGS:
    VOCABULARY.trigger(_name, _TIMING_PARAMS, doc=f"the {_name} timing of the turn")
VOCABULARY.trigger("in_play", doc="while the card is in play (a modifier)")
VOCABULARY.trigger("special_hit", doc="a Special icon of this Move hits (CONAN-R14)")
VOCABULARY.trigger("placed", doc="this Foe is placed on the battlefield (CONAN-R7)")
VOCABULARY.trigger("defeated", doc="this Foe or Ally is defeated (CONAN-R15)")
VOCABULARY.trigger("unanswered", doc="no Move answers this Foe's Move (CONAN-R11)")

# ----------------------------------------------------------------- if


def _once(ctx: Ctx, use: Use) -> bool:
    return (ctx.source, ctx.ability.index) not in turn_data(ctx.state).used


def _hand_at_least(ctx: Ctx, use: Use) -> bool:
    return len(ctx.state.zones[zid(ctx.seat, "hand")].cards) >= use.number("n", 1)


def _in_zone(ctx: Ctx, use: Use) -> bool:
    return foe_zone_of(ctx.state, ctx.source) in use["zones"]


def _foes_of_kind(ctx: Ctx, use: Use) -> bool:
    kind = use["kind"]
    found = sum(1 for f in foes_on_field(ctx.state, ctx.db)
                if cdef(ctx.state, ctx.db, f).get("creature") == kind)
    return found >= use.number("n", 1)


def _conan_hurt(ctx: Ctx, use: Use) -> bool:
    conan = conan_of(ctx.state, ctx.db, ctx.state.active)
    return conan is not None and bool(_stats.counter(ctx.state, conan, "damage")
                                      or _stats.counter(ctx.state, conan, "wound"))


def _allies_at_least(ctx: Ctx, use: Use) -> bool:
    return len(allies(ctx.state, ctx.db, ctx.state.active)) >= use.number("n", 1)


VOCABULARY.condition("once_per_turn", _once, doc="not used yet this turn")
VOCABULARY.condition("hand_at_least", _hand_at_least, (_N,), doc="the user holds n cards")
VOCABULARY.condition("in_zone", _in_zone,
                     (Param("zones", list, required=True, item_choices=FOE_ZONES),),
                     doc="this Foe stands in one of the zones")
VOCABULARY.condition("foes_of_kind", _foes_of_kind,
                     (Param("kind", str, required=True), _N),
                     doc="n Foes of the kind on the battlefield")
VOCABULARY.condition("conan_hurt", _conan_hurt, doc="the turn player's Conan has damage or wounds")
VOCABULARY.condition("allies_at_least", _allies_at_least, (_N,), doc="the turn player has n Allies")

# ----------------------------------------------------------------- whom


def in_play(state: GameState, db: CardDb, iid: int) -> bool:
    """Is ``iid`` a character in play on this turn (a Foe in a row, the turn
    player's Conan or Ally, CONAN-R19)?"""
    zone = state.zone_of(iid)
    return zone in FOE_ZONES or zone == CONAN_ZONE or zone == zid(state.active, "side")


def _foe(ctx: Ctx, use: Use) -> list[int]:
    zone, kind = use.get("zone", "any"), use.get("kind", "")
    return [f for f in foes_on_field(ctx.state, ctx.db)
            if (zone == "any" or ctx.state.zone_of(f) == zone)
            and (not kind or cdef(ctx.state, ctx.db, f).get("creature") == kind)
            and not _stats.is_defeated(ctx.state, ctx.db, f)]


def _conan(ctx: Ctx, use: Use) -> list[int]:
    conan = conan_of(ctx.state, ctx.db, ctx.state.active)
    return [] if conan is None else [conan]


def _character(ctx: Ctx, use: Use) -> list[int]:
    return [c for c in _conan(ctx, use) + allies(ctx.state, ctx.db, ctx.state.active)
            if not _stats.is_defeated(ctx.state, ctx.db, c)]


def _self(ctx: Ctx, use: Use) -> list[int]:
    return [ctx.source]


def _struck(ctx: Ctx, use: Use) -> list[int]:
    return [] if ctx.struck is None or not in_play(ctx.state, ctx.db, ctx.struck) \
        else [ctx.struck]


def _foes_in_zone(ctx: Ctx, use: Use) -> list[int]:
    zone = foe_zone_of(ctx.state, ctx.source)
    return [] if zone is None else [f for f in foes_on_field(ctx.state, ctx.db)
                                    if ctx.state.zone_of(f) == zone]


def _all_foes(ctx: Ctx, use: Use) -> list[int]:
    return foes_on_field(ctx.state, ctx.db)


VOCABULARY.target("foe", _foe, (Param("zone", str, default="any", choices=("any", *FOE_ZONES)),
                                Param("kind", str, default="")),
                  doc="a Foe on the battlefield the user chooses")
VOCABULARY.target("character", _character, doc="Conan or an Ally of the turn player, chosen")
VOCABULARY.target("conan", _conan, doc="the turn player's Conan")
VOCABULARY.target("self", _self, doc="this card")
VOCABULARY.target("struck", _struck, doc="the character the Special icon hit")
VOCABULARY.target("foes_in_zone", _foes_in_zone, doc="every Foe in this Foe's zone")
VOCABULARY.target("all_foes", _all_foes, doc="every Foe on the battlefield")

# ----------------------------------------------------------------- what


def _log(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    from tabletop.games.conan.words import inst_msg, seat_msg  # words imports battlefield

    text = words(Part.WHAT, use)
    who = [inst_msg(ctx.state, t) for t in targets]
    ctx.state.add_log(msg("log.conanab.effect", player=seat_msg(ctx.seat),
                          card=inst_msg(ctx.state, ctx.source), effect=text,
                          targets=who or ""))


def _draw(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    _log(ctx, use, targets)
    piles.draw(ctx.state, ctx.seat, use.number("n", 1))


def _foe_draw(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    _log(ctx, use, targets)
    piles.draw(ctx.state, ctx.seat, use.number("n", 1), "foe_deck")


Resolve = Callable[[Ctx, Use, Sequence[int]], None]
Value = Callable[[Ctx, Use, Sequence[int]], float]


def _counter_effect(name: str, sign: int) -> tuple[Resolve, Value]:
    """An effect that adds (``sign`` 1) or removes (-1) ``n`` counters ``name`` on
    each target, defeats checked after adding (CONAN-R12), and its bots' value."""
    def resolve(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
        _log(ctx, use, targets)
        for t in targets:
            _stats.add_counter(ctx.state, t, name, sign * use.number("n", 1))
        if sign > 0:
            _defeat.check_defeats(ctx.state, ctx.db, list(targets))

    def value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
        n = use.number("n", 1)
        total = 0.0
        for t in targets:
            friend = _friend(ctx, t)
            if sign < 0:  # removing damage, wounds or spent prowess: only what is there
                worth = min(n, _stats.counter(ctx.state, t, name)) * (0.6 if name == "spent"
                                                                      else 1.0)
            else:
                worth = _harm(ctx, t, n)
            total += worth if friend == (sign < 0) else -worth
        return total

    return resolve, value


def _friend(ctx: Ctx, iid: int) -> bool:
    """Is ``iid`` on the user's side (its own Conan and Allies; an enemy's Foes)?"""
    is_foe = cdef(ctx.state, ctx.db, iid).type == "foe"
    user_is_enemy = ctx.seat != ctx.state.active
    return is_foe == user_is_enemy


def _harm(ctx: Ctx, iid: int, n: int) -> float:
    """Damage or wounds worth to whoever deals them: a defeat is worth the Foe's
    renown (points of the evaluation), else a point a wound."""
    left = _stats.health_left(ctx.state, ctx.db, iid)
    card = cdef(ctx.state, ctx.db, iid)
    if n >= left and card.type == "foe":
        return float(card.number("renown", 1)) + 1.0
    return float(min(n, max(left, 0)))


def _lose_prowess(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    _log(ctx, use, targets)
    for t in targets:
        _stats.lose_prowess(ctx.state, ctx.db, t, use.number("n", 1))


def _lose_prowess_value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
    out = 0.0
    for t in targets:
        lost = min(use.number("n", 1), _stats.prowess_now(ctx.state, ctx.db, t)) * 0.5
        out += -lost if _friend(ctx, t) else lost
    return out


def _modify(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    _log(ctx, use, targets)
    data = conan_data(ctx.state)
    data.actives = (*data.actives, Active.start(ctx.source, ctx.seat, use, targets,
                                                ctx.ability.how_long))


def _modify_value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
    n = use.number("n", 1)
    weight = {"damage": 1.5, "health": 1.0, "prowess": 0.6, "vitality": 0.4}[use["stat"]]
    return sum(n * weight * (1 if _friend(ctx, t) else -1) for t in targets)


def _draw_value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
    return 0.6 * use.number("n", 1)


_heal, _heal_value = _counter_effect("damage", -1)
_unwound, _unwound_value = _counter_effect("wound", -1)
_prowess, _prowess_value = _counter_effect("spent", -1)
_damage, _damage_value = _counter_effect("damage", 1)
_wound, _wound_value = _counter_effect("wound", 1)

_LASTING = frozenset({Duration.END_OF_COMBAT, Duration.END_OF_TURN, Duration.WHILE_IN_PLAY,
                      Duration.TURNS, Duration.PERMANENT})
VOCABULARY.effect("draw", (_N,), "the user draws n cards", resolve=_draw, value=_draw_value)
VOCABULARY.effect("foe_draw", (_N,), "the user draws n Foes into the Foe hand",
                  resolve=_foe_draw, value=_draw_value)
VOCABULARY.effect("heal", (_N,), "n damage healed", resolve=_heal,
                  value=_heal_value, needs_target=True)
VOCABULARY.effect("unwound", (_N,), "n wounds removed",
                  resolve=_unwound, value=_unwound_value,
                  needs_target=True)
VOCABULARY.effect("prowess", (_N,), "n spent prowess back",
                  resolve=_prowess, value=_prowess_value,
                  needs_target=True)
VOCABULARY.effect("lose_prowess", (_N,), "n prowess lost, no wounds (CONAN-R11)",
                  resolve=_lose_prowess, value=_lose_prowess_value, needs_target=True)
VOCABULARY.effect("deal_damage", (_N,), "n damage dealt",
                  resolve=_damage, value=_damage_value,
                  needs_target=True)
VOCABULARY.effect("wound", (_N,), "n wound counters (CONAN-R12)",
                  resolve=_wound, value=_wound_value,
                  needs_target=True)
VOCABULARY.effect("modify", (Param("stat", str, required=True, choices=STATS),
                             Param("n", int, required=True, minimum=-9, maximum=9)),
                  "a number changed for a while", resolve=_modify,
                  value=_modify_value, needs_target=True, durations=_LASTING)



# ----------------------------------------------------------------- words


def _local(use: Use) -> dict[str, object]:
    """A word's parameters with the game's own names in words: a stat, a zone, a
    creature kind, whose play (the raw values would show as identifiers)."""
    out: dict[str, object] = dict(use.params)
    if isinstance(out.get("stat"), str):
        out["stat"] = msg(f"ability.conan.stat.{out['stat']}")
        out["sign"] = "+" if use.number("n") >= 0 else ""
    if isinstance(out.get("kind"), str) and out["kind"]:
        out["kind"] = msg(f"ability.conan.kind.{out['kind']}")
    if isinstance(out.get("zone"), str):
        out["zone"] = msg(f"ability.conan.zone.{out['zone']}")
    zones = out.get("zones")
    if isinstance(zones, tuple):
        out["zones"] = [msg(f"ability.conan.zone.{z}") for z in zones]
    return out


def words(part: Part, use: Use) -> Message:
    """One word in plain words (catalogue ``ability.conan.<part>.<word>``), its
    parameters named in words (:func:`_local`); a Foe action's timing says so."""
    key = f"ability.conan.{part}.{use.word}"
    if part is Part.WHEN and use.get("by") == "enemy":
        return msg("ability.conan.foe_action", timing=msg(key, **_local(use)))
    return msg(key, **_local(use))


def describe(ability: Ability) -> Message:
    """The whole ability in one sentence (catalogue ``ability.sentence``), as
    :meth:`Vocabulary.describe` with the parameters in words (:func:`words`)."""
    what = [words(Part.WHAT, u) for u in ability.what]
    conditions = [words(Part.IF, u) for u in ability.conditions]

    def joined(parts: list[Message]) -> Message | str:
        out: Message | str = parts[0] if parts else ""
        for part in parts[1:]:
            out = msg("ability.and", a=out, b=part)
        return out

    lasting = ability.how_long
    how_long: Message | str = ""
    if lasting.duration is Duration.TURNS:
        how_long = msg(f"ability.turns.{lasting.counted}", n=lasting.turns)
    elif lasting.duration is not Duration.INSTANT and ability.when.word != "in_play":
        how_long = msg(f"ability.lasting.{lasting.duration}")  # "while in play" says it
    return msg("ability.sentence", when=words(Part.WHEN, ability.when),
               cond=msg("ability.if", conditions=joined(conditions)) if conditions else "",
               what=joined(what),
               whom=(msg("ability.whom", target=words(Part.WHOM, ability.whom))
                     if ability.whom is not None else ""),
               how_long=how_long)


def _reaches(state: GameState, db: CardDb, seat: int, source: int, ability: Ability,
             iid: int) -> bool:
    """Whether the conditional modifier ``ability`` of ``source`` reaches ``iid`` now
    (:data:`~tabletop.games.conan.statics.Reach`): its target first, as before, then
    its conditions."""
    ctx = Ctx(state, db, seat, source, ability)
    return iid in VOCABULARY.candidates(ctx, ability) and VOCABULARY.holds(ctx, ability)


_statics.on_reach(_reaches)
