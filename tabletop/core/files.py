"""Reading the program's files safely: every card, deck, layout, scenario,
catalogue, theme, font and save file goes through here.

A file is read only when it is a regular file (after following symlinks), so a
FIFO, a device or a symlink to ``/dev/zero`` is refused instead of hanging or
filling memory; it is opened non-blocking where the system allows it, so even
a FIFO put in place between the check and the open cannot hang the program.
Each kind of file has a size cap, checked before anything is read. Text must
be UTF-8; a leading byte-order mark (Windows Notepad writes one) is dropped.
TOML and JSON are parsed with a nesting-depth cap and numbers too long to
convert are refused, so a hostile file gives a clear message instead of a
RecursionError, a ValueError from the integer-size limit or a long stall.

Every problem raises :class:`FileProblem` naming the file (and the field where
there is one, else the line). Loaders turn it into their own error type
(``CardDataError``, ``DeckError``, ``LayoutError``...), keeping its text.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_DATA_BYTES",
    "MAX_DEPTH",
    "MAX_FONT_BYTES",
    "MAX_SAVE_BYTES",
    "FileProblem",
    "check_depth",
    "load_json",
    "load_toml",
    "parse_json",
    "parse_toml",
    "read_bytes",
    "read_text",
]

#: Cards, decks, layouts, scenarios, catalogues, the theme: the largest shipped
#: file is a few dozen kB, so 2 MiB leaves room while keeping a stray huge file
#: from stalling the menu.
MAX_DATA_BYTES = 2 * 1024 * 1024
#: Saves and autosaves (a long game's action list is well under 1 MiB).
MAX_SAVE_BYTES = 8 * 1024 * 1024
#: Fonts (the bundled Noto Sans JP subsets are about 1.2 MB each).
MAX_FONT_BYTES = 32 * 1024 * 1024
#: Deepest nesting of tables and lists accepted in TOML and JSON files. The
#: deepest real file nests about 6 levels; the cap keeps recursive code that
#: walks the data (and the parsers themselves) far from Python's recursion limit.
MAX_DEPTH = 100

# Python refuses to convert integers longer than this (sys.int_info); the
# parsers then raise a bare ValueError naming neither file nor line.
_MAX_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
_LONG_NUMBER = re.compile("[0-9][0-9_]{" + str(_MAX_DIGITS) + ",}")


class FileProblem(ValueError):
    """A file cannot be read or parsed safely.

    Attributes:
        path: the file, as given.
        field: the field the problem is in (dotted, e.g. ``"cards.ember_knight"``),
            or ``""`` for the file as a whole.
        problem: what is wrong, in plain words (a line number where it helps).
        content: True when the file was read but its content is wrong (not UTF-8,
            invalid, nested too deeply, a too long number); False when it could not
            be read at all (missing, not a regular file, too large, no permission).

    The message is ``<path>: <problem>`` or ``<path>: field '<field>': <problem>``.
    """

    def __init__(self, path: str | os.PathLike[str], field: str, problem: str,
                 content: bool = False) -> None:
        self.path, self.field, self.problem = str(path), field, problem
        self.content = content
        where = f"field '{field}': " if field else ""
        super().__init__(f"{self.path}: {where}{problem}")


# --------------------------------------------------------------------------- raw reading


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size_text(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    if n >= 1024:
        return f"{n / 1024:.0f} kB"
    return f"{n} bytes"


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_DATA_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes.

    Raises:
        FileProblem: no such file, not a regular file (folder, FIFO, device,
            a symlink to one), larger than ``max_bytes``, or unreadable.
    """
    where = Path(path)
    try:
        info = os.stat(where)  # follows symlinks: a link to /dev/zero is a device
    except FileNotFoundError:
        raise FileProblem(where, "", "no such file") from None
    except OSError as exc:
        raise FileProblem(where, "", f"cannot read the file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(where, "", f"is {_kind_of(info.st_mode)}, not a file")
    if info.st_size > max_bytes:
        raise FileProblem(where, "", f"is too large ({_size_text(info.st_size)}; at most "
                                     f"{_size_text(max_bytes)} is read)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(where, flags)
    except OSError as exc:
        raise FileProblem(where, "", f"cannot read the file: {exc.strerror or exc}") from None
    try:
        # The file may have been swapped since the stat: judge what was opened.
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(where, "", f"is {_kind_of(info.st_mode)}, not a file")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:  # it grew while being read
                raise FileProblem(where, "", f"is too large (more than "
                                             f"{_size_text(max_bytes)})")
    except OSError as exc:
        raise FileProblem(where, "", f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_DATA_BYTES) -> str:
    """The UTF-8 text of a file (see :func:`read_bytes`), without a leading BOM.

    Raises:
        FileProblem: as :func:`read_bytes`, or the bytes are not UTF-8 (the
            line of the first bad byte is named).
    """
    data = read_bytes(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileProblem(path, "", f"is not UTF-8 text (a bad byte at line {line})",
                          content=True) from None
    return text[1:] if text.startswith("\ufeff") else text


# --------------------------------------------------------------------------- depth


def check_depth(data: Any, path: str | os.PathLike[str], limit: int = MAX_DEPTH) -> None:
    """Refuse parsed data whose tables/lists nest deeper than ``limit``.

    Walks without recursion, so it is safe on any input. Field names are only built
    for data that is too deep (a long save is thousands of lines: naming every value
    on the way cost more than parsing it).

    Raises:
        FileProblem: naming the field path of the first too-deep part.
    """
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth >= limit:
            break  # found: walk again, naming the fields, to say where
        todo.extend((v, depth + 1) for v in children)
    else:
        return
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, name = stack.pop()
        if isinstance(value, dict):
            items: Any = ((f"{name}.{k}" if name else str(k), v) for k, v in value.items())
        elif isinstance(value, list | tuple):
            items = ((f"{name}[{i}]", v) for i, v in enumerate(value))
        else:
            continue
        if depth >= limit:
            raise FileProblem(path, _short_field(name), f"nested more than {limit} levels "
                                                        f"deep", content=True)
        stack.extend((v, depth + 1, n) for n, v in items)


def _short_field(name: str) -> str:
    # A field path 100 levels deep is unreadable: keep its start.
    return name if len(name) <= 80 else name[:77] + "..."


# TOML: the parser recurses per level of inline tables/arrays and handles
# dotted keys quadratically, so depth is measured on the text before parsing.
_TOML_TOKENS = re.compile(r"\"\"\"|'''|[\"'#\n\[\]{}.=,]")
_BASIC_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_ML_BASIC_END = re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.DOTALL)


def _toml_depth_problem(text: str, limit: int) -> int | None:
    """The line where ``text`` nests (brackets plus dotted-key parts) deeper than
    ``limit``, or None. Strings and comments are skipped."""
    depth = dots = 0
    pos, n = 0, len(text)
    while pos < n:
        match = _TOML_TOKENS.search(text, pos)
        if match is None:
            return None
        token, pos = match.group(), match.end()
        if token == "#":
            end = text.find("\n", pos)
            pos = n if end < 0 else end
        elif token == '"""':
            end_match = _ML_BASIC_END.match(text, pos)
            pos = end_match.end() if end_match else n
        elif token == "'''":
            end = text.find("'''", pos)
            pos = n if end < 0 else end + 3
        elif token == '"':
            string = _BASIC_STRING.match(text, pos - 1)
            pos = string.end() if string else pos
        elif token == "'":
            end = text.find("'", pos)
            pos = n if end < 0 else end + 1
        elif token in "[{":
            depth += 1
            dots = 0
        elif token in "]}":
            depth = max(0, depth - 1)
            dots = 0
        elif token == ".":
            dots += 1
        else:  # "=", ",", newline: a new key or value starts
            dots = 0
        if depth + dots > limit:
            return text.count("\n", 0, match.start()) + 1
    return None


def _long_number_line(text: str) -> int | None:
    match = _LONG_NUMBER.search(text)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def _too_long_number(path: str | os.PathLike[str], text: str) -> FileProblem:
    line = _long_number_line(text)
    where = f" (line {line})" if line else ""
    return FileProblem(path, "", f"holds a number with more than {_MAX_DIGITS} digits{where}",
                       content=True)


# --------------------------------------------------------------------------- parsing


def parse_toml(text: str, path: str | os.PathLike[str], limit: int = MAX_DEPTH) -> dict[str, Any]:
    """Parse TOML ``text`` read from ``path`` (named in messages).

    Raises:
        FileProblem: invalid TOML (with the parser's line and column), nesting
            deeper than ``limit``, or a number too long to convert.
    """
    from tabletop.core import parse_cache  # parsed before from this very text (issue 14)

    key, kept = parse_cache.get(text, limit)
    if kept is not None:
        return kept
    line = _toml_depth_problem(text, limit)
    if line is not None:
        raise FileProblem(path, "", f"nested more than {limit} levels deep (line {line})",
                          content=True)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileProblem(path, "", f"not valid TOML: {exc}", content=True) from None
    except RecursionError:
        raise FileProblem(path, "", f"nested more than {limit} levels deep",
                          content=True) from None
    except ValueError:  # int() refusing a number of thousands of digits
        raise _too_long_number(path, text) from None
    check_depth(data, path, limit)
    parse_cache.put(key, data)
    return data


def parse_json(text: str, path: str | os.PathLike[str], limit: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text`` read from ``path`` (named in messages).

    Raises:
        FileProblem: invalid JSON (with line and column), nesting deeper than
            ``limit``, or a number too long to convert.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem(path, "", f"not valid JSON: {exc.msg} (line {exc.lineno}, column "
                                    f"{exc.colno})", content=True) from None
    except RecursionError:
        raise FileProblem(path, "", f"nested more than {limit} levels deep",
                          content=True) from None
    except ValueError:  # int() refusing a number of thousands of digits
        raise _too_long_number(path, text) from None
    check_depth(data, path, limit)
    return data


def load_toml(path: str | os.PathLike[str], max_bytes: int = MAX_DATA_BYTES) -> dict[str, Any]:
    """Read and parse a TOML file safely (:func:`read_text` then :func:`parse_toml`).

    Raises:
        FileProblem: see those two functions.
    """
    return parse_toml(read_text(path, max_bytes), path)


def load_json(path: str | os.PathLike[str], max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Read and parse a JSON file safely (:func:`read_text` then :func:`parse_json`).

    Raises:
        FileProblem: see those two functions.
    """
    return parse_json(read_text(path, max_bytes), path)
