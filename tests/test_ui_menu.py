"""The main menu, driven through posted mouse events on its pygame_gui widgets."""

from __future__ import annotations

import importlib.util
import json

import pytest
from ui_helpers import (
    choose_option,
    click,
    fake_choice,
    frames,
    make_app,
    texts,
    use_choices,
    widget_centre,
)

from tabletop.core.engine import Game
from tabletop.core.persistence import save_game
from tabletop.ui.menu import GameChoice, MenuScene

HAS_TABLE = importlib.util.find_spec("tabletop.ui.table") is not None


@pytest.fixture
def app(tmp_path):
    application = make_app(save_dir=tmp_path)
    yield application
    application.shutdown()


@pytest.fixture
def started(app, monkeypatch):
    """Record the games the menu starts instead of opening the table."""
    games: list[Game] = []
    monkeypatch.setattr(app, "start_game", games.append)
    return games


def open_menu(app) -> MenuScene:
    app.show_menu()
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, MenuScene)
    return scene


def test_every_game_is_listed_by_its_translated_name(app, monkeypatch):
    broken = GameChoice("conan", error="rules module missing")
    use_choices(monkeypatch, [fake_choice("arc"), broken])
    menu = open_menu(app)
    assert menu.widgets["game:arc"].text == "Arc System"
    conan = menu.widgets["game:conan"]
    assert conan.text == "Conan CCG"
    assert not conan.is_enabled
    assert "rules module missing" in menu.widgets["game_reason:conan"].html_text
    click(app, widget_centre(conan))
    assert menu.game_id == "arc"


def test_choose_decks_and_start(app, monkeypatch, started):
    use_choices(monkeypatch, [fake_choice("arc")])
    menu = open_menu(app)
    click(app, widget_centre(menu.widgets["game:arc"]))
    choose_option(app, menu.widgets["deck0"], "beta")
    choose_option(app, menu.widgets["deck1"], "alpha")
    choose_option(app, menu.widgets["first"], "1")
    assert menu.deck_ids == ["beta", "alpha"]
    click(app, widget_centre(menu.widgets["start"]))
    assert len(started) == 1
    setup = started[0].setup
    assert setup.game == "arc"
    assert setup.first == 1
    assert setup.decks[0]["cards"] == ["c2"] * 4
    assert setup.decks[1]["cards"] == ["c1"] * 3


def test_random_first_player_is_drawn_once_and_recorded(app, monkeypatch, started):
    use_choices(monkeypatch, [fake_choice("arc")])
    menu = open_menu(app)
    choose_option(app, menu.widgets["first"], "random")
    click(app, widget_centre(menu.widgets["start"]))
    setup = started[0].setup
    assert setup.first in (0, 1)
    assert isinstance(setup.seed, int) and setup.seed > 0


def test_illegal_deck_cannot_start_and_shows_why(app, monkeypatch, started):
    use_choices(monkeypatch, [fake_choice("arc")])
    menu = open_menu(app)
    choose_option(app, menu.widgets["deck1"], "huge")
    assert "Too many cards: 8" in menu.widgets["deck_status1"].text
    start = menu.widgets["start"]
    assert not start.is_enabled
    assert "Player 2" in menu.widgets["start_status"].text
    click(app, widget_centre(start))
    assert started == []


def test_language_switch_shows_japanese_at_once(app, monkeypatch):
    use_choices(monkeypatch, [fake_choice("arc")])
    menu = open_menu(app)
    choose_option(app, menu.widgets["deck0"], "beta")
    choose_option(app, menu.widgets["language"], "ja")
    assert app.lang == "ja"
    shown = texts(app)
    assert "ゲーム開始" in shown
    assert "アークシステム" in shown
    assert "ベータ" in shown  # deck names follow the language; choices are kept
    assert app.stack.top is menu and menu.deck_ids[0] == "beta"
    choose_option(app, menu.widgets["language"], "en")
    assert "Start" in texts(app)


def test_corrupt_autosave_shows_a_dialog_naming_the_file(app, monkeypatch, tmp_path, started):
    use_choices(monkeypatch, [fake_choice("arc")])
    bad = tmp_path / "autosave-arc.json"
    bad.write_text("{ not json", encoding="utf-8")
    menu = open_menu(app)
    assert "autosave-arc.json" in menu.widgets["resume_info"].html_text
    click(app, widget_centre(menu.widgets["resume"]))
    frames(app, 2)
    windows = [s for s in app.ui.get_sprite_group().sprites()
               if type(s).__name__ == "UIMessageWindow"]
    assert windows, "no dialog shown"
    assert "autosave-arc.json" in windows[0].text_block.html_text
    assert started == []


def test_newer_format_autosave_is_explained(app, monkeypatch, tmp_path):
    use_choices(monkeypatch, [fake_choice("arc")])
    (tmp_path / "autosave-arc.json").write_text(json.dumps({"format": 99, "game": "arc"}),
                                                encoding="utf-8")
    menu = open_menu(app)
    click(app, widget_centre(menu.widgets["resume"]))
    frames(app, 2)
    windows = [s for s in app.ui.get_sprite_group().sprites()
               if type(s).__name__ == "UIMessageWindow"]
    assert "newer version" in windows[0].text_block.html_text


def test_resume_offers_the_unfinished_game(app, monkeypatch, tmp_path, started):
    choice = fake_choice("arc")
    use_choices(monkeypatch, [choice])
    game = choice.make_game("alpha", "beta", first_seat=0, seed=7)
    save_game(game, tmp_path / "autosave-arc.json")
    menu = open_menu(app)
    resume = menu.widgets["resume"]
    assert resume.is_enabled
    assert "Turn 1" in menu.widgets["resume_info"].html_text
    click(app, widget_centre(resume))
    assert len(started) == 1
    assert started[0].setup == game.setup


def test_menu_fits_small_and_large_windows(monkeypatch, tmp_path):
    use_choices(monkeypatch, [fake_choice("arc")])
    for size in ((1024, 600), (1920, 1080), (2560, 1440)):
        app = make_app(size, save_dir=tmp_path)
        try:
            menu = open_menu(app)
            for name in ("start", "quit", "language", "deck0", "deck1", "first"):
                rect = menu.widgets[name].get_abs_rect()
                assert app.screen.get_rect().contains(rect), (size, name)
        finally:
            app.shutdown()


def test_real_arc_decks_are_offered(app):
    menu = open_menu(app)
    arc = menu.games["arc"]
    assert arc.available, arc.error or arc.deck_error
    assert len(arc.decks) >= 2
    assert all(arc.legal(d) for d in arc.decks)


@pytest.mark.skipif(not HAS_TABLE, reason="tabletop.ui.table not written yet")
def test_start_opens_the_table(app):
    from tabletop.ui.table import TableScene

    menu = open_menu(app)
    click(app, widget_centre(menu.widgets["start"]))
    frames(app, 2)
    assert any(isinstance(s, TableScene) for s in app.stack.scenes)
    assert app.autosaver is not None


def test_leaving_the_menu_removes_its_widgets(app, monkeypatch):
    use_choices(monkeypatch, [fake_choice("arc")])
    menu = open_menu(app)
    start = menu.widgets["start"]
    app.stack.pop()
    assert not start.alive()
    assert not app.ui.get_sprite_group().sprites() or all(
        not hasattr(s, "text") for s in app.ui.get_sprite_group().sprites())


def test_back_from_a_game_selects_that_game_and_offers_its_unfinished_game(app):
    """Leaving a table for the menu keeps its game selected, so Resume is offered at once."""
    choice = GameChoice.load("xenocard")
    first, second = list(choice.decks)[:2]
    game = choice.make_game(first, second, first_seat=0, seed=3)
    app.start_game(game)
    frames(app, 2)
    assert game.propose(next(a for a in game.rules.legal_actions(
        game.state, game.rules.acting_seat(game.state)))).ok  # autosaved
    app.show_menu()
    frames(app, 3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.game_id == "xenocard"
    assert menu.widgets["resume"].is_enabled
