"""What a table frame costs, as behaviour (issue 14): no viewport-sized surface is made
at pick-up, the lit places are still exactly the legal targets (drawn as on one
transparent layer), and a kept frame (at rest, under a carried card, the side panel)
is always the frame a full redraw gives. Timings are in ``benchmarks/perf/frame.py``.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_helpers import make_app

from tabletop.core import selfplay
from tabletop.core.rules import game_ids, load_rules
from tabletop.ui.carried import CarriedFaces
from tabletop.ui.games.conan_field import GAP_EDGE, outline
from tabletop.ui.games.conan_field import LIT_EDGE as CONAN_EDGE
from tabletop.ui.games.conan_field import LIT_FILL as CONAN_FILL
from tabletop.ui.lit_layer import LitPatches, disjoint
from tabletop.ui.still_frame import StillFrames
from tabletop.ui.table import LIT_EDGE, LIT_FILL, TableScene

GAMES = game_ids()


def full_table(game_id: str, size: tuple[int, int] = (1280, 720), moves: int = 40,
               seed: int = 3) -> tuple[Any, TableScene]:
    """A window showing a seeded bot game after ``moves`` actions, to the seat acting."""
    game = selfplay.bot_game(load_rules(game_id), seed, moves, unfinished=True)
    app = make_app(size)
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    for _ in range(2):
        app.frame(1 / 60)
    return app, scene


def movable(scene: TableScene) -> list[int]:
    """The cards the viewer may pick up now."""
    return [s.iid for s in scene.sprites if s.drawn and scene._movable(s.iid)]


def afresh(scene: TableScene) -> bytes:
    """The frame a full redraw gives (no kept frame), as RGB bytes."""
    kept = scene.still
    scene.still = StillFrames()
    other = pygame.Surface(scene.app.screen.get_size()).convert(scene.app.screen)
    try:
        scene.draw(other)
    finally:
        scene.still = kept
    return pygame.image.tobytes(other, "RGB")


def shown(scene: TableScene) -> bytes:
    """The frame ``scene.draw`` gives now (a kept one when it keeps one), as RGB bytes."""
    screen = scene.app.screen
    scene.draw(screen)
    return pygame.image.tobytes(screen, "RGB")


def motion(app: Any, pos: tuple[int, int], held: bool = False) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                    buttons=(1, 0, 0) if held else (0, 0, 0), touch=False))


class Recording(pygame.Surface):
    """pygame.Surface, noting the size of every surface made (as the modules call it)."""

    sizes: list[tuple[int, int]] = []

    def __init__(self, size: Any, *args: Any, **kwargs: Any) -> None:
        Recording.sizes.append((int(size[0]), int(size[1])))
        super().__init__(size, *args, **kwargs)


# ---------------------------------------------------------------------- pick-up


@pytest.mark.parametrize("game_id", GAMES)
def test_pick_up_makes_no_viewport_sized_surface(game_id, monkeypatch):
    app, scene = full_table(game_id)
    area = scene.viewport.area[2] * scene.viewport.area[3]
    picked = 0
    for iid in movable(scene):
        Recording.sizes = []
        monkeypatch.setattr(pygame, "Surface", Recording)
        scene.pick_up(iid, scene.by_iid[iid].rect.center)
        scene.draw(app.screen)  # the first lit frame
        monkeypatch.setattr(pygame, "Surface", Recording.__mro__[1])
        big = [s for s in Recording.sizes if s[0] * s[1] >= area // 2]
        assert big == [], (game_id, iid, big)
        picked += scene.drag is not None
        scene.cancel_drag()
    assert picked, "no card could be picked up"
    app.shutdown()


def layer_of(scene: TableScene) -> pygame.Surface:
    """The drag's lit places drawn as before issue 14: every legal zone and cell (or,
    for Conan's shape drags, every planned place) outlined on one viewport-sized
    transparent layer, blended onto black."""
    area = scene.viewport.area
    layer = pygame.Surface((area[2], area[3]), pygame.SRCALPHA)
    width = max(2, round(3 * scene.scale))
    plan = getattr(scene.ui, "plan", None)
    drag = scene.drag
    assert drag is not None
    if plan is not None and plan.iid == drag.iid:
        gaps = {k for k, tg in plan.targets.items() if tg.gap}
        for key, shape in plan.shapes.items():
            outline(scene, layer, shape, CONAN_FILL, GAP_EDGE if key in gaps else CONAN_EDGE,
                    width)
    else:
        for zone_id in drag.zones:
            scene._outline(layer, scene.layout.zone(zone_id).shape(), LIT_FILL, LIT_EDGE, width)
        for key in drag.cells:
            scene._outline(layer, scene.geometry.index.placed(key), LIT_FILL, LIT_EDGE, width)
    black = pygame.Surface(layer.get_size())
    black.blit(layer, (0, 0))
    return black


def patches_of(scene: TableScene) -> tuple[pygame.Surface, int]:
    """The drag's lit patches (the table's or the plugin's) blended onto black, and how
    many there are."""
    area = scene.viewport.area
    black = pygame.Surface((area[2], area[3]))
    plan = getattr(scene.ui, "plan", None)
    drag = scene.drag
    assert drag is not None
    if plan is not None and plan.iid == drag.iid:
        scene.ui.draw_marks(scene, pygame.Surface(black.get_size()))  # builds them
        lit = scene.ui._lit
    else:
        lit = scene._lit
    assert isinstance(lit, LitPatches)
    lit.blit(black)
    return black, len(lit.patches)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lit_places_are_the_legal_targets_as_on_one_layer(game_id):
    lit_any = 0
    for moves in (40, 60, 80, 100, 120, 30):  # until some pick-up lights something
        app, scene = full_table(game_id, moves=moves)
        for iid in movable(scene):
            scene.pick_up(iid, scene.by_iid[iid].rect.center)
            got, patches = patches_of(scene)
            want = layer_of(scene)
            assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), iid
            lit_any += patches
            scene.cancel_drag()
        app.shutdown()
        if lit_any:
            break
    assert lit_any, "no pick-up lit anything: the comparison would prove nothing"


def test_disjoint_rects_cover_every_rect_and_never_overlap():
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(30, 0, 4, 4),
             pygame.Rect(14, 14, 20, 3), pygame.Rect(100, 100, 1, 1)]
    out = disjoint(rects)
    for a in rects:
        assert any(b.contains(a) for b in out)
    for i, a in enumerate(out):
        assert not any(a.colliderect(b) for b in out[i + 1:])
    # the first, second and fourth overlap in a chain, and their union takes in the third
    assert out == [pygame.Rect(0, 0, 34, 17), pygame.Rect(100, 100, 1, 1)]


# ---------------------------------------------------------------------- kept frames


@pytest.mark.parametrize("game_id", GAMES)
def test_a_kept_frame_is_always_the_frame_a_full_redraw_gives(game_id):
    app, scene = full_table(game_id)
    away = (scene.panel_rect.centerx, 3)
    motion(app, away)
    for _ in range(3):  # the frame settles and is kept
        assert shown(scene) == afresh(scene)
    assert scene.still.rest.kept
    cards = movable(scene) or [s.iid for s in scene.sprites if s.drawn]
    card = scene.by_iid[cards[0]].rect.center
    motion(app, card)  # hover: the preview comes
    for _ in range(3):
        assert shown(scene) == afresh(scene)
    motion(app, away)  # and goes
    for _ in range(3):
        assert shown(scene) == afresh(scene)
    other = next((s for s in scene.sprites if s.drawn and s.iid not in cards), None)
    if other is not None:  # a click on a card that cannot be moved: it says why
        pos = other.rect.center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.dispatch(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        for _ in range(3):
            assert shown(scene) == afresh(scene)
    if movable(scene):  # a drag: every motion frame, then the card goes back
        iid = movable(scene)[0]
        start = scene.by_iid[iid].rect.center
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1,
                                        touch=False))
        for step in range(1, 6):
            motion(app, (start[0] - 25 * step, start[1] - 30 * step), held=True)
            assert shown(scene) == afresh(scene)
        assert scene.still.under.kept and not scene.still.rest.kept  # one at a time
        scene.cancel_drag()
        for _ in range(3):
            assert shown(scene) == afresh(scene)
        assert not scene.still.under.kept
    bot = scene.rules.make_bot(7)  # a move of the game: the kept frame is old
    assert scene.game.propose(bot.choose(scene.game)).ok
    for _ in range(3):
        assert shown(scene) == afresh(scene)
    app.shutdown()


def test_kept_frames_follow_a_resize():
    app, scene = full_table("arc")
    for _ in range(3):
        shown(scene)
    assert scene.still.rest.kept
    app.screen = pygame.display.set_mode((1600, 900))
    scene.resize((1600, 900))
    for _ in range(3):
        assert shown(scene) == afresh(scene)
    assert scene.still.rest._frame is not None
    assert scene.still.rest._frame.get_size() == (1600, 900)
    app.shutdown()


def test_a_carried_face_is_shrunk_once_and_the_kept_ones_are_bounded():
    faces = CarriedFaces(limit=3)
    cards = [pygame.Surface((120, 168)) for _ in range(5)]
    for i, card in enumerate(cards):
        card.fill((40 * i, 200 - 30 * i, 90))
    first = faces.shrunk(cards[0], (60, 84))
    assert faces.shrunk(cards[0], (60, 84)) is first  # asked again: not scaled again
    want = pygame.transform.smoothscale(cards[0], (60, 84))
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(want, "RGB")
    for card in cards[1:]:
        faces.shrunk(card, (60, 84))
    assert len(faces) == 3
    assert faces.shrunk(cards[0], (60, 84)) is not first  # the oldest went first
