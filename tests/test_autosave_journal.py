"""The autosave journal (tabletop.core.persistence): an action, an undo or a redo is one
appended line; the file survives a crash mid-write and replays to the same game (ALL-R1).

Most tests use the toy game of tests/test_persistence.py; one plays every registered
game with undos and redos between the moves.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_persistence import load, toy_game, toy_loader

from tabletop.core import persistence
from tabletop.core.actions import Action
from tabletop.core.bot import RandomBot
from tabletop.core.decks import load_deck_dir
from tabletop.core.engine import Game, replay
from tabletop.core.persistence import (
    JOURNAL,
    Autosaver,
    SaveError,
    find_unfinished,
    load_save,
    read_save,
    save_game,
)
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.selfplay import setup_for
from tabletop.resources import resource_path


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _play(game: Game) -> None:
    iid = game.state.zones["p0.hand"].cards[0]
    assert game.propose(Action.make("play", 0, card=iid)).ok


def _same(loaded: Game, live: Game) -> None:
    assert loaded.state.fingerprint() == live.state.fingerprint()
    assert loaded.actions == live.actions
    assert loaded.redo_stack == live.redo_stack


def _journaled(tmp_path: Path) -> tuple[Game, Autosaver, Path]:
    """A toy game (one draw made) saved by an autosaver from its first write."""
    game = toy_game(plays=0)
    path = tmp_path / "autosave-toy-20261201-100000.json"
    saver = Autosaver(path)
    game.listeners.append(saver)
    saver(game)
    return game, saver, path


def test_an_action_appends_one_line_and_the_base_is_written_once(tmp_path: Path) -> None:
    game, saver, path = _journaled(tmp_path)
    base = path.read_text(encoding="utf-8")
    _play(game)
    _play(game)
    lines = _lines(path)
    assert len(lines) == 3 and lines[0]["journal"] == JOURNAL
    assert lines[0]["actions"] == [{"kind": "draw", "seat": 0, "args": {}}]
    assert [set(e) & {"do", "undo", "redo"} for e in lines[1:]] == [{"do"}, {"do"}]
    assert path.read_text(encoding="utf-8").startswith(base)  # appended, never rewritten
    assert saver.compactions == 1 and saver.saves == 3
    _same(load_save(path, toy_loader), game)


def test_undo_and_redo_are_journal_entries_and_replay_exactly(tmp_path: Path) -> None:
    game, saver, path = _journaled(tmp_path)
    _play(game)
    _play(game)
    assert game.undo(0).ok and game.undo(0).ok
    _same(load_save(path, toy_loader), game)
    assert game.redo(0).ok
    resumed = load_save(path, toy_loader)
    _same(resumed, game)
    assert resumed.can_redo(0) and resumed.can_undo(0)
    assert [next(k for k in ("do", "undo", "redo") if k in e) for e in _lines(path)[1:]] == \
        ["do", "do", "undo", "undo", "redo"]
    assert saver.compactions == 1


def test_the_listing_reads_the_last_line(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    assert game.propose(Action.make("end_turn", 0)).ok
    [info] = find_unfinished(tmp_path)
    assert info.path == path and info.actions == 3
    assert info.turn == game.state.turn and info.active == game.state.active == 1


def test_a_crash_mid_write_loses_at_most_the_last_action(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    _play(game)
    whole = path.read_bytes()
    last = whole.rstrip(b"\n").rsplit(b"\n", 1)[1]
    before = replay(load(), game.setup, game.actions[:-1])
    for cut in range(1, len(last) + 1):  # every place the last write can stop
        path.write_bytes(whole[:len(whole) - len(last) - 1 + cut])
        loaded = load_save(path, toy_loader)
        expected = game if cut == len(last) else before  # whole but for its newline
        assert loaded.state.fingerprint() == expected.state.fingerprint()
        assert loaded.actions == expected.actions


def test_resuming_after_a_cut_line_writes_the_base_again(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    _play(game)
    whole = path.read_bytes()
    path.write_bytes(whole[:-7])  # the last line cut short
    resumed = load_save(path, toy_loader)
    saver = Autosaver(path)
    assert saver.probe(resumed)
    resumed.listeners.append(saver)
    _play(resumed)
    assert saver.compactions == 1  # the cut line is not appended to: a new base
    _same(load_save(path, toy_loader), resumed)


def test_a_resumed_game_goes_on_appending_to_its_own_journal(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    assert game.undo(0).ok
    resumed = load_save(path, toy_loader)
    saver = Autosaver(path)
    assert saver.probe(resumed)  # as the window does when it resumes a game
    resumed.listeners.append(saver)
    assert resumed.redo(0).ok
    _play(resumed)
    assert saver.compactions == 0 and len(_lines(path)) == 5
    _same(load_save(path, toy_loader), resumed)


def test_a_bad_line_in_the_middle_names_the_file_and_the_entry(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    _play(game)
    lines = path.read_text(encoding="utf-8").splitlines()
    cases = {
        "journal[0]": "{not json",
        "journal[0].do": json.dumps({"do": {"kind": "play", "seat": 7, "args": {}}}),
        "journal[0].undo": json.dumps({"undo": 1}) + "\n" + json.dumps({"undo": 1}),
        "journal[0].redo": json.dumps({"redo": {"kind": "play", "seat": 0, "args": {}}}),
    }
    for field, bad in cases.items():
        if field == "journal[0].undo":  # two undos of one action: the second one is wrong
            text = "\n".join([lines[0], json.dumps({"undo": 1}), json.dumps({"undo": 1}),
                              lines[2]]) + "\n"
            field = "journal[1].undo"
        else:
            text = "\n".join([lines[0], bad, lines[2]]) + "\n"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError) as info:
            load_save(path, toy_loader)
        assert info.value.field == field and str(path) in str(info.value)
        assert path.read_text(encoding="utf-8") == text  # loading never writes


def test_an_entry_that_no_longer_replays_names_its_line(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"do": {"kind": "draw", "seat": 0, "args": {}}}) + "\n")
    with pytest.raises(SaveError) as info:
        load_save(path, toy_loader)
    assert info.value.field == "journal[1].do"
    assert "action 3 (draw by player 1) no longer replays" in info.value.problem


def test_a_newer_journal_is_refused_by_name(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    lines = _lines(path)
    lines[0]["journal"] = JOURNAL + 1
    path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert info.value.field == "journal" and "newer version" in info.value.problem


def test_an_older_plain_save_loads_and_goes_on_as_a_journal(tmp_path: Path) -> None:
    old = save_game(toy_game(plays=1), tmp_path / "autosave-toy.json")  # older versions
    game = load_save(old, toy_loader)
    saver = Autosaver(old)
    game.listeners.append(saver)
    _play(game)
    assert _lines(old)[0]["journal"] == JOURNAL and saver.compactions == 1
    _play(game)
    assert len(_lines(old)) == 2 and saver.compactions == 1
    _same(load_save(old, toy_loader), game)


def test_undo_redo_back_and_forth_is_compacted(tmp_path: Path) -> None:
    game, saver, path = _journaled(tmp_path)
    _play(game)
    for _ in range(persistence._JOURNAL_SLACK):
        assert game.undo(0).ok and game.redo(0).ok
    assert saver.compactions >= 2
    assert len(_lines(path)) <= 2 * len(game.history) + persistence._JOURNAL_SLACK + 1
    _same(load_save(path, toy_loader), game)


def test_a_failed_append_is_reported_and_the_next_save_writes_the_base(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, saver, path = _journaled(tmp_path)
    real_write = persistence.os.write

    def half_then_fail(fd: int, data: bytes) -> int:
        real_write(fd, data[:len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persistence.os, "write", half_then_fail)
    _play(game)
    assert saver.failing and "No space left" in str(saver.last_error)
    monkeypatch.setattr(persistence.os, "write", real_write)
    _play(game)
    assert not saver.failing and saver.compactions == 2
    _same(load_save(path, toy_loader), game)


def test_moving_to_another_folder_keeps_a_journal(tmp_path: Path) -> None:
    game, saver, _ = _journaled(tmp_path / "a")
    _play(game)
    moved = saver.move_to(tmp_path / "b")
    _play(game)
    assert len(_lines(moved)) == 2  # the base written there, then one line
    _same(load_save(moved, toy_loader), game)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_autosaved_with_undos_replays_to_the_same_state(game_id: str,
                                                                   tmp_path: Path) -> None:
    rules = load_rules(game_id)
    decks = load_deck_dir(resource_path("assets", "decks", game_id))
    game = Game(rules, setup_for(rules, 3, decks))
    path = tmp_path / f"autosave-{game_id}-20261201-100000.json"
    saver = Autosaver(path)
    game.listeners.append(saver)
    saver(game)
    rng = random.Random(5)
    bot = RandomBot(11)
    undos = 0
    while len(game.history) < 80 and not game.state.game_over:
        action = bot.choose(game)
        if action is None or action.kind == "resign":
            break
        assert game.propose(action).ok
        seat = action.seat
        if game.can_undo(seat) and rng.random() < 0.4:
            assert game.undo(seat).ok
            undos += 1
            if rng.random() < 0.5:
                assert game.redo(seat).ok
    assert undos and saver.compactions == 1 and not saver.failing
    _same(load_save(path, rules_loader=lambda _gid: rules), game)


def test_a_line_nested_too_deeply_is_refused_by_name(tmp_path: Path) -> None:
    game, _, path = _journaled(tmp_path)
    _play(game)
    deep = "[" * 150 + "]" * 150
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"do": {"kind": "play", "seat": 0, "args": {"card": ' + deep + "}}}\n")
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert info.value.field == "journal[1]" and "nested more than" in info.value.problem


def test_a_journal_never_grows_past_what_can_be_read(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persistence, "_JOURNAL_MAX_BYTES", 2000)
    game, saver, path = _journaled(tmp_path)
    _play(game)
    _play(game)
    assert game.propose(Action.make("end_turn", 0)).ok
    for _ in range(8):
        assert game.propose(Action.make("set_free_mode", 1, on=True)).ok
        assert game.propose(Action.make("set_free_mode", 1, on=False)).ok
    assert saver.compactions >= 2 and path.stat().st_size <= 2000 + 600
    _same(load_save(path, toy_loader), game)
