"""Issues 12 and 16, newcomer QA round: readable tables and menu.

Each test is named after the QA item it checks and drives the real window
(``tests/ui_helpers.py``): the placed and left-out texts of each card face (the
renderer's face records) and rectangles that must not overlap.

* Menu: a game that is "Not available" says so in one line of the game list (the whole
  reason in the line's tool tip) and the next game's button stays clear of the
  "User folder" block.
"""

from __future__ import annotations

import html
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import fake_choice, frames, make_app  # noqa: E402

from tabletop import i18n  # noqa: E402

SIZES = [(1280, 720), (1600, 900), (2560, 1440)]

# ---------------------------------------------------------------------- menu: not available

#: The reason QA met (shot_95): the whole error of a card file that does not load.
LONG_REASON = ("/work/main/assets/cards/arc/blue.toml: card 'blue_chill_wind': field "
               "'ability[0].what[0]': unknown effect 'weaken'; known: cannot_block, destroy, "
               "draw, mill, power, return_to_hand, search_action, search_character, "
               "search_combat, search_resource, unblockable, untap")


def panel_rects(menu, prefix):
    """The screen rectangles of the menu widgets whose keys start with ``prefix``."""
    return {k: pygame.Rect(w.rect) for k, w in menu.widgets.items() if k.startswith(prefix)}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_issue16_a_game_not_available_takes_one_line_and_the_list_stays_clear(
        monkeypatch, size, lang):
    from tabletop.ui import menu

    broken = menu.GameChoice("arc", error=LONG_REASON)
    by_id = {"arc": broken, "conan": fake_choice("conan"), "eshi100": fake_choice("eshi100"),
             "xenocard": fake_choice("xenocard")}
    monkeypatch.setattr(menu, "game_ids", lambda: list(by_id))
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: by_id[gid]))
    app = make_app(size, lang=lang)
    try:
        app.show_menu()
        frames(app, 2)
        scene = app.stack.top
        box = scene.widgets["game_reason:arc"]
        shown = html.unescape(box.html_text)
        assert LONG_REASON not in shown and "blue_chill_wind" not in shown
        assert i18n.t("readable.game_unavailable_short") in shown
        assert box.tool_tip_text == i18n.t("menu.game_unavailable", reason=LONG_REASON)
        line_h = scene.app.fonts.get(round(15 * scene.app.scale)).get_linesize()
        assert box.rect.h < 2 * line_h + 12, box.rect  # one line, not a wrapped paragraph
        games = {k: r for k, r in panel_rects(scene, "game").items() if k != "games_panel"}
        folder = panel_rects(scene, "user_folder")
        assert folder and len([k for k in games if k.startswith("game:")]) == 4
        keys = sorted(games)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert not games[a].colliderect(games[b]), (a, b)
            for f, rect in folder.items():
                assert not games[a].colliderect(rect), (a, f)
        panel = scene.widgets["games_panel"].rect
        assert all(panel.contains(r) for r in games.values())
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_issue16_a_short_reason_is_shown_as_it_is(monkeypatch):
    from tabletop.ui import menu

    broken = menu.GameChoice("conan", error="rules module missing")
    by_id = {"arc": fake_choice("arc"), "conan": broken}
    monkeypatch.setattr(menu, "game_ids", lambda: list(by_id))
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: by_id[gid]))
    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        box = app.stack.top.widgets["game_reason:conan"]
        assert html.unescape(box.html_text) == "Not available: rules module missing"
        assert box.tool_tip_text is None  # nothing more to tell
    finally:
        app.shutdown()
