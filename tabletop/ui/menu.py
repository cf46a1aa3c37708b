"""The main menu: choose the game, the decks, who goes first, the language; start or resume.

Everything is a pygame_gui widget. The choices live on the scene (not in the
widgets), so the widgets can be rebuilt at any time: on a window resize and on
a language switch the app replaces its widget manager and calls
:meth:`MenuScene.resize`, which builds them again in the new size and language.

:class:`GameChoice` holds what the menu knows about one game (its rules, its
ready-made decks and their legality) and builds a :class:`~tabletop.core.engine.Game`
from the player's choices; it has no pygame code.
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextBox

from tabletop import i18n, notices
from tabletop.core.decks import Deck, DeckError, load_deck
from tabletop.core.engine import Game
from tabletop.core.messages import Message
from tabletop.core.rules import GameRules, GameSetup, game_ids, load_rules
from tabletop.resources import resource_path
from tabletop.ui import (
    deck_menu,
    dialogs,
    menu_broken_decks,
    menu_decks,
    menu_games,
    menu_reason,
    screen_fit,
    settings_apply,
    settings_menu,
    user_folder_menu,
)
from tabletop.ui.computer_seat import seat_options
from tabletop.ui.demo import SEAT_KINDS, computer_levels, demo_button, seat_menu
from tabletop.ui.help import help_button
from tabletop.ui.lessons_menu import lessons_button
from tabletop.ui.menu_fit import pager_button_w, seat_row
from tabletop.ui.menu_when import short_when
from tabletop.ui.scene import Scene
from tabletop.ui.textwrap_ja import wrapped_text_box

if TYPE_CHECKING:
    from tabletop.core.persistence import SaveError, SaveInfo
    from tabletop.ui.host import Host

__all__ = ["FIRST_CHOICES", "GameChoice", "MenuScene"]

log = logging.getLogger(__name__)

#: "Who goes first" options: seat 0, seat 1, or drawn at random when the game starts.
FIRST_CHOICES = ("0", "1", "random")

BACKGROUND = (20, 33, 27)
BACKGROUND_GLOW = (30, 52, 41)


# ---------------------------------------------------------------------- model


@dataclass
class GameChoice:
    """One game as the menu offers it.

    ``error`` is non-empty when the rules cannot load (the game is listed but
    disabled); ``deck_error`` when the ready-made decks folder cannot be read.
    Decks load one file at a time: ``broken_decks`` maps a deck file's name to why
    it cannot load (file and field), and the good ones are still offered.
    ``problems`` maps deck id -> the rules' objections (empty list: legal).
    ``layout_error`` is non-empty when the table layout cannot be used (file,
    zone and field): the game stays selectable, but cannot start.
    ``loading`` marks a placeholder for a game the menu loads after its first frame
    (:mod:`tabletop.ui.menu_games`).
    """

    game_id: str
    rules: GameRules | None = None
    error: str = ""
    decks: dict[str, Deck] = field(default_factory=dict)
    problems: dict[str, list[Message]] = field(default_factory=dict)
    deck_error: str = ""
    broken_decks: dict[str, str] = field(default_factory=dict)
    layout_error: str = ""
    loading: bool = False

    @classmethod
    def load(cls, game_id: str,
             rules_loader: Callable[[str], GameRules] = load_rules) -> GameChoice:
        """Load the rules and the ready-made decks of ``game_id``; never raises."""
        choice = cls(game_id)
        try:
            choice.rules = rules_loader(game_id)
        except Exception as exc:  # listed but disabled, with the reason
            log.warning("game %r unavailable: %s", game_id, exc)
            choice.error = str(exc) or type(exc).__name__
            return choice
        if choice.has_window:
            choice.layout_error = _layout_problem(game_id, choice.rules)
        try:
            folder = resource_path("assets", "decks", game_id)
        except FileNotFoundError:
            return choice
        try:
            files = sorted(folder.glob("*.toml"))
        except OSError as exc:
            choice.deck_error = f"{folder}: {exc.strerror or exc}"
            return choice
        known = list(choice.rules.cards)
        for path in files:
            try:
                choice.decks[path.stem] = load_deck(path, known, choice.rules.deck_options)
            except DeckError as exc:  # this file only: the other decks stay playable
                log.warning("deck %s unavailable: %s", path, exc)
                choice.broken_decks[path.name] = (exc.every_problem(path.name) if exc.problems
                                                  else _short_reason(str(exc), path))
        deck_menu.add_user_decks(choice)  # the user's own decks too (issue 16)
        for deck_id, deck in choice.decks.items():
            try:
                choice.problems[deck_id] = list(choice.rules.check_deck(deck))
            except Exception as exc:  # a rules bug must not take the menu down
                log.error("check_deck failed for %s: %s", deck_id, exc)
                choice.problems[deck_id] = [Message("menu.deck_check_failed",
                                                    (("reason", str(exc)),))]
        return choice

    @property
    def available(self) -> bool:
        """True when the game can be played (rules and at least one deck loaded, and a
        window: see :attr:`has_window`)."""
        return self.loaded and self.has_window

    @property
    def loaded(self) -> bool:
        """True when the rules and at least one deck loaded (``tabletop selfplay`` works)."""
        return self.rules is not None and not self.deck_error and bool(self.decks)

    @property
    def has_window(self) -> bool:
        """True when the game has a window plugin (``tabletop/ui/games/<game_id>.py``)."""
        from tabletop.ui.games import has_game_ui

        return has_game_ui(self.game_id)

    @property
    def rules_only(self) -> bool:
        """The rules load but the game has no window yet (listed, not startable)."""
        return self.rules is not None and not self.has_window

    def legal(self, deck_id: str | None) -> bool:
        """True when ``deck_id`` is one of the decks and the rules accept it."""
        return deck_id in self.decks and not self.problems.get(deck_id or "")

    def make_game(self, deck_p1: str, deck_p2: str, first_seat: int | None,
                  seed: int | None = None, options: dict[str, Any] | None = None) -> Game:
        """A new game with these decks; ``first_seat`` None draws it at random;
        ``options`` go into the set-up (the computer seats, see
        :func:`tabletop.ui.computer_seat.seat_options`).

        The seed (drawn now when not given) and the first seat are recorded in
        the :class:`GameSetup`, so a save replays the same game.

        Raises ValueError for an unknown or illegal deck.
        """
        if self.rules is None:
            raise ValueError(f"game {self.game_id!r} is unavailable: {self.error}")
        for deck_id in (deck_p1, deck_p2):
            if not self.legal(deck_id):
                raise ValueError(f"deck {deck_id!r} is not a legal deck of {self.game_id!r}")
        draw = random.SystemRandom()
        if seed is None:
            seed = draw.randrange(1, 2**31)
        if first_seat is None:
            first_seat = draw.randrange(2)
        decks = [self.decks[deck_p1], self.decks[deck_p2]]
        setup = GameSetup(
            game=self.game_id,
            seed=seed,
            first=first_seat,
            decks=tuple({pile: d.card_list(pile) for pile in d.sections} for d in decks),
            deck_names=tuple(d.display_name("en") for d in decks),
            options=dict(options or {}),
        )
        return Game(self.rules, setup)


def _layout_problem(game_id: str, rules: GameRules) -> str:
    """Why the window cannot use the game's table layout ("" when it can): the layout
    loaded and checked as the table will load it, the data root left out of the path."""
    from tabletop.layout import LayoutError
    from tabletop.resources import data_root
    from tabletop.ui.games import load_game_ui

    try:
        load_game_ui(game_id, rules).load_layout()
    except LayoutError as exc:
        log.warning("layout of %r unusable: %s", game_id, exc)
        reason = str(exc)
    except Exception as exc:  # a plugin bug must not take the menu down
        log.exception("layout of %r could not be loaded", game_id)
        reason = f"{type(exc).__name__}: {exc}"
    else:
        return ""
    return reason.replace(os.path.join(str(data_root()), ""), "")


def _with_rule(game_id: str, problem: Any) -> str:
    """A deck problem's text with the rule it applies, "... (ARC-R2)"
    (:func:`tabletop.core.deck_check.rule_of`)."""
    from tabletop.core.deck_check import rule_of

    text = dialogs.text_of(problem)
    key = getattr(problem, "key", "")
    if not key:
        return text
    rule = rule_of(game_id, key)
    return f"{text} ({rule if isinstance(rule, str) else dialogs.text_of(rule)})"


def _short_reason(reason: str, path: Path) -> str:
    """A deck error with the file's name instead of its whole path (the field stays)."""
    for prefix in (str(path), path.as_posix()):
        if reason.startswith(prefix):
            return path.name + reason[len(prefix):]
    return reason


def _local_time(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso.replace("T", " ")[:16]


# ---------------------------------------------------------------------- scene


class MenuScene(Scene):
    """The main menu (see the module docstring)."""

    opaque = True
    #: Its one timer, the look at the save folder, shows only through a rebuild.
    timers_show = False
    #: Seconds between two looks at the save folder while the menu is shown.
    FOLDER_CHECK_EVERY = 1.5
    #: A double click on the Back that led here clicks nothing here (QA16b #2).
    shields_double_click = True

    def __init__(self, app: Host, rules_loader: Callable[[str], GameRules] = load_rules,
                 selected: str | None = None) -> None:
        """``selected``: the game to show first (the one just left); default the game
        of the newest unfinished game, else the first playable game."""
        super().__init__(app)
        self.rules_loader = rules_loader
        #: Placeholders until loaded: only what the first frame shows loads before it.
        self.games: dict[str, GameChoice] = {gid: GameChoice(gid, loading=True)
                                             for gid in game_ids()}
        #: Unfinished games of every game, newest first (see :meth:`scan_saves`).
        self.unfinished: list[SaveInfo] = []
        #: Saves that cannot be read at all, each with the reason (file and field).
        self.unreadable: list[SaveError] = []
        #: The save folder and why it cannot be used (None when it can): shown above
        #: the list, since no game can be listed from it or saved into it.
        self.folder_problem: tuple[str, str] | None = None
        #: The folder problem as last listed, and seconds since the folder was last
        #: looked at: while the menu is open the folder is looked at again every
        #: :attr:`FOLDER_CHECK_EVERY` seconds, and the list redone when it changed.
        self._folder_seen: tuple[str, str] | None = None
        self._folder_check = 0.0
        #: Index (in :meth:`save_entries`) of the first save listed, and of the first
        #: one on each earlier page (the pages hold as many as fit).
        self.save_page = 0
        self._page_back: list[int] = []
        self._page_next = 0
        self.widgets: dict[str, Any] = {}
        #: Set when the widgets must be rebuilt; done in :meth:`update`, never while
        #: pygame_gui is still dispatching the click that changed a choice.
        self._dirty = False
        self._manager: pygame_gui.UIManager | None = None
        self.scan_saves()
        self.game_id: str = menu_games.first_game(self, selected)
        self.deck_ids: list[str | None] = [None, None]
        self.first: str = "0"
        #: Per seat: "person" or a computer level (issue 12 §5; see ``seat_menu``), and
        #: whether a new game starts in free mode: as remembered (issue 16).
        self.seat_kinds: list[str] = settings_apply.seat_kinds(app)
        self.free_mode: bool = settings_apply.settings_of(app).free_mode
        self._pick_default_decks()
        self.build()

    # -------------------------------------------------------------- choices
    @property
    def choice(self) -> GameChoice | None:
        """The selected game."""
        return self.games.get(self.game_id)

    def _pick_default_decks(self) -> None:
        menu_decks.pick(self)  # the remembered decks, else the defaults (issue 16 QA 14)

    def select_game(self, game_id: str) -> None:
        """Choose the game (ignored when it is unavailable)."""
        choice = menu_games.choice(self, game_id)
        if choice is None or not choice.available:
            return
        if game_id != self.game_id:
            self.game_id = game_id
            self.deck_ids = [None, None]
            self._pick_default_decks()
        self._dirty = True

    def select_deck(self, seat: int, deck_id: str) -> None:
        """Choose the deck of ``seat`` (remembered for this game, issue 16 QA 14)."""
        self.deck_ids[seat] = deck_id
        menu_decks.remember(self.game_id, self.deck_ids)
        self._dirty = True

    def select_seat_kind(self, seat: int, kind: str) -> None:
        """Choose who plays ``seat``: ``"person"`` or a computer level (easy/normal/hard)."""
        if kind in SEAT_KINDS:
            self.seat_kinds[seat] = kind
            self._remember()
        self._dirty = True

    def select_mode(self, value: str) -> None:
        """Choose how a new game starts: ``"free"`` (free mode) or ``"rules"``."""
        self.free_mode = value == "free"
        self._remember()
        self._dirty = True

    def _remember(self) -> None:
        """The menu's Mode and seats are the settings' "New games start in" and
        "Player N is played by": kept at once, so both screens always say the same
        (QA16b #23; they used to be kept only when a game started)."""
        settings_apply.remember_choices(self.app, self.seat_kinds, self.free_mode)

    def select_first(self, value: str) -> None:
        """Choose who goes first: ``"0"``, ``"1"`` or ``"random"``."""
        if value in FIRST_CHOICES:
            self.first = value
        self._dirty = True

    def start_problem(self) -> str:
        """Why Start is disabled now ("" when the game can start)."""
        choice = self.choice
        if choice is None or not choice.available:
            if choice is not None and choice.rules_only:
                return i18n.t("menu.rules_only")
            if choice is not None and choice.deck_error:
                return i18n.t("menu.decks_error", reason=choice.deck_error)
            if choice is not None and choice.error:
                return i18n.t("menu.game_broken")
            if choice is not None and choice.broken_decks:
                return i18n.t("menu.decks_all_broken")
            return i18n.t("menu.no_decks")
        if choice.layout_error:
            return i18n.t("menu.layout_broken", reason=choice.layout_error)
        for seat, deck_id in enumerate(self.deck_ids):
            if not choice.legal(deck_id):
                return i18n.t("menu.cannot_start_deck", player=i18n.t(f"seat.{seat}"))
        return ""

    def start(self) -> None:
        """Start a new game with the chosen decks (does nothing while Start is disabled)."""
        choice = self.choice
        if choice is None or self.start_problem():
            return
        first = None if self.first == "random" else int(self.first)
        deck_p1, deck_p2 = self.deck_ids
        assert deck_p1 is not None and deck_p2 is not None
        try:
            game = choice.make_game(deck_p1, deck_p2, first,
                                    options=seat_options(computer_levels(self.seat_kinds)))
        except Exception as exc:  # a rules bug in set-up: tell, do not crash
            log.exception("could not start %s", self.game_id)
            dialogs.message(self.app, "dialog.start_failed_title",
                            i18n.t("dialog.start_failed", reason=str(exc)))
            return
        settings_apply.remember_choices(self.app, self.seat_kinds, self.free_mode)
        self.app.start_game(game)
        if self.free_mode:
            settings_apply.start_free(game)

    # -------------------------------------------------------------- saves
    def scan_saves(self) -> None:
        """List the unfinished games of every game in every save folder (newest first)
        and the saves that cannot be read; remove stale temporary files of saves
        that were interrupted. Never raises."""
        from tabletop.core.persistence import (
            find_unfinished,
            find_unreadable,
            folder_unusable,
            remove_stale_temp_files,
        )

        unfinished: list[SaveInfo] = []
        unreadable: list[SaveError] = []
        self.folder_problem = None
        try:
            folders = self.app.save_folders()
        except Exception as exc:  # noqa: BLE001 - no save folder at all: nothing to list
            log.error("no save folder: %s", exc)
            folders = []
        if folders:
            reason = folder_unusable(folders[0])
            if reason:
                self.folder_problem = (str(folders[0]), reason)
        for folder in folders:
            try:
                remove_stale_temp_files(folder)
                unreadable.extend(find_unreadable(folder))
            except Exception as exc:  # an unreadable folder: no resume, no crash
                log.error("cannot list the saves in %s: %s", folder, exc)
        try:  # one entry per game, whichever folders hold copies of it
            unfinished = find_unfinished(*folders) if folders else []
        except Exception as exc:  # noqa: BLE001 - an unreadable folder: no resume, no crash
            log.error("cannot list the saves in %s: %s", folders, exc)
        self._folder_seen = self.folder_problem
        self._folder_check = 0.0
        self.unfinished = unfinished
        self.unreadable = unreadable

    def recheck_folder(self) -> bool:
        """Whether the save folder can be used still as when the list was made; when
        that changed (the folder was put back, or replaced by a file), list the saves
        again and rebuild. Returns True when it changed. Writes nothing."""
        from tabletop.core.persistence import folder_unusable

        self._folder_check = 0.0
        try:
            folder = self.app.save_folders()[0]
            reason = folder_unusable(folder)
        except Exception as exc:  # noqa: BLE001 - no folder at all: as scan_saves found
            log.debug("save folder not checked: %s", exc)
            return False
        now = (str(folder), reason) if reason else None
        if now == self._folder_seen:
            return False
        self.scan_saves()
        self._dirty = True
        return True

    def save_entries(self) -> list[SaveInfo | SaveError]:
        """What the list of unfinished games shows: the games, then the unreadable files."""
        return [*self.unfinished, *self.unreadable]

    def resumable(self) -> SaveInfo | None:
        """The newest unfinished game of the selected game, if any (none without a window)."""
        return next((s for s in self.unfinished
                     if s.game == self.game_id and self.can_resume(s)), None)

    def can_resume(self, info: SaveInfo) -> bool:
        """Whether the window can open ``info``'s game (its rules load, it has a plugin)."""
        choice = menu_games.choice(self, info.game)
        return choice is not None and choice.rules is not None and choice.has_window

    def resume_game(self) -> None:
        """Resume the newest unfinished game of the selected game (see :meth:`resume_save`)."""
        info = self.resumable()
        if info is not None:
            self.resume_save(info)

    def resume_save(self, info: SaveInfo) -> None:
        """Resume ``info``'s game, saving on into its own file.

        A save that reads but no longer replays is kept under a new name and the
        players are offered to open it in free mode or replayed as far as it goes
        (:meth:`offer_broken`); one that cannot be read is explained.
        """
        from tabletop.core.persistence import SaveError, load_save, read_save

        try:
            cut_short = read_save(info.path).cut_short
            game = load_save(info.path, self._rules_for)
        except SaveError as exc:
            self.offer_broken(exc)
            return
        except Exception as exc:  # never crash on a save
            log.exception("resume failed")
            self.offer_broken(SaveError(info.path, "", str(exc)))
            return
        path = info.path
        if info.broken:  # it replays again (the card files are back): an autosave again
            path = self._unbreak(info.path, game)
        self.app.start_game(game, path)
        table = self.app.stack.scenes[0] if self.app.stack.scenes else None
        if cut_short and hasattr(table, "tell"):  # told on the table, after any cover
            table.tell(i18n.msg("saves.cut_short", n=len(game.actions)), "saves.cut_short")

    def _unbreak(self, path: Path, game: Game) -> Path:
        import os

        from tabletop.core.persistence import new_autosave_path

        target = new_autosave_path(game.setup.game, path.parent)
        try:
            os.replace(path, target)
        except OSError as exc:  # it stays a broken-* file, still listed: nothing lost
            log.warning("cannot rename %s back: %s", path, exc)
            return path
        return target

    def offer_broken(self, exc: SaveError) -> None:
        """Explain why a save does not resume; keep one that reads but does not replay.

        Such a save is renamed ``broken-*.json`` (never overwritten or deleted by a
        new game) and the dialog says where it is and offers to open it in free mode
        or replayed up to the last action that still holds.
        """
        from tabletop.core.persistence import (
            SaveError,
            keep_broken,
            read_save,
            replay_as_far_as_possible,
        )

        try:
            save = read_save(exc.path)
        except SaveError:
            self.show_save_error(exc)  # it does not even read: nothing to replay
            return
        try:
            kept = keep_broken(save.path)
        except SaveError as err:
            log.error("%s", err)
            kept = save.path
        self.scan_saves()
        self._dirty = True
        reason = self._broken_reason(exc)
        where = {"reason": reason, "file": kept.name, "folder": str(kept.parent)}
        try:
            game, refused = replay_as_far_as_possible(kept, self._rules_for)
        except SaveError:
            dialogs.message(self.app, "saves.broken_title",
                            i18n.t("saves.broken_nothing", **where), width=640, height=360)
            return
        total = len(save.actions)
        held = total if refused is None else refused
        body = i18n.t("saves.broken_body", held=held, total=total, **where)
        dialogs.choose(self.app, "saves.broken_title", body, [
            ("saves.open_free", partial(self._open_rebuilt, game, True)),
            (i18n.t("saves.open_replayed", n=held), partial(self._open_rebuilt, game, False)),
            ("saves.close", None),
        ], width=640)

    @staticmethod
    def _broken_reason(exc: SaveError) -> str:
        """Why a save does not replay, in plain words: the refused action's number, whose
        it was and the rules' own refusal (with its rule), never the refusal's code."""
        refused = exc.refused
        if refused is None:
            return f"{exc.field}: {exc.problem}" if exc.field else exc.problem
        verdict = refused.verdict
        why = dialogs.text_of(verdict.message if verdict.message is not None
                              else i18n.msg(f"refusal.{verdict.reason}"))
        if verdict.rule:
            why = f"{why} ({verdict.rule})"
        return i18n.t("saves.replay_refused", n=refused.index + 1,
                      player=i18n.t(f"seat.{refused.action.seat}"), why=why)

    def _open_rebuilt(self, game: Game, free: bool) -> None:
        """Open a game rebuilt from a broken save, in a new file (the broken one stays)."""
        from tabletop.core.actions import Action

        self.app.start_game(game, save_now=True)
        if free and not game.state.free_mode:
            action = Action.make("set_free_mode", game.rules.acting_seat(game.state), on=True)
            if game.check(action).ok:
                game.propose(action)

    def delete_save(self, entry: SaveInfo | SaveError) -> None:
        """Ask, then delete an unfinished game's file (or an unreadable one)."""
        from tabletop.core.persistence import SaveInfo

        path = Path(entry.path)
        paths = [path]
        if isinstance(entry, SaveInfo):
            body = i18n.t("saves.delete_body", game=self._game_name(entry.game),
                          turn=entry.turn if entry.turn is not None else "?",
                          when=_local_time(entry.saved_at), file=path.name)
            if entry.older:  # else the older copy would be listed in its place
                paths += [copy.path for copy in entry.older]
                body += "\n" + i18n.t("saves.delete_older", files=", ".join(
                    str(copy.path) for copy in entry.older))
        else:
            body = i18n.t("saves.delete_unreadable_body", file=path.name, path=str(path))
        dialogs.confirm(self.app, "saves.delete_title", body, partial(self._delete, *paths),
                        confirm_key="saves.delete", width=560,
                        height=280 if len(paths) == 1 else 340)

    def _delete(self, *paths: Path) -> None:
        from tabletop.core.persistence import SaveError, discard_autosave

        for path in paths:
            try:
                discard_autosave(path)
            except SaveError as exc:
                dialogs.message(self.app, "saves.delete_title",
                                i18n.t("saves.delete_failed", reason=str(exc)))
                break
        self.scan_saves()
        self._dirty = True

    def page_saves(self, forward: bool) -> None:
        """Show the next (or previous) page of the list of unfinished games."""
        if forward:
            self._page_back.append(self.save_page)
            self.save_page = self._page_next
        elif self._page_back:
            self.save_page = self._page_back.pop()
        self._dirty = True

    def _rules_for(self, game_id: str) -> GameRules:
        """The rules already loaded for the menu (so a resume does not load them again)."""
        choice = menu_games.choice(self, game_id)
        if choice is not None and choice.rules is not None:
            return choice.rules
        return load_rules(game_id)

    def show_save_error(self, exc: SaveError) -> None:
        """A dialog naming the save file and what is wrong with it."""
        name = Path(exc.path).name
        if exc.field == "format" and "newer" in exc.problem:
            body = i18n.t("dialog.save_newer", file=name, path=exc.path)
        else:
            reason = f"{exc.field}: {exc.problem}" if exc.field else exc.problem
            body = i18n.t("dialog.save_corrupt", file=name, path=exc.path, reason=reason)
        dialogs.message(self.app, "dialog.save_title", body, width=560, height=300)

    # -------------------------------------------------------------- scene hooks
    def layout_need(self) -> tuple[int, int]:
        """The window size (pixels at UI scale 1.0) the menu needs to show everything,
        from its layout (:func:`tabletop.ui.screen_fit.menu_need`): a chosen UI scale
        applies as far as this fits the window (issue 16)."""
        return screen_fit.menu_need(len(self.games), bool(self.save_entries()))

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild the widgets for the new size (or language)."""
        self.build()

    def resume(self) -> None:
        """The menu is on top again: look for autosaves anew and rebuild."""
        self.scan_saves()
        self.build()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """React to the drop-down menus; buttons use their ``command`` callbacks."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            element = event.ui_element
            option = getattr(event, "selected_option_id", None) or ""
            if element is self.widgets.get("language"):
                settings_apply.choose_language(self.app, option)
            elif element is self.widgets.get("mode"):
                self.select_mode(option)
            elif element is self.widgets.get("deck0"):
                self.select_deck(0, option)
            elif element is self.widgets.get("deck1"):
                self.select_deck(1, option)
            elif element is self.widgets.get("first"):
                self.select_first(option)
            elif element is self.widgets.get("seat_kind0"):
                self.select_seat_kind(0, option)
            elif element is self.widgets.get("seat_kind1"):
                self.select_seat_kind(1, option)
            else:
                return event
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return None
        return event

    def close(self) -> None:
        """The menu leaves the stack: remove its widgets."""
        self._clear()

    def update(self, dt: float) -> None:
        """Rebuild the widgets if a choice changed since the last frame; tell the
        players once about files the program had to replace by its built-in ones.
        Look at the save folder again now and then (:meth:`recheck_folder`)."""
        menu_games.load_rest(self)  # the games the first frame did not need
        self._folder_check += dt
        if self._folder_check >= self.FOLDER_CHECK_EVERY:
            self.recheck_folder()
            user_folder_menu.recheck(self)  # user card files changed (issue 15 QA)
        if self._dirty:
            self.build()
        worked_around = notices.take()
        if worked_around:
            dialogs.message(self.app, "dialog.notices_title",
                            i18n.t("dialog.notices_body", problems="\n".join(worked_around)),
                            width=620, height=340)
        menu_decks.tell_gone(self)  # a remembered deck gone: its own message (QA16b #7)

    def frame_due(self) -> float | None:
        """Now when the widgets are to be rebuilt, else at the next look at the save
        folder (drawn only when it rebuilt the list)."""
        if self._dirty or menu_games.rest_due(self):
            return 0.0
        return max(0.0, self.FOLDER_CHECK_EVERY - self._folder_check)

    def draw(self, surface: pygame.Surface) -> None:
        """A felt-green background with a soft light in the middle: the glow colour at
        alpha 40 over the felt, inside an ellipse 1.3 x 1.2 times the window. Blended
        once on one pixel, then drawn opaque: the same pixels as blitting a window-sized
        translucent layer, without making one (issue 14: 37 ms a frame at 4K)."""
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        lit = pygame.Surface((1, 1), 0, surface)
        lit.fill(BACKGROUND)
        glow = pygame.Surface((1, 1), pygame.SRCALPHA)
        glow.fill((*BACKGROUND_GLOW, 40))
        lit.blit(glow, (0, 0))
        rect = pygame.Rect(0, 0, round(w * 1.3), round(h * 1.2))
        rect.center = (w // 2, h // 2)
        pygame.draw.ellipse(surface, lit.get_at((0, 0)), rect)

    # -------------------------------------------------------------- widgets
    def _clear(self) -> None:
        if self._manager is self.app.ui:
            for widget in self.widgets.values():
                widget.kill()
        self.widgets = {}
        self._manager = self.app.ui

    def build(self) -> None:
        """(Re)create every widget from the current choices, size and language."""
        self._dirty = False
        self._clear()
        ui = self.app.ui
        s = self.app.scale
        w, h = self.app.size

        def px(v: float) -> int:
            return round(v * s)

        margin = px(32)
        gap = px(24)
        add = self.widgets.__setitem__

        # header: title, explanation, language
        lang_w = px(190)
        add("title", UILabel(pygame.Rect(margin, margin - px(8), w - 2 * margin - lang_w - gap,
                                         px(60)),
                             i18n.t("app.title"), ui, object_id="#title"))
        add("subtitle", UILabel(pygame.Rect(margin, margin + px(52),
                                            w - 2 * margin - lang_w - gap, px(30)),
                                i18n.t("menu.tagline"), ui, object_id="#subtitle"))
        add("language_label", UILabel(pygame.Rect(w - margin - lang_w, margin - px(4), lang_w,
                                                  px(26)),
                                      i18n.t("menu.language"), ui, object_id="#note"))
        langs = [(i18n.t(f"lang.{code}"), code) for code in i18n.languages()]
        current = next((o for o in langs if o[1] == self.app.lang), langs[0])
        add("language", UIDropDownMenu(langs, current,
                                       pygame.Rect(w - margin - lang_w, margin + px(24), lang_w,
                                                   px(40)), ui))

        top = margin + px(104)
        body_h = h - top - margin
        # the right one wider while it lists unfinished games, so each takes fewer lines;
        # both narrowed on a tight window (a chosen UI scale) before the setup column is
        left_w, right_w = screen_fit.menu_columns(w - 2 * margin - 2 * gap, px,
                                                  bool(self.save_entries()))
        mid_w = w - 2 * margin - left_w - right_w - 2 * gap
        self._build_games(pygame.Rect(margin, top, left_w, body_h), px)
        self._build_setup(pygame.Rect(margin + left_w + gap, top, mid_w, body_h), px)
        self._build_side(pygame.Rect(w - margin - right_w, top, right_w, body_h), px)

    def _build_games(self, area: pygame.Rect, px: Callable[[float], int]) -> None:
        ui, add = self.app.ui, self.widgets.__setitem__
        panel = UIPanel(area, 1, ui)
        add("games_panel", panel)
        pad = px(16)
        inner = area.width - 2 * pad
        bottom = area.height - pad
        bottom = user_folder_menu.build(self, panel, pad, inner, bottom, px)  # issue 16
        y = pad
        add("games_label", UILabel(pygame.Rect(pad, y, inner, px(28)),
                                   i18n.t("menu.choose_game"), ui, container=panel,
                                   object_id=self._fit("#section", i18n.t("menu.choose_game"),
                                                       inner)))
        y += px(36)
        for gid, choice in self.games.items():
            name = i18n.t(f"game.{gid}")
            reason, note = "", ""
            if choice.error:
                reason = i18n.t("menu.game_unavailable", reason=choice.error)
            elif choice.rules_only:
                note = i18n.t("menu.rules_only")
            elif not choice.available and not choice.loading:
                reason = (i18n.t("menu.decks_error", reason=choice.deck_error)
                          if choice.deck_error else i18n.t("menu.no_decks"))
            button = UIButton(pygame.Rect(pad, y, inner, px(46)), name, ui, container=panel,
                              tool_tip_text=reason or note or menu_games.loading_tip(choice),
                              command=partial(self.select_game, gid),
                              object_id=self._fit("", name, inner))
            if reason or note:
                button.disable()
            elif gid == self.game_id:
                button.select()
            add(f"game:{gid}", button)
            y += px(50)
            if reason:  # one line; the whole reason (file, card, field) on hover (issue 16)
                line = menu_reason.one_line(self, reason, inner)
                y += self._wrapped(f"game_reason:{gid}", line, panel, pad, y, inner,
                                   bottom - y, "#howto_problem") + px(4)
                menu_reason.tip(self.widgets.get(f"game_reason:{gid}"), line, reason, px(420))
            elif note:  # rules only: no window yet
                y += self._wrapped(f"game_status:{gid}", note, panel, pad, y, inner,
                                   bottom - y, "#howto") + px(4)
            elif choice.layout_error:  # selectable, but Start says why it cannot start
                text = i18n.t("menu.layout_problem", reason=choice.layout_error)
                y += self._wrapped(f"layout_reason:{gid}", text, panel, pad, y, inner,
                                   bottom - y, "#howto_problem") + px(4)
            y += px(4)
        # every game's deck files that cannot be loaded: one row, the list in Details
        y = menu_broken_decks.row(self, panel, pad, y, inner, px)  # QA16 #5

    def _fit(self, object_id: str, text: str, width: int) -> Any:
        """An object id whose font fits ``text`` into ``width`` pixels (shrunk, not clipped)."""
        from tabletop.ui.theme import fit_id

        return fit_id(self.app.fonts, text, width, self.app.scale, object_id)

    def _wrapped(self, key: str, text: str, panel: UIPanel, x: int, y: int, width: int,
                 room: int, object_id: str) -> int:
        """A text box wrapping ``text`` at ``width``: as tall as the text, at most ``room``
        (it scrolls beyond); returns its height."""
        if room <= round(20 * self.app.scale):
            return 0
        pad_x = round(8 * self.app.scale)
        rect = pygame.Rect(x - pad_x, y, width + 2 * pad_x, -1)

        def make(markup: str) -> UITextBox:
            return UITextBox(markup, rect, self.app.ui, container=panel, object_id=object_id,
                             allow_split_dashes=False)

        box = wrapped_text_box(make, text)
        if box.rect.height > room:
            box.kill()
            rect.height = room
            box = wrapped_text_box(make, text)
        self.widgets[key] = box
        return int(box.rect.height)

    def _build_setup(self, area: pygame.Rect, px: Callable[[float], int]) -> None:
        ui, add = self.app.ui, self.widgets.__setitem__
        panel = UIPanel(area, 1, ui)
        add("setup_panel", panel)
        pad = px(20)
        inner = area.width - 2 * pad
        choice = self.choice
        y = pad
        title = i18n.t(f"game.{self.game_id}") if self.game_id else ""
        add("setup_label", UILabel(pygame.Rect(pad, y, inner, px(28)),
                                   i18n.t("menu.section_setup", game=title), ui,
                                   container=panel, object_id="#section"))
        y += px(40)
        decks = list(choice.decks.items()) if choice else []
        lang = self.app.lang
        options = [(d.display_name(lang), deck_id) for deck_id, d in decks]
        for seat in (0, 1):
            player = i18n.t(f"seat.{seat}")
            add(f"deck_label{seat}", UILabel(pygame.Rect(pad, y, inner, px(26)),
                                             i18n.t("menu.deck_for", player=player), ui,
                                             container=panel))
            y += px(28)
            # person or computer (issue 12 §5): beside the deck, under it when narrow
            narrow = inner < px(440)
            # each drop-down as wide as its longest choice needs (QA16 #20)
            row = seat_row(self.app.fonts, self.app.scale, [o[0] for o in options],
                           SEAT_KINDS, inner, px(8))
            kind_w = inner if narrow else row.kind_w
            rect = pygame.Rect(pad, y, inner if narrow else row.deck_w, px(40))
            if options:
                current = next((o for o in options if o[1] == self.deck_ids[seat]), options[0])
                add(f"deck{seat}", UIDropDownMenu(options, current, rect, ui, container=panel))
            kind = pygame.Rect(pad, y + px(42), kind_w, px(36)) if narrow else \
                pygame.Rect(rect.right + px(8), y, kind_w, px(40))
            add(f"seat_kind{seat}", seat_menu(ui, panel, kind, self.seat_kinds[seat],
                                              short=row.short and not narrow))
            y = kind.bottom + px(4) if narrow else y + px(44)
            status, ok = self._deck_status(self.deck_ids[seat])
            if self.app.fonts.get(round(16 * self.app.scale)).size(status)[0] > inner - px(12):
                # a long reason (a card's long name, its rule id) wraps in a box that
                # grows, never cut off nor shrunk below reading size (issue 15 QA)
                high = self._wrapped(f"deck_status{seat}", status, panel, pad, y - px(4),
                                     inner, px(100), "#howto_problem")
                y += max(0, high - px(30))
            else:
                add(f"deck_status{seat}", UILabel(pygame.Rect(pad, y, inner, px(24)), status,
                                                  ui, container=panel,
                                                  object_id=self._fit("#ok" if ok else "#problem",
                                                                      status, inner)))
            y += px(30) if narrow else px(38)
        first_w = min(inner, px(280))
        if narrow:  # the label beside its drop-down: the seat rows took the room
            first_w = inner * 11 // 20
        add("first_label", UILabel(pygame.Rect(pad, y + (px(7) if narrow else 0),
                                               inner - first_w - px(6) if narrow else inner,
                                               px(26)),
                                   i18n.t("menu.first_player"), ui, container=panel))
        if not narrow:
            y += px(28)
        firsts = [(i18n.t("seat.0"), "0"), (i18n.t("seat.1"), "1"),
                  (i18n.t("menu.first_random"), "random")]
        current = next(o for o in firsts if o[1] == self.first)
        add("first", UIDropDownMenu(firsts, current,
                                    pygame.Rect(pad + inner - first_w if narrow else pad, y,
                                                first_w, px(40)), ui,
                                    container=panel))
        y = settings_menu.mode_menu(self, panel, pygame.Rect(pad, y, inner, px(40)),
                                    first_w, narrow, px, area.height - pad - px(96))
        problem = self.start_problem()
        start_h = px(56)
        bottom = area.height - pad - start_h
        status = problem or i18n.t("menu.ready")
        if problem and self.app.fonts.get(round(16 * self.app.scale)).size(problem)[0] > inner:
            # a long reason (a broken layout names file and field) wraps above Start
            room = px(120)
            height = self._wrapped("start_status", problem, panel, pad, bottom - px(8) - room,
                                   inner, room, "#howto_problem")
            box = self.widgets["start_status"]
            box.set_relative_position((box.relative_rect.x, bottom - px(8) - height))
        else:
            add("start_status", UILabel(pygame.Rect(pad, bottom - px(32), inner, px(24)),
                                        status, ui, container=panel,
                                        object_id=self._fit("#problem" if problem else "#ok",
                                                            status, inner)))
        demo_w = min(px(200), inner * 2 // 5)  # "Watch a demo" beside Start (issue 12 §6)
        start_w = inner - demo_w - px(8)
        start = UIButton(pygame.Rect(pad, bottom, start_w, start_h), i18n.t("menu.start"), ui,
                         container=panel, command=self.start,
                         object_id=self._fit("#start_button", i18n.t("menu.start"), start_w))
        if problem:
            start.disable()
        add("start", start)
        add("demo", demo_button(self, pygame.Rect(pad + start_w + px(8), bottom, demo_w,
                                                  start_h), panel, problem))

    def _deck_status(self, deck_id: str | None) -> tuple[str, bool]:
        choice = self.choice
        if choice is None or deck_id is None or deck_id not in choice.decks:
            if choice is not None and (choice.error or choice.broken_decks):
                return self.start_problem() or i18n.t("menu.no_decks"), False
            return i18n.t("menu.no_decks"), False
        problems = choice.problems.get(deck_id, [])
        if not problems:
            count = sum(len(choice.decks[deck_id].card_list(p))
                        for p in choice.decks[deck_id].sections)
            return i18n.t("menu.deck_legal", count=count), True
        first = _with_rule(self.game_id, problems[0])
        if len(problems) > 1:
            first = i18n.t("menu.deck_more_problems", problem=first, n=len(problems) - 1)
        return i18n.t("menu.deck_illegal", problem=first), False

    def _build_side(self, area: pygame.Rect, px: Callable[[float], int]) -> None:
        ui, add = self.app.ui, self.widgets.__setitem__
        panel = UIPanel(area, 1, ui)
        add("side_panel", panel)
        pad = px(16)
        inner = area.width - 2 * pad
        y = pad
        add("resume_label", UILabel(pygame.Rect(pad, y, inner, px(28)),
                                    i18n.t("saves.section"), ui, container=panel,
                                    object_id=self._fit("#section", i18n.t("saves.section"),
                                                        inner)))
        y += px(36)
        quit_h = px(46)
        bottom = area.height - pad - quit_h - px(12)
        rules_help = help_button(self.app, self.game_id, pygame.Rect(  # issue 12 §2
            pad, area.height - pad - quit_h - px(52), inner, px(42)), panel,
            partial(self._rules_for, self.game_id))
        if rules_help is not None:
            add("rules_help", rules_help)
            bottom -= px(52)
        half = (inner - px(8)) // 2  # Lessons and Decks (issue 16) side by side
        add("lessons", lessons_button(self.app, self.game_id, pygame.Rect(  # issue 12 §3
            pad, bottom - px(42), half, px(42)), panel))
        add("decks", deck_menu.decks_button(self.app, self.game_id, pygame.Rect(
            pad + half + px(8), bottom - px(42), inner - half - px(8), px(42)), panel))
        bottom -= px(52)
        if self.folder_problem is not None:  # nothing can be listed from it nor saved there
            folder, reason = self.folder_problem
            y += self._wrapped("save_folder_problem",
                               i18n.t("saves.folder_unusable", folder=folder, reason=reason),
                               panel, pad, y, inner, bottom - y, "#howto_problem") + px(8)
        entries = self.save_entries()
        if entries:
            y = self._build_saves(panel, entries, pad, y, inner, bottom, px)
        else:
            self.save_page, self._page_back = 0, []
            y += self._wrapped("resume_info", i18n.t("saves.none"), panel, pad, y, inner,
                               bottom - y, "#howto") + px(20)
        howto_top = y + px(34)
        howto_h = bottom - howto_top
        if howto_h > px(100):  # the how-to only where the list leaves room for it
            add("howto_label", UILabel(pygame.Rect(pad, y, inner, px(28)),
                                       i18n.t("menu.howto_title"), ui, container=panel,
                                       object_id="#section"))
            lines = "\n".join("•\u00a0" + i18n.t(f"menu.howto_{i}") for i in (1, 2, 3))
            rect = pygame.Rect(pad - px(8), howto_top, inner + px(16), howto_h)
            add("howto", wrapped_text_box(
                lambda markup: UITextBox(markup, rect, ui, container=panel, object_id="#howto",
                                         allow_split_dashes=False), lines))
        half = (inner - px(8)) // 2  # Settings (issue 16) beside Quit
        # Quit on the left, Settings in the corner: the settings screen's Back sits in
        # that corner, and a double click on Back used to land on Quit (QA16b #2)
        settings_menu.settings_button(self, pygame.Rect(pad + inner - half,
                                                        area.height - pad - quit_h, half,
                                                        quit_h), panel)
        add("quit", UIButton(pygame.Rect(pad, area.height - pad - quit_h, half, quit_h),
                             i18n.t("menu.quit"), ui, container=panel, command=self.app.quit))

    def _build_saves(self, panel: UIPanel, entries: list[Any], x: int, top: int, width: int,
                     bottom: int, px: Callable[[float], int]) -> int:
        """The list of unfinished games from :attr:`save_page` on, as many as fit above
        ``bottom``, with Previous / Next when they do not all fit; returns the y below."""
        self.save_page = max(0, min(self.save_page, len(entries) - 1))
        if self.save_page == 0:
            self._page_back = []
        pager_h = px(32)
        shown, y = self._save_rows(panel, entries, x, top, width, bottom, px)
        if self.save_page == 0 and shown == len(entries):
            self._page_next = len(entries)
            return y
        for i in range(self.save_page, self.save_page + shown):  # again, leaving pager room
            for key in (f"save_info:{i}", f"resume:{i}", f"delete:{i}"):
                widget = self.widgets.pop(key, None)
                if widget is not None:
                    widget.kill()
        shown, y = self._save_rows(panel, entries, x, top, width, bottom - pager_h, px)
        self._page_next = self.save_page + shown
        ui, add = self.app.ui, self.widgets.__setitem__
        y = max(y, top)
        label = i18n.t("saves.page", first=self.save_page + 1, last=self._page_next,
                       total=len(entries))
        button_w = pager_button_w(self.app.fonts, self.app.scale, [  # QA16 #20
            i18n.t("saves.previous"), i18n.t("saves.next")], label, width, px(4))
        back = UIButton(pygame.Rect(x, y, button_w, pager_h), i18n.t("saves.previous"), ui,
                        container=panel, command=partial(self.page_saves, False),
                        object_id=self._fit("", i18n.t("saves.previous"), button_w))
        if not self._page_back:
            back.disable()
        add("saves_previous", back)
        ahead = UIButton(pygame.Rect(x + width - button_w, y, button_w, pager_h),
                         i18n.t("saves.next"), ui, container=panel,
                         command=partial(self.page_saves, True),
                         object_id=self._fit("", i18n.t("saves.next"), button_w))
        if self._page_next >= len(entries):
            ahead.disable()
        add("saves_next", ahead)
        middle = width - 2 * button_w - px(8)
        add("saves_page", UILabel(pygame.Rect(x + button_w + px(4), y, middle, pager_h), label,
                                  ui, container=panel,
                                  object_id=self._fit("#note", label, middle)))
        return y + pager_h + px(12)

    def _save_rows(self, panel: UIPanel, entries: list[Any], x: int, top: int, width: int,
                   bottom: int, px: Callable[[float], int]) -> tuple[int, int]:
        """Rows of the save list from :attr:`save_page` while they fit (at least one);
        returns how many and the y below the last."""
        from tabletop.core.persistence import SaveInfo

        ui, add = self.app.ui, self.widgets.__setitem__
        # compact rows: a page of two games where one used to fit at 1366x768 (QA16b #14)
        button_h, gap = px(32), px(8)
        y, shown = top, 0
        for i in range(self.save_page, len(entries)):
            entry = entries[i]
            room = bottom - y - button_h - gap
            if shown and room < px(24):  # not even a line; a taller text is checked below
                break
            if isinstance(entry, SaveInfo):
                text, kind = self._save_text(entry), "#howto"
                first_label = "saves.open" if entry.broken else "saves.resume"
                first_command = partial(self.resume_save, entry)
                first_on = self.can_resume(entry)
            else:
                text = i18n.t("saves.unreadable", file=Path(entry.path).name)
                kind, first_label = "#howto_problem", "saves.why"
                first_command = partial(self.show_save_error, entry)
                first_on = True
            # the first row may scroll in a tiny window; later ones are shown whole or not
            height = self._wrapped(f"save_info:{i}", text, panel, x, y, width,
                                   bottom if shown else max(room, px(24)), kind)
            if shown and y + height + button_h > bottom:
                self.widgets.pop(f"save_info:{i}").kill()
                break
            y += height  # the text box's own margin keeps it off the buttons
            half = (width - gap) // 2
            label = i18n.t(first_label)
            first = UIButton(pygame.Rect(x, y, half, button_h), label, ui, container=panel,
                             command=first_command, object_id=self._fit("", label, half))
            if not first_on:
                first.disable()
            add(f"resume:{i}", first)
            label = i18n.t("saves.delete")
            add(f"delete:{i}", UIButton(pygame.Rect(x + half + gap, y, width - half - gap,
                                                    button_h), label, ui, container=panel,
                                        command=partial(self.delete_save, entry),
                                        object_id=self._fit("", label, width - half - gap)))
            y += button_h + px(10)
            shown += 1
        return shown, y

    def _save_text(self, info: SaveInfo) -> str:
        """Game and decks; turn, whose turn and when (local time); a broken save's note."""
        choice = menu_games.choice(self, info.game)
        names = [self._deck_name(choice, name) for name in info.deck_names]
        title = self._game_name(info.game)
        if len(names) == 2:
            title = i18n.t("saves.entry_title", game=title,
                           decks=i18n.t("saves.decks", first=names[0], second=names[1]))
        turn = info.turn if info.turn is not None else "?"
        # today's time alone, one line with its date at most (QA16b #14)
        when = short_when(info.saved_at).replace(" ", "\u00a0")
        if info.active is not None:
            state = i18n.t("saves.entry_state", turn=turn, when=when,
                           player=i18n.t(f"seat.{info.active}"))
        else:
            state = i18n.t("saves.entry_state_unknown", turn=turn, when=when)
        lines = [title, state]
        if info.broken:
            lines.append(i18n.t("saves.entry_broken", file=info.path.name))
        if info.older:  # copies of this game that are behind it: kept, not offered
            newest = info.older[0]
            when = _local_time(newest.saved_at).replace(" ", "\u00a0")
            if len(info.older) == 1:
                lines.append(i18n.t("saves.entry_older", when=when, actions=newest.actions,
                                    folder=str(newest.path.parent)))
            else:
                lines.append(i18n.t("saves.entry_older_many", n=len(info.older), when=when,
                                    folder=str(newest.path.parent)))
        return "\n".join(lines)

    @staticmethod
    def _game_name(game_id: str) -> str:
        key = f"game.{game_id}"
        name = i18n.t(key)
        return game_id if name == key else name

    def _deck_name(self, choice: GameChoice | None, saved: str) -> str:
        """A saved deck name (English, or a deck id) in the current language when the
        deck is still one of the game's ready-made decks."""
        if choice is not None:
            for deck_id, deck in choice.decks.items():
                if saved in (deck_id, deck.display_name("en")):
                    return deck.display_name(self.app.lang)
        return saved
