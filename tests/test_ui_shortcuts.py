"""Issue 16: every common action has a key, all in one table, listed by "?".

The table of :mod:`tabletop.ui.shortcuts` is what the table's key handler reads, so
these tests press the keys in a real window (posted events) and check the game; the
"?" overlay lists the rows of the screen in front (en and ja), fits the window at
three sizes, and takes every key while it is up. The other screens' rows are
pressed on those screens and must do what their words say.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from screen_sizes import SCREEN_SIZES
from ui_helpers import arc_position, click, frames, key, make_app, move, table_at, widget_centre

from tabletop import i18n
from tabletop.core.actions import Action
from tabletop.ui import dialogs
from tabletop.ui.coach_panel import COACH_KEY
from tabletop.ui.help import HELP_KEY, HelpScene, open_help
from tabletop.ui.log_overlay import LogOverlay
from tabletop.ui.menu import MenuScene
from tabletop.ui.shortcuts import (
    SHORTCUTS,
    Screen,
    button_hints,
    command_for,
    for_screen,
    screen_of,
)
from tabletop.ui.shortcuts_overlay import ShortcutsOverlay
from tabletop.ui.theme import text_floor


def question(app: Any) -> None:
    """Press "?" (Shift+/ on a US keyboard; matched by the character it types)."""
    key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")


def _event(chord: Any) -> pygame.event.Event:
    mod = (pygame.KMOD_CTRL if chord.ctrl else 0) | (pygame.KMOD_SHIFT if chord.shift else 0)
    return pygame.event.Event(pygame.KEYDOWN, key=chord.key, mod=mod,
                              unicode=chord.char, scancode=0)


@pytest.fixture
def arc() -> Any:
    app, game, scene, labels = table_at("arc", arc_position("main"))
    try:
        yield app, game, scene, labels
    finally:
        app.shutdown()


# ------------------------------------------------------------------ the one table


def test_each_chord_means_one_action_per_screen() -> None:
    """No key is given two meanings on one screen (nor clashes with "?" or F11, the
    keys of every screen; Enter and Esc mean confirm / cancel only while a dialog is
    open), and each row's chords give back its action."""
    for screen in Screen:
        seen: dict[tuple[int, bool, str], str] = {}
        for shortcut in for_screen(screen):
            if shortcut.action == "dialog_keys" and screen is not Screen.ANY:
                continue
            for chord in shortcut.chords:
                mark = (chord.key, chord.ctrl, chord.char)
                assert seen.setdefault(mark, shortcut.action) == shortcut.action, \
                    (screen, shortcut.action, seen[mark])
                if shortcut.screen is screen and screen is not Screen.ANY:
                    assert command_for(_event(chord), screen) == shortcut.action


def test_the_table_keys_are_the_documented_f1_and_coach_keys() -> None:
    """F1 (rules help) and G (coach) are declared where their modules read them."""
    rows = {s.action: s for s in SHORTCUTS if s.screen is Screen.TABLE}
    assert rows["rules_help"].chords[0].key == HELP_KEY
    assert rows["coach"].chords[0].key == COACH_KEY


def test_every_row_has_words_in_both_languages() -> None:
    """Each row's words, each screen's name, the overlay's own texts: en and ja."""
    keys = {s.words for s in SHORTCUTS} | {f"shortcuts.screen.{s.value}" for s in Screen} \
        | {"shortcuts.title", "shortcuts.close", "shortcuts.in_free_mode",
           "shortcuts.log_title", "shortcuts.log_empty", "shortcuts.log_close"}
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        try:
            for k in keys:
                assert i18n.t(k, screen="x", words="y") != k, (lang, k)
        finally:
            i18n.set_language("en")


def test_button_tool_tips_name_the_keys_of_the_table(arc) -> None:
    """The buttons' tool tips come from the same table: Resign says Ctrl+Q."""
    _, _, scene, _ = arc
    assert scene.controls.hints["resign"] == "Ctrl+Q"
    assert scene.controls.hints["next_phase"] == "N / Space"
    assert button_hints(["menu"]) == {"menu": "M"}


# ------------------------------------------------------------------ the table's keys


def test_key_v_turns_the_card_under_the_pointer_face_down_in_free_mode(arc) -> None:
    """V (free mode): the character under the pointer is turned face down, logged as
    a manual move (ALL-R3); without free mode the key changes nothing."""
    app, game, scene, labels = arc
    duelist = labels["duelist"]
    move(app, scene.card_rect(duelist).center)
    key(app, pygame.K_v)
    assert game.state.cards[duelist].face_up
    assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
    frames(app, 2)
    move(app, scene.card_rect(duelist).center)
    key(app, pygame.K_v)
    assert not game.state.cards[duelist].face_up
    assert game.history[-1].action.kind == "manual_flip"


def test_key_l_opens_the_whole_log_as_the_viewer_reads_it(arc) -> None:
    """L: every log line the viewer may read (the table's own, from its view); the
    table takes no key while it is up; L again closes it."""
    app, game, scene, _ = arc
    assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
    frames(app, 2)
    key(app, pygame.K_l)
    overlay = app.stack.top
    assert isinstance(overlay, LogOverlay)
    assert overlay.lines == list(scene._log_lines) and overlay.lines
    phase = game.state.phase
    key(app, pygame.K_n)  # under the overlay: nothing happens at the table
    assert game.state.phase == phase and app.stack.top is overlay
    key(app, pygame.K_l)
    assert app.stack.top is scene


def test_key_m_goes_back_to_the_menu(arc) -> None:
    """M: back to the menu (the game stays saved and resumable)."""
    app, _, _, _ = arc
    key(app, pygame.K_m)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def test_ctrl_q_asks_before_resigning_and_esc_declines(arc) -> None:
    """Ctrl+Q asks first (ALL-H4); Esc declines and the game goes on; Ctrl+Q and
    Enter resign."""
    app, game, _, _ = arc
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert dialogs.top_dialog(app.ui) is not None
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert dialogs.top_dialog(app.ui) is None and not game.state.game_over
    key(app, pygame.K_q)  # without Ctrl: not resign
    assert dialogs.top_dialog(app.ui) is None
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert game.state.game_over


def test_next_phase_and_end_turn_keys(arc) -> None:
    """N goes to the next phase; E ends the turn (the other seat's turn then)."""
    app, game, _, _ = arc
    phase = game.state.phase
    key(app, pygame.K_n)
    assert game.state.phase != phase
    turn = game.state.turn
    key(app, pygame.K_e)
    frames(app, 2)
    assert game.state.turn == turn + 1


# ------------------------------------------------------------------ the "?" overlay


def _rows_text(overlay: ShortcutsOverlay) -> list[str]:
    return [keys for keys, _ in overlay.rows]


def test_question_mark_lists_the_table_keys_with_the_plugins_and_closes(arc) -> None:
    """"?" at an Arc table: every table row, Arc's A (Attack), F11 and "?"; keys under
    it do nothing; "?" again closes it."""
    app, game, scene, _ = arc
    question(app)
    overlay = app.stack.top
    assert isinstance(overlay, ShortcutsOverlay) and overlay.screen is Screen.TABLE
    keys = _rows_text(overlay)
    for shortcut in for_screen(Screen.TABLE):
        assert shortcut.keys_text in keys
    words = dict(overlay.rows)
    assert words["A"] == i18n.t("button.attack")
    assert "(free mode)" in words["V"]
    phase = game.state.phase
    key(app, pygame.K_n)
    assert game.state.phase == phase and app.stack.top is overlay
    question(app)
    assert app.stack.top is scene


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_the_overlay_fits_the_window_in_both_languages(arc, size, lang) -> None:
    """At 1280x720, 1600x900 and 2560x1440, en and ja: the box lies in the window,
    every text in the box and clear of the others, none under the text floor."""
    app, _, _, _ = arc
    app.set_language(lang)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)
    question(app)
    overlay = app.stack.top
    assert isinstance(overlay, ShortcutsOverlay)
    window = pygame.Rect((0, 0), size)
    assert window.contains(overlay.box)
    rects = [pygame.Rect(pos, surf.get_size()) for surf, pos in overlay.placed]
    for i, rect in enumerate(rects):
        assert overlay.box.contains(rect), (i, rect, overlay.box)
        for other in rects[i + 1:]:
            assert not rect.colliderect(other), (rect, other)
    floor = text_floor(app.scale)
    assert all(surf.get_height() >= floor for surf, _ in overlay.placed)
    i18n.set_language("en")


def test_question_mark_in_front_of_each_screen_lists_its_own_keys() -> None:
    """The menu lists the keys of every screen; the rules help, the settings, the
    deck builder and the lessons list theirs first."""
    from tabletop.ui.deck_builder import DeckBuilderScene
    from tabletop.ui.lessons_menu import LessonsMenu
    from tabletop.ui.settings_screen import SettingsScene

    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        made = {Screen.MENU: lambda: app.stack.top, Screen.HELP: lambda: open_help(app, "arc"),
                Screen.SETTINGS: lambda: _push(app, SettingsScene(app)),
                Screen.DECKS: lambda: _push(app, DeckBuilderScene(app, "arc")),
                Screen.LESSONS: lambda: _push(app, LessonsMenu(app, "arc"))}
        for screen, make in made.items():
            scene = make()
            frames(app, 2)
            assert screen_of(scene) is screen
            question(app)
            overlay = app.stack.top
            assert isinstance(overlay, ShortcutsOverlay) and overlay.screen is screen
            own = [s.keys_text for s in for_screen(screen) if s.screen is screen]
            assert _rows_text(overlay)[:len(own)] == own
            key(app, pygame.K_ESCAPE)
            assert app.stack.top is scene
    finally:
        app.shutdown()


def _push(app: Any, scene: Any) -> Any:
    app.push(scene)
    return scene


# ------------------------------------------------------------------ the other screens' rows


def test_help_keys_do_what_the_rows_say() -> None:
    """Rules help: PgDn pages down, PgUp back, End to the end, Home to the top, Esc
    back to where it was opened."""
    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        menu = app.stack.top
        scene = open_help(app, "conan")
        frames(app, 2)
        assert isinstance(scene, HelpScene) and scene.max_scroll > 0
        key(app, pygame.K_PAGEDOWN)
        assert scene.scroll > 0
        key(app, pygame.K_PAGEUP)
        assert scene.scroll == 0
        key(app, pygame.K_END)
        assert scene.scroll == scene.max_scroll
        key(app, pygame.K_HOME)
        assert scene.scroll == 0
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is menu
    finally:
        app.shutdown()


def test_settings_keys_do_what_the_rows_say() -> None:
    """Settings: Down chooses the next row, Up the one before, Esc goes back."""
    from tabletop.ui.settings_screen import SettingsScene

    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        scene = SettingsScene(app)
        app.push(scene)
        frames(app, 2)
        key(app, pygame.K_DOWN)
        assert scene.focus == 1
        key(app, pygame.K_UP)
        assert scene.focus == 0
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.stack.top is not scene
    finally:
        app.shutdown()


def test_question_mark_typed_into_a_text_field_is_text() -> None:
    """In a text field of the deck builder "?" is a character, not the list of keys."""
    from tabletop.ui.deck_builder import DeckBuilderScene

    app = make_app()
    try:
        scene = DeckBuilderScene(app, "arc")
        app.replace(scene)
        frames(app, 2)
        entry = next(w for w in app.ui.get_sprite_group().sprites()
                     if type(w).__name__ == "UITextEntryLine")
        click(app, widget_centre(entry))  # the field takes the keys
        question(app)
        assert app.stack.top is scene
    finally:
        app.shutdown()


def test_the_log_overlay_goes_when_the_computer_changes_hands() -> None:
    """Hot seat: the log overlay open when the other seat's turn comes (the cover goes
    up) is gone, so the next player never reads the last one's log (ALL-R2)."""
    from tabletop.ui.cover import HotseatCover

    app, game, scene, _ = table_at("arc", arc_position("main"))
    try:
        key(app, pygame.K_l)
        assert isinstance(app.stack.top, LogOverlay)
        # the end of seat 0's turn, played while the overlay is up (a computer could)
        assert game.propose(Action.make("end_turn", 0)).ok
        frames(app, 2)
        assert isinstance(app.stack.top, HotseatCover)
        assert not any(isinstance(s, LogOverlay) for s in app.stack.scenes)
    finally:
        app.shutdown()


def test_space_and_backspace_in_the_help_and_esc_in_the_deck_builder_and_lessons() -> None:
    """Help: Space pages down too, Backspace goes back; the deck builder's and the
    lessons list's Esc go back to the menu."""
    from tabletop.ui.deck_builder import DeckBuilderScene
    from tabletop.ui.lessons_menu import LessonsMenu

    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        menu = app.stack.top
        scene = open_help(app, "conan")
        frames(app, 2)
        key(app, pygame.K_SPACE)
        assert scene.scroll > 0
        key(app, pygame.K_BACKSPACE)
        assert app.stack.top is menu
        for make in (lambda: DeckBuilderScene(app, "arc"), lambda: LessonsMenu(app, "arc")):
            app.replace(make())
            frames(app, 2)
            key(app, pygame.K_ESCAPE)
            frames(app, 2)
            assert isinstance(app.stack.top, MenuScene)
    finally:
        app.shutdown()


def test_the_overlay_shows_the_widgets_below_only_where_they_are_shown(monkeypatch) -> None:
    """Over the table its buttons stay in sight under the veil; over a scene that hides
    the widgets (the rules help over the menu, a hand-over cover) they stay hidden."""
    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        drawn: list[int] = []
        monkeypatch.setattr(app.ui, "draw_ui", lambda surface: drawn.append(1))
        question(app)
        frames(app, 1)
        assert drawn  # the menu's widgets, under the veil
        key(app, pygame.K_ESCAPE)
        open_help(app, "arc")
        frames(app, 2)
        question(app)
        drawn.clear()
        frames(app, 2)
        assert isinstance(app.stack.top, ShortcutsOverlay) and drawn == []
    finally:
        app.shutdown()
