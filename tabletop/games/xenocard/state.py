"""Xenocard's bookkeeping as one typed value, and the closed vocabularies as enums.

Everything the rules keep beside the cards lives in one :class:`XenoData` under
``state.data["xenocard"]`` (read and written through :func:`xeno`, so a misspelt
field is a type error, not a silent default):

* ``slots``: instance id -> the slot name it was put on (read against the zone the
  card really lies in, :func:`~tabletop.games.xenocard.zones.slot_map`);
* ``equipped``: weapon instance id -> holder instance id, oldest first (XENO-R7);
* ``mulligans`` (seat -> mulligans taken) and ``mulligan_queue`` (the seats still
  to be asked, XENO-R2);
* ``this_turn``: what the turn has used up (:class:`TurnScoped`, XENO-R6, XENO-H2),
  one frozen value replaced as a whole when a turn starts;
* ``battle``: the most recent battle phase attack by attack (:class:`BattleRecord`);
* ``actives``: effects in force from abilities that last (:class:`~tabletop.core.abilities.Active`,
  ended by :func:`~tabletop.core.abilities.tick`, issue 15);
* ``waiting``: an event paid and waiting for the other seat's counter (:class:`Waiting`,
  XENO-H13).

Scenario positions still write the plain ``[position.data]`` keys
(``docs/scenarios.md``); :func:`XenoData.from_json` converts them on load. The
vocabularies (phases, decision kinds, attack types, action kinds, mulligan
answers) are ``StrEnum``s: they equal today's strings, so saves and scenario files
are unchanged. Fields the core owns (``state.phase``, ``Decision.kind``) keep the
plain string value (``.value``); :func:`phase` and :func:`decision_kind` read them
back as enums.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from tabletop.core.abilities import Active
from tabletop.core.actions import Decision
from tabletop.core.model import GameState, game_data

#: The one ``state.data`` key of Xenocard's bookkeeping.
KEY = "xenocard"


class Phase(StrEnum):
    """The turn's phases in order (XENO-H1)."""

    DRAW = "draw"
    MOVE = "move"
    EVENT = "event"
    SET = "set"
    BLOCK = "block"
    BATTLE = "battle"
    ADJUST = "adjust"


class DecisionKind(StrEnum):
    """What a pending decision asks: mulligan (XENO-R2), block events (XENO-H9),
    adjust discards (XENO-R8), a counter to an event (XENO-H13)."""

    MULLIGAN = "mulligan"
    BLOCK = "block"
    ADJUST = "adjust"
    COUNTER = "counter"


class AttackType(StrEnum):
    """Attack types in battle order (XENO-R5)."""

    MELEE = "melee"
    SHOOTING = "shooting"
    ALL = "all"
    BALLISTIC = "ballistic"


class ActionKind(StrEnum):
    """The action kinds of Xenocard (see :mod:`tabletop.games.xenocard.rules`)."""

    DECIDE = "decide"
    SET_CARD = "set_card"
    EQUIP = "equip"
    LEVEL_UP = "level_up"
    SET_SITUATION = "set_situation"
    MOVE = "move"
    PLAY_EVENT = "play_event"
    NEXT_PHASE = "next_phase"


class MulliganChoice(StrEnum):
    """The options of the mulligan decision (XENO-R2)."""

    KEEP = "keep"
    MULLIGAN = "mulligan"


@dataclass(frozen=True)
class AttackEvent:
    """One attack of the automatic battle.

    Attributes:
        step: the attack type of this step (``"melee"``, ``"shooting"``, ``"all"``,
            ``"ballistic"``).
        attacker: instance id of the attacking battle card.
        attacker_cell: its cell id, e.g. ``"p0.field/front.left"`` (arrow start).
        target: instance id of the card attacked, or None when the deck is attacked.
        target_cell: the target card's cell id, or None for the deck.
        target_zone: ``"p1.field"`` for a card, ``"p1.deck"`` for the deck (arrow end).
        damage: the attack's damage (ATK; for the deck after ``deck_guard``).
        hp: the target card's HP at the attack (None for the deck).
        total_damage: the target card's damage after the attack (None for the deck).
        destroyed: True when the attack destroyed the target card.
        dumped: instance ids moved from the deck to the dump (deck attacks).
        atk: the attacker's ATK in force when it attacked (before the deck's guard);
            None in records made before it was kept. The window plays the battle back
            with these numbers, not with the ATK in force afterwards.
    """

    step: AttackType
    attacker: int
    attacker_cell: str
    target: int | None
    target_cell: str | None
    target_zone: str
    damage: int
    hp: int | None = None
    total_damage: int | None = None
    destroyed: bool = False
    dumped: tuple[int, ...] = ()
    atk: int | None = None

    @property
    def at_deck(self) -> bool:
        """True when the deck was attacked."""
        return self.target is None

    def to_json(self) -> dict[str, Any]:
        """Plain values (for a record written out)."""
        data = asdict(self)
        data["step"] = str(self.step)
        data["dumped"] = list(self.dumped)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AttackEvent:
        """Inverse of :meth:`to_json`."""
        return cls(**{**data, "step": AttackType(data["step"]),
                      "dumped": tuple(data.get("dumped", ()))})


@dataclass(frozen=True)
class BattleRecord:
    """The most recent battle phase: whose turn, whose battle, attack by attack."""

    turn: int
    seat: int
    attacks: tuple[AttackEvent, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain values: ``{"turn": n, "seat": s, "attacks": [...]}``."""
        return {"turn": self.turn, "seat": self.seat,
                "attacks": [e.to_json() for e in self.attacks]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BattleRecord:
        """Inverse of :meth:`to_json`."""
        return cls(int(data.get("turn", 0)), int(data.get("seat", 0)),
                   tuple(AttackEvent.from_json(e) for e in data.get("attacks", ())))


@dataclass(frozen=True)
class TurnScoped:
    """What the current turn has used up; a fresh one starts every turn.

    ``battle_set``: the turn's one battle card (set, equip or level up) is used;
    ``situation_set``: the turn's one situation is used (XENO-R6); ``moved``: the
    cards moved this turn, in order (XENO-H2).
    """

    battle_set: bool = False
    situation_set: bool = False
    moved: tuple[int, ...] = ()


@dataclass(frozen=True)
class Waiting:
    """An event used by ``seat`` (``card`` on ``target``) whose effect waits while
    the other seat is asked for a counter (XENO-H13)."""

    seat: int
    card: int
    target: int | None = None


@dataclass
class XenoData:
    """Xenocard's bookkeeping (see the module docstring)."""

    slots: dict[int, str] = field(default_factory=dict)
    equipped: dict[int, int] = field(default_factory=dict)
    mulligans: dict[int, int] = field(default_factory=dict)
    mulligan_queue: tuple[int, ...] = ()
    this_turn: TurnScoped = field(default_factory=TurnScoped)
    battle: BattleRecord | None = None
    actives: tuple[Active, ...] = ()
    waiting: Waiting | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values, string keys (the shape of ``[position.data]``, with ids)."""
        return {
            "slots": {str(i): s for i, s in self.slots.items()},
            "equipped": {str(w): h for w, h in self.equipped.items()},
            "mulligans": {str(s): n for s, n in self.mulligans.items()},
            "mulligan_queue": list(self.mulligan_queue),
            "battle_set": self.this_turn.battle_set,
            "situation_set": self.this_turn.situation_set,
            "moved": list(self.this_turn.moved),
            "battle": None if self.battle is None else self.battle.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> XenoData:
        """Inverse of :meth:`to_json`; every key may be left out (its default).

        Raises ValueError (or TypeError) for values of the wrong shape.
        """
        battle = data.get("battle")
        return cls(
            {int(i): str(s) for i, s in (data.get("slots") or {}).items()},
            {int(w): int(h) for w, h in (data.get("equipped") or {}).items()},
            {int(s): int(n) for s, n in (data.get("mulligans") or {}).items()},
            tuple(int(s) for s in data.get("mulligan_queue") or ()),
            TurnScoped(bool(data.get("battle_set", False)),
                       bool(data.get("situation_set", False)),
                       tuple(int(i) for i in data.get("moved") or ())),
            None if not battle else BattleRecord.from_json(battle),
        )


#: The plain ``[position.data]`` keys :meth:`XenoData.from_json` reads.
POSITION_KEYS: tuple[str, ...] = ("slots", "equipped", "mulligans", "mulligan_queue",
                                  "battle_set", "situation_set", "moved", "battle")


def xeno(state: GameState) -> XenoData:
    """The Xenocard bookkeeping of ``state`` (created with its zones,
    :func:`~tabletop.games.xenocard.zones.create_zones`)."""
    return game_data(state, KEY, XenoData)


def decision_kind(decision: Decision) -> DecisionKind:
    """What ``decision`` asks, as the enum."""
    return DecisionKind(decision.kind)


def phase(state: GameState) -> Phase | None:
    """The phase now, as the enum (None before the first phase, or for a phase name
    Xenocard does not know)."""
    try:
        return Phase(state.phase)
    except ValueError:
        return None
