"""Conan's bookkeeping as typed values (issue 11): Move records, the turn's data replaced
as one object, the handler table, a misspelt position key refused."""

from __future__ import annotations

import pytest
from test_conan_rules import RULES, c, game_at, lab, ok, position

from tabletop.core.actions import Action
from tabletop.core.position import PositionError
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.data import (
    ConanData,
    DecisionKind,
    MoveRecord,
    Phase,
    TurnData,
    conan_data,
    turn_data,
)
from tabletop.games.conan.rules import KINDS


def test_a_move_record_goes_to_its_plain_form_and_back() -> None:
    rec = MoveRecord(12, "center", 10.5, -3.0, 180.0, 7, False, "center/gap1")
    plain = rec.to_dict()
    assert plain == {"card": 12, "zone": "center", "x": 10.5, "y": -3.0, "rot": 180.0,
                     "by": 7, "foe": False, "target": "center/gap1"}
    assert MoveRecord.from_dict(plain) == rec
    with pytest.raises(ValueError, match="'rot'"):
        MoveRecord.from_dict({k: v for k, v in plain.items() if k != "rot"})


def test_enums_equal_the_saved_strings() -> None:
    assert Phase.CONAN_MOVE == "conan_move" and repr(Phase.REST) == "'rest'"
    assert DecisionKind.LONE_ATTACK == "lone_attack"
    assert tuple(RULES.phases) == tuple(p.value for p in Phase)
    assert set(RULES.handlers()) == KINDS


def test_the_turn_data_is_one_object_replaced_when_the_turn_ends() -> None:
    game = game_at(position("rest", step="adjust", data={"press": 2, "used": [[1, 0]]},
                            conan=[c("conan_wanderer", "conan")]))
    state = game.state
    assert isinstance(state.data["conan"], ConanData)
    assert turn_data(state) == TurnData()  # the turn ended: nothing of it is left
    assert state.active == 1


def test_placed_moves_are_records_read_through_the_accessor() -> None:
    game = game_at(position(
        "foe_move", center=[c("foe_hill_bandit", "bandit")],
        conan=[c("conan_wanderer", "conan")], p1_hand=[c("move_slash", "slash")]))
    ok(game, "place_foe_move", 1, card=lab(game, "slash"), foe=lab(game, "bandit"))
    (rec,) = bf.moves(game.state)
    assert isinstance(rec, MoveRecord) and rec.foe and rec.by == lab(game, "bandit")
    assert conan_data(game.state).moves == (rec,)


def test_a_misspelt_position_data_key_is_refused_naming_it() -> None:
    with pytest.raises(PositionError, match="position.data.pres"):
        game_at(position("prepare", data={"pres": 1}, conan=[c("conan_wanderer", "conan")]))


def test_apply_direct_carries_out_without_the_automatic_steps() -> None:
    game = game_at(position("prepare", conan=[c("conan_wanderer", "conan")]))
    state = game.state
    RULES.apply_direct(state, Action.make("next_phase", 0))
    assert (state.phase, state.step) == ("foe_draw", "")  # the Foe Draw is not run yet
    with pytest.raises(ValueError, match="conan.enemy_acts"):  # the enemy acts in the Foe Draw
        RULES.apply_direct(state, Action.make("play_card", 0, card=1))
