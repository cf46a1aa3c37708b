"""Helpers for the window tests: a headless app and posted mouse/key events.

The app is driven exactly like a user would: events go into pygame's queue with
``pygame.event.post`` and one ``app.frame()`` processes them. pygame_gui posts
its result events (button pressed, drop-down changed) during a frame, so
helpers run a further frame after the input to let scenes see them.
"""

from __future__ import annotations

import copy
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.actions import Action, Verdict  # noqa: E402
from tabletop.core.cards import CardDb, CardDef  # noqa: E402
from tabletop.core.decks import Deck  # noqa: E402
from tabletop.core.messages import Message, msg  # noqa: E402
from tabletop.core.model import GameState, Visibility  # noqa: E402
from tabletop.core.rules import GameRules, GameSetup  # noqa: E402

FRAME = 1 / 60


def make_app(size: tuple[int, int] = (1280, 720), lang: str = "en",
             save_dir: str | Path | None = None) -> Any:
    """A headless :class:`~tabletop.ui.app.App` (dummy video and audio drivers)."""
    from tabletop.ui.app import App

    i18n.set_language("en")
    app = App(size, lang=lang, save_dir=save_dir)
    pygame.event.clear()
    return app


def table_at(game_id: str, position: dict[str, Any], size: tuple[int, int] = (1280, 720),
             lang: str = "en", seed: int = 1, save_dir: str | Path | None = None,
             rules: GameRules | None = None) -> tuple[Any, Any, Any, dict[str, int]]:
    """A window showing ``game_id`` at an exact ``position`` (no hand-over cover at the
    start): ``(app, game, scene, labels)``; ``rules`` when the test loaded them already."""
    from tabletop.core.engine import Game
    from tabletop.core.rules import load_rules

    app = make_app(size, lang, save_dir=save_dir)
    game = Game(rules or load_rules(game_id), GameSetup(game_id, seed=seed, position=position))
    return app, game, show_game(app, game), game.state.data["labels"]


def show_game(app: Any, game: Any, factor: float | None = None) -> Any:
    """The table of ``game`` in ``app`` with no hand-over cover at the start, at the
    chosen UI scale ``factor`` when given (the app takes it as far as the table fits)."""
    from tabletop.ui.table import TableScene

    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    if factor is not None:
        app.set_ui_scale(factor)
        frames(app, 3)
    return scene


def frames(app: Any, n: int = 1, dt: float = FRAME) -> None:
    """Run ``n`` frames of ``dt`` seconds each."""
    for _ in range(n):
        app.frame(dt)


def _mouse(kind: int, pos: tuple[int, int], **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def move(app: Any, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    """Move the mouse to ``pos`` and run a frame."""
    _mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=buttons, touch=False)
    app.frame(FRAME)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """Click at ``pos`` (window pixels): hover, press, release, then let results arrive."""
    pos = (int(pos[0]), int(pos[1]))
    move(app, pos)
    _mouse(pygame.MOUSEBUTTONDOWN, pos, button=button, touch=False)
    app.frame(FRAME)
    _mouse(pygame.MOUSEBUTTONUP, pos, button=button, touch=False)
    app.frame(FRAME)
    app.frame(FRAME)


def drag(app: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 8,
         release: bool = True) -> None:
    """Press at ``start``, move in ``steps`` to ``end`` (left button held), release."""
    move(app, start)
    _mouse(pygame.MOUSEBUTTONDOWN, start, button=1, touch=False)
    app.frame(FRAME)
    last = start
    for i in range(1, steps + 1):
        pos = (round(start[0] + (end[0] - start[0]) * i / steps),
               round(start[1] + (end[1] - start[1]) * i / steps))
        _mouse(pygame.MOUSEMOTION, pos, rel=(pos[0] - last[0], pos[1] - last[1]),
               buttons=(1, 0, 0), touch=False)
        app.frame(FRAME)
        last = pos
    if release:
        _mouse(pygame.MOUSEBUTTONUP, end, button=1, touch=False)
        app.frame(FRAME)
        app.frame(FRAME)


def key(app: Any, k: int, mod: int = 0, unicode: str = "") -> None:
    """Press and release key ``k`` and run frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    app.frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    app.frame(FRAME)


def post(app: Any, event_type: int, **attrs: Any) -> None:
    """Post any event and run a frame."""
    pygame.event.post(pygame.event.Event(event_type, **attrs))
    app.frame(FRAME)


def screenshot(app: Any, path: str | Path) -> Path:
    """Save the window as a PNG (after drawing one more frame)."""
    app.frame(FRAME)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(target))
    return target


def widget_centre(widget: Any) -> tuple[int, int]:
    """The centre of a pygame_gui element in window pixels."""
    return widget.get_abs_rect().center


def texts(app: Any) -> list[str]:
    """Every text shown by a visible pygame_gui label, button, drop-down or text box
    (a text box's markup with its line breaks as spaces)."""
    out = []
    for sprite in app.ui.get_sprite_group().sprites():
        text = getattr(sprite, "text", None)
        if not isinstance(text, str):
            text = getattr(sprite, "html_text", None)
            if isinstance(text, str):
                text = text.replace("<br>", " ")
        if isinstance(text, str) and text and getattr(sprite, "visible", True):
            out.append(text)
    return out


# ---------------------------------------------------------------------- a tiny fake game


class FakeRules(GameRules):
    """A game with no rules to speak of: enough for menu tests without a real game."""

    game_id = "fake"
    phases = ("main",)

    def new_game(self, setup: GameSetup) -> GameState:
        state = GameState(setup.game, setup.seed, first=setup.first, active=setup.first)
        for seat in (0, 1):
            state.add_zone(f"p{seat}.deck", seat, Visibility.NOBODY)
            state.add_zone(f"p{seat}.hand", seat, Visibility.OWNER)
            cards = setup.decks[seat]["cards"] if setup.decks else []
            state.new_pile(f"p{seat}.deck", seat, list(cards), face_up=False)
        state.phase = "main"
        return state

    def check(self, state: GameState, action: Action) -> Verdict:
        return Verdict.refuse("not_supported")

    def apply(self, state: GameState, action: Action, prepared: Any = None) -> None:
        raise AssertionError("FakeRules never applies actions")

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return []

    def interpret_drop(self, state: GameState, seat: int, iid: int, zone_id: str,
                       onto: int | None = None) -> Action | Verdict:
        return Verdict.refuse("not_supported")

    def check_deck(self, deck: Deck) -> list[Message]:
        count = len(deck.card_list())
        if count > 5:
            return [msg("deck.too_many", count=count, max=5)]
        return []


def fake_choice(game_id: str = "arc") -> Any:
    """A :class:`~tabletop.ui.menu.GameChoice` over :class:`FakeRules` with three decks.

    Decks ``alpha`` and ``beta`` are legal; ``huge`` is not (too many cards).
    """
    from tabletop.ui.menu import GameChoice

    cards = CardDb(game_id, [CardDef("c1", game_id, "unit", {"en": "One", "ja": "一"}),
                             CardDef("c2", game_id, "unit", {"en": "Two", "ja": "二"})])
    rules = FakeRules(cards)
    decks = {
        "alpha": Deck("alpha", {"en": "Alpha", "ja": "アルファ"}, {"cards": {"c1": 3}}),
        "beta": Deck("beta", {"en": "Beta", "ja": "ベータ"}, {"cards": {"c2": 4}}),
        "huge": Deck("huge", {"en": "Huge", "ja": "巨大"}, {"cards": {"c1": 4, "c2": 4}}),
    }
    problems = {d: rules.check_deck(deck) for d, deck in decks.items()}
    return GameChoice(game_id, rules, "", decks, problems)


def use_choices(monkeypatch: Any, choices: Iterable[Any]) -> None:
    """Make the menu offer exactly ``choices`` (GameChoice objects) instead of loading games."""
    from tabletop.ui import menu

    by_id = {c.game_id: c for c in choices}
    monkeypatch.setattr(menu, "game_ids", lambda: list(by_id))
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: by_id[gid]))


def choose_option(app: Any, dropdown: Any, option_id: str) -> None:
    """Pick ``option_id`` in a pygame_gui drop-down by clicking it open, then on the item."""
    click(app, widget_centre(dropdown))
    state = dropdown.menu_states["expanded"]
    assert dropdown.current_state is state, "the drop-down did not open"
    options = dict((o[1], o[0]) if isinstance(o, tuple) else (o, o)
                   for o in dropdown.options_list)
    wanted = options[option_id]
    for item in state.options_selection_list.item_list:
        button = item.get("button_element")
        if item["text"] == wanted and button is not None:
            click(app, widget_centre(button))
            frames(app, 3)  # selection -> drop-down changed event -> the scene reacts
            return
    raise AssertionError(f"option {option_id!r} not visible in the drop-down")

def arc_position(phase: str) -> dict[str, Any]:
    """A small Arc table (turn 4, seat 0 to act): two characters and two hand cards a
    seat, labelled queen/duelist/squire and kraken/chill/warden/acolyte."""
    return copy.deepcopy(_ARC_POSITION | {"phase": phase})


_ARC_POSITION: dict[str, Any] = {
    "turn": 4, "active": 0,
    "zones": {
        "p0.hand": [{"card": "red_phoenix_queen", "label": "queen"}, "red_battle_cry"],
        "p0.resources": ["red_ember_hills", "red_ember_hills"],
        "p0.characters": [{"card": "red_flame_duelist", "label": "duelist"},
                          {"card": "red_spark_squire", "label": "squire"}],
        "p1.hand": [{"card": "blue_deep_kraken", "label": "kraken"},
                    {"card": "blue_chill", "label": "chill"}],
        "p1.resources": ["blue_tide_pool", "blue_tide_pool"],
        "p1.characters": [{"card": "blue_frost_warden", "label": "warden"},
                          {"card": "blue_mist_acolyte", "label": "acolyte"}],
        "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10,
    },
    "data": {"resource_played": True},
}


def start_past_cover(app: Any, game: Any, settle: int = 2) -> Any:
    """``app.start_game(game)`` as the menu does, then past the hand-over cover (dismissed
    once armed, up to four times) and ``settle`` more frames; returns the table."""
    from tabletop.ui.cover import HotseatCover
    from tabletop.ui.table import TableScene

    app.start_game(game)
    frames(app, 3)
    for _ in range(4):
        top = app.stack.top
        if not isinstance(top, HotseatCover):
            break
        app.frame(1.0)
        top.dismiss()
        frames(app, 2)
    frames(app, settle)
    assert isinstance(app.stack.top, TableScene), app.stack.top
    return app.stack.top
