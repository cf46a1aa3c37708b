"""Card abilities in play (issue 15): triggers fired at their moments, their targets
asked, effects kept in force, continuous power modifiers and printed victory
conditions. Every word is read through :data:`abilities.VOCABULARY`, the one path
for effects.

* :func:`fire` queues the abilities a moment triggers (``on_place``, ``on_attack``,
  ...; in the order the moments are given, each card's abilities in printed order),
  then :func:`run` resolves them one by one: conditions checked at resolution, a
  target chosen by the card's owner in the ``target`` decision when there are more
  legal targets than it takes (ESHI-H9), then what the turn does next
  (:class:`~data.Resume`).
* An ability with a duration puts its effects in force as
  :class:`~tabletop.core.abilities.Active` records (``EshiData.actives``), ended by
  :func:`tick` at the end of a combat, of a turn, and when a card leaves the grid.
* ``while_on_grid`` abilities are continuous: :func:`power_modifier` and
  :func:`check_card_victories` read them when asked; nothing is recorded.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from tabletop.core.abilities import Ability, Active, Boundary, Duration, Use, Vocabulary, tick
from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.effect_end_log import log_duration_ends
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.eshi100 import board, outcome
from tabletop.games.eshi100.abilities import (
    CONTINUOUS,
    VOCABULARY,
    Ctx,
    describe,
    effect_words,
    power_per,
)
from tabletop.games.eshi100.data import (
    DecisionKind,
    PendingAttack,
    Queued,
    Resume,
    Step,
    eshi_data,
)
from tabletop.games.eshi100.words import inst_msg, reorient, seat_msg
from tabletop.games.eshi100.zones import GRID, SEATS

__all__ = ["apply_target", "check_card_victories", "check_target", "fire", "grid_sources",
           "left_grid", "power_modifier", "run", "tick_boundary"]


def ctx_of(state: GameState, db: CardDb, iid: int) -> Ctx:
    """The context of the abilities of card ``iid`` (its owner acts)."""
    return Ctx(state, db, state.cards[iid].owner, iid)


def grid_sources(state: GameState, db: CardDb) -> list[int]:
    """Grid cards that print abilities, in square order (player 1's numbering)."""
    # Most grid cards print none: look for them before building the square map.
    cards = state.cards
    if not any(db[cards[iid].card_id].abilities for iid in state.zones[GRID].cards):
        return []
    on = board.occupants(state)
    return [on[q] for q in sorted(on) if db[cards[on[q]].card_id].abilities]


# -- triggered abilities -------------------------------------------------------------------

def fire(state: GameState, db: CardDb, moments: Iterable[tuple[int, str]], then: Resume,
         match: dict[str, str] | None = None) -> None:
    """Queue the abilities each ``(card, trigger)`` moment triggers, resolve them, then
    carry on as ``then`` says (at once when nothing waits for a target). ``match``
    filters trigger parameters (``start_of_turn``'s ``whose``, from each card's side)."""
    data = eshi_data(state)
    queued = list(data.queue)
    for iid, trigger in moments:
        abilities = db[state.cards[iid].card_id].abilities
        for ability in Vocabulary.triggered(abilities, trigger):
            if match is not None and not _matches(state, iid, ability.when, match):
                continue
            queued.append(Queued(iid, ability.index, state.cards[iid].owner))
    data.queue = tuple(queued)
    data.then = then
    run(state, db)


def _matches(state: GameState, iid: int, when: Use, match: dict[str, str]) -> bool:
    turn_seat = int(match.get("turn_seat", state.active))
    whose = str(when.get("whose", "own"))
    return (whose == "own") == (state.cards[iid].owner == turn_seat)


def run(state: GameState, db: CardDb) -> None:
    """Resolve the queued abilities in order; stop at one that asks for its target
    (the ``target`` decision); when the queue is empty, :func:`resume` the turn."""
    data = eshi_data(state)
    while data.queue:
        if state.game_over:
            data.queue, data.then = (), None
            return
        item, data.queue = data.queue[0], data.queue[1:]
        ability = db[state.cards[item.source].card_id].abilities[item.index]
        ctx = Ctx(state, db, item.seat, item.source)
        if not VOCABULARY.holds(ctx, ability):
            continue
        if ability.whom is None:
            _apply(ctx, ability, ())
            continue
        legal = legal_targets(ctx, ability)
        if not legal:
            _log(ctx, ability, "log.eshi100.ability_no_target")
            continue
        count = ability.whom.number("count", 1)
        if ability.whom.get("all") or ability.whom.word == "battle_foe" or len(legal) <= count:
            _apply(ctx, ability, legal)
            continue
        data.choosing = item
        state.step = Step.TARGET
        state.pending = Decision(item.seat, DecisionKind.TARGET,
                                 msg("decision.eshi100.target", player=seat_msg(item.seat),
                                     card=inst_msg(state, item.source), n=count,
                                     text=describe(ability, item.seat)),
                                 tuple(str(i) for i in legal), count, count)
        return
    then, data.then = data.then, None
    if then is not None and not state.game_over:
        resume(state, db, then)


def legal_targets(ctx: Ctx, ability: Ability) -> list[int]:
    """The targets ``ability`` may take now: its ``whom`` word's candidates that every
    effect's check accepts (what lights up in the ``target`` decision)."""
    return [c for c in VOCABULARY.candidates(ctx, ability)
            if VOCABULARY.check(ctx, ability, [c]).ok]


def check_target(state: GameState, db: CardDb, choice: Sequence[str]) -> tuple[int, ...] | Verdict:
    """The ``target`` decision's answer (options already checked as offered): the
    targets, or the effects' refusal."""
    item = eshi_data(state).choosing
    assert item is not None  # the decision exists only while an ability waits
    ability = db[state.cards[item.source].card_id].abilities[item.index]
    targets = tuple(int(c) for c in choice)
    verdict = VOCABULARY.check(Ctx(state, db, item.seat, item.source), ability, targets)
    return targets if verdict.ok else verdict


def apply_target(state: GameState, db: CardDb, targets: tuple[int, ...]) -> None:
    """Resolve the waiting ability on the chosen targets, then the rest of the queue."""
    data = eshi_data(state)
    item = data.choosing
    assert item is not None
    data.choosing = None
    state.pending = None
    state.step = Step.NONE
    ability = db[state.cards[item.source].card_id].abilities[item.index]
    _apply(Ctx(state, db, item.seat, item.source), ability, targets)
    run(state, db)


def target_combinations(options: Sequence[str], count: int, cap: int) -> list[list[str]]:
    """Every choice of ``count`` of the ``target`` decision's options (at most ``cap``)."""
    return [list(c) for c in itertools.islice(itertools.combinations(options, count), cap)]


def _apply(ctx: Ctx, ability: Ability, targets: Sequence[int]) -> None:
    """Carry out ``ability`` on ``targets``: instant effects resolve, lasting ones are
    put in force (a power modifier counted by ``per`` is counted now)."""
    _log(ctx, ability, "log.eshi100.ability")
    if ability.how_long.duration is Duration.INSTANT:
        VOCABULARY.resolve(ctx, ability, targets)
        return
    data = eshi_data(ctx.state)
    on = tuple(targets) if targets else (ctx.source,)
    added = []
    for use in ability.what:
        if use.word == "power":
            use = Use("power", {"amount": use.number("amount") * power_per(ctx, use["per"]),
                                "per": "none"})
        added.append(Active.start(ctx.source, ctx.seat, use, on, ability.how_long))
    data.actives = data.actives + tuple(added)


def _log(ctx: Ctx, ability: Ability, key: str) -> None:
    """Log ``key`` with the ability's words, squares named for each reader."""
    text = describe(ability, ctx.seat)
    name = inst_msg(ctx.state, ctx.source)
    lines = {seat: msg(key, card=name, text=reorient(text, ctx.seat, seat)) for seat in SEATS}
    ctx.state.add_log(lines[0], private=lines)


#: How the turn goes on after a moment's abilities, by where it stopped: each module of
#: the turn registers its own step (:func:`on_resume`), so this one imports none of them.
_RESUMES: dict[Resume, Callable[[GameState, CardDb], None]] = {}


def on_resume(then: Resume, step: Callable[[GameState, CardDb], None]) -> None:
    """Register ``step`` as the way the turn goes on at ``then`` (once per Resume)."""
    if then in _RESUMES:
        raise ValueError(f"resume {then} registered twice")
    _RESUMES[then] = step


def resume(state: GameState, db: CardDb, then: Resume) -> None:
    """Carry on with the turn once a moment's abilities are resolved."""
    step = _RESUMES.get(then)
    if step is not None:
        step(state, db)


# -- effects in force ----------------------------------------------------------------------

def tick_boundary(state: GameState, boundary: Boundary, turn_seat: int = -1,
                  left: Iterable[int] = ()) -> None:
    """End the effects in force that end at ``boundary`` (abilities.tick)."""
    data = eshi_data(state)
    if data.actives:
        data.actives, ended = tick(data.actives, boundary, turn_seat, frozenset(left))
        if boundary is not Boundary.LEFT_PLAY:  # a duration ran out: said (ALL-H7)
            log_duration_ends(state, VOCABULARY, ended, boundary,
                              lambda active: effect_words(active.effect, active.owner))


def left_grid(state: GameState, cards: Iterable[int]) -> None:
    """Cards left the grid: effects they keep in force while on it end, and effects
    on them (ESHI-H9)."""
    tick_boundary(state, Boundary.LEFT_PLAY, left=cards)


def power_modifier(state: GameState, db: CardDb, iid: int) -> int:
    """The sum of the power modifiers on card ``iid`` now (各種修正): effects in force
    on it, and every continuous ``power`` of a grid card whose conditions hold and
    whose targets (without ``whom``: the card itself) include it."""
    total = 0
    for active in eshi_data(state).actives:
        if (active.effect.word == "power" and iid in active.targets
                and _in_force(state, active)):
            total += active.effect.number("amount")
    for source in grid_sources(state, db):
        ctx = ctx_of(state, db, source)
        for ability in Vocabulary.triggered(db[state.cards[source].card_id].abilities,
                                            CONTINUOUS):
            uses = [u for u in ability.what if u.word == "power"]
            if not uses or not VOCABULARY.holds(ctx, ability):
                continue
            on = VOCABULARY.candidates(ctx, ability) if ability.whom is not None else [source]
            if iid in on:
                total += sum(u.number("amount") * power_per(ctx, u["per"]) for u in uses)
    return total


def _in_force(state: GameState, active: Active) -> bool:
    """Is ``active`` still in force? A ``while_in_play`` effect needs its source on the
    grid (a card moved off by hand in free mode ends it as leaving play would)."""
    return (active.lasting.duration is not Duration.WHILE_IN_PLAY
            or state.zone_of(active.source) == GRID)


def with_defender(state: GameState, defender: int | None) -> PendingAttack | None:
    """Read the battle with ``defender`` as its defence card, for a preview; returns
    the battle as it was, for :func:`restore_battle`."""
    data = eshi_data(state)
    old = data.attack
    if old is not None and old.defender != defender:
        data.attack = replace(old, defender=defender)
    return old


def restore_battle(state: GameState, old: PendingAttack | None) -> None:
    """Put back the battle :func:`with_defender` replaced."""
    eshi_data(state).attack = old


# -- victory conditions printed on cards ---------------------------------------------------

def check_card_victories(state: GameState, db: CardDb) -> None:
    """Seed 勝利条件 (特定カードに記載された勝利条件): a continuous ``win`` of a grid card
    whose conditions hold wins for its owner; both players at once: a draw (ESHI-H8)."""
    if state.game_over:
        return
    winners: dict[int, Message] = {}
    for source in grid_sources(state, db):
        ctx = ctx_of(state, db, source)
        for ability in Vocabulary.triggered(db[state.cards[source].card_id].abilities,
                                            CONTINUOUS):
            if (any(u.word == "win" for u in ability.what) and ctx.seat not in winners
                    and VOCABULARY.holds(ctx, ability)):
                winners[ctx.seat] = inst_msg(state, source)
    if len(winners) == 2:
        state.end_game(None)
        state.pending = None
        state.add_log(msg("log.eshi100.card_victory_both"))
    elif winners:
        seat, card = next(iter(winners.items()))
        outcome.card_victory(state, seat, card)
