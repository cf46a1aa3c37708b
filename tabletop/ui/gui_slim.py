"""pygame_gui's widget shapes without the copies of their pixels nothing reads again.

A pygame_gui widget's look is a *drawable shape* (``pygame_gui.core.drawable_shapes``)
with one surface per state (normal, hovered, ...). Besides those and the widget's own
``image`` (a copy of the active state's surface), pygame_gui 0.6 keeps, each as large
as the widget:

* ``base_surface``: the blank (fully transparent) surface every state's drawing
  starts from, when the shape has no shadow;
* per state with text, ``pre_text_surface`` (the state before its text) and
  ``text_surface`` (the text alone), read again only by
  ``DrawableShape.apply_active_text_changes``, which only text *entry* widgets call
  (their shapes are made with ``editable_text=True``); and the text layout's own
  reference to the last text surface (its ``finalised_surface``, and each row's and
  chunk's ``target_surface``), which also kept the surfaces of a layout replaced by a
  rebuild until a full collection (the rows and the layout refer to each other).

So a label or button kept three to five copies of its area and a panel three (issue
14: the menu at 3840x2160 held about 180 MiB of widget pixels). :func:`install` makes
the shapes keep neither: the blank base is made again for each redraw (the same
blank surface pygame_gui makes, so every state is drawn exactly as before) and let go
after it; a shape that cannot be edited drops its states' pre-text and text surfaces
once the text is on the state. Shapes with a shadow (their base is the shadow) and
editable shapes are left as they are. What a widget shows never changes.

It wraps three methods of pygame_gui's shape classes (once per process, see
:func:`install`); pygame_gui versions without them are left alone.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import pygame

__all__ = ["install", "installed", "uninstall"]

log = logging.getLogger(__name__)

#: Set on a shape whose blank base is made per redraw instead of kept.
_BLANK = "_tabletop_blank_base"
_installed = False
#: The methods replaced by :func:`install`: (class, name, original).
_originals: list[tuple[type, str, Any]] = []


def installed() -> bool:
    """Has :func:`install` wrapped pygame_gui's shapes in this process?"""
    return _installed


def _blank_base(shape: Any) -> bool:
    # the base is pygame_gui's blank surface when the shape draws no shadow (with one,
    # the base is the shadow and must stay)
    return int(getattr(shape, "shadow_width", 0) or 0) <= 0


def _wrap_rebuild(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def full_rebuild_on_size_change(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(self, *args, **kwargs)
        if _blank_base(self) and isinstance(getattr(self, "base_surface", None),
                                            pygame.Surface):
            setattr(self, _BLANK, True)
            self.base_surface = None
        else:
            setattr(self, _BLANK, False)
        return result
    return full_rebuild_on_size_change


def _wrap_redraw(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def redraw_state(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not getattr(self, _BLANK, False) or self.base_surface is not None:
            return original(self, *args, **kwargs)
        # exactly the base pygame_gui made in full_rebuild_on_size_change
        self.base_surface = pygame.surface.Surface(self.containing_rect.size,
                                                   flags=pygame.SRCALPHA, depth=32)
        try:
            return original(self, *args, **kwargs)
        finally:
            self.base_surface = None
    return redraw_state


def _wrap_finalise_text(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def finalise_text(self: Any, state_str: str, *args: Any, **kwargs: Any) -> Any:
        result = original(self, state_str, *args, **kwargs)
        if not getattr(self, "editable_text", False):
            state = self.states.get(state_str)
            if state is not None:
                # the text is on state.surface now; only apply_active_text_changes (text
                # entry) would read these again
                state.pre_text_surface = None
                state.text_surface = None
            _forget_text_surface(self.text_box_layout)
        return result
    return finalise_text


def _forget_text_surface(layout: Any) -> None:
    """The text layout of a shape that cannot be edited, its text on the state now: its
    rows and chunks let go of the surface they were finalised to (read again only by
    text entry's cursor and by text effects, which this program does not use; every
    such read is guarded by ``is not None`` in pygame_gui 0.6)."""
    if layout is None:
        return
    layout.finalised_surface = None
    for row in getattr(layout, "layout_rows", ()):
        row.target_surface = None
        for chunk in getattr(row, "items", ()):
            if getattr(chunk, "target_surface", None) is not None:
                chunk.target_surface = None


def install() -> bool:
    """Wrap pygame_gui's rectangle and rounded-rectangle shapes' ``full_rebuild_on_size_change``
    and ``redraw_state``, and every shape's ``finalise_text`` (see the module docstring);
    idempotent. Returns whether the wrappers are in place (False: this pygame_gui lacks
    one of the methods, nothing changed)."""
    global _installed
    if _installed:
        return True
    try:
        from pygame_gui.core.drawable_shapes import (
            RectDrawableShape,
            RoundedRectangleShape,
        )
        from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
    except ImportError:  # pragma: no cover - another pygame_gui layout
        log.warning("pygame_gui shapes not found; widget pixels not slimmed")
        return False
    classes = (RectDrawableShape, RoundedRectangleShape)
    needed: list[tuple[type, str]] = [
        (cls, name) for cls in classes for name in ("full_rebuild_on_size_change", "redraw_state")]
    needed.append((DrawableShape, "finalise_text"))
    if not all(name in vars(cls) for cls, name in needed):
        log.warning("pygame_gui shapes differ from 0.6; widget pixels not slimmed")
        return False
    wrappers = {"full_rebuild_on_size_change": _wrap_rebuild, "redraw_state": _wrap_redraw,
                "finalise_text": _wrap_finalise_text}
    for cls, name in needed:
        original = vars(cls)[name]
        _originals.append((cls, name, original))
        setattr(cls, name, wrappers[name](original))
    _installed = True
    return True


def uninstall() -> None:
    """Put pygame_gui's own methods back (tests compare the two looks); shapes made
    since keep what they hold. Idempotent."""
    global _installed
    while _originals:
        cls, name, original = _originals.pop()
        setattr(cls, name, original)
    _installed = False
