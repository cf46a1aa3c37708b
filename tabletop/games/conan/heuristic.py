"""How well a seat stands in an unfinished Conan game, for the computer player's
search when it cuts a playout short (``ConanRules.evaluate``).

Two things end a Conan game: 40 renown at the start of one's own turn, more than
the rival's (CONAN-R1), and a Conan defeated on his own turn (CONAN-R3; wounds
and damage stay from turn to turn, CONAN-R12, and Rest heals only up to the
vitality, CONAN-R18). In games between two Conan bots the second ends two games
in five.

The weights come from a logistic model, ``P(seat wins) = 1 / (1 + exp(-w .
(f(seat) - f(other))))`` over a few features of each player (:func:`features`),
fitted by ``tools/fit_conan_eval.py`` on the positions at the start of every
turn of 300 games between two Conan bots (the search's playouts end there,
:mod:`tabletop.games.conan.playout`), labelled by who won in the end: renown
+3.3 per 40, renown past 25 +2.0 per 15, health left +0.05 per 16, the turn
+0.05, the Foe supply 0 (held-out accuracy 69%). Health at the start of a turn
tells little of who wins between two bots that retreat when in danger; the
defeats themselves are seen by the playouts, which end with the game.
"""

from __future__ import annotations

from tabletop.core.cards import CardDb
from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState
from tabletop.games.conan.statics import fixed_modifiers
from tabletop.games.conan.stats import counter
from tabletop.games.conan.zones import cdef, conan_of, renown, zid

#: The names of :func:`features`, in order.
FEATURES = ("renown", "near_40", "health", "active", "foes")
#: Renown from which the race to 40 (CONAN-R1) counts extra (:func:`features`).
NEAR_RENOWN = 25


def health_left(state: GameState, db: CardDb, seat: int) -> int:
    """``seat``'s Conan's health left as on its own turn: printed health plus the
    fixed health modifiers of its Items, Allies and Region (CONAN-R19 counts them only
    then; :func:`statics.fixed_modifiers`), minus damage and wounds (CONAN-R12); 0
    without a Conan."""
    conan = conan_of(state, db, seat)
    if conan is None:
        return 0
    health = int(cdef(state, db, conan).get("health", 0) or 0)
    for zone, ctypes in ((zid(seat, "side"), ("item", "ally")), (zid(seat, "region"),
                                                                  ("region",))):
        for iid in state.zones[zone].cards:
            card = cdef(state, db, iid)
            if card.type in ctypes:
                health += sum(n for name, n in fixed_modifiers(card) if name == "health")
    return max(1, health) - counter(state, conan, "damage") - counter(state, conan, "wound")


def foe_supply(state: GameState, seat: int) -> int:
    """The Foes ``seat`` still has to send (Foe deck, Foe hand, Foe discard; CONAN-R3)."""
    return sum(len(state.zones[f"p{seat}.{pile}"].cards)
               for pile in ("foe_deck", "foe_hand", "foe_discard"))


def features(state: GameState, db: CardDb, seat: int) -> tuple[float, ...]:
    """``seat``'s features (:data:`FEATURES`), each about 0..1, fitted on by
    ``tools/fit_conan_eval.py``: renown / 40 (CONAN-R1), renown past
    :data:`NEAR_RENOWN` / 15, health left / 16, 1 for the turn player, the Foe supply
    (capped at 10) / 10 (CONAN-R3)."""
    fame = renown(state, db, seat)
    active = 1.0 if state.active == seat else 0.0
    return (fame / 40, max(0, fame - NEAR_RENOWN) / 15, health_left(state, db, seat) / 16,
            active, min(foe_supply(state, seat), 10) / 10)


def terms(state: GameState, db: CardDb, seat: int) -> tuple[Term, ...]:
    """``seat``'s leads over its rival: renown (CONAN-R1, points), renown past
    :data:`NEAR_RENOWN` (the last steps of the race, points) and Conan's health left
    (CONAN-R3, points). Weights and scales are the fitted logistic model of the
    module docstring recast as terms (``0.5 + 0.5 tanh(z / 2)`` split per lead);
    health, which the fit found to tell little, keeps a small weight so the search
    never takes a wound for nothing."""
    other = 1 - seat
    mine, theirs = renown(state, db, seat), renown(state, db, other)
    near = max(0, mine - NEAR_RENOWN) - max(0, theirs - NEAR_RENOWN)
    health = health_left(state, db, seat) - health_left(state, db, other)
    return (Term("renown", mine - theirs, 0.3, 14), Term("near_40", near, 0.14, 5),
            Term("health", health, 0.06, 6))


def evaluate(state: GameState, db: CardDb, seat: int) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the leads of :func:`terms`, each
    squashed by tanh; ``evaluate(seat) + evaluate(other) == 1``."""
    return score(terms(state, db, seat))
