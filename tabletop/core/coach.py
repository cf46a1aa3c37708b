"""The coach line: who acts now, in which role, what they can do, what is lit (issue 12 §1).

Built once for every game from what the rules already know: the acting seat
(:meth:`GameRules.acting_seat`), the phase, step and pending decision, and the
seat's :meth:`GameRules.legal_actions` grouped by kind. The words are catalogue
data, per game (``assets/i18n/<game>coach_<lang>.toml``), looked up by the
*situation* of the table, from the most specific name to the least:

* with a pending decision: ``<phase>-<step>-<decision>``, ``<phase>-<decision>``,
  ``<decision>``;
* without: ``<phase>-<step>``, ``<phase>``;

each tried first with ``-idle`` appended when the seat can only move on
(:data:`MOVE_ON_KINDS`). Keys (``coach.<game>.`` + ...):

* ``what.<situation>``: what the acting seat can do now, one or two sentences;
  parameters ``n`` (lit pieces), ``min``/``max`` (a decision's counts) and ``can``:
  the sentences ``can.<situation>-<kind>`` / ``can.<kind>`` of the kinds of its legal
  actions now, joined (so "{can} Next phase (N) starts the battle." names only what
  is possible now);
* ``doing.<situation>``: what the acting seat is doing, for the seat that waits
  ("choosing Foe Moves");
* ``role.<situation>-active`` / ``-other`` (also ``role.active`` / ``role.other``):
  the role of the active seat or the other one ("as the enemy"); none: no role;
* ``cover.<situation>-active`` / ``-other`` (also ``cover.active`` / ``cover.other``):
  what the hand-over cover tells the seat taking over ("Player 2: you are the enemy
  this turn"), parameter ``player``; none: the cover names no role;
* ``warn.<situation>-<kind or option>`` / ``warn.<kind or option>``: a warning shown
  while that action kind (or decision option) ends a phase or turn and the seat has
  something else it could still do.

A situation without words of its own falls back to ``coach.generic.*`` (tests fail
when a seeded bot game reaches one: :func:`uses_fallback`).

The line is for the seat at the computer and reads only what that seat may know:
lit pieces are view ids (:func:`tabletop.core.view.view_id`), the progress (the
acting seat's, the one ``who`` names) comes from :meth:`GameRules.coach_progress`
over ``view_for(state, seat)``, and no text
names a card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.core.model import GameState
from tabletop.core.rules import GameRules
from tabletop.core.view import view_for, view_id
from tabletop.i18n import has_text

__all__ = ["CARD_ARGS", "MOVE_ON_KINDS", "CoachLine", "action_cards", "coach_line",
           "cover_role", "playback_line", "situations", "uses_fallback"]

#: Action kinds that only move the game on (end a phase or the turn): a seat whose legal
#: actions are all of these is *idle* (the ``-idle`` situation words).
MOVE_ON_KINDS = frozenset({"next_phase", "end_turn"})

#: Action arguments that name card instances (ints or lists of ints), in every game's
#: actions. Other arguments (a square, a slot, a cost, a place) are never cards.
CARD_ARGS = frozenset({"card", "cards", "target", "attackers", "foe", "character", "holder",
                       "weapon", "onto", "consume"})

_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class CoachLine:
    """What the coach panel says to the seat at the computer (issue 12 §1).

    ``who``: the acting seat and its role ("Player 2, as the enemy"); ``what``: one or
    two sentences, what it can do now (or, for a seat that waits, what the other one
    is doing); ``lit``: view ids (:mod:`tabletop.core.view`) of the pieces that can act
    now; ``warnings``: before irreversible steps; ``progress``: win progress as that
    seat may see it, of the seat ``who`` names ("Renown 12 / 40 · rival 8 / 40").
    """

    who: Message
    what: Message
    lit: frozenset[int]
    warnings: tuple[Message, ...] = ()
    progress: tuple[Message, ...] = ()


def _ints(value: Any) -> Iterable[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _ints(item)


def action_cards(state: GameState, action: Action) -> set[int]:
    """The card instances an action names: its :data:`CARD_ARGS` and, for ``decide``,
    the instance ids in its chosen options (``"12"``, ``"12>7"``, ``"left@12"``)."""
    found: set[int] = set()
    for name, value in action.args:
        if name in CARD_ARGS:
            found.update(i for i in _ints(value) if i in state.cards)
    if action.kind == "decide":
        for option in action.get("choice", ()) or ():
            found.update(int(n) for n in _NUMBER.findall(str(option))
                         if int(n) in state.cards)
    return found


def lit_copies(rules: GameRules, state: GameState, actions: Iterable[Action],
               lit: set[int]) -> set[int]:
    """The other copies, in the same zone, of each card an action plays (its ``card``)
    for which that action, made with the copy, is accepted too: a game may list one
    copy per card id (copies are interchangeable), yet whichever copy the player picks
    up is playable, so each glows (issue 15 QA: the second Battle Fury did not)."""
    found: set[int] = set()
    tried: set[int] = set()
    for action in actions:
        card = action.get("card")
        if not isinstance(card, int) or card in tried or card not in state.cards:
            continue
        tried.add(card)
        zone, cid = state.zone_of(card), state.cards[card].card_id
        if zone not in state.zones:
            continue
        for other in state.zones[zone].cards:
            if other in lit or other in found or state.cards[other].card_id != cid:
                continue
            copy = Action.make(action.kind, action.seat, **{**dict(action.args), "card": other})
            if rules.check(state, copy).ok:
                found.add(other)
    return found


def situations(state: GameState, idle: bool = False) -> list[str]:
    """The situation names of the table now, most specific first (see the module doc)."""
    phase, step = str(state.phase), str(state.step)
    pending = state.pending
    names: list[str] = []
    if pending is not None:
        kind = str(pending.kind)
        if step:
            names.append(f"{phase}-{step}-{kind}")
        names += [f"{phase}-{kind}", kind]
    else:
        if step:
            names.append(f"{phase}-{step}")
        names.append(phase)
    if idle:
        names = [f"{n}-idle" for n in names] + names
    return names


def _find(game: str, part: str, names: Iterable[str]) -> str | None:
    for name in names:
        key = f"coach.{game}.{part}.{name}"
        if has_text(key):
            return key
    return None


def _role(game: str, state: GameState, seat: int, names: list[str]) -> Message | None:
    side = "active" if seat == state.active else "other"
    places = [*names, str(state.phase)]
    key = _find(game, "role", [f"{n}-{side}" for n in places] + [side])
    return msg(key) if key else None


def cover_role(rules: GameRules, state: GameState, seat: int) -> Message | None:
    """What the hand-over cover says to ``seat`` taking over the computer now: its role
    in the game's words ("Player 2: you are the enemy this turn"), or None when the game
    has no words for this moment. Reads only public facts (phase, step, decision kind,
    whose turn it is)."""
    game = rules.game_id
    side = "active" if seat == state.active else "other"
    names = situations(state) + [str(state.phase)]
    key = _find(game, "cover", [f"{n}-{side}" for n in names] + [side])
    return msg(key, player=seat_msg(seat)) if key else None


def _who(game: str, state: GameState, seat: int, names: list[str]) -> Message:
    role = _role(game, state, seat, names)
    if role is None:
        return msg("coach.who", player=seat_msg(seat))
    return msg("coach.who_role", player=seat_msg(seat), role=role)


def _can(game: str, actions: list[Action], names: list[str]) -> Message:
    """What the seat can do now: one sentence per kind of its legal actions (the game's
    ``can.<situation>-<kind>`` / ``can.<kind>`` words; kinds without words, and the
    moves on, left out), in the order the rules list them, joined (``coach.then``)."""
    found: list[Message] = []
    for kind in dict.fromkeys(a.kind for a in actions if a.kind not in MOVE_ON_KINDS):
        key = _find(game, "can", [f"{n}-{kind}" for n in names] + [kind])
        if key is not None:
            found.append(msg(key))
    if not found:
        return msg("coach.nothing")
    joined = found[0]
    for sentence in found[1:]:
        joined = msg("coach.then", first=joined, rest=sentence)
    return joined


def _warnings(game: str, actions: list[Action], names: list[str]) -> tuple[Message, ...]:
    """The warnings of the moves that end something (those with ``warn`` words) while
    the seat could still do something else (a move without such words)."""
    moves: list[str] = []
    for action in actions:
        if action.kind == "decide":
            moves += [str(o) for o in action.get("choice", ()) or ()]
        else:
            moves.append(action.kind)
    warned: dict[str, Message] = {}
    for move in dict.fromkeys(moves):
        key = _find(game, "warn", [f"{n}-{move}" for n in names] + [move])
        if key is not None:
            warned[move] = msg(key)
    if all(move in warned for move in moves):
        return ()
    return tuple(dict.fromkeys(warned.values()))


def coach_line(rules: GameRules, state: GameState, seat: int) -> CoachLine:
    """The coach line for ``seat`` (the seat at the computer) now.

    Reads the acting seat, phase, step, pending decision and ``seat``'s legal actions;
    every text is a catalogue message (``coach.<game>.*``, else ``coach.generic.*``),
    no text names a card, and ``lit`` holds view ids as ``seat`` sees them. Never
    changes ``state``; never raises for a state of ``rules``' game.
    """
    game = rules.game_id
    view = view_for(state, seat)
    if state.game_over:
        what = (msg("coach.over_win", player=seat_msg(state.winner))
                if state.winner is not None else msg("coach.over_draw"))
        return CoachLine(msg("coach.over"), what, frozenset(), (),
                         tuple(rules.coach_progress(view, seat)))
    actor = rules.acting_seat(state)
    # The progress is the named seat's (the ``who`` line's): "Player 1, as Conan" over
    # Player 2's renown read as Player 1's (QA). The counts it reads are public, so
    # ``seat``'s view tells them for the actor too.
    progress = tuple(rules.coach_progress(view, actor))
    actions = rules.legal_actions(state, seat)
    idle = bool(actions) and all(a.kind in MOVE_ON_KINDS for a in actions)
    names = situations(state, idle)
    lit_iids: set[int] = set()
    for action in actions:
        lit_iids |= action_cards(state, action)
    lit_iids |= lit_copies(rules, state, actions, lit_iids)
    lit = frozenset(view_id(state, seat, i) for i in lit_iids)
    who = _who(game, state, actor, names)
    if actor != seat or not actions:
        key = _find(game, "doing", names)
        doing = msg(key) if key else msg("coach.generic.doing")
        return CoachLine(who, msg("coach.wait", player=seat_msg(actor), doing=doing), lit,
                         (), progress)
    pending = state.pending
    params: dict[str, Any] = {"n": len(lit), "can": _can(game, actions, names)}
    if pending is not None:
        params.update(min=pending.min_count, max=pending.max_count)
    key = _find(game, "what", names)
    if key is None:
        kinds = [msg(f"coach.kind.{k}") if has_text(f"coach.kind.{k}") else k
                 for k in dict.fromkeys(a.kind for a in actions)]
        what = msg("coach.generic.what", kinds=kinds)
    else:
        what = msg(key, **params)
    return CoachLine(who, what, lit, _warnings(game, actions, names), progress)


def playback_line(rules: GameRules, state: GameState, seat: int) -> CoachLine:
    """The coach line while the window plays back what just happened (a Conan fight,
    beat by beat), for ``seat``, from the moment shown (``state``): who acts then, that
    the moves are being played back (``coach.<game>.playback``, else ``coach.playback``),
    and the win progress as of that moment, so nothing of the result shows early."""
    game = rules.game_id
    key = f"coach.{game}.playback"
    what = msg(key if has_text(key) else "coach.playback")
    actor = rules.acting_seat(state)
    progress = tuple(rules.coach_progress(view_for(state, seat), actor))
    return CoachLine(_who(game, state, actor, situations(state)), what, frozenset(), (),
                     progress)


def uses_fallback(line: CoachLine) -> bool:
    """Does ``line`` use the generic words (a situation without its game's own words)?"""
    doing = dict(line.what.params).get("doing")
    keys = [line.what.key, doing.key if isinstance(doing, Message) else ""]
    return any(k.startswith("coach.generic.") for k in keys)
