"""Find the program's data files (``assets/``, ``layouts/``) wherever it runs.

The data roots sit *outside* the ``tabletop`` package, next to it:

* source checkout and editable install: the repository root, i.e. the parent of
  the ``tabletop`` package folder;
* PyInstaller bundle: ``sys._MEIPASS`` (the spec lists ``assets/`` and
  ``layouts/`` in ``datas`` so they land at the top of the bundle);
* tests (or a user who wants another data set): the directory named by the
  environment variable ``TABLETOP_DATA``, which then replaces the default root.

Every module finds files through :func:`resource_path`, never through
``__file__`` or the working directory, so the three cases behave alike.

>>> resource_path("assets", "i18n", "en.toml").name
'en.toml'
"""

from __future__ import annotations

import os
import sys
from pathlib import Path, PurePath

__all__ = ["DATA_ENV_VAR", "data_root", "font_path", "resource_path"]

#: Environment variable naming a data root that overrides the default one.
DATA_ENV_VAR = "TABLETOP_DATA"

#: File names of the shipped Japanese-capable UI font (see assets/fonts/README.md).
_FONT_FILES = {
    False: "NotoSansJP-Subset-Regular.otf",
    True: "NotoSansJP-Subset-Bold.otf",
}


def data_root() -> Path:
    """Return the directory that holds ``assets/`` and ``layouts/``.

    Order: ``$TABLETOP_DATA`` if set (and non-empty), else the PyInstaller
    bundle directory when frozen, else the repository root (the parent of the
    ``tabletop`` package folder). The directory is not checked for existence
    here; :func:`resource_path` reports missing files.
    """
    override = os.environ.get(DATA_ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser().resolve()
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle).resolve()
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """Return the path of the data file or folder ``parts`` below :func:`data_root`.

    ``parts`` are relative path pieces, e.g. ``resource_path("layouts", "arc.toml")``
    or ``resource_path("assets/cards/arc")``.

    Raises:
        ValueError: a part is absolute or climbs out of the root with ``..``.
        FileNotFoundError: nothing exists at the resulting path; the message names
            the full path looked for and the root in use.
    """
    for part in parts:
        pure = PurePath(part)
        if pure.is_absolute() or ".." in pure.parts:
            raise ValueError(f"resource path parts must be relative and stay inside the "
                             f"data root, got {part!r}")
    root = data_root()
    path = root.joinpath(*parts)
    if not path.exists():
        how = (f"${DATA_ENV_VAR}" if os.environ.get(DATA_ENV_VAR, "").strip()
               else "bundle" if getattr(sys, "_MEIPASS", None) else "source checkout")
        raise FileNotFoundError(f"resource not found: {path} (data root {root}, from {how})")
    return path


def font_path(bold: bool = False) -> Path:
    """Return the path of the shipped UI font (Noto Sans JP subset), regular or bold."""
    return resource_path("assets", "fonts", _FONT_FILES[bold])
