"""What lights up is exactly what is accepted (issue 12 §1, QA): the coach's glow round
a card that can act lies under the cards, so in a fanned hand it never tints the next
card, which may be one that cannot be played. Checked by drawing each table with the
coach shown and hidden (G): no pixel of a card that is not lit may differ."""

from __future__ import annotations

from ui_helpers import frames, key, make_app

from tabletop.core.rules import game_ids, load_rules
from tabletop.core.selfplay import bot_game
from tabletop.ui.coach_panel import COACH_KEY
from tabletop.ui.cover import HotseatCover


def test_no_glow_lies_over_a_card_that_is_not_lit() -> None:
    touching = 0
    for game_id in game_ids():
        for seed in (1, 2, 3):
            app = make_app((1280, 720))
            try:
                game = bot_game(load_rules(game_id), seed, moves=12, unfinished=True)
                app.start_game(game, autosave=False)
                for _ in range(3):
                    if isinstance(app.stack.top, HotseatCover):
                        app.stack.top.dismiss()
                    frames(app, 2)
                scene = app.stack.top
                lit = set(scene.coach.lit(scene))
                if not lit:
                    continue
                frames(app, 1)
                shown = app.screen.copy()
                key(app, COACH_KEY)  # hidden: no glow
                frames(app, 1)
                bare = app.screen
                lit_rects = [s.rect for s in scene.sprites if s.iid in lit]
                for other in scene.sprites:
                    if other.iid in lit or not other.drawn:
                        continue
                    near = [r for r in lit_rects if r.inflate(30, 30).colliderect(other.rect)]
                    if not near:
                        continue
                    touching += 1
                    inner = other.rect.inflate(-8, -8)  # not its rounded corners
                    for x in range(inner.left, inner.right):
                        for y in range(inner.top, inner.bottom, 3):
                            if any(r.collidepoint(x, y) for r in lit_rects):
                                continue
                            assert shown.get_at((x, y)) == bare.get_at((x, y)), \
                                (game_id, seed, other.iid, (x, y))
            finally:
                app.shutdown()
    assert touching >= 3
