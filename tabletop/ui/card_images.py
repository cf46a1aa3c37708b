"""Card images (issue 16): a scan or photo of a card drawn on its face.

The picture is ``userdirs.folder(Kind.IMAGES, game)/<card id>.png`` (or ``.jpg``,
:func:`tabletop.user_content.image_path`). It is fitted into the card (whole, its
proportions kept, centred on the card's body colour), the corners rounded like the
generated faces, and the numbers the rules read (cost, power, ATK/HP...:
:data:`STATS`) are drawn over its foot in a dark, readable strip, so a photo taken in
poor light or a card in another language still shows what the program counts. A card
without a picture, or whose picture cannot be read, gets the generated face.

Caching: the pictures as read are kept in a :class:`~tabletop.ui.surface_cache.SurfaceCache`
of their own (:data:`SOURCE_BUDGET` bytes, :data:`SOURCE_ITEMS` pictures); the face
drawn at each size (each zoom) is kept by the renderer's face cache like any face.
A picture that cannot be read is told once (:mod:`tabletop.notices`) and remembered as
"none" so it is not read again at every size.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import notices
from tabletop.i18n import t
from tabletop.ui.surface_cache import SurfaceCache

if TYPE_CHECKING:
    from tabletop.ui.card_render import CardRenderer

__all__ = ["SOURCE_BUDGET", "SOURCE_ITEMS", "STATS", "CardImages", "fit_rect", "stat_line"]

log = logging.getLogger(__name__)

#: Bytes of pictures as read kept at most (a 1200x1700 scan is ~8 MiB).
SOURCE_BUDGET = 96 * 2 ** 20
#: Pictures as read kept at most, whatever their size.
SOURCE_ITEMS = 48
#: The card fields each game's rules read as numbers, in the order the strip shows
#: them; each is labelled ``usercontent.stat.<game>.<field>`` (the rule documents'
#: terms). Conan's icons stay on the picture itself (they are the printed card's).
STATS: dict[str, tuple[str, ...]] = {
    "arc": ("cost", "power"),
    "conan": ("initiative", "cost", "damage", "prowess", "vitality", "health", "renown",
              "scars"),
    "eshi100": ("connect_cost", "power"),
    "xenocard": ("cost", "atk", "hp", "duration"),
}
#: The strip's colours: near-black at 80% under white numbers.
STRIP = (16, 16, 20, 204)
STRIP_INK = (255, 255, 255)
#: The strip's text is this share of the card's height, never under MIN_TEXT_PX; on a
#: large card (the pointed-at card's view) 10 px plus LARGE_SHARE of its height.
TEXT_SHARE = 0.085
LARGE_SHARE = 0.03
#: The labelled numbers take at most this many lines; beyond, the bare numbers show.
MAX_LINES = 3
MIN_TEXT_PX = 12
_BODY = (240, 234, 220)
_FRAME = (120, 120, 128)


def fit_rect(image: tuple[int, int], box: pygame.Rect) -> pygame.Rect:
    """The largest rectangle of ``image``'s proportions (w, h pixels) inside ``box``,
    centred in it (the whole picture shows; the rest of the box stays empty)."""
    iw, ih = max(1, image[0]), max(1, image[1])
    scale = min(box.width / iw, box.height / ih)
    w, h = max(1, round(iw * scale)), max(1, round(ih * scale))
    return pygame.Rect(box.x + (box.width - w) // 2, box.y + (box.height - h) // 2, w, h)


def stat_line(card: Any, labelled: bool = True) -> list[str]:
    """The strip's items for ``card`` (a CardDef): ``"Cost 3"``... per field of
    :data:`STATS` the card has (``"3"``... when not ``labelled``)."""
    out: list[str] = []
    for name in STATS.get(card.game, ()):
        value = card.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        label = t(f"usercontent.stat.{card.game}.{name}")
        out.append(f"{label} {value}" if labelled else str(value))
    return out


class CardImages:
    """The user's card pictures of one renderer (one game's card database)."""

    def __init__(self) -> None:
        #: Pictures as read by path (None: none could be read from it).
        self.sources: SurfaceCache[str, pygame.Surface | None] = SurfaceCache(
            SOURCE_BUDGET, max_items=SOURCE_ITEMS)
        #: Where each card's picture is (None: it has none), looked up once.
        self._paths: dict[str, Path | None] = {}
        #: Per game, the lower-cased names of the files in its pictures folder, read once
        #: (a card's first face asked six times whether a file is there, issue 14).
        self._listed: dict[str, frozenset[str]] = {}

    def path_of(self, game: str, card_id: str) -> Path | None:
        """The picture file of ``card_id`` (looked up once per card; the folder is read
        when the first card is looked up: a picture added later shows at the next
        table)."""
        if card_id not in self._paths:
            from tabletop.user_content import IMAGE_SUFFIXES, image_path

            names = self._names(game)
            self._paths[card_id] = None
            if any(f"{card_id}{suffix}".lower() in names for suffix in IMAGE_SUFFIXES):
                with contextlib.suppress(OSError):  # the exact name is the user folder's
                    self._paths[card_id] = image_path(game, card_id)
        return self._paths[card_id]

    def _names(self, game: str) -> frozenset[str]:
        """The lower-cased file names in ``game``'s pictures folder (none when it cannot
        be read)."""
        if game not in self._listed:
            from tabletop.userdirs import Kind, folder

            try:
                self._listed[game] = frozenset(p.name.lower()
                                               for p in folder(Kind.IMAGES, game).iterdir())
            except OSError:
                self._listed[game] = frozenset()
        return self._listed[game]

    def source(self, path: Path) -> pygame.Surface | None:
        """The picture at ``path`` as read (cached); None when it cannot be read (told
        once, with the file)."""
        key = str(path)
        if key in self.sources:
            return self.sources.get(key)
        picture: pygame.Surface | None
        try:
            picture = _deep(pygame.image.load(key))
        except (pygame.error, OSError, ValueError) as exc:
            from tabletop.user_content import relative

            problem = relative(f"{path}: image: cannot be read ({exc})")
            log.warning("%s", problem)
            notices.report(problem)
            picture = None
        self.sources[key] = picture
        return picture

    def face(self, renderer: CardRenderer, card_id: str, w: int, h: int,
             lang: str) -> pygame.Surface:
        """The face of ``card_id`` at ``w`` x ``h`` pixels: the user's picture with the
        numbers strip when there is one, else ``renderer.draw_face`` (the generated
        face)."""
        card = renderer.cards.get(card_id)
        path = self.path_of(card.game, card_id) if card is not None else None
        picture = self.source(path) if path is not None else None
        if card is None or picture is None:
            return renderer.draw_face(card_id, w, h, lang)
        return self.draw(renderer, card, picture, w, h)

    def draw(self, renderer: CardRenderer, card: Any, picture: pygame.Surface, w: int,
             h: int) -> pygame.Surface:
        """``picture`` fitted on a ``w`` x ``h`` card with rounded corners, and the strip
        of :func:`stat_line` over its foot."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        pygame.draw.rect(surf, _BODY, (0, 0, w, h), border_radius=radius)
        where = fit_rect(picture.get_size(), surf.get_rect())
        scaled = pygame.transform.smoothscale(picture, where.size)
        surf.blit(scaled, where)
        corners = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(corners, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
        surf.blit(corners, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(surf, _FRAME, (0, 0, w, h), max(1, w // 40), border_radius=radius)
        self._strip(renderer, surf, card)
        return surf

    def _strip(self, renderer: CardRenderer, surf: pygame.Surface, card: Any) -> None:
        """The numbers over the card's foot: labelled when they fit on at most
        :data:`MAX_LINES` lines, else the bare numbers."""
        w, h = surf.get_size()
        # a share of a small card, less of a large view (the picture is what it shows)
        size = max(MIN_TEXT_PX, round(min(h * TEXT_SHARE, 10 + h * LARGE_SHARE)))
        font = renderer.fonts.get(size, True)
        pad = max(2, w // 20)
        room = w - 2 * pad
        lines: list[str] = []
        for labelled in (True, False):
            items = stat_line(card, labelled)
            if not items:
                return
            lines = _wrap(items, font, room)
            if all(font.size(line)[0] <= room for line in lines) and len(lines) <= MAX_LINES:
                break
        line_h = font.get_linesize()
        strip_h = line_h * len(lines) + pad
        strip = pygame.Surface((w, strip_h), pygame.SRCALPHA)
        strip.fill(STRIP)
        y = pad // 2
        for line in lines:
            ink = font.render(line, True, STRIP_INK)
            strip.blit(ink, ((w - ink.get_width()) // 2, y))
            y += line_h
        top = h - strip_h - max(1, w // 40)
        surf.blit(strip, (0, top))


def _deep(picture: pygame.Surface) -> pygame.Surface:
    """``picture`` in 24 or 32 bits a pixel (smoothscale takes no palette picture)."""
    if picture.get_bitsize() in (24, 32):
        return picture
    deep = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    deep.blit(picture, (0, 0))
    return deep


def _wrap(items: list[str], font: pygame.font.Font, room: int) -> list[str]:
    """``items`` joined by two spaces into as few lines of ``room`` pixels as fit."""
    lines: list[str] = []
    for item in items:
        if lines and font.size(f"{lines[-1]}  {item}")[0] <= room:
            lines[-1] = f"{lines[-1]}  {item}"
        else:
            lines.append(item)
    return lines
