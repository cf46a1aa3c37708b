"""Frame-time benchmark of the 絵師100人展 table (and its README screenshots).

Run: ``.venv/bin/python benchmarks/bench_table_eshi100.py`` (headless, SDL dummy driver).

Prints, for a busy mid-game table at 1600x900 (11 cards on the grid, two of them
damaged, full hands, piles), the median and p95 time of one whole frame:

* at rest (hint box, lit usable cards, connector badges);
* while hovering a grid card (its connect outlined, the preview);
* while choosing the cards to consume (lit candidates, the power comparison).

``--screenshots DIR`` renders the pictures of ``docs/eshi100.md`` instead (1280x720,
``--lang ja`` for Japanese): ``eshi100_table.png``, ``eshi100_drag.png`` (legal
squares lit while a hand card is dragged), ``eshi100_consume.png`` (a consumption
choice with the power comparison).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
from frame_timing import median_p95  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.games.eshi100 import board  # noqa: E402

FRAME = 1 / 60


def _grid(card: str, owner: int, square: int, label: str = "", up: bool = True) -> dict:
    spec: dict = {"card": card, "owner": owner, "counters": {"square": square}}
    if label:
        spec["label"] = label
    if not up:
        spec["face_up"] = False
    return spec


def busy_position() -> dict:
    """Turn 9, player 1's action phase: 11 grid cards (2 damaged), 1 point each."""
    return {
        "turn": 9, "active": 0, "phase": "action",
        "zones": {
            "grid": [
                _grid("crimson_brushstroke", 0, 0, "brush"),
                _grid("mural_giant", 0, 1, "giant"),
                _grid("varnish_shield", 0, 2, up=False),
                _grid("ink_comet", 0, 4, "comet"),
                _grid("charcoal_knight", 0, 5, "knight"),
                _grid("blank_canvas", 1, 6, "canvas"),
                _grid("gallery_warden", 1, 10, "warden"),
                _grid("eraser_veil", 1, 9, up=False),
                _grid("neon_poster", 1, 11, "poster"),
                _grid("frame_wall", 1, 14, "wall"),
                _grid("watercolour_storm", 1, 15, "storm"),
            ],
            "p0.hand": [{"card": "paper_crane_volley", "label": "crane"}, "easel_guard",
                        "gilded_frame_dragon", "pastel_mist", "chalk_sprite"],
            "p1.hand": ["curators_seal", "ink_comet", "frame_wall", "chalk_sprite"],
            "p0.victory": ["paper_crane_volley"],
            "p1.victory": ["ink_comet"],
            "p0.discard": ["chalk_sprite", "blank_canvas", "easel_guard"],
            "p1.discard": ["varnish_shield", "pastel_mist"],
            "p0.deck": ["chalk_sprite"] * 18,
            "p1.deck": ["chalk_sprite"] * 17,
        },
    }


def make_table(size: tuple[int, int], lang: str = "en") -> tuple:
    """A window on :func:`busy_position`: (app, game, scene, labels)."""
    from tabletop.ui.app import App
    from tabletop.ui.table import TableScene

    i18n.set_language(lang)
    app = App(size, lang=lang)
    pygame.event.clear()
    game = Game(load_rules("eshi100"), GameSetup("eshi100", seed=1, position=busy_position()))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    for _ in range(2):
        app.frame(FRAME)
    return app, game, scene, game.state.data["labels"]


def _post(kind: int, pos: tuple[int, int], **extra: object) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, touch=False, **extra))


def _move(app: object, pos: tuple[int, int], held: bool = False) -> None:
    _post(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))
    app.frame(FRAME)  # type: ignore[attr-defined]


def _click(app: object, pos: tuple[int, int]) -> None:
    _move(app, pos)
    _post(pygame.MOUSEBUTTONDOWN, pos, button=1)
    app.frame(FRAME)  # type: ignore[attr-defined]
    _post(pygame.MOUSEBUTTONUP, pos, button=1)
    app.frame(FRAME)  # type: ignore[attr-defined]
    app.frame(FRAME)  # type: ignore[attr-defined]


def _time_frames(app: object, n: int) -> tuple[float, float]:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        app.frame(FRAME)  # type: ignore[attr-defined]
        times.append((time.perf_counter() - start) * 1000)
    return median_p95(times)


def bench(frames: int) -> None:
    """Print frame times at rest, hovering and choosing."""
    app, game, scene, lab = make_table((1600, 900))
    rows = [("at rest", _time_frames(app, frames))]
    _move(app, scene.card_rect(lab["giant"]).center)
    rows.append(("hovering a grid card", _time_frames(app, frames)))
    _move(app, (5, 5))
    _click(app, scene.card_rect(lab["knight"]).center)
    assert scene.decisions.kind == "use", "the Charcoal Knight should be usable"
    rows.append(("choosing what to consume", _time_frames(app, frames)))
    for name, (median, p95) in rows:
        print(f"{name:28s} median {median:6.2f} ms   p95 {p95:6.2f} ms")
    app.shutdown()


def screenshots(folder: Path, lang: str = "en") -> None:
    """The three pictures of docs/eshi100.md (1280x720)."""
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "" if lang == "en" else f"_{lang}"

    def shoot(app: object, name: str) -> None:
        app.frame(FRAME)  # type: ignore[attr-defined]
        pygame.image.save(app.screen, str(folder / f"{name}{suffix}.png"))  # type: ignore[attr-defined]

    app, game, scene, lab = make_table((1280, 720), lang)
    _move(app, scene.card_rect(lab["giant"]).center)
    shoot(app, "eshi100_table")
    crane = scene.card_rect(lab["crane"])
    target = scene.cell_rect("cell:grid/" + board.cell_of_square(8)).center
    _move(app, (crane.x + 10, crane.centery))
    _post(pygame.MOUSEBUTTONDOWN, (crane.x + 10, crane.centery), button=1)
    app.frame(FRAME)
    for i in range(1, 9):
        x = crane.x + 10 + (target[0] - crane.x - 10) * i // 8
        y = crane.centery + (target[1] - crane.centery) * i // 8
        _move(app, (x, y), held=True)
    shoot(app, "eshi100_drag")
    scene.cancel_drag()
    app.shutdown()

    app, game, scene, lab = make_table((1280, 720), lang)
    _click(app, scene.card_rect(lab["knight"]).center)
    _click(app, scene.card_rect(lab["canvas"]).center)  # player 2's: counted, not damaged
    _move(app, (5, 5))
    shoot(app, "eshi100_consume")
    app.shutdown()


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--screenshots", type=Path, default=None)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    if args.screenshots is not None:
        screenshots(args.screenshots, args.lang)
    else:
        bench(args.frames)


if __name__ == "__main__":
    main()
