"""The rules' pending decision shown to the deciding seat: a prompt and its buttons.

:class:`DecisionPanel` is the shared part: it follows ``state.pending`` (only the
viewer's own decision is interactive), builds one pygame_gui button per command
along the bottom of the decision box in the side panel, and turns a pressed
button into a ``decide`` action. By default a decision with one choice among a
few options gets one button per option (label ``button.<option>`` when the
catalogue has it, else the option id).

A game's window plugin (:mod:`tabletop.ui.games`) subclasses it for decisions
that need more than buttons (Arc's blockers: click a blocker, then an attacker;
see :class:`tabletop.ui.games.arc.ArcDecisionPanel`) and returns it from
:meth:`~tabletop.ui.games.GameUI.make_decisions`.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tabletop.core.actions import Action, Decision
from tabletop.i18n import t
from tabletop.ui.buttons import ButtonSet
from tabletop.ui.theme import fit_id, themed_size

__all__ = ["MAX_OPTION_BUTTONS", "DecisionPanel"]

#: A single-choice decision with at most this many options gets one button per option.
MAX_OPTION_BUTTONS = 6
#: Pixels a button's label leaves free of its width (border and padding; as ``fit_id``).
FIT_PADDING = 12


class DecisionPanel(ButtonSet):
    """Prompt text and buttons for the pending decision of the viewing seat.

    Override points (all optional): :meth:`commands`, :meth:`label`,
    :meth:`action_for`, :meth:`click`, :meth:`forget`, :meth:`prompt_text`.
    """

    def __init__(self) -> None:
        self.decision: Decision | None = None
        super().__init__()
        self._built_for: tuple[Any, ...] | None = None

    # -- state ---------------------------------------------------------------------------

    def set_decision(self, decision: Decision | None, viewer: int) -> None:
        """Follow the rules' pending decision (only the viewer's own is interactive)."""
        if decision is not None and decision.seat != viewer:
            decision = None
        if decision != self.decision:
            self.decision = decision
            self.forget()

    @property
    def kind(self) -> str:
        """The kind of the viewer's pending decision ("" when none)."""
        return self.decision.kind if self.decision is not None else ""

    def forget(self) -> None:
        """Drop choices made but not confirmed (a new decision, or a hand-over)."""

    def click(self, iid: int) -> bool:
        """A card was pressed while this decision is shown; True when it was used."""
        return False

    def commands(self) -> tuple[str, ...]:
        """The buttons of the current decision (default: one per option, see module doc)."""
        d = self.decision
        if d is None or d.max_count != 1 or len(d.options) > MAX_OPTION_BUTTONS:
            return ()
        return tuple(d.options)

    def label(self, command: str) -> str:
        """The text of a command's button."""
        text = t(f"button.{command}")
        return command if text == f"button.{command}" else text

    def action_for(self, command: str, seat: int) -> Action | None:
        """The action a decision button proposes (None: nothing to propose)."""
        if self.decision is not None and command in self.decision.options:
            return Action.make("decide", seat, choice=[command])
        return None

    # -- widgets -------------------------------------------------------------------------

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
        cols = self.columns(rect.w, scale, fonts)
        rows = -(-len(commands) // cols)
        bw = (rect.w - gap * (cols - 1)) // cols
        top = rect.bottom - rows * bh - (rows - 1) * gap
        for i, command in enumerate(commands):
            row, col = divmod(i, cols)
            r = pygame.Rect(rect.x + col * (bw + gap), top + row * (bh + gap), bw, bh)
            text = self.label(command)
            oid = (fit_id(fonts, text, r.w, scale, f"#decision_{command}") if fonts is not None
                   else pygame_gui.core.ObjectID(object_id=f"#decision_{command}"))
            self.buttons[command] = pygame_gui.elements.UIButton(
                relative_rect=r, text=text, manager=manager, object_id=oid)

    def columns(self, width: int, scale: float, fonts: Any = None) -> int:
        """How many buttons share a row of ``width`` pixels: all of them when every label
        fits its share at the theme's button size, else fewer, down to one button a row
        (where a label may still shrink, never below the text floor), so a label is never
        cut nor shrunk out of reading (issue 10: "Right R R → C")."""
        commands = self.commands()
        if not commands or fonts is None:
            return max(1, len(commands))
        gap = max(4, round(6 * scale))
        size, bold = themed_size("button", scale)
        font = fonts.get(size, bold)
        widths = [font.size(self.label(c))[0] for c in commands]
        for cols in range(len(commands), 1, -1):
            cell = (width - gap * (cols - 1)) // cols
            if max(widths) <= cell - FIT_PADDING:
                return cols
        return 1

    def buttons_height(self, width: int, scale: float, fonts: Any = None) -> int:
        """The height the buttons take along the bottom of a box ``width`` pixels wide
        (one row, or more when the labels need them, see :meth:`columns`)."""
        n = len(self.commands())
        gap = max(4, round(6 * scale))
        bh = max(28, round(34 * scale))
        rows = max(1, -(-n // self.columns(width, scale, fonts))) if n else 1
        return rows * bh + (rows - 1) * gap

    def kill(self) -> None:
        """Remove the buttons."""
        super().kill()
        self._built_for = None

    def prompt_text(self, lang: str) -> str:
        """The prompt: the rules' own words (subclasses add how to answer in the window)."""
        if self.decision is None:
            return ""
        from tabletop.ui.panels import render_message

        return render_message(self.decision.prompt, lang)
