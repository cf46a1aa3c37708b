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
* turn player: ``play_card(card)`` (Prepare), ``place_move(card, character,
  target, accept_defeat=False)`` (Conan Move), ``next_phase()``;
* enemy: ``place_foe(card, zone, position, cost)``, ``attach_region(card)``
  (Foe Draw), ``place_foe_move(card, foe)`` (Foe Move), ``next_phase()``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.dispatch import Prepared
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.core.refusals import CommonRefusals, check_choice, check_turn, not_offered
from tabletop.core.rules import GameRules, GameSetup, ZoneNeed, zone_needs
from tabletop.games.conan import (
    decklegal,
    defeat,
    drops,
    foes,
    legal,
    moves,
    resolution,
    setup,
    survey,
    turn,
    zones,
)
from tabletop.games.conan.flow import advance
from tabletop.games.conan.schema import GAME_ID
from tabletop.games.conan.words import inst_msg, seat_msg
from tabletop.games.conan.zones import enemy

KINDS = frozenset({"decide", "play_card", "place_foe", "attach_region", "place_foe_move",
                   "place_move", "next_phase"})
ENEMY_PHASES = frozenset({"foe_draw", "foe_move"})


#: The refusals Conan shares with every game (their words: ``refusal.common.*``).
REFUSALS = CommonRefusals(
    game_over="conan.game_over", unknown_action="conan.unknown_action",
    decision_pending="conan.decision_pending", no_decision="conan.no_decision",
    not_your_turn="conan.not_your_turn", bad_choice="conan.bad_choice",
    choice_count="conan.choice_count",
)


def _choice(action: Action) -> list[str] | None:
    raw = action.get("choice")
    if not isinstance(raw, list | tuple):
        return None
    out = []
    for c in raw:
        if isinstance(c, bool) or not isinstance(c, str | int):
            return None
        out.append(str(c))
    return out


class ConanRules(GameRules):
    """The Conan rules (see the module docstring for the action kinds)."""

    game_id: ClassVar[str] = GAME_ID
    phases: ClassVar[tuple[str, ...]] = (
        "start_of_turn", "prepare", "foe_draw", "survey", "foe_move", "conan_move",
        "barbarian", "resolution", "press_on", "rest")

    def make_bot(self, seed: int) -> Any:
        """The sensible Conan bot (fights and presses on when it pays)."""
        from tabletop.games.conan.bot import ConanBot  # the bot imports these rules' helpers

        return ConanBot(seed)

    def end_cause(self, state: GameState) -> str:
        """renown, defeat, foe_exhaustion or draw (see :func:`bot.end_cause`); resign
        (ALL-H4)."""
        from tabletop.core.engine import resigned_seat
        from tabletop.games.conan.bot import end_cause

        if resigned_seat(state) is not None:
            return "resign"
        return end_cause(state)

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

    # -- set-up ----------------------------------------------------------------------
    def new_game(self, setup_: GameSetup) -> GameState:
        """Conan cards out, decks shuffled, hands 5 and 7; or a scenario position."""
        return setup.new_game(setup_, self.cards, self.phases)

    def acting_seat(self, state: GameState) -> int:
        """A pending decision's seat; the enemy while it places Foes and Foe Moves."""
        if state.pending is not None:
            return int(state.pending.seat)
        if state.phase in ENEMY_PHASES:
            return enemy(state)
        return state.active

    # -- checking --------------------------------------------------------------------
    def check(self, state: GameState, action: Action) -> Verdict:
        """Is ``action`` legal now? Never changes ``state``."""
        db = self.cards
        if state.game_over:
            return Verdict.refuse("conan.game_over")
        if action.kind not in KINDS:
            return Verdict.refuse("conan.unknown_action", "", kind=action.kind)
        pending = state.pending
        if pending is not None:
            refusal = check_turn(state, action, KINDS, REFUSALS, self)
            if refusal is not None:
                return refusal
            return self._check_decide(state, action)
        if action.kind == "decide":
            return Verdict.refuse("conan.no_decision")
        actor = self.acting_seat(state)
        if action.seat != actor:
            key = "conan.enemy_acts" if actor != state.active else "conan.not_your_turn"
            return Verdict.refuse(key, "", player=seat_msg(actor))
        seat, kind = action.seat, action.kind
        if kind == "play_card":
            return turn.check_play_card(state, db, seat, action.get("card"))
        if kind == "place_foe":
            return foes.check_place_foe(state, db, seat, action.get("card"), action.get("zone"),
                                        action.get("position"), action.get("cost"))
        if kind == "attach_region":
            return foes.check_attach_region(state, db, seat, action.get("card"))
        if kind == "place_foe_move":
            return moves.check_place_foe_move(state, db, seat, action.get("card"),
                                              action.get("foe"))
        if kind == "place_move":
            return moves.check_place_move(state, db, seat, action.get("card"),
                                          action.get("character"), action.get("target"),
                                          action.get("accept_defeat", False))
        return self._check_next(state)

    def _check_next(self, state: GameState) -> Verdict:
        phase = state.phase
        if phase == "foe_draw":
            return foes.check_done(state)
        if phase == "foe_move":
            return moves.check_foe_moves_done(state, self.cards)
        if phase in ("prepare", "conan_move"):
            return Verdict.legal()
        return Verdict.refuse("conan.wrong_phase", "")

    def _check_decide(self, state: GameState, action: Action) -> Verdict:
        pending = state.pending
        choice = _choice(action)
        refusal = check_choice(pending, action, choice, REFUSALS, self, state)
        if refusal is not None:
            return refusal
        assert choice is not None  # check_choice refuses a malformed choice
        for option in choice:
            if option not in pending.options:
                return not_offered("conan.bad_choice", pending, self, state)
        if pending.kind == "chronicle_loss":
            return defeat.check_loss(state, self.cards, [int(c) for c in choice])
        return Verdict.legal()

    # -- applying --------------------------------------------------------------------
    def apply(self, state: GameState, action: Action,
              prepared: Prepared[Any] | None = None) -> None:
        """Carry out a legal action, then every automatic step that follows."""
        self.apply_direct(state, action)
        advance(state, self.cards)

    def apply_direct(self, state: GameState, action: Action) -> None:
        """Carry out a legal action *without* the automatic steps after it (the window's
        resolution playback, :func:`tabletop.games.conan.playback.trace`, runs those one
        by one on a copy)."""
        verdict = self.check(state, action)
        if not verdict:  # a bug in the caller: apply is only called after a legal check
            raise ValueError(f"illegal action applied: {verdict.reason}")
        db, seat, kind = self.cards, action.seat, action.kind
        if kind == "decide":
            self._apply_decide(state, _choice(action) or [])
        elif kind == "play_card":
            turn.apply_play_card(state, db, seat, int(action.get("card")))
        elif kind == "place_foe":
            position = action.get("position")
            foes.apply_place_foe(state, db, seat, int(action.get("card")), str(action.get("zone")),
                                 None if position is None else int(position),
                                 [int(i) for i in action.get("cost") or ()])
        elif kind == "attach_region":
            foes.apply_attach_region(state, int(action.get("card")))
        elif kind == "place_foe_move":
            moves.place_foe_move(state, db, int(action.get("card")), int(action.get("foe")),
                                 face_up=False)
        elif kind == "place_move":
            moves.apply_place_move(state, db, seat, int(action.get("card")),
                                   int(action.get("character")), str(action.get("target")))
        else:
            self._apply_next(state)

    def _apply_next(self, state: GameState) -> None:
        phase = state.phase
        if phase == "prepare":
            state.phase, state.step = "foe_draw", ""
        elif phase == "foe_draw":
            foes.apply_done(state)
        elif phase == "foe_move":
            moves.foe_moves_done(state, self.cards)
        elif phase == "conan_move":
            moves.conan_moves_done(state, self.cards)

    def _apply_decide(self, state: GameState, choice: list[str]) -> None:
        db = self.cards
        kind = state.pending.kind
        first = choice[0] if choice else ""
        if kind == "press_on":
            turn.apply_press_on(state, first)
        elif kind == "survey":
            survey.apply_survey(state, db, first)
        elif kind == "barbarian":
            resolution.apply_barbarian(state, db, first)
        elif kind == "zone_order":
            resolution.apply_zone_order(state, first)
        elif kind == "lone_attack":
            resolution.apply_lone(state, first)
        elif kind == "chronicle_loss":
            defeat.apply_loss(state, db, [int(c) for c in choice])
        elif kind == "rest_heal":
            turn.apply_heal(state, db, first)
        elif kind == "discard":
            turn.apply_discard(state, state.pending.seat, int(first))

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

    def describe(self, state: GameState, action: Action) -> Message | None:
        """A short label for an action (buttons, hints)."""
        kind = action.kind
        card = action.get("card")
        if kind == "decide":
            return msg("action.conan.decide", choice=list(action.get("choice") or ()))
        if kind == "next_phase":
            return msg("action.conan.next_phase")
        if isinstance(card, int) and card in state.cards and state.visible_to(card, action.seat):
            if kind == "place_move":
                return msg("action.conan.place_move", card=inst_msg(state, card),
                           target=str(action.get("target")))
            return msg(f"action.conan.{kind}", card=inst_msg(state, card))
        return None
