"""The first-user QA report (dialogs, saving, hidden cards, wrapping): each finding,
driven through the real window by posted events (``tests/ui_helpers.py``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import arc_position, click, frames, key, make_app, move, table_at  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.actions import Action  # noqa: E402
from tabletop.ui import dialogs  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402


def table(position, save_dir=None):
    return table_at("arc", position, seed=3, save_dir=save_dir)


@pytest.fixture
def arc():
    made = []

    def start(phase="main", free=False):
        made.append(table(arc_position(phase)))
        app, game, scene, labels = made[-1]
        if free:
            assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
            frames(app, 2)
        return made[-1]

    yield start
    for app, *_ in made:
        app.shutdown()


def confirmation(app):
    """The open confirmation dialog (None when there is none)."""
    return next((w for w in app.ui.get_root_container().elements
                 if hasattr(w, "confirm_button") and w.alive()), None)


def dialog_text(dialog):
    import html

    return html.unescape(dialog.confirmation_text.html_text.replace("<br>", " "))


def open_dialogs(app):
    return [w for w in app.ui.get_root_container().elements
            if hasattr(w, "confirm_button") and w.alive()]


def hidden_sprite(scene, zone):
    return [s for s in scene.sprites if s.zone == zone and s.card.card_id is None]


# ---------------------------------------------------------------------- 1. dialogs


def test_esc_cancels_and_enter_confirms_every_confirmation_dialog(arc):
    app, game, scene, labels = arc("main")
    resign = scene.controls.buttons["resign"].get_abs_rect().center
    click(app, resign)
    assert confirmation(app) is not None
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert confirmation(app) is None and not game.state.game_over
    click(app, resign)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert confirmation(app) is None and game.state.game_over


def test_esc_and_enter_close_a_message_window():
    app = make_app()
    try:
        window = dialogs.message(app, "dialog.save_title", "Some words")
        frames(app, 1)
        key(app, pygame.K_ESCAPE)
        assert not window.alive()
        window = dialogs.message(app, "dialog.save_title", "Some words")
        key(app, pygame.K_KP_ENTER)
        assert not window.alive()
    finally:
        app.shutdown()


def test_the_reveal_dialog_names_the_place_marks_the_card_and_reveals_that_one(arc):
    app, game, scene, labels = arc("main", free=True)
    hand = hidden_sprite(scene, "p1.hand")
    deck = hidden_sprite(scene, "p1.deck")
    assert hand and deck
    row = sorted(hand, key=lambda s: s.rect.centerx)
    move(app, row[1].rect.center)
    key(app, pygame.K_r)
    dialog = confirmation(app)
    assert dialog is not None
    assert "card 2 from the left in Player 2's Hand" in dialog_text(dialog)
    assert scene.revealing == row[1].iid
    # R over another card while the dialog is open: nothing, the dialog stays about card 2
    move(app, deck[-1].rect.center)
    key(app, pygame.K_r)
    assert open_dialogs(app) == [dialog] and scene.revealing == row[1].iid
    # no hover preview over the dialog
    assert scene._hover_card() is None
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert confirmation(app) is None and scene.revealing is None
    assert not any(e.public.key == "log.manual_reveal" for e in game.state.log)
    # now the deck's top card: the dialog says so, Enter reveals exactly that card
    move(app, deck[-1].rect.center)
    key(app, pygame.K_r)
    dialog = confirmation(app)
    assert "the top card of Player 2's Deck" in dialog_text(dialog)
    top = game.state.zones["p1.deck"].cards[-1]
    key(app, pygame.K_RETURN)
    frames(app, 2)
    last = game.state.log[-1].public
    assert last.key == "log.manual_reveal"
    assert game.state.cards[top].face_up
    assert scene.revealing is None


def test_the_reveal_dialog_never_names_a_card_the_viewer_cannot_see(arc):
    app, game, scene, labels = arc("main", free=True)
    i18n.set_language("en")
    sprite = hidden_sprite(scene, "p1.hand")[0]
    move(app, sprite.rect.center)
    key(app, pygame.K_r)
    text = dialog_text(confirmation(app))
    for iid in game.state.zones["p1.hand"].cards:
        name = game.rules.cards[game.state.cards[iid].card_id].display_name("en")
        assert name not in text


# ---------------------------------------------------------------------- 2./3. saving


def _new_arc_game(seed=5):
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load("arc")
    first, second = list(choice.decks)[:2]
    return choice.make_game(first, second, first_seat=0, seed=seed)


def _windows(app, cls_name):
    return [s for s in app.ui.get_root_container().elements
            if type(s).__name__ == cls_name and s.alive()]


def _choice_buttons(app):
    """The answer buttons of the open choose() window, by label."""
    from pygame_gui.elements import UIButton

    window = _windows(app, "UIWindow")[-1]
    return {b.text: b for b in window.get_container().elements if isinstance(b, UIButton)}


def _lift_cover(app):
    from tabletop.ui.cover import HotseatCover

    frames(app, 2)
    if isinstance(app.stack.top, HotseatCover):
        app.stack.pop()
        app.stack.top.cover_pending = False
        frames(app, 2)


def test_a_new_game_is_saved_and_listed_before_its_first_move(tmp_path):
    from tabletop.core.persistence import find_unfinished

    app = make_app(save_dir=tmp_path)
    try:
        game = _new_arc_game()
        app.start_game(game)
        frames(app, 2)
        listed = find_unfinished(tmp_path)
        assert len(listed) == 1 and listed[0].actions == 0
        assert listed[0].path == app.autosaver.path
    finally:
        app.shutdown()


def test_while_saving_fails_the_table_says_not_saved_and_leaving_asks_first(tmp_path,
                                                                             monkeypatch):
    saves, elsewhere = tmp_path / "saves", tmp_path / "elsewhere"
    saves.mkdir()
    monkeypatch.setenv("TABLETOP_FALLBACK_SAVE_DIR", str(elsewhere))
    app = make_app(save_dir=saves)
    try:
        game = _new_arc_game()
        app.start_game(game)
        _lift_cover(app)
        scene = app.stack.top
        assert scene.not_saved_rect is None  # saved: no marker
        for f in saves.iterdir():
            f.unlink()
        saves.rmdir()
        saves.write_text("x")  # the folder is a file now
        seat = game.rules.acting_seat(game.state)
        assert game.propose(Action.make("set_free_mode", seat, on=True)).ok
        frames(app, 2)
        assert confirmation(app) is not None  # "The game cannot be saved"
        key(app, pygame.K_ESCAPE)  # declined
        frames(app, 2)
        assert confirmation(app) is None
        assert scene.not_saved_rect is not None  # the marker stays
        shown = [k[0] for k in scene.text._cache]
        assert "Not saved" in shown and any(str(saves) in line for line in shown)
        # Menu asks first; "Stay" stays
        click(app, scene.controls.buttons["menu"].get_abs_rect().center)
        buttons = _choice_buttons(app)
        assert "Leave without saving" in buttons and app.stack.top is scene
        click(app, buttons["Stay in the game"].get_abs_rect().center)
        frames(app, 2)
        assert app.stack.top is scene and not _windows(app, "UIWindow")
        # the marker offers the other folder again
        click(app, scene.not_saved_rect.center)
        frames(app, 1)
        dialog = confirmation(app)
        assert dialog is not None and str(elsewhere) in dialog.confirmation_text.html_text
        key(app, pygame.K_RETURN)
        frames(app, 2)
        assert not app.autosaver.failing and app.autosaver.path.parent == elsewhere
        assert scene.not_saved_rect is None
        key(app, pygame.K_RETURN)  # the "now saving in" note
        click(app, scene.controls.buttons["menu"].get_abs_rect().center)
        frames(app, 2)
        from tabletop.ui.menu import MenuScene

        assert isinstance(app.stack.top, MenuScene)  # saved: no question
    finally:
        app.shutdown()


def test_leaving_an_unsaved_game_can_save_elsewhere_first_or_drop_it(tmp_path, monkeypatch):
    from tabletop.ui.menu import MenuScene

    blocker = tmp_path / "file"
    blocker.write_text("x")
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("TABLETOP_FALLBACK_SAVE_DIR", str(elsewhere))
    app = make_app(save_dir=blocker)
    try:
        app.start_game(_new_arc_game())
        _lift_cover(app)
        key(app, pygame.K_ESCAPE)  # decline the other folder
        scene = app.stack.top
        click(app, scene.controls.buttons["menu"].get_abs_rect().center)
        buttons = _choice_buttons(app)
        save = next(b for label, b in buttons.items() if str(elsewhere) in label)
        click(app, save.get_abs_rect().center)
        frames(app, 2)
        assert isinstance(app.stack.top, MenuScene)
        assert any(elsewhere.iterdir())  # the game is there, listed in the menu
        assert app.stack.top.unfinished
    finally:
        app.shutdown()


def test_the_menu_says_the_save_folder_cannot_be_used(tmp_path):
    from ui_helpers import texts

    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = make_app(save_dir=blocker)
    try:
        app.show_menu()
        frames(app, 2)
        assert app.stack.top.folder_problem is not None
        shown = " ".join(texts(app))
        assert "cannot be used" in shown and str(blocker) in shown
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- 4. hidden cards


def test_a_hidden_card_gets_a_small_hint_not_a_large_back_over_prompt_and_log(arc):
    app, game, scene, labels = arc("main")
    drawn, words = [], []
    scene.preview.draw_card = lambda *a, **k: drawn.append(a)
    scene.preview.draw_words = lambda *a, **k: words.append(a)
    sprite = hidden_sprite(scene, "p1.hand")[0]
    move(app, sprite.rect.center)
    frames(app, 2)
    assert scene.hover == sprite.iid
    assert not drawn and not words  # no card back, and the log stays in the panel
    assert any(k[0] == i18n.t("preview.hidden_hint") for k in scene.text._cache)
    move(app, scene.card_rect(labels["queen"]).center)  # a card the viewer sees
    frames(app, 2)
    assert drawn and words


def test_dragging_a_hidden_card_says_why_it_does_not_move(arc):
    from ui_helpers import drag

    app, game, scene, labels = arc("main")
    sprite = hidden_sprite(scene, "p1.hand")[0]
    drag(app, sprite.rect.center, scene.zone_rect("p0.hand").center)
    assert scene.toast.key == "refusal.table.drag_hidden"
    assert game.state.zone_of(game.state.zones["p1.hand"].cards[0]) == "p1.hand"


def test_a_turned_hand_card_stays_upright_in_its_row_with_a_turned_mark(arc):
    app, game, scene, labels = arc("main", free=True)
    queen = labels["queen"]
    before = scene.card_rect(queen)
    hidden = hidden_sprite(scene, "p1.hand")[0]
    hidden_before = hidden.rect.copy()
    move(app, scene.card_rect(queen).center)
    key(app, pygame.K_t)
    move(app, hidden.rect.center)
    key(app, pygame.K_t)
    frames(app, 2)
    assert game.state.cards[queen].tapped
    assert sum(game.state.cards[i].tapped for i in game.state.zones["p1.hand"].cards) == 1
    assert scene.card_rect(queen) == before  # not sideways over its neighbours
    assert scene.by_iid[queen].turn == 0
    assert any(s.rect == hidden_before for s in hidden_sprite(scene, "p1.hand"))
    assert any(k[0] == "turned" for k in scene.text._cache)


# ---------------------------------------------------------------------- 7. line breaks


@pytest.mark.parametrize("width", range(60, 260, 7))
def test_japanese_lines_never_break_inside_a_time_a_number_or_a_kanji_compound(width):
    from tabletop.ui.fonts import Fonts
    from tabletop.ui.textwrap_ja import wrap_text

    pygame.font.init()
    font = Fonts().get(15)
    cases = {
        "ターン3、プレイヤー1の番・保存 2026-12-01\u00a009:20": ["2026-12-01\u00a009:20"],
        "アクションフェイズ：次のどれか1つを行います。手札強化、挑戦、または1,000点を得る。":
            ["手札強化", "1,000"],
        "保存 12:45、山札から2枚引きました。": ["12:45"],
    }
    for text, whole in cases.items():
        lines = wrap_text(text, font, width)
        assert "".join("".join(lines).split()) == "".join(text.split())  # nothing lost
        assert not any(line.endswith(":") for line in lines), lines
        for word in whole:  # with room for the mark that may not start a line after it
            if font.size(word + "、")[0] <= width:
                assert any(word in line for line in lines), (word, lines)


def test_an_overlong_kanji_compound_is_still_cut_to_fit():
    from tabletop.ui.fonts import Fonts
    from tabletop.ui.textwrap_ja import wrap_text

    pygame.font.init()
    font = Fonts().get(15)
    word = "手札強化手札強化手札強化"
    lines = wrap_text(word, font, font.size("手札強化")[0])
    assert "".join(lines) == word and len(lines) >= 3


# ---------------------------------------------------------------------- 6. 絵師 grid letters


class _Recorder(pygame.Surface):
    """A surface that remembers where each picture was put."""

    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.blits_at: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size()))
        area = args[0] if args else kwargs.get("area")
        size = pygame.Rect(area).size if area is not None else source.get_size()
        self.blits_at.append(pygame.Rect(rect.topleft, size))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_eshi100_column_letters_lie_under_the_grid_away_from_the_hand(size):
    """Round 1 #11 put the letters inside the grid's bottom row, where (round 2 #7) they
    covered a card's number: they stand under the grid, in the strip above the hand."""
    from tabletop.ui.games import eshi100_draw
    from tabletop.ui.menu import GameChoice

    choice = GameChoice.load("eshi100")
    first, second = list(choice.decks)[:2]
    game = choice.make_game(first, second, first_seat=0, seed=4)
    app = make_app(size)
    try:
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        frames(app, 2)
        surface = _Recorder(app.size)
        eshi100_draw.grid_labels(scene, surface)  # every picture it puts is a label
        grid, hand = scene.zone_rect("grid"), scene.zone_rect("p0.hand")
        under = [r for r in surface.blits_at if r.top >= grid.bottom and
                 grid.left <= r.left and r.right <= grid.right]
        beside = [r for r in surface.blits_at if r.right <= grid.x]
        assert len(under) == 4 and len(beside) == 4  # A-D under the grid, 1-4 left of it
        assert not any(r.colliderect(hand) for r in surface.blits_at)
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- 5. refusals


def test_a_second_resource_in_a_turn_is_refused_with_its_rule():
    position = arc_position("resource")
    position["zones"] = dict(position["zones"], **{
        "p0.hand": [{"card": "red_ember_hills", "label": "hills"}, "red_battle_cry"]})
    app, game, scene, labels = table(position)  # resource_played is True already
    try:
        from ui_helpers import drag

        drag(app, scene.card_rect(labels["hills"]).center,
             scene.zone_rect("p0.resources").center)
        assert scene.toast.key == "refusal.arc.one_resource_per_turn"
        assert "ARC-H2" in scene.toast.full_text
    finally:
        app.shutdown()


def test_a_broken_save_says_the_refusal_in_words_not_its_code(tmp_path):
    import json

    from tabletop.core.persistence import save_game
    from tabletop.ui.menu import MenuScene

    game = _new_arc_game(seed=8)
    path = save_game(game, tmp_path / "autosave-arc-20260301-100000.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].append({"kind": "play_resource", "seat": 0, "args": {"card": 9999}})
    path.write_text(json.dumps(data), encoding="utf-8")
    app = make_app(save_dir=tmp_path)
    try:
        app.show_menu()
        frames(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        click(app, menu.widgets["resume:0"].get_abs_rect().center)
        frames(app, 3)
        window = next(w for w in _windows(app, "UIWindow") if hasattr(w, "text_box"))
        import html

        text = html.unescape(window.text_box.html_text.replace("<br>", " "))
        assert "arc.not_in_hand" not in text and "(arc." not in text
        assert i18n.t("refusal.arc.not_in_hand") in text
        assert "Action 1 (by Player 1) no longer replays" in text
    finally:
        app.shutdown()
