"""Lessons in the window (issue 12 §3): every lesson of Arc and 絵師100人展 is played to
its end by posted mouse events, as a newcomer would follow it (drag the lit card to the
lit place, click the lit cards and the button the step names, click Next on notes);
a wrong drag is refused with its message; the lessons list remembers what was finished
and survives a broken progress file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from screen_sizes import SCREEN_SIZES
from test_ui_polish import _overflowing
from ui_helpers import click, drag, frames, key, make_app, screenshot, texts, widget_centre

from tabletop import i18n
from tabletop.core.lesson import Lesson, LessonStep, lesson_files
from tabletop.core.rules import load_rules
from tabletop.ui.lesson import LessonScene, reading_time
from tabletop.ui.lessons_menu import PROGRESS_FILE, LessonsMenu
from tabletop.ui.panels import render_message

ROOT = Path(__file__).resolve().parent.parent / "assets" / "lessons"
WINDOW_GAMES = ("arc", "eshi100")
LESSONS = [p for g in WINDOW_GAMES for p in lesson_files(ROOT, g)]


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _open(path: Path, size: tuple[int, int] = (1280, 720), lang: str = "en",
          save_dir: Path | None = None) -> tuple[Any, LessonScene]:
    app = make_app(size, lang, save_dir=save_dir)
    app.set_language(lang)
    lesson = Lesson.load(path)
    scene = LessonScene(app, lesson, load_rules(lesson.game), pace=0.0)
    app.stack.replace(scene)
    frames(app, 2)
    return app, scene


def _opponent_time(app: Any, scene: LessonScene) -> None:
    """Let the opponent's step go on: one frame, and Space while a battle played back
    waits for the next attack (Xenocard's playback waits for a press at a lesson)."""
    if scene.ui.shown_state(scene) is not scene.game.state or scene.ui.playing(scene):
        key(app, pygame.K_SPACE)
    frames(app, 1)


def _card_px(scene: LessonScene, label: str) -> tuple[int, int]:
    iid = scene.run.labels[label]
    rect = scene.card_rect(scene.view_id(iid))
    assert rect is not None, f"${label} is not on the table"
    return rect.center


def _place_px(scene: LessonScene, place: str) -> tuple[int, int]:
    rect = scene.cell_rect(place) if place.startswith("cell:") else scene.zone_rect(place)
    return rect.center


def _button(buttons: dict[str, Any], *names: str) -> Any:
    for name in names:
        button = buttons.get(name)
        if button is not None and button.is_enabled:
            return button
    found = {k: b.is_enabled for k, b in buttons.items()}
    raise AssertionError(f"no enabled button of {names} (buttons: {found})")


def _play_by_mouse(app: Any, scene: LessonScene, step: LessonStep) -> None:
    """Do what the step's text asks, with the mouse, from what the step lights."""
    cards = [h[1:] for h in step.highlight if h.startswith("$")]
    places = list(scene.run.places())  # zone ids and cell keys
    kind = step.step.action
    if kind in ("next_phase", "end_turn"):
        click(app, widget_centre(_button(scene.controls.buttons, kind)))
    elif places:  # drag the lit card to the lit place
        drag(app, _card_px(scene, cards[0]), _place_px(scene, places[0]))
    elif kind == "decide" and any("@" in str(c) for c in step.step.args.get("choice", [])):
        drag(app, _card_px(scene, cards[0]), _card_px(scene, cards[1]))  # combat card on
    elif kind == "play_card" and len(cards) >= 2:  # click the lit resources that pay,
        for label in cards[:-2]:  # then drop the card onto its target (ARC-H8)
            click(app, _card_px(scene, label))
        drag(app, _card_px(scene, cards[-2]), _card_px(scene, cards[-1]))
    else:  # click the lit cards in order, then the step's button
        for label in cards:
            click(app, _card_px(scene, label))
        frames(app, 1)
        if kind == "challenge":
            click(app, widget_centre(_button(scene.controls.buttons, "challenge",
                                             "eshi_challenge")))
        else:  # the button that confirms what was clicked (the step's text names it)
            confirm = [c for c in scene.decisions.buttons if "confirm" in c]
            click(app, widget_centre(_button(scene.decisions.buttons, *confirm, "eshi_use",
                                             "eshi_defend", "eshi_recover")))
    frames(app, 2)


def _play_lesson(app: Any, scene: LessonScene, shots: Path | None = None) -> None:
    run = scene.run
    guard = 0
    while not run.done:
        guard += 1
        assert guard < 400, f"stuck at step {run.index + 1}"
        step = run.step
        assert step is not None
        index = run.index
        if shots is not None:
            screenshot(app, shots / f"{run.lesson.id}_{index + 1:02d}.png")
        if run.waits_for_next:
            assert scene.next_rect.w > 0, "a note step shows no Next"
            click(app, scene.next_rect.center)
        elif run.others_turn:
            _opponent_time(app, scene)
        else:
            _play_by_mouse(app, scene, step)
            shown = " | ".join(texts(app))
            assert run.index > index, (f"step {step.index} ({step.step.action}) was not "
                                       f"taken by the mouse; the window says: {shown}")
    frames(app, 2)


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_lesson_played_by_mouse_completes_and_offers_the_list(path: Path,
                                                              tmp_path: Path) -> None:
    app, scene = _open(path, save_dir=tmp_path)
    done: list[str] = []
    scene.on_complete = lambda lesson: done.append(lesson.id)
    _play_lesson(app, scene)
    assert scene.run.done and done == [scene.lesson.id]
    words = " ".join(texts(app))
    assert i18n.t("lesson.back") in words  # "Lesson complete" asks where to go


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_wrong_drag_is_refused_with_reason_and_nudge(path: Path) -> None:
    """At the first step that drags a card, dropping it anywhere but the lit place is
    refused: the card goes back, the step stays, the box shows the nudge."""
    app, scene = _open(path)
    run = scene.run
    while not run.done:
        step = run.step
        assert step is not None
        places = list(run.places())
        if run.learners_move and places and step.nudge is not None:
            card = [h[1:] for h in step.highlight if h.startswith("$")][0]
            before = run.game.state.fingerprint()
            target = _wrong_place(scene, places[0])
            drag(app, _card_px(scene, card), target)
            frames(app, 3)
            assert run.step is step and run.game.state.fingerprint() == before
            shown = _toast(scene)
            assert step.nudge.en in shown, shown
            return
        if run.waits_for_next:
            click(app, scene.next_rect.center)
        elif run.others_turn:
            _opponent_time(app, scene)
        else:
            _play_by_mouse(app, scene, step)
    pytest.fail("the lesson has no drag step")


def _toast(scene: LessonScene) -> str:
    """The refusal box's text as shown."""
    return render_message(scene.toast.message, scene.lang)


def _wrong_place(scene: LessonScene, place: str) -> tuple[int, int]:
    """A place on the table other than ``place`` (another zone or cell)."""
    if place.startswith("cell:"):
        zone, _, cell = place[5:].partition("/")
        other = "r1c2" if cell != "r1c2" else "r2c2"
        return scene.cell_rect(f"cell:{zone}/{other}").center
    others = [z.id for z in scene.layout.zones if z.id != place and z.id.startswith("p0.")
              and "hand" not in z.id]
    return scene.zone_rect(others[0]).center


def _to_opponents_step(scene: LessonScene) -> int:
    """Play the lesson headless up to its first opponent's step; its index."""
    run = scene.run
    while not run.others_turn:
        if run.waits_for_next:
            run.next()
        else:
            expected = run.expected()
            assert expected is not None
            assert run.propose(expected).ok
    return run.index


def _paced(lang: str = "en") -> tuple[Any, LessonScene]:
    app = make_app(lang=lang)
    app.set_language(lang)
    lesson = Lesson.load(ROOT / "arc" / "arc_first_turn.toml")
    scene = LessonScene(app, lesson, load_rules("arc"), pace=1.0)
    app.stack.replace(scene)
    return app, scene


def test_the_opponents_move_and_words_stay_until_a_newcomer_has_read_them() -> None:
    """The move is made at once and told in its own words (they name the card, so only
    once it is on the table); they stay 6 s plus reading time at 120 words a minute,
    the coach box being a Next button meanwhile, then the lesson goes on by itself."""
    app, scene = _paced()
    run = scene.run
    index = _to_opponents_step(scene)
    frames(app, 2, dt=0.05)
    assert run.index == index + 1  # played: no content-free "Your opponent plays…" first
    said = run.lesson.steps[index].say.en
    assert render_message(scene.coach_line().what, "en") == said
    assert any(i18n.t("lesson.next_row") == render_message(p, "en")
               for p in scene.coach_line().progress)
    held = reading_time(said)
    assert held >= 6.0 + len(said.split()) / 2.0
    frames(app, round((held - 0.5) / 0.1), dt=0.1)  # a newcomer still reading
    assert run.index == index + 1 and render_message(scene.coach_line().what, "en") == said
    assert scene.next_rect.w > 0, "the coach box is no Next button while it is told"
    frames(app, 12, dt=0.1)
    assert run.index > index + 1  # read: the opponent's next move is made


@pytest.mark.parametrize("how", ["enter", "space", "click"])
def test_next_goes_on_from_the_opponents_move_sooner(how: str) -> None:
    app, scene = _paced()
    run = scene.run
    index = _to_opponents_step(scene)
    frames(app, 2, dt=0.05)
    said = run.lesson.steps[index].say.en
    assert render_message(scene.coach_line().what, "en") == said
    if how == "click":
        click(app, scene.next_rect.center)
    else:
        key(app, pygame.K_RETURN if how == "enter" else pygame.K_SPACE)
    frames(app, 10, dt=0.1)  # a second: the moved card's glide ends, nothing more
    # on to the next step at once: the opponent's next move (told now) or the learner's
    assert render_message(scene.coach_line().what, "en") != said
    assert run.index > index + 1  # the opponent's next move, long before 6 s


def test_reading_time_is_a_newcomers_pace_in_both_languages() -> None:
    assert reading_time("one two three four five six seven eight nine ten") == 6.0 + 5.0
    ja = "相手はアンタップしてカードを1枚引き、潮だまりをリソースの列に配置します。"
    assert reading_time(ja) == pytest.approx(6.0 + len(ja) * 60 / 250)


def test_no_cover_and_the_opponents_hand_stays_hidden() -> None:
    app, scene = _open(ROOT / "arc" / "arc_first_turn.toml")
    seen: list[tuple[int, int]] = []
    scene.face_listener = lambda viewer, iid: seen.append((viewer, iid))
    _play_lesson(app, scene)
    state = scene.game.state
    assert scene.viewer == scene.lesson.learner
    assert not scene.cover_pending
    hidden = [(0, i) for i in state.zones["p1.hand"].cards]
    assert not set(hidden) & set(seen), "a card of the opponent's hand was drawn face up"


def test_undo_and_resign_are_off_in_a_lesson() -> None:
    app, scene = _open(ROOT / "arc" / "arc_first_turn.toml")
    click(app, scene.next_rect.center)
    scene.run_command("resign")
    frames(app, 1)
    assert i18n.t("lesson.not_in_lesson") in _toast(scene)
    assert not scene.game.state.game_over
    assert not scene.game.undo(0).ok


def test_hint_repeats_the_steps_nudge_as_advice_not_a_refusal() -> None:
    """QA: H showed the nudge in the red refusal box with a × line in the log. The
    hint is advice: the coach box says it (under "Hint"), next to the step's words,
    until the learner moves; no refusal box, no log line."""
    app, scene = _open(ROOT / "arc" / "arc_first_turn.toml")
    click(app, scene.next_rect.center)
    log_before, logged = len(scene.game.state.log), len(scene.refusals)
    click(app, widget_centre(scene.controls.buttons["hint"]))
    step = scene.run.step
    assert step is not None and step.nudge is not None
    assert not scene.toast.visible
    line = scene.coach.line(scene)
    assert line is not None and render_message(line.who, "en") == i18n.t("lesson.who_hint")
    said = render_message(line.what, "en")
    assert step.say.en in said and step.nudge.en in said
    assert len(scene.game.state.log) == log_before and len(scene.refusals) == logged
    expected = scene.run.expected()
    assert expected is not None and scene.run.propose(expected).ok  # the learner moves
    frames(app, 1)
    line = scene.coach.line(scene)
    assert line is not None and render_message(line.who, "en") != i18n.t("lesson.who_hint")


# --------------------------------------------------------------------------- the list


def _menu(tmp_path: Path, game: str = "arc") -> tuple[Any, LessonsMenu]:
    app = make_app(save_dir=tmp_path)
    menu = LessonsMenu(app, game)
    app.stack.replace(menu)
    frames(app, 2)
    return app, menu


def test_menu_remembers_a_finished_lesson(tmp_path: Path) -> None:
    app, menu = _menu(tmp_path)
    first = menu.lessons["arc"][0]
    click(app, widget_centre(menu.widgets["start:0"]))
    scene = app.stack.top
    assert isinstance(scene, LessonScene) and scene.lesson.id == first.id
    scene.pace = 0.0
    _play_lesson(app, scene)
    saved = json.loads((tmp_path / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert saved == {"finished": {"arc": [first.id]}}
    back = [b for b in _dialog_buttons(app) if b.text == i18n.t("lesson.back")]
    click(app, widget_centre(back[0]))
    menu = app.stack.top
    assert isinstance(menu, LessonsMenu)
    assert menu.widgets["title:0"].text.startswith("\u2713")
    assert not menu.widgets["title:1"].text.startswith("\u2713")
    # and a new window (the next start of the program) still knows
    _, again = _menu(tmp_path)
    assert again.progress.is_finished("arc", first.id)


def _dialog_buttons(app: Any) -> list[Any]:
    from pygame_gui.elements import UIButton, UIWindow

    out = []
    for element in app.ui.get_root_container().elements:
        if isinstance(element, UIWindow):
            out += [b for b in element.get_container().elements if isinstance(b, UIButton)]
    return out


@pytest.mark.parametrize("content", ["{not json", '{"finished": ["arc"]}', '"x"',
                                     '{"finished": {"arc": [1]}}'])
def test_broken_progress_file_is_ignored_with_a_notice(tmp_path: Path, content: str) -> None:
    (tmp_path / PROGRESS_FILE).write_text(content, encoding="utf-8")
    app, menu = _menu(tmp_path)
    frames(app, 2)
    assert menu.progress.finished == {}
    assert str(tmp_path / PROGRESS_FILE) in " ".join(texts(app))
    assert "\u2713" not in menu.widgets["title:0"].text


def test_menu_has_a_lessons_button_opening_the_list(tmp_path: Path) -> None:
    app = make_app(save_dir=tmp_path)
    app.show_menu()
    frames(app, 2)
    click(app, widget_centre(app.stack.top.widgets["lessons"]))
    frames(app, 1)
    assert isinstance(app.stack.top, LessonsMenu)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    frames(app, 2)
    assert not isinstance(app.stack.top, LessonsMenu)


@pytest.mark.parametrize("size", SCREEN_SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lessons_list_at_every_size_and_language(tmp_path: Path, size: tuple[int, int],
                                                 lang: str) -> None:
    app = make_app(size, lang, save_dir=tmp_path)
    app.set_language(lang)
    for game in WINDOW_GAMES:
        menu = LessonsMenu(app, game)
        app.stack.replace(menu)
        frames(app, 2)
        area = pygame.Rect((0, 0), size)
        for name, widget in menu.widgets.items():
            assert area.contains(widget.rect), (name, widget.rect)
        starts = [w for n, w in menu.widgets.items() if n.startswith("start:")]
        rows = [w for n, w in menu.widgets.items() if n.startswith("summary:")]
        assert len(starts) == len(menu.lessons[game]) == len(rows)
        for a, b in zip(rows, rows[1:], strict=False):
            assert a.rect.bottom <= b.rect.top, "two lessons overlap"
        assert _overflowing(app) == []  # no button or label text wider than its widget


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_step_shows_through_the_coach_panel(lang: str) -> None:
    """Contract B: the lesson's text, lit cards and progress are the coach panel's line."""
    app, scene = _open(ROOT / "arc" / "arc_first_turn.toml", lang=lang)
    click(app, scene.next_rect.center)  # past the opening note
    step = scene.run.step
    assert step is not None and not step.is_note
    line = scene.coach.line(scene)
    assert line is not None and scene.coach.overridden
    assert render_message(line.what, lang) == step.say.get(lang)
    assert line.lit == {scene.view_id(scene.run.labels["hills"])}
    assert any("2 / 15" in render_message(p, lang) for p in line.progress)


def test_the_opponents_card_glides_to_its_place() -> None:
    app, scene = _open(ROOT / "arc" / "arc_first_turn.toml")
    run = scene.run
    while not (run.others_turn and run.step is not None
               and run.step.step.action == "play_resource"):
        if run.waits_for_next:
            run.next()
        else:
            expected = run.expected()
            assert expected is not None and run.propose(expected).ok
    frames(app, 1)
    pool = run.labels["pool"]
    assert scene.slide is not None and scene.slide.iid == pool  # shown face up now
    assert scene.slide.start != scene.slide.end


@pytest.mark.parametrize("k", [pygame.K_RETURN, pygame.K_ESCAPE], ids=["enter", "esc"])
def test_lesson_complete_dialog_enter_and_esc_go_back_to_the_lessons(tmp_path: Path,
                                                                    k: int) -> None:
    """README: Enter confirms in every dialog; "Lesson complete" has nothing to go back
    to on the table, so Esc goes back to the lessons list as well."""
    app, menu = _menu(tmp_path)
    click(app, widget_centre(menu.widgets["start:0"]))
    scene = app.stack.top
    assert isinstance(scene, LessonScene)
    scene.pace = 0.0
    _play_lesson(app, scene)
    assert _dialog_buttons(app), "no Lesson complete dialog"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 3)
    assert isinstance(app.stack.top, LessonsMenu)
    assert not _dialog_buttons(app)


def test_lesson_complete_shows_enter_takes_back_even_under_a_resting_mouse(
        tmp_path: Path) -> None:
    """QA: the mouse resting on "Start again" gave it the gold hover border, read as
    where Enter goes (and the Enter used for Next all lesson would restart it). The
    answer Enter gives, Back to the lessons, is shown chosen; Enter takes it still."""
    app, menu = _menu(tmp_path)
    click(app, widget_centre(menu.widgets["start:0"]))
    scene = app.stack.top
    assert isinstance(scene, LessonScene)
    scene.pace = 0.0
    _play_lesson(app, scene)
    buttons = {b.text: b for b in _dialog_buttons(app)}
    back, again = buttons[i18n.t("lesson.back")], buttons[i18n.t("lesson.restart")]
    assert back.is_selected and not again.is_selected
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=again.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.stack.top, LessonsMenu)


def _narrated(app: Any, scene: LessonScene) -> int:
    """Up to the opponent's first move, played and being told: its step's index."""
    index = _to_opponents_step(scene)
    frames(app, 2, dt=0.05)
    assert scene.run.index == index + 1 and scene.shows_next
    return index


def test_one_press_just_after_the_lesson_went_on_by_itself_skips_nothing() -> None:
    """QA (Xenocard lesson 2): single Enter presses went from step 9 to 11: the words
    of 10 had just come by themselves when Enter, meant for 9, took them away. A press
    within a second of the lesson going on by itself is not taken; after, it is."""
    app, scene = _paced()
    run = scene.run
    index = _narrated(app, scene)
    said = run.lesson.steps[index].say.en
    # read (the clock runs once the card's glide is over): on by itself
    frames(app, round((reading_time(said) + 1.0) / 0.1), dt=0.1)
    after = run.index
    assert after > index + 1  # the next step came by itself
    shown = render_message(scene.coach_line().what, "en")
    key(app, pygame.K_RETURN)  # at once: meant for the words that went
    assert run.index == after and render_message(scene.coach_line().what, "en") == shown
    frames(app, 12, dt=0.1)  # a second later the press is the learner's
    if run.index == after and scene.shows_next:
        key(app, pygame.K_RETURN)
        frames(app, 3, dt=0.05)
        assert render_message(scene.coach_line().what, "en") != shown


def test_the_opponents_words_wait_while_the_table_plays_back() -> None:
    """QA (Conan lesson 2): a step's words ran out during the fight's playback, when the
    coach showed the playback instead; and Enter pressed for the playback ended them
    unseen. While the table plays back, the reading time stands still, there is no Next,
    and Enter is the playback's."""
    app, scene = _paced()
    run = scene.run
    index = _narrated(app, scene)
    left = scene.narrate_left
    playing = [True]
    scene.ui.playing = lambda _scene: playing[0]  # type: ignore[method-assign]
    frames(app, 100, dt=0.1)  # ten seconds of playback
    assert scene.narrate_left == left and run.index == index + 1
    assert not scene.shows_next
    assert all(render_message(p, "en") != i18n.t("lesson.next_row")
               for p in scene.coach_line().progress)
    key(app, pygame.K_RETURN)
    assert scene.narrate_left == left  # not the lesson's Next
    playing[0] = False
    frames(app, 2, dt=0.05)
    assert scene.shows_next and run.index == index + 1  # now told, and read from here
    assert scene.narrate_left < left


def test_the_lessons_list_shows_the_same_minutes_in_both_languages(tmp_path: Path) -> None:
    """QA: 6 / 10 / 9 minutes in English, 7 / 11 / 10 in Japanese for the same Conan
    lessons: one estimate per lesson, shown the same in both languages."""
    import re

    shown: dict[str, list[str]] = {}
    for language in ("en", "ja"):
        app = make_app(save_dir=tmp_path, lang=language)
        app.set_language(language)
        menu = LessonsMenu(app, "conan")
        app.stack.replace(menu)
        frames(app, 2)
        rows = [w for n, w in sorted(menu.widgets.items()) if n.startswith("summary:")]
        shown[language] = [re.findall(r"(\d+)\s*(?:min|分)", r.html_text)[-1] for r in rows]
    i18n.set_language("en")
    assert shown["en"] == shown["ja"] and len(shown["en"]) >= 3


ALL_LESSONS = lesson_files(ROOT)


@pytest.mark.soak  # every step of every lesson drawn: minutes; the soak run holds it
@pytest.mark.parametrize("path", ALL_LESSONS, ids=_id)
def test_only_the_steps_highlight_glows_and_its_button_is_framed(path: Path) -> None:
    """At every step of every lesson of every game: the cards that glow are the step's
    ``highlight`` (never the plain coach's legal pieces), a step done by a button
    (Next phase, End turn, a decision's option) frames that button, and no button is
    framed on a note, on the opponent's steps or while the step is a drag."""
    app, scene = _open(path)
    run = scene.run
    while not run.done:
        step = run.step
        assert step is not None
        frames(app, 1)
        where = f"step {step.index} ({step.step.action})"
        for _ in range(200):  # a playback of the fight (Conan) shows an earlier moment;
            # Xenocard's battle shows the state after it, each attack waiting for Space
            if scene.ui.shown_state(scene) is scene.game.state and not scene.ui.playing(scene):
                break
            key(app, pygame.K_SPACE)  # a battle played back waits for the next attack
            frames(app, 1, dt=0.1)
        # the opponent's cards glow only once its move is told (with its words)
        assert scene.coach.lit(scene) == (frozenset() if run.others_turn else run.lit()), where
        framed = scene.step_buttons()
        want = run.expected()
        choice = [str(c) for c in (want.get("choice") or ())] if want is not None else []
        if not run.learners_move:
            assert framed == [], where
        elif want is not None and want.kind in scene.controls.buttons and not want.args:
            assert framed == [f"controls:{want.kind}"], where
        elif want is not None and want.kind == "decide" and len(choice) == 1 and \
                choice[0] in scene.decisions.buttons:
            assert f"decision:{choice[0]}" in framed, where
            if step.match == "exact":
                assert framed == [f"decision:{choice[0]}"], where
        elif list(run.places()):  # a drag: no button is pointed at
            assert framed == [], where
        if run.waits_for_next:
            run.next()
        elif run.others_turn:
            _opponent_time(app, scene)
        else:
            expected = run.expected()
            assert expected is not None and run.propose(expected).ok, where
        scene._refresh()
        frames(app, 1)


def test_the_decision_box_does_not_frame_pass_while_the_step_is_a_drag() -> None:
    """Arc lesson 2 step 5 says drag Battle Cry: the Pass button is not pointed at."""
    app, scene = _open(ROOT / "arc" / "arc_attack.toml")
    run = scene.run
    while run.index < 4:
        if run.waits_for_next:
            run.next()
        elif run.others_turn:
            _opponent_time(app, scene)
        else:
            expected = run.expected()
            assert expected is not None and run.propose(expected).ok
        frames(app, 1)
    assert "pass" in scene.decisions.buttons and scene.step_buttons() == []
    shot = pygame.Surface(app.size)
    scene.draw(shot)
    box = scene.decision_rect.inflate(8, 8)
    gold = (250, 214, 96)
    edge = [shot.get_at((x, box.top)) for x in range(box.left + 10, box.right - 10)]
    assert not any(tuple(c)[:3] == gold for c in edge)
