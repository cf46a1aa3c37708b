"""The deck builder's **Import** dialog and the report of a deck read from text.

The dialog offers the clipboard's text and every file there is to read: the ``.txt``
deck texts of the user's deck folder (:func:`tabletop.ui.deck_io.text_files`) and the
``.csv`` set lists of the user's card folder (:func:`tabletop.ui.deck_csv.csv_files`),
each newest first. When they do not all fit the window they are shown a page at a
time with **Next files** / **Previous files** buttons and the body says which of how
many are shown (it offered the 5 newest of each and nothing said more existed,
QA16b #6).

The report after a deck text was read lists at most :data:`SHOWN_PROBLEMS` lines that
could not be read and says how many more there were: a pasted text of thousands of
bad lines froze the window for two minutes building one text box (QA16b #4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from tabletop import i18n
from tabletop.core.deck_files import deck_folder
from tabletop.core.deck_text import ParsedDeck
from tabletop.ui import deck_io, dialogs
from tabletop.ui.host import Host

__all__ = ["SHOWN_PROBLEMS", "ImportSource", "Importer", "SourceKind", "ask_import",
           "files_per_page", "import_sources", "report_body"]

#: Unreadable lines listed by name in the report; the rest are counted.
SHOWN_PROBLEMS = 10
#: Most file buttons on one page of the dialog, however tall the window.
MOST_PER_PAGE = 10
#: Pixels at scale 1 the dialog keeps for its title and its text above the buttons.
_TEXT_ROOM = 210
#: Pixels at scale 1 of one answer button and the gap under it (dialogs.choose).
_BUTTON_STEP = 48


class SourceKind(StrEnum):
    """Where an import reads from."""

    TEXT_FILE = "text_file"
    CSV_FILE = "csv_file"


@dataclass(frozen=True)
class ImportSource:
    """One file the dialog offers: a deck text or a spreadsheet set list."""

    kind: SourceKind
    path: Path


class Importer(Protocol):
    """What the dialog needs of the deck builder."""

    app: Host
    game: str

    def import_text(self, text: str, name: str) -> None: ...

    def import_file(self, path: Any) -> None: ...

    def open_csv(self, path: Any) -> None: ...

    def _unless_unsaved(self, then: Callable[[], None]) -> None: ...


def import_sources(game: str) -> list[ImportSource]:
    """Every file Import offers for ``game``: the ``.txt`` deck texts, then the
    ``.csv`` set lists, each newest first."""
    from tabletop.ui.deck_csv import csv_files

    return [*(ImportSource(SourceKind.TEXT_FILE, p) for p in deck_io.text_files(game)),
            *(ImportSource(SourceKind.CSV_FILE, p) for p in csv_files(game))]


def files_per_page(app: Host, fixed: int) -> int:
    """How many file buttons one page holds beside ``fixed`` other buttons (the
    clipboard, Cancel, the page buttons): as many as the window's height leaves under
    the dialog's text at the UI scale, at least 3, at most :data:`MOST_PER_PAGE`."""
    s = app.scale
    fits = int((app.size[1] - 20 - _TEXT_ROOM * s) // (_BUTTON_STEP * s)) - fixed
    return max(3, min(MOST_PER_PAGE, fits))


def ask_import(scene: Importer, page: int = 0) -> Any:
    """Open the Import dialog of the builder ``scene`` at ``page`` (0-based) of its
    files; returns the window (None when there is nothing to import: that is said)."""
    app, game = scene.app, scene.game
    folder = deck_folder(game)
    clip = deck_io.clipboard_text()
    sources = import_sources(game)
    answers: list[tuple[Any, Callable[[], None] | None]] = []
    if clip.strip():
        # a deck read from text replaces the one edited: asked first, as New is (QA16 #6)
        answers.append(("decks.import_clipboard", partial(
            scene._unless_unsaved, partial(scene.import_text, clip, ""))))
    if not sources and not answers:
        dialogs.message(app, "decks.import_title",
                        i18n.t("decks.import_nothing", folder=str(folder)), width=600)
        return None
    per_page = files_per_page(app, len(answers) + 1)
    paged = len(sources) > per_page
    if paged:
        per_page = files_per_page(app, len(answers) + 3)  # Next and Previous too
    pages = max(1, -(-len(sources) // per_page))
    page = max(0, min(page, pages - 1))
    first = page * per_page
    shown = sources[first:first + per_page]
    for source in shown:
        if source.kind is SourceKind.TEXT_FILE:
            answers.append((i18n.t("decks.import_file", file=source.path.name), partial(
                scene._unless_unsaved, partial(scene.import_file, source.path))))
        else:  # a set list for the pool
            answers.append((i18n.t("decks.import_csv", file=source.path.name),
                            partial(scene.open_csv, source.path)))
    if paged:
        if page + 1 < pages:
            nxt = sources[first + per_page:first + 2 * per_page]
            answers.append((i18n.t("decks.import_next", first=first + per_page + 1,
                                   last=first + per_page + len(nxt), n=len(sources)),
                            partial(ask_import, scene, page + 1)))
        if page > 0:
            answers.append((i18n.t("decks.import_previous", first=first - per_page + 1,
                                   last=first, n=len(sources)),
                            partial(ask_import, scene, page - 1)))
    answers.append(("button.cancel", None))
    body = i18n.t("decks.import_body" if clip.strip() else "decks.import_body_files",
                  folder=str(folder))
    if paged:
        body += "\n" + i18n.t("decks.import_page", first=first + 1,
                              last=first + len(shown), n=len(sources))
    return dialogs.choose(app, "decks.import_title", body, answers, width=600)


def report_body(parsed: ParsedDeck) -> str:
    """What the report after reading a deck text says: the cards read and at most
    :data:`SHOWN_PROBLEMS` of the lines that could not be read, then how many more
    (with the last such line's number)."""
    cards = sum(sum(e.values()) for e in parsed.deck.sections.values())
    problems = parsed.problems
    if not problems:
        return i18n.t("decks.imported_ok", n=cards)
    listed = "\n".join(f"• {dialogs.text_of(p.message())}" for p in problems[:SHOWN_PROBLEMS])
    rest = problems[SHOWN_PROBLEMS:]
    if not rest:
        return i18n.t("decks.imported_problems", n=cards, problems=listed)
    # how many first: at 1280x720 the end of the list is below the box's fold
    body = i18n.t("decks.imported_many", n=cards, bad=len(problems), shown=SHOWN_PROBLEMS,
                  problems=listed)
    return body + "\n" + i18n.t("decks.imported_more", n=len(rest), last=rest[-1].line)
