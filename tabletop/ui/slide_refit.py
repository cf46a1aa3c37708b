"""A card's glide laid out again with the table (issue 16, a club tester's report).

A glide (:class:`~tabletop.ui.sprite.Slide`: the computer's moved card on its way, a
refused card sliding home) runs between two points in window pixels, taken when it
started. When the table is laid out again while it runs (a new UI scale, a resize,
full screen), those points belong to the old layout: the card went on gliding to its
old place, the wrong slot on the new table, and jumped to the right one only when the
glide ended. :func:`refit_slide` re-aims it in place.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.ui.sprite import Slide, Sprite

__all__ = ["refit_slide"]


def refit_slide(slide: Slide | None, sprites: Mapping[int, Sprite], before: float,
                after: float) -> None:
    """Re-aim ``slide`` (changed in place; nothing when None) after the table was laid
    out again: it ends where its card (in ``sprites``, by view id) lies now and starts
    as far from there as it did, in table millimetres: the old pixel distance times
    ``after / before``, the viewport's pixels per millimetre after and before (a
    layout scales the whole table evenly). Its progress (``elapsed``) stays. A slide
    whose card is no longer drawn is left as it is. Raises ValueError for a ``before``
    that is not positive."""
    if slide is None:
        return
    if before <= 0:
        raise ValueError(f"pixels per millimetre must be positive, got {before}")
    sprite = sprites.get(slide.iid)
    if sprite is None:
        return
    ratio = after / before
    end = sprite.rect.topleft
    slide.start = (round(end[0] + (slide.start[0] - slide.end[0]) * ratio),
                   round(end[1] + (slide.start[1] - slide.end[1]) * ratio))
    slide.end = (int(end[0]), int(end[1]))
