"""Saves and autosaves: a game as JSON (set-up + action list) that replays exactly.

Save file format (JSON, UTF-8)::

    {
      "format": 1,                 # save format version (see FORMAT)
      "app": "tabletop",
      "game": "arc",               # game id (see tabletop.core.rules.game_ids)
      "setup": {...},              # GameSetup.to_json(): seed, first, decks, position...
      "actions": [{"kind": ..., "seat": 0, "args": {...}}, ...],
      "saved_at": "2026-11-29T16:45:00+00:00",
      "finished": false,           # true once the game has a result
      "turn": 3,                   # informational (listing without replaying)
      "result": "", "winner": null # informational
    }

A save holds no state: loading replays the actions from the set-up, each one
checked by the rules (ALL-R1), so a save made by a version with different rules
fails loudly instead of showing a wrong table.

Writes are atomic (temporary file in the same folder, fsync, ``os.replace``):
a crash while saving leaves the previous save intact. Loading never writes.
Every problem raises :class:`SaveError` naming the file and the field.

Autosaves live in :func:`autosave_dir` (platformdirs' user data dir, or
``$TABLETOP_SAVE_DIR``), one file per game slot: ``autosave-<game>.json``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.engine import Game, ReplayError, replay
from tabletop.core.rules import GameRules, GameSetup, load_rules

__all__ = [
    "APP",
    "FORMAT",
    "SAVE_DIR_ENV_VAR",
    "Autosaver",
    "SaveError",
    "SaveFile",
    "SaveInfo",
    "autosave_dir",
    "autosave_path",
    "discard_autosave",
    "find_unfinished",
    "load_save",
    "read_save",
    "rules_for",
    "save_data",
    "save_game",
    "write_json_atomic",
]

log = logging.getLogger(__name__)

#: The newest save format this version writes and reads.
FORMAT = 1
APP = "tabletop"
#: Environment variable that overrides the autosave folder.
SAVE_DIR_ENV_VAR = "TABLETOP_SAVE_DIR"
_AUTOSAVE_PREFIX = "autosave-"

RulesLoader = Callable[[str], GameRules]


class SaveError(Exception):
    """A save file cannot be written or read back.

    ``path`` is the file, ``field`` the JSON field at fault ("" when the whole
    file is), ``problem`` the plain-words reason. ``str(error)`` combines them,
    e.g. ``saves/a.json: field 'format': this save was made by a newer version...``.
    """

    def __init__(self, path: str | os.PathLike[str], field: str, problem: str) -> None:
        self.path, self.field, self.problem = str(path), field, problem
        where = f"field '{field}': " if field else ""
        super().__init__(f"{self.path}: {where}{problem}")


# --------------------------------------------------------------------------- writing


def save_data(game: Game, saved_at: datetime | None = None) -> dict[str, Any]:
    """The JSON-ready save dict of ``game`` (see the module docstring)."""
    when = (saved_at or datetime.now(UTC)).isoformat(timespec="seconds")
    state = game.state
    return {
        "format": FORMAT,
        "app": APP,
        "game": game.setup.game,
        "setup": game.setup.to_json(),
        "actions": [a.to_json() for a in game.actions],
        "saved_at": when,
        "finished": state.game_over,
        "turn": state.turn,
        "result": state.result,
        "winner": state.winner,
    }


def write_json_atomic(data: Any, path: str | os.PathLike[str]) -> Path:
    """Write ``data`` as JSON to ``path`` atomically and durably; return the path.

    The text goes to a temporary file in the same folder, is flushed and
    fsynced, then renamed over ``path`` with ``os.replace``. On any failure the
    temporary file is removed and the previous ``path`` is untouched.

    Raises SaveError (wrapping OSError, or TypeError/ValueError for data that is
    not JSON-serialisable).
    """
    target = Path(path)
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1)
    except (TypeError, ValueError) as exc:
        raise SaveError(target, "", f"cannot encode the game as JSON: {exc}") from exc
    tmp_name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, target)
        tmp_name = None
        _fsync_dir(target.parent)
    except OSError as exc:
        raise SaveError(target, "", f"could not write the save: {exc.strerror or exc}") from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    return target


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable where the platform allows it (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_game(game: Game, path: str | os.PathLike[str]) -> Path:
    """Save ``game`` to ``path`` atomically (see :func:`write_json_atomic`).

    Raises SaveError when the file cannot be written; the old file then survives.
    """
    return write_json_atomic(save_data(game), path)


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class SaveFile:
    """A save read and checked field by field, not yet replayed."""

    path: Path
    game: str
    setup: GameSetup
    actions: tuple[Action, ...]
    saved_at: str
    finished: bool
    turn: int | None
    raw: Mapping[str, Any]


def read_save(path: str | os.PathLike[str]) -> SaveFile:
    """Read and validate a save file without replaying it.

    Raises SaveError for an unreadable file, invalid JSON, a file that is not a
    tabletop save, a format newer than :data:`FORMAT`, or a missing/invalid
    field (the message names it).
    """
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(where, "", "no such file") from None
    except UnicodeDecodeError:
        raise SaveError(where, "", "the file is corrupt (not UTF-8 text)") from None
    except OSError as exc:
        raise SaveError(where, "", f"cannot read the file: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(where, "", f"the file is corrupt (not valid JSON: {exc.msg} at line "
                                   f"{exc.lineno}, column {exc.colno})") from None
    if not isinstance(data, dict):
        raise SaveError(where, "", "not a tabletop save (expected a JSON object)")
    if data.get("app", APP) != APP:
        raise SaveError(where, "app", f"not a tabletop save (app is {data.get('app')!r})")
    fmt = _field(where, data, "format", int)
    if fmt > FORMAT:
        raise SaveError(where, "format", f"this save was made by a newer version of tabletop "
                                         f"(format {fmt}); this version reads format {FORMAT}")
    if fmt < 1:
        raise SaveError(where, "format", f"expected a format number from 1 to {FORMAT}, got {fmt}")
    game = _field(where, data, "game", str)
    setup_raw = _field(where, data, "setup", dict)
    try:
        setup = GameSetup.from_json(setup_raw)
    except (ValueError, TypeError) as exc:
        raise SaveError(where, "setup", str(exc).replace("field '", "field 'setup.")) from None
    if setup.game != game:
        raise SaveError(where, "setup.game",
                        f"says {setup.game!r} but the save is for {game!r}")
    actions_raw = _field(where, data, "actions", list)
    actions: list[Action] = []
    for index, item in enumerate(actions_raw):
        try:
            actions.append(Action.from_json(item))
        except (ValueError, TypeError) as exc:
            raise SaveError(where, f"actions[{index}]", str(exc)) from None
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str):
        raise SaveError(where, "saved_at", "expected an ISO date-time string")
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise SaveError(where, "finished", "expected true or false")
    turn = data.get("turn")
    if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool)):
        turn = None
    return SaveFile(where, game, setup, tuple(actions), saved_at, finished, turn, data)


def _field(where: Path, data: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise SaveError(where, name, "missing")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = {int: "an integer", str: "a string", dict: "an object", list: "a list"}
        raise SaveError(where, name, f"expected {names.get(kind, kind.__name__)}, "
                                     f"got {type(value).__name__}")
    return value


def rules_for(save: SaveFile, rules_loader: RulesLoader = load_rules) -> GameRules:
    """Load the rules a save needs. Raises SaveError for an unknown or broken game."""
    try:
        return rules_loader(save.game)
    except KeyError:
        raise SaveError(save.path, "game", f"unknown game {save.game!r}") from None
    except Exception as exc:  # a broken card file or rules module must not crash loading
        raise SaveError(save.path, "game",
                        f"the rules of {save.game!r} could not be loaded: {exc}") from exc


def load_save(path: str | os.PathLike[str], rules_loader: RulesLoader = load_rules) -> Game:
    """Load a save and replay it, checking every action; return the game.

    Raises SaveError (see :func:`read_save`), also for an unknown game and for
    an action the rules refuse now (field ``actions[i]``). The file is never
    modified.
    """
    save = read_save(path)
    rules = rules_for(save, rules_loader)
    try:
        return replay(rules, save.setup, list(save.actions))
    except ReplayError as exc:
        action = exc.action
        raise SaveError(save.path, f"actions[{exc.index}]",
                        f"action {exc.index + 1} ({action.kind} by player {action.seat + 1}) "
                        f"no longer replays: the rules refuse it ({exc.verdict.reason})"
                        ) from None
    except Exception as exc:  # a broken set-up or a rules bug: report, never crash
        raise SaveError(save.path, "setup",
                        f"the game could not be rebuilt: {type(exc).__name__}: {exc}") from exc


# --------------------------------------------------------------------------- autosave


def autosave_dir() -> Path:
    """The folder for autosaves: ``$TABLETOP_SAVE_DIR`` or platformdirs' user data dir.

    The folder is not created here (see :class:`Autosaver`).
    """
    override = os.environ.get(SAVE_DIR_ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


def autosave_path(game_id: str) -> Path:
    """The autosave file of a game slot: ``<autosave_dir>/autosave-<game>.json``."""
    return autosave_dir() / f"{_AUTOSAVE_PREFIX}{game_id}.json"


class Autosaver:
    """A ``Game.listeners`` callback that saves the game after every change.

    ``Autosaver(path)`` writes to ``path``; ``Autosaver()`` writes to
    :func:`autosave_path` of the game's id. Write failures never interrupt the
    game: they are logged and kept in ``last_error`` (a :class:`SaveError`).
    An old autosave that cannot be read (corrupt, newer format) is never
    overwritten: before the first write it is renamed to
    ``unreadable-<name>-<time>.json`` (``kept_aside``).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.last_error: SaveError | None = None
        self.saves = 0
        self.kept_aside: Path | None = None
        self._checked: set[Path] = set()

    def target(self, game: Game) -> Path:
        """The file this autosaver writes for ``game``."""
        return self.path if self.path is not None else autosave_path(game.setup.game)

    def _keep_unreadable(self, target: Path) -> None:
        """Before the first write, move an unreadable old autosave aside (to
        ``unreadable-<name>-<time>.json``) so a bad file is never destroyed."""
        if target in self._checked:
            return
        self._checked.add(target)
        if not target.exists():
            return
        try:
            read_save(target)
        except SaveError:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            aside = target.with_name(f"unreadable-{target.stem}-{stamp}{target.suffix}")
            try:
                os.replace(target, aside)
            except OSError as exc:
                raise SaveError(target, "", f"the old autosave is unreadable and could not "
                                            f"be kept aside: {exc.strerror or exc}") from exc
            self.kept_aside = aside
            log.warning("unreadable autosave kept as %s", aside)

    def __call__(self, game: Game) -> None:
        try:
            target = self.target(game)
            self._keep_unreadable(target)
            save_game(game, target)
        except SaveError as exc:
            self.last_error = exc
            log.error("autosave failed: %s", exc)
        else:
            self.last_error = None
            self.saves += 1


@dataclass(frozen=True)
class SaveInfo:
    """An unfinished autosave, for the "resume" menu.

    ``summary`` is a readable one-liner, e.g. ``"arc: turn 3, 17 actions, saved
    2026-11-29 16:45"``.
    """

    path: Path
    game: str
    turn: int | None
    saved_at: str
    actions: int
    summary: str


def find_unfinished(folder: str | os.PathLike[str] | None = None) -> list[SaveInfo]:
    """Autosaves (in ``folder``, default :func:`autosave_dir`) whose game has no result.

    Reads the files without replaying them. Unreadable or foreign files are
    skipped (and logged), never raised. Newest first.
    """
    where = Path(folder) if folder is not None else autosave_dir()
    if not where.is_dir():
        return []
    found: list[SaveInfo] = []
    for path in sorted(where.glob(f"{_AUTOSAVE_PREFIX}*.json")):
        try:
            save = read_save(path)
        except SaveError as exc:
            log.warning("skipping autosave: %s", exc)
            continue
        if save.finished:
            continue
        when = save.saved_at.replace("T", " ")[:16]
        turn = f"turn {save.turn}" if save.turn is not None else "turn ?"
        summary = f"{save.game}: {turn}, {len(save.actions)} actions, saved {when}"
        found.append(SaveInfo(path, save.game, save.turn, save.saved_at, len(save.actions),
                              summary))
    found.sort(key=lambda info: info.saved_at, reverse=True)
    return found


def discard_autosave(path: str | os.PathLike[str]) -> bool:
    """Delete an autosave file; True if it existed. Raises SaveError if it cannot be removed."""
    try:
        Path(path).unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise SaveError(path, "", f"could not delete the autosave: {exc.strerror or exc}") from exc
    return True
