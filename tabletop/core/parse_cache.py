"""Parsed TOML kept by content, in memory and in the user's cache folder (issue 14).

Parsing the message catalogues, card files and layouts with ``tomllib`` (and checking
their nesting) was a good part of the program's start-up. A file's parsed data
depends on its text alone, so it is kept under a digest of the text (and the nesting
limit it was checked against): a file edited since gives another digest and is
parsed again, and a cache entry can never stand for other content.

* In memory: the marshalled data by digest, so a file read twice in one run (the
  catalogues after a card set registers its names) is parsed once; every get hands
  out fresh objects (callers may change what they get).
* On disk: one file per digest in :func:`cache_dir` (``$TABLETOP_CACHE_DIR``, else
  platformdirs' user cache folder for ``tabletop``), written atomically and holding a
  digest of its own payload. An entry that is missing, truncated, corrupt or of
  another format is ignored (and the text parsed); a folder that cannot be written
  is left alone. Nothing here ever raises.

Only data ``marshal`` can hold round-trips (TOML dates and times are not kept: such a
file is parsed each time). Pure standard library; no pygame.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["CACHE_DIR_ENV_VAR", "MAX_ENTRIES", "cache_dir", "clear_memory", "get", "put"]

log = logging.getLogger(__name__)

#: Environment variable naming another cache folder (tests, a read-only home).
CACHE_DIR_ENV_VAR = "TABLETOP_CACHE_DIR"
#: Entries kept on disk; beyond it the oldest half is removed (texts edited often).
MAX_ENTRIES = 2000
#: Bumped when the entry format (or what is kept) changes.
_FORMAT = b"tabletop-toml-1\n"
_DIGEST = 16

_memory: dict[str, bytes] = {}
_pruned = False


def cache_dir() -> Path | None:
    """The folder of the disk cache (``toml`` under ``$TABLETOP_CACHE_DIR`` or
    platformdirs' ``user_cache_dir("tabletop")``); None when none can be named."""
    override = os.environ.get(CACHE_DIR_ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser() / "toml"
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("tabletop", appauthor=False)) / "toml"
    except Exception as exc:  # noqa: BLE001 - no cache folder: parse every time
        log.debug("no cache folder: %s", exc)
        return None


def _key(text: str, limit: int) -> str:
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_DIGEST)
    digest.update(b"/%d" % limit)
    return digest.hexdigest()


def get(text: str, limit: int) -> tuple[str, dict[str, Any] | None]:
    """``(key, data)``: the data parsed before from exactly ``text`` (checked against
    nesting ``limit``), fresh objects, or None when not kept; ``key`` names it for
    :func:`put` ("" when the text cannot be digested: then nothing is kept)."""
    try:
        key = _key(text, limit)
    except (ValueError, ImportError):  # a build without blake2: parse every time
        return "", None
    blob = _memory.get(key)
    if blob is None:
        blob = _read(key)
        if blob is None:
            return key, None
        _memory[key] = blob
    try:
        data = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):  # only a bug could get here: parse
        _memory.pop(key, None)
        return key, None
    return key, data if isinstance(data, dict) else None


def put(key: str, data: dict[str, Any]) -> None:
    """Keep ``data`` (parsed from the text ``key`` names) in memory and on disk; data
    marshal cannot hold (dates) is not kept."""
    if not key:
        return
    try:
        blob = marshal.dumps(data)
    except ValueError:
        return
    _memory[key] = blob
    _write(key, blob)


def clear_memory() -> None:
    """Forget what this run keeps in memory (the disk entries stay)."""
    _memory.clear()


def _read(key: str) -> bytes | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        raw = (folder / key).read_bytes()
    except OSError:
        return None
    head = len(_FORMAT) + _DIGEST
    if len(raw) < head or not raw.startswith(_FORMAT):
        return None
    payload = raw[head:]
    if hashlib.blake2b(payload, digest_size=_DIGEST).digest() != raw[len(_FORMAT):head]:
        return None
    return payload


def _write(key: str, blob: bytes) -> None:
    folder = cache_dir()
    if folder is None:
        return
    check = hashlib.blake2b(blob, digest_size=_DIGEST).digest()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _prune(folder)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_FORMAT + check + blob)
            os.replace(tmp, folder / key)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:  # a read-only or full disk: parse next time again
        log.debug("parse cache not written in %s: %s", folder, exc)


def _prune(folder: Path) -> None:
    """Once a run, before the first write: remove the oldest half of the entries when
    there are more than :data:`MAX_ENTRIES` (and stale temporary files)."""
    global _pruned
    if _pruned:
        return
    _pruned = True
    try:
        entries = [(e.stat().st_mtime, e.path) for e in os.scandir(folder) if e.is_file()]
    except OSError:
        return
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort()
    for _, path in entries[: len(entries) // 2]:
        with contextlib.suppress(OSError):
            os.unlink(path)
