"""Saves and autosaves: a game as JSON (set-up + action list) that replays exactly.

Save file format (JSON, UTF-8)::

    {
      "format": 1,                 # save format version (see FORMAT)
      "app": "tabletop",
      "game": "arc",               # game id (see tabletop.core.rules.game_ids)
      "setup": {...},              # GameSetup.to_json(): seed, first, decks, position...
      "actions": [{"kind": ..., "seat": 0, "args": {...}}, ...],
      "redo": [{"kind": ...}, ...], # optional: the undone actions, redone last first
      "saved_at": "2026-11-29T16:45:00+00:00",
      "finished": false,           # true once the game has a result
      "turn": 3,                   # informational (listing without replaying)
      "active": 0,                 # informational: whose turn it is (optional)
      "result": "", "winner": null # informational
    }

``redo`` and ``active`` were added without a format change: older saves
without them still load (no redo list, whose turn unknown in the listing).

A save holds no state: loading replays the actions from the set-up, each one
checked by the rules (ALL-R1), so a save made by a version with different rules
fails loudly instead of showing a wrong table.

Writes are atomic (temporary file in the same folder, fsync, ``os.replace``):
a crash while saving leaves the previous save intact. Loading never writes.
Every problem raises :class:`SaveError` naming the file and the field.

Autosaves are journals (:class:`Autosaver`), so an action costs one appended line,
not a rewrite of the whole game. The same file name, UTF-8, one JSON object a line::

    {"format": 1, "app": "tabletop", "journal": 1, "game": "arc", "setup": {...},
     "actions": [...], "redo": [...], "saved_at": ..., "turn": 3, ...}   # the base
    {"do": {"kind": ..., "seat": 0, "args": {...}}, "saved_at": ..., "turn": 3,
     "active": 0, "finished": false, "result": "", "winner": null}     # an action
    {"undo": 1, "saved_at": ..., ...}                 # the last action undone
    {"redo": {"kind": ...}, "saved_at": ..., ...}     # the last undone one redone

The base line is a whole save (the dict above plus ``"journal": 1``), written
atomically like any save; each later line is appended and fsynced. Reading plays
the entries over the base's lists: ``do`` appends an action and empties the redo
list (as ``Game.propose`` does), ``undo`` moves the last action to the redo list,
``redo`` moves it back (the action is written to check it is the same one); the
informational fields are the last line's. A crash while a line is written leaves
at most that one line cut short, without its newline: it is left out (that one
action is lost, never the save). An entry that does not read is a SaveError naming
it (``journal[4]``: the fifth line after the base). The base is written again
(compaction) when the autosaver cannot tell the change from its last write (the
first write of a session, another folder, a change it does not recognise, a write
that failed) and when the undo/redo entries outgrow the actions.

Autosaves live in :func:`autosave_dir` (platformdirs' user data dir, or
``$TABLETOP_SAVE_DIR``). Each new game gets its own file,
``autosave-<game>-<date>-<time>.json`` (:func:`new_autosave_path`), so starting a
game never overwrites another unfinished one; the one-slot files
``autosave-<game>.json`` of older versions are still listed and resumed. A save
that reads but no longer replays is renamed ``broken-<name>.json``
(:func:`keep_broken`) and can be replayed as far as it goes
(:func:`replay_as_far_as_possible`). When the folder cannot be written, the
autosaver reports it (``on_failure``) and can move to :func:`fallback_dir`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.engine import Game, ReplayError, replay
from tabletop.core.files import (
    MAX_DEPTH,
    MAX_SAVE_BYTES,
    FileProblem,
    check_depth,
    parse_json,
    read_text,
)
from tabletop.core.rules import GameRules, GameSetup, load_rules

__all__ = [
    "APP",
    "append_line",
    "FORMAT",
    "FALLBACK_DIR_ENV_VAR",
    "JOURNAL",
    "SAVE_DIR_ENV_VAR",
    "STALE_TEMP_AGE",
    "Autosaver",
    "SaveError",
    "SaveFile",
    "SaveInfo",
    "autosave_dir",
    "autosave_path",
    "discard_autosave",
    "fallback_dir",
    "fallback_dirs",
    "folder_problem",
    "folder_unusable",
    "find_unfinished",
    "find_unreadable",
    "game_key",
    "journal_base",
    "keep_broken",
    "load_save",
    "new_autosave_path",
    "read_save",
    "remove_stale_temp_files",
    "replay_as_far_as_possible",
    "rules_for",
    "save_data",
    "save_game_id",
    "save_game",
    "writable_dir",
    "write_json_atomic",
    "write_text_atomic",
]

log = logging.getLogger(__name__)

#: The newest save format this version writes and reads.
FORMAT = 1
#: The newest autosave journal layout this version writes and reads (the base line's
#: ``"journal"``; see the module docstring). A save's content stays format 1.
JOURNAL = 1
#: Compaction: the base is written again once the journal holds more entries than
#: twice the actions plus this (undo/redo back and forth; plain actions never do it).
_JOURNAL_SLACK = 200
#: Compaction: the base is written again before the journal grows past this many bytes
#: (half the largest save read), so a marathon game stays readable; a base is about
#: half the size of the lines it replaces.
_JOURNAL_MAX_BYTES = MAX_SAVE_BYTES // 2
APP = "tabletop"
#: Environment variable that overrides the autosave folder.
SAVE_DIR_ENV_VAR = "TABLETOP_SAVE_DIR"
#: Environment variable that overrides the folder offered when that one cannot be written.
FALLBACK_DIR_ENV_VAR = "TABLETOP_FALLBACK_SAVE_DIR"
_AUTOSAVE_PREFIX = "autosave-"
_BROKEN_PREFIX = "broken-"
#: Seconds after which a temporary file of a save is an interrupted save's leftover
#: (a save being written lives well under a second).
STALE_TEMP_AGE = 60.0

RulesLoader = Callable[[str], GameRules]


class SaveError(Exception):
    """A save file cannot be written or read back.

    ``path`` is the file, ``field`` the JSON field at fault ("" when the whole
    file is), ``problem`` the plain-words reason. ``str(error)`` combines them,
    e.g. ``saves/a.json: field 'format': this save was made by a newer version...``.
    """

    def __init__(self, path: str | os.PathLike[str], field: str, problem: str,
                 refused: ReplayError | None = None) -> None:
        self.path, self.field, self.problem = str(path), field, problem
        #: For a save that no longer replays: the refused action and the rules' verdict
        #: (the window shows the refusal's own words, never its code).
        self.refused = refused
        where = f"field '{field}': " if field else ""
        super().__init__(f"{self.path}: {where}{problem}")


# --------------------------------------------------------------------------- writing


def save_data(game: Game, saved_at: datetime | None = None) -> dict[str, Any]:
    """The JSON-ready save dict of ``game`` (see the module docstring)."""
    return {
        "format": FORMAT,
        "app": APP,
        "game": game.setup.game,
        "setup": game.setup.to_json(),
        "actions": [a.to_json() for a in game.actions],
        "redo": [a.to_json() for a in game.redo_stack],
        **_informational(game, saved_at),
    }


def _informational(game: Game, saved_at: datetime | None = None) -> dict[str, Any]:
    """The fields a listing reads without replaying: when, finished, turn, whose turn,
    result, winner (``saved_at`` defaults to now, UTC)."""
    state = game.state
    return {
        "saved_at": (saved_at or datetime.now(UTC)).isoformat(timespec="seconds"),
        "finished": state.game_over,
        "turn": state.turn,
        "active": state.active,
        "result": state.result,
        "winner": state.winner,
    }


def journal_base(game: Game, saved_at: datetime | None = None) -> str:
    """The base line of an autosave journal of ``game``: its whole save (see
    :func:`save_data`) marked ``"journal": JOURNAL``, as one line of JSON with its
    newline. Raises SaveError (naming no file: "") for a game that is not JSON-ready."""
    data = {**save_data(game, saved_at), "journal": JOURNAL}
    return _line(data, "")


def _line(data: Any, path: str | os.PathLike[str]) -> str:
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    except (TypeError, ValueError) as exc:
        raise SaveError(path, "", f"cannot encode the game as JSON: {exc}") from exc


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
    return write_text_atomic(text, target)


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically and durably, as
    :func:`write_json_atomic` does; return the path. Raises SaveError (wrapping OSError)."""
    target = Path(path)
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


def append_line(line: str, path: str | os.PathLike[str]) -> None:
    """Append ``line`` (one journal entry with its newline) to the existing file ``path``
    and fsync it: one write call, so a crash cuts at most this line short.

    Raises SaveError (wrapping OSError), also when ``path`` does not exist (a journal
    is never started without its base).
    """
    target = Path(path)
    data = line.encode("utf-8")
    try:
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise SaveError(target, "", f"could not write the save: {exc.strerror or exc}") from exc
    try:
        written = os.write(fd, data)
        while written < len(data):  # a short write (a signal): finish the line
            written += os.write(fd, data[written:])
        os.fsync(fd)
    except OSError as exc:
        raise SaveError(target, "", f"could not write the save: {exc.strerror or exc}") from exc
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
    """A save read and checked field by field, not yet replayed.

    ``redo`` is the saved redo list (``Game.redo_stack`` order: the last one is
    redone first; empty for saves made before it was saved). ``active`` is the
    seat whose turn it was (None when the save does not say). ``cut_short``: the
    autosave journal's last line was cut short by a crash and left out, so the
    file holds the game up to the action before it (the players are told).
    """

    path: Path
    game: str
    setup: GameSetup
    actions: tuple[Action, ...]
    saved_at: str
    finished: bool
    turn: int | None
    raw: Mapping[str, Any]
    redo: tuple[Action, ...] = ()
    active: int | None = None
    #: Where each of ``actions`` was read (``actions[3]``, or ``journal[7].do`` in an
    #: autosave journal), for the field of a SaveError; empty: ``actions[i]``.
    fields: tuple[str, ...] = ()
    cut_short: bool = False

    def field_of(self, index: int) -> str:
        """The field action ``index`` of :attr:`actions` was read from."""
        return self.fields[index] if index < len(self.fields) else f"actions[{index}]"


def read_save(path: str | os.PathLike[str]) -> SaveFile:
    """Read and validate a save file without replaying it: a plain save, or an autosave
    journal played over its base (see the module docstring; a line cut short at the end
    by a crash is left out).

    Raises SaveError for an unreadable file, invalid JSON, a file that is not a
    tabletop save, a format newer than :data:`FORMAT` (a journal newer than
    :data:`JOURNAL`), or a missing/invalid field or journal entry (the message names
    it).
    """
    where = Path(path)
    try:  # safely: a FIFO, a device or a 58 MB file is refused at once
        text = read_text(where, MAX_SAVE_BYTES)
        base = _journal_base(text, where)
        data = parse_json(text, where) if base is None else base
    except FileProblem as exc:
        problem = f"the file is corrupt ({exc.problem})" if exc.content else exc.problem
        raise SaveError(where, exc.field, problem) from None
    save = _read_data(where, data)
    return save if base is None else _play_journal(save, base, text)


def _journal_base(text: str, where: Path) -> dict[str, Any] | None:
    """The base of an autosave journal (its first line), or None for a plain save."""
    first, newline, _ = text.partition("\n")
    if not newline or '"journal"' not in first:
        return None
    try:
        data = parse_json(first, where)
    except FileProblem:
        return None  # not a journal's base line: read as a plain save (and its error)
    return data if isinstance(data, dict) and "journal" in data else None


def _play_journal(base: SaveFile, raw: dict[str, Any], text: str) -> SaveFile:
    """``base`` with the journal's entries (the lines after the base) played over it."""
    where = base.path
    version = raw["journal"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(where, "journal", f"expected a journal number from 1 to {JOURNAL}, "
                                          f"got {version!r}")
    if version > JOURNAL:
        raise SaveError(where, "journal", f"this autosave was written by a newer version of "
                                          f"tabletop (journal {version}); this version reads "
                                          f"journal {JOURNAL}")
    actions, redo = list(base.actions), list(base.redo)
    raw_actions, raw_redo = list(raw["actions"]), list(raw.get("redo", []))
    fields = [f"actions[{i}]" for i in range(len(actions))]
    info: dict[str, Any] = {k: raw.get(k) for k in ("saved_at", "finished", "turn", "active",
                                                    "result", "winner")}
    lines = text.split("\n")[1:]
    cut_short = False
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        name = f"journal[{index}]"
        try:
            entry = _parse_line(line, where)
        except FileProblem as exc:
            if index == len(lines) - 1:  # no newline after it: cut short by a crash
                log.warning("%s: the last journal line is cut short; left out", where)
                cut_short = True
                break
            raise SaveError(where, name, f"the file is corrupt (line {index + 2}: "
                                         f"{exc.problem})") from None
        if not isinstance(entry, dict):
            raise SaveError(where, name, f"expected an object, got {type(entry).__name__}")
        ops = [op for op in ("do", "undo", "redo") if op in entry]
        if len(ops) != 1:
            raise SaveError(where, name, "expected one of 'do', 'undo' or 'redo'")
        op = ops[0]
        if op == "undo":
            if not actions:
                raise SaveError(where, f"{name}.undo", "nothing to undo: no action before it")
            redo.append(actions.pop())
            raw_redo.append(raw_actions.pop())
            fields.pop()
        else:
            try:
                action = Action.from_json(entry[op])
            except (ValueError, TypeError) as exc:
                raise SaveError(where, f"{name}.{op}", str(exc)) from None
            if op == "do":
                redo.clear()
                raw_redo.clear()
            elif not redo or redo[-1] != action:
                raise SaveError(where, f"{name}.redo", "not the last undone action")
            else:
                redo.pop()
                raw_redo.pop()
            actions.append(action)
            raw_actions.append(entry[op])
            fields.append(f"{name}.{op}")
        info.update({k: v for k, v in entry.items() if k in info})
    saved_at, finished = info["saved_at"], info["finished"]
    if not isinstance(saved_at, str):
        raise SaveError(where, "saved_at", "expected an ISO date-time string")
    if not isinstance(finished, bool):
        raise SaveError(where, "finished", "expected true or false")
    turn, active = _turn(info["turn"]), _active(info["active"])
    data = {k: v for k, v in raw.items() if k != "journal"}
    data.update(info, actions=raw_actions, redo=raw_redo)
    return SaveFile(where, base.game, base.setup, tuple(actions), saved_at, finished, turn,
                    data, tuple(redo), active, tuple(fields), cut_short)


def _parse_line(line: str, where: Path) -> Any:
    """One journal line parsed, as :func:`~tabletop.core.files.parse_json` would (same
    errors), at the cost of ``json.loads``: a line with fewer brackets than the nesting
    cap cannot nest deeper, so only such a rare line is walked for its depth."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return parse_json(line, where)  # raises FileProblem with the words for it
    if line.count("{") + line.count("[") >= MAX_DEPTH:
        check_depth(data, where)
    return data


def _turn(value: Any) -> int | None:
    """The informational turn number (None when absent or not a number)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _active(value: Any) -> int | None:
    """The informational seat to act (None when absent or not 0 or 1)."""
    ok = isinstance(value, int) and not isinstance(value, bool) and value in (0, 1)
    return value if ok else None


def _read_data(where: Path, data: Any) -> SaveFile:
    """A plain save's parsed JSON (or a journal's base) checked field by field."""
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
    actions = _actions(where, "actions", _field(where, data, "actions", list))
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str):
        raise SaveError(where, "saved_at", "expected an ISO date-time string")
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise SaveError(where, "finished", "expected true or false")
    turn = _turn(data.get("turn"))
    redo_raw = data.get("redo", [])
    if not isinstance(redo_raw, list):
        raise SaveError(where, "redo", f"expected a list, got {type(redo_raw).__name__}")
    redo = _actions(where, "redo", redo_raw)
    active = _active(data.get("active"))  # informational: a bad value refuses nothing
    return SaveFile(where, game, setup, actions, saved_at, finished, turn, data, redo, active)


def _actions(where: Path, name: str, items: list[Any]) -> tuple[Action, ...]:
    """The saved actions of the save's list field ``name`` (``actions``, ``redo``).
    Raises SaveError naming the first item that is no action (``name[index]``)."""
    actions: list[Action] = []
    for index, item in enumerate(items):
        try:
            actions.append(Action.from_json(item))
        except (ValueError, TypeError) as exc:
            raise SaveError(where, f"{name}[{index}]", str(exc)) from None
    return tuple(actions)


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
        game = replay(rules, save.setup, list(save.actions))
        # Restored as saved: after a resume undo and redo answer as before the quit.
        game.redo_stack = list(save.redo)
        return game
    except ReplayError as exc:
        action = exc.action
        raise SaveError(save.path, save.field_of(exc.index),
                        f"action {exc.index + 1} ({action.kind} by player {action.seat + 1}) "
                        f"no longer replays: the rules refuse it ({exc.verdict.reason})",
                        refused=exc) from None
    except Exception as exc:  # a broken set-up or a rules bug: report, never crash
        raise SaveError(save.path, "setup",
                        f"the game could not be rebuilt: {type(exc).__name__}: {exc}") from exc


def replay_as_far_as_possible(path: str | os.PathLike[str],
                              rules_loader: RulesLoader = load_rules) -> tuple[Game, int | None]:
    """Replay a save up to the last action that still holds.

    Returns ``(game, refused)``: the game after every action before the first one
    the rules refuse now (or that makes the rules fail), and that action's index
    in the file's list (None when every action replays; the redo list is then
    restored as :func:`load_save` does, otherwise it is dropped, since it belongs
    to a future that no longer follows). For a save :func:`load_save` refuses,
    so that players can look at the table and fix it by hand in free mode.

    Raises SaveError when the file cannot be read (see :func:`read_save`), its
    game is unknown, or not even the set-up can be rebuilt. Never writes.
    """
    save = read_save(path)
    rules = rules_for(save, rules_loader)
    actions = list(save.actions)
    try:
        game = Game(rules, save.setup)
    except Exception as exc:  # a card removed from the card files, a broken position
        raise SaveError(save.path, "setup",
                        f"the game could not be rebuilt: {type(exc).__name__}: {exc}") from exc
    for index, action in enumerate(actions):
        try:
            ok = game.propose(action).ok
        except Exception:  # a rules bug half-way through an action: its state is suspect
            log.exception("action %d of %s makes the rules fail", index, save.path)
            return replay(rules, save.setup, actions[:index]), index
        if not ok:
            return game, index
    game.redo_stack = list(save.redo)
    return game, None


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
    """The one-slot autosave file older versions wrote: ``<autosave_dir>/autosave-<game>.json``.

    Still listed and resumed; new games get :func:`new_autosave_path` instead.
    """
    return autosave_dir() / f"{_AUTOSAVE_PREFIX}{game_id}.json"


def new_autosave_path(game_id: str, folder: str | os.PathLike[str] | None = None,
                      now: datetime | None = None) -> Path:
    """A file name of its own for a new game: ``autosave-<game>-<YYYYmmdd-HHMMSS>.json``.

    In ``folder`` (default :func:`autosave_dir`); ``now`` defaults to the current
    time (UTC, so the name does not jump with daylight saving). A name already
    taken gets ``-2``, ``-3``... so no other game's file is ever reused.
    """
    where = Path(folder) if folder is not None else autosave_dir()
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    base = f"{_AUTOSAVE_PREFIX}{game_id}-{stamp}"
    candidate = where / f"{base}.json"
    n = 1
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = where / f"{base}-{n}.json"
    return candidate


def fallback_dirs() -> list[Path]:
    """Other folders to save in when :func:`autosave_dir` cannot be written, best first.

    ``$TABLETOP_FALLBACK_SAVE_DIR`` when set (only that one); otherwise
    ``~/tabletop-saves`` and a folder of this user under the system temporary
    folder (cleared by some systems at restart, hence last).
    """
    override = os.environ.get(FALLBACK_DIR_ENV_VAR, "").strip()
    if override:
        return [Path(override).expanduser()]
    found: list[Path] = []
    with contextlib.suppress(RuntimeError, KeyError):  # no home folder known
        found.append(Path.home() / "tabletop-saves")
    user = os.environ.get("USER") or os.environ.get("USERNAME") or "user"
    found.append(Path(tempfile.gettempdir()) / f"tabletop-saves-{user}")
    return found


def folder_problem(folder: str | os.PathLike[str]) -> str:
    """Why no save can be written in ``folder`` ("" when one can), in plain words.

    Creates the folder if needed and writes a probe file, removed again.
    """
    where = Path(folder)
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=where)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return str(exc.strerror or exc)
    return ""


def folder_unusable(folder: str | os.PathLike[str]) -> str:
    """Why ``folder`` cannot hold saves ("" when it can, or might), found without
    writing anything (the menu asks before any game is played): it, or the nearest
    of its parents that exists, is not a folder or cannot be written."""
    where = Path(folder)
    try:
        existing = next((p for p in (where, *where.parents) if p.exists() or p.is_symlink()),
                        None)
        if existing is None:
            return ""
        if not existing.is_dir():
            return os.strerror(errno.ENOTDIR)
        if not os.access(existing, os.W_OK | os.X_OK):
            return os.strerror(errno.EACCES)
    except OSError as exc:
        return str(exc.strerror or exc)
    return ""


def writable_dir(folder: str | os.PathLike[str]) -> bool:
    """True when ``folder`` exists or can be made, and a file can be written in it."""
    return not folder_problem(folder)


def fallback_dir(avoid: str | os.PathLike[str] | None = None) -> Path | None:
    """The first of :func:`fallback_dirs` that can be written (not ``avoid``); None if none."""
    skip = Path(avoid).resolve() if avoid is not None else None
    for folder in fallback_dirs():
        if skip is not None and folder.resolve() == skip:
            continue
        if writable_dir(folder):
            return folder
    return None


class Autosaver:
    """A ``Game.listeners`` callback that saves the game after every change.

    ``Autosaver(path)`` writes to ``path``; ``Autosaver()`` writes to
    :func:`autosave_path` of the game's id. Write failures never interrupt the
    game: they are logged and kept in ``last_error`` (a :class:`SaveError`),
    and ``on_failure(saver, error)`` is called when saving starts failing (the
    first failure, and again after a save that worked), so the window can tell
    the players at once. :meth:`move_to` then saves in another folder.
    An old autosave that cannot be read (corrupt, newer format) is never
    overwritten: before the first write it is renamed to
    ``unreadable-<name>-<time>.json`` (``kept_aside``).

    The file is a journal (see the module docstring): a change it recognises (an
    action, an undo, a redo: told apart in O(1) from the last write, by the lengths
    and last items of the history and the redo list) is one appended line; anything
    else, and the first write, writes the base again. ``compactions`` counts those.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 on_failure: Callable[[Autosaver, SaveError], None] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.on_failure = on_failure
        self.last_error: SaveError | None = None
        self.saves = 0
        self.compactions = 0
        self.kept_aside: Path | None = None
        self._checked: set[Path] = set()
        self._game: Game | None = None
        #: What the file holds since the last write: None when unknown (write the base).
        self._written: _Written | None = None

    @property
    def failing(self) -> bool:
        """True when the last write failed (nothing of the game's present is saved)."""
        return self.last_error is not None

    def probe(self, game: Game) -> bool:
        """Check, before the first action, that ``game``'s file can be written; True if so.

        Writes nothing but a removed probe file; a folder that cannot be written
        is a failure like a failed save (``last_error``, ``on_failure``). A resumed
        game's own journal (ending with a whole line, holding exactly ``game``'s actions
        and redo list) is taken up as it is, so the first action appends one line too.
        """
        self._game = game
        target = self.target(game)
        problem = folder_problem(target.parent)
        if not problem:
            self._take_up(game, target)
            return True
        self._failed(SaveError(target.parent, "", problem))
        return False

    def _take_up(self, game: Game, target: Path) -> None:
        """Go on appending to ``target`` when it is ``game``'s journal, ended cleanly."""
        try:
            text = read_text(target, MAX_SAVE_BYTES)
            base = _journal_base(text, target)
            if base is None or not text.endswith("\n"):
                return  # a plain save, or a line cut short: the first write is a base
            save = _play_journal(_read_data(target, base), base, text)
        except (FileProblem, SaveError):
            return  # _keep_unreadable deals with it at the first write
        if save.actions == tuple(game.actions) and save.redo == tuple(game.redo_stack):
            self._checked.add(target)
            self._written = _Written.of(game, target, text.count("\n") - 1,
                                       len(text.encode("utf-8")))

    def _failed(self, exc: SaveError) -> None:
        started_failing = self.last_error is None
        self.last_error = exc
        log.error("autosave failed: %s", exc)
        if started_failing and self.on_failure is not None:
            self.on_failure(self, exc)

    def move_to(self, folder: str | os.PathLike[str], game: Game | None = None) -> Path:
        """Save from now on in ``folder`` (same file name), writing the game there at once.

        ``game`` defaults to the last game this autosaver saw. Returns the new
        file. Raises SaveError when that write fails too (the autosaver then
        keeps the new place and reports failures as before).
        """
        if game is not None:
            self._game = game
        if self.path is None and self._game is None:
            raise SaveError(folder, "", "no game to save yet")
        current = self.path if self.path is not None else autosave_path(
            self._game.setup.game if self._game is not None else "")
        self.path = Path(folder) / current.name
        self._written = None
        if self._game is not None:
            self._write_base(self._game, self.path)
            self.last_error = None
            self.saves += 1
        return self.path

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
        self._game = game
        try:
            target = self.target(game)
            self._keep_unreadable(target)
            written = self._written
            if written is not None and written.path == target and written.game is game:
                entry = written.entry(game)
                if entry == "":
                    return  # nothing changed since the last write
                line = _line({**entry, **_informational(game)}, target) \
                    if isinstance(entry, dict) else ""
                added = len(line.encode("utf-8"))
                if line and written.entries < 2 * len(game.history) + _JOURNAL_SLACK and \
                        written.size + added <= _JOURNAL_MAX_BYTES:
                    self._written = None  # a failed append leaves the tail unknown
                    append_line(line, target)
                    self._written = written.after(game, added)
                else:
                    self._write_base(game, target)
            else:
                self._write_base(game, target)
        except SaveError as exc:
            self._failed(exc)
        else:
            self.last_error = None
            self.saves += 1

    def _write_base(self, game: Game, target: Path) -> None:
        """Write the whole game as the journal's base (atomically; see the module
        docstring). Raises SaveError."""
        self._written = None
        try:
            text = journal_base(game)
        except SaveError as exc:
            raise SaveError(target, "", exc.problem) from exc
        write_text_atomic(text, target)
        self.compactions += 1
        self._written = _Written.of(game, target, 0, len(text.encode("utf-8")))


@dataclass(frozen=True)
class _Written:
    """What an autosave journal holds after the last write, in O(1): the game and file,
    the number of actions and redo items, the last two actions and the last redo item,
    the entries since the base and the file's size in bytes."""

    game: Game
    path: Path
    actions: int
    last: Action | None
    prev: Action | None
    redo: int
    redo_last: Action | None
    entries: int = 0
    size: int = 0

    @classmethod
    def of(cls, game: Game, path: Path, entries: int = 0, size: int = 0) -> _Written:
        """The record of ``game`` as written now to ``path`` (``size`` bytes)."""
        history, redo = game.history, game.redo_stack
        return cls(game, path, len(history), history[-1].action if history else None,
                   history[-2].action if len(history) >= 2 else None,
                   len(redo), redo[-1] if redo else None, entries, size)

    def after(self, game: Game, added: int) -> _Written:
        """The record after one more entry of ``added`` bytes, ``game`` as it is now."""
        return _Written.of(game, self.path, self.entries + 1, self.size + added)

    def entry(self, game: Game) -> dict[str, Any] | str | None:
        """The journal entry that brings the file to ``game`` (without its informational
        fields); "" when nothing changed; None when the change is not one action, undo or
        redo (the base is written again)."""
        history, redo = game.history, game.redo_stack
        n, r = len(history), len(redo)
        last = history[-1].action if history else None
        if n == self.actions + 1 and (history[-2].action if n >= 2 else None) == self.last:
            if r == self.redo - 1 and last == self.redo_last and last is not None:
                return {"redo": last.to_json()}
            return {"do": last.to_json()} if r == 0 and last is not None else None
        if n == self.actions - 1 and r == self.redo + 1 and redo[-1] == self.last and \
                last == self.prev:
            return {"undo": 1}
        if n == self.actions and r == self.redo and last == self.last and \
                (redo[-1] if redo else None) == self.redo_last:
            return ""
        return None


@dataclass(frozen=True)
class SaveInfo:
    """An unfinished game's save, for the "resume" list of the menu.

    ``summary`` is a readable one-liner, e.g. ``"arc: Alpha vs Beta, turn 3,
    17 actions, saved 2026-11-29 16:45"`` (UTC; the menu shows local time from
    ``saved_at``, an ISO date-time). ``deck_names`` are the set-up's, ``active``
    the seat whose turn it is (None when the save does not say). ``broken`` is
    True for a save kept as ``broken-*.json`` because it no longer replays.
    """

    path: Path
    game: str
    turn: int | None
    saved_at: str
    actions: int
    summary: str
    deck_names: tuple[str, ...] = ()
    active: int | None = None
    broken: bool = False
    #: Other copies of the same game (same set-up and start time, see :func:`game_key`),
    #: in another save folder or kept broken, that are behind this one: kept on disk,
    #: not offered (resuming one would lose the moves only this copy has). Best first.
    older: tuple[SaveInfo, ...] = ()


def _save_files(folder: Path) -> list[Path]:
    """The autosaves and kept broken saves in ``folder`` (regular files only)."""
    paths = [*folder.glob(f"{_AUTOSAVE_PREFIX}*.json"), *folder.glob(f"{_BROKEN_PREFIX}*.json")]
    return sorted(p for p in paths if p.is_file())


def game_key(save: SaveFile) -> tuple[str, str, str]:
    """What identifies one game across save folders: its game, its set-up (seed, decks,
    first seat, position, options) and its start time (the ``<date>-<time>`` of its
    file name, kept when the autosaver moves to another folder and when a save is kept
    as ``broken-*``; "" for the one-slot files of older versions)."""
    stem = save.path.stem
    for prefix in (_AUTOSAVE_PREFIX, _BROKEN_PREFIX):
        if stem.startswith(prefix):
            stem = stem[len(prefix):]
            break
    started = stem[len(save.game) + 1:] if stem.startswith(f"{save.game}-") else \
        ("" if stem == save.game else stem)
    setup = json.dumps(save.setup.to_json(), sort_keys=True, ensure_ascii=False)
    return save.game, setup, started


def _info(save: SaveFile) -> SaveInfo:
    when = save.saved_at.replace("T", " ")[:16]
    turn = f"turn {save.turn}" if save.turn is not None else "turn ?"
    decks = " vs ".join(save.setup.deck_names)
    summary = (f"{save.game}: {decks + ', ' if decks else ''}{turn}, "
               f"{len(save.actions)} actions, saved {when}")
    return SaveInfo(save.path, save.game, save.turn, save.saved_at, len(save.actions),
                    summary, tuple(save.setup.deck_names), save.active,
                    save.path.name.startswith(_BROKEN_PREFIX))


def find_unfinished(folder: str | os.PathLike[str] | None = None,
                    *more: str | os.PathLike[str]) -> list[SaveInfo]:
    """Unfinished games saved in ``folder`` (default :func:`autosave_dir`) and ``more``
    folders, one entry per game. Newest first.

    Lists ``autosave-*.json`` (every game, old one-slot files included) and
    ``broken-*.json`` (see :func:`keep_broken`). Reads the files without
    replaying them. Unreadable or foreign files are skipped (and logged; see
    :func:`find_unreadable`), never raised. Copies of one game (:func:`game_key`:
    e.g. the one left in the main folder when saving moved to a fallback folder)
    give one entry: the newest save, the one with the most actions among equals; the
    others are in its ``older`` and are not listed. A game whose best copy has
    a result is not listed at all.
    """
    folders = [Path(folder) if folder is not None else autosave_dir(), *map(Path, more)]
    copies: dict[tuple[str, str, str], list[SaveFile]] = {}
    seen: set[Path] = set()
    for where in folders:
        if not where.is_dir():
            continue
        for path in _save_files(where):
            try:
                real = path.resolve()
            except OSError:
                real = path
            if real in seen:  # the same file reached through two folder names
                continue
            seen.add(real)
            try:
                save = read_save(path)
            except SaveError as exc:
                log.warning("skipping autosave: %s", exc)
                continue
            copies.setdefault(game_key(save), []).append(save)
    found: list[SaveInfo] = []
    for group in copies.values():
        # newest save first: the copy left behind stopped when saving moved on, and the
        # one moved on may hold fewer actions after an undo; most actions among equals
        group.sort(key=lambda save: (save.saved_at, len(save.actions)), reverse=True)
        best, rest = group[0], group[1:]
        if best.finished:
            continue
        older = tuple(_info(save) for save in rest)
        found.append(dataclasses.replace(_info(best), older=older))
    found.sort(key=lambda info: info.saved_at, reverse=True)
    return found


def find_unreadable(folder: str | os.PathLike[str] | None = None) -> list[SaveError]:
    """Saves in ``folder`` (default :func:`autosave_dir`) that cannot be read, as the
    :class:`SaveError` saying why (file and field). Never raises."""
    where = Path(folder) if folder is not None else autosave_dir()
    if not where.is_dir():
        return []
    errors: list[SaveError] = []
    for path in _save_files(where):
        try:
            read_save(path)
        except SaveError as exc:
            errors.append(exc)
    return errors


def save_game_id(path: str | os.PathLike[str]) -> str:
    """The game id in a save's file name (``autosave-arc-2026...json``: ``arc``); "" if none."""
    stem = Path(path).stem
    for prefix in (_BROKEN_PREFIX, _AUTOSAVE_PREFIX):
        if stem.startswith(prefix):
            stem = stem[len(prefix):]
    return stem.split("-", 1)[0] if stem else ""


def keep_broken(path: str | os.PathLike[str]) -> Path:
    """Keep a save that no longer replays under a name no autosave uses; return it.

    ``autosave-arc-X.json`` becomes ``broken-arc-X.json`` (``-2``... when taken);
    a file already named ``broken-*`` stays where it is. The content is not
    touched. Raises SaveError when the file cannot be renamed.
    """
    where = Path(path)
    if where.name.startswith(_BROKEN_PREFIX):
        return where
    stem = where.stem[len(_AUTOSAVE_PREFIX):] if where.stem.startswith(_AUTOSAVE_PREFIX) \
        else where.stem
    target = where.with_name(f"{_BROKEN_PREFIX}{stem}{where.suffix}")
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = where.with_name(f"{_BROKEN_PREFIX}{stem}-{n}{where.suffix}")
    try:
        os.replace(where, target)
    except OSError as exc:
        raise SaveError(where, "", f"could not keep the save as {target.name}: "
                                   f"{exc.strerror or exc}") from exc
    log.warning("save that no longer replays kept as %s", target)
    return target


def remove_stale_temp_files(folder: str | os.PathLike[str] | None = None,
                            older_than: float = STALE_TEMP_AGE,
                            now: float | None = None) -> list[Path]:
    """Delete the temporary files interrupted saves left in ``folder``; return them.

    Only files named like :func:`write_json_atomic`'s (``.<name>.json.*.tmp``),
    regular files, last modified more than ``older_than`` seconds before ``now``
    (default: the current time), so a save being written right now is left
    alone. Never raises: a file that cannot be removed is logged and skipped.
    """
    where = Path(folder) if folder is not None else autosave_dir()
    moment = time.time() if now is None else now
    removed: list[Path] = []
    try:
        candidates = sorted(where.glob(".*.json.*.tmp"))
    except OSError:
        return removed
    for path in candidates:
        try:
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode) or moment - info.st_mtime <= older_than:
                continue
            path.unlink()
        except OSError as exc:
            log.warning("cannot remove the leftover %s: %s", path, exc)
            continue
        removed.append(path)
    return removed


def discard_autosave(path: str | os.PathLike[str]) -> bool:
    """Delete an autosave file; True if it existed. Raises SaveError if it cannot be removed."""
    try:
        Path(path).unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise SaveError(path, "", f"could not delete the autosave: {exc.strerror or exc}") from exc
    return True
