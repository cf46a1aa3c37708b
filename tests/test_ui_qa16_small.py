"""The last small QA findings of issue 16 (finding 20 and finding 10), driven with
posted events: the side panel's log shows whole rows only, the result screen's
button lies inside its box, every choice of the menu shows whole in both languages,
Arc's resource counters show every colour, a square window gives the table its
height, and a deck-builder toolbar click right after a dialog or a drop-down acts."""

from __future__ import annotations

import pygame
import pytest
from game_helpers import mid_game
from ui_helpers import frames, key, make_app, start_past_cover

from tabletop.core.engine import Game
from tabletop.core.rules import game_ids
from tabletop.ui.fonts import Fonts
from tabletop.ui.log_fit import first_rows, rows_that_fit
from tabletop.ui.panels import LogPanel, TextCache
from tabletop.ui.table import TableScene


def _mid_game(game_id: str, seed: int = 4, turns: int = 3) -> Game:
    return mid_game(game_id, seed, turns, most=300)


def _table(app, game: Game) -> TableScene:  # type: ignore[no-untyped-def]
    """The table of ``game`` in ``app``, past the hand-over cover."""
    return start_past_cover(app, game)


# ------------------------------------------------------------------ the side panel's log


def _log_inside(scene: TableScene) -> None:
    """Every piece of the log drawn last lies wholly inside the log's room under its
    heading, none over another."""
    body = scene.body_rect.move(-scene.panel_rect.x, -scene.panel_rect.y)
    drawn = scene.log_panel.drawn
    size = max(11, round(14 * scene.scale))
    heading = scene.text.fonts.get(size, True).get_height() + 6
    room = pygame.Rect(body.x, body.y + heading, body.w, body.h - heading)
    if room.h >= scene.text.fonts.get(size).get_height() + 7:  # else: key L shows it
        assert drawn, "room for a row, no log line drawn"
    for piece in drawn:
        assert room.contains(piece), (piece, room)
    for a, b in zip(drawn, drawn[1:], strict=False):
        assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("game_id", game_ids())
def test_the_log_shows_whole_rows_only(game_id: str, size: tuple[int, int]) -> None:
    """Finding 20 (s92.png, r_800x600.png): the log's first row was cut in half by the
    heading when the newest line was taller than the room left under the coach box.
    Free mode on (key F) makes the coach box taller and the newest line long."""
    app = make_app(size)
    try:
        scene = _table(app, _mid_game(game_id))
        _log_inside(scene)
        key(app, pygame.K_f, unicode="f")
        frames(app, 3)
        assert scene.game.state.free_mode
        _log_inside(scene)
        key(app, pygame.K_f, unicode="f")
        frames(app, 3)
        _log_inside(scene)
    finally:
        app.shutdown()


def test_a_newest_line_taller_than_the_log_shows_its_first_rows_whole() -> None:
    """The newest line, wrapped over more rows than fit, shows the rows that fit from
    its start (who did what), the last ending in an ellipsis; nothing over the heading."""
    pygame.font.init()
    fonts = Fonts()
    panel = LogPanel(TextCache(fonts))
    size, width = 14, 260
    font = fonts.get(size)
    long = "Manual: Player 1 moves Ember Knight from Player 1's Hand to Player 1's " \
        "Characters, and then some more words so that it wraps over many rows."
    heading = fonts.get(size, True).get_height() + 6
    height = heading + font.get_height() + font.get_linesize() + 7 + 5  # two rows, a bit
    surface = pygame.Surface((width, height))
    area = surface.get_rect()
    panel.draw(surface, area, ["older", long], 1.0)
    assert len(panel.drawn) == 2  # two rows of the newest line, the older one left out
    room = pygame.Rect(0, heading, width, height - heading)
    assert all(room.contains(r) for r in panel.drawn)
    rows = first_rows(long, font, width - 24, 2)
    assert rows[0].startswith("Manual: Player 1") and rows[1].endswith("…")
    assert all(font.size(r)[0] <= width - 24 for r in rows)
    assert rows_that_fit(font.get_height() - 1, font) == 0


# ------------------------------------------------------------------ the result box


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1600, 900), (2560, 1440)])
def test_the_back_to_the_menu_button_lies_inside_the_result_box(
        size: tuple[int, int], lang: str) -> None:
    """Finding 20 (s88.png): after a resignation (Ctrl+Q, then Enter confirms) the
    "Back to the menu" button sat on the result box's lower edge. Now it lies inside
    the box with a margin on every side, the box's shade drawn all round it, and the
    heading and the resignation line above it, none over another."""
    from tabletop.ui import dialogs
    from tabletop.ui.result_box import scene_layout

    app = make_app(size, lang)
    try:
        scene = _table(app, _mid_game("arc", turns=1))
        key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
        assert dialogs.top_dialog(app.ui) is not None, "Resign did not ask"
        key(app, pygame.K_RETURN)
        frames(app, 3)
        assert scene.game.state.game_over
        button = scene._game_over_button
        assert button is not None and button.visible
        where = scene_layout(scene)
        assert where.why is not None  # somebody resigned
        margin = where.margin
        assert where.box.inflate(-2 * margin, -2 * margin).contains(button.rect), \
            (button.rect, where.box)
        assert where.heading.bottom <= where.why.top and where.why.bottom < button.rect.top
        assert where.box.contains(where.heading) and where.box.contains(where.why)
        shot = app.screen.copy()
        half = margin // 2
        r = button.rect
        for x, y in ((r.centerx, r.top - half), (r.centerx, r.bottom + half),
                     (r.left - half, r.centery), (r.right + half, r.centery)):
            colour = shot.get_at((x, y))[:3]
            assert max(colour) < 40, ((x, y), colour)  # the box's dark shade, not the table
    finally:
        app.shutdown()


# ------------------------------------------------------------------ the menu's choices


def _room(button) -> int:  # type: ignore[no-untyped-def]
    """The width (pixels) a pygame_gui button has for its text: inside its border
    and shadow."""
    border = button.border_width
    return int(button.rect.width - 2 * button.shadow_width - border["left"] - border["right"])


def _cut(app, where: str) -> list[tuple[str, str, int, int]]:  # type: ignore[no-untyped-def]
    """Every visible button (drop-downs' rows and selected choices included) whose
    text is wider than its room: ``(where, text, text width, room)``."""
    from pygame_gui.elements import UIButton

    out = []
    for sprite in app.ui.get_sprite_group().sprites():
        if isinstance(sprite, UIButton) and sprite.visible and sprite.text:
            width = sprite.font.size(sprite.text)[0]
            if width > _room(sprite):
                out.append((where, sprite.text, width, _room(sprite)))
    return out


def _drop_down_cuts(app, name: str, menu) -> list[tuple[str, str, int, int]]:  # type: ignore[no-untyped-def]
    """Open ``menu`` by a click, look at every row, close it by a second click; also
    every choice against the closed drop-down's own room."""
    from ui_helpers import click, widget_centre

    closed = menu.menu_states["closed"].selected_option_button
    out = [(name, text, closed.font.size(text)[0], _room(closed))
           for text, _ in menu.options_list if closed.font.size(text)[0] > _room(closed)]
    click(app, widget_centre(menu))
    assert menu.current_state is menu.menu_states["expanded"], name
    out += _cut(app, name)
    click(app, widget_centre(menu.menu_states["expanded"].selected_option_button))
    frames(app, 2)
    assert menu.current_state is menu.menu_states["closed"], name
    return out


def _nine_saves(folder) -> None:  # type: ignore[no-untyped-def]
    """Nine unfinished Arc games in ``folder``: the menu lists them a page at a time."""
    from datetime import UTC, datetime

    from tabletop.core.persistence import save_data, write_json_atomic
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load("arc")
    first, second = list(choice.decks)[:2]
    for minute in range(9):
        game = choice.make_game(first, second, first_seat=minute % 2, seed=minute + 1)
        when = datetime(2026, 3, 1, 10, minute, tzinfo=UTC)
        write_json_atomic(save_data(game, saved_at=when),
                          folder / f"autosave-arc-20260301-10{minute:02}00.json")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (2560, 1440)])
def test_every_choice_of_the_menu_shows_whole(size: tuple[int, int], lang: str,
                                              tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Finding 20: "コンピューター（やさ" was cut in the Japanese menu. Every button and
    every choice of every drop-down (open and closed) of the menu shows its text whole,
    for each game chosen by a click, in both languages: text width <= its room; so does
    the unfinished games' pager ("1～2件目（全9件）" was cut at 800x600)."""
    from pygame_gui.elements import UIDropDownMenu
    from ui_helpers import click, widget_centre

    _nine_saves(tmp_path)
    app = make_app(size, lang, save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 30)
        scene = app.stack.top
        cuts = []
        pager = scene.widgets["saves_page"]
        if pager.font.size(pager.text)[0] > pager.rect.width:
            cuts.append(("pager", pager.text, pager.font.size(pager.text)[0], pager.rect.width))
        for game in game_ids():
            button = scene.widgets.get(f"game:{game}")
            assert button is not None, game
            click(app, widget_centre(button))
            frames(app, 3)
            scene = app.stack.top
            assert scene.game_id == game
            cuts += _cut(app, game)
            for name in ("deck0", "seat_kind0", "deck1", "seat_kind1", "first", "mode"):
                menu = scene.widgets.get(name)
                if isinstance(menu, UIDropDownMenu):
                    cuts += _drop_down_cuts(app, f"{game} {name}", menu)
        cuts += _drop_down_cuts(app, "language", scene.widgets["language"])
        assert not cuts, cuts
    finally:
        app.shutdown()


def test_a_tight_seat_row_takes_the_short_forms_before_cutting_a_deck_name() -> None:
    """Where the long "Computer (easy)" leaves the deck drop-down too little, the seat
    drop-down says "CPU (easy)"; both then show every choice whole."""
    from tabletop.ui.demo import SEAT_KINDS
    from tabletop.ui.menu_fit import choice_need, seat_labels, seat_row

    pygame.font.init()
    fonts = Fonts()
    decks = ["Crimson Vanguard", "Tidal Night"]
    long = choice_need(fonts, [t for t, _ in seat_labels(SEAT_KINDS, False)], 1.0)
    short = choice_need(fonts, [t for t, _ in seat_labels(SEAT_KINDS, True)], 1.0)
    deck = choice_need(fonts, decks, 1.0)
    assert short < long
    roomy = seat_row(fonts, 1.0, decks, SEAT_KINDS, deck + long + 8 + 40, 8)
    assert not roomy.short and roomy.kind_w >= long and roomy.deck_w >= deck
    tight = seat_row(fonts, 1.0, decks, SEAT_KINDS, deck + short + 8 + 4, 8)
    assert tight.short and tight.kind_w >= short and tight.deck_w >= deck


# ------------------------------------------------ Arc's counters, a square window


def _resize(app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The window resized to ``size`` by a posted VIDEORESIZE, as a window manager does."""
    from ui_helpers import post

    post(app, pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    frames(app, 3)
    assert app.size == size


def _disc_pixels(shot: pygame.Surface, band: pygame.Rect, rgb: tuple[int, int, int]) -> int:
    return sum(1 for x in range(band.left, band.right) for y in range(band.top, band.bottom)
               if shot.get_at((x, y))[:3] == rgb)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1600, 900), (2560, 1440)])
def test_arc_counters_show_every_colour(size: tuple[int, int], lang: str) -> None:
    """Finding 20: at 800x600 the blue count over a resource row was left out (no room
    for it). Resized to each size by a posted event, both rows' counters draw a disc of
    every colour inside their strip, in text no smaller than it was (12 px, over the
    table's floor at that size)."""
    from tabletop.games.arc.schema import COLOURS
    from tabletop.ui.games.arc_cards import COLOURS as RGB
    from tabletop.ui.games.arc_resources import COUNT_BAND_MM

    app = make_app((1280, 720), lang)
    try:
        scene = _table(app, _mid_game("arc"))
        _resize(app, size)
        shot = app.screen.copy()
        for zone_id in ("p0.resources", "p1.resources"):
            rect = scene.zone_rect(zone_id)
            band_h = max(14, round(rect.h * COUNT_BAND_MM / scene.layout.zone(zone_id).height_mm))
            band = pygame.Rect(rect.x, rect.y, rect.w, band_h).clip(shot.get_rect())
            for colour in COLOURS:
                assert _disc_pixels(shot, band, RGB[colour]) > 20, (zone_id, colour, size)
    finally:
        app.shutdown()


def test_a_narrow_counter_says_its_short_form_before_shrinking() -> None:
    """The long form where it fits, "1/1 ● 0 ● 0 ● 1" where not, smaller text only where
    even that does not fit, never below the floor."""
    from tabletop.ui.games.arc_count_fit import strip_fit, strip_width

    def measure(text: str, size: int) -> int:
        return len(text) * size // 2

    numbers = ["0", "0", "1"]
    long, short = "Untapped 1/1", "1/1"
    wide = strip_width(measure, long, numbers, 12)
    assert strip_fit(measure, long, short, numbers, wide, 12, 9).label == long
    fit = strip_fit(measure, long, short, numbers, wide - 1, 12, 9)
    assert (fit.label, fit.size) == (short, 12)
    tight = strip_fit(measure, long, short, numbers, strip_width(measure, short, numbers, 12) - 1,
                      12, 9)
    assert tight.label == short and 9 <= tight.size < 12
    assert strip_fit(measure, long, short, numbers, 1, 12, 9).size == 9


@pytest.mark.parametrize("game_id", game_ids())
def test_a_square_window_gives_the_table_the_bigger_place(game_id: str) -> None:
    """Finding 20: at 1000x1000 Arc's table used about half the height, the side panel
    beside it. Resized to 1000x1000 by a posted event, the panel goes under the table
    where that makes the table bigger (every game, its panel in columns there), and
    would stay beside it where it would not; either way the table is as big as the
    better of the two, the panel keeps the whole width or height, and nothing of it
    leaves the window."""
    from tabletop.ui.viewport import Viewport, panel_width

    app = make_app((1280, 720))
    try:
        scene = _table(app, _mid_game(game_id))
        _resize(app, (1000, 1000))
        table = (scene.layout.width_mm, scene.layout.height_mm)
        beside = Viewport(*table)
        beside.fit((1000, 1000), panel_width(1000))
        assert scene.viewport.scale >= beside.scale
        panel = scene.panel_rect
        assert pygame.Rect(0, 0, 1000, 1000).contains(panel)
        if scene.viewport.scale > beside.scale:  # under the table, across the width
            assert panel.w == 1000 and panel.bottom == 1000
            w, h = scene.viewport.table_w * scene.viewport.scale, \
                scene.viewport.table_h * scene.viewport.scale
            assert h > 0.5 * 1000 and w <= 1000 and scene.viewport.offset[1] + h <= panel.top
            assert scene.buttons_rect.bottom <= 1000 and scene.buttons_rect.top > panel.top
        else:
            assert panel.right == 1000 and panel.h == 1000
        # the panel under the table in columns (ui/panel_columns) is short enough that
        # every game's table is bigger there, 絵師100人展's and Xenocard's too
        assert scene.viewport.scale > beside.scale
        _resize(app, (1280, 720))  # back beside the table
        assert scene.panel_rect.right == 1280 and scene.panel_rect.h == 720
    finally:
        app.shutdown()


# ------------------------------------------------ finding 10: the deck builder's clicks


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_export_ok_then_import_opens_the_import_dialog_every_round(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 10 (rr.png): Export -> OK -> Import, the Import button lit and no dialog
    0.6 s after the click. Reproduced under Xvfb with the tester's xdotool timings: the
    click was taken, but building the Import dialog froze the window (its rounded window
    shape built twice: once, then again for the title bar's height; 0.4 s of CPU at
    1280x720, 1.4 s at 2560x1440), the pressed button shown meanwhile. Driven by
    posted clicks, every round's Import opens its dialog at once, and each dialog's
    window is built once, its title bar already as tall as its glyphs."""
    from pygame_gui.elements import UIWindow
    from ui_helpers import click, widget_centre

    from tabletop.ui import dialogs
    from tabletop.ui.deck_builder import DeckBuilderScene
    from tabletop.ui.theme import themed_size

    builds: list[object] = []
    rebuild = UIWindow.rebuild

    def counted(window: UIWindow) -> None:
        builds.append(window)
        rebuild(window)

    monkeypatch.setattr(UIWindow, "rebuild", counted)
    app = make_app(size)
    try:
        scene = DeckBuilderScene(app, "arc")
        app.stack.replace(scene)
        frames(app, 3)
        while (told := dialogs.top_dialog(app.ui)) is not None:  # user files left out
            told.kill()
        title = app.fonts.get(*themed_size("window.#title_bar", app.scale))
        for _ in range(3):
            click(app, widget_centre(app.stack.top.widgets["export"]))
            exported = dialogs.top_dialog(app.ui)
            assert exported is not None, "Export told nothing"
            click(app, widget_centre(exported.dismiss_button))
            assert dialogs.top_dialog(app.ui) is None
            builds.clear()
            click(app, widget_centre(app.stack.top.widgets["import"]))
            asked = dialogs.top_dialog(app.ui)
            assert asked is not None, "the click on Import did nothing"
            assert builds.count(asked) == 1, "the Import dialog was built more than once"
            assert asked.title_bar_height >= title.get_linesize()
            asked.kill()
            frames(app, 2)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_a_click_anywhere_on_a_dialog_button_answers_it(size: tuple[int, int]) -> None:
    """Found while reproducing finding 10: at 2560x1440 a click on the middle of the
    Export message's OK did nothing, the text above it (laid out at pygame_gui's size
    first) still taking clicks over it for a while. A click on the upper quarter of
    OK, of Cancel and of Confirm answers its dialog at every size."""
    from ui_helpers import click

    from tabletop.ui import dialogs

    app = make_app(size)
    try:
        answers: list[str] = []
        for which in ("ok", "cancel", "confirm"):
            if which == "ok":
                window = dialogs.message(app, "decks.exported_title", "Some words.")
                button = window.dismiss_button
            else:
                window = dialogs.confirm(app, "decks.exported_title", "Sure?",
                                         lambda: answers.append("confirm"),
                                         lambda: answers.append("cancel"))
                button = window.confirm_button if which == "confirm" else window.cancel_button
            frames(app, 1)
            rect = button.get_abs_rect()
            click(app, (rect.centerx, rect.top + rect.h // 4))
            frames(app, 2)  # the dialog's own result event, then its callback
            assert not window.alive(), (which, size)
        assert answers == ["cancel", "confirm"]
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (2560, 1440)])
def test_the_japanese_how_to_has_no_row_broken_twice(size: tuple[int, int], tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Seen on the way (the Japanese menu at 800x600): a how-to line wrapped here at one
    pixel under the box's width was broken again by pygame_gui ("光" alone, then a blank
    row). Each line wrapped here is one row of the box."""
    app = make_app(size, "ja", save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 5)
        box = app.stack.top.widgets["howto"]
        lines = box.html_text.split("<br>")
        assert len(box.text_box_layout.layout_rows) == len(lines), lines
    finally:
        app.shutdown()
