"""Issue 14, frames: pick-up to the first lit frame, a frame at rest, a drag frame.

For every game in ``GAMES`` and every size in ``SIZES`` a "full table" is built: a
seeded bot game played :data:`MOVES` actions (every zone holds cards), shown in a
headless window to the seat that acts. Then, in CPU time (``time.process_time``):

* pick-up: ``scene.pick_up`` of each card the viewer may pick up, plus the first
  ``scene.draw`` with its targets lit; p95 over all pick-ups (target 4 ms at 1600x900
  and below, 16 ms at 3840x2160);
* rest frame / floor: the median ``scene.draw`` with nothing picked up or pointed at,
  over the median *blit floor* measured in the same run: the screen cleared and the
  same card surfaces blitted at the same places (``scene._blits``); target 1.5x;
* drag frame / floor: one pointer motion during a drag (the event handled, then
  ``scene.draw``), median over the floor; target 2x.

The scene's draw is called directly: whether an idle window draws at all is the idle
part's figure, this one is the cost of a frame that is drawn.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from perf import GAMES, SIZES, Figure, percentile  # noqa: E402

__all__ = ["MOVES", "SEED", "figures", "full_table", "measure"]

#: Bot actions played before the table is measured (enough that every zone holds cards).
MOVES = 60
#: The bot game's seed.
SEED = 3


def full_table(game_id: str, size: tuple[int, int], moves: int = MOVES,
               seed: int = SEED) -> tuple[Any, Any]:
    """A headless window showing ``game_id`` after ``moves`` bot actions of the seeded
    game ``seed`` (fewer when it ends sooner), to the seat that acts, no cover:
    ``(app, scene)``. The caller shuts the app down."""
    from tabletop import i18n
    from tabletop.core import selfplay
    from tabletop.core.rules import load_rules
    from tabletop.ui.app import App
    from tabletop.ui.table import TableScene

    i18n.set_language("en")
    game = selfplay.bot_game(load_rules(game_id), seed, moves, unfinished=True)
    app = App(size)
    pygame.event.clear()
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    for _ in range(3):
        app.frame(1 / 60)
    return app, scene


def _cpu_ms(fn: Any) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def _floor(scene: Any, screen: pygame.Surface) -> None:
    screen.fill((0, 0, 0))
    screen.fblits([(s, p) for s, p, _ in scene._blits])


def _away(scene: Any) -> None:
    """Nothing pointed at: no hover, no preview."""
    off = (scene.panel_rect.x + scene.panel_rect.w // 2, 2)
    scene.app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=off, rel=(0, 0),
                                          buttons=(0, 0, 0), touch=False))
    scene.hover = None


def measure(game_id: str, size: tuple[int, int], repeats: int) -> dict[str, float]:
    """The raw figures of one game at one size (milliseconds of CPU): ``pickup_p95``,
    ``rest``, ``drag``, ``floor`` (medians), ``pickups`` (how many were timed)."""
    app, scene = full_table(game_id, size)
    screen = app.screen
    try:
        _away(scene)
        scene.draw(screen)
        rest, floor = [], []
        for _ in range(repeats):  # interleaved: both see the same machine load
            floor.append(_cpu_ms(lambda: _floor(scene, screen)))
            rest.append(_cpu_ms(lambda: scene.draw(screen)))
        movable = [s.iid for s in scene.sprites if s.drawn and scene._movable(s.iid)]
        pickups: list[float] = []
        drags: list[float] = []
        for round_ in range(max(1, repeats // 20)):
            for iid in movable:
                sprite = scene.by_iid[iid]
                start = sprite.rect.center

                def pick(iid: int = iid, start: tuple[int, int] = start) -> None:
                    scene.pick_up(iid, start)
                    scene.draw(screen)

                pickups.append(_cpu_ms(pick))
                if round_ == 0 and scene.drag is not None:
                    for step in range(1, 11):
                        pos = (start[0] - 7 * step, start[1] - 9 * step)
                        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(-7, -9),
                                                   buttons=(1, 0, 0), touch=False)

                        def motion(event: pygame.event.Event = event) -> None:
                            app.dispatch(event)
                            scene.draw(screen)

                        drags.append(_cpu_ms(motion))
                scene.cancel_drag()
                scene.draw(screen)
        return {"pickup_p95": percentile(pickups, 95) if pickups else 0.0,
                "rest": statistics.median(rest), "floor": statistics.median(floor),
                "drag": statistics.median(drags) if drags else 0.0,
                "pickups": float(len(pickups))}
    finally:
        app.shutdown()


def figures(quick: bool) -> list[Figure]:
    """Per game and size: pick-up p95, rest frame / floor, drag frame / floor."""
    repeats = 40 if quick else 200
    out: list[Figure] = []
    for game_id in GAMES:
        for size in SIZES:
            m = measure(game_id, size, repeats)
            big = size[0] * size[1] > 1600 * 900
            floor = max(m["floor"], 1e-6)
            out.append(Figure("pick-up to first lit frame p95 CPU", m["pickup_p95"],
                              16.0 if big else 4.0, "ms", game_id, size,
                              note=f"{int(m['pickups'])} pick-ups"))
            out.append(Figure("frame at rest / blit floor", m["rest"] / floor, 1.5, "x",
                              game_id, size,
                              note=f"rest {m['rest']:.2f} ms, floor {m['floor']:.2f} ms"))
            out.append(Figure("drag motion frame / blit floor", m["drag"] / floor, 2.0, "x",
                              game_id, size,
                              note=f"drag {m['drag']:.2f} ms, floor {m['floor']:.2f} ms"))
    return out
