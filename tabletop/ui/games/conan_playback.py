"""The Resolution played back step by step over the table (CONAN-R14..R16), and captions.

The rules fight a zone inside one action and record what happened as they go, beat by
beat (:mod:`tabletop.games.conan.playback`). :class:`Playback` shows those beats:

* a *zone* step ("Fight in the Center") with the initiative count-down 5..1;
* one step per initiative: the zone's cards as they lay before the fight (ghosts:
  the real ones may already be in a discard pile or a Chronicle), a line between
  every pair of facing icon slots, coloured by the result (hit red, blocked blue,
  glancing orange), a BLOCKED / HIT / GLANCING tag per strike and the damage number
  on the character struck;
* a *fall* step: defeated cards glide to where they are now (Chronicle, discard);
* *caption* steps (the Foe Move fallback of CONAN-R13, read from the viewer's log).

Each initiative step also lists its icon pairs in words, beside the zone (issue 12
§7): per strike the Move, who plays it, whom it strikes and the damage, then each of
its attack icons against the icon facing it (hits / blocked by / glances off, a
Multi-icon failing as a whole), the rules cited (CONAN-R14 blocking, CONAN-R15 damage,
CONAN-R16 same initiative at once).

It plays by itself (:func:`step_seconds` a step: :data:`STEP_SECONDS`, plus
:data:`READ_SECONDS` for each line of words an initiative step shows); a click or
Space shows the next step at once, P pauses / resumes, Esc skips to the end.
Everything it draws is public: Moves are revealed before any fight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.games.conan.icons import BLOCKED, GLANCING
from tabletop.games.conan.playback import (
    FIGHT_KEY,
    Beat,
    Initiative,
    Outcome,
    SlotClash,
    Strike,
    show,
)
from tabletop.games.conan.zones import CONAN_ZONE
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.ui.bands import Veil
from tabletop.ui.games.conan_cards import slot_rect
from tabletop.ui.games.conan_preview import PreviewBox, char_name, draw_box, icon_name
from tabletop.ui.sprite import screen_turn

if TYPE_CHECKING:
    from tabletop.ui.context import TableContext

__all__ = ["MAX_STEP_SECONDS", "READ_SECONDS", "STEP_SECONDS", "Ghost", "Playback", "Replay",
           "Step", "clash_text", "pair_lines", "step_seconds"]

#: Seconds each step stays when the playback runs by itself.
STEP_SECONDS = 1.6
#: More seconds an initiative step stays for each line of its words (time to read).
READ_SECONDS = 0.7
#: No step stays longer by itself than this (P pauses; a click goes on at once).
MAX_STEP_SECONDS = 7.0
OUTCOME_COLOUR = {"hit": (235, 60, 48), BLOCKED: (90, 160, 255), GLANCING: (255, 160, 40)}


@dataclass(frozen=True)
class Ghost:
    """A card drawn as it lay before the fight: its face and placed shape (table mm)."""

    iid: int
    card_id: str
    placed: Placed


def working_copy(state: Any) -> Any:
    """The copy of ``state`` (a GameState) a fight's :class:`Replay` brings forward: the
    cards, zones, data and the rest (``GameState.clone``), without what :func:`show`
    replaces or nothing reads there: the log (``real``'s, cut at each beat, is put in)
    and the fight record (the beats are the Replay's own). A whole deep copy, log
    included, made every fight cost O(game length) (issue 14). Returns a new,
    independent state."""
    world = state.clone(keep_log=False)
    world.data.pop(FIGHT_KEY, None)
    return world


@dataclass
class Replay:
    """The one working copy of the game a fight's playback shows, brought forward beat by
    beat (:func:`tabletop.games.conan.playback.show`; steps only go forward).

    ``state``: the copy (made once, when the fight is queued); ``real``: the game's state
    (its log lines); ``beats``: the fight's beats of the action; ``done``: how many are
    shown; ``on_beat(state, beat)``: called as each beat is reached (the zone's ghosts).
    """

    state: Any
    real: Any
    beats: list[Beat]
    done: int = 0
    on_beat: Callable[[Any, Beat], None] | None = None

    def at(self, n: int) -> Any:
        """The table as of the ``n`` first beats."""
        while self.done < n:
            beat = self.beats[self.done]
            show(self.state, self.real, beat)
            self.done += 1
            if self.on_beat is not None:
                self.on_beat(self.state, beat)
        return self.state


@dataclass
class Step:
    """One step: ``kind`` is ``zone``, ``beat``, ``fall`` or ``caption``."""

    kind: str
    zone: str = ""
    beat: Initiative | None = None
    text: str = ""
    fallen: tuple[int, ...] = ()
    #: Cards that fell at an earlier initiative (not drawn any more).
    gone: tuple[int, ...] = ()
    #: What the table shows during this step (log, chips, piles, no question yet): the
    #: fight's :class:`Replay` as of its first ``n`` beats; None: the game's own state.
    shown: tuple[Replay, int] | None = None


@dataclass
class Playback:
    """The queue of steps and the clock (see the module docstring)."""

    steps: list[Step] = field(default_factory=list)
    index: int = 0
    elapsed: float = 0.0
    paused: bool = False
    ghosts: dict[int, Ghost] = field(default_factory=dict)
    zone_cards: dict[str, list[int]] = field(default_factory=dict)
    #: iid -> where the card lies now (table mm), for the fall step.
    now_at: Callable[[int], Placed | None] | None = None
    #: The icon pairs' box of the initiative step drawn last (tests read it).
    box: PreviewBox = field(default_factory=PreviewBox)
    #: The dark veil over the table, kept while steps are shown (issue 14: one made per
    #: frame cost about 1 ms at 4K); let go when the playback ends.
    veil: Veil | None = field(default=None, repr=False, compare=False)

    @property
    def active(self) -> bool:
        """Is a step being shown?"""
        return self.index < len(self.steps)

    @property
    def current(self) -> Step | None:
        """The step shown now."""
        return self.steps[self.index] if self.active else None

    def add(self, steps: list[Step]) -> None:
        """Queue more steps (a new fight or caption while one plays: after it)."""
        if not self.active:
            self.steps, self.index, self.elapsed = [], 0, 0.0
        self.steps += steps

    def update(self, dt: float) -> None:
        """Advance the clock; the next step when this one has had its time."""
        if not self.active or self.paused:
            return
        self.elapsed += dt
        step = self.current
        if step is not None and self.elapsed >= step_seconds(step):
            self.next()

    def next(self) -> None:
        """Show the next step now."""
        if self.active:
            self.index += 1
            self.elapsed = 0.0

    def skip(self) -> None:
        """Jump to the end."""
        self.index = len(self.steps)

    def clear(self) -> None:
        """Forget everything (a hand-over, undo)."""
        self.steps, self.index, self.elapsed, self.paused = [], 0, 0.0, False
        self.ghosts.clear()
        self.zone_cards.clear()

    # -- drawing -----------------------------------------------------------------------

    def draw(self, scene: TableContext, surface: pygame.Surface) -> None:
        """The current step over the table."""
        step = self.current
        if step is None:
            self.veil = None
            return
        area = pygame.Rect(scene.viewport.area)
        if step.kind in ("zone", "beat", "fall"):
            if self.veil is None:  # one strip, not a table-sized layer (issue 14, memory)
                self.veil = Veil((8, 6, 4, 150))
            self.veil.blit(surface, area)
            self._draw_zone(scene, surface, step)
        banner = self._banner(scene, surface, step)
        if step.kind == "beat" and step.beat is not None:
            self._pairs(scene, surface, step.beat, banner)

    def _blit_ghost(self, scene: TableContext, surface: pygame.Surface, ghost: Ghost,
                    placed: Placed | None = None) -> pygame.Rect:
        vp = scene.viewport
        where = placed or ghost.placed
        w, h = round(where.size[0] * vp.scale), round(where.size[1] * vp.scale)
        turn = screen_turn(where.rotation_deg, vp.flipped, scene.ui.upright)
        face = scene.renderer.face(ghost.card_id, (w, h), turn, scene.lang)
        rect = face.get_rect(center=vp.to_px(*where.center))
        surface.blit(face, rect)
        return rect

    def _draw_zone(self, scene: TableContext, surface: pygame.Surface, step: Step) -> None:
        cards = self.zone_cards.get(step.zone, [])
        hidden = set(step.gone) | (set(step.fallen) if step.kind == "fall" else set())
        for iid in cards:
            ghost = self.ghosts.get(iid)
            if ghost is None or iid in hidden:
                continue
            self._blit_ghost(scene, surface, ghost)
        if step.kind == "beat" and step.beat is not None:
            self._draw_beat(scene, surface, step.beat)
        if step.kind == "fall":
            share = min(1.0, self.elapsed / (STEP_SECONDS * 0.7))
            for iid in step.fallen:
                ghost = self.ghosts.get(iid)
                dest = self.now_at(iid) if self.now_at is not None else None
                if ghost is None:
                    continue
                if dest is None:
                    dest = ghost.placed
                c0, c1 = ghost.placed.center, dest.center
                centre = (c0[0] + (c1[0] - c0[0]) * share, c0[1] + (c1[1] - c0[1]) * share)
                rot = ghost.placed.rotation_deg + (dest.rotation_deg
                                                   - ghost.placed.rotation_deg) * share
                self._blit_ghost(scene, surface, ghost,
                                 Placed(ghost.placed.key, centre, ghost.placed.size, rot))

    def slot_px(self, scene: TableContext, card: int, side: str, slot: int
                ) -> tuple[float, float] | None:
        """The pixel centre of icon slot ``slot`` of ``side`` of ghost ``card``."""
        ghost = self.ghosts.get(card)
        if ghost is None:
            return None
        x, y, w, h = slot_rect(side, slot)
        cw, ch = ghost.placed.size
        local = ((x + w / 2 - 0.5) * cw, (y + h / 2 - 0.5) * ch)
        return scene.viewport.to_px(*ghost.placed.to_table(local))

    def _draw_beat(self, scene: TableContext, surface: pygame.Surface, beat: Initiative) -> None:
        scale = scene.scale
        width = max(2, round(3 * scale))
        damage: dict[int, int] = {}
        for strike in beat.strikes:
            damage[strike.target] = damage.get(strike.target, 0) + strike.damage
            attacker_rect = self._ghost_rect(scene, strike.card)
            if attacker_rect is not None:
                pygame.draw.rect(surface, (255, 236, 150), attacker_rect.inflate(6, 6), width,
                                 border_radius=6)
            for clash in strike.clashes:
                a = self.slot_px(scene, strike.card, strike.side, clash.slot)
                if a is None:
                    continue
                colour = OUTCOME_COLOUR.get(clash.outcome, (235, 60, 48))
                if strike.target_card is not None and clash.facing is not None \
                        and strike.target_side is not None:
                    b = self.slot_px(scene, strike.target_card, strike.target_side,
                                     clash.facing)
                    if b is not None:
                        pygame.draw.line(surface, colour, a, b, width)
                        pygame.draw.circle(surface, colour, b, width + 2, 1)
                pygame.draw.circle(surface, colour, a, width + 2)
            if attacker_rect is not None:
                self._tag(scene, surface, strike_word(strike), attacker_rect.midtop,
                          strike_colour(strike))
        for target, amount in damage.items():
            rect = self._char_rect(scene, target)
            if rect is None:
                continue
            text = f"-{amount}" if amount else "0"
            colour = (255, 80, 60) if amount else (200, 200, 200)
            self._tag(scene, surface, text, rect.center, colour, big=True)
            if target in beat.defeated:
                self._tag(scene, surface, t("conanui.defeated"), rect.midbottom,
                          (255, 80, 60))

    def _ghost_rect(self, scene: TableContext, iid: int) -> pygame.Rect | None:
        ghost = self.ghosts.get(iid)
        if ghost is None:
            return None
        vp = scene.viewport
        quarter = round(screen_turn(ghost.placed.rotation_deg, vp.flipped, False) / 90) % 2
        w, h = ghost.placed.size
        if quarter:
            w, h = h, w
        rect = pygame.Rect(0, 0, round(w * vp.scale), round(h * vp.scale))
        rect.center = (round(vp.to_px(*ghost.placed.center)[0]),
                       round(vp.to_px(*ghost.placed.center)[1]))
        return rect

    def _char_rect(self, scene: TableContext, iid: int) -> pygame.Rect | None:
        return self._ghost_rect(scene, iid) or scene.card_rect(iid)

    def _tag(self, scene: TableContext, surface: pygame.Surface, text: str,
             at: tuple[int, int], colour: tuple[int, int, int], big: bool = False) -> None:
        size = max(12, round((22 if big else 13) * scene.scale))
        label = scene.text.get(text, size, colour, True)
        box = label.get_rect(center=at).inflate(10, 4)
        pygame.draw.rect(surface, (16, 12, 10), box, border_radius=6)
        pygame.draw.rect(surface, colour, box, 1, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))

    def _pairs(self, scene: TableContext, surface: pygame.Surface, beat: Initiative,
               banner: pygame.Rect) -> None:
        """The initiative's icon pairs in words, beside the zone's cards, clear of the
        banner and its count-down."""
        avoid = banner.copy()
        for iid in self.zone_cards.get(beat.zone, []):
            rect = self._ghost_rect(scene, iid)
            if rect is not None:
                if scene.game.state.zone_of(iid) == CONAN_ZONE:
                    rect = rect.inflate(rect.w, 0).union(rect.move(0, rect.h // 2))
                avoid.union_ip(rect)  # Conan with his name under the card
        lines = pair_lines(scene.game.state, scene.rules.cards, beat, scene.lang)
        soft = [s.rect for s in scene.sprites]
        self.box = draw_box(scene, surface, t("conanui.initiative", n=beat.initiative),
                            lines, avoid, soft, lines_legend=True)

    def _banner(self, scene: TableContext, surface: pygame.Surface, step: Step
                ) -> pygame.Rect:
        area = pygame.Rect(scene.viewport.area)
        scale = scene.scale
        size = max(13, round(17 * scale))
        if step.kind == "caption":
            title = step.text
        else:
            zone = t(f"zone.{step.zone}")
            title = t("conanui.fight_in", zone=zone)
            if step.kind == "beat" and step.beat is not None:
                title += "  ·  " + t("conanui.initiative", n=step.beat.initiative)
            elif step.kind == "fall":
                title += "  ·  " + t("conanui.fall")
        hint = t("conanui.playback_hint", n=self.index + 1, total=len(self.steps))
        label = scene.text.get(title, size, (255, 236, 150), True, area.w - 40)
        small = scene.text.get(hint, max(11, round(13 * scale)), (220, 220, 220))
        w = max(label.get_width(), small.get_width()) + 30
        h = label.get_height() + small.get_height() + 18
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (area.centerx, area.y + round(6 * scale))
        pygame.draw.rect(surface, (20, 14, 10), box, border_radius=10)
        pygame.draw.rect(surface, (196, 160, 80), box, 2, border_radius=10)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 6)))
        surface.blit(small, small.get_rect(midbottom=(box.centerx, box.bottom - 5)))
        if step.kind in ("zone", "beat"):
            self._countdown(scene, surface, box, step)
            r = max(9, round(12 * scale))
            return box.inflate(0, 0).union(pygame.Rect(box.x, box.bottom, box.w, 2 * r + 8))
        return box

    def _countdown(self, scene: TableContext, surface: pygame.Surface, box: pygame.Rect,
                   step: Step) -> None:
        now = step.beat.initiative if step.beat is not None else 6
        r = max(9, round(12 * scene.scale))
        x = box.centerx - 4 * r - 8
        y = box.bottom + r + 4
        for k in range(5, 0, -1):
            done, current = k > now, k == now
            fill = (250, 214, 96) if current else (70, 60, 50) if done else (34, 28, 24)
            pygame.draw.circle(surface, fill, (x, y), r)
            pygame.draw.circle(surface, (196, 160, 80), (x, y), r, 1)
            label = scene.text.get(str(k), max(11, round(14 * scene.scale)),
                                   (20, 14, 10) if current else (230, 220, 200), True)
            surface.blit(label, label.get_rect(center=(x, y)))
            x += 2 * r + 4


def strike_word(strike: object) -> str:
    """BLOCKED / HIT n / GLANCING n for a strike (the tag over the attacking Move)."""
    damage = getattr(strike, "damage", 0)
    clashes = getattr(strike, "clashes", ())
    if damage <= 0:
        return t("conanui.blocked")
    if any(c.outcome == GLANCING for c in clashes) and \
            not any(c.outcome == "hit" for c in clashes):
        return t("conanui.glancing", n=damage)
    return t("conanui.hit", n=damage)


def strike_colour(strike: object) -> tuple[int, int, int]:
    """The tag colour of a strike's result."""
    damage = getattr(strike, "damage", 0)
    clashes = getattr(strike, "clashes", ())
    if damage <= 0:
        return OUTCOME_COLOUR[BLOCKED]
    if not any(c.outcome == "hit" for c in clashes):
        return OUTCOME_COLOUR[GLANCING]
    return OUTCOME_COLOUR["hit"]


def clash_text(clash: SlotClash, failed_multi: bool) -> str:
    """One attack icon against the icon facing it, in words ("Blade vs Shield: Blade
    hits"); ``failed_multi``: the icon is part of a Multi-icon that failed (CONAN-R14)."""
    icon, facing = icon_name(clash.icon), icon_name(clash.facing_icon)
    if failed_multi and clash.outcome == Outcome.HIT:
        result = t("conanfight.attack.multi", icon=icon)
    elif clash.outcome == Outcome.HIT and not clash.facing_icon:
        result = t("conanfight.attack.unopposed", icon=icon)
    else:
        result = t(f"conanfight.attack.{clash.outcome}", icon=icon, facing=facing)
    return t("conanfight.pair", mine=icon, theirs=facing, result=result)


def _failed_multi_slots(card: Any, strike: Strike) -> set[int]:
    """Slots of ``strike``'s side in a Multi-icon one of whose slots did not hit."""
    outcome = {c.slot: c.outcome for c in strike.clashes}
    failed: set[int] = set()
    for group in card.get(f"{strike.side}_multi") or []:
        slots = [i for i in group if i in outcome]
        if len(slots) > 1 and any(outcome[i] != Outcome.HIT for i in slots):
            failed |= set(slots)
    return failed


def pair_lines(state: Any, db: Any, beat: Initiative, lang: str) -> list[tuple[str, str]]:
    """The words of an initiative step, (kind, text) per line (the kinds of
    :func:`~tabletop.ui.games.conan_preview.draw_box`): a heading per strike, a line per
    attack icon and the rules cited."""
    out: list[tuple[str, str]] = []
    for strike in beat.strikes:
        card = db[state.cards[strike.card].card_id]
        key = "conanfight.strike" if strike.damage > 0 else "conanfight.strike_none"
        out.append(("against", t(key, card=card.display_name(lang),
                                 who=char_name(state, db, strike.attacker, lang),
                                 target=char_name(state, db, strike.target, lang),
                                 n=strike.damage)))
        failed = _failed_multi_slots(card, strike)
        out += [("pair", clash_text(c, c.slot in failed)) for c in strike.clashes]
    out.append(("rules", t("conanfight.playback_rules")))
    return out


def step_seconds(step: Step) -> float:
    """How long ``step`` stays by itself: :data:`STEP_SECONDS`, an initiative step
    :data:`READ_SECONDS` more per line of its words, at most :data:`MAX_STEP_SECONDS`."""
    if step.kind != "beat" or step.beat is None:
        return STEP_SECONDS
    lines = sum(1 + len(s.clashes) for s in step.beat.strikes)
    return min(MAX_STEP_SECONDS, STEP_SECONDS + READ_SECONDS * lines)
