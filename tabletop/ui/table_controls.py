"""The table's buttons and keyboard shortcuts (pygame_gui buttons in the side panel).

The buttons are the game's turn commands (next phase / end turn, when the game has
them), the window plugin's own commands (Arc: Attack), then hint, free mode, undo, redo,
resign and menu (see :func:`command_list`). Each command is enabled only when the
rules accept its action now (asked with ``game.check``, or ``can_undo`` /
``can_redo``), re-evaluated after every change, never per frame; why a command is
off is :func:`undo_refusal` / :func:`redo_refusal` (the table asks the rules or the
plugin for the others). Keys come from the one table of shortcuts
(:mod:`tabletop.ui.shortcuts`): N or Space next phase, E end turn, H hint, F free mode,
T tap, V flip, R reveal (free mode, the card under the pointer), L log, M menu,
Ctrl+Z undo, Ctrl+Y redo, Ctrl+Q resign (it always asks first, ALL-H4), plus the
plugin's keys (Arc: A attack).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop.core.actions import Action, Verdict
from tabletop.core.messages import seat_msg
from tabletop.i18n import t
from tabletop.ui.buttons import ButtonSet
from tabletop.ui.shortcuts import Screen, button_hints, command_for
from tabletop.ui.theme import fit_id

if TYPE_CHECKING:
    from tabletop.core.engine import Game

__all__ = ["COMMANDS", "GENERIC_COMMANDS", "TURN_COMMANDS", "TableControls", "command_action",
           "command_list", "key_command", "redo_refusal", "undo_refusal"]

#: Turn commands a game may have (a plugin lists the ones its rules know).
TURN_COMMANDS: tuple[str, ...] = ("next_phase", "end_turn")
#: Commands every table has, after the turn and plugin commands; "menu" comes last.
GENERIC_COMMANDS: tuple[str, ...] = ("hint", "free_mode", "undo", "redo", "resign", "menu")
#: Arc's button order (kept for reference: turn commands, Attack, the generic ones).
COMMANDS: tuple[str, ...] = ("next_phase", "end_turn", "attack", "free_mode",
                             "undo", "redo", "resign", "menu")

#: The buttons' tool tips name their keys from the one table of shortcuts.
_HINTS: dict[str, str] = button_hints(("next_phase", "end_turn", "free_mode", "hint", "undo",
                                       "redo", "resign", "menu"))
#: Keys of commands that are no buttons (a card under the pointer, the log overlay).
_NO_BUTTON = frozenset({"tap", "flip", "reveal", "log"})


def command_list(turn_commands: Iterable[str], extra: Iterable[str]) -> tuple[str, ...]:
    """The buttons in panel order: turn commands, a plugin's commands, the generic ones."""
    return (*turn_commands, *extra, *GENERIC_COMMANDS)


def key_command(event: pygame.event.Event, extra: Mapping[int, str] | None = None,
                allowed: Iterable[str] | None = None) -> str | None:
    """The command a KEYDOWN event asks for, or None.

    ``extra`` adds a plugin's keys (key code -> command); with ``allowed`` a key whose
    command is not a button of this table (and not one of the keys of no button: tap,
    flip, reveal over a card, the log) means nothing. The keys the table reads itself
    (F1, G, Esc, Ctrl+S) give None here.
    """
    command = command_for(event, Screen.TABLE, extra)
    if command in _TABLE_OWN:  # read by the table itself (F1, G, Esc, Ctrl+S)
        return None
    if command is not None and allowed is not None and command not in _NO_BUTTON \
            and command not in set(allowed):
        return None
    return command


#: Table shortcuts the table's key handler reads before asking for a command.
_TABLE_OWN = frozenset({"rules_help", "coach", "cancel", "save_elsewhere"})


def command_action(command: str, seat: int, free_mode: bool) -> Action | None:
    """The action of a generic command (None for undo/redo/menu/tap and unknown ones)."""
    if command in TURN_COMMANDS:
        return Action.make(command, seat)
    if command == "free_mode":
        return Action.make("set_free_mode", seat, on=not free_mode)
    if command == "resign":
        return Action.make("resign", seat)
    return None


def undo_refusal(game: Game, seat: int) -> Verdict:
    """Why ``seat`` cannot take back the last action now (ALL-H1), in plain words: the
    game has a result, nothing was done yet, a draw (by the other seat's move that
    began this seat's turn) showed the seat a card, the last action was the other
    seat's, it was in an earlier turn, or it showed a card. A refusal with key
    ``refusal.table.undo_*``; the generic ``cannot_undo`` when undo is possible."""
    state = game.state
    if state.game_over:
        return Verdict.refuse("table.undo_game_over", "ALL-H1")
    if not game.history:
        return Verdict.refuse("table.undo_nothing", "ALL-H1")
    last = game.history[-1]
    if last.action.seat != seat and seat in last.drew:
        # the other seat's move drew for this one (its turn began with a draw): the
        # draw is what stops undo, not whose move it was (QA)
        return Verdict.refuse("table.undo_draw", "ALL-H1")
    if last.action.seat != seat:
        return Verdict.refuse("table.undo_other", "ALL-H1", player=seat_msg(last.action.seat))
    if last.turn != state.turn:
        return Verdict.refuse("table.undo_turn", "ALL-H1")
    if last.reveals:
        return Verdict.refuse("table.undo_reveal", "ALL-H1")
    return Verdict.refuse("cannot_undo", "ALL-H1")


def redo_refusal(game: Game, seat: int) -> Verdict:
    """Why ``seat`` cannot redo now: nothing was undone, the game is over, or the undone
    action is the other seat's."""
    if game.state.game_over:
        return Verdict.refuse("table.redo_game_over")
    if game.redo_stack and game.redo_stack[-1].seat != seat:
        return Verdict.refuse("table.redo_other", player=seat_msg(game.redo_stack[-1].seat))
    return Verdict.refuse("table.redo_nothing")


class TableControls(ButtonSet):
    """The command buttons: built into ``manager`` inside ``rect``; enabled per legality.

    Args:
        commands: the buttons in order (see :func:`command_list`); "menu" spans the
            whole width on the last row.
        hints: command -> key shown in its tool tip (added to the generic ones).
    """

    def __init__(self, commands: Sequence[str] = COMMANDS,
                 hints: Mapping[str, str] | None = None) -> None:
        self.commands: tuple[str, ...] = tuple(commands)
        self.hints = {**_HINTS, **(hints or {})}
        super().__init__()
        self.enabled: dict[str, bool] = {}
        #: Free mode as the last refresh saw it: a rebuild (a language switch from the
        #: help) labels the button by it, not "off" (QA).
        self.free_mode = False

    @property
    def rows(self) -> int:
        """Rows of buttons (two columns)."""
        return (len(self.commands) + 1) // 2

    def build(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float,
              fonts: Any = None, cols: int = 2) -> None:
        """(Re)create the buttons in ``rect`` (``cols`` columns: two at the bottom of the
        side panel, more in a panel under the table, ``ui.panel_columns``).

        With ``fonts`` a label too long for its button gets a smaller font (never clipped).
        """
        self.kill()
        gap = max(4, round(6 * scale))
        rows = -(-len(self.commands) // cols)
        bh = (rect.h - gap * (rows - 1)) // rows
        bw = (rect.w - gap * (cols - 1)) // cols
        for i, command in enumerate(self.commands):
            row, col = divmod(i, cols)
            if command == "menu" and col == 0:  # last, full width
                r = pygame.Rect(rect.x, rect.y + row * (bh + gap), rect.w, bh)
            else:
                r = pygame.Rect(rect.x + col * (bw + gap), rect.y + row * (bh + gap), bw, bh)
            label = self._label(command, self.free_mode)
            longest = max((self._label(command, False), self._label(command, True)), key=len)
            oid = (fit_id(fonts, longest, r.w, scale, f"#table_{command}") if fonts is not None
                   else pygame_gui.core.ObjectID(object_id=f"#table_{command}"))
            hint = self.hints.get(command)
            button = pygame_gui.elements.UIButton(
                relative_rect=r, text=label, manager=manager,
                tool_tip_text=t("button.key_hint", key=hint) if hint else None,
                object_id=oid,
            )
            self.buttons[command] = button
        for command, on in self.enabled.items():
            self._set(command, on)

    @staticmethod
    def _label(command: str, free_mode: bool) -> str:
        if command == "free_mode":
            return t("button.free_mode_on" if free_mode else "button.free_mode_off")
        return t(f"button.{command}")

    def refresh(self, game: Game, seat: int, action_for: Callable[[str], Action | None],
                locked: bool = False) -> None:
        """Enable each button when its action is legal for ``seat`` now.

        ``action_for(command)`` is the action a command would propose (None: disabled);
        ``locked`` (a decision or the game over) disables the turn and plugin commands.
        """
        state = game.state
        for command in self.commands:
            if command == "menu":
                on = True
            elif command == "undo":
                on = not state.game_over and game.can_undo(seat)
            elif command == "redo":
                on = not state.game_over and game.can_redo(seat)
            elif command == "free_mode":
                on = not state.game_over
            elif command == "hint":  # for the seat that must act (issue 12 §4)
                on = not state.game_over and game.rules.acting_seat(state) == seat
            elif command == "resign":  # a decision waiting does not stop a resignation
                action = action_for(command)
                on = action is not None and game.check(action).ok
            else:
                action = action_for(command)
                on = not locked and action is not None and game.check(action).ok
            self._set(command, on)
        self.free_mode = state.free_mode
        button = self.buttons.get("free_mode")
        if button is not None:
            button.set_text(self._label("free_mode", state.free_mode))

    def disable(self, commands: tuple[str, ...]) -> None:
        """Turn the buttons of ``commands`` off (after :meth:`refresh`), e.g. for a seat
        the computer plays."""
        for command in commands:
            if command in self.enabled:
                self._set(command, False)

    def _set(self, command: str, on: bool) -> None:
        self.enabled[command] = on
        button = self.buttons.get(command)
        if button is None:
            return
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()

