"""Using a card: attack, defence and the power comparison (seed: 各攻撃の処理; ESHI-R4).

* ``use(card, consume)``: the turn player uses one of their recovered cards
  with the attack icon (ESHI-H4: defence-icon cards only defend), paying
  its connect cost (ESHI-R4): own consumed cards
  turn face down (damaged), the opponent's are counted but stay recovered.
* The defender is asked (``defend`` decision) whether to use one of their own
  recovered defence-icon cards, paying its cost the same way from their own
  connect. Not asked when no defence card of theirs can be paid, nor when the
  attack has power 0 and fails anyway (both public facts, ESHI-H2).
* Judgement: attack power 0 fails; no defence succeeds; the larger power
  wins; equal powers fail. A successful attacker goes to its owner's victory
  pile (1 point); the other cards stay where they are, as used. Powers carry the
  cards' modifiers (各種修正, :func:`power`); the attacker's ``on_attack``, the
  defender's ``on_defend`` and a successful attacker's ``on_score`` abilities
  resolve at those moments (:mod:`triggers`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.core.abilities import Boundary
from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.eshi100 import board, connect, triggers
from tabletop.games.eshi100.connect import usable_attackers as usable_attackers
from tabletop.games.eshi100.connect import usable_defenders as usable_defenders
from tabletop.games.eshi100.data import (
    DecisionKind,
    PendingAttack,
    Resume,
    Step,
    eshi_data,
)
from tabletop.games.eshi100.data import pending_attack as pending_attack
from tabletop.games.eshi100.turn import NONE, check_points, enter_challenge, set_recovered
from tabletop.games.eshi100.words import inst_msg, seat_msg
from tabletop.games.eshi100.zones import cdef, zid


@dataclass(frozen=True)
class Defence:
    """A checked answer to the ``defend`` decision: no defence (``card`` None), or
    defence card ``card`` paid by consuming ``consume`` (ESHI-R4)."""

    card: int | None = None
    consume: tuple[int, ...] = ()


@dataclass(frozen=True)
class Use:
    """A checked ``use``: attack with grid card ``card``, consuming ``consume``."""

    card: int
    consume: tuple[int, ...] = ()


@dataclass(frozen=True)
class PowerComparison:
    """An attack's judgement (seed: 攻撃判定).

    ``defender`` / ``defence_power`` are None when nobody defends. ``success``
    follows the seed's list: power 0 fails, undefended succeeds, the larger
    power wins, a tie fails.
    """

    attacker: int
    attack_power: int
    defender: int | None
    defence_power: int | None
    success: bool


def power(state: GameState, db: CardDb, iid: int) -> int:
    """A card's power in this battle (seed 攻撃判定: 各種修正を加え): printed, plus the
    modifiers of card abilities in force and continuous (:func:`triggers.power_modifier`),
    never below 0."""
    printed = int(cdef(state, db, iid)["power"])
    return max(0, printed + triggers.power_modifier(state, db, iid))


def compare(state: GameState, db: CardDb, attacker: int, defender: int | None) -> PowerComparison:
    """The judgement of ``attacker`` against ``defender`` (None: no defence); while an
    attack waits for its defence, ``defender`` is read as its defence card (a card's
    "while defending" modifiers count in the preview)."""
    old = triggers.with_defender(state, defender)
    try:
        atk = power(state, db, attacker)
        if defender is None:
            return PowerComparison(attacker, atk, None, None, atk > 0)
        dfn = power(state, db, defender)
    finally:
        triggers.restore_battle(state, old)
    return PowerComparison(attacker, atk, defender, dfn, atk > 0 and atk > dfn)


def pending_attacker(state: GameState) -> int | None:
    """The attacker of the attack waiting for its defence, if any."""
    attack = pending_attack(state)
    return None if attack is None else attack.attacker


def power_comparison(state: GameState, db: CardDb,
                     defender: int | None = None) -> PowerComparison | None:
    """The pending attack compared with ``defender`` (None: undefended); None when no
    attack is pending. The UI shows it while the defender chooses."""
    attacker = pending_attacker(state)
    if attacker is None:
        return None
    return compare(state, db, attacker, defender)


def _check_card(state: GameState, db: CardDb, seat: int, iid: object, icon: str) -> Verdict:
    if not isinstance(iid, int) or iid not in board.occupants(state).values():
        return Verdict.refuse("eshi100.not_on_grid")
    if state.cards[iid].owner != seat:
        return Verdict.refuse("eshi100.not_your_card")
    card = cdef(state, db, iid)
    if card["icon"] != icon:
        if icon == "attack":
            return Verdict.refuse("eshi100.not_attack", "", card=inst_msg(state, iid))
        return Verdict.refuse("eshi100.not_defense", "", card=inst_msg(state, iid))
    if not board.is_recovered(state, iid):
        return Verdict.refuse("eshi100.card_damaged", "ESHI-R4", card=inst_msg(state, iid))
    return Verdict.legal()


def _consumed(consume: object) -> tuple[int, ...]:
    """The ids of a ``consume`` argument :func:`connect.check_consume` found valid."""
    return tuple(int(c) for c in consume) if isinstance(consume, list | tuple) else ()


def check_use(state: GameState, db: CardDb, seat: int, iid: object,
              consume: object) -> Use | Verdict:
    """The action ``use(card, consume)`` (the caller checks turn and phase): the checked
    use, or the refusal."""
    verdict = _check_card(state, db, seat, iid, "attack")
    if not verdict.ok:
        return verdict
    assert isinstance(iid, int)
    verdict = connect.check_consume(state, db, seat, iid, consume)
    return Use(iid, _consumed(consume)) if verdict.ok else verdict


def pay(state: GameState, seat: int, iid: int, consume: list[int] | tuple[int, ...]) -> None:
    """ESHI-R4: own consumed cards turn damaged; the opponent's stay recovered."""
    for other in consume:
        if state.cards[other].owner == seat:
            set_recovered(state, other, False)
    if consume:
        state.add_log(msg("log.eshi100.consumes", player=seat_msg(seat), card=inst_msg(state, iid),
                          cards=[inst_msg(state, c) for c in consume]))


def _connect_before(state: GameState, db: CardDb, seat: int, iid: int) -> frozenset[int]:
    """The connect ``iid`` is used from, before its payment damages it (kept for its
    own abilities, which may count it: none to keep for a card without any)."""
    square = board.square_of(state, iid)
    if square is None or not cdef(state, db, iid).abilities:
        return frozenset()
    return connect.connect_of(state, db, seat, square)


def preview_use(state: GameState, db: CardDb, seat: int, iid: int,
                consume: list[int] | tuple[int, ...]) -> None:
    """On a copy of the state: pay and declare the attack without its triggers, so a
    preview reads the powers as the battle will ("while attacking" modifiers count;
    ``on_attack`` abilities, which resolve only when it happens, do not)."""
    used_from = _connect_before(state, db, seat, iid)
    pay(state, seat, iid, consume)
    eshi_data(state).attack = PendingAttack(iid, seat, attacker_connect=used_from)


def apply_use(state: GameState, db: CardDb, seat: int, use: Use) -> None:
    """Pay, declare the attack, then ask the defender or judge at once."""
    iid = use.card
    used_from = _connect_before(state, db, seat, iid)
    pay(state, seat, iid, use.consume)
    eshi_data(state).attack = PendingAttack(iid, seat, attacker_connect=used_from)
    state.add_log(msg("log.eshi100.attacks", player=seat_msg(seat), card=inst_msg(state, iid),
                      power=power(state, db, iid)))
    triggers.fire(state, db, [(iid, "on_attack")], Resume.DEFENCE)


def ask_defence(state: GameState, db: CardDb) -> None:
    """Ask the defender (ESHI-H2: only when a defence is possible and could matter);
    without a question, judge at once."""
    attacker = pending_attacker(state)
    assert attacker is not None
    defender_seat = state.other(state.cards[attacker].owner)
    options = usable_defenders(state, db, defender_seat)
    if power(state, db, attacker) == 0 or not options:
        resolve(state, db, None)
        return
    state.step = Step.DEFEND
    state.pending = Decision(
        defender_seat, DecisionKind.DEFEND,
        msg("decision.eshi100.defend", player=seat_msg(defender_seat),
            card=inst_msg(state, attacker), power=power(state, db, attacker)),
        (*[str(i) for i in options], NONE), 1, 1)


def check_defend(state: GameState, db: CardDb, seat: int, choice: str,
                 consume: object) -> Defence | Verdict:
    """The ``defend`` decision: ``"none"`` (no consume), or a defence card and its
    payment; the checked defence, or the refusal."""
    if choice == NONE:
        if consume:
            return Verdict.refuse("eshi100.bad_consume", "ESHI-R4")
        return Defence()
    if not choice.isdigit():
        return Verdict.refuse("eshi100.bad_choice", "", choice=choice)
    iid = int(choice)
    verdict = _check_card(state, db, seat, iid, "defense")
    if not verdict.ok:
        return verdict
    verdict = connect.check_consume(state, db, seat, iid, consume)
    return Defence(iid, _consumed(consume)) if verdict.ok else verdict


def apply_defend(state: GameState, db: CardDb, seat: int, defence: Defence) -> None:
    """Pay for the defence card (if any), then judge."""
    state.pending = None
    iid = defence.card
    if iid is None:
        state.add_log(msg("log.eshi100.no_defence", player=seat_msg(seat)))
        resolve(state, db, None)
        return
    used_from = _connect_before(state, db, seat, iid)
    pay(state, seat, iid, defence.consume)
    data = eshi_data(state)
    assert data.attack is not None
    data.attack = replace(data.attack, defender=iid, defender_connect=used_from)
    state.add_log(msg("log.eshi100.defends", player=seat_msg(seat), card=inst_msg(state, iid),
                      power=power(state, db, iid)))
    triggers.fire(state, db, [(iid, "on_defend")], Resume.JUDGE)


def resolve(state: GameState, db: CardDb, defender: int | None) -> None:
    """Judge the attack; a successful attacker goes to the victory pile (1 point) and
    its ``on_score`` abilities resolve; effects until the end of the combat end; then
    the challenge phase."""
    attacker = pending_attacker(state)
    assert attacker is not None
    result = compare(state, db, attacker, defender)
    eshi_data(state).attack = None
    triggers.tick_boundary(state, Boundary.END_OF_COMBAT)
    state.step = Step.NONE
    seat = state.cards[attacker].owner
    name = inst_msg(state, attacker)
    if not result.success:
        state.add_log(msg("log.eshi100.attack_fails", card=name))
        enter_challenge(state, db)
        return
    state.move(attacker, zid(seat, "victory"))
    triggers.left_grid(state, (attacker,))
    state.add_log(msg("log.eshi100.attack_succeeds", card=name, player=seat_msg(seat),
                      n=len(state.zones[zid(seat, "victory")].cards)))
    check_points(state)
    if not state.game_over:
        triggers.fire(state, db, [(attacker, "on_score")], Resume.CHALLENGE)


def _judge(state: GameState, db: CardDb) -> None:
    """Judge the attack under way (after its defence's on_defend abilities)."""
    battle = eshi_data(state).attack
    resolve(state, db, None if battle is None else battle.defender)


triggers.on_resume(Resume.DEFENCE, ask_defence)
triggers.on_resume(Resume.JUDGE, _judge)
