"""Arc's own bookkeeping as one typed value (:class:`ArcData`), and its closed vocabularies.

Everything the Arc rules remember beyond cards and zones lives in one
:class:`ArcData` stored in ``state.data`` under :data:`KEY` and read through
:func:`arc_data` (a misspelt field is a type error, not a silent default):

* ``mulligan_queue``: the seats still to be asked whether to mulligan (ARC-R3);
* ``turn``: what holds for the current turn only (:class:`TurnData`), replaced as
  one object when a turn starts;
* ``combat``: the combat in progress (:class:`Combat`, ARC-R5), or None;
* ``actives``: the effects of abilities in force (:class:`~tabletop.core.abilities.Active`:
  power changes, cannot be blocked, cannot block), ended at the end of the combat or
  turn or when their source or target leaves play (:mod:`tabletop.games.arc.effects`).

Scenario positions keep writing plain ``[position.data]`` keys
(``resource_played``, ``combat = { attackers, blocks, mods, answered }``, labels
allowed): :meth:`ArcData.from_position` converts them on load (each ``mods`` pair
``[card, delta]`` is a power change until the end of the combat, an
:class:`~tabletop.core.abilities.Active`) and :meth:`ArcData.to_json` writes the same
shape back. Phases, steps and decision
kinds are :class:`~enum.StrEnum` members, equal to the strings saves and
scenarios use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.abilities import Active, Duration, Lasting, Use
from tabletop.core.model import GameState, Word, game_data
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

    ``blocks`` are (blocker, attacker) pairs, ``answered`` the seats that played or
    passed a combat card. The combat cards' power changes are effects in force
    (``ArcData.actives``, until the end of the combat).
    """

    attackers: tuple[int, ...]
    blocks: tuple[tuple[int, int], ...] = ()
    answered: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``[position.data] combat`` shape (plain lists; ``mods`` is added by
        :meth:`ArcData.to_json`)."""
        return {"attackers": list(self.attackers),
                "blocks": [list(p) for p in self.blocks],
                "answered": list(self.answered)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any], labels: Mapping[str, int]) -> Combat:
        """Inverse of :meth:`to_json`; ``"$label"`` strings name labelled cards."""
        return cls(
            tuple(int(i) for i in resolve_labels(list(raw.get("attackers", [])), labels)),
            tuple((int(b), int(a)) for b, a in
                  (resolve_labels(list(p), labels) for p in raw.get("blocks", []))),
            tuple(int(s) for s in raw.get("answered", [])),
        )


#: How long a combat card's power change lasts (ARC-R5: this combat).
UNTIL_END_OF_COMBAT = Lasting(Duration.END_OF_COMBAT)


def combat_power_change(target: int, delta: int, source: int = -1, owner: int = 0) -> Active:
    """A power change of ``delta`` on ``target`` until the end of the combat (a
    position's ``mods`` pair): a ``pump`` of +delta or a ``weaken`` of -delta."""
    effect = Use("pump", {"n": delta}) if delta >= 0 else Use("weaken", {"n": -delta})
    return Active.start(source, owner, effect, (target,), UNTIL_END_OF_COMBAT)


def _mods(actives: tuple[Active, ...]) -> list[list[int]]:
    sign = {"pump": 1, "weaken": -1}
    return [[t, sign[a.effect.word] * a.effect.number("n")] for a in actives
            if a.effect.word in sign and a.lasting == UNTIL_END_OF_COMBAT for t in a.targets]


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
    actives: tuple[Active, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain values, in the ``[position.data]`` shape (effects in force other than a
        combat's power changes are not part of that shape)."""
        out: dict[str, Any] = {"resource_played": self.turn.resource_played}
        if self.mulligan_queue:
            out["mulligan_queue"] = list(self.mulligan_queue)
        if self.combat is not None:
            out["combat"] = {**self.combat.to_json(), "mods": _mods(self.actives)}
        return out

    @classmethod
    def from_position(cls, raw: Mapping[str, Any], labels: Mapping[str, int]) -> ArcData:
        """The bookkeeping a position's ``[position.data]`` gives (see the module
        docstring). Raises PositionError naming an unknown field."""
        unknown = sorted(set(raw) - {"resource_played", "combat", "mulligan_queue"})
        if unknown:
            raise PositionError(f"field 'position.data.{unknown[0]}': unknown field")
        combat = raw.get("combat")
        mods = combat.get("mods", []) if isinstance(combat, Mapping) else []
        actives = tuple(combat_power_change(int(i), int(d)) for i, d in
                        (resolve_labels(list(p), labels) for p in mods))
        return cls(tuple(int(s) for s in raw.get("mulligan_queue", ())),
                   TurnData(bool(raw.get("resource_played", False))),
                   Combat.from_json(combat, labels) if isinstance(combat, Mapping) else None,
                   actives)


def arc_data(state: GameState) -> ArcData:
    """The :class:`ArcData` of an Arc state (a fresh one for a state set up without it)."""
    return game_data(state, KEY, ArcData)


def current_combat(state: GameState) -> Combat | None:
    """The combat in progress, or None."""
    return arc_data(state).combat
