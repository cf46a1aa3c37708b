"""The interface every game's rules implement, and the registry of games.

The rules are the only authority over a game (docs/architecture.md): the UI, bots,
scenario files and saves all propose :class:`Action` objects and read
:class:`Verdict` answers. ``check`` never changes the state; ``apply`` is only
called after a legal verdict.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.core.abilities import Vocabulary
from tabletop.core.actions import LEGAL, Action, Verdict
from tabletop.core.cards import LANGS, CardDb
from tabletop.core.decks import Deck
from tabletop.core.dispatch import Handlers, Prepared
from tabletop.core.evaluation import Term
from tabletop.core.messages import Message
from tabletop.core.model import GameState
from tabletop.core.random_bot import RandomBot
from tabletop.core.refusals import CommonRefusals, check_turn
from tabletop.core.view import TableView
from tabletop.i18n import register_strings


@dataclass(frozen=True)
class GameSetup:
    """How a game starts: everything a save needs to replay it (ALL-R1).

    ``decks`` holds, per seat, pile name -> list of card ids in deck-list order
    (Arc uses the pile ``"cards"``). ``deck_names`` are for display only.
    ``position``, when given, is a scenario's exact position (see
    ``docs/scenarios.md``) used instead of the normal set-up.
    """

    game: str
    seed: int
    first: int = 0
    decks: tuple[Mapping[str, list[str]], ...] = ()
    deck_names: tuple[str, ...] = ()
    position: Mapping[str, Any] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain dict for saves."""
        return {
            "game": self.game,
            "seed": self.seed,
            "first": self.first,
            "decks": [{k: list(v) for k, v in d.items()} for d in self.decks],
            "deck_names": list(self.deck_names),
            "position": self.position,
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSetup:
        """Inverse of :meth:`to_json`; raises ValueError naming the bad field."""
        game, seed, first = data.get("game"), data.get("seed"), data.get("first", 0)
        if not isinstance(game, str):
            raise ValueError("field 'game': expected a string")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("field 'seed': expected an integer")
        if first not in (0, 1):
            raise ValueError("field 'first': expected 0 or 1")
        decks = data.get("decks", [])
        if not isinstance(decks, list) or not all(isinstance(d, dict) for d in decks):
            raise ValueError("field 'decks': expected a list of tables")
        for i, deck in enumerate(decks):
            for pile, ids in deck.items():
                if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                    raise ValueError(f"field 'decks[{i}].{pile}': expected a list of card ids")
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise ValueError("field 'position': expected a table")
        if position is None and len(decks) != 2:
            raise ValueError(f"field 'decks': expected one deck per seat (2), got {len(decks)}")
        return cls(
            game,
            seed,
            first,
            tuple({k: list(v) for k, v in d.items()} for d in decks),
            tuple(str(n) for n in data.get("deck_names", [])),
            position,
            dict(data.get("options") or {}),
        )


@dataclass(frozen=True)
class ZoneNeed:
    """A zone the table layout of a game must have (checked when the layout loads).

    ``owner`` is the seat (0, 1) or None for a shared zone, as the rules create it;
    ``cells`` the exact cell names a ``grid`` or ``slots`` zone must offer (a grid's
    ``r<row>c<col>``, a slot's id), empty when the zone's cards just lie in it.
    """

    owner: int | None
    cells: tuple[str, ...] = ()


def zone_needs(create_zones: Callable[[GameState], None],
               cells: Mapping[str, tuple[str, ...]] | None = None) -> dict[str, ZoneNeed]:
    """The layout needs of a game whose ``create_zones(state)`` adds its zones to an
    empty state: every zone it creates, with its owner, plus ``cells`` (zone id ->
    cell names) for the zones whose cells the rules address by name."""
    state = GameState("layout-needs", 0)
    create_zones(state)
    named = cells or {}
    return {zone_id: ZoneNeed(zone.owner, tuple(named.get(zone_id, ())))
            for zone_id, zone in state.zones.items()}


class GameRules(ABC):
    """One game's rules over the shared model.

    Subclasses set ``game_id``, ``phases`` (the turn structure shown by the
    phase tracker, as step ids whose names are catalogue keys
    ``phase.<game>.<id>``), ``deck_options`` when their deck files carry
    options, and implement the abstract methods.
    """

    game_id: ClassVar[str]
    phases: ClassVar[tuple[str, ...]]
    #: Top-level deck-file values (not piles) this game reads, e.g. Arc's
    #: ``alignment``; a deck file naming any other is refused (``parse_deck``).
    deck_options: ClassVar[tuple[str, ...]] = ()
    #: The game's ability words (issue 15, :mod:`tabletop.core.abilities`): every
    #: card file of the game, the user's too, is parsed with it; None for a game
    #: whose cards carry no ``[[card.ability]]`` tables.
    vocabulary: ClassVar[Vocabulary[Any] | None] = None
    #: The counters this game's cards carry and its card faces show, in the order free
    #: mode offers them (ALL-R3, :mod:`tabletop.core.free_mode`; words
    #: ``counter.<game>.<name>``); a player may add a counter of any other name, which
    #: the table marks on the card itself.
    counter_names: ClassVar[tuple[str, ...]] = ()
    #: Counters that say where a card stands inside its zone (a square), not marks on
    #: it: free mode neither adds them nor carries them along a manual move.
    place_counters: ClassVar[frozenset[str]] = frozenset()
    #: The open piles out of play (a zone id, or the part after "p0."): a card moved
    #: into one by hand leaves play, and what was changed on it until the end of the
    #: turn ends, as every game's own effects end when their card leaves play (ALL-H7).
    piles_out_of_play: ClassVar[frozenset[str]] = frozenset(
        {"discard", "foe_discard", "trash", "dump", "victory"})

    def counters_after_manual_move(self, state: GameState, iid: int, src: str,
                                   counters: Mapping[str, int]) -> dict[str, int]:
        """The counters card ``iid`` keeps after a free-mode move from zone ``src``
        (ALL-R3: a manual move keeps the card's damage, wounds... unless the player
        clears them), given the ``counters`` it had. Default: all of them but the
        :attr:`place_counters`."""
        return {k: v for k, v in counters.items() if k not in self.place_counters}

    #: Ids of the cards that came from the user's own card files (issue 16), and the
    #: problems of the user's card files left out (file, card, field), set by
    #: :func:`load_rules` (see :mod:`tabletop.core.user_cards`).
    user_card_ids: frozenset[str] = frozenset()
    user_problems: tuple[str, ...] = ()

    def __init__(self, cards: CardDb) -> None:
        self.cards = cards

    def with_cards(self, cards: CardDb) -> GameRules:
        """The same rules over another card set (the game's cards plus the user's:
        :mod:`tabletop.core.user_cards`). A game whose constructor takes more than the
        cards overrides this."""
        return type(self)(cards)

    @abstractmethod
    def new_game(self, setup: GameSetup) -> GameState:
        """The state after set-up (shuffles, opening hands), ready for the first action."""

    #: The game's reason codes for the refusals every game makes alike (see
    #: :func:`tabletop.core.refusals.check_turn`); needed by :meth:`handlers` games.
    refusals: ClassVar[CommonRefusals | None] = None

    def handlers(self) -> Handlers:
        """The game's action kinds, each with its :class:`~tabletop.core.dispatch.Handler`
        (``decide`` answers the pending decision). With a table, :meth:`check` and
        :meth:`apply` are this class's template; a game without one (``{}``, the
        default) overrides both itself."""
        return {}

    def prepare(self, state: GameState, action: Action) -> Prepared[Any] | Verdict:
        """``action`` checked once: the refusal, or the :class:`Prepared` value to carry
        it out with. Never changes ``state``.

        The template: the shared refusals first (game over, unknown kind, out of turn:
        the seat that may act is :meth:`acting_seat`, a pending decision answered only
        by ``decide`` of its seat), then the kind's handler.
        """
        table = self.handlers()
        if not table:  # a game with its own check (no handler table)
            verdict = self.check(state, action)
            return Prepared(action, None) if verdict.ok else verdict
        codes = self.refusals
        if codes is None:
            raise TypeError(f"{type(self).__name__} has handlers() but no refusals codes")
        refusal = check_turn(state, action, table, codes, self, actor=self.acting_seat(state))
        if refusal is not None:
            return refusal
        value = table[action.kind].prepare(state, action)
        if isinstance(value, Verdict):
            if not value.ok:
                return value
            value = None  # a handler whose check is a plain verdict carries no value
        return Prepared(action, value)

    def check(self, state: GameState, action: Action) -> Verdict:
        """Is ``action`` legal now? Never changes ``state`` (see :meth:`prepare`)."""
        prepared = self.prepare(state, action)
        return prepared if isinstance(prepared, Verdict) else LEGAL

    def apply(self, state: GameState, action: Action,
              prepared: Prepared[Any] | None = None) -> None:
        """Carry out a legal action, log it, and run automatic steps that follow
        (:meth:`after_action`). With ``prepared`` (from :meth:`prepare` on this very
        state) nothing is checked again.

        Raises ValueError for an action :meth:`prepare` refuses (a caller's bug).
        """
        if prepared is None:
            answer = self.prepare(state, action)
            if isinstance(answer, Verdict):
                raise ValueError(f"illegal action applied: {answer.reason}")
            prepared = answer
        self.handlers()[prepared.action.kind].carry_out(state, prepared.action, prepared.value)
        self.after_action(state)

    def after_action(self, state: GameState) -> None:
        """What follows every action by itself (a deck-out check, automatic steps);
        called by the template :meth:`apply`. Default: nothing."""
        return None

    @abstractmethod
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (may be empty when waiting)."""

    @abstractmethod
    def interpret_drop(
        self, state: GameState, seat: int, iid: int, zone_id: str, onto: int | None = None
    ) -> Action | Verdict:
        """What dropping card ``iid`` on zone ``zone_id`` would mean, as an action.

        ``onto`` is the card under the drop point, if any (a target). Returns a
        refusal verdict when the drop means nothing in this game (e.g. moving a
        card of the other seat). The caller still asks :meth:`check`.
        """

    def check_deck(self, deck: Deck) -> list[Message]:
        """Problems that make a deck illegal for this game (empty when legal)."""
        return []

    def layout_needs(self) -> Mapping[str, ZoneNeed]:
        """The zones (zone id -> :class:`ZoneNeed`) a table layout must have for this
        game: a zone missing from the layout would hold cards that are never drawn.
        Default: none known (any layout is accepted); see :func:`zone_needs`."""
        return {}

    def acting_seat(self, state: GameState) -> int:
        """The seat that must act now: the one a pending decision waits for, else the active."""
        pending = state.pending
        if pending is not None:
            return int(pending.seat)
        return state.active

    def make_bot(self, seed: int) -> Any:
        """A computer player for self-play and demos (default: random legal moves)."""
        return RandomBot(seed)

    def end_cause(self, state: GameState) -> str:
        """Why a finished game ended, as a short word for reports: the
        :class:`~tabletop.core.model.EndCause` its rules recorded (``state.outcome``);
        "" while it goes on."""
        return str(state.outcome.cause) if state.outcome is not None else ""

    #: Extra names for a card's face in this game's terms, fact name -> face up, for
    #: cards that stand on a place (:meth:`place_of`); e.g. 絵師100人展's grid cards
    #: are ``recovered`` face up and ``damaged`` face down (ESHI-H1). Read by
    #: scenario facts (``docs/scenarios.md``).
    face_words: ClassVar[Mapping[str, bool]] = {}

    def derived(self, state: GameState, iid: int) -> dict[str, int]:
        """The current numbers of card ``iid`` as the rules compute them now (printed
        values plus modifiers, counters, equipment), name -> value, e.g. Arc's
        ``{"power": 5}``; only the numbers that card has. Default: none.

        The game's own stat functions answer, so a scenario or the window reads the
        same numbers the rules use. Never raises for a card of the state.
        """
        return {}

    def place_of(self, state: GameState, iid: int) -> str | None:
        """The named place card ``iid`` stands on inside its zone (a Xenocard slot
        ``"front.left"``, a 絵師100人展 square ``"B2"``), or None when its zone has
        no places or the card stands on none. Default: None."""
        return None

    def describe(self, state: GameState, action: Action) -> Message | None:
        """A short label for an action (buttons, hints); None to use the generic one."""
        return None

    def describe_option(self, state: GameState, decision: Any, option: str) -> Message | None:
        """One option of the pending ``decision`` (a ``Decision``) in words, as its seat
        may read it, for refusals and hints; never the raw id.

        None (the default) leaves it to :func:`tabletop.core.refusals.option_words`:
        word options by their catalogue name, card ids by the card's name, two ids
        joined by a sign by both names. Override for options those do not cover
        (Conan's ``"left@12"``) or read better in the game's terms ("Tide Caller
        blocks Ember Knight").
        """
        return None

    # -- the computer player (tabletop.core.determinize, tabletop.core.ismcts) ---------
    def hidden_class(self, state: GameState, iid: int) -> str:
        """Which of its owner's hidden cards card ``iid`` may stand in for when a
        computer player samples a world (ALL-H6): cards swap only within one owner
        and one class (Conan keeps Foes apart from draw-deck cards). Default: one
        class per owner."""
        return ""

    def hidden_fits(self, state: GameState, iid: int) -> Callable[[str], bool] | None:
        """What hidden card ``iid``'s place asks of the card behind it, as a test of a
        card id (a face-down Conan Move is a Move, Item or Action), or None when any
        card of its class fits (the default)."""
        return None

    def forget_hidden(self, world: GameState, seat: int) -> None:
        """Make the game's typed data of a sampled world (ALL-H6) consistent after
        its hidden cards were replaced and its log dropped. Default: nothing."""
        return None

    def evaluate(self, state: GameState, seat: int) -> float:
        """How well ``seat`` stands in an unfinished game, 0.0 (lost) to 1.0 (won),
        from the game's win conditions; the search scores a playout it cuts short
        with it. Default: 0.5 (no idea)."""
        return 0.5

    def reorient(self, message: Message, author: int, reader: int | None) -> Message:
        """``message``, written for seat ``author`` (a move told in its words), as seat
        ``reader`` should read it: a game whose places are named from each seat's own
        side (絵師100人展's squares) renames them. Default: unchanged."""
        return message

    def evaluation_terms(self, state: GameState, seat: int) -> tuple[Term, ...]:
        """The named leads behind :meth:`evaluate` (:mod:`tabletop.core.evaluation`),
        which the search averages per move to say why it chose one. Default: none
        (the reason then gives the sampled games' win share only)."""
        return ()

    def make_playout_bot(self, seed: int) -> Any:
        """The fast policy the search plays its playouts with (default: :meth:`make_bot`)."""
        return self.make_bot(seed)

    def search_actions(self, state: GameState, seat: int, actions: list[Action]) -> list[Action]:
        """The actions among ``actions`` (legal for ``seat`` in ``state``, a sampled world
        inside the search) the search weighs: a non-empty sub-list, in order, read from
        what ``seat`` sees. Default: all of them."""
        return actions

    # -- teaching (issue 12) ---------------------------------------------------
    def coach_progress(self, view: TableView, seat: int) -> tuple[Message, ...]:
        """``seat``'s win progress as told by ``view`` (the view of the seat at the
        computer, which may be the other one: the counts are public), for the coach line
        (:mod:`tabletop.core.coach`), e.g. "Renown 12 / 40 · rival 8 / 40".
        Reads only the view, never the full state. Default: none."""
        return ()


#: Game id -> rules package, in menu order (Arc first: the simplest to learn).
_GAMES: dict[str, str] = {
    "arc": "tabletop.games.arc",
    "conan": "tabletop.games.conan",
    "eshi100": "tabletop.games.eshi100",
    "xenocard": "tabletop.games.xenocard",
}


def game_ids() -> list[str]:
    """The ids of every game the program knows, in menu order."""
    return list(_GAMES)


def load_rules(game: str, card_root: Any = None) -> GameRules:
    """Load a game's rules with its card set (from ``assets/cards/<game>``, plus the
    sound card files of the user folder when ``card_root`` is None: a broken user file
    is left out and named in ``rules.user_problems``, never raised).

    Raises KeyError for an unknown game and CardDataError for a broken card file.
    """
    if game not in _GAMES:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(_GAMES)}")
    module = importlib.import_module(_GAMES[game])
    rules: GameRules = module.load(card_root)
    if card_root is None:  # the user's own card files too (issue 16); never raises
        from tabletop.core.user_cards import with_user_cards

        rules = with_user_cards(rules)
    register_card_names(rules.cards)
    return rules


def register_card_names(cards: CardDb) -> None:
    """Make ``card.<id>`` (name) and ``card_text.<id>`` catalogue keys of a card set.

    Log lines and refusals name cards as ``msg("card.<id>")``; the names live
    in the card files, so they are registered here rather than copied into the
    catalogues.
    """
    for lang in LANGS:
        strings = {f"card.{c.id}": c.display_name(lang) for c in cards.values()}
        strings.update({f"card_text.{c.id}": c.text[lang] for c in cards.values() if c.text})
        register_strings(lang, strings)
