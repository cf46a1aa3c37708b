"""Free mode's menu of acts at the table (ALL-R3): right-click (or K) on a card or pile.

In free mode a right-click on a card, a pile or the table, or the key K (or the
keyboard's Menu key) over one, opens a small menu of what free mode can do there
(:mod:`tabletop.core.free_mode`): turn, flip, reveal; add or remove counters (the
game's own, or one of any name typed in the menu); change a number until the end of
the turn; move it to its discard pile clearing its counters and changed numbers;
shuffle a hidden pile (a deck: an open row is never shuffled, ALL-R3); look at or
reveal the top cards of one's own deck; end the phase. ↑ ↓ choose, Enter or a
click runs, the key shown runs at once, Esc or a click outside closes. An act
the rules refuse is greyed, and choosing it says why (the toast). Every key the menu
shows does the same with the pointer over the card or pile and the menu closed
(T, V, R, X, S, Ctrl+N: QA15b #9); a row whose letter means something else at the
table shows none, the open menu still taking it (C another counter: 絵師100人展's
challenge; P another number: Conan's pause), and looking at the top cards has no
letter (L is the log, and a look cannot be undone). A click on
a − or + keeps the menu open, its number updated, for the next click.

Outside the menu, + and - over a card add or remove one of the game's first counter
(in a game with no counter of its own, Arc, + asks the counter's name in an empty
field: the key that opened it is never typed into it, ALL-H7), X moves the card to its
discard pile clearing its marks as the menu's row does, Ctrl+N ends the phase by hand
(``tabletop/ui/shortcuts.py``), and a card dropped with Shift held is moved clearing
its counters and changed numbers (:func:`shift_clears`).

:func:`draw_free_marks` draws on each card the numbers changed until the end of the
turn and the counters the game's own card faces do not show (any typed name), from
the viewer's :class:`~tabletop.core.view.TableView` only (ALL-R2).

The scene is the :class:`~tabletop.ui.table.TableScene` (typed ``Any``: this module is
checked on its own).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.core.free_mode import MAX_NAME, counter_word, stat_word
from tabletop.core.messages import msg, zone_msg
from tabletop.core.model import Visibility
from tabletop.ui.shortcuts import Screen, command_for

__all__ = ["FREE_COMMANDS", "Choice", "FreeMenu", "Item", "draw_free_marks", "shift_clears"]

#: The table commands this module runs (keys in ``tabletop/ui/shortcuts.py``).
FREE_COMMANDS = frozenset({"free_menu", "counter_add", "counter_remove", "end_phase_free",
                           "clear_move", "shuffle_free"})
#: The end-phase key, shown in the menu and taken while it is open (the table's own
#: N is the rules' next phase, not free mode's "end the phase" for the seat that acts).
END_PHASE_KEY = "Ctrl+N"
#: How many top cards the menu offers to look at or reveal.
TOP_COUNTS = (1, 3, 5)

MENU_BG = (30, 36, 44)
MENU_EDGE = (120, 140, 150)
MENU_LIT = (64, 86, 110)
MENU_TEXT = (236, 240, 234)
MENU_DIM = (128, 136, 134)
MENU_HEAD = (250, 214, 96)
CHIP_BG = (60, 52, 120)
CHIP_COUNTER = (120, 70, 30)


@dataclass(frozen=True)
class Choice:
    """One thing a row can do: its words on the row's button ("" for a row that is one
    act), what it does, the key that runs it at once, and the refusal when the rules
    refuse it now (it is greyed, and choosing it says why); ``stay``: the menu stays
    open after it (a − or +, clicked again and again); ``shown``: the key is drawn on
    the row, as it does the same at the table over the card or pile (False: a letter
    only the open menu takes, as the table gives it another meaning)."""

    label: str
    run: Callable[[], None] | None = field(default=None, compare=False)
    key: str = ""
    refusal: Verdict | None = field(default=None, compare=False)
    stay: bool = False
    shown: bool = True


@dataclass(frozen=True)
class Item:
    """One row of the menu: its words and its choices (a heading has none)."""

    label: str
    choices: tuple[Choice, ...] = ()

    @property
    def heading(self) -> bool:
        """A row that only names what follows (a card, a pile)."""
        return not self.choices

    @property
    def single(self) -> bool:
        """A row that is one act (the whole row is its button)."""
        return len(self.choices) == 1 and not self.choices[0].label


def _act(label: str, run: Callable[[], None] | None, key: str = "",
         refusal: Verdict | None = None, shown: bool = True) -> Item:
    return Item(label, (Choice("", run, key, refusal, shown=shown),))


@dataclass
class Entry:
    """The name being typed in the menu ("Other counter…"), and what to do with it.

    ``opener`` is the character of the key press that opened the field ("+", "c"):
    the text that press still sends (SDL sends a TEXTINPUT after its KEYDOWN) is not
    typed into the field; any other key press or text forgets it."""

    prompt: str
    text: str = ""
    done: Callable[[str], None] | None = None
    opener: str = ""


def _dialogs() -> Any:
    """:mod:`tabletop.ui.dialogs`, read untyped (it is not ``mypy --strict`` clean yet)."""
    return importlib.import_module("tabletop.ui.dialogs")


def _words(value: Any) -> str:
    """A Message (or plain text) in the current language."""
    if hasattr(value, "render"):
        return str(value.render(i18n.get_language()))
    return str(value)


class FreeMenu:
    """The free-mode menu of one table (closed until opened; see the module docstring).

    ``index`` is the chosen row, ``sub`` the chosen one of its choices."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.at: tuple[int, int] = (0, 0)
        self.index = -1
        self.sub = 0
        self.entry: Entry | None = None
        #: Where the last frame drew each row and each choice button (pixels).
        self.rows: list[pygame.Rect] = []
        self.buttons: list[list[pygame.Rect]] = []
        self.box: pygame.Rect | None = None
        #: The character of the key press being handled now ("" between presses).
        self.typing = ""
        #: The card (view id) and pile the menu was opened for (opened again after a
        #: − or + with them).
        self.card: int | None = None
        self.zone: str | None = None

    @property
    def is_open(self) -> bool:
        """Is the menu shown?"""
        return bool(self.items)

    def key(self) -> tuple[Any, ...]:
        """What the menu shows (for the table's kept frame)."""
        entry = None if self.entry is None else (self.entry.prompt, self.entry.text)
        return (tuple(self.items), self.at, self.index, self.sub, entry)

    def close(self) -> None:
        """Close the menu (nothing runs)."""
        self.items, self.index, self.sub, self.entry = [], -1, 0, None
        self.rows, self.buttons, self.box = [], [], None

    # -- opening ---------------------------------------------------------------------
    def open(self, scene: Any, pos: tuple[int, int], card: int | None,
             zone: str | None) -> bool:
        """Open at pixel ``pos`` for ``card`` (a view id) and its pile, or else ``zone``
        (both None: the table itself). False (nothing opens) outside free mode, behind
        the cover or once the game is over."""
        state = scene.game.state
        if not state.free_mode or scene.cover_pending or state.game_over:
            return False
        if card is not None:
            sprite = scene.sprite_for(card)
            zone = sprite.zone if sprite is not None else zone
        items: list[Item] = []
        if card is not None:
            items += self._card_items(scene, card)
        if zone is not None:
            items += self._pile_items(scene, zone)
        items.append(Item(i18n.t("freemenu.heading_turn")))
        items.append(self._row(scene, i18n.t("freemenu.end_phase"),
                               Action.make("manual_end_phase", scene.viewer), END_PHASE_KEY))
        self.close()
        self.items, self.at, self.card, self.zone = items, pos, card, zone
        self.index = next((i for i, it in enumerate(items) if not it.heading), -1)
        return True

    def _choice(self, scene: Any, label: str, action: Action, key: str = "",
                then: Callable[[], None] | None = None, card: int | None = None,
                stay: bool = False) -> Choice:
        """A choice proposing ``action`` (checked now: greyed with its refusal if refused;
        ``stay``: the menu stays open after it)."""
        verdict = scene.game.check(action)

        def run() -> None:
            if self._refused_for_computer(scene, card):
                return
            if scene.propose(action).ok and then is not None:
                then()

        return Choice(label, run, key, None if verdict.ok else verdict, stay)

    def _row(self, scene: Any, label: str, action: Action, key: str = "",
             then: Callable[[], None] | None = None, card: int | None = None) -> Item:
        return Item(label, (self._choice(scene, "", action, key, then, card),))

    @staticmethod
    def _refused_for_computer(scene: Any, card: int | None) -> bool:
        """The computer is playing now, or ``card`` is its hidden card (ALL-H2): said
        in the toast, True."""
        computer = scene.computer
        if computer is None:
            return False
        playing = computer.refuse_turn_command("free_mode")
        if playing is not None:
            scene.toast.show(playing, playing.key)
            return True
        return card is not None and bool(scene._refuse_computer_card(card))

    def _card_items(self, scene: Any, iid: int) -> list[Item]:
        seat = scene.viewer
        found = scene.view.find(iid)
        if found is None:
            return []
        cv = found[1]
        name = i18n.t(f"card.{cv.card_id}") if cv.card_id else \
            _words(scene.place_message(iid))
        items = [Item(name)]
        items.append(self._row(scene, i18n.t("freemenu.tap"),
                               Action.make("manual_tap", seat, card=iid), "T", card=iid))
        items.append(self._row(scene, i18n.t("freemenu.flip"),
                               Action.make("manual_flip", seat, card=iid), "V", card=iid))
        verdict = scene.game.check(Action.make("manual_reveal", seat, card=iid, agreed=True))
        items.append(_act(i18n.t("freemenu.reveal"), lambda: scene.ask_reveal(iid), "R",
                          None if verdict.ok else verdict))
        rules = scene.rules
        zone = scene.game.state.zones.get(found[0])
        if zone is None or zone.visibility is not Visibility.PUBLIC:
            return items  # no marks in a hand or a deck (ALL-H7)
        # counters: the game's own names, then any others the card carries
        counters = dict(cv.counters)
        names = list(rules.counter_names)
        names += [n for n in counters if n not in names and n not in rules.place_counters]
        for n, name in enumerate(names):
            word = _words(counter_word(rules.game_id, name))
            minus = self._choice(scene, "−", Action.make(
                "manual_counter", seat, card=iid, name=name, delta=-1),
                "-" if n == 0 else "", card=iid, stay=True)
            plus = self._choice(scene, "+", Action.make(
                "manual_counter", seat, card=iid, name=name, delta=1),
                "+" if n == 0 else "", card=iid, stay=True)
            items.append(Item(i18n.t("freemenu.counter", counter=word,
                                     now=counters.get(name, 0)), (minus, plus)))
        items.append(_act(i18n.t("freemenu.counter_other"), lambda: self._ask(
            i18n.t("freemenu.counter_prompt"), lambda text: self._add_counter(scene, iid, text)),
            "C", shown=False))  # at the table C is 絵師100人展's challenge
        # numbers until the end of the turn: the card's printed ones, and those changed
        changed = {stat: delta for v, stat, delta in scene.view.modifiers if v == iid}
        stats = self._printed_numbers(scene, iid, cv.card_id)
        stats += [s for s in changed if s not in stats]
        for stat in stats:
            word = _words(stat_word(rules.game_id, stat))
            choices = tuple(self._choice(scene, label, Action.make(
                "manual_modify", seat, card=iid, stat=stat, delta=delta), card=iid, stay=True)
                for label, delta in (("−", -1), ("+", 1)))
            items.append(Item(i18n.t("freemenu.modify", stat=word,
                                     now=f"{changed.get(stat, 0):+d}"), choices))
        items.append(_act(i18n.t("freemenu.modify_other"), lambda: self._ask(
            i18n.t("freemenu.modify_prompt"), lambda text: self._modify(scene, iid, text)),
            "P", shown=False))  # at the table P pauses Conan's fight
        pile = self._discard_of(scene, cv.owner)
        marked = changed or any(n not in rules.place_counters for n in counters)
        if marked and pile is not None:
            items.append(self._row(
                scene, i18n.t("freemenu.clear_move", zone=_words(zone_msg(pile))),
                Action.make("manual_move", seat, card=iid, zone=pile, clear=True), "X",
                card=iid))
        return items

    @staticmethod
    def _printed_numbers(scene: Any, iid: int, card_id: str | None) -> list[str]:
        """The numbers of a card the viewer sees that the rules count now (``derived``)
        and the card prints (power, ATK, HP...); none for a hidden card (ALL-R2)."""
        if card_id is None:
            return []
        card = scene.rules.cards.get(card_id)
        derived = scene.rules.derived(scene.game.state, scene.game.resolve(iid))
        return [k for k in derived if card is not None and card.number(k) is not None]

    @staticmethod
    def _discard_of(scene: Any, owner: int) -> str | None:
        zones = scene.game.state.zones
        return next((z for z in (f"p{owner}.discard", f"p{owner}.trash") if z in zones), None)

    def _pile_items(self, scene: Any, zone_id: str) -> list[Item]:
        state, seat = scene.game.state, scene.viewer
        zone = state.zones.get(zone_id)
        if zone is None:
            return []
        items = [Item(_words(zone_msg(zone_id)))]
        if zone.visibility is Visibility.NOBODY:  # a deck; open rows are not shuffled
            items.append(self._row(scene, i18n.t("freemenu.shuffle"),
                                   Action.make("manual_shuffle", seat, zone=zone_id), "S"))
        if zone.owner == seat and zone.visibility is Visibility.NOBODY and zone.cards:
            counts = [n for n in TOP_COUNTS if n <= len(zone.cards)]
            looks = tuple(self._choice(
                scene, str(n), Action.make("manual_look", seat, zone=zone_id, n=n),
                then=partial(self._show_looked, scene, zone_id, n))
                for n in counts)
            items.append(Item(i18n.t("freemenu.look"), looks))
            reveals = []
            for n in counts:
                action = Action.make("manual_reveal_top", seat, zone=zone_id, n=n, agreed=True)
                verdict = scene.game.check(action)
                reveals.append(Choice(str(n), partial(self._ask_reveal_top, scene, zone_id, n,
                                                      action), "",
                                      None if verdict.ok else verdict))
            items.append(Item(i18n.t("freemenu.reveal_top"), tuple(reveals)))
        return items

    # -- the acts that ask more ---------------------------------------------------------
    def _ask(self, prompt: str, done: Callable[[str], None]) -> None:
        """Type a name in the menu (Enter gives it to ``done``, Esc closes)."""
        self.items, self.index, self.sub = [Item(prompt)], -1, 0
        self.entry = Entry(prompt, "", done, self.typing)

    @staticmethod
    def _add_counter(scene: Any, iid: int, name: str) -> None:
        if not FreeMenu._refused_for_computer(scene, iid):
            scene.propose(Action.make("manual_counter", scene.viewer, card=iid, name=name,
                                      delta=1))

    @staticmethod
    def _modify(scene: Any, iid: int, name: str) -> None:
        if not FreeMenu._refused_for_computer(scene, iid):
            scene.propose(Action.make("manual_modify", scene.viewer, card=iid, stat=name,
                                      delta=1))

    @staticmethod
    def _show_looked(scene: Any, zone_id: str, n: int) -> None:
        """The cards just looked at, top first, named from the viewer's own view."""
        scene._refresh()  # the view that now shows them to this seat
        cards = list(scene.view.zones.get(zone_id, ()))[-n:][::-1]
        names = [i18n.t(f"card.{cv.card_id}") for cv in cards if cv.card_id is not None]
        body = "\n".join(f"{i}. {name}" for i, name in enumerate(names, 1))
        _dialogs().message(scene.app, i18n.t("freemenu.looked_title",
                                          zone=_words(zone_msg(zone_id))),
                        i18n.t("freemenu.looked_body", cards=body), width=520,
                        height=210 + 28 * len(names))

    @staticmethod
    def _ask_reveal_top(scene: Any, zone_id: str, n: int, action: Action) -> None:
        """Both players agree before the top ``n`` are shown (ALL-H2)."""
        verdict = scene.game.check(action)
        if not verdict.ok:
            scene.show_refusal(verdict)
            return
        seat = scene.viewer

        def reveal() -> None:
            if scene.viewer == seat and not scene.cover_pending:
                scene.propose(action)

        _dialogs().confirm(scene.app, "freemenu.reveal_top_title",
                        msg("freemenu.reveal_top_body", n=n, zone=zone_msg(zone_id)),
                        reveal, confirm_key="button.reveal", width=540, height=260)

    # -- keys outside the menu ------------------------------------------------------------
    def run_command(self, scene: Any, command: str) -> None:
        """A free-mode key at the table (:data:`FREE_COMMANDS`), over the card or pile
        under the pointer."""
        if not scene.game.state.free_mode:
            scene.show_refusal(Verdict.refuse("manual_needs_free_mode", "ALL-R3"))
            return
        pos = scene.pointer or (scene.app.size[0] // 2, scene.app.size[1] // 2)
        card = scene.hover
        if command == "free_menu":
            self.open(scene, pos, card, self._zone_at(scene, pos))
        elif command == "end_phase_free":
            if not self._refused_for_computer(scene, None):
                scene.propose(Action.make("manual_end_phase", scene.viewer))
        elif command == "clear_move":
            if card is not None:
                self._clear_move(scene, card)
        elif command == "shuffle_free":
            self._shuffle(scene, card, pos)
        elif card is not None:
            found = scene.view.find(card)
            counters = dict(found[1].counters) if found is not None else {}
            names = list(scene.rules.counter_names) + sorted(
                n for n in counters if n not in scene.rules.counter_names
                and n not in scene.rules.place_counters)
            if command == "counter_remove":
                names = [n for n in names if counters.get(n)]
            if not names:  # no counter of the game's, none on the card: name one
                if command == "counter_add" and self.open(scene, pos, card, None):
                    self._ask(i18n.t("freemenu.counter_prompt"),
                              lambda text: self._add_counter(scene, card, text))
                elif command == "counter_remove":
                    scene.show_refusal(Verdict.refuse("freemenu_no_counter", "ALL-R3"))
                return
            if not self._refused_for_computer(scene, card):
                scene.propose(Action.make("manual_counter", scene.viewer, card=card,
                                          name=names[0],
                                          delta=1 if command == "counter_add" else -1))

    def _clear_move(self, scene: Any, card: int) -> None:
        """X over ``card``: to its owner's discard pile, its counters and changed numbers
        cleared (the menu's row, ALL-H7); the rules' refusal, if any, in the toast."""
        found = scene.view.find(card)
        pile = self._discard_of(scene, found[1].owner) if found is not None else None
        if pile is None or self._refused_for_computer(scene, card):
            return
        scene.propose(Action.make("manual_move", scene.viewer, card=card, zone=pile,
                                  clear=True))

    def _shuffle(self, scene: Any, card: int | None, pos: tuple[int, int]) -> None:
        """S over a pile (or a card of it): shuffle it, as the menu's row (ALL-R3); the
        rules' refusal (an open row, too few cards) in the toast. Nothing under the
        pointer: nothing happens, as T or X there."""
        sprite = scene.sprite_for(card) if card is not None else None
        zone = sprite.zone if sprite is not None else self._zone_at(scene, pos)
        if zone is None or self._refused_for_computer(scene, None):
            return
        scene.propose(Action.make("manual_shuffle", scene.viewer, zone=zone))

    @staticmethod
    def _zone_at(scene: Any, pos: tuple[int, int]) -> str | None:
        if not scene.viewport.contains_px(*pos):
            return None
        zone: str | None = scene.geometry.zone_at(*scene.viewport.to_mm(*pos))
        return zone

    # -- events ----------------------------------------------------------------------------
    def handle_event(self, scene: Any, event: pygame.event.Event) -> pygame.event.Event | None:
        """The menu's input first: a right-click in free mode opens it; while open it
        takes every key and click (None: used). Free-mode keys run here too."""
        etype = event.type
        if etype == pygame.KEYDOWN:  # a field this press opens must not get its text
            self.typing = str(getattr(event, "unicode", "") or "")
            try:
                return self._event(scene, event)
            finally:
                self.typing = ""
        return self._event(scene, event)

    def _event(self, scene: Any, event: pygame.event.Event) -> pygame.event.Event | None:
        etype = event.type
        if not self.is_open:
            return self._closed_event(scene, event)
        if not scene.game.state.free_mode or scene.cover_pending:
            self.close()
            return event
        if self.entry is not None:
            return self._entry_event(event)
        if etype == pygame.KEYDOWN:
            self._key(scene, event)
            return None
        if etype in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            pos = (int(event.pos[0]), int(event.pos[1]))
            hit = self._hit(pos)
            if etype == pygame.MOUSEMOTION:
                if hit is not None:
                    self.index, self.sub = hit
                return event  # the table still sees the pointer move (hover)
            if hit is None:
                self.close()  # a click outside closes it, and does nothing else
                if getattr(event, "button", 0) == 3:
                    return self._closed_event(scene, event)  # opens it again there
                return None
            if getattr(event, "button", 0) == 1:
                self.index, self.sub = hit
                self._choose(scene)
            return None
        if etype in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.TEXTINPUT):
            return None
        return event

    def _closed_event(self, scene: Any, event: pygame.event.Event) -> pygame.event.Event | None:
        etype = event.type
        if scene.cover_pending or scene._dialog_open():
            return event
        if etype == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 3 \
                and scene.game.state.free_mode:
            pos = (int(event.pos[0]), int(event.pos[1]))
            if not scene.viewport.contains_px(*pos):
                return event
            scene.cancel_drag()
            card = scene._card_at_px(pos)
            return None if self.open(scene, pos, card, self._zone_at(scene, pos)) else event
        if etype == pygame.KEYDOWN and scene.drag is None:
            command = command_for(event, Screen.TABLE)
            if command in FREE_COMMANDS:
                self.run_command(scene, command)
                return None
        return event

    def _hit(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (row, choice) under ``pos``, or None (a heading is no hit)."""
        for i, row in enumerate(self.rows):
            if not row.collidepoint(pos) or self.items[i].heading:
                continue
            for j, button in enumerate(self.buttons[i] if i < len(self.buttons) else []):
                if button.collidepoint(pos):
                    return i, j
            return (i, 0) if self.items[i].single else None
        return None

    def _key(self, scene: Any, event: pygame.event.Event) -> None:
        key = event.key
        item = self.items[self.index] if 0 <= self.index < len(self.items) else None
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self._step(1 if key == pygame.K_DOWN else -1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and item is not None:
            step = 1 if key == pygame.K_RIGHT else -1
            self.sub = min(max(0, self.sub + step), len(item.choices) - 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if item is not None:
                self._choose(scene)
        elif command_for(event, Screen.TABLE) == "end_phase_free":
            self._choose_key(scene, END_PHASE_KEY)
        else:
            typed = getattr(event, "unicode", "") or ""
            for i, it in enumerate(self.items):
                for j, choice in enumerate(it.choices):
                    if choice.key and choice.key.lower() == typed.lower():
                        self.index, self.sub = i, j
                        self._choose(scene)
                        return

    def _choose_key(self, scene: Any, key: str) -> None:
        """Run the choice whose key is ``key`` (as shown), if the menu has one."""
        for i, it in enumerate(self.items):
            for j, choice in enumerate(it.choices):
                if choice.key == key:
                    self.index, self.sub = i, j
                    self._choose(scene)
                    return

    def _step(self, by: int) -> None:
        choosable = [i for i, it in enumerate(self.items) if not it.heading]
        if not choosable:
            return
        at = choosable.index(self.index) if self.index in choosable else -by
        self.index = choosable[(at + by) % len(choosable)]
        self.sub = min(self.sub, len(self.items[self.index].choices) - 1)

    def _choose(self, scene: Any) -> None:
        item = self.items[self.index]
        if item.heading:
            return
        choice = item.choices[min(self.sub, len(item.choices) - 1)]
        if choice.refusal is not None:  # greyed: say why, keep the menu open
            scene.show_refusal(choice.refusal)
            return
        at, card, zone, index, sub = self.at, self.card, self.zone, self.index, self.sub
        self.close()
        self.at = at
        if choice.run is not None:
            choice.run()  # may ask for a name (the menu stays open for it)
        if choice.stay and not self.is_open:
            self._reopen(scene, at, card, zone, index, sub)

    def _reopen(self, scene: Any, at: tuple[int, int], card: int | None, zone: str | None,
                index: int, sub: int) -> None:
        """Open the menu again where it was, for the same card and pile, on the same row
        and button, its numbers read anew (after a − or +: the next click lands on the
        menu, not on the table under it, QA15b #9)."""
        refresh = getattr(scene, "_refresh", None)
        if callable(refresh):
            refresh()
        if card is not None and scene.view.find(card) is None:
            card = None  # it went where this seat cannot follow it
        if not self.open(scene, at, card, zone):
            return
        if 0 <= index < len(self.items) and not self.items[index].heading:
            self.index = index
            self.sub = min(sub, len(self.items[index].choices) - 1)

    def _entry_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        entry = self.entry
        assert entry is not None
        etype = event.type
        opener, typed = entry.opener, str(getattr(event, "text", ""))
        if etype in (pygame.TEXTINPUT, pygame.KEYDOWN):
            entry.opener = ""  # only the opening press's own text is left out
        if etype == pygame.TEXTINPUT:
            if not (opener and typed == opener):
                entry.text = (entry.text + typed)[:MAX_NAME]
        elif etype == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_BACKSPACE:
                entry.text = entry.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                text, done = entry.text.strip(), entry.done
                self.close()
                if text and done is not None:
                    done(text)
        elif etype == pygame.MOUSEBUTTONDOWN:
            if self.box is None or not self.box.collidepoint(event.pos):
                self.close()
        elif etype not in (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.MOUSEWHEEL):
            return event  # the pointer's moves (the table's hover), the rest
        return None

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, scene: Any, surface: pygame.Surface) -> None:
        """The open menu near where it was opened, inside the window."""
        if not self.is_open:
            return
        scale = scene.scale
        size = max(14, round(16 * scale))
        pad = round(8 * scale)
        text = scene.text
        line = text.get("Ag", size).get_height() + round(6 * scale)
        rows_n = len(self.items) + (1 if self.entry is not None else 0)
        while size > 12 and line * rows_n + 2 * pad > surface.get_height() - 8:
            size -= 1  # a long menu on a small window: smaller, never cut off
            line = text.get("Ag", size).get_height() + round(4 * scale)
        button_w = round(30 * scale)
        labels = []
        for item in self.items:
            lit = not item.heading and not (item.single and item.choices[0].refusal)
            colour = MENU_HEAD if item.heading else MENU_TEXT if lit else MENU_DIM
            words = item.label  # English rows start with a capital, typed names included
            if i18n.get_language() == "en":
                words = words[:1].upper() + words[1:]
            labels.append(text.get(words, size, colour, item.heading))
        extra = [len(it.choices) * (button_w + pad // 2) if not it.single else
                 max(round(24 * scale), text.get(it.choices[0].key, size, MENU_DIM, True)
                     .get_width() + 2 * pad) if it.choices[0].key and it.choices[0].shown
                 else round(24 * scale) for it in self.items]
        entry = self.entry
        entry_label = None if entry is None else text.get(f"{entry.text}|", size, MENU_TEXT)
        width = max([lab.get_width() + ext for lab, ext in zip(labels, extra, strict=True)] +
                    [entry_label.get_width() if entry_label else 0, round(240 * scale)]) \
            + 3 * pad
        height = line * rows_n + 2 * pad
        # inside the table (the side panel is drawn over it), else the window
        area = pygame.Rect(scene.viewport.area)
        if area.w < width or area.h < height:
            area = surface.get_rect()
        x = min(max(area.x, self.at[0]), max(area.x, area.right - width - 4))
        y = min(max(area.y, self.at[1]), max(area.y, area.bottom - height - 4))
        box = pygame.Rect(x, y, width, height)
        self.box = box
        pygame.draw.rect(surface, MENU_BG, box, border_radius=8)
        pygame.draw.rect(surface, MENU_EDGE, box, max(1, round(scale)), border_radius=8)
        self.rows, self.buttons = [], []
        top = y + pad
        for i, (item, label) in enumerate(zip(self.items, labels, strict=True)):
            row = pygame.Rect(x + pad // 2, top, width - pad, line)
            self.rows.append(row)
            chosen = i == self.index and entry is None
            if chosen and item.single:
                pygame.draw.rect(surface, MENU_LIT, row, border_radius=5)
            surface.blit(label, (row.x + pad // 2, row.centery - label.get_height() // 2))
            buttons: list[pygame.Rect] = []
            if item.single and item.choices[0].key and item.choices[0].shown:
                key = text.get(item.choices[0].key, size, MENU_DIM, True)
                surface.blit(key, (row.right - pad // 2 - key.get_width(),
                                   row.centery - key.get_height() // 2))
            elif not item.single:
                right = row.right - pad // 2
                for j in range(len(item.choices) - 1, -1, -1):
                    choice = item.choices[j]
                    button = pygame.Rect(right - button_w, row.y + 2, button_w, line - 4)
                    buttons.insert(0, button)
                    right = button.left - pad // 2
                    fill = MENU_LIT if chosen and j == self.sub else (48, 56, 66)
                    pygame.draw.rect(surface, fill, button, border_radius=5)
                    pygame.draw.rect(surface, MENU_EDGE, button, 1, border_radius=5)
                    ink = MENU_DIM if choice.refusal is not None else MENU_TEXT
                    mark = text.get(choice.label, size, ink, True)
                    surface.blit(mark, mark.get_rect(center=button.center))
            self.buttons.append(buttons)
            top += line
        if entry_label is not None:
            field_box = pygame.Rect(x + pad // 2, top, width - pad, line)
            pygame.draw.rect(surface, (16, 20, 24), field_box, border_radius=5)
            pygame.draw.rect(surface, MENU_HEAD, field_box, 1, border_radius=5)
            surface.blit(entry_label, (field_box.x + pad // 2,
                                       field_box.centery - entry_label.get_height() // 2))


def shift_clears(action: Action) -> Action:
    """A free-mode move dropped with Shift held clears the card's counters (ALL-R3: a
    move keeps them unless the player asks); any other action as it is."""
    if action.kind != "manual_move" or not pygame.key.get_mods() & pygame.KMOD_SHIFT:
        return action
    args = dict(action.to_json()["args"])
    args["clear"] = True
    return Action.make(action.kind, action.seat, **args)


def draw_free_marks(scene: Any, surface: pygame.Surface) -> None:
    """On each card: the numbers changed until the end of the turn ("+2 power") and the
    counters the game's own faces do not show (a typed name: "poison 3"), as chips at
    the card's lower edge; from the viewer's view only (ALL-R2)."""
    view = scene.view
    rules = scene.rules
    shown = set(rules.counter_names) | set(rules.place_counters)
    chips: dict[int, list[tuple[str, tuple[int, int, int]]]] = {}
    for iid, stat, delta in view.modifiers:
        chips.setdefault(iid, []).append(
            (f"{delta:+d} {_words(stat_word(rules.game_id, stat))}", CHIP_BG))
    for cards in view.zones.values():
        for cv in cards:
            for name, count in cv.counters:
                if name not in shown:
                    chips.setdefault(cv.iid, []).append((f"{name} {count}", CHIP_COUNTER))
    if not chips:
        return
    size = max(12, round(13 * scene.scale))
    for iid, marks in chips.items():
        rect = scene.card_rect(iid)
        if rect is None:
            continue
        top = rect.top + round(rect.h * 0.4)  # over the card's text: clear of its numbers
        # under the plugin's status badges of this card ("Cannot block", QA15b #3)
        badges = getattr(scene.ui, "badges", None)
        if isinstance(badges, dict):
            top = max([top, *(b.bottom + 2 for b in badges.get(iid, ()))])
        for text, colour in marks:
            label = scene.text.get(text, size, (255, 255, 255), True)
            box = label.get_rect(topleft=(rect.left + 3, top)).inflate(8, 2)
            box.left = rect.left + 2
            pygame.draw.rect(surface, colour, box, border_radius=6)
            pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=6)
            surface.blit(label, label.get_rect(center=box.center))
            top = box.bottom + 2
