"""The decks the menu remembers, per game and seat (issue 16 QA 14).

The menu's two deck drop-downs keep what was chosen for each game across a visit to
**Decks**, a game and a restart: the choice is written to ``menu_decks.json`` beside
``settings.json`` in the user folder (:func:`tabletop.userdirs.settings_path`; the
``platformdirs`` user data folder or ``$TABLETOP_USER_DIR``) whenever a deck is
chosen. Shape: ``{"<game id>": ["<deck id of seat 1>", "<deck id of seat 2>"]}``
(a seat without a remembered deck is ``null``). A file that cannot be read counts as
empty (the ready-made defaults); one that cannot be written is logged and the menu
carries on. A remembered deck that no longer exists falls back to the default, and
the player is told once (:mod:`tabletop.notices`, shown by the menu).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop import i18n, notices
from tabletop.core.persistence import write_json_atomic
from tabletop.userdirs import settings_path

__all__ = ["FILE", "path", "pick", "remember", "remembered"]

log = logging.getLogger(__name__)

#: The file's name, in the settings' folder.
FILE = "menu_decks.json"


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
            notices.report(i18n.t("menuqa16.deck_gone", player=i18n.t(f"seat.{seat}"),
                                  deck=want, default=default))
    if gone:
        remember(menu.game_id, menu.deck_ids)
