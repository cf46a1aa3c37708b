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

import html
import logging
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

from tabletop import i18n
from tabletop.core.decks import Deck, DeckError, load_deck
from tabletop.core.engine import Game
from tabletop.core.messages import Message
from tabletop.core.rules import GameRules, GameSetup, game_ids, load_rules
from tabletop.resources import resource_path
from tabletop.ui import dialogs
from tabletop.ui.scene import Scene

if TYPE_CHECKING:
    from tabletop.core.persistence import SaveError, SaveInfo
    from tabletop.ui.app import App

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
    """

    game_id: str
    rules: GameRules | None = None
    error: str = ""
    decks: dict[str, Deck] = field(default_factory=dict)
    problems: dict[str, list[Message]] = field(default_factory=dict)
    deck_error: str = ""
    broken_decks: dict[str, str] = field(default_factory=dict)

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
                choice.decks[path.stem] = load_deck(path, known)
            except DeckError as exc:  # this file only: the other decks stay playable
                log.warning("deck %s unavailable: %s", path, exc)
                choice.broken_decks[path.name] = _short_reason(str(exc), path)
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
                  seed: int | None = None) -> Game:
        """A new game with these decks; ``first_seat`` None draws it at random.

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
        )
        return Game(self.rules, setup)


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

    def __init__(self, app: App, rules_loader: Callable[[str], GameRules] = load_rules,
                 selected: str | None = None) -> None:
        """``selected``: the game to show first (the one just left, so its unfinished
        game is offered at once); default the first playable game."""
        super().__init__(app)
        self.games: dict[str, GameChoice] = {gid: GameChoice.load(gid, rules_loader)
                                             for gid in game_ids()}
        playable = [g for g, c in self.games.items() if c.available]
        self.game_id: str = (selected if selected in playable
                             else next(iter(playable), next(iter(self.games), "")))
        self.deck_ids: list[str | None] = [None, None]
        self.first: str = "0"
        self.unfinished: list[SaveInfo] = []
        self.broken: dict[str, SaveError] = {}
        self.widgets: dict[str, Any] = {}
        #: Set when the widgets must be rebuilt; done in :meth:`update`, never while
        #: pygame_gui is still dispatching the click that changed a choice.
        self._dirty = False
        self._manager: pygame_gui.UIManager | None = None
        self._pick_default_decks()
        self.scan_saves()
        self.build()

    # -------------------------------------------------------------- choices
    @property
    def choice(self) -> GameChoice | None:
        """The selected game."""
        return self.games.get(self.game_id)

    def _pick_default_decks(self) -> None:
        choice = self.choice
        ids = list(choice.decks) if choice else []
        legal = [d for d in ids if choice and choice.legal(d)] or ids
        for seat in (0, 1):
            current = self.deck_ids[seat]
            if current not in ids:
                self.deck_ids[seat] = legal[min(seat, len(legal) - 1)] if legal else None

    def select_game(self, game_id: str) -> None:
        """Choose the game (ignored when it is unavailable)."""
        choice = self.games.get(game_id)
        if choice is None or not choice.available:
            return
        if game_id != self.game_id:
            self.game_id = game_id
            self.deck_ids = [None, None]
            self._pick_default_decks()
        self._dirty = True

    def select_deck(self, seat: int, deck_id: str) -> None:
        """Choose the deck of ``seat``."""
        self.deck_ids[seat] = deck_id
        self._dirty = True

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
            game = choice.make_game(deck_p1, deck_p2, first)
        except Exception as exc:  # a rules bug in set-up: tell, do not crash
            log.exception("could not start %s", self.game_id)
            dialogs.message(self.app, "dialog.start_failed_title",
                            i18n.t("dialog.start_failed", reason=str(exc)))
            return
        self.app.start_game(game)

    # -------------------------------------------------------------- saves
    def scan_saves(self) -> None:
        """Find unfinished autosaves, and autosaves that cannot be read."""
        from tabletop.core.persistence import SaveError, find_unfinished, read_save

        folder = self.app.save_dir
        try:
            self.unfinished = find_unfinished(folder)
        except Exception as exc:  # an unreadable folder: no resume, no crash
            log.error("cannot list autosaves: %s", exc)
            self.unfinished = []
        self.broken = {}
        for gid in self.games:
            try:
                path = self.app.autosave_file(gid)
            except Exception:  # noqa: BLE001 - no save folder at all
                continue
            if not path.exists():
                continue
            try:
                read_save(path)
            except SaveError as exc:
                self.broken[gid] = exc

    def resumable(self) -> SaveInfo | None:
        """The newest unfinished game of the selected game, if any (none without a window)."""
        choice = self.choice
        if choice is not None and not choice.has_window:
            return None
        return next((s for s in self.unfinished if s.game == self.game_id), None)

    def resume_game(self) -> None:
        """Resume the newest unfinished game, or explain why the autosave cannot be opened."""
        from tabletop.core.persistence import SaveError, load_save

        info = self.resumable()
        if info is None:
            broken = self.broken.get(self.game_id)
            if broken is not None:
                self.show_save_error(broken)
            return
        try:
            game = load_save(info.path, self._rules_for)
        except SaveError as exc:
            self.show_save_error(exc)
            return
        except Exception as exc:  # never crash on a save
            log.exception("resume failed")
            self.show_save_error(SaveError(info.path, "", str(exc)))
            return
        self.app.start_game(game)

    def _rules_for(self, game_id: str) -> GameRules:
        """The rules already loaded for the menu (so a resume does not load them again)."""
        choice = self.games.get(game_id)
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
                self.app.set_language(option)
            elif element is self.widgets.get("deck0"):
                self.select_deck(0, option)
            elif element is self.widgets.get("deck1"):
                self.select_deck(1, option)
            elif element is self.widgets.get("first"):
                self.select_first(option)
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
        """Rebuild the widgets if a choice changed since the last frame."""
        if self._dirty:
            self.build()

    def draw(self, surface: pygame.Surface) -> None:
        """A felt-green background with a soft light in the middle."""
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        glow = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(6):
            rect = pygame.Rect(0, 0, round(w * (1.3 - i * 0.15)), round(h * (1.2 - i * 0.15)))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(glow, (*BACKGROUND_GLOW, 40), rect)
        surface.blit(glow, (0, 0))

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
        left_w = px(300)
        right_w = px(330)
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
            elif not choice.available:
                reason = (i18n.t("menu.decks_error", reason=choice.deck_error)
                          if choice.deck_error else i18n.t("menu.no_decks"))
            button = UIButton(pygame.Rect(pad, y, inner, px(46)), name, ui, container=panel,
                              tool_tip_text=reason or note or None,
                              command=partial(self.select_game, gid),
                              object_id=self._fit("", name, inner))
            if reason or note:
                button.disable()
            elif gid == self.game_id:
                button.select()
            add(f"game:{gid}", button)
            y += px(50)
            if reason:  # the whole reason (file, card, field), wrapped
                y += self._wrapped(f"game_reason:{gid}", reason, panel, pad, y, inner,
                                   bottom - y, "#howto_problem") + px(4)
            elif note:  # rules only: no window yet
                y += self._wrapped(f"game_status:{gid}", note, panel, pad, y, inner,
                                   bottom - y, "#howto") + px(4)
            if choice.broken_decks and not choice.error:
                head = i18n.t("menu.decks_broken")
                add(f"broken_label:{gid}", UILabel(pygame.Rect(pad, y, inner, px(24)), head, ui,
                                                   container=panel,
                                                   object_id=self._fit("#problem", head, inner)))
                y += px(26)
                lines = "\n".join(f"• {why}" for _, why in sorted(choice.broken_decks.items()))
                y += self._wrapped(f"broken_decks:{gid}", lines, panel, pad, y, inner,
                                   bottom - y, "#howto_problem") + px(4)
            y += px(4)

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
        markup = "<br>".join(html.escape(line) for line in text.split("\n"))
        rect = pygame.Rect(x - pad_x, y, width + 2 * pad_x, -1)
        box = UITextBox(markup, rect, self.app.ui, container=panel, object_id=object_id,
                        allow_split_dashes=False)
        if box.rect.height > room:
            box.kill()
            rect.height = room
            box = UITextBox(markup, rect, self.app.ui, container=panel, object_id=object_id,
                            allow_split_dashes=False)
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
            rect = pygame.Rect(pad, y, inner, px(40))
            if options:
                current = next((o for o in options if o[1] == self.deck_ids[seat]), options[0])
                add(f"deck{seat}", UIDropDownMenu(options, current, rect, ui, container=panel))
            y += px(44)
            status, ok = self._deck_status(self.deck_ids[seat])
            add(f"deck_status{seat}", UILabel(pygame.Rect(pad, y, inner, px(24)), status, ui,
                                              container=panel,
                                              object_id=self._fit("#ok" if ok else "#problem",
                                                                  status, inner)))
            y += px(38)
        add("first_label", UILabel(pygame.Rect(pad, y, inner, px(26)),
                                   i18n.t("menu.first_player"), ui, container=panel))
        y += px(28)
        firsts = [(i18n.t("seat.0"), "0"), (i18n.t("seat.1"), "1"),
                  (i18n.t("menu.first_random"), "random")]
        current = next(o for o in firsts if o[1] == self.first)
        add("first", UIDropDownMenu(firsts, current,
                                    pygame.Rect(pad, y, min(inner, px(280)), px(40)), ui,
                                    container=panel))
        problem = self.start_problem()
        start_h = px(56)
        bottom = area.height - pad - start_h
        status = problem or i18n.t("menu.ready")
        add("start_status", UILabel(pygame.Rect(pad, bottom - px(32), inner, px(24)),
                                    status, ui, container=panel,
                                    object_id=self._fit("#problem" if problem else "#ok",
                                                        status, inner)))
        start = UIButton(pygame.Rect(pad, bottom, inner, start_h), i18n.t("menu.start"), ui,
                         container=panel, command=self.start,
                         object_id=self._fit("#start_button", i18n.t("menu.start"), inner))
        if problem:
            start.disable()
        add("start", start)

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
        first = dialogs.text_of(problems[0])
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
                                    i18n.t("menu.section_resume"), ui, container=panel,
                                    object_id="#section"))
        y += px(36)
        info = self.resumable()
        broken = self.broken.get(self.game_id)
        if info is not None:
            line = i18n.t("menu.resume_game", turn=info.turn if info.turn is not None else "?",
                          when=_local_time(info.saved_at))
            kind = "#howto"
        elif broken is not None:
            line = i18n.t("menu.resume_broken", file=Path(broken.path).name)
            kind = "#howto_problem"
        else:
            line, kind = i18n.t("menu.resume_none"), "#howto"
        add("resume_info", UITextBox(html.escape(line),
                                     pygame.Rect(pad - px(8), y, inner + px(16), px(64)), ui,
                                     container=panel, object_id=kind,
                                     allow_split_dashes=False))
        y += px(70)
        resume = UIButton(pygame.Rect(pad, y, inner, px(46)), i18n.t("menu.resume"), ui,
                          container=panel, command=self.resume_game)
        if info is None and broken is None:
            resume.disable()
        add("resume", resume)
        y += px(46) + px(28)
        quit_h = px(46)
        add("howto_label", UILabel(pygame.Rect(pad, y, inner, px(28)),
                                   i18n.t("menu.howto_title"), ui, container=panel,
                                   object_id="#section"))
        y += px(34)
        howto_h = area.height - pad - quit_h - px(16) - y
        if howto_h > px(60):
            lines = "<br>".join("•\u00a0" + html.escape(i18n.t(f"menu.howto_{i}"))
                                for i in (1, 2, 3))
            add("howto", UITextBox(lines, pygame.Rect(pad - px(8), y, inner + px(16), howto_h),
                                   ui, container=panel, object_id="#howto",
                                   allow_split_dashes=False))
        add("quit", UIButton(pygame.Rect(pad, area.height - pad - quit_h, inner, quit_h),
                             i18n.t("menu.quit"), ui, container=panel, command=self.app.quit))
