"""Abilities in the rules: targets offered, plays checked, triggers fired, effects in
force read and ended (issue 15; the words are :mod:`tabletop.games.arc.abilities`).

* Playing a card fires its play trigger: ``on_play`` for an action or combat card,
  ``enters`` for a character. The one ability of that trigger with a chosen target
  takes the play's ``target`` (``play_card(target=...)``, a combat card's ``"C@T"``);
  every other ability falls on the cards its ``whom`` names, or none.
* An action or combat card may be played only while its first ability's conditions
  hold and, when it chooses a target, only on a candidate of that target; a
  character may always be played, and its ``enters`` ability then needs a target
  when one can be chosen (ARC-H9). Any other ability happens only if its own
  conditions hold as it resolves.
* ``attacks`` and ``blocked`` fire as the attack is declared and as the blocks are
  set (ARC-R5); ``always`` abilities are in force while their character is in play
  and their conditions hold (read each time, never stored).
* Lasting effects are :class:`~tabletop.core.abilities.Active` records in
  ``ArcData.actives``; :func:`end_effects` ends them at the end of a combat, of a
  turn, and when their source (``while_in_play``) or their target leaves play.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.abilities import Boundary, Part, Use, tick
from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.effect_end_log import log_duration_ends
from tabletop.core.log_targets import add_log_with_targets
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.arc.abilities import (
    VOCABULARY,
    ArcCtx,
    Trigger,
    chosen_ability,
    power_delta,
    static_uses,
    targets_for,
    triggered,
)
from tabletop.games.arc.data import arc_data
from tabletop.games.arc.words import card_msg, inst_msg
from tabletop.games.arc.zones import cdef


def play_trigger(card: CardDef) -> str:
    """The trigger playing ``card`` fires: ``enters`` for a character, else ``on_play``."""
    return Trigger.ENTERS if card.type == "character" else Trigger.ON_PLAY


def needs_target(card: CardDef) -> bool:
    """Does playing ``card`` choose a target (its play trigger has a chosen target)?"""
    return chosen_ability(card, play_trigger(card)) is not None


def effect_text(card: CardDef) -> list[Message]:
    """What playing ``card`` does, one sentence per ability of its play trigger
    (catalogue ``ability.*``; a message parameter, joined by the catalogue)."""
    return [VOCABULARY.describe(a) for a in triggered(card, play_trigger(card))]


def target_needs(card: CardDef) -> Message:
    """What a legal target of ``card`` is, in plain words (for refusals)."""
    ability = chosen_ability(card, play_trigger(card))
    if ability is None or ability.whom is None:
        return msg("ability.arc.no_target")
    return VOCABULARY.describe_use(Part.WHOM, ability.whom)


def action_targets(state: GameState, db: CardDb, seat: int, card: CardDef,
                   source: int = -1) -> list[int | None]:
    """Every target ``seat`` may choose for playing ``card`` (instance ``source``) now:
    the candidates of its chosen target, ``[None]`` when it chooses none (or, for a
    character, when nothing can be chosen); ``[]`` when an action or combat card has
    nothing to aim at or its first ability's conditions fail (ARC-H9)."""
    trigger = play_trigger(card)
    first = next(iter(triggered(card, trigger)), None)
    if first is not None and trigger == Trigger.ON_PLAY and not VOCABULARY.holds(
            ArcCtx(state, db, seat, source, first.how_long), first):
        return []
    ability = chosen_ability(card, trigger)
    if ability is None:
        return [None]
    found: list[int | None] = list(VOCABULARY.candidates(
        ArcCtx(state, db, seat, source, ability.how_long), ability))
    if not found and card.type == "character":
        return [None]
    return found


def check_play_target(state: GameState, db: CardDb, seat: int, iid: int,
                      target: object) -> Verdict:
    """Is ``target`` (an instance id or None) right for playing hand card ``iid``?
    Refusal codes: ``arc.condition_unmet``, ``arc.target_needed``, ``arc.bad_target``,
    ``arc.no_target_now`` (no candidate anywhere), ``arc.no_target_needed`` (ARC-H9)."""
    card = cdef(state, db, iid)
    trigger = play_trigger(card)
    first = next(iter(triggered(card, trigger)), None)
    if first is not None and trigger == Trigger.ON_PLAY:
        ctx = ArcCtx(state, db, seat, iid, first.how_long)
        failed = next((u for u in first.conditions if not _holds(ctx, u)), None)
        if failed is not None:
            return Verdict.refuse("arc.condition_unmet", "ARC-H9", card=card_msg(card.id),
                                  cond=VOCABULARY.describe_use(Part.IF, failed))
    ability = chosen_ability(card, trigger)
    if ability is None:
        if target is None:
            return Verdict.legal()
        return Verdict.refuse("arc.no_target_needed", "ARC-H9", card=card_msg(card.id))
    legal = action_targets(state, db, seat, card, iid)
    if target is None:
        if None in legal:
            return Verdict.legal()
        return Verdict.refuse("arc.target_needed", "ARC-H9", card=card_msg(card.id),
                              needs=target_needs(card))
    if target not in legal:
        # none anywhere: "can't be used now", not "not on that card" (QA15b #7)
        code = "arc.bad_target" if card.type == "character" or any(
            t is not None for t in legal) else "arc.no_target_now"
        return Verdict.refuse(code, "ARC-H9", card=card_msg(card.id),
                              needs=target_needs(card))
    assert isinstance(target, int)
    return VOCABULARY.check(ArcCtx(state, db, seat, iid, ability.how_long), ability, [target])


def _holds(ctx: ArcCtx, use: Use) -> bool:
    test = VOCABULARY.spec(Part.IF, use.word).test
    return test is None or test(ctx, use)


def resolve_play(state: GameState, db: CardDb, seat: int, iid: int, target: int | None,
                 trigger: str | None = None, log: bool = False) -> None:
    """Carry out ``iid``'s abilities of ``trigger`` (default: its play trigger) for
    ``seat``: each whose conditions hold, on its targets (``target`` for the chosen
    one). With ``log`` each ability that happens is logged as the card's ability."""
    card = cdef(state, db, iid)
    trigger = trigger or play_trigger(card)
    chosen = chosen_ability(card, trigger)
    for ability in triggered(card, trigger):
        ctx = ArcCtx(state, db, seat, iid, ability.how_long)
        if not VOCABULARY.holds(ctx, ability):
            continue
        targets = targets_for(ctx, ability, target if ability is chosen else None)
        if ability.whom is not None and not targets:
            continue  # nothing to fall on (no target chosen, or none in play)
        if log:  # the chosen targets named to whoever sees them (QA15 #10)
            add_log_with_targets(state, msg("log.arc.ability", card=inst_msg(state, iid),
                                            effect=VOCABULARY.describe(ability)),
                                 [t for t in targets if t != iid])
        VOCABULARY.resolve(ctx, ability, targets)


def fire(state: GameState, db: CardDb, iids: Sequence[int], trigger: str) -> None:
    """Fire ``trigger`` (``attacks``, ``blocked``) for each character in ``iids``, for
    its owner, in that order (ARC-R5)."""
    for iid in iids:
        if iid in state.cards and triggered(cdef(state, db, iid), trigger):
            resolve_play(state, db, state.cards[iid].owner, iid, None, trigger, log=True)


def _in_play(state: GameState, iid: int) -> bool:
    return iid in state.cards and state.zone_of(iid).endswith(".characters")


def power(state: GameState, db: CardDb, iid: int) -> int:
    """Printed power plus every power change in force on ``iid`` (combat cards, lasting
    effects, static abilities), never below 0 (ARC-H3)."""
    base = cdef(state, db, iid).number("power", 0)
    delta = sum(power_delta(a.effect) for a in arc_data(state).actives if iid in a.targets)
    if _in_play(state, iid):
        delta += sum(power_delta(use) for use, targets in static_uses(state, db)
                     if iid in targets)
    return max(0, base + delta)


def under(state: GameState, db: CardDb, iid: int, word: str) -> bool:
    """Is the effect ``word`` (``unblockable``, ``cannot_block``) in force on ``iid``?"""
    if any(a.effect.word == word and iid in a.targets for a in arc_data(state).actives):
        return True
    return any(use.word == word and iid in targets for use, targets in static_uses(state, db))


def end_effects(state: GameState, boundary: Boundary) -> None:
    """End the effects in force that ``boundary`` ends (the active seat's turn for
    END_OF_TURN). For LEFT_PLAY, the cards that left are every source and target of an
    effect in force that is no longer in a character row."""
    data = arc_data(state)
    if not data.actives:
        return
    left: frozenset[int] = frozenset()
    if boundary is Boundary.LEFT_PLAY:
        ids = {a.source for a in data.actives} | {t for a in data.actives for t in a.targets}
        left = frozenset(i for i in ids if not _in_play(state, i))
        if not left:
            return
    kept, ended = tick(data.actives, boundary, state.active, left)
    data.actives = kept
    if boundary is not Boundary.LEFT_PLAY:  # a duration ran out: said (ALL-H7)
        log_duration_ends(state, VOCABULARY, ended, boundary)
