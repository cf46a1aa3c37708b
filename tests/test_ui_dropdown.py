"""The menu's drop-downs at the three window sizes, in English and Japanese (issue 10):
open lists whose rows hold their whole text, and an arrow that grows with the window."""

from __future__ import annotations

import pytest
from ui_helpers import click, frames, make_app, widget_centre

from tabletop.ui.menu import MenuScene

SIZES = ((1280, 720), (1600, 900), (2560, 1440))
DROP_DOWNS = ("language", "deck0", "deck1", "first")


def _menu(app) -> MenuScene:
    app.show_menu()
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, MenuScene)
    return scene


def _open(app, dropdown):
    click(app, widget_centre(dropdown))
    state = dropdown.menu_states["expanded"]
    assert dropdown.current_state is state, "the drop-down did not open"
    return state


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_drop_down_rows_hold_their_whole_text(tmp_path, size, lang):
    app = make_app(size, lang=lang, save_dir=tmp_path)
    try:
        menu = _menu(app)
        for key in DROP_DOWNS:
            dropdown = menu.widgets[key]
            state = _open(app, dropdown)
            rows = [item["button_element"] for item in state.options_selection_list.item_list
                    if item.get("button_element") is not None]
            assert len(rows) == len(dropdown.options_list), f"{key}: rows hidden"
            for row in rows:
                text_w, text_h = row.font.size(row.text)
                line_h = max(text_h, row.font.get_rect(row.text).height)
                assert row.rect.height >= line_h, (
                    f"{key} row {row.text!r}: {row.rect.height} px for a {line_h} px line")
                assert row.rect.width >= text_w, f"{key} row {row.text!r} cut at the side"
            click(app, widget_centre(state.close_button))  # closed again for the next one
            frames(app, 2)
    finally:
        app.shutdown()


def _arrow(tmp_path, size):
    app = make_app(size, save_dir=tmp_path / f"{size[0]}")
    try:
        button = _menu(app).widgets["deck0"].menu_states["closed"].open_button
        return button.rect.width, button.font.get_rect(button.text).height
    finally:
        app.shutdown()


def test_drop_down_arrow_scales_with_the_window(tmp_path):
    small_w, small_h = _arrow(tmp_path, SIZES[0])
    middle_w, middle_h = _arrow(tmp_path, SIZES[1])
    big_w, big_h = _arrow(tmp_path, SIZES[2])
    # 2560x1440 is UI scale 2 and 1600x900 scale 1.25: the arrow keeps its proportions
    assert big_w >= 1.8 * small_w and big_h >= 1.8 * small_h, (small_w, small_h, big_w, big_h)
    assert middle_w > small_w and middle_h > small_h
