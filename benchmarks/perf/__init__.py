"""The speed, idle and memory figures of issue 14, one module per part.

Each part is a module ``benchmarks/perf/<part>.py`` with

    def figures(quick: bool) -> list[Figure]

which measures its figures (for every game in ``GAMES`` and every size in ``SIZES``
where the figure is per game / per size) and returns them; ``quick`` shrinks the
sample sizes for a smoke run (the numbers are then rougher, never skipped).
``benchmarks/bench_perf.py`` runs the parts, prints one line per figure with its
target and ratio, and exits non-zero when a target is missed.

CPU time is ``time.process_time()`` (this process's CPU, all threads); wall time
``time.perf_counter()``. Percentiles come from :func:`percentile`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["GAMES", "SIZES", "Figure", "percentile"]

#: Every registered game, in menu order.
GAMES: tuple[str, ...] = ("conan", "eshi100", "arc", "xenocard")
#: The window sizes every per-size figure is measured at (pixels).
SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (3840, 2160))


@dataclass(frozen=True)
class Figure:
    """One measured figure against its target.

    ``name``: what was measured ("undo p95 CPU at 5000 actions"); ``game`` and
    ``size`` (pixels) where it is per game / per window size, else None; ``value``
    and ``target`` in ``unit`` ("ms", "s", "MiB", "MB", "x" for a ratio to a floor);
    a target is met when ``value <= target`` (``higher_is_better`` flips that).
    ``note``: how it was measured, in a few words (sample size, floor value).
    """

    name: str
    value: float
    target: float
    unit: str
    game: str | None = None
    size: tuple[int, int] | None = None
    higher_is_better: bool = False
    note: str = ""

    @property
    def ratio(self) -> float:
        """``value / target`` (<= 1.0 is met for lower-is-better figures)."""
        return self.value / self.target if self.target else math.inf

    @property
    def met(self) -> bool:
        """Whether the target is met."""
        return self.value >= self.target if self.higher_is_better else self.value <= self.target

    def line(self) -> str:
        """One printed line: name, game, size, value, target, ratio, met."""
        where = " ".join(p for p in (self.game or "", "x".join(map(str, self.size))
                                     if self.size else "") if p)
        mark = "ok  " if self.met else "MISS"
        bound = ">=" if self.higher_is_better else "<="
        text = (f"{mark} {self.name:<44} {where:<22} {self.value:9.2f} {self.unit:<4}"
                f" target {bound} {self.target:g} {self.unit}  ratio {self.ratio:5.2f}")
        return f"{text}  ({self.note})" if self.note else text


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100) of ``values``, nearest-rank; raises ValueError
    on an empty sequence."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]
