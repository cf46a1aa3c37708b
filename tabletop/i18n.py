"""Message catalogue: every text the user sees, in English and Japanese.

Catalogues are TOML files ``assets/i18n/<code>.toml`` (``en``, ``ja``). Tables
nest into dotted keys, so ``[zone] hand = "Hand"`` defines ``zone.hand``. Values
are :meth:`str.format_map` templates with ``{name}`` placeholders.

Look-up never raises: a key missing in the current language falls back to
English, a key missing everywhere renders as the key itself, and a missing
parameter stays visible as ``{name}``. Catalogue files are read safely
(:mod:`tabletop.core.files`); a broken file is left out with a logged message
and its keys fall back to English, and a key whose value is not a string is
left out the same way, so one broken file never turns a language into raw
keys. A template that could not be formatted safely (a field such as
``{count:>400000000}`` asking for a huge width, an attribute look-up, a
positional field) is not formatted: the English text is used instead.

Parameters may themselves be :class:`Message` objects (a card name, a zone name),
rendered in the same language, or lists/tuples of them, joined with the
language's ``list.sep``. A key ``<key>_one`` is used instead of ``<key>`` when the
parameter ``n`` equals 1 (singular wording).

>>> set_language("en")
>>> t("log.draws_card", player=msg("seat.0"))
'Player 1 draws a card.'
>>> msg("log.wins", player=msg("seat.1")).render("ja")
'プレイヤー2の勝利です。'
"""

from __future__ import annotations

import logging
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from tabletop import notices
from tabletop.core.files import FileProblem, load_toml
from tabletop.resources import resource_path

__all__ = [
    "DEFAULT_LANGUAGE",
    "CatalogueError",
    "Message",
    "all_strings",
    "get_language",
    "has_text",
    "languages",
    "load_catalogue",
    "msg",
    "placeholders",
    "reload",
    "set_language",
    "t",
]

log = logging.getLogger(__name__)

#: Fallback language; its catalogue is the reference every other one must match.
DEFAULT_LANGUAGE = "en"

_current: str = DEFAULT_LANGUAGE
_warned: set[tuple[str, str]] = set()

#: Widths and precisions above this in a template's format spec are refused: no
#: text of the program needs more, and ``{count:>400000000}`` would allocate
#: hundreds of megabytes.
MAX_FORMAT_NUMBER = 200
_SPEC_NUMBERS = re.compile(r"\d+")


class CatalogueError(ValueError):
    """A catalogue file is malformed (bad TOML, a non-string value, a clash)."""


# --------------------------------------------------------------------------- loading


def _catalogue_dir() -> Path:
    return resource_path("assets", "i18n")


def load_catalogue(path: Path) -> dict[str, str]:
    """Read one catalogue file strictly and return it flattened to dotted keys.

    Raises:
        CatalogueError: the file cannot be read safely (not a regular file, too
            large, not UTF-8, nested too deeply), the TOML is invalid, or a value
            is not a string (the message names the file and the key).
    """
    problems: list[str] = []
    flat = _read_catalogue(path, problems)
    if problems:
        raise CatalogueError(problems[0])
    return flat


def _read_catalogue(path: Path, problems: list[str]) -> dict[str, str]:
    """The string keys of one catalogue file; every problem goes into ``problems``
    (an unreadable file gives no keys, a non-string value leaves out its key)."""
    try:
        data = load_toml(path)
    except FileProblem as exc:
        problems.append(str(exc))
        return {}
    flat: dict[str, str] = {}
    _flatten(data, "", flat, path, problems)
    return flat


def _flatten(table: Mapping[str, Any], prefix: str, out: dict[str, str], path: Path,
             problems: list[str]) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            _flatten(value, f"{key}.", out, path, problems)
        elif isinstance(value, str):
            out[key] = value
        else:
            problems.append(f"{path}: key {key!r} must be a string, "
                            f"got {type(value).__name__}")


def catalogue_files(code: str) -> list[Path]:
    """The files making up one language: ``<code>.toml`` then every ``<part>_<code>.toml``.

    Parts (``arc_en.toml``, ``ui_en.toml``...) let each game and the UI keep
    their own keys without editing one shared file.
    """
    folder = _catalogue_dir()
    return [folder / f"{code}.toml", *sorted(folder.glob(f"*_{code}.toml"))]


def load_language(code: str) -> dict[str, str]:
    """All keys of one language, merged from :func:`catalogue_files`.

    Raises:
        CatalogueError: a file is broken, or two files define the same key.
    """
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for path in catalogue_files(code):
        for key, text in load_catalogue(path).items():
            if key in merged:
                raise CatalogueError(f"{path}: key {key!r} is also defined in {origin[key]}")
            merged[key] = text
            origin[key] = path
    return merged


_registered: dict[str, dict[str, str]] = {}


def register_strings(code: str, strings: Mapping[str, str]) -> None:
    """Add texts that live in data files rather than catalogues (card names).

    Catalogue keys win over registered ones, so a catalogue can correct a name.
    """
    _registered.setdefault(_normalise(code), {}).update(strings)
    _catalogue.cache_clear()


@cache
def _catalogue(code: str) -> dict[str, str]:
    """The texts :func:`t` looks up: the registered ones under the catalogue files'
    (:func:`_file_catalogue`). Made again when strings are registered; the files are
    not read again for that (issue 14: a card set registering its names made every
    start read all the catalogues twice)."""
    return {**_registered.get(code, {}), **_file_catalogue(code)}


@cache
def _file_catalogue(code: str) -> dict[str, str]:
    """Lenient cached loader of one language's catalogue files, file by file and key
    by key: a broken file or value is left out with a logged message (its keys then
    fall back to English), a key defined twice keeps its first text."""
    merged: dict[str, str] = {}
    try:
        files = catalogue_files(code)
    except (FileNotFoundError, OSError) as exc:
        log.error("message catalogue %r unusable: %s", code, exc)
        notices.report(f"Message catalogue {code!r}: {exc} (English is used instead)")
        return merged
    origin: dict[str, Path] = {}
    for path in files:
        problems: list[str] = []
        for key, text in _read_catalogue(path, problems).items():
            if key in origin:
                problems.append(f"{path}: key {key!r} is also defined in {origin[key]}")
                continue
            merged[key] = text
            origin[key] = path
        for problem in problems:
            log.error("message catalogue %r: %s (left out; English is used instead)",
                      code, problem)
            notices.report(f"Message catalogue: {problem} (left out; English is used "
                           f"instead)")
    return merged


def reload() -> None:
    """Forget the cached catalogues (after editing the TOML files or in tests)."""
    _file_catalogue.cache_clear()
    _catalogue.cache_clear()
    _warned.clear()


# --------------------------------------------------------------------------- language


def languages() -> list[str]:
    """Return the available language codes (catalogue file stems), English first."""
    try:
        codes = sorted(p.stem for p in _catalogue_dir().glob("*.toml") if "_" not in p.stem)
    except FileNotFoundError:
        return [DEFAULT_LANGUAGE]
    return sorted(codes, key=lambda c: (c != DEFAULT_LANGUAGE, c))


def _normalise(code: str) -> str:
    return code.strip().replace("-", "_").split("_")[0].lower()


def set_language(code: str) -> None:
    """Make ``code`` the current language. ``"ja_JP"`` and ``"ja-JP"`` mean ``"ja"``.

    Raises:
        ValueError: no catalogue exists for that language.
    """
    global _current
    norm = _normalise(code)
    if norm not in languages():
        raise ValueError(f"unknown language {code!r}; available: {', '.join(languages())}")
    _current = norm


def get_language() -> str:
    """Return the current language code."""
    return _current


def all_strings(lang: str) -> dict[str, str]:
    """Return a copy of the whole catalogue of ``lang`` (dotted key -> template).

    Raises:
        ValueError: no catalogue exists for that language.
        CatalogueError: the catalogue is malformed.
    """
    norm = _normalise(lang)
    if norm not in languages():
        raise ValueError(f"unknown language {lang!r}")
    return load_language(norm)


def placeholders(template: str) -> set[str]:
    """Return the placeholder names used in ``template`` (``"{a} {b:d}"`` -> {a, b})."""
    names: set[str] = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


# --------------------------------------------------------------------------- rendering


class _Params(dict[str, Any]):
    """Mapping for ``format_map`` that leaves unknown placeholders visible."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


@lru_cache(maxsize=4096)
def _format_problem(template: str) -> str:
    """Why ``template`` cannot be formatted safely ("" when it can): only named fields,
    no attribute or index look-ups, no nested fields, no huge widths or precisions."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        return str(exc)
    for _, field, spec, _conversion in parts:
        if field is None:
            continue
        if not field.isidentifier():
            return f"field {{{field}}} is not a plain name"
        if spec and "{" in spec:
            return f"field {{{field}}} has a nested field in its format"
        if spec and any(int(n) > MAX_FORMAT_NUMBER for n in _SPEC_NUMBERS.findall(spec)):
            return f"field {{{field}:{spec[:20]}}} asks for more than {MAX_FORMAT_NUMBER}"
    return ""


def _template(key: str, lang: str) -> str | None:
    text = _catalogue(lang).get(key)
    if text is not None and lang != DEFAULT_LANGUAGE and _format_problem(text):
        if (lang, key) not in _warned:
            _warned.add((lang, key))
            log.warning("message %r in %r cannot be formatted safely (%s), using English",
                        key, lang, _format_problem(text))
        text = None
    if text is None and lang != DEFAULT_LANGUAGE:
        text = _catalogue(DEFAULT_LANGUAGE).get(key)
        if text is not None and (lang, key) not in _warned:
            _warned.add((lang, key))
            log.warning("message %r missing in %r, using English", key, lang)
    return text


def _render_value(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, list | tuple):
        sep = _template("list.sep", lang) or ", "
        return sep.join(str(_render_value(v, lang)) for v in value)
    return value


def _translate(key: str, lang: str, params: Mapping[str, Any]) -> str:
    template = None
    if params.get("n") == 1:
        template = _template(f"{key}_one", lang)
    if template is None:
        template = _template(key, lang)
    if template is None:
        if (lang, key) not in _warned:
            _warned.add((lang, key))
            log.warning("message %r missing in every catalogue", key)
        return key
    problem = _format_problem(template)
    if problem:  # not even the English text formats safely: show it unformatted
        if (DEFAULT_LANGUAGE, key) not in _warned:
            _warned.add((DEFAULT_LANGUAGE, key))
            log.warning("message %r cannot be formatted safely: %s", key, problem)
        return template
    values = _Params({name: _render_value(v, lang) for name, v in params.items()})
    try:
        return template.format_map(values)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError) as exc:
        log.warning("message %r in %r failed to format: %s", key, lang, exc)
        return template


def has_text(key: str, lang: str | None = None) -> bool:
    """Does ``key`` have a text in ``lang`` (default: the current one) or in English?

    For callers that pick between a specific and a general wording (an option's
    own name, else a shared one) instead of showing a raw key. Never raises.
    """
    return _template(key, _normalise(lang) if lang else _current) is not None


def t(key: str, /, **params: Any) -> str:
    """Return the text of ``key`` in the current language with ``params`` filled in.

    Never raises: see the module docstring for the fallbacks.
    """
    return _translate(key, _current, params)


# --------------------------------------------------------------------------- Message

#: Parameter values stored as they are (no freezing needed).
_SCALARS: frozenset[type] = frozenset({str, int, float, bool, type(None)})


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Mapping):
        raise TypeError("Message parameters cannot be mappings; use a nested Message")
    return value


@dataclass(frozen=True, slots=True)
class Message:
    """A translatable text kept as data: a key and its parameters.

    Rules code and the game log keep :class:`Message` objects, not strings, so
    the text follows the language the viewer picks. Instances are hashable and
    convert to and from JSON-friendly dicts (:meth:`to_dict`, :meth:`from_dict`).

    ``params`` is a tuple of ``(name, value)`` pairs sorted by name; values are
    scalars, nested messages, or tuples of those. Build with :func:`msg`.
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.key, str):
            raise TypeError(f"Message key must be a str, got {type(self.key).__name__}")
        params = self.params
        if not params:
            object.__setattr__(self, "params", ())
            return
        pairs = params.items() if isinstance(params, Mapping) else params
        # the rules build millions of messages in a search: skip _freeze for scalars
        frozen = [(k, v) if type(k) is str and (type(v) in _SCALARS or type(v) is Message)
                  else (str(k), _freeze(v)) for k, v in pairs]
        frozen.sort()
        object.__setattr__(self, "params", tuple(frozen))

    def render(self, lang: str | None = None) -> str:
        """Return the text in ``lang`` (default: the current language)."""
        return _translate(self.key, _normalise(lang) if lang else _current, dict(self.params))

    def __str__(self) -> str:
        return self.render()

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-friendly dict; nested messages become ``{"key", "params"}`` dicts."""
        def enc(v: Any) -> Any:
            if isinstance(v, Message):
                return v.to_dict()
            if isinstance(v, tuple):
                return [enc(x) for x in v]
            return v
        return {"key": self.key, "params": {k: enc(v) for k, v in self.params}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        """Rebuild a message written by :meth:`to_dict`."""
        def dec(v: Any) -> Any:
            if isinstance(v, Mapping):
                return cls.from_dict(v)
            if isinstance(v, list):
                return tuple(dec(x) for x in v)
            return v
        return cls(str(data["key"]), tuple((k, dec(v)) for k, v in data.get("params", {}).items()))


def msg(key: str, /, **params: Any) -> Message:
    """Build a :class:`Message`: ``msg("log.plays", player=msg("seat.0"), card=...)``."""
    # The rules build a message for every log line, in every playout (issue 14): the
    # common shapes are made here as the constructor would make them, without its checks.
    if type(key) is str:
        if not params:
            return _bare_message(key)
        pairs: list[tuple[str, Any]] = []
        for name, value in params.items():
            kind = type(value)
            if kind in _SCALARS or kind is Message:
                pairs.append((name, value))
            elif (kind is list or kind is tuple) and all(
                    type(v) in _SCALARS or type(v) is Message for v in value):
                pairs.append((name, tuple(value)))  # what _freeze makes of it
            else:
                break
        else:
            pairs.sort()
            return _made(key, tuple(pairs))
    return Message(key, tuple(params.items()))


def _made(key: str, params: tuple[tuple[str, Any], ...]) -> Message:
    # params already frozen and sorted by name
    made: Message = object.__new__(Message)
    object.__setattr__(made, "key", key)
    object.__setattr__(made, "params", params)
    return made


@lru_cache(maxsize=4096)
def _bare_message(key: str) -> Message:
    # a message is a value: one per key does for every card and seat name
    return _made(key, ())
