"""The CSV import screen: a spreadsheet's set list into a card file, with the column
mapping and a preview (issue 16; the command line's ``tabletop csv-import`` in a window).

Opened from the deck builder's **Import** for a ``.csv`` file in the user's card folder
(``userdirs.folder(Kind.CARDS, game)``). One drop-down per card field chooses its column
("—": none); the card type may also be one value for every row. Each column is guessed
first from its header (the field's id or its words in either language). The preview
shows the first rows as they would become cards and every problem with its row and
column (:func:`tabletop.core.csv_cards.import_rows`, the same as the command line);
**Import** writes the good rows to ``<csv name>.toml`` beside it and goes back to the
builder, whose pool then holds them; when that file is there already with other
contents (an earlier import, perhaps edited by hand) it asks before replacing it
(QA16b #9). Esc or **Back** returns without writing. A file of a header row alone
says so in the preview (QA16b #15).
"""

from __future__ import annotations

import importlib
import logging
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from tabletop import i18n
from tabletop.core.csv_cards import (
    BASE_FIELDS,
    CsvError,
    CsvImport,
    CsvTable,
    cards_toml,
    import_rows,
    read_csv,
)
from tabletop.core.rules import GameRules
from tabletop.ui import dialogs
from tabletop.ui.deck_lists import PANEL, PANEL_EDGE, TEXT, TEXT_DIM, TEXT_OK, TEXT_PROBLEM
from tabletop.ui.host import Host
from tabletop.ui.scene import Scene

__all__ = ["CsvImportScene", "csv_files", "guess_mapping", "mapping_fields"]

log = logging.getLogger(__name__)

BACKGROUND = (24, 48, 38)
#: Rows shown in the preview.
PREVIEW_ROWS = 6
NONE = ""
#: Headers a spreadsheet often gives these fields, besides their ids and words.
ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("english", "name en", "英語名"),
    "name.ja": ("japanese", "name ja", "日本語", "日本語名", "カード名", "名前",
                "カード名（日本語）"),
    "text.ja": ("japanese text", "テキスト"),
    "alignment": ("align", "G/E"),
}
CONSTANT = "="


def csv_files(game: str) -> list[Path]:
    """The ``.csv`` files in the user's card folder of ``game``, newest first."""
    from tabletop.userdirs import Kind, folder

    try:
        files = [p for p in folder(Kind.CARDS, game).glob("*.csv") if p.is_file()]
        return sorted(files, key=lambda p: (-p.stat().st_mtime, p.name))
    except OSError:
        return []


def mapping_fields(rules: GameRules) -> list[str]:
    """The fields a column may be mapped to: the base ones (``id``, ``type``, names,
    texts), then the game's schema fields in order, a table field entry by entry (the
    entries its cards have: 絵師100人展 ``connectors.top_left``...)."""
    schema = importlib.import_module(f"tabletop.games.{rules.game_id}.schema").SCHEMA
    fields = [f for f in BASE_FIELDS if f not in ("name.en", "text.en")]
    for specs in schema.values():
        for name, spec in specs.items():
            kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
            if dict in kinds:
                sample: dict[str, Any] = next((c.get(name) for c in rules.cards.values()
                               if isinstance(c.get(name), dict)), {})
                for sub in sample:
                    if f"{name}.{sub}" not in fields:
                        fields.append(f"{name}.{sub}")
            elif name not in fields:
                fields.append(name)
    return fields


def _norm(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split()).replace("_", "")


def field_words(game: str, fld: str) -> list[str]:
    """What a header naming ``fld`` may say: the id, and its words in every language."""
    words = [fld, fld.replace(".", " "), *ALIASES.get(fld, ())]
    keys = [f"decks.field.{fld}", f"decks.facet_title.{fld}", f"decks.cost.{game}"
            if fld in ("cost", "connect_cost") else ""]
    for lang in i18n.languages():
        for key in filter(None, keys):
            if i18n.has_text(key, lang):
                words.append(i18n.msg(key).render(lang))
    return words


def guess_mapping(table: CsvTable, fields: list[str], game: str) -> dict[str, str]:
    """Field -> header for every field whose words match a header (ignoring case,
    width, spaces and underscores)."""
    headers = {_norm(h): h for h in table.headers if h}
    out: dict[str, str] = {}
    for fld in fields:
        for word in field_words(game, fld):
            header = headers.get(_norm(word))
            if header is not None and header not in out.values():
                out[fld] = header
                break
    return out


class CsvImportScene(Scene):
    """The CSV import screen of ``path`` for ``rules``' game (see the module docstring).
    ``on_back(written)`` returns to the builder (``written``: the card file, or None)."""

    timers_show = False

    def __init__(self, app: Host, rules: GameRules, path: Path,
                 on_back: Callable[[Path | None], None]) -> None:
        super().__init__(app)
        self.rules, self.path, self.on_back = rules, path, on_back
        self.widgets: dict[str, Any] = {}
        self.fields = mapping_fields(rules)
        self.error = ""
        self.table = CsvTable((), ())
        try:
            self.table = read_csv(path)
        except CsvError as exc:
            self.error = str(exc)
        self.mapping: dict[str, str] = guess_mapping(self.table, self.fields, rules.game_id)
        self.constants: dict[str, str] = {}
        self.result = CsvImport()
        self.preview()
        self.build()

    @property
    def target(self) -> Path:
        """The card file the import writes."""
        return self.path.with_suffix(".toml")

    def preview(self) -> CsvImport:
        """Import the rows in memory with the mapping as chosen (nothing written)."""
        if self.error and not self.table.headers:
            self.result = CsvImport()
            return self.result
        base = {cid: c for cid, c in self.rules.cards.items() if c.source != str(self.target)}
        try:
            self.result = import_rows(self.table, self.mapping, self.rules.game_id,
                                      self.constants, base, str(self.target))
            self.error = ""
        except CsvError as exc:
            self.result = CsvImport()
            self.error = str(exc)
        return self.result

    def choose(self, fld: str, option: str) -> None:
        """Map ``fld`` to the column ``option`` ("" none; ``"=value"`` one value for every
        row) and preview again."""
        self.mapping.pop(fld, None)
        self.constants.pop(fld, None)
        if option.startswith(CONSTANT):
            self.constants[fld] = option[len(CONSTANT):]
        elif option:
            self.mapping[fld] = option
        self.preview()

    def write(self) -> None:
        """Write the good rows to :attr:`target` and go back; tells what was left out.
        A target there already with other contents is replaced only when the user
        says so (:meth:`replace`)."""
        if not self.result.entries:
            body = self.error or i18n.t("decks.csv.no_rows" if not self.table.rows
                                        else "decks.csv.nothing")
            dialogs.message(self.app, "decks.csv.title", body)
            return
        text = self._text()
        if self._other_contents(text):
            dialogs.choose(self.app, "decks.csv.exists_title",
                           i18n.t("decks.csv.exists", file=self.target.name),
                           [(i18n.t("decks.csv.replace", file=self.target.name),
                             self.replace), ("button.cancel", None)], width=560)
            return
        self.replace()

    def _text(self) -> str:
        return cards_toml(self.result.entries, f"Imported from {self.path.name} in the deck "
                                               "builder.")

    def _other_contents(self, text: str) -> bool:
        """True when :attr:`target` exists and holds something else than ``text``."""
        try:
            return self.target.read_text(encoding="utf-8") != text
        except FileNotFoundError:
            return False
        except (OSError, UnicodeDecodeError):
            return self.target.exists()

    def replace(self) -> None:
        """Write the good rows to :attr:`target` whatever it held, and go back."""
        from tabletop.core.deck_files import shared_mode
        from tabletop.core.persistence import SaveError, write_text_atomic

        text = self._text()
        try:
            shared_mode(write_text_atomic(text, self.target))
        except SaveError as exc:
            dialogs.message(self.app, "decks.csv.title", str(exc))
            return
        self.on_back(self.target)

    def back(self) -> None:
        """Back to the builder, writing nothing."""
        self.on_back(None)

    # ------------------------------------------------------------------ scene hooks
    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild for the new size or language."""
        self.build()

    def close(self) -> None:
        """Leaving: remove the widgets."""
        for widget in self.widgets.values():
            widget.kill()
        self.widgets = {}

    def frame_due(self) -> float | None:
        """Only input changes what is shown."""
        return None

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The mapping's drop-downs; Esc goes back."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for fld in self.fields:
                if event.ui_element is self.widgets.get(f"map:{fld}"):
                    self.choose(fld, getattr(event, "selected_option_id", "") or "")
                    return None
            return event
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                dialogs.top_dialog(self.app.ui) is None:
            self.back()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """The panels and the preview."""
        surface.fill(BACKGROUND)
        s = self.app.scale
        fonts = self.app.fonts

        def px(v: float) -> int:
            return round(v * s)

        for key in ("left", "right"):
            rect = self.rects[key]
            pygame.draw.rect(surface, PANEL, rect, border_radius=px(8))
            pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=px(8))
        area = self.rects["right"].inflate(-px(20), -px(20))
        x, y, w = area.x, area.y, area.width
        result = self.result
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        if self.error:
            lines.append((self.error, TEXT_PROBLEM, False))
        elif not self.table.rows:  # "0 of 0" alone left the user guessing (QA16b #15)
            lines.append((i18n.t("decks.csv.no_rows"), TEXT_PROBLEM, False))
        else:
            lines.append((i18n.t("decks.csv.preview", n=len(result.entries),
                                 rows=len(self.table.rows)), TEXT_OK if result.entries
                          else TEXT_PROBLEM, True))
            for entry in result.entries[:PREVIEW_ROWS]:
                lines.append((_entry_line(entry), TEXT, False))
            if len(result.entries) > PREVIEW_ROWS:
                lines.append(("…", TEXT_DIM, False))
            if result.problems:
                lines.append((i18n.t("decks.csv.problems", n=len(result.problems)),
                              TEXT_PROBLEM, True))
                lines += [(str(p), TEXT, False) for p in result.problems]
        for text, colour, bold in lines:
            surf = fonts.render(text, px(14), colour, bold=bold, wrap=w, centre=False)
            if y + surf.get_height() > area.bottom:
                surface.blit(fonts.render("…", px(14), TEXT_DIM), (x, y))
                break
            surface.blit(surf, (x, y))
            y += surf.get_height() + px(4)

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        """(Re)create the widgets for the size and language."""
        self.close()
        ui, add = self.app.ui, self.widgets.__setitem__
        s = self.app.scale
        w, h = self.app.size

        def px(v: float) -> int:
            return round(v * s)

        m, gap, bh = px(16), px(8), px(34)
        title = i18n.t("decks.csv.heading", file=self.path.name)
        add("title", UILabel(pygame.Rect(m, m, w - 2 * m - px(2 * 150 + 16), px(40)), title, ui,
                             object_id="#section"))
        add("back", UIButton(pygame.Rect(w - m - px(150), m, px(150), px(40)),
                             i18n.t("decks.back"), ui, command=self.back))
        add("import", UIButton(pygame.Rect(w - m - px(308), m, px(150), px(40)),
                               i18n.t("decks.csv.write"), ui, command=self.write))
        top = m + px(52)
        left = pygame.Rect(m, top, (w - 2 * m - px(12)) * 55 // 100, h - top - m)
        right = pygame.Rect(left.right + px(12), top, w - m - left.right - px(12), h - top - m)
        self.rects = {"left": left, "right": right}
        pad = px(10)
        columns = 2
        col_w = (left.width - 2 * pad - gap) // columns
        label_w = col_w * 45 // 100
        per_column = -(-len(self.fields) // columns)
        row_h = min(bh + px(6), (left.height - 2 * pad) // max(1, per_column))
        headers: list[str | tuple[str, str]] = [("—", NONE)]
        headers += [(header, header) for header in self.table.headers if header]
        types = list(importlib.import_module(
            f"tabletop.games.{self.rules.game_id}.schema").SCHEMA)
        for i, fld in enumerate(self.fields):
            cx = left.x + pad + (i // per_column) * (col_w + gap)
            cy = left.y + pad + (i % per_column) * row_h
            words = i18n.t(f"decks.field.{fld}") if i18n.has_text(f"decks.field.{fld}") \
                else fld
            add(f"label:{fld}", UILabel(pygame.Rect(cx, cy, label_w, row_h - px(4)), words, ui,
                                        object_id="#note"))
            options = list(headers)
            if fld == "type":
                options += [(i18n.t("decks.csv.every_row", value=t), CONSTANT + t) for t in types]
            chosen = CONSTANT + self.constants[fld] if fld in self.constants else \
                self.mapping.get(fld, NONE)
            current = next((o for o in options if isinstance(o, tuple) and o[1] == chosen),
                           options[0])
            add(f"map:{fld}", UIDropDownMenu(options, current, pygame.Rect(
                cx + label_w, cy, col_w - label_w, row_h - px(4)), ui))


def _entry_line(entry: dict[str, Any]) -> str:
    """One card of the preview: its name, id, type and other fields, briefly."""
    name = entry.get("name", {})
    shown = [f"{name.get('en', '')} / {name.get('ja', '')}", str(entry.get("id", "")),
             str(entry.get("type", ""))]
    for key, value in entry.items():
        if key in ("id", "type", "name", "text"):
            continue
        shown.append(f"{key} {value}")
    return " · ".join(shown)
