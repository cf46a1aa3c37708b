"""The Xenocard computer player's search hooks (issue 13): the moves it weighs
(``XenoRules.search_actions``), its playouts and its evaluation's threat term.

Positions are built as in test_xenocard_rules.py (``GameSetup(position=...)``);
battle-field slots are named as their owner sees them.
"""

from __future__ import annotations

from typing import Any

import game_helpers as helpers
from game_helpers import c, lab

from tabletop.core.actions import Action, Verdict
from tabletop.core.engine import Game
from tabletop.core.random_bot import RandomBot
from tabletop.core.rules import GameSetup
from tabletop.core.selfplay import setup_for
from tabletop.games import xenocard
from tabletop.games.xenocard.heuristic import terms, threat
from tabletop.games.xenocard.search import outcome_key, playout_actions
from tabletop.games.xenocard.state import xeno

RULES = xenocard.load()
FILLER = ["deck_rookie"] * 10


def position(phase: str = "set", active: int = 0, data: dict[str, Any] | None = None,
             **zones: list[Any]) -> dict[str, Any]:
    return helpers.position(FILLER, zones, data, phase=phase, active=active)


def game_at(pos: dict[str, Any]) -> Game:
    return Game(RULES, GameSetup("xenocard", 1, 0, position=pos))


def weighed(game: Game, seat: int = 0) -> list[Action]:
    state = game.state
    return RULES.search_actions(state, seat, RULES.legal_actions(state, seat))


def test_set_phase_weighs_one_standby_slot_per_card_and_one_copy_of_a_card() -> None:
    """Four free standby slots and two Marine Sergeants in the hand: 8 set_card actions
    that give one game; the search weighs one, plus the Husk Crawler's and moving on."""
    game = game_at(position("set", p0_hand=[c("marine_sergeant", "l1"),
                                            c("marine_sergeant", "l2"), c("husk_crawler", "w")]))
    legal = RULES.legal_actions(game.state, 0)
    assert sum(a.kind == "set_card" for a in legal) == 12
    kept = weighed(game)
    sets = [(a.get("card"), a.get("slot")) for a in kept if a.kind == "set_card"]
    assert sets == [(lab(game, "l1"), "p0.standby/s1"), (lab(game, "w"), "p0.standby/s1")]
    assert kept[-1] == Action.make("next_phase", 0)


def test_XENO_H2_a_standby_card_moved_within_standby_is_not_weighed_but_onto_the_field_is() -> None:
    game = game_at(position("move", data={"slots": {"w": "s1"}},
                            p0_standby=[c("walker_frame", "w")]))
    kept = weighed(game)
    places = sorted(str(a.get("slot")) for a in kept if a.kind == "move")
    assert places == ["p0.field/back.left", "p0.field/back.right",
                      "p0.field/front.left", "p0.field/front.right"]
    assert not any(str(a.get("slot")).startswith("p0.standby") for a in playout_actions(
        game.state, RULES.cards, 0) if a.kind == "move")


def test_XENO_H2_a_field_card_may_still_go_back_to_standby_once() -> None:
    game = game_at(position("move", data={"slots": {"w": "front.left"}},
                            p0_field=[c("walker_frame", "w")]))
    standby = [a for a in weighed(game) if str(a.get("slot")).startswith("p0.standby")]
    assert len(standby) == 1  # the four standby slots are alike


class _Table:
    """A game as a bot reads it (``rules`` and ``state``)."""

    def __init__(self, state: Any) -> None:
        self.rules, self.state = RULES, state


def _positions(games: int) -> list[tuple[Any, int, list[Action]]]:
    """Positions of random-bot games on the sample decks: (state, seat, legal)."""
    decks = xenocard.load_decks(rules=RULES)
    out = []
    for seed in range(games):
        state = RULES.new_game(setup_for(RULES, seed, decks))
        bot = RandomBot(seed)
        for _ in range(300):
            if state.game_over:
                break
            seat = RULES.acting_seat(state)
            out.append((state.clone(), seat, RULES.legal_actions(state, seat)))
            action = bot.choose(_Table(state))
            assert action is not None
            prepared = RULES.prepare(state, action)
            assert not isinstance(prepared, Verdict)
            RULES.apply(state, action, prepared)
    return out


def test_search_actions_is_an_ordered_subset_with_one_action_per_outcome() -> None:
    """Over random-bot games: never empty, in the legal order, every outcome kept once,
    and nothing but idle moves and alike plays left out."""
    folded = 0
    for state, seat, legal in _positions(3):
        kept = RULES.search_actions(state, seat, legal)
        assert kept and all(a in legal for a in kept)
        assert [a for a in legal if a in kept] == kept
        keys = [outcome_key(state, a) for a in kept]
        assert len(set(keys)) == len(keys)
        for action in legal:
            if action in kept:
                continue
            folded += 1
            idle = action.kind == "move" and str(action.get("slot")).startswith(
                f"p{seat}.standby") and state.zone_of(action.get("card")) == f"p{seat}.standby"
            assert idle or outcome_key(state, action) in keys
    assert folded > 0


def test_XENO_R5_threat_counts_a_shooter_facing_nothing_as_deck_damage() -> None:
    """Marine Sergeant (shooting, ATK 2) with nothing facing it hits the deck for 2;
    a Walker Frame (melee) in the back row never attacks (XENO-R5)."""
    game = game_at(position("move", data={"slots": {"s": "front.left", "w": "back.right"}},
                            p0_field=[c("marine_sergeant", "s"), c("walker_frame", "w")]))
    before = game.state.fingerprint()
    assert threat(game.state, RULES.cards, RULES.geometry, 0) == 2
    assert threat(game.state, RULES.cards, RULES.geometry, 1) == 0
    assert game.state.fingerprint() == before  # played on a copy


def test_XENO_R5_threat_of_a_melee_card_is_where_it_stands() -> None:
    """The same Walker Frame (melee 3) and a Deck Rookie (HP 2) facing the front left:
    from the front row it destroys the Rookie, from the back row it takes nothing."""
    def at(slot: str) -> float:
        game = game_at(position("move", data={"slots": {"w": slot, "x": "front.right"}},
                                p0_field=[c("walker_frame", "w")],
                                p1_field=[c("deck_rookie", "x")]))
        return threat(game.state, RULES.cards, RULES.geometry, 0)

    assert at("front.left") == (1 + 2 / 2) / 2  # half the Rookie's ATK and HP worth
    assert at("back.left") == 0


def test_the_threat_lead_is_a_term_of_the_evaluation() -> None:
    game = game_at(position("move", data={"slots": {"s": "front.left"}},
                            p0_field=[c("marine_sergeant", "s")]))
    mine = {t.name: t.lead for t in RULES.evaluation_terms(game.state, 0)}
    theirs = {t.name: t.lead for t in RULES.evaluation_terms(game.state, 1)}
    assert mine["threat"] == 2 and theirs["threat"] == -2
    assert "threat" not in {t.name for t in terms(game.state, RULES.cards, 0)}
    assert RULES.evaluate(game.state, 0) > RULES.evaluate(game.state, 1)


def test_playouts_play_whole_games_without_idle_moves() -> None:
    """The playout policy plays a game to its end and never moves a standby card to
    another standby slot (XENO-H2: the card's move used up for nothing)."""
    policy = RULES.make_playout_bot(7)
    decks = xenocard.load_decks(rules=RULES)
    state = RULES.new_game(setup_for(RULES, 5, decks))
    moves = 0
    for _ in range(3000):
        if state.game_over:
            break
        before = {i: state.zone_of(i) for i in state.cards}
        moved = set(xeno(state).this_turn.moved)
        assert policy.step(RULES, state)  # type: ignore[attr-defined]
        for iid in set(xeno(state).this_turn.moved) - moved:
            moves += 1
            assert not (before[iid] == state.zone_of(iid) and before[iid].endswith(".standby"))
    assert state.game_over and moves > 0


def test_XENO_R8_the_hand_counts_up_to_the_hand_limit() -> None:
    """Nine cards in the hand weigh as seven: two go at the adjust phase (XENO-R8)."""
    def hand_lead(cards: int) -> float:
        game = game_at(position("set", p0_hand=[c("deck_rookie", f"h{i}") for i in range(cards)]))
        return {t.name: t.lead for t in RULES.evaluation_terms(game.state, 0)}["hand"]

    assert hand_lead(9) == hand_lead(7) == 7
    assert hand_lead(3) == 3


def test_XENO_H16_discarding_a_whole_hand_costs_more_than_two_cards_do() -> None:
    """An alternative cost of "discard your hand" (XENO-H16): six cards of hand lost
    weigh clearly more than two; the squash does not flatten them into the same loss."""
    def score(cards: int) -> float:
        game = game_at(position("set", p0_hand=[c("deck_rookie", f"h{i}") for i in range(cards)]))
        return RULES.evaluate(game.state, 0)

    six, two = score(6) - score(0), score(2) - score(0)
    assert six > 2 * two > 0
