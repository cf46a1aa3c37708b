"""The table scene's input (one part of :class:`~tabletop.ui.table.TableScene`).

Mouse, keys and widget results: pick-up with the legal targets lit, the drop rule,
slide-back, clicks (and why one did nothing), the buttons and shortcuts, the
questions asked before Next phase with a selection, Resign and Reveal, and every
refusal shown in the toast. Actions only go to the game through ``propose``.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.core.messages import msg, seat_msg, zone_msg
from tabletop.layout import CARD_SIZE, split_cell_key
from tabletop.ui import dialogs
from tabletop.ui.drag import DragState, legal_targets
from tabletop.ui.free_menu import shift_clears
from tabletop.ui.help import open_help, open_why
from tabletop.ui.log_overlay import open_log
from tabletop.ui.settings_apply import animation_factor
from tabletop.ui.shortcuts import Screen, command_for
from tabletop.ui.sprite import SLIDE_SECONDS, Slide
from tabletop.ui.table_controls import (
    TURN_COMMANDS,
    key_command,
    redo_refusal,
    undo_refusal,
)
from tabletop.ui.table_parts import TableParts

__all__ = ["TableInput"]




class TableInput(TableParts):
    """Turns the viewer's input into proposed actions (a mixin of
    :class:`~tabletop.ui.table.TableScene`, whose ``__init__`` sets the attributes)."""

    # ================================================================== proposing

    def propose(self, action: Action) -> Verdict:
        """Hand an action to the game; show the reason when refused."""
        verdict = self.game.propose(action)
        if not verdict.ok:
            self.show_refusal(verdict)
        return verdict

    def check(self, action: Action) -> Verdict:
        """Would the rules accept ``action`` now? Changes nothing, shows nothing."""
        return self.game.check(action)

    def show_refusal(self, verdict: Verdict) -> None:
        """The refusal's plain words (and rule id) in the toast."""
        if verdict.message is not None:
            message: Any = verdict.message
            key = verdict.message.key
        else:
            key = f"refusal.{verdict.reason}"
            message = i18n.msg(key)
        self.toast.show(message, key, verdict.rule)

    def run_command(self, command: str) -> None:
        """A button or shortcut: next phase, end turn, free mode, undo, redo, resign, menu,
        tap, or one of the plugin's commands (``GameUI.run_command`` / ``command_action``).

        A command whose button is off says why instead (:meth:`explain_off`); Next phase
        / End turn with cards selected asks first (:meth:`ask_leave_selection`); Resign
        asks for confirmation (:meth:`ask_resign`)."""
        seat = self.viewer
        off = command in self.controls.enabled and not self.controls.enabled[command]
        computer = self.computer
        playing = computer.refuse_turn_command(command) if computer is not None else None
        if playing is not None:  # pressed while the computer plays: never kept for later
            self.toast.show(playing, playing.key)
        elif (computer is not None and computer.is_computer(seat) and command != "menu"
              and command in self.controls.commands):  # its buttons; L, tap... still work
            self.toast.show(i18n.msg("computer.not_your_seat", player=seat_msg(seat)),
                            "computer.not_your_seat")
        elif command == "hint":  # says itself why there is none (issue 12 §4)
            self.hint.request()
        elif off and command in (*TURN_COMMANDS, "undo", "redo", "free_mode", "resign"):
            self.explain_off(command)
        elif command in TURN_COMMANDS and self.selected:
            self.ask_leave_selection(command)
        elif command == "resign":
            self.ask_resign()
        elif command == "undo":
            self._verdict(self.game.undo(seat))
        elif command == "redo":
            self._verdict(self.game.redo(seat))
        elif command == "menu":
            self.app.back_to_menu()
        elif command == "tap":
            if self.hover is not None and not self._refuse_computer_card(self.hover):
                self.propose(Action.make("manual_tap", seat, card=self.hover))
        elif command == "reveal":
            if self.hover is not None:
                self.ask_reveal(self.hover)
        elif command == "flip":  # face up / down by hand; never shows a hidden face (ALL-H2)
            if self.hover is not None and not self._refuse_computer_card(self.hover):
                self.propose(Action.make("manual_flip", seat, card=self.hover))
        elif command == "log":  # the whole log the viewer may read (issue 16)
            open_log(self.app, self._log_lines, self._log_refused, owner=self)
        elif not self.ui.run_command(self, command):
            action = self.command_action(command)
            if action is None or off:
                self.explain_off(command)
            else:
                self.propose(action)

    def explain_off(self, command: str) -> None:
        """Say why ``command`` is off now (its button greyed out): undo and redo from the
        history (ALL-H1), the others from the plugin's ``command_refusal`` (the rules'
        refusal, the question to answer first, the seat awaited)."""
        seat = self.viewer
        if command == "undo":
            verdict: Verdict | None = undo_refusal(self.game, seat)
        elif command == "redo":
            verdict = redo_refusal(self.game, seat)
        elif command in ("free_mode", "resign"):
            verdict = Verdict.refuse("game_over") if self.game.state.game_over else \
                self.game.check(Action.make(command if command == "resign" else
                                            "set_free_mode", seat))
        else:
            verdict = self.ui.command_refusal(self, command)
        if verdict is not None and not verdict.ok:
            self.show_refusal(verdict)

    def ask_leave_selection(self, command: str) -> None:
        """Next phase / End turn while cards are selected (Arc's attackers): ask before
        the phase goes by with them unused; confirmed, the selection is dropped and the
        command runs."""
        seat = self.viewer
        names = tuple(self._card_message(i) for i in self.selected)

        def go_on() -> None:
            if self.viewer != seat or self.cover_pending or self.game.state.game_over:
                return
            self.selected.clear()
            action = self.command_action(command)
            if action is not None:
                self.propose(action)
            self.refresh_controls()

        dialogs.confirm(self.app, "dialog.skip_selected_title",
                        msg("dialog.skip_selected_body", cards=names,
                            command=msg(f"button.{command}")),
                        go_on, confirm_key="button.skip_selected_go", width=560, height=260)

    def _card_message(self, iid: int) -> Any:
        sprite = self.by_iid.get(iid)
        if sprite is None or sprite.card.card_id is None:
            return msg("core.hidden_card")
        return msg(f"card.{sprite.card.card_id}")

    def ask_resign(self) -> None:
        """Resign (ALL-H4) for the seat at the computer, once confirmed: the other seat
        wins at once; logged and saved like any action. Refused (with the reason) when
        the game is already over."""
        seat = self.viewer
        action = Action.make("resign", seat)
        verdict = self.game.check(action)
        if not verdict.ok:
            self.show_refusal(verdict)
            return

        def resign() -> None:
            if self.viewer == seat and not self.cover_pending:
                self._verdict(self.game.propose(action))

        dialogs.confirm(self.app, "dialog.resign_title",
                        msg("dialog.resign_body", player=seat_msg(seat),
                            winner=seat_msg(1 - seat)),
                        resign, confirm_key="button.resign_confirm", width=520, height=240)

    def ask_reveal(self, iid: int) -> None:
        """Free mode: show card ``iid`` (a view id) to both players, once both agree
        (ALL-H2). Refused at once, with the reason, when it cannot be revealed."""
        seat = self.viewer
        if self._refuse_computer_card(iid, reveal=True):
            return
        action = Action.make("manual_reveal", seat, card=iid, agreed=True)
        verdict = self.game.check(action)
        if not verdict.ok:
            self.show_refusal(verdict)
            return
        # The dialog names the card's place (never its face: the players have not agreed
        # yet) and the card stays framed on the table, so both know which one it is.
        self.revealing = iid

        def reveal() -> None:
            self.revealing = None
            if self.viewer == seat and not self.cover_pending:
                self._verdict(self.game.propose(action))

        def cancel() -> None:
            self.revealing = None

        dialogs.confirm(self.app, "dialog.reveal_title",
                        msg("dialog.reveal_body_place", place=self.place_message(iid)),
                        reveal, cancel, confirm_key="button.reveal", width=540, height=260)

    def place_message(self, iid: int) -> Any:
        """Where card ``iid`` (a view id) lies, in words that never name it: "the top card
        of Player 2's deck", "card 3 from the left in Player 2's hand" (as seen on screen)."""
        sprite = self.sprite_for(iid)
        if sprite is None:
            return msg("core.hidden_card")
        zone = zone_msg(sprite.zone)
        cards = [c.iid for c in self.view.zones.get(sprite.zone, ())]
        kind = self.layout.zone(sprite.zone).kind if sprite.zone in self.layout.zone_ids \
            else ""
        if kind in ("deck", "discard") and sprite.iid in cards:
            from_top = len(cards) - cards.index(sprite.iid)
            if from_top == 1:
                return msg("table.place_top", zone=zone)
            return msg("table.place_from_top", n=from_top, zone=zone)
        row = sorted((s for s in self.sprites if s.zone == sprite.zone),
                     key=lambda s: (s.rect.centerx, s.rect.centery))
        n = next(i for i, s in enumerate(row, 1) if s.iid == sprite.iid)
        if len(row) == 1:
            return msg("table.place_only", zone=zone)
        return msg("table.place_nth", n=n, zone=zone)

    def _refuse_computer_card(self, iid: int, reveal: bool = False) -> bool:
        """Against the computer: refuse (saying why) a free-mode act on its hidden card
        ``iid`` (a view id), or any reveal of its cards (ALL-H2). True when refused."""
        computer = self.computer
        if computer is None:
            return False
        reason = computer.refuse_hidden_card(self.game.state, self.game.resolve(iid),
                                             self.viewer, reveal=reveal)
        if reason is None:
            return False
        self.show_refusal(Verdict(False, "computer_hidden_cards", reason, "ALL-H2"))
        return True

    def _verdict(self, verdict: Verdict) -> None:
        if not verdict.ok:
            self.show_refusal(verdict)

    def decision_command(self, command: str) -> None:
        """A decision button: its action (``DecisionPanel.action_for``), if any."""
        self._panel = None
        computer = self.computer
        playing = computer.refuse_turn_command("decide") if computer is not None else None
        if playing is not None:
            self.toast.show(playing, playing.key)
            return
        action = self.decisions.action_for(command, self.viewer)
        if action is not None:
            self.propose(action)

    # ================================================================== input

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Mouse, keys and widget results; every drag-cancelling case included.

        A key press that closed an overlay (the cover, the plugin's playback, a dialog)
        is spent: the table ignores that key until it is released (its repeats and its
        KEYUP included), so one press never acts twice."""
        etype = event.type
        self.still.saw(event)  # input may change what the kept frame shows (issue 14)
        if etype in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and hasattr(event, "pos"):
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        if etype == pygame.KEYUP and event.key in self.spent_keys:
            self.spent_keys.discard(event.key)
            return None
        if etype == pygame.KEYDOWN and event.key in self.spent_keys:
            return None
        if etype == pygame.KEYDOWN and self.after_playback > 0 and not self.cover_pending:
            self.after_playback = 0.0
            self.spent_keys.add(event.key)
            return None
        if self.computer is not None and self.computer.handle_event(event) is None:
            return None  # the demo's keys (issue 12 §6)
        if self.free_menu.handle_event(self, event) is None:
            return None  # free mode's menu and keys (ALL-R3)
        dropping = etype == pygame.MOUSEBUTTONUP and self.drag is not None and self.drag.moved
        if not self.cover_pending and self.ui.handle_event(self, event) is None:
            if etype == pygame.KEYDOWN:
                self.spent_keys.add(event.key)
            elif dropping:  # the plugin resolved a drag itself (Conan's shape drags)
                self._quiet_after_drop()
            return None  # the plugin used it (e.g. stepping through an animation)
        if etype == pygame.MOUSEMOTION:
            return self._motion(event)
        if etype == pygame.MOUSEBUTTONDOWN:
            return self._press(event)
        if etype == pygame.MOUSEBUTTONUP:
            return self._release(event)
        if etype == pygame.MOUSEWHEEL:
            if self.panel_rect.collidepoint(self.app.mouse_pos()):
                self.log_panel.wheel(int(event.y), len(self._log_lines))
                self._panel = None
                return None
            return event
        if etype == pygame.WINDOWFOCUSLOST:
            self.cancel_drag()
            self.spent_keys.clear()  # the releases will not arrive
            return event
        if etype == pygame.WINDOWLEAVE:
            if self.drag is not None and not pygame.mouse.get_pressed()[0]:
                self.cancel_drag()
            self.pointer = None
            if self.held_hands:
                self._let_hands_go()
            self._set_hover(None)
            return event
        if etype == pygame.KEYDOWN:
            if self._dialog_open():  # the dialog's key, never the table's
                self.spent_keys.add(event.key)
                return None
            if event.key == pygame.K_ESCAPE:
                if self.drag is not None:
                    self.cancel_drag()
                    return None
                if self.toast.visible:
                    self.toast.clear()
                    return None
                return event
            if self.drag is not None:
                return None  # keys do nothing to the table while a card is held
            own = command_for(event, Screen.TABLE)  # the one table of keys (issue 16)
            if own == "rules_help":  # the rules help of this game (issue 12 §2), at the
                # rule of the refusal being shown if the help explains it (as its Why?)
                open_help(self.app, self.rules.game_id, rules=self.rules,
                          rule=self.toast.rule if self.toast.why else "")
                return None
            if own == "coach":
                self.coach.toggle(self)  # hide / show the coach panel (issue 12 §1)
                return None
            if own == "save_elsewhere" and self._not_saved_folder() is not None:
                self.app.choose_save_folder()
                return None
            command = key_command(event, self.ui.keys, self.commands)
            if command is not None:
                self.run_command(command)
                return None
            return event
        if etype == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self._game_over_button:
                self.app.back_to_menu()
                return None
            command = self.controls.command_of(event)
            if command is not None:
                self.run_command(command)
                return None
            command = self.decisions.command_of(event)
            if command is not None:
                self.decision_command(command)
                return None
        return event

    def _dialog_open(self) -> bool:
        """Is a modal dialog (a pygame_gui window that blocks the rest) open?"""
        stack = self.app.ui.get_window_stack().get_full_stack()
        return any(getattr(w, "is_blocking", False) and w.alive() for w in stack)

    def _off_button_at(self, pos: tuple[int, int]) -> str | None:
        """The command of a greyed-out table button under ``pos``, or None."""
        for command, button in self.controls.buttons.items():
            if not self.controls.enabled.get(command, True) and \
                    button.get_abs_rect().collidepoint(pos):
                return command
        return None

    def _quiet_after_drop(self) -> None:
        """After a drop: hide the large preview of the card now under the pointer until
        the pointer reaches another card (it would cover the table just played on)."""
        self.quiet_preview = self._card_at_px(self.pointer) if self.pointer else None
        self.preview_quiet = True
        self.hover = self.quiet_preview
        self._panel = None

    def _card_at_px(self, pos: tuple[int, int]) -> int | None:
        if not self.viewport.contains_px(*pos):
            return None
        key = self.geometry.card_at(*self.viewport.to_mm(*pos))
        # card keys are view ids: instance ids, or negative handles of hidden cards
        return int(key) if key is not None and key.lstrip("-").isdigit() else None

    def _set_hover(self, iid: int | None) -> None:
        if self.preview_quiet and iid is not None and iid != self.quiet_preview:
            self.preview_quiet, self.quiet_preview = False, None
            self._panel = None
        if iid != self.hover:
            self.hover = iid
            self._panel = None

    def _motion(self, event: pygame.event.Event) -> pygame.event.Event | None:
        pos = (int(event.pos[0]), int(event.pos[1]))
        if self.drag is not None:
            buttons = getattr(event, "buttons", (1, 0, 0))
            if not buttons or not buttons[0]:  # the release never arrived
                self.cancel_drag()
            else:
                self.drag.motion(pos)
                return None
        if self._click_on is not None and getattr(event, "buttons", (0, 0, 0))[:1] == (1,):
            iid, start = self._click_on
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 8:
                self._click_on = None  # a drag of a card that cannot be picked up
                self._refuse_drag(iid)
        if self.held_hands and not any(self._over_hand(z) for z in self.held_hands):
            self._let_hands_go()
        self._set_hover(self._card_at_px(pos))
        return event

    def _refuse_drag(self, iid: int) -> None:
        """A card that cannot be picked up was dragged: say why, as a click on it does
        (a hidden card's face is not the viewer's; else ``GameUI.click_refusal``)."""
        sprite = self.by_iid.get(iid)
        if sprite is not None and sprite.card.card_id is None:
            verdict: Verdict | None = Verdict.refuse("table.drag_hidden")
        else:
            verdict = self.ui.click_refusal(self, iid)
        if verdict is not None and not verdict.ok:
            self.show_refusal(verdict)

    def _movable(self, iid: int) -> bool:
        state = self.game.state
        if state.game_over:
            return False
        if state.free_mode:  # never the computer's hidden cards (its click says why)
            computer = self.computer
            return computer is None or computer.refuse_hidden_card(
                state, self.game.resolve(iid), self.viewer) is None
        # plugins read the state: they get instance ids, never a hidden card's handle
        return iid in self.by_iid and self.ui.can_pick_up(self, self.game.resolve(iid))

    def _press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.button != 1 or self.cover_pending:
            return event
        pos = (int(event.pos[0]), int(event.pos[1]))
        area = pygame.Rect(self.viewport.area)
        if self.not_saved_rect is not None and self.not_saved_rect.collidepoint(pos):
            self.app.choose_save_folder()  # the marker: offer another folder again
            return None
        if self.coach.handle_click(self, pos):  # the coach panel's Hide / Show button
            return None
        why = self.toast.why_rect(area, self.text, self.scale)
        if why is not None and why.collidepoint(pos):  # the rules help at the cited rule
            open_why(self.app, self.rules, self.toast.rule)
            return None
        box = self.toast.box(area, self.text, self.scale)
        iid = self._card_at_px(pos)
        if box is not None and box.collidepoint(pos):
            close = self.toast.close_rect(area, self.text, self.scale)
            # its close mark, or the toast over no card, closes it; over a card the press
            # goes through to the card (a pick-up closes it too): it never blocks a card
            if iid is None or (close is not None and close.inflate(10, 10).collidepoint(pos)):
                self.toast.clear()
                return None
        self._click_on = None
        if iid is None:
            return event
        if self.decisions.decision is not None and self.decisions.click(iid):
            self._panel = None
            return None
        if self._movable(iid):
            self.pick_up(iid, pos)
            return None
        self._click_on = (iid, pos)  # a card that cannot be picked up: a click, maybe
        return event

    def pick_up(self, iid: int, pos: tuple[int, int]) -> None:
        """Start dragging ``iid``: find and light its legal targets (once)."""
        sprite = self.by_iid[iid]
        self.slide = None  # a new pick-up ends any slide-back at once
        pointer_mm = self.viewport.to_mm(*pos)
        centre = sprite.placed.center
        zones = [z.id for z in self.layout.zones]
        cells = [c.key for z in self.layout.zones for c in self.layout.cells(z.id)]
        origin_cell = self.geometry.cell_at(*centre) or ""
        if origin_cell and split_cell_key(origin_cell)[0] != sprite.zone:
            origin_cell = ""
        targets = list(self.ui.drop_target_cards(self, iid))

        def drop_id(key: str) -> str:
            return self.ui.drop_zone_id(self, key)

        def adjust(action: Action) -> Action:
            return self.ui.drop_action(self, action)

        lit_zones, lit_cards, lit_cells = legal_targets(
            self.game, self.viewer, iid, zones, targets,
            [c for c in cells if c != origin_cell], drop_id, adjust)
        self.toast.clear()  # a new try: the last refusal stays readable in the log
        # A card drawn larger than a table card (a spread hand) is carried at table
        # size, held at the same point of the card: where it is dropped is where it
        # lands, and the drop is judged on the shape it will have on the table.
        shrink = min(1.0, CARD_SIZE[0] / sprite.placed.size[0])
        self.drag = DragState(iid, sprite.zone, ((pointer_mm[0] - centre[0]) * shrink,
                                                 (pointer_mm[1] - centre[1]) * shrink),
                              pos, pos, lit_zones, lit_cards, cells=lit_cells,
                              origin_cell=origin_cell, drop_id=drop_id,
                              targets=tuple(targets), adjust=adjust)
        self._grab_px = (round((pos[0] - sprite.rect.x) * shrink),
                         round((pos[1] - sprite.rect.y) * shrink))
        self._drag_surface = None
        if shrink < 1.0 and sprite.surface is not None:
            w, h = sprite.surface.get_size()
            self._drag_surface = self.carried.shrunk(  # kept: issue 14
                sprite.surface, (max(1, round(w * shrink)), max(1, round(h * shrink))))
        self._panel = None  # the preview gives way to the log while dragging
        self._make_lit()

    def cancel_drag(self) -> None:
        """Drop nothing: the card goes back where it came from."""
        if self.drag is not None:
            self._panel = None
        self.drag = None
        self._lit = None

    def _release(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.button == 1 and self.drag is None and not self.cover_pending:
            pos = (int(event.pos[0]), int(event.pos[1]))
            off = self._off_button_at(pos)
            if off is not None:  # pygame_gui keeps quiet about a greyed-out button
                self.run_command(off)
                return None
            pressed, self._click_on = self._click_on, None
            if pressed is not None and self._card_at_px(pos) == pressed[0] and \
                    abs(pos[0] - pressed[1][0]) + abs(pos[1] - pressed[1][1]) <= 8:
                self.click_card(pressed[0])  # the plugin uses it, or the table says why
                return None
        if event.button != 1 or self.drag is None:
            return event
        drag = self.drag
        pos = (int(event.pos[0]), int(event.pos[1]))
        self.cancel_drag()
        if not drag.moved:
            self.click_card(drag.iid)
            return None
        dropped_at = (pos[0] - self._grab_px[0], pos[1] - self._grab_px[1])
        w, h = self.app.size
        if not (0 <= pos[0] < w and 0 <= pos[1] < h) or not self.viewport.contains_px(*pos):
            self.slide_back(drag.iid, dropped_at)  # nothing happens: the card glides home
            self._quiet_after_drop()
            return None
        result = drag.resolve(self.game, self.viewer, self.geometry, self.viewport.to_mm(*pos))
        if result.action is not None:  # Shift held: a free-mode move clearing counters
            if not self.propose(shift_clears(result.action)).ok:
                self.slide_back(drag.iid, dropped_at)
        else:
            if result.refusal is not None:
                self.show_refusal(result.refusal)
            self.slide_back(drag.iid, dropped_at)
        self._quiet_after_drop()
        return None

    def slide_back(self, iid: int, start: tuple[int, int]) -> None:
        """Let a card that was not moved glide from ``start`` (pixels) back to its place."""
        sprite = self.by_iid.get(iid)
        if sprite is None or self.cover_pending:
            self.slide = None
            return
        self.slide = Slide(iid, start, sprite.rect.topleft,
                           duration=SLIDE_SECONDS * animation_factor(self.app))

    @property
    def grab_px(self) -> tuple[int, int]:
        """Where the dragged card was grabbed: the pointer's offset from its top-left at
        pick-up (pixels)."""
        return self._grab_px

    def drawn_topleft(self, iid: int) -> tuple[int, int] | None:
        """Where card ``iid`` is drawn this frame (its slide-back position while sliding)."""
        if self.slide is not None and self.slide.iid == iid:
            return self.slide.pos()
        sprite = self.by_iid.get(iid)
        return sprite.rect.topleft if sprite is not None else None

    def _can_select(self, iid: int) -> bool:
        return self.ui.can_select(self, self.game.resolve(iid))

    def click_card(self, iid: int) -> None:
        """A click (no drag) on a card the viewer may handle: a manual tap in free mode,
        else the plugin's ``click_card`` (by default: select it when selectable). A click
        the plugin did nothing with says why (``GameUI.click_refusal``)."""
        if self.game.state.free_mode:
            if not self._refuse_computer_card(iid):
                self.propose(Action.make("manual_tap", self.viewer, card=iid))
            return
        if self.ui.click_card(self, self.game.resolve(iid)) is False:
            verdict = self.ui.click_refusal(self, iid)
            if verdict is not None and not verdict.ok:
                self.show_refusal(verdict)
