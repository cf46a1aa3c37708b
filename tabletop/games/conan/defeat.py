"""Defeats, elimination and renown loss (seed: 敗北; CONAN-R3, CONAN-R15, CONAN-R17).

* Conan defeated on its own turn: its player is eliminated, the enemy wins.
* A Foe defeated: to the turn player's Chronicle (renown gained).
* An Ally defeated: to its owner's discard pile, and the turn player loses
  renown worth the Ally's printed renown: the enemy picks Chronicle cards by
  the rule of CONAN-R17, which go back to their owner's Foe discard.
* CONAN-R3: the enemy whose Foe deck, Foe discard and Foe hand are empty, with
  no Foe left on the battlefield, is eliminated.

Renown losses wait in :func:`~tabletop.games.conan.data.losses` (a list of amounts) and are taken
one at a time: automatically when only one selection is possible (or the
Chronicle holds less than the amount: all of it), else as a ``chronicle_loss``
decision of the enemy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import EndCause, GameState
from tabletop.games.conan.data import DecisionKind, Phase, add_loss, losses
from tabletop.games.conan.selection import is_minimal, minimal_sets
from tabletop.games.conan.stats import is_defeated
from tabletop.games.conan.words import card_msg, inst_msg, seat_msg
from tabletop.games.conan.zones import (
    FOE_ZONES,
    cdef,
    enemy,
    zid,
)

WARRIOR_PHASES = frozenset({Phase.FOE_DRAW, Phase.SURVEY, Phase.FOE_MOVE, Phase.CONAN_MOVE,
                            Phase.BARBARIAN, Phase.RESOLUTION})


@dataclass(frozen=True)
class PlayHooks:
    """What a defeat asks of :mod:`~tabletop.games.conan.plays` (issue 15).

    ``fire(state, db, event, iid, seat)`` makes card ``iid``'s abilities on ``event``
    happen for ``seat``; ``left_play(state, db)`` ends the effects of and on cards
    no longer in play. plays registers them (:func:`on_play`), as plays reaches
    this module through the ability words.
    """

    fire: Callable[[GameState, CardDb, str, int, int], None]
    left_play: Callable[[GameState, CardDb], None]


_PLAY: list[PlayHooks] = []


def on_play(hooks: PlayHooks) -> None:
    """Register how a defeat fires abilities and ends effects (once; ValueError twice)."""
    if _PLAY:
        raise ValueError("conan defeat: play hooks registered twice")
    _PLAY.append(hooks)


def _play() -> PlayHooks:
    if not _PLAY:
        raise RuntimeError("conan defeat: plays has not registered its hooks")
    return _PLAY[0]


def eliminate(state: GameState, seat: int, key: str) -> None:
    """``seat`` leaves the game; the other seat wins (2 players)."""
    if state.game_over:
        return
    state.add_log(msg(key, player=seat_msg(seat)))
    state.end_game(1 - seat, EndCause.FOE_EXHAUSTION if key == "log.conan.foes_exhausted"
                   else EndCause.DEFEAT)
    state.pending = None
    state.add_log(msg("log.conan.wins", player=seat_msg(1 - seat)))


def check_exhaustion(state: GameState) -> None:
    """CONAN-R3: the enemy with no Foe left anywhere is eliminated."""
    if state.game_over or state.phase not in WARRIOR_PHASES:
        return
    e = enemy(state)
    if any(state.zones[zid(e, k)].cards for k in ("foe_deck", "foe_discard", "foe_hand")):
        return
    # any card of the enemy's in a Foe row keeps it in the game: this asks about cards
    # left to the enemy, not about what each one is
    if any(state.cards[i].owner == e for z in FOE_ZONES for i in state.zones[z].cards):
        return
    eliminate(state, e, "log.conan.foes_exhausted")


def defeat(state: GameState, db: CardDb, iid: int) -> None:
    """Carry out the defeat of a character (see the module docstring); a Foe's or
    an Ally's ``defeated`` abilities happen first, and effects on it end."""
    card = cdef(state, db, iid)
    name = inst_msg(state, iid)
    if card.type in ("foe", "ally"):
        # its "when defeated" ability, while it still stands where it fell (issue 15)
        user = state.cards[iid].owner if card.type == "foe" else state.active
        _play().fire(state, db, "defeated", iid, user)
        if state.game_over:
            return
    if card.type == "conan":
        state.add_log(msg("log.conan.conan_defeated", card=name))
        eliminate(state, state.cards[iid].owner, "log.conan.eliminated")
    elif card.type == "foe":
        state.move(iid, zid(state.active, "chronicle"))
        state.add_log(msg("log.conan.foe_defeated", card=name, player=seat_msg(state.active),
                          n=int(card["renown"])))
        check_exhaustion(state)
    elif card.type == "ally":
        owner = state.cards[iid].owner
        state.move(iid, zid(owner, "discard"))
        state.add_log(msg("log.conan.ally_defeated", card=name, n=int(card["renown"])))
        queue_loss(state, int(card["renown"]))
    if card.type in ("foe", "ally"):
        _play().left_play(state, db)


def check_defeats(state: GameState, db: CardDb, iids: list[int]) -> None:
    """Defeat every listed character (still in play) whose damage and wounds reach health."""
    for iid in iids:
        if state.game_over:
            return
        zone = state.zone_of(iid)
        in_play = zone in FOE_ZONES or zone == "conan" or zone == zid(state.active, "side")
        if in_play and is_defeated(state, db, iid):
            defeat(state, db, iid)


def queue_loss(state: GameState, amount: int) -> None:
    """The turn player must lose ``amount`` renown (CONAN-R17 selection)."""
    if amount > 0:
        add_loss(state, amount)


def _chronicle(state: GameState, db: CardDb) -> list[tuple[int, str, int]]:
    # a card without renown (put there in free mode) has nothing to lose (CONAN-R17)
    return [(i, state.cards[i].card_id, renown)
            for i in state.zones[zid(state.active, "chronicle")].cards
            if (renown := cdef(state, db, i).number("renown")) is not None]


def loss_options(state: GameState, db: CardDb, need: int) -> list[list[int]]:
    """Every minimal selection for a loss of ``need`` (all cards if they fall short)."""
    cards = _chronicle(state, db)
    if sum(v for _, _, v in cards) <= need:
        return [[i for i, _, _ in cards]]
    return minimal_sets(cards, need)


def next_loss(state: GameState, db: CardDb) -> None:
    """Take the next waiting loss: automatically when forced (CONAN-H7), or ask the enemy."""
    queue = losses(state)
    if not queue or state.pending is not None or state.game_over:
        return
    need = queue[0]
    options = loss_options(state, db, need)
    if len(options) <= 1:
        apply_loss(state, db, options[0] if options else [])
        return
    chronicle = [str(i) for i, _, _ in _chronicle(state, db)]
    state.pending = Decision(enemy(state), DecisionKind.CHRONICLE_LOSS,
                             msg("decision.conan.chronicle_loss", player=seat_msg(enemy(state)),
                                 n=need, owner=seat_msg(state.active)),
                             tuple(chronicle), 1, len(chronicle))


def check_loss(state: GameState, db: CardDb, iids: list[int]) -> Verdict:
    """Is this selection of Chronicle cards a legal answer to the waiting loss?"""
    need = losses(state)[0]
    cards = {i: v for i, _, v in _chronicle(state, db)}
    if len(set(iids)) != len(iids) or any(i not in cards for i in iids):
        return Verdict.refuse("conan.bad_choice", "CONAN-R17", choice=str(iids))
    got = sum(cards[i] for i in iids)
    if got < need:
        return Verdict.refuse("conan.loss_too_small", "CONAN-R17", got=got, n=need)
    if not is_minimal([cards[i] for i in iids], need):
        return Verdict.refuse("conan.loss_not_minimal", "CONAN-R17", n=need)
    return Verdict.legal()


def apply_loss(state: GameState, db: CardDb, iids: list[int]) -> None:
    """The chosen Chronicle cards go back to their owners' Foe discard."""
    queue = losses(state)
    need = queue.pop(0) if queue else 0
    state.pending = None
    names = [card_msg(state.cards[i].card_id) for i in iids]
    for iid in iids:
        state.move(iid, zid(state.cards[iid].owner, "foe_discard"))
    if not names:
        state.add_log(msg("log.conan.renown_lost_none", player=seat_msg(state.active),
                          amount=need))
        return
    # n = number of cards: "{cards} goes back" for one card (log.conan.renown_lost_one)
    state.add_log(msg("log.conan.renown_lost", player=seat_msg(state.active), amount=need,
                      n=len(names), cards=names))
