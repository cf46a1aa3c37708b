"""QA findings of issue 16 on the deck builder and the user's text: a NUL in a card
name is refused where it is read and never crashes a drawing (#3), deck files are
readable by others (#21)."""

from __future__ import annotations

import stat

import pygame
import pytest
from ui_helpers import frames, make_app

from tabletop.core.cards import CardDataError, parse_cards
from tabletop.core.deck_files import save_deck
from tabletop.core.decks import Deck
from tabletop.core.rules import load_rules
from tabletop.ui.deck_builder import DeckBuilderScene
from tabletop.ui.fonts import Fonts
from tabletop.ui.textwrap_ja import ellipsize, render_wrapped
from tabletop.userdirs import Kind, folder

NUL_CARD = '''[[card]]
id = "u_nul"
type = "character"
name = { en = "Nul\\u0000Name", ja = "ヌル" }
colour = "red"
cost = 1
power = 1
'''


def test_a_nul_in_a_card_name_is_refused_with_its_field() -> None:
    import tomllib

    from tabletop.games.arc.schema import SCHEMA

    with pytest.raises(CardDataError) as info:
        parse_cards(tomllib.loads(NUL_CARD), "mine.toml", "arc", SCHEMA)
    assert info.value.field == "name.en" and "U+0000" in info.value.problem


def test_validate_names_the_file_with_a_nul_card_and_the_builder_draws_without_it() -> None:
    cards = folder(Kind.CARDS, "arc")
    cards.mkdir(parents=True)
    (cards / "mine.toml").write_text(NUL_CARD, encoding="utf-8")
    rules = load_rules("arc")
    assert "u_nul" not in rules.cards
    assert any("mine.toml" in p and "name.en" in p for p in rules.user_problems)
    app = make_app()
    scene = DeckBuilderScene(app, "arc")
    app.stack.replace(scene)
    scene.set_filter(text="nul")
    frames(app, 2)  # drawing the row crashed in fonts.render


def test_text_drawing_never_refuses_a_control_character() -> None:
    fonts = Fonts()
    assert fonts.render("Nul\x00Name", 16, (255, 255, 255)).get_width() > 0
    assert fonts.render("Nul\x00Name " * 8, 16, (255, 255, 255), wrap=80).get_height() > 16
    font = pygame.font.Font(None, 16)
    assert render_wrapped(font, "a\x00b", (0, 0, 0), 50).get_width() > 0
    assert "\x00" not in ellipsize("Nul\x00Name" * 10, font, 40)


def test_a_saved_deck_file_is_readable_by_others() -> None:
    deck = Deck("qa_red", {"en": "QA Red", "ja": "QA Red"}, {"main": {"red_flame_duelist": 3}})
    path = save_deck(deck, "arc")
    assert stat.S_IMODE(path.stat().st_mode) & 0o044 == 0o044
