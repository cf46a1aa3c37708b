"""Attacks, blocks, combat cards and their resolution (ARC-R5; seed: 攻撃の処理).

One ``attack`` declaration is one combat. Its bookkeeping is the
:class:`~tabletop.games.arc.data.Combat` in :func:`~tabletop.games.arc.data.arc_data`
(attackers, (blocker, attacker) blocks, (combatant, delta) mods, answered seats).

Steps inside the attack phase (``state.step``, :class:`~tabletop.games.arc.data.Step`):
``""`` (declare), ``"block"`` (the defender's blockers decision), ``"combat_card"``
(defender first, then the attacker, each may play one combat card), then automatic
resolution and back to ``""``.

Decision option ids: blockers ``"B>A"`` (blocker B blocks attacker A), combat
cards ``"pass"`` or ``"C@T"`` (combat card C on combatant T).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.core.abilities import Boundary
from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.arc import effects
from tabletop.games.arc.abilities import Trigger
from tabletop.games.arc.data import Combat, DecisionKind, Phase, Step, arc_data, current_combat
from tabletop.games.arc.deck_moves import mill
from tabletop.games.arc.effects import action_targets, effect_text, target_needs
from tabletop.games.arc.payment import check_payment, pay
from tabletop.games.arc.words import card_msg, inst_msg, seat_msg
from tabletop.games.arc.zones import cards_in, cdef, characters, is_character, is_in, zid

PASS = "pass"


@dataclass(frozen=True)
class CombatCardAnswer:
    """A checked answer to the ``combat_card`` decision: a pass (``card`` None), or
    combat card ``card`` on ``target`` paid by tapping ``paid``."""

    card: int | None = None
    target: int | None = None
    paid: tuple[int, ...] = ()


# -- reading the combat ----------------------------------------------------------
def attackers(state: GameState) -> list[int]:
    """The attacking characters of the combat in progress."""
    data = current_combat(state)
    return list(data.attackers) if data else []


def blocks(state: GameState) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs of the combat in progress."""
    data = current_combat(state)
    return list(data.blocks) if data else []


def combatants(state: GameState, seat: int) -> list[int]:
    """``seat``'s characters in the combat: attackers for the active seat, else blockers."""
    if seat == state.active:
        return attackers(state)
    return [b for b, _ in blocks(state)]


def power(state: GameState, db: CardDb, iid: int) -> int:
    """Printed power plus every power change in force (combat cards, abilities), never
    below 0 (ARC-H3; :func:`tabletop.games.arc.effects.power`)."""
    return effects.power(state, db, iid)


# -- declaring an attack ---------------------------------------------------------------
def check_attack(state: GameState, db: CardDb, seat: int,
                 chosen: Any) -> tuple[int, ...] | Verdict:
    """ARC-R5: a nonempty set of your untapped characters, in the declare step; the
    attackers, or the refusal."""
    if state.phase != Phase.ATTACK:
        # Attacks come after the main phase, which is always still ahead here.
        return Verdict.refuse("arc.attack_phase_later", "ARC-R5",
                              phase=msg(f"phase.arc.{state.phase}"))
    if state.step != Step.DECLARE:
        return Verdict.refuse("arc.attack_after_combat", "ARC-R5")
    if not isinstance(chosen, list | tuple) or not chosen:
        return Verdict.refuse("arc.no_attackers", "ARC-R5")
    ids = list(chosen)
    for iid in ids:
        if not is_character(state, db, iid, seat):
            return Verdict.refuse("arc.not_a_character", "ARC-R5")
    if len(set(ids)) != len(ids):
        return Verdict.refuse("arc.attacker_twice", "ARC-R5")
    for iid in ids:
        if state.cards[iid].tapped:
            return Verdict.refuse("arc.tapped", "ARC-R5", card=inst_msg(state, iid))
    return tuple(int(i) for i in ids)


def apply_attack(state: GameState, db: CardDb, seat: int, chosen: tuple[int, ...]) -> None:
    """Tap the attackers, open the combat and ask the defender for blockers."""
    for iid in chosen:
        state.cards[iid].tapped = True
    arc_data(state).combat = Combat(chosen)
    state.add_log(msg("log.arc.attacks", player=seat_msg(seat),
                      cards=[inst_msg(state, i) for i in chosen]))
    effects.fire(state, db, chosen, Trigger.ATTACKS)
    state.step = Step.BLOCK
    ask_next(state, db)


# -- decisions ---------------------------------------------------------------------------
def may_block(state: GameState, db: CardDb, blocker: int, attacker: int) -> bool:
    """No effect in force stops ``blocker`` blocking or ``attacker`` being blocked."""
    return (not effects.under(state, db, blocker, "cannot_block")
            and not effects.under(state, db, attacker, "unblockable"))


def blocker_options(state: GameState, db: CardDb) -> list[str]:
    """Every ``"B>A"`` pair: an untapped defending character B on attacker A in play,
    unless an effect says B cannot block or A cannot be blocked."""
    defender = state.other(state.active)
    return [f"{b}>{a}" for b in characters(state, db, defender, ready=True)
            for a in attackers(state) if _in_play(state, a) and may_block(state, db, b, a)]


def combat_card_options(state: GameState, db: CardDb, seat: int) -> list[str]:
    """``"pass"`` and every affordable ``"C@T"`` for ``seat`` now.

    Just ``("pass",)`` when nothing is playable: the question is still asked (ARC-H5).
    """
    options = [PASS]
    for iid in cards_in(state, seat, "hand"):
        card = cdef(state, db, iid)
        if card.type != "combat" or not check_payment(state, db, seat, card, None, iid)[0]:
            continue
        options += [f"{iid}@{t}" for t in combat_targets(state, db, seat, iid)]
    return options


def combat_targets(state: GameState, db: CardDb, seat: int, iid: int) -> list[int]:
    """Legal targets of combat card ``iid`` for ``seat``: the candidates of its chosen
    target (e.g. one of your characters in this combat, ARC-R5)."""
    return [t for t in action_targets(state, db, seat, cdef(state, db, iid), iid)
            if t is not None]


def ask_next(state: GameState, db: CardDb) -> None:
    """Set the next pending decision of the combat, or resolve it when all have answered."""
    data = current_combat(state)
    if data is None:
        return
    defender, attacker = state.other(state.active), state.active
    if state.step == Step.BLOCK:
        options = blocker_options(state, db)
        if options:
            state.pending = Decision(
                defender, DecisionKind.BLOCKERS,
                msg("decision.arc.blockers", player=seat_msg(defender),
                    cards=[inst_msg(state, a) for a in attackers(state)]),
                tuple(options), 0, len(characters(state, db, defender, ready=True)),
            )
            return
        # ARC-H6: no untapped defender, nothing to choose (public information), go on.
        ready = characters(state, db, defender, ready=True)
        state.add_log(msg("log.arc.no_possible_block" if ready else "log.arc.no_blockers",
                          player=seat_msg(defender)))
        state.step = Step.COMBAT_CARD
    answered = data.answered
    # ARC-R5: defender first. ARC-H5: each is asked even with only "pass" to choose,
    # so the question never tells whether a hand holds a playable combat card (ALL-R2).
    for seat in (defender, attacker):
        if seat not in answered:
            state.pending = Decision(
                seat, DecisionKind.COMBAT_CARD,
                msg("decision.arc.combat_card", player=seat_msg(seat)),
                tuple(combat_card_options(state, db, seat)), 1, 1,
            )
            return
    resolve(state, db)


def parse_pair(option: str, sep: str) -> tuple[int, int] | None:
    """``"12>7"`` -> (12, 7); None when malformed."""
    left, mark, right = option.partition(sep)
    if not mark or not left.isdigit() or not right.isdigit():
        return None
    return int(left), int(right)


def check_blockers(state: GameState, db: CardDb, choice: list[str],
                   options: tuple[str, ...]) -> tuple[tuple[int, int], ...] | Verdict:
    """ARC-R5: each chosen pair is possible and each blocker blocks at most once; the
    (blocker, attacker) pairs, or the refusal."""
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for option in choice:
        pair = parse_pair(option, ">")
        if pair is None:
            return Verdict.refuse("arc.answer_blockers", "ARC-R5")
        if option not in options:
            return _cannot_block(state, db, *pair)
        if pair[0] in used:
            return Verdict.refuse("arc.blocker_twice", "ARC-R5", card=inst_msg(state, pair[0]))
        used.add(pair[0])
        pairs.append(pair)
    return tuple(pairs)


def _in_play(state: GameState, iid: int) -> bool:
    return iid in state.cards and state.zone_of(iid).endswith(".characters")


def _cannot_block(state: GameState, db: CardDb, blocker: int, attacker: int) -> Verdict:
    """Why ``blocker`` may not block ``attacker`` (ARC-R5), naming only cards in play
    (a card id from a hand must not put its name into a refusal, ALL-R2)."""
    defender = state.other(state.active)
    if not _in_play(state, blocker) or state.cards[blocker].owner != defender:
        return Verdict.refuse("arc.blocker_not_yours", "ARC-R5")
    card = inst_msg(state, blocker)
    if state.cards[blocker].tapped:
        return Verdict.refuse("arc.blocker_tapped", "ARC-R5", card=card)
    if _in_play(state, attacker) and attacker in attackers(state):
        from tabletop.games.arc.causes import blocker_refusal, unblockable_refusal

        # the card whose effect stops it, and how long (QA15b #2)
        found = blocker_refusal(state, db, blocker) \
            if effects.under(state, db, blocker, "cannot_block") \
            else unblockable_refusal(state, db, attacker, blocker)
        if found is not None:
            return found
        if effects.under(state, db, blocker, "cannot_block"):
            return Verdict.refuse("arc.blocker_cannot_block", "ARC-R5", card=card)
        return Verdict.refuse("arc.attacker_unblockable", "ARC-R5", card=card,
                              attacker=inst_msg(state, attacker))
    if _in_play(state, attacker):
        return Verdict.refuse("arc.not_an_attacker", "ARC-R5", card=card,
                              attacker=inst_msg(state, attacker))
    return Verdict.refuse("arc.answer_blockers", "ARC-R5")


def apply_blockers(state: GameState, db: CardDb, pairs: tuple[tuple[int, int], ...]) -> None:
    """Tap the blockers, record the (blocker, attacker) pairs, then ask for combat cards."""
    data = arc_data(state)
    assert data.combat is not None
    defender = state.other(state.active)
    for b, a in pairs:
        state.cards[b].tapped = True
        data.combat = replace(data.combat, blocks=(*data.combat.blocks, (b, a)))
        state.add_log(msg("log.arc.blocks", card=inst_msg(state, b), attacker=inst_msg(state, a)))
    if not pairs:
        state.add_log(msg("log.arc.no_block", player=seat_msg(defender)))
    blocked = [a for a in attackers(state) if any(x == a for _, x in pairs)]
    effects.fire(state, db, blocked, Trigger.BLOCKED)
    state.step = Step.COMBAT_CARD
    state.pending = None
    ask_next(state, db)


def check_combat_card(
    state: GameState, db: CardDb, seat: int, option: str, options: tuple[str, ...], payment: Any
) -> CombatCardAnswer | Verdict:
    """Is ``option`` (``"pass"`` or ``"C@T"``) playable by ``seat`` now? The answer with
    its payment, or the refusal."""
    if option == PASS:
        return CombatCardAnswer()
    pair = parse_pair(option, "@")
    if pair is None:
        return Verdict.refuse("arc.answer_combat_card", "ARC-R5")
    iid, target = pair
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("arc.not_in_hand", "ARC-R5")
    card = cdef(state, db, iid)
    if card.type != "combat":
        return Verdict.refuse("arc.not_a_combat_card", "ARC-R5", card=card_msg(card.id))
    if target not in combat_targets(state, db, seat, iid):
        return Verdict.refuse("arc.bad_target", "ARC-R5", card=card_msg(card.id),
                              needs=target_needs(card))
    verdict, paid = check_payment(state, db, seat, card, payment, iid)
    if not verdict:
        return verdict
    if payment is None and option not in options:
        return Verdict.refuse("arc.answer_combat_card", "ARC-R5")
    return CombatCardAnswer(iid, target, tuple(paid))


def apply_combat_card(state: GameState, db: CardDb, seat: int, answer: CombatCardAnswer) -> None:
    """Play (or pass) one combat card for ``seat``, then move the combat on."""
    data = arc_data(state)
    assert data.combat is not None
    iid, target = answer.card, answer.target
    if iid is None or target is None:
        state.add_log(msg("log.arc.combat_pass", player=seat_msg(seat)))
    else:
        card = cdef(state, db, iid)
        pay(state, list(answer.paid))
        state.move(iid, zid(seat, "combat"))
        state.add_log(msg("log.arc.combat_card", player=seat_msg(seat), card=card_msg(card.id),
                          target=inst_msg(state, target), effect=effect_text(card)))
        effects.resolve_play(state, db, seat, iid, target)
    assert data.combat is not None
    data.combat = replace(data.combat, answered=(*data.combat.answered, seat))
    state.pending = None
    ask_next(state, db)


# -- resolution ----------------------------------------------------------------------------
def _destroy(state: GameState, iids: list[int]) -> None:
    for iid in iids:
        if state.zone_of(iid).endswith(".characters"):
            state.add_log(msg("log.arc.destroyed", card=inst_msg(state, iid)))
            state.move(iid, zid(state.cards[iid].owner, "discard"))


def resolve(state: GameState, db: CardDb) -> None:
    """ARC-R5: compare each attacker with the total power of its blockers.

    Higher wins and the losing side's characters go to their owner's discard;
    a tie destroys both sides. An unblocked attacker discards as many cards as
    its power from the top of the defender's deck (power 0: none, ARC-H3).
    Combat cards then go to the discard pile, the effects lasting until the end
    of the combat end, and the declare step opens again. A combatant an effect
    took out of play during the combat takes no part; an attacker whose blockers
    were all taken out stays blocked and discards nothing (ARC-H10).
    """
    defender = state.other(state.active)
    pairs = [(b, a) for b, a in blocks(state) if _in_play(state, b)]
    was_blocked = {a for _, a in blocks(state)}
    fighting = [a for a in attackers(state) if _in_play(state, a)]
    powers = {i: power(state, db, i) for i in fighting + [b for b, _ in pairs]}
    losers: list[int] = []
    for a in fighting:
        blockers = [b for b, x in pairs if x == a]
        if not blockers and a in was_blocked:
            state.add_log(msg("log.arc.blockers_gone", card=inst_msg(state, a)))
            continue
        if not blockers:
            state.add_log(msg("log.arc.unblocked", card=inst_msg(state, a), n=powers[a],
                              player=seat_msg(defender)))
            mill(state, defender, powers[a])
            continue
        total = sum(powers[b] for b in blockers)
        state.add_log(msg("log.arc.clash", card=inst_msg(state, a), power=powers[a],
                          blockers=[inst_msg(state, b) for b in blockers], total=total))
        if powers[a] >= total:
            losers += blockers
        if total >= powers[a]:
            losers.append(a)
    _destroy(state, losers)
    for seat in (state.active, defender):
        for iid in cards_in(state, seat, "combat"):
            state.move(iid, zid(seat, "discard"))
    effects.end_effects(state, Boundary.END_OF_COMBAT)
    effects.end_effects(state, Boundary.LEFT_PLAY)
    arc_data(state).combat = None
    state.step = Step.DECLARE
    state.pending = None
