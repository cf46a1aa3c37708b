"""The lessons list (issue 12 §3): the lessons of each game, finished ones ticked.

Opened from the menu (:func:`lessons_button`). One tab per game that has lessons
(``assets/lessons/<game>/*.toml``, in ``[lesson] order``); each lesson shows its title,
its one-sentence summary, how many steps it has and about how long it takes, and a
**Start** button opening it on the table (:class:`~tabletop.ui.lesson.LessonScene`).

Which lessons were finished is remembered in ``lessons.json`` in the save folder
(the first of :meth:`Host.save_folders`), ``{"finished": {"arc": ["arc_first_turn"]}}``
(:class:`LessonProgress`). A progress file that cannot be read is ignored with a
notice and the list starts unticked; a lesson file that is broken is left out of the
list with a notice naming the file and the field; neither ever closes the window.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from tabletop import i18n
from tabletop.core.lesson import Lesson, lesson_files
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.core.scenario import ScenarioError
from tabletop.ui import dialogs
from tabletop.ui.host import Host
from tabletop.ui.scene import Scene
from tabletop.ui.screen_fit import lessons_need
from tabletop.ui.textwrap_ja import wrapped_text_box

__all__ = ["PROGRESS_FILE", "LessonProgress", "LessonsMenu", "lesson_minutes",
           "lessons_button", "lessons_root", "open_lessons"]

log = logging.getLogger(__name__)

#: The progress file's name in the save folder.
PROGRESS_FILE = "lessons.json"
#: Seconds a newcomer needs for one move on the table (find the card, look at it,
#: drag, drop), on top of reading the step (see :func:`lesson_minutes`).
MOVE_S = 15.0
#: A newcomer reads a step and looks at the table it talks about at the pace the
#: opponent's narration is held (:func:`~tabletop.ui.lesson.reading_time`: a look at
#: the table plus reading at a newcomer's pace).
STUDY_FACTOR = 1.0
BACKGROUND = (24, 48, 38)


def lessons_root() -> Path:
    """``assets/lessons`` of the program's data."""
    from tabletop.resources import data_root

    return data_root() / "assets" / "lessons"


def lesson_minutes(lesson: Lesson) -> int:
    """About how many minutes a newcomer takes for ``lesson``: every step read at
    :data:`STUDY_FACTOR` times :func:`~tabletop.ui.lesson.reading_time`, plus
    :data:`MOVE_S` for each own move. One estimate per lesson, the same in every
    language: a step's reading time is the mean of its English and Japanese words (the
    lesson is the same lesson; QA saw 6 minutes in English and 7 in Japanese)."""
    from tabletop.ui.lesson import reading_time

    seconds = 0.0
    for step in lesson.steps:
        seconds += STUDY_FACTOR * (reading_time(step.say.en) + reading_time(step.say.ja)) / 2
        if step.seat == lesson.learner and not step.is_note:
            seconds += MOVE_S
    return max(1, round(seconds / 60))


@dataclass
class LessonProgress:
    """The finished lessons per game, kept in ``path`` (JSON, see the module docstring).

    ``problem`` is set when the file could not be read (it was ignored) or written.
    """

    path: Path
    finished: dict[str, set[str]] = field(default_factory=dict)
    problem: str = ""

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> LessonProgress:
        """Read ``path``; a missing file is no progress, a broken one is ignored (its
        ``problem`` says why). Never raises."""
        where = Path(path)
        progress = cls(where)
        try:
            text = where.read_text(encoding="utf-8")
        except FileNotFoundError:
            return progress
        except (OSError, UnicodeDecodeError) as exc:
            progress.problem = f"{where}: {exc}"
            return progress
        try:
            data = json.loads(text)
            table = data["finished"]
            if not isinstance(table, dict):
                raise TypeError("field 'finished': expected an object")
            for game, ids in table.items():
                if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                    raise TypeError(f"field 'finished.{game}': expected a list of lesson ids")
                progress.finished[str(game)] = set(ids)
        except (ValueError, KeyError, TypeError) as exc:
            progress.finished = {}
            progress.problem = f"{where}: {exc}"
        return progress

    def is_finished(self, game: str, lesson_id: str) -> bool:
        """Was lesson ``lesson_id`` of ``game`` finished?"""
        return lesson_id in self.finished.get(game, set())

    def mark(self, game: str, lesson_id: str) -> bool:
        """Remember a finished lesson and save; False (``problem`` set) when the file
        cannot be written."""
        self.finished.setdefault(game, set()).add(lesson_id)
        data = {"finished": {g: sorted(ids) for g, ids in sorted(self.finished.items())}}
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            self.problem = f"{self.path}: {exc}"
            return False
        self.problem = ""
        return True


def load_lessons(root: Path) -> tuple[dict[str, list[Lesson]], list[str]]:
    """The lessons under ``root`` per game, in order, and the problems of broken files
    (each naming the file and the field). Games the program does not know are left out."""
    known = set(game_ids())
    out: dict[str, list[Lesson]] = {}
    problems: list[str] = []
    if not root.is_dir():
        return out, problems
    for path in lesson_files(root):
        try:
            lesson = Lesson.load(path)
        except ScenarioError as exc:
            problems.append(str(exc))
            continue
        if lesson.game in known:
            out.setdefault(lesson.game, []).append(lesson)
    for lessons in out.values():
        lessons.sort(key=lambda les: (les.order, les.id))
    return out, problems


class LessonsMenu(Scene):
    """The lessons list (see the module docstring). ``game``: the tab shown first;
    ``menu_game``: the game the menu showed (default ``game``), shown again by Back
    whatever tab or lesson was opened here (QA16b #8)."""

    def __init__(self, app: Host, game: str | None = None, root: Path | None = None,
                 rules_loader: Callable[[str], GameRules] = load_rules,
                 menu_game: str | None = None) -> None:
        super().__init__(app)
        self.menu_game = menu_game or game
        self.root = root if root is not None else lessons_root()
        self.lessons, problems = load_lessons(self.root)
        if root is None:  # the user's own lessons too (issue 16)
            from tabletop.user_content import add_user_lessons

            add_user_lessons(self.lessons, problems)
        self.rules_loader = rules_loader
        self.progress = LessonProgress.load(Path(app.save_folders()[0]) / PROGRESS_FILE)
        self.game = game if game in self.lessons else next(iter(self.lessons), game or "")
        self.widgets: dict[str, Any] = {}
        self._rules: dict[str, GameRules] = {}
        self._told: list[str] = []
        if self.progress.problem:
            self._told.append(i18n.t("lesson.progress_broken", problem=self.progress.problem))
        self._told += [i18n.t("lesson.file_broken", problem=p) for p in problems]
        self.build()

    # -- choices -----------------------------------------------------------------------
    def select_game(self, game: str) -> None:
        """Show the lessons of ``game``."""
        self.game = game
        self.build()

    def start(self, lesson: Lesson) -> None:
        """Open ``lesson`` on the table; a lesson that does not fit its game says why."""
        from tabletop.ui.lesson import LessonScene

        try:
            rules = self._rules.get(lesson.game) or self.rules_loader(lesson.game)
            self._rules[lesson.game] = rules
            scene = LessonScene(self.app, lesson, rules, on_back=self.reopen(lesson.game),
                                on_complete=self.finished)
        except (ScenarioError, ValueError, KeyError) as exc:
            log.error("lesson %s could not be opened: %s", lesson.path, exc)
            dialogs.message(self.app, "dialog.start_failed_title",
                            i18n.t("dialog.start_failed", reason=str(exc)))
            return
        self.app.replace(scene)

    def reopen(self, game: str) -> Callable[[], None]:
        """A callback showing this list again at ``game`` (from the lesson's table)."""
        def back() -> None:
            self.app.replace(LessonsMenu(self.app, game, self.root, self.rules_loader,
                                         self.menu_game))
        return back

    def finished(self, lesson: Lesson) -> None:
        """A lesson was played to its end: tick it (and say so if it cannot be saved)."""
        if not self.progress.mark(lesson.game, lesson.id):
            dialogs.message(self.app, "lesson.title",
                            i18n.t("lesson.progress_unsaved", problem=self.progress.problem))

    def back(self) -> None:
        """Back to the main menu, at the game it showed."""
        self.app.back_to_menu(self.menu_game)

    # -- scene -------------------------------------------------------------------------
    def layout_need(self) -> tuple[int, int]:
        """The window size (pixels at UI scale 1.0) the tabs and the longest game's
        lessons need (:func:`tabletop.ui.screen_fit.lessons_need`; every tab's, so a
        tab shown never changes the scale): a chosen UI scale applies as far as this
        fits the window (issue 16)."""
        lang = self.app.lang
        needs = [lessons_need(self.app.fonts, len(self.lessons),
                              [lesson.summary.get(lang) for lesson in lessons])
                 for lessons in self.lessons.values()]
        return max(needs, default=lessons_need(self.app.fonts, 0, []))

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild for the new size or language."""
        self.build()

    def frame_due(self) -> float | None:
        """Now when a file problem is to be told, else only on input."""
        return 0.0 if self._told else None

    def update(self, dt: float) -> None:
        """Tell once about a progress or lesson file that had to be ignored."""
        if self._told:
            told, self._told = self._told, []
            dialogs.message(self.app, "lesson.title", "\n".join(told), width=620, height=340)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc goes back to the menu (buttons use their commands)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                dialogs.top_dialog(self.app.ui) is None:
            self.back()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """The felt background."""
        surface.fill(BACKGROUND)

    def close(self) -> None:
        """Leaving: remove the widgets."""
        self._clear()

    # -- widgets -----------------------------------------------------------------------
    def _clear(self) -> None:
        for widget in self.widgets.values():
            widget.kill()
        self.widgets = {}

    def build(self) -> None:
        """(Re)create every widget for the size, language and the game shown."""
        self._clear()
        ui, add = self.app.ui, self.widgets.__setitem__
        s = self.app.scale
        w, h = self.app.size

        def px(v: float) -> int:
            return round(v * s)

        margin, gap = px(32), px(20)
        add("title", UILabel(pygame.Rect(margin, margin - px(8), w - 2 * margin, px(60)),
                             i18n.t("lesson.title"), ui, object_id="#title"))
        top = margin + px(64)
        tab_w = px(260)
        back_h = px(46)
        tabs = UIPanel(pygame.Rect(margin, top, tab_w, h - top - margin), 1, ui)
        add("tabs", tabs)
        pad = px(14)
        y = pad
        for gid in self.lessons:
            done = sum(self.progress.is_finished(gid, les.id) for les in self.lessons[gid])
            label = f"{i18n.t(f'game.{gid}')}  {done}/{len(self.lessons[gid])}"
            button = UIButton(pygame.Rect(pad, y, tab_w - 2 * pad, px(46)), label, ui,
                              container=tabs, command=partial(self.select_game, gid))
            if gid == self.game:  # shown pressed, as the menu shows the chosen game
                button.select()  # type: ignore[no-untyped-call]
            add(f"tab:{gid}", button)
            y += px(54)
        inner_h = h - top - margin
        add("back", UIButton(pygame.Rect(pad, inner_h - pad - back_h, tab_w - 2 * pad, back_h),
                             i18n.t("lesson.back_menu"), ui, container=tabs,
                             command=self.back))
        list_rect = pygame.Rect(margin + tab_w + gap, top, w - 2 * margin - tab_w - gap,
                                h - top - margin)
        panel = UIPanel(list_rect, 1, ui)
        add("list", panel)
        lessons = self.lessons.get(self.game, [])
        inner = list_rect.width - 2 * pad
        y = pad
        if not lessons:
            add("none", UILabel(pygame.Rect(pad, y, inner, px(30)), i18n.t("lesson.none"), ui,
                                container=panel, object_id="#note"))
            return
        start_w = px(140)
        text_w = inner - start_w - gap
        for n, lesson in enumerate(lessons):
            y = self._row(panel, n, lesson, pad, y, text_w, start_w, gap, px)
            y += px(14)

    def _row(self, panel: UIPanel, n: int, lesson: Lesson, x: int, y: int, text_w: int,
             start_w: int, gap: int, px: Callable[[float], int]) -> int:
        """One lesson: title (ticked when finished), summary, steps and minutes, Start."""
        ui, add = self.app.ui, self.widgets.__setitem__
        lang = self.app.lang
        done = self.progress.is_finished(lesson.game, lesson.id)
        tick = "\u2713 " if done else ""
        title = f"{tick}{lesson.title.get(lang)}"
        if done:
            title += f"  ({i18n.t('lesson.finished')})"
        add(f"title:{n}", UILabel(pygame.Rect(x, y, text_w, px(30)), title, ui,
                                  container=panel, object_id="#section"))
        info = i18n.t("lesson.steps", n=len(lesson.steps), minutes=lesson_minutes(lesson))
        text = f"{lesson.summary.get(lang)}\n{info}"
        pad_x = px(8)
        rect = pygame.Rect(x - pad_x, y + px(32), text_w + 2 * pad_x, -1)

        def make(markup: str) -> UITextBox:
            return UITextBox(markup, rect, ui, container=panel, object_id="#howto",
                             allow_split_dashes=False)

        box = wrapped_text_box(make, text)
        add(f"summary:{n}", box)
        add(f"start:{n}", UIButton(pygame.Rect(x + text_w + gap, y + px(4), start_w, px(44)),
                                   i18n.t("lesson.start"), ui, container=panel,
                                   command=partial(self.start, lesson)))
        return int(y + px(32) + box.rect.height)


def open_lessons(app: Host, game: str | None = None) -> None:
    """Show the lessons list (at ``game``'s lessons when it has some)."""
    app.replace(LessonsMenu(app, game))


def lessons_button(app: Host, game: str, rect: pygame.Rect, container: Any) -> Any:
    """The menu's "Lessons" button (a pygame_gui button in ``container`` at ``rect``)."""
    return UIButton(rect, i18n.t("lesson.menu_button"), app.ui, container=container,
                    object_id="#lessons", command=partial(open_lessons, app, game))

