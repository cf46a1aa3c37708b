"""The table is game-agnostic: a fake game with a grid board and its own window plugin.

The fake game ("gridfake") has a 2x2 board (a ``grid`` zone, cells ``r<row>c<col>``)
and a hand per seat; a card from the hand may be placed on a free board cell, except
cell ``r0c0`` (refused with a reason). Placing hands the turn to the other seat.
Its plugin is registered as the module ``tabletop.ui.games.gridfake`` (found by
name, like a real ``tabletop/ui/games/<game_id>.py``) and records the hooks called.
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sys  # noqa: E402
import types  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import drag, fake_choice, frames, make_app, move  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.actions import Action, Verdict  # noqa: E402
from tabletop.core.cards import CardDb, CardDef  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.messages import msg  # noqa: E402
from tabletop.core.model import GameState, Visibility  # noqa: E402
from tabletop.core.rules import GameRules, GameSetup  # noqa: E402
from tabletop.layout import parse_layout, split_cell_key  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.games import GameUI, ZoneCards, has_game_ui, layout_cards  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

BOARD = "board"
BLOCKED = "r0c0"


class GridRules(GameRules):
    """Place a hand card on a free board cell (not r0c0); then the other seat plays."""

    game_id = "gridfake"
    phases = ("place",)

    def new_game(self, setup: GameSetup) -> GameState:
        state = GameState(setup.game, setup.seed, first=setup.first, active=setup.first)
        state.add_zone(BOARD, None, Visibility.PUBLIC)
        for seat in (0, 1):
            state.add_zone(f"p{seat}.hand", seat, Visibility.OWNER)
            state.new_pile(f"p{seat}.hand", seat, ["dot", "dot"], face_up=True)
        state.phase = "place"
        state.data["cells"] = {}
        return state

    def check(self, state: GameState, action: Action) -> Verdict:
        if action.kind != "place":
            return Verdict.refuse("gridfake.unknown")
        iid, cell = action.get("card"), action.get("cell")
        if action.seat != state.active or state.zone_of(iid) != f"p{action.seat}.hand":
            return Verdict.refuse("gridfake.not_yours")
        if cell == BLOCKED:
            return Verdict.refuse("gridfake.blocked", "FAKE-R1")
        if cell in state.data["cells"].values():
            return Verdict.refuse("gridfake.taken")
        return Verdict(True)

    def apply(self, state: GameState, action: Action, prepared: Any = None) -> None:
        iid = action.get("card")
        state.move(iid, BOARD)
        state.data["cells"][str(iid)] = action.get("cell")
        state.add_log(msg("log.gridfake.place"))
        state.active = 1 - state.active

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return []

    def interpret_drop(self, state: GameState, seat: int, iid: int, zone_id: str,
                       onto: int | None = None) -> Action | Verdict:
        prefix = f"cell:{BOARD}/"
        if zone_id.startswith(prefix):
            return Action.make("place", seat, card=iid, cell=zone_id[len(prefix):])
        return Verdict.refuse("gridfake.board_only")


LAYOUT = parse_layout({
    "table": {"width_mm": 400.0, "height_mm": 420.0, "background": "#203040",
              "game": "gridfake"},
    "zone": [
        {"id": BOARD, "kind": "grid", "x_mm": 200.0, "y_mm": 210.0, "width_mm": 140.0,
         "height_mm": 190.0, "rotation_deg": 0, "arrangement": "grid", "rows": 2, "cols": 2,
         "visibility": "public", "label": "zone.grid"},
        {"id": "p0.hand", "owner": 0, "kind": "hand", "x_mm": 200.0, "y_mm": 365.0,
         "width_mm": 200.0, "height_mm": 100.0, "rotation_deg": 0, "arrangement": "fan",
         "visibility": "owner", "label": "zone.hand"},
        {"id": "p1.hand", "owner": 1, "kind": "hand", "x_mm": 200.0, "y_mm": 55.0,
         "width_mm": 200.0, "height_mm": 100.0, "rotation_deg": 180, "arrangement": "fan",
         "visibility": "owner", "label": "zone.hand"},
    ],
}, "<gridfake test layout>")


class GridUI(GameUI):
    """The fake game's window: board cards on their cells; every hook call recorded."""

    turn_commands = ()
    calls: list[str] = []

    def load_layout(self):
        self.calls.append("load_layout")
        return LAYOUT

    def arrange(self, scene, zone, cards):
        self.calls.append(f"arrange:{zone.id}")
        if zone.id != BOARD:
            return layout_cards(scene, zone, cards)
        cells = scene.game.state.data["cells"]  # public: where each board card lies
        places = []
        for card in cards:
            cell = scene.geometry.index.placed(f"cell:{BOARD}/{cells[str(card.iid)]}")
            # the other seat's cards lie turned round, as 絵師100人展 draws them
            places.append(cell.with_key(str(card.iid)).rotated_about(
                cell.center, 180.0 if card.owner == 1 else 0.0))
        return ZoneCards(places)

    def can_pick_up(self, scene, iid):
        self.calls.append("can_pick_up")
        return super().can_pick_up(scene, iid)

    def drop_zone_id(self, scene, key):
        self.calls.append(f"drop_zone_id:{key}")
        return key

    def explain(self, card, view):
        self.calls.append("explain")
        return ["a dot"]

    def draw_marks(self, scene, surface):
        if "draw_marks" not in self.calls:
            self.calls.append("draw_marks")

    def forget_private(self, scene):
        self.calls.append("forget_private")


@pytest.fixture
def grid_game(monkeypatch):
    """A window on the fake game, its plugin found by module name."""
    plugin = types.ModuleType("tabletop.ui.games.gridfake")
    plugin.UI = GridUI
    monkeypatch.setitem(sys.modules, "tabletop.ui.games.gridfake", plugin)
    GridUI.calls = []
    for lang in ("en", "ja"):
        i18n.register_strings(lang, {"refusal.gridfake.blocked": "That cell is blocked.",
                                     "log.gridfake.place": "A dot is placed."})
    cards = CardDb("gridfake", [CardDef("dot", "gridfake", "unit", {"en": "Dot", "ja": "点"})])
    game = Game(GridRules(cards), GameSetup("gridfake", seed=3, first=0))
    app = make_app()
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    yield app, game, scene
    app.shutdown()


def hand_card(game, seat: int) -> int:
    return game.state.zones[f"p{seat}.hand"].cards[-1]


def test_plugin_is_found_by_module_name(grid_game):
    app, game, scene = grid_game
    assert isinstance(scene.ui, GridUI)
    assert has_game_ui("gridfake")
    assert "load_layout" in GridUI.calls
    assert f"arrange:{BOARD}" not in GridUI.calls  # the board is empty: nothing to lay out
    assert "arrange:p0.hand" in GridUI.calls and "draw_marks" in GridUI.calls
    assert scene.commands == ("hint", "free_mode", "undo", "redo", "resign",
                              "menu")  # no turn buttons


def test_drag_onto_a_grid_cell_proposes_the_rules_action(grid_game):
    app, game, scene = grid_game
    iid = hand_card(game, 0)
    target = scene.cell_rect(f"cell:{BOARD}/r1c1").center
    start = scene.card_rect(iid).center
    drag(app, start, target, release=False)
    assert scene.drag is not None
    # lit once at pick-up: every free cell but the blocked one; no whole zone
    assert scene.drag.lit_cells == {f"cell:{BOARD}/{c}" for c in ("r0c1", "r1c0", "r1c1")}
    assert scene.drag.lit_zones == set()
    assert "can_pick_up" in GridUI.calls and f"drop_zone_id:cell:{BOARD}/r1c1" in GridUI.calls
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1,
                                         touch=False))
    frames(app, 2)
    assert game.state.zone_of(iid) == BOARD
    assert game.state.data["cells"][str(iid)] == "r1c1"
    assert game.state.log[-1].public.key == "log.gridfake.place"
    # the next seat must act: the hand-over cover comes up before its hand is drawn
    assert isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 1
    assert "forget_private" in GridUI.calls
    assert scene.viewer == 0
    frames(app, int(ARM_DELAY * 60) + 3)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=0))
    frames(app, 2)
    assert app.stack.top is scene and scene.viewer == 1 and scene.viewport.flipped
    # the board card is hit-tested where it is drawn, turned view included
    sprite = scene.by_iid[iid]
    cell = split_cell_key(f"cell:{BOARD}/r1c1")
    assert sprite.zone == cell[0]
    assert scene._card_at_px(scene.card_rect(iid).center) == iid
    assert sprite.turn == 180.0  # seat 0's card seen from seat 1: upside down
    own = hand_card(game, 1)
    assert scene.by_iid[own].turn == 0.0  # seat 1's own hand (rotation 180) reads upright
    move(app, scene.card_rect(own).center)
    assert scene.hover == own and "explain" in GridUI.calls


def test_refused_drop_on_a_cell_shows_the_reason_and_slides_back(grid_game):
    app, game, scene = grid_game
    iid = hand_card(game, 0)
    before = game.state.fingerprint()
    drag(app, scene.card_rect(iid).center, scene.cell_rect(f"cell:{BOARD}/{BLOCKED}").center)
    assert game.state.fingerprint() == before
    assert scene.toast.visible and scene.toast.key == "refusal.gridfake.blocked"
    assert scene.toast.full_text == "That cell is blocked. (FAKE-R1)"
    assert scene.slide is not None and scene.slide.iid == iid
    assert app.stack.top is scene  # nothing happened: no hand-over


def test_rules_only_game_is_listed_but_cannot_start(monkeypatch, tmp_path):
    from ui_helpers import use_choices

    from tabletop.ui import menu as menu_module
    from tabletop.ui.menu import MenuScene

    assert not has_game_ui("nowindowgame")
    use_choices(monkeypatch, [fake_choice("arc"), fake_choice("nowindowgame")])
    app = make_app(save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        button = menu.widgets["game:nowindowgame"]
        assert not button.is_enabled
        status = menu.widgets["game_status:nowindowgame"].html_text
        assert "Rules only" in status and "not playable in the window yet" in status
        menu.select_game("nowindowgame")
        assert menu.game_id == "arc"
        choice = menu.games["nowindowgame"]
        assert choice.rules_only and choice.loaded and not choice.available
        assert menu_module.GameChoice is type(choice)
    finally:
        app.shutdown()
