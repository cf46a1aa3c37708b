"""The computer player (contract A, issue 13): at every level it answers with a legal
action and a reason in its seat's words, changes nothing, gives the same move for the
same seed, and never peeks: the other seat's hidden cards permuted, with every fact it
sees the same, its move stays the same (ALL-H6)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from player_helpers import Table, permute_hidden, positions, rules_of

from tabletop.core.actions import Action
from tabletop.core.decks import load_deck_dir
from tabletop.core.evaluation import Term, score
from tabletop.core.ismcts import Budget, Line, SearchResult
from tabletop.core.messages import Message
from tabletop.core.model import GameState
from tabletop.core.random_bot import RandomBot
from tabletop.core.rules import game_ids
from tabletop.core.seat_player import Level, budget_for, make_player, search_reason
from tabletop.core.selfplay import setup_for
from tabletop.i18n import has_text
from tabletop.resources import resource_path


def _unhurried(game: str, level: Level) -> Budget | None:
    """The level's budget without its wall-clock cap: a busy test machine must not
    cut a search short (the cap is the only thing that makes a move depend on speed)."""
    budget = budget_for(game, level)
    return None if budget is None else replace(budget, seconds=600.0)


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL])
def test_the_player_never_peeks(game: str, level: Level) -> None:
    rules = rules_of(game)
    player = make_player(rules, level, seed=11, budget=_unhurried(game, level))
    changed = 0
    for state in positions(game, seed=5, every=8, count=2):
        seat = rules.acting_seat(state)
        mine = player.choose(rules, state, seat)
        assert mine is not None
        for owner in (0, 1):
            other, n = permute_hidden(rules, state, seat, seed=owner + 3, owner=owner)
            changed += n
            theirs = player.choose(rules, other, seat)
            assert theirs is not None
            assert theirs.action == mine.action
            assert theirs.reason == mine.reason
    assert changed > 0


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("level", list(Level))
def test_every_level_answers_legally_and_changes_nothing(game: str, level: Level) -> None:
    rules = rules_of(game)
    player = make_player(rules, level, seed=2)
    for state in positions(game, seed=7, every=10, count=1):
        seat = rules.acting_seat(state)
        before = state.fingerprint()
        choice = player.choose(rules, state, seat)
        assert choice is not None
        assert state.fingerprint() == before
        assert choice.action in rules.legal_actions(state, seat)
        assert player.choose(rules, state, 1 - seat) is None
        for lang in ("en", "ja"):
            text = choice.reason.render(lang)
            assert text and "{" not in text and "player." not in text, text


@pytest.mark.parametrize("game", game_ids())
def test_a_decision_is_reproducible_for_a_seed(game: str) -> None:
    rules = rules_of(game)
    state = positions(game, seed=9, every=6, count=1)[0]
    seat = rules.acting_seat(state)
    budget = _unhurried(game, Level.NORMAL)
    a = make_player(rules, Level.NORMAL, seed=4, budget=budget).choose(rules, state, seat)
    b = make_player(rules, Level.NORMAL, seed=4, budget=budget).choose(rules, state, seat)
    assert a is not None and b is not None
    assert (a.action, a.reason) == (b.action, b.reason)
    assert a.search is not None and a.search.iterations > 0


@pytest.mark.parametrize("game", game_ids())
def test_a_reason_never_names_a_card_its_seat_cannot_see(game: str) -> None:
    rules = rules_of(game)
    player = make_player(rules, Level.NORMAL, seed=8)
    for state in positions(game, seed=12, every=5, count=2):
        seat = rules.acting_seat(state)
        choice = player.choose(rules, state, seat)
        assert choice is not None
        seen = {rules.cards[state.cards[i].card_id].display_name("en")
                for i in state.cards if state.visible_to(i, seat)}
        unseen = {rules.cards[state.cards[i].card_id].display_name("en")
                  for i in state.cards if not state.visible_to(i, seat)} - seen
        text = choice.reason.render("en")
        assert not [name for name in unseen if name in text], text


def test_a_forced_move_is_played_without_a_search() -> None:
    rules = rules_of("arc")
    state = rules.new_game(setup_for(rules, 1, load_deck_dir(
        resource_path("assets", "decks", "arc"))))
    bot = RandomBot(1)
    while len(rules.legal_actions(state, rules.acting_seat(state))) != 1:
        action = bot.choose(Table(rules, state))
        assert action is not None
        rules.apply(state, action)
    seat = rules.acting_seat(state)
    choice = make_player(rules, Level.HARD, seed=1).choose(rules, state, seat)
    assert choice is not None and choice.search is None
    assert choice.action == rules.legal_actions(state, seat)[0]
    assert choice.reason.key == "player.reason.forced"


def test_every_reason_kind_has_both_languages() -> None:
    for game in game_ids():
        for kind in ("decide", "next_phase"):
            for key in (f"player.reason.{game}.{kind}", "player.reason.search"):
                if has_text(key, "en"):
                    assert has_text(key, "ja")


def _finish(game: str, budget: Budget | None, level: Level) -> None:
    rules = rules_of(game)
    state = rules.new_game(setup_for(rules, 21, load_deck_dir(
        resource_path("assets", "decks", game))))
    player = make_player(rules, level, seed=3, budget=budget)
    other = RandomBot(5)
    for _ in range(3000):
        if state.game_over:
            break
        seat = rules.acting_seat(state)
        if seat == 0:
            choice = player.choose(rules, state, 0)
            assert choice is not None
            action: Action | None = choice.action
        else:
            action = other.choose(Table(rules, state))
        assert action is not None
        verdict = rules.check(state, action)
        assert verdict.ok, (action, verdict.reason)
        rules.apply(state, action)
    assert state.game_over


@pytest.mark.parametrize("game", game_ids())
def test_a_searching_player_finishes_a_game_against_the_random_bot(game: str) -> None:
    # the NORMAL search with a tiny budget: every decision of the game, none refused
    _finish(game, Budget(2, 10.0, 4), Level.NORMAL)


@pytest.mark.soak
@pytest.mark.parametrize("game", game_ids())
def test_a_normal_player_finishes_a_game_against_the_random_bot(game: str) -> None:
    _finish(game, None, Level.NORMAL)


@pytest.mark.parametrize("game", game_ids())
def test_the_evaluation_is_the_sum_of_its_named_terms(game: str) -> None:
    """ALL-H6 search: a game that names its evaluation's terms scores a position by
    exactly their sum, and every term has words in both languages."""
    rules = rules_of(game)
    for state in positions(game, seed=3, every=7, count=3):
        for seat in (0, 1):
            terms = rules.evaluation_terms(state, seat)
            if not terms:
                continue
            assert rules.evaluate(state, seat) == score(terms)
            for term in terms:
                for lang in ("en", "ja"):
                    assert has_text(f"player.term.{game}.{term.name}", lang), term.name


def _line(action: Action, visits: int, value: float, deck: float, board: float) -> Line:
    return Line(action, visits, value, (Term("deck", deck, 0.3, 8), Term("board", board, 0.15, 8)))


def _arc_result(best: Line, runner: Line) -> tuple[Message, GameState]:
    rules = rules_of("arc")
    state = positions("arc", seed=3, every=7, count=1)[0]
    result = SearchResult(best.action, (best, runner), best.visits + runner.visits, 0.1)
    return search_reason(rules, state, 0, result), state


def test_a_reason_names_the_lead_its_move_won_in_the_sampled_games() -> None:
    """The chosen move's sampled games ended 3 cards further ahead on the deck and
    level on the board: the reason names the deck and the next best move."""
    end = Action("end_turn", 0)
    nxt = Action("next_phase", 0)
    reason, _ = _arc_result(_line(end, 30, 0.62, 4.0, 1.0), _line(nxt, 10, 0.55, 1.0, 1.0))
    assert reason.key == "player.reason.lead"
    text = reason.render("en")
    assert "in cards left in the deck was on average 3.0 bigger" in text, text
    assert "next phase" in text, text
    assert "デッキ" in reason.render("ja")


def test_a_reason_without_a_lead_tells_the_win_share() -> None:
    """Both moves ended alike in every term: no lead is claimed."""
    end = Action("end_turn", 0)
    nxt = Action("next_phase", 0)
    reason, _ = _arc_result(_line(end, 30, 0.62, 1.0, 1.0), _line(nxt, 10, 0.55, 1.0, 1.0))
    assert reason.key == "player.reason.search"
