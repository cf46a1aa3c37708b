"""The side panel's log lines are rendered as they are drawn (tabletop.ui.log_lines):
the same lines as rendering the whole log, without rendering the whole log."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tabletop.i18n import msg
from tabletop.ui.log_lines import LogLines, LogTexts


@dataclass(frozen=True)
class Line:
    after: int
    text: str
    note: bool = False


def eager(log: list[str], placed: list[Line]) -> tuple[list[str], set[int]]:
    """The log as the table rendered it before: every line, refusals put in."""
    lines: list[str] = []
    refused: set[int] = set()
    at = 0
    for n, message in enumerate(log):
        while at < len(placed) and placed[at].after <= n:
            if not placed[at].note:
                refused.add(len(lines))
            lines.append(placed[at].text)
            at += 1
        lines.append(message)
    for line in placed[at:]:
        if not line.note:
            refused.add(len(lines))
        lines.append(line.text)
    return lines, refused


def test_the_lines_are_those_of_the_whole_log_rendered() -> None:
    rng = random.Random(3)
    for _ in range(300):
        log = [f"line {i}" for i in range(rng.randrange(12))]
        # refusals are written in time order, but an undo can shorten the log between two
        placed = [Line(rng.randrange(len(log) + 3), f"refused {j}", rng.random() < 0.3)
                  for j in range(rng.randrange(5))]
        lines = LogLines(log, placed, str, lambda line: line.text)
        want, refused = eager(log, placed)
        assert list(lines) == want and lines == want and len(lines) == len(want)
        assert lines.refused == refused
        assert lines[-len(want):] == want
        if want:
            assert lines[-1] == want[-1]


def test_reading_the_newest_line_renders_only_it() -> None:
    rendered: list[str] = []

    def render(message: str) -> str:
        rendered.append(message)
        return message.upper()

    log = [f"line {i}" for i in range(5000)]
    lines = LogLines(log, [Line(4999, "no")], render, lambda line: line.text)
    assert rendered == []  # building it renders nothing
    assert lines[-1] == "LINE 4999" and lines[-2] == "no"
    assert rendered == ["line 4999"]


def test_log_texts_are_rendered_once_per_language_and_bounded() -> None:
    calls: list[tuple[object, str]] = []

    def render(message: object, lang: str) -> str:
        calls.append((message, lang))
        return f"{message}/{lang}"

    texts = LogTexts(render, size=3)
    hello = msg("table.log")
    assert texts.text(hello, "en") == texts.text(msg("table.log"), "en")
    assert texts.text(hello, "ja") == f"{hello}/ja"
    assert len(calls) == 2  # an equal message rebuilt by a replay is not rendered again
    for n in range(10):
        texts.text(f"line {n}", "en")
    assert len(texts) == 3
