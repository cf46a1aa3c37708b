"""Bot-versus-bot games, headless, and how they ended.

Each game's rules supply their bot (``GameRules.make_bot``) and name the cause
of a finished game (``GameRules.end_cause``: "renown", "defeat", "deck_out"...).
A game stopped by the action or turn cap has no result: it is counted apart as
a cap hit and never as a win, loss or draw.
"""

from __future__ import annotations

import importlib
import random
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from tabletop.core.bot import play_game
from tabletop.core.decks import Deck
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, GameSetup


@dataclass(frozen=True)
class GameRecord:
    """One self-play game: its seed, how it ended ("cap" when it did not), turns, actions."""

    seed: int
    cause: str
    winner: int | None
    turns: int
    actions: int

    @property
    def capped(self) -> bool:
        """True when the cap stopped the game before it had a result."""
        return self.cause == "cap"


@dataclass
class SelfplayReport:
    """The records of a self-play run, with the totals the CLI prints."""

    game: str
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def causes(self) -> Counter[str]:
        """Finished games per cause (cap hits excluded)."""
        return Counter(r.cause for r in self.records if not r.capped)

    @property
    def caps(self) -> int:
        """Games stopped by the cap."""
        return sum(1 for r in self.records if r.capped)

    @property
    def wins(self) -> list[int]:
        """Wins per seat."""
        counts = [0, 0]
        for record in self.records:
            if record.winner is not None and not record.capped:
                counts[record.winner] += 1
        return counts

    def summary(self) -> str:
        """One line: games, results by cause, wins per seat, cap hits, speed."""
        n = len(self.records)
        causes = ", ".join(f"{k}={v}" for k, v in sorted(self.causes.items())) or "none"
        rate = n / self.seconds if self.seconds > 0 else 0.0
        return (f"summary: {n} games; ended by: {causes}; wins p0={self.wins[0]} "
                f"p1={self.wins[1]}; cap hits (no result, not counted)={self.caps}; "
                f"{rate:.1f} games/s")


def setup_for(rules: GameRules, seed: int, decks: Mapping[str, Deck]) -> GameSetup:
    """A seeded set-up: two ready-made decks and the first seat drawn from ``seed``."""
    rng = random.Random(seed)
    ids = sorted(decks)
    chosen = [decks[rng.choice(ids)] for _ in range(2)]
    return GameSetup(
        rules.game_id, seed, rng.randrange(2),
        tuple({p: d.card_list(p) for p in d.sections} for d in chosen),
        tuple(d.id for d in chosen),
    )


def play_one(rules: GameRules, seed: int, decks: Mapping[str, Deck], max_actions: int,
             max_turns: int) -> tuple[Game, GameRecord]:
    """Play one seeded game between the game's own bots. Raises BotError on a rules bug."""
    setup = setup_for(rules, seed, decks)
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    game = play_game(rules, setup, bots, max_actions, max_turns=max_turns, track_reveals=False)
    state = game.state
    cause = rules.end_cause(state) if state.game_over else "cap"
    winner = state.winner if state.game_over else None
    return game, GameRecord(seed, cause, winner, state.turn, len(game.history))


def bot_game(rules: GameRules, seed: int, moves: int,
             decks: Mapping[str, Deck] | None = None, unfinished: bool = False) -> Game:
    """A seeded game between the game's own bots, ``moves`` actions in (fewer if it ended
    first; with ``unfinished``, stopped one action before its end, so a table is still
    being played): the set-up of :func:`setup_for` over ``decks`` (default: the game's
    ready-made decks) and the bots of :func:`play_one`. The one way tests and benchmarks
    reach "a game some way in". Raises AssertionError when the rules refuse a bot's move
    (a rules bug)."""
    if decks is None:
        decks = importlib.import_module(f"tabletop.games.{rules.game_id}").load_decks()
    setup = setup_for(rules, seed, decks)
    game = Game(rules, setup)
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    for _ in range(moves):
        if game.state.game_over:
            break
        action = bots[rules.acting_seat(game.state)].choose(game)
        verdict = game.propose(action)
        assert verdict.ok, (rules.game_id, seed, action, verdict.reason)
    if unfinished and game.state.game_over:
        played, game = list(game.actions), Game(rules, setup)
        for action in played[:-1]:
            game.propose(action)
    return game


def run_selfplay(rules: GameRules, decks: Mapping[str, Deck], games: int, seed: int,
                 max_actions: int = 6000, max_turns: int = 150) -> SelfplayReport:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``... and report them.

    Raises ValueError when there are no decks; BotError on a rules bug.
    """
    if not decks:
        raise ValueError(f"{rules.game_id}: no ready-made decks to play with")
    report = SelfplayReport(rules.game_id)
    start = time.perf_counter()
    for n in range(games):
        report.records.append(play_one(rules, seed + n, decks, max_actions, max_turns)[1])
    report.seconds = time.perf_counter() - start
    return report
