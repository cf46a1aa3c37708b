"""The settings screen (issue 16): every remembered setting, changed by click or key.

Opened from the menu's "Settings" button; Esc or **Back** returns to the menu. One row
per setting (:data:`ROWS`): a few choices are shown side by side as buttons, longer
lists as ``◀ value ▶`` (the value itself steps on when clicked). A change is applied
at once where it can be (language, window size, full screen, UI scale: see
:func:`tabletop.ui.settings_apply.change`), after the click that made it has been
handled; everything is written to the user folder when the screen is left. **Reset
to defaults** puts every setting back (and applies it).

Keys: ↑ ↓ (or Tab) choose a row, ← → change it, Enter or Space steps to the next
value, Esc leaves. The row chosen by the keys is lit.

A preview at the side shows the two seats' card backs in their sleeves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from tabletop import i18n
from tabletop.core.seat_player import Level
from tabletop.settings import (
    UI_SCALE_STEPS,
    AnimationSpeed,
    Language,
    Settings,
    Sleeve,
)
from tabletop.ui import dialogs, settings_apply
from tabletop.ui.host import Host
from tabletop.ui.scene import Scene
from tabletop.ui.screen_fit import settings_need
from tabletop.ui.theme import fit_id
from tabletop.userdirs import settings_path

__all__ = ["ROWS", "WINDOW_SIZES", "Row", "SettingsScene", "draw_settings_screen"]

BACKGROUND = (20, 33, 27)
PANEL = (30, 48, 39)
PANEL_EDGE = (58, 84, 70)
LIT = (70, 104, 82)
LIT_EDGE = (214, 176, 72)
INK = (228, 226, 214)

#: Window sizes offered (pixels); the window's own size is offered too when it is none.
WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


@dataclass(frozen=True)
class Row:
    """One setting on the screen: its name (``Settings`` field, or field and seat),
    the label's catalogue key, the values in order, how to read and set it, the text
    of a value, and whether its choices are shown side by side (``buttons``)."""

    name: str
    label: Callable[[], str]
    values: Callable[[Settings], Sequence[Any]]
    get: Callable[[Settings], Any]
    put: Callable[[Settings, Any], Settings]
    text: Callable[[Any], str]
    buttons: bool = False


def _languages(_: Settings) -> list[Language]:
    known = set(i18n.languages())
    return [lang for lang in Language if lang.value in known]


def _sizes(s: Settings) -> list[tuple[int, int]]:
    sizes = list(WINDOW_SIZES)
    if s.window_size not in sizes:
        sizes.append(s.window_size)
        sizes.sort()
    return sizes


def _size_text(size: tuple[int, int]) -> str:
    return i18n.t("settings.size_value", width=size[0], height=size[1])


def _level_text(level: Level | None) -> str:
    return i18n.t("settings.person" if level is None else f"settings.level_{level.value}")


def _seat_label(key: str, seat: int) -> Callable[[], str]:
    return lambda: i18n.t(key, player=i18n.t(f"seat.{seat}"))


def _computer_row(seat: int) -> Row:
    return Row(f"computer{seat}", _seat_label("settings.computer", seat),
               lambda s: [None, *Level], lambda s: s.computer[seat],
               lambda s, v: s.with_computer(seat, v), _level_text)


def _sleeve_row(seat: int) -> Row:
    return Row(f"sleeves{seat}", _seat_label("settings.sleeves", seat), lambda s: list(Sleeve),
               lambda s: s.sleeves[seat], lambda s, v: s.with_sleeve(seat, v),
               lambda v: i18n.t(f"settings.sleeve.{v.value}"))


def _label(key: str) -> Callable[[], str]:
    return lambda: i18n.t(key)


#: The screen's rows, top to bottom.
ROWS: tuple[Row, ...] = (
    Row("language", _label("settings.language"), _languages, lambda s: s.language,
        lambda s, v: replace(s, language=v), lambda v: i18n.t(f"lang.{v.value}"), True),
    Row("fullscreen", _label("settings.fullscreen"), lambda s: [False, True],
        lambda s: s.fullscreen, lambda s, v: replace(s, fullscreen=v),
        lambda v: i18n.t("settings.on" if v else "settings.off"), True),
    Row("window_size", _label("settings.window_size"), _sizes, lambda s: s.window_size,
        lambda s, v: replace(s, window_size=v), _size_text),
    Row("ui_scale", _label("settings.ui_scale"), lambda s: list(UI_SCALE_STEPS),
        lambda s: s.ui_scale, lambda s, v: replace(s, ui_scale=v),
        lambda v: i18n.t("settings.scale_value", percent=round(v * 100))),
    Row("animation_speed", _label("settings.animation_speed"), lambda s: list(AnimationSpeed),
        lambda s: s.animation_speed, lambda s, v: replace(s, animation_speed=v),
        lambda v: i18n.t(f"settings.speed.{v.value}"), True),
    Row("free_mode", _label("settings.free_mode"), lambda s: [False, True],
        lambda s: s.free_mode, lambda s, v: replace(s, free_mode=v),
        lambda v: i18n.t("settings.free" if v else "settings.strict"), True),
    _computer_row(0),
    _computer_row(1),
    _sleeve_row(0),
    _sleeve_row(1),
)


def stepped(row: Row, settings: Settings, step: int, wrap: bool = True) -> Settings:
    """``settings`` with ``row``'s value moved ``step`` places along its values (round
    the end with ``wrap``, else stopping there). A value not among them (a window size
    of the user's own) counts as the nearest before it."""
    values = list(row.values(settings))
    current = row.get(settings)
    index = values.index(current) if current in values else 0
    target = index + step
    target = target % len(values) if wrap else max(0, min(len(values) - 1, target))
    return row.put(settings, values[target])


class SettingsScene(Scene):
    """The settings screen over the menu (see the module docstring).

    ``settings`` is what the screen shows and the app runs with; ``focus`` the row the
    keys change (an index in :data:`ROWS`).
    """

    opaque = True

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.settings: Settings = settings_apply.settings_of(app)
        self.focus = 0
        self.widgets: dict[str, Any] = {}
        #: Where each row lies (pixels), for the lit row and the sleeve swatches.
        self.row_rects: list[pygame.Rect] = []
        self._value_rects: dict[str, pygame.Rect] = {}
        self._preview = pygame.Rect(0, 0, 0, 0)
        #: A change made by a click: applied in :meth:`update`, never while pygame_gui
        #: is still handling the click (applying may replace every widget).
        self._pending: Settings | None = None
        self._renderer: Any = None
        #: The UI scale the screen is laid out at: a new one applies on leaving, so the
        #: rows never move under the pointer (issue 16 QA 9).
        self._scale_shown: float = self.settings.ui_scale
        self._size_opened: tuple[int, int] = self.settings.window_size
        self.build()

    # -------------------------------------------------------------- changes
    def set(self, new: Settings) -> None:
        """Show and apply ``new`` (at the next frame; written when the screen is left)."""
        self._pending = new

    def step(self, index: int, step: int, wrap: bool = True) -> None:
        """Move row ``index``'s value ``step`` places (see :func:`stepped`)."""
        self.focus = index
        self.set(stepped(ROWS[index], self._pending or self.settings, step, wrap))

    def choose(self, index: int, value: Any) -> None:
        """Give row ``index`` the value ``value``."""
        self.focus = index
        self.set(ROWS[index].put(self._pending or self.settings, value))

    def reset(self) -> None:
        """Ask, then put every setting back to its default (applied; written when the
        screen is left): a stray click must not undo them all (issue 16 QA 8)."""
        dialogs.confirm(self.app, "menuqa16.reset_title", "menuqa16.reset_ask",
                        lambda: self.set(Settings()), confirm_key="menuqa16.reset_yes",
                        width=560, height=220)

    def back(self) -> None:
        """Keep the settings in the user folder and go back to the menu, whose choices
        (computer seats, mode) follow what was set here."""
        self._apply()
        problem = settings_apply.keep(self.app, self.settings)
        below: Any = self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None
        if below is not None and hasattr(below, "seat_kinds"):
            below.seat_kinds = settings_apply.seat_kinds(self.app)
            below.free_mode = self.settings.free_mode
        self.app.stack.pop()
        if self.settings.ui_scale != self._scale_shown:  # the scale waited for Back
            settings_apply.change(self.app, self.settings, save=False)
        if problem is not None:
            dialogs.message(self.app, "settings.title", problem, width=620, height=300)

    def _apply(self) -> None:
        new, self._pending = self._pending, None
        if new is None or new == self.settings:
            return
        self.settings = new
        before = self.app.ui
        settings_apply.change(self.app, replace(new, ui_scale=self._scale_shown), save=False)
        if self.app.ui is before:  # nothing rebuilt the widgets (their values changed)
            self.build()

    # -------------------------------------------------------------- scene hooks
    def update(self, dt: float) -> None:
        """Apply the change a click made; keep the menu's widgets hidden (it may have
        rebuilt them)."""
        self._apply()
        self._hide_below()

    def _hide_below(self) -> None:
        """The widgets of the scenes under this one (the menu's) are hidden while it is
        shown; the menu builds them afresh when it is on top again (``resume``)."""
        for scene in self.app.stack.scenes:
            if scene is self:
                break
            for widget in getattr(scene, "widgets", {}).values():
                if widget.visible:
                    widget.hide()

    def frame_due(self) -> float | None:
        """Now when a change waits, else only on input."""
        return 0.0 if self._pending is not None else None

    def layout_need(self) -> tuple[int, int]:
        """The window size (pixels at UI scale 1.0) the rows need
        (:func:`tabletop.ui.screen_fit.settings_need`): a chosen UI scale applies as far
        as this fits the window (issue 16)."""
        return settings_need(len(ROWS))

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild for the new size, scale or language."""
        self.build()

    def close(self) -> None:
        """Leaving: remove the widgets."""
        self._clear()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The keys (module docstring); every other event goes to the widgets."""
        if event.type != pygame.KEYDOWN or dialogs.top_dialog(self.app.ui) is not None:
            return event
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            down = key == pygame.K_DOWN or (key == pygame.K_TAB
                                            and not event.mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (1 if down else -1)) % len(ROWS)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(self.focus, 1 if key == pygame.K_RIGHT else -1, wrap=False)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.step(self.focus, 1)
        else:
            return event
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The background, the rows' panel with the lit row, the sleeve preview."""
        surface.fill(BACKGROUND)
        s = self.app.scale
        if self.row_rects:
            area = self.row_rects[0].unionall(self.row_rects).inflate(round(24 * s),
                                                                      round(20 * s))
            pygame.draw.rect(surface, PANEL, area, border_radius=round(8 * s))
            pygame.draw.rect(surface, PANEL_EDGE, area, 1, border_radius=round(8 * s))
            lit = self.row_rects[self.focus].inflate(round(12 * s), round(4 * s))
            pygame.draw.rect(surface, LIT, lit, border_radius=round(6 * s))
            pygame.draw.rect(surface, LIT_EDGE, lit, max(1, round(2 * s)),
                             border_radius=round(6 * s))
        self._draw_preview(surface)

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """A swatch of each sleeve's colour before its name, over the value button (the
        widgets are drawn after the scene)."""
        s = self.app.scale
        for seat in (0, 1):
            rect = self._value_rects.get(f"sleeves{seat}")
            if rect is None:
                continue
            side = rect.h * 11 // 20
            swatch = pygame.Rect(0, 0, side, side)
            swatch.midleft = (rect.x + round(10 * s), rect.centery)
            pygame.draw.rect(surface, self.settings.sleeves[seat].rgb, swatch,
                             border_radius=round(3 * s))
            pygame.draw.rect(surface, INK, swatch, 1, border_radius=round(3 * s))

    def _draw_preview(self, surface: pygame.Surface) -> None:
        box = self._preview
        if box.w < 40 or box.h < 40:
            return
        from tabletop.ui.card_render import CardRenderer

        if self._renderer is None:
            self._renderer = CardRenderer(self.app.fonts, {})
        self._renderer.sleeves = tuple(sleeve.rgb for sleeve in self.settings.sleeves)
        gap = round(16 * self.app.scale)
        card_w = min((box.w - gap) // 2, round(box.h * 0.7 * 5 / 7))
        card_h = card_w * 7 // 5
        x = box.centerx - card_w - gap // 2
        font = self.app.fonts.get(round(15 * self.app.scale))
        for seat in (0, 1):
            back = self._renderer.back((card_w, card_h), seat=seat)
            left = x + seat * (card_w + gap)
            surface.blit(back, (left, box.y))
            caption = font.render(i18n.t(f"seat.{seat}"), True, INK)
            surface.blit(caption, caption.get_rect(midtop=(left + card_w // 2,
                                                           box.y + card_h + gap // 2)))

    # -------------------------------------------------------------- widgets
    def _clear(self) -> None:
        for widget in self.widgets.values():
            widget.kill()
        self.widgets = {}

    def build(self) -> None:
        """(Re)create every widget for the size, scale, language and values."""
        self._clear()
        self._hide_below()
        ui, add = self.app.ui, self.widgets.__setitem__
        s = self.app.scale
        w, h = self.app.size
        # The rows fit the window at any UI scale (a large one on a small window), so
        # the scale can always be set back here: boxes shrink, texts are fitted.
        need_w, need_h = self.layout_need()
        fit = min(s, w / need_w, h / need_h)

        def px(v: float) -> int:
            return round(v * fit)

        margin = px(32)
        title = i18n.t("settings.title")
        title_h = max(px(60), round(52 * s))
        add("title", UILabel(pygame.Rect(margin, margin - px(8), w - 2 * margin, title_h),
                             title, ui, object_id="#title"))
        intro = i18n.t("settings.intro")
        intro_y, intro_h = margin - px(10) + title_h, max(px(26), round(22 * s))
        add("intro", UILabel(pygame.Rect(margin, intro_y, w - 2 * margin, intro_h),
                             intro, ui, object_id=fit_id(self.app.fonts, intro,
                                                         w - 2 * margin, s, "#note")))
        bottom_h = max(px(46), round(36 * s))
        top = intro_y + intro_h + px(16)
        foot = h - margin - bottom_h
        preview_w = px(250) if w - 2 * margin >= px(1000) else 0
        rows_w = w - 2 * margin - px(24) - (preview_w + px(32) if preview_w else 0)
        step_h = max(px(34), min(px(50), (foot - px(28) - top) // len(ROWS)))
        row_h = step_h - px(8)
        label_w = min(px(330), rows_w * 2 // 5)
        value_x = margin + px(12) + label_w + px(12)
        # the steppers' width: the side-by-side choices end where they do
        value_w = min(margin + px(12) + rows_w - value_x, px(560))
        self.row_rects, self._value_rects = [], {}
        current = self.settings
        for index, row in enumerate(ROWS):
            y = top + index * step_h
            self.row_rects.append(pygame.Rect(margin + px(12), y, rows_w, row_h))
            text = row.label()
            add(f"label:{row.name}", UILabel(
                pygame.Rect(margin + px(12), y, label_w, row_h), text, ui,
                object_id=fit_id(self.app.fonts, text, label_w, s)))
            rect = pygame.Rect(value_x, y, value_w, row_h)
            if row.buttons:
                self._buttons(index, row, current, rect, px)
            else:
                self._stepper(index, row, current, rect, px)
        if preview_w:
            self._preview = pygame.Rect(w - margin - preview_w, top + px(8), preview_w,
                                        foot - top - px(40))
        else:
            self._preview = pygame.Rect(0, 0, 0, 0)
        note_w = w - 2 * margin - px(2 * 230 + 32)
        where = i18n.t("settings.saved_in", file=self._path_within(note_w))
        note_h = max(px(26), round(22 * s))
        # Reset at the left, far from where the menu's Settings button was (QA 8)
        add("saved_in", UILabel(pygame.Rect(margin + px(246), foot + (bottom_h - note_h) // 2,
                                            note_w, note_h), where, ui,
                                object_id=fit_id(self.app.fonts, where, note_w, s, "#note")))
        reset = i18n.t("settings.reset")
        add("reset", UIButton(pygame.Rect(margin, foot, px(230),
                                          bottom_h), reset, ui, command=self.reset,
                              object_id=fit_id(self.app.fonts, reset, px(230), s)))
        back = i18n.t("settings.back")
        add("back", UIButton(pygame.Rect(w - margin - px(230), foot, px(230), bottom_h),
                             back, ui, command=self.back,
                             object_id=fit_id(self.app.fonts, back, px(230), s)))

    def _path_within(self, width: int) -> str:
        """The settings file's path, its start cut off ("…") where the whole would not
        fit ``width`` pixels at the smallest text size: the file's name stays."""
        path = str(settings_path())
        font = self.app.fonts.get(max(1, round(12 * self.app.scale)))
        room = width - font.size(i18n.t("settings.saved_in", file=""))[0] - 12
        if font.size(path)[0] <= room:
            return path
        while len(path) > 1 and font.size("…" + path)[0] > room:
            path = path[1:]
        return "…" + path

    def _buttons(self, index: int, row: Row, current: Settings, rect: pygame.Rect,
                 px: Callable[[float], int]) -> None:
        values = list(row.values(current))
        gap = px(8)
        each = (rect.w - gap * (len(values) - 1)) // len(values)
        for n, value in enumerate(values):
            text = row.text(value)
            button = UIButton(pygame.Rect(rect.x + n * (each + gap), rect.y, each, rect.h),
                              text, self.app.ui, command=partial(self.choose, index, value),
                              object_id=fit_id(self.app.fonts, text, each, self.app.scale))
            if value == row.get(current):
                button.select()  # type: ignore[no-untyped-call]
            self.widgets[f"value:{row.name}:{n}"] = button

    def _stepper(self, index: int, row: Row, current: Settings, rect: pygame.Rect,
                 px: Callable[[float], int]) -> None:
        arrow = rect.h + px(6)
        gap = px(8)
        middle = rect.w - 2 * (arrow + gap)
        text = row.text(row.get(current))
        if row.name == "window_size" and current.fullscreen:
            text = i18n.t("settings.size_fullscreen", width=current.window_size[0],
                          height=current.window_size[1])
        elif row.name == "window_size" and current.window_size == self._size_opened:
            # the window as it is, not as remembered (a --size start, QA 20)
            text = _size_text(tuple(self.app.size))  # type: ignore[arg-type]
        if row.name == "ui_scale" and current.ui_scale != self._scale_shown:
            text = i18n.t("menuqa16.scale_later", value=text)
        value_rect = pygame.Rect(rect.x + arrow + gap, rect.y, middle, rect.h)
        self._value_rects[row.name] = value_rect
        padding = 12 + (rect.h if row.name.startswith("sleeves") else 0) * 2
        add = self.widgets.__setitem__
        add(f"less:{row.name}", UIButton(pygame.Rect(rect.x, rect.y, arrow, rect.h),
                                         i18n.t("settings.less"),
                                         self.app.ui,
                                         command=partial(self.step, index, -1, False)))
        add(f"value:{row.name}", UIButton(value_rect, text, self.app.ui,
                                          command=partial(self.step, index, 1),
                                          object_id=fit_id(self.app.fonts, text, middle,
                                                           self.app.scale, padding=padding)))
        add(f"more:{row.name}", UIButton(pygame.Rect(value_rect.right + gap, rect.y, arrow,
                                                     rect.h), i18n.t("settings.more"),
                                         self.app.ui,
                                         command=partial(self.step, index, 1, False)))


def draw_settings_screen(app: Any) -> None:
    """Open the settings screen over what is shown, draw one frame and close it again,
    writing nothing (``tabletop --smoke``). Raises RuntimeError when a row drew no
    control."""
    scene = SettingsScene(app)
    app.push(scene)
    try:
        app.frame(1 / 60)
        missing = [row.name for row in ROWS
                   if not any(key.startswith("value:" + row.name) for key in scene.widgets)]
        if missing:
            raise RuntimeError(f"the settings screen drew no control for {missing}")
    finally:
        app.stack.pop()
