"""Issue 10, text floor: no text under 12 px at 1280x720, scaled with the window;
no text on a card face clipped or overlapping another.

Every game's table is rendered mid-game at 1280x720, 1600x900 and 2560x1440 with
:class:`pygame.font.Font` replaced by a recording subclass, so every text drawn
(through :class:`tabletop.ui.fonts.Fonts`, pygame_gui widgets, or a font made
directly) is seen with its pixel size.

For the card faces :class:`pygame.Surface` is replaced too, by a subclass that
logs every text surface blitted onto it: a face's texts are then checked from the
pixels they put down (their ink), independently of what the face renderer says it
did, and against the boxes the renderer's fitting function recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from game_helpers import mid_game
from screen_sizes import SCREEN_SIZES, size_params
from ui_helpers import frames, make_app, start_past_cover

from tabletop.core.engine import Game
from tabletop.core.rules import game_ids
from tabletop.ui.card_render import CardRenderer
from tabletop.ui.table import TableScene
from tabletop.ui.theme import text_floor, ui_scale


def _mid_game(game_id: str, seed: int = 4, turns: int = 4) -> Game:
    return mid_game(game_id, seed, turns, most=400)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """(text, pixel size) of every non-blank text rendered while the fixture is active."""
    record: list[tuple[str, int]] = []
    original = pygame.font.Font

    class RecordingFont(original):  # type: ignore[misc, valid-type]
        def __init__(self, file: Any = None, size: int = 20, *args: Any) -> None:
            super().__init__(file, size, *args)
            self.px = int(size)

        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            if isinstance(text, str) and text.strip():
                record.append((text, self.px))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    return record


@pytest.mark.parametrize("size", SCREEN_SIZES)
@pytest.mark.parametrize("game_id", game_ids())
def test_text_floor_every_table(game_id: str, size: tuple[int, int],
                                drawn: list[tuple[str, int]]) -> None:
    """Issue 10 (text floor): every text of a mid-game table is at least 12 px at
    1280x720, scaled with the window (text_floor(ui_scale))."""
    app = make_app(size)
    try:
        start_past_cover(app, _mid_game(game_id), settle=3)
        floor = text_floor(ui_scale(size))
        small = sorted({(px, text[:40]) for text, px in drawn if px < floor})
        assert drawn, "nothing was drawn"
        assert not small, f"texts under {floor} px at {size}: {small[:20]}"
    finally:
        app.shutdown()


@dataclass
class TextBlit:
    """A text surface put onto another surface: its words, and where its ink landed
    (``ink``) against where its whole ink would have been (``whole``)."""

    text: str
    ink: pygame.Rect
    whole: pygame.Rect


@pytest.fixture
def text_blits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """While active, every surface made with ``pygame.Surface(...)`` keeps ``text_log``:
    a :class:`TextBlit` for each rendered text blitted onto it."""
    texts: dict[int, tuple[str, pygame.Surface]] = {}
    font_class = pygame.font.Font
    surface_class = pygame.Surface

    class TextFont(font_class):  # type: ignore[misc, valid-type]
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            surf = super().render(text, *args, **kwargs)
            if isinstance(text, str) and text.strip():
                texts[id(surf)] = (text, surf)  # kept alive: ids are never reused
            return surf

    class LoggingSurface(surface_class):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.text_log: list[TextBlit] = []

        def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0
                 ) -> pygame.Rect:
            known = texts.get(id(source))
            if known is not None:
                ink = source.get_bounding_rect()
                x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
                shown = ink.clip(pygame.Rect(area)) if area is not None else ink
                if area is not None:  # the area's top-left lands on dest
                    x, y = x - pygame.Rect(area).x, y - pygame.Rect(area).y
                self.text_log.append(TextBlit(known[0], shown.move(x, y), ink.move(x, y)))
            if area is None:
                return super().blit(source, dest, None, special_flags)
            return super().blit(source, dest, area, special_flags)

    monkeypatch.setattr(pygame.font, "Font", TextFont)
    monkeypatch.setattr(pygame, "Surface", LoggingSurface)
    monkeypatch.setattr(CardRenderer, "keep_surfaces", True, raising=False)
    yield


def _face_problems(name: str, surf: Any, record: Any = None) -> list[str]:
    """Why the texts on one drawn face (or chip) are not each whole and apart."""
    log: list[TextBlit] = getattr(surf, "text_log", None)
    assert log is not None, f"{name}: not drawn on a logged surface"
    bounds = surf.get_rect()
    problems = []
    # a name (or a long body text) that fits nowhere whole at the floor is cut with an
    # ellipsis rather than left out (QA15 #3), and recorded so
    cut = {line for placed in record.placed if placed.text in record.cut
           for line, _ in placed.lines} if record is not None else set()
    for k, blit in enumerate(log):
        if blit.ink != blit.whole:
            problems.append(f"{name}: {blit.text!r} blitted in part")
        if not bounds.contains(blit.ink):
            problems.append(f"{name}: {blit.text!r} cut by the card edge")
        if "…" in blit.text and blit.text not in cut:
            problems.append(f"{name}: {blit.text!r} ellipsized")
        for other in log[:k]:
            if blit.ink.colliderect(other.ink):
                problems.append(f"{name}: {blit.text!r} overlaps {other.text!r}")
    if record is None:
        problems.append(f"{name}: no record of the fitting function")
        return problems
    lines = [(line, rect, placed.box) for placed in record.placed
             for line, rect in placed.lines]
    for line, rect, box in lines:
        if not box.contains(rect):
            problems.append(f"{name}: {line!r} wider than its box {tuple(box)}")
    placed_texts = sorted(line for line, _, _ in lines)
    blitted = sorted(blit.text for blit in log)
    if placed_texts != blitted:
        problems.append(f"{name}: texts drawn around the fitting function: "
                        f"{sorted(set(blitted) - set(placed_texts))}")
    return problems


def _table(game_id: str, size: tuple[int, int], lang: str) -> tuple[Any, TableScene]:
    app = make_app(size)
    app.set_language(lang)
    return app, start_past_cover(app, _mid_game(game_id), settle=3)


def _draw_all_again(scene: TableScene) -> dict[tuple[Any, ...], Any]:
    """Every face of the table drawn afresh: (card id, w, h, lang) -> the raw surface."""
    renderer = scene.renderer
    faces: dict[tuple[Any, ...], Any] = {}
    draw = renderer.draw_face

    def draw_face(card_id: str, w: int, h: int, lang: str) -> Any:
        surf = draw(card_id, w, h, lang)
        faces[(card_id, w, h, lang)] = surf
        return surf

    renderer.draw_face = draw_face  # type: ignore[method-assign]
    renderer.clear()
    scene.resize(scene.app.screen.get_size())
    frames(scene.app, 3)
    return faces


@pytest.mark.parametrize("lang", ("en", "ja"))
@pytest.mark.parametrize("size", SCREEN_SIZES)
@pytest.mark.parametrize("game_id", game_ids())
def test_card_face_texts_are_neither_clipped_nor_overlapping(
        game_id: str, size: tuple[int, int], lang: str, text_blits: None) -> None:
    """Issue 10 (text floor): on every card face of a mid-game table (and every chip
    or tag the face renderer draws) each text is whole, inside the face and the box
    the renderer gave it, never ellipsized and clear of every other text, and went
    through the fitting function; the numbers the rules use are never left out."""
    app, scene = _table(game_id, size, lang)
    try:
        faces = _draw_all_again(scene)
        records = getattr(scene.renderer, "records", {})
        assert faces, "no face was drawn"
        problems: list[str] = []
        for (card_id, w, h, face_lang), surf in faces.items():
            record = records.get(("face", card_id, w, h, face_lang))
            problems += _face_problems(f"{card_id} {w}x{h}", surf, record)
            for text in record.left_out if record is not None else []:
                if text.lstrip("+-").isdigit():
                    problems.append(f"{card_id} {w}x{h}: the number {text} left out")
        for key, record in records.items():
            if key[0] != "face" and record.surface is not None:
                problems += _face_problems(f"{key[0]} {key[1]}", record.surface, record)
        assert not problems, "\n".join(sorted(set(problems))[:40])
    finally:
        app.shutdown()


@pytest.mark.parametrize(("game_id", "size"), [
    p for g in game_ids() for p in size_params(g)])
def test_the_hover_view_shows_every_text_of_every_card(
        game_id: str, size: tuple[int, int], text_blits: None) -> None:
    """Issue 10: the large hover view leaves nothing out (name, type, numbers, badges,
    rules text) for any card of the game, in either language, and its texts are whole
    and apart like the table's."""
    app, scene = _table(game_id, size, "en")
    try:
        hand = next(z.id for z in scene.layout.zones if z.kind == "hand")
        big = scene.preview.card_rect(pygame.Rect(scene.viewport.area), scene.zone_rect(hand))
        renderer = scene.renderer
        problems: list[str] = []
        for lang in ("en", "ja"):
            app.set_language(lang)
            for card_id in renderer.cards:
                surf = renderer.draw_face(card_id, big.w, big.h, lang)
                record = renderer.records.get(("face", card_id, big.w, big.h, lang))
                problems += _face_problems(f"{card_id} {lang}", surf, record)
                if record is not None and record.left_out:
                    problems.append(f"{card_id} {lang}: left out {record.left_out}")
        assert not problems, "\n".join(problems[:40])
    finally:
        app.set_language("en")
        app.shutdown()
