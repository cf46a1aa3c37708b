"""Barbarian phase, Resolution phase and the end of a combat round (CONAN-R14..R16).

Resolution, zone by zone: the turn player picks the first zone, then the enemy
and the turn player alternate (``zone_order`` decisions, CONAN-R16). In a zone,
initiative 5 down to 1; all cards of one initiative deal damage at once, then
defeats are carried out; a character defeated earlier deals none.

For each Move card the geometry (:func:`battlefield.contacts`) says which of its
long sides touch which opposing card and which slot faces which; each touching
side attacks the character whose card it touches (CONAN-R15, icons CONAN-R14).
A Foe's Move touching nothing attacks with one side chosen by the enemy, every
attack icon succeeding, against Conan or an Ally chosen by the enemy
(``lone_attack`` decision, asked when its initiative comes). After the zone,
its Move cards go to their owners' discard piles.

End of the round: if Foes remain, every player draws (Foes + Allies) cards and
Allies' and Foes' prowess resets; the next round starts with the Survey. If not,
the Warrior step ends.

State: the :class:`~tabletop.games.conan.data.Resolution` record (zones left, the
zone fought, the initiative, who chooses the next zone, unanswered Foes' sides, who
falls next, the log's length at the last beat).

What happens is recorded as it happens, as typed beats
(:mod:`tabletop.games.conan.playback`, ``state.data["fight"]``), for the window to
play back: a zone's start (with the table then), each initiative's strikes, each fall.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.abilities import Ability, Boundary
from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import piles, plays
from tabletop.games.conan.abilities import CHOSEN, VOCABULARY, Ctx, describe
from tabletop.games.conan.data import (
    MoveRecord,
    Resolution,
    all_records,
    conan_data,
    resolution,
    set_records,
)
from tabletop.games.conan.data import end_round as new_round
from tabletop.games.conan.defeat import check_defeats
from tabletop.games.conan.icons import SideResult, attack_units, evaluate_side, outcome
from tabletop.games.conan.playback import (
    FIGHT_KEY,
    Fall,
    Fight,
    Initiative,
    Outcome,
    SlotClash,
    Strike,
    ZoneStart,
    record,
    table_of,
)
from tabletop.games.conan.stats import (
    add_counter,
    counter,
    has_ability,
    is_defeated,
    lose_prowess,
    prowess_now,
    stat,
)
from tabletop.games.conan.turn import warrior_end
from tabletop.games.conan.words import foe_zone_msg, inst_msg, seat_msg
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    FOE_ZONES,
    allies,
    cdef,
    conan_of,
    enemy,
    foes_on_field,
    zid,
)

USE, PASS = "use", "pass"
SIDES = ("left", "right")


# ----------------------------------------------------------------- Barbarian phase


def barbarian_ability(state: GameState, db: CardDb) -> Ability | None:
    """The turn player's Conan's Barbarian ability (its ``when = "barbarian"``), or None."""
    conan = conan_of(state, db, state.active)
    if conan is None:
        return None
    return next(VOCABULARY.triggered(cdef(state, db, conan).abilities, "barbarian"), None)


def barbarian_options(state: GameState, db: CardDb) -> list[str]:
    """The ways Conan may use its Barbarian ability now: ``use``, or ``use@<target>``
    for each target it may choose; empty when it cannot be used (its condition, its
    cost: paid from prowess only, never with wounds, house ruling CONAN-H5)."""
    conan = conan_of(state, db, state.active)
    ability = barbarian_ability(state, db)
    if conan is None or ability is None:
        return []
    if prowess_now(state, db, conan) < ability.when.number("cost"):
        return []
    ctx = Ctx(state, db, state.active, conan, ability)
    if not VOCABULARY.holds(ctx, ability):
        return []
    if ability.whom is not None and ability.whom.word in CHOSEN:
        return [f"{USE}@{t}" for t in VOCABULARY.candidates(ctx, ability)]
    return [USE]


def barbarian_usable(state: GameState, db: CardDb) -> bool:
    """Does Conan have a Barbarian ability it can use now (:func:`barbarian_options`)?"""
    return bool(barbarian_options(state, db))


def barbarian_step(state: GameState, db: CardDb) -> None:
    """The Barbarian timing's window (Actions), then ask the turn player about
    Conan's Barbarian ability, or go straight on to the Resolution phase."""
    if state.step == "":
        state.step = "ask"
        plays.open_window(state, db, "barbarian")
        return
    options = barbarian_options(state, db)
    if options:
        state.pending = Decision(state.active, "barbarian",
                                 msg("decision.conan.barbarian", player=seat_msg(state.active)),
                                 (*options, PASS), 1, 1)
        return
    begin_resolution(state)


def apply_barbarian(state: GameState, db: CardDb, choice: str) -> None:
    """Use the ability (paid in prowess) on its target, or not; then the Resolution
    phase."""
    state.pending = None
    if choice.startswith(USE):
        conan = conan_of(state, db, state.active)
        ability = barbarian_ability(state, db)
        assert conan is not None and ability is not None
        lose_prowess(state, db, conan, ability.when.number("cost"))
        _, _, target = choice.partition("@")
        ctx = Ctx(state, db, state.active, conan, ability)
        targets = [int(target)] if target else (
            VOCABULARY.candidates(ctx, ability) if ability.whom is not None else [])
        state.add_log(msg("log.conanab.uses", player=seat_msg(state.active),
                          card=inst_msg(state, conan), ability=describe(ability)))
        VOCABULARY.resolve(ctx, ability, targets)
    if not state.game_over:
        begin_resolution(state)


# ----------------------------------------------------------------- Resolution phase


def begin_resolution(state: GameState) -> None:
    """Zones holding Foes are fought in turn (CONAN-R16); the ``before_resolution``
    timing comes first (:func:`resolution_step`)."""
    state.phase, state.step = "resolution", ""
    conan_data(state).resolution = Resolution(
        [z for z in FOE_ZONES if state.zones[z].cards], chooser=state.active)
    state.data[FIGHT_KEY] = Fight()


def _in_play(state: GameState, iid: int) -> bool:
    zone = state.zone_of(iid)
    return zone in FOE_ZONES or zone == CONAN_ZONE or zone == zid(state.active, "side")


def _alive(state: GameState, db: CardDb, iid: int) -> bool:
    return _in_play(state, iid) and not is_defeated(state, db, iid)


def lone_options(state: GameState, db: CardDb) -> list[str]:
    """``side@target`` answers for an unanswered Foe's Move (CONAN-R15)."""
    targets = [c for c in [conan_of(state, db, state.active)] if c is not None]
    targets += allies(state, db, state.active)
    return [f"{side}@{t}" for side in SIDES for t in targets if _alive(state, db, t)]


def _lone_moves(state: GameState, db: CardDb, recs: list[MoveRecord],
                touched: set[int]) -> list[MoveRecord]:
    return [r for r in recs if r.foe and r.card not in touched
            and _alive(state, db, r.by)]


def _side_result(card: Any, side: str, magic: bool, defender: Any, def_side: str | None,
                 facing: dict[int, int] | None) -> SideResult:
    return evaluate_side(card[side], card[f"{side}_multi"], magic,
                         None if defender is None or def_side is None else defender[def_side],
                         facing)


def _clashes(card: Any, side: str, magic: bool, defender: Any, def_side: str | None,
             facing: dict[int, int] | None) -> tuple[SlotClash, ...]:
    """Each attack icon of ``side`` against the slot facing it (as ``evaluate_side``)."""
    out = []
    slots = card[side]
    for unit in attack_units(slots, card[f"{side}_multi"], magic):
        for i in unit:
            j = None if facing is None else facing.get(i)
            icon = defender[def_side][j] if (defender is not None and def_side is not None
                                            and j is not None) else ""
            out.append(SlotClash(i, slots[i], j, icon, Outcome(outcome(slots[i], icon))))
    return tuple(out)


def _hits(state: GameState, db: CardDb, recs: list[MoveRecord],
          contacts: list[bf.Contact], lone: dict[str, str]) -> list[Strike]:
    """The strikes of every card in ``recs`` (CONAN-R15)."""
    by_card = {r.card: r for r in bf.moves(state)}
    out: list[Strike] = []
    for rec in recs:
        user = rec.by
        if not _alive(state, db, user):
            continue  # CONAN-R16: a character defeated earlier deals no damage
        card = cdef(state, db, rec.card)
        magic = has_ability(state, db, user, "magic")
        printed = stat(state, db, user, "damage")
        mine = [c for c in contacts
                if (c.foe_card if rec.foe else c.hero) == rec.card]
        if rec.foe and not mine:
            side, _, target = lone[str(rec.card)].partition("@")
            result, clashes = _side(card, side, magic, None, None, None)
            out.append(Strike(rec.card, user, side, int(target), None, None, clashes,
                              result.damage(printed)))
            continue
        for c in mine:
            other = by_card[c.hero if rec.foe else c.foe_card]
            other_card = cdef(state, db, other.card)
            side, other_side, facing = ((c.foe_side, c.hero_side, c.foe_to_hero) if rec.foe
                                        else (c.hero_side, c.foe_side, c.hero_to_foe))
            result, clashes = _side(card, side, magic, other_card, other_side, facing)
            out.append(Strike(rec.card, user, side, other.by, other.card, other_side,
                              clashes, result.damage(printed)))
    return out


# (id(card), side, magic, id(defender), its side, facing) -> (card, defender, result,
# clashes); the cards are held so their ids are not reused while the entry lives
_SIDES: dict[tuple[Any, ...], tuple[Any, Any, SideResult, tuple[SlotClash, ...]]] = {}


def _side(card: Any, side: str, magic: bool, defender: Any, def_side: str | None,
          facing: dict[int, int] | None) -> tuple[SideResult, tuple[SlotClash, ...]]:
    """``_side_result`` and ``_clashes`` of one side against one side: printed cards
    and frozen geometry, so worked out once (issue 14: every initiative of every fight
    of a game, and of every playout, asks again)."""
    key = (id(card), side, magic, id(defender), def_side,
           None if facing is None else tuple(facing.items()))
    found = _SIDES.get(key)
    if found is None or found[0] is not card or found[1] is not defender:
        if len(_SIDES) >= 4096:
            _SIDES.clear()
        found = _SIDES[key] = (card, defender,
                               _side_result(card, side, magic, defender, def_side, facing),
                               _clashes(card, side, magic, defender, def_side, facing))
    return found[2], found[3]


def _initiative(state: GameState, db: CardDb, rec: MoveRecord) -> int:
    return int(cdef(state, db, rec.card)["initiative"])


def resolution_step(state: GameState, db: CardDb) -> bool:
    """Advance the Resolution phase; False when waiting for a decision or the game ended."""
    res = resolution(state)
    if not res.began:
        res.began = True
        plays.open_window(state, db, "before_resolution")
        return True
    if res.zone is None:
        left = [z for z in res.left if bf.moves(state, z) or state.zones[z].cards]
        res.left = left
        if not left:
            if not res.ended:
                res.ended = True
                plays.open_window(state, db, "end_of_round")
                return True
            end_round(state, db)
            return True
        if len(left) > 1:
            chooser = res.chooser
            state.pending = Decision(chooser, "zone_order",
                                     msg("decision.conan.zone_order", player=seat_msg(chooser)),
                                     tuple(left), 1, 1)
            return False
        start_zone(state, db, left[0])
        return True  # the zone's before_zone timing first
    zone = str(res.zone)
    if res.seen != len(state.log):
        # the zone begins, or goes on after a question: the table as it lies now
        record(state, ZoneStart(zone, len(state.log), table_of(state)))
        res.seen = len(state.log)
    # One initiative per call, its defeats in the next: the same fight as one loop, but
    # the window's playback can show the table as of each initiative (the beats).
    falling, res.falling = res.falling, None
    if falling is not None:
        _fall(state, db, zone, res.init + 1, falling)
        return not state.game_over  # a renown loss the flow takes first, then back here
    if res.init < 1:
        finish_zone(state, zone)
        plays.open_window(state, db, "after_zone")
        return True
    recs = bf.moves(state, zone)
    contacts = bf.contacts(state, zone)
    touched = {c.foe_card for c in contacts}
    k = res.init
    now = [r for r in recs if _initiative(state, db, r) == k]
    for rec in _lone_moves(state, db, now, touched):
        if str(rec.card) not in res.lone:
            options = lone_options(state, db)
            state.pending = Decision(
                enemy(state), "lone_attack",
                msg("decision.conan.lone_attack", player=seat_msg(enemy(state)),
                    card=inst_msg(state, rec.by)),
                tuple(options), 1, 1)
            res.asking = rec.card
            return False
    hits = _hits(state, db, now, contacts, res.lone)
    struck: dict[int, int] = {}
    for hit in hits:
        target, amount = hit.target, hit.damage
        if not _alive(state, db, target):
            continue  # already defeated at an earlier initiative
        add_counter(state, target, "damage", amount)
        struck[target] = counter(state, target, "damage")
        state.add_log(msg("log.conan.hit" if amount > 0 else "log.conan.no_hit",
                          card=inst_msg(state, hit.attacker), target=inst_msg(state, target),
                          n=amount, init=k))
    for hit in hits:
        if hit.damage > 0 and _special_hit(hit):
            # the Move's own text happens when its Special icon hits (CONAN-R14)
            plays.fire(state, db, "special_hit", hit.card, state.cards[hit.card].owner,
                       hit.target)
            struck.update({t: counter(state, t, "damage") for t in struck})
    res.init = k - 1
    res.falling = sorted({h.target for h in hits if h.damage > 0})
    if hits:
        defeated = sorted(t for t in {h.target for h in hits if h.damage > 0}
                          if t in struck and is_defeated(state, db, t))
        record(state, Initiative(zone, k, tuple(hits), tuple(sorted(struck.items())),
                                 tuple(defeated), len(state.log)))
        res.seen = len(state.log)
    return True


def _special_hit(hit: Strike) -> bool:
    """Did a Special icon of the strike hit (not blocked, CONAN-R14)?"""
    return any(c.icon == "special" and c.outcome is not Outcome.BLOCKED for c in hit.clashes)


def _fall(state: GameState, db: CardDb, zone: str, k: int, falling: list[int]) -> None:
    """Carry out the defeats of initiative ``k``; record who fell and where they went."""
    fallen = [i for i in falling if _in_play(state, i) and is_defeated(state, db, i)]
    check_defeats(state, db, falling)
    if fallen:
        moved = tuple((i, state.zone_of(i)) for i in fallen if not _in_play(state, i))
        record(state, Fall(zone, k, tuple(fallen), moved, len(state.log)))
        resolution(state).seen = len(state.log)


def check_lone(state: GameState, db: CardDb, choice: str) -> Verdict:
    """Is ``choice`` one of the side/target answers?"""
    if choice not in lone_options(state, db):
        return Verdict.refuse("conan.bad_choice", "CONAN-R15", choice=choice)
    return Verdict.legal()


def apply_lone(state: GameState, choice: str) -> None:
    """Record the enemy's side and target for the waiting Foe's Move."""
    res = resolution(state)
    res.lone[str(res.asking)] = choice
    res.asking = None
    state.pending = None
    side, _, target = choice.partition("@")
    state.add_log(msg("log.conan.lone_attack", player=seat_msg(enemy(state)),
                      side=msg(f"side.conan.{side}"), target=inst_msg(state, int(target))))


def start_zone(state: GameState, db: CardDb, zone: str) -> None:
    """Fight ``zone`` next (its ``before_zone`` timing first); the other seat picks
    the zone after it."""
    res = resolution(state)
    res.zone = zone
    res.init = 5
    res.left = [z for z in res.left if z != zone]
    res.chooser = 1 - res.chooser
    state.step = zone
    state.add_log(msg("log.conan.zone_fight", zone=foe_zone_msg(zone)))
    plays.open_window(state, db, "before_zone")


def apply_zone_order(state: GameState, db: CardDb, zone: str) -> None:
    """The chosen zone is fought next (CONAN-R16)."""
    state.pending = None
    start_zone(state, db, zone)


def finish_zone(state: GameState, zone: str) -> None:
    """The zone's Move cards go to their owners' discard piles."""
    res = resolution(state)
    keep = []
    live = bf.moves(state, zone)
    for rec in all_records(state):
        if rec in live:
            iid = rec.card
            state.move(iid, zid(state.cards[iid].owner, "discard"))
        elif rec.zone != zone:
            keep.append(rec)  # a record of a card free mode took away is simply dropped
    set_records(state, keep)
    res.zone = None
    state.step = ""


def end_round(state: GameState, db: CardDb) -> None:
    """Draws and prowess reset, then the next round; or the end of the Warrior step."""
    for rec in all_records(state):
        finish_zone(state, rec.zone)
    conan_data(state).resolution = None
    new_round(state)
    plays.end_of(state, Boundary.END_OF_COMBAT)
    foes = foes_on_field(state, db)
    if not foes:
        warrior_end(state, db)
        return
    side = allies(state, db, state.active)
    n = len(foes) + len(side)
    for seat in (state.active, enemy(state)):
        piles.draw(state, seat, n)
    for iid in foes + side:
        add_counter(state, iid, "spent", -counter(state, iid, "spent"))
    state.add_log(msg("log.conan.round_end", n=n))
    state.phase, state.step = "survey", ""
