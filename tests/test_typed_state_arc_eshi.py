"""Issue 11 for Arc and 絵師100人展: each game's bookkeeping is one typed value converted
from ``[position.data]`` on load (a misspelt key is refused), turn-scoped values are
replaced as one object, decision kinds and phases are enums equal to their strings,
and each action kind is checked once into a typed value."""

from __future__ import annotations

from typing import Any

import pytest
from game_helpers import c, lab

from tabletop.core.actions import Action, Verdict
from tabletop.core.engine import Game
from tabletop.core.position import PositionError
from tabletop.core.rules import GameSetup
from tabletop.games import arc, eshi100
from tabletop.games.arc.combat import CombatCardAnswer
from tabletop.games.arc.data import ArcData, Combat, DecisionKind, Phase, TurnData, arc_data
from tabletop.games.arc.plays import PlayCard
from tabletop.games.eshi100.attack import Use
from tabletop.games.eshi100.data import DecisionKind as EshiKind
from tabletop.games.eshi100.data import PendingAttack, eshi_data

ARC = arc.load()
ESHI = eshi100.load()
FILLER = ["blue_tide_pool"] * 10


def _arc(phase: str, step: str = "", data: dict[str, Any] | None = None,
         **zones: list[Any]) -> Game:
    table: dict[str, list[Any]] = {"p0.deck": list(FILLER), "p1.deck": list(FILLER)}
    table.update({k.replace("_", ".", 1): v for k, v in zones.items()})
    pos: dict[str, Any] = {"phase": phase, "step": step, "zones": table}
    if data is not None:
        pos["data"] = data
    return Game(ARC, GameSetup("arc", 1, 0, position=pos))


def test_arc_position_data_becomes_typed_and_writes_the_same_shape_back() -> None:
    game = _arc("attack", "block", {"resource_played": True, "combat": {"attackers": ["$a"]}},
                p0_characters=[c("red_spark_squire", "a", tapped=True)],
                p1_characters=[c("blue_tide_caller", "b")])
    data = arc_data(game.state)
    a = lab(game, "a")
    assert data == ArcData((), TurnData(True), Combat((a,)))
    assert data.to_json() == {"resource_played": True, "combat": {
        "attackers": [a], "blocks": [], "mods": [], "answered": []}}
    assert set(game.state.data) == {"arc", "labels"}  # no raw keys left beside it
    assert game.state.pending.kind == DecisionKind.BLOCKERS == "blockers"


def test_a_misspelt_position_data_key_is_refused_naming_it() -> None:
    with pytest.raises(PositionError, match="position.data.resource_playd"):
        _arc("main", data={"resource_playd": True})
    with pytest.raises(PositionError, match="position.data.atack"):
        Game(ESHI, GameSetup("eshi100", 1, 0, position={
            "phase": "action", "zones": {}, "data": {"atack": {}}}))


def test_the_turn_scoped_value_is_a_new_object_each_turn() -> None:
    game = _arc("resource", p0_hand=[c("red_ember_hills", "r")])
    assert game.propose(Action.make("play_resource", 0, card=lab(game, "r"))).ok
    played = arc_data(game.state).turn
    assert played.resource_played
    assert game.propose(Action.make("end_turn", 0)).ok
    assert arc_data(game.state).turn == TurnData() and arc_data(game.state).turn is not played


def test_phases_are_enums_equal_to_their_strings() -> None:
    assert ARC.phases == ("untap", "draw", "resource", "main", "attack", "end")
    assert ESHI.phases == ("prepare", "action", "challenge", "end")
    assert repr(Phase.MAIN) == "'main'" and f"{Phase.MAIN}" == "main"
    assert EshiKind.DEFEND == "defend"


def test_arc_prepares_typed_values_once() -> None:
    game = _arc("main", p0_hand=[c("red_spark_squire", "s")],
                p0_resources=[c("red_ember_hills", "r")])
    prepared = ARC.prepare(game.state, Action.make("play_card", 0, card=lab(game, "s")))
    assert not isinstance(prepared, Verdict)
    assert prepared.value == PlayCard(lab(game, "s"), None, (lab(game, "r"),))
    combat = _arc("attack", "combat_card", {"combat": {"attackers": ["$a"], "answered": [1]}},
                  p0_characters=[c("red_spark_squire", "a", tapped=True)])
    answer = ARC.prepare(combat.state, Action.make("decide", 0, choice=["pass"]))
    assert not isinstance(answer, Verdict) and answer.value == CombatCardAnswer()


def test_eshi_use_is_prepared_once_and_the_attack_is_typed() -> None:
    pos = {"phase": "action", "zones": {
        "p0.deck": ["chalk_sprite"] * 5, "p1.deck": ["chalk_sprite"] * 5,
        "grid": [{"card": "chalk_sprite", "label": "k", "owner": 0, "counters": {"square": 0}}]}}
    game = Game(ESHI, GameSetup("eshi100", 1, 0, position=pos))
    k = lab(game, "k")
    prepared = ESHI.prepare(game.state, Action.make("use", 0, card=k, consume=[]))
    assert not isinstance(prepared, Verdict) and prepared.value == Use(k, ())
    assert eshi_data(game.state).attack is None
    assert game.propose(Action.make("use", 0, card=k, consume=[])).ok
    assert eshi_data(game.state).attack is None  # undefended: judged at once, the attack over
    zones = {**pos["zones"], "grid": [*pos["zones"]["grid"], {
        "card": "varnish_shield", "owner": 1, "counters": {"square": 15}}]}
    waiting = Game(ESHI, GameSetup("eshi100", 1, 0, position={
        "phase": "action", "step": "defend", "zones": zones,
        "data": {"attack": {"attacker": "$k"}}}))
    assert eshi_data(waiting.state).attack == PendingAttack(lab(waiting, "k"), 0)
    assert waiting.state.pending.kind == EshiKind.DEFEND
    assert eshi_data(waiting.state).to_json() == {"attack": {"attacker": lab(waiting, "k")}}
