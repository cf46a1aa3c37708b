"""The rules help page in the window (issue 12 §2, docs/help.md): for every game and
language it opens with every text inside its column at 1280x720 (no line clipped,
body text >= 14 px) and every diagram drawn whole; it scrolls by wheel, keys and
scrollbar; Esc and Back return to the menu or the table with the game untouched; F1
opens it at the table; "Why?" on a real refusal opens the section of its rule."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from datetime import datetime  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import click, drag, frames, key, make_app, post, table_at  # noqa: E402

from tabletop.core.persistence import save_data  # noqa: E402
from tabletop.core.rules import game_ids, load_rules  # noqa: E402
from tabletop.help import load_help  # noqa: E402
from tabletop.ui.help import BODY_PX, HelpScene, open_help  # noqa: E402
from tabletop.ui.help_diagrams import diagram_names  # noqa: E402
from tabletop.ui.menu import MenuScene  # noqa: E402

GAMES = game_ids()
SIZES = [(1280, 720), (1600, 900), (2560, 1440)]


@pytest.fixture(scope="module")
def rules() -> dict[str, Any]:
    return {g: load_rules(g) for g in GAMES}


def menu_app(size: tuple[int, int] = (1280, 720), lang: str = "en") -> Any:
    app = make_app(size, lang)
    app.stack.replace(MenuScene(app))
    frames(app, 2)
    return app


def assert_nothing_clipped(scene: HelpScene) -> None:
    """Every placed line lies inside its column and inside its panel, at a readable
    size; every diagram fits the column and left no label out."""
    scale = scene.app.scale
    for line in scene.lines:
        left, right = line.column
        assert left <= line.rect.x and line.rect.right <= right, (line.text, line.rect,
                                                                  line.column)
        if line.where == "toc":
            assert line.rect.right <= scene.toc_rect.right, line.text
        elif line.where == "page":
            assert line.rect.right <= scene.body.right, line.text
            assert line.px >= round(14 * scale), (line.text, line.px)
        else:
            assert scene.header.contains(line.rect), line.text
    for d in scene.diagrams:
        assert d.surface.get_width() <= scene.body.w, d.name
        assert d.surface.get_height() <= scene.body.h, d.name
        left_out = [t for r in d.records for t in r.left_out]
        assert left_out == [], (d.name, left_out)
    assert not [ln.text for ln in scene.lines if ln.text.startswith("(The drawing")]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_help_opens_for_every_game_with_nothing_clipped_at_1280x720(game: str, lang: str,
                                                                    rules: Any) -> None:
    app = menu_app(lang=lang)
    try:
        scene = open_help(app, game, rules=rules[game])
        frames(app, 1)
        assert app.stack.top is scene and scene.page is not None and not scene.problem
        assert scene.page.lang == lang
        assert BODY_PX >= 14
        assert_nothing_clipped(scene)
        # every section's title is in the contents and every diagram named is drawn
        toc = {ln.text for ln in scene.lines if ln.where == "toc"}
        assert toc, "no contents"
        # the whole contents show without scrolling them
        assert all(scene.toc_entry(s.id) is not None for s in scene.page.sections)
        named = [s.diagram for s in scene.page.sections if s.diagram]
        assert sorted(d.name for d in scene.diagrams) == sorted(named)
        assert set(named) <= set(diagram_names(game))
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES[1:])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_conan_help_fits_at_the_larger_sizes(size: tuple[int, int], lang: str,
                                             rules: Any) -> None:
    app = menu_app(size, lang)
    try:
        scene = open_help(app, "conan", rules=rules["conan"])
        frames(app, 1)
        assert_nothing_clipped(scene)
    finally:
        app.shutdown()


def test_the_help_scrolls_by_keys_wheel_and_scrollbar(rules: Any) -> None:
    app = menu_app()
    try:
        scene = open_help(app, "conan", rules=rules["conan"])
        frames(app, 1)
        assert scene.scroll == 0 and scene.max_scroll > scene.body.h
        key(app, pygame.K_PAGEDOWN)
        one_page = scene.scroll
        assert 0 < one_page < scene.body.h
        key(app, pygame.K_DOWN)
        assert scene.scroll > one_page
        key(app, pygame.K_END)
        assert scene.scroll == scene.max_scroll
        key(app, pygame.K_HOME)
        assert scene.scroll == 0
        pygame.mouse.set_pos(scene.body.center)
        post(app, pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
             precise_y=-3.0, touch=False)
        assert scene.scroll > 0
        # drag the scrollbar's thumb to the bottom of its track
        thumb = scene._thumb()
        drag(app, thumb.center, (thumb.centerx, scene.track.bottom + 40))
        assert scene.scroll == scene.max_scroll
        # a click on the track above the thumb pages up
        before = scene.scroll
        click(app, (scene.track.centerx, scene.track.y + 4))
        assert scene.scroll < before
    finally:
        app.shutdown()


def test_a_contents_entry_jumps_to_its_section(rules: Any) -> None:
    app = menu_app()
    try:
        scene = open_help(app, "conan", rules=rules["conan"])
        frames(app, 1)
        entry = scene.toc_entry("icons")
        assert entry is not None
        click(app, entry.center)
        assert scene.section_id == "icons"
        assert scene.scroll == min(scene.anchors["icons"], scene.max_scroll)
    finally:
        app.shutdown()


def test_esc_and_back_return_to_the_menu(rules: Any) -> None:
    app = menu_app()
    try:
        menu = app.stack.top
        click(app, menu.widgets["rules_help"].get_abs_rect().center)
        assert isinstance(app.stack.top, HelpScene)
        assert app.stack.top.game == menu.game_id
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is menu
        scene = open_help(app, "conan", rules=rules["conan"])
        frames(app, 1)
        click(app, scene.buttons["back"].center)
        assert app.stack.top is menu
    finally:
        app.shutdown()


def test_the_language_button_switches_the_page(rules: Any) -> None:
    app = menu_app()
    try:
        scene = open_help(app, "conan", rules=rules["conan"])
        frames(app, 1)
        click(app, scene.buttons["lang"].center)
        assert app.lang == "ja" and app.stack.top is scene
        assert scene.page is not None and scene.page.lang == "ja"
        assert scene.page.title == load_help("conan", "ja").title
        assert_nothing_clipped(scene)
    finally:
        app.shutdown()


def game_to_json(game: Any) -> Any:
    """The whole game as a save holds it (state, actions, undo history)."""
    return save_data(game, datetime(2000, 1, 1))


def c(card: str, label: str) -> dict[str, Any]:
    return {"card": card, "label": label}


#: Seat 0's turn, Foe Draw: seat 1 (the enemy) places Foes from its Foe hand.
FOE_DRAW = {
    "turn": 3, "active": 0, "phase": "foe_draw", "step": "place",
    "zones": {"conan": [c("conan_wanderer", "conan")],
              "p1.foe_hand": [c("foe_hill_bandit", "bandit"), c("foe_temple_spearman", "spear")],
              "p0.hand": [c("move_slash", "slash"), c("move_parry", "parry")],
              "p1.hand": [c("move_arrow_volley", "arrows"), c("move_cleave", "cleave")],
              "p0.deck": ["move_parry"] * 8, "p1.deck": ["move_parry"] * 8,
              "p0.foe_deck": ["foe_hill_bandit"] * 4, "p1.foe_deck": ["foe_hill_bandit"] * 4},
    "data": {"foes_placed": 0, "forced": False, "region_attached": False},
}


def test_f1_and_esc_at_the_table_keep_the_game(rules: Any) -> None:
    app, game, scene, _labels = table_at("conan", FOE_DRAW, rules=rules["conan"])
    try:
        scene.toast.show("a refusal being read", "x", "CONAN-R7")
        before = game_to_json(game)
        key(app, pygame.K_F1)
        helper = app.stack.top
        assert isinstance(helper, HelpScene) and helper.game == "conan"
        key(app, pygame.K_PAGEDOWN)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
        assert game_to_json(game) == before
        # the Esc that closed the page did not also close the table's refusal box
        assert scene.toast.visible
    finally:
        app.shutdown()


def test_why_on_a_real_refusal_opens_the_section_of_its_rule(rules: Any) -> None:
    app, game, scene, labels = table_at("conan", FOE_DRAW, rules=rules["conan"])
    try:
        bandit = labels["bandit"]
        flank = scene.layout.zone("left_flank")
        start = scene.card_rect(bandit).center
        end = scene.viewport.to_px(flank.x_mm, flank.y_mm)
        drag(app, start, (round(end[0]), round(end[1])))
        assert game.state.zone_of(bandit) == "p1.foe_hand"
        assert scene.toast.rule == "CONAN-R7" and scene.toast.why
        before = game_to_json(game)
        area = pygame.Rect(scene.viewport.area)
        why = scene.toast.why_rect(area, scene.text, scene.scale)
        assert why is not None
        click(app, why.center)
        helper = app.stack.top
        assert isinstance(helper, HelpScene)
        assert helper.section_id == "foe_draw"
        assert "CONAN-R7" in helper.page.section("foe_draw").rules
        assert helper.section_rect("foe_draw") is not None  # on screen, at the top
        cited = [ln for ln in helper.lines if "CONAN-R7" in ln.text and ln.bold]
        assert cited and cited[0].rect.y > helper.anchors["foe_draw"]  # says which rule
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene and scene.toast.visible  # the refusal is still there
        assert game_to_json(game) == before
    finally:
        app.shutdown()


def test_a_refusal_citing_no_rule_has_no_why(rules: Any) -> None:
    app, _game, scene, _labels = table_at("conan", FOE_DRAW, rules=rules["conan"])
    try:
        scene.toast.show("plain words", "x", "")
        assert not scene.toast.why
        scene.toast.show("cites a rule no section lists", "x", "CONAN-R99")
        assert not scene.toast.why
        scene.toast.show("cites a rule", "x", "CONAN-R9")
        assert scene.toast.why
    finally:
        app.shutdown()


def test_a_page_missing_in_the_language_falls_back_to_english_and_says_so(
        rules: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.ui.help as help_scene
    from tabletop.help import HelpError

    real = help_scene.load_help

    def only_english(game: str, lang: str) -> Any:
        if lang != "en":
            raise HelpError(f"{game}_{lang}.toml: no help file")
        return real(game, lang)

    monkeypatch.setattr(help_scene, "load_help", only_english)
    app = menu_app(lang="ja")
    try:
        scene = open_help(app, "conan", rules=rules["conan"])
        frames(app, 1)
        assert scene.page is not None and scene.page.lang == "en" and scene.problem
        first = next(ln for ln in scene.lines if ln.where == "page")
        assert first.text.startswith("このページはまだ日本語")
        assert_nothing_clipped(scene)
    finally:
        app.shutdown()


def test_f1_while_a_refusal_is_shown_opens_its_rule(rules: Any) -> None:
    app, _game, scene, _labels = table_at("conan", FOE_DRAW, rules=rules["conan"])
    try:
        scene.toast.show("a refusal citing the gap rule", "x", "CONAN-R9")
        key(app, pygame.K_F1)
        helper = app.stack.top
        assert isinstance(helper, HelpScene) and helper.cited == "CONAN-R9"
        assert helper.section_id == "conan_move"
    finally:
        app.shutdown()


def test_the_move_places_drawing_shows_a_real_gap_move_touching_both_foes(rules: Any) -> None:
    """The diagram's position is played by the rules: the Slash lies in the gap and
    touches both Center Foes' Moves (CONAN-R10); the Parry touches one (CONAN-R8)."""
    from tabletop.games.conan import battlefield as bf
    from tabletop.ui.games.conan_diagrams import demo_game

    game = demo_game(rules["conan"])
    labels = game.state.data["labels"]
    by_card = {r.card: r for r in bf.moves(game.state)}
    assert by_card[labels["slash"]].target == "center/gap1"
    touched = {}
    for contact in bf.contacts(game.state, "center"):
        touched.setdefault(contact.hero, set()).add(contact.foe_card)
    assert len(touched[labels["slash"]]) == 2
    assert len(touched[labels["parry"]]) == 1
