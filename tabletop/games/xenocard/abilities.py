"""Xenocard's ability words (issue 15): the one registry of what its cards do.

A card's ``[[card.ability]]`` tables (:mod:`tabletop.core.abilities`) are parsed
by :data:`VOCABULARY`; every rule, the bots, the coach and the card face read
the words from here. The full reference with an example card per word is
``docs/cards-xenocard.md``.

Triggers (``when``):

* ``play``: an event's effect when it is used (the event's ``timing`` says when);
* ``continuous``: in force while the card is in play (a battle card on either
  area, an equipped weapon without the E mark, a situation); its ``whom`` is the
  cards it affects (all candidates), none: the card itself (a weapon: its
  holder; a situation: its owner's side);
* ``on_set`` (put into play: set, equipped, levelled up, situation set),
  ``on_lose_e_mark`` (the E mark is cleared at the end of the turn it was set),
  ``after_attack`` (after each attack of the card, or of the weapon's holder),
  ``on_destroyed`` (damage >= HP or a ``destroy``: the card is in the trash);
* ``start_of_turn``, ``after_draw`` (after the draw phase's draw),
  ``adjust_phase`` (as the adjust phase begins), each with ``whose`` turn:
  ``own`` (the card owner's), ``opponent`` or ``either``.

A triggered ability resolves at once, with its targets picked by its target's
``pick`` (``all``, ``strongest``, ``weakest``, ``newest``); ``chosen`` (the
player picks) is for events only, whose target is the action's ``target``
(XENO-H17). Lasting effects (``atk_mod``/``hp_mod`` and the passive words used
by an event) become :class:`~tabletop.core.abilities.Active` records in
``XenoData.actives``, ended at the turn's end (:func:`end_of_turn`), the
battle's end (:func:`end_of_combat`) or when their card leaves play.

:func:`in_force` is the one query of passive effects (continuous abilities and
actives); :mod:`.stats` and :mod:`.battle` read ATK/HP modifiers, damage to or
from an attribute, pierce, extra attacks, counterattacks and deck guards
through it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop.core import piles
from tabletop.core.abilities import (
    Ability,
    Active,
    Boundary,
    Duration,
    Lasting,
    Param,
    Part,
    Use,
    Vocabulary,
    tick,
)
from tabletop.core.actions import LEGAL, Verdict
from tabletop.core.cards import CardDataError, CardDb, CardDef, CardProblems
from tabletop.core.effect_end_log import log_duration_ends
from tabletop.core.log_targets import add_log_with_targets
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard import deck as xdeck
from tabletop.games.xenocard import stats as xstats
from tabletop.games.xenocard import zones as xz
from tabletop.games.xenocard.schema import ANY, ATTRIBUTES, CARD_TYPES, attribute_of
from tabletop.games.xenocard.state import xeno
from tabletop.games.xenocard.words import card_msg, inst_msg, seat_msg

__all__ = ["VOCABULARY", "XenoCtx", "ability_problems", "auto_targets", "check_abilities",
           "chosen_ability", "destroy", "end_of_combat", "end_of_turn", "fire_card", "fire_turn",
           "in_force", "resolve_ability"]

#: ``side`` of a target or condition, seen from the ability's seat.
SIDES = ("own", "opponent", "either")
#: Where a battle-card target stands.
AREAS = ("field", "standby", "play")
#: How a target is picked: ``chosen`` by the player (events), or by rule.
PICKS = ("chosen", "all", "strongest", "weakest", "newest")


@dataclass(frozen=True)
class XenoCtx:
    """Where an ability works: the state, the card set, the seat it works for
    (the card's owner, or the event's user), the card instance it belongs to
    (``source``), the other card of its trigger (``other``: the card attacked,
    the event countered) and how long its effects last (``lasting``)."""

    state: GameState
    db: CardDb
    seat: int
    source: int | None = None
    other: int | None = None
    lasting: Lasting = Lasting()


VOCABULARY: Vocabulary[XenoCtx] = Vocabulary("xenocard")
V = VOCABULARY

_WHOSE = Param("whose", str, default="own", choices=SIDES)
_SIDE = Param("side", str, default="own", choices=SIDES)
_N = Param("n", int, default=1, minimum=1, maximum=20)
_ATTRIBUTE = Param("attribute", str, default=ANY, choices=(*ATTRIBUTES, ANY))
_AMOUNT = Param("amount", int, default=1, minimum=-9, maximum=20)
_LASTING = frozenset({Duration.END_OF_COMBAT, Duration.END_OF_TURN, Duration.TURNS,
                      Duration.WHILE_IN_PLAY, Duration.PERMANENT})


def _seats(ctx: XenoCtx, side: str) -> tuple[int, ...]:
    opp = 1 - ctx.seat
    return {"own": (ctx.seat,), "opponent": (opp,)}.get(side, (ctx.seat, opp))


def _kinds(area: str) -> tuple[str, ...]:
    return {"field": ("field",), "standby": ("standby",)}.get(area, xz.PLAY_AREAS)


def _attr(db: CardDb, state: GameState, iid: int) -> str | None:
    card = xz.cdef(state, db, iid)
    return attribute_of(card.type, card.get("attribute"))


def _matches(attribute: str, have: str | None) -> bool:
    return attribute in (ANY, have)


# -- triggers ------------------------------------------------------------------------------
V.trigger("play", doc="An event's effect when it is used (its timing says when).")
V.trigger("continuous", doc="In force while the card is in play.")
V.trigger("on_set", doc="When the card is put into play.")
V.trigger("on_lose_e_mark", doc="When the card's E mark is cleared.")
V.trigger("after_attack", doc="After each attack of the card (a weapon: of its holder).")
V.trigger("on_destroyed", doc="When the card is destroyed (it lies in the trash).")
V.trigger("start_of_turn", (_WHOSE,), doc="At the start of a turn.")
V.trigger("after_draw", (_WHOSE,), doc="After the draw phase's draw.")
V.trigger("adjust_phase", (_WHOSE,), doc="As the adjust phase begins.")

#: Triggers of the turn (fired for every card in play, :func:`fire_turn`).
TURN_TRIGGERS = ("start_of_turn", "after_draw", "adjust_phase")


# -- conditions ----------------------------------------------------------------------------
def _count_zone(ctx: XenoCtx, side: str, kind: str) -> int:
    return sum(len(ctx.state.zones[xz.zid(s, kind)]) for s in _seats(ctx, side))


def _where(ctx: XenoCtx) -> str:
    return "" if ctx.source is None else ctx.state.zone_of(ctx.source).partition(".")[2]


def _controls(ctx: XenoCtx, use: Use) -> bool:
    got = [i for s in _seats(ctx, str(use["side"]))
           for i in xz.battle_cards(ctx.state, ctx.db, s)
           if _matches(str(use["attribute"]), _attr(ctx.db, ctx.state, i))
           and i != ctx.source]
    return len(got) >= use.number("n", 1)


V.condition("hand_at_least", lambda c, u: _count_zone(c, u["side"], "hand") >= u.number("n"),
            (_N, _SIDE), doc="The hand holds at least n cards.")
V.condition("hand_at_most", lambda c, u: _count_zone(c, u["side"], "hand") <= u.number("n"),
            (Param("n", int, default=0, minimum=0, maximum=20), _SIDE),
            doc="The hand holds at most n cards.")
V.condition("deck_at_most", lambda c, u: _count_zone(c, u["side"], "deck") <= u.number("n"),
            (Param("n", int, required=True, minimum=0, maximum=40), _SIDE),
            doc="The deck holds at most n cards.")
V.condition("trash_at_least", lambda c, u: _count_zone(c, u["side"], "trash") >= u.number("n"),
            (_N, _SIDE), doc="The trash holds at least n cards.")
V.condition("controls", _controls, (_ATTRIBUTE, _N, _SIDE),
            doc="At least n other battle cards of the attribute are in play.")
V.condition("on_field", lambda c, u: _where(c) == "field",
            doc="This card is on the battle field.")
V.condition("in_standby", lambda c, u: _where(c) == "standby",
            doc="This card is in the standby area.")
V.condition("turn", lambda c, u: (c.state.active == c.seat) == (u["whose"] == "own")
            or u["whose"] == "either", (_WHOSE,), doc="It is this seat's (or the other's) turn.")


# -- targets -------------------------------------------------------------------------------
def _battle_targets(ctx: XenoCtx, use: Use) -> list[int]:
    kinds = _kinds(str(use["area"]))
    limit = use.number("max_hp", 0)
    out: list[int] = []
    for seat in _seats(ctx, str(use["side"])):
        for iid in xz.battle_cards(ctx.state, ctx.db, seat):
            if ctx.state.zone_of(iid).partition(".")[2] not in kinds:
                continue
            if not _matches(str(use["attribute"]), _attr(ctx.db, ctx.state, iid)):
                continue
            if limit and (xstats.hp(ctx.state, ctx.db, iid) or 0) > limit:
                continue
            out.append(iid)
    return out


def _trash_targets(ctx: XenoCtx, use: Use) -> list[int]:
    kind = str(use["card_type"])
    out: list[int] = []
    for seat in _seats(ctx, str(use["side"])):
        for iid in xz.cards_in(ctx.state, seat, "trash"):
            card = xz.cdef(ctx.state, ctx.db, iid)
            if (kind == ANY or card.type == kind) and _matches(
                    str(use["attribute"]), attribute_of(card.type, card.get("attribute"))):
                out.append(iid)
    return out


def _self(ctx: XenoCtx, use: Use) -> list[int]:
    return [] if ctx.source is None else [ctx.source]


def _holder(ctx: XenoCtx, use: Use) -> list[int]:
    holder = None if ctx.source is None else xz.holder_of(ctx.state, ctx.source)
    return [] if holder is None else [holder]


_PICK = Param("pick", str, default="chosen", choices=PICKS)
V.target("battle_card", _battle_targets,
         (_SIDE, Param("area", str, default="field", choices=AREAS), _ATTRIBUTE,
          Param("max_hp", int, default=0, minimum=0, maximum=20), _PICK),
         doc="A battle card of a side, in an area, of an attribute, HP at most max_hp.")
V.target("trash_card", _trash_targets,
         (_SIDE, Param("card_type", str, default=ANY, choices=(*CARD_TYPES, ANY)), _ATTRIBUTE,
          Param("pick", str, default="chosen", choices=PICKS)),
         doc="A card in a trash (public), of a type and an attribute.")
V.target("self", _self, doc="This card.")
V.target("holder", _holder, doc="The battle card this weapon is equipped to.")


# -- effects -------------------------------------------------------------------------------
def _in_play(ctx: XenoCtx, iid: int) -> bool:
    return xz.is_battle_card(ctx.db, ctx.state, iid)


def _battle_only(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> Verdict:
    for iid in targets:
        if not _in_play(ctx, iid):
            return Verdict.refuse("xenocard.ability_target_gone", "XENO-H17",
                                  card=inst_msg(ctx.state, iid))
    return LEGAL


def _hp_left(ctx: XenoCtx, iid: int) -> int:
    return max(0, (xstats.hp(ctx.state, ctx.db, iid) or 0)
               - xz.counter(ctx.state, iid, xstats.DAMAGE))


def _worth(ctx: XenoCtx, iid: int) -> float:
    """A card's worth in play for the bots: ATK plus half the HP left (as the heuristic)."""
    return (xstats.atk(ctx.state, ctx.db, iid) or 0) + _hp_left(ctx, iid) / 2


def _sign(ctx: XenoCtx, iid: int) -> float:
    return 1.0 if ctx.state.cards[iid].owner != ctx.seat else -1.0


def _draw(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for seat in _seats(ctx, str(use["who"])):
        xdeck.draw(ctx.state, seat, use.number("n", 1))


V.effect("draw", (_N, Param("who", str, default="own", choices=SIDES)),
         doc="Draw n cards (XENO-R1: from an empty deck the drawer loses).",
         resolve=_draw,
         value=lambda c, u, t: 0.5 * u.number("n", 1) * (1 if u["who"] == "own" else -1))


def damage_card(ctx: XenoCtx, iid: int, amount: int) -> None:
    """``amount`` damage to battle card ``iid``; destroyed at damage >= HP (XENO-R5)."""
    counters = ctx.state.cards[iid].counters
    counters[xstats.DAMAGE] = counters.get(xstats.DAMAGE, 0) + amount
    ctx.state.add_log(msg("log.xenocard.damaged", card=inst_msg(ctx.state, iid), n=amount,
                          total=counters[xstats.DAMAGE], hp=xstats.hp(ctx.state, ctx.db, iid)))
    if xstats.is_destroyed(ctx.state, ctx.db, iid):
        destroy(ctx.state, ctx.db, iid)


def _damage(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        if _in_play(ctx, iid):
            damage_card(ctx, iid, use.number("amount", 1))


def _damage_value(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> float:
    n = use.number("amount", 1)
    return sum(_sign(ctx, i) * (_worth(ctx, i) if n >= _hp_left(ctx, i) else n / 2)
               for i in targets)


V.effect("damage", (Param("amount", int, default=1, minimum=1, maximum=20),),
         doc="Damage to each target battle card (cleared after the battle, XENO-H7).",
         resolve=_damage, check=_battle_only, value=_damage_value, needs_target=True)


def _destroy(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        if _in_play(ctx, iid):
            destroy(ctx.state, ctx.db, iid)


V.effect("destroy", doc="Destroy each target battle card (to its owner's trash).",
         resolve=_destroy, check=_battle_only, needs_target=True,
         value=lambda c, u, t: sum(_sign(c, i) * _worth(c, i) for i in t))


def _heal(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    amount = use.number("amount", 0)
    for iid in targets:
        counters = ctx.state.cards[iid].counters
        had = counters.get(xstats.DAMAGE, 0)
        left = 0 if amount == 0 else max(0, had - amount)
        if left:
            counters[xstats.DAMAGE] = left
        else:
            counters.pop(xstats.DAMAGE, None)
        ctx.state.add_log(msg("log.xenocard.healed", card=inst_msg(ctx.state, iid),
                              n=had - left))


V.effect("heal", (Param("amount", int, default=0, minimum=0, maximum=20),),
         doc="Remove amount damage (0: all) from each target.",
         resolve=_heal, check=_battle_only, needs_target=True,
         value=lambda c, u, t: sum(-_sign(c, i) * min(
             xz.counter(c.state, i, xstats.DAMAGE), u.number("amount", 0) or 99) / 2 for i in t))


def _deck_damage(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for seat in _seats(ctx, str(use["who"])):
        lost = xdeck.damage_deck(ctx.state, seat, use.number("n", 1))
        ctx.state.add_log(msg("log.xenocard.deck_damage", player=seat_msg(seat), n=len(lost)))


V.effect("deck_damage", (_N, Param("who", str, default="opponent", choices=SIDES)),
         doc="The top n cards of a deck go to its dump (XENO-R3).", resolve=_deck_damage,
         value=lambda c, u, t: u.number("n", 1) * (1 if u["who"] == "opponent" else -1))


def _pay(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for seat in _seats(ctx, str(use["who"])):
        paid = xdeck.damage_deck(ctx.state, seat, use.number("n", 1))
        ctx.state.add_log(msg("log.xenocard.pays_upkeep", player=seat_msg(seat), n=len(paid),
                              card=_source_msg(ctx)))


V.effect("pay", (_N, Param("who", str, default="own", choices=SIDES)),
         doc="A seat pays n as a cost: its deck's top n cards go to its dump (XENO-R4).",
         resolve=_pay,
         value=lambda c, u, t: u.number("n", 1) * (1 if u["who"] == "opponent" else -1))


def _pay_or_destroy(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    if ctx.source is None or not _still_in_play(ctx.state, ctx.db, ctx.source):
        return
    n = use.number("n", 1)
    deck = xz.zid(ctx.seat, "deck")
    if len(ctx.state.zones[deck]) >= n:
        piles.move_from_top(ctx.state, deck, xz.zid(ctx.seat, "dump"), n)
        ctx.state.add_log(msg("log.xenocard.pays_upkeep", player=seat_msg(ctx.seat), n=n,
                              card=_source_msg(ctx)))
    else:
        ctx.state.add_log(msg("log.xenocard.upkeep_unpaid", card=_source_msg(ctx)))
        destroy(ctx.state, ctx.db, ctx.source)


V.effect("pay_or_destroy", (_N,),
         doc="This card's owner pays n from the deck, or the card is destroyed.",
         resolve=_pay_or_destroy, value=lambda c, u, t: -u.number("n", 1))


def _retreat_check(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> Verdict:
    verdict = _battle_only(ctx, use, targets)
    if not verdict:
        return verdict
    for iid in targets:
        owner = ctx.state.cards[iid].owner
        if ctx.state.zone_of(iid) != xz.zid(owner, "field"):
            return Verdict.refuse("xenocard.retreat_from_field", "XENO-H17",
                                  card=inst_msg(ctx.state, iid))
        if not xz.free_slots(ctx.state, xz.zid(owner, "standby")):
            return Verdict.refuse("xenocard.retreat_no_room", "XENO-H17",
                                  card=inst_msg(ctx.state, iid))
    return LEGAL


def _retreat(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        owner = ctx.state.cards[iid].owner
        free = xz.free_slots(ctx.state, xz.zid(owner, "standby"))
        if free and ctx.state.zone_of(iid) == xz.zid(owner, "field"):
            xz.place(ctx.state, iid, xz.zid(owner, "standby"), free[0], keep=True)
            ctx.state.add_log(msg("log.xenocard.retreats", card=inst_msg(ctx.state, iid)))


V.effect("retreat", doc="Each target on the battle field goes back to its owner's standby area.",
         resolve=_retreat, check=_retreat_check, needs_target=True,
         value=lambda c, u, t: sum(_sign(c, i) * (xstats.atk(c.state, c.db, i) or 0) / 2
                                   for i in t))


def _swap_check(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> Verdict:
    if not any(ctx.state.zones[xz.zid(s, "field")].cards for s in _seats(ctx, str(use["side"]))):
        return Verdict.refuse("xenocard.swap_rows_empty", "XENO-H17")
    return LEGAL


def _swap(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for seat in _seats(ctx, str(use["side"])):
        xz.swap_rows(ctx.state, seat)
        ctx.state.add_log(msg("log.xenocard.rows_swapped", player=seat_msg(seat)))


V.effect("swap_rows", (Param("side", str, default="opponent", choices=SIDES),),
         doc="A battle field's front and back rows change places, column by column.",
         resolve=_swap, check=_swap_check,
         value=lambda c, u, t: 0.5 if u["side"] == "opponent" else 0.0)


def _turn_down(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        ctx.state.cards[iid].counters[xstats.DOWN] = 1
        ctx.state.add_log(msg("log.xenocard.turned_down", card=inst_msg(ctx.state, iid)))


def _stand_up(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        if ctx.state.cards[iid].counters.pop(xstats.DOWN, None):
            ctx.state.add_log(msg("log.xenocard.stood_up", card=inst_msg(ctx.state, iid)))


V.effect("turn_down", doc="Each target is turned down: it cannot attack or move until stood up.",
         resolve=_turn_down, check=_battle_only, needs_target=True,
         value=lambda c, u, t: sum(_sign(c, i) * (xstats.atk(c.state, c.db, i) or 0)
                                   for i in t))
def _stand_check(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> Verdict:
    verdict = _battle_only(ctx, use, targets)
    if verdict and any(not xstats.is_down(ctx.state, i) for i in targets):
        return Verdict.refuse("xenocard.not_down", "XENO-H17")
    return verdict


V.effect("stand_up", doc="Each target stands up again (it may attack and move).",
         resolve=_stand_up, check=_stand_check, needs_target=True,
         value=lambda c, u, t: sum(-_sign(c, i) * xz.counter(c.state, i, xstats.DOWN)
                                   * (xstats.atk(c.state, c.db, i) or 0) for i in t))


def _to_hand_check(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> Verdict:
    for iid in targets:
        owner = ctx.state.cards[iid].owner
        if ctx.state.zone_of(iid) != xz.zid(owner, "trash"):
            return Verdict.refuse("xenocard.not_in_trash", "XENO-H17",
                                  card=inst_msg(ctx.state, iid))
    return LEGAL


def _to_hand(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        owner = ctx.state.cards[iid].owner
        ctx.state.add_log(msg("log.xenocard.returns_to_hand", card=inst_msg(ctx.state, iid),
                              player=seat_msg(owner)))
        ctx.state.move(iid, xz.zid(owner, "hand"))
        ctx.state.cards[iid].known_to = {0, 1}  # it came from a public pile


V.effect("to_hand", doc="Each target card goes from its trash to its owner's hand.",
         resolve=_to_hand, check=_to_hand_check, needs_target=True,
         value=lambda c, u, t: sum(0.8 if c.state.cards[i].owner == c.seat else -0.8
                                   for i in t))


def _search(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    """XENO-H18: the first ``n`` matching cards from the deck top are shown to both
    seats and taken into the hand; the deck is shuffled."""
    deck = xz.zid(ctx.seat, "deck")
    kind, attribute = str(use["card_type"]), str(use["attribute"])
    found: list[int] = []
    for iid in reversed(ctx.state.zones[deck].cards):
        card = xz.cdef(ctx.state, ctx.db, iid)
        if (kind == ANY or card.type == kind) and _matches(
                attribute, attribute_of(card.type, card.get("attribute"))):
            found.append(iid)
            if len(found) >= use.number("n", 1):
                break
    for iid in found:
        ctx.state.move(iid, xz.zid(ctx.seat, "hand"))
        ctx.state.cards[iid].known_to = {0, 1}
    ctx.state.shuffle(deck)
    ctx.state.add_log(msg("log.xenocard.searches", player=seat_msg(ctx.seat), n=len(found),
                          cards=[inst_msg(ctx.state, i) for i in found]))


V.effect("search_deck", (_N, Param("card_type", str, default=ANY, choices=(*CARD_TYPES, ANY)),
                         _ATTRIBUTE),
         doc="Take the first n matching cards of one's deck into the hand, shown; shuffle.",
         resolve=_search, value=lambda c, u, t: 0.8 * u.number("n", 1))


def _cancel(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    data = xeno(ctx.state)
    if data.waiting is not None:
        ctx.state.add_log(msg("log.xenocard.cancelled",
                              card=inst_msg(ctx.state, data.waiting.card)))
        data.waiting = None


def _cancel_check(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> Verdict:
    if xeno(ctx.state).waiting is None:
        return Verdict.refuse("xenocard.nothing_to_cancel", "XENO-H13")
    return LEGAL


V.effect("cancel_event", doc="The event this counter answers has no effect (XENO-H13).",
         resolve=_cancel, check=_cancel_check, value=lambda c, u, t: 1.5)


# Modifiers: in force while a continuous ability's conditions hold, or for an event's
# how_long (an Active); resolve only starts the Active.
def _start(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> None:
    source = ctx.source if ctx.source is not None else -1
    lasting = ctx.lasting if ctx.lasting.duration is not Duration.INSTANT \
        else Lasting(Duration.END_OF_TURN)
    data = xeno(ctx.state)
    data.actives = (*data.actives, Active.start(source, ctx.seat, use, targets, lasting))


def _mod_value(stat: str) -> Any:
    def value(ctx: XenoCtx, use: Use, targets: Sequence[int]) -> float:
        weight = 1.0 if stat == "atk" else 0.5
        return sum(-_sign(ctx, i) * weight * use.number("amount", 1) for i in targets) \
            if targets else weight * use.number("amount", 1)
    return value


V.effect("atk_mod", (_AMOUNT,), doc="ATK + amount (negative: less; never below 0).",
         resolve=_start, value=_mod_value("atk"), durations=_LASTING)
V.effect("hp_mod", (_AMOUNT,), doc="HP + amount (negative: less; never below 1).",
         resolve=_start, value=_mod_value("hp"), durations=_LASTING)
V.effect("damage_to", (_ATTRIBUTE, Param("amount", int, default=1, minimum=1, maximum=20)),
         doc="This card's attacks deal + amount damage to battle cards of the attribute.",
         resolve=_start, durations=_LASTING, value=lambda c, u, t: 0.5 * u.number("amount", 1))
V.effect("guard_from", (_ATTRIBUTE, Param("amount", int, default=1, minimum=1, maximum=20)),
         doc="Attacks by battle cards of the attribute deal amount less damage to this card.",
         resolve=_start, durations=_LASTING, value=lambda c, u, t: 0.5 * u.number("amount", 1))
V.effect("deck_guard", (Param("amount", int, default=1, minimum=1, maximum=20),),
         doc="Each attack on this side's deck deals amount less.", resolve=_start,
         durations=_LASTING, value=lambda c, u, t: u.number("amount", 1))
V.effect("pierce", doc="Damage beyond a destroyed card's HP goes on to its owner's deck.",
         resolve=_start, durations=_LASTING, value=lambda c, u, t: 1.0)
V.effect("extra_attack", (Param("n", int, default=1, minimum=1, maximum=3),),
         doc="The card attacks n more times in each of its battles.", resolve=_start,
         durations=_LASTING, value=lambda c, u, t: 1.5 * u.number("n", 1))
V.effect("counterattack", doc="The card also attacks in the opponent's battle phase.",
         resolve=_start, durations=_LASTING, value=lambda c, u, t: 1.5)
V.effect("cannot_end_phase",
         (Param("phase", str, required=True, choices=("move", "event", "set")),
          Param("side", str, default="opponent", choices=SIDES)),
         doc="That side cannot end that phase while it can still do something else in it.",
         resolve=_start, durations=_LASTING, value=lambda c, u, t: 0.3)

#: Words that act only while in force (continuous or an Active), never at once.
PASSIVE = frozenset({"atk_mod", "hp_mod", "damage_to", "guard_from", "deck_guard", "pierce",
                     "extra_attack", "counterattack", "cannot_end_phase"})
#: Words whose scope is a seat, not cards.
SEAT_WIDE = frozenset({"deck_guard", "cannot_end_phase"})


def _source_msg(ctx: XenoCtx) -> Any:
    return inst_msg(ctx.state, ctx.source) if ctx.source is not None else ""


# -- checking card files -------------------------------------------------------------------
def ability_problems(card: CardDef) -> list[CardDataError]:
    """Every problem of ``card``'s ability tables by the game's own limits (XENO-H17;
    see :func:`check_abilities`), in the order written."""
    problems: list[CardDataError] = []
    chosen = 0
    for ability in card.abilities:
        where = f"ability[{ability.index}]"
        word = ability.when.word
        if (word == "play") != (card.type == "event"):
            problems.append(CardDataError(card.source, card.id, f"{where}.when",
                                          "events have 'play' abilities, other cards none"))
        pick = ability.whom.get("pick") if ability.whom is not None else None
        if pick == "chosen":
            chosen += 1
            if word != "play" or chosen > 1:
                problems.append(CardDataError(
                    card.source, card.id, f"{where}.whom.pick",
                    "only an event's ability lets the player choose its target (one per "
                    "event); a card's own abilities pick all, strongest, weakest or newest"))
        for i, use in enumerate(ability.what):
            if word == "continuous" and use.word not in PASSIVE:
                problems.append(CardDataError(card.source, card.id, f"{where}.what[{i}]",
                                              f"{use.word!r} happens at once: not continuous"))
    return problems


def check_abilities(db: CardDb) -> None:
    """The game's own limits on ability tables (XENO-H17), beyond the words' parameters.

    Raises CardProblems (file, card, "ability[i]...", problem) for the first card with a
    problem, each of its problems told (:func:`ability_problems`): a ``chosen`` target
    outside an event's ``play`` ability, a ``play`` ability on a card that is not an
    event (or a non-``play`` one on an event), a ``continuous`` ability with an effect
    that happens at once, or more than one chosen target on one event.
    """
    for card in db.values():
        problems = ability_problems(card)
        if problems:
            raise CardProblems(problems)


# -- passives ------------------------------------------------------------------------------
def _holders_of_sources(state: GameState, db: CardDb) -> Iterator[tuple[int, CardDef, int]]:
    """(instance, printed card, owner) of every card in play with abilities."""
    for seat in xz.SEATS:
        for kind in ("standby", "field", "weapons", "situations"):
            for iid in state.zones[xz.zid(seat, kind)].cards:
                card = db[state.cards[iid].card_id]
                if card.abilities:
                    yield iid, card, seat


def _scope(ctx: XenoCtx, ability: Ability, card: CardDef) -> tuple[int, ...] | None:
    if ability.whom is not None:
        return tuple(V.candidates(ctx, ability))
    if card.type == "weapon":
        return tuple(_holder(ctx, Use("holder")))
    if card.type == "situation":
        return None
    return () if ctx.source is None else (ctx.source,)


def _live(state: GameState, db: CardDb, iid: int, card: CardDef) -> bool:
    """Is a card's continuous ability working where it lies (a battle card on a slot,
    an equipped weapon without the E mark, a situation)?"""
    kind = state.zone_of(iid).partition(".")[2]
    if card.type == "weapon":
        return kind == "weapons" and xz.holder_of(state, iid) is not None \
            and not xstats.e_marked(state, iid)
    if card.type == "situation":
        return kind == "situations"
    return xz.is_battle_card(db, state, iid)


def in_force(state: GameState, db: CardDb,
             word: str) -> list[tuple[Use, int, tuple[int, ...] | None]]:
    """Every passive ``word`` in force now: ``(use, owner seat, affected cards or None
    for the owner's whole side)``, from continuous abilities whose conditions hold and
    from lasting effects (:class:`Active`) still in play."""
    out: list[tuple[Use, int, tuple[int, ...] | None]] = []
    for iid, card, seat in _holders_of_sources(state, db):
        for ability in card.abilities:
            if ability.when.word != "continuous" or not any(u.word == word
                                                            for u in ability.what):
                continue
            if not _live(state, db, iid, card):
                continue
            ctx = XenoCtx(state, db, seat, iid)
            if not V.holds(ctx, ability):
                continue
            scope = _scope(ctx, ability, card)
            out.extend((u, seat, scope) for u in ability.what if u.word == word)
    for active in xeno(state).actives:
        if active.effect.word != word:
            continue
        if active.lasting.duration is Duration.WHILE_IN_PLAY and not _still_in_play(
                state, db, active.source):
            continue
        targets = tuple(i for i in active.targets if _still_in_play(state, db, i))
        if active.targets and not targets:
            continue
        out.append((active.effect, active.owner, targets or None))
    return out


def _still_in_play(state: GameState, db: CardDb, iid: int) -> bool:
    if iid not in state.cards:
        return False
    kind = state.zone_of(iid).partition(".")[2]
    return kind in ("weapons", "situations") or xz.is_battle_card(db, state, iid)


def affects(state: GameState, db: CardDb, iid: int, word: str) -> list[Use]:
    """The passive ``word`` uses affecting battle card ``iid`` now (:func:`in_force`)."""
    owner = state.cards[iid].owner
    return [use for use, seat, scope in in_force(state, db, word)
            if (iid in scope if scope is not None else seat == owner)]


def total(state: GameState, db: CardDb, iid: int, word: str, key: str = "amount") -> int:
    """The sum of ``key`` over the passive ``word`` affecting ``iid``."""
    return sum(use.number(key, 0) for use in affects(state, db, iid, word))


def seat_total(state: GameState, db: CardDb, seat: int, word: str) -> int:
    """The sum of ``amount`` of seat-wide passive ``word`` of ``seat`` (a deck guard)."""
    return sum(use.number("amount", 0) for use, owner, _ in in_force(state, db, word)
               if owner == seat)


# ATK, HP and the deck guard read the passives through this (stats sits below the words)
xstats.on_passives(xstats.Passives(total=total, seat_total=seat_total))


def attack_bonus(state: GameState, db: CardDb, attacker: int, target: int) -> int:
    """Damage ``attacker`` adds against ``target``'s attribute, less what ``target``
    guards from ``attacker``'s attribute (``damage_to``, ``guard_from``)."""
    up = sum(u.number("amount", 0) for u in affects(state, db, attacker, "damage_to")
             if _matches(str(u["attribute"]), _attr(db, state, target)))
    down = sum(u.number("amount", 0) for u in affects(state, db, target, "guard_from")
               if _matches(str(u["attribute"]), _attr(db, state, attacker)))
    return up - down


def phase_locks(state: GameState, db: CardDb, seat: int, phase: str) -> list[Use]:
    """``cannot_end_phase`` uses that bind ``seat`` in ``phase`` now."""
    out = []
    for use, owner, _ in in_force(state, db, "cannot_end_phase"):
        side = str(use["side"])
        bound = side == "either" or (side == "own") == (owner == seat)
        if bound and use["phase"] == phase:
            out.append(use)
    return out


# -- triggered abilities -------------------------------------------------------------------
def auto_targets(ctx: XenoCtx, ability: Ability) -> list[int]:
    """The targets a triggered ability picks by rule (its target's ``pick``)."""
    if ability.whom is None:
        return []
    found = V.candidates(ctx, ability)
    pick = ability.whom.get("pick", "all")
    if pick in ("all", "chosen") or not found:
        return found
    if pick == "newest":
        return found[-1:]
    if pick == "strongest":
        return [max(found, key=lambda i: xstats.atk(ctx.state, ctx.db, i) or 0)]
    return [min(found, key=lambda i: _hp_left(ctx, i))]


def resolve_ability(ctx: XenoCtx, ability: Ability, targets: Sequence[int],
                    held: bool = False) -> bool:
    """Carry out ``ability`` on ``targets`` if its conditions hold (``held``: they were
    checked when the event was used, :func:`event_check`) and its effects allow it;
    log it. Returns False (and logs why) when it does nothing."""
    ctx = replace(ctx, lasting=ability.how_long)
    if not held and not V.holds(ctx, ability):
        return False
    verdict = V.check(ctx, ability, targets)
    if not verdict or (ability.whom is not None and not targets):
        ctx.state.add_log(msg("log.xenocard.ability_fizzles", card=_source_msg(ctx)))
        return False
    add_log_with_targets(ctx.state, msg("log.xenocard.ability", card=_source_msg(ctx),
                                        text=V.describe(ability)),
                         [t for t in targets if t != ctx.source])  # QA15 #10
    V.resolve(ctx, ability, targets)
    return True


def fire_card(state: GameState, db: CardDb, iid: int, trigger: str,
              other: int | None = None) -> None:
    """Fire ``trigger`` on card ``iid`` (and, for ``after_attack``, on its weapons)."""
    if state.game_over:
        return
    sources = [iid, *xz.weapons_of(state, iid)] if trigger == "after_attack" else [iid]
    for source in sources:
        card = xz.cdef(state, db, source)
        for ability in V.triggered(card.abilities, trigger):
            if state.game_over:
                return
            ctx = XenoCtx(state, db, state.cards[source].owner, source, other)
            resolve_ability(ctx, ability, auto_targets(ctx, ability))


def fire_turn(state: GameState, db: CardDb, trigger: str) -> None:
    """Fire a turn trigger (:data:`TURN_TRIGGERS`) on every card in play, the turn
    player's first, each area in order."""
    order = (state.active, 1 - state.active)
    found = [(iid, card, seat) for iid, card, seat in _holders_of_sources(state, db)]
    found.sort(key=lambda entry: order.index(entry[2]))
    for iid, card, seat in found:
        for ability in V.triggered(card.abilities, trigger):
            whose = str(ability.when["whose"])
            if whose != "either" and (whose == "own") != (state.active == seat):
                continue
            if state.game_over:
                return
            if not _still_in_play(state, db, iid):
                break
            ctx = XenoCtx(state, db, seat, iid)
            resolve_ability(ctx, ability, auto_targets(ctx, ability))


def destroy(state: GameState, db: CardDb, iid: int) -> None:
    """Destroy a card in play: to its owner's trash, weapons with it (XENO-R7), then its
    ``on_destroyed`` abilities."""
    state.add_log(msg("log.xenocard.destroyed", card=inst_msg(state, iid)))
    xz.leave_play(state, iid, "trash")
    fire_card(state, db, iid, "on_destroyed")


# -- events --------------------------------------------------------------------------------
def chosen_ability(card: CardDef) -> Ability | None:
    """The event ability whose target the player chooses (the action's ``target``)."""
    for ability in card.abilities:
        if ability.when.word == "play" and ability.whom is not None \
                and ability.whom.get("pick", "chosen") == "chosen":
            return ability
    return None


def event_targets(state: GameState, db: CardDb, seat: int, card: CardDef,
                  iid: int | None = None) -> list[int] | list[None]:
    """Every legal target of event ``card`` for ``seat`` now ([None]: it takes none)."""
    ability = chosen_ability(card)
    if ability is None:
        return [None]
    ctx = XenoCtx(state, db, seat, iid)
    return [t for t in V.candidates(ctx, ability) if V.check(ctx, ability, [t])]


def event_check(state: GameState, db: CardDb, seat: int, iid: int) -> Verdict:
    """The first refusal of event ``iid``'s abilities: a condition that does not hold
    (its ``if``), an effect with nothing to do among those picking their targets by
    rule (nothing to swap, no event to cancel); else LEGAL. The chosen target is
    checked by :func:`event_targets`."""
    card = xz.cdef(state, db, iid)
    chosen = chosen_ability(card)
    for ability in card.abilities:
        if ability.when.word != "play":
            continue
        ctx = XenoCtx(state, db, seat, iid)
        if not V.holds(ctx, ability):
            return Verdict.refuse("xenocard.event_condition_unmet", "XENO-H17",
                                  card=card_msg(card.id),
                                  needs=[V.describe_use(Part.IF, u) for u in ability.conditions])
        if ability is chosen:
            continue
        verdict = V.check(ctx, ability, auto_targets(ctx, ability))
        if not verdict:
            return verdict
    return LEGAL


def resolve_event(state: GameState, db: CardDb, seat: int, iid: int,
                  target: int | None, other: int | None = None) -> None:
    """Carry out event ``iid``'s ``play`` abilities in order (the chosen one on ``target``)."""
    card = xz.cdef(state, db, iid)
    for ability in card.abilities:
        if ability.when.word != "play" or state.game_over:
            continue
        ctx = XenoCtx(state, db, seat, iid, other)
        if ability is chosen_ability(card):
            targets = [] if target is None else [target]
        else:
            targets = auto_targets(ctx, ability)
        resolve_ability(ctx, ability, targets, held=True)


def passive_value(state: GameState, db: CardDb, seat: int) -> float:
    """The bots' worth of ``seat``'s continuous abilities in force (the heuristic)."""
    out = 0.0
    for iid, card, owner in _holders_of_sources(state, db):
        if owner != seat or not _live(state, db, iid, card):
            continue
        for ability in card.abilities:
            if ability.when.word == "continuous":
                ctx = XenoCtx(state, db, seat, iid)
                out += V.value(ctx, ability, _scope(ctx, ability, card) or ())
    return out


# -- durations -------------------------------------------------------------------------------
def _gone(state: GameState, db: CardDb) -> frozenset[int]:
    ids = {i for a in xeno(state).actives for i in (a.source, *a.targets)}
    return frozenset(i for i in ids if not _still_in_play(state, db, i))


def end_of_combat(state: GameState, db: CardDb) -> None:
    """The battle is over: effects lasting until the end of the combat end."""
    data = xeno(state)
    if data.actives:
        data.actives, ended = tick(data.actives, Boundary.END_OF_COMBAT)
        log_duration_ends(state, VOCABULARY, ended, Boundary.END_OF_COMBAT)  # ALL-H7


def end_of_turn(state: GameState, db: CardDb) -> None:
    """The turn is over: effects whose cards left play end, then the turn's
    effects, and N-turn effects count one turn (of the seat whose turn it was)."""
    data = xeno(state)
    if not data.actives:
        return
    kept, _ = tick(data.actives, Boundary.LEFT_PLAY, left_play=_gone(state, db))
    data.actives, ended = tick(kept, Boundary.END_OF_TURN, turn_seat=state.active)
    log_duration_ends(state, VOCABULARY, ended, Boundary.END_OF_TURN)  # ALL-H7
