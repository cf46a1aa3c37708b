"""The end of an ability's lasting effect, said in the log (ALL-H7, issue 15 QA15b #6).

An effect put in force for a while (``how_long``: until the end of the combat, of
the turn, for N turns; :class:`~tabletop.core.abilities.Active`) changes what a card
is worth while it lasts ("+3 power"); when its duration runs out the players read
that it ended, as they read that it began. :func:`log_duration_ends` writes one
line per ended effect: the moment (``log.effect_end.<boundary>``), the card whose
ability it was, the effect in the card's own words and the cards it was on (none
named for an effect on a whole side or on its own card: ``<boundary>_all``). Each
seat's copy names only the cards that seat sees (ALL-R2): any other is "a hidden
card". An effect that ends because its cards left play is not logged here: the
move that took them away is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.abilities import Active, Boundary, Part, Vocabulary
from tabletop.core.model import GameState
from tabletop.i18n import Message, msg

__all__ = ["log_duration_ends"]

#: The message that stands for a card the reader may not see (ALL-R2).
HIDDEN_CARD = msg("core.hidden_card")


def _name(state: GameState, iid: int, seat: int | None) -> Message:
    """Card ``iid`` as ``seat`` reads it (None: what every seat reads)."""
    seen = state.seen_by(iid)
    if (seat is None and seen >= set(range(state.seats))) or (seat is not None and seat in seen):
        return msg(f"card.{state.cards[iid].card_id}")
    return HIDDEN_CARD


def _joined(names: Sequence[Message]) -> Message | str:
    out: Message | str = names[0]
    for name in names[1:]:
        out = msg("ability.and", a=out, b=name)
    return out


def _line(state: GameState, words: Callable[[Active], Message], active: Active,
          boundary: Boundary, seat: int | None) -> Message:
    effect = words(active)
    source = _name(state, active.source, seat) if active.source in state.cards else HIDDEN_CARD
    targets = [_name(state, t, seat) for t in active.targets if t in state.cards]
    if not targets or active.targets == (active.source,):  # seat-wide, or on itself
        return msg(f"log.effect_end.{boundary}_all", source=source, effect=effect)
    return msg(f"log.effect_end.{boundary}", source=source, effect=effect,
               targets=_joined(targets))


def log_duration_ends(state: GameState, vocabulary: Vocabulary[Any], ended: Sequence[Active],
                      boundary: Boundary,
                      words: Callable[[Active], Message] | None = None) -> None:
    """Log each of the ``ended`` effects, ended at ``boundary`` (END_OF_TURN or
    END_OF_COMBAT: a duration running out, ALL-H7), in the game of ``vocabulary``;
    ``words`` gives an effect in force in the game's own words (default: the
    vocabulary's ``describe_use`` of its effect, for a game whose words need no
    more). Each seat's copy names only the cards it sees. Raises ValueError for a
    LEFT_PLAY boundary (the move that took the cards away is what the log says)."""
    if boundary is Boundary.LEFT_PLAY:
        raise ValueError("an effect ended by its cards leaving play is not logged here")
    if words is None:
        def words(active: Active) -> Message:
            return vocabulary.describe_use(Part.WHAT, active.effect)
    for active in ended:
        public = _line(state, words, active, boundary, None)
        private = {s: line for s in range(state.seats)
                   if (line := _line(state, words, active, boundary, s)) != public}
        state.add_log(public, private or None)
