"""Conan's window plugin: battlefield drops onto shapes, hidden Moves, combat played back.

* Table: ``layouts/conan.toml``; the turn player's Conan in the middle of the
  battlefield, the four Foe rows turned about him; Move cards lie at the placed
  shapes the rules store (``battlefield.moves``: centre and rotation), face down
  for the other seat until the reveal (ALL-R2: drawn from the view only).
* Drags the rules answer with shapes (:mod:`~tabletop.ui.games.conan_drag`): a Foe
  from the Foe hand to a row position (``foes.foe_targets``), a Foe's Move against a
  Foe (``battlefield.foe_move_shape``), a Conan/Ally Move beside a Foe's Move or in a
  gap (``moves.legal_targets``). The lit places are the exact shapes; the drop snaps
  to the one the card overlaps most. Dialogs (:mod:`~tabletop.ui.games.conan_dialogs`)
  ask what a drop leaves open: the Minor Foes paying for a Major Foe, the Foe's wound
  warning, which character plays a Move (prowess left and wounds to come shown).
* Decisions: buttons (Survey, Press On, Barbarian, zone order, lone Move, Rest
  healing); hand adjustment by clicking the card to discard; a Chronicle loss in a
  dialog listing the minimal choices.
* Resolution: :mod:`~tabletop.ui.games.conan_playback`, from the beats the rules
  recorded while the action just taken fought (:mod:`tabletop.games.conan.playback`);
  while it plays, the table shows the game as of each beat (``shown_state``: one working
  copy per fight, brought forward by the beats): log lines, chips, piles and the next
  question catch up as the playback reaches them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import foes, legal
from tabletop.games.conan import stats as st
from tabletop.games.conan.data import lone_asking
from tabletop.games.conan.icons import evaluate_side
from tabletop.games.conan.playback import Beat, Fall, Fight, Initiative, ZoneStart, fight
from tabletop.games.conan.rules import KINDS
from tabletop.games.conan.schema import ATTACK_ICONS
from tabletop.games.conan.zones import CONAN_ZONE, FOE_ZONES, MOVES_ZONE, cdef, conan_of
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, Layout, Zone
from tabletop.ui.card_render import CardRenderer, FontSource
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.games import GameUI, ZoneCards, conan_places, layout_cards, pack_row
from tabletop.ui.games import conan_drag as cd
from tabletop.ui.games.conan_cards import (
    ICON_STYLE,
    STAT_COLOUR,
    ConanCardRenderer,
    has_slots,
    stat_discs,
)
from tabletop.ui.games.conan_dialogs import ChoiceDialog
from tabletop.ui.games.conan_field import (
    SNAP_EDGE,
    chip,
    chronicle_line,
    lit_surface,
    outline,
)
from tabletop.ui.games.conan_hand import (
    HAND_MAX_SCALE,
    hand_layout,
    hand_spreads,
    spread_layout,
    spread_places,
    spreads,
)
from tabletop.ui.games.conan_names import NameLabels, side_places
from tabletop.ui.games.conan_playback import Ghost, Playback, Replay, Step, working_copy
from tabletop.ui.games.conan_preview import DragPreview
from tabletop.ui.games.conan_zone_labels import BADGED_KINDS, badged_label
from tabletop.ui.lit_layer import LitPatches
from tabletop.ui.panels import render_message

if TYPE_CHECKING:
    from tabletop.core.cards import CardDef
    from tabletop.core.view import CardView, TableView
    from tabletop.ui.context import TableContext

__all__ = ["ConanDecisionPanel", "ConanUI", "UI"]

#: The layout label the table draws (empty): the plugin draws the names to fit.
NO_LABEL = "conanui.zone_label_drawn_by_plugin"
#: The Foe hand's height in the layout file; a taller one is the spread Foe hand.
FOE_HAND_MM = 100.0
#: The hand's height in the layout file; a taller one is the spread hand.
HAND_MM = 100.0
#: Zone names are never shrunk below this many pixels (then cut with an ellipsis).
LABEL_MIN_PX = 8

#: Log lines of the CONAN-R13 fallback, replayed one by one as captions.
FALLBACK_KEYS = ("log.conan.hand_revealed", "log.conan.fallback_miss",
                 "log.conan.foe_move_seen", "log.conan.foe_no_move",
                 "log.conan.foe_move_seen_wounded")


def option_label(option: str, kind: str, state: Any, db: Any) -> str:
    """A decision option's button text."""
    if kind == "zone_order":
        return t(f"zone.{option}")
    if kind == "lone_attack":
        side, _, target = option.partition("@")
        card = db[state.cards[int(target)].card_id]
        name = t("conanui.type.conan") if card.type == "conan" else card.display_name(_lang())
        move = lone_move(state, db)
        letters = "" if move is None else " ".join(
            ICON_STYLE[i][1] for i in attack_icons(move, side) if i in ICON_STYLE)
        return t("conanui.lone_option", side=t(f"conanui.side_short.{side}"),
                 icons=letters or "-", target=name)
    text = t(f"option.conan.{option}")
    return option if text == f"option.conan.{option}" else text


def _lang() -> str:
    return i18n.get_language()


def lone_move(state: Any, db: Any) -> CardDef | None:
    """The unanswered Foe's Move the ``lone_attack`` decision is about (CONAN-R15)."""
    asking = lone_asking(state)
    if asking is None or asking not in state.cards:
        return None
    return db[state.cards[asking].card_id]


def attack_icons(card: CardDef, side: str) -> list[str]:
    """The attack icons on one side of a Move (the ones that hit when it touches nothing)."""
    return [i for i in card.get(side) or [] if i in ATTACK_ICONS]


def lone_sides_text(state: Any, db: Any) -> str:
    """Each side of the lone Move: its attack icons and the damage they would deal."""
    move = lone_move(state, db)
    asking = lone_asking(state)
    rec = next((r for r in bf.moves(state) if asking is not None and r.card == asking), None)
    if move is None or rec is None:
        return ""
    user = rec.by
    magic = st.has_ability(state, db, user, "magic")
    printed = st.stat(state, db, user, "damage")
    lines = []
    for side in ("left", "right"):
        icons = [t(f"conanui.icon.{i}") for i in attack_icons(move, side)]
        damage = evaluate_side(move[side], move[f"{side}_multi"], magic, None, None
                               ).damage(printed)
        lines.append(t(f"conanui.lone_{side}", icons=t("list.sep").join(icons) or "-",
                       n=damage))
    return "\n".join(lines)


class ConanDecisionPanel(DecisionPanel):
    """Buttons for the Conan decisions; a hand card clicked answers ``discard``."""

    def __init__(self, ui: ConanUI) -> None:
        super().__init__()
        self.ui = ui
        self.scene: TableContext | None = None

    def commands(self) -> tuple[str, ...]:
        """Buttons (discard and chronicle_loss are answered on the table / a dialog)."""
        if self.kind in ("discard", "chronicle_loss"):
            return ()
        return super().commands()

    def label(self, command: str) -> str:
        """Option words from the catalogue (zones and sides for the fight's questions)."""
        scene = self.scene
        if scene is None:
            return command
        return option_label(command, self.kind, scene.game.state, scene.rules.cards)

    def click(self, iid: int) -> bool:
        """Hand adjustment: the clicked hand card is discarded."""
        d = self.decision
        if d is None or d.kind != "discard" or str(iid) not in d.options or self.scene is None:
            return False
        self.scene.propose(Action.make("decide", d.seat, choice=[str(iid)]))
        return True

    def prompt_text(self, lang: str) -> str:
        """The rules' question plus how to answer it in the window."""
        text = super().prompt_text(lang)
        if self.kind == "discard":
            text += "\n" + t("conanui.how_discard")
        if self.kind == "lone_attack" and self.scene is not None:
            sides = lone_sides_text(self.scene.game.state, self.scene.rules.cards)
            if sides:
                text += "\n" + sides
        return text


class ConanUI(GameUI):
    """The Conan window (see the module docstring)."""

    turn_commands = ("next_phase",)

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.plan: cd.DropPlan | None = None
        self._lit: LitPatches | None = None
        self._lit_key: tuple[Any, ...] | None = None
        self.dialog: ChoiceDialog | None = None
        #: A card waiting for a dialog's answer, drawn where it would lie.
        self.waiting: tuple[int, Placed] | None = None
        self.playback = Playback()
        #: The fight's beats already looked at (the rules' record, and how many).
        self._fight: Fight | None = None
        self._fight_seen = 0
        self._seen = -1
        self._log_seen = 0
        #: The table (for the hover's current numbers, which ``explain`` is not given).
        self._scene: TableContext | None = None
        #: The plugin's layout for each seat's turn (battlefield turned), see load_layout.
        self.frames: dict[int, Layout] = {}
        #: The turn layouts with a hand spread, by (which hand, turn seat, viewer).
        self._spread: dict[tuple[Any, ...], Layout] = {}
        #: The characters' name labels beside their cards (conan_names).
        self.names = NameLabels()
        #: The fight preview of a dragged Move and of placed Moves (issue 12 §7).
        self.fight_preview = DragPreview()

    # -- set-up --------------------------------------------------------------------------

    def load_layout(self) -> Layout:
        """``layouts/conan.toml``, with the Moves area drawn card by card: the layout calls
        it a stack (the rules place each Move by shape, not by arrangement), and the table
        draws only the top cards of a stack."""
        lay = super().load_layout()
        zones = tuple(dataclasses.replace(z, arrangement="row") if z.id == MOVES_ZONE else z
                      for z in lay.zones)
        # Zone names are drawn by draw_on_cards, shrunk to fit their zone (Japanese names
        # such as フォウ捨て札 are wider than the small pile zones); the table's own
        # fixed-size label gets an empty text.
        self.zone_labels = {z.id: z.label for z in zones}
        for lang in i18n.languages():
            i18n.register_strings(lang, {NO_LABEL: ""})
        zones = tuple(dataclasses.replace(z, label=NO_LABEL) for z in zones)
        lay = dataclasses.replace(lay, zones=zones)
        # The battlefield seen from each seat's Conan (the rules' own frame, see
        # battlefield.turned_layout); table_layout picks the turn player's.
        self.frames = {seat: bf.turned_layout(lay, seat) for seat in (0, 1)}
        return lay

    def table_layout(self, scene: TableContext) -> Layout:
        """The battlefield seen from the turn player's Conan: Center toward the enemy
        (turned 180 degrees about Conan on seat 1's turn), the same frame as the rules'
        shapes (``battlefield.frame``), so outlines, names and hit-tests follow it.
        While the enemy places Foes, its Foe hand is spread large over the rest of its
        half of the panel (:mod:`~tabletop.ui.games.conan_hand`, issue 10); while the
        viewer plays from its own hand (Prepare and Conan Move on its turn, Foe Move as
        the enemy, discarding), that hand is spread large over the panel rows it does
        not use then."""
        state = self.shown(scene)
        base = self.frames.get(state.active, scene.layout)
        viewer = scene.viewer
        held = len(scene.view.zones.get(f"p{viewer}.foe_hand", ()))
        if spreads(state, viewer, held):
            key: tuple[Any, ...] = ("foes", state.active, viewer)
        elif hand_spreads(state, viewer, len(scene.view.zones.get(f"p{viewer}.hand", ()))):
            key = ("hand", state.active, viewer)
        else:
            return base
        if key not in self._spread:  # the same object each time: the table rebuilds on a new one
            self._spread[key] = spread_layout(base, viewer) if key[0] == "foes" else \
                hand_layout(base, viewer, state.active)
        return self._spread[key]

    def toast_bottom(self, scene: TableContext, bottom: int | None) -> int | None:
        """With the viewer's hand spread over the panel, the refusal box goes at the top
        of the table, over the other seat's hand row (its backs), so it covers neither
        the spread hand nor the turn player's side and Region under that row."""
        hand = f"p{scene.viewer}.hand"
        if hand not in scene.layout.zone_ids or \
                scene.layout.zone(hand).height_mm <= HAND_MM:
            return bottom
        return scene.zone_rect(f"p{1 - scene.viewer}.hand").bottom

    def make_renderer(self, fonts: FontSource) -> CardRenderer:
        """Conan faces: icon slots on both long sides."""
        return ConanCardRenderer(fonts, self.rules.cards)

    def make_decisions(self) -> DecisionPanel:
        """Buttons, plus discarding by clicking."""
        return ConanDecisionPanel(self)

    # -- where cards lie -----------------------------------------------------------------

    def arrange(self, scene: TableContext, zone: Zone, cards: Sequence[CardView]) -> ZoneCards:
        """Moves at their stored shapes; rows packed; the rest as the layout says."""
        if zone.id == MOVES_ZONE:
            recs = {r.card: r for r in bf.moves(self.shown(scene))}
            # where a face-down Move lies is public; its view id is only a handle (ALL-H3)
            real = [scene.game.resolve(c.iid) for c in cards]
            places = [bf.move_shape(recs[r]) if r in recs else zone.shape()
                      .with_key(str(c.iid)) for c, r in zip(cards, real, strict=True)]
            return ZoneCards([Placed(str(c.iid), p.center, CARD_SIZE, p.rotation_deg)
                              for c, p in zip(cards, places, strict=True)])
        if zone.id == f"p{scene.viewer}.foe_hand" and zone.height_mm > FOE_HAND_MM:
            # the spread Foe hand: a grid of large cards, none over another
            out = ZoneCards([p.with_key(str(c.iid)) for c, p in zip(
                cards, spread_places(zone, len(cards), scene.viewport.flipped), strict=True)])
        elif zone.id == f"p{scene.viewer}.hand" and zone.height_mm > HAND_MM:
            # the spread Move hand: large cards in rows, each name whole (the table keeps
            # their places while the pointer is over the hand)
            out = ZoneCards([p.with_key(str(c.iid)) for c, p in zip(
                cards, spread_places(zone, len(cards), scene.viewport.flipped,
                                     HAND_MAX_SCALE), strict=True)])
        elif zone.id.endswith(".side") and (side := side_places(
                zone, cards, [c.card_id is not None and not c.hidden and
                              self.rules.cards[c.card_id].type in ("ally", "conan")
                              for c in cards], scene.viewport.flipped)) is not None:
            # each character with room on its right for its name (conan_names)
            out = ZoneCards([p.with_key(str(c.iid)) for c, p in zip(cards, side, strict=True)])
        elif zone.arrangement == "row" and len(cards) > 1:
            places, overlap = pack_row(zone, [False] * len(cards), min_scale=0.8)
            out = ZoneCards([p.with_key(str(c.iid)) for c, p in zip(cards, places, strict=True)],
                            overlap)
        else:
            out = layout_cards(scene, zone, cards)
        if zone.owner == 1:
            # Seat 1 sits across the table: its own zones face it (it reads them upright
            # in its turned-round view; seat 0 sees them upside down, as across a table).
            out.places = [Placed(p.key, p.center, p.size, p.rotation_deg + 180.0)
                          for p in out.places]
        return out

    # -- input ---------------------------------------------------------------------------

    def can_pick_up(self, scene: TableContext, iid: int) -> bool:
        """Own face-up cards, not while a dialog asks or the fight plays back."""
        if self.dialog is not None or self.playback.active:
            return False
        return super().can_pick_up(scene, iid)

    def drop_target_cards(self, scene: TableContext, iid: int) -> Iterable[int]:
        """Called once at pick-up: build the shape plan; the generic targets otherwise."""
        state = scene.game.state
        self.plan = cd.make_plan(state, self.rules.cards, scene.viewer,
                                 scene.game.resolve(iid))
        if self.plan is not None and getattr(scene, "only_step_drops", False):
            # a lesson: only the places its step takes light up (tabletop/ui/lesson.py)
            self.plan = cd.accepted_only(self.plan, state, self.rules.cards, scene.viewer,
                                         scene.game.check)
        self._lit = None
        if self.plan is not None:
            return []  # the plugin lights and resolves this drag itself
        return super().drop_target_cards(scene, iid)

    def handle_event(self, scene: TableContext, event: pygame.event.Event
                     ) -> pygame.event.Event | None:
        """Dialogs first, then the playback's keys, then the release of a shape drag."""
        if self.dialog is not None:
            if self.dialog.handle(event):
                return None
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                    and not self.dialog.required:  # a required answer is never closed by Esc
                self.dialog.cancel()
                return None
        if self.playback.active:
            index = self.playback.index
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_RIGHT):
                    self.playback.next()
                    self._step_changed(scene, index)
                    return None
                if event.key == pygame.K_ESCAPE:
                    self.playback.skip()
                    self._step_changed(scene, index)
                    return None
                if event.key == pygame.K_p:
                    self.playback.paused = not self.playback.paused
                    return None
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    scene.viewport.contains_px(*event.pos):
                self.playback.next()
                self._step_changed(scene, index)
                return None
        if scene.game.state.game_over and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_z, pygame.K_y) and \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return None  # no undo / redo once the game is over (the buttons are off too)
        drag = scene.drag
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and drag is not None \
                and drag.moved and self.plan is not None and self.plan.iid == drag.iid \
                and not scene.game.state.free_mode:
            self._release(scene, (int(event.pos[0]), int(event.pos[1])))
            return None
        return event

    def _release(self, scene: TableContext, pos: tuple[int, int]) -> None:
        plan = self.plan
        drag = scene.drag
        assert plan is not None and drag is not None
        grab = scene.grab_px  # where the card was held, to slide it back from there
        dropped_at = (pos[0] - grab[0], pos[1] - grab[1])
        dragged = cd.dragged_shape(drag.card_centre_mm(scene.viewport.to_mm(*pos)))
        scene.cancel_drag()
        self.plan = None
        key = cd.snap_key(dragged, plan.shapes)
        if key is None:
            # Not on a Move place: the generic lit places (an Action's own role, CONAN-H11:
            # its side or Conan, lit gold from interpret_drop) take the drop as lit.
            own = drag.resolve(  # type: ignore[attr-defined]  # the table's DragState
                scene.game, scene.viewer, scene.geometry, scene.viewport.to_mm(*pos))
            if own.action is not None:
                if not scene.propose(own.action).ok:
                    scene.slide_back(plan.iid, dropped_at)
                return
            verdict = self._refusal(scene, plan, dragged, list(drag.zones))
            if verdict is not None and verdict.ok and plan.kind == cd.FOE_MOVE:
                # dropped on the Foe itself rather than on its lit place: that Foe's Move
                foe = self._foe_under(scene, dragged)
                if foe is not None:
                    scene.propose(Action.make("place_foe_move", scene.viewer, card=plan.iid,
                                              foe=foe))
                    return
            if verdict is not None and not verdict.ok:
                scene.show_refusal(verdict)
            scene.slide_back(plan.iid, dropped_at)
            return
        if plan.kind == cd.FOE:
            self._drop_foe(scene, plan, key)
        elif plan.kind == cd.FOE_MOVE:
            self._drop_foe_move(scene, plan, key)
        else:
            self._drop_move(scene, plan, key)

    @staticmethod
    def _foe_under(scene: TableContext, dragged: Placed) -> int | None:
        """The Foe on the battlefield the dragged card lies over, if any."""
        state = scene.game.state
        return next((f for z in FOE_ZONES for f in state.zones[z].cards
                     if scene.card_rect(f) is not None and scene.geometry.index.best_target(
                         dragged, [str(f)]) is not None), None)

    def _refusal(self, scene: TableContext, plan: cd.DropPlan, dragged: Placed,
                 lit_zones: list[str]) -> Verdict | None:
        """Why the card overlapped no lit place: the rules' reason over the battlefield,
        where it goes and by which rule elsewhere (:func:`cd.far_refusal`, naming
        ``lit_zones``, an Action's own-role zones lit by the generic drag); None (just
        back) over its own pile."""
        state, db, seat = scene.game.state, self.rules.cards, scene.viewer
        far = cd.far_refusal(state, plan, lit_zones)
        home = state.zone_of(plan.iid)
        if not plan.shapes and not lit_zones:  # nothing lit: why, and what is instead
            if scene.geometry.snap_zone(dragged, [home]):
                return None
            return cd.nothing_lit(state, db, seat, plan, scene.game.check)
        if plan.kind == cd.FOE:
            zone = cd.zone_under(state, dragged)
            if zone is None:
                return None if scene.geometry.snap_zone(dragged, [home]) else far
            return cd.foe_refusal(state, db, scene.game.check, seat, plan.iid, zone)
        over = scene.geometry.snap_zone(dragged, [MOVES_ZONE, *FOE_ZONES, CONAN_ZONE])
        if over is None:
            return None if scene.geometry.snap_zone(dragged, [home]) else far
        if plan.kind == cd.FOE_MOVE:
            foe = self._foe_under(scene, dragged)
            if foe is not None:
                return scene.game.check(Action.make("place_foe_move", seat, card=plan.iid,
                                                    foe=foe))
            return far
        # Over a place that is not lit (a closed gap, a third zone, taken): the rules say why.
        closed = {t.id: t.shape for t in bf.all_targets(state)}
        place = cd.snap_key(dragged, closed)
        conan = conan_of(state, self.rules.cards, seat)
        if place is not None and conan is not None:
            verdict = scene.game.check(Action.make("place_move", seat, card=plan.iid,
                                                   character=conan, target=place))
            if not verdict.ok:
                return verdict
        return far

    def _ask(self, scene: TableContext, title: str, body: str,
             answers: list[tuple[str, Any]]) -> None:
        if self.dialog is not None:
            self.dialog.close()

        def cancelled() -> None:
            self.dialog = None
            self.waiting = None

        def wrap(callback: Any) -> Any:
            def run() -> None:
                self.dialog = None
                self.waiting = None
                callback()
            return run

        scene.hover = None  # the large preview would hide the board behind the question
        self.dialog = ChoiceDialog(scene.app.ui, scene.app.size, scene.scale, title, body,
                                   [(label, wrap(cb)) for label, cb in answers], cancelled)

    def _drop_foe(self, scene: TableContext, plan: cd.DropPlan, key: str) -> None:
        state, db, seat = scene.game.state, self.rules.cards, scene.viewer
        zone, _, pos = key.partition("/")
        costs = [[]] if foes.forced_now(state, db) else foes.cost_options(state, db, plan.iid)

        def place(cost: list[int]) -> Any:
            return lambda: scene.propose(Action.make("place_foe", seat, card=plan.iid,
                                                     zone=zone, position=int(pos), cost=cost))

        if costs == [[]]:
            place([])()
            return
        self.waiting = (plan.iid, plan.shapes[key])
        names = [(", ".join(self._name(state, i) for i in cost), cost) for cost in costs]
        self._ask(scene, t("conanui.major_title"),
                  t("conanui.major_body", card=self._name(state, plan.iid),
                    n=foes.major_need(state, db, plan.iid)),
                  [(t("conanui.discard_these", cards=label), place(cost))
                   for label, cost in names])

    def _drop_foe_move(self, scene: TableContext, plan: cd.DropPlan, key: str) -> None:
        state, db, seat = scene.game.state, self.rules.cards, scene.viewer
        foe = int(key)
        action = Action.make("place_foe_move", seat, card=plan.iid, foe=foe)
        cost = int(cdef(state, db, plan.iid)["cost"])
        wounds = st.cost_wounds(state, db, foe, cost)
        if wounds <= 0:
            scene.propose(action)
            return
        self.waiting = (plan.iid, plan.shapes[key])
        self._ask(scene, t("conanui.wound_title"),
                  t("conanui.wound_body", foe=self._name(state, foe), cost=cost,
                    prowess=st.prowess_now(state, db, foe), n=wounds),
                  [(t("conanui.wound_accept", n=wounds), lambda: scene.propose(action))])

    def _drop_move(self, scene: TableContext, plan: cd.DropPlan, key: str) -> None:
        state, db, seat = scene.game.state, self.rules.cards, scene.viewer
        choices = cd.move_choices(state, db, seat, plan.iid, key, scene.game.check)
        if not choices:
            conan = conan_of(state, db, seat)
            verdict = scene.game.check(Action.make("place_move", seat, card=plan.iid,
                                                   character=conan or -1, target=key))
            scene.show_refusal(verdict if not verdict.ok else Verdict.refuse("not_legal_target"))
            return
        if len(choices) == 1 and not choices[0].fatal and choices[0].wounds <= 0:
            # one character can play it and it costs no wound: nothing to ask (QA: "Who
            # plays Parry?" with only Conan); a wound or a defeat is still confirmed
            scene.propose(choices[0].action)
            return
        self.waiting = (plan.iid, plan.shapes[key])
        card = cdef(state, db, plan.iid)
        role = t(f"conanui.role.{card.type}")
        target = plan.targets.get(key)
        where = t("conanui.gap_touches") if target is not None and target.gap else \
            t("conanui.side_touches")
        answers = []
        for c in choices:
            words = t("conanui.choice_line", who=self._name(state, c.character),
                      now=c.prowess, after=c.after, n=c.wounds)
            if c.fatal:
                words += " " + t("conanui.choice_fatal")
            answers.append((words, (lambda a=c.action: scene.propose(a))))
        self._ask(scene, t("conanui.move_title", card=self._name(state, plan.iid)),
                  f"{role}\n{where}\n" + t("conanui.move_body", zone=t(f"zone.{key.split('/')[0]}"),
                                           cost=int(card["cost"])), answers)

    def _name(self, state: Any, iid: int) -> str:
        return self.rules.cards[state.cards[iid].card_id].display_name(_lang())

    # -- life cycle ----------------------------------------------------------------------

    def shown_state(self, scene: TableContext) -> Any:
        """The game's state, or, while a fight plays back, the moment of the step shown:
        the table, its log and the next question catch up as the playback reaches them
        (issue 10: no result before its playback)."""
        self._sync(scene)
        return self.shown(scene)

    def shown(self, scene: TableContext) -> Any:
        """The state drawn now (no new action looked at: see :meth:`shown_state`)."""
        step = self.playback.current
        if step is not None and step.shown is not None:
            replay, n = step.shown
            return replay.at(n)
        return scene.game.state

    def _sync(self, scene: TableContext) -> None:
        """A new action in the history: queue the fight it set off (the beats the rules
        recorded while it ran)."""
        game = scene.game
        n = len(game.history)
        if n == self._seen:
            return
        now = fight(game.state)
        if self._seen >= 0 and n == self._seen + 1:
            action = game.history[-1].action
            beats: list[Beat] = []
            if action.kind in KINDS and now is not None:
                beats = now.beats[self._fight_seen:] if now is self._fight else list(now.beats)
            steps = self._captions(scene) + self._fight_steps(scene, beats)
            if steps:
                self.playback.add(steps)
        else:
            self.playback.clear()
        self._fight, self._fight_seen = now, (len(now.beats) if now is not None else 0)
        if game.state.game_over:
            # The table's game-over box takes the middle of the table: no fight banner
            # under it (the log keeps every line of the last fight).
            self.playback.skip()
        self._log_seen = len(game.state.log)
        self._seen = n

    def _step_changed(self, scene: TableContext, index: int) -> None:
        """The playback moved on (or ended): show its moment, then what comes after."""
        if self.playback.index != index:
            scene.refresh_shown()

    def run_command(self, scene: TableContext, command: str) -> bool:
        """Next phase waits while a fight plays back (the table shows an earlier moment)."""
        return self.playback.active and command in self.turn_commands

    def refresh(self, scene: TableContext) -> None:
        """After every change: captions and dialogs (the fight is queued by shown_state)."""
        panel = scene.decisions
        if isinstance(panel, ConanDecisionPanel):
            panel.scene = scene
        self._scene = scene
        self._sync(scene)
        if self.dialog is not None and not self._dialog_still_fits(scene):
            self.dialog.close()
            self.dialog = None
            self.waiting = None
        self._maybe_ask_loss(scene)

    def _dialog_still_fits(self, scene: TableContext) -> bool:
        pending = scene.game.state.pending
        return pending is not None and pending.kind == "chronicle_loss" and \
            pending.seat == scene.viewer and not scene.cover_pending

    def _maybe_ask_loss(self, scene: TableContext) -> None:
        """CONAN-R17: the enemy picks the Chronicle cards a renown loss takes."""
        state, db = scene.game.state, self.rules.cards
        pending = state.pending
        if self.dialog is not None and not self.dialog.alive:
            self.dialog = None  # closed without an answer: ask again
        if pending is None or pending.kind != "chronicle_loss" or pending.seat != scene.viewer \
                or scene.cover_pending or self.dialog is not None or self.playback.active:
            return  # (after the playback: the question comes after the fight it follows)
        answers = []
        for action in legal.decision_actions(state, db, pending):
            ids = [int(i) for i in action.get("choice")]
            label = t("conanui.loss_option",
                      cards=", ".join(self._name(state, i) for i in ids),
                      n=sum(cdef(state, db, i).number("renown", 0) for i in ids))
            answers.append((label, (lambda a=action: scene.propose(a))))
        why = "conanui.loss_retreat" if state.phase == "survey" and state.step == "retreat" \
            else "conanui.loss_ally"
        body = "\n".join((render_message(pending.prompt, scene.lang), t(why),
                          t("conanui.loss_where")))
        self.dialog = ChoiceDialog(scene.app.ui, scene.app.size, scene.scale,
                                   t("conanui.loss_title"), body,
                                   [(label, self._closing(cb)) for label, cb in answers],
                                   cancel=False)

    def _closing(self, callback: Any) -> Any:
        def run() -> None:
            self.dialog = None
            callback()
        return run

    def _captions(self, scene: TableContext) -> list[Step]:
        """The CONAN-R13 fallback, line by line, from the viewer's own log."""
        new = [e.for_seat(scene.viewer) for e in scene.game.state.log[self._log_seen:]]
        if not any(getattr(m, "key", "") in FALLBACK_KEYS[:2] + FALLBACK_KEYS[3:4] for m in new):
            return []  # no fallback this time (a plain Foe Move is no caption)
        return [Step("caption", text=render_message(m, scene.lang)) for m in new
                if getattr(m, "key", "") in FALLBACK_KEYS]

    def _fight_steps(self, scene: TableContext, beats: list[Beat]) -> list[Step]:
        """Zone, initiative and fall steps from the fight's beats, each showing the game as
        of its beat (one working copy, brought forward as the playback reaches it); the
        zone's cards as they lay when its fight began are drawn over the dimmed table."""
        if not beats:
            return []
        pb = self.playback
        started = {b.zone for b in beats if isinstance(b, ZoneStart)}

        def ghosts(at: Any, beat: Beat) -> None:
            if isinstance(beat, ZoneStart) and beat.zone in started:
                started.discard(beat.zone)  # the first start of the zone in this action
                self._ghosts(scene, at, beat.zone)

        replay = Replay(working_copy(scene.game.state), scene.game.state, beats, on_beat=ghosts)
        pb.now_at = lambda iid: (sprite.placed if (sprite := scene.sprite_for(iid)) is not None
                                 else None)
        steps: list[Step] = []
        gone: list[int] = []
        stepped: set[str] = set()
        for n, beat in enumerate(beats, start=1):
            if isinstance(beat, ZoneStart):
                if beat.zone not in stepped:  # a start after a renown loss is no new step
                    stepped.add(beat.zone)
                    steps.append(Step("zone", beat.zone, gone=tuple(gone), shown=(replay, n)))
            elif isinstance(beat, Initiative):
                steps.append(Step("beat", beat.zone, beat, gone=tuple(gone), shown=(replay, n)))
            elif isinstance(beat, Fall):
                steps.append(Step("fall", beat.zone, fallen=beat.fallen, gone=tuple(gone),
                                  shown=(replay, n)))
                gone += beat.fallen
        return steps

    def _ghosts(self, scene: TableContext, at: Any, zone: str) -> None:
        """The zone's cards as they lie when its fight begins (drawn over the veil)."""
        pb = self.playback
        cards: list[int] = []
        for shape in bf.foe_shapes(at, zone):
            iid = int(shape.key)
            pb.ghosts[iid] = Ghost(iid, at.cards[iid].card_id, shape)
            cards.append(iid)
        for rec in bf.moves(at, zone):
            iid = rec.card
            pb.ghosts[iid] = Ghost(iid, at.cards[iid].card_id, bf.move_shape(rec))
            cards.append(iid)
        for iid in at.zones[CONAN_ZONE].cards:
            shape = self.frames.get(at.active, scene.layout).zone(CONAN_ZONE).shape()
            pb.ghosts[iid] = Ghost(iid, at.cards[iid].card_id,
                                   Placed(str(iid), shape.center, CARD_SIZE,
                                          shape.rotation_deg))
            cards.append(iid)
        pb.zone_cards[zone] = cards

    def playing(self, scene: TableContext) -> bool:
        """The fight (or the CONAN-R13 captions) is being played back."""
        return self.playback.active

    def update(self, scene: TableContext, dt: float) -> None:
        """The playback's clock (stopped under the hand-over cover)."""
        if not scene.cover_pending:
            index = self.playback.index
            self.playback.update(dt)
            self._step_changed(scene, index)

    def forget_private(self, scene: TableContext) -> None:
        """A hand-over: close any dialog (it may name hand cards), drop the plan."""
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None
        self.waiting = None
        self.plan = None
        self._lit = None

    # -- drawing -------------------------------------------------------------------------

    def draw_on_cards(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Zone names, numbers on characters and the Chronicle totals."""
        state, db = self.shown(scene), self.rules.cards
        names = self._draw_zone_labels(scene, surface)
        for sprite in scene.sprites:
            card = sprite.card
            if card.hidden or sprite.covered:
                continue
            kind = db[card.card_id].type
            in_play = sprite.zone in FOE_ZONES or sprite.zone == CONAN_ZONE or \
                sprite.zone.endswith(".side")
            if kind not in ("foe", "conan", "ally") or not in_play:
                continue
            self._draw_numbers_now(scene, surface, sprite, state)
        self.names.draw(scene, surface, db, names)
        for seat in (0, 1):
            zone = f"p{seat}.chronicle"
            if zone not in scene.layout.zone_ids:  # under the spread Foe hand
                continue
            # from the view's faces: a card hidden from the viewer adds nothing it could
            # give away, and a card without renown or scars (free mode) adds none
            faces = [db[c.card_id] for c in scene.view.zones.get(zone, ())
                     if c.card_id is not None]
            renown = sum(f.number("renown", 0) for f in faces)
            scars = sum(f.number("scars", 0) for f in faces)
            rect = scene.zone_rect(zone)
            # at the end of the cards away from their titles (the row reads upright for
            # its owner, upside down across the table)
            upright = (zone.startswith(f"p{scene.viewer}.")) != scene.ui.upright
            if upright or scene.ui.upright:
                at, anchor = (rect.x + 4, rect.bottom - 3), "bottomleft"
            else:
                at, anchor = (rect.x + 4, rect.y + 3), "topleft"
            chip(scene, surface, chronicle_line(renown, scars), at, (255, 226, 140),
                 anchor=anchor)

    def numbers_now(self, state: Any, iid: int) -> dict[str, int]:
        """A character's numbers now, as its discs show them: damage (with Items and
        bonuses), prowess left, health left (damage and wounds taken off)."""
        db = self.rules.cards
        return {"damage": st.stat(state, db, iid, "damage"),
                "prowess": st.prowess_now(state, db, iid),
                "health": st.health_left(state, db, iid)}

    def stat_discs_px(self, scene: TableContext, sprite: Any
                      ) -> list[tuple[str, tuple[int, int], int]]:
        """Where the face of a character's sprite has its damage, prowess and health
        discs on the screen now: (stat, centre, radius), turned with the card."""
        scale = scene.viewport.scale
        w, h = round(sprite.placed.size[0] * scale), round(sprite.placed.size[1] * scale)
        floor = max(7, int(getattr(scene.app.fonts, "floor_px", 0) or 0))
        turn = math.radians(sprite.turn)
        cos, sin = math.cos(turn), math.sin(turn)
        cx, cy = sprite.rect.center
        out = []
        for stat, (x, y), r in stat_discs(w, h, floor):
            dx, dy = x - w / 2, y - h / 2  # counter-clockwise on screen (y down)
            out.append((stat, (round(cx + dx * cos + dy * sin), round(cy - dx * sin + dy * cos)),
                        r))
        return out

    def _draw_numbers_now(self, scene: TableContext, surface: pygame.Surface, sprite: Any,
                          state: Any) -> None:
        """The face's own discs show the character's numbers now (issue 10: a chip over
        the card hid them): a number that differs from the printed one is drawn over
        its disc, ringed (gold: raised, red: lowered). The hover gives them in words."""
        if sprite.card.card_id is None:
            return
        printed = self.rules.cards[sprite.card.card_id]
        now = self.numbers_now(state, scene.game.resolve(sprite.card.iid))
        fonts = scene.app.fonts
        floor = max(7, int(getattr(fonts, "floor_px", 0) or 0))
        for stat, centre, r in self.stat_discs_px(scene, sprite):
            value, base = now[stat], int(printed.get(stat, 0) or 0)
            if value == base:
                continue  # the face already shows it
            size = 2 * r + 4
            disc = pygame.Surface((size, size), pygame.SRCALPHA)
            ring = (250, 210, 70) if value > base else (255, 96, 80)
            pygame.draw.circle(disc, ring, (size // 2, size // 2), r + 2)
            pygame.draw.circle(disc, STAT_COLOUR[stat], (size // 2, size // 2), r - 1)
            px = max(round(r * 1.3), floor)
            while px > floor and fonts.get(px, True).size(str(value))[0] > 2 * r - 2:
                px -= 1
            label = scene.text.get(str(value), px, (255, 255, 255), True)
            disc.blit(label, label.get_rect(center=(size // 2, size // 2)))
            if sprite.turn % 360:
                disc = pygame.transform.rotate(disc, sprite.turn)
            surface.blit(disc, disc.get_rect(center=centre))

    def _draw_zone_labels(self, scene: TableContext, surface: pygame.Surface
                          ) -> list[pygame.Rect]:
        """Each empty zone's name, centred, shrunk until it fits the zone's width;
        returns where they went (the characters' name labels keep clear of them).

        The Moves area surrounds Conan's spot (same centre): its name goes in its
        top-left corner, between the Foe rows, never over Conan or his name."""
        drawn: list[pygame.Rect] = []
        top = max(10, round(12 * scene.scale))
        pad = max(4, round(6 * scene.scale))
        for zone in scene.layout.zones:
            if scene.view.zones.get(zone.id) or zone.id not in self.zone_labels:
                continue
            rect = scene.zone_rect(zone.id)
            text = t(self.zone_labels[zone.id])
            if zone.id == MOVES_ZONE:
                label = scene.text.get(text, top, (170, 200, 180))
                drawn.append(surface.blit(label, (rect.x + pad, rect.y + pad)))
                continue
            if zone.kind in BADGED_KINDS:  # upright over the count badge (QA16b #12)
                placed = badged_label(scene, surface, rect, text, top, pad, (170, 200, 180))
                if placed is not None:
                    drawn.append(placed)
                    continue
            room = rect.w - pad
            size = top
            fonts = scene.app.fonts
            while size > LABEL_MIN_PX and fonts.get(size).size(text)[0] > room:
                size -= 1
            if fonts.get(size).size(text)[0] > room and rect.h > rect.w:
                # at the text floor and still too wide for a narrow, tall zone (a
                # flank): the name runs along the zone's long side, never cut
                size = top
                while size > LABEL_MIN_PX and fonts.get(size).size(text)[0] > rect.h - pad:
                    size -= 1
                label = pygame.transform.rotate(scene.text.get(text, size, (170, 200, 180)), 90)
                drawn.append(surface.blit(label, label.get_rect(center=rect.center)))
                continue
            label = scene.text.get(text, size, (170, 200, 180))
            drawn.append(surface.blit(label, label.get_rect(center=rect.center)))
        return drawn

    def draw_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Lit places (the place the card would snap to now: :meth:`draw_drag_marks`); the
        waiting card; the fight."""
        drag = scene.drag
        plan = self.plan
        if drag is not None and plan is not None and plan.iid == drag.iid:
            key = (id(plan), scene.viewport.scale, scene.viewport.flipped, surface.get_size())
            if self._lit is None or self._lit_key != key:
                gaps = {k for k, tg in plan.targets.items() if tg.gap}
                self._lit = lit_surface(scene, plan.shapes, gaps)
                self._lit_key = key
            self._lit.blit(surface, scene.viewport.area[:2])
        if self.waiting is not None:
            iid, placed = self.waiting
            sprite = scene.by_iid.get(iid)
            if sprite is not None and sprite.card.card_id is not None:
                vp = scene.viewport
                w, h = round(CARD_SIZE[0] * vp.scale), round(CARD_SIZE[1] * vp.scale)
                from tabletop.ui.table import screen_turn

                face = scene.renderer.face(sprite.card.card_id, (w, h),
                                           screen_turn(placed.rotation_deg, vp.flipped, False),
                                           scene.lang)
                surface.blit(face, face.get_rect(center=vp.to_px(*placed.center)))
        self.shown(scene)  # the step's beats reached (its zone's ghosts taken)
        if drag is None and not self.playback.active:
            self.fight_preview.draw_placed(scene, surface)
        self.playback.draw(scene, surface)

    def place_shape(self, scene: TableContext, key: str) -> Placed | None:
        """A lesson's drop place (``cell:center/foe1/left``, ``cell:center/0``) as the
        shape to frame (tabletop/ui/games/conan_places.py)."""
        return conan_places.place_shape(scene.game.state, key)

    def draw_drag_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """The lit place the carried card would snap to now, framed."""
        drag, plan = scene.drag, self.plan
        if drag is None or plan is None or plan.iid != drag.iid or not drag.moved:
            return
        centre = drag.card_centre_mm(scene.viewport.to_mm(*drag.pos_px))
        best = cd.snap_key(cd.dragged_shape(centre), plan.shapes)
        if best is not None:
            outline(scene, surface, plan.shapes[best], None, SNAP_EDGE,
                    max(2, round(4 * scene.scale)))

    def draw_over_drag(self, scene: TableContext, surface: pygame.Surface) -> None:
        """The fight preview of the Move being dragged, over the carried card."""
        self.fight_preview.draw_drag(scene, surface, self.plan)

    # -- words ---------------------------------------------------------------------------

    def explain(self, card: CardDef, view: CardView) -> list[str]:
        """Numbers and icons in plain words (hover preview)."""
        lines: list[str] = []
        if has_slots(card):
            lines.append(t("conanui.explain_move", init=card.get("initiative"),
                           cost=card.get("cost")))
            for side in ("left", "right"):
                icons = [t(f"conanui.icon.{i}") for i in card.get(side) or [] if i]
                if icons:
                    lines.append(t(f"conanui.explain_{side}", icons=", ".join(icons)))
            lines.append(t("conanui.legend", legend=" ".join(
                f"{letter}={t(f'conanui.icon.{icon}')}" for icon, (_, letter)
                in ICON_STYLE.items())))
        if card.type in ("foe", "conan", "ally"):
            lines.append(t("conanui.explain_stats", d=card.get("damage", 0),
                           p=card.get("prowess", 0), h=card.get("health", 0)))
            # the numbers now come first in the hover (tabletop.ui.hover_words)
        if card.type == "foe":
            lines.append(t("conanui.explain_foe", renown=card.get("renown", 0),
                           scars=card.get("scars", 0),
                           kind=t(f"conanui.creature.{card.get('creature')}")))
        text = card.text.get(_lang()) or card.text.get("en") or ""
        if text:
            lines.append(text)
        if self._scene is not None:
            lines += self.fight_preview.placed_words(self._scene, view)
        return lines

    def counts_line(self, view: TableView, seat: int) -> str:
        """Deck, hand and Foe deck of one seat."""
        def n(kind: str) -> int:
            return len(view.zones.get(f"p{seat}.{kind}", ()))

        from tabletop.ui.panels import seat_name

        return t("conanui.counts", player=seat_name(seat), deck=n("deck"), hand=n("hand"),
                 foes=n("foe_deck"), chronicle=n("chronicle"))


#: The plugin class this module provides (found by :func:`tabletop.ui.games.load_game_ui`).
UI = ConanUI
