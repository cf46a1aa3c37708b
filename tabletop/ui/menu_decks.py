"""The decks the menu remembers, per game and seat (issue 16 QA 14).

The menu's two deck drop-downs keep what was chosen for each game across a visit to
**Decks**, a game and a restart: the choice is written to ``menu_decks.json`` beside
``settings.json`` in the user folder (:func:`tabletop.userdirs.settings_path`; the
``platformdirs`` user data folder or ``$TABLETOP_USER_DIR``) whenever a deck is
chosen. Shape: ``{"<game id>": ["<deck id of seat 1>", "<deck id of seat 2>"]}``
(a seat without a remembered deck is ``null``). A file that cannot be read counts as
empty (the ready-made defaults); one that cannot be written is logged and the menu
carries on. A remembered deck that no longer exists falls back to the default, and
the player is told once, a user deck by its file name, in a message of its own
(:func:`tell_gone`, called by the menu). A deck renamed or deleted in the deck builder
is followed (:func:`follow`): the menu then offers the renamed deck, or the default
without a word (QA16b #7).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.core.persistence import write_json_atomic
from tabletop.userdirs import settings_path

__all__ = ["FILE", "follow", "path", "pick", "remember", "remembered", "tell_gone"]

log = logging.getLogger(__name__)

#: The file's name, in the settings' folder.
FILE = "menu_decks.json"
#: Prefix of the menu's ids of the user's decks (:data:`tabletop.ui.deck_menu.USER_PREFIX`).
USER_PREFIX = "my:"

#: "Deck gone" texts waiting for the menu to show them (:func:`tell_gone`).
_gone: list[str] = []


def path() -> Path:
    """``<user folder>/menu_decks.json``."""
    return settings_path().with_name(FILE)


def _read() -> dict[str, list[str | None]]:
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, list[str | None]] = {}
    for game, seats in data.items():
        if isinstance(seats, list) and len(seats) == 2:
            out[str(game)] = [s if isinstance(s, str) else None for s in seats]
    return out


def remembered(game_id: str) -> tuple[str | None, str | None]:
    """The deck ids last chosen for ``game_id`` (seat 1, seat 2); None where none was."""
    seats = _read().get(game_id, [None, None])
    return (seats[0], seats[1])


def remember(game_id: str, deck_ids: Sequence[str | None]) -> None:
    """Keep ``deck_ids`` (seat 1, seat 2) as ``game_id``'s choice. Never raises: a
    folder that cannot be written is logged (the choice then lasts this run only)."""
    data = _read()
    wanted = [deck_ids[0], deck_ids[1]]
    if data.get(game_id) == wanted:
        return
    data[game_id] = wanted
    try:
        write_json_atomic(data, path())
    except Exception:  # a read-only folder: the menu goes on without remembering
        log.warning("cannot keep the menu's decks in %s", path(), exc_info=True)


def follow(game_id: str, old: str, new: str | None) -> None:
    """The deck ``old`` (a menu id, ``my:<file stem>``) of ``game_id`` is now ``new``
    (renamed), or gone (``new`` None: deleted in the builder): every seat that
    remembered ``old`` remembers ``new``, so the menu neither loses the choice nor
    reports a deck the player removed on purpose. Never raises."""
    data = _read()
    seats = data.get(game_id)
    if seats is None or old not in seats:
        return
    remember(game_id, [new if s == old else s for s in seats])


def readable(deck_id: str) -> str:
    """A remembered deck id as the player knows it: a user deck by its file name
    (``my:club_red`` -> ``club_red.toml``), a ready-made one by its id."""
    if deck_id.startswith(USER_PREFIX):
        return f"{deck_id[len(USER_PREFIX):]}.toml"
    return deck_id


def tell_gone(menu: Any) -> None:
    """Show the menu's player the remembered decks found gone since the last call, in
    one message of their own (not the broken files' "built-in ones instead")."""
    if not _gone:
        return
    from tabletop.ui import dialogs

    told = "\n".join(_gone)
    _gone.clear()
    dialogs.message(menu.app, "qa16b.deck_gone_title", told, width=620)


def pick(menu: Any) -> None:
    """Fill ``menu.deck_ids`` for the menu's game: a seat's deck stays when it is still
    there, else the remembered one, else the default (the first legal decks, seat by
    seat). A remembered deck that is gone is told once and forgotten. Does nothing to a
    seat while the game's decks are still loading."""
    choice = menu.choice
    ids = list(choice.decks) if choice else []
    legal = [d for d in ids if choice is not None and choice.legal(d)] or ids
    loaded = choice is not None and not getattr(choice, "loading", False)
    saved = list(remembered(menu.game_id)) if menu.game_id else [None, None]
    gone = False
    for seat in (0, 1):
        if menu.deck_ids[seat] in ids:
            continue
        want = saved[seat]
        if want in ids:
            menu.deck_ids[seat] = want
            continue
        menu.deck_ids[seat] = legal[min(seat, len(legal) - 1)] if legal else None
        if want is not None and loaded:
            gone = True
            default = choice.decks[menu.deck_ids[seat]].display_name(menu.app.lang) \
                if menu.deck_ids[seat] is not None else i18n.t("menu.no_decks")
            key = "qa16b.deck_gone" if want.startswith(USER_PREFIX) else "menuqa16.deck_gone"
            text = i18n.t(key, player=i18n.t(f"seat.{seat}"), deck=readable(want),
                          default=default)
            if text not in _gone:
                _gone.append(text)
    if gone:
        remember(menu.game_id, menu.deck_ids)
