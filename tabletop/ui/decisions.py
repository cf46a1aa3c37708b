"""The rules' pending decisions shown to the deciding seat: mulligan, blockers, combat cards.

* ``mulligan`` (ARC-R3): the prompt and Keep / Mulligan buttons; the hand is on
  the table, face up for its owner.
* ``blockers`` (ARC-R5): the defender clicks one of their untapped characters,
  then the attacker it should block (a line joins them); clicking a blocker
  again takes it back. "Confirm blocks" proposes ``decide(choice=["B>A", ...])``.
* ``combat_card`` (ARC-R5): drag a combat card onto the own combat zone or onto a
  combatant (handled by the drag code), or press Pass.

Also the power comparison of each attacker against its blockers, from the public
combat record (``state.data["combat"]``) plus the defender's not yet confirmed
assignment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop.core.actions import Action, Decision
from tabletop.i18n import t
from tabletop.ui.theme import fit_id

if TYPE_CHECKING:
    from tabletop.core.engine import Game

__all__ = ["Clash", "DecisionPanel", "clashes"]


@dataclass(frozen=True)
class Clash:
    """One attacker against its blockers: powers as they stand now."""

    attacker: int
    attacker_power: int
    blockers: tuple[int, ...]
    blockers_power: int


def _power(game: Game, iid: int) -> int:
    state = game.state
    base = int(game.rules.cards[state.cards[iid].card_id].get("power") or 0)
    data = state.data.get("combat") or {}
    delta = sum(int(d) for i, d in data.get("mods", []) if int(i) == iid)
    return max(0, base + delta)


def clashes(game: Game, extra_blocks: dict[int, int] | None = None) -> list[Clash]:
    """The current combat as attacker-versus-blockers, or [] outside a combat.

    ``extra_blocks`` (blocker -> attacker) adds the defender's unconfirmed picks.
    """
    data = game.state.data.get("combat")
    if not isinstance(data, dict):
        return []
    pairs = [(int(b), int(a)) for b, a in data.get("blocks", [])]
    pairs += list((extra_blocks or {}).items())
    out = []
    for a in (int(i) for i in data.get("attackers", [])):
        if a not in game.state.cards:
            continue
        blockers = tuple(b for b, x in pairs if x == a and b in game.state.cards)
        out.append(Clash(a, _power(game, a), blockers, sum(_power(game, b) for b in blockers)))
    return out


class DecisionPanel:
    """Prompt text and buttons for the pending decision of the viewing seat."""

    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        #: Blockers chosen so far (blocker iid -> attacker iid), not yet confirmed.
        self.assign: dict[int, int] = {}
        #: The blocker clicked, waiting for an attacker.
        self.picked: int | None = None
        self._built_for: tuple[Any, ...] | None = None

    # -- state ---------------------------------------------------------------------------

    def set_decision(self, decision: Decision | None, viewer: int) -> None:
        """Follow the rules' pending decision (only the viewer's own is interactive)."""
        if decision is not None and decision.seat != viewer:
            decision = None
        if decision != self.decision:
            self.decision = decision
            self.assign.clear()
            self.picked = None

    @property
    def kind(self) -> str:
        """The kind of the viewer's pending decision ("" when none)."""
        return self.decision.kind if self.decision is not None else ""

    def blockers(self) -> set[int]:
        """Instance ids that may block (from the decision's options)."""
        if self.kind != "blockers":
            return set()
        return {int(o.split(">")[0]) for o in self.decision.options if ">" in o}  # type: ignore[union-attr]

    def attackers(self) -> set[int]:
        """Instance ids that may be blocked."""
        if self.kind != "blockers":
            return set()
        return {int(o.split(">")[1]) for o in self.decision.options if ">" in o}  # type: ignore[union-attr]

    def click(self, iid: int) -> bool:
        """A card was clicked during the blockers decision; True when it was used."""
        if self.kind != "blockers":
            return False
        if iid in self.blockers():
            if iid in self.assign:  # take it back
                del self.assign[iid]
                self.picked = None
            else:
                self.picked = None if self.picked == iid else iid
            return True
        if iid in self.attackers() and self.picked is not None:
            self.assign[self.picked] = iid
            self.picked = None
            return True
        return False

    def action_for(self, command: str, seat: int) -> Action | None:
        """The action a decision button proposes."""
        if command in ("keep", "mulligan", "pass"):
            return Action.make("decide", seat, choice=[command])
        if command == "confirm_blocks":
            choice = [f"{b}>{a}" for b, a in sorted(self.assign.items())]
            return Action.make("decide", seat, choice=choice)
        return None

    # -- widgets -------------------------------------------------------------------------

    def commands(self) -> tuple[str, ...]:
        """The buttons of the current decision."""
        if self.kind == "mulligan":
            return tuple(o for o in ("keep", "mulligan") if o in self.decision.options)  # type: ignore[union-attr]
        if self.kind == "blockers":
            return ("confirm_blocks", "clear_blocks")
        if self.kind == "combat_card":
            return ("pass",)
        return ()

    def build(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float,
              force: bool = False, fonts: Any = None) -> None:
        """Create the buttons of the current decision along the bottom of ``rect``."""
        key = (id(manager), tuple(rect), self.decision)
        if key == self._built_for and not force:
            return
        self.kill()
        self._built_for = key
        commands = self.commands()
        if not commands:
            return
        gap = max(4, round(6 * scale))
        bh = max(28, round(34 * scale))
        bw = (rect.w - gap * (len(commands) - 1)) // len(commands)
        for i, command in enumerate(commands):
            r = pygame.Rect(rect.x + i * (bw + gap), rect.bottom - bh, bw, bh)
            text = t(f"button.{command}")
            oid = (fit_id(fonts, text, r.w, scale, f"#decision_{command}") if fonts is not None
                   else pygame_gui.core.ObjectID(object_id=f"#decision_{command}"))
            self.buttons[command] = pygame_gui.elements.UIButton(
                relative_rect=r, text=text, manager=manager, object_id=oid)

    def command_of(self, event: pygame.event.Event) -> str | None:
        """The command of a ``UI_BUTTON_PRESSED`` event from one of these buttons."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        for command, button in self.buttons.items():
            if event.ui_element is button:
                return command
        return None

    def kill(self) -> None:
        """Remove the buttons."""
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()
        self._built_for = None

    def prompt_text(self, lang: str) -> str:
        """The prompt: the rules' own words plus how to answer in the window."""
        if self.decision is None:
            return ""
        from tabletop.ui.panels import render_message

        head = render_message(self.decision.prompt, lang)
        how = {"blockers": "prompt.blockers",
               "combat_card": "prompt.combat_card"}.get(self.kind)
        return f"{head}\n{t(how)}" if how else head
