"""The automatic battle (XENO-R5; seed: 戦闘の処理), exposed attack by attack.

Only the turn player's battle cards on the battle field attack, without the E
mark (XENO-R6). Steps in order: melee, shooting, all, ballistic; within a step,
front row before back row and each row from the attacker's left (the order of
:class:`~tabletop.games.xenocard.facing.FieldGeometry`, XENO-H10). Targets follow the
layout's geometry:

* melee: only from the front row; the facing opposing front-row card; with
  none there it does not attack (the log says why: back row, or nothing facing);
* shooting: the nearest facing opposing card (front, then back); none: the deck;
* all: every opposing card on the battle field (one attack each);
* ballistic: the deck.

Damage >= HP destroys the card at once (to its owner's trash, weapons with it,
XENO-R7; its ``on_destroyed`` abilities fire); deck damage moves that many cards
from the deck top to the dump, less the defender's ``deck_guard``. Damage clears
at the end of the battle phase.

Abilities in force (:mod:`.abilities`, issue 15): a turned-down card does not
attack (XENO-H17); ``damage_to`` / ``guard_from`` change the damage between
attributes; ``pierce`` sends the damage beyond a destroyed card's HP on to its
owner's deck; ``extra_attack`` attacks again (new targets each time);
``after_attack`` abilities fire after each attack; after the turn player's
attacks, the defender's cards with ``counterattack`` attack in the same order
(XENO-H19).

The window shows the battle with :func:`battle_events`: one
:class:`AttackEvent` per attack, in order, of the most recent battle phase. The
battle, the adjust phase and the hand-over to the other seat happen in the one
action that ends the block phase, so the record is kept
(:class:`~tabletop.games.xenocard.state.BattleRecord` in ``xeno(state).battle``)
until the next battle phase replaces it; :func:`last_battle` says whose battle of
which turn it was.
"""

from __future__ import annotations

from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard import abilities as xab
from tabletop.games.xenocard.deck import damage_deck
from tabletop.games.xenocard.facing import FieldGeometry
from tabletop.games.xenocard.state import AttackEvent, AttackType, BattleRecord, xeno
from tabletop.games.xenocard.stats import (
    DAMAGE,
    atk,
    attack_type,
    deck_guard,
    e_marked,
    hp,
    is_destroyed,
    is_down,
)
from tabletop.games.xenocard.words import attack_msg, inst_msg, seat_msg
from tabletop.games.xenocard.zones import (
    PLAY_AREAS,
    SEATS,
    card_at,
    cards_in,
    cell_id,
    counter,
    is_battle_card,
    slot_of,
    zid,
)


def last_battle(state: GameState) -> tuple[int, int, list[AttackEvent]]:
    """``(turn, attacking seat, attacks)`` of the most recent battle phase (turn 0: none yet)."""
    record = xeno(state).battle
    if record is None:
        return 0, state.active, []
    return record.turn, record.seat, list(record.attacks)


def battle_events(state: GameState) -> list[AttackEvent]:
    """The attacks of the most recent battle phase, in order (empty before the first)."""
    return last_battle(state)[2]


def _fighter(state: GameState, db: CardDb, seat: int, slot: str) -> int | None:
    """The battle card on one of ``seat``'s battle-field slots, or None.

    A card without HP that free mode left there does not fight: attacks pass it by
    as if the slot were free (:func:`~tabletop.games.xenocard.zones.is_battle_card`).
    """
    iid = card_at(state, zid(seat, "field"), slot)
    return iid if iid is not None and is_battle_card(db, state, iid) else None


def _attackers(state: GameState, db: CardDb, geo: FieldGeometry, seat: int,
               step: AttackType, only: frozenset[int] | None = None) -> list[tuple[str, int]]:
    out = []
    for slot in geo.order[seat]:
        iid = _fighter(state, db, seat, slot)
        if iid is None or e_marked(state, iid) or is_down(state, iid):
            continue
        if (only is None or iid in only) and attack_type(state, db, iid) == step:
            out.append((slot, iid))
    return out


def _targets(state: GameState, db: CardDb, geo: FieldGeometry, seat: int, slot: str,
             step: AttackType) -> list[tuple[str, int]] | None:
    """Opposing ``(slot, card)`` targets; None means the deck; [] means no attack."""
    opp = 1 - seat
    if step is AttackType.BALLISTIC:
        return None
    if step is AttackType.ALL:
        return [(s, i) for s in geo.order[opp] if (i := _fighter(state, db, opp, s)) is not None]
    facing = geo.facing[seat][slot]
    if step is AttackType.MELEE:
        if slot not in geo.front[seat]:
            return []
        ahead = [s for s in facing if s in geo.front[opp]][:1]
        return [(s, i) for s in ahead if (i := _fighter(state, db, opp, s)) is not None]
    for s in facing:  # shooting: nearest facing card, else the deck
        iid = _fighter(state, db, opp, s)
        if iid is not None:
            return [(s, iid)]
    return None


def _hit_card(state: GameState, db: CardDb, step: AttackType, slot: str, attacker: int,
              target_slot: str, target: int, amount: int) -> AttackEvent:
    seat, opp = state.cards[attacker].owner, state.cards[target].owner
    atk_now = amount
    amount = max(0, amount + xab.attack_bonus(state, db, attacker, target))
    cards = state.cards[target].counters
    cards[DAMAGE] = cards.get(DAMAGE, 0) + amount
    life = hp(state, db, target)
    total = counter(state, target, DAMAGE)
    destroyed = is_destroyed(state, db, target)
    state.add_log(msg("log.xenocard.attack_card", card=inst_msg(state, attacker),
                      attack=attack_msg(step), target=inst_msg(state, target), n=amount,
                      total=total, hp=life))
    excess = min(amount, total - (life or 0))
    pierce = destroyed and excess > 0 and bool(xab.affects(state, db, attacker, "pierce"))
    if destroyed:
        xab.destroy(state, db, target)
    dumped: tuple[int, ...] = ()
    if pierce and not state.game_over:
        dumped = tuple(damage_deck(state, opp, excess))
        state.add_log(msg("log.xenocard.pierces", card=inst_msg(state, attacker),
                          player=seat_msg(opp), n=len(dumped)))
    return AttackEvent(step, attacker, cell_id(seat, "field", slot), target,
                       cell_id(opp, "field", target_slot), zid(opp, "field"), amount, life,
                       total, destroyed, dumped, atk=atk_now)


def _hit_deck(state: GameState, db: CardDb, step: AttackType, slot: str, attacker: int,
              amount: int) -> AttackEvent:
    seat = state.cards[attacker].owner
    opp = 1 - seat
    damage = max(0, amount - deck_guard(state, db, opp))
    dumped = damage_deck(state, opp, damage)
    state.add_log(msg("log.xenocard.attack_deck", card=inst_msg(state, attacker),
                      attack=attack_msg(step), player=seat_msg(opp), n=len(dumped),
                      damage=damage))
    return AttackEvent(step, attacker, cell_id(seat, "field", slot), None, None,
                       zid(opp, "deck"), damage, dumped=tuple(dumped), atk=amount)


def _attack(state: GameState, db: CardDb, geo: FieldGeometry, seat: int, slot: str,
            attacker: int, step: AttackType) -> list[AttackEvent]:
    """One attack of ``attacker`` (XENO-R5); [] when it does not attack (logged why)."""
    amount = atk(state, db, attacker) or 0
    targets = _targets(state, db, geo, seat, slot, step)
    if targets == []:  # a card that does not attack: say why (XENO-R5)
        if step is not AttackType.MELEE:
            why = "all_no_target"
        elif slot not in geo.front[seat]:
            why = "melee_back_row"
        else:
            why = "melee_no_facing"
        state.add_log(msg(f"log.xenocard.{why}", card=inst_msg(state, attacker),
                          attack=attack_msg(step)))
        return []
    if targets is None:
        return [_hit_deck(state, db, step, slot, attacker, amount)]
    return [_hit_card(state, db, step, slot, attacker, target_slot, target, amount)
            for target_slot, target in targets
            if state.zone_of(target) == zid(1 - seat, "field")]


def _round(state: GameState, db: CardDb, geo: FieldGeometry, seat: int,
           only: frozenset[int] | None = None) -> list[AttackEvent]:
    """``seat``'s cards on the battle field attack, step by step (``only``: just these)."""
    events: list[AttackEvent] = []
    for step in AttackType:
        for slot, attacker in _attackers(state, db, geo, seat, step, only):
            times = 1 + xab.total(state, db, attacker, "extra_attack", "n")
            for _ in range(times):
                if state.game_over or state.zone_of(attacker) != zid(seat, "field") \
                        or slot_of(state, attacker) != slot:
                    break
                made = _attack(state, db, geo, seat, slot, attacker, step)
                events += made
                if not made:
                    break
                xab.fire_card(state, db, attacker, "after_attack")
    return events


def run_battle(state: GameState, db: CardDb, geo: FieldGeometry) -> list[AttackEvent]:
    """Carry out the turn player's automatic battle and clear damage (XENO-R5); the
    defender's counterattacking cards attack after (XENO-H19).

    Returns the attack events (also kept: ``xeno(state).battle``).
    """
    seat = state.active
    if not state.zones[zid(seat, "field")].cards:
        state.add_log(msg("log.xenocard.no_battle", player=seat_msg(seat)))
    for slot in geo.order[seat]:  # set this turn: no attack (XENO-R6)
        iid = _fighter(state, db, seat, slot)
        if iid is not None and e_marked(state, iid):
            state.add_log(msg("log.xenocard.e_mark_no_attack", card=inst_msg(state, iid)))
        elif iid is not None and is_down(state, iid):
            state.add_log(msg("log.xenocard.down_no_attack", card=inst_msg(state, iid)))
    events = _round(state, db, geo, seat)
    opp = 1 - seat
    counter = frozenset(i for i in cards_in(state, opp, "field")
                        if xab.affects(state, db, i, "counterattack"))
    if counter and not state.game_over:
        events += _round(state, db, geo, opp, counter)
    xeno(state).battle = BattleRecord(state.turn, seat, tuple(events))
    clear_damage(state)
    xab.end_of_combat(state, db)
    return events


def clear_damage(state: GameState) -> None:
    """Damage is not carried over (seed: ダメージは戦闘終了時に初期化される)."""
    for seat in SEATS:
        for kind in PLAY_AREAS:
            for iid in cards_in(state, seat, kind):
                state.cards[iid].counters.pop(DAMAGE, None)
