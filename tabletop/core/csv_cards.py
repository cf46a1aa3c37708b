"""Card files from a spreadsheet export (CSV): a club types its set list once.

A mapping names, for each card field, the column it is read from::

    name=Name,name.ja=Japanese,type=Type,colour=Colour,cost=Cost,power=Power

* ``id``: when not mapped, made from the English name (``Flame Duelist`` ->
  ``user_flame_duelist``, ``_2``... when taken);
* ``name`` (or ``name.en``) and ``name.ja``: one of them alone is used for both
  languages; ``text``, ``text.en``, ``text.ja`` likewise (optional);
* every other field is one of the game's card fields (``tabletop/games/<game>/schema.py``):
  whole numbers, ``yes``/``no`` (also true/false, 1/0, ○/×) for flags, lists written
  ``a;b;c`` (or ``a|b|c``), and a table field's entries mapped one by one
  (``connectors.top_left=TL``);
* ``constants`` give a value for every row (``type=character`` for a sheet of one type).

A column is named by its header (case and spacing ignored) or by its number (``3``).
Each row is checked by the same schema, ability words (``GameRules.vocabulary``) and
the game's own checks as the game's card files; every problem is a :class:`CsvProblem`
with its row (the line of the file) and column, and such a row is left out. The file
may be UTF-8 (with or without a BOM) or Shift_JIS (a Japanese Excel export), comma,
semicolon or tab separated.
"""

from __future__ import annotations

import csv
import importlib
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.cards import (
    LANGS,
    CardDataError,
    CardDb,
    CardDef,
    FieldSpec,
    Schema,
    parse_cards,
)
from tabletop.core.files import FileProblem, read_bytes
from tabletop.core.text_chars import control_problem
from tabletop.core.toml_out import toml_key, toml_value

__all__ = ["CsvError", "CsvImport", "CsvProblem", "CsvTable", "cards_toml", "import_rows",
           "parse_mapping", "read_csv", "read_csv_text"]

#: Fields every card has besides its game's schema.
BASE_FIELDS = ("id", "type", "name", "name.en", "name.ja", "text", "text.en", "text.ja")
#: Prefix of ids made from names, so they never take a ready-made card's id.
ID_PREFIX = "user_"

_TRUE = {"yes", "y", "true", "1", "○", "はい", "x", "✓"}
_FALSE = {"no", "n", "false", "0", "×", "いいえ", "-", ""}


class CsvError(ValueError):
    """The file or the mapping cannot be used at all (the message names which)."""


@dataclass(frozen=True)
class CsvProblem:
    """A problem of one row (``row``: the line number in the file, 1 is the header)
    in one ``column`` (its header; "" when no column is at fault)."""

    row: int
    column: str
    problem: str

    def __str__(self) -> str:
        where = f"row {self.row}" + (f", column {self.column!r}" if self.column else "")
        return f"{where}: {self.problem}"


@dataclass(frozen=True)
class CsvTable:
    """A CSV file read: its ``headers`` and ``rows`` (each with its line number)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass
class CsvImport:
    """What an import gave: the card ``entries`` (as card-file tables, in row order)
    and every ``problem``."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    problems: list[CsvProblem] = field(default_factory=list)


def read_csv_text(text: str) -> CsvTable:
    """Read CSV text (first row: headers). Raises CsvError when it has no header row."""
    sample = text[:4096]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    rows: list[tuple[int, tuple[str, ...]]] = []
    headers: tuple[str, ...] | None = None
    try:
        for record in reader:
            if headers is None:
                headers = tuple(h.strip() for h in record)
                continue
            if any(cell.strip() for cell in record):
                rows.append((reader.line_num, tuple(record)))
    except csv.Error as exc:
        raise CsvError(f"line {reader.line_num}: {exc}") from None
    if not headers or not any(headers):
        raise CsvError("the file has no header row (the first row names the columns)")
    for number, header in enumerate(headers, 1):
        if control_problem(header):  # a binary file read as text (QA16 #1)
            raise CsvError(f"line 1, column {number}: a control character in the column "
                           "name: not a CSV text file (a spreadsheet saves one as "
                           "\"CSV UTF-8\")")
    return CsvTable(headers, tuple(rows))


def read_csv(path: str | Path) -> CsvTable:
    """Read a CSV file (UTF-8, UTF-8 with BOM or Shift_JIS). Raises CsvError naming
    the file."""
    try:
        data = read_bytes(path)
    except FileProblem as exc:
        raise CsvError(str(exc)) from None
    for encoding in ("utf-8-sig", "cp932"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise CsvError(f"{path}: neither UTF-8 nor Shift_JIS text")
    try:
        return read_csv_text(text)
    except CsvError as exc:
        raise CsvError(f"{path}: {exc}") from None


def parse_mapping(text: str) -> dict[str, str]:
    """``"name=Name,cost=Cost"`` -> {"name": "Name", "cost": "Cost"}. Raises CsvError
    for an entry without ``=`` or a field given twice."""
    out: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise CsvError(f"mapping entry {part!r}: expected field=column")
        if key in out:
            raise CsvError(f"mapping entry {part!r}: field {key!r} is mapped twice")
        out[key] = value
    return out


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _schema(game: str) -> Schema:
    schema: Schema = importlib.import_module(f"tabletop.games.{game}.schema").SCHEMA
    return schema


def _known_fields(schema: Schema) -> dict[str, FieldSpec]:
    fields: dict[str, FieldSpec] = {}
    for specs in schema.values():
        for name, spec in specs.items():
            fields.setdefault(name, spec)
    return fields


def _columns(table: CsvTable, mapping: Mapping[str, str], schema: Schema) -> dict[str, int]:
    """Field -> column index. Raises CsvError for an unknown field or column."""
    known = _known_fields(schema)
    by_name = {_norm(h): i for i, h in enumerate(table.headers)}
    out: dict[str, int] = {}
    for fld, column in mapping.items():
        top = fld.split(".", 1)[0]
        if fld not in BASE_FIELDS and top not in known:
            raise CsvError(f"mapping: {fld!r} is not a card field; known: "
                           + ", ".join([*BASE_FIELDS, *known]))
        if "." in fld and fld not in BASE_FIELDS and known[top].kind is not dict:
            raise CsvError(f"mapping: {top!r} is not a table field; map it as {top}=column")
        if column.isdigit() and 1 <= int(column) <= len(table.headers):
            out[fld] = int(column) - 1
        elif _norm(column) in by_name:
            out[fld] = by_name[_norm(column)]
        else:
            raise CsvError(f"mapping: no column {column!r} (the columns are: "
                           + ", ".join(table.headers) + ")")
    if not any(f in out for f in ("name", "name.en", "name.ja")):
        raise CsvError("mapping: map a column to name (or name.en / name.ja)")
    return out


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_")[:40] or "card"


def _convert(spec: FieldSpec, cell: str) -> Any:
    """A cell's text as the field's kind. Raises ValueError with the reason."""
    kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
    text = cell.strip()
    if bool in kinds:
        word = _norm(text)
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise ValueError(f"expected yes or no, got {text!r}")
    if int in kinds:
        try:
            return int(unicodedata.normalize("NFKC", text))
        except ValueError:
            raise ValueError(f"expected a whole number, got {text!r}") from None
    if list in kinds:
        return [item.strip() for item in re.split(r"[;|]", text) if item.strip()]
    return text


def import_rows(table: CsvTable, mapping: Mapping[str, str], game: str,
                constants: Mapping[str, str] | None = None,
                base: Mapping[str, CardDef] | None = None, source: str = "csv") -> CsvImport:
    """Turn the rows of ``table`` into card entries of ``game`` (see the module
    docstring). ``base``: the cards the game has already (their ids are taken, and a
    Xenocard level-up may name them). Raises CsvError for a mapping that cannot be
    used; a bad row is a :class:`CsvProblem` and is left out."""
    from tabletop.core.deck_pool import game_vocabulary

    schema = _schema(game)
    vocabulary = game_vocabulary(game)
    known = _known_fields(schema)
    columns = _columns(table, mapping, schema)
    fixed = dict(constants or {})
    for fld in fixed:
        if fld not in BASE_FIELDS and fld.split(".", 1)[0] not in known:
            raise CsvError(f"constant {fld!r} is not a card field")
    result = CsvImport()
    used = set(base or {})
    rows: list[tuple[int, dict[str, Any], dict[str, str]]] = []
    for line, record in table.rows:
        cells = {fld: (record[i].strip() if i < len(record) else "") for fld, i in
                 columns.items()}
        values = {**fixed, **{k: v for k, v in cells.items() if v}}
        where = {fld: table.headers[i] for fld, i in columns.items()}
        bad = [CsvProblem(line, where[fld], control_problem(cell)) for fld, cell in
               cells.items() if control_problem(cell)]
        if bad:  # no font draws a NUL: the row is left out, as a schema problem would
            result.problems.extend(bad)
            continue
        entry, problems = _entry(values, where, schema, line)
        if problems:
            result.problems.extend(problems)
            continue
        if "id" not in values:
            stem = ID_PREFIX + _slug(str(entry["name"]["en"]))
            cid, n = stem, 1
            while cid in used:
                n += 1
                cid = f"{stem}_{n}"
            entry = {"id": cid, **entry}
        elif entry["id"] in used:
            result.problems.append(CsvProblem(line, where.get("id", ""),
                                              f"the id {entry['id']!r} is taken"))
            continue
        try:
            parse_cards({"card": [entry]}, source, game, schema, vocabulary)
        except CardDataError as exc:
            top = exc.field.split(".", 1)[0]
            column = where.get(exc.field) or where.get(top) or ""
            result.problems.append(CsvProblem(line, column, f"{exc.field}: {exc.problem}"))
            continue
        used.add(entry["id"])
        rows.append((line, entry, where))
    _game_checks(game, schema, rows, result, source, (base or {}).values())
    return result


def _entry(values: Mapping[str, str], where: Mapping[str, str], schema: Schema,
           line: int) -> tuple[dict[str, Any], list[CsvProblem]]:
    """One row's values as a card table (before the schema's checks)."""
    problems: list[CsvProblem] = []
    entry: dict[str, Any] = {}
    if "id" in values:
        entry["id"] = values["id"]
    if "type" in values:
        entry["type"] = _norm(values["type"]).replace(" ", "_")
    for base in ("name", "text"):
        texts = {lang: values.get(f"{base}.{lang}") or values.get(base) for lang in LANGS}
        if not any(texts.values()):
            continue
        first = next(t for t in texts.values() if t)
        entry[base] = {lang: texts[lang] or first for lang in LANGS}
    specs = schema.get(str(entry.get("type", "")), {})
    for fld, value in values.items():
        if fld in BASE_FIELDS:
            continue
        top, _, sub = fld.partition(".")
        if top not in specs:
            if entry.get("type") in schema:
                problems.append(CsvProblem(line, where.get(fld, ""),
                                           f"a {entry['type']} card has no field {top!r}"))
            continue
        try:
            converted = value if sub else _convert(specs[top], value)
        except ValueError as exc:
            problems.append(CsvProblem(line, where.get(fld, ""), f"{fld}: {exc}"))
            continue
        if sub:
            entry.setdefault(top, {})[sub] = converted
        else:
            entry[top] = converted
    if "type" not in entry:
        problems.append(CsvProblem(line, where.get("type", ""),
                                   "type: missing (expected one of " + ", ".join(schema) + ")"))
    return entry, problems


def _game_checks(game: str, schema: Schema, rows: list[tuple[int, dict[str, Any],
                 dict[str, str]]], result: CsvImport, source: str,
                 base: Iterable[CardDef]) -> None:
    """The game's own checks (Conan's icons, 絵師100人展's connectors, Xenocard's
    level-ups) over the rows that passed the schema together with the game's cards:
    a row they refuse is left out with its problem, and the rest checked again."""
    from tabletop.core.deck_pool import _extra_check, game_vocabulary

    check = _extra_check(game)
    vocabulary = game_vocabulary(game)
    left = list(rows)
    known = list(base)
    while check is not None and left:
        cards = parse_cards({"card": [e for _, e, _ in left]}, source, game, schema,
                            vocabulary)
        try:
            check(CardDb(game, [*known, *cards]))
            break
        except CardDataError as exc:
            bad = next((r for r in left if r[1]["id"] == exc.card), None)
            if bad is None:  # a ready-made card at fault: not this import's business
                break
            line, _, where = bad
            top = exc.field.split(".", 1)[0]
            column = where.get(exc.field) or where.get(top) or ""
            result.problems.append(CsvProblem(line, column, f"{exc.field}: {exc.problem}"))
            left.remove(bad)
    result.entries.extend(entry for _, entry, _ in left)
    result.problems.sort(key=lambda p: p.row)


def cards_toml(entries: Sequence[Mapping[str, Any]], comment: str = "") -> str:
    """Card entries as a card file (``[[card]]`` tables, fields in their order)."""
    lines = [f"# {line}" for line in comment.splitlines()] if comment else []
    for entry in entries:
        if lines:
            lines.append("")
        lines.append("[[card]]")
        lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"
