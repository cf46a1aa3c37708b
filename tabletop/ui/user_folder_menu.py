"""The menu's "User folder" block (issue 16), at the foot of the games panel: where the
user folder is (:func:`tabletop.userdirs.root`), **Open** (the system's file manager,
:func:`tabletop.userdirs.open_in_file_manager`; the folder is made first), and, when
some user files were left out, a button counting the files ("1 user file left out")
that lists every problem of each with its file, card and field
(:func:`tabletop.user_content.user_problems`). Built into the menu's widgets so it is
rebuilt with the menu (language, size); a game whose user card files change while the
menu is open is read again (:func:`recheck`, on the menu's look at its folders).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

import pygame
from pygame_gui.elements import UIButton, UILabel

from tabletop import i18n
from tabletop.ui import dialogs

__all__ = ["build", "files_of", "open_user_folder", "problems_of", "recheck", "remember",
           "show_problems"]


def problems_of(menu: Any) -> list[str]:
    """The user files left out, for the games of ``menu`` (``menu.games``: id ->
    GameChoice). Never raises."""
    from tabletop.user_content import user_problems

    return user_problems({gid: c.rules for gid, c in menu.games.items()})


def files_of(problems: list[str]) -> int:
    """How many files ``problems`` name (each line starts ``<file>: ``; a file with
    14 problems is one file left out)."""
    return len({p.partition(": ")[0] for p in problems})


#: Per menu: the user card files of each loaded game as last read (name, mtime, size).
_seen: WeakKeyDictionary[Any, dict[str, tuple[tuple[str, int, int], ...]]] = \
    WeakKeyDictionary()


def _stamp(game: str) -> tuple[tuple[str, int, int], ...]:
    from tabletop.core.deck_pool import user_card_files

    out: list[tuple[str, int, int]] = []
    for path in user_card_files(game):
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((path.name, st.st_mtime_ns, st.st_size))
    return tuple(out)


def remember(menu: Any) -> None:
    """Note the user card files of each loaded game of ``menu`` as they are now (for
    :func:`recheck`), where not noted yet."""
    seen = _seen.setdefault(menu, {})
    for gid, choice in menu.games.items():
        if not choice.loading and gid not in seen:
            seen[gid] = _stamp(gid)


def recheck(menu: Any) -> bool:
    """Read again each game whose user card files changed since the menu read them
    (a file fixed, added or deleted while the menu is open), so the count of files
    left out, their details and the decks follow the folder; the menu is rebuilt.
    Returns True when something changed. Never raises."""
    seen = _seen.setdefault(menu, {})
    changed = []
    for gid, choice in list(menu.games.items()):
        if choice.loading:
            continue
        try:
            now = _stamp(gid)
        except OSError:
            continue
        if gid in seen and seen[gid] != now:
            changed.append(gid)
        seen[gid] = now
    for gid in changed:
        # the menu's own GameChoice class, through its instance (menu imports this module)
        menu.games[gid] = type(menu.games[gid]).load(gid, menu.rules_loader)
    if changed:
        menu._pick_default_decks()
        menu._dirty = True
    return bool(changed)


def open_user_folder(menu: Any) -> bool:
    """Make the user folder if missing and open it in the file manager; where that
    cannot be done a message names the folder. Returns True when it was opened."""
    from tabletop.userdirs import ensure, open_in_file_manager, root

    where = root()
    try:
        ensure(where)
        opened = open_in_file_manager(where)
    except OSError:
        opened = False
    if not opened:
        dialogs.message(menu.app, "usercontent.folder",
                        i18n.t("usercontent.open_failed", folder=str(where)))
    return opened


def show_problems(menu: Any, problems: list[str]) -> None:
    """A dialog listing ``problems`` (one line each: file, card, field)."""
    body = i18n.t("usercontent.problems_body",
                  problems="\n".join(f"• {p}" for p in problems))
    dialogs.message(menu.app, "usercontent.problems_title", body, width=720, height=420)


def build(menu: Any, panel: Any, pad: int, inner: int, bottom: int,
          px: Callable[[float], int]) -> int:
    """The block at the foot of ``panel`` (above ``bottom``, pixels in the panel), its
    widgets in ``menu.widgets`` (``user_folder_label``, ``user_folder_path``,
    ``user_folder_open``, ``user_problems``). Returns the new bottom for what the
    panel shows above it (the block's top less a gap); ``bottom`` itself when the
    panel is too short for it."""
    from tabletop.ui.theme import fit_id
    from tabletop.userdirs import root

    ui, add = menu.app.ui, menu.widgets.__setitem__
    remember(menu)
    problems = problems_of(menu)
    button_h = px(38)
    rows = 2 if problems else 1
    need = px(28) + px(44) + rows * (button_h + px(6))
    if bottom - need < px(260):  # a short window: the game buttons come first
        return bottom
    y = bottom - rows * (button_h + px(6)) + px(6)
    if problems:
        text = i18n.t("usercontent.problems_more", n=files_of(problems))
        add("user_problems", UIButton(
            pygame.Rect(pad, y, inner, button_h), text, ui, container=panel,
            command=lambda: show_problems(menu, problems),
            object_id=fit_id(menu.app.fonts, text, inner, menu.app.scale)))
        y += button_h + px(6)
    text = i18n.t("usercontent.open")
    add("user_folder_open", UIButton(
        pygame.Rect(pad, y, inner, button_h), text, ui, container=panel,
        command=lambda: open_user_folder(menu),
        object_id=fit_id(menu.app.fonts, text, inner, menu.app.scale)))
    # pygame_gui's tip is 170 px wide: one or two words a line (QA16 #20)
    menu.widgets["user_folder_open"].set_tooltip(
        f"{root()}\n\n{i18n.t('usercontent.open_tip')}", wrap_width=px(420))
    top = bottom - need
    head = i18n.t("usercontent.folder")
    add("user_folder_label", UILabel(pygame.Rect(pad, top, inner, px(26)), head, ui,
                                     container=panel,
                                     object_id=menu._fit("#section", head, inner)))
    path = str(root())
    add("user_folder_path", UILabel(pygame.Rect(pad, top + px(28), inner, px(40)),
                                    _middle_cut(menu, path, inner - px(12)), ui, container=panel,
                                    object_id="#note"))
    return top - px(12)


def _middle_cut(menu: Any, path: str, width: int) -> str:
    """``path`` whole when it fits ``width`` pixels at the note's size, else its start
    and end with "…" between (the end names the folder; Open's tooltip has it all)."""
    font = menu.app.fonts.get(round(15 * menu.app.scale))
    if font.size(path)[0] <= width:
        return path
    keep = len(path)
    while keep > 8:
        keep -= 1
        head, tail = path[: keep // 3], path[len(path) - (keep - keep // 3):]
        cut = f"{head}…{tail}"
        if font.size(cut)[0] <= width:
            return cut
    return path[-8:]
