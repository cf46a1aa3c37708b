"""How a 絵師100人展 game is won, and the draw that can end it (seed: 勝利条件; ESHI-R6, ESHI-H8).

Below the turn sequence and the abilities: both end games through here, so neither
imports the other for it.
"""

from __future__ import annotations

from tabletop.core import piles
from tabletop.core.messages import msg
from tabletop.core.model import EndCause, GameState
from tabletop.games.eshi100.words import seat_msg
from tabletop.games.eshi100.zones import SEATS, zid

POINTS_TO_WIN = 3

def draw(state: GameState, seat: int, n: int) -> list[int]:
    """Draw up to ``n`` cards; the drawer reads the names, the other seat the count.

    Stops, and ends the game, the moment the deck holds 0 cards (ESHI-R6).
    """
    drawn = piles.draw(state, seat, n, zid(seat, "deck"), zid(seat, "hand"),
                       "log.eshi100.draws", "log.eshi100.draws_seen")
    check_deck_out(state)
    return drawn


def check_deck_out(state: GameState) -> None:
    """ESHI-R6: a player whose deck holds 0 cards loses at once (both: a draw)."""
    piles.deck_out(state, [zid(s, "deck") for s in SEATS], "log.eshi100.deck_out",
                   "log.eshi100.draw_game", "log.eshi100.wins")


def win(state: GameState, seat: int) -> None:
    """End the game with ``seat`` as the winner (three victory points, ESHI-R6)."""
    state.end_game(seat, EndCause.POINTS)
    state.pending = None
    state.add_log(msg("log.eshi100.wins", player=seat_msg(seat)))


def card_victory(state: GameState, seat: int, card: object) -> None:
    """End the game with ``seat`` as the winner by the victory condition printed on
    ``card`` (a card name message; seed 勝利条件: 特定カードに記載された勝利条件)."""
    if state.game_over:
        return
    state.end_game(seat, EndCause.CARD_VICTORY)
    state.pending = None
    state.add_log(msg("log.eshi100.card_victory", player=seat_msg(seat), card=card))


def points(state: GameState, seat: int) -> int:
    """Victory points: the cards in ``seat``'s victory pile."""
    return len(state.zones[zid(seat, "victory")].cards)


def check_points(state: GameState) -> None:
    """Seed 勝利条件: 3 victory points win at once."""
    if state.game_over:
        return
    for seat in SEATS:
        if points(state, seat) >= POINTS_TO_WIN:
            win(state, seat)
            return
