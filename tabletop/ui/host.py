"""What a scene needs of the application it runs in (:class:`Host`).

Scenes (menu, table, hot-seat cover, dialogs) are typed against this protocol, never
against :class:`tabletop.ui.app.App` itself, so nothing below the app imports it (not
even for annotations) and a test may hand a scene a smaller stand-in. ``App`` is the
one real host.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame_gui

    from tabletop.core.engine import Game
    from tabletop.ui.fonts import Fonts
    from tabletop.ui.scene import Scene, SceneStack

__all__ = ["Host"]


class Host(Protocol):
    """The application as a scene sees it: window, fonts, widgets, language, scenes."""

    @property
    def size(self) -> tuple[int, int]:
        """The drawable window size in pixels (what scenes lay out in)."""
        ...

    @property
    def scale(self) -> float:
        """The UI scale factor (fonts, widgets; 1.0 at 1280x720)."""
        ...

    @property
    def lang(self) -> str:
        """The current language code (``"en"``, ``"ja"``)."""
        ...

    @property
    def fonts(self) -> Fonts:
        """The bundled fonts at any size."""
        ...

    @property
    def ui(self) -> pygame_gui.UIManager:
        """The widget manager; replaced when size or language changes (scenes rebuild
        their widgets into it in ``resize``)."""
        ...

    @property
    def stack(self) -> SceneStack:
        """The scenes, bottom to top (``top`` gets events first)."""
        ...

    @property
    def autosaver(self) -> Any:
        """The autosaver of the game at the table (None when no game is open)."""
        ...

    def mouse_pos(self) -> tuple[int, int]:
        """The current mouse position in drawable pixels."""
        ...

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top of the stack."""
        ...

    def replace(self, scene: Scene) -> None:
        """Close every scene and show ``scene`` alone."""
        ...

    def show_cover(self, seat: int, on_done: Callable[[], None]) -> None:
        """Push the hot-seat cover asking to pass the computer to ``seat``; ``on_done``
        runs when it is dismissed."""
        ...

    def show_message(self, title: Any, body: Any) -> Any:
        """Show a message dialog (``title``/``body``: keys, Messages or text)."""
        ...

    def back_to_menu(self, selected: str | None = None) -> None:
        """Leave the game for the menu, at the game ``selected`` (default the table's);
        asks first when the game is not being saved."""
        ...

    def start_game(self, game: Game, save_path: Path | str | None = None,
                   save_now: bool = False) -> None:
        """Replace every scene with the table of ``game`` (autosaved after each action)."""
        ...

    def set_language(self, code: str) -> None:
        """Switch the language of every text at once (scenes rebuild their widgets)."""
        ...

    def save_folders(self) -> list[Path]:
        """Every folder unfinished games are listed from."""
        ...

    def choose_save_folder(self) -> None:
        """Offer another folder for the autosave (while saving is failing)."""
        ...

    def unsaved(self) -> Any:
        """Why the game at the table is not being saved now, or None when it is."""
        ...

    def quit(self) -> None:
        """Stop the main loop (the program ends)."""
        ...
