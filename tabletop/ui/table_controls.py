"""The table's buttons and keyboard shortcuts (pygame_gui buttons in the side panel).

Each command is enabled only when the rules accept its action now (asked with
``game.check``, or ``can_undo`` / ``can_redo``), re-evaluated after every change,
never per frame. Keys: N or Space next phase, E end turn, A attack, F free mode,
T tap (free mode), Ctrl+Z undo, Ctrl+Y redo.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop.core.actions import Action
from tabletop.i18n import t
from tabletop.ui.theme import fit_id

if TYPE_CHECKING:
    from tabletop.core.engine import Game

__all__ = ["COMMANDS", "TableControls", "key_command"]

#: Button commands in panel order (two columns).
COMMANDS: tuple[str, ...] = ("next_phase", "end_turn", "attack", "free_mode",
                             "undo", "redo", "menu")

_KEYS: dict[int, str] = {
    pygame.K_n: "next_phase",
    pygame.K_SPACE: "next_phase",
    pygame.K_e: "end_turn",
    pygame.K_a: "attack",
    pygame.K_f: "free_mode",
    pygame.K_t: "tap",
}
_HINTS: dict[str, str] = {"next_phase": "N", "end_turn": "E", "attack": "A", "free_mode": "F",
                          "undo": "Ctrl+Z", "redo": "Ctrl+Y", "menu": "Esc"}


def key_command(event: pygame.event.Event) -> str | None:
    """The command a KEYDOWN event asks for, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    if ctrl and event.key == pygame.K_z:
        return "undo"
    if ctrl and event.key == pygame.K_y:
        return "redo"
    if ctrl:
        return None
    return _KEYS.get(event.key)


def command_action(command: str, seat: int, free_mode: bool,
                   attackers: Iterable[int]) -> Action | None:
    """The action a command proposes (None for undo/redo/menu/tap)."""
    if command in ("next_phase", "end_turn"):
        return Action.make(command, seat)
    if command == "attack":
        return Action.make("attack", seat, attackers=sorted(attackers))
    if command == "free_mode":
        return Action.make("set_free_mode", seat, on=not free_mode)
    return None


class TableControls:
    """The command buttons: built into ``manager`` inside ``rect``; enabled per legality."""

    def __init__(self) -> None:
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.enabled: dict[str, bool] = {}

    def build(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float,
              fonts: Any = None) -> None:
        """(Re)create the buttons in ``rect`` (two columns, bottom of the side panel).

        With ``fonts`` a label too long for its button gets a smaller font (never clipped).
        """
        self.kill()
        gap = max(4, round(6 * scale))
        rows = (len(COMMANDS) + 1) // 2
        bh = (rect.h - gap * (rows - 1)) // rows
        bw = (rect.w - gap) // 2
        for i, command in enumerate(COMMANDS):
            row, col = divmod(i, 2)
            if command == "menu":  # last, full width
                r = pygame.Rect(rect.x, rect.y + row * (bh + gap), rect.w, bh)
            else:
                r = pygame.Rect(rect.x + col * (bw + gap), rect.y + row * (bh + gap), bw, bh)
            label = self._label(command, False)
            longest = max((label, self._label(command, True)), key=len)
            oid = (fit_id(fonts, longest, r.w, scale, f"#table_{command}") if fonts is not None
                   else pygame_gui.core.ObjectID(object_id=f"#table_{command}"))
            button = pygame_gui.elements.UIButton(
                relative_rect=r, text=label, manager=manager,
                tool_tip_text=t("button.key_hint", key=_HINTS[command]),
                object_id=oid,
            )
            self.buttons[command] = button
        for command, on in self.enabled.items():
            self._set(command, on)

    @staticmethod
    def _label(command: str, free_mode: bool) -> str:
        if command == "free_mode":
            return t("button.free_mode_on" if free_mode else "button.free_mode_off")
        return t(f"button.{command}")

    def refresh(self, game: Game, seat: int, attackers: Iterable[int],
                locked: bool = False) -> None:
        """Enable each button when its action is legal for ``seat`` now.

        ``locked`` (a decision or the game over) disables the turn commands.
        """
        state = game.state
        chosen = list(attackers)
        for command in COMMANDS:
            if command == "menu":
                on = True
            elif command == "undo":
                on = game.can_undo(seat)
            elif command == "redo":
                on = game.can_redo(seat)
            elif command == "free_mode":
                on = not state.game_over
            elif command == "attack" and not chosen:
                on = False
            else:
                action = command_action(command, seat, state.free_mode, chosen)
                on = not locked and action is not None and game.check(action).ok
            self._set(command, on)
        button = self.buttons.get("free_mode")
        if button is not None:
            button.set_text(self._label("free_mode", state.free_mode))

    def _set(self, command: str, on: bool) -> None:
        self.enabled[command] = on
        button = self.buttons.get(command)
        if button is None:
            return
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()

    def command_of(self, event: pygame.event.Event) -> str | None:
        """The command of a ``UI_BUTTON_PRESSED`` event from one of these buttons."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        for command, button in self.buttons.items():
            if event.ui_element is button:
                return command
        return None

    def kill(self) -> None:
        """Remove the buttons from their manager."""
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()
