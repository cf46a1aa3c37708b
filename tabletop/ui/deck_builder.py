"""The deck builder (issue 16): build, check and keep decks of one's own, per game.

Opened from the menu's **Decks** button (:func:`open_deck_builder`). On the left the
pool (the game's cards and the user's own card files, :mod:`tabletop.core.deck_pool`)
with its filters (search in English or Japanese, type, colour / kind / icon /
attribute, cost, power); in the middle the deck, pile by pile; on the right whether
it is legal (every problem in the game's words with its rule, from the game's own
``decklegal``), its counts, cost curve and type split.

* a click on a pool card adds a copy, a right-click takes one out; in the deck a
  click takes one out and a right-click adds one; a card dragged from the pool onto
  the deck adds a copy, one dragged from the deck onto the pool takes one out;
* **Save** writes the deck to ``userdirs.folder(Kind.DECKS, game)`` (a ready-made
  deck is saved as a deck of one's own), **Rename** gives its file the new name,
  **Duplicate** saves a copy, **Delete** asks, then deletes the file;
* **Export** writes the deck as plain text (:mod:`tabletop.core.deck_text`) beside
  the deck files and onto the clipboard; **Import** reads such a text from the
  clipboard or a ``.txt`` file there, reporting every line it cannot read;
* Ctrl+S saves, Esc goes back to the menu (asking first about unsaved changes).

A broken user card or deck file is left out and named (file and field) in a message;
it never closes the window.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from tabletop import i18n, notices
from tabletop.core.deck_check import DeckProblem
from tabletop.core.deck_files import (
    UserDecks,
    deck_folder,
    delete_deck,
    load_user_decks,
    new_deck_id,
    save_deck,
)
from tabletop.core.deck_filter import CardFilter, values_of
from tabletop.core.deck_pool import Pool, load_pool
from tabletop.core.deck_stats import DeckStats, facets_of
from tabletop.core.deck_text import format_deck, parse_deck_text
from tabletop.core.decks import Deck, DeckError, load_deck
from tabletop.core.rules import GameRules, game_ids, load_rules, register_card_names
from tabletop.ui import deck_io, dialogs, menu_decks
from tabletop.ui.deck_lists import (
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    TEXT_PROBLEM,
    ListView,
    Row,
)
from tabletop.ui.deck_model import DeckDraft
from tabletop.ui.deck_rows import deck_rows, label, pool_rows
from tabletop.ui.deck_summary import draw_carried, draw_summary
from tabletop.ui.host import Host
from tabletop.ui.scene import Scene
from tabletop.ui.screen_fit import DECKS_TOOLBAR as TOOLBAR
from tabletop.ui.screen_fit import deck_builder_need, toolbar_button_w, toolbar_name_w

__all__ = ["DeckBuilderScene"]

log = logging.getLogger(__name__)

BACKGROUND = (24, 48, 38)
#: Pixels (at scale 1) the pointer moves with the button down before a press is a drag.
DRAG_START = 6
USER, READY, NEW = "user:", "ready:", "new"
#: The menu's prefix of a user deck's id (:data:`tabletop.ui.deck_menu.USER_PREFIX`).
USER_MENU = menu_decks.USER_PREFIX


class DeckBuilderScene(Scene):
    """The deck builder of one game (see the module docstring)."""

    timers_show = False

    def __init__(self, app: Host, game: str | None = None,
                 rules_loader: Callable[[str], GameRules] = load_rules) -> None:
        super().__init__(app)
        self.rules_loader = rules_loader
        self._rules: dict[str, GameRules] = {}
        self.broken_games: dict[str, str] = {}
        for gid in game_ids():
            try:
                self._rules[gid] = rules_loader(gid)
            except Exception as exc:  # a broken card file: that game is not offered
                log.warning("deck builder: %s unavailable: %s", gid, exc)
                self.broken_games[gid] = str(exc)
        self.widgets: dict[str, Any] = {}
        self._told: list[str] = []
        self.status = ""
        self.filter = CardFilter()
        self.pool_view = ListView(pygame.Rect(0, 0, 1, 1), app.scale)
        self.deck_view = ListView(pygame.Rect(0, 0, 1, 1), app.scale)
        self.rects: dict[str, pygame.Rect] = {}
        self._press: tuple[str, Row, tuple[int, int], int] | None = None
        self.dragging: tuple[str, Row] | None = None
        self._problems: list[DeckProblem] = []
        #: The first problem shown in the legality list (the wheel scrolls it, QA16b #10),
        #: and where the list was drawn with how many problems it does not show.
        self.problem_first = 0
        self._problem_area: tuple[pygame.Rect, int] = (pygame.Rect(0, 0, 0, 0), 0)
        self._preview: tuple[Any, Any] | None = None
        self._stats: DeckStats | None = None
        self._need: tuple[str, tuple[int, int]] | None = None
        first = game if game in self._rules else next(iter(self._rules), "")
        self.game = first
        self.pool: Pool | None = None
        self.user = UserDecks()
        self.ready: dict[str, Deck] = {}
        self.draft: DeckDraft | None = None
        if first:
            self._load_game(first)
        self.build()

    # ------------------------------------------------------------------ game and decks
    @property
    def rules(self) -> GameRules:
        """The rules of the game shown."""
        return self._rules[self.game]

    def _load_game(self, game: str) -> None:
        """Load ``game``'s pool, the user's decks and the ready-made ones; open the
        first deck of the user's (else a new one)."""
        self.game = game
        rules = self._rules[game]
        self.pool = load_pool(rules)
        register_card_names(self.pool.cards)  # the user's cards named in problems too
        self.user = load_user_decks(game, list(self.pool.cards), rules.deck_options)
        self.ready = self._ready_decks(rules)
        problems = [_short(p) for p in self.pool.problems] + list(self.user.broken.values())
        # told once a run, as the menu tells its file problems, not at every visit (QA16b #17)
        problems = [p for p in problems if notices.first_time(f"decks:{game}:{p}")]
        if problems:
            self._told.append(i18n.t("decks.broken_body", problems="\n".join(
                f"• {p}" for p in problems)))
        self.filter = CardFilter()
        first = next(iter(self.user.decks), None)
        if first is not None:
            self.open_deck(USER + first)
        else:
            self.new_deck()

    @staticmethod
    def _ready_decks(rules: GameRules) -> dict[str, Deck]:
        from tabletop.resources import resource_path

        out: dict[str, Deck] = {}
        try:
            files = sorted(resource_path("assets", "decks", rules.game_id).glob("*.toml"))
        except (FileNotFoundError, OSError):
            return out
        for path in files:
            try:
                out[path.stem] = load_deck(path, list(rules.cards), rules.deck_options)
            except DeckError as exc:  # the menu names it; here it is only not offered
                log.warning("ready-made deck %s: %s", path, exc)
        return out

    def deck_choices(self) -> list[tuple[str, str]]:
        """The deck drop-down's (label, choice id): the user's decks, the deck being
        made when it is not saved yet, then the ready-made ones."""
        lang = self.app.lang
        out = [(d.display_name(lang), USER + i) for i, d in self.user.decks.items()]
        draft = self.draft
        if draft is not None and draft.saved_id is None and not draft.deck_id.startswith(READY):
            out.append((draft.name.get(lang) or draft.name["en"], NEW))
        out += [(i18n.t("decks.ready_made", name=d.display_name(lang)), READY + i)
                for i, d in self.ready.items()]
        return out

    def current_choice(self) -> str:
        """The drop-down id of the deck being edited."""
        if self.draft is None or self.draft.saved_id is None:
            return NEW if self.draft is None or not self.draft.deck_id.startswith(READY) \
                else self.draft.deck_id
        return USER + self.draft.saved_id

    def open_deck(self, choice: str) -> None:
        """Edit the user's deck (``user:<id>``) or a ready-made one (``ready:<id>``: a
        copy, saved as the user's own)."""
        assert self.pool is not None
        if choice.startswith(USER) and choice[len(USER):] in self.user.decks:
            deck = self.user.decks[choice[len(USER):]]
            self.draft = DeckDraft.from_deck(self.pool, deck, deck.id)
            self.status = i18n.t("decks.saved_at", file=f"{deck.id}.toml")
        elif choice.startswith(READY) and choice[len(READY):] in self.ready:
            deck = self.ready[choice[len(READY):]]
            self.draft = DeckDraft.from_deck(self.pool, deck, None)
            self.draft.deck_id = READY + deck.id
            self.status = i18n.t("decks.ready_only")
        else:
            return
        self.refresh()

    def new_deck(self) -> None:
        """Start an empty deck (not saved until Save)."""
        assert self.pool is not None
        new = i18n.msg("decks.new_name")
        self.draft = DeckDraft(self.pool, "new", {lang: new.render(lang) for lang in ("en", "ja")})
        self.status = ""
        self.refresh()

    def _taken_ids(self) -> set[str]:
        return set(self.user.decks) | set(self.ready)

    def _reload_user(self) -> None:
        assert self.pool is not None
        self.user = load_user_decks(self.game, list(self.pool.cards), self.rules.deck_options)

    def save(self) -> bool:
        """Save the deck to the user's folder (a new file for a deck never saved);
        True when written. A ready-made deck saved unchanged in name is saved as
        "<name> (copy)" (QA16b #5); a name another deck has is refused with a word.
        A failure is told, never raised."""
        draft = self.draft
        if draft is None:
            return False
        copied = draft.saved_id is None and draft.deck_id.startswith(READY) and \
            self._name_taken(draft.name, None, ready_only=True)
        if copied:  # the menu would list the user's copy beside the original, alike
            draft.rename(self._free_copy_names(draft.name))
        if not self._name_free(draft.name, draft.saved_id):
            return False
        deck_id = draft.saved_id or new_deck_id(draft.name.get("en", ""), self._taken_ids())
        if not self._write(draft, deck_id):
            return False
        if copied:
            self.status = i18n.t("qa16b.saved_as_copy", file=f"{deck_id}.toml",
                                 name=draft.name.get(self.app.lang) or draft.name["en"])
        self.build()
        return True

    def _write(self, draft: DeckDraft, deck_id: str) -> bool:
        """Write ``draft`` as the user's deck ``deck_id``: True when written (the draft
        then is that deck, saved); a failure is told and leaves the draft as it was."""
        before = draft.deck_id
        draft.deck_id = deck_id
        try:
            path = save_deck(draft.deck(), self.game, draft.piles)
        except DeckError as exc:
            draft.deck_id = before
            dialogs.message(self.app, "decks.save", i18n.t("decks.save_failed",
                                                           reason=str(exc)))
            return False
        draft.saved_id, draft.dirty = deck_id, False
        self._reload_user()
        self.status = i18n.t("decks.saved", file=path.name)
        return True

    def _name_free(self, name: Mapping[str, str], own: str | None) -> bool:
        """True when no other deck in the menu (the user's other decks, the ready-made
        ones) has ``name`` in a language; else says so and returns False (QA16 #15,
        QA16b #5). ``own``: the user deck file being saved, which may keep its name."""
        taken = self._name_taken(name, own, ready_only=True)
        key = "qa16b.name_ready"
        if not taken:
            taken, key = self._name_taken(name, own), "decks.name_taken"
        if not taken:
            return True
        dialogs.message(self.app, "decks.name_taken_title", i18n.t(key, name=taken), width=520)
        return False

    def _name_taken(self, name: Mapping[str, str], own: str | None,
                    ready_only: bool = False) -> str:
        """The name another deck of the menu's has too in the same language, or "": the
        user's decks but ``own`` (unless ``ready_only``), then the ready-made ones;
        compared without case, width or surrounding spaces."""
        def norm(text: str) -> str:
            return " ".join(unicodedata.normalize("NFKC", text).casefold().split())

        others = [] if ready_only else [d for i, d in self.user.decks.items() if i != own]
        for deck in [*others, *self.ready.values()]:
            for lang, text in deck.name.items():  # the menu shows one language
                if text.strip() and norm(text) == norm(name.get(lang, "")):
                    return text
        return ""

    def _free_copy_names(self, name: Mapping[str, str]) -> dict[str, str]:
        """``name`` as "<name> (copy)" in each language, "(copy) 2", 3... while another
        deck has that name."""
        names = {lang: _copy_name(lang, text) for lang, text in name.items()}
        n = 1
        while self._name_taken(names, None):
            n += 1
            names = {lang: f"{_copy_name(lang, text)} {n}" for lang, text in name.items()}
        return names

    def rename(self) -> None:
        """Give the deck's file the deck's (new) name: saved under the new id, the old
        file removed, the menu's remembered choice following it (QA16b #7). A deck
        never saved is simply saved. The name is checked against the other decks,
        never against the deck's own file (QA16b #1)."""
        draft = self.draft
        if draft is None or draft.saved_id is None:
            self.save()
            return
        old = draft.saved_id
        if not self._name_free(draft.name, old):
            return
        new_id = new_deck_id(draft.name.get("en", ""), self._taken_ids() - {old})
        if new_id == old:
            self.save()
            return
        if not self._write(draft, new_id):
            self.build()
            return
        try:
            delete_deck(self.game, old)
        except DeckError as exc:
            dialogs.message(self.app, "decks.rename", i18n.t("decks.delete_failed",
                                                             reason=str(exc)))
        else:
            menu_decks.follow(self.game, USER_MENU + old, USER_MENU + new_id)
        self._reload_user()
        self.status = i18n.t("decks.renamed", file=f"{new_id}.toml")
        self.build()

    def duplicate(self) -> None:
        """Save a copy of the deck under "<name> (copy)" and edit the copy."""
        draft = self.draft
        if draft is None:
            return
        names = self._free_copy_names(draft.name)  # a second copy: "(copy) 2"
        copy = DeckDraft(draft.pool, "copy", names,
                         {p: dict(e) for p, e in draft.sections.items()}, dict(draft.options))
        self.draft = copy
        self.save()
        self.refresh()

    def delete(self) -> None:
        """Ask, then delete the deck's file (a deck never saved is just dropped)."""
        draft = self.draft
        if draft is None:
            return
        if draft.saved_id is None:
            self._after_delete()
            return
        name = draft.name.get(self.app.lang) or draft.name["en"]
        dialogs.confirm(self.app, "decks.delete_title",
                        i18n.t("decks.delete_body", name=name, file=f"{draft.saved_id}.toml"),
                        self._delete_now, confirm_key="decks.delete", width=520)

    def _delete_now(self) -> None:
        draft = self.draft
        if draft is None or draft.saved_id is None:
            return
        try:
            delete_deck(self.game, draft.saved_id)
        except DeckError as exc:
            dialogs.message(self.app, "decks.delete", i18n.t("decks.delete_failed",
                                                             reason=str(exc)))
            return
        # deleted on purpose: the menu takes its default without a "deck gone" (QA16b #7)
        menu_decks.follow(self.game, USER_MENU + draft.saved_id, None)
        self._after_delete()

    def _after_delete(self) -> None:
        self._reload_user()
        first = next(iter(self.user.decks), None)
        if first is not None:
            self.open_deck(USER + first)
        else:
            self.new_deck()
        self.build()

    # ------------------------------------------------------------------ text
    def export(self) -> None:
        """Write the deck as text beside the deck files and put it on the clipboard."""
        draft = self.draft
        if draft is None:
            return
        from tabletop.core.persistence import SaveError

        text = format_deck(draft.deck(), draft.pool.cards, self.game, self.app.lang,
                           self.rules.deck_options)
        deck_id = draft.saved_id or new_deck_id(draft.name.get("en", ""), ())
        try:
            path = deck_io.export_text(self.game, deck_id, text)
        except SaveError as exc:
            dialogs.message(self.app, "decks.exported_title",
                            i18n.t("decks.save_failed", reason=str(exc)))
            return
        copied = deck_io.set_clipboard(text)
        dialogs.message(self.app, "decks.exported_title", i18n.t(
            "decks.exported", file=str(path),
            clipboard=i18n.t("decks.clipboard_copied" if copied else "decks.clipboard_none")),
            width=600, height=300)

    def ask_import(self) -> None:
        """Offer the clipboard's text and every ``.txt`` deck text and ``.csv`` set list
        there is, a page at a time (:mod:`tabletop.ui.deck_import`, QA16b #6)."""
        from tabletop.ui.deck_import import ask_import

        ask_import(self)

    def open_csv(self, path: Any) -> None:
        """Show the CSV import screen for ``path`` (the builder comes back after it)."""
        from tabletop.ui.deck_csv import CsvImportScene

        self._clear()  # the builder's widgets would show through
        self.app.push(CsvImportScene(self.app, self.rules, path, self._csv_done))

    def _csv_done(self, written: Any) -> None:
        """Back from the CSV screen; a card file written joins the pool at once."""
        self.app.stack.pop()
        if written is None or self.pool is None:
            return
        rules = self.rules
        self.pool = load_pool(rules)
        register_card_names(self.pool.cards)
        if self.draft is not None:
            self.draft.pool = self.pool
        added = sum(1 for c in self.pool.cards.values() if c.source == str(written))
        self.refresh()
        dialogs.message(self.app, "decks.csv.title",
                        i18n.t("decks.csv.imported", n=added, file=str(written)), width=600)

    def import_file(self, path: Any) -> None:
        """Read a deck from a text file (a problem reading it is told)."""
        from tabletop.core.files import FileProblem

        try:
            text = deck_io.read_text_file(path)
        except FileProblem as exc:
            dialogs.message(self.app, "decks.import_title", str(exc), width=600)
            return
        self.import_text(text, path.stem)

    def import_text(self, text: str, name: str) -> None:
        """Edit the deck ``text`` gives (a new deck, not saved yet); every line that
        could not be read is told with its number."""
        assert self.pool is not None
        parsed = parse_deck_text(text, self.pool.cards, self.game, name or "imported",
                                 self.rules.deck_options)
        self.draft = DeckDraft.from_deck(self.pool, parsed.deck, None)
        self.draft.dirty = True
        from tabletop.ui.deck_import import report_body

        body = report_body(parsed)  # the first problems and a count (QA16b #4)
        self.status = i18n.t("decks.unsaved")
        self.build()
        dialogs.message(self.app, "decks.imported_title", body, width=640, height=360)

    # ------------------------------------------------------------------ editing
    def add(self, cid: str, pile: str | None = None) -> None:
        """One more copy of ``cid`` in the deck."""
        if self.draft is not None and self.draft.add(cid, pile):
            self.refresh()

    def remove(self, cid: str, pile: str | None = None) -> None:
        """One copy of ``cid`` fewer."""
        if self.draft is not None and self.draft.remove(cid, pile):
            self.refresh()

    def set_filter(self, **changes: Any) -> None:
        """Change the pool's filters (``type=``, ``group=``, ``cost=``, ``power=``,
        ``text=``; None / "" for any)."""
        values = {**self.filter.__dict__, **changes}
        self.filter = CardFilter(**values)
        self.pool_view.offset = 0
        self.refresh()

    def set_name(self, text: str) -> None:
        """Rename the deck: the name typed is its name in every language. A name left
        in the other language ("Club Red（コピー）" after "Totally New" was typed) would
        show the old name in the other language's menu and block the rename against
        itself (QA16b #1); a new deck's "新しいデッキ" likewise (QA16 #15)."""
        draft = self.draft
        if draft is None or not text.strip():
            return
        names = {other: text for other in {self.app.lang, *draft.name}}
        draft.rename(names)
        self.status = i18n.t("decks.unsaved")

    def refresh(self) -> None:
        """Lay out both lists and recount the deck after a change."""
        draft, pool = self.draft, self.pool
        if draft is None or pool is None:
            return
        self._problems = draft.problems()
        self.problem_first = min(self.problem_first, max(0, len(self._problems) - 1))
        self._stats = draft.stats()
        if draft.dirty:
            self.status = i18n.t("decks.unsaved")
        self.pool_view.set_rows(self._pool_rows())
        self.deck_view.set_rows(self._deck_rows())

    def _pool_rows(self) -> list[Row]:
        assert self.pool is not None and self.draft is not None
        self.pool_view.empty_text = i18n.t("decks.pool_none")
        return pool_rows(self.pool, self.draft, self.filter, self.app.lang)

    def _deck_rows(self) -> list[Row]:
        assert self.pool is not None and self.draft is not None
        self.deck_view.empty_text = i18n.t("decks.deck_empty")
        return deck_rows(self.pool, self.draft, self._stats, self.app.lang)

    # ------------------------------------------------------------------ leaving
    def back(self) -> None:
        """Back to the menu (at this game), asking first about unsaved changes."""
        self._unless_unsaved(self._to_menu)

    def _to_menu(self) -> None:
        # looked up, not imported: the menu imports this module (its Decks button)
        menu = importlib.import_module("tabletop.ui.menu")
        self.app.replace(menu.MenuScene(self.app, selected=self.game or None))

    def _unless_unsaved(self, then: Callable[[], None]) -> None:
        draft = self.draft
        if draft is None or not draft.dirty:
            then()
            return
        name = draft.name.get(self.app.lang) or draft.name["en"]

        def save_then() -> None:
            if self.save():
                then()

        # Staying rebuilds: the game and deck drop-downs show the new choice already and
        # must go back to the deck kept, so choosing that entry again asks again (QA16 #7).
        dialogs.choose(self.app, "decks.discard_title", i18n.t("decks.discard_body", name=name),
                       [("decks.discard_save", save_then), ("decks.discard_drop", then),
                        ("decks.stay", self.build)], width=520, default=0,
                       on_cancel=self.build)

    def switch_game(self, game: str) -> None:
        """Show the decks of ``game`` (asking first about unsaved changes)."""
        if game in self._rules and game != self.game:
            def go() -> None:
                self._load_game(game)
                self.build()
            self._unless_unsaved(go)
        else:
            self.build()

    def choose_deck(self, choice: str) -> None:
        """Open the deck chosen in the drop-down (asking first about unsaved changes)."""
        if choice == self.current_choice():
            return

        def go() -> None:
            self.open_deck(choice)
            self.build()
        self._unless_unsaved(go)

    def open_folder(self) -> None:
        """Open the user's deck folder of this game in the file manager."""
        from tabletop.userdirs import ensure, open_in_file_manager

        where = deck_folder(self.game)
        with contextlib.suppress(OSError):  # a read-only stick: the file manager says so
            ensure(where)
        if not open_in_file_manager(where):
            dialogs.message(self.app, "decks.folder",
                            i18n.t("decks.folder_unavailable", folder=str(where)))

    # ------------------------------------------------------------------ scene hooks
    def layout_need(self) -> tuple[int, int]:
        """The window size (pixels at UI scale 1.0) the builder needs: its toolbar's
        labels in the language shown, its lists (:func:`tabletop.ui.screen_fit.
        deck_builder_need`); a chosen UI scale applies as far as this fits (issue 16)."""
        if self._need is None or self._need[0] != self.app.lang:
            labels = [i18n.t(f"decks.{key}") for key in TOOLBAR]
            self._need = (self.app.lang, deck_builder_need(self.app.fonts, labels))
        return self._need[1]

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild for the new size or language."""
        self.build()

    def close(self) -> None:
        """Leaving: remove the widgets."""
        self._clear()

    def resume(self) -> None:
        """On top again (after the CSV screen): the widgets back."""
        self.build()

    def frame_due(self) -> float | None:
        """Now when a file problem is to be told, else only on input."""
        return 0.0 if self._told else None

    def update(self, dt: float) -> None:
        """Tell once about user files that had to be left out."""
        if self._told:
            told, self._told = self._told, []
            dialogs.message(self.app, "decks.broken_title", "\n".join(told), width=680,
                            height=380)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Widgets' results, the lists' clicks, drags and wheel, Ctrl+S and Esc."""
        kind = event.type
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self._on_drop_down(event)
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.widgets.get("search"):
                self.set_filter(text=event.text)
            elif event.ui_element is self.widgets.get("name"):
                self.set_name(event.text)
            return None
        if dialogs.top_dialog(self.app.ui) is not None:
            return event
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return None
            if event.key == pygame.K_s and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.save()
                return None
            return event
        if kind == pygame.MOUSEWHEEL:
            pos = self.app.mouse_pos()
            for view in (self.pool_view, self.deck_view):
                if view.rect.collidepoint(pos):
                    view.scroll(-int(event.y) * 2)
                    return None
            area, hidden = self._problem_area
            if area.collidepoint(pos) and (hidden or self.problem_first):
                last = max(0, len(self._problems) - 1)
                self.problem_first = max(0, min(last, self.problem_first - int(event.y)))
                return None
            return event
        if kind == pygame.MOUSEBUTTONDOWN:
            return self._press_at(event)
        if kind == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return event
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        return event

    def _on_drop_down(self, event: pygame.event.Event) -> pygame.event.Event | None:
        element = event.ui_element
        option = getattr(event, "selected_option_id", None) or ""
        if element is self.widgets.get("game"):
            self.switch_game(option)
        elif element is self.widgets.get("deck"):
            self.choose_deck(option)
        elif element is self.widgets.get("f_type"):
            self.set_filter(type=option or None)
        elif element is self.widgets.get("f_group"):
            self.set_filter(group=option or None)
        elif element is self.widgets.get("f_cost"):
            self.set_filter(cost=int(option) if option else None)
        elif element is self.widgets.get("f_power"):
            self.set_filter(power=int(option) if option else None)
        elif element is self.widgets.get("alignment") and self.draft is not None:
            self.draft.set_option("alignment", option or None)
            self.refresh()
        else:
            return event
        return None

    def _view_at(self, pos: tuple[int, int]) -> tuple[str, ListView] | None:
        if self.rects.get("pool", pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            return "pool", self.pool_view
        if self.rects.get("deck", pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            return "deck", self.deck_view
        return None

    def _press_at(self, event: pygame.event.Event) -> pygame.event.Event | None:
        found = self._view_at(event.pos)
        if found is None:
            return event
        side, view = found
        row = view.hit(event.pos)
        if row is None:
            return None
        if event.button == 3:  # right: the other way round from a click
            if side == "pool":
                self.remove(row.key)
            else:
                self.add(row.key, row.pile)
        elif event.button == 1:
            self._press = (side, row, event.pos, 0)
        return None

    def _motion(self, pos: tuple[int, int]) -> None:
        for view in (self.pool_view, self.deck_view):
            hovered = None
            if view.rect.collidepoint(pos):
                for i, rect in view.row_rects():
                    if rect.collidepoint(pos) and not view.rows[i].heading:
                        hovered = i
            view.hover = hovered
        if self._press is not None and self.dragging is None:
            side, row, start, _ = self._press
            if max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) >= round(
                    DRAG_START * self.app.scale):
                self.dragging = (side, row)

    def _release(self, pos: tuple[int, int]) -> pygame.event.Event | None:
        press, dragging = self._press, self.dragging
        self._press, self.dragging = None, None
        if press is None:
            return None
        side, row, _, _ = press
        if dragging is None:  # a click
            if side == "pool":
                self.add(row.key)
            else:
                self.remove(row.key, row.pile)
            return None
        target = self._view_at(pos)
        if target is not None and target[0] != side:
            if side == "pool":
                self.add(row.key)
            else:
                self.remove(row.key, row.pile)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Panels, both lists, the legality and the charts."""
        surface.fill(BACKGROUND)
        fonts, s = self.app.fonts, self.app.scale

        def px(v: float) -> int:
            return round(v * s)

        for key in ("left", "middle", "right"):
            rect = self.rects.get(key)
            if rect is not None:
                pygame.draw.rect(surface, PANEL, rect, border_radius=px(8))
                pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=px(8))
        if self.draft is None or self.pool is None:
            reason = "; ".join(self.broken_games.values())
            text = fonts.render(i18n.t("decks.no_game", reason=reason), px(16), TEXT_PROBLEM,
                                wrap=self.app.size[0] - px(64), centre=False)
            surface.blit(text, (px(32), px(120)))
            return
        shown, total = len(self.pool_view.rows), len(self.pool.cards)
        self._heading(surface, "pool_head", i18n.t("decks.pool", shown=shown, total=total))
        self._heading(surface, "deck_head", i18n.t("decks.deck_list",
                                                   n=self._stats.total if self._stats else 0))
        self.pool_view.draw(surface, fonts)
        self.deck_view.draw(surface, fonts)
        for key, text_key in (("pool_hint", "decks.pool_hint"), ("deck_hint", "decks.deck_hint")):
            rect = self.rects[key]
            hint = fonts.render(i18n.t(text_key), px(13), TEXT_DIM, wrap=rect.width,
                                centre=False)
            surface.blit(hint, rect.topleft)
        self._problem_area = draw_summary(
            surface, fonts, self.rects["right_inner"], self.rects["status"], self.game,
            self._problems, self._stats, self.status,
            self.draft is not None and self.draft.dirty, s, self.problem_first)

    def _heading(self, surface: pygame.Surface, key: str, text: str) -> None:
        rect = self.rects[key]
        label = self.app.fonts.render(text, round(17 * self.app.scale), TEXT, bold=True)
        surface.blit(label, (rect.x, rect.centery - label.get_height() // 2))

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """The card being dragged, at the pointer, over everything; else the hovered
        card's face and rules text over the right column (QA16 #13)."""
        if self.dragging is not None:
            draw_carried(surface, self.app.fonts, self.dragging[1].text, self.app.mouse_pos(),
                         self.app.scale)
            return
        cid = next((v.rows[v.hover].key for v in (self.pool_view, self.deck_view)
                    if v.hover is not None and v.hover < len(v.rows)
                    and v.rows[v.hover].key), "")
        if not cid or self.pool is None or dialogs.top_dialog(self.app.ui) is not None:
            return
        from tabletop.ui.deck_preview import CardPreview

        if self._preview is None or self._preview[0] is not self.pool:
            preview = CardPreview(self.rules, self.app.fonts)
            preview.renderer.cards = self.pool.cards  # the user's cards too
            self._preview = (self.pool, preview)
        self._preview[1].draw(surface, cid, self.rects["right_inner"], self.app.scale,
                              self.app.lang)

    # ------------------------------------------------------------------ widgets
    def _clear(self) -> None:
        for widget in self.widgets.values():
            widget.kill()
        self.widgets = {}

    def _fit(self, text: str, width: int) -> Any:
        from tabletop.ui.theme import fit_id

        return fit_id(self.app.fonts, text, width, self.app.scale)

    def build(self) -> None:
        """(Re)create the widgets and the panels' rectangles for the size and language."""
        self._clear()
        ui, add = self.app.ui, self.widgets.__setitem__
        s = self.app.scale
        w, h = self.app.size

        def px(v: float) -> int:
            return round(v * s)

        m, gap = px(16), px(8)
        bar_h = px(40)
        back_w = px(120)
        games: list[str | tuple[str, str]] = [(i18n.t(f"game.{g}"), g) for g in self._rules]
        title = i18n.t("decks.title", game=i18n.t(f"game.{self.game}") if self.game else "")
        title_w = min(px(360), w // 3)
        add("title", UILabel(pygame.Rect(m, m, title_w, bar_h), title, ui,
                             object_id=self._fit_title("#section", title, title_w)))
        x = m + title_w + gap
        back = i18n.t("decks.back")
        add("back", UIButton(pygame.Rect(w - m - back_w, m, back_w, bar_h), back, ui,
                             command=self.back, object_id=self._fit(back, back_w)))
        if games:
            game_w = px(220)
            current = next((o for o in games if o[1] == self.game), games[0])
            add("game", UIDropDownMenu(games, current, pygame.Rect(x, m, game_w, bar_h), ui))
            x += game_w + gap
            decks: list[str | tuple[str, str]] = list(self.deck_choices())
            deck_w = w - m - back_w - gap - x
            if decks:
                chosen = self.current_choice()
                now = next((o for o in decks if o[1] == chosen), decks[0])
                add("deck", UIDropDownMenu(decks, now, pygame.Rect(x, m, deck_w, bar_h), ui))
        self._build_toolbar(px, m, gap, w)
        self._layout(px, m, gap, w, h)
        self._build_filters(px)
        self.pool_view.scale = self.deck_view.scale = s
        self.refresh()

    def _fit_title(self, object_id: str, text: str, width: int) -> Any:
        from tabletop.ui.theme import fit_id

        return fit_id(self.app.fonts, text, width, self.app.scale, object_id)

    def _build_toolbar(self, px: Callable[[float], int], m: int, gap: int, w: int) -> None:
        ui, add = self.app.ui, self.widgets.__setitem__
        y, bh = m + px(48), px(36)
        labels = [i18n.t(f"decks.{key}") for key in TOOLBAR]
        name_w = toolbar_name_w(w - 2 * m, toolbar_button_w(self.app.fonts, labels), px)
        if self.draft is not None:
            entry = UITextEntryLine(pygame.Rect(m, y, name_w, bh), ui)
            entry.set_text(self.draft.name.get(self.app.lang) or self.draft.name["en"])
            add("name", entry)
        actions = {"new": self._new_clicked, "save": self.save, "rename": self.rename,
                   "duplicate": self.duplicate, "delete": self.delete,
                   "import": self.ask_import, "export": self.export,
                   "folder": self.open_folder}
        commands = [(key, actions[key]) for key in TOOLBAR]
        x = m + name_w + gap
        each = (w - m - x - gap * (len(commands) - 1)) // len(commands)
        for key, command in commands:
            text = i18n.t(f"decks.{key}")
            button = UIButton(pygame.Rect(x, y, each, bh), text, ui, command=command,
                              object_id=self._fit(text, each))
            if self.draft is None:
                button.disable()  # type: ignore[no-untyped-call]
            add(key, button)
            x += each + gap

    def _new_clicked(self) -> None:
        def go() -> None:
            self.new_deck()
            self.build()
        self._unless_unsaved(go)

    def _layout(self, px: Callable[[float], int], m: int, gap: int, w: int, h: int) -> None:
        top = m + px(96)
        inner = w - 2 * m - 2 * px(12)
        left_w = inner * 42 // 100
        mid_w = inner * 30 // 100
        right_w = inner - left_w - mid_w
        body_h = h - top - m
        left = pygame.Rect(m, top, left_w, body_h)
        middle = pygame.Rect(left.right + px(12), top, mid_w, body_h)
        right = pygame.Rect(middle.right + px(12), top, right_w, body_h)
        pad = px(10)
        hint_h = px(36)
        filters_h = px(84)
        self.rects = {
            "left": left, "middle": middle, "right": right,
            "filters": pygame.Rect(left.x + pad, left.y + pad, left.width - 2 * pad, filters_h),
            "pool_head": pygame.Rect(left.x + pad, left.y + pad + filters_h, left.width - 2 * pad,
                                     px(28)),
            "deck_head": pygame.Rect(middle.x + pad, middle.y + pad, middle.width - 2 * pad
                                     - self._alignment_w(middle.width - 2 * pad), px(34)),
            "pool_hint": pygame.Rect(left.x + pad, left.bottom - pad - hint_h, left.width - 2 * pad,
                                     hint_h),
            "deck_hint": pygame.Rect(middle.x + pad, middle.bottom - pad - hint_h,
                                     middle.width - 2 * pad, hint_h),
            "right_inner": pygame.Rect(right.x + pad, right.y + pad, right.width - 2 * pad,
                                       right.height - 2 * pad),
            "status": pygame.Rect(right.x + pad, right.bottom - pad - px(36),
                                  right.width - 2 * pad, px(36)),
        }
        pool_top = self.rects["pool_head"].bottom + px(4)
        self.rects["pool"] = pygame.Rect(left.x + pad // 2, pool_top, left.width - pad,
                                         self.rects["pool_hint"].y - px(4) - pool_top)
        deck_top = self.rects["deck_head"].bottom + px(6)
        self.rects["deck"] = pygame.Rect(middle.x + pad // 2, deck_top, middle.width - pad,
                                         self.rects["deck_hint"].y - px(4) - deck_top)
        self.pool_view.rect = self.rects["pool"]
        self.deck_view.rect = self.rects["deck"]

    def _alignment_w(self, inner: int) -> int:
        """The width (pixels) of Arc's alignment drop-down beside the deck's heading in a
        column ``inner`` pixels wide: as wide as its longest choice and its arrow, as
        far as the heading (with a full deck's count) leaves room; 0 for other games."""
        if self.game != "arc":
            return 0
        s, fonts = self.app.scale, self.app.fonts
        heading = fonts.get(round(17 * s), True).size(i18n.t("decks.deck_list", n=40))[0]
        room = inner - heading - round(8 * s)
        width = 0
        for none in ("decks.alignment_none", "decks.alignment_any"):
            texts = [i18n.t(none)] + [i18n.t(f"alignment.{a}") for a in ("good", "evil")]
            widest = max(fonts.get(round(16 * s)).size(text)[0] for text in texts)
            width = widest + round(24 * s) + round(20 * s)  # the arrow's button, the padding
            self._align_none = none
            if width <= room:  # the long words where they fit, "Any" where not (QA16 #20)
                break
        return max(round(110 * s), min(width, room))

    def _alignment_none(self) -> str:
        """The alignment drop-down's "no restriction" words that fit (see
        :meth:`_alignment_w`)."""
        return i18n.t(getattr(self, "_align_none", "decks.alignment_none"))

    def _filter_widths(self, labels: list[list[str]], total: int, gap: int) -> list[int]:
        """The filter drop-downs' widths (pixels) in ``total``: each as its longest
        choice needs (its arrow too), shared out in that proportion, so a long type
        ("Combat card") is not cut while "Cost 3" has room to spare (QA16 #20)."""
        s, font = self.app.scale, self.app.fonts.get(round(16 * self.app.scale))
        needs = [max(font.size(text)[0] for text in texts) + round(44 * s) for texts in labels]
        room = total - gap * (len(labels) - 1)
        widths = [room * n // sum(needs) for n in needs]
        widths[-1] += room - sum(widths)
        return widths

    def _build_filters(self, px: Callable[[float], int]) -> None:
        if self.pool is None:
            return
        ui, add = self.app.ui, self.widgets.__setitem__
        area = self.rects["filters"]
        bh = px(36)
        search = UITextEntryLine(pygame.Rect(area.x, area.y, area.width, bh), ui,
                                 placeholder_text=i18n.t("decks.search"))
        if self.filter.text:
            search.set_text(self.filter.text)
        add("search", search)
        facets = facets_of(self.game)
        cards = list(self.pool.cards.values())
        group_what = label(f"decks.facet_title.{facets.group}", facets.group)
        power_what = label(f"decks.facet_title.{facets.power}", facets.power)
        menus: list[tuple[str, list[tuple[str, str]], str]] = [
            ("f_type", [(i18n.t("decks.any_type"), "")] +
             [(label(f"decks.type.{self.game}.{t}", str(t)), str(t))
              for t in values_of(cards, "type")], self.filter.type or ""),
            ("f_group", [(i18n.t("decks.any_group", what=group_what), "")] +
             [(label(f"decks.value.{self.game}.{v}", str(v)), str(v))
              for v in values_of(cards, facets.group)], self.filter.group or ""),
            ("f_cost", [(i18n.t("decks.any_cost"), "")] +
             [(i18n.t("decks.cost_value", n=v), str(v)) for v in values_of(cards, facets.cost)],
             "" if self.filter.cost is None else str(self.filter.cost)),
            ("f_power", [(i18n.t("decks.any_power", what=power_what), "")] +
             [(i18n.t("decks.power_value", what=power_what, n=v), str(v))
              for v in values_of(cards, facets.power)],
             "" if self.filter.power is None else str(self.filter.power)),
        ]
        gap = px(6)
        x = area.x
        for (key, options, chosen), each in zip(menus, self._filter_widths(
                [[o[0] for o in options] for _, options, _ in menus], area.width, gap),
                strict=True):
            current = next((o for o in options if o[1] == chosen), options[0])
            shown: list[str | tuple[str, str]] = list(options)
            add(key, UIDropDownMenu(shown, current, pygame.Rect(x, area.y + bh + px(8), each,
                                                                  bh), ui))
            x += each + gap
        if self.game == "arc" and self.draft is not None:
            head = self.rects["deck_head"]
            aligns: list[str | tuple[str, str]] = [(self._alignment_none(), "")]
            aligns += [(i18n.t(f"alignment.{a}"), a) for a in ("good", "evil")]
            chosen = str(self.draft.options.get("alignment", "") or "")
            now = next((o for o in aligns if o[1] == chosen), aligns[0])
            middle = self.rects["middle"]
            x = head.right + px(4)
            add("alignment", UIDropDownMenu(aligns, now, pygame.Rect(
                x, head.y, middle.right - px(10) - x, head.height), ui))


def _short(problem: str) -> str:
    """A problem naming a user file by its place in the user folder, not its whole path."""
    from tabletop.userdirs import root

    return problem.replace(os.path.join(str(root()), ""), "")


def _copy_name(lang: str, name: str) -> str:
    """"<name> (copy)" in ``lang`` (whichever language is shown)."""
    return i18n.msg("decks.copy_name", name=name).render(lang)


def draw_deck_builder(app: Host, game: str) -> None:
    """Open the deck builder of ``game`` over what is shown, draw one frame and close it
    again, writing nothing (``tabletop --smoke``). Raises RuntimeError when the builder
    has no pool to show."""
    scene = DeckBuilderScene(app, game)
    scene._told = []  # the user's broken files are the menu's to tell, not the smoke test's
    app.push(scene)
    try:
        frame = getattr(app, "frame", None)
        if callable(frame):
            frame(1 / 60)
        if scene.pool is None or not scene.pool_view.rows:
            raise RuntimeError(f"the deck builder of {game} shows no cards")
    finally:
        app.stack.pop()
