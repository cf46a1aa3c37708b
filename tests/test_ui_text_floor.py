"""Issue 10, text floor: no text under 12 px at 1280x720, scaled with the window.

Every game's table is rendered mid-game at 1280x720, 1600x900 and 2560x1440 with
:class:`pygame.font.Font` replaced by a recording subclass, so every text drawn
(through :class:`tabletop.ui.fonts.Fonts`, pygame_gui widgets, or a font made
directly) is seen with its pixel size.
"""

from __future__ import annotations

import importlib
from typing import Any

import pygame
import pytest
from ui_helpers import frames, make_app

from tabletop.core import selfplay
from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.rules import _GAMES, game_ids, load_rules
from tabletop.ui.cover import HotseatCover
from tabletop.ui.table import TableScene
from tabletop.ui.theme import text_floor, ui_scale

SIZES = ((1280, 720), (1600, 900), (2560, 1440))


def _mid_game(game_id: str, seed: int = 4, turns: int = 4) -> Game:
    rules = load_rules(game_id)
    decks = importlib.import_module(_GAMES[game_id]).load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(400):
        if game.state.turn > turns or game.state.game_over:
            break
        action = bots[rules.acting_seat(game.state)].choose(game)
        if action is None:
            break
        game.propose(action)
    return game


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


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", game_ids())
def test_text_floor_every_table(game_id: str, size: tuple[int, int],
                                drawn: list[tuple[str, int]]) -> None:
    """Issue 10 (text floor): every text of a mid-game table is at least 12 px at
    1280x720, scaled with the window (text_floor(ui_scale))."""
    app = make_app(size)
    try:
        app.start_game(_mid_game(game_id))
        frames(app, 3)
        for _ in range(4):
            top = app.stack.top
            if not isinstance(top, HotseatCover):
                break
            app.frame(1.0)
            top.dismiss()
            frames(app, 2)
        frames(app, 3)
        assert isinstance(app.stack.top, TableScene), app.stack.top
        floor = text_floor(ui_scale(size))
        small = sorted({(px, text[:40]) for text, px in drawn if px < floor})
        assert drawn, "nothing was drawn"
        assert not small, f"texts under {floor} px at {size}: {small[:20]}"
    finally:
        app.shutdown()
