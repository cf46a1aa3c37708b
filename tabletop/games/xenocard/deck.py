"""Drawing, deck damage and the loss by an impossible draw (XENO-R1, XENO-R3).

The deck is the player's life (seed: プレイヤーライフ: デッキそのもの).
"""

from __future__ import annotations

from tabletop.core import piles
from tabletop.core.messages import msg
from tabletop.core.model import EndCause, GameState
from tabletop.games.xenocard.words import seat_msg
from tabletop.games.xenocard.zones import zid


def lose(state: GameState, seat: int) -> None:
    """XENO-R1: ``seat`` had to draw from an empty deck and loses."""
    if state.game_over:
        return
    winner = state.other(seat)
    state.add_log(msg("log.xenocard.cannot_draw", player=seat_msg(seat)))
    state.end_game(winner, EndCause.DECK_OUT)
    state.add_log(msg("log.xenocard.wins", player=seat_msg(winner)))
    state.pending = None


def draw(state: GameState, seat: int, n: int) -> list[int]:
    """Draw ``n`` cards; a draw the deck cannot give loses the game (XENO-R1).

    Only the drawer reads the names (ALL-R2). Returns the cards drawn.
    """
    drawn = piles.draw(state, seat, n, zid(seat, "deck"), zid(seat, "hand"),
                       "log.xenocard.draws", "log.xenocard.draws_seen")
    if len(drawn) < n:
        lose(state, seat)
    return drawn


def damage_deck(state: GameState, seat: int, n: int) -> list[int]:
    """Deck damage: up to ``n`` cards from the top of ``seat``'s deck to the dump (XENO-R3).

    An empty deck takes no more damage; the loss comes at the next draw (XENO-R1, XENO-H11).
    """
    return piles.move_from_top(state, zid(seat, "deck"), zid(seat, "dump"), n)
