"""What a zone's fight does, initiative by initiative, for the window to play back.

The rules resolve a whole zone inside one action (:func:`resolution.resolution_step`
runs initiative 5 down to 1 at once). The window wants to show it step by step, so
this module answers, without changing the state it is given:

* :func:`zone_beats` (state, zone): the fight of ``zone`` from where it stands now
  (initiative 5, or the current one when the zone is half fought), on a copy: per
  initiative the strikes (which Move card, which side, which slots face which,
  blocked / hit / glancing per slot, the damage) and who falls;
* :func:`trace` (rules, state, action): every zone fought while ``action`` and the
  automatic steps after it run (the same steps as :func:`flow.advance`), on a copy.

Everything here is public when it is shown: Moves are revealed before the
Resolution phase. Damage numbers equal the rules' (the same ``evaluate_side``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import resolution
from tabletop.games.conan.data import MoveRecord
from tabletop.games.conan.defeat import next_loss
from tabletop.games.conan.flow import MAX_STEPS, _step
from tabletop.games.conan.icons import attack_units, outcome
from tabletop.games.conan.stats import add_counter, has_ability, is_defeated, stat
from tabletop.games.conan.zones import cdef

if TYPE_CHECKING:
    from tabletop.games.conan.rules import ConanRules

__all__ = ["Beat", "Moment", "SlotClash", "Strike", "moments", "trace", "zone_beats"]


@dataclass(frozen=True)
class SlotClash:
    """One attack icon against the slot facing it (``facing`` None: nothing faces it)."""

    slot: int
    icon: str
    facing: int | None
    facing_icon: str
    outcome: str  # icons.HIT / BLOCKED / GLANCING


@dataclass(frozen=True)
class Strike:
    """One side of a Move card attacking one character.

    ``target_card`` / ``target_side``: the touching Move and its side (None for an
    unanswered Foe's Move, whose side and target the enemy chose, CONAN-R15).
    """

    card: int
    attacker: int
    side: str
    target: int
    target_card: int | None
    target_side: str | None
    clashes: tuple[SlotClash, ...]
    damage: int


@dataclass(frozen=True)
class Beat:
    """Everything that happens at one initiative of one zone (all at once, CONAN-R16)."""

    zone: str
    initiative: int
    strikes: tuple[Strike, ...]
    defeated: tuple[int, ...]


def _clashes(card: Any, side: str, magic: bool, defender: Any, def_side: str | None,
             facing: dict[int, int] | None) -> tuple[SlotClash, ...]:
    out = []
    slots = card[side]
    for unit in attack_units(slots, card[f"{side}_multi"], magic):
        for i in unit:
            j = None if facing is None else facing.get(i)
            icon = defender[def_side][j] if (defender is not None and def_side is not None
                                            and j is not None) else ""
            out.append(SlotClash(i, slots[i], j, icon, outcome(slots[i], icon)))
    return tuple(out)


def _strikes(state: GameState, db: CardDb, recs: list[MoveRecord],
             contacts: list[bf.Contact], lone: dict[str, str]) -> list[Strike]:
    """The strikes of ``recs`` (one initiative), as :func:`resolution._hits` counts them."""
    by_card = {r.card: r for r in bf.moves(state)}
    out: list[Strike] = []
    for rec in recs:
        user = rec.by
        if not resolution._alive(state, db, user):
            continue  # CONAN-R16: defeated earlier, deals nothing
        card = cdef(state, db, rec.card)
        magic = has_ability(state, db, user, "magic")
        printed = stat(state, db, user, "damage")
        mine = [c for c in contacts if (c.foe_card if rec.foe else c.hero) == rec.card]
        if rec.foe and not mine:
            side, _, target = lone[str(rec.card)].partition("@")
            result = resolution._side_result(card, side, magic, None, None, None)
            out.append(Strike(rec.card, user, side, int(target), None, None,
                              _clashes(card, side, magic, None, None, None),
                              result.damage(printed)))
            continue
        for c in mine:
            other = by_card[c.hero if rec.foe else c.foe_card]
            other_card = cdef(state, db, other.card)
            side, other_side, facing = ((c.foe_side, c.hero_side, c.foe_to_hero) if rec.foe
                                        else (c.hero_side, c.foe_side, c.hero_to_foe))
            result = resolution._side_result(card, side, magic, other_card, other_side, facing)
            out.append(Strike(rec.card, user, side, other.by,
                              other.card, other_side,
                              _clashes(card, side, magic, other_card, other_side, facing),
                              result.damage(printed)))
    return out


def zone_beats(state: GameState, db: CardDb, zone: str) -> list[Beat]:
    """The fight of ``zone`` from where it stands, one :class:`Beat` per initiative that
    has cards; stops before an unanswered Foe's Move whose side is not chosen yet."""
    s = copy.deepcopy(state)
    res = s.data.get("res") or {}
    start = int(res.get("init", 5)) if res.get("zone") == zone else 5
    lone = {str(k): str(v) for k, v in (res.get("lone") or {}).items()}
    recs = bf.moves(s, zone)
    contacts = bf.contacts(s, zone)
    touched = {c.foe_card for c in contacts}
    out: list[Beat] = []
    for k in range(start, 0, -1):
        now = [r for r in recs if int(cdef(s, db, r.card)["initiative"]) == k]
        if any(r.foe and r.card not in touched and str(r.card) not in lone
               and resolution._alive(s, db, r.by) for r in now):
            break  # the enemy has not chosen this lone Move's side yet
        strikes = _strikes(s, db, now, contacts, lone)
        hit: set[int] = set()
        for st in strikes:
            if resolution._alive(s, db, st.target):
                add_counter(s, st.target, "damage", st.damage)
                if st.damage > 0:
                    hit.add(st.target)
        fallen = tuple(sorted(t for t in hit if is_defeated(s, db, t)))
        if strikes:
            out.append(Beat(zone, k, tuple(strikes), fallen))
        if any(cdef(s, db, t).type == "conan" for t in fallen):
            break  # Conan fell: the game (or the turn) ends here
    return out


def trace(rules: ConanRules, state: GameState, action: Action) -> list[Beat]:
    """Every zone fought while ``action`` and the automatic steps after it run, as beats
    (on a copy; ``action`` must be legal in ``state``)."""
    db = rules.cards
    s = copy.deepcopy(state)
    rules.apply_direct(s, action)
    out: list[Beat] = []
    traced: set[str] = set()
    for _ in range(MAX_STEPS):
        if s.game_over or s.pending is not None:
            break
        if s.data.get("loss"):
            next_loss(s, db)
            continue
        if s.phase == "resolution":
            res = s.data["res"]
            if res["zone"] is None:
                left = [z for z in res["left"] if bf.moves(s, z) or s.zones[z].cards]
                if len(left) == 1:  # what resolution_step does next, done here to look first
                    resolution.start_zone(s, left[0])
            zone = res["zone"]
            if zone is not None and zone not in traced:
                traced.add(str(zone))
                out += zone_beats(s, db, str(zone))
        if not _step(s, db):
            break
    return out


@dataclass(frozen=True)
class Moment:
    """The table as one step of a fight's playback shows it.

    ``kind``: ``zone`` (a zone's fight begins: the cards as they lie, initiative 5 to
    come), ``beat`` (the strikes of one initiative have landed: damage counters and
    the log's hit lines; the defeats of that initiative not yet carried out) or
    ``fall`` (those defeats carried out: the fallen in a Chronicle or a discard pile,
    renown changed). ``state`` is an independent copy of the game state at that
    moment (what the window shows meanwhile, CONAN-R16 order); ``beat`` the
    initiative's strikes (None for ``zone``).
    """

    kind: str
    zone: str
    beat: Beat | None
    state: GameState


def moments(rules: ConanRules, state: GameState, action: Action) -> list[Moment]:
    """What the table looks like at every step of the fights ``action`` sets off, as
    :class:`Moment` copies, in order (on a copy; ``action`` must be legal in ``state``).

    The rules fight one initiative per automatic step and carry out its defeats in
    the next (:func:`resolution.resolution_step`), so each moment is a real state of
    the game, not a reconstruction. Empty when the action starts no fight.
    """
    db = rules.cards
    s = copy.deepcopy(state)
    rules.apply_direct(s, action)
    out: list[Moment] = []
    beats: dict[tuple[str, int], Beat] = {}
    traced: set[str] = set()
    for _ in range(MAX_STEPS):
        if s.game_over or s.pending is not None:
            break
        if s.data.get("loss"):
            next_loss(s, db)
            continue
        fought: tuple[str, int, bool] | None = None
        if s.phase == "resolution":
            res = s.data["res"]
            if res["zone"] is None:
                left = [z for z in res["left"] if bf.moves(s, z) or s.zones[z].cards]
                if len(left) == 1:  # what resolution_step does next, done here to look first
                    resolution.start_zone(s, left[0])
            zone = res["zone"]
            if zone is not None:
                if zone not in traced:
                    traced.add(str(zone))
                    beats.update({(b.zone, b.initiative): b for b in zone_beats(s, db, str(zone))})
                    out.append(Moment("zone", str(zone), None, copy.deepcopy(s)))
                falling = res.get("falling")
                fought = (str(zone), int(res["init"]) + (1 if falling is not None else 0),
                          falling is not None)
        going = _step(s, db)
        beat = beats.get(fought[:2]) if fought is not None else None
        if fought is not None and beat is not None:  # None: an initiative without cards
            if not fought[2]:
                out.append(Moment("beat", fought[0], beat, copy.deepcopy(s)))
            elif beat.defeated:  # Conan's fall ends the game here: shown all the same
                out.append(Moment("fall", fought[0], beat, copy.deepcopy(s)))
        if not going:
            break
    return out
