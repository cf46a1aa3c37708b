"""``ConanRules``: the Conan rules over the shared model (seed 000; CONAN-R1..R20).

Action kinds (ints are instance ids). Who acts is :meth:`ConanRules.acting_seat`:
a pending decision's seat, the enemy in the Foe Draw and Foe Move phases, else
the turn player.

* ``decide(choice=[...])`` answers ``state.pending``: ``press_on`` (press_on /
  rest, CONAN-R2), ``survey`` (fight / retreat, CONAN-R17), ``barbarian``
  (use / pass), ``zone_order`` (a zone, CONAN-R16), ``lone_attack``
  ("left@<iid>", CONAN-R15), ``chronicle_loss`` (Chronicle cards, CONAN-R17),
  ``rest_heal`` (heal / unwound / done, CONAN-R18), ``discard`` (a hand card,
  hand adjustment);
* turn player: ``play_card(card, target=None)`` (Prepare; an Action at its
  timing), ``use_ability(card, ability, target=None)`` (an Item's, Ally's or
  Region's ability at its timing), ``place_move(card, character, target,
  accept_defeat=False)`` (Conan Move), ``next_phase()``;
* enemy: ``place_foe(card, zone, position, cost)``, ``attach_region(card)``
  (Foe Draw), ``place_foe_move(card, foe)`` (Foe Move), ``play_card(card,
  target=None)`` (a Foe action at its timing), ``next_phase()``.

In an open ability timing (:mod:`~tabletop.games.conan.plays`, CONAN-H11) the seat
acting there plays or uses abilities and ``next_phase`` passes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.dispatch import Handler, Handlers
from tabletop.core.evaluation import Term
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState, pending_decision
from tabletop.core.refusals import (
    CommonRefusals,
    check_choice,
    not_offered,
    option_words,
    string_choice,
)
from tabletop.core.rules import GameRules, GameSetup, ZoneNeed, zone_needs
from tabletop.core.view import TableView
from tabletop.games.conan import (
    decklegal,
    defeat,
    drops,
    foes,
    legal,
    moves,
    plays,
    resolution,
    setup,
    survey,
    turn,
    zones,
)
from tabletop.games.conan.abilities import VOCABULARY
from tabletop.games.conan.data import DecisionKind, Phase, conan_data
from tabletop.games.conan.flow import advance
from tabletop.games.conan.schema import GAME_ID
from tabletop.games.conan.words import inst_msg, place_words
from tabletop.games.conan.zones import enemy

#: Every Conan action kind (the keys of :meth:`ConanRules.handlers`).
KINDS = frozenset({"decide", "play_card", "use_ability", "place_foe", "attach_region",
                   "place_foe_move", "place_move", "next_phase"})
ENEMY_PHASES = frozenset({Phase.FOE_DRAW, Phase.FOE_MOVE})


#: The refusals Conan shares with every game (their words: ``refusal.common.*``); the
#: enemy acts inside the other player's turn, refused to the other seat as
#: ``conan.enemy_acts``.
REFUSALS = CommonRefusals.of_game(GAME_ID, other_acts="conan.enemy_acts")


@dataclass(frozen=True)
class Answer:
    """A checked ``decide``: the options chosen for the pending decision of ``kind``
    asked of ``seat``; ``cards`` the Chronicle cards of a ``chronicle_loss`` answer."""

    seat: int
    kind: str
    choice: tuple[str, ...]
    cards: tuple[int, ...] = ()

    @property
    def first(self) -> str:
        """The one option of a single-option decision ("" for an empty choice)."""
        return self.choice[0] if self.choice else ""


#: Decision kind -> how its answer is carried out.
ANSWERS: dict[str, Callable[[GameState, CardDb, Answer], None]] = {
    DecisionKind.PRESS_ON: lambda s, db, a: turn.apply_press_on(s, a.first),
    DecisionKind.SURVEY: lambda s, db, a: survey.apply_survey(s, db, a.first),
    DecisionKind.BARBARIAN: lambda s, db, a: resolution.apply_barbarian(s, db, a.first),
    DecisionKind.ZONE_ORDER: lambda s, db, a: resolution.apply_zone_order(s, db, a.first),
    DecisionKind.LONE_ATTACK: lambda s, db, a: resolution.apply_lone(s, a.first),
    DecisionKind.CHRONICLE_LOSS: lambda s, db, a: defeat.apply_loss(s, db, list(a.cards)),
    DecisionKind.REST_HEAL: lambda s, db, a: turn.apply_heal(s, db, a.first),
    DecisionKind.DISCARD: lambda s, db, a: turn.apply_discard(s, a.seat, int(a.first)),
}

#: Phase -> what ``next_phase`` must satisfy there (None: nothing) and what it does.
NEXT_PHASE: dict[Phase, tuple[Callable[[GameState, CardDb], Verdict] | None,
                              Callable[[GameState, CardDb], None]]] = {
    Phase.PREPARE: (None, lambda s, db: turn.end_prepare(s)),
    Phase.FOE_DRAW: (lambda s, db: foes.check_done(s), lambda s, db: foes.apply_done(s)),
    Phase.FOE_MOVE: (moves.check_foe_moves_done, moves.foe_moves_done),
    Phase.CONAN_MOVE: (None, moves.conan_moves_done),
}


class ConanRules(GameRules):
    """The Conan rules (see the module docstring for the action kinds)."""

    game_id: ClassVar[str] = GAME_ID
    phases: ClassVar[tuple[str, ...]] = tuple(p.value for p in Phase)
    #: Free mode's counters (ALL-R3); a manual move keeps them (CONAN-R18).
    counter_names: ClassVar[tuple[str, ...]] = ("damage", "wound", "spent")
    refusals = REFUSALS
    vocabulary = VOCABULARY

    def make_bot(self, seed: int) -> Any:
        """The sensible Conan bot (fights and presses on when it pays)."""
        from tabletop.games.conan.bot import ConanBot  # the bot imports these rules' helpers

        return ConanBot(seed)

    def make_playout_bot(self, seed: int) -> Any:
        """The search's playouts: ConanBot to the end of the turn (tabletop.games.conan.playout)."""
        from tabletop.games.conan.playout import TurnPlayout

        return TurnPlayout(seed)

    def search_actions(self, state: GameState, seat: int, actions: list[Action]) -> list[Action]:
        """The few moves the search weighs (tabletop.games.conan.shortlist)."""
        from tabletop.games.conan.shortlist import shortlist

        return shortlist(state, self.cards, seat, actions)

    def derived(self, state: GameState, iid: int) -> dict[str, int]:
        """A character's numbers now (Conan, Ally, Foe; ``{}`` for other cards), from
        :mod:`~tabletop.games.conan.stats`: ``prowess`` left to spend, ``damage`` it
        deals, ``health`` and (Conan) ``vitality`` with Items, Region and the turn's
        bonuses on its own turn (CONAN-R19), ``wounds`` (CONAN-R12), ``damage_taken``
        and ``health_left`` (at 0 or less: defeated)."""
        from tabletop.games.conan import stats

        card = zones.cdef(state, self.cards, iid)
        if card.type not in ("conan", "ally", "foe"):
            return {}
        out = {"prowess": stats.prowess_now(state, self.cards, iid),
               "damage": stats.stat(state, self.cards, iid, "damage"),
               "health": stats.stat(state, self.cards, iid, "health"),
               "wounds": stats.counter(state, iid, "wound"),
               "damage_taken": stats.counter(state, iid, "damage"),
               "health_left": stats.health_left(state, self.cards, iid)}
        if card.type == "conan":
            out["vitality"] = stats.stat(state, self.cards, iid, "vitality")
        return out

    def __init__(self, cards: CardDb) -> None:
        super().__init__(cards)
        db = self.cards
        self._handlers: Handlers = {
            "decide": Handler(self._prepare_decide, self._answer),
            "play_card": Handler(
                lambda s, a: turn.prepare_play_card(s, db, a.seat, a.get("card"),
                                                    a.get("target")),
                lambda s, a, play: turn.apply_play_card(s, db, a.seat, play)),
            "use_ability": Handler(
                lambda s, a: plays.prepare_use(s, db, a.seat, a.get("card"), a.get("ability"),
                                               a.get("target")),
                lambda s, a, play: plays.apply_play(s, db, play)),
            "place_foe": Handler(
                lambda s, a: foes.prepare_place_foe(s, db, a.seat, a.get("card"), a.get("zone"),
                                                    a.get("position"), a.get("cost")),
                lambda s, a, play: foes.apply_place_foe(s, db, a.seat, play)),
            "attach_region": Handler(
                lambda s, a: foes.prepare_attach_region(s, db, a.seat, a.get("card")),
                lambda s, a, iid: foes.apply_attach_region(s, iid)),
            "place_foe_move": Handler(
                lambda s, a: moves.prepare_place_foe_move(s, db, a.seat, a.get("card"),
                                                          a.get("foe")),
                lambda s, a, play: moves.place_foe_move(s, db, play.card, play.foe,
                                                        face_up=False)),
            "place_move": Handler(
                lambda s, a: moves.prepare_place_move(s, db, a.seat, a.get("card"),
                                                      a.get("character"), a.get("target"),
                                                      a.get("accept_defeat", False)),
                lambda s, a, play: moves.apply_place_move(s, db, a.seat, play)),
            "next_phase": Handler(self._prepare_next, self._next),
        }
        assert set(self._handlers) == KINDS

    # -- set-up ----------------------------------------------------------------------
    def new_game(self, setup_: GameSetup) -> GameState:
        """Conan cards out, decks shuffled, hands 5 and 7; or a scenario position."""
        return setup.new_game(setup_, self.cards, self.phases)

    def acting_seat(self, state: GameState) -> int:
        """A pending decision's seat; the seat acting in an open ability timing; the
        enemy while it places Foes and Foe Moves."""
        waiting = pending_decision(state)
        if waiting is not None:
            return int(waiting.seat)
        in_window = plays.window_seat(state)
        if in_window is not None:
            return in_window
        if state.phase in ENEMY_PHASES:
            return enemy(state)
        return state.active

    # -- the action kinds ---------------------------------------------------------------
    def handlers(self) -> Handlers:
        """Every action kind with its handler (the template ``check``/``apply`` run the
        common refusals with :meth:`acting_seat` first)."""
        return self._handlers

    def after_action(self, state: GameState) -> None:
        """Every automatic step that follows an action (:func:`flow.advance`)."""
        advance(state, self.cards)

    def apply_direct(self, state: GameState, action: Action) -> None:
        """Carry out a legal action *without* the automatic steps after it (the window's
        resolution playback, :func:`tabletop.games.conan.playback.trace`, runs those one
        by one on a copy). Raises ValueError for an illegal action (a caller's bug)."""
        prepared = self.prepare(state, action)
        if isinstance(prepared, Verdict):
            raise ValueError(f"illegal action applied: {prepared.reason}")
        self._handlers[action.kind].carry_out(state, prepared.action, prepared.value)

    def _prepare_next(self, state: GameState, action: Action) -> Phase | str | Verdict:
        if conan_data(state).window is not None:
            return plays.WINDOW  # done with the open ability timing: pass (CONAN-H11)
        try:
            phase = Phase(state.phase)
        except ValueError:
            phase = None
        step = NEXT_PHASE.get(phase) if phase is not None else None
        if phase is None or step is None:
            return Verdict.refuse("conan.wrong_phase", "")
        check = step[0]
        if check is not None:
            verdict = check(state, self.cards)
            if not verdict:
                return verdict
        return phase

    def _next(self, state: GameState, action: Action, phase: Phase | str) -> None:
        if phase == plays.WINDOW:
            plays.pass_window(state)
            return
        NEXT_PHASE[Phase(phase)][1](state, self.cards)

    def _prepare_decide(self, state: GameState, action: Action) -> Answer | Verdict:
        waiting = pending_decision(state)
        assert waiting is not None  # the common refusals answer a decide with none pending
        choice = string_choice(action, ints=True)
        refusal = check_choice(waiting, action, choice, REFUSALS, self, state)
        if refusal is not None:
            return refusal
        assert choice is not None  # check_choice refuses a malformed choice
        for option in choice:
            if option not in waiting.options:
                return not_offered("conan.bad_choice", waiting, self, state)
        cards: tuple[int, ...] = ()
        if waiting.kind == DecisionKind.CHRONICLE_LOSS:
            cards = tuple(int(c) for c in choice)
            verdict = defeat.check_loss(state, self.cards, list(cards))
            if not verdict:
                return verdict
        return Answer(waiting.seat, str(waiting.kind), tuple(choice), cards)

    def _answer(self, state: GameState, action: Action, answer: Answer) -> None:
        carry_out = ANSWERS.get(answer.kind)
        if carry_out is not None:
            carry_out(state, self.cards, answer)

    # -- helpers for the UI, bots and tests ---------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (see :mod:`tabletop.games.conan.legal`)."""
        return legal.legal_actions(state, self.cards, seat, self.check)

    def interpret_drop(
        self, state: GameState, seat: int, iid: int, zone_id: str, onto: int | None = None
    ) -> Action | Verdict:
        """What a drop means (see :mod:`tabletop.games.conan.drops`)."""
        return drops.interpret_drop(state, self.cards, seat, iid, zone_id, onto)

    def check_deck(self, deck: Deck) -> list[Message]:
        """Deck problems (CONAN-R20)."""
        return decklegal.check_deck(self.cards, deck)

    def layout_needs(self) -> dict[str, ZoneNeed]:
        """Every Conan zone, each with its seat or shared (``layouts/conan.toml``)."""
        return zone_needs(zones.create_zones)

    def evaluate(self, state: GameState, seat: int) -> float:
        """The computer player's score of an unfinished game (tabletop.games.conan.heuristic)."""
        from tabletop.games.conan.heuristic import evaluate
        return evaluate(state, self.cards, seat)

    def evaluation_terms(self, state: GameState, seat: int) -> tuple[Term, ...]:
        """The leads :meth:`evaluate` sums: renown, the race's last steps, health
        (tabletop.games.conan.heuristic)."""
        from tabletop.games.conan.heuristic import terms
        return terms(state, self.cards, seat)

    def hidden_class(self, state: GameState, iid: int) -> str:
        """Foes and draw-deck cards never swap in a sampled world (tabletop.games.conan.hidden)."""
        from tabletop.games.conan.hidden import hidden_class
        return hidden_class(state, self.cards, iid)

    def hidden_fits(self, state: GameState, iid: int) -> Callable[[str], bool] | None:
        """A face-down Move is sampled among Moves, Items, Actions (tabletop.games.conan.hidden)."""
        from tabletop.games.conan.hidden import hidden_fits
        return hidden_fits(state, self.cards, iid)

    def forget_hidden(self, world: GameState, seat: int) -> None:
        """A sampled world drops the fight's playback record (tabletop.games.conan.hidden)."""
        from tabletop.games.conan.hidden import forget_hidden
        forget_hidden(world)

    def coach_progress(self, view: TableView, seat: int) -> tuple[Message, ...]:
        """Renown toward 40 (CONAN-R1): the printed renown of the Foes in both
        Chronicles, from the cards ``seat`` sees there (a Chronicle is public)."""
        def renown(s: int) -> int:
            return sum(self.cards[c.card_id].number("renown", 0)
                       for c in view.zones.get(f"p{s}.chronicle", ())
                       if c.card_id is not None and c.card_id in self.cards)

        return (msg("coach.conan.progress", mine=renown(seat), theirs=renown(1 - seat),
                    goal=turn.VICTORY_RENOWN),)

    def describe_option(self, state: GameState, decision: Any, option: str) -> Message | None:
        """A ``lone_attack`` answer ``"left@12"`` in words: the side of the unanswered
        Move and whom it attacks (CONAN-R15); other options by the generic words."""
        if getattr(decision, "kind", None) == "barbarian" and option.startswith("use@"):
            target = option.partition("@")[2]
            if target.isdigit() and int(target) in state.cards:
                return msg("option.conanab.use_on", target=inst_msg(state, int(target)))
        if getattr(decision, "kind", None) == "lone_attack":
            side, _, target = option.partition("@")
            if target.isdigit() and int(target) in state.cards:
                return msg("option.conan.lone", side=msg(f"side.conan.{side}"),
                           target=inst_msg(state, int(target)))
        return None

    def describe(self, state: GameState, action: Action) -> Message | None:
        """A short label for an action (buttons, hints)."""
        kind = action.kind
        card = action.get("card")
        if kind == "decide":
            pending = state.pending
            options = [str(c) for c in action.get("choice") or ()]
            words: list[Message | str] = list(options) if pending is None else \
                [option_words(self, state, pending, c) for c in options]
            return msg("action.conan.decide", choice=words)
        if kind == "next_phase":
            return msg("action.conan.next_phase")
        if isinstance(card, int) and card in state.cards and state.visible_to(card, action.seat):
            if kind == "place_move":
                return msg("action.conan.place_move", card=inst_msg(state, card),
                           target=place_words(state, str(action.get("target"))))
            return msg(f"action.conan.{kind}", card=inst_msg(state, card))
        return None
