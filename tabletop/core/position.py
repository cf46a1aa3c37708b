"""Exact positions: a scenario's "which card is where" turned into a state.

Shape of a position (a TOML table, see ``docs/scenarios.md``)::

    turn = 3            # optional, default 1
    active = 0          # optional, default: the set-up's first seat
    phase = "main"      # required: one of the game's phases
    step = ""           # optional
    [zones]             # zone id -> cards bottom to top (decks: top is last)
    "p0.hand" = ["ember_knight", { card = "fire_drake", label = "drake", tapped = true }]
    [data]              # optional game bookkeeping (e.g. resource_played = true)

A card entry is a card id, or a table with ``card`` and optional ``label``
(referred to as ``"$label"`` in scenario steps), ``face_up``, ``tapped``,
``counters`` (name -> count). Errors raise :class:`PositionError` naming the
field.

``phase`` may be any of the game's phases: each game's set-up goes on from
there (asks a waiting question again, runs a phase that needs nobody) and reads
what the phase needs beyond cards from ``[data]`` (Arc's ``combat``, Xenocard's
``slots``/``equipped``, 絵師100人展's ``attack``, Conan's placed ``moves``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.cards import CardDb
from tabletop.core.model import GameState

_CARD_KEYS = {"card", "label", "face_up", "tapped", "counters", "owner"}


class PositionError(ValueError):
    """A position is malformed; the message names the field."""


def build_position(
    state: GameState, position: Mapping[str, Any], cards: CardDb, phases: tuple[str, ...]
) -> None:
    """Fill an empty ``state`` (zones created, no cards) from ``position``.

    Labels are recorded in ``state.data["labels"]`` (label -> instance id).
    A card's owner is the zone's owner unless the entry says ``owner``.
    Raises PositionError for unknown zones, cards, phases or fields.
    """
    unknown = set(position) - {"turn", "active", "phase", "step", "zones", "data"}
    if unknown:
        raise PositionError(f"field 'position.{sorted(unknown)[0]}': unknown field")
    phase = position.get("phase")
    if phase not in phases:
        raise PositionError(
            f"field 'position.phase': expected one of {', '.join(phases)}, got {phase!r}"
        )
    state.phase = str(phase)
    state.step = str(position.get("step", ""))
    turn = position.get("turn", 1)
    if not isinstance(turn, int) or turn < 1:
        raise PositionError("field 'position.turn': expected a positive integer")
    state.turn = turn
    active = position.get("active", state.first)
    if active not in (0, 1):
        raise PositionError("field 'position.active': expected 0 or 1")
    state.active = int(active)
    labels: dict[str, int] = {}
    zones = position.get("zones", {})
    if not isinstance(zones, Mapping):
        raise PositionError("field 'position.zones': expected a table")
    for zone_id, entries in zones.items():
        where = f"position.zones.{zone_id}"
        if zone_id not in state.zones:
            raise PositionError(f"field '{where}': no such zone in this game")
        if not isinstance(entries, list):
            raise PositionError(f"field '{where}': expected a list of cards")
        zone = state.zones[zone_id]
        for n, entry in enumerate(entries):
            spec: Mapping[str, Any] = {"card": entry} if isinstance(entry, str) else entry
            if not isinstance(spec, Mapping) or "card" not in spec:
                raise PositionError(f"field '{where}[{n}]': expected a card id or a table")
            bad = set(spec) - _CARD_KEYS
            if bad:
                raise PositionError(f"field '{where}[{n}].{sorted(bad)[0]}': unknown field")
            card_id = spec["card"]
            if card_id not in cards:
                raise PositionError(f"field '{where}[{n}].card': no card {card_id!r}")
            owner = spec.get("owner", zone.owner if zone.owner is not None else state.active)
            if owner not in (0, 1) or isinstance(owner, bool):
                raise PositionError(f"field '{where}[{n}].owner': expected 0 or 1")
            for flag in ("face_up", "tapped"):
                if not isinstance(spec.get(flag, False), bool):
                    raise PositionError(f"field '{where}[{n}].{flag}': expected true or false")
            iid = state.new_card(card_id, int(owner), zone_id, spec.get("face_up", True))
            inst = state.cards[iid]
            inst.tapped = spec.get("tapped", False)
            counters = spec.get("counters", {})
            if not isinstance(counters, Mapping):
                raise PositionError(f"field '{where}[{n}].counters': expected a table")
            for name, count in counters.items():
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    raise PositionError(f"field '{where}[{n}].counters.{name}': "
                                        f"expected a count of 0 or more, got {count!r}")
                inst.counters[str(name)] = count
            if "label" in spec:
                label = str(spec["label"])
                if label in labels:
                    raise PositionError(f"field '{where}[{n}].label': duplicate label {label!r}")
                labels[label] = iid
    data = position.get("data", {})
    if not isinstance(data, Mapping):
        raise PositionError("field 'position.data': expected a table")
    state.data.update(dict(data))
    state.data["labels"] = labels


def resolve_labels(value: Any, labels: Mapping[str, int]) -> Any:
    """Replace ``"$label"`` strings (also inside lists) by instance ids.

    Raises PositionError for an unknown label.
    """
    if isinstance(value, str) and value.startswith("$"):
        try:
            return labels[value[1:]]
        except KeyError:
            raise PositionError(f"unknown card label {value!r}") from None
    if isinstance(value, list | tuple):
        return [resolve_labels(v, labels) for v in value]
    return value
