"""Peak memory (issue 14): widgets keep no spare copies of their pixels, a closed table
lets go of its layers before the next screen is built, freed surfaces leave the heap.

What is drawn never changes: the slimmed widgets are compared pixel for pixel with
pygame_gui's own."""

from __future__ import annotations

import gc
import sys
import weakref

import pygame
import pytest
from ui_helpers import arc_position, frames, make_app, table_at

from tabletop.ui import gui_slim, heap
from tabletop.ui.menu import MenuScene


def _screen_bytes(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def _menu_and_selected(size: tuple[int, int]) -> tuple[object, bytes, bytes]:
    """A menu at ``size``: the screen, then the screen with its first button selected
    (a second state drawn from the blank base)."""
    app = make_app(size)
    app.show_menu()
    frames(app, 4)
    still = _screen_bytes(app)
    buttons = [e for e in app.ui.get_sprite_group().sprites()
               if type(e).__name__ == "UIButton" and e.visible and e.is_enabled]
    buttons[0].select()
    frames(app, 4)
    selected = _screen_bytes(app)
    for shape in _shapes(app):  # every state drawn again (a slim shape's base made anew)
        for name, state in shape.states.items():
            if state.generated:
                shape.redraw_state(name)
    frames(app, 2)
    assert _screen_bytes(app) == selected
    return app, still, selected


def _shapes(app) -> list[object]:
    return [e.drawable_shape for e in app.ui.get_sprite_group().sprites()
            if getattr(e, "drawable_shape", None) is not None]


@pytest.fixture
def unslimmed(monkeypatch):
    """pygame_gui's own shapes for the app made in the test; slimmed again after."""
    gui_slim.uninstall()
    monkeypatch.setattr(gui_slim, "install", lambda: False)
    yield
    monkeypatch.undo()
    gui_slim.install()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_slim_widgets_draw_the_menu_pixel_for_pixel_as_pygame_gui(size, unslimmed):
    plain, plain_still, plain_selected = _menu_and_selected(size)
    plain_shapes = _shapes(plain)
    assert any(s.base_surface is not None for s in plain_shapes)
    plain.shutdown()
    gui_slim.install()
    slim, slim_still, slim_selected = _menu_and_selected(size)
    try:
        assert slim_still == plain_still
        assert slim_selected == plain_selected
        assert plain_selected != plain_still  # the selected state was drawn
    finally:
        slim.shutdown()


def test_slim_widgets_keep_no_blank_base_and_no_text_copies():
    app = make_app((1600, 900))
    try:
        app.show_menu()
        frames(app, 6)  # pygame_gui draws the other states one per update
        shapes = _shapes(app)
        assert gui_slim.installed()
        assert shapes and all(s.base_surface is None for s in shapes
                              if getattr(s, "shadow_width", 0) == 0)
        big = [s for s in shapes if s.containing_rect.w * s.containing_rect.h
               >= gui_slim.BIG_SHADOW_PX]
        assert big and all(s.base_surface is None for s in big)  # panels: shadows too
        states = [st for s in shapes if not s.editable_text for st in s.states.values()]
        assert all(st.pre_text_surface is None and st.text_surface is None for st in states)
        layouts = [s.text_box_layout for s in shapes
                   if not s.editable_text and s.text_box_layout is not None]
        assert layouts and all(lay.finalised_surface is None for lay in layouts)
        assert all(row.target_surface is None for lay in layouts for row in lay.layout_rows)
    finally:
        app.shutdown()


def test_the_table_drawn_with_slim_widgets_matches_pygame_gui(unslimmed):
    plain, *_ = table_at("arc", arc_position("main"), size=(1280, 720))
    frames(plain, 3)
    want = _screen_bytes(plain)
    plain.shutdown()
    gui_slim.install()
    slim, *_ = table_at("arc", arc_position("main"), size=(1280, 720))
    try:
        frames(slim, 3)
        assert _screen_bytes(slim) == want
    finally:
        slim.shutdown()


def test_a_closed_table_lets_go_of_its_layers():
    app, _, table, _ = table_at("arc", arc_position("main"), size=(1600, 900))
    try:
        frames(app, 3)
        assert table._bg is not None and table.renderer.cache_size > 0
        app.show_menu()
        assert table._bg is None and table._panel is None
        assert not table.still.rest.kept and table.renderer.cache_size == 0
        assert table._blits == []
    finally:
        app.shutdown()


def test_the_table_is_gone_before_the_menu_builds_its_widgets(monkeypatch):
    app, _, table, _ = table_at("arc", arc_position("main"), size=(1280, 720))
    frames(app, 3)
    seen: list[tuple[int, bool]] = []
    built = MenuScene.__init__

    def spy(self, *args, **kwargs):
        seen.append((len(app.stack.scenes), table_ref() is None))
        built(self, *args, **kwargs)

    table_ref = weakref.ref(table)
    del table
    monkeypatch.setattr(MenuScene, "__init__", spy)
    try:
        app.show_menu()
        assert seen == [(0, True)]  # no scene left and the table freed, not just closed
    finally:
        app.shutdown()


def test_the_menu_of_a_left_table_is_freed_when_the_next_table_opens():
    app, _, table, _ = table_at("arc", arc_position("main"), size=(1280, 720))
    try:
        app.show_menu()
        frames(app, 2)
        menu = weakref.ref(app.stack.top)
        game = table.game
        del table
        app.start_game(game, autosave=False)
        frames(app, 1)
        assert menu() is None
    finally:
        app.shutdown()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc only")
def test_the_heap_threshold_is_fixed_where_the_c_library_is_glibc():
    if heap._glibc() is None:
        pytest.skip("not glibc")
    assert heap.limit_heap()
    gc.collect()
    heap.trim()  # safe to call at any time


def test_a_retired_manager_draws_from_no_pixels_of_its_own():
    from tabletop.ui.gui_manager import retire

    app = make_app((1600, 900))
    try:
        app.show_menu()
        frames(app, 2)
        old = app.ui
        retire(old)
        group = old.get_sprite_group()
        assert group.visible == []
        held = [e.blit_data[0] for e in group.sprites() if e.blit_data[0] is not None]
        assert held and all(s.get_width() * s.get_height() <= 64 * 64 for s in held)
    finally:
        app.shutdown()
