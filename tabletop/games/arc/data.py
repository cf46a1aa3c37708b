"""Arc's own bookkeeping as one typed value (:class:`ArcData`), and its closed vocabularies.

Everything the Arc rules remember beyond cards and zones lives in one
:class:`ArcData` stored in ``state.data`` under :data:`KEY` and read through
:func:`arc_data` (a misspelt field is a type error, not a silent default):

* ``mulligan_queue``: the seats still to be asked whether to mulligan (ARC-R3);
* ``turn``: what holds for the current turn only (:class:`TurnData`), replaced as
  one object when a turn starts;
* ``combat``: the combat in progress (:class:`Combat`, ARC-R5), or None.

Scenario positions keep writing plain ``[position.data]`` keys
(``resource_played``, ``combat = { attackers, blocks, mods, answered }``, labels
allowed): :meth:`ArcData.from_position` converts them on load and
:meth:`ArcData.to_json` writes the same shape back. Phases, steps and decision
kinds are :class:`~enum.StrEnum` members, equal to the strings saves and
scenarios use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.actions import Decision
from tabletop.core.model import GameState, Word
from tabletop.core.position import PositionError, resolve_labels

#: ``state.data`` key of the :class:`ArcData`.
KEY = "arc"


class Phase(Word):
    """The phases of an Arc turn (seed: ターンの進行), in order."""

    UNTAP = "untap"
    DRAW = "draw"
    RESOURCE = "resource"
    MAIN = "main"
    ATTACK = "attack"
    END = "end"


class Step(Word):
    """Steps inside the attack phase (``state.step``, ARC-R5)."""

    DECLARE = ""
    BLOCK = "block"
    COMBAT_CARD = "combat_card"


class DecisionKind(Word):
    """What a pending Arc decision asks (``Decision.kind``)."""

    MULLIGAN = "mulligan"
    BLOCKERS = "blockers"
    COMBAT_CARD = "combat_card"


@dataclass(frozen=True)
class Combat:
    """One combat (one ``attack`` declaration, ARC-R5).

    ``blocks`` are (blocker, attacker) pairs, ``mods`` (combatant, power delta) of
    the combat cards played, ``answered`` the seats that played or passed a combat card.
    """

    attackers: tuple[int, ...]
    blocks: tuple[tuple[int, int], ...] = ()
    mods: tuple[tuple[int, int], ...] = ()
    answered: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``[position.data] combat`` shape (plain lists)."""
        return {"attackers": list(self.attackers),
                "blocks": [list(p) for p in self.blocks],
                "mods": [list(p) for p in self.mods],
                "answered": list(self.answered)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any], labels: Mapping[str, int]) -> Combat:
        """Inverse of :meth:`to_json`; ``"$label"`` strings name labelled cards."""
        return cls(
            tuple(int(i) for i in resolve_labels(list(raw.get("attackers", [])), labels)),
            tuple((int(b), int(a)) for b, a in
                  (resolve_labels(list(p), labels) for p in raw.get("blocks", []))),
            tuple((int(i), int(d)) for i, d in
                  (resolve_labels(list(p), labels) for p in raw.get("mods", []))),
            tuple(int(s) for s in raw.get("answered", [])),
        )


@dataclass(frozen=True)
class TurnData:
    """What holds for the current turn only; a new one starts each turn."""

    #: This turn's resource is in play (one per turn, seed: 1ターンに 1回のみ).
    resource_played: bool = False


@dataclass
class ArcData:
    """Arc's bookkeeping (see the module docstring)."""

    mulligan_queue: tuple[int, ...] = ()
    turn: TurnData = field(default_factory=TurnData)
    combat: Combat | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain values, in the ``[position.data]`` shape."""
        out: dict[str, Any] = {"resource_played": self.turn.resource_played}
        if self.mulligan_queue:
            out["mulligan_queue"] = list(self.mulligan_queue)
        if self.combat is not None:
            out["combat"] = self.combat.to_json()
        return out

    @classmethod
    def from_position(cls, raw: Mapping[str, Any], labels: Mapping[str, int]) -> ArcData:
        """The bookkeeping a position's ``[position.data]`` gives (see the module
        docstring). Raises PositionError naming an unknown field."""
        unknown = sorted(set(raw) - {"resource_played", "combat", "mulligan_queue"})
        if unknown:
            raise PositionError(f"field 'position.data.{unknown[0]}': unknown field")
        combat = raw.get("combat")
        return cls(tuple(int(s) for s in raw.get("mulligan_queue", ())),
                   TurnData(bool(raw.get("resource_played", False))),
                   Combat.from_json(combat, labels) if isinstance(combat, Mapping) else None)


def arc_data(state: GameState) -> ArcData:
    """The :class:`ArcData` of an Arc state (a fresh one for a state set up without it)."""
    data = state.data.get(KEY)
    if not isinstance(data, ArcData):
        data = state.data[KEY] = ArcData()
    return data


def current_combat(state: GameState) -> Combat | None:
    """The combat in progress, or None."""
    return arc_data(state).combat


def pending_decision(state: GameState) -> Decision | None:
    """The decision the rules wait for, typed."""
    pending = state.pending
    return pending if isinstance(pending, Decision) else None
