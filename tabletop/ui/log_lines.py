"""The side panel's log lines, rendered only when drawn (issue 14).

The table's log is the viewer's game log (``TableView.log``, Messages) with the
viewer's own refusals and notes put in where they happened. Rendering every line
after every change made an action cost O(game length); :class:`LogLines` is the
same sequence of strings, but a line is rendered when it is read (the panel reads
the newest lines that fit) and kept in a bounded :class:`LogTexts` cache, so an
action renders its own new lines only. The lines read exactly as before:
``list(LogLines(...))`` is the eagerly rendered log.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, overload

__all__ = ["LogLines", "LogTexts", "Placed"]


class Placed(Protocol):
    """A line put into the log (a refusal or a note): after the ``after`` first lines
    of the game log; ``note`` lines are not marked as refusals."""

    @property
    def after(self) -> int: ...

    @property
    def note(self) -> bool: ...


class LogTexts:
    """Rendered texts of log Messages, by (message, language); at most ``size`` kept
    (least recently used dropped), so long games and undos never grow it unbounded."""

    def __init__(self, render: Callable[[Any, str], str], size: int = 2048) -> None:
        self.render = render
        self.size = size
        self._texts: OrderedDict[tuple[Any, str], str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._texts)

    def text(self, message: Any, lang: str) -> str:
        """The text of ``message`` in ``lang`` (rendered once while it is kept)."""
        key = (message, lang)
        try:
            found = self._texts.get(key)
        except TypeError:  # an unhashable stand-in (tests): rendered every time
            return self.render(message, lang)
        if found is not None:
            self._texts.move_to_end(key)
            return found
        text = self._texts[key] = self.render(message, lang)
        if len(self._texts) > self.size:
            self._texts.popitem(last=False)
        return text

    def clear(self) -> None:
        """Forget every text (the catalogues changed)."""
        self._texts.clear()


class LogLines(Sequence[str]):
    """The log as the viewer reads it, oldest first: ``log`` (Messages) with ``placed``
    lines (refusals, notes; in the order they were written) put in, each before the game
    log line at its ``after`` (never before a line an earlier one follows), the rest at
    the end. ``line(message)`` renders a log Message, ``placed_text(line)`` a placed one.
    ``refused``: the indexes of the placed lines that are refusals, not notes.

    Building it is O(placed lines); reading line ``i`` renders at most that line.
    """

    def __init__(self, log: Sequence[Any], placed: Sequence[Placed],
                 line: Callable[[Any], str], placed_text: Callable[[Any], str]) -> None:
        self._log = log
        self._placed = placed
        self._line = line
        self._placed_text = placed_text
        at, positions = 0, []
        for n, item in enumerate(placed):
            at = max(at, item.after)
            positions.append(min(at, len(log)) + n)
        self._positions = positions
        self.refused = {pos for pos, item in zip(positions, placed, strict=True)
                        if not item.note}

    def __len__(self) -> int:
        return len(self._log) + len(self._placed)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        k = bisect_left(self._positions, index)
        if k < len(self._positions) and self._positions[k] == index:
            return self._placed_text(self._placed[k])
        return self._line(self._log[index - k])

    def __iter__(self) -> Iterator[str]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LogLines, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by content, like a list

    def __repr__(self) -> str:
        return f"LogLines({len(self)} lines)"
