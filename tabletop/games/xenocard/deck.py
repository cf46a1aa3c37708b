"""Drawing, deck damage and the loss by an impossible draw (XENO-R1, XENO-R3).

The deck is the player's life (seed: プレイヤーライフ: デッキそのもの).
"""

from __future__ import annotations

from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard.words import card_msg, seat_msg
from tabletop.games.xenocard.zones import zid


def lose(state: GameState, seat: int) -> None:
    """XENO-R1: ``seat`` had to draw from an empty deck and loses."""
    if state.game_over:
        return
    winner = state.other(seat)
    state.add_log(msg("log.xenocard.cannot_draw", player=seat_msg(seat)))
    state.end_game(winner)
    state.add_log(msg("log.xenocard.wins", player=seat_msg(winner)))
    state.pending = None


def draw(state: GameState, seat: int, n: int) -> list[int]:
    """Draw ``n`` cards; a draw the deck cannot give loses the game (XENO-R1).

    Only the drawer reads the names (ALL-R2). Returns the cards drawn.
    """
    deck = state.zones[zid(seat, "deck")]
    drawn: list[int] = []
    for _ in range(n):
        top = deck.top
        if top is None:
            break
        state.move(top, zid(seat, "hand"))
        drawn.append(top)
    if drawn:
        names = [card_msg(state.cards[i].card_id) for i in drawn]
        state.add_log(
            msg("log.xenocard.draws", player=seat_msg(seat), n=len(drawn)),
            {seat: msg("log.xenocard.draws_seen", player=seat_msg(seat), n=len(drawn),
                       cards=names)},
        )
    if len(drawn) < n:
        lose(state, seat)
    return drawn


def damage_deck(state: GameState, seat: int, n: int) -> list[int]:
    """Deck damage: up to ``n`` cards from the top of ``seat``'s deck to the dump (XENO-R3).

    An empty deck takes no more damage; the loss comes at the next draw (XENO-R1, XENO-H11).
    """
    deck = state.zones[zid(seat, "deck")]
    lost: list[int] = []
    for _ in range(max(0, n)):
        top = deck.top
        if top is None:
            break
        state.move(top, zid(seat, "dump"))
        lost.append(top)
    return lost
