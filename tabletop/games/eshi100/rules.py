"""``Eshi100Rules``: 絵師100人展 TCG over the shared model (seed 001; ESHI-R1..R7, ESHI-H1..H4).

Actions (ints are instance ids, squares as in :mod:`board`):

* ``place(card, square)``: a hand card onto a square (action phase, ESHI-R2);
* ``use(card, consume=[ids])``: attack with a grid card, paying its connect
  cost with ``consume`` (ESHI-R4; ``[]`` for cost 0);
* ``hand_boost(card)``: discard a hand card, draw 2 (action phase);
* ``challenge(cards=[a, b])``: discard two hand cards (challenge phase);
* ``next_phase()``: end the challenge phase without a challenge;
* ``decide(choice=[...], consume=[...])`` answers ``state.pending``:
  ``recover`` (``[iid]`` / ``["none"]``), ``defend`` (``[iid]`` with its
  ``consume`` / ``["none"]``), ``counter`` (``["pass"]`` / two hand ids),
  ``hand_limit`` (exactly the excess number of hand ids), ``target`` (the
  cards a card's ability takes, as many as it asks). Ids may be given as
  ints or digit strings.

Card abilities (``[[card.ability]]``, :mod:`abilities`) are enforced through
:mod:`triggers`: fired at their moments, their targets asked, their power
modifiers and printed victory conditions read by :func:`attack.power` and
:meth:`Eshi100Rules.after_action`.

Each kind is a :class:`~tabletop.core.dispatch.Handler` (:meth:`Eshi100Rules.handlers`):
its arguments are checked once into a typed value (:class:`~placing.Place`,
:class:`~attack.Use`, card ids, a decision answer) that carrying it out uses as it
is; the automatic steps that follow an action (on to the challenge phase) are part
of carrying it out, and ESHI-R6 runs after every action (:meth:`Eshi100Rules.after_action`).

Query API for the window (pure, never changes the state): :meth:`legal_squares`,
:meth:`connect_of`, :meth:`connect_groups`, :meth:`consume_hint`,
:meth:`check_consume`, :meth:`power_comparison`, :meth:`usable_cards`,
:meth:`usable_connectors`, plus :func:`board.cell_contents`,
:func:`board.square_of_cell` / :func:`board.cell_of_square` and
:data:`board.SEAT_ROTATION`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tabletop.core.abilities import Vocabulary
from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.dispatch import Handler, Handlers, no_args
from tabletop.core.evaluation import Term
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState, pending_decision
from tabletop.core.refusals import (
    CommonRefusals,
    check_choice,
    not_offered,
    repeated_option,
    string_choice,
)
from tabletop.core.rules import GameRules, GameSetup, ZoneNeed, zone_needs
from tabletop.core.view import TableView
from tabletop.games.eshi100 import (
    attack,
    board,
    challenge,
    connect,
    decklegal,
    drops,
    legal,
    placing,
    setup,
    triggers,
    turn,
    zones,
)
from tabletop.games.eshi100.abilities import VOCABULARY
from tabletop.games.eshi100.attack import Defence, Use
from tabletop.games.eshi100.data import DecisionKind, Phase
from tabletop.games.eshi100.placing import Place
from tabletop.games.eshi100.schema import GAME_ID, connector_key
from tabletop.games.eshi100.words import inst_msg, phase_msg, square_label, square_msg
from tabletop.games.eshi100.words import reorient as words_reorient
from tabletop.games.eshi100.zones import is_in
from tabletop.geometry import Corner

REFUSALS = CommonRefusals.of_game(GAME_ID)
_PHASE_OF = {"place": Phase.ACTION, "use": Phase.ACTION, "hand_boost": Phase.ACTION,
             "challenge": Phase.CHALLENGE, "next_phase": Phase.CHALLENGE}


@dataclass(frozen=True)
class Recover:
    """A checked answer to ``recover``: the damaged card to recover (None: none)."""

    card: int | None


@dataclass(frozen=True)
class Counter:
    """A checked answer to ``counter``: the two hand cards to discard (none: a pass)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Target:
    """A checked answer to ``target``: the cards a card's ability takes (ESHI-H9)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class HandLimit:
    """A checked answer to ``hand_limit``: the hand cards to discard (ESHI-R7)."""

    cards: tuple[int, ...]


#: A checked answer to the pending decision, one type per decision kind.
Answer = Recover | Defence | Counter | HandLimit | Target
P = TypeVar("P")


def _in_phase(prepare: Callable[[GameState, Action], P | Verdict]
              ) -> Callable[[GameState, Action], P | Verdict]:
    """``prepare`` of a turn action, after the check that it is its phase (ESHI-R5)."""
    def checked(state: GameState, action: Action) -> P | Verdict:
        if state.phase != _PHASE_OF[action.kind]:
            return _wrong_phase(state, action)
        return prepare(state, action)
    return checked


def _wrong_phase(state: GameState, action: Action) -> Verdict:
    """An action out of its phase (ESHI-R5), worded with what was tried ("Next phase")
    and what the seat may do now instead: in the action phase its one action, in the
    challenge phase a challenge or the end of it; else the phase the action is for."""
    if state.phase == Phase.ACTION:
        instead = msg("refusal.eshi100.instead_action")
    elif state.phase == Phase.CHALLENGE:
        instead = msg("refusal.eshi100.instead_challenge")
    else:
        instead = msg("refusal.eshi100.instead_later", phase=phase_msg(_PHASE_OF[action.kind]))
    return Verdict.refuse("eshi100.wrong_phase", "ESHI-R5",
                          what=msg(f"refusal.eshi100.what_{action.kind}"),
                          phase=phase_msg(state.phase), instead=instead)


def _consume(action: Action) -> list[int]:
    raw = action.get("consume")
    return [int(c) for c in raw] if isinstance(raw, list | tuple) else []


class Eshi100Rules(GameRules):
    """The 絵師100人展 TCG rules (see the module docstring for actions and queries)."""

    game_id: ClassVar[str] = GAME_ID
    phases: ClassVar[tuple[str, ...]] = tuple(Phase)
    refusals: ClassVar[CommonRefusals | None] = REFUSALS
    vocabulary: ClassVar[Vocabulary[Any] | None] = VOCABULARY
    #: A grid card's square is where it stands: free mode never carries it (ALL-R3).
    place_counters: ClassVar[frozenset[str]] = frozenset({"square"})

    def __init__(self, cards: CardDb) -> None:
        super().__init__(cards)
        self._handlers: Handlers = {
            "decide": Handler(self._prepare_decide, self._decide),
            "place": Handler(_in_phase(self._prepare_place), self._place),
            "use": Handler(_in_phase(self._prepare_use), self._use),
            "hand_boost": Handler(_in_phase(self._prepare_hand_boost), self._hand_boost),
            "challenge": Handler(_in_phase(self._prepare_challenge), self._challenge),
            "next_phase": Handler(_in_phase(no_args),
                                  lambda state, action, value: turn.enter_end(state, self.cards)),
        }

    # -- set-up ----------------------------------------------------------------------
    def new_game(self, setup_: GameSetup) -> GameState:
        """Shuffle, 5 cards each, turn 1 without a draw (ESHI-R7); or a position."""
        return setup.new_game(setup_, self.cards, self.phases)

    # -- the action kinds (checked once, carried out with the checked value) ---------
    def handlers(self) -> Handlers:
        """Every action kind with its handler (see the module docstring)."""
        return self._handlers

    def after_action(self, state: GameState) -> None:
        """ESHI-R6: the deck-out check after every action (ESHI-H6); then the victory
        conditions printed on grid cards (ESHI-H8)."""
        turn.check_deck_out(state)
        triggers.check_card_victories(state, self.cards)

    def _prepare_place(self, state: GameState, action: Action) -> Place | Verdict:
        return placing.check_place(state, action.seat, action.get("card"), action.get("square"))

    def _place(self, state: GameState, action: Action, place: Place) -> None:
        placing.apply_place(state, self.cards, action.seat, place)

    def _prepare_hand_boost(self, state: GameState, action: Action) -> int | Verdict:
        return placing.check_hand_boost(state, action.seat, action.get("card"))

    def _hand_boost(self, state: GameState, action: Action, card: int) -> None:
        placing.apply_hand_boost(state, action.seat, card)
        turn.enter_challenge(state, self.cards)

    def _prepare_use(self, state: GameState, action: Action) -> Use | Verdict:
        return attack.check_use(state, self.cards, action.seat, action.get("card"),
                                action.get("consume"))

    def _use(self, state: GameState, action: Action, use: Use) -> None:
        attack.apply_use(state, self.cards, action.seat, use)

    def _prepare_challenge(self, state: GameState, action: Action) -> tuple[int, ...] | Verdict:
        return challenge.check_two_from_hand(state, action.seat, action.get("cards"))

    def _challenge(self, state: GameState, action: Action, cards: tuple[int, ...]) -> None:
        challenge.apply_challenge(state, self.cards, action.seat, cards)

    def _prepare_decide(self, state: GameState, action: Action) -> Answer | Verdict:
        """The answer to the pending decision, checked by its kind."""
        pending = pending_decision(state)
        assert pending is not None  # the template lets ``decide`` through only then
        choice = string_choice(action, ints=True)
        refusal = check_choice(pending, action, choice, REFUSALS, self, state)
        if refusal is not None:
            return refusal
        assert choice is not None  # check_choice refuses a malformed choice
        if len(set(choice)) != len(choice):
            return repeated_option("eshi100.bad_choice", pending, self, state)
        for option in choice:
            if option not in pending.options:
                # a card ability's target: the offered ones are exactly the legal ones
                rule = "ESHI-H9" if pending.kind == DecisionKind.TARGET else ""
                return not_offered("eshi100.bad_choice", pending, self, state, rule)
        if pending.kind == DecisionKind.DEFEND:
            return attack.check_defend(state, self.cards, action.seat, choice[0],
                                       action.get("consume"))
        if action.get("consume"):
            return Verdict.refuse("eshi100.bad_consume", "ESHI-R4")
        if pending.kind == DecisionKind.COUNTER:
            cards = challenge.check_counter(state, action.seat, choice)
            return cards if isinstance(cards, Verdict) else Counter(cards)
        if pending.kind == DecisionKind.TARGET:
            targets = triggers.check_target(state, self.cards, choice)
            return targets if isinstance(targets, Verdict) else Target(targets)
        if pending.kind == DecisionKind.RECOVER:
            return Recover(None if choice[0] == turn.NONE else int(choice[0]))
        return HandLimit(tuple(int(c) for c in choice))

    def _decide(self, state: GameState, action: Action, answer: Answer) -> None:
        db = self.cards
        if isinstance(answer, Recover):
            turn.apply_recover(state, db, answer.card)
        elif isinstance(answer, Defence):
            attack.apply_defend(state, db, action.seat, answer)
        elif isinstance(answer, Counter):
            challenge.apply_counter(state, db, action.seat, answer.cards)
        elif isinstance(answer, Target):
            triggers.apply_target(state, db, answer.cards)
        else:
            turn.apply_hand_limit(state, db, answer.cards)

    # -- helpers for the UI, bots and tests ---------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (see :mod:`tabletop.games.eshi100.legal`)."""
        return legal.legal_actions(state, self.cards, seat, self.check)

    def interpret_drop(
        self, state: GameState, seat: int, iid: int, zone_id: str, onto: int | None = None
    ) -> Action | Verdict:
        """What a drop means (see :mod:`tabletop.games.eshi100.drops`)."""
        return drops.interpret_drop(state, seat, iid, zone_id, onto)

    def check_deck(self, deck: Deck) -> list[Message]:
        """Deck problems (40 cards exactly, at most 4 per number)."""
        return decklegal.check_deck(self.cards, deck)

    def layout_needs(self) -> dict[str, ZoneNeed]:
        """Every zone, and the grid's 16 cells by name: the squares are addressed by
        cell (``r<R>c<C>``, ESHI-R1), so the layout's grid must be exactly 4 x 4."""
        return zone_needs(zones.create_zones, {
            zones.GRID: tuple(sorted(board.cell_of_square(q) for q in board.SQUARES))})


    #: A grid card face up is recovered (回復状態), face down damaged (ESHI-H1).
    face_words: ClassVar[dict[str, bool]] = {"recovered": True, "damaged": False}

    def derived(self, state: GameState, iid: int) -> dict[str, int]:
        """``{"power": n}``: the card's power in a battle (:func:`attack.power`);
        ``{}`` for a card without printed power."""
        if zones.cdef(state, self.cards, iid).number("power") is None:
            return {}
        return {"power": attack.power(state, self.cards, iid)}

    def place_of(self, state: GameState, iid: int) -> str | None:
        """A grid card's square named as player 1 (seat 0) reads the grid labels:
        ``"A1"`` is square 0 (player 1's start square), ``"D4"`` square 15 (ESHI-R1)."""
        if state.zone_of(iid) != zones.GRID:
            return None
        square = board.square_of(state, iid)
        if square is None:
            return None
        col, row = square_label(square, 0)
        return f"{col}{row}"

    def make_playout_bot(self, seed: int) -> object:
        """The random bot's choice, candidates checked lazily (tabletop.core.playout)."""
        from tabletop.core.playout import CandidatePolicy
        return CandidatePolicy(lambda s, p: legal.decision_actions(s, self.cards, p),
                               lambda s, seat: legal.turn_actions(s, self.cards, seat), seed)

    def evaluate(self, state: GameState, seat: int) -> float:
        """The computer player's score of an unfinished game (tabletop.games.eshi100.heuristic)."""
        from tabletop.games.eshi100.heuristic import evaluate
        return evaluate(state, seat, self.cards)

    def evaluation_terms(self, state: GameState, seat: int) -> tuple[Term, ...]:
        """The leads :meth:`evaluate` sums (tabletop.games.eshi100.heuristic)."""
        from tabletop.games.eshi100.heuristic import terms
        return terms(state, seat, self.cards)

    def coach_progress(self, view: TableView, seat: int) -> tuple[Message, ...]:
        """Victory points toward 3 (ESHI-R6): the cards of both victory piles, as ``seat``
        sees them."""
        def points(s: int) -> int:
            return len(view.zones.get(f"p{s}.victory", ()))

        return (msg("coach.eshi100.progress", mine=points(seat), theirs=points(1 - seat),
                    goal=turn.POINTS_TO_WIN),)

    def reorient(self, message: Message, author: int, reader: int | None) -> Message:
        """Squares named from ``author``'s side renamed from ``reader``'s (words.reorient)."""
        return words_reorient(message, author, reader)

    def describe(self, state: GameState, action: Action) -> Message | None:
        """A short label for an action (buttons, hints)."""
        kind = action.kind
        card = action.get("card")
        if kind in ("place", "use", "hand_boost") and card in state.cards:
            if kind == "place" and isinstance(action.get("square"), int):
                return msg("action.eshi100.place", card=inst_msg(state, card),
                           square=square_msg(action.get("square"), action.seat))
            if kind in ("use", "hand_boost"):
                return msg(f"action.eshi100.{kind}", card=inst_msg(state, card))
        if kind == "challenge":
            return msg("action.eshi100.challenge")
        if kind == "next_phase":
            return msg("action.eshi100.next_phase")
        if kind == "decide":
            return msg("action.eshi100.decide", choice=list(action.get("choice") or ()))
        return None

    # -- the query API for the window (pure) ---------------------------------------------
    def legal_squares(self, state: GameState, seat: int, card: int | None = None) -> list[int]:
        """Squares where ``seat`` may place ``card`` now (empty when it may not place,
        e.g. not its turn, not the action phase, the card not in its hand). Without
        ``card``: the squares by ESHI-R2 alone, whatever the phase."""
        if card is None:
            return placing.legal_squares(state, seat)
        return [s for s in placing.legal_squares(state, seat)
                if self.check(state, Action.make("place", seat, card=card, square=s)).ok]

    def connect_groups(self, state: GameState, seat: int) -> list[frozenset[int]]:
        """Every connect of ``seat`` now (ESHI-R3), as sets of instance ids."""
        return connect.connect_groups(state, self.cards, seat)

    def connect_of(self, state: GameState, seat: int, square: int) -> frozenset[int]:
        """The connect of ``seat`` holding the card on ``square`` (empty: none there,
        or damaged). For hover: pass the seat to move (``acting_seat``)."""
        return connect.connect_of(state, self.cards, seat, square)

    def usable_connectors(self, state: GameState, iid: int, seat: int) -> frozenset[Corner]:
        """Corners (the card's own frame) of a grid card whose connector ``seat`` may use;
        empty for a damaged card. For drawing each seat's connectors in its colour."""
        inst = state.cards[iid]
        if not inst.face_up:
            return frozenset()
        return connect.usable_corners(connector_key(self.cards[inst.card_id]), inst.owner, seat)

    def usable_cards(self, state: GameState, seat: int) -> list[int]:
        """Cards ``seat`` can use now: attackers in its action phase, defenders while
        the ``defend`` decision waits for it; else empty."""
        pending = pending_decision(state)
        if pending is not None:
            if pending.kind == DecisionKind.DEFEND and pending.seat == seat:
                return attack.usable_defenders(state, self.cards, seat)
            return []
        if state.game_over or seat != state.active or state.phase != Phase.ACTION:
            return []
        return attack.usable_attackers(state, self.cards, seat)

    def use_refusal(self, state: GameState, seat: int, card: int) -> Verdict:
        """Why ``seat`` cannot use the grid card ``card`` now (legal when it can): the
        turn and phase (ESHI-R5), the card itself (not its own, no attack icon ESHI-H4,
        damaged ESHI-R4), or ``eshi100.connect_too_small`` (ESHI-R4) when no group of
        its connect cost hangs together with it. For a click on a card that is not lit."""
        pays = connect.payments(state, self.cards, seat, card) if card in state.cards else []
        verdict = self.check(state, Action.make("use", seat, card=card,
                                                consume=sorted(pays[0]) if pays else []))
        if verdict.ok or pays or not verdict.reason.startswith("eshi100.consume"):
            return verdict
        square = board.square_of(state, card)
        group = connect.connect_of(state, self.cards, seat, square) if square is not None \
            else frozenset()
        return Verdict.refuse("eshi100.connect_too_small", "ESHI-R4", card=inst_msg(state, card),
                              cost=int(self.cards[state.cards[card].card_id]["connect_cost"]),
                              n=max(1, len(group)))

    def consume_hint(self, state: GameState, seat: int, card: int,
                     chosen: Iterable[int] = ()) -> connect.ConsumeHint:
        """For using ``card`` with the partial choice ``chosen``: the cards to light up
        next, whether the choice is complete, and the verdict (ESHI-R4)."""
        return connect.consume_hint(state, self.cards, seat, card, chosen)

    def check_consume(self, state: GameState, seat: int, card: int,
                      consume: Iterable[int]) -> Verdict:
        """Is ``consume`` a valid payment for ``seat`` to use ``card``? (ESHI-R4)"""
        return connect.check_consume(state, self.cards, seat, card, list(consume))

    def power_comparison(self, state: GameState,
                         defender: int | None = None) -> attack.PowerComparison | None:
        """The pending attack against ``defender`` (None: undefended), or None."""
        return attack.power_comparison(state, self.cards, defender)

    def in_hand(self, state: GameState, seat: int, iid: int) -> bool:
        """Is ``iid`` in ``seat``'s hand?"""
        return is_in(state, iid, seat, "hand")

    @staticmethod
    def square_of(state: GameState, iid: int) -> int | None:
        """The square of a grid card (None: not on the grid)."""
        return board.square_of(state, iid)
