"""Game set-up (seed: 開始準備, ゲーム開始時基本設定).

Each seat's deck has three piles: ``conan`` (exactly one Conan card, put on the
seat's side), ``draw`` (shuffled into the draw deck) and ``foe`` (shuffled into
the Foe deck). The first player draws 5 cards, the other 7 (no mulligan), and
the first turn starts.

A scenario position (``setup.position``) replaces this: no shuffles, no
opening hands. Foe cards in the battlefield rows belong to the enemy and Foe
cards in a Chronicle to the other seat unless the entry says ``owner``; the
flow then continues from the position's phase (a pending decision is asked
again). Positions may start in any phase: ``start_of_turn``, ``prepare``,
``foe_draw`` (step ``place`` with a Foe hand, or ``""`` to draw it),
``survey``, ``foe_move``, ``conan_move``, ``barbarian``, ``resolution`` (from
its first zone), ``press_on``, ``rest``.

Move cards already on the battlefield lie in the zone ``moves`` and are
declared, by label, in ``[position.data]`` (:func:`place_declared_moves`)::

    moves = [
        { card = "$arrows", foe = "$bandit" },                       # a Foe's Move
        { card = "$slash", by = "$conan", target = "center/gap1" },  # Conan's / an Ally's
    ]

A Foe's Move lies against its Foe (CONAN-R8); Conan's or an Ally's at a target
place named as in :mod:`~tabletop.games.conan.battlefield`. Costs are not paid
again (the position's counters already say what was spent). Before the reveal
(``foe_move``, ``conan_move``) a Move lies face down, seen by its placer only,
unless its entry says ``face_up``; from the Barbarian phase on, face up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.position import PositionError, build_position, resolve_labels
from tabletop.core.rules import GameSetup
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.data import (
    MoveRecord,
    Phase,
    add_record,
    conan_data,
    from_position,
    set_records,
    set_turn,
    turn_data,
)
from tabletop.games.conan.flow import advance
from tabletop.games.conan.piles import draw
from tabletop.games.conan.resolution import begin_resolution
from tabletop.games.conan.schema import GAME_ID
from tabletop.games.conan.words import seat_msg
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    FOE_ZONES,
    MOVES_ZONE,
    SEATS,
    allies,
    conan_of,
    create_zones,
    foe_zone_of,
    zid,
)

FIRST_HAND, OTHER_HAND = 5, 7
PILES = ("conan", "draw", "foe")


def _owners(state: GameState, position: Mapping[str, Any]) -> None:
    """Foes on the battlefield are the enemy's; Foes in a Chronicle the other seat's."""
    zones = position.get("zones", {})
    for zone, entries in zones.items():
        if zone in FOE_ZONES:
            owner = 1 - state.active
        elif zone.endswith(".chronicle"):
            owner = 1 - int(zone[1])
        else:
            continue
        for iid, entry in zip(state.zones[zone].cards, entries, strict=False):
            if not (isinstance(entry, Mapping) and "owner" in entry):
                state.cards[iid].owner = owner


#: Phases in which placed Moves still lie face down (CONAN-R8: revealed after the
#: Conan Move phase).
FACE_DOWN_PHASES = frozenset({Phase.FOE_MOVE, Phase.CONAN_MOVE})


def _entry_flags(position: Mapping[str, Any], zone: str, cards: list[int]
                 ) -> dict[int, Mapping[str, Any]]:
    """Instance id -> its position entry as a table (``{}`` for a bare card id)."""
    entries = position.get("zones", {}).get(zone, [])
    return {iid: entry if isinstance(entry, Mapping) else {}
            for iid, entry in zip(cards, entries, strict=False)}


def place_declared_moves(state: GameState, db: CardDb, position: Mapping[str, Any]) -> None:
    """Turn a position's ``data.moves`` declarations (see the module docstring) into
    Move records (:mod:`~tabletop.games.conan.battlefield`), with ``conan_zones`` and
    ``ally_moved`` for the Conan Move phase (CONAN-R10), owners and faces.

    Foes' Moves are placed first, so the targets of Conan's and the Allies' Moves
    exist. Raises PositionError (naming the field) for an unknown label, a card not
    in the zone ``moves``, a Move card without a declaration, a Foe not on the
    battlefield or with two Moves, or a target that is not a free place.
    """
    given = position.get("data", {})
    declared = from_position(state, given if isinstance(given, Mapping) else {}) or []
    set_records(state, ())
    where = "position.data.moves"
    if not isinstance(declared, list) or not all(isinstance(d, Mapping) for d in declared):
        raise PositionError(f"field '{where}': expected a list of tables like "
                            '{ card = "$label", foe = "$label" }')
    if declared and all("x" in d for d in declared):  # stored records (a save's own form)
        try:
            set_records(state, [MoveRecord.from_dict(d) for d in declared])
        except ValueError as exc:
            raise PositionError(f"field '{where}': {exc}") from None
        return
    labels = state.data.get("labels", {})

    def iid(n: int, key: str) -> int:
        value = declared[n].get(key)
        if not isinstance(value, str) or not value.startswith("$"):
            raise PositionError(f"field '{where}[{n}].{key}': expected a \"$label\"")
        try:
            return int(resolve_labels(value, labels))
        except PositionError:
            raise PositionError(f"field '{where}[{n}].{key}': unknown card label "
                                f"{value!r}") from None

    flags = _entry_flags(position, MOVES_ZONE, list(state.zones[MOVES_ZONE].cards))
    placer: dict[int, int] = {}
    order = sorted(range(len(declared)), key=lambda n: "foe" not in declared[n])
    for n in order:
        entry = declared[n]
        unknown = set(entry) - {"card", "foe", "by", "target"}
        if unknown:
            raise PositionError(f"field '{where}[{n}].{sorted(unknown)[0]}': unknown field "
                                "(card, foe; or card, by, target)")
        card = iid(n, "card")
        if state.zone_of(card) != MOVES_ZONE or card in placer:
            raise PositionError(f"field '{where}[{n}].card': the card must lie in the zone "
                                f"'{MOVES_ZONE}', declared once")
        if "foe" in entry:
            foe = iid(n, "foe")
            zone = foe_zone_of(state, foe)
            if zone is None or db[state.cards[foe].card_id].type != "foe":
                raise PositionError(f"field '{where}[{n}].foe': not a Foe on the battlefield")
            if bf.move_of_foe(state, foe) is not None:
                raise PositionError(f"field '{where}[{n}].foe': this Foe has a Move already")
            shape = next(s for s in bf.foe_shapes(state, zone) if int(s.key) == foe)
            placed, by, target = bf.foe_move_shape(shape, str(card)), foe, ""
            if "owner" not in flags.get(card, {}):
                state.cards[card].owner = state.cards[foe].owner
        else:
            by = iid(n, "by")
            if by != conan_of(state, db, state.active) and by not in allies(state, db,
                                                                            state.active):
                raise PositionError(f"field '{where}[{n}].by': not the turn player's Conan "
                                    "or one of its Allies")
            name = entry.get("target")
            place = bf.find_target(state, name) if isinstance(name, str) else None
            if place is None or bf.occupied(state, place):
                free = [t.id for t in bf.all_targets(state) if not bf.occupied(state, t)]
                raise PositionError(f"field '{where}[{n}].target': {name!r} is not a free "
                                    f"place (free: {', '.join(free) or 'none'})")
            placed, zone, target = place.shape, place.zone, place.id
            if "owner" not in flags.get(card, {}):
                state.cards[card].owner = state.cards[by].owner
            turn = turn_data(state)
            if state.zone_of(by) == CONAN_ZONE:
                if zone not in turn.conan_zones:
                    set_turn(state, replace(turn, conan_zones=(*turn.conan_zones, zone)))
            elif by not in turn.ally_moved:
                set_turn(state, replace(turn, ally_moved=(*turn.ally_moved, by)))
        placer[card] = state.cards[card].owner
        add_record(state, MoveRecord(card, zone, placed.center[0], placed.center[1],
                                     placed.rotation_deg, by, "foe" in entry, target))
    for card in state.zones[MOVES_ZONE].cards:
        if card not in placer:
            raise PositionError(f"field 'position.zones.{MOVES_ZONE}': card "
                                f"{state.cards[card].card_id!r} has no entry in {where}")
        face_up = flags.get(card, {}).get("face_up", state.phase not in FACE_DOWN_PHASES)
        state.cards[card].face_up = bool(face_up)
        state.cards[card].known_to = set() if face_up else {placer[card]}


def new_game(setup: GameSetup, db: CardDb, phases: tuple[str, ...]) -> GameState:
    """The state after set-up, waiting for the first player's Press On choice."""
    state = GameState(GAME_ID, setup.seed, first=setup.first, active=setup.first)
    create_zones(state)
    conan_data(state)
    if setup.position is not None:
        build_position(state, setup.position, db, phases)
        _owners(state, setup.position)
        place_declared_moves(state, db, setup.position)
        bf.relayout_foe_moves(state)
        if state.phase == Phase.RESOLUTION and conan_data(state).resolution is None:
            begin_resolution(state)
        advance(state, db)
        return state
    for seat in SEATS:
        deck = setup.decks[seat] if seat < len(setup.decks) else {}
        for pile in deck:
            if pile not in PILES:
                raise ValueError(f"deck of seat {seat}: unknown pile {pile!r}")
            unknown = [c for c in deck[pile] if c not in db]
            if unknown:
                raise ValueError(f"deck of seat {seat}: unknown card id {unknown[0]!r}")
        conans = list(deck.get("conan", []))
        if len(conans) != 1 or db[conans[0]].type != "conan":
            raise ValueError(f"deck of seat {seat}: the pile 'conan' needs exactly one "
                             "Conan card (CONAN-R20)")
        state.new_card(conans[0], seat, zid(seat, "side"))
        state.new_pile(zid(seat, "deck"), seat, list(deck.get("draw", [])))
        state.new_pile(zid(seat, "foe_deck"), seat, list(deck.get("foe", [])))
    state.phase = Phase.START_OF_TURN
    state.add_log(msg("log.conan.first_player", player=seat_msg(setup.first)))
    draw(state, setup.first, FIRST_HAND)
    draw(state, 1 - setup.first, OTHER_HAND)
    advance(state, db)
    return state
