"""Frame-time benchmark of the Arc table (and the README screenshots).

Run: ``.venv/bin/python benchmarks/bench_table.py`` (headless, SDL dummy driver).

Prints, for a full table at 1600x900 (both seats with 8 characters, 8
resources, full hands and discard piles):

* median and p95 time of one whole frame (events, update, draw, widgets);
* the same for blitting the same number of pre-rendered card images (the floor);
* their ratio;
* p95 of one mouse-motion update during a drag (handling one MOUSEMOTION event).

``--screenshots DIR`` renders the table pictures used by the README instead
(1280x720): ``arc_table.png``, ``arc_preview.png``, ``arc_drag.png``, ``arc_cover.png``,
``arc_blockers.png``.
"""

from __future__ import annotations

import argparse
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

CHARS_0 = ["red_spark_squire", "red_ash_raider", "red_flame_duelist", "red_cinder_hound",
           "red_ember_knight", "red_lava_brute", "green_thorn_scout", "green_oak_sentinel"]
CHARS_1 = ["blue_mist_acolyte", "blue_reef_lurker", "blue_tide_caller", "blue_frost_warden",
           "blue_night_siren", "blue_storm_mage", "green_bramble_wolf", "green_swamp_hag"]
HAND_0 = ["red_phoenix_queen", "red_battle_cry", "red_firestorm", "red_ember_hills",
          "green_barkskin", "red_raid", "green_regrowth"]
HAND_1 = ["blue_deep_kraken", "blue_chill", "blue_undertow", "blue_tide_pool",
          "blue_tidal_shield", "blue_drown", "green_entangle"]


def full_position(turn: int = 7, phase: str = "main", combat: bool = False) -> dict:
    """Both seats with 8 characters, 8 resources, 7 cards in hand, discards, decks.

    With ``combat``: seat 0 attacks with two characters, seat 1 blocked one and
    played a combat card, and seat 0 now decides on its own combat card.
    """
    def res(colour: str, other: str, tapped: int) -> list:
        cards = [colour] * 5 + [other] * 3
        return [{"card": c, "tapped": i < tapped} for i, c in enumerate(cards)]

    def chars(ids: list[str], seat: int, tapped: set[int]) -> list:
        return [{"card": c, "tapped": i in tapped, "label": f"c{seat}{i}"}
                for i, c in enumerate(ids)]

    hand_1 = list(HAND_1)
    position = {
        "turn": turn, "active": 0, "phase": phase,
        "zones": {
            "p0.characters": chars(CHARS_0, 0, {1, 4} | ({0, 2} if combat else set())),
            "p1.characters": chars(CHARS_1, 1, {2} | ({3} if combat else set())),
            "p0.resources": res("red_ember_hills", "green_wildwood", 3),
            "p1.resources": res("blue_tide_pool", "green_wildwood", 1 if combat else 0),
            "p0.hand": HAND_0, "p1.hand": hand_1,
            "p0.deck": ["red_spark_squire"] * 14, "p1.deck": ["blue_mist_acolyte"] * 11,
            "p0.discard": ["red_ash_raider", "red_scorch", "green_thorn_scout"],
            "p1.discard": ["blue_chill", "blue_reef_lurker"],
        },
        "data": {"resource_played": True},
    }
    if combat:
        position["phase"], position["step"] = "attack", "combat_card"
        hand_1.remove("blue_chill")
        position["zones"]["p1.combat"] = ["blue_chill"]
        position["data"]["combat"] = {"attackers": ["$c00", "$c02"], "blocks": [["$c13", "$c02"]],
                                      "mods": [["$c02", -2]], "answered": [1]}
    return position


def make_game(position: dict) -> Game:
    """An Arc game starting at ``position``."""
    rules = load_rules("arc")
    return Game(rules, GameSetup("arc", seed=5, position=position))


def _app(size: tuple[int, int]):  # noqa: ANN202
    from tabletop import i18n
    from tabletop.ui.app import App

    i18n.set_language("en")
    return App(size)


def bench(frames: int = 300) -> None:
    """Print the frame-time numbers (see the module docstring)."""
    from tabletop.ui.table import TableScene

    app = _app((1600, 900))
    game = make_game(full_position())
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    for _ in range(10):
        app.frame(1 / 60)
    med, p95 = hover_frames(app, frames)
    fmed, fp95, n_cards = blit_floor(app, scene, frames)
    # One mouse-motion update during a drag.
    hand = next(s for s in scene.sprites if s.zone == "p0.hand")
    start = hand.rect.center
    scene.pick_up(hand.iid, start)
    motion = []
    for i in range(frames):
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - i % 300, start[1] - i % 200),
                                rel=(-1, -1), buttons=(1, 0, 0), touch=False)
        t0 = time.perf_counter()
        app.dispatch(ev)
        motion.append((time.perf_counter() - t0) * 1000)
    scene.cancel_drag()
    t0 = time.perf_counter()
    scene.pick_up(hand.iid, start)
    pick = (time.perf_counter() - t0) * 1000
    scene.cancel_drag()
    _, mp95 = median_p95(motion)
    print(f"cards drawn per frame: {n_cards} (1600x900, SDL dummy driver)")
    print(f"table frame   median {med:6.2f} ms   p95 {p95:6.2f} ms")
    print(f"blit floor    median {fmed:6.2f} ms   p95 {fp95:6.2f} ms")
    print(f"ratio (median frame / median floor): {med / fmed:5.2f}")
    print(f"drag motion update p95 {mp95 * 1000:7.1f} us   (pick-up with legal targets: "
          f"{pick:5.2f} ms)")
    app.shutdown()


def screenshots(folder: Path) -> None:
    """Render the README pictures at 1280x720."""
    from tabletop.ui.table import TableScene

    folder.mkdir(parents=True, exist_ok=True)

    def shoot(app, name: str) -> None:  # noqa: ANN001
        app.frame(1 / 60)
        pygame.image.save(app.screen, str(folder / name))
        print("wrote", folder / name)

    # Mid-game table in a combat, a hover preview, and a drag in progress.
    app = _app((1280, 720))
    game = make_game(full_position(combat=True))
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    app.frame(1 / 60)
    shoot(app, "arc_table.png")
    knight = next(s for s in scene.sprites if s.card.card_id == "blue_storm_mage")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=knight.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0), touch=False))
    shoot(app, "arc_preview.png")
    cry = next(s for s in scene.sprites if s.card.card_id == "red_battle_cry")
    scene.pick_up(cry.iid, cry.rect.center)
    scene.drag.motion((cry.rect.centerx + 150, cry.rect.centery - 150))
    shoot(app, "arc_drag.png")
    scene.cancel_drag()
    app.shutdown()
    app = _app((1280, 720))
    game = make_game(full_position())
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    app.frame(1 / 60)
    # The hot-seat cover when the turn passes.
    print("end turn:", game.propose(Action.make("end_turn", 0)))
    shoot(app, "arc_cover.png")
    app.shutdown()
    # Blockers: player 1 attacked, player 2 chooses (after the cover).
    app = _app((1280, 720))
    pos = full_position(phase="attack")
    game = make_game(pos)
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    attackers = [s.iid for s in scene.sprites if s.zone == "p0.characters"
                 and not s.card.tapped][:3]
    game.propose(Action.make("attack", 0, attackers=attackers))
    app.frame(1 / 60)
    top = app.stack.top
    if top is not scene:
        top.dismiss()
    blockers = [s.iid for s in scene.sprites if s.zone == "p1.characters"
                and not s.card.tapped]
    scene.decisions.assign = {blockers[0]: attackers[0], blockers[1]: attackers[0],
                              blockers[3]: attackers[2]}
    scene.decisions.picked = blockers[4]
    scene._panel = None
    shoot(app, "arc_blockers.png")
    app.shutdown()


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--screenshots", type=Path, default=None)
    args = parser.parse_args()
    if args.screenshots is not None:
        screenshots(args.screenshots)
    else:
        bench(args.frames)


if __name__ == "__main__":
    main()
