"""``ArcRules``: the Arc System rules over the shared model (seed 002; ARC-R1..R7).

Actions (all ints are instance ids):

* ``decide(choice=[option ids], payment=None)`` answers ``state.pending``:
  ``mulligan`` (keep / mulligan, ARC-R3), ``blockers`` ("B>A", ARC-R5),
  ``combat_card`` ("pass" / "C@T", ARC-R5; ``payment`` optional, ARC-R4);
* ``play_resource(card)``; ``play_card(card, target=None, payment=None)``;
* ``attack(attackers=[...])``; ``next_phase()``; ``end_turn()``.

Each kind is a :class:`~tabletop.core.dispatch.Handler` (:meth:`ArcRules.handlers`):
its arguments are checked once into a typed value (a card id, a
:class:`~tabletop.games.arc.plays.PlayCard`, the attackers, a decision answer),
which carrying it out uses as it is. After every applied action the deck-out
check runs (:meth:`ArcRules.after_action`, ARC-R1; timing: ARC-H7).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.abilities import Boundary, Vocabulary
from tabletop.core.actions import Action, Decision, Verdict
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
    string_choice,
)
from tabletop.core.rules import GameRules, GameSetup, ZoneNeed, zone_needs
from tabletop.core.view import TableView
from tabletop.games.arc import combat, decklegal, drops, effects, legal, plays, setup, turn, zones
from tabletop.games.arc.abilities import VOCABULARY
from tabletop.games.arc.combat import CombatCardAnswer
from tabletop.games.arc.data import DecisionKind, Phase
from tabletop.games.arc.plays import PlayCard
from tabletop.games.arc.schema import GAME_ID
from tabletop.games.arc.setup import MulliganAnswer
from tabletop.games.arc.words import inst_msg

#: A checked answer to the pending decision: the mulligan, the (blocker, attacker)
#: pairs, or the combat card (or pass).
Answer = MulliganAnswer | tuple[tuple[int, int], ...] | CombatCardAnswer


REFUSALS = CommonRefusals.of_game(GAME_ID)


class ArcRules(GameRules):
    """The Arc System rules (see the module docstring for the action kinds)."""

    game_id: ClassVar[str] = GAME_ID
    phases: ClassVar[tuple[str, ...]] = tuple(Phase)
    #: A deck may say it is good or evil (``alignment``, ARC-R7; see decklegal).
    deck_options: ClassVar[tuple[str, ...]] = ("alignment",)

    refusals: ClassVar[CommonRefusals | None] = REFUSALS
    #: Arc's ability words (issue 15, :mod:`tabletop.games.arc.abilities`).
    vocabulary: ClassVar[Vocabulary[Any] | None] = VOCABULARY

    def __init__(self, cards: CardDb) -> None:
        super().__init__(cards)
        self._handlers: Handlers = {
            "decide": Handler(self._prepare_decide, self._decide),
            "play_resource": Handler(self._prepare_play_resource, self._play_resource),
            "play_card": Handler(self._prepare_play_card, self._play_card),
            "attack": Handler(self._prepare_attack, self._attack),
            "next_phase": Handler(self._prepare_next_phase,
                                  lambda state, action, value: turn.next_phase(state)),
            "end_turn": Handler(no_args, lambda state, action, value: turn.end_turn(state)),
        }

    # -- set-up ----------------------------------------------------------------------
    def new_game(self, setup_: GameSetup) -> GameState:
        """Shuffle, draw 7, mulligans (ARC-R3), turn 1; or a scenario position."""
        return setup.new_game(setup_, self.cards, self.phases)

    # -- the action kinds (checked once, carried out with the checked value) ---------
    def handlers(self) -> Handlers:
        """Every Arc action kind with its handler (see the module docstring)."""
        return self._handlers

    def after_action(self, state: GameState) -> None:
        """ARC-R1: the deck-out check after every action; effects in force whose source
        or target left play end (issue 15)."""
        effects.end_effects(state, Boundary.LEFT_PLAY)
        turn.check_deck_out(state)

    def _prepare_play_resource(self, state: GameState, action: Action) -> int | Verdict:
        return plays.check_play_resource(state, self.cards, action.seat, action.get("card"))

    def _play_resource(self, state: GameState, action: Action, card: int) -> None:
        plays.apply_play_resource(state, action.seat, card)

    def _prepare_play_card(self, state: GameState, action: Action) -> PlayCard | Verdict:
        return plays.check_play_card(state, self.cards, action.seat, action.get("card"),
                                     action.get("target"), action.get("payment"))

    def _play_card(self, state: GameState, action: Action, play: PlayCard) -> None:
        plays.apply_play_card(state, self.cards, action.seat, play)

    def _prepare_attack(self, state: GameState, action: Action) -> tuple[int, ...] | Verdict:
        return combat.check_attack(state, self.cards, action.seat, action.get("attackers"))

    def _attack(self, state: GameState, action: Action, attackers: tuple[int, ...]) -> None:
        combat.apply_attack(state, self.cards, action.seat, attackers)

    def _prepare_next_phase(self, state: GameState, action: Action) -> Verdict | None:
        if state.phase not in turn.NEXT_PHASE:
            return Verdict.refuse("arc.wrong_phase", "", phase=msg(f"phase.arc.{state.phase}"))
        return None

    def _prepare_decide(self, state: GameState, action: Action) -> Answer | Verdict:
        """The answer to the pending decision, checked by its kind."""
        pending = pending_decision(state)
        assert pending is not None  # the template lets ``decide`` through only then
        choice = string_choice(action)
        if pending.kind == DecisionKind.BLOCKERS and choice is not None:
            # Each pair is checked before the count, so a blocker named twice is refused
            # with its own rule (ARC-R5) and not as "too many choices".
            return combat.check_blockers(state, self.cards, choice, pending.options)
        refusal = check_choice(pending, action, choice, REFUSALS, self, state)
        if refusal is not None:
            return refusal
        assert choice is not None  # check_choice refuses a malformed choice
        if pending.kind == DecisionKind.COMBAT_CARD:
            return combat.check_combat_card(state, self.cards, action.seat, choice[0],
                                            pending.options, action.get("payment"))
        for option in choice:
            if option not in pending.options:
                return not_offered("arc.bad_choice", pending, self, state)
        return MulliganAnswer(choice[0] == setup.KEEP)

    def _decide(self, state: GameState, action: Action, answer: Answer) -> None:
        if isinstance(answer, MulliganAnswer):
            setup.apply_mulligan(state, self.cards, action.seat, answer)
        elif isinstance(answer, CombatCardAnswer):
            combat.apply_combat_card(state, self.cards, action.seat, answer)
        else:
            combat.apply_blockers(state, self.cards, answer)

    # -- helpers for the UI, bots and tests ---------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (see :mod:`tabletop.games.arc.legal`)."""
        return legal.legal_actions(state, self.cards, seat, self.check)

    def interpret_drop(
        self, state: GameState, seat: int, iid: int, zone_id: str, onto: int | None = None
    ) -> Action | Verdict:
        """What a drop means (see :mod:`tabletop.games.arc.drops`)."""
        return drops.interpret_drop(state, self.cards, seat, iid, zone_id, onto)

    def check_deck(self, deck: Deck) -> list[Message]:
        """Deck problems (ARC-R2, ARC-R7)."""
        return decklegal.check_deck(self.cards, deck)

    def layout_needs(self) -> dict[str, ZoneNeed]:
        """Every Arc zone, each with its seat (``layouts/arc.toml`` must have them all)."""
        return zone_needs(zones.create_zones)


    def derived(self, state: GameState, iid: int) -> dict[str, int]:
        """``{"power": n}`` for a card with printed power: printed plus this combat's
        combat-card modifiers (:func:`combat.power`, ARC-H3); ``{}`` for others."""
        if zones.cdef(state, self.cards, iid).number("power") is None:
            return {}
        return {"power": combat.power(state, self.cards, iid)}

    def make_playout_bot(self, seed: int) -> object:
        """The random bot's choice, candidates checked lazily (tabletop.core.playout)."""
        from tabletop.core.playout import CandidatePolicy
        return CandidatePolicy(lambda s, p: legal.decision_actions(s, self.cards, p),
                               lambda s, seat: legal.turn_actions(s, self.cards, seat), seed)

    def evaluate(self, state: GameState, seat: int) -> float:
        """The computer player's score of an unfinished game (tabletop.games.arc.heuristic)."""
        from tabletop.games.arc.heuristic import evaluate
        return evaluate(state, self.cards, seat)

    def evaluation_terms(self, state: GameState, seat: int) -> tuple[Term, ...]:
        """The leads :meth:`evaluate` sums (tabletop.games.arc.heuristic)."""
        from tabletop.games.arc.heuristic import terms
        return terms(state, self.cards, seat)

    def coach_progress(self, view: TableView, seat: int) -> tuple[Message, ...]:
        """Deck = life (ARC-R1): the sizes of both decks, as ``seat`` sees them."""
        def deck(s: int) -> int:
            return len(view.zones.get(zones.zid(s, "deck"), ()))

        return (msg("coach.arc.progress", mine=deck(seat), theirs=deck(1 - seat)),)

    def describe(self, state: GameState, action: Action) -> Message | None:
        """A short label for an action (buttons, hints)."""
        kind = action.kind
        if kind in ("play_resource", "play_card") and action.get("card") in state.cards:
            card = inst_msg(state, int(action.get("card")))
            target = action.get("target")
            if target in state.cards:
                return msg("action.arc.play_card_on", card=card, target=inst_msg(state, target))
            return msg(f"action.arc.{kind}", card=card)
        if kind == "attack":
            ids = [i for i in action.get("attackers") or () if i in state.cards]
            return msg("action.arc.attack", cards=[inst_msg(state, i) for i in ids])
        if kind in ("next_phase", "end_turn"):
            return msg(f"action.arc.{kind}")
        if kind == "decide":
            return _describe_answer(state, action)
        return None

    def describe_option(self, state: GameState, decision: Decision, option: str
                        ) -> Message | None:
        """An Arc decision option in words for refusals and hints (never its id):
        "Tide Caller blocks Flame Duelist", "Battle Cry on Flame Duelist", "Pass";
        a card the deciding seat cannot see is "a hidden card". None for options
        the shared wording covers (Keep, Mulligan)."""
        def name(iid: int) -> Message:
            if iid in state.cards and state.visible_to(iid, decision.seat):
                return inst_msg(state, iid)
            return msg("core.hidden_card")

        if option == combat.PASS:
            return msg("action.arc.pass")
        block = combat.parse_pair(option, ">")
        if block is not None:
            return msg("action.arc.block_pair", card=name(block[0]), attacker=name(block[1]))
        played = combat.parse_pair(option, "@")
        if played is not None:
            return msg("action.arc.play_card_on", card=name(played[0]), target=name(played[1]))
        return None


def _describe_answer(state: GameState, action: Action) -> Message:
    """A decision answer in words (buttons, hints); option ids are never shown, they
    mean nothing to a player."""
    choice = string_choice(action) or []
    if choice in (["keep"], ["mulligan"], ["pass"]):
        return msg(f"action.arc.{choice[0]}")
    pairs = [p for p in (combat.parse_pair(o, ">") for o in choice) if p is not None]
    if pairs and len(pairs) == len(choice):
        return msg("action.arc.blocks", pairs=[
            msg("action.arc.block_pair", card=inst_msg(state, b), attacker=inst_msg(state, a))
            for b, a in pairs if b in state.cards and a in state.cards])
    pending = pending_decision(state)
    if pending is not None and pending.kind == DecisionKind.BLOCKERS and not choice:
        return msg("action.arc.no_block")
    played = combat.parse_pair(choice[0], "@") if len(choice) == 1 else None
    if played is not None and all(i in state.cards for i in played):
        return msg("action.arc.play_card_on", card=inst_msg(state, played[0]),
                   target=inst_msg(state, played[1]))
    return msg("action.arc.answer")

