"""Drawing from the draw deck and the Foe deck, with reshuffles (CONAN-R3).

Seed: ライブラリアウト 無し（それぞれに対応する捨て札を再使用）: an empty draw
deck takes the shuffled discard pile, an empty Foe deck the shuffled Foe
discard. When both are empty the draw stops short (never a loss by itself).
"""

from __future__ import annotations

from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.conan.words import card_msg, seat_msg
from tabletop.games.conan.zones import zid

#: deck kind -> (discard kind, hand kind)
PILES = {"deck": ("discard", "hand"), "foe_deck": ("foe_discard", "foe_hand")}


def reshuffle(state: GameState, seat: int, deck: str) -> bool:
    """Shuffle the matching discard into an empty deck (CONAN-R3); True if any card came."""
    discard = zid(seat, PILES[deck][0])
    cards = list(state.zones[discard].cards)
    if not cards:
        return False
    for iid in cards:
        state.move(iid, zid(seat, deck))
    state.shuffle(zid(seat, deck))
    state.add_log(msg(f"log.conan.reshuffle_{deck}", player=seat_msg(seat), n=len(cards)))
    return True


def take_top(state: GameState, seat: int, deck: str = "deck") -> int | None:
    """The top card of a deck (reshuffling first if it is empty), or None."""
    pile = state.zones[zid(seat, deck)]
    if not pile.cards and not reshuffle(state, seat, deck):
        return None
    return pile.cards[-1]


def draw(state: GameState, seat: int, n: int, deck: str = "deck") -> list[int]:
    """Draw ``n`` cards into the matching hand; returns the cards drawn.

    The drawer reads the names; the other seat reads only the count (ALL-R2).
    """
    drawn: list[int] = []
    hand = zid(seat, PILES[deck][1])
    for _ in range(max(0, n)):
        top = take_top(state, seat, deck)
        if top is None:
            break
        state.move(top, hand)
        drawn.append(top)
    if drawn:
        names = [card_msg(state.cards[i].card_id) for i in drawn]
        key = "log.conan.draws" if deck == "deck" else "log.conan.draws_foes"
        state.add_log(msg(key, player=seat_msg(seat), n=len(drawn)),
                      {seat: msg(key + "_seen", player=seat_msg(seat), cards=names)})
    return drawn
