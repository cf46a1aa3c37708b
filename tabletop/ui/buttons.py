"""A named set of pygame_gui buttons: which one was pressed, and removing them all."""

from __future__ import annotations

import pygame
import pygame_gui


class ButtonSet:
    """Buttons by command name (``"next_phase"``, ``"keep"``...), built by a subclass."""

    def __init__(self) -> None:
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

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
            button.kill()  # type: ignore[no-untyped-call]  # pygame_gui leaves it untyped
        self.buttons.clear()
