"""絵師100人展 card abilities in the window (issue 15): a card's ability asks its owner
for a target (the lit cards are exactly the legal ones; click one, Choose), and the
hover shows the card's printed text. Driven by posted mouse events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pytest  # noqa: E402
from ui_helpers import click, drag, frames, table_at  # noqa: E402

DECKS = {"p0.deck": ["chalk_sprite"] * 5, "p1.deck": ["chalk_sprite"] * 5}


def splash_position() -> dict[str, Any]:
    """Ink Splash in hand beside two of player 2's recovered cards (squares 2 and 5)."""
    def g(card: str, square: int, owner: int, label: str) -> dict[str, Any]:
        return {"card": card, "owner": owner, "label": label, "counters": {"square": square}}
    return {"turn": 3, "active": 0, "phase": "action", "zones": {
        **DECKS, "p0.hand": [{"card": "ink_splash", "label": "splash"}, "chalk_sprite",
                             "chalk_sprite"],
        "grid": [g("mural_giant", 0, 0, "giant"), g("blank_canvas", 2, 1, "left"),
                 g("blank_canvas", 5, 1, "up"), g("blank_canvas", 6, 1, "far")]}}


def cell(scene: Any, square: int) -> tuple[int, int]:
    from tabletop.games.eshi100 import board
    return scene.cell_rect("cell:grid/" + board.cell_of_square(square)).center  # type: ignore[no-any-return]


def test_a_target_is_chosen_by_clicking_a_lit_card_then_choose() -> None:
    app, game, scene, lab = table_at("eshi100", splash_position())
    try:
        drag(app, scene.card_rect(lab["splash"]).center, cell(scene, 1))
        frames(app, 2)
        assert game.state.pending is not None and game.state.pending.kind == "target"
        panel = scene.decisions
        assert panel.kind == "target" and panel.options() == {lab["left"], lab["up"]}
        assert not panel.buttons["eshi_target"].is_enabled
        click(app, scene.card_rect(lab["far"]).center)  # not a legal target: nothing marked
        assert panel.marked == []
        click(app, scene.card_rect(lab["up"]).center)
        assert panel.marked == [lab["up"]]
        frames(app, 1)
        click(app, panel.buttons["eshi_target"].get_abs_rect().center)
        frames(app, 2)
        assert not game.state.cards[lab["up"]].face_up
        assert game.state.cards[lab["left"]].face_up and game.state.phase == "challenge"
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hover_shows_the_printed_text(lang: str) -> None:
    from tabletop import i18n
    from tabletop.core.view import CardView

    app, game, scene, lab = table_at("eshi100", splash_position(), lang=lang)
    try:
        i18n.set_language(lang)
        view = CardView(lab["splash"], "ink_splash", 0, False, (), True)
        words = scene.preview.words(view, lang)
        assert game.rules.cards["ink_splash"].text[lang] in words
    finally:
        i18n.set_language("en")
        app.shutdown()
