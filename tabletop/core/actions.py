"""What players propose and what the rules answer: actions, verdicts, decisions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.messages import Message, msg


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Action:
    """A move proposed by a seat.

    ``kind`` names the move in the game's own terms (``"play_card"``,
    ``"attack"``, ``"decide"``...). ``args`` holds JSON-like values (ints,
    strings and lists of them) as a sorted tuple of pairs, so actions are
    hashable and compare by value. Build them with :meth:`make`.
    """

    kind: str
    seat: int
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, seat: int, **args: Any) -> Action:
        """Build an action from keyword arguments (lists become tuples)."""
        return cls(kind, seat, tuple(sorted((k, _freeze(v)) for k, v in args.items())))

    def get(self, name: str, default: Any = None) -> Any:
        """The argument ``name``, or ``default``."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """A plain dict: ``{"kind": str, "seat": int, "args": {...}}``."""
        return {"kind": self.kind, "seat": self.seat, "args": {k: _thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Inverse of :meth:`to_json`. Raises ValueError on a malformed dict."""
        if not isinstance(data, dict):
            raise ValueError("an action must be a table/object")
        kind, seat, args = data.get("kind"), data.get("seat"), data.get("args", {})
        if not isinstance(kind, str) or not kind:
            raise ValueError("field 'kind': expected a non-empty string")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            raise ValueError("field 'seat': expected 0 or 1")
        if not isinstance(args, dict):
            raise ValueError("field 'args': expected a table/object")
        return cls.make(kind, seat, **args)


@dataclass(frozen=True)
class Verdict:
    """The rules' answer to an action: legal, or refused with a stable reason.

    ``reason`` is a stable code (e.g. ``"arc.cost_unpayable"``) that tests and
    scenario files assert on; ``message`` is the translatable plain-words
    explanation; ``rule`` cites the rule or ruling id (e.g. ``"ARC-R4"``).
    """

    ok: bool
    reason: str = ""
    message: Message | None = None
    rule: str = ""

    @classmethod
    def legal(cls) -> Verdict:
        """A legal verdict."""
        return cls(True)

    @classmethod
    def refuse(cls, reason: str, rule: str = "", **params: Any) -> Verdict:
        """A refusal whose message key is ``"refusal." + reason``."""
        return cls(False, reason, msg("refusal." + reason, **params), rule)

    def __bool__(self) -> bool:
        return self.ok


LEGAL = Verdict(True)


@dataclass(frozen=True)
class Decision:
    """The rules waiting for one seat to choose (blockers, mulligan, a target...).

    ``options`` are stable option ids; the seat answers with
    ``Action.make("decide", seat, choice=[...])`` picking between ``min_count``
    and ``max_count`` of them (the game may add constraints, e.g. each blocker
    once). The UI and the bots answer the same way.
    """

    seat: int
    kind: str
    prompt: Message
    options: tuple[str, ...] = ()
    min_count: int = 1
    max_count: int = 1
