"""Game set-up (seed: 開始準備, ゲーム開始時基本設定).

Each seat's deck has three piles: ``conan`` (exactly one Conan card, put on the
seat's side), ``draw`` (shuffled into the draw deck) and ``foe`` (shuffled into
the Foe deck). The first player draws 5 cards, the other 7 (no mulligan), and
the first turn starts.

A scenario position (``setup.position``) replaces this: no shuffles, no
opening hands. Foe cards in the battlefield rows belong to the enemy and Foe
cards in a Chronicle to the other seat unless the entry says ``owner``; the
flow then continues from the position's phase (a pending decision is asked
again). Positions may start in any phase where a seat acts or is asked:
``start_of_turn``, ``prepare``, ``foe_draw`` (step ``place`` with a Foe hand,
or ``""`` to draw it), ``survey``, ``foe_move``, ``press_on``, ``rest``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.position import build_position
from tabletop.core.rules import GameSetup
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.flow import advance
from tabletop.games.conan.piles import draw
from tabletop.games.conan.schema import GAME_ID
from tabletop.games.conan.words import seat_msg
from tabletop.games.conan.zones import FOE_ZONES, SEATS, create_zones, zid

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


def new_game(setup: GameSetup, db: CardDb, phases: tuple[str, ...]) -> GameState:
    """The state after set-up, waiting for the first player's Press On choice."""
    state = GameState(GAME_ID, setup.seed, first=setup.first, active=setup.first)
    create_zones(state)
    state.data["moves"] = []
    if setup.position is not None:
        build_position(state, setup.position, db, phases)
        _owners(state, setup.position)
        state.data.setdefault("moves", [])
        if state.phase == "foe_draw" and state.step == "place":
            state.data.setdefault("foes_placed", 0)
        bf.relayout_foe_moves(state)
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
    state.phase = "start_of_turn"
    state.add_log(msg("log.conan.first_player", player=seat_msg(setup.first)))
    draw(state, setup.first, FIRST_HAND)
    draw(state, 1 - setup.first, OTHER_HAND)
    advance(state, db)
    return state
