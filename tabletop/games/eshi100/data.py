"""絵師100人展's own bookkeeping as one typed value (:class:`EshiData`), and its closed
vocabularies.

What the rules remember beyond cards and zones (a grid card's square is its
``counters["square"]``, its state its face) lives in one :class:`EshiData` stored in
``state.data`` under :data:`KEY` and read through :func:`eshi_data` (a misspelt
field is a type error, not a silent default):

* ``attack``: the attack waiting for its defence (:class:`PendingAttack`), or None;
* ``actives``: card effects in force for a while (power modifiers until the end of
  the combat or turn, while their source stays on the grid, for N turns;
  :class:`~tabletop.core.abilities.Active`);
* ``queue`` / ``choosing`` / ``then``: triggered card abilities waiting to resolve,
  the one waiting for its target (the ``target`` decision) and what the turn does
  once they are all done (:mod:`tabletop.games.eshi100.triggers`).

Scenario positions keep writing ``[position.data] attack = { attacker = "$label" }``:
:meth:`EshiData.from_position` converts it on load and :meth:`EshiData.to_json`
writes the same shape back. Phases, steps and decision kinds are
:class:`~enum.StrEnum` members, equal to the strings saves and scenarios use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core.abilities import Active
from tabletop.core.model import GameState, Word, game_data
from tabletop.core.position import PositionError, resolve_labels

#: ``state.data`` key of the :class:`EshiData`.
KEY = "eshi100"


class Phase(Word):
    """The phases of a turn (seed: ターン(自分の手番)の進行), in order."""

    PREPARE = "prepare"
    ACTION = "action"
    CHALLENGE = "challenge"
    END = "end"


class Step(Word):
    """What a phase waits for (``state.step``): nothing, or the decision it asked."""

    NONE = ""
    RECOVER = "recover"
    DEFEND = "defend"
    COUNTER = "counter"
    HAND_LIMIT = "hand_limit"
    TARGET = "target"


class DecisionKind(Word):
    """What a pending decision asks (``Decision.kind``)."""

    RECOVER = "recover"
    DEFEND = "defend"
    COUNTER = "counter"
    HAND_LIMIT = "hand_limit"
    TARGET = "target"


class Resume(Word):
    """What the turn does once the triggered abilities of a moment are resolved
    (:func:`tabletop.games.eshi100.triggers.resume`)."""

    CHALLENGE = "challenge"  # after a placing or a judged attack: the challenge phase
    DEFENCE = "defence"  # after an attack's on_attack abilities: ask the defender
    JUDGE = "judge"  # after a defence's on_defend abilities: judge the attack
    RECOVER = "recover"  # after start_of_turn abilities: the optional recovery
    COUNTER = "counter"  # after on_challenge abilities: ask for a counter
    COUNTERED = "countered"  # after on_counter abilities: the challenge fails


@dataclass(frozen=True)
class PendingAttack:
    """An attack declared with ``use``: ``attacker`` of ``seat``, waiting for the
    defender; ``defender`` is the defence card once one is used (None: none yet).
    ``attacker_connect`` / ``defender_connect``: each card's connect as it was used,
    before its payment damaged it (a card's "its connect" in this battle)."""

    attacker: int
    seat: int
    defender: int | None = None
    attacker_connect: frozenset[int] = frozenset()
    defender_connect: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Queued:
    """A triggered ability waiting to resolve: ability ``index`` of the card
    ``source``, owned by ``seat``."""

    source: int
    index: int
    seat: int


@dataclass
class EshiData:
    """絵師100人展's bookkeeping (see the module docstring)."""

    attack: PendingAttack | None = None
    actives: tuple[Active, ...] = ()
    queue: tuple[Queued, ...] = ()
    choosing: Queued | None = None
    then: Resume | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain values, in the ``[position.data]`` shape."""
        return {} if self.attack is None else {"attack": {"attacker": self.attack.attacker}}

    @classmethod
    def from_position(cls, raw: Mapping[str, Any], labels: Mapping[str, int],
                      state: GameState) -> EshiData:
        """The bookkeeping a position's ``[position.data]`` gives (see the module
        docstring; the attacker's seat is its owner). Raises PositionError naming an
        unknown field."""
        unknown = sorted(set(raw) - {"attack"})
        if unknown:
            raise PositionError(f"field 'position.data.{unknown[0]}': unknown field")
        attack = raw.get("attack")
        if not isinstance(attack, Mapping) or "attacker" not in attack:
            return cls()
        attacker = int(resolve_labels(attack["attacker"], labels))
        return cls(PendingAttack(attacker, state.cards[attacker].owner))


def eshi_data(state: GameState) -> EshiData:
    """The :class:`EshiData` of a 絵師100人展 state (a fresh one for a state set up
    without it)."""
    return game_data(state, KEY, EshiData)


def pending_attack(state: GameState) -> PendingAttack | None:
    """The attack waiting for its defence, or None."""
    return eshi_data(state).attack
