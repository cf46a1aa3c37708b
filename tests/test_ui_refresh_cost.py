"""What a change of the game redoes at the table (issue 14), and that what it keeps is
what it would have drawn afresh: the background patched with the labels that came or
went is the background drawn whole, every card keeps the surface and rectangle the
renderer gives it, and the hit-test index holds the cards drawn, in draw order."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import frames, make_app

from tabletop.core import selfplay
from tabletop.core.engine import Game
from tabletop.core.rules import game_ids, load_rules
from tabletop.layout.table import CARD
from tabletop.ui.backdrop import draw_backdrop
from tabletop.ui.games import has_game_ui
from tabletop.ui.sprite import right_angle
from tabletop.ui.table import TableScene

WINDOW_GAMES = [g for g in game_ids() if has_game_ui(g)]
#: Bot moves replayed at the table (zones empty and fill in all four games by then).
MOVES = 40


def _played_at_table(game_id: str, size: tuple[int, int] = (1280, 720)):
    """A table of a fresh game and the bot game's actions to replay on it."""
    rules = load_rules(game_id)
    played = selfplay.bot_game(rules, 5, MOVES, unfinished=True)
    game = Game(rules, played.setup)
    app = make_app(size)
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene, played.actions


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _labelled(scene: TableScene) -> frozenset[str]:
    return frozenset(z.id for z in scene.layout.zones if not scene.view.zones.get(z.id))


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
def test_a_patched_background_is_the_background_drawn_whole(game_id: str) -> None:
    app, game, scene, actions = _played_at_table(game_id)
    try:
        size = app.screen.get_size()
        patched = 0
        for action in actions:
            assert game.propose(action).ok
            bg = scene._make_bg(size)
            patched += scene.backdrop.made == "patched"
            whole, _ = draw_backdrop(scene, size, _labelled(scene))
            assert _pixels(bg) == _pixels(whole), f"after {action}"
        assert patched, "no background was patched: every change drew it whole"
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
def test_every_card_keeps_the_surface_and_place_it_would_be_given(game_id: str) -> None:
    app, game, scene, actions = _played_at_table(game_id)
    try:
        reused = 0
        for action in actions:
            assert game.propose(action).ok
            reused += scene.sprite_memo.reused
            scale, port = scene.viewport.scale, scene.viewport
            for sprite in scene.sprites:
                w, h = (round(v * scale) for v in sprite.placed.size)
                card = sprite.card
                fresh = (scene.renderer.back((w, h), sprite.turn, card.owner)
                         if card.card_id is None else
                         scene.renderer.face(card.card_id, (w, h), sprite.turn, scene.lang))
                assert sprite.surface is not None
                assert _pixels(sprite.surface) == _pixels(fresh)
                quarter = right_angle(sprite.turn)
                if quarter is None:
                    rect = fresh.get_rect(center=port.to_px(*sprite.placed.center))
                else:
                    upright = sprite.placed.size
                    turned = (upright[1], upright[0]) if quarter % 2 else upright
                    rect = pygame.Rect(port.rect_px(sprite.placed.center, turned))
                assert sprite.rect == rect
            # the hit-test index: the cards laid out, bottom first, where they are drawn
            index = scene.geometry.index
            assert index.keys(CARD) == [str(s.iid) for s in scene.sprites]
            assert all(index.placed(str(s.iid)) == s.placed for s in scene.sprites)
            assert all(scene.geometry.card_zone(str(s.iid)) == s.zone for s in scene.sprites)
        assert reused, "no card kept its surface"
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
def test_the_side_panel_is_drawn_again_in_place_and_shown_as_drawn(game_id: str) -> None:
    app, game, scene, actions = _played_at_table(game_id)
    try:
        size = app.screen.get_size()
        kept, fresh = pygame.Surface(size), pygame.Surface(size)
        panel = scene._panel
        assert panel is not None
        for action in actions[:12]:
            drawn = scene.panel_pixels.drawn
            assert game.propose(action).ok
            frames(app, 2)  # the frame at rest is kept by now
            if scene._panel is None:
                continue  # under the hand-over cover
            assert scene._panel is panel  # no new surface for a change
            assert scene.panel_pixels.drawn > drawn
            scene.draw(kept)  # the kept frame (the panel's pixels are its count's)
            scene._draw_frame(fresh)  # everything drawn afresh
            assert _pixels(kept) == _pixels(fresh), f"after {action}"
    finally:
        app.shutdown()
