"""The deck builder's card preview (QA16 #13): the hovered card's face, drawn as the
table draws it (the game's own :class:`~tabletop.ui.card_render.CardRenderer`, the
user's picture when there is one), and its rules text, in a panel beside the list
the pointer is over (over the other list, never under the pointer)."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.card_render import CardRenderer
from tabletop.ui.deck_lists import PANEL, PANEL_EDGE, TEXT

__all__ = ["CardPreview"]

#: A card's height / width (every game's cards are portrait, about 63 x 88 mm).
ASPECT = 88 / 63


class CardPreview:
    """Draws the preview of one card of ``rules`` with ``fonts`` (the builder's)."""

    def __init__(self, rules: Any, fonts: Any) -> None:
        self.rules = rules
        self.fonts = fonts
        self.renderer = _renderer(rules, fonts)

    def draw(self, surface: pygame.Surface, card_id: str, beside: pygame.Rect,
             scale: float, lang: str) -> pygame.Rect | None:
        """Draw ``card_id``'s face and rules text in a panel inside ``beside`` (window
        pixels; the panel covers it, the face at most 40 % of the window's height);
        returns the panel's rectangle, or None for an unknown card."""
        card = self.rules.cards.get(card_id)
        if card is None:
            return None
        def px(v: float) -> int:
            return round(v * scale)

        pad = px(10)
        face_h = min(surface.get_height() * 40 // 100, beside.height - 2 * pad)
        face_w = min(round(face_h / ASPECT), beside.width - 2 * pad)
        face_h = round(face_w * ASPECT)
        if face_w < px(60):
            return None
        text = card.get("text")
        rules_text = text.get(lang) or text.get("en", "") if isinstance(text, dict) else ""
        fonts = self.fonts
        width = beside.width - 2 * pad
        body = fonts.render(rules_text, px(15), TEXT, wrap=width, centre=False) \
            if rules_text else None
        # the whole column: a panel ending mid-column left the legality text it covered
        # showing in cut lines under it (a lone "48", QA16b #19)
        panel = pygame.Rect(beside)
        pygame.draw.rect(surface, PANEL, panel, border_radius=px(8))
        pygame.draw.rect(surface, PANEL_EDGE, panel, 1, border_radius=px(8))
        face = self.renderer.images.face(self.renderer, card_id, face_w, face_h, lang)
        surface.blit(face, (panel.centerx - face_w // 2, panel.y + pad))
        if body is not None:
            y = panel.y + pad + face_h + pad
            clip = surface.get_clip()
            surface.set_clip(panel.inflate(-2, -2))
            surface.blit(body, (panel.x + pad, y))
            surface.set_clip(clip)
        return panel


def _renderer(rules: Any, fonts: Any) -> CardRenderer:
    """The game's own face renderer (its window plugin's), or the plain one."""
    from tabletop.ui.games import NoGameUI, load_game_ui

    try:
        return load_game_ui(rules.game_id, rules).make_renderer(fonts)
    except NoGameUI:
        return CardRenderer(fonts, rules.cards)
