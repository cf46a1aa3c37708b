"""Render pictures of lesson steps (issue 12 §3) into ``docs/screenshots/``.

    .venv/bin/python tools/screenshots_lessons.py [--out DIR] [--size WxH] [--lang en]
    .venv/bin/python tools/screenshots_lessons.py --all-sizes --out /tmp/lessons

Writes ``lesson_arc.png`` (Arc, lesson 1 step 4: Flame Duelist picked up, only the
character row lit, the step in the coach panel), ``lesson_eshi100.png`` (絵師100人展,
lesson 2: defending, the step in the coach panel and the power comparison),
``lessons_list.png`` (the lessons list with the first Arc lesson ticked). With
``--all-sizes`` every picture at 1280x720, 1600x900 and 2560x1440 in en and ja (file
names with size and language), to look at every step's screen. Nothing is saved into
the user's save folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.lesson import Lesson  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.lesson import LessonScene  # noqa: E402
from tabletop.ui.lessons_menu import LessonProgress, LessonsMenu  # noqa: E402

LESSONS = REPO / "assets" / "lessons"
FRAME = 1 / 60


def _frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame(FRAME)


def _lesson_at(app: App, path: Path, step: int) -> LessonScene:
    """The lesson on the table, played as written up to ``step`` (0-based)."""
    lesson = Lesson.load(path)
    scene = LessonScene(app, lesson, load_rules(lesson.game), pace=0.0)
    app.stack.replace(scene)
    _frames(app, 2)
    run = scene.run
    while run.index < step and not run.done:
        if run.waits_for_next:
            scene.next()
        elif not run.others_turn:
            expected = run.expected()
            assert expected is not None and run.propose(expected).ok
        _frames(app, 1)
    _frames(app, 45)  # the last glide ends
    return scene


def _hold(app: App, scene: LessonScene, label: str) -> None:
    """Pick up the labelled card and carry it up a little (its drops light up)."""
    rect = scene.card_rect(scene.view_id(scene.run.labels[label]))
    assert rect is not None
    x, y = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                         buttons=(0, 0, 0), touch=False))
    app.frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1,
                                         touch=False))
    app.frame(FRAME)
    for i in range(1, 6):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 24 * i),
                                             rel=(0, -24), buttons=(1, 0, 0), touch=False))
        app.frame(FRAME)


def render(out: Path, size: tuple[int, int], lang: str, suffix: str = "") -> list[Path]:
    """Render the pictures at ``size`` in ``lang``; returns the files written."""
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as save_dir:
        i18n.set_language(lang)
        app = App(size, lang=lang, save_dir=save_dir)
        app.set_language(lang)
        pygame.event.clear()
        scene = _lesson_at(app, LESSONS / "arc" / "arc_first_turn.toml", 3)
        _hold(app, scene, "duelist")
        written.append(_save(app, out / f"lesson_arc{suffix}.png"))
        _lesson_at(app, LESSONS / "eshi100" / "eshi_defence_challenge.toml", 11)  # defend
        written.append(_save(app, out / f"lesson_eshi100{suffix}.png"))
        progress = LessonProgress.load(Path(save_dir) / "lessons.json")
        progress.mark("arc", "arc_first_turn")
        app.stack.replace(LessonsMenu(app, "arc"))
        _frames(app, 3)
        written.append(_save(app, out / f"lessons_list{suffix}.png"))
        app.shutdown()
    return written


def _save(app: App, path: Path) -> Path:
    app.draw()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))
    return path


def main() -> None:
    """Command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--all-sizes", action="store_true")
    args = parser.parse_args()
    if args.all_sizes:
        for size in ((1280, 720), (1600, 900), (2560, 1440)):
            for lang in ("en", "ja"):
                for path in render(args.out, size, lang, f"_{size[0]}x{size[1]}_{lang}"):
                    print(path)
        return
    w, h = (int(v) for v in args.size.split("x"))
    for path in render(args.out, (w, h), args.lang):
        print(path)


if __name__ == "__main__":
    main()
