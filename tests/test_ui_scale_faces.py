"""UI scale above 100% (issue 16): the chosen scale enlarges widgets, fonts and the side
panel, never the text floor of the table's card faces, so a face drawn as large as at
100% shows at least what it showed then (QA: at 112.5-125% on 1280x720 names and type
lines of table cards vanished, because the faces' text floor rose with the scale)."""

from __future__ import annotations

import pytest
from ui_helpers import frames, make_app

from tabletop.core.rules import game_ids, load_rules
from tabletop.core.selfplay import bot_game
from tabletop.ui.cover import HotseatCover
from tabletop.ui.screen_fit import fit_scale
from tabletop.ui.table import TableScene
from tabletop.ui.theme import ui_scale


def _faces(app) -> dict[int, tuple[tuple[int, int], frozenset[str]]]:
    """Per instance id on the table: its face's size and the texts drawn on it."""
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    out = {}
    for sprite in scene.sprites:
        card_id = sprite.card.card_id
        if card_id is None or not sprite.drawn:
            continue
        record = scene.renderer.records.get(("face", card_id, sprite.rect.w, sprite.rect.h,
                                             scene.lang))
        if record is not None:
            out[sprite.iid] = (sprite.rect.size, frozenset(p.text for p in record.placed))
    return out


#: Faces at least this wide (pixels at 1280x720: hand cards, rows of characters and
#: battle cards) show their names at every UI scale; narrower ones (resources, chips) are
#: at the edge of their level of detail, where a few pixels less may leave a name out.
NAMED_WIDTH = 80


def _named(app) -> set[int]:
    """The instance ids of the faces at least NAMED_WIDTH wide that show their name."""
    scene = app.stack.top
    out = set()
    for iid, (wh, texts) in _faces(app).items():
        card = scene.rules.cards[scene.game.state.cards[iid].card_id]
        if wh[0] >= NAMED_WIDTH and card.display_name(scene.lang) in texts:
            out.add(iid)
    return out


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_faces_keep_their_names_at_a_larger_ui_scale(game_id, size):
    """Before: at 125% on 1280x720 Arc's hand and character row lost 5 of 12 names."""
    app = make_app(size)
    try:
        game = bot_game(load_rules(game_id), seed=3, moves=40)
        app.start_game(game, autosave=False)
        for _ in range(3):
            if isinstance(app.stack.top, HotseatCover):
                app.stack.top.dismiss()
            frames(app, 2)
        at_100 = _named(app)
        if not at_100:  # 絵師100人展's grid at 1280x720: every face narrower (checked at 1080p)
            pytest.skip(f"no face {NAMED_WIDTH} px wide at {size}")
        for scale in (1.125, 1.25):
            app.set_ui_scale(scale)
            frames(app, 3)
            table = app.stack.top  # takes the scale as far as it fits (QA16 #4)
            fits = fit_scale(table.layout_need(), app.size, table.layout_fixed())
            base = ui_scale(size)
            assert app.scale == min(round(base * scale * 8) / 8, max(base, fits))
            lost = at_100 - _named(app)
            assert not lost, (scale, sorted(lost))
    finally:
        app.shutdown()
