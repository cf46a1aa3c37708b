"""Japanese line breaking in pygame_gui text boxes (issue 10): pygame_gui wraps text
boxes by itself, between any two characters, so a line could start with 「。」 or a
small kana. Every box the window wraps gets lines from :mod:`tabletop.ui.textwrap_ja`
that already fit, and pygame_gui breaks none of them."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UITextBox
from ui_helpers import frames, make_app

from tabletop import i18n
from tabletop.i18n import placeholders
from tabletop.ui import dialogs
from tabletop.ui.menu import MenuScene
from tabletop.ui.textwrap_ja import (
    BOX_SPARE_PX,
    NO_LINE_END,
    NO_LINE_START,
    wrap_text,
    wrapped_text_box,
)

WIDTHS = (140, 230, 360)
# dense in small kana, long vowels and closing marks: a line break anywhere hits one
LONG_JA = "ドラッグしたカードは「チェック」ョ。ちょっと、キャッシュ！ー）" * 8


@pytest.fixture
def app(tmp_path):
    application = make_app(lang="ja", save_dir=tmp_path)
    yield application
    application.shutdown()
    i18n.set_language("en")


def rows(box) -> list[str]:
    """The lines pygame_gui lays the box's text out in."""
    return ["".join(getattr(item, "text", "") for item in row.items)
            for row in box.text_box_layout.layout_rows]


def kinsoku_breaks(lines: list[str], text: str) -> list[str]:
    """The lines (after the first of a paragraph) that start with a mark that may not
    start a line, or end one that may not end a line, in ``text`` laid out as ``lines``."""
    bad = []
    paragraphs = [p.replace(" ", "") for p in text.split("\n")]
    p, done = 0, ""
    for i, line in enumerate(lines):
        compact = line.replace(" ", "").replace("\u00a0", "")
        starts_paragraph = not done
        done += compact
        ends_paragraph = p < len(paragraphs) and done == paragraphs[p].replace("\u00a0", "")
        if line and not starts_paragraph and line[0] in NO_LINE_START:
            bad.append(f"line {i} starts with {line[0]!r}: {line!r}")
        if line and not ends_paragraph and line[-1] in NO_LINE_END:
            bad.append(f"line {i} ends with {line[-1]!r}: {line!r}")
        if ends_paragraph:
            p, done = p + 1, ""
    return bad


def _filled(text: str) -> str:
    return text.format_map({name: "プレイヤー1" for name in placeholders(text)})


def test_every_japanese_catalogue_string_breaks_by_kinsoku_in_a_text_box(app):
    problems = []
    for key, template in i18n.all_strings("ja").items():
        text = _filled(template)
        for width in WIDTHS:
            rect = pygame.Rect(0, 0, width, -1)
            box = wrapped_text_box(
                lambda markup, r=rect: UITextBox(markup, r, app.ui, allow_split_dashes=False),
                text)
            laid_out = rows(box)
            font = box.ui_theme.get_font(box.combined_element_ids)
            ours = wrap_text(text, font, box.text_wrap_rect.width - BOX_SPARE_PX)
            box.kill()
            if len([r for r in laid_out if r]) != len(ours):
                problems.append(f"{key} @{width}: pygame_gui broke the lines again: {laid_out}")
            problems += [f"{key} @{width}: {why}" for why in kinsoku_breaks(laid_out, text)]
    assert problems == []


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu_text_boxes_break_japanese_by_kinsoku(tmp_path, size):
    app = make_app(size, lang="ja", save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        boxes = {k: w for k, w in menu.widgets.items() if isinstance(w, UITextBox)}
        assert "howto" in boxes
        howto = "\n".join("•\u00a0" + i18n.t(f"menu.howto_{i}") for i in (1, 2, 3))
        problems = []
        for key, box in boxes.items():
            laid_out = rows(box)  # the other boxes here are one paragraph each
            text = howto if key == "howto" else "".join(laid_out)
            problems += [f"{key}: {why}" for why in kinsoku_breaks(laid_out, text)]
        assert problems == []
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_dialog_texts_break_japanese_by_kinsoku(app):
    frames(app, 1)
    for window, box in (
        (w := dialogs.message(app, "dialog.save_title", LONG_JA), w.text_block),
        (w := dialogs.confirm(app, "saves.delete_title", LONG_JA, None),
         w.confirmation_text),
        (w := dialogs.choose(app, "saves.broken_title", LONG_JA, [("saves.close", None)]),
         w.text_box),
    ):
        laid_out = rows(box)
        assert len(laid_out) > 2
        assert kinsoku_breaks(laid_out, LONG_JA) == [], laid_out
        window.kill()
