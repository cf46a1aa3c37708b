"""Which games the menu loads before its first frame, and the rest just after (issue 14).

Loading a game (its rules and card files, its layout checked, its decks judged) is
most of what the menu used to cost before it could show anything. Its first frame
needs only some games:

* the game it selects (the one just left, else the game of the newest unfinished
  game, else the first playable game: loaded in menu order until one is playable,
  so the choice is the same as if every game had been loaded);
* the game of every save it lists (the Resume button and the decks' names need the
  rules), loaded as the list is drawn (:func:`choice`).

Every other game is a placeholder, ``GameChoice(game_id, loading=True)``: its button
is shown as a playable game's, with a tool tip saying it is still loading, never a
wrong "broken". After the first frame, the next update of the menu loads them all
(:func:`load_rest`), and rebuilds the menu only when one of them shows more than a
plain button (a reason it cannot be played, broken decks, user files left out).
Choosing a game still loading loads it at once (:func:`choice`).
"""

from __future__ import annotations

import logging
import weakref
from typing import TYPE_CHECKING, Any

from tabletop import i18n

if TYPE_CHECKING:
    from tabletop.ui.menu import GameChoice, MenuScene

__all__ = ["choice", "first_game", "load_rest", "loading_tip", "rest_due"]

log = logging.getLogger(__name__)

#: Per menu, the host's count of drawn frames when the menu was made.
_born: weakref.WeakKeyDictionary[Any, int | None] = weakref.WeakKeyDictionary()


def choice(menu: MenuScene, game_id: str) -> GameChoice | None:
    """The game ``game_id`` of ``menu`` (None when the menu does not know it), loaded
    now if it was still a placeholder. Never raises (a game that cannot load is a
    :class:`~tabletop.ui.menu.GameChoice` with its ``error``).

    A game loaded here after its button was built marks the menu for a rebuild when
    it shows more than a plain button, else drops the button's "still loading" tool
    tip, so the menu never keeps saying a loaded game is loading."""
    got = menu.games.get(game_id)
    if got is None or not got.loading:
        return got
    # the placeholder's own class loads the game (the menu imports this module)
    loaded = type(got).load(game_id, menu.rules_loader)
    menu.games[game_id] = loaded
    if _shows_more(loaded):
        menu._dirty = True
    else:
        button = menu.widgets.get(f"game:{game_id}")
        if button is not None and getattr(button, "tool_tip_text", None) is not None:
            button.tool_tip_text = None
    return loaded


def first_game(menu: MenuScene, selected: str | None) -> str:
    """The game the menu shows first, loading only the games needed to choose it:
    ``selected`` when playable, else the game of the newest unfinished game that is
    playable, else the first playable game in menu order, else the first game ("" when
    the menu knows none). The same choice as over every game loaded. Called as the
    menu is made: it also notes how many frames the host has drawn (:func:`rest_due`)."""
    drawn = getattr(menu.app, "frames_drawn", None)
    _born[menu] = drawn if isinstance(drawn, int) else None

    def playable(game_id: str | None) -> bool:
        got = choice(menu, game_id) if game_id is not None else None
        return got is not None and got.available

    if playable(selected):
        assert selected is not None
        return selected
    for info in menu.unfinished:  # newest first
        if playable(info.game):
            return info.game
    for game_id in list(menu.games):
        if playable(game_id):
            return game_id
    return next(iter(menu.games), "")


def _drawn(menu: MenuScene) -> bool:
    """Whether the menu's first frame has been drawn (a host that counts no frames:
    always, so such a host gets every game at its first update)."""
    drawn = getattr(menu.app, "frames_drawn", None)
    born = _born.get(menu)
    if not isinstance(drawn, int) or not isinstance(born, int):
        return True
    return drawn > born


def rest_due(menu: MenuScene) -> bool:
    """Whether games are still to load and the first frame is out (then the menu asks
    for a frame now: :meth:`~tabletop.ui.menu.MenuScene.frame_due`)."""
    return any(c.loading for c in menu.games.values()) and _drawn(menu)


def load_rest(menu: MenuScene) -> None:
    """After the first frame: load every game still a placeholder (see :func:`choice`:
    the menu is rebuilt only when one shows more than a plain button)."""
    if not rest_due(menu):
        return
    for game_id, got in list(menu.games.items()):
        if got.loading:
            choice(menu, game_id)


def _shows_more(got: GameChoice) -> bool:
    """Whether a loaded game shows more in the menu than a playable game's plain button:
    a reason or a note under it, broken decks, user files of it left out."""
    if not got.available or got.layout_error or got.broken_decks:
        return True
    try:
        from tabletop.user_content import image_problems

        rules: Any = got.rules
        return bool(rules.user_problems or image_problems(got.game_id, rules.cards))
    except Exception as exc:  # noqa: BLE001 - unsure: rebuild, which shows the truth
        log.debug("user files of %s not judged: %s", got.game_id, exc)
        return True


def loading_tip(got: GameChoice) -> str | None:
    """The tool tip of a game's button while it is still loading (None once loaded)."""
    return i18n.t("startup.game_loading") if got.loading else None
