"""Arc System's rules-help diagrams (issue 12 §2): the table and a combat.

Both draw ``layouts/arc.toml`` as it is (zones in millimetres, fitted whole) with the
real faces of :class:`~tabletop.ui.games.arc_cards.ArcCardRenderer`, from a position
the Arc rules build (:func:`~tabletop.ui.games.diagram_kit.position_game`):

* ``table`` -- every zone of both seats named, a game in its main phase: resource
  rows (one resource tapped), characters, the hand, the deck with its count as life
  (ARC-R1), the discard pile;
* ``combat`` -- a combat of the attack phase (ARC-R5): two attackers, one blocked;
  the defender's combat card played through the rules; the powers as the rules
  count them (:func:`tabletop.games.arc.combat.power`); the outcome read from the
  position after the rules settled it (who went to the discard pile, how many
  cards the deck lost).
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.model import GameState
from tabletop.games.arc import combat
from tabletop.layout import Zone
from tabletop.ui.games.diagram_kit import (
    ACCENT,
    DIM,
    EDGE,
    GOOD,
    INK,
    LIT,
    WARN,
    MmFrame,
    arrow,
    draw_card,
    draw_outline,
    play,
    position_game,
    tag,
    words,
    zone_name,
)
from tabletop.ui.help_diagrams import DiagramContext, diagram, label

__all__ = ["CARD_MM", "combat_diagram", "table_diagram"]

#: The card size drawn in the diagrams (mm; smaller than a real card so that every
#: zone keeps a band for its name above its cards).
CARD_MM = (56.0, 78.0)
_FILLER = ["red_spark_squire"] * 24


def _table_position() -> dict[str, Any]:
    """A main phase of turn 3 with something in every zone."""
    return {
        "turn": 3, "active": 0, "phase": "main",
        "zones": {
            "p0.deck": list(_FILLER), "p1.deck": list(_FILLER),
            "p0.hand": ["red_flame_duelist", "red_scorch", "green_wildwood"],
            "p1.hand": ["blue_tide_pool"] * 4,
            "p0.resources": [{"card": "red_ember_hills", "tapped": True}, "red_ember_hills",
                             "green_wildwood"],
            "p1.resources": ["blue_tide_pool", "blue_tide_pool", "blue_tide_pool"],
            "p0.characters": ["red_ember_knight", "green_thorn_scout"],
            "p1.characters": ["blue_tide_caller", {"card": "blue_frost_warden",
                                                   "tapped": True}],
            "p0.discard": ["red_raid"], "p1.discard": ["blue_chill"],
        },
        "data": {"resource_played": True},
    }


def _combat_position() -> dict[str, Any]:
    """Ember Knight (4) and Ash Raider (2) attack; Tide Caller (3) blocks the Knight."""
    return {
        "turn": 5, "active": 0, "phase": "attack", "step": "block",
        "zones": {
            "p0.deck": list(_FILLER), "p1.deck": list(_FILLER),
            "p0.hand": ["red_flame_duelist"],
            "p1.hand": [{"card": "blue_tidal_shield", "label": "shield"}, "blue_tide_pool"],
            "p0.resources": ["red_ember_hills", "red_ember_hills", "red_ember_hills"],
            "p1.resources": ["blue_tide_pool", "blue_tide_pool", "blue_tide_pool"],
            "p0.characters": [{"card": "red_ember_knight", "label": "knight", "tapped": True},
                              {"card": "red_ash_raider", "label": "raider", "tapped": True},
                              "red_spark_squire"],
            "p1.characters": [{"card": "blue_tide_caller", "label": "caller"},
                              "blue_mist_acolyte"],
        },
        "data": {"combat": {"attackers": ["$knight", "$raider"], "blocks": []},
                 "resource_played": True},
    }


def _band(ctx: DiagramContext, frame: MmFrame, zone: Zone) -> float:
    """The height (mm) of the name band at the top of ``zone``: one line of its name,
    two in a zone narrower than a row of cards (a deck, a discard pile)."""
    line = ctx.text.fonts.get(max(ctx.floor, ctx.px(14)), False).get_linesize()
    lines = 2 if zone.width_mm < 2 * CARD_MM[0] else 1
    return (lines * line + ctx.px(6)) / frame.px_per_mm


def _zone_cards(ctx: DiagramContext, frame: MmFrame, surface: pygame.Surface,
                state: GameState, zone: Zone, band_mm: float,
                at: dict[int, float]) -> dict[int, pygame.Rect]:
    """The cards of ``zone`` below its name band: a row from the left (a tapped card
    takes a card's height in width; ``at``: a card's centre x in mm instead), a stack
    as its top card; hidden cards as backs. Cards are :data:`CARD_MM`, smaller where
    the band leaves less height."""
    cards = state.zones[zone.id].cards
    if not cards:
        return {}
    left, top, right, bottom = zone.shape().bbox()
    room = bottom - top - band_mm - 4.0
    k = min(1.0, room / CARD_MM[1])
    if zone.arrangement != "stack":  # a row: its cards side by side within the zone
        across = sum(CARD_MM[1] if state.cards[i].tapped else CARD_MM[0] for i in cards)
        k = min(k, (right - left - 3.0 * (len(cards) + 1)) / across)
    size = (CARD_MM[0] * k, CARD_MM[1] * k)
    cy = top + band_mm + (bottom - top - band_mm) / 2
    hidden = zone.visibility == "nobody" or (zone.visibility == "owner" and zone.owner != 0)
    drawn: dict[int, pygame.Rect] = {}
    if zone.arrangement == "stack":
        iid = cards[-1]
        card_id = None if hidden else state.cards[iid].card_id
        drawn[iid] = draw_card(surface, ctx, frame, card_id, ((left + right) / 2, cy), size)
        return drawn
    x = left + 3.0
    for iid in cards:
        inst = state.cards[iid]
        wide = size[1] if inst.tapped else size[0]
        card_id = None if hidden else inst.card_id
        drawn[iid] = draw_card(surface, ctx, frame, card_id, (at.get(iid, x + wide / 2), cy),
                               size, 90.0 if inst.tapped else 0.0)
        x += wide + 3.0
    return drawn


def _draw_table(surface: pygame.Surface, ctx: DiagramContext, frame: MmFrame,
                state: GameState, only: tuple[str, ...] = (),
                at: dict[int, float] | None = None) -> dict[int, pygame.Rect]:
    """Every zone (or the zones ``only``) outlined and named, with its cards (``at``: a
    card's centre x in its row, mm); returns each card's pixel rect."""
    shown: dict[int, pygame.Rect] = {}
    for zone in ctx.layout.zones:
        if only and zone.id not in only:
            continue
        band = _band(ctx, frame, zone)
        box = frame.rect_of(zone.shape()).inflate(-ctx.px(3), -ctx.px(3))
        mine = zone.owner == 0
        draw_outline(surface, box, ACCENT if mine else EDGE, max(1, ctx.px(1.5)),
                     (255, 255, 255, 14 if mine else 6))
        shown.update(_zone_cards(ctx, frame, surface, state, zone, band, at or {}))
        head = pygame.Rect(box.x + ctx.px(4), box.y + ctx.px(2), box.w - ctx.px(8),
                           frame.length(band) - ctx.px(3))
        label(ctx, surface, zone_name(ctx, zone.label), head, 14, INK if mine else DIM,
              bold=False, max_lines=2, align="left", valign="top")
    return shown


@diagram("arc", "table", aspect=0.70)
def table_diagram(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """The whole Arc table of ``layouts/arc.toml``: both seats' zones named, cards of a
    main phase in them, each deck's count written as the life it is (ARC-R1)."""
    game, _ = position_game(ctx.rules, _table_position())
    state = game.state
    side = ctx.px(96)
    area = pygame.Rect(rect.x, rect.y, rect.w - side, rect.h)
    frame = MmFrame.fit((0.0, 0.0, ctx.layout.width_mm, ctx.layout.height_mm), area)
    table = frame.rect_of(ctx.layout.zones[0].shape()).unionall(
        [frame.rect_of(z.shape()) for z in ctx.layout.zones])
    _draw_table(surface, ctx, frame, state)
    column = pygame.Rect(table.right + ctx.px(10), rect.y, rect.right - table.right
                         - ctx.px(10), rect.h)
    for seat, key in ((1, "helpdiag.other"), (0, "helpdiag.you")):
        deck = ctx.layout.zone(f"p{seat}.deck")
        mid = frame.rect_of(deck.shape()).center
        tag(ctx, surface, words(ctx, "helpdiag.deck_life",
                                n=len(state.zones[deck.id].cards)), mid,
            size=14, colour=LIT, edge=LIT, max_w=frame.rect_of(deck.shape()).w)
        rows = [frame.rect_of(ctx.layout.zone(f"p{seat}.{k}").shape())
                for k in ("characters", "resources")]
        span = rows[0].union(rows[1])
        box = pygame.Rect(column.x, span.y, column.w, span.h)
        label(ctx, surface, words(ctx, key), box, 16, ACCENT if seat == 0 else DIM,
              bold=True, max_lines=3, align="left")


@diagram("arc", "combat", aspect=0.56)
def combat_diagram(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """One combat (ARC-R5) on the real table: the attackers, the block, the defender's
    combat card, the powers the rules count, and what the rules then did."""
    game, labels = position_game(ctx.rules, _combat_position())
    db = ctx.rules.cards
    knight, raider, caller = labels["knight"], labels["raider"], labels["caller"]
    play(game, 1, "decide", choice=[f"{caller}>{knight}"])
    play(game, 1, "decide", choice=[f"{labels['shield']}@{caller}"])
    before = game.state.clone()
    deck_before = len(before.zones["p1.deck"].cards)
    play(game, 0, "decide", choice=["pass"])
    after = game.state
    zones = ("p1.deck", "p1.discard", "p1.hand", "p1.characters", "p1.combat",
             "p0.characters", "p0.combat")
    rows = [ctx.layout.zone(z).shape().bbox() for z in zones]
    box = (min(r[0] for r in rows), min(r[1] for r in rows), max(r[2] for r in rows),
           max(r[3] for r in rows))
    frame = MmFrame.fit(box, rect)
    # Spread along the rows (a row holds its cards anywhere): the blocker straight
    # above the attacker it blocks, room beside every card for its words.
    row0 = before.zones["p0.characters"].cards
    row1 = before.zones["p1.characters"].cards
    spread = {knight: 170.0, caller: 170.0, raider: 360.0}
    spread.update({iid: 490.0 for iid in row0 if iid not in spread})
    spread.update({iid: 570.0 for iid in row1 if iid not in spread})
    shown = _draw_table(surface, ctx, frame, before, zones, spread)
    line_w, head = max(2, ctx.px(3)), ctx.px(12)
    gap = ctx.px(6)
    # The block: the blocker's line down to the attacker it meets.
    top, bottom = shown[caller], shown[knight]
    arrow(surface, top.midbottom, bottom.midtop, LIT, line_w, head)
    tag(ctx, surface, words(ctx, "helpdiag.arc_blocks"),
        (top.centerx + gap, (top.bottom + bottom.top) // 2), size=14, colour=LIT, edge=LIT,
        at="midleft")
    # The unblocked attacker: its power in cards off the defender's deck.
    deck_rect = frame.rect_of(ctx.layout.zone("p1.deck").shape())
    lost = deck_before - len(after.zones["p1.deck"].cards)
    start = shown[raider].midtop
    end = (deck_rect.centerx, deck_rect.bottom - ctx.px(8))
    arrow(surface, start, end, WARN, line_w, head)
    tag(ctx, surface, words(ctx, "helpdiag.arc_unblocked", n=lost),
        (round(start[0] * 0.7 + end[0] * 0.3) + gap, round(start[1] * 0.7 + end[1] * 0.3)),
        size=14, colour=WARN,
        edge=WARN, at="midleft", max_w=ctx.px(210), within=rect)
    # The combat card on the blocker.
    for iid in before.zones["p1.combat"].cards:
        card = shown.get(iid)
        if card is not None:
            arrow(surface, card.midright, top.midleft, ACCENT, line_w, head)
    # Powers as the rules count them, then who lost.
    for iid in (knight, raider, caller):
        base = db[before.cards[iid].card_id].number("power", 0)
        now = combat.power(before, db, iid)
        text = words(ctx, "helpdiag.power", n=now) if now == base else \
            words(ctx, "helpdiag.power_mod", base=base, delta=f"{now - base:+d}", n=now)
        card = shown[iid]
        tag(ctx, surface, text, (card.right + gap, card.y), size=14, at="topleft",
            within=rect)
        if iid == raider:
            continue
        gone = after.zone_of(iid).endswith(".discard")
        outcome = words(ctx, "helpdiag.arc_lost" if gone else "helpdiag.arc_won")
        tag(ctx, surface, outcome, (card.right + gap, card.bottom), size=14,
            colour=WARN if gone else GOOD, edge=WARN if gone else GOOD, at="bottomleft",
            max_w=ctx.px(150), within=rect)
