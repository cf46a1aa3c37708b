"""The pygame_gui theme: colours from ``assets/ui/theme.json``, fonts added in code.

pygame_gui ignores a font given under ``"defaults"``, so the bundled Noto Sans
JP is set for every element type one by one; element types left out would fall
back to pygame_gui's own font, which lacks Japanese unless its locale is "ja"
(and would pull pygame_gui's 4.5 MB font into the bundle). Font sizes follow a
UI scale factor derived from the window size, so text grows on a big window.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from tabletop.resources import font_path, resource_path

__all__ = ["BASE_SIZE", "ELEMENT_TYPES", "build_theme", "ui_scale"]

#: The window size the layout is designed for.
BASE_SIZE = (1280, 720)

#: Every pygame_gui element type that draws text (sub-elements inherit from these).
ELEMENT_TYPES = (
    "button", "label", "text_box", "text_entry_line", "text_entry_box", "drop_down_menu",
    "selection_list", "window", "message_window", "confirmation_dialog", "file_dialog",
    "colour_picker_dialog", "tool_tip", "panel", "horizontal_slider", "status_bar",
    "progress_bar", "screen_space_health_bar", "world_space_health_bar", "scrolling_container",
    "title_bar", "image", "horizontal_scroll_bar", "vertical_scroll_bar", "tab_container",
    "text_box.text", "window.#title_bar", "label.#title", "label.#subtitle",
)

#: Font sizes (pixels at scale 1) for element types and object ids; the rest use 16.
_SIZES: dict[str, tuple[int, bool]] = {
    "#title": (40, True),
    "#subtitle": (18, False),
    "#section": (17, True),
    "#note": (15, False),
    "#ok": (15, False),
    "#problem": (15, False),
    "#start_button": (20, True),
    "#howto": (15, False),
    "#howto_problem": (15, False),
    "tool_tip": (15, False),
    "window.#title_bar": (17, True),
}


def ui_scale(size: tuple[int, int]) -> float:
    """A scale factor for fonts and widget sizes, in steps of 1/8, from 0.75 to 3.

    1.0 at 1280x720; the smaller of the two axis ratios decides, so the UI fits.
    """
    raw = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    return max(0.75, min(3.0, round(raw * 8) / 8))


@cache
def _base_theme() -> dict[str, Any]:
    with resource_path("assets", "ui", "theme.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def build_theme(scale: float = 1.0) -> dict[str, Any]:
    """The theme dict for ``pygame_gui.UIManager`` at ``scale``."""
    theme = copy.deepcopy(_base_theme())
    regular, bold = str(font_path(False)), str(font_path(True))

    def font(size: int, is_bold: bool) -> dict[str, Any]:
        return {
            "name": "tabletop_noto_sans_jp",
            "size": str(max(8, round(size * scale))),
            "bold": "1" if is_bold else "0",
            "regular_path": regular,
            "bold_path": bold,
            "italic_path": regular,
            "bold_italic_path": bold,
        }

    for element in (*ELEMENT_TYPES, *_SIZES):
        size, is_bold = _SIZES.get(element, (16, False))
        theme.setdefault(element, {})["font"] = font(size, is_bold)
    return theme
