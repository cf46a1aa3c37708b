"""``tabletop --smoke``'s look at the user folder (issue 16): the installation reads the
user's own cards and draws their pictures (a bundle keeps SDL_image for PNG and JPEG).
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["smoke_lines"]


def smoke_lines(fonts: Any) -> list[str]:
    """``tabletop --smoke``'s check of the user folder: a line naming it with its count
    of user cards and of files left out, then ``drew the <game> card <id> with its
    picture`` for each card with a picture that was drawn from it (``fonts``: the
    window's font source). Never raises for a user file (an unreadable picture is told
    as one of its lines)."""
    from tabletop.core.rules import game_ids, load_rules
    from tabletop.core.user_cards import relative
    from tabletop.ui.card_render import CardRenderer
    from tabletop.userdirs import root

    drawn: list[str] = []
    cards = problems = 0
    for game in game_ids():
        rules = load_rules(game)
        cards += len(rules.user_card_ids)
        problems += len(rules.user_problems)
        renderer = CardRenderer(fonts, rules.cards)
        for cid in sorted(rules.cards):
            path = renderer.images.path_of(game, cid)
            if path is None:
                continue
            if renderer.images.source(path) is None:
                drawn.append(f"could not read {relative(str(path))}")
                continue
            renderer.images.face(renderer, cid, 120, 168, "en")
            drawn.append(f"drew the {game} card {cid} with its picture")
    head = f"user folder {root()}: {cards} user cards, {problems} card files left out"
    # a console that cannot print the folder's name (a Japanese user name on a cp1252
    # console) gets it escaped rather than a failed smoke test
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return [line.encode(encoding, "backslashreplace").decode(encoding)
            for line in (head, *drawn)]
