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
the shapes keep none of them: the blank base is made again for each redraw (the same
blank surface pygame_gui makes, so every state is drawn exactly as before) and let go
after it; a shape that cannot be edited drops its states' pre-text and text surfaces
once the text is on the state. A big shape with a shadow (a panel: its base is the
shadow, :data:`BIG_SHADOW_PX`) asks the manager for the same shadow again when a
state is drawn (pygame_gui makes it the same way each time), and such big shadows are
not kept in pygame_gui's short-term shadow cache. Editable shapes are left as they
are. What a widget shows never changes.

It wraps methods of pygame_gui's shape classes, its manager's ``get_shadow`` and its
shadow generator (once per process, see :func:`install`); a pygame_gui without them
is left alone.
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
#: Set on a big shape whose shadow base is asked of the manager again per redraw: the
#: arguments of that ``get_shadow`` call.
_SHADOW = "_tabletop_shadow_args"
#: The manager's last ``get_shadow``: (args, kwargs, surface returned).
_LAST_SHADOW = "_tabletop_last_shadow"
#: Shapes and shadows of at least this many pixels keep no shadow between redraws (a
#: menu panel's is 10 MiB at 3840x2160); smaller ones are left to pygame_gui's caches.
BIG_SHADOW_PX = 256 * 256
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
        base = getattr(self, "base_surface", None)
        setattr(self, _BLANK, False)
        setattr(self, _SHADOW, None)
        if not isinstance(base, pygame.Surface):
            return result
        if _blank_base(self):
            setattr(self, _BLANK, True)
            self.base_surface = None
            return result
        last = getattr(self.ui_manager, _LAST_SHADOW, None)
        if last is not None and last[2] is base and base.get_width() * base.get_height() \
                >= BIG_SHADOW_PX:
            # the shadow pygame_gui made for this shape: asked again when a state is drawn
            setattr(self, _SHADOW, last[:2])
            self.base_surface = None
        return result
    return full_rebuild_on_size_change


def _wrap_redraw(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def redraw_state(self: Any, *args: Any, **kwargs: Any) -> Any:
        shadow = getattr(self, _SHADOW, None)
        if self.base_surface is not None or (not getattr(self, _BLANK, False)
                                             and shadow is None):
            return original(self, *args, **kwargs)
        # exactly the base pygame_gui made in full_rebuild_on_size_change
        if shadow is not None:
            self.base_surface = self.ui_manager.get_shadow(*shadow[0], **shadow[1])
        else:
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


def _wrap_get_shadow(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def get_shadow(self: Any, *args: Any, **kwargs: Any) -> Any:
        found = original(self, *args, **kwargs)
        setattr(self, _LAST_SHADOW, (args, kwargs, found))
        return found
    return get_shadow


def _wrap_new_shadow(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def create_new_rectangle_shadow(self: Any, *args: Any, **kwargs: Any) -> Any:
        made = original(self, *args, **kwargs)
        if isinstance(made, pygame.Surface) and \
                made.get_width() * made.get_height() >= BIG_SHADOW_PX:
            cache = getattr(self, "short_term_rect_cache", {})
            for key in [k for k, v in cache.items() if v is made]:
                del cache[key]  # a big shadow is made again when asked (see BIG_SHADOW_PX)
        return made
    return create_new_rectangle_shadow


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
        from pygame_gui.core.ui_shadow import ShadowGenerator
        from pygame_gui.ui_manager import UIManager
    except ImportError:  # pragma: no cover - another pygame_gui layout
        log.warning("pygame_gui shapes not found; widget pixels not slimmed")
        return False
    classes = (RectDrawableShape, RoundedRectangleShape)
    needed: list[tuple[type, str]] = [
        (cls, name) for cls in classes for name in ("full_rebuild_on_size_change", "redraw_state")]
    needed += [(DrawableShape, "finalise_text"), (UIManager, "get_shadow"),
               (ShadowGenerator, "create_new_rectangle_shadow")]
    if not all(name in vars(cls) for cls, name in needed):
        log.warning("pygame_gui shapes differ from 0.6; widget pixels not slimmed")
        return False
    wrappers = {"full_rebuild_on_size_change": _wrap_rebuild, "redraw_state": _wrap_redraw,
                "finalise_text": _wrap_finalise_text, "get_shadow": _wrap_get_shadow,
                "create_new_rectangle_shadow": _wrap_new_shadow}
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
