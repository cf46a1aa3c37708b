"""Rules help pages: ``assets/help/<game>_<lang>.toml``, read and checked (issue 12 §2).

One file per game and language; the Japanese file has the same section ids in the
same order as the English one. A file looks like::

    title = "Conan CCG: how to play"

    [[section]]
    id = "goal"                 # unique in the file; [a-z0-9_]+
    title = "How you win"
    rules = ["CONAN-R1"]        # rule ids it explains: a refusal citing one opens it
    house = ["CONAN-H2"]        # house ruling ids (docs/rulings.md) it states
    body = \"\"\"
    Paragraphs separated by blank lines. Lines starting with "- " are bullets.
    \"\"\"
    diagram = "battlefield"     # optional: a drawing the game registers
                                # (tabletop/ui/help_diagrams.py)

    [section.anatomy]           # optional, for diagram = "card_anatomy"
    card = "conan_c001"         # the card whose real face is drawn
    [[section.anatomy.part]]
    label = "Cost"              # what the part is called (in the file's language)
    x = 0.12                    # where it is on the face: 0..1 of the face's width
    y = 0.06                    # and of its height, from the top-left corner

Every problem raises :class:`HelpError` whose message names the file and the field
(``conan_en.toml: section[3].rules[0]: expected a rule id such as "CONAN-R8"``).
Headless: no pygame here; the help scene is :mod:`tabletop.ui.help`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from tabletop.core.files import FileProblem, load_toml
from tabletop.resources import data_root

__all__ = [
    "Anatomy",
    "AnatomyPart",
    "Block",
    "BlockKind",
    "HelpError",
    "HelpPage",
    "HelpSection",
    "help_dir",
    "help_languages",
    "help_path",
    "load_help",
    "load_help_file",
    "parse_body",
]

_ID = re.compile(r"[a-z0-9_]+")
#: A rule or ruling id: ``CONAN-R8``, ``ALL-H4``, ``XENO-R5``.
RULE_ID = re.compile(r"[A-Z0-9]+-[RH][0-9]+")
_FILE = re.compile(r"([a-z0-9_]+)_([a-z]{2})\.toml")
_TOP_KEYS = frozenset({"title", "section"})
_SECTION_KEYS = frozenset({"id", "title", "rules", "house", "body", "diagram", "anatomy"})
_ANATOMY_KEYS = frozenset({"card", "part"})
_PART_KEYS = frozenset({"label", "x", "y"})


class HelpError(ValueError):
    """A help file is missing or malformed; the message names the file and the field."""


class BlockKind(StrEnum):
    """What one block of a section's body is."""

    PARAGRAPH = "paragraph"
    BULLET = "bullet"


@dataclass(frozen=True)
class Block:
    """One paragraph or one bullet of a body, its lines joined by spaces (a Japanese
    line break joins without a space)."""

    kind: BlockKind
    text: str


@dataclass(frozen=True)
class AnatomyPart:
    """One labelled part of a card face: ``label`` and where it is, ``x``/``y`` as
    fractions (0..1) of the face's width and height from its top-left corner."""

    label: str
    x: float
    y: float


@dataclass(frozen=True)
class Anatomy:
    """The card drawn by the ``card_anatomy`` diagram and its labelled parts."""

    card: str
    parts: tuple[AnatomyPart, ...]


@dataclass(frozen=True)
class HelpSection:
    """One section of a help page.

    ``rules``: rule ids it explains (a refusal citing one opens the page here);
    ``house``: house ruling ids it states (shown marked); ``diagram``: the name of a
    registered drawing or ``""``; ``anatomy``: the card and parts for ``card_anatomy``.
    """

    id: str
    title: str
    rules: tuple[str, ...]
    house: tuple[str, ...]
    body: str
    diagram: str = ""
    anatomy: Anatomy | None = None

    @property
    def blocks(self) -> list[Block]:
        """The body as paragraphs and bullets (:func:`parse_body`)."""
        return parse_body(self.body)


@dataclass(frozen=True)
class HelpPage:
    """The help of one game in one language: a title and its sections in order."""

    game: str
    lang: str
    title: str
    sections: tuple[HelpSection, ...]
    path: Path

    def section(self, section_id: str) -> HelpSection | None:
        """The section with ``section_id`` (None when there is none)."""
        return next((s for s in self.sections if s.id == section_id), None)

    def section_for_rule(self, rule: str) -> HelpSection | None:
        """The first section whose ``rules`` list ``rule``; failing that the first whose
        ``house`` lists it (a refusal citing a house ruling); None when none does."""
        if not rule:
            return None
        return (next((s for s in self.sections if rule in s.rules), None)
                or next((s for s in self.sections if rule in s.house), None))

    @property
    def rule_ids(self) -> frozenset[str]:
        """Every rule and house ruling id some section covers."""
        return frozenset(r for s in self.sections for r in (*s.rules, *s.house))


def _cjk(ch: str) -> bool:
    return ch >= "\u3000"


def _join(lines: Sequence[str]) -> str:
    out = ""
    for line in lines:
        if out and not (_cjk(out[-1]) and _cjk(line[0])):
            out += " "
        out += line
    return out


def parse_body(body: str) -> list[Block]:
    """Split a body into blocks: blank lines end a paragraph; a line starting with
    ``"- "`` starts a bullet (following indented or plain lines continue it until a
    blank line or the next bullet).

    >>> [(b.kind.value, b.text) for b in parse_body("One\\ntwo.\\n\\n- a\\n- b\\n  c")]
    [('paragraph', 'One two.'), ('bullet', 'a'), ('bullet', 'b c')]
    """
    blocks: list[Block] = []
    kind: BlockKind | None = None
    lines: list[str] = []

    def flush() -> None:
        if kind is not None and lines:
            blocks.append(Block(kind, _join(lines)))
        lines.clear()

    for raw in body.splitlines():
        line = raw.strip()
        if not line:
            flush()
            kind = None
        elif line.startswith("- "):
            flush()
            kind = BlockKind.BULLET
            lines.append(line[2:].strip())
        else:
            if kind is None:
                kind = BlockKind.PARAGRAPH
            lines.append(line)
    flush()
    return blocks


def help_dir() -> Path:
    """The folder of the help files (``assets/help`` under the data root)."""
    return data_root() / "assets" / "help"


def help_path(game: str, lang: str) -> Path:
    """Where the help of ``game`` in ``lang`` lives (it may not exist)."""
    return help_dir() / f"{game}_{lang}.toml"


def help_languages(game: str) -> list[str]:
    """The languages ``game`` has a help file in, sorted (``["en", "ja"]``)."""
    folder = help_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = _FILE.fullmatch(path.name)
        if match and match.group(1) == game:
            found.append(match.group(2))
    return sorted(found)


class _Ctx:
    def __init__(self, path: Path) -> None:
        self.name = path.name

    def fail(self, field: str, problem: str) -> HelpError:
        return HelpError(f"{self.name}: {field}: {problem}")


def _text(ctx: _Ctx, data: Mapping[str, Any], key: str, where: str, *,
          required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise ctx.fail(f"{where}{key}", "expected a non-empty string")
    return value.strip()


def _ids(ctx: _Ctx, data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ctx.fail(f"{where}{key}", "expected a list of rule ids")
    out: list[str] = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not RULE_ID.fullmatch(item):
            raise ctx.fail(f"{where}{key}[{i}]",
                           f'expected a rule id such as "CONAN-R8", got {item!r}')
        if key == "house" and "-H" not in item:
            raise ctx.fail(f"{where}{key}[{i}]",
                           f'expected a house ruling id such as "CONAN-H2", got {item!r}')
        out.append(item)
    return tuple(out)


def _unknown(ctx: _Ctx, data: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise ctx.fail(f"{where}{key}",
                           f"unknown field (allowed: {', '.join(sorted(allowed))})")


def _fraction(ctx: _Ctx, data: Mapping[str, Any], key: str, where: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ctx.fail(f"{where}{key}", f"expected a number from 0 to 1, got {value!r}")
    return float(value)


def _anatomy(ctx: _Ctx, value: object, where: str) -> Anatomy:
    if not isinstance(value, dict):
        raise ctx.fail(where.rstrip("."), "expected a table with card and part")
    _unknown(ctx, value, _ANATOMY_KEYS, where)
    card = _text(ctx, value, "card", where)
    parts_raw = value.get("part", [])
    if not isinstance(parts_raw, list) or not parts_raw:
        raise ctx.fail(f"{where}part", "expected one or more [[...anatomy.part]] tables")
    parts: list[AnatomyPart] = []
    for i, part in enumerate(parts_raw):
        here = f"{where}part[{i}]."
        if not isinstance(part, dict):
            raise ctx.fail(here.rstrip("."), "expected a table with label, x and y")
        _unknown(ctx, part, _PART_KEYS, here)
        parts.append(AnatomyPart(_text(ctx, part, "label", here), _fraction(ctx, part, "x", here),
                                 _fraction(ctx, part, "y", here)))
    return Anatomy(card, tuple(parts))


def _section(ctx: _Ctx, index: int, data: object) -> HelpSection:
    where = f"section[{index}]."
    if not isinstance(data, dict):
        raise ctx.fail(where.rstrip("."), "expected a table ([[section]])")
    _unknown(ctx, data, _SECTION_KEYS, where)
    section_id = _text(ctx, data, "id", where)
    if not _ID.fullmatch(section_id):
        raise ctx.fail(f"{where}id", f"expected letters a-z, digits and _, got {section_id!r}")
    diagram = _text(ctx, data, "diagram", where, required=False)
    if diagram and not _ID.fullmatch(diagram):
        raise ctx.fail(f"{where}diagram", f"expected a diagram name [a-z0-9_]+, got {diagram!r}")
    anatomy = _anatomy(ctx, data["anatomy"], f"{where}anatomy.") if "anatomy" in data else None
    if diagram == "card_anatomy" and anatomy is None:
        raise ctx.fail(f"{where}anatomy", 'diagram "card_anatomy" needs an [section.anatomy]')
    body = _text(ctx, data, "body", where)
    return HelpSection(section_id, _text(ctx, data, "title", where),
                       _ids(ctx, data, "rules", where), _ids(ctx, data, "house", where),
                       body, diagram, anatomy)


def load_help_file(path: Path, game: str = "", lang: str = "") -> HelpPage:
    """Read one help file and check every field.

    ``game`` and ``lang`` default to those in the file name (``conan_ja.toml``).

    Raises:
        HelpError: the file cannot be read safely or is not valid TOML, a field is
            missing, of the wrong type, unknown, or a section id repeats; the message
            names the file and the field.
    """
    ctx = _Ctx(path)
    match = _FILE.fullmatch(path.name)
    game = game or (match.group(1) if match else "")
    lang = lang or (match.group(2) if match else "")
    try:
        data = load_toml(path)
    except FileProblem as exc:
        raise HelpError(f"{path.name}: {exc}") from exc
    except OSError as exc:
        raise HelpError(f"{path.name}: cannot be read: {exc}") from exc
    _unknown(ctx, data, _TOP_KEYS, "")
    title = _text(ctx, data, "title", "")
    raw = data.get("section")
    if not isinstance(raw, list) or not raw:
        raise ctx.fail("section", "expected one or more [[section]] tables")
    sections = tuple(_section(ctx, i, s) for i, s in enumerate(raw))
    seen: set[str] = set()
    for i, section in enumerate(sections):
        if section.id in seen:
            raise ctx.fail(f"section[{i}].id", f"{section.id!r} is used twice in the file")
        seen.add(section.id)
    return HelpPage(game, lang, title, sections, path)


def load_help(game: str, lang: str) -> HelpPage:
    """The help of ``game`` in ``lang`` (:func:`help_path`).

    Raises:
        HelpError: there is no such file, or it is malformed (see :func:`load_help_file`).
    """
    path = help_path(game, lang)
    if not path.is_file():
        raise HelpError(f"{path.name}: no help file for game {game!r} in {lang!r} "
                        f"(looked in {path.parent})")
    return load_help_file(path, game, lang)
