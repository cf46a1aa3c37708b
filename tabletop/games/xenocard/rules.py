"""``XenoRules``: the Xenocard rules over the shared model (seed 004; XENO-R1..R8).

Actions (ints are instance ids; slots are cell ids such as ``"p0.standby/s1"``
or ``"p0.field/front.left"``, see :mod:`.zones`):

* ``set_card(card, slot)`` -- battle card from hand to a standby slot (set phase);
* ``equip(weapon, holder)`` -- weapon from hand onto own battle card (set phase);
* ``level_up(card, onto)`` -- upgraded form from hand replaces ``onto`` (set phase);
* ``set_situation(card, slot)`` -- situation to a situation slot (set phase);
* ``move(card, slot)`` -- own battle card to a free standby/field slot (move phase);
* ``play_event(card, target=None)`` -- event in the event phase;
* ``next_phase()`` -- move -> event -> set -> block;
* ``decide(choice=[...])`` answers ``state.pending``: ``mulligan`` (``"keep"`` /
  ``"mulligan"``, XENO-R2), ``block`` (``"pass"``, ``"E"``, ``"E@T"``, XENO-H9),
  ``adjust`` (the hand cards to discard, as instance-id strings, XENO-R8),
  ``counter`` (``"pass"`` or a counter event ``"E"``, XENO-H13).

Plays from the hand take ``pay = "alt"`` (and optionally ``discard = [ids]``) for
a card's alternative cost (XENO-H16). What cards do is their abilities
(:mod:`.abilities`, :attr:`XenoRules.vocabulary`).

Each kind is a :class:`~tabletop.core.dispatch.Handler` (:meth:`XenoRules.handlers`):
its ``prepare`` parses and checks the arguments once into a typed value
(:class:`~.plays.SetCard`, :class:`~.plays.Equip`, :class:`~.plays.LevelUp`,
:class:`~.plays.SetSituation`, :class:`~.plays.Move`, :class:`~.events.PlayEvent`,
the phase left by ``next_phase``, a ``decide`` answer by the pending decision's
:class:`~.state.DecisionKind`), its ``carry_out`` applies that value; what runs by
itself afterwards is :meth:`XenoRules.after_action`. The bookkeeping is the typed
:class:`~.state.XenoData` (:func:`~.state.xeno`).

For the window: :meth:`XenoRules.cell_contents` (cards per slot),
:meth:`XenoRules.battle_events` (the battle attack by attack),
:meth:`XenoRules.preview_battle`, :attr:`XenoRules.geometry` (facing, XENO-R5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tabletop.core.abilities import Vocabulary
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
    repeated_option,
    string_choice,
)
from tabletop.core.rules import GameRules, GameSetup, ZoneNeed, zone_needs
from tabletop.core.view import TableView
from tabletop.games.xenocard import (
    abilities,
    battle,
    decklegal,
    drops,
    events,
    legal,
    plays,
    setup,
    turn,
    zones,
)
from tabletop.games.xenocard.events import PlayEvent
from tabletop.games.xenocard.facing import FieldGeometry
from tabletop.games.xenocard.schema import GAME_ID
from tabletop.games.xenocard.state import (
    ActionKind,
    AttackEvent,
    DecisionKind,
    MulliganChoice,
    Phase,
    decision_kind,
    phase,
)
from tabletop.games.xenocard.words import cell_msg, inst_msg, phase_msg, seat_msg
from tabletop.games.xenocard.zones import cell_contents, parse_cell, zid
from tabletop.layout import Layout

#: Every action kind of Xenocard (the keys of :meth:`XenoRules.handlers`).
KINDS = frozenset(ActionKind)

P = TypeVar("P")


def _from_hand(db: CardDb, prepare: Callable[[GameState, CardDb, int, Any, Any, Any, Any],
                                             P | Verdict],
               carry_out: Callable[[GameState, CardDb, int, P], None],
               card: str, onto: str) -> Handler[P]:
    """The handler of a play from the hand (:mod:`.plays`): ``prepare`` gets the action's
    arguments named ``card`` and ``onto`` and its ``pay`` and ``discard`` (an alternative
    cost, XENO-H16); ``carry_out`` gets the checked play it returned."""
    return Handler(
        lambda state, a: prepare(state, db, a.seat, a.get(card), a.get(onto), a.get("pay"),
                                 a.get("discard")),
        lambda state, a, play: carry_out(state, db, a.seat, play))


@dataclass(frozen=True)
class MulliganAnswer:
    """The answer to the mulligan decision (XENO-R2)."""

    choice: MulliganChoice


@dataclass(frozen=True)
class AdjustAnswer:
    """The hand cards discarded in the adjust phase (XENO-R8)."""

    discards: tuple[int, ...]


@dataclass(frozen=True)
class BlockAnswer:
    """The block decision's answer: the event used, or None for a pass (XENO-H9)."""

    event: PlayEvent | None


@dataclass(frozen=True)
class CounterAnswer:
    """The counter decision's answer: the counter event, or None for a pass (XENO-H13)."""

    event: PlayEvent | None


#: A ``decide`` answer, parsed by the pending decision's kind.
Answer = MulliganAnswer | AdjustAnswer | BlockAnswer | CounterAnswer


REFUSALS = CommonRefusals.of_game(GAME_ID)


class XenoRules(GameRules):
    """The Xenocard rules (see the module docstring for the action kinds)."""

    game_id: ClassVar[str] = GAME_ID
    phases: ClassVar[tuple[str, ...]] = turn.PHASES
    #: Free mode's counters (ALL-R3).
    counter_names: ClassVar[tuple[str, ...]] = ("damage", "e_mark", "turns", "down")
    refusals: ClassVar[CommonRefusals | None] = REFUSALS
    vocabulary: ClassVar[Vocabulary[Any] | None] = abilities.VOCABULARY

    def __init__(self, cards: CardDb, layout: Layout) -> None:
        super().__init__(cards)
        self.layout = layout
        #: XENO-R5: facing, front row and attack order from the layout's placed cells.
        self.geometry = FieldGeometry.from_layout(layout)
        self._handlers: Handlers = self._table()

    def with_cards(self, cards: CardDb) -> XenoRules:
        """These rules (the same layout) over another card set (see GameRules)."""
        return type(self)(cards, self.layout)

    # -- set-up ----------------------------------------------------------------------
    def new_game(self, setup_: GameSetup) -> GameState:
        """Shuffle, draw 6, mulligans (XENO-R2), turn 1; or a scenario position.

        A position in a phase that runs by itself goes on from there
        (:func:`~.turn.run_automatic`): ``draw`` draws (XENO-R1) and enters the move
        phase, ``battle`` fights (XENO-R5) and adjusts, ``block`` and ``adjust`` ask.
        """
        state = setup.new_game(setup_, self.cards, self.phases)
        if setup_.position is not None and state.pending is None and not state.game_over:
            if state.phase == Phase.BATTLE:
                turn.enter_phase(state, Phase.BATTLE)
            turn.run_automatic(state, self.cards, self.geometry)
        return state

    # -- the action kinds: each parsed and checked once, then carried out ----------------
    def handlers(self) -> Handlers:
        """Action kind -> :class:`~tabletop.core.dispatch.Handler` (the table is built once)."""
        return self._handlers

    def _table(self) -> Handlers:
        db = self.cards
        return {
            ActionKind.DECIDE: Handler(self._prepare_decide, self._decide),
            ActionKind.SET_CARD: _from_hand(db, plays.prepare_set_card, plays.set_card,
                                            "card", "slot"),
            ActionKind.EQUIP: _from_hand(db, plays.prepare_equip, plays.equip, "weapon", "holder"),
            ActionKind.LEVEL_UP: _from_hand(db, plays.prepare_level_up, plays.level_up,
                                            "card", "onto"),
            ActionKind.SET_SITUATION: _from_hand(db, plays.prepare_set_situation,
                                                 plays.set_situation, "card", "slot"),
            ActionKind.MOVE: Handler(
                lambda state, a: plays.prepare_move(state, db, a.seat, a.get("card"),
                                                    a.get("slot")),
                lambda state, a, play: plays.move(state, a.seat, play, db,
                                                  self.geometry.front[a.seat])),
            ActionKind.PLAY_EVENT: Handler(
                self._prepare_play_event,
                lambda state, a, play: events.apply_event(state, db, a.seat, play)),
            ActionKind.NEXT_PHASE: Handler(
                self._prepare_next_phase,
                lambda state, a, now: turn.next_phase(state, now)),
        }

    def _prepare_play_event(self, state: GameState, action: Action) -> PlayEvent | Verdict:
        if state.phase != Phase.EVENT:
            return Verdict.refuse("xenocard.event_phase_only", "", now=phase_msg(state.phase))
        return events.prepare_event(state, self.cards, action.seat, action.get("card"),
                                    action.get("target"), False, action.get("pay"),
                                    action.get("discard"))

    def _prepare_next_phase(self, state: GameState, action: Action) -> Phase | Verdict:
        now = phase(state)
        if now is None or now not in turn.NEXT_PHASE:
            return Verdict.refuse("xenocard.wrong_phase", "", now=phase_msg(state.phase))
        locks = abilities.phase_locks(state, self.cards, action.seat, now.value)
        if locks:  # XENO-H20: only while something else can still be done in the phase
            others = [a for a in legal.turn_actions(state, self.cards, action.seat)
                      if a.kind != ActionKind.NEXT_PHASE and self.check(state, a)]
            if others:
                return Verdict.refuse("xenocard.cannot_end_phase", "XENO-H20",
                                      phase=phase_msg(now.value),
                                      action=self.describe(state, others[0]) or "")
        return now

    def _prepare_decide(self, state: GameState, action: Action) -> Answer | Verdict:
        """The pending decision's answer checked once (the template made sure one is
        pending and this is its seat), parsed by the decision's kind."""
        pending = pending_decision(state)
        assert pending is not None  # check_turn refuses a decide with nothing pending
        kind = decision_kind(pending)
        choice = string_choice(action)
        refusal = check_choice(pending, action, choice, REFUSALS, self, state)
        if refusal is not None:
            return refusal
        assert choice is not None  # check_choice refuses a malformed choice
        if len(set(choice)) != len(choice):
            return repeated_option("xenocard.bad_choice", pending, self, state)
        for option in choice:
            if option in pending.options:
                continue
            parsed = events.parse_option(option) \
                if kind in (DecisionKind.BLOCK, DecisionKind.COUNTER) else None
            if parsed is not None:  # say why this event cannot be used now
                verdict = events.check_event(state, self.cards, action.seat, parsed.card,
                                             parsed.target, kind is DecisionKind.BLOCK,
                                             counter=kind is DecisionKind.COUNTER)
                if not verdict:
                    return verdict
            return not_offered("xenocard.bad_choice", pending, self, state)
        if kind is DecisionKind.MULLIGAN:
            return MulliganAnswer(MulliganChoice(choice[0]))
        if kind is DecisionKind.ADJUST:
            return AdjustAnswer(tuple(int(option) for option in choice))
        if kind is DecisionKind.COUNTER:
            return CounterAnswer(events.parse_option(choice[0]))
        return BlockAnswer(events.parse_option(choice[0]))

    def _decide(self, state: GameState, action: Action, answer: Answer) -> None:
        match answer:
            case MulliganAnswer(choice):
                setup.apply_mulligan(state, action.seat, choice)
            case AdjustAnswer(discards):
                turn.apply_adjust(state, self.cards, action.seat, discards)
            case CounterAnswer(event):
                events.answer_counter(state, self.cards, action.seat, event)
            case BlockAnswer(None):
                state.add_log(msg("log.xenocard.block_pass", player=seat_msg(action.seat)))
                turn.pass_block(state)
            case BlockAnswer(event) if event is not None:
                state.pending = None  # asked again after the event (after_action)
                events.apply_event(state, self.cards, action.seat, event)

    def after_action(self, state: GameState) -> None:
        """The phases that run by themselves (:func:`~.turn.run_automatic`)."""
        turn.run_automatic(state, self.cards, self.geometry)

    # -- helpers for the UI, bots and tests ---------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (see :mod:`tabletop.games.xenocard.legal`)."""
        return legal.legal_actions(state, self.cards, seat, self.check)

    def interpret_drop(
        self, state: GameState, seat: int, iid: int, zone_id: str, onto: int | None = None
    ) -> Action | Verdict:
        """What a drop means (see :mod:`tabletop.games.xenocard.drops`); ``zone_id`` may be a
        zone id or a cell id (``"p0.standby/s2"``). A card that cannot be paid from
        the deck but can by its alternative cost is played with it (XENO-H16)."""
        meant = drops.interpret_drop(state, self.cards, seat, iid, zone_id, onto)
        if isinstance(meant, Action) and meant.kind != ActionKind.DECIDE \
                and iid in state.cards and self.cards[state.cards[iid].card_id].get("alt_cost") \
                and not self.check(state, meant):
            alt = Action.make(meant.kind, seat, **{**dict(meant.args), "pay": "alt"})
            if self.check(state, alt):
                return alt
        return meant

    def check_deck(self, deck: Deck) -> list[Message]:
        """Deck problems: 40 cards exactly, at most 3 copies."""
        return decklegal.check_deck(self.cards, deck)

    def layout_needs(self) -> dict[str, ZoneNeed]:
        """Every zone, and each slot zone's slots by name (``s1``..``s4``, the battle
        field's ``front.left``...): the rules keep cards by slot name."""
        return zone_needs(zones.create_zones, {
            zid(seat, kind): names for seat in zones.SEATS
            for kind, names in zones.SLOTS.items()})

    def cell_contents(self, state: GameState) -> dict[str, list[int | None]]:
        """Slot zone id -> instance id per layout slot (None: free), for the table."""
        return cell_contents(state)

    def battle_events(self, state: GameState) -> list[AttackEvent]:
        """This turn's battle, attack by attack (see :class:`AttackEvent`)."""
        return battle.battle_events(state)

    def last_battle(self, state: GameState) -> tuple[int, int, list[AttackEvent]]:
        """``(turn, attacking seat, attacks)`` of the most recent battle phase."""
        return battle.last_battle(state)

    def preview_battle(self, state: GameState) -> list[AttackEvent]:
        """The attacks the turn player's battle would make now, on a copy of the state."""
        copy = state.clone()
        return battle.run_battle(copy, self.cards, self.geometry)


    def derived(self, state: GameState, iid: int) -> dict[str, int]:
        """A battle card's ``atk`` and ``hp`` now (:mod:`~tabletop.games.xenocard.stats`:
        the weapon's ATK while one is in use, XENO-R7; event boosts and situation
        bonuses) and ``damage`` taken; ``{}`` for a card with neither printed."""
        from tabletop.games.xenocard import stats

        out: dict[str, int] = {}
        attack, life = stats.atk(state, self.cards, iid), stats.hp(state, self.cards, iid)
        if attack is not None:
            out["atk"] = attack
        if life is not None:
            out["hp"] = life
        if out:
            out["damage"] = zones.counter(state, iid, stats.DAMAGE)
        return out

    def place_of(self, state: GameState, iid: int) -> str | None:
        """The slot a card stands on in a slot zone (``"s2"``, ``"front.left"``), as
        the rules read it (:func:`~tabletop.games.xenocard.zones.slot_of`)."""
        return zones.slot_of(state, iid)

    def search_actions(self, state: GameState, seat: int, actions: list[Action]) -> list[Action]:
        """One action of each outcome: alike slots, copies and idle moves folded
        (tabletop.games.xenocard.search)."""
        from tabletop.games.xenocard.search import search_actions
        return search_actions(state, actions)

    def make_playout_bot(self, seed: int) -> object:
        """The random bot's choice without idle moves, candidates checked lazily
        (tabletop.games.xenocard.search)."""
        from tabletop.games.xenocard.search import make_playout_policy
        return make_playout_policy(self.cards, seed)

    def evaluate(self, state: GameState, seat: int) -> float:
        """The computer player's score of an unfinished game (tabletop.games.xenocard.heuristic)."""
        from tabletop.games.xenocard.heuristic import evaluate
        return evaluate(state, self.cards, seat, self.geometry)

    def evaluation_terms(self, state: GameState, seat: int) -> tuple[Term, ...]:
        """The leads :meth:`evaluate` sums (tabletop.games.xenocard.heuristic)."""
        from tabletop.games.xenocard.heuristic import terms
        return terms(state, self.cards, seat, self.geometry)

    def coach_progress(self, view: TableView, seat: int) -> tuple[Message, ...]:
        """Deck = life (XENO-R1): the sizes of both decks, as ``seat`` sees them."""
        def deck(s: int) -> int:
            return len(view.zones.get(zid(s, "deck"), ()))

        return (msg("coach.xenocard.progress", mine=deck(seat), theirs=deck(1 - seat)),)

    def describe(self, state: GameState, action: Action) -> Message | None:
        """A short label for an action (buttons, hints)."""
        get, kind = action.get, action.kind
        if kind == "next_phase":
            return msg("action.xenocard.next_phase")
        if kind == "decide":
            return msg("action.xenocard.decide", choice=list(get("choice") or ()))
        names: dict[str, Any] = {}
        for arg in ("card", "weapon", "holder", "onto", "target"):
            value = get(arg)
            if isinstance(value, int) and value in state.cards:
                names[arg] = inst_msg(state, value)
        if kind in ("set_card", "set_situation", "move") and "card" in names:
            parsed = parse_cell(get("slot"))
            slot = cell_msg(zid(parsed[0], parsed[1]), parsed[2]) if parsed else str(get("slot"))
            return msg(f"action.xenocard.{kind}", card=names["card"], slot=slot)
        if kind == "equip" and "weapon" in names and "holder" in names:
            return msg("action.xenocard.equip", card=names["weapon"], holder=names["holder"])
        if kind == "level_up" and "card" in names and "onto" in names:
            return msg("action.xenocard.level_up", card=names["card"], old=names["onto"])
        if kind == "play_event" and "card" in names:
            if "target" in names:
                return msg("action.xenocard.play_event_on", card=names["card"],
                           target=names["target"])
            return msg("action.xenocard.play_event", card=names["card"])
        return None
