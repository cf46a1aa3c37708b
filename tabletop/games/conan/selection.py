"""Choosing cards worth "at least N, none spare" (CONAN-R5 Major cost, CONAN-R17 renown loss).

A selection is *minimal* when its total reaches ``need`` and no card could be
left out: ``total - smallest < need``. Both the Major Foe cost (Minor Foes
discarded from the Foe hand) and the renown lost on a retreat or a defeated
Ally (Foes returned from the Chronicle) follow this rule.
"""

from __future__ import annotations

from collections.abc import Sequence

#: At most this many selections are listed for bots and hints (checks accept any).
MAX_OPTIONS = 64


def is_minimal(values: Sequence[int], need: int) -> bool:
    """Does a selection with these values reach ``need`` with no card to spare?"""
    if need <= 0:
        return not values
    total = sum(values)
    return total >= need and total - min(values) < need


def minimal_sets(cards: Sequence[tuple[int, str, int]], need: int,
                 limit: int = MAX_OPTIONS) -> list[list[int]]:
    """Minimal selections of ``cards`` (``(iid, card_id, value)``) reaching ``need``.

    Copies of one card are interchangeable, so each listed selection takes the
    first copies. Returns at most ``limit`` selections (largest cards first); an
    empty list when even all the cards fall short.
    """
    if need <= 0:
        return [[]]
    groups: dict[str, list[tuple[int, int]]] = {}
    for iid, cid, value in cards:
        groups.setdefault(cid, []).append((iid, value))
    order = sorted(groups.items(), key=lambda kv: (-kv[1][0][1], kv[0]))
    out: list[list[int]] = []

    def walk(k: int, chosen: list[tuple[int, int]], total: int) -> None:
        if len(out) >= limit:
            return
        if total >= need:
            if is_minimal([v for _, v in chosen], need):
                out.append([i for i, _ in chosen])
            return
        if k == len(order):
            return
        copies = order[k][1]
        for n in range(len(copies), -1, -1):
            picked = copies[:n]
            walk(k + 1, chosen + picked, total + sum(v for _, v in picked))

    walk(0, [], 0)
    return out
