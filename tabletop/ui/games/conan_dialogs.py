"""Conan's dialogs (pygame_gui): one question, a button per answer, and Cancel.

Used for the choices a drop or a decision needs beyond a plain button row: which
Minor Foes pay for a Major Foe (CONAN-R5), which character plays a Move and what
it costs them (CONAN-R10, R12), the Foe's wound warning (CONAN-R12), which
Chronicle cards a renown loss takes (CONAN-R17). The window is blocking (the table
under it takes no clicks) and always on top; it is closed on a hand-over.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from tabletop.i18n import t

__all__ = ["ChoiceDialog"]


class ChoiceDialog:
    """A modal question: ``body`` text, one button per ``(label, callback)``, Cancel.

    Feed every event to :meth:`handle`; a pressed button closes the dialog and runs
    its callback (Cancel / the close box run ``on_cancel``).
    """

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], scale: float,
                 title: str, body: str, answers: Sequence[tuple[str, Callable[[], None]]],
                 on_cancel: Callable[[], None] | None = None, cancel: bool = True) -> None:
        self.on_cancel = on_cancel
        pad = round(12 * scale)
        bh = max(30, round(36 * scale))
        width = min(screen[0] - 20, round(520 * scale))
        rows = len(answers) + (1 if cancel else 0)
        body_h = round(180 * scale)
        height = min(screen[1] - 20, body_h + rows * (bh + pad // 2) + 3 * pad + round(34 * scale))
        rect = pygame.Rect((screen[0] - width) // 2, (screen[1] - height) // 2, width, height)
        self.window = UIWindow(rect, manager, window_display_title=title,
                               object_id="#conan_dialog", resizable=False,
                               always_on_top=True)
        self.window.set_blocking(True)
        cw, ch = self.window.get_container().get_size()
        self.text = UITextBox(html.escape(body).replace("\n", "<br>"),
                              pygame.Rect(pad // 2, pad // 2, cw - pad, body_h),
                              manager, container=self.window)
        self.buttons: dict[Any, Callable[[], None] | None] = {}
        y = body_h + pad
        for label, callback in answers:
            button = UIButton(pygame.Rect(pad, y, cw - 2 * pad, bh), label, manager,
                              container=self.window)
            self.buttons[button] = callback
            y += bh + pad // 2
        self.cancel_button: UIButton | None = None
        if cancel:
            self.cancel_button = UIButton(pygame.Rect(pad, y, cw - 2 * pad, bh),
                                          t("button.cancel"), manager, container=self.window)
        self.alive = True

    @property
    def labels(self) -> list[str]:
        """The answers' button texts (tests)."""
        return [b.text for b in self.buttons]

    def button(self, index: int) -> UIButton:
        """The ``index``-th answer's button (tests)."""
        return list(self.buttons)[index]

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the answer a pressed button stands for; True when the event was ours."""
        if not self.alive:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.buttons:
                callback = self.buttons[event.ui_element]
                self.close()
                if callback is not None:
                    callback()
                return True
            if event.ui_element is self.cancel_button:
                self.cancel()
                return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.alive = False
            if self.on_cancel is not None:
                self.on_cancel()
            return True
        return False

    def cancel(self) -> None:
        """Close without an answer (runs ``on_cancel``)."""
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def close(self) -> None:
        """Close the window (no callback)."""
        if self.alive:
            self.alive = False
            self.window.kill()
