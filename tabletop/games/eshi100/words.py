"""Message helpers: the parameters every 絵師100人展 text uses (cards, seats, phases)."""

from __future__ import annotations

from tabletop.core.messages import Message, card_msg, inst_msg, msg, seat_msg
from tabletop.core.model import GameState

__all__ = ["COLUMN_LETTERS", "card_msg", "inst_msg", "log_per_seat", "phase_msg", "seat_msg",
           "reorient", "square_from_label", "square_label", "square_msg"]

#: Column names as each player reads the grid from their own side, left to right; rows
#: are numbered 1..4 from that player's side. The window draws the same labels beside
#: the grid, so a message naming "B1" can be found on the table.
COLUMN_LETTERS = "ABCD"


def phase_msg(phase: str) -> Message:
    """The name of a phase (catalogue ``phase.eshi100.<id>``)."""
    return msg(f"phase.eshi100.{phase}")


def square_label(square: int, seat: int = 0) -> tuple[str, int]:
    """``(column letter, row number)`` of a square (0..15, ESHI-R1 numbering) as ``seat``
    reads the grid from its own side: from its bottom-left corner, so each seat's start
    square is ``("A", 1)``. The labels drawn beside the grid are these."""
    col, row = square % 4, square // 4
    if seat == 1:  # player 2 sits across the table: the grid turned half-way round
        col, row = 3 - col, 3 - row
    return COLUMN_LETTERS[col], row + 1


def square_from_label(label: str, seat: int = 0) -> int:
    """The square (0..15) that ``seat`` reads as ``label`` ("A1" .. "D4"), the inverse of
    :func:`square_label`. Raises ValueError for a label that names no square."""
    if len(label) != 2 or label[0] not in COLUMN_LETTERS or label[1] not in "1234":
        raise ValueError(f"not a square label: {label!r}")
    col, row = COLUMN_LETTERS.index(label[0]), int(label[1]) - 1
    if seat == 1:
        col, row = 3 - col, 3 - row
    return row * 4 + col


def square_msg(square: int, seat: int = 0) -> Message:
    """A square named like the grid's labels ("B1"), as ``seat`` sees the grid (see
    :func:`square_label`). Messages to one player (refusals, their own actions) use that
    player's seat; log lines use :func:`log_per_seat` so each seat reads its own."""
    col, row = square_label(square, seat)
    return msg("square.eshi100", col=col, row=row)


def log_per_seat(state: GameState, key: str, square: int, **params: object) -> None:
    """Log ``key`` naming ``square`` in each reader's own orientation: both seats get a
    private line with their coordinates (spectators read player 1's), since a square
    that is "A1" for one player is "D4" for the other."""
    lines = {seat: msg(key, square=square_msg(square, seat), **params) for seat in (0, 1)}
    state.add_log(lines[0], private=lines)


def reorient(message: Message, author: int, reader: int | None) -> Message:
    """``message`` with every square named as ``author`` sees the grid renamed as
    ``reader`` sees it (a spectator, None, reads player 1's); "A1" of player 2 is
    "D4" of player 1 (:func:`square_label`)."""
    target = 0 if reader is None else reader
    if target == author:
        return message

    def turn(value: object) -> object:
        if isinstance(value, Message):
            return reorient(value, author, reader)
        if isinstance(value, tuple):
            return tuple(turn(v) for v in value)
        return value

    if message.key == "square.eshi100":
        params = dict(message.params)
        col = COLUMN_LETTERS.index(str(params["col"]))
        row = int(params["row"]) - 1
        if author == 1:
            col, row = 3 - col, 3 - row
        return square_msg(row * 4 + col, target)
    return Message(message.key, tuple((k, turn(v)) for k, v in message.params))

