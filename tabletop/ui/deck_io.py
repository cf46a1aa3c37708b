"""The deck builder's plain-text import and export: files in the user's deck folder
and the clipboard where pygame's clipboard works (not under the dummy video driver).

Export writes ``<deck id>.txt`` beside the deck files
(:func:`tabletop.core.deck_files.deck_folder`); import reads the clipboard's text or
one of the ``.txt`` files there (:func:`text_files`). The text format is
:mod:`tabletop.core.deck_text`.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from tabletop.core.deck_files import deck_folder, shared_mode
from tabletop.core.files import FileProblem, read_text

__all__ = ["clipboard_text", "export_text", "read_text_file", "set_clipboard", "text_files"]

log = logging.getLogger(__name__)


def text_files(game: str) -> list[Path]:
    """The ``.txt`` files in the user's deck folder of ``game``, newest first."""
    try:
        files = [p for p in deck_folder(game).glob("*.txt") if p.is_file()]
        return sorted(files, key=lambda p: (-p.stat().st_mtime, p.name))
    except OSError:
        return []


def export_text(game: str, deck_id: str, text: str) -> Path:
    """Write ``text`` to ``<deck folder>/<deck_id>.txt``; returns the path. Raises
    OSError-based SaveError (tabletop.core.persistence) when it cannot be written."""
    from tabletop.core.persistence import write_text_atomic

    return shared_mode(write_text_atomic(text, deck_folder(game) / f"{deck_id}.txt"))


def read_text_file(path: Path) -> str:
    """A text file's contents; raises FileProblem naming the file."""
    return read_text(path)


def _scrap_ready() -> bool:
    """pygame-ce's clipboard (put_text / get_text) needs the window's video system."""
    return bool(pygame.display.get_init() and pygame.display.get_surface() is not None)


def set_clipboard(text: str) -> bool:
    """Put ``text`` on the clipboard; False when the clipboard cannot be used."""
    if not _scrap_ready():
        return False
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        log.debug("clipboard refused the text: %s", exc)
        return False
    return True


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none or it cannot be used)."""
    if not _scrap_ready():
        return ""
    try:
        return str(pygame.scrap.get_text() or "")
    except (pygame.error, AttributeError, NotImplementedError, FileProblem) as exc:
        log.debug("clipboard unreadable: %s", exc)
        return ""
