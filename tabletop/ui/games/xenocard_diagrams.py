"""Xenocard's rules-help diagrams (issue 12 §2): the fields and the battle order.

Both draw ``layouts/xenocard.toml`` as it is (zones and slot cells in millimetres;
the other player's play zones turned 180 degrees, as on the table) with the real
faces of :class:`~tabletop.ui.games.xenocard_cards.XenoCardRenderer`:

* ``fields`` -- both players' standby areas, battle fields, situation areas,
  weapons, trash, dump and deck, each named; every empty battle-field slot named as
  its owner sees it, and the columns that face each other tinted alike, as the
  rules read facing from the layout's cells
  (:class:`~tabletop.games.xenocard.facing.FieldGeometry`, XENO-R5);
* ``battle_order`` -- a battle phase the rules run (next phase, the block phase
  passed): every attack as the rules recorded it (``battle_events``), numbered in
  its order (melee, shooting, all, ballistic; XENO-R5, XENO-H10), an arrow from the
  attacker to its target card or to the deck, listed beside the fields with its
  damage and what it did.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.model import GameState
from tabletop.games.xenocard.battle import battle_events
from tabletop.games.xenocard.facing import FieldGeometry
from tabletop.games.xenocard.state import AttackEvent
from tabletop.games.xenocard.zones import slot_of
from tabletop.layout import CARD_SIZE, Zone, split_cell_key
from tabletop.ui.games.diagram_kit import (
    ACCENT,
    DIM,
    EDGE,
    INK,
    LIT,
    WARN,
    MmFrame,
    arrow,
    between,
    draw_card,
    draw_outline,
    play,
    position_game,
    words,
    zone_name,
)
from tabletop.ui.help_diagrams import DiagramContext, diagram, label

__all__ = ["battle_order_diagram", "fields_diagram"]

#: The tints of the two pairs of facing columns.
PAIR_TINTS = ((80, 170, 255), (255, 170, 70))
#: Cards in the diagrams are this share of a real card (room for the zones' names).
CARD_SHARE = 0.84
_FILLER = ["deck_rookie"] * 12


def _fields_position() -> dict[str, Any]:
    """A set phase with something in every kind of zone and two battle-field cards."""
    return {
        "turn": 4, "active": 0, "phase": "set",
        "zones": {
            "p0.deck": list(_FILLER), "p1.deck": list(_FILLER),
            "p0.hand": ["marine_sergeant"], "p1.hand": ["void_wisp"],
            "p0.field": [{"card": "walker_frame", "label": "walker"}],
            "p1.field": [{"card": "void_wisp", "label": "wisp"}],
            "p0.standby": ["deck_rookie", "patrol_drone"],
            "p1.standby": ["husk_crawler"],
            "p0.situations": ["battle_hymn"], "p1.situations": ["hive_resonance"],
            "p0.trash": ["supply_drop"], "p1.trash": ["deck_rookie"],
            "p0.dump": ["deck_rookie"], "p1.dump": ["husk_crawler"],
        },
        "data": {"slots": {"walker": "front.left", "wisp": "back.left"}},
    }


def _battle_position() -> dict[str, Any]:
    """One card of each attack type on player 1's battle field, in the set phase."""
    return {
        "turn": 5, "active": 0, "phase": "set",
        "zones": {
            "p0.deck": list(_FILLER), "p1.deck": list(_FILLER),
            "p0.hand": [], "p1.hand": [],
            "p0.field": [{"card": "walker_frame", "label": "walker"},
                         {"card": "medic_unit", "label": "medic"},
                         {"card": "siege_crawler", "label": "siege"},
                         {"card": "marine_sergeant", "label": "sergeant"}],
            "p1.field": [{"card": "husk_crawler", "label": "husk"},
                         {"card": "drifting_relic", "label": "relic"}],
        },
        "data": {"slots": {"walker": "front.left", "medic": "front.right",
                           "siege": "back.left", "sergeant": "back.right",
                           "husk": "front.right", "relic": "back.right"}},
    }


def _card_mm() -> tuple[float, float]:
    return CARD_SIZE[0] * CARD_SHARE, CARD_SIZE[1] * CARD_SHARE


def _cells(ctx: DiagramContext, zone: Zone) -> dict[str, Any]:
    """Slot name -> placed cell of a ``slots`` zone."""
    return {split_cell_key(c.key)[1]: c for c in ctx.layout.cells(zone.id)}


def _tints(ctx: DiagramContext) -> dict[tuple[int, str], tuple[int, int, int]]:
    """(seat, battle-field slot) -> the tint of its pair of facing columns (XENO-R5)."""
    geo = FieldGeometry.from_layout(ctx.layout)
    pairs: list[frozenset[str]] = []
    out: dict[tuple[int, str], tuple[int, int, int]] = {}
    for slot in geo.order[0]:
        facing = frozenset(geo.facing[0][slot])
        if facing not in pairs:
            pairs.append(facing)
        tint = PAIR_TINTS[pairs.index(facing) % len(PAIR_TINTS)]
        out[(0, slot)] = tint
        for other in facing:
            out[(1, other)] = tint
    return out


def _draw_zones(surface: pygame.Surface, ctx: DiagramContext, frame: MmFrame,
                state: GameState, only: tuple[str, ...],
                tints: dict[tuple[int, str], tuple[int, int, int]]
                ) -> tuple[dict[int, pygame.Rect], dict[str, pygame.Rect]]:
    """The zones ``only``: outlined and named (a battle field by its slots), their
    cards drawn as they lie. Returns each card's and each zone's pixel rect."""
    cards: dict[int, pygame.Rect] = {}
    zones: dict[str, pygame.Rect] = {}
    font = ctx.text.fonts.get(max(ctx.floor, ctx.px(14)), False)
    band = (font.get_linesize() + ctx.px(6)) / frame.px_per_mm
    size = _card_mm()
    for zone in ctx.layout.zones:
        if zone.id not in only:
            continue
        box = frame.rect_of(zone.shape())
        zones[zone.id] = box
        mine = zone.owner == 0
        held = state.zones[zone.id].cards
        if zone.id.endswith(".field"):
            seat = 0 if mine else 1
            taken = {slot_of(state, iid): iid for iid in held}
            for slot, cell in _cells(ctx, zone).items():
                spot = frame.rect_of(cell).inflate(-ctx.px(4), -ctx.px(4))
                tint = tints.get((seat, slot), EDGE)
                draw_outline(surface, spot, tint, max(2, ctx.px(2.5)), (*tint, 40), ctx.px(5))
                iid = taken.get(slot)
                if iid is not None:
                    cards[iid] = draw_card(surface, ctx, frame, state.cards[iid].card_id,
                                           cell.center, (size[0] * 1.0, size[1] * 1.0),
                                           cell.rotation_deg)
                else:
                    label(ctx, surface, words(ctx, f"slot.xenocard.{slot}"),
                          spot.inflate(-ctx.px(8), -ctx.px(8)), 14, INK, bold=True,
                          max_lines=2)
            continue
        inner = box.inflate(-ctx.px(3), -ctx.px(3))
        draw_outline(surface, inner, ACCENT if mine else EDGE, max(1, ctx.px(1.5)),
                     (255, 255, 255, 12 if mine else 6))
        left, top, right, bottom = zone.shape().bbox()
        cy = top + band + (bottom - top - band) / 2
        k = min(1.0, (bottom - top - band - 3.0) / size[1])
        small = (size[0] * k, size[1] * k)
        hidden = zone.visibility in ("nobody", "owner")
        if zone.arrangement == "slots":
            for iid in held:
                cell = _cells(ctx, zone).get(slot_of(state, iid) or "")
                if cell is not None:
                    cards[iid] = draw_card(surface, ctx, frame, state.cards[iid].card_id,
                                           (cell.center[0], cy), small, zone.rotation_deg)
        elif held:
            iid = held[-1]
            cards[iid] = draw_card(surface, ctx, frame,
                                   None if hidden else state.cards[iid].card_id,
                                   ((left + right) / 2, cy), small)
        head = pygame.Rect(inner.x + ctx.px(4), inner.y + ctx.px(2), inner.w - ctx.px(8),
                           frame.length(band) - ctx.px(3))
        label(ctx, surface, zone_name(ctx, zone.label), head, 14, INK if mine else DIM,
              max_lines=1, align="left", valign="top")
    return cards, zones


_PLAY = ("field", "standby", "situations", "weapons", "trash", "dump", "deck")


@diagram("xenocard", "fields", aspect=0.56)
def fields_diagram(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """Both players' areas in play; the battle fields' slots named as their owners
    see them and tinted by the pair of columns that face each other (XENO-R5)."""
    game, _ = position_game(ctx.rules, _fields_position())
    only = tuple(f"p{s}.{k}" for s in (0, 1) for k in _PLAY)
    boxes = [ctx.layout.zone(z).shape().bbox() for z in only]
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
           max(b[3] for b in boxes))
    caption = ctx.text.fonts.get(max(ctx.floor, ctx.px(15)), True).get_linesize() * 2 \
        + ctx.px(10)
    frame = MmFrame.fit(box, pygame.Rect(rect.x, rect.y, rect.w, rect.h - caption))
    _, zones = _draw_zones(surface, ctx, frame, game.state, only, _tints(ctx))
    # Under the table: the rule of facing, in words.
    table = zones["p0.field"].unionall(list(zones.values()))
    label(ctx, surface, words(ctx, "helpdiag.xeno_facing"),
          pygame.Rect(rect.x, table.bottom + ctx.px(6), rect.w, rect.bottom - table.bottom
                      - ctx.px(6)), 15, LIT, bold=True, max_lines=2)


def _event_text(ctx: DiagramContext, state: GameState, n: int, event: AttackEvent) -> str:
    name = words(ctx, f"card.{state.cards[event.attacker].card_id}")
    attack = words(ctx, f"attack.xenocard.{event.step}")
    if event.target is None:
        return words(ctx, "helpdiag.xeno_hit_deck", n=n, attack=attack, card=name,
                     damage=len(event.dumped))
    target = words(ctx, f"card.{state.cards[event.target].card_id}")
    key = "helpdiag.xeno_hit_destroyed" if event.destroyed else "helpdiag.xeno_hit_card"
    return words(ctx, key, n=n, attack=attack, card=name, target=target,
                 damage=event.damage)


@diagram("xenocard", "battle_order", aspect=0.62)
def battle_order_diagram(surface: pygame.Surface, rect: pygame.Rect,
                         ctx: DiagramContext) -> None:
    """A battle the rules run, attack by attack in its order (XENO-R5, XENO-H10):
    numbered arrows from each attacker to its target card or the deck, and the list."""
    game, _ = position_game(ctx.rules, _battle_position())
    play(game, 0, "next_phase")
    before = game.state.clone()
    play(game, 1, "decide", choice=["pass"])
    events = battle_events(game.state)
    only = ("p0.field", "p1.field", "p1.deck", "p1.dump", "p1.trash")
    boxes = [ctx.layout.zone(z).shape().bbox() for z in only]
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
           max(b[3] for b in boxes))
    side = rect.w * 0.42
    frame = MmFrame.fit(box, pygame.Rect(rect.x, rect.y, round(rect.w - side), rect.h))
    cards, zones = _draw_zones(surface, ctx, frame, before, only, _tints(ctx))
    width, head = max(2, ctx.px(3)), ctx.px(12)
    deck = zones["p1.deck"]
    colours = {"melee": WARN, "shooting": LIT, "all": ACCENT, "ballistic": (200, 140, 255)}
    badges: list[tuple[int, tuple[int, int], tuple[int, int, int]]] = []
    for n, event in enumerate(events, start=1):
        colour = colours.get(str(event.step), INK)
        target = cards[event.target] if event.target is not None and \
            event.target in cards else deck
        start, end = between(cards[event.attacker], target)
        arrow(surface, start, end, colour, width, head)
        t = 0.35 + 0.1 * (n % 3)
        badges.append((n, (round(start[0] + (end[0] - start[0]) * t),
                           round(start[1] + (end[1] - start[1]) * t)), colour))
    for n, where, colour in badges:
        radius = ctx.px(13)
        pygame.draw.circle(surface, (18, 22, 26), where, radius)
        pygame.draw.circle(surface, colour, where, radius, max(2, ctx.px(2.5)))
        label(ctx, surface, str(n), pygame.Rect(where[0] - radius, where[1] - radius,
                                                2 * radius, 2 * radius), 15, colour,
              bold=True, max_lines=1)
    legend = pygame.Rect(frame.rect_of(ctx.layout.zone("p0.field").shape()).right
                         + ctx.px(24), rect.y + ctx.px(6), 0, 0)
    legend.w = rect.right - legend.x
    y = legend.y
    line = ctx.text.fonts.get(max(ctx.floor, ctx.px(15)), True).get_linesize()
    for n, event in enumerate(events, start=1):
        colour = colours.get(str(event.step), INK)
        box_ = pygame.Rect(legend.x, y, legend.w, 3 * line)
        ink = label(ctx, surface, _event_text(ctx, before, n, event), box_, 15, colour,
                    bold=True, max_lines=3, align="left", valign="top")
        y = (ink.bottom if ink is not None else box_.bottom) + ctx.px(10)
    note = pygame.Rect(legend.x, y, legend.w, rect.bottom - y)
    label(ctx, surface, words(ctx, "helpdiag.xeno_order"), note, 14, DIM, max_lines=5,
          align="left", valign="top")
