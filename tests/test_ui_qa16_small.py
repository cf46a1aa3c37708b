"""The last small QA findings of issue 16 (finding 20 and finding 10), driven with
posted events: the side panel's log shows whole rows only, the result screen's
button lies inside its box, every choice of the menu shows whole in both languages,
Arc's resource counters show every colour, a square window gives the table its
height, and a deck-builder toolbar click right after a dialog or a drop-down acts."""

from __future__ import annotations

import importlib

import pygame
import pytest
from ui_helpers import frames, key, make_app

from tabletop.core import selfplay
from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.rules import _GAMES, game_ids, load_rules
from tabletop.ui.cover import HotseatCover
from tabletop.ui.fonts import Fonts
from tabletop.ui.log_fit import first_rows, rows_that_fit
from tabletop.ui.panels import LogPanel, TextCache
from tabletop.ui.table import TableScene


def _mid_game(game_id: str, seed: int = 4, turns: int = 3) -> Game:
    rules = load_rules(game_id)
    decks = importlib.import_module(_GAMES[game_id]).load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(300):
        if game.state.turn > turns or game.state.game_over:
            break
        action = bots[rules.acting_seat(game.state)].choose(game)
        if action is None:
            break
        game.propose(action)
    return game


def _table(app, game: Game) -> TableScene:  # type: ignore[no-untyped-def]
    """The table of ``game`` in ``app``, past the hand-over cover."""
    app.start_game(game)
    frames(app, 3)
    for _ in range(4):
        top = app.stack.top
        if not isinstance(top, HotseatCover):
            break
        app.frame(1.0)
        top.dismiss()
        frames(app, 2)
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene), app.stack.top
    return app.stack.top


# ------------------------------------------------------------------ the side panel's log


def _log_inside(scene: TableScene) -> None:
    """Every piece of the log drawn last lies wholly inside the log's room under its
    heading, none over another."""
    body = scene.body_rect.move(-scene.panel_rect.x, -scene.panel_rect.y)
    drawn = scene.log_panel.drawn
    size = max(11, round(14 * scene.scale))
    heading = scene.text.fonts.get(size, True).get_height() + 6
    room = pygame.Rect(body.x, body.y + heading, body.w, body.h - heading)
    if room.h >= scene.text.fonts.get(size).get_height() + 7:  # else: key L shows it
        assert drawn, "room for a row, no log line drawn"
    for piece in drawn:
        assert room.contains(piece), (piece, room)
    for a, b in zip(drawn, drawn[1:], strict=False):
        assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("game_id", game_ids())
def test_the_log_shows_whole_rows_only(game_id: str, size: tuple[int, int]) -> None:
    """Finding 20 (s92.png, r_800x600.png): the log's first row was cut in half by the
    heading when the newest line was taller than the room left under the coach box.
    Free mode on (key F) makes the coach box taller and the newest line long."""
    app = make_app(size)
    try:
        scene = _table(app, _mid_game(game_id))
        _log_inside(scene)
        key(app, pygame.K_f, unicode="f")
        frames(app, 3)
        assert scene.game.state.free_mode
        _log_inside(scene)
        key(app, pygame.K_f, unicode="f")
        frames(app, 3)
        _log_inside(scene)
    finally:
        app.shutdown()


def test_a_newest_line_taller_than_the_log_shows_its_first_rows_whole() -> None:
    """The newest line, wrapped over more rows than fit, shows the rows that fit from
    its start (who did what), the last ending in an ellipsis; nothing over the heading."""
    pygame.font.init()
    fonts = Fonts()
    panel = LogPanel(TextCache(fonts))
    size, width = 14, 260
    font = fonts.get(size)
    long = "Manual: Player 1 moves Ember Knight from Player 1's Hand to Player 1's " \
        "Characters, and then some more words so that it wraps over many rows."
    heading = fonts.get(size, True).get_height() + 6
    height = heading + font.get_height() + font.get_linesize() + 7 + 5  # two rows, a bit
    surface = pygame.Surface((width, height))
    area = surface.get_rect()
    panel.draw(surface, area, ["older", long], 1.0)
    assert len(panel.drawn) == 2  # two rows of the newest line, the older one left out
    room = pygame.Rect(0, heading, width, height - heading)
    assert all(room.contains(r) for r in panel.drawn)
    rows = first_rows(long, font, width - 24, 2)
    assert rows[0].startswith("Manual: Player 1") and rows[1].endswith("…")
    assert all(font.size(r)[0] <= width - 24 for r in rows)
    assert rows_that_fit(font.get_height() - 1, font) == 0


# ------------------------------------------------------------------ the result box


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1600, 900), (2560, 1440)])
def test_the_back_to_the_menu_button_lies_inside_the_result_box(
        size: tuple[int, int], lang: str) -> None:
    """Finding 20 (s88.png): after a resignation (Ctrl+Q, then Enter confirms) the
    "Back to the menu" button sat on the result box's lower edge. Now it lies inside
    the box with a margin on every side, the box's shade drawn all round it, and the
    heading and the resignation line above it, none over another."""
    from tabletop.ui import dialogs
    from tabletop.ui.result_box import scene_layout

    app = make_app(size, lang)
    try:
        scene = _table(app, _mid_game("arc", turns=1))
        key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
        assert dialogs.top_dialog(app.ui) is not None, "Resign did not ask"
        key(app, pygame.K_RETURN)
        frames(app, 3)
        assert scene.game.state.game_over
        button = scene._game_over_button
        assert button is not None and button.visible
        where = scene_layout(scene)
        assert where.why is not None  # somebody resigned
        margin = where.margin
        assert where.box.inflate(-2 * margin, -2 * margin).contains(button.rect), \
            (button.rect, where.box)
        assert where.heading.bottom <= where.why.top and where.why.bottom < button.rect.top
        assert where.box.contains(where.heading) and where.box.contains(where.why)
        shot = app.screen.copy()
        half = margin // 2
        r = button.rect
        for x, y in ((r.centerx, r.top - half), (r.centerx, r.bottom + half),
                     (r.left - half, r.centery), (r.right + half, r.centery)):
            colour = shot.get_at((x, y))[:3]
            assert max(colour) < 40, ((x, y), colour)  # the box's dark shade, not the table
    finally:
        app.shutdown()
