"""What a Conan/Ally Move would do beside a Foe's Move, from what the viewer knows
(issue 12 §7; CONAN-R8, R14, R15).

Before the reveal the turn player places Moves beside the Foes' Moves. This module
answers, for one such Move (dragged over a place, or already placed), pair by pair
of the icon slots that face each other:

* does *its* attack icon hit, get blocked or glance off the facing icon
  (:func:`tabletop.games.conan.icons.outcome`, CONAN-R14, a Multi-icon failing as a
  whole, CONAN-R14 / CONAN-H2), and
* does the Foe Move's attack icon in the facing slot hit it, or does it block it;

and the damage each side of the pair would deal (CONAN-R15, the characters' numbers
now).

**Only known facts.** The Foe Move's icons are read from the viewer's
:class:`~tabletop.core.view.TableView`: a face-down enemy Move (the usual case before
the reveal) has no face in that view, so its :class:`SidePreview` is ``known=False``
with no pairs and no damage: it previews nothing (ALL-R2). A CONAN-R13 fallback Move
lies face up and previews fully. Where the cards lie (the Move records) and the
characters in play are public.

Which slot faces which comes from the placed shapes (:mod:`tabletop.geometry`), the
same way as the resolution, so a preview and the fight that follows agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState
from tabletop.core.view import TableView
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.data import MoveRecord
from tabletop.games.conan.icons import BLOCKED, GLANCING, HIT, attack_units, evaluate_side
from tabletop.games.conan.icons import outcome as icon_outcome
from tabletop.games.conan.playback import Outcome
from tabletop.games.conan.stats import has_ability, stat
from tabletop.games.conan.zones import MOVES_ZONE
from tabletop.geometry import Placed, Side, facing_slots, touching_sides

__all__ = ["BLOCKING_RULE", "DAMAGE_RULE", "PREVIEW_PHASES", "PairMark", "SidePreview",
           "known_faces", "placed_previews", "preview_at"]

#: The rule every pair's outcome applies (the blocking table, Multi-icons).
BLOCKING_RULE = "CONAN-R14"
#: The rule the damage numbers apply.
DAMAGE_RULE = "CONAN-R15"
#: A glancing slot inside a Multi that failed still glances (house ruling).
MULTI_GLANCE_RULE = "CONAN-H2"
#: Phases in which the turn player's placed Moves are previewed (before the fight).
PREVIEW_PHASES = ("conan_move", "barbarian")


@dataclass(frozen=True)
class PairMark:
    """One pair of facing icon slots: ``slot`` of the previewed Move's touching side
    against ``facing`` of the Foe Move's touching side (slots 0..4 from each card's own
    top, CONAN-R8).

    ``mine``: what becomes of the previewed Move's icon as an attack (None: it is no
    attack, e.g. empty, a Shield, or Magic for a character without ``magic``);
    ``theirs``: what becomes of the Foe Move's attack icon against it (None: no
    attack). ``multi``: ``mine`` is part of a Multi-icon (its outcome is the whole
    Multi's, CONAN-R14). ``rule``: the rule the outcome applies.
    """

    slot: int
    icon: str
    facing: int
    facing_icon: str
    mine: Outcome | None
    theirs: Outcome | None
    multi: bool = False
    rule: str = BLOCKING_RULE


@dataclass(frozen=True)
class SidePreview:
    """The previewed Move's ``side`` against ``foe_side`` of the Move ``foe_card`` of the
    Foe ``foe``.

    ``known``: the viewer sees the Foe Move's face; when False, ``pairs`` is empty and
    the damages are None (a face-down Move previews nothing). ``deal``: damage the
    previewed Move's character would deal through this side, ``take``: damage the Foe
    would deal to it through the facing side (CONAN-R15), both None when unknown.
    """

    side: Side
    foe_card: int
    foe: int
    foe_side: Side
    known: bool
    pairs: tuple[PairMark, ...] = ()
    deal: int | None = None
    take: int | None = None


def known_faces(view: TableView) -> dict[int, str]:
    """Move card instance id -> card id, for the Moves whose face ``view`` shows."""
    return {c.iid: c.card_id for c in view.zones.get(MOVES_ZONE, ()) if c.card_id is not None}


def _magic(state: GameState, db: CardDb, character: int) -> bool:
    return character in state.cards and has_ability(state, db, character, "magic")


def _damage(state: GameState, db: CardDb, character: int) -> int:
    return stat(state, db, character, "damage") if character in state.cards else 0


def _outcomes(card: CardDef, side: Side, magic: bool, defender: Sequence[str],
              facing: Mapping[int, int]) -> tuple[dict[int, Outcome], set[int]]:
    """Slot -> outcome of each attack icon of ``card``'s ``side`` (a Multi's slots all
    fail when one is blocked or glances; a glancing slot keeps its glance, CONAN-H2);
    and the slots that belong to a Multi."""
    slots = list(card.get(side) or [])
    multis = list(card.get(f"{side}_multi") or [])
    out: dict[int, Outcome] = {}
    grouped: set[int] = set()
    for unit in attack_units(slots, multis, magic):
        raw = {}
        for i in unit:
            j = facing.get(i)
            raw[i] = icon_outcome(slots[i], defender[j] if j is not None else "")
        if len(unit) > 1:
            grouped |= set(unit)
            if any(r != HIT for r in raw.values()):
                raw = {i: (GLANCING if r == GLANCING else BLOCKED) for i, r in raw.items()}
        out.update({i: Outcome(r) for i, r in raw.items()})
    return out, grouped


def _side_preview(state: GameState, db: CardDb, faces: Mapping[int, str], card: CardDef,
                  character: int, side: Side, foe_rec: MoveRecord, foe_side: Side,
                  pairs: Sequence[tuple[int, int]]) -> SidePreview:
    foe = foe_rec.by
    face = faces.get(foe_rec.card)
    if face is None or face not in db:
        return SidePreview(side, foe_rec.card, foe, foe_side, False)
    theirs = db[face]
    to_foe = dict(pairs)
    to_me = {j: i for i, j in pairs}
    mine_slots = list(card.get(side) or [""] * 5)
    their_slots = list(theirs.get(foe_side) or [""] * 5)
    my_magic, foe_magic = _magic(state, db, character), _magic(state, db, foe)
    mine, my_multi = _outcomes(card, side, my_magic, their_slots, to_foe)
    against, _ = _outcomes(theirs, foe_side, foe_magic, mine_slots, to_me)
    marks = []
    for i, j in sorted(pairs):
        if not mine_slots[i] and not their_slots[j]:
            continue
        multi = i in my_multi
        rule = MULTI_GLANCE_RULE if multi and mine.get(i) == Outcome.GLANCING else BLOCKING_RULE
        marks.append(PairMark(i, mine_slots[i], j, their_slots[j], mine.get(i),
                              against.get(j), multi, rule))
    deal = evaluate_side(mine_slots, list(card.get(f"{side}_multi") or []), my_magic,
                         their_slots, to_foe).damage(_damage(state, db, character))
    take = evaluate_side(their_slots, list(theirs.get(f"{foe_side}_multi") or []), foe_magic,
                         mine_slots, to_me).damage(_damage(state, db, foe))
    return SidePreview(side, foe_rec.card, foe, foe_side, True, tuple(marks), deal, take)


def preview_at(state: GameState, view: TableView, db: CardDb, card_id: str, character: int,
               shape: Placed, zone: str) -> tuple[SidePreview, ...]:
    """What Move ``card_id``, played by ``character``, would do lying at ``shape`` (table
    mm, the shape of a place from :func:`tabletop.games.conan.moves.legal_targets`) in
    Foe zone ``zone``: one :class:`SidePreview` per long side touching a Foe's Move (two
    for a gap, CONAN-R10), in the order of the Foe Move records.

    Reads the Foe Moves' faces only from ``view`` (the viewer's; see the module
    docstring). Raises ``KeyError`` for a ``card_id`` not in ``db``.
    """
    card = db[card_id]
    faces = known_faces(view)
    out: list[SidePreview] = []
    for rec in bf.moves(state, zone):
        if not rec.foe:
            continue
        foe_shape = bf.move_shape(rec)
        for mine, theirs in touching_sides(shape, foe_shape):
            if mine not in bf.LONG_SIDES or theirs not in bf.LONG_SIDES:
                continue
            pairs = facing_slots(shape, mine, foe_shape, theirs)
            out.append(_side_preview(state, db, faces, card, character, mine, rec, theirs,
                                     pairs))
    return tuple(out)


def placed_previews(state: GameState, view: TableView, db: CardDb, viewer: int
                    ) -> dict[int, tuple[SidePreview, ...]]:
    """The viewer's own placed Conan/Ally Moves (its turn, :data:`PREVIEW_PHASES`): Move
    card instance id -> its :func:`preview_at`. Empty on another seat's turn, in other
    phases, or for a Move whose face the viewer does not see."""
    if state.active != viewer or state.phase not in PREVIEW_PHASES:
        return {}
    faces = known_faces(view)
    out: dict[int, tuple[SidePreview, ...]] = {}
    for rec in bf.moves(state):
        if rec.foe or rec.card not in faces:
            continue
        out[rec.card] = preview_at(state, view, db, faces[rec.card], rec.by,
                                   bf.move_shape(rec), rec.zone)
    return out
