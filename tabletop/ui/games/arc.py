"""Arc System's window plugin: faces, preview words, decisions, attackers, combat marks.

* Faces: :class:`~tabletop.ui.games.arc_cards.ArcCardRenderer`; every card is read
  upright from both seats (``upright``), a tapped card is turned 90 degrees.
* Rows: a character row holding turned cards, or too many cards, is packed
  (:func:`~tabletop.ui.games.pack_row`): cards shrink down to
  :data:`ROW_MIN_SCALE`, then overlap keeping their left strip (cost, name) in sight;
  a covered card shows its power again in a chip.
* Decisions (:class:`ArcDecisionPanel`): ``mulligan`` (ARC-R3) Keep / Mulligan;
  ``blockers`` (ARC-R5) click one of your untapped characters, then the attacker it
  should block (a line joins them), clicking a blocker again takes it back, "Confirm
  blocks" proposes ``decide(choice=["B>A", ...])``; ``combat_card`` (ARC-R5) drag a
  combat card onto your combat zone or onto a combatant, or Pass.
* Attack: in the attack phase click your untapped characters (they are selected),
  then **Attack** (key A).
* Resource rows and paying by clicking (ARC-R4, ARC-H8):
  :mod:`tabletop.ui.games.arc_resources` (square cells, untapped counts per colour,
  the clicked resources sent as the payment of the next card dropped).
* Marks: each attacker against its blockers with the power comparison, from the
  public combat record (``arc.data.current_combat``) plus the defender's unconfirmed
  assignment.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, Zone
from tabletop.layout.arrange import ROW_GAP_MM
from tabletop.ui.card_face_effects import carried_ids
from tabletop.ui.card_render import CardRenderer, FontSource
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.games import GameUI, ZoneCards, layout_cards, pack_row
from tabletop.ui.games.arc_cards import COLOURS, ArcCardRenderer
from tabletop.ui.games.arc_resources import PaymentPicks, draw_resource_rows, resource_places
from tabletop.ui.panels import plain_counts

if TYPE_CHECKING:
    from tabletop.core.cards import CardDef
    from tabletop.core.engine import Game
    from tabletop.core.view import CardView, TableView
    from tabletop.ui.context import TableContext

__all__ = ["ROW_MIN_SCALE", "ArcDecisionPanel", "ArcUI", "Clash", "UI", "clashes",
           "explain_card", "power_corner"]

#: A crowded character row shrinks its cards down to this share of their size before
#: they overlap (at 0.7 eight turned cards fit side by side).
ROW_MIN_SCALE = 0.7
BLOCK_LINE = (255, 140, 60)
PICKED = (90, 210, 255)


# ---------------------------------------------------------------------- power corner


def power_corner(rect: pygame.Rect) -> pygame.Rect:
    """The bottom-right corner of an upright card's face (window pixels) where the face
    draws the power disc (:mod:`tabletop.ui.games.arc_cards`), taken generously so a
    chip's backing that covers it hides every part of the disc."""
    w, h = round(rect.w * 0.42), round(rect.h * 0.32)
    return pygame.Rect(rect.right - w, rect.bottom - h, w, h)


# ---------------------------------------------------------------------- preview words


def explain_card(card: Any, tapped: bool = False, power: int | None = None,
                 statuses: Sequence[str] = ()) -> list[str]:
    """Plain-words lines explaining a card's numbers (for the hover preview); ``power``:
    a character's power now, when an effect in force changed it (the explanation
    reads the number that counts, QA15 #2); ``statuses``: lines of the lasting
    effects on it ("Cannot block now: ...")."""
    lines: list[str] = []
    colour = card.get("colour")
    colour_name = t(f"colour.{colour}") if colour else ""
    if card.type == "resource":
        lines.append(t("preview.explain_resource", colour=colour_name))
    else:
        cost = int(card.get("cost") or 0)
        if cost:
            lines.append(t("preview.explain_cost", n=cost, colour=colour_name))
        else:
            lines.append(t("preview.explain_cost_zero"))
    if card.type == "character" and card.get("power") is not None:
        n = power if power is not None else card.get("power")
        # power 0 beats nobody and mills nothing ("below 0" read as nonsense, QA15b #4)
        lines.append(t("preview.explain_power_zero") if n == 0 else
                     t("preview.explain_power", n=n))
    if card.type == "combat" and card.get("amount") is not None:
        key = "preview.explain_weaken" if card.get("effect") == "weaken" else \
            "preview.explain_pump"
        lines.append(t(key, n=card.get("amount")))
    if card.get("unique"):
        lines.append(t("preview.explain_unique"))
    align = card.get("alignment")
    if align in ("good", "evil"):
        lines.append(t(f"preview.explain_{align}"))
    if tapped:
        lines.append(t("preview.explain_tapped"))
    return lines + list(statuses)


# ---------------------------------------------------------------------- combat


@dataclass(frozen=True)
class Clash:
    """One attacker against its blockers: powers as they stand now."""

    attacker: int
    attacker_power: int
    blockers: tuple[int, ...]
    blockers_power: int


def _power(game: Game, iid: int) -> int:
    from tabletop.games.arc.combat import power  # the rules' own number (ARC-H3)

    return power(game.state, game.rules.cards, iid)


def clashes(game: Game, extra_blocks: dict[int, int] | None = None) -> list[Clash]:
    """The current combat as attacker-versus-blockers, or [] outside a combat.

    ``extra_blocks`` (blocker -> attacker) adds the defender's unconfirmed picks.
    """
    from tabletop.games.arc.data import current_combat

    data = current_combat(game.state)
    if data is None:
        return []
    pairs = list(data.blocks)
    pairs += list((extra_blocks or {}).items())
    out = []
    for a in data.attackers:
        if a not in game.state.cards:
            continue
        blockers = tuple(b for b, x in pairs if x == a and b in game.state.cards)
        out.append(Clash(a, _power(game, a), blockers, sum(_power(game, b) for b in blockers)))
    return out


# ---------------------------------------------------------------------- decisions


class ArcDecisionPanel(DecisionPanel):
    """Mulligan, blockers (click blocker, then attacker) and combat card decisions."""

    def __init__(self) -> None:
        super().__init__()
        #: Blockers chosen so far (blocker iid -> attacker iid), not yet confirmed.
        self.assign: dict[int, int] = {}
        #: The blocker clicked, waiting for an attacker.
        self.picked: int | None = None

    def forget(self) -> None:
        """Drop the unconfirmed blocker picks."""
        self.assign.clear()
        self.picked = None

    def blockers(self) -> set[int]:
        """Instance ids that may block (from the decision's options)."""
        if self.kind != "blockers":
            return set()
        return {int(o.split(">")[0]) for o in self.decision.options if ">" in o}  # type: ignore[union-attr]

    def attackers(self) -> set[int]:
        """Instance ids that may be blocked."""
        if self.kind != "blockers":
            return set()
        return {int(o.split(">")[1]) for o in self.decision.options if ">" in o}  # type: ignore[union-attr]

    def click(self, iid: int) -> bool:
        """A card was clicked during the blockers decision; True when it was used."""
        if self.kind != "blockers":
            return False
        if iid in self.blockers():
            if iid in self.assign:  # take it back
                del self.assign[iid]
                self.picked = None
            else:
                self.picked = None if self.picked == iid else iid
            return True
        if iid in self.attackers() and self.picked is not None:
            self.assign[self.picked] = iid
            self.picked = None
            return True
        return False

    def action_for(self, command: str, seat: int) -> Action | None:
        """The action a decision button proposes (Clear blocks proposes none)."""
        if command in ("keep", "mulligan", "pass"):
            return Action.make("decide", seat, choice=[command])
        if command == "confirm_blocks":
            choice = [f"{b}>{a}" for b, a in sorted(self.assign.items())]
            return Action.make("decide", seat, choice=choice)
        if command == "clear_blocks":
            self.forget()
        return None

    def commands(self) -> tuple[str, ...]:
        """The buttons of the current decision."""
        if self.kind == "mulligan":
            return tuple(o for o in ("keep", "mulligan") if o in self.decision.options)  # type: ignore[union-attr]
        if self.kind == "blockers":
            return ("confirm_blocks", "clear_blocks")
        if self.kind == "combat_card":
            return ("pass",)
        return ()

    def prompt_text(self, lang: str) -> str:
        """The prompt: the rules' own words plus how to answer in the window."""
        head = super().prompt_text(lang)
        how = {"blockers": "prompt.blockers",
               "combat_card": "prompt.combat_card"}.get(self.kind)
        return f"{head}\n{t(how)}" if how else head


# ---------------------------------------------------------------------- the plugin


class ArcUI(GameUI):
    """The window of Arc System."""

    upright = True
    turn_commands = ("next_phase", "end_turn")
    commands = ("attack",)
    keys = {pygame.K_a: "attack"}
    key_hints = {"attack": "A"}

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        #: The viewer's resources clicked to pay for the next card (ARC-R4).
        self.picks = PaymentPicks()
        #: Where each covered card of the viewer's hand shows its name on its strip
        #: (window pixels), as last drawn (:meth:`_draw_spine`).
        self.spines: dict[int, pygame.Rect] = {}
        #: The table last refreshed (the hover's numbers now are read from it).
        self.scene: TableContext | None = None
        #: Where each card's status badges were drawn last (window pixels, QA15 #2).
        self.badges: dict[int, list[pygame.Rect]] = {}

    # -- set-up
    def make_renderer(self, fonts: FontSource) -> CardRenderer:
        """Arc's faces (:mod:`tabletop.ui.games.arc_cards`)."""
        return ArcCardRenderer(fonts, self.rules.cards)

    def make_decisions(self) -> DecisionPanel:
        """Mulligan, blockers and combat card panels."""
        return ArcDecisionPanel()

    # -- arrangement
    def arrange(self, scene: TableContext, zone: Zone, cards: Sequence[CardView]) -> ZoneCards:
        """Rows holding tapped cards, and crowded character rows, are packed so a turned
        card never covers its neighbours' faces; resource rows in square cells
        (:func:`~tabletop.ui.games.arc_resources.resource_places`); the rest as the
        layout says."""
        if zone.kind == "resource":
            return resource_places(zone, cards, scene.viewport.flipped)
        lined = zone.arrangement in ("row", "fan")
        crowded = (zone.kind == "play" and zone.arrangement == "row" and len(cards) > 1
                   and len(cards) * (CARD_SIZE[0] + ROW_GAP_MM) - ROW_GAP_MM
                   > zone.width_mm)
        if not (lined and (crowded or any(c.tapped for c in cards))):
            return layout_cards(scene, zone, cards)
        # Seat 1 sees the table turned round: lay each row out mirrored so that, on
        # screen too, the first card is on the left and every card covers only the
        # right part of the one before (names and costs stay in sight).
        mirror = scene.viewport.flipped
        tapped = [c.tapped for c in cards]
        places, overlap = pack_row(zone, tapped[::-1] if mirror else tapped,
                                   ROW_MIN_SCALE if zone.kind == "play" else 1.0)
        if mirror:
            places = places[::-1]
        return ZoneCards([Placed(str(c.iid), p.center, p.size,
                                 90.0 if c.tapped else p.rotation_deg)
                          for c, p in zip(cards, places, strict=True)], overlap)

    # -- input
    def can_pick_up(self, scene: TableContext, iid: int) -> bool:
        """Own face-up cards in the hand, the character row and the resource row (a
        resource is only clicked, to pick it for a payment; dragged, it stays)."""
        seat = scene.viewer
        return super().can_pick_up(scene, iid) \
            and scene.by_iid[iid].zone in (f"p{seat}.hand", f"p{seat}.characters",
                                           f"p{seat}.resources")

    def drop_target_cards(self, scene: TableContext, iid: int) -> Iterable[int]:
        """Combatants and combat cards (a combat card onto a fighting character)."""
        return [s.iid for s in scene.sprites
                if s.zone.endswith((".characters", ".combat")) and s.iid != iid]

    def can_select(self, scene: TableContext, iid: int) -> bool:
        """Attackers: the viewer's untapped characters in the attack phase."""
        state = scene.game.state
        seat = scene.viewer
        from tabletop.games.arc.zones import is_character

        # a card without power that free mode put in the row is no character (ARC-R5)
        return (state.phase == "attack" and state.step == "" and state.pending is None
                and state.active == seat and not state.game_over
                and is_character(state, self.rules.cards, iid, seat)
                and not state.cards[iid].tapped)

    def _own_resource(self, scene: TableContext, iid: int) -> bool:
        state = scene.game.state
        return iid in state.cards and state.zone_of(iid) == f"p{scene.viewer}.resources"

    def _may_pay(self, scene: TableContext) -> bool:
        state = scene.game.state
        return not state.game_over and scene.rules.acting_seat(state) == scene.viewer

    def click_card(self, scene: TableContext, iid: int) -> bool | None:
        """A click on one of the viewer's untapped resources, when the viewer acts,
        picks it to pay for the next card (or puts it back, ARC-R4); other clicks as
        usual (attackers). False when the click did nothing (the table says why)."""
        if self._own_resource(scene, iid):
            if scene.game.state.cards[iid].tapped or not self._may_pay(scene):
                return False
            self.picks.toggle(iid)
            return True
        return super().click_card(scene, iid)

    def click_refusal(self, scene: TableContext, iid: int) -> Verdict | None:
        """Why a click on one of the viewer's resources did nothing: it is tapped, or
        resources are picked only by the player about to pay (ARC-R4); why one of the
        viewer's tapped characters cannot be chosen as a blocker, and which card's
        effect stops a block (ARC-R5)."""
        real = scene.game.resolve(iid)
        state = scene.game.state
        if self._own_resource(scene, real):
            name = i18n.msg(f"card.{state.cards[real].card_id}")
            if state.cards[real].tapped:
                return Verdict.refuse("arc.resource_tapped", "ARC-R4", card=name)
            return Verdict.refuse("arc.pick_when_acting", "ARC-R4")
        if scene.decisions.kind == "blockers" and real in state.cards \
                and state.zone_of(real) == f"p{scene.viewer}.characters" \
                and state.cards[real].tapped:
            name = i18n.msg(f"card.{state.cards[real].card_id}")
            return Verdict.refuse("arc.blocker_tapped", "ARC-R5", card=name)
        refusal = self._block_refusal(scene, real)
        return refusal if refusal is not None else super().click_refusal(scene, iid)

    def _block_refusal(self, scene: TableContext, real: int) -> Verdict | None:
        """In the viewer's blockers decision: why a character of the viewer's row that
        an effect stops blocking, or an attacker that cannot be blocked by the picked
        blocker, is not a choice, naming the card whose effect it is and how long
        (ARC-R5, QA15b #2); None for any other card."""
        from tabletop.games.arc.causes import blocker_refusal, unblockable_refusal

        decisions = scene.decisions
        state = scene.game.state
        if not isinstance(decisions, ArcDecisionPanel) or decisions.kind != "blockers" \
                or real not in state.cards \
                or state.pending is None or state.pending.seat != scene.viewer:
            return None
        db = self.rules.cards
        if state.zone_of(real) == f"p{scene.viewer}.characters":
            return None if real in decisions.blockers() else blocker_refusal(state, db, real)
        picked = decisions.picked
        if picked is not None and state.zone_of(real).endswith(".characters"):
            return unblockable_refusal(state, db, real, picked)
        return None

    def drop_action(self, scene: TableContext, action: Action) -> Action:
        """A card dropped to be played (or a combat card answered) is paid with the
        picked resources, when there are any (``payment``, ARC-R4); else the rules
        choose (ARC-H8)."""
        return self.picks.apply(action)

    def refresh(self, scene: TableContext) -> None:
        """Picks that were paid with (now tapped) or left the row are dropped."""
        self.scene = scene
        self.picks.prune(scene)

    def forget_private(self, scene: TableContext) -> None:
        """The picks belong to the leaving seat."""
        self.picks.clear()

    def command_action(self, scene: TableContext, command: str) -> Action | None:
        """Attack with the selected characters (none selected: disabled)."""
        if command == "attack" and scene.selected:
            return Action.make("attack", scene.viewer, attackers=sorted(scene.selected))
        return None

    def run_command(self, scene: TableContext, command: str) -> bool:
        """Attack: explain when nothing is selected; keep the selection if refused."""
        if command != "attack":
            return False
        if not scene.selected:
            scene.toast.show(i18n.msg("prompt.select_attackers"), "prompt.select_attackers",
                             "ARC-R5")
            return True
        action = self.command_action(scene, command)
        chosen = list(scene.selected)
        scene.selected.clear()
        if action is not None and not scene.propose(action).ok:
            scene.selected = chosen
        return True

    # -- drawing
    def explain(self, card: CardDef, view: CardView) -> list[str]:
        """Cost, power (the power now, when an effect changed it), combat bonus,
        uniqueness, alignment, tapped, and the lasting statuses on it."""
        scene = self.scene
        if scene is None or view.hidden:
            return explain_card(card, view.tapped)
        state = self.shown_state(scene)
        iid = scene.game.resolve(view.iid)
        if iid not in state.cards:
            return explain_card(card, view.tapped)
        from tabletop.ui.games.arc_hover import counter_lines, power_now_line

        now = scene.rules.derived(state, iid).get("power")
        lines = explain_card(card, view.tapped, now, status_lines(state, self.rules.cards, iid))
        said = power_now_line(state, self.rules.cards, iid)
        return ([said] if said else []) + lines + counter_lines(scene, view)

    def statuses(self, scene: TableContext, iid: int) -> list[str]:
        """The badge words of the lasting statuses on card ``iid`` (the face and the
        large view, :mod:`tabletop.ui.card_face_effects`)."""
        state = self.shown_state(scene)
        real = scene.game.resolve(iid)
        return [t(f"faceeffects.badge.arc.{word}")
                for word, _ in status_words(state, self.rules.cards, real)]

    def number_changes(self, scene: TableContext, iid: int) -> dict[str, int]:
        """``{"power": n}``: the net change the effects in force make to the power of
        card ``iid`` (a view id) before ARC-H3 stops it at 0, so that a weakening to the
        printed number shows as lowered (QA15b #4); {} when nothing changes it."""
        from tabletop.games.arc.causes import power_causes

        state = self.shown_state(scene)
        real = scene.game.resolve(iid)
        if real not in state.cards or not state.zone_of(real).endswith(".characters"):
            return {}
        delta = sum(c.delta for c in power_causes(state, self.rules.cards, real))
        return {"power": delta} if delta else {}

    def counts_line(self, view: TableView, seat: int) -> str:
        """Deck (it is the seat's life, ARC-R1) and hand."""
        return plain_counts(view, seat, "table.counts")

    def draw_on_cards(self, scene: TableContext, surface: pygame.Surface) -> None:
        """On a card whose right part is covered, its power again in the strip left in
        sight; the resource rows' counts, tapped marks and picks
        (:func:`~tabletop.ui.games.arc_resources.draw_resource_rows`)."""
        draw_resource_rows(scene, surface, self.picks)
        renderer = scene.renderer
        if not isinstance(renderer, ArcCardRenderer):
            return
        self.spines = {}
        self._draw_effects(scene, surface)
        hand = f"p{scene.viewer}.hand"
        away = carried_ids(scene)
        for sprite in scene.sprites:
            if not sprite.covered or sprite.card.card_id is None or not sprite.drawn \
                    or sprite.iid in away:
                continue
            chip_at = self.chip_rect(sprite)
            if sprite.zone == hand and not sprite.card.tapped and chip_at is not None:
                self._draw_spine(scene, surface, sprite, chip_at)
            chip = None if chip_at is None else renderer.power_chip(
                sprite.card.card_id, chip_at.w, self._power_now(scene, sprite))
            if chip_at is None or chip is None:
                continue
            backing = self.chip_backing(sprite)
            if backing is not None:
                card = self.rules.cards.get(sprite.card.card_id)
                frame = COLOURS.get(card.get("colour") if card is not None else None,
                                    COLOURS[None])
                pygame.draw.rect(surface, frame, backing,
                                 border_radius=max(2, backing.h // 5))
            surface.blit(chip, chip_at.topleft)

    def _power_now(self, scene: TableContext, sprite: Any) -> int | None:
        """The power now of a card in a character row (None elsewhere)."""
        if not sprite.zone.endswith(".characters") or sprite.card.hidden:
            return None
        state = self.shown_state(scene)
        iid = scene.game.resolve(sprite.iid)
        return scene.rules.derived(state, iid).get("power") if iid in state.cards else None

    def _draw_effects(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Over each character in play: its power now where an effect changed it, and
        a badge for each lasting status on it (QA15 #2)."""
        from tabletop.ui.card_face_effects import draw_badges, draw_changed_numbers

        self.badges = {}
        away = carried_ids(scene)
        for sprite in scene.sprites:
            if not sprite.zone.endswith(".characters") or sprite.card.card_id is None \
                    or not sprite.drawn or sprite.iid in away:
                continue
            now = self._power_now(scene, sprite)
            if now is not None and not sprite.covered:  # a covered one shows its chip
                draw_changed_numbers(scene.renderer, surface, sprite.rect,
                                     sprite.card.card_id, {"power": now}, sprite.turn,
                                     moved=self.number_changes(scene, sprite.iid))
            words = self.statuses(scene, sprite.iid)
            if words:
                rect = sprite.rect
                if sprite.covered:
                    rect = pygame.Rect(rect.x, rect.y, min(rect.w, sprite.visible_w), rect.h)
                # off the face's own text where it has room (QA15b #3, #10)
                self.badges[sprite.iid] = draw_badges(
                    scene.renderer, surface, rect, words, self.chip_rect(sprite),
                    None if sprite.covered or sprite.turn else sprite.card.card_id)

    def _draw_spine(self, scene: TableContext, surface: pygame.Surface, sprite: Any,
                    chip_at: pygame.Rect) -> None:
        """A covered card of the viewer's hand: its visible strip redrawn with the whole
        name running up it (QA2 #6: "Ember Hil", "Spr War"), above its power chip."""
        renderer = scene.renderer
        assert isinstance(renderer, ArcCardRenderer)
        rect = sprite.rect
        strip_w = min(rect.w, sprite.visible_w)
        if strip_w <= 0:
            return
        pad = max(2, rect.w // 24)
        # above the chip and above the patch drawn under it (QA15 #12: the patch hid
        # "Caller" of Storm Caller)
        backing = self.chip_backing(sprite)
        top = chip_at.y if backing is None else min(chip_at.y, backing.y)
        name_bottom = top - rect.y - pad if self._has_power(sprite) else rect.h
        surf, ink = renderer.spine(sprite.card.card_id, rect.w, rect.h, strip_w, name_bottom,
                                   scene.lang)
        surface.blit(surf, rect.topleft)
        if ink is not None:
            self.spines[sprite.iid] = ink.move(rect.topleft)

    def _has_power(self, sprite: Any) -> bool:
        from tabletop.ui.games.arc_cards import power_label

        card = self.rules.cards.get(sprite.card.card_id)
        return card is not None and bool(power_label(card))

    @staticmethod
    def chip_rect(sprite: Any) -> pygame.Rect | None:
        """Where a covered card's power chip goes: at the right end of the strip its
        neighbour leaves in sight, level with the card's own power (bottom right upright,
        top right turned). None for a card not covered."""
        if not sprite.covered:
            return None
        rect = sprite.rect
        d = max(12, round(min(rect.w, rect.h) * 0.24))
        pad = max(2, d // 6)
        x = rect.x + max(pad, min(rect.w, sprite.visible_w) - d - pad)
        y = rect.y + pad if sprite.card.tapped else power_corner(rect).centery - d // 2
        return pygame.Rect(x, y, d, d)

    @classmethod
    def chip_backing(cls, sprite: Any) -> pygame.Rect | None:
        """The patch drawn under the chip of an upright covered card so that the part of
        the card's own power disc left in sight is hidden (its power shows once, not
        "33"); None when no part of that corner is in sight."""
        chip = cls.chip_rect(sprite)
        if chip is None or sprite.card.tapped:
            return None
        rect = sprite.rect
        strip = pygame.Rect(rect.x, rect.y, min(rect.w, sprite.visible_w), rect.h)
        seen = power_corner(rect).clip(strip)
        if seen.w <= 0:
            return None
        left = min(seen.x, chip.x) - 1
        top = min(seen.y, chip.y) - 1
        bottom = max(seen.bottom, chip.bottom) + 1
        return pygame.Rect(left, top, strip.right - left, bottom - top).clip(rect)

    def draw_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """The picked blocker, blocks (lines) and each combat's power comparison."""
        thick = max(2, round(3 * scene.scale))
        decisions = scene.decisions
        assign = getattr(decisions, "assign", {})
        picked = getattr(decisions, "picked", None)
        if picked is not None:
            rect = scene.card_rect(picked)
            if rect is not None:
                pygame.draw.rect(surface, PICKED, rect.inflate(6, 6), thick, border_radius=6)
        for clash in clashes(scene.game, assign):
            a_rect = scene.card_rect(clash.attacker)
            if a_rect is None:
                continue
            pygame.draw.rect(surface, (230, 80, 60), a_rect.inflate(6, 6), thick,
                             border_radius=6)
            for b in clash.blockers:
                b_rect = scene.card_rect(b)
                if b_rect is not None:
                    pygame.draw.line(surface, BLOCK_LINE, b_rect.center, a_rect.center,
                                     max(3, round(5 * scene.scale)))
                    pygame.draw.circle(surface, BLOCK_LINE, a_rect.center,
                                       round(7 * scene.scale))
                    pygame.draw.circle(surface, BLOCK_LINE, b_rect.center,
                                       round(5 * scene.scale))
            self._draw_clash_label(scene, surface, clash, a_rect)

    @staticmethod
    def _draw_clash_label(scene: TableContext, surface: pygame.Surface, clash: Clash,
                          rect: pygame.Rect) -> None:
        if clash.blockers:
            text = t("table.clash", attacker=clash.attacker_power, blockers=clash.blockers_power)
            a, b = clash.attacker_power, clash.blockers_power
            colour = (60, 150, 80) if a > b else (170, 60, 50) if a < b else (190, 140, 40)
        else:
            text = t("table.unblocked", n=clash.attacker_power)
            colour = (60, 110, 170)
        label = scene.text.get(text, max(12, round(15 * scene.scale)), (255, 255, 255), True)
        box = label.get_rect(center=(rect.centerx, rect.bottom - round(14 * scene.scale)))
        box = box.inflate(12, 4)
        pygame.draw.rect(surface, colour, box, border_radius=8)
        pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))


#: The lasting effects shown on a character's face and in its hover (QA15 #2).
STATUS_WORDS = ("cannot_block", "unblockable")


def status_words(state: Any, db: Any, iid: int) -> list[tuple[str, Any]]:
    """The lasting statuses in force on ``iid``: (word, the Active record, or None for a
    static ability in play), in :data:`STATUS_WORDS` order."""
    from tabletop.games.arc.abilities import static_uses
    from tabletop.games.arc.data import arc_data

    if iid not in state.cards:
        return []
    found: list[tuple[str, Any]] = []
    statics = [(use.word, targets) for use, targets in static_uses(state, db)]
    for word in STATUS_WORDS:
        active = next((a for a in arc_data(state).actives
                       if a.effect.word == word and iid in a.targets), None)
        if active is not None:
            found.append((word, active))
        elif any(w == word and iid in targets for w, targets in statics):
            found.append((word, None))
    return found


def status_lines(state: Any, db: Any, iid: int) -> list[str]:
    """The hover's line for each status in force on ``iid``: what it forbids, whose
    effect it is and how long it lasts."""
    from tabletop.core.abilities import Duration

    lines = []
    for word, active in status_words(state, db, iid):
        status = t(f"faceeffects.status.arc.{word}")
        if active is None or active.source not in state.cards:
            lines.append(t("faceeffects.status_static", status=status))
            continue
        lasting = active.lasting
        how_long = "" if lasting.duration is Duration.INSTANT else (
            t(f"ability.turns.{lasting.counted}", n=active.left)
            if lasting.duration is Duration.TURNS else t(f"ability.lasting.{lasting.duration}"))
        card = t(f"card.{state.cards[active.source].card_id}")
        lines.append(t("faceeffects.status_from", status=status, card=card,
                       how_long=how_long))
    return lines


#: The plugin class this module provides (found by :func:`tabletop.ui.games.load_game_ui`).
UI = ArcUI
