"""The chosen target of an ability, named in the log line that carries it out (QA15 #10).

A log line of an ability ("Player 1 plays Hot Blood: ... Target: one of your
characters.") says what kind of card it may choose; which card it chose is added as
the message parameter ``chosen``: a tuple of card-name messages. Each seat's copy of
the line (:class:`~tabletop.core.model.LogEntry`: a public part, and per-seat parts)
names only the targets that seat sees (ALL-R2): a card every seat sees goes into the
public part; a card only one seat sees into that seat's part; a card nobody sees is
never named. The window's log shows the names after the line
(:func:`tabletop.ui.log_targets.with_chosen`); the line's own words are unchanged, so
a log read as text elsewhere (saves, the golden games) reads as it did.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.model import GameState
from tabletop.i18n import Message, msg

__all__ = ["CHOSEN", "add_log_with_targets", "chosen_names"]

#: The message parameter that names the chosen targets.
CHOSEN = "chosen"


def _with(message: Message, names: tuple[Message, ...]) -> Message:
    params = dict(message.params)
    params[CHOSEN] = names
    return Message(message.key, tuple(sorted(params.items())))


def chosen_names(state: GameState, targets: Sequence[int], seat: int | None
                 ) -> tuple[Message, ...]:
    """The names of the ``targets`` (instance ids) that ``seat`` sees now (None: the
    cards every seat sees), in order; instances no longer in the game are skipped."""
    out = []
    for iid in targets:
        if iid not in state.cards:
            continue
        seen = state.seen_by(iid)
        if (seat is None and seen >= {0, 1}) or (seat is not None and seat in seen):
            out.append(msg(f"card.{state.cards[iid].card_id}"))
    return tuple(out)


def add_log_with_targets(state: GameState, message: Message, targets: Sequence[int]) -> None:
    """Log ``message`` with its chosen ``targets`` named to the seats that see them (see
    the module docstring); without targets (or none seen by anyone) as it is."""
    public = chosen_names(state, targets, None)
    private: dict[int, Message] = {}
    for seat in (0, 1):
        mine = chosen_names(state, targets, seat)
        if mine != public:
            private[seat] = _with(message, mine)
    state.add_log(_with(message, public) if public else message, private or None)
