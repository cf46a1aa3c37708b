"""Write or check the golden record of seeded bot games (behaviour must not change).

    .venv/bin/python tools/golden_botgames.py          # check against tests/golden/botgames.json
    .venv/bin/python tools/golden_botgames.py --write  # record anew (a deliberate rules change)
    .venv/bin/python tools/golden_botgames.py --write --game xenocard  # only that game's

For each game and seed, the game's own bots play a capped game; the record is a
SHA-256 of what a player could observe: every action (JSON), and after each one
the table (zones, cards with face, tap and counters), turn, phase, step, result
and the log as rendered in English for both seats. Internal representations
(``state.data``, dataclass reprs) are not part of it, so a refactoring that keeps
behaviour keeps the record.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tabletop.core import selfplay  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import game_ids, load_rules  # noqa: E402

GOLDEN = REPO / "tests" / "golden" / "botgames.json"
SEEDS = (1, 2, 3)
MAX_ACTIONS = 400


def observable(game: Game) -> list[Any]:
    """What a player could observe of the table now (see the module docstring)."""
    state = game.state
    zones = [[zid, [[c.card_id, c.owner, c.face_up, c.tapped, sorted(c.counters.items())]
                    for c in (state.cards[i] for i in zone.cards)]]
             for zid, zone in sorted(state.zones.items())]
    logs = [[entry.for_seat(s).render("en") for s in (0, 1)] for entry in state.log]
    return [state.turn, state.active, str(state.phase), str(state.step), state.winner,
            str(state.result), zones, logs]


def record(game_id: str, seed: int) -> str:
    """The SHA-256 of one seeded bot game (see the module docstring)."""
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, seed, decks))
    bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
    digest = hashlib.sha256()
    for _ in range(MAX_ACTIONS):
        if game.state.game_over:
            break
        action = bots[rules.acting_seat(game.state)].choose(game)
        verdict = game.propose(action)
        assert verdict.ok, (game_id, seed, action, verdict.reason)
        digest.update(json.dumps([action.to_json(), observable(game)], sort_keys=True,
                                 ensure_ascii=False, default=str).encode())
    return digest.hexdigest()


def records(games: list[str] | None = None) -> dict[str, str]:
    """The records of ``games`` (default: every game), keyed ``<game>/<seed>``."""
    return {f"{g}/{s}": record(g, s) for g in (games or game_ids()) for s in SEEDS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record anew")
    parser.add_argument("--game", action="append", choices=game_ids(),
                        help="only this game (repeatable); the others' records are kept")
    args = parser.parse_args()
    now = records(args.game)
    old = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    if args.write:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        merged = {**old, **now}
        GOLDEN.write_text(json.dumps(merged, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")
        return 0
    changed = sorted(k for k in now if old.get(k) != now[k])
    print("unchanged" if not changed else "changed: " + ", ".join(changed))
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
