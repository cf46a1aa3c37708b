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
    monkeypatch.setattr(app, "start_game", lambda game, *a, **k: games.append(game))
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
    assert "autosave-arc.json" in menu.widgets["save_info:0"].html_text
    click(app, widget_centre(menu.widgets["resume:0"]))
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
    click(app, widget_centre(menu.widgets["resume:0"]))
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
    resume = menu.widgets["resume:0"]
    assert resume.is_enabled
    assert "Turn 1" in menu.widgets["save_info:0"].html_text
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
    assert menu.widgets["resume:0"].is_enabled


# ---------------------------------------------------------------------- nothing lost


def _real_game(game_id: str, seed: int, actions: int = 4) -> Game:
    """A real game of ``game_id`` after a few bot actions."""
    choice = GameChoice.load(game_id)
    first, second = list(choice.decks)[:2]
    game = choice.make_game(first, second, first_seat=1, seed=seed)
    bot = game.rules.make_bot(seed)
    for _ in range(actions):
        action = bot.choose(game)
        assert action is not None and game.propose(action).ok
    return game


def _save_at(game: Game, path, minute: int):
    from datetime import UTC, datetime

    from tabletop.core.persistence import save_data, write_json_atomic

    when = datetime(2026, 3, 1, 10, minute, tzinfo=UTC)
    return write_json_atomic(save_data(game, saved_at=when), path)


def _sprites(app, kind: str) -> list:
    return [s for s in app.ui.get_sprite_group().sprites()
            if type(s).__name__ == kind and s.alive()]


def _button(app, text: str):
    found = [b for b in _sprites(app, "UIButton") if b.text == text and b.visible]
    assert found, f"no button {text!r}; buttons: {[b.text for b in _sprites(app, 'UIButton')]}"
    return found[-1]


def test_the_menu_lists_unfinished_games_of_every_game_and_opens_on_the_newest(app, tmp_path):
    conan, arc = _real_game("conan", 3), _real_game("arc", 4)
    _save_at(arc, tmp_path / "autosave-arc.json", 1)  # an older version's slot file
    _save_at(conan, tmp_path / "autosave-conan-20260301-100500.json", 5)
    menu = open_menu(app)
    assert menu.game_id == "conan"  # the game of the newest unfinished game
    first, second = (menu.widgets[f"save_info:{i}"].html_text for i in (0, 1))
    assert "Conan CCG" in first and "Arc System" in second
    decks = " vs ".join(conan.setup.deck_names)
    assert decks in first.replace("&nbsp;", " ")
    player = f"Player {conan.state.active + 1} to play"
    assert f"Turn {conan.state.turn}, {player}" in first
    menu.select_game("arc")
    frames(app, 2)
    assert "Conan CCG" in menu.widgets["save_info:0"].html_text  # whichever game is selected
    for i in (0, 1):
        assert menu.widgets[f"resume:{i}"].is_enabled and menu.widgets[f"delete:{i}"].is_enabled


def test_start_keeps_the_unfinished_game_of_the_same_game(app, tmp_path):
    old = _save_at(_real_game("xenocard", 5), tmp_path / "autosave-xenocard.json", 0)
    before = old.read_bytes()
    menu = open_menu(app)
    assert menu.game_id == "xenocard"
    click(app, widget_centre(menu.widgets["start"]))
    frames(app, 2)
    game = app.game
    assert game is not None and game.propose(next(iter(game.rules.legal_actions(
        game.state, game.rules.acting_seat(game.state))))).ok
    assert app.autosaver.path != old and app.autosaver.path.exists()
    assert old.read_bytes() == before
    app.show_menu()
    frames(app, 2)
    assert len(app.stack.top.unfinished) == 2


def test_resume_keeps_saving_into_the_games_own_file_with_its_redo_list(app, tmp_path):
    game = _real_game("arc", 6, actions=6)
    seat = game.rules.acting_seat(game.state)
    while game.can_undo(seat):
        assert game.undo(seat).ok
    redo = list(game.redo_stack)
    assert redo, "nothing was undone"
    path = save_game(game, tmp_path / "autosave-arc-20260301-100000.json")
    menu = open_menu(app)
    click(app, widget_centre(menu.widgets["resume:0"]))
    frames(app, 2)
    assert app.game is not None and app.game.redo_stack == redo
    assert app.autosaver.path == path


def test_delete_asks_before_anything_is_deleted(app, tmp_path):
    path = _save_at(_real_game("arc", 7), tmp_path / "autosave-arc-20260301-100000.json", 0)
    menu = open_menu(app)
    click(app, widget_centre(menu.widgets["delete:0"]))
    frames(app, 2)
    assert path.exists()
    dialog = _sprites(app, "UIConfirmationDialog")[-1]
    assert path.name in dialog.confirmation_text.html_text
    click(app, widget_centre(dialog.cancel_button))
    frames(app, 2)
    assert path.exists()
    click(app, widget_centre(menu.widgets["delete:0"]))
    frames(app, 2)
    click(app, widget_centre(_sprites(app, "UIConfirmationDialog")[-1].confirm_button))
    frames(app, 3)
    assert not path.exists()
    assert menu.unfinished == [] and "save_info:0" not in menu.widgets
    assert "No unfinished game" in menu.widgets["resume_info"].html_text


def _no_longer_replays(tmp_path, seed: int = 8):
    game = _real_game("arc", seed, actions=5)
    path = save_game(game, tmp_path / "autosave-arc-20260301-100000.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].insert(3, {"kind": "attack", "seat": 0, "args": {"cards": [999]}})
    path.write_text(json.dumps(data), encoding="utf-8")
    return game, path, data


@pytest.mark.parametrize("free", [True, False])
def test_a_save_that_no_longer_replays_is_kept_and_opened_as_far_as_it_goes(app, tmp_path,
                                                                              free):
    live, path, data = _no_longer_replays(tmp_path)
    menu = open_menu(app)
    click(app, widget_centre(menu.widgets["resume:0"]))
    frames(app, 3)
    kept = tmp_path / ("broken-" + path.name[len("autosave-"):])
    assert not path.exists() and json.loads(kept.read_text(encoding="utf-8")) == data
    window = next(w for w in _sprites(app, "UIWindow") if hasattr(w, "text_box"))
    text = window.text_box.html_text
    assert kept.name in text and str(tmp_path) in text and "3 of 6 actions" in text
    label = "Open in free mode" if free else "Replay up to action 3"
    click(app, widget_centre(_button(app, label)))
    frames(app, 3)
    game = app.game
    assert game is not None and game.actions[:3] == live.actions[:3]
    assert game.state.free_mode is free
    assert app.autosaver.path.parent == tmp_path and app.autosaver.path != kept
    assert app.autosaver.path.exists()  # saved at once, in a file of its own
    assert json.loads(kept.read_text(encoding="utf-8")) == data  # never overwritten
    app.show_menu()
    frames(app, 2)
    names = [i.path.name for i in app.stack.top.unfinished]
    assert kept.name in names and app.autosaver is None


def test_stale_temporary_files_are_removed_when_the_menu_opens(app, tmp_path):
    import os

    stale = tmp_path / ".autosave-arc.json.x1y2.tmp"
    fresh = tmp_path / ".autosave-arc.json.z3.tmp"
    for path in (stale, fresh):
        path.write_text("{", encoding="utf-8")
    old = stale.stat().st_mtime - 600
    os.utime(stale, (old, old))
    open_menu(app)
    assert not stale.exists() and fresh.exists()


def test_an_unwritable_save_folder_is_told_at_once_and_another_place_offered(tmp_path,
                                                                             monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("TABLETOP_FALLBACK_SAVE_DIR", str(elsewhere))
    app = make_app(save_dir=blocker / "saves")  # a file where the folder should be
    try:
        game = _real_game("arc", 9, actions=0)
        app.start_game(game)
        frames(app, 2)
        dialog = _sprites(app, "UIConfirmationDialog")[-1]
        text = dialog.confirmation_text.html_text
        assert str(blocker / "saves") in text and str(elsewhere) in text
        app.stack.pop()  # the hand-over cover: the players see the question at once
        frames(app, 2)
        click(app, widget_centre(dialog.confirm_button))
        frames(app, 2)
        assert app.autosaver.path.parent == elsewhere
        assert game.propose(next(iter(game.rules.legal_actions(
            game.state, game.rules.acting_seat(game.state))))).ok
        assert app.autosaver.path.exists() and not app.autosaver.failing
        note = _sprites(app, "UIMessageWindow")[-1]
        assert str(app.autosaver.path) in note.text_block.html_text
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_a_long_list_of_unfinished_games_pages_and_fits(monkeypatch, tmp_path, size):
    choice = fake_choice("arc")
    use_choices(monkeypatch, [choice])
    for minute in range(9):
        game = choice.make_game("alpha", "beta", first_seat=minute % 2, seed=minute + 1)
        _save_at(game, tmp_path / f"autosave-arc-20260301-10{minute:02}00.json", minute)
    (tmp_path / "autosave-arc.json").write_text("{", encoding="utf-8")
    app = make_app(size, save_dir=tmp_path)
    try:
        menu = open_menu(app)
        seen: set[str] = set()
        for _ in range(10):
            panel = menu.widgets["side_panel"].get_abs_rect()
            keys = [k for k in menu.widgets if k.split(":")[0] in
                    ("save_info", "resume", "delete")] + ["saves_next", "quit"]
            for name in keys:
                rect = menu.widgets[name].get_abs_rect()
                assert panel.contains(rect) and app.screen.get_rect().contains(rect), (name,
                                                                                      size)
            for name in keys:
                if name.startswith("save_info:"):
                    box = menu.widgets[name]
                    assert box.scroll_bar is None, f"{name} scrolls: its text is cut"
                    seen.add(name)
            if not menu.widgets["saves_next"].is_enabled:
                break
            click(app, widget_centre(menu.widgets["saves_next"]))
            frames(app, 2)
        assert len(seen) == 10  # every game and the unreadable file, page by page
        click(app, widget_centre(menu.widgets["saves_previous"]))
        frames(app, 2)
        assert menu.save_page < 10 - 1
    finally:
        app.shutdown()


def test_a_game_in_the_save_and_the_fallback_folder_is_listed_once_newest_copy(
        tmp_path, monkeypatch):
    """QA round 2 #3: one Xenocard game was listed twice with the same text; resuming the
    copy left in the save folder (a step behind) lost the moves saved in the fallback."""
    saves, fallback = tmp_path / "saves", tmp_path / "fallback"
    monkeypatch.setenv("TABLETOP_FALLBACK_SAVE_DIR", str(fallback))
    name = "autosave-xenocard-20261201-095656.json"
    behind = _save_at(_real_game("xenocard", 5, actions=4), saves / name, 0)
    ahead = _save_at(_real_game("xenocard", 5, actions=5), fallback / name, 1)
    app = make_app(save_dir=saves)
    started: list = []
    monkeypatch.setattr(app, "start_game", lambda game, *a, **k: started.append(game))
    try:
        menu = open_menu(app)
        assert [info.path for info in menu.unfinished] == [ahead]
        assert "save_info:1" not in menu.widgets
        text = menu.widgets["save_info:0"].html_text
        assert "older copy" in text and str(saves) in text  # said, not offered
        assert behind.exists()  # kept
        click(app, widget_centre(menu.widgets["resume:0"]))
        assert len(started) == 1 and len(started[0].actions) == 5
        app.set_language("ja")
        frames(app, 2)
        assert "古い控え" in app.stack.top.widgets["save_info:0"].html_text
    finally:
        app.shutdown()


def test_the_open_menu_sees_the_save_folder_come_back(tmp_path, monkeypatch):
    """QA round 2 #3: the menu kept saying the folder could not be used after it was back."""
    saves = tmp_path / "saves"
    monkeypatch.setenv("TABLETOP_FALLBACK_SAVE_DIR", str(tmp_path / "fallback"))
    saves.write_text("x")  # a file where the folder should be
    app = make_app(save_dir=saves)
    try:
        menu = open_menu(app)
        assert menu.folder_problem is not None and "save_folder_problem" in menu.widgets
        saves.unlink()
        saves.mkdir()
        _save_at(_real_game("arc", 4), saves / "autosave-arc-20261201-100000.json", 0)
        frames(app, 2, dt=MenuScene.FOLDER_CHECK_EVERY)
        assert menu.folder_problem is None and "save_folder_problem" not in menu.widgets
        assert len(menu.unfinished) == 1 and "save_info:0" in menu.widgets
        for f in saves.iterdir():  # and the other way round
            f.unlink()
        saves.rmdir()
        saves.write_text("x")
        frames(app, 2, dt=MenuScene.FOLDER_CHECK_EVERY)
        assert menu.folder_problem is not None and "save_folder_problem" in menu.widgets
    finally:
        app.shutdown()
