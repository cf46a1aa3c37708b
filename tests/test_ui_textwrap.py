"""Japanese-aware line breaking in the side panel / toast / cover, and the toast
never overlapping the large hover preview."""

from __future__ import annotations

import os
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import drag, frames, make_app, move  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.ui import card_render  # noqa: E402
from tabletop.ui.fonts import Fonts  # noqa: E402
from tabletop.ui.panels import TextCache  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402
from tabletop.ui.textwrap_ja import NO_LINE_END, NO_LINE_START, wrap_text  # noqa: E402

PROMPT = ("ブロックするキャラクターを選んでください。攻撃しているキャラクター（パワー３）に"
          "対して、あなたのキャラクターを１体ずつ割り当てます。「確定」を押すと、"
          "ダメージが計算されます。ブロックしないときは、そのまま「確定」を押してください。"
          "チャージャー、ファイアーボール、ウィッチ・ドクター…")
KATAKANA_WORDS = ("ブロック", "キャラクター", "ダメージ", "チャージャー", "ファイアーボール")


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()
    return Fonts()


def _check_lines(lines: list[str], text: str) -> None:
    assert "".join(lines) == text.replace("\n", "")  # nothing lost, nothing added
    for i, line in enumerate(lines):
        assert line, lines
        if i:
            assert line[0] not in NO_LINE_START, (i, line, lines)
        if i < len(lines) - 1:
            assert line[-1] not in NO_LINE_END, (i, line, lines)


@pytest.mark.parametrize("width", [90, 120, 150, 181, 200, 240, 300])
@pytest.mark.parametrize("size", [12, 15, 18])
def test_japanese_prompt_never_starts_a_line_with_closing_marks(fonts, width, size):
    font = fonts.get(size)
    lines = wrap_text(PROMPT, font, width)
    assert len(lines) > 2
    _check_lines(lines, PROMPT)
    for line in lines:
        assert font.size(line)[0] <= width, line
    # katakana words that fit a line (with the mark that must stay with them) are
    # never split
    for word in KATAKANA_WORDS:
        if font.size(word + "、")[0] <= width:
            assert not any(line.endswith(word[:k]) and nxt.startswith(word[k:])
                           for line, nxt in pairwise(lines)
                           for k in range(1, len(word))), (word, lines)


def test_overlong_word_is_cut_but_not_before_small_kana(fonts):
    font = fonts.get(15)
    text = "スーパーウルトラハイパーファイアーボールッ"
    width = font.size("スーパーウ")[0]
    lines = wrap_text(text, font, width)
    assert len(lines) > 2
    _check_lines(lines, text)


def test_card_render_reexports_the_shared_wrapping():
    assert card_render.wrap_text is wrap_text


def test_panel_text_uses_the_japanese_wrapping(fonts):
    """The side panel's TextCache (decision prompt, log, preview words, toast) wraps
    with wrap_text: one line height per line of wrap_text, none wider than the width."""
    cache = TextCache(fonts)
    font = fonts.get(15)
    for width in (120, 181, 240):
        surf = cache.get(PROMPT, 15, (255, 255, 255), False, width)
        lines = wrap_text(PROMPT, font, width)
        assert surf.get_height() == font.get_linesize() * (len(lines) - 1) + font.get_height()
        assert surf.get_width() <= width
    surf = fonts.render(PROMPT, 18, (255, 255, 255), wrap=200)
    assert surf.get_width() <= 200
    assert surf.get_height() == (fonts.get(18).get_linesize() * (len(wrap_text(
        PROMPT, fonts.get(18), 200)) - 1) + fonts.get(18).get_height())


# ------------------------------------------------------------------ toast vs preview

MAIN = {
    "turn": 4, "active": 0, "phase": "main",
    "zones": {
        "p0.hand": [{"card": "red_phoenix_queen", "label": "queen"}, "red_battle_cry"],
        "p0.resources": ["red_ember_hills", "red_ember_hills"],
        "p0.characters": [{"card": "red_flame_duelist", "label": "duelist"},
                          {"card": "red_spark_squire", "label": "squire"}],
        "p1.hand": ["blue_deep_kraken", "blue_chill"],
        "p1.resources": ["blue_tide_pool", "blue_tide_pool"],
        "p1.characters": [{"card": "blue_frost_warden", "label": "warden"},
                          {"card": "blue_mist_acolyte", "label": "acolyte"}],
        "p0.deck": ["red_spark_squire"] * 10, "p1.deck": ["blue_mist_acolyte"] * 10,
    },
    "data": {"resource_played": True},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_toast_and_large_preview_never_overlap(size, lang):
    app = make_app(size)
    try:
        if lang != "en":
            app.set_language(lang)
        game = Game(load_rules("arc"), GameSetup("arc", seed=2, position=MAIN))
        scene = TableScene(app, game, cover_at_start=False)
        app.stack.replace(scene)
        frames(app, 2)
        labels = game.state.data["labels"]
        queen = scene.card_rect(labels["queen"])
        drag(app, (queen.x + 10, queen.centery), scene.zone_rect("p0.characters").center)
        frames(app, 30)  # the card slides back
        assert scene.toast.visible
        area = pygame.Rect(scene.viewport.area)
        box = scene.toast.box(area, scene.text, scene.scale)
        assert box is not None and area.contains(box)
        shown = 0
        for name in ("queen", "duelist", "squire", "warden", "acolyte"):
            rect = scene.card_rect(labels[name])
            move(app, rect.center)
            assert scene.hover == labels[name]
            anchor = scene.by_iid[labels[name]].rect
            card = scene.preview.card_rect(area, anchor, box)
            if card is not None:
                shown += 1
                assert not card.colliderect(box), (name, card, box)
                assert area.contains(card), (name, card, area)
                assert card.h >= 120
        assert shown == 5  # at these sizes the preview moves up rather than vanishing
        # without a toast the preview sits where it always did
        scene.toast.clear()
        assert scene.toast.box(area, scene.text, scene.scale) is None
        plain = scene.preview.card_rect(area, anchor, None)
        assert plain.centery == area.centery
    finally:
        app.shutdown()
