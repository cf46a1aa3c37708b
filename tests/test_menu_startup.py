"""The menu's first frame loads only the games it shows (issue 14, start-up): the selected
one (chosen exactly as over every game loaded) and those of the saves it lists; the
others load in its first update after that frame, and a game chosen while still
loading loads at once. Nothing is ever shown as broken before it is known to be."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from ui_helpers import click, fake_choice, frames, make_app, widget_centre

from tabletop.ui import menu as menu_module
from tabletop.ui import menu_games
from tabletop.ui.menu import GameChoice, MenuScene


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Three games (Conan's rules broken), the order they were loaded in under ``order``."""
    by_id: dict[str, Any] = {"arc": fake_choice("arc"),
                             "conan": GameChoice("conan", error="rules module missing"),
                             "xenocard": fake_choice("xenocard")}
    order: list[str] = []

    def load(cls: type, game_id: str, loader: Any = None) -> Any:
        order.append(game_id)
        return by_id[game_id]

    monkeypatch.setattr(menu_module, "game_ids", lambda: list(by_id))
    monkeypatch.setattr(menu_module.GameChoice, "load", classmethod(load))
    return {"by_id": by_id, "order": order}


@pytest.fixture
def app(tmp_path: Any) -> Any:
    application = make_app(save_dir=tmp_path)
    yield application
    application.shutdown()


def test_the_first_frame_loads_only_the_selected_game(app: Any, loads: dict[str, Any]) -> None:
    app.show_menu()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert loads["order"] == ["arc"] and menu.game_id == "arc"
    assert menu.games["conan"].loading and menu.games["xenocard"].loading
    frames(app, 1)  # the first frame: still only Arc
    assert loads["order"] == ["arc"]
    # not yet known to be broken: a plain button that says it is still loading
    conan = menu.widgets["game:conan"]
    assert conan.is_enabled and "game_reason:conan" not in menu.widgets
    assert conan.tool_tip_text == "Still loading…"
    assert menu.start_problem() == "" and menu.widgets["start"].is_enabled
    assert menu.frame_due() == 0.0  # asks for the update that loads the rest


def test_the_rest_loads_after_the_first_frame_and_a_broken_one_is_then_named(
        app: Any, loads: dict[str, Any]) -> None:
    app.show_menu()
    frames(app, 2)
    menu = app.stack.top
    assert sorted(loads["order"]) == ["arc", "conan", "xenocard"]
    assert not any(c.loading for c in menu.games.values())
    conan = menu.widgets["game:conan"]
    assert not conan.is_enabled
    assert "rules module missing" in menu.widgets["game_reason:conan"].html_text
    assert menu.widgets["game:xenocard"].tool_tip_text is None  # loaded: no "still loading"
    assert menu.frame_due() != 0.0  # nothing left to load: the idle menu sleeps again


def test_choosing_a_game_still_loading_loads_it_at_once(app: Any, loads: dict[str, Any]) -> None:
    app.show_menu()
    menu = app.stack.top
    menu.select_game("xenocard")
    assert loads["order"] == ["arc", "xenocard"] and menu.game_id == "xenocard"
    menu.select_game("conan")  # broken: loaded, never selected, named at the next frame
    assert menu.game_id == "xenocard" and menu.games["conan"].error
    frames(app, 1)
    assert "rules module missing" in menu.widgets["game_reason:conan"].html_text
    assert menu.widgets["game:xenocard"].tool_tip_text is None


def test_a_click_on_a_game_still_loading_selects_it(app: Any, loads: dict[str, Any]) -> None:
    loads["by_id"]["conan"] = fake_choice("conan")  # all playable: no rebuild under the click
    app.show_menu()
    frames(app, 1)
    menu = app.stack.top
    assert menu.games["xenocard"].loading
    click(app, widget_centre(menu.widgets["game:xenocard"]))
    assert menu.game_id == "xenocard"


@dataclass(eq=False)
class Stub:
    """What :func:`menu_games.first_game` reads of a menu."""

    games: dict[str, Any]
    unfinished: list[Any]
    rules_loader: Any = None
    app: Any = None
    widgets: dict[str, Any] = field(default_factory=dict)


def stub(order: list[str], saves: list[str]) -> Stub:
    return Stub({gid: GameChoice(gid, loading=True) for gid in order},
                [SimpleNamespace(game=g) for g in saves], app=SimpleNamespace(frames_drawn=0))


@pytest.mark.parametrize(("selected", "saves", "chosen", "loaded"), [
    (None, [], "arc", ["arc"]),  # the first playable game
    ("xenocard", [], "xenocard", ["xenocard"]),  # the game just left
    ("conan", [], "arc", ["conan", "arc"]),  # the game left is broken now: the first one
    (None, ["conan", "xenocard", "arc"], "xenocard", ["conan", "xenocard"]),  # newest playable
    (None, ["chess"], "arc", ["arc"]),  # a save of a game the menu does not know
])
def test_the_selected_game_is_chosen_as_over_every_game_loaded(
        loads: dict[str, Any], selected: str | None, saves: list[str], chosen: str,
        loaded: list[str]) -> None:
    menu: Any = stub(["arc", "conan", "xenocard"], saves)
    assert menu_games.first_game(menu, selected) == chosen
    assert loads["order"] == loaded
    # the same rule as the menu's before start-up was made lazy: over every game loaded
    every = {gid: loads["by_id"][gid] for gid in menu.games}
    playable = [g for g, c in every.items() if c.available]
    newest = next((g for g in saves if g in playable), None)
    assert chosen == (selected if selected in playable else newest if newest
                      else next(iter(playable), next(iter(every), "")))


def test_with_no_playable_game_the_first_game_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menu_module.GameChoice, "load", classmethod(
        lambda cls, gid, loader=None: GameChoice(gid, error="broken")))
    menu: Any = stub(["arc", "conan"], [])
    assert menu_games.first_game(menu, None) == "arc"
    assert not any(c.loading for c in menu.games.values())
