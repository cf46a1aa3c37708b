"""The automatic battle played back attack by attack (XENO-R5), for the Xenocard window.

The rules run the whole battle inside the action that ends the block phase and keep
its record (``rules.last_battle(state)``: one :class:`AttackEvent` per attack). The
window shows it afterwards, to the seat that views the table next (after the
hot-seat cover: the battle is public): an arrow from the attacker's cell to the
target's cell or to the defender's deck, the damage, destroyed cards crossed out
where they stood, and the cards the deck lost counted up; the coach panel tells the
attack on screen (:meth:`Playback.coach`), never the state after the battle.

:class:`Playback` is the state of one showing, attack by attack like Conan's fight
playback: between two persons each attack stays until a click or Space (QA: at 1.2 s
an attack, played by itself, a four-attack battle was over before it was read); with
the computer at the table (a game against it, the demo) it goes on by itself every
``auto`` seconds (:data:`STEP_SECONDS` at the normal pace), and a click or Space shows
the next attack at once. Esc skips the rest. The state already is the one after the
battle: the turn's buttons wait until the last attack has been shown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.core.coach import CoachLine
from tabletop.core.engine import HIDDEN_CARD
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.i18n import t
from tabletop.layout.model import CELL_KEY_PREFIX
from tabletop.ui.games.xenocard_readable import badge_joint, badge_place, chip_text

if TYPE_CHECKING:
    from tabletop.games.xenocard import AttackEvent
    from tabletop.ui.context import TableContext

__all__ = ["STEP_SECONDS", "Playback", "draw_arrow"]

#: Seconds each attack stays on screen when the playback runs by itself, at the normal
#: pace (the demo's speeds scale it: ``Pace.scaled``); time to read the arrow, the damage
#: and the coach's sentence (QA: 1.2 s was too fast to see).
STEP_SECONDS = 2.5
ARROW = (255, 96, 64)
ARROW_EDGE = (40, 10, 6)
DESTROYED = (230, 40, 40)


@dataclass
class Playback:
    """One battle being shown: its attacks, which one is on screen, and for how long."""

    seat: int
    turn: int
    events: Sequence[AttackEvent]
    index: int = 0
    elapsed: float = 0.0
    #: Seconds an attack stays when it goes on by itself; None: until a click or Space.
    auto: float | None = None
    #: Indices of the attacks whose arrow has been drawn (tests; every one is drawn once
    #: at least unless skipped).
    drawn: set[int] = field(default_factory=set)

    @property
    def done(self) -> bool:
        """True once every attack has been shown (or the rest was skipped)."""
        return self.index >= len(self.events)

    @property
    def current(self) -> AttackEvent | None:
        """The attack on screen now."""
        return None if self.done else self.events[self.index]

    def update(self, dt: float) -> None:
        """Let time pass: the next attack after :attr:`auto` seconds (never when held)."""
        if self.done:
            return
        self.elapsed += dt
        if self.auto is not None and self.elapsed >= self.auto:
            self.step()

    def step(self) -> None:
        """Show the next attack now."""
        self.index += 1
        self.elapsed = 0.0

    def skip(self) -> None:
        """Stop showing the battle."""
        self.index = len(self.events)

    def deck_lost(self, upto: int) -> int:
        """Cards the deck lost in the attacks before and including ``upto``."""
        return sum(len(e.dumped) for e in self.events[:upto + 1] if e.at_deck)

    def destroyed_before(self, upto: int) -> list[AttackEvent]:
        """The attacks before ``upto`` that destroyed their target (drawn crossed out)."""
        return [e for e in self.events[:upto] if e.destroyed]

    def coach(self, scene: TableContext) -> CoachLine | None:
        """The coach panel's line for the attack on screen (None when done): whose battle
        and which attack, what it does in words (attacker, target, ATK, damage, what
        became of the target; cards named as the viewer's view shows them, all public
        in play or in a trash), and the decks as they stood after this attack (the
        deck is life, XENO-R1), so no later attack's result shows early."""
        event = self.current
        if event is None:
            return None
        attacker = _card_name(scene, event.attacker)
        attack = msg(f"attack.xenocard.{event.step}")
        atk = event.atk if event.atk is not None else event.damage
        if event.at_deck:
            owner = int(event.target_zone[1]) if event.target_zone[1:2].isdigit() else 0
            key = "xenoui.battle.coach_deck_one" if len(event.dumped) == 1 \
                else "xenoui.battle.coach_deck"
            what = msg(key, attacker=attacker, attack=attack, atk=atk,
                       player=seat_msg(owner), n=len(event.dumped))
        elif event.destroyed:
            what = msg("xenoui.battle.coach_destroyed", attacker=attacker, attack=attack,
                       atk=atk, target=_card_name(scene, event.target), damage=event.damage)
        else:
            what = msg("xenoui.battle.coach_hit", attacker=attacker, attack=attack, atk=atk,
                       target=_card_name(scene, event.target), damage=event.damage,
                       total=event.total_damage, hp=event.hp)
        who = msg("xenoui.battle.coach_who", player=seat_msg(self.seat), n=self.index + 1,
                  total=len(self.events))
        later = self.events[self.index + 1:]

        def deck(s: int) -> int:  # as it stood after the attack shown
            now = len(scene.view.zones.get(f"p{s}.deck", ()))
            return now + sum(len(e.dumped) for e in later if e.target_zone == f"p{s}.deck")

        viewer = scene.viewer
        progress = (msg("coach.xenocard.progress", mine=deck(viewer), theirs=deck(1 - viewer)),)
        return CoachLine(who, what, frozenset(), (), progress)

    # -- drawing -------------------------------------------------------------------
    def draw(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Crossed-out cards so far, the current arrow and damage, and the banner."""
        event = self.current
        if event is None:
            return
        for gone in self.destroyed_before(self.index):
            self._draw_gone(scene, surface, gone, marked=True)
        if event.destroyed:
            self._draw_gone(scene, surface, event, marked=True)
        start = _cell_rect(scene, event.attacker_cell)
        end = (_cell_rect(scene, event.target_cell) if event.target_cell
               else scene.zone_rect(event.target_zone))
        thick = max(4, round(7 * scene.scale))
        pygame.draw.rect(surface, ARROW, start.inflate(8, 8), max(2, thick // 2),
                         border_radius=8)
        # from the attacker's edge to just inside the target: both faces stay readable
        a, b = _edge_point(start, end.center, 0.9), _edge_point(end, start.center, 0.55)
        draw_arrow(surface, a, b, thick, ARROW)
        self.drawn.add(self.index)
        self._draw_attack_atk(scene, surface, event, start)
        self._draw_damage(scene, surface, event, end)
        self._draw_banner(scene, surface, event)

    def _draw_gone(self, scene: TableContext, surface: pygame.Surface, event: AttackEvent,
                   marked: bool) -> None:
        """A destroyed card where it stood: a faded face (it is public, in the trash now)
        crossed out."""
        if event.target_cell is None or event.target is None:
            return
        rect = _cell_rect(scene, event.target_cell)
        found = scene.view.find(event.target)
        if found is not None and found[1].card_id is not None and event.target not in \
                _cards_in_cells(scene):
            face = scene.renderer.face(found[1].card_id, scene.card_px, 0.0, scene.lang)
            ghost = face.copy()
            ghost.set_alpha(130)
            surface.blit(ghost, ghost.get_rect(center=rect.center))
        if marked:
            w = max(4, round(6 * scene.scale))
            box = rect.inflate(-rect.w // 6, -rect.h // 6)
            pygame.draw.line(surface, DESTROYED, box.topleft, box.bottomright, w)
            pygame.draw.line(surface, DESTROYED, box.topright, box.bottomleft, w)

    def _draw_attack_atk(self, scene: TableContext, surface: pygame.Surface,
                         event: AttackEvent, start: pygame.Rect) -> None:
        """The ATK this attack used (the battle event's own number, not the ATK in force
        now), over the attacker's ATK / HP band."""
        if event.atk is None:  # a record from before the number was kept
            return
        band = pygame.Rect(start.x + 2, 0, start.w - 4, max(16, round(start.h * 0.22)))
        band.bottom = start.bottom - 2
        pygame.draw.rect(surface, (40, 20, 14), band, border_radius=5)
        pygame.draw.rect(surface, ARROW, band, 2, border_radius=5)
        label = t("xenoui.battle.attack_atk", atk=event.atk)
        size = max(11, round(band.h * 0.62))
        text = scene.text.get(label, size, (255, 236, 200), True)
        while text.get_width() > band.w - 6 and size > 9:
            size -= 1
            text = scene.text.get(label, size, (255, 236, 200), True)
        surface.blit(text, text.get_rect(center=band.center))

    def _draw_damage(self, scene: TableContext, surface: pygame.Surface, event: AttackEvent,
                     end: pygame.Rect) -> None:
        """The damage bubble at the target, with what it did."""
        big = max(18, round(30 * scene.scale))
        small = max(12, round(15 * scene.scale))
        number = scene.text.get(f"-{event.damage}", big, (255, 255, 255), True)
        if event.at_deck:
            note = t("xenoui.battle.deck_lost", n=len(event.dumped),
                     total=self.deck_lost(self.index))
        elif event.destroyed:
            note = t("xenoui.battle.destroyed")
        else:
            note = t("xenoui.battle.damage_of", total=event.total_damage, hp=event.hp)
        # no wider than its card (QA): shrunk to the floor, then on two lines
        label = chip_text(scene, note, end.w - 16, small, (255, 240, 220))
        w = max(number.get_width(), label.get_width()) + 16
        h = number.get_height() + label.get_height() + 6
        box = pygame.Rect(0, 0, w, h)
        # beside the target, on the side towards the middle of the table, so the
        # target (a card crossed out, the deck) stays in sight
        area = pygame.Rect(scene.viewport.area)
        gap = max(4, round(6 * scene.scale))
        # never over another card (QA: "-0 0 of 2 HP" lay on the neighbour)
        others = [s.rect for s in scene.sprites if s.drawn and not s.rect.colliderect(end)]
        box = badge_place(box, end, area, others, gap)
        # the hit card framed and joined to its box, so the box (lying on a neighbour)
        # is never read as that neighbour's damage (QA)
        edge = max(2, round(3 * scene.scale))
        pygame.draw.rect(surface, (230, 70, 50), end.inflate(edge * 2, edge * 2), edge,
                         border_radius=6)
        near, far = badge_joint(box, end)
        pygame.draw.line(surface, (230, 70, 50), near, far, edge)
        pygame.draw.rect(surface, (150, 30, 20), box, border_radius=10)
        pygame.draw.rect(surface, (255, 220, 200), box, 2, border_radius=10)
        surface.blit(number, number.get_rect(midtop=(box.centerx, box.y + 2)))
        surface.blit(label, label.get_rect(midbottom=(box.centerx, box.bottom - 3)))

    def _draw_banner(self, scene: TableContext, surface: pygame.Surface,
                     event: AttackEvent) -> None:
        """Whose battle, which attack, and how to step or skip."""
        area = pygame.Rect(scene.viewport.area)
        size = max(13, round(16 * scene.scale))
        head = t("xenoui.battle.banner", player=t(f"seat.{self.seat}"), n=self.index + 1,
                 total=len(self.events), attack=t(f"attack.xenocard.{event.step}"))
        hint = t("xenoui.battle.hint" if self.auto is None else "xenoui.battle.hint_auto")
        top = scene.text.get(head, size, (255, 255, 255), True)
        low = scene.text.get(hint, max(11, round(13 * scene.scale)), (235, 225, 200))
        box = pygame.Rect(0, 0, max(top.get_width(), low.get_width()) + 24,
                          top.get_height() + low.get_height() + 10)
        box.midtop = (area.centerx, area.y + 6)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 12, 10, 225), shade.get_rect(), border_radius=10)
        surface.blit(shade, box)
        pygame.draw.rect(surface, ARROW, box, 2, border_radius=10)
        surface.blit(top, top.get_rect(midtop=(box.centerx, box.y + 4)))
        surface.blit(low, low.get_rect(midbottom=(box.centerx, box.bottom - 4)))


def _card_name(scene: TableContext, iid: int | None) -> Message:
    """A card's name as the viewer's view shows it ("a hidden card" when it does not)."""
    found = scene.view.find(iid) if iid is not None else None
    if found is None or found[1].card_id is None:
        return HIDDEN_CARD
    return msg(f"card.{found[1].card_id}")


def _cell_rect(scene: TableContext, cell: str) -> pygame.Rect:
    """Pixels of a rules cell id (``"p0.field/front.left"``)."""
    return scene.cell_rect(CELL_KEY_PREFIX + cell)


def _edge_point(rect: pygame.Rect, toward: tuple[int, int],
                share: float) -> tuple[int, int]:
    """The point ``share`` of the way from ``rect``'s centre to its edge, toward a point."""
    cx, cy = rect.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    scale = min(rect.w / 2 / abs(dx) if dx else math.inf,
                rect.h / 2 / abs(dy) if dy else math.inf)
    return round(cx + dx * scale * share), round(cy + dy * scale * share)


def _cards_in_cells(scene: TableContext) -> set[int]:
    return {s.iid for s in scene.sprites if s.zone.endswith((".field", ".standby"))}


def draw_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
               width: int, colour: tuple[int, int, int]) -> None:
    """A thick arrow from ``start`` to ``end`` (pixels), with a dark edge to read on
    any card."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = max(12, width * 3)
    tip = end
    base = (end[0] - ux * head, end[1] - uy * head)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.line(surface, ARROW_EDGE, start, base, width + 4)
    pygame.draw.line(surface, colour, start, base, width)
    pygame.draw.polygon(surface, ARROW_EDGE, [tip, left, right])
    shrink = [(tip[0] - ux * 3, tip[1] - uy * 3), (left[0] + ux * 2, left[1] + uy * 2),
              (right[0] + ux * 2, right[1] + uy * 2)]
    pygame.draw.polygon(surface, colour, shrink)
    pygame.draw.circle(surface, colour, start, width)
