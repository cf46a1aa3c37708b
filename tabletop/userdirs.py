"""The user's own folder: settings, their own cards, decks, card images and lessons.

One folder per user (platformdirs' user data dir for ``tabletop``, or
``$TABLETOP_USER_DIR``), read the same by the source checkout, the installed program
and the PyInstaller bundle. Nothing here creates it: :func:`ensure` does, when a
file is about to be written or the menu opens it.

Layout (``<game>`` is a game id such as ``arc``)::

    settings.json          the remembered settings (tabletop.settings)
    cards/<game>/*.toml    the user's own card files (same format as assets/cards)
    decks/<game>/*.toml    the user's decks (same format as assets/decks)
    images/<game>/<card id>.png|.jpg   scans or photos of cards, by card id
    lessons/<game>/*.toml  the user's own lessons (docs/lessons.md)
"""

from __future__ import annotations

import os
import subprocess
import sys
from enum import StrEnum
from pathlib import Path

__all__ = ["USER_DIR_ENV_VAR", "Kind", "ensure", "folder", "open_in_file_manager",
           "root", "settings_path"]

#: Environment variable naming another user folder (tests, a club's shared stick).
USER_DIR_ENV_VAR = "TABLETOP_USER_DIR"


class Kind(StrEnum):
    """What a per-game subfolder of the user folder holds."""

    CARDS = "cards"
    DECKS = "decks"
    IMAGES = "images"
    LESSONS = "lessons"


def root() -> Path:
    """The user folder: ``$TABLETOP_USER_DIR`` if set, else platformdirs'
    ``user_data_dir("tabletop")`` (``~/.local/share/tabletop`` on Linux,
    ``%LOCALAPPDATA%\\tabletop`` on Windows, ``~/Library/Application Support/tabletop``
    on macOS). Not created here."""
    override = os.environ.get(USER_DIR_ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tabletop", appauthor=False))


def folder(kind: Kind, game: str) -> Path:
    """``<root>/<kind>/<game>``, e.g. the user's Arc decks. Not created here."""
    return root() / Kind(kind).value / game


def settings_path() -> Path:
    """``<root>/settings.json``."""
    return root() / "settings.json"


def ensure(path: Path) -> Path:
    """Create the folder ``path`` (and its parents) if missing; returns it. Raises
    OSError when it cannot be made (a read-only stick)."""
    path.mkdir(parents=True, exist_ok=True)
    return path


def open_in_file_manager(path: Path) -> bool:
    """Open ``path`` (a folder) in the system's file manager, without waiting. False
    when no file manager could be started (a headless machine); never raises."""
    try:
        if sys.platform.startswith("win"):
            os.startfile(path)  # type: ignore[attr-defined]
        elif sys.platform == "darwin":
            subprocess.Popen(["open", str(path)])
        else:
            subprocess.Popen(["xdg-open", str(path)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    except OSError:
        return False
    return True
