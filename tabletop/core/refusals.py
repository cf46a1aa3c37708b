"""The refusals every turn-based game's ``check`` makes alike, before its own rules.

A game names its reason codes once in :class:`CommonRefusals`; :func:`check_turn`
and :func:`check_choice` give the same answers in every game that uses them.
Their words are shared (``refusal.common.*`` in ``core_<lang>.toml``), so a
newcomer reads the same sentence in every game, and every one of them carries an
``instead`` parameter: what the refused seat can do now (wait for whom, which
options, in which phase). Options are named in words by :func:`option_words`,
never by their ids. :func:`wrong_phase` is the shared "not in this phase"
refusal that also says when the action can be done.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from dataclasses import astuple, dataclass
from typing import Any

from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.core.model import GameState
from tabletop.i18n import has_text

#: Options that pair two cards: Arc's ``"B>A"`` (B blocks A), ``"C@T"`` (C on T).
_PAIR = re.compile(r"(\d+)([^\w\s])(\d+)")
_WORD = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class CommonRefusals:
    """A game's reason codes for the common refusals (e.g. ``"arc.game_over"``)."""

    game_over: str
    unknown_action: str
    decision_pending: str
    no_decision: str
    not_your_turn: str
    bad_choice: str
    choice_count: str
    #: When another seat than the active one may act (Conan's enemy): the code for
    #: a move of the wrong seat then; "" means ``not_your_turn`` serves for both.
    other_acts: str = ""

    @classmethod
    def of_game(cls, game: str, other_acts: str = "") -> CommonRefusals:
        """The codes ``"<game>.game_over"``, ``"<game>.unknown_action"``... that every
        game names alike (``game``: its id, e.g. ``"arc"``); ``other_acts`` as above."""
        return cls(f"{game}.game_over", f"{game}.unknown_action", f"{game}.decision_pending",
                   f"{game}.no_decision", f"{game}.not_your_turn", f"{game}.bad_choice",
                   f"{game}.choice_count", other_acts)

    def codes(self) -> tuple[str, ...]:
        """Every code, for catalogue checks."""
        return tuple(code for code in astuple(self) if code)


def refusal(code: str, key: str, rule: str = "", **params: Any) -> Verdict:
    """A refusal with reason ``code`` worded by the shared text ``refusal.common.<key>``.

    The reason code stays the game's own (tests and scenario files assert on
    it); only the words are shared.
    """
    return Verdict(False, code, msg(f"refusal.common.{key}", **params), rule)


def option_words(rules: Any, state: GameState, decision: Decision, option: str) -> Message:
    """One option of ``decision`` in words, as the deciding seat may read it.

    Asks the game first (``rules.describe_option``, when it returns a Message);
    otherwise: a word option by its catalogue name (``option.<game>.<word>``,
    ``option.<word>``, ``button.<word>``, ``zone.<word>``), a card's instance id
    by the card's name (or "a hidden card" when the deciding seat cannot see it),
    two ids joined by a sign (``"9>10"``) as both names. Never the raw id, never
    raises.
    """
    describe = getattr(rules, "describe_option", None)
    if describe is not None:
        words = describe(state, decision, option)
        if isinstance(words, Message):
            return words
    pair = _PAIR.fullmatch(option)
    if pair is not None:
        return msg("option.pair", first=_card_words(state, decision.seat, int(pair.group(1))),
                   second=_card_words(state, decision.seat, int(pair.group(3))))
    if option.isdigit():
        return _card_words(state, decision.seat, int(option))
    if _WORD.fullmatch(option):
        game = getattr(rules, "game_id", "")
        for key in (f"option.{game}.{option}", f"option.{option}", f"button.{option}",
                    f"zone.{option}"):
            if has_text(key):
                return msg(key)
        return msg("option.word", word=option.replace("_", " "))
    return msg("option.unnamed")


def _card_words(state: GameState, seat: int, iid: int) -> Message:
    card = state.cards.get(iid)
    if card is None:
        return msg("option.unnamed")
    if not state.visible_to(iid, seat):
        return msg("core.hidden_card")
    return msg(f"card.{card.card_id}")


def options_words(rules: Any, state: GameState, decision: Decision) -> Message:
    """Every option of ``decision`` in words, as one list ("Keep, Mulligan")."""
    words = tuple(option_words(rules, state, decision, o) for o in decision.options)
    return msg("refusal.common.options", options=words, n=len(words))


def count_words(decision: Decision) -> Message:
    """How many options ``decision`` takes, in words: "one option", "exactly 2 options",
    "up to 2 options (or none)", "2 to 3 options"."""
    low, high = decision.min_count, decision.max_count
    if low == high:
        return msg("refusal.common.count_exactly", n=low)
    if low == 0:
        return msg("refusal.common.count_up_to", n=high)
    return msg("refusal.common.count_range", min=low, max=high)


def check_turn(state: GameState, action: Action, kinds: Container[str],
               codes: CommonRefusals, rules: Any = None,
               actor: int | None = None) -> Verdict | None:
    """Refuse an action in a finished game, of an unknown kind, or out of turn.

    Out of turn: anything but the pending decision's seat answering it with
    ``decide``; ``decide`` with nothing pending; an action of a seat other than
    the active one. Returns the refusal, or None: then the action is either a
    ``decide`` answering ``state.pending`` (the game checks the choice) or, with
    nothing pending, an action of the active seat. Each refusal says what the
    seat can do instead; the deciding seat trying something else is told to
    answer its own question first, naming the options in words (through
    ``rules``, see :func:`option_words`). ``actor`` is the seat that may act when
    nothing is pending (default: the active seat; Conan's enemy acts inside the
    other player's turn): another seat is refused with ``codes.not_your_turn``, or
    ``codes.other_acts`` when set and the actor is not the active seat. Never raises.
    """
    if state.game_over:
        return refusal(codes.game_over, "game_over", instead=msg("refusal.common.to_menu"))
    if action.kind not in kinds:
        return refusal(codes.unknown_action, "unknown_action", kind=action.kind,
                       instead=msg("refusal.common.use_table"))
    pending = state.pending
    if pending is not None:
        if action.seat == pending.seat and action.kind != "decide":
            # The seat being waited for is the one acting: telling it to wait for
            # itself is what newcomers could not read.
            return refusal(codes.decision_pending, "answer_first", prompt=pending.prompt,
                           count=count_words(pending),
                           instead=options_words(rules, state, pending))
        if action.seat != pending.seat:
            return refusal(codes.decision_pending, "decision_pending",
                           player=seat_msg(pending.seat),
                           instead=msg("refusal.common.wait_for", player=seat_msg(pending.seat)))
        return None
    if action.kind == "decide":
        return refusal(codes.no_decision, "no_decision",
                       instead=msg("refusal.common.play_on"))
    seat = state.active if actor is None else actor
    if action.seat != seat:
        code = codes.other_acts if codes.other_acts and seat != state.active \
            else codes.not_your_turn
        return refusal(code, "not_your_turn", player=seat_msg(seat),
                       instead=msg("refusal.common.wait_turn", player=seat_msg(seat)))
    return None


def wrong_phase(code: str, now: Message, allowed: Sequence[Message], rule: str = "") -> Verdict:
    """The refusal of an action made in phase ``now`` that the game allows only in the
    phases ``allowed`` (their names, e.g. ``msg("phase.arc.main")``), citing ``rule``.

    Worded "You can't do that in the Resource phase; it is done in the Main phase."
    """
    return refusal(code, "wrong_phase", rule, now=now,
                   instead=msg("refusal.common.in_phases", phases=tuple(allowed),
                               n=len(allowed)))


def string_choice(action: Action, ints: bool = False) -> list[str] | None:
    """The ``choice`` argument as a list of strings; None unless a list/tuple of strings.
    With ``ints``, integers (card ids; never booleans) are allowed too, as their digits."""
    raw = action.get("choice")
    if not isinstance(raw, list | tuple):
        return None
    if not ints:
        return list(raw) if all(isinstance(c, str) for c in raw) else None
    if any(isinstance(c, bool) or not isinstance(c, str | int) for c in raw):
        return None
    return [str(c) for c in raw]


def check_choice(pending: Decision, action: Action, choice: list[str] | None,
                 codes: CommonRefusals, rules: Any = None,
                 state: GameState | None = None) -> Verdict | None:
    """Refuse a ``decide`` whose parsed ``choice`` is malformed (None) or has too few/many options.

    Returns the refusal, or None when the count fits ``pending``'s bounds
    (whether each option is offered is the game's check: :func:`not_offered`).
    With ``rules`` and ``state`` the refusal names the options in words
    (:func:`option_words`); without, it says how many to choose only. Never raises.
    """
    if choice is None:
        return _choices(codes.bad_choice, "bad_choice", "", rules, state, pending)
    if not pending.min_count <= len(choice) <= pending.max_count:
        return _choices(codes.choice_count, "choice_count", "", rules, state, pending)
    return None


def not_offered(code: str, pending: Decision, rules: Any, state: GameState,
                rule: str = "") -> Verdict:
    """The refusal of an option ``pending`` does not offer: the offered ones in words
    (the refused one is not echoed: it may be any string, or name a hidden card)."""
    return _choices(code, "bad_choice", rule, rules, state, pending)


def repeated_option(code: str, pending: Decision, rules: Any, state: GameState,
                    rule: str = "") -> Verdict:
    """The refusal of a choice naming one option twice: each once, and which there are."""
    return _choices(code, "repeated", rule, rules, state, pending)


def _choices(code: str, key: str, rule: str, rules: Any, state: GameState | None,
             pending: Decision) -> Verdict:
    """``key`` naming how many options to choose and, given the state, which."""
    if state is None or not pending.options:
        return refusal(code, f"{key}_plain", rule, instead=count_words(pending))
    return refusal(code, key, rule, count=count_words(pending),
                   instead=options_words(rules, state, pending))
