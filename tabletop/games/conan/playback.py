"""What a fight did, beat by beat, as the rules recorded it while they ran it (issue 11).

Combat is computed once, by :mod:`tabletop.games.conan.resolution`. As it runs, it
appends typed, frozen beats to the round's :class:`Fight` (``state.data["fight"]``,
begun anew by every Resolution phase, read with :func:`fight`):

* :class:`ZoneStart`: a zone's fight begins (or goes on after a question: the lone
  Move's side, a renown loss), with the :class:`Table` as it lies then;
* :class:`Initiative`: the strikes of one initiative (each :class:`Strike` one side
  of a Move against one character: attacker, defender, which slot faces which, each
  :class:`SlotClash` a :class:`Outcome` hit / blocked / glancing, the damage) and the
  damage counters they left;
* :class:`Fall`: that initiative's defeats carried out: who fell and where each went.

The window plays exactly these beats back (:mod:`tabletop.ui.games.conan_playback`)
and shows the table as of each one with :func:`show`: the table recorded at the
zone's start, then each beat's own changes, and the log up to the beat (log lines
never change once written). Everything here is public when it is shown: Moves are
revealed before the Resolution phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tabletop.core.model import GameState
from tabletop.games.conan.data import KEY, ConanData, conan_data

__all__ = ["FIGHT_KEY", "Beat", "Fall", "Fight", "Initiative", "Outcome", "SlotClash",
           "Strike", "Table", "ZoneStart", "fight", "record", "show", "table_of"]

#: ``state.data`` key of the current Resolution phase's :class:`Fight`.
FIGHT_KEY = "fight"


class Outcome(StrEnum):
    """One attack icon against the icon facing it (CONAN-R14); equal to the strings of
    :mod:`tabletop.games.conan.icons` (``HIT``, ``BLOCKED``, ``GLANCING``)."""

    HIT = "hit"
    BLOCKED = "blocked"
    GLANCING = "glancing"


@dataclass(frozen=True)
class SlotClash:
    """One attack icon against the slot facing it (``facing`` None: nothing faces it)."""

    slot: int
    icon: str
    facing: int | None
    facing_icon: str
    outcome: Outcome


@dataclass(frozen=True)
class Strike:
    """One side of a Move card attacking one character (``attacker`` hits ``target``).

    ``target_card`` / ``target_side``: the touching Move and its side (None for an
    unanswered Foe's Move, whose side and target the enemy chose, CONAN-R15).
    """

    card: int
    attacker: int
    side: str
    target: int
    target_card: int | None
    target_side: str | None
    clashes: tuple[SlotClash, ...]
    damage: int


@dataclass(frozen=True)
class Table:
    """Where every card lies and how (face, tap, counters, who knows it), Conan's
    Move records and turn data, phase and step: the table at one moment, as values.

    ``cards`` lists only cards that differ from a fresh card (face up, untapped, no
    counters, known to nobody); every other card is one.
    """

    zones: tuple[tuple[str, tuple[int, ...]], ...]
    cards: tuple[tuple[int, bool, bool, tuple[tuple[str, int], ...], tuple[int, ...]], ...]
    conan: ConanData
    phase: str
    step: str


@dataclass(frozen=True)
class ZoneStart:
    """The fight of ``zone`` begins, or goes on after a question; ``log_at``: the log's
    length then."""

    zone: str
    log_at: int
    table: Table


@dataclass(frozen=True)
class Initiative:
    """One initiative of one zone, all at once (CONAN-R16): its strikes, the damage
    counters they left (``damage``: character, its damage counter now) and who they
    defeat (carried out by the :class:`Fall` after it)."""

    zone: str
    initiative: int
    strikes: tuple[Strike, ...]
    damage: tuple[tuple[int, int], ...]
    defeated: tuple[int, ...]
    log_at: int


@dataclass(frozen=True)
class Fall:
    """The defeats of an initiative carried out: ``moved`` (card, the zone it went to;
    Conan stays: his fall ends the game)."""

    zone: str
    initiative: int
    fallen: tuple[int, ...]
    moved: tuple[tuple[int, str], ...]
    log_at: int


#: One recorded beat of a fight.
Beat = ZoneStart | Initiative | Fall


@dataclass
class Fight:
    """The beats of one Resolution phase, in the order they happened."""

    beats: list[Beat] = field(default_factory=list)


def fight(state: GameState) -> Fight | None:
    """The beats of the current (or last) Resolution phase, or None."""
    found = state.data.get(FIGHT_KEY)
    return found if isinstance(found, Fight) else None


def record(state: GameState, beat: Beat) -> None:
    """The resolution appends ``beat`` to the current fight."""
    found = fight(state)
    if found is None:
        found = state.data[FIGHT_KEY] = Fight()
    found.beats.append(beat)


def table_of(state: GameState) -> Table:
    """The :class:`Table` of ``state`` now (values only: nothing shared that changes)."""
    # the card's own fields, not its properties: the fight record reads every card at
    # every zone's start, and the known_to getter would hand out a recording set for
    # each (issue 14)
    cards = tuple((iid, c._face_up, c.tapped, tuple(c.counters.items()), tuple(c._known_to))
                  for iid, c in state.cards.items()
                  if not c._face_up or c.tapped or c.counters or c._known_to)
    data = conan_data(state)
    return Table(tuple((zid, tuple(z.cards)) for zid, z in state.zones.items()), cards,
                 ConanData(data.moves, data.turn), str(state.phase), str(state.step))


def _restore(shown: GameState, table: Table) -> None:
    for zid, cards in table.zones:
        if shown.zones[zid].cards != list(cards):
            for iid in cards:  # on top, in order: the zone ends exactly as recorded
                shown.move(iid, zid)
    marked = {mark[0]: mark for mark in table.cards}
    for iid, card in shown.cards.items():
        _, face_up, tapped, counters, known = marked.get(iid, (iid, True, False, (), ()))
        card.face_up, card.tapped = face_up, tapped
        card.counters, card.known_to = dict(counters), set(known)
    shown.data[KEY] = ConanData(table.conan.moves, table.conan.turn)
    shown.phase, shown.step = table.phase, table.step


def show(shown: GameState, real: GameState, beat: Beat) -> None:
    """Bring ``shown`` (the window's one working copy, already showing the beat before
    ``beat``, or any state for a :class:`ZoneStart`) to the table as of ``beat``; the
    log is ``real``'s up to the beat. No question is open in a fight's moment."""
    if isinstance(beat, ZoneStart):
        _restore(shown, beat.table)
    elif isinstance(beat, Initiative):
        for iid, value in beat.damage:
            counters = shown.cards[iid].counters
            if value:
                counters["damage"] = value
            else:
                counters.pop("damage", None)
    else:
        for iid, zone in beat.moved:
            shown.move(iid, zone)
    shown.log = real.log[:beat.log_at]
    shown.pending = None
