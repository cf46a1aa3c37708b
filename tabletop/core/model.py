"""The game-agnostic table model: card instances, zones and the game state.

Nothing here knows any game's rules. A game's rules package builds a
:class:`GameState` with the zones it needs and moves cards between them with
:meth:`GameState.move`. Hidden information is decided here, once, by
:meth:`GameState.visible_to` (ALL-R2), so every view, log and preview asks the
same question.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tabletop.core.actions import Decision
from tabletop.core.messages import Message


class Visibility(StrEnum):
    """Who may see the faces of the face-up cards in a zone (ALL-R2)."""

    PUBLIC = "public"
    OWNER = "owner"
    NOBODY = "nobody"


class Word(StrEnum):
    """A word of a closed vocabulary (a phase, a decision kind, a result): equal to,
    formatted and shown (``repr``) as its string, so saves, scenario files and their
    reports read the same as plain strings did. Every game's enums derive from it."""

    def __repr__(self) -> str:
        return repr(self.value)


class Result(Word):
    """Whether a game has a result (``GameState.result``): none yet, a win, a draw."""

    NONE = ""
    WIN = "win"
    DRAW = "draw"


class EndCause(Word):
    """How a game ended, in every game's terms (one closed vocabulary; reports,
    scenario facts and the result screen read it from :class:`Outcome`)."""

    DECK_OUT = "deck_out"  # ARC-R1, ESHI-R6, XENO-R1: a deck ran out / a draw was impossible
    POINTS = "points"  # ESHI-R6: three victory points
    RENOWN = "renown"  # CONAN-R1: 40 renown at the start of a turn
    DEFEAT = "defeat"  # CONAN-R3: Conan defeated
    FOE_EXHAUSTION = "foe_exhaustion"  # CONAN-R3: the enemy has no Foe left
    RESIGN = "resign"  # ALL-H4
    DRAW = "draw"  # both at once (a tie)
    OTHER = "other"  # ended by a position or a rule without its own cause


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seat (None for a draw) and why."""

    winner: int | None
    cause: EndCause


@dataclass
class CardInstance:
    """One physical card on the table.

    ``iid`` is unique within a game and stable for its whole life, so actions
    and saves can refer to it. ``counters`` maps a counter name (e.g. ``"damage"``,
    ``"wound"``) to a non-negative count. ``known_to`` lists seats that may see the
    face of this card even while it is face down (e.g. the player who placed a
    face-down Move).
    """

    iid: int
    card_id: str
    owner: int
    face_up: bool = True
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    known_to: set[int] = field(default_factory=set)


@dataclass
class Zone:
    """An ordered, owned place for cards.

    ``cards`` lists instance ids bottom to top: for a deck the top card is the
    last one. ``owner`` is a seat number or None for a shared zone. ``capacity``
    is None for unlimited.
    """

    id: str
    owner: int | None
    visibility: Visibility
    cards: list[int] = field(default_factory=list)
    capacity: int | None = None

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> int | None:
        """The instance id on top, or None when empty."""
        return self.cards[-1] if self.cards else None


@dataclass
class LogEntry:
    """One line of the game log, in plain words, with hidden parts per seat.

    ``public`` is what every seat reads; ``private`` overrides it for the listed
    seats (e.g. the drawing player reads the name of the card drawn, the other
    seat reads only "draws a card"). ``manual`` marks free-mode moves (ALL-R3).
    """

    public: Message
    private: dict[int, Message] = field(default_factory=dict)
    manual: bool = False
    turn: int = 0

    def for_seat(self, seat: int | None) -> Message:
        """The message the given seat may read (None: a spectator)."""
        if seat is not None and seat in self.private:
            return self.private[seat]
        return self.public


class StateError(Exception):
    """A rules package asked the model for something impossible (a bug, not a refusal)."""


@dataclass
class GameState:
    """Everything about one game at one moment.

    Shapes: ``cards`` maps instance id -> :class:`CardInstance`; ``zones`` maps
    zone id (e.g. ``"p0.hand"``) -> :class:`Zone`; seats are numbered 0 and 1.
    ``rng`` is the game's only source of randomness (ALL-R1). ``data`` holds
    game-specific bookkeeping as plain JSON-like values. ``pending`` is the
    decision the rules are waiting for, if any. ``winner`` is a seat, or None;
    ``result`` is "" while the game runs, then "win" or "draw".
    """

    game: str
    seed: int
    cards: dict[int, CardInstance] = field(default_factory=dict)
    zones: dict[str, Zone] = field(default_factory=dict)
    seats: int = 2
    first: int = 0
    turn: int = 1
    active: int = 0
    phase: str = ""
    step: str = ""
    log: list[LogEntry] = field(default_factory=list)
    pending: Decision | None = None
    winner: int | None = None
    result: Result = Result.NONE
    free_mode: bool = False
    #: How the game ended, once it has (see :meth:`end_game`).
    outcome: Outcome | None = None
    data: dict[str, Any] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)
    _where: dict[int, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self._where:
            self.rng.seed(self.seed)

    # -- building -------------------------------------------------------
    def add_zone(
        self,
        zone_id: str,
        owner: int | None,
        visibility: Visibility,
        capacity: int | None = None,
    ) -> Zone:
        """Create an empty zone. Raises StateError on a duplicate id."""
        if zone_id in self.zones:
            raise StateError(f"zone {zone_id!r} exists already")
        zone = Zone(zone_id, owner, visibility, [], capacity)
        self.zones[zone_id] = zone
        return zone

    def new_card(self, card_id: str, owner: int, zone_id: str, face_up: bool = True) -> int:
        """Create a card instance on top of a zone and return its instance id."""
        iid = len(self.cards) + 1
        while iid in self.cards:
            iid += 1
        self.cards[iid] = CardInstance(iid, card_id, owner, face_up)
        self.zones[zone_id].cards.append(iid)
        self._where[iid] = zone_id
        return iid

    def new_pile(self, zone_id: str, owner: int, card_ids: list[str], face_up: bool = True) -> None:
        """Shuffle ``card_ids`` with the game's generator, then create them in ``zone_id``.

        Instance ids are handed out after the shuffle so that an id says nothing
        about the card behind it (ALL-R2).
        """
        order = list(card_ids)
        self.rng.shuffle(order)
        for card_id in order:
            self.new_card(card_id, owner, zone_id, face_up)

    # -- queries --------------------------------------------------------
    @property
    def game_over(self) -> bool:
        """True once the game has a result (a winner or a draw)."""
        return self.result != ""

    def zone_of(self, iid: int) -> str:
        """The id of the zone holding the instance. Raises StateError if unknown."""
        try:
            return self._where[iid]
        except KeyError:
            raise StateError(f"card instance {iid} is nowhere") from None

    def card(self, iid: int) -> CardInstance:
        """The instance with this id. Raises StateError if unknown."""
        try:
            return self.cards[iid]
        except KeyError:
            raise StateError(f"no card instance {iid}") from None

    def visible_to(self, iid: int, seat: int | None) -> bool:
        """May ``seat`` see this card's face now? (ALL-R2; None = spectator)."""
        card = self.cards[iid]
        if seat is not None and seat in card.known_to:
            return True
        zone = self.zones[self._where[iid]]
        if zone.visibility is Visibility.NOBODY:
            return False
        if zone.visibility is Visibility.OWNER:
            # a card put face down into a hand (free mode, ALL-H2) stays unseen by its holder
            return seat is not None and seat == zone.owner and card.face_up
        return card.face_up

    def seen_by(self, iid: int) -> frozenset[int]:
        """The seats that may see this card's face now (see :meth:`visible_to`)."""
        return frozenset(s for s in range(self.seats) if self.visible_to(iid, s))

    def other(self, seat: int) -> int:
        """The other seat in a two-seat game."""
        return 1 - seat

    def zones_over_capacity(self) -> list[str]:
        """Ids of the zones holding more cards than their ``capacity``, in zone order.

        Only free-mode moves (ALL-R3) can overfill a zone: the rules never place a
        card into a full zone, and they keep refusing to while the excess stays
        (it stays until a player moves it away; nothing is discarded for them).
        """
        return [z.id for z in self.zones.values()
                if z.capacity is not None and len(z.cards) > z.capacity]

    def has_room(self, zone_id: str, count: int = 1) -> bool:
        """Can ``count`` more cards go into the zone without passing its capacity?

        False for a zone that is full or over capacity (after free-mode moves).
        Raises KeyError for an unknown zone id.
        """
        zone = self.zones[zone_id]
        return zone.capacity is None or len(zone.cards) + count <= zone.capacity

    # -- changes --------------------------------------------------------
    def move(self, iid: int, to_zone: str, index: int | None = None) -> None:
        """Move a card to another zone (on top unless ``index`` is given).

        Clears tap state, counters and private knowledge when the card enters a
        zone the rules treat as fresh; callers that need to keep them set them
        again. Raises StateError for an unknown card or zone.
        """
        if to_zone not in self.zones:
            raise StateError(f"no zone {to_zone!r}")
        src = self.zones[self.zone_of(iid)]
        src.cards.remove(iid)
        dest = self.zones[to_zone]
        if index is None:
            dest.cards.append(iid)
        else:
            dest.cards.insert(index, iid)
        self._where[iid] = to_zone
        card = self.cards[iid]
        card.tapped = False
        card.counters.clear()
        card.known_to.clear()
        card.face_up = True

    def shuffle(self, zone_id: str) -> None:
        """Shuffle a zone with the game's generator (ALL-R1).

        Nobody keeps track of a card through a shuffle: private knowledge of the
        zone's cards is forgotten (ALL-R2).
        """
        zone = self.zones[zone_id]
        self.rng.shuffle(zone.cards)
        for iid in zone.cards:
            self.cards[iid].known_to.clear()

    def add_log(
        self,
        public: Message,
        private: dict[int, Message] | None = None,
        manual: bool = False,
    ) -> None:
        """Append a log line; see :class:`LogEntry`."""
        self.log.append(LogEntry(public, dict(private or {}), manual, self.turn))

    def end_game(self, winner: int | None, cause: EndCause = EndCause.OTHER) -> None:
        """Record the result: a winning seat, or None for a draw, and why it ended
        (:attr:`outcome`; a draw's cause is :attr:`EndCause.DRAW` unless given)."""
        self.winner = winner
        self.result = Result.DRAW if winner is None else Result.WIN
        if winner is None and cause is EndCause.OTHER:
            cause = EndCause.DRAW
        self.outcome = Outcome(winner, cause)

    def clone(self) -> GameState:
        """A deep, independent copy (the generator state included)."""
        return copy.deepcopy(self)

    def fingerprint(self) -> dict[str, Any]:
        """A plain, comparable summary of the whole state (for equality tests)."""
        return {
            "game": self.game,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "step": self.step,
            "zones": {zid: list(z.cards) for zid, z in sorted(self.zones.items())},
            "cards": {
                iid: (
                    c.card_id,
                    c.owner,
                    c.face_up,
                    c.tapped,
                    sorted(c.counters.items()),
                    sorted(c.known_to),
                )
                for iid, c in sorted(self.cards.items())
            },
            "pending": repr(self.pending),
            "winner": self.winner,
            "result": self.result,
            "outcome": repr(self.outcome),
            "free_mode": self.free_mode,
            "data": repr(self.data),
            "rng": self.rng.getstate(),
            "log": [repr(e) for e in self.log],
        }
