"""A position's evaluation as named terms, so the search can say why a move is good.

Each game scores an unfinished position (``GameRules.evaluate``) as 0.5 plus a few
leads of the evaluating seat over its rival ("the deck is 3 cards longer", "one more
victory point"), each squashed by ``tanh``. Kept as :class:`Term` values
(``GameRules.evaluation_terms``), the same leads serve twice: :func:`score` is the
evaluation, and the search averages each root move's leads at the end of its sampled
games, so the hint can tell *which* lead a move wins (see
:func:`tabletop.core.seat_player.search_reason`: "the sampled games after it ended
with the deck 2.5 cards further ahead than after the next best move").

A term's words are the catalogue key ``player.term.<game>.<name>`` with ``{amount}``;
``tests/test_seat_player.py`` checks every term of every game has them in every
language, so a misspelt name fails there.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Term", "score"]


@dataclass(frozen=True)
class Term:
    """One lead of the evaluating seat: ``name`` (its words' key, see the module
    docstring), ``lead`` (its own minus its rival's, in the term's unit: cards,
    points, power), ``weight`` (the most it moves the score, 0..0.5) and ``scale``
    (the lead at which it counts tanh(1) ~ 3/4 of its weight, in the same unit)."""

    name: str
    lead: float
    weight: float
    scale: float

    @property
    def value(self) -> float:
        """This term's share of the score: ``weight * tanh(lead / scale)``."""
        return self.weight * math.tanh(self.lead / self.scale)


def score(terms: Iterable[Term]) -> float:
    """0.5 plus every term's :attr:`Term.value`, in order (0.0 lost .. 1.0 won when
    the weights sum to at most 0.5)."""
    total = 0.5
    for term in terms:
        total += term.value
    return total
