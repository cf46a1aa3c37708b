"""A move told in its author's words reads in the reader's: 絵師100人展 names squares
from each seat's own side (ESHI-R1 grid, the labels beside it), so the computer's
announcement of player 2's move names the square as player 1 sees it."""

from __future__ import annotations

import pytest

from tabletop.core.messages import msg, seat_msg
from tabletop.core.rules import game_ids, load_rules
from tabletop.games.eshi100.words import square_msg


def test_eshi100_r1_player_2s_a1_is_player_1s_d4() -> None:
    rules = load_rules("eshi100")
    told = msg("player.does.x", player=seat_msg(1), square=square_msg(0, 1))
    assert square_msg(0, 1).render("en") != square_msg(0, 0).render("en")
    read = rules.reorient(told, author=1, reader=0)
    assert dict(read.params)["square"] == square_msg(0, 0)
    assert rules.reorient(read, author=0, reader=1) == told


@pytest.mark.parametrize("game", game_ids())
def test_a_message_read_by_its_author_is_unchanged(game: str) -> None:
    rules = load_rules(game)
    told = msg("player.does.x", player=seat_msg(0), square=square_msg(5, 0))
    assert rules.reorient(told, author=0, reader=0) == told
