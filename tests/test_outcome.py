"""How a game ended is recorded when it ends (issue 11: ``Outcome(winner, cause)``,
not found by scanning log keys), in every game, and agrees with what each game's
rules report; a resignation and a draw are causes of their own."""

from __future__ import annotations

import importlib

import pytest

from tabletop.core import selfplay
from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.model import EndCause, Outcome, Result
from tabletop.core.rules import game_ids, load_rules


@pytest.mark.parametrize("game_id", game_ids())
def test_every_finished_bot_game_records_its_outcome(game_id: str) -> None:
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    finished = 0
    for seed in range(1, 7):
        game, record = selfplay.play_one(rules, seed, decks, max_actions=3000, max_turns=80)
        state = game.state
        if not state.game_over:
            assert state.outcome is None
            continue
        finished += 1
        assert state.outcome == Outcome(state.winner, EndCause(record.cause))
        cause = state.outcome.cause
        assert cause in CAUSES[game_id], cause
        if cause is EndCause.DECK_OUT and state.winner is not None:
            loser = 1 - state.winner  # its deck ran out (or it had to draw from none)
            assert len(state.zones[f"p{loser}.deck"]) <= 1
        if game_id == "conan":  # the log names the same end the outcome records
            said = next(CONAN_LOG[e.public.key] for e in reversed(state.log)
                        if e.public.key in CONAN_LOG)
            assert said == ("draw" if state.winner is None else str(cause))
    assert finished, "no bot game finished"


#: The ends each game's rules know (ARC-R1, CONAN-R1/R3, ESHI-R6, XENO-R1).
CAUSES = {"arc": {EndCause.DECK_OUT}, "xenocard": {EndCause.DECK_OUT},
          "eshi100": {EndCause.DECK_OUT, EndCause.POINTS, EndCause.CARD_VICTORY, EndCause.DRAW},
          "conan": {EndCause.RENOWN, EndCause.DEFEAT, EndCause.FOE_EXHAUSTION, EndCause.DRAW}}
#: The Conan log lines that tell how a game ended, as the game reported them before
#: the outcome was recorded.
CONAN_LOG = {"log.conan.renown_check": "renown", "log.conan.eliminated": "defeat",
             "log.conan.foes_exhausted": "foe_exhaustion", "log.conan.draw_game": "draw"}


@pytest.mark.parametrize("game_id", game_ids())
def test_ALL_H4_a_resignation_is_recorded_as_its_cause(game_id: str) -> None:
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, 1, decks))
    assert game.propose(Action.make("resign", 0)).ok
    assert game.state.outcome == Outcome(1, EndCause.RESIGN)
    assert game.state.result is Result.WIN and rules.end_cause(game.state) == "resign"
