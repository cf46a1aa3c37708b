"""A seat's piles: the shuffled decks at set-up, drawing, moving from the top, deck-out.

Every function takes the zone ids and the game's own catalogue keys, so each
game keeps its keys and texts; the logic lives here once. Card names in log
lines are ``card.<id>`` (see :func:`tabletop.core.rules.register_card_names`).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any

from tabletop.core.messages import msg, seat_msg
from tabletop.core.model import EndCause, GameState


def new_decks(state: GameState, decks: Sequence[Mapping[str, Any]],
              deck_zones: Sequence[str], known: Container[str]) -> None:
    """Shuffle each seat's ``"cards"`` list into its deck zone (``deck_zones[seat]``).

    A seat with no entry in ``decks`` gets an empty deck. Instance ids are
    handed out after the shuffle (``GameState.new_pile``). Raises ValueError
    naming the seat and the first card id not in ``known``.
    """
    for seat, zone_id in enumerate(deck_zones):
        cards = list(decks[seat].get("cards", [])) if seat < len(decks) else []
        unknown = [c for c in cards if c not in known]
        if unknown:
            raise ValueError(f"deck of seat {seat}: unknown card id {unknown[0]!r}")
        state.new_pile(zone_id, seat, cards, face_up=True)


def move_from_top(state: GameState, source: str, dest: str, n: int) -> list[int]:
    """Move up to ``n`` cards one by one from the top of ``source`` to ``dest``.

    Stops when ``source`` is empty; returns the cards moved, in order. Raises
    KeyError for an unknown zone id.
    """
    pile = state.zones[source]
    moved: list[int] = []
    for _ in range(n):
        top = pile.top
        if top is None:
            break
        state.move(top, dest)
        moved.append(top)
    return moved


def draw(state: GameState, seat: int, n: int, deck: str, hand: str, log_key: str,
         seen_key: str) -> list[int]:
    """Draw up to ``n`` cards from ``deck`` into ``hand`` and log it; returns the cards drawn.

    Logs nothing when no card came. Every seat reads ``log_key`` (player, n);
    the drawer reads ``seen_key`` (player, n, cards) with the names (ALL-R2).
    Raises KeyError for an unknown zone id.
    """
    drawn = move_from_top(state, deck, hand, n)
    if drawn:
        names = [msg(f"card.{state.cards[i].card_id}") for i in drawn]
        state.add_log(
            msg(log_key, player=seat_msg(seat), n=len(drawn)),
            {seat: msg(seen_key, player=seat_msg(seat), n=len(drawn), cards=names)},
        )
    return drawn


def deck_out(state: GameState, deck_zones: Sequence[str], out_key: str, draw_key: str,
             wins_key: str) -> bool:
    """A seat whose deck (``deck_zones[seat]``) holds 0 cards loses at once; both: a draw.

    Does nothing in a finished game. Logs ``out_key`` (player) for each seat
    out, then ends the game: a draw logs ``draw_key``; a win clears
    ``state.pending`` and logs ``wins_key`` (player). Returns True when it
    ended the game. Raises KeyError for an unknown zone id.
    """
    if state.game_over:
        return False
    out = [s for s, zone_id in enumerate(deck_zones) if not state.zones[zone_id].cards]
    if not out:
        return False
    for seat in out:
        state.add_log(msg(out_key, player=seat_msg(seat)))
    if len(out) == len(deck_zones):
        state.end_game(None, EndCause.DECK_OUT)
        state.add_log(msg(draw_key))
    else:
        winner = state.other(out[0])
        state.end_game(winner, EndCause.DECK_OUT)
        state.pending = None
        state.add_log(msg(wins_key, player=seat_msg(winner)))
    return True
