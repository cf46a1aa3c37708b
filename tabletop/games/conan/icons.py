"""Combat icons: blocking table, Multi-icons, successes and damage (CONAN-R14, R15).

Pure functions over slot lists; *which* slot faces which comes from the
geometry (:mod:`tabletop.games.conan.battlefield`), never from here.

Blocking table (the defender's facing icon against the attacker's icon):

=========  ====================================================
defender   effect
=========  ====================================================
shield     blocks grapple and magic; two-handed becomes glancing
agility    blocks ranged and magic
grapple    blocks grapple
blade      blocks blade
=========  ====================================================

Two-handed, ranged, special and magic only attack; magic counts only for a
character with the ``magic`` ability. A Multi-icon is one attack over several
slots: any slot blocked (or glancing) and the whole Multi fails, otherwise it
counts one success per attack icon. A glancing slot inside a failed Multi still
gives its glancing hit (house ruling CONAN-H2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.games.conan.schema import ATTACK_ICONS

BLOCKS: Mapping[str, frozenset[str]] = {
    "shield": frozenset({"grapple", "magic"}),
    "agility": frozenset({"ranged", "magic"}),
    "grapple": frozenset({"grapple"}),
    "blade": frozenset({"blade"}),
}
GLANCES: Mapping[str, frozenset[str]] = {"shield": frozenset({"two_handed"})}

HIT, BLOCKED, GLANCING = "hit", "blocked", "glancing"


def outcome(attack: str, defence: str) -> str:
    """``hit``, ``blocked`` or ``glancing`` for one attack icon against the facing icon
    (``""`` when no icon faces it: a hit, CONAN-R14)."""
    if attack in GLANCES.get(defence, ()):
        return GLANCING
    if attack in BLOCKS.get(defence, ()):
        return BLOCKED
    return HIT


@dataclass(frozen=True)
class SideResult:
    """One used side's attack: ``successes`` (S) and ``glancing`` hits (G), CONAN-R15."""

    successes: int = 0
    glancing: int = 0

    def damage(self, printed: int) -> int:
        """CONAN-R15: S >= 1: printed + (S - 1) + G; S = 0 and G >= 1: G; else 0."""
        if self.successes >= 1:
            return printed + self.successes - 1 + self.glancing
        return self.glancing


def attack_units(slots: Sequence[str], multis: Sequence[Sequence[int]],
                 magic_ok: bool) -> list[tuple[int, ...]]:
    """The attacks of one side: single attack icons and Multi groups, as slot tuples.

    Magic icons of a character without ``magic`` are no attack (CONAN-R14) and are
    left out, of a Multi too.
    """
    def counts(i: int) -> bool:
        icon = slots[i]
        return icon in ATTACK_ICONS and (magic_ok or icon != "magic")

    grouped = {i for group in multis for i in group}
    units: list[tuple[int, ...]] = []
    for group in multis:
        unit = tuple(i for i in sorted(group) if counts(i))
        if unit:
            units.append(unit)
    units += [(i,) for i in range(len(slots)) if i not in grouped and counts(i)]
    return sorted(units)


def evaluate_side(slots: Sequence[str], multis: Sequence[Sequence[int]], magic_ok: bool,
                  defender: Sequence[str] | None,
                  facing: Mapping[int, int] | None) -> SideResult:
    """The attack of one side against the touching side of an opposing card.

    ``facing`` maps each of this side's slots to the defender's facing slot (from
    the geometry); ``defender`` is the defender's side. ``None`` for both: the card
    touches nothing and every attack succeeds (CONAN-R15, an unanswered Foe).
    """
    s = g = 0
    for unit in attack_units(slots, multis, magic_ok):
        results = []
        for i in unit:
            j = None if facing is None else facing.get(i)
            facing_icon = defender[j] if (defender is not None and j is not None) else ""
            results.append(outcome(slots[i], facing_icon))
        if len(unit) == 1:
            s += results[0] == HIT
            g += results[0] == GLANCING
        elif all(r == HIT for r in results):
            s += len(unit)
        else:
            g += sum(r == GLANCING for r in results)  # CONAN-H2
    return SideResult(s, g)
