"""The coach panel in the window (issue 12 §1): always on in the side panel, hidden and
shown by its button and by key G, readable (wrapped, at least the text floor, never
clipped nor over the question or the buttons) at 1280x720, 1600x900 and 2560x1440 in
English and Japanese; its lit pieces glow on the table; ``TableScene.coach_override``
replaces its line; the hand-over cover names the role.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from screen_sizes import SCREEN_SIZES
from ui_helpers import click, frames, key, make_app

from tabletop.core import selfplay
from tabletop.core.coach import CoachLine
from tabletop.core.engine import Game
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.view import view_for
from tabletop.ui.coach_panel import COACH_KEY, GLOW
from tabletop.ui.cover import HotseatCover
from tabletop.ui.table import TableScene
from tabletop.ui.theme import text_floor


def _game_at(game_id: str, pred: Callable[[GameState], bool], seed: int = 1) -> Game:
    """A seeded bot game played until ``pred`` holds for its state."""
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    for _ in range(1500):
        if pred(game.state):
            return game
        assert not game.state.game_over
        assert game.propose(bots[rules.acting_seat(game.state)].choose(game)).ok
    raise AssertionError(f"{game_id}: the state asked for was not reached")


def _acting_in_own_phase(state: GameState) -> bool:
    """The turn player acts in a phase of its own (no question), from turn 3 on."""
    return state.turn >= 3 and state.pending is None and not state.game_over


def _questioned(state: GameState) -> bool:
    return state.turn >= 2 and state.pending is not None


def _table(game: Game, size: tuple[int, int] = (1280, 720), lang: str = "en",
           cover: bool = False, tmp: Any = None) -> tuple[Any, TableScene]:
    app = make_app(size, lang, save_dir=tmp)
    app.game = game
    scene = TableScene(app, game, cover_at_start=cover)
    app.stack.replace(scene)
    frames(app, 3)
    return app, scene


def _assert_laid_out_whole(scene: TableScene) -> None:
    """The panel lies in the side panel under the tracker, above the question, the log
    and the buttons; every text row fits its width; nothing under the text floor."""
    coach = scene.coach
    laid = coach._laid
    assert laid is not None
    box = coach.rect
    if box.h == 0:  # stood aside: only for a question that fills the side panel, or
        # one that leaves room for the log's lines and not the coach's too (QA16b #11)
        assert scene.decision_rect.w > 0 and coach._compact
        from tabletop.ui.table_fit import log_height

        log_kept = scene.body_rect.h >= round(log_height(scene.app.fonts) * scene.scale)
        assert laid.height > scene.decision_rect.top - box.top or log_kept
        return
    assert scene.panel_rect.contains(box)
    assert box.h == laid.height
    assert box.bottom <= scene.buttons_rect.top
    if scene.decision_rect.w:
        assert box.bottom <= scene.decision_rect.inflate(8, 8).top
    else:
        assert box.bottom <= scene.body_rect.top
    inner = box.w - 2 * laid.pad
    assert laid.who.get_width() <= inner - coach.button_rect.w
    assert all(row.get_width() <= inner for _, row in laid.rows)
    rows = sum(row.get_height() for _, row in laid.rows)
    assert laid.who.get_height() + rows + 2 * laid.pad <= box.h
    assert box.contains(coach.button_rect)
    assert laid.size >= text_floor(scene.scale) and laid.size >= 12


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
@pytest.mark.parametrize("game_id", game_ids())
def test_coach_panel_says_who_and_what_whole_at_every_size(game_id: str, size: tuple[int, int],
                                                           lang: str, tmp_path: Any) -> None:
    app, scene = _table(_game_at(game_id, _acting_in_own_phase), size, lang, tmp=tmp_path)
    line = scene.coach.line(scene)
    assert line is not None and not scene.coach.overridden
    _assert_laid_out_whole(scene)
    assert [kind for kind, _ in scene.coach._laid.rows][:1] == ["what"]  # type: ignore[union-attr]
    assert "progress" in [kind for kind, _ in scene.coach._laid.rows]  # type: ignore[union-attr]
    scene.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_coach_panel_gives_way_to_a_question_without_overlapping_it(game_id: str, lang: str,
                                                                     tmp_path: Any) -> None:
    app, scene = _table(_game_at(game_id, _questioned), (1280, 720), lang, tmp=tmp_path)
    assert scene.decision_rect.w > 0
    _assert_laid_out_whole(scene)
    scene.close()


def test_key_g_hides_the_coach_and_shows_it_again(tmp_path: Any) -> None:
    app, scene = _table(_game_at("conan", lambda s: s.phase == "foe_draw" and not s.pending),
                        tmp=tmp_path)
    full = scene.coach.rect.h
    assert scene.coach.lit(scene)
    key(app, COACH_KEY)
    assert not scene.coach.shown
    assert scene.coach.rect.h < full and scene.coach.lit(scene) == frozenset()
    assert scene.body_rect.top < scene.coach.rect.top + full  # the log took the room back
    key(app, COACH_KEY)
    assert scene.coach.shown and scene.coach.rect.h == full


def test_the_coach_button_hides_and_shows_it(tmp_path: Any) -> None:
    app, scene = _table(_game_at("arc", _acting_in_own_phase), tmp=tmp_path)
    click(app, scene.coach.button_rect.center)
    frames(app, 2)
    assert not scene.coach.shown
    _assert_laid_out_whole(scene)
    click(app, scene.coach.button_rect.center)
    frames(app, 2)
    assert scene.coach.shown


def _glow_at(app: Any, rect: pygame.Rect) -> bool:
    """Is the pixel just outside ``rect``'s left edge tinted toward the glow colour?"""
    colour = app.screen.get_at((rect.x - 3, rect.centery))
    return bool(colour.b > colour.r + 40 and colour.g > colour.r + 30)


def test_lit_pieces_glow_on_the_table_and_not_while_hidden(tmp_path: Any) -> None:
    app, scene = _table(_game_at("conan", lambda s: s.phase == "foe_draw" and not s.pending),
                        tmp=tmp_path)
    lit = sorted(scene.coach.lit(scene))
    assert lit
    rect = scene.by_iid[lit[0]].rect
    frames(app, 1)
    assert _glow_at(app, rect)
    key(app, COACH_KEY)
    frames(app, 1)
    assert not _glow_at(app, rect)
    assert GLOW[2] > GLOW[0]  # cyan, not the gold of the drag targets


def test_coach_override_replaces_the_line_and_its_lit_pieces(tmp_path: Any) -> None:
    game = _game_at("xenocard", _acting_in_own_phase)
    app, scene = _table(game, tmp=tmp_path)
    normal = scene.coach.line(scene)
    card = next(s.iid for s in scene.sprites if s.iid not in (normal.lit if normal else ()))
    said = CoachLine(msg("seat.0"), msg("coach.over_draw"), frozenset({card}))
    scene.coach_override = lambda: said
    frames(app, 3)
    assert scene.coach.line(scene) is said and scene.coach.overridden
    assert scene.coach.lit(scene) == frozenset({card})
    _assert_laid_out_whole(scene)
    scene.coach_override = lambda: None  # None: the normal line again
    frames(app, 3)
    assert scene.coach.line(scene) == normal and not scene.coach.overridden


def test_the_hand_over_cover_names_the_role(tmp_path: Any) -> None:
    game = _game_at("conan", lambda s: s.phase == "foe_draw" and not s.pending)
    app, scene = _table(game, cover=True, tmp=tmp_path)
    frames(app, 3)
    cover = app.stack.top
    assert isinstance(cover, HotseatCover)
    assert cover.role is not None
    assert cover.role.render("en") == "Player 2: you are the enemy this turn"
    assert scene.coach.line(scene) is None  # nothing of either seat under the cover


def test_arc_attackers_selected_and_not_sent_are_warned(tmp_path: Any) -> None:
    """ARC-R5: clicking attackers selects them; the coach warns that moving on leaves
    them out of the attack until Attack is pressed."""
    game = _game_at("arc", lambda s: s.phase == "attack" and not s.step and not s.pending
                    and any(a.kind == "attack" for a in
                            load_rules("arc").legal_actions(s, s.active)))
    app, scene = _table(game, tmp=tmp_path)
    line = scene.coach.line(scene)
    assert line is not None
    before = len(scene.coach.warnings(scene, line))
    attacker = min(i for i in line.lit
                   if (found := scene.view.find(i)) and found[0].endswith(".characters"))
    click(app, scene.by_iid[attacker].rect.center)
    frames(app, 2)
    assert scene.selected == [attacker]
    warnings = [w.render("en") for w in scene.coach.warnings(scene, line)]
    assert len(warnings) == before + 1
    assert warnings[-1].startswith("1 attacker selected and not sent: press Attack (A)")
    _assert_laid_out_whole(scene)


def test_during_a_fight_playback_the_coach_shows_the_moment_played_back(tmp_path: Any) -> None:
    """Issue 10: no result before its playback; the coach's progress is the moment's."""
    game = _game_at("conan", lambda s: s.phase == "conan_move" and not s.pending)
    app, scene = _table(game, tmp=tmp_path)
    bots = [game.rules.make_bot(7), game.rules.make_bot(8)]
    for _ in range(40):
        if scene.ui.playback.active:
            break
        assert game.propose(bots[game.rules.acting_seat(game.state)].choose(game)).ok
        frames(app, 2)
        if isinstance(app.stack.top, HotseatCover):
            app.stack.top.dismiss()
            frames(app, 2)
    assert scene.ui.playback.active
    shown = scene.ui.shown_state(scene)
    assert shown is not game.state  # an earlier moment is shown
    line = scene.coach.line(scene)
    assert line is not None and line.what.key == "coach.conan.playback"
    assert line.lit == frozenset() and scene.coach.lit(scene) == frozenset()
    assert line.progress == game.rules.coach_progress(view_for(shown, scene.viewer),
                                                      game.rules.acting_seat(shown))
    _assert_laid_out_whole(scene)
    key(app, pygame.K_ESCAPE)  # skipped: the line of the game as it is now
    frames(app, 3)
    if not isinstance(app.stack.top, HotseatCover):
        now = scene.coach.line(scene)
        assert now is not None and now.what.key != "coach.conan.playback"
