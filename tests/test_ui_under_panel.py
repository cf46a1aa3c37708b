"""The side panel under the table of a nearly square window, in columns
(:mod:`tabletop.ui.panel_columns`): at 1000x1000, 1100x1000 and 900x1000, in English and
Japanese, every game's panel goes under its table in three columns (turn, counts and
phase tracker; coach box and log; question box and buttons), no two parts overlap and
all lie inside the window, the tracker's phase columns stand no further apart than
beside the table, no button is more than twice as wide as beside it, the coach box says
who acts and what they can do and the log shows three lines (also with Arc's
combat-card question pending, or the free-mode banner shown), a wheel over the log
scrolls it, and posted clicks on Next phase and Hint are taken."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_helpers import click, frames, key, make_app, move, post

from tabletop.core import selfplay
from tabletop.core.rules import game_ids, load_rules
from tabletop.ui.table import TableScene
from tabletop.ui.table_fit import GAP, LOG_LINES, PAD, log_height
from tabletop.ui.viewport import panel_width

#: Nearly square windows (height at least 0.8 of the width, ``panel_place.SQUARISH``).
SIZES = [(1000, 1000), (1100, 1000), (900, 1000)]
#: The sizes the default suite runs for the one-parameter tests (soak adds 1100x1000).
QUICK = [pytest.param(s, id=f"{s[0]}x{s[1]}",
                      marks=(pytest.mark.soak,) if s == (1100, 1000) else ()) for s in SIZES]
LANGS = ["en", "ja"]
#: Bot moves into the game: log lines to show, and (mostly) no question pending.
MOVES = 12


def _table(game_id: str, size: tuple[int, int], lang: str, moves: int = MOVES,
           pending: bool = False) -> tuple[Any, Any, TableScene]:
    """A table of ``game_id`` some ``moves`` in at ``size``: with no question pending, or
    (``pending``) the first position from ``moves`` on back that waits for one."""
    rules = load_rules(game_id)
    game = selfplay.bot_game(rules, 3, moves, unfinished=True)
    while (game.state.pending is not None) != pending and moves > 4:
        moves -= 1
        game = selfplay.bot_game(rules, 3, moves, unfinished=True)
    assert (game.state.pending is not None) == pending
    app = make_app(size, lang=lang)
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 3)
    return app, game, scene


@pytest.fixture(params=[pytest.param((gid, size, lang), id=f"{gid}-{size[0]}x{size[1]}-{lang}",
                                     # 1100x1000 lies between the two others: soak
                                     marks=(pytest.mark.soak,) if size == (1100, 1000) else ())
                        for gid in game_ids() for size in SIZES for lang in LANGS])
def under(request: Any) -> Iterator[tuple[Any, Any, TableScene]]:
    """Every game at every nearly square size, in both languages."""
    game_id, size, lang = request.param
    app, game, scene = _table(game_id, size, lang)
    try:
        yield app, game, scene
    finally:
        app.shutdown()


def _parts(scene: TableScene) -> dict[str, pygame.Rect]:
    """The panel's parts as laid out (window pixels), each button on its own."""
    cols = scene.panel_cols
    assert cols is not None
    tracker = pygame.Rect(cols.tracker.x, cols.tracker.y, cols.tracker.w, scene.tracker_h)
    parts = {"tracker": tracker}
    for name, rect in (("free mode banner", scene.free_banner_rect),
                       ("not saved", scene.not_saved_rect), ("coach", scene.coach.rect),
                       ("decision", scene.decision_rect), ("log", scene.body_rect)):
        if rect is not None and rect.h > 0:
            parts[name] = rect
    for name, button in scene.controls.buttons.items():
        parts[f"button {name}"] = pygame.Rect(button.rect)
    for name, button in scene.decisions.buttons.items():
        parts[f"answer {name}"] = pygame.Rect(button.rect)
    return parts


def _check_columns(app: Any, scene: TableScene) -> None:
    """Under the table across the width, in columns; no two parts overlap (an answer
    button lies in its question's box), each inside the window and the panel; the
    question box and the buttons in the right column."""
    w, h = app.size
    panel, cols = scene.panel_rect, scene.panel_cols
    assert cols is not None, "the panel under the table is one stretched column"
    assert panel.w == w and panel.bottom == h and panel.y > 0
    assert scene.viewport.area[3] <= panel.y
    window = pygame.Rect((0, 0), app.size)
    parts = _parts(scene)
    for name, rect in parts.items():
        assert window.contains(rect), (name, rect, app.size)
        assert panel.contains(rect), (name, rect, panel)
    names = sorted(parts)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if {a.split()[0], b.split()[0]} == {"answer", "decision"}:
                assert parts["decision"].contains(parts[a if a != "decision" else b])
                continue
            assert not parts[a].colliderect(parts[b]), (a, parts[a], b, parts[b])
    assert cols.right.contains(scene.buttons_rect)
    if scene.decision_rect.h:
        assert cols.right.contains(scene.decision_rect)
    for name in ("coach", "log"):
        assert cols.middle.contains(parts[name]), name


def _check_sizes(app: Any, scene: TableScene) -> None:
    """The tracker's two columns of phases are no further apart than in the panel beside
    the table of this window; no button is more than twice as wide as it is there."""
    w = app.size[0]
    beside = panel_width(w)
    xs = sorted({chip.x for chip in scene.tracker.chips.values()})
    assert xs and len(xs) <= 2
    if len(xs) == 2:
        assert xs[1] - xs[0] <= (beside - 20) // 2
    pad, gap = round(PAD * app.scale), max(4, round(GAP * app.scale))
    button_w = (beside - 2 * pad - gap) // 2
    for name, button in scene.controls.buttons.items():
        widest = beside - 2 * pad if name == "menu" else button_w
        assert button.rect.w <= 2 * widest, (name, button.rect.w, widest)


def _check_coach_and_log(app: Any, scene: TableScene) -> None:
    """The coach box says who acts and at least a line more; the log under it has room
    for its heading and :data:`LOG_LINES` lines and draws three rows of them (a long
    line wraps over rows, as beside the table)."""
    assert scene.coach.rect.h > 0
    laid = scene.coach._laid
    assert laid is not None and len(laid.rows) >= 1, "the coach box shows only who acts"
    assert scene.coach.rect.bottom <= scene.body_rect.top
    assert scene.body_rect.h >= round(log_height(app.fonts, LOG_LINES) * app.scale)
    assert len(scene._log_lines) >= LOG_LINES
    scene._panel = None
    frames(app, 2)
    body = scene.body_rect.move(-scene.panel_rect.x, -scene.panel_rect.y)
    drawn = scene.log_panel.drawn
    step = scene.text.fonts.get(max(11, round(14 * app.scale))).get_linesize()
    assert sum(round(piece.h / step) for piece in drawn) >= LOG_LINES, (drawn, step)
    assert all(body.contains(piece) for piece in drawn), (body, drawn)


def test_panel_under_a_square_table_is_in_columns(under) -> None:
    """Every game at a nearly square size: three columns, nothing overlapping or outside,
    tracker and buttons as compact as beside the table, coach text and three log lines."""
    app, _, scene = under
    _check_columns(app, scene)
    _check_sizes(app, scene)
    _check_coach_and_log(app, scene)


def test_a_wheel_over_the_log_scrolls_it(under, monkeypatch) -> None:
    """A posted wheel step over the log (middle column) scrolls it back one line, one
    over the table beside the panel does not."""
    app, _, scene = under
    over_log = scene.body_rect.center
    move(app, over_log)
    # posted motion moves no pointer of the dummy driver: the app reads it from here
    monkeypatch.setattr(app, "mouse_pos", lambda: over_log)
    post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    assert scene.log_panel.scroll == 1
    over_table = (scene.panel_rect.centerx, scene.panel_rect.y - 2)
    monkeypatch.setattr(app, "mouse_pos", lambda: over_table)
    post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    assert scene.log_panel.scroll == 1


@pytest.mark.parametrize("size", QUICK)
@pytest.mark.parametrize("lang", LANGS)
def test_arc_combat_question_leaves_the_log_its_lines(size: tuple[int, int], lang: str) -> None:
    """ARC-R: a combat-card question pending (the defender may play one, or Pass): its
    box and its Pass button in the right column over the buttons, the coach box and
    three log lines in the middle one."""
    app, game, scene = _table("arc", size, lang, moves=60, pending=True)
    try:
        assert scene.decisions.decision is not None and scene.decision_rect.h > 0
        assert scene.decisions.buttons, "the question's answer buttons"
        _check_columns(app, scene)
        _check_coach_and_log(app, scene)
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("size", QUICK)
def test_next_phase_and_hint_clicks_are_taken(game_id: str, size: tuple[int, int]) -> None:
    """Posted clicks on the grid's buttons: Hint starts looking for a move (or says why
    there is none), Next phase moves the game on (in the first position from
    :data:`MOVES` back where it may be pressed)."""
    for moves in range(MOVES, 0, -1):
        app, game, scene = _table(game_id, size, "en", moves)
        if scene.command_enabled("next_phase"):
            break
        app.shutdown()
    try:
        hint = scene.controls.buttons["hint"]
        click(app, hint.rect.center)
        assert scene.hint.thought is not None or scene.hint.shown is not None \
            or scene.toast.message is not None
        scene.hint.close()
        assert scene.command_enabled("next_phase")
        before = len(game.history)
        click(app, scene.controls.buttons["next_phase"].rect.center)
        assert len(game.history) > before
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("size", QUICK)
def test_free_mode_banner_in_the_middle_column(game_id: str, size: tuple[int, int]) -> None:
    """Free mode switched on by its key (ALL-R3), in Japanese: its banner at the top of
    the middle column, over no other part; the coach box and the log keep their lines."""
    app, game, scene = _table(game_id, size, "ja")
    try:
        key(app, pygame.K_f, unicode="f")
        frames(app, 3)
        assert game.state.free_mode and scene.free_banner_rect is not None
        cols = scene.panel_cols
        assert cols is not None and scene.free_banner_rect.topleft == cols.middle.topleft
        _check_columns(app, scene)
        _check_coach_and_log(app, scene)
    finally:
        app.shutdown()


def test_columns_only_where_the_middle_keeps_its_width() -> None:
    """A 720 px wide panel at scale 0.75 (a 720x1280 window) leaves the middle column
    less than MIDDLE_MIN: it stays one column; 900 px holds three, the buttons' grid as
    wide as its BUTTON_COLS buttons and the tracker's column as given."""
    from tabletop.ui.panel_columns import BUTTON_COLS, BUTTON_W, MIDDLE_MIN, button_rows, columns

    assert columns(pygame.Rect(0, 800, 720, 480), 250, 9, 0.75) is None
    laid = columns(pygame.Rect(0, 700, 900, 300), 250, 9, 0.75)
    assert laid is not None and laid.button_cols == BUTTON_COLS
    assert laid.tracker.w == 250 and laid.middle.w >= round(MIDDLE_MIN * 0.75)
    gap = max(4, round(GAP * 0.75))
    assert laid.right.w == BUTTON_COLS * round(BUTTON_W * 0.75) + (BUTTON_COLS - 1) * gap
    assert laid.middle.right < laid.right.x and laid.right.right <= 900
    assert button_rows(7, 3) == 3 and button_rows(9, 3) == 3
    with pytest.raises(ValueError):
        button_rows(7, 0)


def test_columns_need_less_height_than_the_stacked_panel() -> None:
    """The columns' least height is their tallest column's, below the stacked parts'
    (table_fit.panel_height) that made a square window's panel half its height."""
    from tabletop.ui.panel_columns import under_need
    from tabletop.ui.table_fit import TRACKER_H, panel_height

    app = make_app((1000, 1000))
    try:
        need = under_need(app.fonts, 9, 1.0, TRACKER_H)
        assert TRACKER_H <= need < panel_height(app.fonts, 5) * 0.6
        assert under_need(app.fonts, 9, 1.0, 400) == 400  # a tall tracker decides
    finally:
        app.shutdown()
