"""The turn around the fights: start, Press On, Prepare, end of Warrior, Rest (seed: ターンの進行).

* Start of turn: renown check (CONAN-R1), then the Press On choice.
* Press On (CONAN-R2): Prepare + Warrior, zero or more times; a second and
  later one needs hand >= 1 and Conan prowess >= 1 after the Warrior step.
* Prepare: Allies and Items to the side (an Item with a slot replaces the old
  one of that slot), a Region under Conan (replacing the old one), Actions
  timed for Prepare (their abilities: :mod:`~tabletop.games.conan.plays`, which
  also plays Actions at every other timing).
* End of the Warrior step: the enemy draws up to 7.
* Rest (CONAN-R18): Allies leave, Conan returns to its side, its prowess is
  reset, then up to min(prowess, vitality) points heal damage or remove wounds
  (house ruling CONAN-H3: the Allies have already left, so this heals Conan).
  Then every player discards or draws to exactly 7 (turn player first), and
  the turn passes.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.core.abilities import Boundary
from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import EndCause, GameState
from tabletop.games.conan import piles
from tabletop.games.conan.data import DecisionKind, Phase, new_turn, set_turn, turn_data
from tabletop.games.conan.plays import AbilityPlay, apply_play, end_of, prepare_play_action
from tabletop.games.conan.stats import add_counter, counter, prowess_now, stat
from tabletop.games.conan.words import card_msg, inst_msg, seat_msg
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    allies,
    cdef,
    conan_of,
    enemy,
    move_keep,
    of_type,
    renown,
    zid,
)

#: CONAN-R1.
VICTORY_RENOWN = 40
HAND_SIZE = 7
PRESS_ON, REST = "press_on", "rest"
HEAL, UNWOUND, DONE = "heal", "unwound", "done"


# ----------------------------------------------------------------- start and Press On


def start_of_turn(state: GameState, db: CardDb) -> None:
    """CONAN-R1, then ask the turn player whether to Press On."""
    seat = state.active
    state.add_log(msg("log.conan.turn", n=state.turn, player=seat_msg(seat)))
    mine, theirs = renown(state, db, seat), renown(state, db, 1 - seat)
    if mine >= VICTORY_RENOWN:
        state.add_log(msg("log.conan.renown_check", player=seat_msg(seat), n=mine, other=theirs))
        if mine == theirs:
            state.end_game(None, EndCause.DRAW)
            state.add_log(msg("log.conan.draw_game"))
        else:
            winner = seat if mine > theirs else 1 - seat
            state.end_game(winner, EndCause.RENOWN)
            state.add_log(msg("log.conan.wins", player=seat_msg(winner)))
        return
    ask_press_on(state)


def ask_press_on(state: GameState) -> None:
    """The Press On choice of the turn player (CONAN-R2; at the start of the turn: CONAN-H1)."""
    state.pending = Decision(state.active, DecisionKind.PRESS_ON,
                             msg("decision.conan.press_on", player=seat_msg(state.active),
                                 n=turn_data(state).press + 1),
                             (PRESS_ON, REST), 1, 1)


def apply_press_on(state: GameState, choice: str) -> None:
    """Press On: a Prepare step begins; Rest: the Rest step."""
    state.pending = None
    if choice == PRESS_ON:
        turn = replace(turn_data(state), press=turn_data(state).press + 1)
        set_turn(state, turn)
        state.phase, state.step = Phase.PREPARE, ""
        state.add_log(msg("log.conan.press_on", player=seat_msg(state.active),
                          n=turn.press))
    else:
        state.phase, state.step = Phase.REST, ""
        state.add_log(msg("log.conan.rests", player=seat_msg(state.active)))


def warrior_end(state: GameState, db: CardDb) -> None:
    """End of the Warrior step: the enemy draws up to 7, then Press On or Rest (CONAN-R2)."""
    e = enemy(state)
    short = HAND_SIZE - len(state.zones[zid(e, "hand")].cards)
    if short > 0:
        piles.draw(state, e, short)
    conan = conan_of(state, db, state.active)
    hand = len(state.zones[zid(state.active, "hand")].cards)
    if conan is not None and hand >= 1 and prowess_now(state, db, conan) >= 1:
        state.phase, state.step = Phase.PRESS_ON, ""
        ask_press_on(state)
    else:
        state.add_log(msg("log.conan.cannot_press_on", player=seat_msg(state.active)))
        state.phase, state.step = Phase.REST, ""


# ----------------------------------------------------------------- Prepare


def prepare_play_card(state: GameState, db: CardDb, seat: int, iid: object,
                      target: object = None) -> int | AbilityPlay | Verdict:
    """Playing a card in its own role: an Ally, Item or Region in the Prepare step
    (the card), an Action at its timing on ``target`` (the checked play,
    :func:`plays.prepare_play_action`); or the refusal."""
    if not isinstance(iid, int) or iid not in state.cards or \
            state.zone_of(iid) != zid(seat, "hand"):
        return Verdict.refuse("conan.not_in_hand")
    card = cdef(state, db, iid)
    if card.type == "action":
        return prepare_play_action(state, db, seat, iid, target)
    if state.phase != Phase.PREPARE or seat != state.active:
        return Verdict.refuse("conan.prepare_only", "CONAN-R2")
    if target is not None and card.type in ("ally", "item", "region"):
        return Verdict.refuse("conanab.no_choice", "CONAN-H11", card=card_msg(card.id))
    if card.type not in ("ally", "item", "region", "action"):
        # a Move is placed in the fight, against a Foe's Move (CONAN-R8), not played
        return Verdict.refuse("conan.not_playable_now", "CONAN-R8", card=card_msg(card.id))
    # No in-play uniqueness (seed: ユニーク処理 無し); UNIQUE limits decks only (CONAN-R20).
    return iid


def apply_play_card(state: GameState, db: CardDb, seat: int, play: int | AbilityPlay) -> None:
    """Ally/Item to the side, Region under Conan; an Action's play: its effects, then
    the discard (:func:`plays.apply_play`)."""
    if isinstance(play, AbilityPlay):
        apply_play(state, db, play)
        return
    iid = play
    card = cdef(state, db, iid)
    player = seat_msg(seat)
    if card.type in ("ally", "item"):
        if card.type == "item" and card["slot"] != "none":
            for old in of_type(state, db, zid(seat, "side"), "item"):
                if cdef(state, db, old)["slot"] == card["slot"]:
                    state.add_log(msg("log.conan.replaced", card=inst_msg(state, old)))
                    state.move(old, zid(state.cards[old].owner, "discard"))
        state.move(iid, zid(seat, "side"))
        state.add_log(msg(f"log.conan.plays_{card.type}", player=player, card=card_msg(card.id)))
    else:
        attach_region(state, iid, seat)


def end_prepare(state: GameState) -> None:
    """Done with the Prepare step: the Foe Draw phase (the flow draws the Foes)."""
    state.phase, state.step = Phase.FOE_DRAW, ""


def attach_region(state: GameState, iid: int, target_seat: int) -> None:
    """A Region under ``target_seat``'s Conan, replacing the old one (seed: 地域)."""
    zone = zid(target_seat, "region")
    for old in list(state.zones[zone].cards):
        state.add_log(msg("log.conan.replaced", card=inst_msg(state, old)))
        state.move(old, zid(state.cards[old].owner, "discard"))
    state.move(iid, zone)
    state.add_log(msg("log.conan.region", player=seat_msg(state.cards[iid].owner),
                      card=inst_msg(state, iid), owner=seat_msg(target_seat)))


# ----------------------------------------------------------------- Rest


def rest_begin(state: GameState, db: CardDb) -> None:
    """Allies leave, Conan returns, prowess resets; the healing budget (CONAN-R18)."""
    seat = state.active
    for ally in allies(state, db, seat):
        state.move(ally, zid(state.cards[ally].owner, "discard"))
    conan = conan_of(state, db, seat)
    set_turn(state, replace(turn_data(state), heal_left=0))
    if conan is not None:
        if state.zone_of(conan) == CONAN_ZONE:
            move_keep(state, conan, zid(seat, "side"))
        add_counter(state, conan, "spent", -counter(state, conan, "spent"))
        heal = min(prowess_now(state, db, conan), stat(state, db, conan, "vitality"))
        set_turn(state, replace(turn_data(state), heal_left=heal))
    state.step = "heal"


def heal_options(state: GameState, db: CardDb) -> list[str]:
    """What one point of Rest healing can do now (CONAN-R18)."""
    conan = conan_of(state, db, state.active)
    if conan is None or turn_data(state).heal_left <= 0:
        return []
    out = []
    if counter(state, conan, "damage"):
        out.append(HEAL)
    if counter(state, conan, "wound"):
        out.append(UNWOUND)
    return [*out, DONE] if out else []


def ask_heal(state: GameState, db: CardDb) -> bool:
    """Ask for the next healing point; False when there is nothing (left) to do."""
    options = heal_options(state, db)
    if not options:
        return False
    state.pending = Decision(state.active, DecisionKind.REST_HEAL,
                             msg("decision.conan.rest_heal", player=seat_msg(state.active),
                                 n=turn_data(state).heal_left),
                             tuple(options), 1, 1)
    return True


def apply_heal(state: GameState, db: CardDb, choice: str) -> None:
    """Spend one prowess on healing, or stop."""
    state.pending = None
    conan = conan_of(state, db, state.active)
    turn = turn_data(state)
    if choice == DONE or conan is None:
        set_turn(state, replace(turn, heal_left=0))
        return
    add_counter(state, conan, "damage" if choice == HEAL else "wound", -1)
    add_counter(state, conan, "spent", 1)
    set_turn(state, replace(turn, heal_left=turn.heal_left - 1))
    state.add_log(msg(f"log.conan.rest_{choice}", player=seat_msg(state.active)))


def adjust_step(state: GameState) -> bool:
    """Hands to exactly 7, turn player first (CONAN-H10); False once both are done."""
    turn = turn_data(state)
    queue = list(turn.adjust) if turn.adjust is not None else [state.active, 1 - state.active]
    while queue:
        seat = queue[0]
        set_turn(state, replace(turn_data(state), adjust=tuple(queue)))
        hand = state.zones[zid(seat, "hand")].cards
        if len(hand) > HAND_SIZE:
            state.pending = Decision(seat, DecisionKind.DISCARD,
                                     msg("decision.conan.discard", player=seat_msg(seat),
                                         n=len(hand) - HAND_SIZE),
                                     tuple(str(i) for i in hand), 1, 1)
            return True
        if len(hand) < HAND_SIZE:
            piles.draw(state, seat, HAND_SIZE - len(hand))
        queue.pop(0)
    set_turn(state, replace(turn_data(state), adjust=None))
    return False


def apply_discard(state: GameState, seat: int, iid: int) -> None:
    """Discard one card for the hand adjustment."""
    state.pending = None
    state.move(iid, zid(seat, "discard"))
    state.add_log(msg("log.conan.discards", player=seat_msg(seat), card=inst_msg(state, iid)))


def end_turn(state: GameState) -> None:
    """The other seat's turn begins (its start is run by the flow); effects lasting
    to the end of the turn end (issue 15)."""
    end_of(state, Boundary.END_OF_TURN)
    new_turn(state)
    state.active = 1 - state.active
    state.turn += 1
    state.phase, state.step = Phase.START_OF_TURN, ""
