"""No surprises (QA): free mode switched on, the help opened over the table (F1), the
language switched there and the help left (Esc): the table's button still says free
mode is on (before, the rebuilt button said "off" while the banner said on, and F
then switched it off)."""

from __future__ import annotations

import pygame
from ui_helpers import arc_position, frames, key, table_at

from tabletop import i18n
from tabletop.core.actions import Action
from tabletop.ui.help import HelpScene


def test_the_free_mode_button_keeps_its_state_across_a_language_switch_in_the_help():
    app, game, scene, _ = table_at("arc", arc_position("main"))
    try:
        assert scene.propose(Action.make("set_free_mode", scene.viewer, on=True)).ok
        frames(app, 2)
        assert scene.controls.buttons["free_mode"].text == i18n.t("button.free_mode_on")
        key(app, pygame.K_F1)
        frames(app, 2)
        assert isinstance(app.stack.top, HelpScene)
        app.set_language("ja")
        frames(app, 2)
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.stack.top is scene and game.state.free_mode
        assert scene.controls.buttons["free_mode"].text == i18n.t("button.free_mode_on")
    finally:
        i18n.set_language("en")
        app.shutdown()
