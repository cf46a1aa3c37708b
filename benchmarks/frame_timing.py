"""Timing helpers shared by the table benchmarks (milliseconds, median and p95)."""

from __future__ import annotations

import statistics
import time
from typing import Any

import pygame


def median_p95(samples: list[float]) -> tuple[float, float]:
    """Median and 95th percentile of ``samples``."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.95) - 1)]


def hover_frames(app: Any, frames: int) -> tuple[float, float]:
    """Whole frames (events, update, draw, flip) while the mouse moves over the table."""
    times = []
    for i in range(frames):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + i % 400, 500),
                                             rel=(1, 0), buttons=(0, 0, 0), touch=False))
        t0 = time.perf_counter()
        app.frame(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    return median_p95(times)


def blit_floor(app: Any, scene: Any, frames: int) -> tuple[float, float, int]:
    """The floor: the cards the scene drew, pre-rendered, blitted and flipped.

    Returns median, p95 and the number of cards.
    """
    images = [(s.surface, s.rect.topleft) for s in scene.sprites if s.drawn]
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.screen.fill((0, 0, 0))
        app.screen.fblits(images)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    med, p95 = median_p95(times)
    return med, p95, len(images)
