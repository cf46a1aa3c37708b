"""Choosing the cards to consume, and the power comparison shown meanwhile (no pygame).

Using a card (an attack in the action phase, or a defence while the ``defend``
decision waits) costs its connect (ESHI-R4): the player clicks the used card, then
the cards to consume. :class:`ConsumePick` holds that choice and asks the rules
(:meth:`~tabletop.games.eshi100.rules.Eshi100Rules.consume_hint`) after every click
which cards keep the choice completable (lit on the table), whether it is complete
(Confirm enabled) and, for a refused click, the rules' reason (e.g. a card that
would leave the chosen cards disconnected, ``eshi100.consume_disconnected``).

:func:`attack_outlook` and :func:`defence_outlook` give the power comparison shown
beside the grid: the attack against the best defence the other player could pay
after this payment, or against the chosen defender.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tabletop.core.actions import Action, Verdict
from tabletop.core.model import pending_decision
from tabletop.games.eshi100 import attack
from tabletop.games.eshi100.data import DecisionKind

if TYPE_CHECKING:
    from tabletop.core.model import GameState
    from tabletop.games.eshi100.connect import ConsumeHint
    from tabletop.games.eshi100.rules import Eshi100Rules

__all__ = ["ConsumePick", "Outlook", "attack_outlook", "defence_choices", "defence_outlook"]


@dataclass
class ConsumePick:
    """``seat`` using ``card``; ``chosen`` the cards to consume so far (the used card is
    put in first, since every payment must hold it)."""

    seat: int
    card: int
    chosen: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, rules: Eshi100Rules, state: GameState, seat: int, card: int) -> ConsumePick:
        """A new choice for ``card``: itself already chosen when it costs anything."""
        cost = int(rules.cards[state.cards[card].card_id]["connect_cost"])
        return cls(seat, card, [card] if cost > 0 else [])

    def hint(self, rules: Eshi100Rules, state: GameState) -> ConsumeHint:
        """The rules' hint for the choice as it stands (candidates, complete, verdict)."""
        return rules.consume_hint(state, self.seat, self.card, self.chosen)

    def click(self, rules: Eshi100Rules, state: GameState, iid: int) -> Verdict:
        """Add or take back ``iid``; a refusal (with the rules' reason) leaves the
        choice unchanged. The used card itself cannot be taken back (only cancelled)."""
        if iid == self.card:
            return Verdict.refuse("eshi100.consume_must_include_card", "ESHI-R4",
                                  card=_name(state, self.card))
        if iid in self.chosen:
            self.chosen.remove(iid)
            return Verdict.legal()
        hint = self.hint(rules, state)
        if iid in hint.candidates:
            self.chosen.append(iid)
            return Verdict.legal()
        trial = rules.consume_hint(state, self.seat, self.card, [*self.chosen, iid])
        if trial.verdict.ok:  # defensive: the rules accept it after all
            self.chosen.append(iid)
            return Verdict.legal()
        return trial.verdict

    def use_action(self) -> Action:
        """The ``use`` action of this choice (an attack)."""
        return Action.make("use", self.seat, card=self.card, consume=sorted(self.chosen))

    def defend_action(self) -> Action:
        """The ``defend`` decision's answer with this choice."""
        return Action.make("decide", self.seat, choice=[str(self.card)],
                           consume=sorted(self.chosen))


def _name(state: GameState, iid: int) -> object:
    from tabletop.games.eshi100.words import inst_msg

    return inst_msg(state, iid)


@dataclass(frozen=True)
class Outlook:
    """A power comparison for the box beside the grid.

    ``defender`` None: undefended (``defence`` None). ``success``: the attack
    succeeds in that case. ``other_seat`` is the defending seat.
    """

    attacker: int
    attack: int
    defender: int | None
    defence: int | None
    success: bool
    other_seat: int
    #: True while choosing an attack: the defence is the best the other player could
    #: choose, not a choice they made.
    hypothetical: bool = False
    #: The defence cards the defending seat may still pay for (ESHI-H2). The window
    #: lights exactly these during a defence and words the box from them, so the text
    #: and the lighting cannot disagree.
    defenders: tuple[int, ...] = ()


def attack_outlook(rules: Eshi100Rules, state: GameState, pick: ConsumePick) -> Outlook:
    """The attack of ``pick`` against the strongest defence the other player could still
    pay once this payment is made (own consumed cards damaged, ESHI-R4), or undefended
    when they could pay none (ESHI-H2)."""
    other = state.other(pick.seat)
    after = state.clone()
    attack.preview_use(after, rules.cards, pick.seat, pick.card, list(pick.chosen))
    defenders = attack.usable_defenders(after, rules.cards, other)
    best = max(defenders, key=lambda d: attack.power(after, rules.cards, d), default=None)
    if attack.power(after, rules.cards, pick.card) == 0:
        best = None  # power 0 fails anyway: nobody is asked (ESHI-H2)
    result = attack.compare(after, rules.cards, pick.card, best)
    return Outlook(pick.card, result.attack_power, best, result.defence_power, result.success,
                   other, hypothetical=True, defenders=tuple(defenders) if best else ())


def defence_choices(state: GameState) -> tuple[int, ...]:
    """The defence cards the pending ``defend`` decision offers (the rules list only the
    payable ones, ESHI-H2); empty when no defence is being asked."""
    pending = pending_decision(state)
    if pending is None or pending.kind != DecisionKind.DEFEND:
        return ()
    return tuple(sorted(int(o) for o in pending.options if o.isdigit()))


def defence_outlook(rules: Eshi100Rules, state: GameState,
                    defender: int | None) -> Outlook | None:
    """The pending attack against ``defender`` (None: undefended), or None when no
    attack waits."""
    result = rules.power_comparison(state, defender)
    if result is None:
        return None
    seat = state.cards[result.attacker].owner
    return Outlook(result.attacker, result.attack_power, result.defender, result.defence_power,
                   result.success, state.other(seat), defenders=defence_choices(state))
