"""How well a seat stands in an unfinished Conan game, for the computer player's
search when it cuts a playout short (``ConanRules.evaluate``).

The race is for 40 renown (CONAN-R1) while Conan stays alive (CONAN-R3 ends the
game with his defeat): the renown lead weighs most, then the lead in Conan's
health left (wounds stay for the game, CONAN-R12), then the Foes left to send
(a Foe deck and discard both empty lose, CONAN-R3).
"""

from __future__ import annotations

import math

from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan.bot import SAFE_HEALTH
from tabletop.games.conan.stats import health_left
from tabletop.games.conan.zones import conan_of, renown


def _health(state: GameState, db: CardDb, seat: int) -> int:
    conan = conan_of(state, db, seat)
    return health_left(state, db, conan) if conan is not None else 0


def _danger(health: int) -> float:
    """0 at a safe health left (``SAFE_HEALTH`` of the Conan bot and more), 1 at none."""
    return max(0, SAFE_HEALTH - health) / SAFE_HEALTH


def _foes(state: GameState, seat: int) -> int:
    return sum(len(state.zones[f"p{seat}.{pile}"].cards)
               for pile in ("foe_deck", "foe_hand", "foe_discard"))


def evaluate(state: GameState, db: CardDb, seat: int) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the renown lead (CONAN-R1), the
    lead in Conan's health left and a short Foe supply's danger (CONAN-R3), each
    squashed by tanh; renown near 40 counts more; a Conan near defeat (health left
    under the Conan bot's ``SAFE_HEALTH``) costs up to 0.2."""
    other = 1 - seat
    mine, theirs = renown(state, db, seat), renown(state, db, other)
    lead = (mine - theirs) * (1.0 + max(mine, theirs) / 40)
    health = _health(state, db, seat) - _health(state, db, other)
    supply = min(_foes(state, seat), 6) - min(_foes(state, other), 6)
    # a Conan this close to defeat loses the game to one more wound or Foe blow
    danger = _danger(_health(state, db, seat)) - _danger(_health(state, db, other))
    return 0.5 + 0.32 * math.tanh(lead / 12) + 0.12 * math.tanh(health / 5) \
        + 0.04 * math.tanh(supply / 3) - 0.2 * danger
