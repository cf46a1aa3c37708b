"""The pygame_gui theme: colours from ``assets/ui/theme.json``, fonts added in code.

pygame_gui ignores a font given under ``"defaults"``, so the bundled Noto Sans
JP is set for every element type one by one; element types left out would fall
back to pygame_gui's own font, which lacks Japanese unless its locale is "ja"
(and would pull pygame_gui's 4.5 MB font into the bundle). Font sizes follow a
UI scale factor derived from the window size, so text grows on a big window.

``theme.json`` is read safely (:mod:`tabletop.core.files`) and its shape checked
(element -> section -> value, values strings, as pygame_gui expects; a wrong
shape crashes pygame_gui): a broken file is reported with a logged message and
the built-in look (pygame_gui's colours, the bundled font) is used. A broken
font file likewise leaves the font out (see :func:`tabletop.ui.fonts.usable_font`).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from functools import cache
from typing import Any

import pygame

from tabletop import notices
from tabletop.core.files import FileProblem, load_json
from tabletop.resources import resource_path
from tabletop.ui.fonts import usable_font

__all__ = ["ARROW_BUTTON_W", "ARROW_FONT_PX", "BASE_SIZE", "DROP_DOWN_ROW_MARGIN",
           "ELEMENT_TYPES", "FIT_IDS", "MIN_FONT_PX", "build_theme", "drop_down_arrow",
           "fit_id", "fit_floor", "fit_size", "list_row_height", "text_floor",
           "theme_problem", "themed_size", "ui_scale"]

log = logging.getLogger(__name__)

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


#: Object ids whose text may be shrunk to fit (``"#ok"`` -> ``"#ok_fit12"`` ...).
FIT_IDS = ("#ok", "#problem", "#section", "#note", "#start_button")
#: A drop-down's open list: margin above and below each row's text (pixels at scale 1).
DROP_DOWN_ROW_MARGIN = 3
#: The drop-down arrow's font size and its button's width (pixels at scale 1).
ARROW_FONT_PX = 12
ARROW_BUTTON_W = 24
#: No text is smaller than this many pixels at 1280x720 (issue 10; scaled with the
#: window by :func:`text_floor`); fitted text stops shrinking here and wraps instead.
MIN_FONT_PX = 12


def text_floor(scale: float) -> int:
    """The smallest text size in pixels at UI ``scale`` (:func:`ui_scale`): 12 at 1.0."""
    return max(1, round(MIN_FONT_PX * scale))


def fit_floor(size: int, scale: float = 1.0) -> int:
    """The smallest size text of themed ``size`` (pixels) is shrunk to at UI ``scale``:
    never below :func:`text_floor` (then it wraps, where it can)."""
    return max(text_floor(scale), round(size * 0.6))


def themed_size(element_id: str, scale: float) -> tuple[int, bool]:
    """The font size (pixels) and boldness the theme gives ``element_id`` at ``scale``."""
    size, bold = _SIZES.get(element_id, (16, False))
    return max(text_floor(scale), round(size * scale)), bold


def fit_size(fonts: Any, text: str, width: int, size: int, bold: bool = False,
             minimum: int = MIN_FONT_PX) -> int:
    """The largest font size from ``size`` down to ``minimum`` at which ``text`` fits ``width``.

    ``fonts`` is a :class:`~tabletop.ui.fonts.Fonts` (the same face as the widgets').
    """
    while size > minimum and fonts.get(size, bold).size(text)[0] > width:
        size -= 1
    return size


def fit_id(fonts: Any, text: str, width: int, scale: float, object_id: str = "",
           padding: int = 12) -> Any:
    """A pygame_gui ``ObjectID`` whose font makes ``text`` fit a widget ``width`` px wide.

    For ids with their own font (:data:`FIT_IDS`) a generated ``<id>_fit<n>`` variant,
    otherwise a ``@fit<n>`` class (buttons, plain labels). The theme holds every variant
    (see :func:`build_theme`). Unchanged when the text already fits.
    """
    from pygame_gui.core import ObjectID

    base = object_id if object_id in _SIZES else "button"
    size, bold = themed_size(base, scale)
    fitted = fit_size(fonts, text, max(1, width - padding), size, bold, fit_floor(size, scale))
    if fitted >= size:
        return ObjectID(object_id=object_id or None)
    if object_id in FIT_IDS:
        return ObjectID(object_id=f"{object_id}_fit{fitted}")
    return ObjectID(object_id=object_id or None, class_id=f"@fit{fitted}")


def ui_scale(size: tuple[int, int]) -> float:
    """A scale factor for fonts and widget sizes, in steps of 1/8, from 0.75 to 3.

    1.0 at 1280x720; the smaller of the two axis ratios decides, so the UI fits.
    """
    raw = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    return max(0.75, min(3.0, round(raw * 8) / 8))


def theme_problem(data: Any) -> str:
    """Why parsed ``theme.json`` data does not have the shape pygame_gui needs ("" if it
    does): a table of element ids, each a table of sections (``colours``, ``misc``,
    ``font``...), each a table of string values."""
    if not isinstance(data, dict):
        return "expected a JSON object of element ids"
    for element, sections in data.items():
        if not isinstance(sections, dict):
            return f"field '{element}': expected an object of sections"
        for section, values in sections.items():
            if not isinstance(values, dict):
                return f"field '{element}.{section}': expected an object"
            for name, value in values.items():
                if not isinstance(value, str):
                    return (f"field '{element}.{section}.{name}': expected a string, got "
                            f"{type(value).__name__}")
    return ""


@cache
def _base_theme() -> dict[str, Any]:
    """The colours and shapes of ``assets/ui/theme.json``; empty (pygame_gui's own look)
    when the file is missing or broken, with a logged message naming file and field."""
    try:
        path = resource_path("assets", "ui", "theme.json")
        data = load_json(path)
    except (FileNotFoundError, FileProblem) as exc:
        log.error("theme unusable, using the built-in look: %s", exc)
        notices.report(f"Theme: {exc} (the built-in look is used instead)")
        return {}
    problem = theme_problem(data)
    if problem:
        log.error("theme unusable, using the built-in look: %s: %s", path, problem)
        notices.report(f"Theme: {path}: {problem} (the built-in look is used instead)")
        return {}
    theme: dict[str, Any] = data
    return theme


def _gui_font_files() -> tuple[str, str]:
    """pygame_gui's own Noto Sans (regular, bold) files, or ``("", "")`` when the
    installation (a bundle, say) lacks them."""
    try:
        from importlib.resources import files

        base = files("pygame_gui.data")
        regular, bold = base / "NotoSans-Regular.ttf", base / "NotoSans-Bold.ttf"
        if regular.is_file():
            return str(regular), str(bold) if bold.is_file() else str(regular)
    except (ImportError, OSError, TypeError):
        pass
    return "", ""


def build_theme(scale: float = 1.0, use_file: bool = True) -> dict[str, Any]:
    """The theme dict for ``pygame_gui.UIManager`` at ``scale``; with ``use_file`` False,
    without ``theme.json`` (the fallback when pygame_gui cannot use the file's values)."""
    theme = copy.deepcopy(_base_theme()) if use_file else {}
    regular_path, bold_path = usable_font(False), usable_font(True)
    name = "tabletop_noto_sans_jp"
    regular = str(regular_path) if regular_path else ""
    bold = str(bold_path) if bold_path else regular
    if not regular:  # the bundled font is broken: pygame_gui's own (Latin only)
        name = "tabletop_fallback"
        regular, bold = _gui_font_files()
    if not regular:  # not even that: pygame_gui's default font at its default size
        return theme

    def font(size: float, is_bold: bool) -> dict[str, Any]:
        return {
            "name": name,
            "size": str(max(text_floor(scale), round(size * scale))),
            "bold": "1" if is_bold else "0",
            "regular_path": regular,
            "bold_path": bold,
            "italic_path": regular,
            "bold_italic_path": bold,
        }

    for element in (*ELEMENT_TYPES, *_SIZES):
        size, is_bold = _SIZES.get(element, (16, False))
        theme.setdefault(element, {})["font"] = font(size, is_bold)
    # Shrink-to-fit variants (fit_id): smaller fonts, same colours.
    top = max(text_floor(scale), round(16 * scale))
    for px in range(fit_floor(top, scale), top):
        theme[f"@fit{px}"] = {"font": font(px / scale, False)}
    for element in FIT_IDS:
        size, is_bold = themed_size(element, scale)
        for px in range(fit_floor(size, scale), size):
            variant = copy.deepcopy(theme.get(element, {}))
            variant["font"] = font(px / scale, is_bold)
            theme[f"{element}_fit{px}"] = variant
    _size_drop_downs(theme, scale, regular, font)
    _size_title_bars(theme, scale, regular, bold)
    return theme


def _size_title_bars(theme: dict[str, Any], scale: float, regular: str, bold: str) -> None:
    """The dialogs' title bars as tall as their glyphs from the start, so no dialog is
    built twice (QA16 #10, :mod:`~tabletop.ui.title_bar`)."""
    from tabletop.ui.title_bar import title_bar_px

    size, is_bold = themed_size("window.#title_bar", scale)
    try:
        height = title_bar_px(bold if is_bold else regular, size, scale)
    except (OSError, ValueError, pygame.error):  # changed since it was checked: as before
        return
    theme.setdefault("window", {}).setdefault("misc", {})["title_bar_height"] = str(height)


def list_row_height(line_height: int, scale: float) -> int:
    """The height of one row of a drop-down's open list for text ``line_height`` px high
    at UI ``scale``: the whole line plus a margin above and below."""
    return line_height + 2 * max(1, round(DROP_DOWN_ROW_MARGIN * scale))


def drop_down_arrow(scale: float) -> tuple[int, int]:
    """The drop-down arrow's font size and the width of its button (pixels) at ``scale``."""
    return max(text_floor(scale), round(ARROW_FONT_PX * scale)), round(ARROW_BUTTON_W * scale)


def _size_drop_downs(theme: dict[str, Any], scale: float, regular: str,
                     font: Callable[[float, bool], dict[str, Any]]) -> None:
    """Drop-down rows, arrow and arrow button that grow with the text.

    pygame_gui's defaults are fixed pixels: 20 px list rows (half a line of 16 px Noto
    Sans JP, whose line is 24 px, so every row cut its text in half) and a 14 px arrow
    in its own symbol font (which the bundle leaves out) on a 20 px button.
    """
    size = themed_size("selection_list", scale)[0]
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        line = pygame.font.Font(regular, size).get_linesize()
    except (OSError, ValueError, pygame.error):  # changed since it was checked: a guess
        line = round(size * 1.5)
    row = list_row_height(line, scale)
    arrow_px, arrow_w = drop_down_arrow(scale)
    theme.setdefault("drop_down_menu.#drop_down_options_list", {}).setdefault(
        "misc", {})["list_item_height"] = str(row)
    theme.setdefault("drop_down_menu", {}).setdefault(
        "misc", {})["open_button_width"] = str(arrow_w)
    theme.setdefault("drop_down_menu.#expand_button", {})["font"] = font(arrow_px / scale,
                                                                        False)
