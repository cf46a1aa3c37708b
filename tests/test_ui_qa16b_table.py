"""QA16b (the table's faces, hover and log): the large view of a card drawn from the
user's picture names the card (#18); the log keeps its lines while a question is open
(#11); Conan's small faces show a readable name and the Japanese zone labels stand
clear of the count badges (#12); a very wide window gives the table more width (#21).
The user folder is a fresh temporary one per test (tests/conftest.py)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from screen_sizes import SCREEN_SIZES
from test_ui_card_images import PICTURE, arc_hand, picture
from ui_helpers import frames, move, table_at

from tabletop.ui.card_images import STRIP


def _picture_boxes(surface: pygame.Surface) -> list[pygame.Rect]:
    """The rects of the picture's colour on ``surface``, biggest first."""
    mask = pygame.mask.from_threshold(surface, PICTURE, (30, 30, 30, 255))
    return sorted(mask.get_bounding_rects(), key=lambda r: -r.w * r.h)


@pytest.mark.parametrize("size", [*SCREEN_SIZES, (1366, 768)])
def test_the_large_view_of_a_pictured_card_names_it(size: tuple[int, int]) -> None:
    """Pointing at a hand card drawn from a photo (posted mouse motion): the large view
    over the table has the card's name in a dark strip over the picture's top."""
    picture("arc", "red_flame_duelist")
    app, _, scene, lab = table_at("arc", arc_hand("red_flame_duelist", "red_spark_squire"),
                                  size=size)
    asked: list[str] = []
    real = scene.preview.text.get

    def spy(text: str, *args: Any, **kw: Any) -> pygame.Surface:
        asked.append(text)
        return real(text, *args, **kw)

    scene.preview.text.get = spy  # type: ignore[method-assign]
    try:
        frames(app, 2)
        small = scene.by_iid[lab["h0"]].rect
        move(app, small.center)
        frames(app, 3)
        app.draw()
        large = _picture_boxes(app.screen)[0]
        assert large.h > small.h * 1.2, "no large view of the pointed-at card"
        name = scene.rules.cards["red_flame_duelist"].display_name("en")
        assert name in asked
        # the strip sits over the picture's top: the picture starts under it
        band = pygame.Rect(large.x, large.y - 4, large.w, 4)
        above = app.screen.subsurface(band.clip(app.screen.get_rect()))
        dark = pygame.mask.from_threshold(above, STRIP[:3], (60, 60, 60, 255)).count()
        assert dark > 0.5 * band.w * band.h
        strip_top = large.y - 1
        while strip_top > 0 and sum(app.screen.get_at((large.centerx, strip_top))[:3]) < 330 \
                or app.screen.get_at((large.centerx, strip_top))[:3] == (255, 255, 255):
            strip_top -= 1
        assert large.y - strip_top >= 14, "the name's strip is too thin to hold a name"
    finally:
        app.shutdown()
