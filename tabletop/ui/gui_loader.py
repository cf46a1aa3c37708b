"""pygame_gui's resource loading, kept on the calling thread.

pygame_gui's default loader (``BlockingThreadedResourceLoader``) starts five worker
threads for fonts and images every time a ``UIManager`` is built, and waits for them
with ``Queue.join``. A worker that dies on an exception leaves that wait blocked for
ever: the window hangs while building its widgets (seen in the test suite, in
``UIManager.__init__``). Our widgets load a handful of fonts from local files, so the
threads buy nothing; this loader puts every resource on pygame_gui's own sequential
queue, loaded in order on the thread that builds the manager.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader


class MainThreadLoader(BlockingThreadedResourceLoader):  # type: ignore[misc]
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
        """Queue ``resource`` (a pygame_gui Font/Image/SurfaceResource) for loading."""
        if self.started():
            raise ValueError("Too late to add this resource to the loader")
        self._sequential_loading_queue.append(resource)


def load_now(manager: Any) -> Any:
    """Load what ``manager`` (a ``pygame_gui.UIManager`` built with a
    :class:`MainThreadLoader`) queued, on this thread; returns the manager."""
    manager.resource_loader.start()
    manager.resource_loader.update()
    return manager
