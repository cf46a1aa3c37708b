"""A storm of random mouse and key events through the real window, for every game.

The storm is what a careless or hostile user does: presses, drags and releases
at random points (on cards, zones and buttons, and outside the window), and the
keys of the table (free mode F, Ctrl+Z, Ctrl+Y, Space, N, E, T, Esc, Enter,
digits and the plugins' letters). Free mode is part of it, so cards land where
no rule would put them (ALL-R3). After every batch of events the storm checks:

* no exception escaped the window;
* the number of cards is the one the game started with, each card in one zone;
* every zone is within its capacity, or is listed by
  :meth:`GameState.zones_over_capacity` (only free-mode moves may overfill);
* the state equals a replay of its own actions from the set-up (ALL-R1).

When the storm presses the Menu button the table is left; the game is then
resumed from its autosave, exactly as a user would (Resume). A finished game is
followed by a new one. The short storm runs by default (a few thousand events a
game: 2,500); ``pytest -m soak`` runs 100,000 events a game.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui
import pytest
from ui_helpers import make_app

from tabletop.core.engine import Game, replay
from tabletop.core.persistence import load_save
from tabletop.ui.games import has_game_ui
from tabletop.ui.menu import GameChoice
from tabletop.ui.table import TableScene

GAMES = ("arc", "conan", "eshi100", "xenocard")
#: Seconds a storm frame lasts: long enough for the hand-over cover to arm and
#: for playbacks to move on within a few frames.
STORM_DT = 0.12

_KEYS: tuple[tuple[int, int], ...] = (
    (pygame.K_f, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_y, pygame.KMOD_CTRL),
    (pygame.K_SPACE, 0), (pygame.K_n, 0), (pygame.K_e, 0), (pygame.K_t, 0),
    (pygame.K_ESCAPE, 0), (pygame.K_RETURN, 0), (pygame.K_RIGHT, 0),
    (pygame.K_a, 0), (pygame.K_b, 0), (pygame.K_c, 0),
    *((k, 0) for k in range(pygame.K_0, pygame.K_9 + 1)),
)


class Storm:
    """Random events through one app, one game at a time, with the checks above."""

    def __init__(self, game_id: str, seed: int, save_dir: Any) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.app = make_app(save_dir=save_dir)
        self.choice = GameChoice.load(game_id)
        self.games = 0
        self.resumes = 0
        self.free_mode_moves = 0
        self.pressed = False
        self.game: Game = self._new_game()

    # -- the table --------------------------------------------------------------
    def _new_game(self) -> Game:
        decks = list(self.choice.decks)
        first, second = self.rng.choice(decks), self.rng.choice(decks)
        game = self.choice.make_game(first, second, self.rng.randrange(2),
                                     seed=self.rng.randrange(1, 2**31))
        self.app.start_game(game)
        self.games += 1
        self.cards = len(game.state.cards)
        self.save_path = self.app.autosaver.target(game)
        return game

    @property
    def scene(self) -> TableScene | None:
        return next((s for s in self.app.stack.scenes if isinstance(s, TableScene)), None)

    def _ensure_table(self) -> None:
        """Back at the table: resume the autosave after Menu, a new game after the end."""
        scene = self.scene
        if scene is not None and scene.game is not self.game:
            self.game = scene.game  # the storm pressed Start or Resume in the menu
            self.cards = len(self.game.state.cards)
            self.save_path = self.app.autosaver.target(self.game)
        if scene is not None and not self.game.state.game_over:
            return
        pygame.event.clear()
        if self.game.state.game_over or not self.save_path.exists():
            self.game = self._new_game()  # finished, or left before its first action
            return
        resumed = load_save(self.save_path)
        assert resumed.state.fingerprint() == self.game.state.fingerprint()
        self.app.start_game(resumed, save_path=self.save_path)
        self.game = resumed
        self.resumes += 1

    # -- events -------------------------------------------------------------------
    def _point(self) -> tuple[int, int]:
        """A random point: anywhere (also outside the window), or on a card, button or zone."""
        w, h = self.app.size
        scene = self.scene
        roll = self.rng.random()
        if scene is not None and roll < 0.45 and scene.by_iid:
            rect = scene.card_rect(self.rng.choice(list(scene.by_iid)))
            if rect is not None:
                return (self.rng.randint(rect.left, rect.right),
                        self.rng.randint(rect.top, rect.bottom))
        if roll < 0.55:
            buttons = [b for b in self.app.ui.get_sprite_group().sprites()
                       if isinstance(b, pygame_gui.elements.UIButton) and b.visible]
            if buttons:
                return self.rng.choice(buttons).get_abs_rect().center
        if scene is not None and roll < 0.8 and scene.layout.zones:
            rect = scene.zone_rect(self.rng.choice(scene.layout.zones).id)
            return (self.rng.randint(rect.left, rect.right),
                    self.rng.randint(rect.top, rect.bottom))
        return self.rng.randint(-40, w + 40), self.rng.randint(-40, h + 40)

    def _post_one(self) -> None:
        roll = self.rng.random()
        if roll < 0.16:
            k, mod = self.rng.choice(_KEYS)
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="",
                                                     scancode=0))
            return
        pos = self._point()
        if roll < 0.40:
            button = 1 if self.rng.random() < 0.9 else self.rng.choice((2, 3))
            self.pressed = button == 1
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                                 button=button, touch=False))
        elif roll < 0.64:
            button = 1 if self.rng.random() < 0.9 else 3
            if button == 1:
                self.pressed = False
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos,
                                                 button=button, touch=False))
        else:
            held = (1, 0, 0) if self.pressed and self.rng.random() < 0.9 else (0, 0, 0)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=held, touch=False))

    def run(self, events: int, batch: int = 40, replay_every: int = 1) -> None:
        """Post ``events`` random events, one to three a frame, checking every batch."""
        posted = 0
        batches = 0
        while posted < events:
            for _ in range(batch):
                for _ in range(self.rng.randint(1, 3)):
                    self._post_one()
                    posted += 1
                self.app.frame(STORM_DT)
                self._ensure_table()
            batches += 1
            self.check(replay_state=batches % replay_every == 0)
        self.check(replay_state=True)

    # -- the checks ---------------------------------------------------------------------
    def check(self, replay_state: bool) -> None:
        """Card count, capacities, and (when asked) the state against its replay."""
        game, state = self.game, self.game.state
        placed = [iid for zone in state.zones.values() for iid in zone.cards]
        assert len(placed) == len(set(placed)) == len(state.cards) == self.cards
        flagged = set(state.zones_over_capacity())
        for zone in state.zones.values():
            over = zone.capacity is not None and len(zone.cards) > zone.capacity
            assert over == (zone.id in flagged), zone.id
        if flagged:
            manual = {str(a.get("zone")) for a in game.actions if a.kind == "manual_move"}
            assert flagged <= manual, "only free-mode moves may overfill a zone"
        self.free_mode_moves = sum(1 for a in game.actions if a.kind == "manual_move")
        if replay_state:
            again = replay(game.rules, game.setup, game.actions)
            assert again.state.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", GAMES)
def test_random_event_storm_keeps_every_game_whole(game_id: str, tmp_path: Any) -> None:
    assert has_game_ui(game_id)
    storm = Storm(game_id, seed=9, save_dir=tmp_path)
    storm.run(2500)  # a quick storm; the soak storm runs 100,000 a game
    assert storm.game.actions, "the storm never got an action through"


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAMES)
def test_random_event_storm_soak(game_id: str, tmp_path: Any) -> None:
    storm = Storm(game_id, seed=2024, save_dir=tmp_path)
    storm.run(100_000, replay_every=10)
