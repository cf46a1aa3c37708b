"""Message and confirmation dialogs: thin helpers over pygame_gui windows.

Texts are given as catalogue keys, :class:`tabletop.i18n.Message` /
:class:`tabletop.core.messages.Message` objects, or ready text (see
:func:`text_of`), and shown in the current language. A confirmation's
callbacks run when the app passes pygame_gui's result events to
:func:`handle_event` (``App.dispatch`` does this).

Keys, the same in every dialog (:func:`handle_event`): Esc is Cancel (a message
window's OK, a :func:`choose` window's close box: nothing is answered), Enter
is the confirming button (a message window's OK). Only the topmost dialog hears
them, and the key goes no further (the table never sees it).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from tabletop import i18n
from tabletop.ui.textwrap_ja import rewrap_text_box, wrapped_text_box

if TYPE_CHECKING:
    from tabletop.ui.host import Host

__all__ = ["Text", "choose", "confirm", "handle_event", "message", "text_of"]

#: What a dialog accepts as text: a catalogue key, a Message, or plain text.
Text = Any

_callbacks: dict[int, tuple[Callable[[], None] | None, Callable[[], None] | None]] = {}
#: Every dialog this module opened, oldest first: the last alive one hears Esc / Enter.
_open: list[Any] = []
_CANCEL_KEYS = frozenset({pygame.K_ESCAPE})
_CONFIRM_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})
#: The answer buttons of :func:`choose` windows: button id -> (button, window, callback);
#: the button is kept so that a recycled id never runs another window's answer.
_answers: dict[int, tuple[Any, Any, Callable[[], None] | None]] = {}
#: What a :func:`choose` window closed unanswered runs: window id -> (window, callback).
_cancels: dict[int, tuple[Any, Callable[[], None]]] = {}


def _to_i18n(value: Any) -> Any:
    """Turn a core Message (same shape, other class) into an i18n Message, recursively."""
    if isinstance(value, i18n.Message):
        return value
    if hasattr(value, "key") and hasattr(value, "params"):
        params = value.params.items() if isinstance(value.params, dict) else value.params
        return i18n.Message(str(value.key), tuple((k, _to_i18n(v)) for k, v in params))
    if isinstance(value, list | tuple):
        return tuple(_to_i18n(v) for v in value)
    return value


def text_of(value: Text, **params: Any) -> str:
    """The text of a key (with ``params``), a Message, or a plain string, in the current language.

    A string is treated as a catalogue key when it contains a dot and no space
    (``"dialog.save_corrupt_title"``); other strings are shown as they are.
    """
    if value is None:
        return ""
    if isinstance(value, str):
        if "." in value and " " not in value:
            return i18n.t(value, **params)
        return value
    message = _to_i18n(value)
    if isinstance(message, i18n.Message):
        return message.render()
    return str(value)


def _dialog_rect(app: Host, width: int = 480, height: int = 260) -> pygame.Rect:
    scale = app.scale
    w, h = round(width * scale), round(height * scale)
    sw, sh = app.size
    w, h = min(w, sw - 20), min(h, sh - 20)
    return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)


def _fit_title_bar(app: Host, window: Any) -> None:
    """The stock title bar is 28 px whatever the font: make it as tall as its glyphs."""
    from tabletop.ui.theme import themed_size

    title_font = app.fonts.get(*themed_size("window.#title_bar", app.scale))
    title_h = max(28, title_font.get_linesize() + round(6 * app.scale))
    if window.title_bar_height != title_h:
        window.title_bar_height = title_h
        window.title_bar_close_button_width = title_h
        window.rebuild()
        window.set_dimensions(window.rect.size)  # lays the container out again


def _size_buttons(app: Host, window: Any, buttons: list[Any], text: Any) -> None:
    """Make pygame_gui's small stock dialog buttons readable: a row at the bottom right."""
    scale = app.scale
    pad, gap = round(12 * scale), round(10 * scale)
    bh = round(38 * scale)
    cw, ch = window.get_container().get_size()
    right = pad
    for button in buttons:  # right to left
        bw = max(round(110 * scale), button.font.size(button.text)[0] + round(32 * scale))
        button.set_anchors({"left": "right", "right": "right", "top": "bottom",
                            "bottom": "bottom"})
        button.set_dimensions((bw, bh))
        button.set_relative_position((-right - bw, -pad - bh))
        right += bw + gap
    text.set_dimensions((cw - round(8 * scale), ch - bh - 2 * pad))
    text.set_relative_position((round(4 * scale), round(4 * scale)))
    # its shape (where it takes clicks) at the new size now, not a moment later: the
    # old one reached over the buttons, above 100% over their middle (QA16 #10)
    text.rebuild()


def message(app: Host, title: Text, body: Text, width: int = 480,
            height: int = 260) -> UIMessageWindow:
    """Show a modal message window with an OK button; returns the window."""
    window = UIMessageWindow(
        _dialog_rect(app, width, height),
        html.escape(text_of(body)).replace("\n", "<br>"),
        app.ui,
        window_title=text_of(title),
        always_on_top=True,
    )
    window.dismiss_button.set_text(i18n.t("button.ok"))
    _fit_title_bar(app, window)
    _size_buttons(app, window, [window.dismiss_button], window.text_block)
    rewrap_text_box(window.text_block, text_of(body))
    window.set_blocking(True)
    _open.append(window)
    return window


def confirm(app: Host, title: Text, body: Text, on_confirm: Callable[[], None] | None,
            on_cancel: Callable[[], None] | None = None, confirm_key: str = "button.confirm",
            width: int = 480, height: int = 240) -> UIConfirmationDialog:
    """Ask a yes/no question; ``on_confirm``/``on_cancel`` run when answered."""
    dialog = UIConfirmationDialog(
        _dialog_rect(app, width, height),
        html.escape(text_of(body)).replace("\n", "<br>"),
        app.ui,
        action_short_name=i18n.t(confirm_key),
        window_title=text_of(title),
        blocking=True,
        always_on_top=True,
    )
    dialog.cancel_button.set_text(i18n.t("button.cancel"))
    _fit_title_bar(app, dialog)
    _size_buttons(app, dialog, [dialog.cancel_button, dialog.confirm_button],
                  dialog.confirmation_text)
    rewrap_text_box(dialog.confirmation_text, text_of(body))
    _callbacks[id(dialog)] = (on_confirm, on_cancel)
    _open.append(dialog)
    return dialog


def choose(app: Host, title: Text, body: Text,
           answers: list[tuple[Text, Callable[[], None] | None]],
           width: int = 560, default: int | None = None,
           on_cancel: Callable[[], None] | None = None) -> Any:
    """Ask a question with one full-width button per answer, stacked; returns the window.

    ``answers`` are ``(label, callback)`` pairs, top to bottom (a callback may be
    None: the button only closes). A pressed button closes the window and runs
    its callback (via :func:`handle_event`); the close box answers nothing. The
    window is modal, always on top, as tall as its text needs (it scrolls when
    the screen is too small). ``width`` is in pixels at scale 1. ``default``: the
    index of the answer Enter gives (None: Enter answers nothing); ``on_cancel``
    runs when Esc or the close box closes it unanswered.
    """
    from pygame_gui.elements import UIButton, UITextBox, UIWindow

    scale = app.scale
    pad, gap = round(12 * scale), round(8 * scale)
    bh = round(40 * scale)
    sw, sh = app.size
    w = min(round(width * scale), sw - 20)
    window = UIWindow(pygame.Rect(0, 0, w, sh - 20), app.ui, window_display_title=text_of(title),
                      resizable=False, always_on_top=True)
    _fit_title_bar(app, window)
    window.set_blocking(True)
    window.set_dimensions((w, sh - 20))  # lays the container out inside border and shadow
    cw, ch = window.get_container().get_size()
    buttons_h = len(answers) * (bh + gap) + pad
    plain = text_of(body)

    def make(height: int) -> Callable[[str], Any]:
        return lambda markup: UITextBox(markup, pygame.Rect(pad // 2, pad // 2, cw - pad,
                                                            height),
                                        app.ui, container=window, allow_split_dashes=False)

    text = wrapped_text_box(make(-1), plain)
    room = ch - buttons_h - pad
    text_h = int(text.rect.height)
    if text_h > room:  # more text than the screen holds: a fixed box that scrolls
        text.kill()
        text_h = room
        text = wrapped_text_box(make(text_h), plain)
    else:
        window.set_dimensions((w, window.rect.height - (room - text_h)))
    window.set_position(((sw - w) // 2, (sh - window.rect.height) // 2))
    y = text_h + pad
    for label, callback in answers:
        button = UIButton(pygame.Rect(pad, y, cw - 2 * pad, bh), text_of(label), app.ui,
                          container=window)
        _answers[id(button)] = (button, window, callback)
        y += bh + gap
    window.text_box = text  # tests read what the question says
    window.default_answer = (answers[default][1],) if default is not None else None
    if on_cancel is not None:
        _cancels[id(window)] = (window, on_cancel)
    _open.append(window)
    return window


def _forget_answers(window: Any) -> None:
    for key in [k for k, (_b, w, _c) in _answers.items() if w is window]:
        del _answers[key]
    entry = _cancels.get(id(window))
    if entry is not None and entry[0] is window:
        del _cancels[id(window)]


def top_dialog(manager: Any = None) -> Any:
    """The topmost dialog this module opened that is still open in ``manager`` (the
    app's ``ui``; None: any manager), or None when there is none."""
    _open[:] = [w for w in _open if w.alive()]
    mine = [w for w in _open if manager is None or w.ui_manager is manager]
    if not mine or manager is None:
        return mine[-1] if mine else None
    stack = manager.get_window_stack().get_full_stack()  # bottom to top
    modal = [w for w in stack if w.alive() and (w in mine or getattr(w, "is_blocking", False))]
    if not modal:
        return mine[-1]
    # a window of someone else's on top (a plugin's question) hears its own keys
    return modal[-1] if modal[-1] in mine else None


def _key(event: pygame.event.Event, manager: Any) -> bool:
    """Esc / Enter for the topmost dialog: True when one was open (the key is its own)."""
    window = top_dialog(manager)
    if window is None:
        return False
    if event.key in _CANCEL_KEYS:
        window.kill()  # as its Cancel / close box: UI_WINDOW_CLOSE runs on_cancel
    elif event.key in _CONFIRM_KEYS:
        pair = _callbacks.pop(id(window), None)
        if pair is not None:  # a confirmation: its confirming button
            window.kill()
            if pair[0] is not None:
                pair[0]()
        elif isinstance(window, UIMessageWindow):
            window.kill()  # its only button, OK
        elif getattr(window, "default_answer", None) is not None:  # choose(default=i)
            (callback,) = window.default_answer
            _forget_answers(window)
            window.kill()
            if callback is not None:
                callback()
        # a choose() window without a default: Enter picks none of its answers
    return True


def handle_event(event: pygame.event.Event, manager: Any = None) -> bool:
    """Run a dialog's callback for its result event, or answer the topmost dialog's
    Esc (cancel) / Enter (confirm); True when the event was a dialog's.

    ``manager``: the app's widget manager, whose dialogs hear the keys. Any other key
    press while a dialog is open is left to the scenes, which ignore it (the table:
    ``TableScene._dialog_open``).
    """
    if event.type == pygame.KEYDOWN and getattr(event, "key", None) in \
            _CANCEL_KEYS | _CONFIRM_KEYS:
        return _key(event, manager)
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        entry = _answers.get(id(event.ui_element))
        if entry is not None and entry[0] is event.ui_element:
            _button, window, callback = entry
            _forget_answers(window)
            window.kill()
            if callback is not None:
                callback()
            return True
    if event.type == pygame_gui.UI_WINDOW_CLOSE:
        cancel = _cancels.get(id(event.ui_element))
        _forget_answers(event.ui_element)
        if cancel is not None and cancel[0] is event.ui_element:
            cancel[1]()  # closed unanswered (Esc, the close box)
    if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
        pair = _callbacks.pop(id(event.ui_element), None)
        if pair and pair[0]:
            pair[0]()
        return pair is not None
    if event.type == pygame_gui.UI_WINDOW_CLOSE and id(event.ui_element) in _callbacks:
        _on_confirm, on_cancel = _callbacks.pop(id(event.ui_element))
        if on_cancel:
            on_cancel()
        return True
    return False
