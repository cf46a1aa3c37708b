"""絵師100人展 decisions in the side panel: using a card, defence, recovery, counter, hand limit.

The rules' decisions (``state.pending``) reach only the deciding seat (the table
puts the hot-seat cover up first whenever the seat changes):

* ``defend``: click one of your lit defence cards, then the cards to consume
  (lit: the choices that keep the group connected); **Defend** when the choice is
  complete, **Don't defend**, **Clear** to start over. The power comparison is
  shown beside the grid.
* ``recover``: click one of your damaged cards, **Recover**; or **Don't recover**.
* ``counter``: click two of your hand cards, **Counter**; or **Pass**.
* ``hand_limit``: click the cards to discard, **Discard**.
* ``target``: a card's ability takes a target: click the lit cards, **Choose**.

Using a card in the action phase is not a rules decision, but it is shown the same
way: clicking a usable card opens a local "use" choice here (:meth:`start_use`),
with **Confirm** (enabled once the payment is complete) and **Cancel**; while it
is open the other buttons are locked, so a half-made choice is never mixed with
another move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame_gui

from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.messages import msg
from tabletop.i18n import t
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.games.eshi100_pick import ConsumePick, attack_outlook, defence_outlook

if TYPE_CHECKING:
    import pygame

    from tabletop.core.model import GameState
    from tabletop.games.eshi100.rules import Eshi100Rules
    from tabletop.ui.games.eshi100 import Eshi100UI

__all__ = ["USE", "EshiDecisionPanel"]

#: The kind of the local decision shown while a card is being used (not a rules kind).
USE = "use"

_COMMANDS: dict[str, tuple[str, ...]] = {
    USE: ("eshi_use", "eshi_cancel"),
    "defend": ("eshi_defend", "eshi_no_defence", "eshi_clear"),
    "recover": ("eshi_recover", "eshi_no_recover"),
    "counter": ("eshi_counter", "eshi_pass"),
    "hand_limit": ("eshi_discard",),
    "target": ("eshi_target",),
}


class EshiDecisionPanel(DecisionPanel):
    """The decision box of the 絵師100人展 window (see the module docstring)."""

    def __init__(self, ui: Eshi100UI) -> None:
        super().__init__()
        self.ui = ui
        #: The card being used and the cards chosen to consume (attack or defence).
        self.pick: ConsumePick | None = None
        #: Cards clicked for ``recover``, ``counter`` and ``hand_limit``.
        self.marked: list[int] = []
        self._use_decision: Decision | None = None

    # -- helpers ---------------------------------------------------------------------------

    @property
    def rules(self) -> Eshi100Rules:
        """The game's rules."""
        return self.ui.rules  # type: ignore[return-value]

    @property
    def state(self) -> GameState:
        """The live game state (the grid is public; hands are only read for the seat
        that decides)."""
        return self.ui.scene.game.state

    @property
    def seat(self) -> int:
        """The seat this panel serves (the decision's, else the viewer)."""
        if self.decision is not None:
            return self.decision.seat
        return self.ui.scene.viewer

    def _refuse(self, verdict: Verdict) -> None:
        self.ui.scene.show_refusal(verdict)

    # -- the local "use" decision ----------------------------------------------------------

    def start_use(self, seat: int, card: int) -> None:
        """Open the choice of what to consume for using ``card`` (an attack)."""
        self.forget()
        self.pick = ConsumePick.start(self.rules, self.state, seat, card)
        self._use_decision = Decision(seat, USE, msg("eshi100ui.use_prompt"), ("eshi_use",))
        self.decision = self._use_decision

    @property
    def using(self) -> bool:
        """Is the local "use" choice open?"""
        return self.decision is not None and self.decision is self._use_decision

    def set_decision(self, decision: Decision | None, viewer: int) -> None:
        """Follow the rules' decision; keep the local "use" choice while none is pending."""
        if decision is not None and decision.seat != viewer:
            decision = None
        if decision is None and self._use_decision is not None \
                and self._use_decision.seat == viewer and self.pick is not None:
            decision = self._use_decision
        if decision != self.decision:
            self.decision = decision
            if decision is not self._use_decision:
                self.forget()

    def forget(self) -> None:
        """Drop every unconfirmed choice (a new decision, Cancel, a hand-over)."""
        self.pick = None
        self.marked = []
        if self.decision is self._use_decision:
            self.decision = None
        self._use_decision = None

    # -- clicks ----------------------------------------------------------------------------

    def click(self, iid: int) -> bool:
        """A card pressed while the box is shown; True when it was used here."""
        state = self.state
        kind = self.kind
        if kind in (USE, "defend"):
            used = self._click_consume(state, iid)
        elif kind == "recover":
            used = self._click_marked(iid, 1, self.options())
        elif kind == "counter":
            used = self._click_marked(iid, 2, self.options())
        elif kind in ("hand_limit", "target"):
            need = self.decision.max_count if self.decision is not None else 0
            used = self._click_marked(iid, need, self.options())
        else:
            return False
        if used:
            self.ui.relayout()
        return used

    def options(self) -> set[int]:
        """Card ids among the decision's options."""
        if self.decision is None:
            return set()
        return {int(o) for o in self.decision.options if o.isdigit()}

    def _click_consume(self, state: GameState, iid: int) -> bool:
        if state.zone_of(iid) != "grid":
            return False
        if self.pick is None:
            if self.kind == "defend" and iid in self.options():
                self.pick = ConsumePick.start(self.rules, state, self.seat, iid)
                return True
            if self.kind == "defend":
                self._refuse(Verdict.refuse("eshi100ui.pick_defender"))
                return True
            return False
        if iid == self.pick.card:
            if self.kind == "defend":  # clicking the defender again takes it back
                self.pick = None
            else:
                self.forget()
                self.ui.scene.refresh_controls()
            return True
        verdict = self.pick.click(self.rules, state, iid)
        if not verdict.ok:
            self._refuse(verdict)
        return True

    def _click_marked(self, iid: int, limit: int, allowed: set[int]) -> bool:
        if iid not in allowed:
            return False
        if iid in self.marked:
            self.marked.remove(iid)
        elif limit == 1:
            self.marked = [iid]
        elif len(self.marked) < limit:
            self.marked.append(iid)
        else:
            self._refuse(Verdict.refuse("eshi100ui.too_many", n=limit))
        return True

    # -- buttons ---------------------------------------------------------------------------

    def commands(self) -> tuple[str, ...]:
        """The buttons of the current decision."""
        return _COMMANDS.get(self.kind, super().commands())

    def ready(self, command: str) -> bool:
        """Is the button's choice complete (the button is enabled)?"""
        if command in ("eshi_use", "eshi_defend"):
            return self.pick is not None and self.pick.hint(self.rules, self.state).complete
        if command == "eshi_recover":
            return len(self.marked) == 1
        if command == "eshi_counter":
            return len(self.marked) == 2
        if command in ("eshi_discard", "eshi_target") and self.decision is not None:
            return len(self.marked) == self.decision.max_count
        if command == "eshi_clear":
            return self.pick is not None
        return True

    def action_for(self, command: str, seat: int) -> Action | None:
        """The action of a button; Cancel / Clear propose nothing."""
        if command in ("eshi_cancel", "eshi_clear"):
            if self.using:
                self.forget()
            else:  # Clear (defence): start the choice over, the decision stays
                self.pick = None
            self.ui.relayout()
            return None
        if not self.ready(command):
            return None
        pick, marked = self.pick, list(self.marked)
        if command == "eshi_use" and pick is not None:
            self.forget()
            return pick.use_action()
        if command == "eshi_defend" and pick is not None:
            return pick.defend_action()
        if command == "eshi_no_defence":
            return Action.make("decide", seat, choice=["none"])
        if command == "eshi_no_recover":
            return Action.make("decide", seat, choice=["none"])
        if command == "eshi_pass":
            return Action.make("decide", seat, choice=["pass"])
        if command in ("eshi_recover", "eshi_counter", "eshi_discard", "eshi_target"):
            return Action.make("decide", seat, choice=[str(i) for i in marked])
        return super().action_for(command, seat)

    def build(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float,
              force: bool = False, fonts: Any = None) -> None:
        """The buttons; those whose choice is not complete yet are disabled."""
        super().build(manager, rect, scale, force, fonts)
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """Enable the buttons whose choice is complete (after every click)."""
        for command, button in self.buttons.items():
            on = self.ready(command)
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()

    # -- words -----------------------------------------------------------------------------

    def prompt_text(self, lang: str) -> str:
        """The rules' prompt (or the use title) and how to answer, with the progress."""
        kind = self.kind
        if kind == "":
            return ""
        state = self.state
        lines: list[str] = []
        if kind == USE and self.pick is not None:
            card = self.rules.cards[state.cards[self.pick.card].card_id]
            lines.append(t("eshi100ui.use_title", card=card.display_name(lang),
                           cost=int(card["connect_cost"]), power=int(card["power"])))
        else:
            lines.append(super().prompt_text(lang))
        if kind in (USE, "defend"):
            lines.append(self._consume_progress(lang))
            lines.append(self._outlook_line())
        elif kind in ("recover", "counter", "hand_limit", "target"):
            lines.append(t(f"eshi100ui.how_{kind}"))
        return "\n".join(line for line in lines if line)

    def _outlook_line(self) -> str:
        """The power comparison in one line (the box beside the grid has it big)."""
        state = self.state
        if self.kind == USE and self.pick is not None:
            outlook = attack_outlook(self.rules, state, self.pick)
        else:
            defender = self.pick.card if self.pick is not None else None
            outlook = defence_outlook(self.rules, state, defender)
        if outlook is None:
            return ""
        if outlook.hypothetical and outlook.defence is not None:
            result = t("eshi100ui.if_defended_succeeds" if outlook.success
                       else "eshi100ui.if_defended_fails")
            return t("eshi100ui.outlook_if", attack=outlook.attack, defence=outlook.defence,
                     result=result)
        result = t("eshi100ui.result_succeeds" if outlook.success else "eshi100ui.result_fails")
        if outlook.defence is None and outlook.defenders:  # the defence is still open
            return t("eshi100ui.outlook_open", attack=outlook.attack, result=result)
        if outlook.defence is None:
            return t("eshi100ui.outlook_alone", attack=outlook.attack, result=result)
        return t("eshi100ui.outlook", attack=outlook.attack, defence=outlook.defence,
                 result=result)

    def _consume_progress(self, lang: str) -> str:
        if self.pick is None:
            return t("eshi100ui.how_defend")
        hint = self.pick.hint(self.rules, self.state)
        # the words name the buttons of this box: Confirm / Cancel, or Defend / Clear
        done = "" if self.kind == USE else "_defend"
        if hint.cost == 0:
            return t(f"eshi100ui.cost_zero{done}")
        n = len(self.pick.chosen)
        if hint.complete:
            return t(f"eshi100ui.pick_done{done}", n=n, cost=hint.cost)
        return t("eshi100ui.pick_more", n=n, cost=hint.cost)
