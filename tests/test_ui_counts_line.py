"""The side panel's line of counts wraps between its items, never inside one.

At 1280x720 Conan's "Player 2: deck 30 · hand 7 · Foes 26 · Chronicle 0" is wider
than the panel; it used to wrap between words and leave a lone "0" on a row.
"""

from __future__ import annotations

import pytest
from ui_helpers import make_app

from tabletop.ui.panels import whole_items
from tabletop.ui.textwrap_ja import wrap_words

CONAN = "Player 2: deck 30 · hand 7 · Foes 26 · Chronicle 0"


def test_a_counts_line_may_break_only_after_the_dot_between_items() -> None:
    assert whole_items(CONAN).split(" ") == [
        "Player\u00a02:\u00a0deck\u00a030\u00a0·", "hand\u00a07\u00a0·", "Foes\u00a026\u00a0·",
        "Chronicle\u00a00"]


@pytest.mark.parametrize("width", [180, 220, 260, 300])
def test_a_wrapped_counts_line_breaks_only_between_items(width: int) -> None:
    app = make_app((1280, 720))
    try:
        font = app.fonts.get(14, True)
        lines = wrap_words(whole_items(CONAN), font, width)
        assert lines is not None and len(lines) >= 2  # the line is wider than the room
        items = {i.replace("\u00a0", " ") for i in CONAN.split(" · ")}
        for line in lines:
            plain = line.replace("\u00a0", " ")
            assert not plain.startswith("·"), (width, lines)
            for part in plain.split(" · "):
                assert part.strip(" ·") in items, (width, lines)
    finally:
        app.shutdown()
