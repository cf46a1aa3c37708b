"""What Arc's untapped-resource counter says and at which size, so that it fits its
row: "Untapped 4/6 ● 2 ● 1 ● 1" where it fits, "4/6 ● 2 ● 1 ● 1" where not, and
smaller text (never under the table's text floor, :func:`~tabletop.ui.theme.text_floor`)
only where even that does not fit. Every colour is always counted (QA16 #20: at
800x600 the blue count was left out, the strip having no room for it).

Pure measuring (a ``measure(text, size) -> width`` callable): no drawing here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["StripFit", "disc_radius", "strip_fit", "strip_width"]


@dataclass(frozen=True)
class StripFit:
    """The counter's label (long or short form) and text size in pixels."""

    label: str
    size: int


def disc_radius(size: int) -> int:
    """The radius (pixels) of a colour's disc beside text of ``size`` pixels."""
    return max(5, size // 2)


def strip_width(measure: Callable[[str, int], int], label: str, numbers: Sequence[str],
                size: int) -> int:
    """The width (pixels) of the label and every colour's disc and number at ``size``,
    spaced as the strip draws them (half the text size apart, 3 px disc to number)."""
    r = disc_radius(size)
    width = measure(label, size) + size // 2
    for number in numbers:
        width += 2 * r + 3 + measure(number, size) + size // 2
    return width


def strip_fit(measure: Callable[[str, int], int], long: str, short: str,
              numbers: Sequence[str], room: int, size: int, floor: int) -> StripFit:
    """The label and size that fit ``room`` pixels: ``long`` at ``size`` if it fits,
    else ``short`` at ``size``, else ``short`` at the largest size down to ``floor``
    that fits (``floor`` when none does)."""
    for label in (long, short):
        if strip_width(measure, label, numbers, size) <= room:
            return StripFit(label, size)
    while size > floor and strip_width(measure, short, numbers, size) > room:
        size -= 1
    return StripFit(short, size)
