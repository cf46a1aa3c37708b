"""Xenocard's window plugin: slots, attached weapons, marks, decisions, battle playback.

* Faces: :class:`~tabletop.ui.games.xenocard_cards.XenoCardRenderer`; every card reads
  upright for the viewer (``upright``), the opponent's too.
* Where cards lie: cards in the standby area, battle field and situation area sit
  on their own slot (``rules.cell_contents``), not in list order; an equipped weapon
  is drawn as a tag over its holder's attribute row, clear of the name, the attack
  type and the ATK / HP band (XENO-R7, :func:`.xenocard_readable.weapon_tag_span`);
  hands and decks as the layout says, a Trash / Dump card at its zone's left end (the
  count beside its band); the mirrored play zones named per seat for the viewer.
* Drops: the layout's cell keys ``"cell:p0.standby/s2"`` reach the rules as cell ids
  ``"p0.standby/s2"`` (:meth:`XenoUI.drop_zone_id`); the rules decide what lights up
  and explain every refusal.
* Marks on cards (from the viewer's view: counters are public on public cards):
  the E mark (set this turn, XENO-R6), damage against HP, the ATK / HP in force when
  a weapon, an event or a situation changes them, and a situation's turns left.
  Trash, dump and deck (life) carry their names even when cards cover the label.
* Decisions (:class:`XenoDecisionPanel`): mulligan Keep / Mulligan (XENO-R2);
  block (XENO-H9): drag a usable event onto its target (they are framed) or Pass;
  adjust (XENO-R8): click the cards to discard, then Discard.
* Battle: after the action that ends the block phase the battle is played back
  attack by attack (:mod:`.xenocard_battle`) to the seat that views next, after
  the hand-over cover; click or Space shows the next attack (between two persons
  each attack waits for it; with the computer at the table it goes on by itself at
  the computer's pace), Esc skips; the coach panel tells the attack shown, and Next
  phase shows the next attack until the battle has been shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core.actions import Action
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, Layout, Zone
from tabletop.layout.model import CELL_KEY_PREFIX
from tabletop.ui.card_face_effects import carried_ids
from tabletop.ui.card_render import CardRenderer, FontSource, clear_of_text
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.games import GameUI, ZoneCards, layout_cards, pack_row
from tabletop.ui.games.xenocard_battle import STEP_SECONDS, Playback
from tabletop.ui.games.xenocard_cards import XenoCardRenderer
from tabletop.ui.games.xenocard_readable import (
    ZoneName,
    chip_lines,
    draw_zone_names,
    middle_of,
    pile_place,
    pile_tag_box,
    unlabelled,
    weapon_tag_span,
)
from tabletop.ui.panels import no_explanation
from tabletop.ui.theme import text_floor

if TYPE_CHECKING:
    from tabletop.core.cards import CardDef
    from tabletop.core.coach import CoachLine
    from tabletop.core.view import CardView, TableView
    from tabletop.ui.context import TableContext
    from tabletop.ui.sprite import Sprite

__all__ = ["UI", "WEAPON_TAG", "XenoDecisionPanel", "XenoUI", "explain_card"]

#: An equipped weapon is drawn as a tag this size (mm) over its holder (XENO-R7)...
WEAPON_TAG = (CARD_SIZE[0] + 4.0, 18.0)
#: ...its centre this far above the holder's bottom edge where the face's rows are not
#: known (another renderer); a Xenocard face puts it over the attribute row
#: (:func:`.xenocard_readable.weapon_tag_span`, QA: above the band it covered the HP).
#: The attack type and ATK in force are drawn in yellow over the printed ones
#: (:meth:`XenoUI.draw_on_cards`).
WEAPON_TAG_FROM_BOTTOM = 29.0
SLOT_KINDS = ("standby", "field", "situations")
#: Hand cards fill their row's height but this much (mm), a few mm apart (issue 10).
HAND_MARGIN_MM = 4.0
HAND_GAP_MM = 4.0
E_COLOUR = (40, 120, 220)
DAMAGE_COLOUR = (200, 40, 30)
BOOST_COLOUR = (250, 214, 80)
USABLE = (120, 230, 140)
CHOSEN = (255, 120, 90)


def _kind(zone_id: str) -> str:
    return zone_id.partition(".")[2]


# ---------------------------------------------------------------------- preview words


def explain_card(card: Any, counters: dict[str, int]) -> list[str]:
    """Plain-words lines for the hover preview: numbers, cost, condition, links."""
    lines: list[str] = []
    kind = card.type
    cost = int(card.get("cost") or 0)
    lines.append(t("xenoui.explain.cost", n=cost) if cost else t("xenoui.explain.cost_zero"))
    condition = list(card.get("condition") or [])
    if condition:
        names = ", ".join(t(f"attribute.xenocard.{a}") for a in condition)
        lines.append(t("xenoui.explain.condition", needs=names))
    if kind == "battle":
        lines.append(t("xenoui.explain.battle", attribute=t(
            f"attribute.xenocard.{card.get('attribute')}"), atk=card.get("atk"),
            hp=card.get("hp"), attack=t(f"attack.xenocard.{card.get('attack')}")))
    elif kind == "weapon":
        lines.append(t("xenoui.explain.weapon", atk=card.get("atk"),
                       attack=t(f"attack.xenocard.{card.get('attack')}")))
    elif kind == "situation":
        counted = card.get("counted") or "own"
        lines.append(t("xenoui.explain.situation_permanent") if not card.get("duration")
                     else t("xenoui.explain.situation", n=card.get("duration"))
                     if counted == "own"
                     else t(f"xenoui.explain.situation_{counted}", n=card.get("duration")))
    elif kind == "event":
        lines.append(t(f"xenoui.explain.timing_{card.get('timing')}"))
    if kind in ("battle", "weapon"):
        lines.append(t(f"xenoui.explain.attack_{card.get('attack')}"))
    if card.get("upgrade_of"):
        lines.append(t("xenoui.explain.level_up", card=t(f"card.{card.get('upgrade_of')}")))
    if card.get("unique"):
        lines.append(t("xenoui.explain.unique"))
    if card.get("unlimited"):
        lines.append(t("xenoui.explain.unlimited"))
    if counters.get("e_mark"):
        lines.append(t("xenoui.explain.e_mark"))
    if counters.get("damage"):
        lines.append(t("xenoui.explain.damage", n=counters["damage"]))
    if kind == "situation" and counters.get("turns"):
        lines.append(t("xenoui.explain.turns_left", n=counters["turns"]))
    return [ln for ln in lines if ln]


# ---------------------------------------------------------------------- decisions


class XenoDecisionPanel(DecisionPanel):
    """Mulligan, block-phase events and adjust discards."""

    def __init__(self) -> None:
        super().__init__()
        #: Hand cards picked for the adjust discard, not yet confirmed.
        self.chosen: list[int] = []

    def forget(self) -> None:
        """Drop the unconfirmed discards."""
        self.chosen = []

    def usable_events(self) -> set[int]:
        """Hand events the block decision offers (framed in the hand)."""
        if self.kind not in ("block", "counter") or self.decision is None:
            return set()
        return {int(o.partition("@")[0]) for o in self.decision.options if o[:1].isdigit()}

    def click(self, iid: int) -> bool:
        """Adjust: a click on a hand card picks it for discarding (again: takes it back)."""
        if self.kind != "adjust" or self.decision is None:
            return False
        if str(iid) not in self.decision.options:
            return False
        if iid in self.chosen:
            self.chosen.remove(iid)
        elif len(self.chosen) < self.decision.max_count:
            self.chosen.append(iid)
        self._built_for = None  # the Discard button shows the count
        return True

    def commands(self) -> tuple[str, ...]:
        """The buttons of the current decision."""
        if self.kind == "mulligan":
            return tuple(o for o in ("keep", "mulligan")
                         if self.decision is not None and o in self.decision.options)
        if self.kind in ("block", "counter"):
            return ("pass",)
        if self.kind == "adjust":
            return ("discard",)
        return super().commands()

    def label(self, command: str) -> str:
        """Button texts from the Xenocard window catalogue."""
        if command == "discard" and self.decision is not None:
            return t("xenoui.button.discard", n=len(self.chosen), total=self.decision.min_count)
        return t(f"xenoui.button.{command}")

    def action_for(self, command: str, seat: int) -> Action | None:
        """``decide`` with the option, or with the picked discards."""
        if command == "discard":
            return Action.make("decide", seat, choice=[str(i) for i in self.chosen])
        if self.decision is not None and command in self.decision.options:
            return Action.make("decide", seat, choice=[command])
        return None

    def prompt_text(self, lang: str) -> str:
        """The rules' question plus how to answer it in the window."""
        head = super().prompt_text(lang)
        how = {"block": "xenoui.prompt.block", "adjust": "xenoui.prompt.adjust",
               "counter": "xenoui.prompt.counter"}.get(self.kind)
        return f"{head}\n{t(how)}" if how else head


# ---------------------------------------------------------------------- the plugin


class XenoUI(GameUI):
    """The window of Xenocard."""

    upright = True
    turn_commands = ("next_phase",)

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        #: The table scene (set by :meth:`refresh`; :meth:`explain` reads the state).
        self.scene: TableContext | None = None
        #: The battle being shown (None when none is).
        self.playback: Playback | None = None
        #: The last battle record seen ((turn, seat) of ``rules.last_battle``); None
        #: until the table first shows, so an old battle is never played again.
        self._seen: tuple[int, int] | None = None
        #: The zone names drawn last (:func:`.xenocard_readable.draw_zone_names`; tests).
        self.zone_names: list[ZoneName] = []
        #: The table's layout (:meth:`table_layout`), made once from the loaded one.
        self._table_layout: Layout | None = None
        #: Where the pile names (Trash, Dump, Deck) were drawn last, by zone (tests).
        self.pile_tags: dict[str, pygame.Rect] = {}

    # -- set-up
    def make_renderer(self, fonts: FontSource) -> CardRenderer:
        """Xenocard faces (:mod:`tabletop.ui.games.xenocard_cards`)."""
        return XenoCardRenderer(fonts, self.rules.cards)

    def make_decisions(self) -> DecisionPanel:
        """Mulligan, block and adjust panels."""
        return XenoDecisionPanel()

    def table_layout(self, scene: TableContext) -> Layout:
        """The layout with the mirrored play zones' labels emptied: the table names them
        per seat (:meth:`draw_on_cards`, :mod:`.xenocard_readable`); the help's diagrams
        keep :meth:`load_layout`'s names. The same object every time (no rebuild)."""
        if scene.layout is not self._table_layout:
            self._table_layout = unlabelled(scene.layout)
        return self._table_layout

    # -- where cards lie
    def arrange(self, scene: TableContext, zone: Zone, cards: Sequence[CardView]) -> ZoneCards:
        """Slot zones by slot, weapons over their holders, the rest as the layout says.

        Every card lies upright (rotation 0): with ``upright`` the viewer reads them
        all, and the zones' own half turn (seat 1) only says which way they face.
        """
        kind = _kind(zone.id)
        if kind in SLOT_KINDS:
            slots = self.rules.cell_contents(scene.game.state).get(zone.id, [])
            names = zone.cell_names()
            places = []
            for card in cards:
                placed = None
                if card.iid in slots:
                    key = f"{CELL_KEY_PREFIX}{zone.id}/{names[slots.index(card.iid)]}"
                    placed = scene.geometry.index.placed(key)
                centre = placed.center if placed is not None else zone.shape().center
                places.append(Placed(str(card.iid), centre, CARD_SIZE, 0.0))
            return ZoneCards(places)
        if kind == "weapons":
            return ZoneCards([self._weapon_place(scene, zone, c) for c in cards])
        if kind == "hand":
            return self._hand(scene, zone, cards)
        arranged = layout_cards(scene, zone, cards)
        places = [p if not p.rotation_deg else Placed(p.key, p.center, p.size, 0.0)
                  for p in arranged.places]
        if kind in ("trash", "dump"):  # the count keeps off the top card's HP (QA)
            places = [pile_place(p, zone, scene.viewport.flipped) for p in places]
        return ZoneCards(places, arranged.overlapping)

    @staticmethod
    def _hand(scene: TableContext, zone: Zone, cards: Sequence[CardView]) -> ZoneCards:
        """A hand row of cards as tall as the row (less :data:`HAND_MARGIN_MM`; issue
        10: names whole and numbers large), a gap apart while the row has room, then
        shrinking down to a card's size, then overlapping."""
        scale = max(1.0, (zone.height_mm - HAND_MARGIN_MM) / CARD_SIZE[1])
        size = (CARD_SIZE[0] * scale, CARD_SIZE[1] * scale)
        places, overlap = pack_row(zone, [False] * len(cards), min_scale=1.0 / scale,
                                   card_size=size, gap_mm=HAND_GAP_MM)
        if scene.viewport.flipped:  # every card reads upright: first card on the left
            places = places[::-1]
        return ZoneCards([Placed(str(c.iid), p.center, p.size, 0.0)
                          for c, p in zip(cards, places, strict=True)], overlap)

    def _weapon_place(self, scene: TableContext, zone: Zone, card: CardView) -> Placed:
        """A wide tag across the holder, over its attack type (see WEAPON_TAG_FROM_BOTTOM)."""
        from tabletop.games.xenocard.zones import holder_of, slot_of

        state = scene.game.state
        holder = holder_of(state, card.iid)
        w, h = WEAPON_TAG
        if holder is None or holder not in state.cards:
            return Placed(str(card.iid), zone.shape().center, (w, h), 0.0)
        hz = state.zone_of(holder)
        slot = slot_of(state, holder)
        try:
            hc = scene.geometry.index.placed(f"{CELL_KEY_PREFIX}{hz}/{slot}").center
        except (KeyError, LookupError):
            hc = zone.shape().center
        # Screen down is +y in seat 0's view and -y in the turned view.
        sign = -1.0 if scene.viewport.flipped else 1.0
        dy = CARD_SIZE[1] / 2 - WEAPON_TAG_FROM_BOTTOM
        renderer, scale = scene.renderer, scene.viewport.scale
        if isinstance(renderer, XenoCardRenderer) and scale > 0:
            # never over the attack-type row, however big the face's text is drawn
            # over the attribute row: never the attack type nor the ATK / HP band (QA)
            mid, tall = weapon_tag_span(renderer, round(CARD_SIZE[0] * scale),
                                        round(CARD_SIZE[1] * scale), state.cards[holder].card_id,
                                        scene.lang, round(h * scale), text_floor(scene.scale))
            dy, h = mid / scale, tall / scale
        return Placed(str(card.iid), (hc[0], hc[1] + sign * dy), (w, h), 0.0)

    # -- input
    def can_pick_up(self, scene: TableContext, iid: int) -> bool:
        """Own face-up cards in the hand, standby area and battle field (moves)."""
        seat = scene.viewer
        return super().can_pick_up(scene, iid) \
            and scene.by_iid[iid].zone in (f"p{seat}.hand", f"p{seat}.standby", f"p{seat}.field")

    def drop_target_cards(self, scene: TableContext, iid: int) -> list[int]:
        """Battle cards in play (weapons onto holders, level-ups, events onto targets)."""
        return [s.iid for s in scene.sprites
                if s.zone.endswith((".standby", ".field")) and s.iid != iid]

    def drop_zone_id(self, scene: TableContext, key: str) -> str:
        """``"cell:p0.standby/s2"`` -> the rules' cell id ``"p0.standby/s2"``."""
        return key[len(CELL_KEY_PREFIX):] if key.startswith(CELL_KEY_PREFIX) else key

    # -- drawing
    def explain(self, card: CardDef, view: CardView) -> list[str]:
        """The numbers in force for a battle card in play (with its weapon), then the rules
        text, cost, condition, printed numbers, attack type, level-up link, marks."""
        return self._in_force_words(view) + no_explanation(card, view) + \
            explain_card(card, dict(view.counters))

    def _in_force_words(self, view: CardView) -> list[str]:
        """"Now: ATK 2, ballistic, HP 4" and what its weapon lends (XENO-R7, XENO-H3)."""
        from tabletop.games.xenocard import stats
        from tabletop.games.xenocard.zones import weapons_of

        scene = self.scene
        if scene is None:
            return []
        state, db = scene.game.state, self.rules.cards
        iid = view.iid
        if iid not in state.cards or _kind(state.zone_of(iid)) not in ("standby", "field") \
                or db[state.cards[iid].card_id].get("hp") is None:
            return []  # not a battle card (free mode may put anything on a slot)
        power, life = stats.atk(state, db, iid), stats.hp(state, db, iid)
        attack = stats.attack_type(state, db, iid)
        if power is None or life is None or attack is None:
            return []
        lines = [t("xenoui.explain.now", atk=power, hp=life,
                   attack=t(f"attack.xenocard.{attack}"))]
        in_use = stats.weapon_in_use(state, iid)
        for weapon in weapons_of(state, iid):
            name = t(f"card.{state.cards[weapon].card_id}")
            lines.append(t("xenoui.explain.weapon_lends" if weapon == in_use
                           else "xenoui.explain.weapon_waits", weapon=name))
        return lines

    def counts_line(self, view: TableView, seat: int) -> str:
        """Deck (the seat's life), hand, trash and dump."""
        def n(kind: str) -> int:
            return len(view.zones.get(f"p{seat}.{kind}", ()))

        return t("xenoui.counts", player=t(f"seat.{seat}"), deck=n("deck"), hand=n("hand"),
                 trash=n("trash"), dump=n("dump"))

    def draw_on_cards(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Pile names, E marks, damage, ATK / HP in force, situations' turns left."""
        self._pile_names(scene, surface)
        self.zone_names = draw_zone_names(scene, surface)  # whose zone is whose (QA)
        from tabletop.games.xenocard import stats
        from tabletop.games.xenocard.zones import is_battle_card

        state = scene.game.state
        db = self.rules.cards
        small = max(10, round(12 * scene.scale))
        away = carried_ids(scene)  # the carried card's marks go with it, not stay behind
        for sprite in scene.sprites:
            kind = _kind(sprite.zone)
            if kind not in ("standby", "field", "situations", "weapons") or \
                    sprite.card.card_id is None or sprite.iid in away:
                continue
            counters = dict(sprite.card.counters)
            rect = sprite.rect
            if counters.get("e_mark"):  # XENO-R6: set this turn
                if kind == "weapons":
                    self._chip(scene, surface, "E", E_COLOUR, (rect.right + 2, rect.centery),
                               "midright", small)
                else:
                    self._chip(scene, surface, "E", E_COLOUR,
                               self.e_badge_rect(scene, sprite).center, "center", small)
            if counters.get("down"):  # turned down: no attack, no move (XENO-H17)
                self._chip(scene, surface, t("xenoui.down_chip"), (80, 80, 90),
                           (rect.centerx, rect.centery), "center", small)
            if kind == "situations" and counters.get("turns"):
                self._chip(scene, surface, t("xenoui.turns_left", n=counters["turns"]),
                           (30, 110, 60), (rect.centerx, rect.bottom - 2), "midbottom", small)
            if kind not in ("standby", "field") or sprite.iid not in state.cards \
                    or not is_battle_card(db, state, sprite.iid):
                continue  # a card without HP on a slot (free mode) has no numbers in force
            life = stats.hp(state, db, sprite.iid)
            power = stats.atk(state, db, sprite.iid)
            printed = db[sprite.card.card_id]
            damage = int(counters.get("damage", 0))
            if damage:  # inside its card, never over a neighbour (QA)
                self._chip(scene, surface, t("xenoui.damage_chip", n=damage, hp=life),
                           DAMAGE_COLOUR, middle_of(scene.renderer, rect, sprite.card.card_id,
                                                    scene.lang), "center",
                           max(12, round(15 * scene.scale)), width=rect.w - 4)
            weapon = stats.weapon_in_use(state, sprite.iid)
            if life is not None and power is not None and (weapon is not None or (
                    power != printed.number("atk", 0) or life != printed.number("hp", 0))):
                # with a weapon in use always: its ATK is the holder's now (XENO-R7)
                self._in_force(scene, surface, rect, power, life)
            attack = stats.attack_type(state, db, sprite.iid)
            if attack is not None and attack != printed.get("attack") and \
                    isinstance(scene.renderer, XenoCardRenderer):
                scene.renderer.draw_attack_in_force(surface, rect, attack,
                                                    sprite.card.card_id, scene.lang)

    @staticmethod
    def _in_force(scene: TableContext, surface: pygame.Surface, rect: pygame.Rect, power: int,
                  life: int) -> None:
        """ATK / HP in force (weapon, events, situations) over the printed band, in yellow."""
        band = pygame.Rect(rect.x + 2, 0, rect.w - 4, max(14, round(rect.h * 0.2)))
        band.bottom = rect.bottom - 2
        pygame.draw.rect(surface, BOOST_COLOUR, band, border_radius=4)
        pygame.draw.rect(surface, (120, 90, 10), band, 1, border_radius=4)
        big = max(11, round(band.h * 0.7))
        cap = max(8, round(band.h * 0.38))
        ink, muted = (40, 28, 6), (110, 80, 20)
        parts = [(scene.text.get(t("xenoui.atk"), cap, muted, True),
                  scene.text.get(str(power), big, (170, 40, 30), True)),
                 (scene.text.get(t("xenoui.hp"), cap, muted, True),
                  scene.text.get(str(life), big, ink, True))]
        x = band.x + 3
        for caption, number in parts[:1]:
            surface.blit(caption, caption.get_rect(midleft=(x, band.centery)))
            surface.blit(number, number.get_rect(midleft=(x + caption.get_width() + 2,
                                                          band.centery)))
        caption, number = parts[1]
        right = band.right - 3
        surface.blit(number, number.get_rect(midright=(right, band.centery)))
        surface.blit(caption, caption.get_rect(midright=(right - number.get_width() - 2,
                                                         band.centery)))

    def _pile_names(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Trash, dump and deck keep their names above the cards (they look alike)."""
        size = max(10, round(11 * scene.scale))
        for zone in scene.layout.zones:
            kind = _kind(zone.id)
            if kind not in ("trash", "dump", "deck") or not scene.view.zones.get(zone.id):
                continue
            label = scene.text.get(t(f"xenoui.pile.{kind}"), size, (235, 235, 225), True)
            rect = scene.zone_rect(zone.id)
            # bottom left: the count sits bottom right, the top card's name stays in sight
            if kind == "deck":  # a back carries nothing to read: the name on top
                box = label.get_rect(midtop=(rect.centerx, rect.y + 3)).inflate(8, 2)
            else:
                box = label.get_rect(bottomleft=(rect.x + 4, rect.bottom - 3)).inflate(8, 2)
                top = [s for s in scene.sprites if s.zone == zone.id and s.drawn]
                if top:  # up or down, off the top card's texts (it covered its numbers)
                    box = clear_of_text(scene.renderer, top[-1].card.card_id, top[-1].rect,
                                        scene.lang, box, rect, top[-1].turn)
                    if isinstance(scene.renderer, XenoCardRenderer):  # name, ATK, HP seen
                        box = pile_tag_box(scene.renderer, top[-1].card.card_id,
                                           top[-1].rect, scene.lang, box)
            self.pile_tags[zone.id] = pygame.Rect(box)
            pygame.draw.rect(surface, (20, 22, 30), box, border_radius=6)
            surface.blit(label, label.get_rect(center=box.center))

    def e_badge_rect(self, scene: TableContext, sprite: Sprite) -> pygame.Rect:
        """Where the E mark (XENO-R6) of a card on a slot is drawn: at its right edge,
        moved up or down off the face's texts (at a quarter of the height it covered
        the end of the name)."""
        rect = sprite.rect
        box = self._chip_box(scene, "E", max(10, round(12 * scene.scale)), "topright",
                             (rect.right - 1, rect.y + round(rect.h * 0.25)))
        return clear_of_text(scene.renderer, sprite.card.card_id, rect, scene.lang, box,
                             rect.inflate(12, 0), sprite.turn)

    @staticmethod
    def _chip_box(scene: TableContext, text: str, size: int, anchor: str,
                  at: tuple[int, int]) -> pygame.Rect:
        """Where :meth:`_chip` draws ``text`` anchored at ``at``."""
        return scene.text.get(text, size, (255, 255, 255), True).get_rect(
            **{anchor: at}).inflate(8, 2)

    @staticmethod
    def _chip(scene: TableContext, surface: pygame.Surface, text: str,
              colour: tuple[int, int, int], at: tuple[int, int], anchor: str, size: int,
              ink: tuple[int, int, int] = (255, 255, 255), width: int | None = None) -> None:
        """A chip of ``text``; with ``width`` (pixels) it fits that width, shrunk to the
        text floor and then on more lines (:func:`.xenocard_readable.chip_lines`)."""
        lines = [text]
        if width is not None:
            lines, size = chip_lines(scene.app.fonts, text, width - 8, size,
                                     text_floor(scene.scale))
        labels = [scene.text.get(line, size, ink, True) for line in lines]
        high = sum(label.get_height() for label in labels)
        box = pygame.Rect(0, 0, max(label.get_width() for label in labels), high)
        box = box.move_to(**{anchor: at}).inflate(8, 2)
        pygame.draw.rect(surface, colour, box, border_radius=7)
        pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=7)
        y = box.centery - high // 2
        for label in labels:
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height()

    def draw_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Usable block events and chosen discards (deciding seat only), the battle."""
        thick = max(2, round(3 * scene.scale))
        panel = scene.decisions
        if isinstance(panel, XenoDecisionPanel):
            for iid in panel.usable_events():
                rect = scene.card_rect(iid)
                if rect is not None:
                    pygame.draw.rect(surface, USABLE, rect.inflate(6, 6), thick,
                                     border_radius=6)
            for iid in panel.chosen:
                rect = scene.card_rect(iid)
                if rect is not None:
                    pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), thick + 1,
                                     border_radius=6)
        if self.playback is not None and not scene.cover_pending:
            self.playback.draw(scene, surface)

    # -- battle playback
    def refresh(self, scene: TableContext) -> None:
        """Start showing a battle the viewer has not seen yet (never under the cover)."""
        self.scene = scene
        turn, seat, attacks = self.rules.last_battle(scene.game.state)
        key = (turn, seat)
        if self._seen is None:  # the table opens: an earlier battle is not replayed
            self._seen = key
            return
        if key == self._seen or scene.cover_pending:
            return
        self._seen = key
        self.playback = Playback(seat, turn, attacks, auto=self._auto_seconds(scene)) \
            if attacks else None

    @staticmethod
    def _auto_seconds(scene: TableContext) -> float | None:
        """Seconds an attack stays by itself: with the computer at the table (a game
        against it, the demo) :data:`~.xenocard_battle.STEP_SECONDS` at its pace; None
        between two persons (each attack waits for a click or Space)."""
        computer = getattr(scene, "computer", None)
        if computer is None or not getattr(computer, "levels", None):
            return None
        return float(computer.pace.scaled(STEP_SECONDS))

    def playback_coach(self, scene: TableContext) -> CoachLine | None:
        """While a battle is played back, the coach tells the attack on screen."""
        if self.playback is None or scene.cover_pending:
            return None
        return self.playback.coach(scene)

    def run_command(self, scene: TableContext, command: str) -> bool:
        """Next phase waits while a battle is played back (the table already shows the
        state after it): its key or button shows the next attack, as Space does (a box
        saying so lay over the very cards attacked); the phase goes on once every attack
        has been shown."""
        playback = self.playback
        if playback is None or command not in self.turn_commands:
            return False
        playback.step()
        if playback.done:
            self.playback = None
        return True

    def playing(self, scene: TableContext) -> bool:
        """A battle is being played back."""
        return self.playback is not None

    def update(self, scene: TableContext, dt: float) -> None:
        """Advance the playback (it waits while the cover is up, and while the demo is
        paused: the demo's one-step key then shows the next attack)."""
        if self.playback is None or scene.cover_pending:
            return
        computer = getattr(scene, "computer", None)
        if computer is not None and getattr(computer, "paused", False):
            if getattr(computer, "step", False):  # N / Right in the paused demo
                computer.step = False
                self.playback.step()
        else:
            self.playback.update(dt)
        if self.playback.done:
            self.playback = None

    def handle_event(self, scene: TableContext, event: pygame.event.Event
                     ) -> pygame.event.Event | None:
        """During the playback: click / Space / Enter / Right next attack, Esc skip."""
        playback = self.playback
        if playback is None:
            return event
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                playback.skip()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_RIGHT):
                playback.step()
            else:
                return event
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                scene.viewport.contains_px(*event.pos):
            playback.step()
        else:
            return event
        if playback.done:
            self.playback = None
        return None


#: The plugin class this module provides (found by :func:`tabletop.ui.games.load_game_ui`).
UI = XenoUI
