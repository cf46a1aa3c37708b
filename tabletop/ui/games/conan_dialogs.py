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
from functools import cache
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from tabletop.i18n import t
from tabletop.ui.card_render import wrap_text
from tabletop.ui.fonts import usable_font
from tabletop.ui.theme import themed_size

__all__ = ["ChoiceDialog", "wrap_body"]

#: The text box's inner padding (``assets/ui/theme.json``, ``text_box`` misc padding).
TEXT_PADDING = (8, 6)
#: Marks a Japanese line may not start with (kinsoku): they stay on the line before.
NO_LINE_START = "、。，．）」』】〉》・ー：；！？…,.)!?:;"


@cache
def _font(size: int, bold: bool) -> pygame.font.Font:
    path = usable_font(bold)  # None: the bundled font is broken, pygame's stands in
    font = pygame.font.Font(path, size)
    if path is None:
        font.bold = bold
    return font


def wrap_body(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` (a closing mark may hang past it).

    English breaks at spaces, Japanese between characters; a line never starts with
    a closing mark (「。」「、」「）」...): the mark hangs at the end of the line before.
    Explicit newlines are kept. Never hyphenates.
    """
    out: list[str] = []
    for para in text.split("\n"):
        lines = wrap_text(para, font, max(1, width - font.size("。")[0]))
        fixed: list[str] = []
        for line in lines:
            while fixed and line and line[0] in NO_LINE_START:
                fixed[-1] += line[0]
                line = line[1:]
            if line:
                fixed.append(line)
        out.extend(fixed or [""])
    return out


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
        labels = [label for label, _ in answers] + ([t("button.cancel")] if cancel else [])
        button_font = _font(themed_size("button", scale)[0], False)
        title_font = _font(*themed_size("window.#title_bar", scale))
        widest = max([button_font.size(text)[0] + 3 * pad for text in labels]
                     + [title_font.size(title)[0] + 3 * bh])
        # As wide as the longest answer needs (never narrower than 520 at scale 1).
        width = min(screen[0] - 20, max(round(520 * scale), widest + 2 * pad))
        # The tallest the screen allows; the window is built small first and sized once
        # its text is known: a rounded window is drawn anew at every size, and drawing
        # one as tall as the screen took the "Who plays" question 1-2 s to appear.
        height = screen[1] - 20
        rows = len(labels)
        buttons_h = rows * (bh + pad // 2) + pad
        title_h = max(28, title_font.get_linesize() + round(6 * scale))
        rect = pygame.Rect((screen[0] - width) // 2, 10, width,
                           min(height, title_h + buttons_h + 2 * pad))
        self.window = UIWindow(rect, manager, window_display_title=title,
                               object_id="#conan_dialog", resizable=False,
                               always_on_top=True)
        #: No Cancel: the question must be answered (no close box, Esc does not close it).
        self.required = not cancel
        if self.required:
            self.window.enable_close_button = False
        # The stock title bar is 28 px whatever the font: make room for the glyphs.
        if self.window.title_bar_height != title_h or self.required:
            self.window.title_bar_height = title_h
            self.window.title_bar_close_button_width = title_h
            self.window.rebuild()
            self.window.set_dimensions(rect.size)  # lays the container out again
        self.window.set_blocking(True)
        cw = self.window.get_container().get_size()[0]
        # The container's height at the tallest window (its frame does not change).
        ch = height - (self.window.rect.height - self.window.get_container().get_size()[1])
        # Wrapped here (Japanese between characters, never hyphenated, no line starting
        # with a closing mark), so the text box only breaks at the line ends given.
        body_font = _font(themed_size("text_box", scale)[0], False)
        lines = wrap_body(body, body_font, cw - pad - 2 * TEXT_PADDING[0] - round(8 * scale))
        markup = "<br>".join(html.escape(line) for line in lines)
        self.text = UITextBox(markup, pygame.Rect(pad // 2, pad // 2, cw - pad, -1),
                              manager, container=self.window)
        room = ch - buttons_h - pad
        body_h = self.text.rect.height
        if body_h > room:  # more text than the screen holds: a fixed box that scrolls
            self.text.kill()
            body_h = room
            self.text = UITextBox(markup, pygame.Rect(pad // 2, pad // 2, cw - pad, body_h),
                                  manager, container=self.window)
        self.window.set_dimensions((width, height - (room - body_h)))
        self.window.set_position(((screen[0] - width) // 2,
                                  (screen[1] - self.window.rect.height) // 2))
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
