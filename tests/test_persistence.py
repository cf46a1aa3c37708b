"""Saves, loading with checks, atomic writes and autosaves (tabletop.core.persistence).

The save machinery is game-agnostic, so most tests use a tiny "toy" game
defined here (it also serves tests/test_scenario.py and tests/test_cli.py,
which register it with ``toy_registered``). One test round-trips a real Arc
game when the Arc rules are present.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import persistence
from tabletop.core import rules as rules_mod
from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.engine import Game
from tabletop.core.messages import msg
from tabletop.core.model import GameState, Visibility
from tabletop.core.persistence import (
    FORMAT,
    Autosaver,
    SaveError,
    autosave_dir,
    autosave_path,
    discard_autosave,
    find_unfinished,
    load_save,
    save_game,
)
from tabletop.core.position import build_position
from tabletop.core.rules import GameRules, GameSetup

# --------------------------------------------------------------------------- a toy game

TOY_CARDS = ("ant", "bee", "cat", "dog", "elk", "fox")


class ToyRules(GameRules):
    """A two-seat toy: ``draw`` (once a turn), ``play(card)`` from hand to table,
    ``end_turn``. Three cards on one's table win. A ``decide`` step after each
    ``play`` of a "cat" tests pending decisions."""

    game_id = "toy"
    phases = ("main",)

    def new_game(self, setup: GameSetup) -> GameState:
        state = GameState("toy", setup.seed, first=setup.first, active=setup.first)
        for seat in (0, 1):
            state.add_zone(f"p{seat}.deck", seat, Visibility.NOBODY)
            state.add_zone(f"p{seat}.hand", seat, Visibility.OWNER)
            state.add_zone(f"p{seat}.table", seat, Visibility.PUBLIC)
        state.phase = "main"
        if setup.position is not None:
            build_position(state, setup.position, self.cards, self.phases)
            return state
        for seat in (0, 1):
            cards = setup.decks[seat]["cards"] if setup.decks else list(TOY_CARDS)
            state.new_pile(f"p{seat}.deck", seat, cards)
            for _ in range(2):
                state.move(state.zones[f"p{seat}.deck"].cards[-1], f"p{seat}.hand")
        state.data["drew"] = False
        return state

    def check(self, state: GameState, action: Action) -> Verdict:
        if state.pending is not None:
            if action.seat != state.pending.seat or action.kind != "decide":
                return Verdict.refuse("toy.decision_pending")
            return Verdict.legal()
        if action.seat != state.active:
            return Verdict.refuse("toy.not_your_turn")
        if action.kind == "draw":
            if state.data.get("drew"):
                return Verdict.refuse("toy.drew_already")
            if not state.zones[f"p{action.seat}.deck"].cards:
                return Verdict.refuse("toy.deck_empty")
            return Verdict.legal()
        if action.kind == "play":
            if action.get("card") not in state.zones[f"p{action.seat}.hand"].cards:
                return Verdict.refuse("toy.not_in_hand")
            return Verdict.legal()
        if action.kind == "end_turn":
            return Verdict.legal()
        return Verdict.refuse("unknown_action")

    def apply(self, state: GameState, action: Action, prepared: Any = None) -> None:
        seat = action.seat
        if action.kind == "decide":
            state.pending = None
            state.add_log(msg("log.toy.decided", choice=list(action.get("choice", ()))))
        elif action.kind == "draw":
            top = state.zones[f"p{seat}.deck"].cards[-1]
            state.move(top, f"p{seat}.hand")
            state.data["drew"] = True
            state.add_log(msg("log.toy.draws"),
                          {seat: msg("log.toy.draws_card", card=state.cards[top].card_id)})
        elif action.kind == "play":
            iid = int(action.get("card"))
            state.move(iid, f"p{seat}.table")
            state.cards[iid].tapped = True
            state.add_log(msg("log.toy.plays", card=state.cards[iid].card_id))
            if state.cards[iid].card_id == "cat":
                state.pending = Decision(seat, "toy.meow", msg("toy.meow"), ("yes", "no"))
            if len(state.zones[f"p{seat}.table"].cards) >= 3:
                state.end_game(seat)
        elif action.kind == "end_turn":
            state.active = 1 - state.active
            state.turn += 1
            state.data["drew"] = False
            for iid in state.zones[f"p{state.active}.table"].cards:
                state.cards[iid].tapped = False

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        if state.game_over:
            return []
        if state.pending is not None:
            return [Action.make("decide", seat, choice=["yes"])] if seat == state.pending.seat \
                else []
        options = [Action.make("end_turn", seat), Action.make("draw", seat)]
        options += [Action.make("play", seat, card=i) for i in state.zones[f"p{seat}.hand"].cards]
        return [a for a in options if self.check(state, a).ok]

    def interpret_drop(self, state: GameState, seat: int, iid: int, zone_id: str,
                       onto: int | None = None) -> Action | Verdict:
        return Action.make("play", seat, card=iid)


def toy_cards() -> CardDb:
    return CardDb("toy", [CardDef(c, "toy", "animal", {"en": c, "ja": c}) for c in TOY_CARDS])


def load(card_root: object = None) -> ToyRules:
    """The toy game's rules (the ``load`` hook ``tabletop.core.rules.load_rules`` calls)."""
    return ToyRules(toy_cards())


def toy_loader(game: str) -> GameRules:
    if game != "toy":
        raise KeyError(game)
    return load()


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``load_rules("toy")`` (and so the CLI) find the toy game in this module."""
    monkeypatch.setitem(rules_mod._GAMES, "toy", __name__)


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(persistence.SAVE_DIR_ENV_VAR, str(folder))
    return folder


def toy_game(seed: int = 7, plays: int = 2) -> Game:
    """A toy game after a few moves: p0 draws and plays ``plays`` cards (no cat decisions)."""
    game = Game(load(), GameSetup("toy", seed, 0, ({"cards": ["ant", "bee", "dog", "elk"]},
                                                   {"cards": list(TOY_CARDS)})))
    assert game.propose(Action.make("draw", 0)).ok
    for _ in range(plays):
        iid = game.state.zones["p0.hand"].cards[0]
        assert game.propose(Action.make("play", 0, card=iid)).ok
    return game


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- round trip


def test_save_load_replays_to_the_same_state(tmp_path: Path) -> None:
    game = toy_game()
    path = save_game(game, tmp_path / "game.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["app"] == "tabletop" and data["game"] == "toy"
    assert data["setup"] == game.setup.to_json()
    assert data["actions"] == [a.to_json() for a in game.actions]
    assert data["finished"] is False and "T" in data["saved_at"]
    loaded = load_save(path, toy_loader)
    assert loaded.state.fingerprint() == game.state.fingerprint()
    assert loaded.actions == game.actions


def test_finished_game_is_marked(tmp_path: Path) -> None:
    game = toy_game(plays=3)
    assert game.state.game_over
    data = json.loads(save_game(game, tmp_path / "g.json").read_text(encoding="utf-8"))
    assert data["finished"] is True and data["winner"] == 0


def test_save_with_position_and_labels_round_trips(tmp_path: Path) -> None:
    position = {"phase": "main", "zones": {"p0.hand": ["cat", {"card": "dog", "label": "d"}]}}
    game = Game(load(), GameSetup("toy", 3, 0, position=position))
    assert game.propose(Action.make("play", 0, card=game.state.data["labels"]["d"])).ok
    loaded = load_save(save_game(game, tmp_path / "p.json"), toy_loader)
    assert loaded.state.fingerprint() == game.state.fingerprint()


# --------------------------------------------------------------------------- atomic write


def test_failed_write_keeps_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_game(toy_game(plays=1), tmp_path / "game.json")
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persistence.os, "replace", broken_replace)
    with pytest.raises(SaveError) as info:
        save_game(toy_game(plays=2), path)
    assert str(path) in str(info.value) and "No space left" in str(info.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temp file left


def test_crash_during_fsync_keeps_the_old_save(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_game(toy_game(plays=1), tmp_path / "game.json")
    before = path.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "I/O error")

    monkeypatch.setattr(persistence.os, "fsync", broken_fsync)
    with pytest.raises(SaveError):
        save_game(toy_game(plays=2), path)
    assert path.read_bytes() == before
    assert len(list(tmp_path.iterdir())) == 1


# --------------------------------------------------------------------------- bad saves


def _good(tmp_path: Path) -> dict:
    return json.loads(save_game(toy_game(), tmp_path / "good.json").read_text(encoding="utf-8"))


def _load_error(path: Path) -> SaveError:
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        load_save(path, toy_loader)
    assert path.read_bytes() == before  # never overwritten
    assert str(path) in str(info.value)
    return info.value


def test_corrupt_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "game": "toy", "setup": {', encoding="utf-8")
    error = _load_error(path)
    assert "corrupt" in error.problem and "line 1" in error.problem


def test_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "corrupt" in _load_error(path).problem


def test_newer_format(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["format"] = 2
    error = _load_error(write(tmp_path / "new.json", data))
    assert error.field == "format"
    assert ("this save was made by a newer version of tabletop (format 2); "
            "this version reads format 1") in str(error)


@pytest.mark.parametrize("name", ["format", "game", "setup", "actions"])
def test_missing_field(tmp_path: Path, name: str) -> None:
    data = _good(tmp_path)
    del data[name]
    error = _load_error(write(tmp_path / "missing.json", data))
    assert error.field == name and "missing" in error.problem


def test_invalid_fields(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["setup"]["seed"] = "seven"
    assert _load_error(write(tmp_path / "a.json", data)).problem.startswith("field 'setup.seed'")
    data = _good(tmp_path)
    data["actions"][1]["seat"] = 5
    error = _load_error(write(tmp_path / "b.json", data))
    assert error.field == "actions[1]" and "seat" in error.problem
    data = _good(tmp_path)
    data["format"] = "one"
    assert _load_error(write(tmp_path / "c.json", data)).field == "format"
    assert _load_error(write(tmp_path / "d.json", [1, 2])).field == ""


def test_unknown_game(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["game"] = data["setup"]["game"] = "chess"
    error = _load_error(write(tmp_path / "chess.json", data))
    assert error.field == "game" and "unknown game 'chess'" in error.problem


def test_unknown_game_with_the_real_registry(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["game"] = data["setup"]["game"] = "chess"
    path = write(tmp_path / "chess.json", data)
    with pytest.raises(SaveError, match="unknown game 'chess'"):
        load_save(path)


def test_action_that_no_longer_replays(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["actions"].insert(1, {"kind": "draw", "seat": 0, "args": {}})  # a second draw
    error = _load_error(write(tmp_path / "stale.json", data))
    assert error.field == "actions[1]"
    assert "action 2 (draw by player 1) no longer replays" in error.problem
    assert "toy.drew_already" in error.problem


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        load_save(tmp_path / "nope.json", toy_loader)


def test_rules_crash_is_a_save_error(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["setup"]["position"] = {"phase": "main", "zones": {"p9.hand": ["ant"]}}
    error = _load_error(write(tmp_path / "pos.json", data))
    assert error.field == "setup" and "p9.hand" in error.problem


# --------------------------------------------------------------------------- autosave


def test_autosave_dir_override(save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert autosave_dir() == save_dir
    assert autosave_path("arc") == save_dir / "autosave-arc.json"
    monkeypatch.delenv(persistence.SAVE_DIR_ENV_VAR)
    assert "tabletop" in str(autosave_dir())


def test_autosaver_saves_after_every_action(save_dir: Path) -> None:
    game = toy_game(plays=0)
    saver = Autosaver()
    game.listeners.append(saver)
    iid = game.state.zones["p0.hand"].cards[0]
    game.propose(Action.make("play", 0, card=iid))
    path = autosave_path("toy")
    assert saver.saves == 1 and path.exists()
    assert load_save(path, toy_loader).state.fingerprint() == game.state.fingerprint()
    game.propose(Action.make("end_turn", 0))
    assert saver.saves == 2
    assert len(persistence.read_save(path).actions) == 3  # a journal: one line an action
    assert game.propose(Action.make("draw", 0)).ok is False  # refusals do not save
    assert saver.saves == 2


def test_autosaver_failure_does_not_interrupt(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    saver = Autosaver(blocker / "sub" / "auto.json")  # parent is a file: cannot write
    game = toy_game(plays=0)
    game.listeners.append(saver)
    assert game.propose(Action.make("end_turn", 0)).ok
    assert isinstance(saver.last_error, SaveError)


def test_find_unfinished(save_dir: Path) -> None:
    assert find_unfinished() == []
    save_game(toy_game(plays=1), autosave_path("toy"))
    save_game(toy_game(plays=3), autosave_path("done"))  # finished: not listed
    save_dir.joinpath("autosave-broken.json").write_text("{", encoding="utf-8")
    save_dir.joinpath("other.json").write_text("{}", encoding="utf-8")
    found = find_unfinished()
    assert [info.path.name for info in found] == ["autosave-toy.json"]
    info = found[0]
    assert info.game == "toy" and info.turn == 1 and info.actions == 2 and info.saved_at
    assert "toy" in info.summary and "turn 1" in info.summary
    assert discard_autosave(info.path) is True
    assert discard_autosave(info.path) is False
    assert find_unfinished() == []
    assert save_dir.joinpath("autosave-broken.json").exists()  # never touched


def test_find_unfinished_missing_folder(tmp_path: Path) -> None:
    assert find_unfinished(tmp_path / "nowhere") == []


def _copy_at(game: Game, path: Path, minute: int) -> Path:
    from datetime import UTC, datetime

    from tabletop.core.persistence import save_data, write_json_atomic

    when = datetime(2026, 12, 1, 10, minute, tzinfo=UTC)
    return write_json_atomic(save_data(game, saved_at=when), path)


def test_a_game_saved_in_the_main_and_the_fallback_folder_is_listed_once(tmp_path: Path) -> None:
    """QA round 2 #3: saving moved to the fallback folder when the save folder could not be
    written; with the folder back, the copy left in it (a step behind) is not offered."""
    main, fallback = tmp_path / "saves", tmp_path / "fallback"
    name = "autosave-toy-20261201-095656.json"
    behind, ahead = toy_game(plays=1), toy_game(plays=2)  # the same game, one play apart
    stale = _copy_at(behind, main / name, 0)
    moved = _copy_at(ahead, fallback / name, 1)
    other = _copy_at(toy_game(seed=8, plays=1), main / "autosave-toy-20261201-100542.json", 2)
    found = find_unfinished(main, fallback)
    assert [info.path for info in found] == [other, moved]
    assert [copy.path for copy in found[1].older] == [stale]
    assert found[1].actions == 3 and found[1].older[0].actions == 2
    assert stale.exists() and moved.exists()  # kept on disk, never touched
    assert find_unfinished(fallback, main) == found  # whichever folder comes first
    # the same set-up started at another time is another game: both listed
    again = _copy_at(behind, main / "autosave-toy-20261201-110000.json", 3)
    assert again in [info.path for info in find_unfinished(main, fallback)]


def test_copies_of_one_game_newest_save_wins_and_a_finished_one_hides_the_game(
        tmp_path: Path) -> None:
    main, fallback = tmp_path / "saves", tmp_path / "fallback"
    name = "autosave-toy-20261201-095656.json"
    undone = toy_game(plays=2)
    assert undone.undo(0).ok  # fewer actions, but the newer save: the players' latest
    _copy_at(toy_game(plays=2), main / name, 0)
    newer = _copy_at(undone, fallback / name, 5)
    found = find_unfinished(main, fallback)
    assert [info.path for info in found] == [newer] and len(found[0].older) == 1
    # kept as broken in the main folder: still the same game (same start time)
    os.replace(main / name, main / ("broken-" + name[len("autosave-"):]))
    assert [info.path for info in find_unfinished(main, fallback)] == [newer]
    _copy_at(toy_game(plays=3), fallback / name, 9)  # finished since: nothing to resume
    assert find_unfinished(main, fallback) == []


# --------------------------------------------------------------------------- real game


def test_arc_game_round_trips(tmp_path: Path) -> None:
    pytest.importorskip("tabletop.games.arc")
    bot = pytest.importorskip("tabletop.core.bot")
    arc = rules_mod.load_rules("arc")
    from tabletop.cli import _ready_decks
    from tabletop.core.selfplay import setup_for

    setup = setup_for(arc, 11, _ready_decks("arc", arc))
    game = Game(arc, setup)
    chooser = bot.RandomBot(3)
    for _ in range(60):
        if game.state.game_over:
            break
        action = chooser.choose(game)
        if action is None:
            break
        assert game.propose(action).ok
    path = save_game(game, tmp_path / "arc.json")
    loaded = load_save(path)
    assert loaded.state.fingerprint() == game.state.fingerprint()
    assert os.path.getsize(path) > 0


def test_autosaver_keeps_an_unreadable_old_autosave(save_dir: Path) -> None:
    save_dir.mkdir(parents=True)
    old = autosave_path("toy")
    old.write_text('{"format": 9, "app": "tabletop"}', encoding="utf-8")
    saver = Autosaver()
    game = toy_game(plays=0)
    game.listeners.append(saver)
    game.propose(Action.make("end_turn", 0))
    assert saver.kept_aside is not None and saver.kept_aside.name.startswith("unreadable-")
    assert saver.kept_aside.read_text(encoding="utf-8") == '{"format": 9, "app": "tabletop"}'
    assert load_save(old, toy_loader).state.fingerprint() == game.state.fingerprint()
    assert [i.path for i in find_unfinished()] == [old]


# --------------------------------------------------------------------------- nothing lost


def _undo_twice() -> Game:
    """A toy game whose last two plays were undone (so redo is offered twice)."""
    game = toy_game(plays=2)
    assert game.undo(0).ok and game.undo(0).ok
    assert len(game.redo_stack) == 2
    return game


def test_redo_list_is_saved_and_restored(tmp_path: Path) -> None:
    live = _undo_twice()
    path = save_game(live, tmp_path / "g.json")
    resumed = load_save(path, toy_loader)
    assert resumed.redo_stack == live.redo_stack
    for seat in (0, 1):
        assert resumed.can_undo(seat) == live.can_undo(seat)
        assert resumed.can_redo(seat) == live.can_redo(seat)
    for game in (live, resumed):
        assert game.redo(0).ok and game.redo(0).ok
    assert resumed.state.fingerprint() == live.state.fingerprint()
    assert not resumed.can_redo(0)


def test_a_save_without_the_redo_list_still_loads(tmp_path: Path) -> None:
    data = json.loads(save_game(_undo_twice(), tmp_path / "g.json").read_text(encoding="utf-8"))
    assert len(data["redo"]) == 2 and data["active"] == 0
    del data["redo"], data["active"]
    old = load_save(write(tmp_path / "old.json", data), toy_loader)
    assert old.redo_stack == [] and len(old.history) == 1


def test_a_bad_redo_list_names_the_field(tmp_path: Path) -> None:
    data = json.loads(save_game(_undo_twice(), tmp_path / "g.json").read_text(encoding="utf-8"))
    data["redo"] = {"kind": "play"}
    assert _load_error(write(tmp_path / "a.json", data)).field == "redo"
    data["redo"] = [{"kind": "play", "seat": 9, "args": {}}]
    assert _load_error(write(tmp_path / "b.json", data)).field == "redo[0]"


def test_each_new_game_gets_a_file_of_its_own(save_dir: Path) -> None:
    from datetime import UTC, datetime

    from tabletop.core.persistence import new_autosave_path

    when = datetime(2026, 11, 29, 16, 45, 3, tzinfo=UTC)
    first = new_autosave_path("arc", now=when)
    assert first == save_dir / "autosave-arc-20261129-164503.json"
    save_game(toy_game(), first)
    second = new_autosave_path("arc", now=when)
    assert second.name == "autosave-arc-20261129-164503-2.json"
    assert second != autosave_path("arc") and not second.exists()


def test_find_unfinished_lists_every_game_with_its_decks_and_whose_turn(save_dir: Path) -> None:
    from tabletop.core.persistence import new_autosave_path

    game = toy_game(plays=1)
    game.setup = GameSetup("toy", 7, 0, game.setup.decks, deck_names=("Ants", "Zoo"))
    save_game(game, autosave_path("toy"))  # the one-slot file of an older version
    save_game(game, new_autosave_path("toy"))
    save_game(game, save_dir / "broken-toy-1.json")
    found = find_unfinished()
    assert len(found) == 3
    assert {i.path.name for i in found} >= {"autosave-toy.json", "broken-toy-1.json"}
    assert all(i.deck_names == ("Ants", "Zoo") and i.active == 0 for i in found)
    assert [i.broken for i in found].count(True) == 1
    assert "Ants vs Zoo" in found[0].summary


def test_replay_as_far_as_possible_stops_before_the_first_refused_action(tmp_path: Path) -> None:
    from tabletop.core.persistence import replay_as_far_as_possible

    data = _good(tmp_path)
    data["actions"].insert(2, {"kind": "draw", "seat": 0, "args": {}})  # a second draw
    path = write(tmp_path / "stale.json", data)
    game, refused = replay_as_far_as_possible(path, toy_loader)
    assert refused == 2
    assert game.actions == [Action.from_json(a) for a in data["actions"][:2]]
    expected = Game(load(), GameSetup.from_json(data["setup"]))
    for item in data["actions"][:2]:
        assert expected.propose(Action.from_json(item)).ok
    assert game.state.fingerprint() == expected.state.fingerprint()
    assert json.loads(path.read_text(encoding="utf-8")) == data  # never written


def test_replay_as_far_as_possible_of_a_good_save_is_the_whole_game(tmp_path: Path) -> None:
    from tabletop.core.persistence import replay_as_far_as_possible

    live = _undo_twice()
    game, refused = replay_as_far_as_possible(save_game(live, tmp_path / "g.json"), toy_loader)
    assert refused is None and game.actions == live.actions
    assert game.redo_stack == live.redo_stack


def test_replay_as_far_as_possible_survives_a_rules_crash(tmp_path: Path) -> None:
    from tabletop.core.persistence import replay_as_far_as_possible

    class Crashing(ToyRules):
        def apply(self, state: GameState, action: Action, prepared: Any = None) -> None:
            if action.kind == "play":
                state.data["half-done"] = True
                raise KeyError("power")
            super().apply(state, action)

    path = save_game(toy_game(), tmp_path / "g.json")
    game, refused = replay_as_far_as_possible(path, lambda g: Crashing(toy_cards()))
    assert refused == 1 and len(game.actions) == 1
    assert "half-done" not in game.state.data


def test_replay_as_far_as_possible_needs_the_setup(tmp_path: Path) -> None:
    from tabletop.core.persistence import replay_as_far_as_possible

    data = _good(tmp_path)
    data["setup"]["position"] = {"phase": "main", "zones": {"p9.hand": ["ant"]}}
    with pytest.raises(SaveError) as info:
        replay_as_far_as_possible(write(tmp_path / "pos.json", data), toy_loader)
    assert info.value.field == "setup"


def test_a_save_that_no_longer_replays_is_kept_under_a_new_name(save_dir: Path) -> None:
    from tabletop.core.persistence import keep_broken, new_autosave_path

    save_dir.mkdir(parents=True)
    path = new_autosave_path("toy")
    text = json.dumps({"any": "content"})
    path.write_text(text, encoding="utf-8")
    kept = keep_broken(path)
    assert kept.name == "broken-" + path.name[len("autosave-"):]
    assert not path.exists() and kept.read_text(encoding="utf-8") == text
    assert keep_broken(kept) == kept  # already kept: left where it is
    path.write_text(text, encoding="utf-8")
    again = keep_broken(path)
    assert again.name.endswith("-2.json") and kept.exists()


def test_leftover_temporary_files_are_removed_when_stale(tmp_path: Path) -> None:
    from tabletop.core.persistence import remove_stale_temp_files

    stale = tmp_path / ".autosave-arc.json.k2j3h4.tmp"
    fresh = tmp_path / ".autosave-arc.json.zz9.tmp"
    other = tmp_path / ".notes.tmp"
    save = save_game(toy_game(), tmp_path / "autosave-arc.json")
    for path in (stale, fresh, other):
        path.write_text("{", encoding="utf-8")
    old = stale.stat().st_mtime - 120
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    assert remove_stale_temp_files(tmp_path) == [stale]
    assert not stale.exists() and fresh.exists() and other.exists() and save.exists()
    assert remove_stale_temp_files(tmp_path / "nowhere") == []


def test_a_failing_autosaver_says_so_once_and_can_move(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    told: list[SaveError] = []
    saver = Autosaver(blocker / "auto.json", on_failure=lambda s, e: told.append(e))
    game = toy_game(plays=0)
    game.listeners.append(saver)
    assert game.propose(Action.make("end_turn", 0)).ok
    assert game.propose(Action.make("end_turn", 1)).ok
    assert len(told) == 1 and saver.failing and str(blocker) in str(told[0])
    moved = saver.move_to(tmp_path / "elsewhere")
    assert moved == tmp_path / "elsewhere" / "auto.json" and not saver.failing
    assert load_save(moved, toy_loader).state.fingerprint() == game.state.fingerprint()
    saver.path = blocker / "again.json"
    assert game.propose(Action.make("end_turn", 0)).ok
    assert len(told) == 2  # failing again after a save that worked: told again


def test_the_fallback_folder_is_a_writable_one(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.core.persistence import FALLBACK_DIR_ENV_VAR, fallback_dir, fallback_dirs

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(FALLBACK_DIR_ENV_VAR, str(blocker / "sub"))
    assert fallback_dir() is None  # a file where the folder should be
    monkeypatch.setenv(FALLBACK_DIR_ENV_VAR, str(tmp_path / "fb"))
    assert fallback_dir() == tmp_path / "fb" and (tmp_path / "fb").is_dir()
    assert list((tmp_path / "fb").iterdir()) == []  # the probe file is gone
    assert fallback_dir(avoid=tmp_path / "fb") is None
    monkeypatch.delenv(FALLBACK_DIR_ENV_VAR)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert fallback_dirs()[0] == tmp_path / "home" / "tabletop-saves"


def test_an_unwritable_folder_is_reported_before_the_first_action(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    told: list[SaveError] = []
    saver = Autosaver(blocker / "auto.json", on_failure=lambda s, e: told.append(e))
    assert saver.probe(toy_game(plays=0)) is False
    assert len(told) == 1 and told[0].path == str(blocker) and saver.failing
    good = Autosaver(tmp_path / "saves" / "auto.json", on_failure=lambda s, e: told.append(e))
    assert good.probe(toy_game(plays=0)) is True and len(told) == 1
    assert list((tmp_path / "saves").iterdir()) == []  # nothing written but the probe, gone
