"""The hint (issue 12 §4): on request (the Hint button, key H) the table lights one
sensible legal move for the person whose turn it is to act, the card and the place to
drop it, and says why in one sentence.

The move comes from the computer player (:func:`tabletop.core.seat_player.make_player`
at :data:`HINT_LEVEL`), run on ``state.clone()`` in a worker thread like a computer
seat's (:class:`~tabletop.ui.computer_seat.Thought`), so the window never waits. The
player decides from what the asking seat may see only (contract A), so a hint never
tells anything the seat does not know; its sentence is shown to that same seat.

The hint is shown through the coach panel (``TableScene.coach_override``; the card and
any card it goes onto are its ``lit`` pieces) and written into the seat's log; the
zone or cell to drop on is outlined on the table by :meth:`Hint.draw`. Any change of
the game (the move made, another move, an undo) ends the hint, and a hint still being
thought about then is thrown away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tabletop.core.actions import Action
from tabletop.core.coach import CoachLine, action_cards
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.core.seat_player import Choice, Level, make_player
from tabletop.core.view import view_id
from tabletop.geometry import Placed
from tabletop.layout import split_cell_key
from tabletop.ui.computer_seat import (
    PlayerFactory,
    Thought,
    decision_seed,
    moving_card,
    scrub_hidden,
)
from tabletop.ui.drag import legal_targets

if TYPE_CHECKING:
    from tabletop.core.engine import Game
    from tabletop.ui.table import TableScene

__all__ = ["HINT_LEVEL", "HINT_MARK", "DropPlace", "Hint", "drop_place"]

#: The computer player's level the hint asks (a sensible move, quickly).
HINT_LEVEL = Level.NORMAL
#: Colour of the outline around the hinted target place.
HINT_MARK = (120, 230, 160)


@dataclass(frozen=True)
class DropPlace:
    """Where a card must be dropped for an action: ``card`` (the view id to pick up),
    ``kind`` ``"zone"``, ``"cell"``, ``"card"`` or ``"shape"`` and ``key`` (a zone id, a
    cell key ``"cell:<zone>/<name>"``, the view id of the card to drop onto, as text, or
    a plugin's own place id); a ``"shape"`` place has its ``shape`` (table mm)."""

    card: int
    kind: str
    key: str
    shape: Placed | None = None


class ShapePlan(Protocol):
    """The places a plugin lights and resolves itself for one drag (Conan's Foe row
    positions and Move places: ``conan_drag.DropPlan``), set as the plugin's ``plan``
    by ``drop_target_cards``: place id -> shape (table mm), and the place of an action."""

    shapes: dict[str, Placed]

    def key_for(self, action: Action) -> str | None: ...


def _same_move(a: Action, b: Action) -> bool:
    """The same move, allowing for what the window adds to a drop's action (Arc's
    chosen payment): kind, seat and the card arguments agree."""
    if a == b:
        return True
    names = ("card", "foe", "weapon", "onto", "target", "zone", "cell", "slot", "square",
             "place")
    return a.kind == b.kind and a.seat == b.seat and \
        all(a.get(n) == b.get(n) for n in names)


def drop_place(scene: TableScene, action: Action) -> DropPlace | None:
    """Where the viewer drops which card to propose ``action`` on ``scene`` (the table's
    own legal targets of that card, as lit at pick-up), or None when ``action`` is no
    drop of a card the viewer may pick up (a button, a decision)."""
    game = scene.game
    state = game.state
    iid = moving_card(action)
    if iid is None or iid not in state.cards:
        return None
    vid = view_id(state, scene.viewer, iid)
    sprite = scene.by_iid.get(vid)
    if sprite is None or not scene._movable(vid):
        return None
    zones = [z.id for z in scene.layout.zones]
    cells = [c.key for z in scene.layout.zones for c in scene.layout.cells(z.id)]
    origin_cell = scene.geometry.cell_at(*sprite.placed.center) or ""
    kept = getattr(scene.ui, "plan", None)
    targets = list(scene.ui.drop_target_cards(scene, vid))
    plan: ShapePlan | None = getattr(scene.ui, "plan", None)
    if plan is not kept and hasattr(scene.ui, "plan"):
        setattr(scene.ui, "plan", kept)  # noqa: B010 (built for this question, not a drag)
    if plan is not None and hasattr(plan, "key_for"):
        # the plugin lights these places itself (QA: Conan's hint lit no place)
        key = plan.key_for(action)
        if key is not None:
            return DropPlace(vid, "shape", key, plan.shapes[key])
    lit_zones, lit_cards, lit_cells = legal_targets(
        game, scene.viewer, vid, zones, targets, [c for c in cells if c != origin_cell],
        lambda key: scene.ui.drop_zone_id(scene, key),
        lambda a: scene.ui.drop_action(scene, a))
    places: list[tuple[str, str, Action]] = [
        *(("card", str(k), a) for k, a in lit_cards.items()),
        *(("cell", k, a) for k, a in lit_cells.items()),
        *(("zone", k, a) for k, a in lit_zones.items())]
    for same in (lambda a: a == action, lambda a: _same_move(a, action)):
        for kind, key, found in places:
            if same(found):
                return DropPlace(vid, kind, key)
    return None


@dataclass(frozen=True)
class Shown:
    """A hint on the table: for ``seat``, the move, why, what is lit, where to drop."""

    seat: int
    action: Action
    reason: Message
    lit: frozenset[int]
    place: DropPlace | None


class Hint:
    """The table's hint (see the module docstring). ``factory`` makes the player (tests
    pass one that waits or counts)."""

    def __init__(self, scene: TableScene, factory: PlayerFactory | None = None) -> None:
        self.scene = scene
        self.factory: PlayerFactory = factory if factory is not None else make_player
        self.thought: Thought | None = None
        self.shown: Shown | None = None
        self.generation = 0
        scene.game.listeners.append(self._game_changed)

    def _game_changed(self, _game: Game) -> None:
        self.generation += 1
        self.shown = None  # the position the hint was for is gone
        self.thought = None

    def close(self) -> None:
        """The table closes: stop following the game."""
        self.thought = None
        self.shown = None
        if self._game_changed in self.scene.game.listeners:
            self.scene.game.listeners.remove(self._game_changed)

    # ------------------------------------------------------------------ asking
    def refusal(self) -> Message | None:
        """Why no hint can be given now (None: one can)."""
        scene = self.scene
        state = scene.game.state
        seat = scene.rules.acting_seat(state)
        if state.game_over:
            return msg("refusal.game_over")
        computer = scene.computer
        if computer is not None and computer.is_computer(seat):
            return msg("hint.computer_seat", player=seat_msg(seat))
        if seat != scene.viewer or scene.cover_pending:
            return msg("hint.not_now", player=seat_msg(seat))
        return None

    def request(self) -> None:
        """The Hint button or key H: start looking for a move for the acting seat (the
        viewer), or say why there is none to look for."""
        scene = self.scene
        why = self.refusal()
        if why is not None:
            scene.toast.show(why, why.key, "")
            return
        if self.thought is not None or self.shown is not None:
            return  # already on its way, or on the table
        game = scene.game
        seat = scene.viewer
        rules = game.rules
        player = self.factory(rules, HINT_LEVEL,
                              decision_seed(game.setup.seed, seat, len(game.history)) ^ 0x5A5A)
        world = game.state.clone()

        def think() -> Choice | None:
            return player.choose(rules, world, seat)

        self.thought = Thought(think, seat, self.generation)

    # ------------------------------------------------------------------ frames
    def frame_due(self) -> float | None:
        """Now once a thought is back; None otherwise (the loop looks every turn)."""
        thought = self.thought
        return 0.0 if thought is not None and thought.done else None

    def update(self, _dt: float) -> None:
        """Show a hint that is ready (never waits for the thread)."""
        thought = self.thought
        if thought is None or not thought.done:
            return
        self.thought = None
        scene = self.scene
        if thought.generation != self.generation or thought.seat != scene.viewer:
            return
        if thought.error is not None or thought.result is None:
            self.shown = None
            scene.toast.show(msg("hint.none", player=seat_msg(thought.seat)), "hint.none", "")
            return
        self._show(thought.seat, thought.result)

    def _show(self, seat: int, choice: Choice) -> None:
        scene = self.scene
        state = scene.game.state
        lit = frozenset(view_id(state, scene.viewer, i)
                        for i in action_cards(state, choice.action) if i in state.cards)
        reason = scrub_hidden(choice.reason, state, scene.viewer)
        self.shown = Shown(seat, choice.action, reason, lit, drop_place(scene, choice.action))
        scene.add_note(msg("hint.log", reason=reason))

    def coach(self) -> CoachLine | None:
        """The coach panel's line: the hint shown, or "Looking for a good move…"."""
        player = seat_msg(self.scene.viewer)
        if self.shown is not None:
            return CoachLine(who=msg("hint.who", player=player), what=self.shown.reason,
                             lit=self.shown.lit)
        if self.thought is not None:
            return CoachLine(who=msg("hint.who", player=player), what=msg("hint.thinking"),
                             lit=frozenset())
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Outline the place the hinted card goes to (the card itself, and a card it goes
        onto, are lit by the coach panel: they are the line's ``lit``)."""
        shown = self.shown
        if shown is None or shown.place is None:
            return
        scene = self.scene
        place = shown.place
        rect: Any
        if place.kind == "zone" and place.key in scene.layout.zone_ids:
            rect = scene.zone_rect(place.key)
        elif place.kind == "cell":
            rect = scene.cell_rect(place.key) if split_cell_key(place.key)[0] else None
        elif place.kind == "shape" and place.shape is not None:
            width = max(3, round(4 * scene.scale))  # a card-sized place: a bolder line
            shape = place.shape
            grown = Placed(shape.key, shape.center, (shape.size[0] + 3.0, shape.size[1] + 3.0),
                           shape.rotation_deg)  # round the place, clear of the cards in it
            scene._outline(surface, grown, None, HINT_MARK, width)
            return
        else:
            rect = None  # onto a card: that card is lit
        if rect is None:
            return
        width = max(2, round(3 * scene.scale))
        pygame.draw.rect(surface, HINT_MARK, rect.inflate(2 * width, 2 * width), width,
                         border_radius=max(2, round(6 * scene.scale)))
