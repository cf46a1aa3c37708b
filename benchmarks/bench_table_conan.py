"""Frame-time benchmark of the Conan table with a full battlefield.

Run: ``.venv/bin/python benchmarks/bench_table_conan.py`` (headless, SDL dummy driver).

The table at 1600x900: 12 Foes (three in each zone), 12 Foe Moves, 10 Conan/Ally
Moves (8 for Conan in two zones, one for each of two Allies), full hands, Foe hands,
Chronicles, decks. Prints:

* median and p95 of one whole frame (events, update, draw, widgets);
* the floor: the same card images, pre-rendered, blitted (median, p95) and the ratios;
* p95 of one drag update: a MOUSEMOTION with a Move held over the battlefield plus the
  frame that draws it (the lit places and the snap outline, which is recomputed from
  the card's position every frame), and its ratio to the floor.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
from frame_timing import blit_floor, hover_frames, median_p95  # noqa: E402

from tabletop.core.actions import Action  # noqa: E402
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.games.conan import moves  # noqa: E402

FOES = {"center": ["foe_hill_bandit", "foe_temple_spearman", "foe_mercenary_captain"],
        "left_flank": ["foe_grey_wolf", "foe_cave_ape", "foe_grey_wolf"],
        "right_flank": ["foe_rattling_skeleton", "foe_crypt_ghoul", "foe_rattling_skeleton"],
        "rear": ["foe_ash_imp", "foe_ash_imp", "foe_ash_imp"]}
FREE_MOVES = ["move_parry", "move_shield_block", "move_sidestep"]  # cost 0


def position() -> dict:
    """Foe Move phase of seat 0's turn with every zone full (see the docstring)."""
    zones: dict = {z: [{"card": c, "label": f"{z}{i}"} for i, c in enumerate(ids)]
                   for z, ids in FOES.items()}
    zones.update({
        "conan": [{"card": "conan_wanderer", "label": "conan"}],
        "p0.side": [{"card": "ally_hired_archer", "label": "a1"},
                    {"card": "ally_pirate_swordswoman", "label": "a2"}],
        "p0.hand": [FREE_MOVES[i % 3] for i in range(17)],
        "p1.hand": [FREE_MOVES[i % 3] for i in range(19)],
        "p1.foe_hand": ["foe_grey_wolf", "foe_cave_ape", "foe_hill_bandit"],
        "p0.chronicle": ["foe_ash_imp", "foe_grey_wolf", "foe_crypt_ghoul", "foe_cult_acolyte"],
        "p1.chronicle": ["foe_hill_bandit", "foe_rattling_skeleton"],
        "p0.deck": ["move_parry"] * 20, "p1.deck": ["move_parry"] * 20,
        "p0.discard": ["move_slash"] * 3, "p1.discard": ["move_cleave"] * 2,
        "p0.foe_deck": ["foe_hill_bandit"] * 15, "p1.foe_deck": ["foe_hill_bandit"] * 12,
        "p0.foe_discard": ["foe_grey_wolf"], "p1.foe_discard": ["foe_ash_imp"],
    })
    return {"turn": 7, "active": 0, "phase": "foe_move", "zones": zones}


def full_game() -> Game:
    """The position with all 12 Foe Moves and 10 Conan/Ally Moves placed."""
    rules = load_rules("conan")
    game = Game(rules, GameSetup("conan", seed=5, position=position()))
    state, db = game.state, rules.cards
    for foe in list(moves.foes_without_move(state, db)):
        card = state.zones["p1.hand"].cards[0]
        assert game.propose(Action.make("place_foe_move", 1, card=card, foe=foe)).ok
    assert game.propose(Action.make("next_phase", 1)).ok
    labels = state.data["labels"]
    placed = 0
    for who, limit in ((labels["conan"], 8), (labels["a1"], 1), (labels["a2"], 1)):
        for _ in range(limit):
            targets = [t for t in moves.legal_targets(state, db, 0, who)
                       if who != labels["conan"] or t.zone in ("center", "left_flank")]
            card = state.zones["p0.hand"].cards[0]
            action = next(a for t in targets for a in [Action.make(
                "place_move", 0, card=card, character=who, target=t.id)] if game.check(a).ok)
            assert game.propose(action).ok
            placed += 1
    assert placed == 10 and len(state.zones["moves"].cards) == 22
    return game


def bench(frames: int = 300) -> None:
    """Print the numbers (see the module docstring)."""
    from tabletop import i18n
    from tabletop.ui.app import App
    from tabletop.ui.table import TableScene

    i18n.set_language("en")
    app = App((1600, 900))
    game = full_game()
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    for _ in range(10):
        app.frame(1 / 60)
    med, p95 = hover_frames(app, frames)
    fmed, fp95, n_cards = blit_floor(app, scene, frames)
    hand = next(s for s in scene.sprites if s.zone == "p0.hand")
    start = hand.rect.center
    scene.pick_up(hand.iid, start)
    assert scene.ui.plan is not None
    drag = []
    centre = scene.viewport.to_px(420, 300)
    for i in range(frames):
        pos = (round(centre[0]) - i % 200, round(centre[1]) - i % 150)
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(-1, -1), buttons=(1, 0, 0),
                                touch=False)
        t0 = time.perf_counter()
        app.dispatch(ev)
        scene.draw(app.screen)
        drag.append((time.perf_counter() - t0) * 1000)
    _dmed, dp95 = median_p95(drag)
    print(f"cards on the table: {n_cards} drawn, {len(scene.sprites)} in all "
          f"(moves: {len(game.state.zones['moves'].cards)})")
    print(f"frame:      median {med:.2f} ms   p95 {p95:.2f} ms")
    print(f"blit floor: median {fmed:.2f} ms   p95 {fp95:.2f} ms")
    print(f"ratio:      median {med / fmed:.1f}x   p95 {p95 / fp95:.1f}x")
    print(f"drag update (motion + draw): p95 {dp95:.2f} ms   ratio to floor p95 "
          f"{dp95 / fp95:.1f}x")
    app.shutdown()


if __name__ == "__main__":
    bench()
