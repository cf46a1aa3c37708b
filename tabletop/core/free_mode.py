"""Free mode's acts (ALL-R3): every game's manual actions, one :class:`Handler` per kind.

Free mode lets the players carry any effect the rules do not apply themselves, as on
a real table, while never showing a face to a seat that could not see it (ALL-H2) and
keeping undo honest (ALL-H1). The kinds (:class:`FreeKind`):

* ``set_free_mode`` (``on``): switch free mode on or off (any moment);
* ``manual_move`` (``card``, ``zone``, ``clear``): move a card, keeping its counters
  unless ``clear`` or it goes into a hand or a deck (the game's place bookkeeping is
  never carried: :meth:`~tabletop.core.rules.GameRules.counters_after_manual_move`),
  and its changed numbers on the same terms while it stays in play (a move into a
  pile out of play, ``GameRules.piles_out_of_play``, ends them; ALL-H7);
* ``manual_tap`` / ``manual_flip`` / ``manual_reveal`` (``card``; ``agreed``): turn,
  flip, or show a card to both players once both agree;
* ``manual_counter`` (``card``, ``name``, ``delta``): add or remove counters of any
  name (the game's own names: ``GameRules.counter_names``);
* ``manual_modify`` (``card``, ``stat``, ``delta``): change a number of a card until
  the end of the turn (:class:`Modifier`, kept in ``state.data``, ended by
  :func:`expire` at the turn's end or when the rules move the card out of its zone,
  which the log says); the players apply it, the rules' own counting does not read
  it (ALL-H7);
* ``manual_shuffle`` (``zone``): shuffle a hidden pile (a deck; an open row or pile
  lies in the order everyone sees, ALL-R3); everyone forgets its order (ALL-H3);

Counters and changed numbers lie only on cards open on the table (a public zone):
refused in a hand or a deck and dropped by a move into one, so no mark follows a
card a seat cannot see (ALL-H7).
* ``manual_look`` (``zone``, ``n``): look at the top ``n`` cards of one's own hidden
  pile (only that seat sees them: an undo barrier, ALL-H1);
* ``manual_reveal_top`` (``zone``, ``n``, ``agreed``): show them to both (both agree);
* ``manual_end_phase``: go on to the next phase, as the seat that acts now (the
  game's own ``next_phase``, whatever seat asks).

Every act is logged (a card the reader has not seen is "a hidden card") and
undoable, except what shows a card, which the engine makes an undo barrier.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action, Verdict
from tabletop.core.dispatch import Handler, Prepared
from tabletop.core.messages import Message, msg, zone_msg
from tabletop.core.model import GameState, Visibility, Word
from tabletop.i18n import has_text

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules

__all__ = ["FREE_KINDS", "FreeKind", "Modifier", "carry_out", "counter_word", "expire",
           "modifiers", "prepare", "stat_word"]


class FreeKind(Word):
    """The action kinds of free mode (ALL-R3), every game alike."""

    SET_FREE_MODE = "set_free_mode"
    MOVE = "manual_move"
    TAP = "manual_tap"
    FLIP = "manual_flip"
    REVEAL = "manual_reveal"
    COUNTER = "manual_counter"
    MODIFY = "manual_modify"
    SHUFFLE = "manual_shuffle"
    LOOK = "manual_look"
    REVEAL_TOP = "manual_reveal_top"
    END_PHASE = "manual_end_phase"


#: Every free-mode kind, for the engine's dispatch.
FREE_KINDS: frozenset[str] = frozenset(k.value for k in FreeKind)
#: The message that stands for a card the reader may not see (ALL-R2).
HIDDEN_CARD = msg("core.hidden_card")
#: Where the free-mode modifiers lie in ``GameState.data`` (only while there are any).
DATA_KEY = "free_mode"
#: The most a counter or number may change by in one act, and a name's longest length.
MAX_DELTA = 99
MAX_NAME = 24


@dataclass(frozen=True)
class Modifier:
    """A number of card ``iid`` changed by hand until the end of turn ``turn``
    (ALL-R3): ``stat`` (a name of ``GameRules.derived``, or any the player typed)
    changed by ``delta``, while the card stays in ``zone`` (ALL-H7)."""

    iid: int
    stat: str
    delta: int
    zone: str
    turn: int


def modifiers(state: GameState, iid: int | None = None) -> tuple[Modifier, ...]:
    """The free-mode modifiers in force, of card ``iid`` (every card when None)."""
    found: tuple[Modifier, ...] = state.data.get(DATA_KEY, ())
    return found if iid is None else tuple(m for m in found if m.iid == iid)


def _set_modifiers(state: GameState, found: tuple[Modifier, ...]) -> None:
    if found:
        state.data[DATA_KEY] = found
    else:  # no key at all: a state without modifiers is the state it was before
        state.data.pop(DATA_KEY, None)


def expire(state: GameState, game: str = "") -> None:
    """End the modifiers whose turn is over or whose card left its zone (ALL-H7); the
    engine calls it after every action, so replays end them at the same moment
    (``game``: the game id, for the numbers' words in the log). A
    manual move carries them along (:meth:`FreeMode._move`), so a card leaves its zone
    here only by the rules' own moves (destroyed, returned...). Every end is logged
    (ALL-H7 "that end is logged"): the turn's end as the last line of the turn that
    ended, before the next turn's first line (:func:`_log_turn_ended`)."""
    found: tuple[Modifier, ...] | None = state.data.get(DATA_KEY)
    if not found:
        return
    kept = tuple(m for m in found if m.turn == state.turn and m.iid in state.cards
                 and state.zone_of(m.iid) == m.zone)
    if kept != found:
        _set_modifiers(state, kept)
        _log_ended(state, game, [m for m in found if m.turn == state.turn
                                 and m not in kept and m.iid in state.cards])
        _log_turn_ended(state, game, [m for m in found if m.turn != state.turn
                                      and m.iid in state.cards])


def _log_turn_ended(state: GameState, game: str, ended: list[Modifier]) -> None:
    """Say in the log that the turn's end ended the ``ended`` changed numbers (ALL-H7),
    per card and naming it only to the seats that see it. The lines belong to the turn
    that ended: they go just before the first line of a later turn the same action
    wrote ("Turn 4"), so the log reads in the order things happened."""
    if not ended:
        return
    turn = min(m.turn for m in ended)
    at = len(state.log)
    while at > 0 and state.log[at - 1].turn > turn:
        at -= 1
    tail = state.log[at:]
    del state.log[at:]
    for iid in dict.fromkeys(m.iid for m in ended):
        changes = tuple(msg("log.manual_change", delta=f"{m.delta:+d}",
                            stat=stat_word(game, m.stat)) for m in ended if m.iid == iid)
        _log_card(state, "log.manual_changes_turn_end", iid, changes=changes)
    state.log[at:] = [replace(entry, turn=turn) for entry in state.log[at:]]
    state.log.extend(tail)


def _log_ended(state: GameState, game: str, ended: list[Modifier],
               key: str = "log.manual_changes_end") -> None:
    """Say in the log (line ``key``), per card, which changed numbers of game ``game``
    ``ended`` before the turn's end (ALL-H7), naming the card only to the seats that
    see it."""
    for iid in dict.fromkeys(m.iid for m in ended):
        changes = tuple(msg("log.manual_change", delta=f"{m.delta:+d}",
                            stat=stat_word(game, m.stat)) for m in ended if m.iid == iid)
        _log_card(state, key, iid, changes=changes)


def counter_word(game: str, name: str) -> Message | str:
    """A counter's name in words: the catalogue's ``counter.<game>.<name>`` for the
    names the game knows, else the name as the player typed it."""
    key = f"counter.{game}.{name}"
    return msg(key) if has_text(key) else name


def stat_word(game: str, name: str) -> Message | str:
    """A number's name in words (the hover's ``hover.stat.<game>.<name>`` or
    ``hover.stat.<name>``), else the name as typed."""
    for key in (f"hover.stat.{game}.{name}", f"hover.stat.{name}"):
        if has_text(key):
            return msg(key)
    return name


# -- checking helpers ------------------------------------------------------------------
def _card(state: GameState, action: Action) -> int | Verdict:
    iid = action.get("card")
    if not isinstance(iid, int) or isinstance(iid, bool) or iid not in state.cards:
        return Verdict.refuse("no_such_card")
    return iid


def _name(raw: object) -> str | Verdict:
    """A counter's or number's name: 1..MAX_NAME printable characters, no dot."""
    name = raw.strip() if isinstance(raw, str) else ""
    if not name or len(name) > MAX_NAME or not name.isprintable() or "." in name:
        return Verdict.refuse("manual_bad_name", "ALL-R3", most=MAX_NAME)
    return name


def _on_table(state: GameState, iid: int) -> Verdict | None:
    """Counters and changed numbers lie on cards open on the table (a public zone), never
    in a hand or a deck, where a mark would let a seat follow a card it cannot see
    through a shuffle (ALL-H3, ALL-H7): the refusal, or None."""
    if state.zones[state.zone_of(iid)].visibility is not Visibility.PUBLIC:
        return Verdict.refuse("manual_marks_on_table", "ALL-H7")
    return None


def _delta(raw: object) -> int | Verdict:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw == 0 or abs(raw) > MAX_DELTA:
        return Verdict.refuse("manual_bad_delta", "ALL-R3", most=MAX_DELTA)
    return raw


def _own_pile(state: GameState, action: Action, agreed: bool) -> tuple[str, int] | Verdict:
    """The acting seat's hidden pile (a deck) and how many of its top cards (1..all)."""
    zone_id, n = action.get("zone"), action.get("n")
    if zone_id not in state.zones:
        return Verdict.refuse("no_such_zone")
    zone = state.zones[zone_id]
    if zone.owner != action.seat or zone.visibility is not Visibility.NOBODY:
        return Verdict.refuse("manual_top_own_pile", "ALL-R3")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(zone.cards):
        return Verdict.refuse("manual_top_count", "ALL-R3", most=len(zone.cards))
    if agreed and action.get("agreed") is not True:
        return Verdict.refuse("manual_reveal_needs_agreement", "ALL-H2")
    return str(zone_id), n


def _top(state: GameState, zone_id: str, n: int) -> list[int]:
    """The top ``n`` cards of a zone, top first."""
    return state.zones[zone_id].cards[-n:][::-1]


def _named(state: GameState, iid: int) -> tuple[Message, dict[int, Message]]:
    """The card's name as everyone reads it (None: a spectator) and per seat that sees it."""
    name = msg(f"card.{state.cards[iid].card_id}")
    public = name if state.visible_to(iid, None) else HIDDEN_CARD
    return public, {s: name for s in state.seen_by(iid)}


def _log_card(state: GameState, key: str, iid: int, **params: Any) -> None:
    """A manual log line naming card ``iid`` (as ``card``) only to the seats that see it."""
    public, names = _named(state, iid)
    private = {s: msg(key, card=n, **params) for s, n in names.items()}
    state.add_log(msg(key, card=public, **params), private, manual=True)


# -- the kinds ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """A checked manual move: card, destination zone, and whether to clear its counters."""

    iid: int
    zone: str
    clear: bool


@dataclass(frozen=True)
class Change:
    """A checked counter or number change of card ``iid``."""

    iid: int
    name: str
    delta: int


@dataclass(frozen=True)
class Top:
    """A checked look at / reveal of the top ``n`` cards of ``zone``."""

    zone: str
    n: int


class FreeMode:
    """Free mode's handlers for one game's ``rules`` (the hooks they ask: counter names,
    the counters a move keeps, the next phase)."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.handlers: Mapping[str, Handler[Any]] = {
            FreeKind.SET_FREE_MODE: Handler(self._check_switch, self._switch),
            FreeKind.MOVE: Handler(self._check_move, self._move),
            FreeKind.TAP: Handler(_card, self._tap),
            FreeKind.FLIP: Handler(self._check_flip, self._flip),
            FreeKind.REVEAL: Handler(self._check_reveal, self._reveal),
            FreeKind.COUNTER: Handler(self._check_counter, self._counter),
            FreeKind.MODIFY: Handler(self._check_modify, self._modify),
            FreeKind.SHUFFLE: Handler(self._check_shuffle, self._shuffle),
            FreeKind.LOOK: Handler(self._check_look, self._look),
            FreeKind.REVEAL_TOP: Handler(self._check_reveal_top, self._reveal_top),
            FreeKind.END_PHASE: Handler(self._check_end_phase, self._end_phase),
        }

    # -- the template -------------------------------------------------------------
    def prepare(self, state: GameState, action: Action) -> Prepared[Any] | Verdict:
        """``action`` (a :data:`FREE_KINDS` kind) checked once: the refusal, or its value.

        Every kind but ``set_free_mode`` needs free mode (ALL-R3). Never changes ``state``.
        """
        handler = self.handlers[action.kind]
        if action.kind != FreeKind.SET_FREE_MODE and not state.free_mode:
            return Verdict.refuse("manual_needs_free_mode", "ALL-R3")
        value = handler.prepare(state, action)
        if isinstance(value, Verdict):
            return value
        return Prepared(action, value)

    def carry_out(self, state: GameState, action: Action,
                  prepared: Prepared[Any] | None = None) -> None:
        """Carry out a legal free-mode ``action`` (``prepared`` for this very state, or
        None: checked again). Raises ValueError for a refused one (a caller's bug)."""
        if prepared is None:
            answer = self.prepare(state, action)
            if isinstance(answer, Verdict):
                raise ValueError(f"illegal free-mode action applied: {answer.reason}")
            prepared = answer
        self.handlers[action.kind].carry_out(state, action, prepared.value)

    # -- switching --------------------------------------------------------------------
    @staticmethod
    def _check_switch(state: GameState, action: Action) -> None:
        return None

    @staticmethod
    def _switch(state: GameState, action: Action, value: None) -> None:
        player = msg(f"seat.{action.seat}")
        state.free_mode = bool(action.get("on"))
        key = "log.free_mode_on" if state.free_mode else "log.free_mode_off"
        state.add_log(msg(key, player=player))
        over = state.zones_over_capacity()
        if over and not state.free_mode:  # the excess stays; the rules add no more (ALL-H5)
            state.add_log(msg("log.over_capacity", zones=tuple(zone_msg(z) for z in over)))

    # -- move ---------------------------------------------------------------------------
    @staticmethod
    def _check_move(state: GameState, action: Action) -> Move | Verdict:
        iid = _card(state, action)
        if isinstance(iid, Verdict):
            return iid
        zone = action.get("zone")
        if not isinstance(zone, str) or zone not in state.zones:
            return Verdict.refuse("no_such_zone")
        return Move(iid, zone, action.get("clear") is True)

    def _move(self, state: GameState, action: Action, move: Move) -> None:
        seat, iid, zone = action.seat, move.iid, move.zone
        player = msg(f"seat.{seat}")
        card = state.cards[iid]
        src = state.zone_of(iid)
        before = state.seen_by(iid)
        counters = dict(card.counters)
        changed = modifiers(state, iid)
        state.move(iid, zone)
        # counters and changed numbers stay with the card unless asked (ALL-R3), or
        # it goes where they would mark a card some seat cannot see (a hand, a deck:
        # ALL-H7); a changed number also ends when its card leaves play, as every
        # game's own effects do, and still ends with the turn
        keep = not move.clear and state.zones[zone].visibility is Visibility.PUBLIC
        if keep:
            card.counters.update(self.rules.counters_after_manual_move(state, iid, src,
                                                                       counters))
        left_play = keep and self._out_of_play(zone) and not self._out_of_play(src)
        if changed:
            others = tuple(m for m in modifiers(state) if m.iid != iid)
            carried = tuple(Modifier(m.iid, m.stat, m.delta, zone, m.turn)
                            for m in changed) if keep and not left_play else ()
            _set_modifiers(state, others + carried)
        newly = state.seen_by(iid) - before
        # a move shows nobody a face they could not see (ALL-H2), except what a
        # player chooses to show of their own: a card of theirs they knew (like
        # playing it), or their own unseen deck top taken into their hand (a draw,
        # an undo barrier like every draw, ALL-H1)
        own_known = card.owner == seat and seat in before
        draw = not before and newly == {seat} and card.owner == seat
        if newly and not (own_known or draw):
            card.face_up = False
            card.known_to = set(before)
        knows = before | state.seen_by(iid)
        where = {"player": player, "src": zone_msg(src), "dest": zone_msg(zone)}
        if move.clear and counters:  # said, so the other player knows the marks went
            shown = msg("log.manual_move_cleared", card=msg(f"card.{card.card_id}"), **where)
            hidden = msg("log.manual_move_cleared", card=HIDDEN_CARD, **where)
        else:
            shown = msg("log.manual_move", card=msg(f"card.{card.card_id}"), **where)
            hidden = msg("log.manual_move_hidden", **where)
        public = shown if len(knows) == state.seats and card.face_up else hidden
        state.add_log(public, {s: shown for s in knows}, manual=True)
        if changed and (left_play or not keep):  # said, as the counters' clearing is
            _log_ended(state, self.rules.game_id, list(changed),
                       "log.manual_changes_left_play" if left_play else
                       "log.manual_changes_end")

    def _out_of_play(self, zone: str) -> bool:
        """Is ``zone`` an open pile out of play (a discard pile: ALL-H7)?"""
        piles = self.rules.piles_out_of_play
        return zone in piles or zone.partition(".")[2] in piles

    # -- tap, flip, reveal -------------------------------------------------------------
    @staticmethod
    def _tap(state: GameState, action: Action, iid: int) -> None:
        card = state.cards[iid]
        card.tapped = not card.tapped
        _log_card(state, "log.manual_tap", iid, player=msg(f"seat.{action.seat}"))

    @staticmethod
    def _check_flip(state: GameState, action: Action) -> int | Verdict:
        iid = _card(state, action)
        if isinstance(iid, Verdict):
            return iid
        card = state.cards[iid]
        if not card.face_up:  # face up would show it to a seat that cannot see it now?
            before = state.seen_by(iid)
            if state.seen_in(state.zone_of(iid), True, card.known_to) - before:
                return Verdict.refuse("manual_flip_reveals", "ALL-H2")
        return iid

    @staticmethod
    def _flip(state: GameState, action: Action, iid: int) -> None:
        card = state.cards[iid]
        knows = state.seen_by(iid)
        card.face_up = not card.face_up
        if not card.face_up:
            card.known_to |= knows  # who saw the face remembers it
        state.add_log(msg("log.manual_flip", player=msg(f"seat.{action.seat}")), manual=True)

    @staticmethod
    def _check_reveal(state: GameState, action: Action) -> int | Verdict:
        iid = _card(state, action)
        if isinstance(iid, Verdict):
            return iid
        if action.get("agreed") is not True:
            return Verdict.refuse("manual_reveal_needs_agreement", "ALL-H2")
        if len(state.seen_by(iid)) == state.seats:
            return Verdict.refuse("manual_reveal_nothing_hidden", "ALL-H2")
        return iid

    @staticmethod
    def _reveal(state: GameState, action: Action, iid: int) -> None:
        card = state.cards[iid]
        card.known_to = set(range(state.seats))
        state.add_log(msg("log.manual_reveal", player=msg(f"seat.{action.seat}"),
                          card=msg(f"card.{card.card_id}"),
                          where=zone_msg(state.zone_of(iid))), manual=True)

    # -- counters and numbers ------------------------------------------------------------
    def _check_counter(self, state: GameState, action: Action) -> Change | Verdict:
        iid = _card(state, action)
        if isinstance(iid, Verdict):
            return iid
        name = _name(action.get("name"))
        if isinstance(name, Verdict):
            return name
        if name in self.rules.place_counters:  # where it stands, not a mark on it
            return Verdict.refuse("manual_counter_place", "ALL-R3", name=name)
        hidden = _on_table(state, iid)
        if hidden is not None:
            return hidden
        delta = _delta(action.get("delta"))
        if isinstance(delta, Verdict):
            return delta
        if delta < 0 and not state.cards[iid].counters.get(name, 0):
            return Verdict.refuse("manual_counter_none", "ALL-R3",
                                  counter=counter_word(self.rules.game_id, name))
        return Change(iid, name, delta)

    def _counter(self, state: GameState, action: Action, change: Change) -> None:
        counters = state.cards[change.iid].counters
        now = max(0, counters.get(change.name, 0) + change.delta)
        if now:
            counters[change.name] = now
        else:
            counters.pop(change.name, None)
        key = "log.manual_counter_add" if change.delta > 0 else "log.manual_counter_remove"
        _log_card(state, key, change.iid, player=msg(f"seat.{action.seat}"),
                  n=abs(change.delta), counter=counter_word(self.rules.game_id, change.name),
                  now=now)

    @staticmethod
    def _check_modify(state: GameState, action: Action) -> Change | Verdict:
        iid = _card(state, action)
        if isinstance(iid, Verdict):
            return iid
        stat = _name(action.get("stat"))
        if isinstance(stat, Verdict):
            return stat
        hidden = _on_table(state, iid)
        if hidden is not None:
            return hidden
        delta = _delta(action.get("delta"))
        if isinstance(delta, Verdict):
            return delta
        return Change(iid, stat, delta)

    def _modify(self, state: GameState, action: Action, change: Change) -> None:
        zone = state.zone_of(change.iid)
        kept: list[Modifier] = []
        total = change.delta
        for m in modifiers(state):
            if m.iid == change.iid and m.stat == change.name:
                total += m.delta  # one modifier per card and number: they add up
            else:
                kept.append(m)
        if total:
            kept.append(Modifier(change.iid, change.name, total, zone, state.turn))
        _set_modifiers(state, tuple(kept))
        _log_card(state, "log.manual_modify", change.iid, player=msg(f"seat.{action.seat}"),
                  stat=stat_word(self.rules.game_id, change.name), delta=f"{change.delta:+d}",
                  total=f"{total:+d}")

    # -- piles ---------------------------------------------------------------------------
    def _check_shuffle(self, state: GameState, action: Action) -> str | Verdict:
        """A pile to shuffle: a hidden one (a deck) of two cards or more (ALL-R3). An
        open row or pile (characters, a discard pile) and a hand lie in an order
        every seat that sees them knows, as on a real table: nothing to shuffle."""
        zone = action.get("zone")
        if not isinstance(zone, str) or zone not in state.zones:
            return Verdict.refuse("no_such_zone")
        cards = state.zones[zone].cards
        if any(self.rules.place_of(state, iid) is not None for iid in cards):
            return Verdict.refuse("manual_shuffle_places", "ALL-R3")  # a grid, slots
        if state.zones[zone].visibility is not Visibility.NOBODY:
            return Verdict.refuse("manual_shuffle_open", "ALL-R3", zone=zone_msg(zone))
        if len(cards) < 2:
            return Verdict.refuse("manual_shuffle_too_few", "ALL-R3")
        return zone

    def _shuffle(self, state: GameState, action: Action, zone: str) -> None:
        state.shuffle(zone)  # everyone forgets where a known card lies (ALL-H3)
        cards = set(state.zones[zone].cards)
        for iid in cards:  # marks fall off shuffled cards, or they would follow them
            counters = state.cards[iid].counters
            for name in [n for n in counters if n not in self.rules.place_counters]:
                del counters[name]
        _set_modifiers(state, tuple(m for m in modifiers(state) if m.iid not in cards))
        state.add_log(msg("log.manual_shuffle", player=msg(f"seat.{action.seat}"),
                          zone=zone_msg(zone)), manual=True)

    @staticmethod
    def _check_look(state: GameState, action: Action) -> Top | Verdict:
        found = _own_pile(state, action, agreed=False)
        return found if isinstance(found, Verdict) else Top(*found)

    @staticmethod
    def _look(state: GameState, action: Action, top: Top) -> None:
        seat = action.seat
        cards = _top(state, top.zone, top.n)
        for iid in cards:
            state.cards[iid].known_to.add(seat)  # only this seat (ALL-H1: a barrier)
        names = tuple(msg(f"card.{state.cards[i].card_id}") for i in cards)
        player, zone = msg(f"seat.{seat}"), zone_msg(top.zone)
        state.add_log(msg("log.manual_look", player=player, n=top.n, zone=zone),
                      {seat: msg("log.manual_look_own", player=player, n=top.n, zone=zone,
                                 cards=names)}, manual=True)

    @staticmethod
    def _check_reveal_top(state: GameState, action: Action) -> Top | Verdict:
        found = _own_pile(state, action, agreed=True)
        if isinstance(found, Verdict):
            return found
        zone, n = found
        if all(len(state.seen_by(i)) == state.seats for i in _top(state, zone, n)):
            return Verdict.refuse("manual_reveal_nothing_hidden", "ALL-H2")
        return Top(zone, n)

    @staticmethod
    def _reveal_top(state: GameState, action: Action, top: Top) -> None:
        cards = _top(state, top.zone, top.n)
        for iid in cards:
            state.cards[iid].known_to = set(range(state.seats))
        state.add_log(msg("log.manual_reveal_top", player=msg(f"seat.{action.seat}"),
                          n=top.n, zone=zone_msg(top.zone),
                          cards=tuple(msg(f"card.{state.cards[i].card_id}") for i in cards)),
                      manual=True)

    # -- phases ---------------------------------------------------------------------------
    def _next_phase(self, state: GameState) -> Action:
        return Action.make("next_phase", self.rules.acting_seat(state))

    def _check_end_phase(self, state: GameState, action: Action) -> Prepared[Any] | Verdict:
        if state.game_over:
            return Verdict.refuse("game_over")
        return self.rules.prepare(state, self._next_phase(state))

    def _end_phase(self, state: GameState, action: Action, prepared: Prepared[Any]) -> None:
        phase = state.phase
        key = f"phase.{self.rules.game_id}.{phase}"
        state.add_log(msg("log.manual_end_phase", player=msg(f"seat.{action.seat}"),
                          phase=msg(key) if has_text(key) else phase), manual=True)
        self.rules.apply(state, prepared.action, prepared)


#: One :class:`FreeMode` per rules object (handlers are built once).
_BY_RULES: weakref.WeakKeyDictionary[GameRules, FreeMode] = weakref.WeakKeyDictionary()


def _free_mode(rules: GameRules) -> FreeMode:
    found = _BY_RULES.get(rules)
    if found is None:
        found = _BY_RULES[rules] = FreeMode(rules)
    return found


def prepare(rules: GameRules, state: GameState, action: Action) -> Prepared[Any] | Verdict:
    """``action`` (a free-mode kind) checked for ``rules``' game: see :meth:`FreeMode.prepare`."""
    return _free_mode(rules).prepare(state, action)


def carry_out(rules: GameRules, state: GameState, action: Action,
              prepared: Prepared[Any] | None = None) -> None:
    """Carry out a legal free-mode ``action``: see :meth:`FreeMode.carry_out`."""
    _free_mode(rules).carry_out(state, action, prepared)
