"""Window tests for the hand-over clean-up, language switch, text fitting, slide-back
and crowded rows. Driven by posted events (see ``ui_helpers``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import warnings  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import FRAME, arc_position, click, drag, frames, key, make_app, move  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.core.view import view_for  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.panels import render_message  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

MAIN = arc_position("main")


def start(position=MAIN, size=(1280, 720), lang="en"):
    app = make_app(size)
    if lang != "en":
        app.set_language(lang)
    game = Game(load_rules("arc"), GameSetup("arc", seed=2, position=position))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene, game.state.data["labels"]


def dismiss_cover(app) -> None:
    assert isinstance(app.stack.top, HotseatCover)
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)
    frames(app, 1)


def refuse_queen(app, scene, labels) -> None:
    """Drag the Phoenix Queen (too expensive) onto the characters row: refused."""
    queen = scene.card_rect(labels["queen"])
    drag(app, (queen.x + 10, queen.centery), scene.zone_rect("p0.characters").center)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


# ---------------------------------------------------------------------- 1. hand-over


def test_handover_forgets_toast_preview_and_private_texts():
    app, game, scene, labels = start()
    try:
        refuse_queen(app, scene, labels)
        assert scene.toast.visible and "Phoenix Queen" in scene.toast.full_text
        move(app, scene.card_rect(labels["duelist"]).center)  # hover preview
        assert scene.hover == labels["duelist"]
        key(app, pygame.K_e)  # end turn: the cover goes up at once
        assert isinstance(app.stack.top, HotseatCover)
        assert not scene.toast.visible and scene.toast.full_text == ""
        assert scene.hover is None and scene.slide is None and scene.drag is None
        assert scene._log_lines == []
        dismiss_cover(app)
        frames(app, 3)
        assert scene.viewer == 1
        assert not scene.toast.visible and scene.toast.full_text == ""
        # nothing rendered for the previous viewer survives: log lines are seat 1's own,
        # and no cached text names a card of seat 0's hand
        expected = [render_message(m, "en") for m in view_for(game.state, 1).log]
        assert scene._log_lines == expected
        cached = [k[0] for k in scene.text._cache]
        assert not any("Phoenix Queen" in text for text in cached)
    finally:
        app.shutdown()


def test_handover_forgets_blocker_picks_and_selection():
    app, game, scene, labels = start()
    try:
        scene.decisions.assign[labels["warden"]] = labels["duelist"]
        scene.decisions.picked = labels["acolyte"]
        scene.selected.append(labels["duelist"])
        key(app, pygame.K_e)  # with a card selected, End turn asks first
        dialog = next(w for w in app.ui.get_root_container().elements
                      if hasattr(w, "confirm_button"))
        click(app, dialog.confirm_button.get_abs_rect().center)
        frames(app, 2)
        assert isinstance(app.stack.top, HotseatCover)
        assert scene.decisions.assign == {} and scene.decisions.picked is None
        assert scene.selected == []
        dismiss_cover(app)
        assert scene.decisions.assign == {} and scene.selected == []
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- 2. language


def test_language_switch_rerenders_log_and_toast_at_once():
    app, game, scene, labels = start()
    try:
        refuse_queen(app, scene, labels)
        assert "Phoenix Queen" in scene.toast.full_text
        before = game.state.fingerprint()
        app.set_language("ja")
        frames(app, 2)
        assert "不死鳥の女王" in scene.toast.full_text
        assert scene.toast.key.startswith("refusal.")
        expected = [render_message(m, "ja") for m in scene.view.log]
        assert scene._log_lines[:len(expected)] == expected
        # the refusal in the refused seat's log is re-rendered too
        assert "不死鳥の女王" in scene._log_lines[-1]
        assert game.state.fingerprint() == before  # no action was needed
        app.set_language("en")
        frames(app, 1)
        assert "Phoenix Queen" in scene.toast.full_text
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- 3. text fits


def _overflowing(app) -> list[str]:
    """Buttons and labels whose text is wider or taller than the widget."""
    out = []
    for sprite in app.ui.get_sprite_group().sprites():
        text = getattr(sprite, "text", None)
        font = getattr(sprite, "font", None)
        if (not isinstance(text, str) or not text or font is None
                or not isinstance(sprite, (pygame_gui.elements.UIButton,
                                           pygame_gui.elements.UILabel))):
            continue
        w, h = font.get_rect(text).size
        if w > sprite.rect.w - 4 or h > sprite.rect.h:
            out.append(f"{text!r} {w}x{h} in {sprite.rect.size}")
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080), (2560, 1440)])
def test_texts_fit_menu_and_table(size, lang):
    attack = dict(MAIN, phase="attack")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = make_app(size)
        try:
            app.set_language(lang)
            app.show_menu()
            frames(app, 2)
            problems = _overflowing(app)
            game = Game(load_rules("arc"), GameSetup("arc", seed=2, position=attack))
            scene = TableScene(app, game, cover_at_start=False)
            app.stack.replace(scene)
            frames(app, 2)
            problems += _overflowing(app)
            tracker = scene.tracker
            assert tracker.lit == "attack"
            lit = tracker.chips["attack"]
            for phase, chip in tracker.chips.items():
                if phase != "attack":
                    assert not lit.colliderect(chip), (phase, lit, chip)
                    assert not lit.colliderect(tracker.label_rects[phase]), phase
                assert chip.contains(tracker.label_rects[phase]), phase
            assert scene.panel_rect.w >= max(chip.right for chip in tracker.chips.values())
        finally:
            app.shutdown()
    small = [str(w.message) for w in caught if "too small" in str(w.message)]
    assert small == []
    assert problems == []


# ---------------------------------------------------------------------- 5. slide back


def test_refused_card_slides_back_and_state_is_unchanged():
    app, game, scene, labels = start()
    try:
        queen = labels["queen"]
        origin = scene.card_rect(queen).topleft
        before = game.state.fingerprint()
        refuse_queen(app, scene, labels)
        assert game.state.fingerprint() == before
        assert scene.slide is not None and scene.slide.iid == queen
        first = scene.drawn_topleft(queen)
        assert first != origin  # drawn on its way back, not jumped home
        frames(app, 3)
        second = scene.drawn_topleft(queen)
        d1 = abs(first[1] - origin[1]) + abs(first[0] - origin[0])
        d2 = abs(second[1] - origin[1]) + abs(second[0] - origin[0])
        assert d2 < d1
        frames(app, 15)
        assert scene.slide is None
        assert scene.drawn_topleft(queen) == origin == scene.card_rect(queen).topleft
        assert game.state.fingerprint() == before
    finally:
        app.shutdown()


def test_new_pick_up_and_handover_end_the_slide():
    app, game, scene, labels = start()
    try:
        refuse_queen(app, scene, labels)
        assert scene.slide is not None
        rect = scene.card_rect(labels["queen"])
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect.x + 10,
                                                                          rect.centery),
                                             button=1, touch=False))
        app.frame(FRAME)
        assert scene.slide is None and scene.drag is not None
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(rect.x + 10,
                                                                        rect.centery),
                                             button=1, touch=False))
        app.frame(FRAME)
        refuse_queen(app, scene, labels)
        assert scene.slide is not None
        key(app, pygame.K_e)
        assert scene.slide is None  # not shown to the next seat
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- 6. crowded rows


def _crowded(n_chars: int, tapped: set[int], viewer_seat: int = 0) -> dict:
    names = ["blue_frost_warden", "blue_mist_acolyte", "blue_deep_kraken", "blue_tide_caller",
             "blue_frost_warden", "blue_mist_acolyte", "blue_reef_lurker", "blue_night_siren",
             "blue_frost_warden", "blue_mist_acolyte"]
    row = [{"card": names[i], "label": f"c{i}", "tapped": i in tapped}
           for i in range(n_chars)]
    pos = dict(MAIN)
    pos["zones"] = dict(MAIN["zones"], **{"p1.characters": row})
    pos["active"] = viewer_seat
    return pos


def _check_row(scene, labels, n: int) -> None:
    ids = [labels[f"c{i}"] for i in range(n)]
    rects = [scene.card_rect(i) for i in ids]
    order = sorted(range(n), key=lambda i: rects[i].x)
    assert order == sorted(order) or order == list(range(n))  # first card on the left
    cw = scene.card_px[0]
    for a, b in zip(order, order[1:], strict=False):
        ra, rb = rects[a], rects[b]
        visible = rb.x - ra.x
        # cost, the start of the name (vertical when turned) and the power stay in sight
        assert visible >= min(ra.w, round(cw * 0.45)), (a, visible, ra.w)
    for iid, rect in zip(ids, rects, strict=True):
        # hit-testing through the geometry: the left strip of each card is that card
        probe = (rect.x + max(3, rect.w // 8), rect.centery)
        assert scene._card_at_px(probe) == iid


@pytest.mark.parametrize("viewer", [0, 1])
def test_crowded_row_of_eight_with_tapped_cards_stays_readable(viewer):
    app, game, scene, labels = start(_crowded(8, {0, 2, 3, 5, 7}, viewer))
    try:
        assert scene.viewer == viewer
        ids = [labels[f"c{i}"] for i in range(8)]
        rects = [scene.card_rect(i) for i in ids]
        # eight cards, five turned: they shrink and sit side by side, none covered
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b)
        assert min(r.h for r in rects if r.h > r.w) >= round(scene.card_px[1] * 0.7) - 1
        _check_row(scene, labels, 8)
    finally:
        app.shutdown()


@pytest.mark.parametrize("viewer", [0, 1])
def test_overfull_row_overlaps_keeping_left_strips(viewer):
    app, game, scene, labels = start(_crowded(10, {0, 1, 2, 3, 4, 5, 6}, viewer))
    try:
        _check_row(scene, labels, 10)
        covered = [s for s in scene.sprites if s.zone == "p1.characters" and s.covered]
        assert len(covered) == 9
        frames(app, 1)  # the power chips draw without error
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- 4. menu reasons


def test_broken_deck_file_is_listed_and_the_good_decks_stay(tmp_path, monkeypatch):
    import shutil

    from tabletop.resources import resource_path
    from tabletop.ui import menu

    real = resource_path("assets", "decks", "arc")
    folder = tmp_path / "arc"
    folder.mkdir()
    for deck in sorted(real.glob("*.toml")):
        shutil.copy(deck, folder / deck.name)
    (folder / "zz_broken.toml").write_text(
        'name = { en = "Broken", ja = "壊れた" }\n[cards]\nred_spark_squire = -3\n',
        encoding="utf-8")
    monkeypatch.setattr(menu, "resource_path", lambda *parts: tmp_path / parts[-1])
    choice = menu.GameChoice.load("arc")
    assert choice.available
    assert set(choice.decks) == {p.stem for p in real.glob("*.toml")}
    assert "zz_broken.toml" in choice.broken_decks
    assert "cards.red_spark_squire" in choice.broken_decks["zz_broken.toml"]
    monkeypatch.setattr(menu, "game_ids", lambda: ["arc"])
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: choice))
    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        scene = app.stack.top
        import html

        from ui_helpers import click, widget_centre

        from tabletop.ui import dialogs

        # one row in the games column, the list in its Details dialog (issue 16 QA 5)
        click(app, widget_centre(scene.widgets["broken_decks"]))
        frames(app, 2)
        text = html.unescape(dialogs.top_dialog(app.ui).text_block.html_text)
        assert "zz_broken.toml" in text and "cards.red_spark_squire" in text
        assert scene.start_problem() == ""
        options = [o[1] for o in scene.widgets["deck0"].options_list]
        assert sorted(options) == sorted(choice.decks)
    finally:
        app.shutdown()


def test_unavailable_game_shows_the_whole_reason_on_hover(monkeypatch):
    from ui_helpers import fake_choice

    from tabletop.ui import menu

    reason = ("/very/long/path/to/the/data/assets/cards/conan/blue.toml: card "
              "'blue_tide_caller': field 'cost': missing")
    broken = menu.GameChoice("conan", error=reason)
    monkeypatch.setattr(menu, "game_ids", lambda: ["arc", "conan"])
    by_id = {"arc": fake_choice("arc"), "conan": broken}
    monkeypatch.setattr(menu.GameChoice, "load",
                        classmethod(lambda cls, gid, loader=None: by_id[gid]))
    app = make_app()
    try:
        app.show_menu()
        frames(app, 2)
        box = app.stack.top.widgets["game_reason:conan"]
        assert isinstance(box, pygame_gui.elements.UITextBox)
        import html

        # issue 16: one line in the list, the whole reason (not cut off) on hover
        assert reason not in html.unescape(box.html_text)
        assert reason in box.tool_tip_text
        assert box.scroll_bar is None
    finally:
        app.shutdown()
