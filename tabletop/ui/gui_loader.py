"""pygame_gui's resource loading, kept on the calling thread, fonts when first used.

pygame_gui's default loader (``BlockingThreadedResourceLoader``) starts five worker
threads for fonts and images every time a ``UIManager`` is built, and waits for them
with ``Queue.join``. A worker that dies on an exception leaves that wait blocked for
ever: the window hangs while building its widgets (seen in the test suite, in
``UIManager.__init__``). Our widgets load a handful of fonts from local files, so the
threads buy nothing; this loader puts every resource on pygame_gui's own sequential
queue, loaded in order on the thread that builds the manager.

Fonts load when a widget first asks for one (:class:`LazyFontResource`), not when the
manager is built: the theme names about twenty sizes (every shrink-to-fit variant,
:func:`tabletop.ui.theme.build_theme`) at about 2 ms and half a MiB each, and a screen
uses a handful of them (issue 14: start-up and memory).
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader
from pygame_gui.core.utility import FontResource


class LazyFontResource(FontResource):
    """A pygame_gui font resource whose font is opened on first use of
    ``loaded_font`` (pygame_gui's only way to the font), once; a font that cannot be
    opened is None, as pygame_gui leaves it after a failed load."""

    @property
    def loaded_font(self) -> Any:
        """The font, opened now if it was not yet."""
        state = self.__dict__
        if state.get("_font") is None and not state.get("_tried"):
            state["_tried"] = True
            error = FontResource.load(self)  # type: ignore[no-untyped-call]
            if error is not None:
                import warnings

                warnings.warn(str(error), stacklevel=2)
        return state.get("_font")

    @loaded_font.setter
    def loaded_font(self, font: Any) -> None:
        self.__dict__["_font"] = font


class MainThreadLoader(BlockingThreadedResourceLoader):
    """A blocking pygame_gui resource loader that starts no threads.

    Use :func:`load_now`: a manager given its own loader does not start it. Resources
    load in the order they were added (fonts and images are added before the surfaces
    built from them). Raises ValueError, as pygame_gui's does, for a resource added after
    loading started.
    """

    def start(self) -> None:
        """Close the queue to new resources; no worker thread is started."""
        self._started = True
        self._threaded_loading_finished = True
        self._sequential_loading_finished = False

    def add_resource(self, resource: Any) -> None:
        """Queue ``resource`` (a pygame_gui Image/SurfaceResource) for loading; a font
        resource becomes a :class:`LazyFontResource` instead, opened on first use."""
        if self.started():
            raise ValueError("Too late to add this resource to the loader")
        if type(resource) is FontResource:
            resource.__class__ = LazyFontResource
            return
        self._sequential_loading_queue.append(resource)


def load_now(manager: Any) -> Any:
    """Load what ``manager`` (a ``pygame_gui.UIManager`` built with a
    :class:`MainThreadLoader`) queued, on this thread; returns the manager."""
    manager.resource_loader.start()
    manager.resource_loader.update()
    return manager
