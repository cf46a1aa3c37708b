"""A game's own card checks, every problem of every card told (QA15b #1).

Each game checks its card set beyond the schema (Arc's ability limits, Conan's icons
and abilities, 絵師100人展's connectors, Xenocard's level-ups: ``deck_pool._EXTRA_CHECKS``)
with one function over a :class:`~tabletop.core.cards.CardDb` that raises
:class:`~tabletop.core.cards.CardDataError` (or :class:`~tabletop.core.cards.CardProblems`
for several problems of one card) for the first card it refuses. ``tabletop validate``
and the menu's list of a broken user file want every problem, including those of a
card whose fields are broken too: a colour ``"pink"`` must not hide a chosen target on
an ``attacks`` trigger. Here:

- :func:`sound_problems` runs the check over sound cards again and again, each refused
  card left out and its problems kept, until the rest pass;
- :func:`broken_problems` runs it over one broken card (its sound fields and abilities
  only, :func:`~tabletop.core.cards.collect_cards` ``broken=``) among cards that pass,
  leaving out what the check says about a field already told broken (``ability`` when
  ``ability[0].when`` was refused: the card seemed to do nothing only because its
  ability was left out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from tabletop.core.cards import CardDataError, CardDb, CardDef, CardProblems

__all__ = ["Check", "broken_problems", "every_problem", "related", "sound_problems"]

#: A game's own check over a card set; raises CardDataError for a card it refuses.
Check = Callable[[CardDb], object]


def related(a: str, b: str) -> bool:
    """Whether the field paths ``a`` and ``b`` are one field or one holds the other:
    ``ability`` and ``ability[0].when``, ``connectors`` and ``connectors.top_left``
    (not ``ability[1]`` and ``ability[10]``)."""
    if a == b:
        return True
    outer, inner = (a, b) if len(a) < len(b) else (b, a)
    return inner.startswith(outer) and inner[len(outer)] in ".["


def _every(exc: CardDataError) -> tuple[CardDataError, ...]:
    return exc.problems if isinstance(exc, CardProblems) else (exc,)


def sound_problems(check: Check, game: str, context: Iterable[CardDef],
                   cards: dict[str, CardDef]) -> list[CardDataError]:
    """Every problem ``check`` finds in ``cards`` (sound cards by id) among ``context``
    (the game's own and other cards that are not being checked). Each card refused
    is removed from ``cards`` (it is broken) and the check run again over the rest,
    so a refused card does not hide the next one. A problem of a ``context`` card
    ends the search (it is not the files' to tell) and is not returned."""
    others = list(context)
    problems: list[CardDataError] = []
    while True:
        try:
            check(CardDb(game, [*others, *cards.values()]))
            return problems
        except CardDataError as exc:
            if exc.card not in cards:
                return problems
            problems.extend(one for one in _every(exc) if one.card == exc.card)
            del cards[exc.card]


def broken_problems(check: Check, game: str, context: Sequence[CardDef], card: CardDef,
                    told: Sequence[str]) -> list[CardDataError]:
    """What ``check`` says of ``card``, a card already found broken (``told``: the
    fields of its problems), among ``context`` (cards that pass the check; one with ``card``'s id is
    left out). A problem on a field related to one told (:func:`related`) is left out,
    and so is everything when the check cannot read the card at all (a field it needs
    was refused: a KeyError or TypeError of the check)."""
    others = [c for c in context if c.id != card.id]
    try:
        check(CardDb(game, [*others, card]))
    except CardDataError as exc:
        if exc.card != card.id:
            return []
        return [one for one in _every(exc) if one.card == card.id
                and not any(related(one.field, where) for where in told)]
    except (KeyError, TypeError, AttributeError):  # the check read a field that was refused
        return []
    return []


def every_problem(check: Check | None, game: str, context: Iterable[CardDef],
                  sound: Sequence[CardDef], broken: Sequence[CardDef],
                  told: Sequence[CardDataError]) -> list[CardDataError]:
    """Every problem of one card file: ``told`` (its fields' and abilities', from
    :func:`~tabletop.core.cards.collect_cards`) and what ``check`` says of its
    ``sound`` cards and of its ``broken`` ones (their sound parts), among ``context``
    (the game's own cards), each card's problems together in the order first told."""
    found = list(told)
    if check is not None:
        others = list(context)
        mine = {card.id: card for card in sound}
        found += sound_problems(check, game, others, mine)
        passed = [*others, *mine.values()]
        for card in broken:
            fields = [one.field for one in told if one.card == card.id]
            found += broken_problems(check, game, passed, card, fields)
    first: dict[str, int] = {}
    for n, one in enumerate(found):
        first.setdefault(one.card, n)
    return sorted(found, key=lambda one: first[one.card])
