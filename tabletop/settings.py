"""Settings that stay between runs: language, window, UI scale, pace, sleeves, seats.

One JSON file per user (:func:`tabletop.userdirs.settings_path`), written atomically
with :func:`tabletop.core.persistence.write_json_atomic`. Reading never raises: a file
that is missing gives the defaults silently; a file that cannot be read or parsed
gives the defaults with a message; a field that is missing keeps its default and a
field that is invalid falls back to its default alone, the others kept, with one
message naming the file and every bad field (issue 16, "fall back with a message").

File shape (every field optional)::

    {"format": 1, "language": "ja", "window_size": [1600, 900], "fullscreen": false,
     "ui_scale": 1.25, "animation_speed": "fast", "free_mode": false,
     "computer": [null, "normal"], "sleeves": ["blue", "red"]}

``computer`` holds, per seat, the computer's level (:class:`~tabletop.core.seat_player.Level`)
or null for a person at that seat. The rule documents suggest the two players' cards
wear different sleeves so they are not mixed up; :class:`Sleeve` colours are drawn on
each seat's card backs.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from tabletop import userdirs
from tabletop.core.persistence import SaveError, write_json_atomic
from tabletop.core.seat_player import Level
from tabletop.i18n import Message, msg

__all__ = ["FORMAT", "MAX_WINDOW", "MIN_WINDOW", "UI_SCALE_RANGE", "UI_SCALE_STEPS",
           "AnimationSpeed", "Language", "Settings", "SettingsError", "Sleeve",
           "KEPT_BROKEN", "broken_name", "load_settings", "reset_settings", "save_settings",
           "settings_data"]

#: Version of the file's shape; a file of a newer format is read field by field all
#: the same (unknown fields are ignored), so an older program still starts.
FORMAT = 1

#: Smallest and largest remembered window, in pixels (the app's own minimum is 800x500).
MIN_WINDOW = (800, 500)
MAX_WINDOW = (7680, 4320)

#: The UI scale's bounds (a factor on the size the window gives, 1.0 = as the window says).
UI_SCALE_RANGE = (0.75, 2.0)
#: The scale's steps offered by the settings screen (every one within the range).
UI_SCALE_STEPS = (0.75, 0.875, 1.0, 1.125, 1.25, 1.5, 1.75, 2.0)


class Language(StrEnum):
    """The program's languages (the catalogues ``assets/i18n/<code>.toml``)."""

    EN = "en"
    JA = "ja"


class AnimationSpeed(StrEnum):
    """How fast cards glide (the computer's moves, the table's slides)."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"

    @property
    def factor(self) -> float:
        """Multiplier on every glide's duration (seconds): 1.6 slow, 1 normal, 0.5 fast."""
        return _SPEED_FACTORS[self]


_SPEED_FACTORS = {AnimationSpeed.SLOW: 1.6, AnimationSpeed.NORMAL: 1.0,
                  AnimationSpeed.FAST: 0.5}


class Sleeve(StrEnum):
    """A sleeve colour, drawn on the backs of one seat's cards."""

    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    PURPLE = "purple"
    ORANGE = "orange"
    BLACK = "black"
    WHITE = "white"

    @property
    def rgb(self) -> tuple[int, int, int]:
        """The sleeve's colour as 0-255 RGB (chosen to tell apart on a projector)."""
        return _SLEEVE_RGB[self]


_SLEEVE_RGB = {
    Sleeve.BLUE: (46, 84, 160),
    Sleeve.RED: (160, 44, 48),
    Sleeve.GREEN: (40, 120, 64),
    Sleeve.PURPLE: (104, 56, 140),
    Sleeve.ORANGE: (204, 110, 30),
    Sleeve.BLACK: (34, 34, 38),
    Sleeve.WHITE: (226, 226, 220),
}


@dataclass(frozen=True)
class Settings:
    """The remembered settings (see the module docstring for the file).

    ``window_size`` is (width, height) in pixels, within MIN_WINDOW..MAX_WINDOW;
    ``ui_scale`` a factor within UI_SCALE_RANGE on the window's own scale;
    ``computer`` per seat the computer's level or None (a person); ``free_mode`` the
    menu's default for a new game (False: strict, the rules enforced); ``sleeves``
    per seat, two different colours by default.
    """

    language: Language = Language.EN
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: AnimationSpeed = AnimationSpeed.NORMAL
    free_mode: bool = False
    computer: tuple[Level | None, Level | None] = (None, None)
    sleeves: tuple[Sleeve, Sleeve] = field(default=(Sleeve.BLUE, Sleeve.RED))

    def __post_init__(self) -> None:
        problems = [f"{name}: {why}" for name, why in _field_problems(self)]
        if problems:
            raise SettingsError("; ".join(problems))

    def with_computer(self, seat: int, level: Level | None) -> Settings:
        """A copy with ``seat``'s computer level (None: a person)."""
        seats = list(self.computer)
        seats[seat] = level
        return replace(self, computer=(seats[0], seats[1]))

    def with_sleeve(self, seat: int, sleeve: Sleeve) -> Settings:
        """A copy with ``seat``'s sleeve; the other seat's sleeve swaps with it when
        they would be the same (sleeves tell the two players' cards apart)."""
        sleeves = list(self.sleeves)
        if sleeves[1 - seat] == sleeve:
            sleeves[1 - seat] = sleeves[seat]
        sleeves[seat] = sleeve
        return replace(self, sleeves=(sleeves[0], sleeves[1]))


class SettingsError(ValueError):
    """A :class:`Settings` built with a value out of its range or vocabulary (code
    error; files never raise it, see :func:`load_settings`)."""


# --------------------------------------------------------------------------- checks


def _field_problems(s: Settings) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not isinstance(s.language, Language):
        out.append(("language", "not a Language"))
    w, h = s.window_size
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        out.append(("window_size", f"{w}x{h} outside {_range_text()}"))
    if not UI_SCALE_RANGE[0] <= s.ui_scale <= UI_SCALE_RANGE[1]:
        out.append(("ui_scale", f"{s.ui_scale} outside {UI_SCALE_RANGE[0]}-{UI_SCALE_RANGE[1]}"))
    if len(s.computer) != 2:
        out.append(("computer", "expected two seats"))
    if len(s.sleeves) != 2:
        out.append(("sleeves", "expected two seats"))
    return out


def _range_text() -> str:
    return f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}-{MAX_WINDOW[0]}x{MAX_WINDOW[1]}"


class _Bad(Exception):
    """One field's value cannot be used (the reason in plain words)."""


def _language(v: Any) -> Language:
    return Language(_text(v).lower().replace("-", "_").split("_")[0])


def _text(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad(f"expected a text, got {_kind(v)}")
    return v


def _choice(enum: type[Any], v: Any) -> Any:
    try:
        return enum(_text(v).strip().lower())
    except ValueError:
        raise _Bad(f"{v!r} is not one of {', '.join(e.value for e in enum)}") from None


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad(f"expected true or false, got {_kind(v)}")
    return v


def _window_size(v: Any) -> tuple[int, int]:
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in v)):
        raise _Bad("expected [width, height] in pixels")
    w, h = v
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise _Bad(f"{w}x{h} is outside {_range_text()}")
    return (w, h)


def _ui_scale(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise _Bad(f"expected a number, got {_kind(v)}")
    if not UI_SCALE_RANGE[0] <= v <= UI_SCALE_RANGE[1]:
        raise _Bad(f"{v} is outside {UI_SCALE_RANGE[0]}-{UI_SCALE_RANGE[1]}")
    return float(v)


def _computer(v: Any) -> tuple[Level | None, Level | None]:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad("expected [seat 1, seat 2], each a level or null")
    a, b = (None if x is None else _choice(Level, x) for x in v)
    return (a, b)


def _sleeves(v: Any) -> tuple[Sleeve, Sleeve]:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad("expected [seat 1, seat 2], two colours")
    a, b = (_choice(Sleeve, x) for x in v)
    if a == b:
        raise _Bad(f"both seats wear {a.value}: the two players' sleeves must differ")
    return (a, b)


def _kind(v: Any) -> str:
    return "null" if v is None else type(v).__name__


_READERS: dict[str, Any] = {
    "language": lambda v: _language_ok(v),
    "window_size": _window_size,
    "fullscreen": _bool,
    "ui_scale": _ui_scale,
    "animation_speed": lambda v: _choice(AnimationSpeed, v),
    "free_mode": _bool,
    "computer": _computer,
    "sleeves": _sleeves,
}


def _language_ok(v: Any) -> Language:
    try:
        return _language(v)
    except ValueError:
        raise _Bad(f"{v!r} is not one of {', '.join(e.value for e in Language)}") from None


# --------------------------------------------------------------------------- files


def settings_data(settings: Settings) -> dict[str, Any]:
    """The JSON-ready dict of ``settings`` (the file's shape, with ``format``)."""
    data = asdict(settings)
    data["window_size"] = list(settings.window_size)
    data["computer"] = [None if lv is None else lv.value for lv in settings.computer]
    data["sleeves"] = [s.value for s in settings.sleeves]
    data = {k: (v.value if isinstance(v, StrEnum) else v) for k, v in data.items()}
    return {"format": FORMAT, **data}


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, Message | None]:
    """Read the settings file (default :func:`tabletop.userdirs.settings_path`).

    Returns (settings, message): ``message`` is None when the file is missing or
    every field is good; otherwise ``settings.broken_file`` (the whole file unusable:
    every default) or ``settings.bad_fields`` (the named fields fell back to their
    defaults, the rest kept), each naming the file. Never raises.
    """
    where = Path(path) if path is not None else userdirs.settings_path()
    defaults = Settings()
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        return defaults, None
    except (OSError, UnicodeDecodeError) as exc:
        return defaults, _broken(where, "settings.problem.unreadable",
                                 reason=getattr(exc, "strerror", None) or str(exc))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return defaults, _broken(where, "settings.problem.not_json", reason=str(exc))
    if not isinstance(data, dict):
        return defaults, _broken(where, "settings.problem.not_object", reason=_kind(data))
    values: dict[str, Any] = {}
    bad: list[str] = []
    for name, read in _READERS.items():
        if name not in data:
            continue
        try:
            values[name] = read(data[name])
        except _Bad as exc:
            bad.append(f"{name} ({exc})")
    settings = replace(defaults, **values)
    if not bad:
        return settings, None
    return settings, msg("settings.bad_fields", file=str(where), fields=", ".join(bad))


#: How many unusable settings files are kept aside (``.broken``, ``.broken.2``, ...).
KEPT_BROKEN = 20


def broken_name(where: Path) -> Path:
    """Where an unusable settings file ``where`` is kept: ``<name>.broken``, or when
    that holds an earlier one, the first free ``<name>.broken.2``, ``.broken.3`` ...
    (QA16b #16: a second broken file used to overwrite the first one's copy); the
    last of :data:`KEPT_BROKEN` once all are taken."""
    names = [where.with_name(where.name + ".broken")]
    names += [where.with_name(f"{where.name}.broken.{n}") for n in range(2, KEPT_BROKEN + 1)]
    return next((name for name in names if not os.path.lexists(name)), names[-1])


def _broken(where: Path, problem: str, reason: str) -> Message:
    """The message of an unusable file, which is moved aside (:func:`broken_name`, kept
    for the player to look at) so the next start is quiet; left where it is when it
    cannot be moved."""
    aside = broken_name(where)
    try:
        os.replace(where, aside)
    except OSError:
        return msg("settings.broken_file", file=str(where), problem=msg(problem, reason=reason))
    return msg("settings.broken_file_kept", file=str(where), kept=str(aside),
               problem=msg(problem, reason=reason))


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write ``settings`` to ``path`` (default :func:`tabletop.userdirs.settings_path`)
    atomically; returns the path. Raises SaveError (wrapping OSError) when the folder
    cannot be written (a read-only stick): callers tell the player and carry on."""
    where = Path(path) if path is not None else userdirs.settings_path()
    return write_json_atomic(settings_data(settings), where)


def reset_settings(path: str | os.PathLike[str] | None = None) -> Settings:
    """Forget the remembered settings (remove the file; ``--reset-settings``) and return
    the defaults. Raises SaveError when the file exists but cannot be removed."""
    where = Path(path) if path is not None else userdirs.settings_path()
    try:
        where.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(where, "", f"could not remove the settings: {exc.strerror or exc}") from exc
    return Settings()
