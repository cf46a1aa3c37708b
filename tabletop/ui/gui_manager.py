"""The pygame_gui widget manager: built small, and freed when it is replaced.

The app replaces its manager when the language or the UI scale changes
(:meth:`tabletop.ui.app.App.rebuild_ui`). Issue 14 measured the menu growing from
76 to 363 MiB over 20 language switches; three things kept memory:

* pygame_gui pins the first manager ever built as its "default manager" for the
  rest of the run (``pygame_gui.core.utility``); :class:`Manager` makes each new
  manager the default instead, so the one it replaces is not kept.
* A manager and its widgets form reference cycles (widgets know their manager,
  the manager its widgets, the theme its fonts), freed only by Python's cycle
  collector, whose full passes are rare: the old managers' surfaces and fonts
  piled up before one ran. :func:`collect_replaced` collects at once.
* The theme caches element ids under a key built by ``str.join`` *of a string with
  a string*, which interleaves one id list between every character of another: for
  a widget nested a few containers deep the key is hundreds of kilobytes (8.6 MiB of
  keys for the menu alone). :class:`CompactTheme` keys the same cache by the id
  lists themselves.

python-i18n's search path (``i18n.load_path``), to which every manager adds
pygame_gui's translations folder again, is kept free of repeats.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
from pygame_gui.core.utility import set_default_manager

from tabletop.ui.gc_pauses import collect_all

__all__ = ["CompactTheme", "Manager", "collect_replaced", "live_managers", "retire"]

_live: weakref.WeakSet[pygame_gui.UIManager] = weakref.WeakSet()
#: The managers retired since the last :func:`collect_replaced`.
_retired: list[weakref.ref[pygame_gui.UIManager]] = []


class CompactTheme(UIAppearanceTheme):
    """pygame_gui's theme with its combined-id cache keyed by the id lists (tuples),
    not by pygame_gui's interleaved string (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined: dict[tuple[tuple[Any, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(self, element_base_ids: list[str | None] | None,
                               element_ids: list[str] | None,
                               class_ids: list[str | None] | None,
                               object_ids: list[str | None] | None) -> list[str]:
        """The combined ids of an element, most specific first (pygame_gui's own
        answer, cached by the id lists)."""
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        found = self._combined.get(key)
        if found is None:
            found = self._combine(element_base_ids, element_ids, class_ids, object_ids)
            self._combined[key] = found
        return found

    def _combine(self, element_base_ids: list[str | None] | None,
                 element_ids: list[str] | None, class_ids: list[str | None] | None,
                 object_ids: list[str | None] | None) -> list[str]:
        """pygame_gui's combination (0.6: ``build_all_combined_ids`` after its cache
        look-up), without building its long key: every path through the id tree,
        then each one's shorter suffixes after a full stop."""
        combined: list[str] = []
        if (object_ids is None or element_ids is None or class_ids is None
                or element_base_ids is None):
            return combined
        if not len(object_ids) == len(class_ids) == len(element_base_ids) == len(element_ids):
            raise ValueError(f"Object & class ID hierarchy is not equal in length to Element"
                             f" ID hierarchy. Element IDs: {element_ids}\nClass IDs: "
                             f"{class_ids}\nObject IDs: {object_ids}\n")
        if element_ids:
            self._get_next_id_node(None, element_base_ids, element_ids, class_ids,
                                   object_ids, 0, len(element_ids), combined)
        current = combined[:]
        done = not current
        while not done:
            for index, current_id in enumerate(current):
                stop = current_id.find(".")
                if stop == -1:
                    done = True
                else:
                    current[index] = current_id[stop + 1:]
                    combined.append(current[index])
        return combined


class Manager(pygame_gui.UIManager):
    """A ``pygame_gui.UIManager`` with a :class:`CompactTheme`, made the default
    manager (so the one before is not pinned), its python-i18n path kept short.
    Same arguments as ``pygame_gui.UIManager``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_default_manager(self)
        _dedupe_i18n_path()
        _live.add(self)

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        """The theme of this manager (pygame_gui's, with compact id keys)."""
        theme = CompactTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme


def _dedupe_i18n_path() -> None:
    try:
        import i18n as gui_i18n  # type: ignore[import-untyped]  # python-i18n (pygame_gui)
    except ImportError:  # pragma: no cover - pygame_gui depends on it
        return
    path = gui_i18n.load_path
    unique = list(dict.fromkeys(path))
    if len(unique) != len(path):
        path[:] = unique


#: Surfaces at most this many pixels are left to the collector (not worth a look).
_SMALL_PIXELS = 64 * 64


def retire(old: pygame_gui.UIManager) -> int:
    """Return the pixels and fonts of ``old`` (a manager about to be replaced) at once,
    before its successor makes its own, so the two never take memory together (a menu
    manager at 3840x2160 holds about 120 MiB of surfaces: three copies of each
    panel). Its widgets stay usable for what the scenes still do with them (kill them
    while rebuilding) but show nothing: every large surface they, their shapes and
    their text layouts hold becomes one empty surface; the theme's shape atlas and
    fonts are dropped. Returns the bytes of pixels let go."""
    empty = pygame.Surface((0, 0), pygame.SRCALPHA, 32)
    freed = 0

    def hollow(obj: Any) -> None:
        nonlocal freed
        attrs = getattr(obj, "__dict__", None)
        if not attrs:
            return
        for name, value in list(attrs.items()):
            if isinstance(value, pygame.Surface):
                w, h = value.get_size()
                if w * h > _SMALL_PIXELS:
                    freed += w * h * value.get_bytesize()
                    setattr(obj, name, empty)

    _retired.append(weakref.ref(old))
    group = old.get_sprite_group()
    for element in list(group.sprites()):
        hollow(element)
        # the group draws from each sprite's blit_data, which holds the image too
        data = getattr(element, "blit_data", None)
        if isinstance(data, list) and data and isinstance(data[0], pygame.Surface):
            data[0] = empty
        shape = getattr(element, "drawable_shape", None)
        if shape is not None:
            hollow(shape)
            for state in getattr(shape, "states", {}).values():
                hollow(state)
        hollow(getattr(element, "text_box_layout", None))
    group.visible = []  # the old manager draws no more
    theme = old.get_theme()
    cache = getattr(theme, "shape_cache", None)
    if cache is not None:
        for item in getattr(cache, "cache_surfaces", []):
            surf = item.get("surface")
            if isinstance(surf, pygame.Surface):
                freed += surf.get_width() * surf.get_height() * surf.get_bytesize()
        for name in ("cache_surfaces", "cache_long_term_lookup", "cache_short_term_lookup",
                     "consider_purging_list"):
            held = getattr(cache, name, None)
            if isinstance(held, (list, dict)):
                held.clear()
    fonts = getattr(theme.get_font_dictionary(), "loaded_fonts", None)
    if isinstance(fonts, dict):
        fonts.clear()
    return freed


def collect_replaced() -> int:
    """Free the managers just replaced (their widgets rebuilt into the new one): the
    cycle collector runs now, so what :func:`retire` left of them goes before it piles
    up. When a retired widget is still referenced (the drop-down whose change event is
    being handled: a language switch from the menu), the objects that name a retired
    manager stop naming it, so it goes now instead of at some later collection.
    Returns how many :class:`Manager` objects are still alive (1 when nothing else
    holds an old one)."""
    collect_all()  # the frozen heap of a table too (gc_pauses)
    for ref in _retired:
        if ref() is None:
            continue
        for holder in gc.get_referrers(ref()):
            # an object whose attributes live inline (Python 3.11+) is its own referrer
            attrs = holder if isinstance(holder, dict) else getattr(holder, "__dict__", None)
            if isinstance(attrs, dict):
                for name in [k for k, v in attrs.items() if v is ref()]:
                    attrs[name] = None
    if any(ref() is not None for ref in _retired):
        collect_all()
    _retired.clear()
    return len(_live)


def live_managers() -> int:
    """How many :class:`Manager` objects are alive now (after a collection)."""
    collect_all()
    return len(_live)
