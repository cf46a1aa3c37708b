"""The user's own card files joined to a game's rules (issue 16).

:func:`tabletop.core.rules.load_rules` calls :func:`with_user_cards` on the rules of
the game's own card files: every sound file of ``userdirs.folder(Kind.CARDS, game)``
joins them (read one at a time by :func:`tabletop.core.deck_pool.load_pool`: the
schema, the game's ability words ``rules.vocabulary``, the game's own checks, no id the
game already has, a ``same_as`` naming a card); a broken one is left out and named in
``rules.user_problems`` (file, card, field: ``ability[0].what[1].amount``), never
raised. Kept apart from
:mod:`tabletop.user_content` (lessons, pictures, the menu's list) so that the rules
import nothing that imports them.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

from tabletop.userdirs import Kind, folder, root

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules

__all__ = ["relative", "with_user_cards"]

log = logging.getLogger(__name__)
#: The problems already logged by this process (the rules load several times a run).
_logged: set[str] = set()


def relative(text: str) -> str:
    """``text`` with the user folder's path left out of every file it names
    (``/home/ana/.local/share/tabletop/cards/arc/x.toml`` -> ``cards/arc/x.toml``)."""
    return text.replace(os.path.join(str(root()), ""), "")


def with_user_cards(rules: GameRules) -> GameRules:
    """``rules`` over the game's cards plus every sound card file of
    ``userdirs.folder(Kind.CARDS, rules.game_id)``; ``user_card_ids`` and
    ``user_problems`` set on the result. Returns ``rules`` itself when the user has no
    sound card file. Never raises for a user file (a broken one is left out and named
    in ``user_problems``)."""
    from tabletop.core.deck_pool import load_pool

    try:
        pool = load_pool(rules)
    except Exception as exc:  # noqa: BLE001 - the user's folder must never stop the program
        log.error("user cards of %s not read: %s", rules.game_id, exc)
        rules.user_problems = (relative(f"{folder(Kind.CARDS, rules.game_id)}: {exc}"),)
        return rules
    problems = tuple(relative(p) for p in pool.problems)
    for problem in problems:
        if problem not in _logged:
            _logged.add(problem)
            log.warning("user card file left out: %s", problem)
    if not pool.user_ids:
        rules.user_problems = problems
        return rules
    merged = rules.with_cards(pool.cards)
    merged.user_card_ids = pool.user_ids
    merged.user_problems = problems
    return merged
