"""Card images (issue 16, tabletop.ui.card_images): a scan or photo in
``images/<game>/<card id>.png|.jpg`` of the user folder is drawn on the card's face,
fitted, with the numbers the rules read over its foot; without one the generated face.
The user folder is a fresh temporary one per test (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from screen_sizes import SCREEN_SIZES
from ui_helpers import frames, table_at

from tabletop import notices
from tabletop.ui.card_images import SOURCE_ITEMS, STATS, STRIP, CardImages, fit_rect, stat_line
from tabletop.userdirs import Kind, folder

#: A colour no generated face uses: the picture's pixels are found by it.
PICTURE = (20, 200, 40)


def picture(game: str, card_id: str, size: tuple[int, int] = (300, 420),
            suffix: str = ".png", colour: tuple[int, int, int] = PICTURE) -> Path:
    where = folder(Kind.IMAGES, game)
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{card_id}{suffix}"
    surf = pygame.Surface(size)
    surf.fill(colour)
    pygame.image.save(surf, str(path))
    return path


def arc_hand(*cards: str) -> dict:
    return {"turn": 5, "active": 0, "phase": "main", "zones": {
        "p0.hand": [{"card": c, "label": f"h{i}"} for i, c in enumerate(cards)],
        "p0.resources": [], "p0.characters": [], "p1.characters": [],
        "p1.hand": ["blue_chill"], "p1.resources": [],
        "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10},
        "data": {"resource_played": True}}


def share(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
          tol: int = 12) -> float:
    """The share of ``rect``'s pixels within ``tol`` of ``colour``."""
    rect = rect.clip(surface.get_rect())
    hits = total = 0
    for y in range(rect.top, rect.bottom, 2):
        for x in range(rect.left, rect.right, 2):
            px = surface.get_at((x, y))
            total += 1
            hits += all(abs(px[i] - colour[i]) <= tol for i in range(3))
    return hits / max(1, total)


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_a_card_with_a_user_image_shows_the_picture_and_its_numbers(size) -> None:
    picture("arc", "red_flame_duelist", suffix=".jpg")
    app, game, scene, lab = table_at("arc", arc_hand("red_flame_duelist", "red_spark_squire"),
                                     size=size)
    try:
        frames(app, 2)
        app.draw()
        mine = scene.by_iid[lab["h0"]].rect
        other = scene.by_iid[lab["h1"]].rect
        # the picture covers most of its card, and none of the card without one
        assert share(app.screen, mine, PICTURE, tol=30) > 0.5
        assert share(app.screen, other, PICTURE, tol=30) == 0
        # the strip over its foot: dark, with the cost and power the rules read (ARC-R4)
        card = scene.rules.cards["red_flame_duelist"]
        assert stat_line(card) == [f"Cost {card['cost']}", f"Power {card['power']}"]
        foot = pygame.Rect(mine.x, mine.bottom - mine.h // 6, mine.w, mine.h // 8)
        assert share(app.screen, foot, STRIP[:3], tol=40) > 0.3
        assert share(app.screen, foot, (255, 255, 255), tol=40) > 0.02
    finally:
        app.shutdown()


def test_the_strip_is_readable_and_says_each_number() -> None:
    from tabletop.core.rules import load_rules
    from tabletop.ui.fonts import Fonts

    pygame.font.init()
    rules = load_rules("xenocard")
    card = next(c for c in rules.cards.values() if c.has("atk") and c.has("hp"))
    assert f"ATK {card['atk']}" in stat_line(card) and f"HP {card['hp']}" in stat_line(card)
    from tabletop.ui.card_render import CardRenderer

    renderer = CardRenderer(Fonts(), rules.cards)
    face = renderer.images.draw(renderer, card, pygame.Surface((200, 280)), 60, 84)
    # the strip at 60x84 (a small table card) keeps its text at the 12 px floor
    dark = [y for y in range(84) if face.get_at((30, y))[:3] == STRIP[:3]
            or sum(face.get_at((30, y))[:3]) < 150]
    assert dark and max(dark) - min(dark) >= 12


@pytest.mark.parametrize("game", sorted(STATS))
def test_every_game_names_the_numbers_its_rules_read(game: str) -> None:
    from tabletop import i18n
    from tabletop.core.rules import load_rules

    rules = load_rules(game)
    for lang in ("en", "ja"):
        for name in STATS[game]:
            key = f"usercontent.stat.{game}.{name}"
            assert i18n.msg(key).render(lang) != key
    with_numbers = [c for c in rules.cards.values() if stat_line(c)]
    assert with_numbers, f"{game}: no card shows a number"


def test_a_card_without_an_image_gets_the_generated_face() -> None:
    from tabletop.core.rules import load_rules
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.fonts import Fonts

    pygame.font.init()
    rules = load_rules("arc")
    renderer = CardRenderer(Fonts(), rules.cards)
    plain = renderer.images.face(renderer, "red_spark_squire", 90, 126, "en")
    drawn = renderer.draw_face("red_spark_squire", 90, 126, "en")
    assert pygame.image.tobytes(plain, "RGBA") == pygame.image.tobytes(drawn, "RGBA")


def test_an_unreadable_image_is_named_and_the_generated_face_drawn() -> None:
    from tabletop.core.rules import load_rules
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.fonts import Fonts

    pygame.font.init()
    where = folder(Kind.IMAGES, "arc")
    where.mkdir(parents=True)
    (where / "red_spark_squire.png").write_bytes(b"not a picture")
    rules = load_rules("arc")
    renderer = CardRenderer(Fonts(), rules.cards)
    face = renderer.images.face(renderer, "red_spark_squire", 90, 126, "en")
    assert face.get_size() == (90, 126)
    told = notices.take()
    assert any("images/arc/red_spark_squire.png" in t and "image" in t for t in told)
    renderer.images.face(renderer, "red_spark_squire", 60, 84, "en")
    assert notices.take() == []  # read once, remembered as none


def test_the_picture_is_read_once_and_each_zoom_drawn_once(monkeypatch) -> None:
    from tabletop.core.rules import load_rules
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.fonts import Fonts

    pygame.font.init()
    picture("arc", "red_spark_squire")
    rules = load_rules("arc")
    renderer = CardRenderer(Fonts(), rules.cards)
    loads: list[str] = []
    real = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda p, *a: loads.append(str(p)) or real(p, *a))
    first = renderer.face("red_spark_squire", (90, 126))
    assert renderer.face("red_spark_squire", (90, 126)) is first
    renderer.face("red_spark_squire", (140, 196))
    assert len(loads) == 1


def test_the_image_cache_is_bounded() -> None:
    images = CardImages()
    where = folder(Kind.IMAGES, "arc")
    for i in range(SOURCE_ITEMS + 12):
        path = picture("arc", f"u_{i}", size=(40, 56))
        assert images.source(path) is not None
    assert len(images.sources) == SOURCE_ITEMS
    assert images.sources.bytes <= images.sources.budget
    assert str(where / f"u_{SOURCE_ITEMS + 11}.png") in images.sources  # the newest kept
    assert str(where / "u_0.png") not in images.sources  # the oldest let go


def test_a_picture_is_fitted_whole_and_centred() -> None:
    box = pygame.Rect(0, 0, 100, 140)
    assert fit_rect((300, 420), box) == box  # a scan of the card's proportions fills it
    wide = fit_rect((400, 200), box)  # a landscape photo: all of it, centred
    assert wide.width == 100 and wide.height == 50 and wide.centery == box.centery


def test_a_picture_named_after_no_card_is_listed() -> None:
    from tabletop.core.rules import load_rules
    from tabletop.user_content import user_problems

    picture("arc", "red_flame_duelist")
    picture("arc", "red_flame_duelst")  # a slip
    problems = user_problems({"arc": load_rules("arc")})
    assert problems == ["images/arc/red_flame_duelst.png: card: no card of arc has the id "
                        "'red_flame_duelst'"]
