"""Conan's own bookkeeping as typed values (issue 11): no ``state.data["..."]`` string keys.

Everything Conan keeps beside the cards lives in one :class:`ConanData` object,
``state.data["conan"]``, read through :func:`conan_data` (so a misspelt field is a
type error, never a silent default):

* ``moves``: every Move on the battlefield, as :class:`MoveRecord` values (read
  them through :func:`tabletop.games.conan.battlefield.moves`, which keeps only
  records whose card still lies there);
* ``turn``: :class:`TurnData`, what lasts one turn (Press On count, Rest healing,
  damage bonuses, Conan's zones and the Allies that placed a Move this round, the
  Foe Draw counts); replaced as one object when the turn ends (:func:`new_turn`).

The Resolution phase's own record (:class:`Resolution`) and the waiting renown
losses (:func:`losses`) are fields of the same object; scenario positions still
write them as ``res`` and ``loss`` (converted on load).

Closed vocabularies are :class:`~tabletop.core.model.Word` values (StrEnums equal to
and shown as the strings saves, scenario files and catalogues use): :class:`Phase`,
:class:`DecisionKind`.

A scenario position (``[position.data]``, ``docs/scenarios.md``) still writes the
plain keys (``press = 2``, ``foes_placed = 0``, ``moves = [...]``);
:func:`from_position` folds them into the typed object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.abilities import Active
from tabletop.core.model import GameState, StateError, Word, game_data
from tabletop.core.position import PositionError

#: ``state.data`` key of :class:`ConanData`.
KEY = "conan"
#: ``state.data`` key of the waiting renown losses (CONAN-R17).
LOSS_KEY = "loss"
#: ``state.data`` key of the Resolution phase's record (:mod:`~tabletop.games.conan.resolution`).
RES_KEY = "res"


class Phase(Word):
    """Conan's phases, in turn order (``phase.conan.<value>`` names them)."""

    START_OF_TURN = "start_of_turn"
    PREPARE = "prepare"
    FOE_DRAW = "foe_draw"
    SURVEY = "survey"
    FOE_MOVE = "foe_move"
    CONAN_MOVE = "conan_move"
    BARBARIAN = "barbarian"
    RESOLUTION = "resolution"
    PRESS_ON = "press_on"
    REST = "rest"


class DecisionKind(Word):
    """The kinds of Conan's decisions (``state.pending.kind``)."""

    PRESS_ON = "press_on"
    SURVEY = "survey"
    BARBARIAN = "barbarian"
    ZONE_ORDER = "zone_order"
    LONE_ATTACK = "lone_attack"
    CHRONICLE_LOSS = "chronicle_loss"
    REST_HEAL = "rest_heal"
    DISCARD = "discard"


#: The fields of a Move record, as a scenario position's stored form names them.
MOVE_FIELDS = ("card", "zone", "x", "y", "rot", "by", "foe", "target")


@dataclass(frozen=True)
class MoveRecord:
    """A Move lying on the battlefield: its card, the Foe row it fights in, its
    placed shape (centre in mm, rotation in degrees), who placed it (``by``: the
    Foe, Conan or the Ally), whether it is a Foe's Move, and the target place a
    Conan/Ally Move was put on (``""`` for a Foe's Move)."""

    card: int
    zone: str
    x: float
    y: float
    rot: float
    by: int
    foe: bool
    target: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The plain form (a scenario position's ``moves`` entry, JSON values)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> MoveRecord:
        """Inverse of :meth:`to_dict`; raises ValueError naming a missing or bad field."""
        missing = [k for k in MOVE_FIELDS[:-1] if k not in raw]
        if missing:
            raise ValueError(f"Move record: field {missing[0]!r} missing")
        try:
            return cls(int(raw["card"]), str(raw["zone"]), float(raw["x"]), float(raw["y"]),
                       float(raw["rot"]), int(raw["by"]), bool(raw["foe"]),
                       str(raw.get("target", "") or ""))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"Move record: {exc}") from None


@dataclass(frozen=True)
class TurnData:
    """What lasts one turn; a new, empty one begins every turn (:func:`new_turn`).

    ``press``: Prepare steps begun (CONAN-R2); ``heal_left``: Rest healing points
    left (CONAN-R18); ``used``: the abilities used this turn, as (card instance,
    ability index) pairs (``once_per_turn``, issue 15); ``conan_zones``: the zones
    Conan placed Moves in this round and ``ally_moved`` the Allies that placed theirs (CONAN-R10);
    ``foes_placed``, ``forced`` (CONAN-R6) and ``region_attached`` (CONAN-H8): the
    Foe Draw; ``adjust``: the seats still to adjust their hands in the Rest step
    (None before it starts, CONAN-H10).
    """

    press: int = 0
    heal_left: int = 0
    used: tuple[tuple[int, int], ...] = ()
    conan_zones: tuple[str, ...] = ()
    ally_moved: tuple[int, ...] = ()
    foes_placed: int = 0
    forced: bool = False
    region_attached: bool = False
    adjust: tuple[int, ...] | None = None


#: The fields of :class:`TurnData` a scenario position may set by their plain keys.
TURN_FIELDS = tuple(f.name for f in dataclasses.fields(TurnData))


@dataclass
class Resolution:
    """The Resolution phase as it goes (CONAN-R14..R16): the zones ``left`` to fight,
    the ``zone`` being fought (None between zones), the initiative ``init`` (5..1) to
    fight next, the seat choosing the next zone (``chooser``), the sides and targets
    the enemy gave unanswered Foes' Moves (``lone``: Move iid -> ``"left@<target>"``),
    the cards hit at the initiative just fought whose defeats come next
    (``falling``), the Move whose side is being asked (``asking``), the log's
    length at the last beat recorded (``seen``), and whether the timings
    ``before_resolution`` (``began``) and ``end_of_round`` (``ended``) have come
    (issue 15). Changed in place as the fight goes."""

    left: list[str]
    zone: str | None = None
    init: int = 5
    chooser: int = 0
    lone: dict[str, str] = field(default_factory=dict)
    falling: list[int] | None = None
    asking: int | None = None
    seen: int | None = None
    began: bool = False
    ended: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The plain form scenario positions write (``[position.data] res``)."""
        out: dict[str, Any] = {"left": list(self.left), "zone": self.zone, "init": self.init,
                               "chooser": self.chooser, "lone": dict(self.lone)}
        for name in ("falling", "asking", "seen"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        for name in ("began", "ended"):
            if getattr(self, name):
                out[name] = True
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Resolution:
        """Inverse of :meth:`to_dict`; raises PositionError naming a field it cannot read."""
        unknown = sorted(set(raw) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise PositionError(f"field 'position.data.res.{unknown[0]}': unknown field")
        try:
            falling = raw.get("falling")
            return cls([str(z) for z in raw.get("left", [])],
                       None if raw.get("zone") is None else str(raw["zone"]),
                       int(raw.get("init", 5)), int(raw.get("chooser", 0)),
                       {str(k): str(v) for k, v in dict(raw.get("lone", {})).items()},
                       None if falling is None else [int(i) for i in falling],
                       None if raw.get("asking") is None else int(raw["asking"]),
                       None if raw.get("seen") is None else int(raw["seen"]),
                       # a position in the middle of a Resolution is past its beginning
                       bool(raw.get("began", True)), bool(raw.get("ended", False)))
        except (TypeError, ValueError) as exc:
            raise PositionError(f"field 'position.data.res': {exc}") from None


@dataclass(frozen=True)
class Window:
    """A timing of the turn at which abilities may be used (issue 15,
    :mod:`~tabletop.games.conan.plays`): ``timing`` (an ability ``when`` word) and
    the seats still to use or pass, the first acting now (the turn player first)."""

    timing: str
    queue: tuple[int, ...]


@dataclass
class ConanData:
    """All of Conan's bookkeeping beside the cards (see the module docstring):
    the placed Moves, what lasts the turn, the Resolution while one is fought, the
    renown losses waiting to be taken (amounts, in order; CONAN-R17), the lasting
    effects in force (``actives``, issue 15) and the ability timing open now
    (``window``)."""

    moves: tuple[MoveRecord, ...] = ()
    turn: TurnData = field(default_factory=TurnData)
    resolution: Resolution | None = None
    losses: list[int] = field(default_factory=list)
    actives: tuple[Active, ...] = ()
    window: Window | None = None


def conan_data(state: GameState) -> ConanData:
    """The Conan bookkeeping of ``state`` (made empty for a state set up without it)."""
    return game_data(state, KEY, ConanData)


def turn_data(state: GameState) -> TurnData:
    """What lasts this turn (see :class:`TurnData`)."""
    return conan_data(state).turn


def set_turn(state: GameState, turn: TurnData) -> None:
    """Replace this turn's data (frozen: changed with ``dataclasses.replace``)."""
    conan_data(state).turn = turn


def new_turn(state: GameState) -> None:
    """The turn ends: its data is replaced by an empty one, as one object."""
    conan_data(state).turn = TurnData()


def end_round(state: GameState) -> None:
    """A combat round ends: Conan's zones and the Allies' Moves start again."""
    data = conan_data(state)
    data.turn = dataclasses.replace(data.turn, conan_zones=(), ally_moved=())


def all_records(state: GameState) -> tuple[MoveRecord, ...]:
    """Every stored Move record, also stale ones of cards free mode took away (use
    :func:`tabletop.games.conan.battlefield.moves` for the Moves on the battlefield)."""
    return conan_data(state).moves


def set_records(state: GameState, records: tuple[MoveRecord, ...] | list[MoveRecord]) -> None:
    """Replace the stored Move records."""
    conan_data(state).moves = tuple(records)


def add_record(state: GameState, record: MoveRecord) -> None:
    """Store one more Move record (placement order)."""
    data = conan_data(state)
    data.moves = (*data.moves, record)


def losses(state: GameState) -> list[int]:
    """The renown losses waiting to be taken, in order (CONAN-R17; the list itself)."""
    return conan_data(state).losses


def add_loss(state: GameState, amount: int) -> None:
    """One more renown loss to take."""
    conan_data(state).losses.append(amount)


def resolution(state: GameState) -> Resolution:
    """The Resolution being fought. Raises StateError outside the Resolution phase."""
    found = conan_data(state).resolution
    if found is None:
        raise StateError("no Resolution is being fought")
    return found


def lone_asking(state: GameState) -> int | None:
    """The Move card of the unanswered Foe whose side and target the ``lone_attack``
    decision asks for (CONAN-R15), or None."""
    found = conan_data(state).resolution
    return None if found is None else found.asking


#: The ``[position.data]`` keys a Conan position may give.
POSITION_KEYS = frozenset({*TURN_FIELDS, "moves", RES_KEY, LOSS_KEY})


def from_position(state: GameState, given: Mapping[str, Any]) -> Any:
    """Fold a scenario position's plain ``[position.data]`` keys (``given``, already
    copied into ``state.data``) of :class:`TurnData` into the typed object; return
    (and remove) its ``moves`` declarations, which
    :func:`tabletop.games.conan.setup.place_declared_moves` turns into records.

    Raises PositionError naming a key Conan does not know (a misspelt one).
    """
    unknown = sorted(set(given) - POSITION_KEYS)
    if unknown:
        raise PositionError(f"field 'position.data.{unknown[0]}': unknown field (known: "
                            f"{', '.join(sorted(POSITION_KEYS))})")
    raw = state.data
    changes: dict[str, Any] = {}
    for name in TURN_FIELDS:
        if name in raw:
            value = raw.pop(name)
            if name in ("conan_zones",):
                value = tuple(str(z) for z in value)
            elif name == "used":
                value = tuple((int(a), int(b)) for a, b in value)
            elif name in ("ally_moved", "adjust"):
                value = None if value is None else tuple(int(i) for i in value)
            elif name in ("forced", "region_attached"):
                value = bool(value)
            else:
                value = int(value)
            changes[name] = value
    declared = raw.pop("moves", None)
    data = conan_data(state)
    data.turn = dataclasses.replace(data.turn, **changes)
    if RES_KEY in raw:
        data.resolution = Resolution.from_dict(dict(raw.pop(RES_KEY)))
    if LOSS_KEY in raw:
        data.losses = [int(n) for n in raw.pop(LOSS_KEY)]
    return declared
