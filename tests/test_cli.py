"""The ``tabletop`` command (tabletop.cli): check, selfplay, replay, decks, window options.

Headless commands must never import pygame; scenario/replay commands are
exercised on the toy game of tests/test_persistence.py, selfplay and decks on
Arc (skipped while the Arc rules are absent).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_persistence import toy_game, toy_registered  # noqa: F401 (fixture)
from test_scenario import GOOD

from tabletop import cli
from tabletop.core.persistence import save_game

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.usefixtures("toy_registered")


def scenario(tmp_path: Path, text: str = GOOD, name: str = "good.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_good(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", scenario(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Playing cards" in out and "ok   step 1" in out and "PASS (3 steps)" in out


def test_check_failing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = scenario(tmp_path, GOOD.replace('expect = "toy.not_your_turn"',
                                          'expect = "toy.not_in_hand"'), "bad.toml")
    assert cli.main(["check", scenario(tmp_path), bad]) == 1
    out = capsys.readouterr().out
    assert "FAIL step 1" in out and "toy.not_in_hand" in out and "FAILED" in out


def test_check_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = scenario(tmp_path, 'game = "toy"\n[[step]]\naction = "draw"\n', "broken.toml")
    failing = scenario(tmp_path, GOOD.replace('"p1.hand" = 1', '"p1.hand" = 5'), "f.toml")
    assert cli.main(["check", failing, broken]) == 2
    out = capsys.readouterr().out
    assert "BROKEN" in out and "step[1].seat" in out and "broken.toml" in out


def test_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(toy_game(plays=3), tmp_path / "s.json")
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1. player 1: draw()" in out
    assert "log.toy.draws" in out and "log.toy.draws_card" not in out  # spectator view
    assert "result: player 1 wins" in out


def test_replay_step_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_game(toy_game(plays=2), tmp_path / "s.json")
    answers = iter(["", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert "2. player 1: play" in out and "3. player 1" not in out
    assert "result: unfinished" in out


def test_replay_bad_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "corrupt" in err
    assert path.read_text(encoding="utf-8") == "{not json"


def test_replay_stale_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = save_game(toy_game(plays=1), tmp_path / "s.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].append({"kind": "draw", "seat": 0, "args": {}})
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    assert "actions[2]" in capsys.readouterr().err


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["decks", "chess"]) == 2
    assert cli.main(["selfplay", "chess", "--games", "1"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_usage_errors() -> None:
    assert cli.main(["selfplay"]) == 2
    assert cli.main(["--size", "big"]) == 2
    assert cli.main(["--help"]) == 0


def test_window_is_lazy(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    class FakeApp:
        @staticmethod
        def run(args: object) -> int:
            calls.append(args)
            return 0

    class FakeSmoke:
        @staticmethod
        def smoke() -> int:
            calls.append("smoke")
            return 3

    monkeypatch.setitem(sys.modules, "tabletop.ui.app", FakeApp)
    monkeypatch.setitem(sys.modules, "tabletop.ui.smoke", FakeSmoke)
    import tabletop.ui

    monkeypatch.setattr(tabletop.ui, "app", FakeApp, raising=False)
    monkeypatch.setattr(tabletop.ui, "smoke", FakeSmoke, raising=False)
    assert cli.main(["--smoke"]) == 3
    assert cli.main(["--lang", "ja", "--size", "1024x700"]) == 0
    args = calls[-1]
    assert args.lang == "ja" and args.size == "1024x700"  # type: ignore[attr-defined]


def test_headless_commands_do_not_import_pygame(tmp_path: Path) -> None:
    code = ("import sys; from tabletop import cli; "
            f"cli.main(['check', {str(tmp_path / 'none.toml')!r}]); "
            "cli.main(['decks', 'arc']); "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_python_dash_m(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "tabletop", "check",
                             str(tmp_path / "none.toml")], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "no such file" in result.stdout


# --------------------------------------------------------------------------- Arc


@pytest.fixture
def arc() -> None:
    pytest.importorskip("tabletop.games.arc")
    pytest.importorskip("tabletop.core.bot")


@pytest.mark.usefixtures("arc")
def test_selfplay_arc(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "arc", "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:3]] == ["seed 1", "seed 2", "seed 3"]
    assert all("turns" in line and "actions" in line for line in out[:3])
    summary = out[-1]
    assert summary.startswith("summary: 3 games") and "wins p0=" in summary
    assert "ended by:" in summary and "cap hits (no result, not counted)=" in summary \
        and "games/s" in summary


@pytest.mark.usefixtures("arc")
def test_selfplay_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    cli.main(["selfplay", "arc", "--games", "2", "--seed", "5", "--max-actions", "300"])
    first = capsys.readouterr().out.splitlines()[:2]
    cli.main(["selfplay", "arc", "--games", "2", "--seed", "5", "--max-actions", "300"])
    assert capsys.readouterr().out.splitlines()[:2] == first


@pytest.mark.usefixtures("arc")
def test_decks_arc(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["decks", "arc"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.rstrip().endswith("legal")]
    assert len(lines) >= 2 and "ILLEGAL" not in out


@pytest.mark.usefixtures("arc")
def test_check_shipped_arc_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in (ROOT / "scenarios" / "arc").glob("*.toml"))
    assert files
    assert cli.main(["check", *files]) == 0, capsys.readouterr().out


@pytest.mark.usefixtures("arc")
def test_replay_arc_save_hides_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.core.bot import RandomBot
    from tabletop.core.engine import Game
    from tabletop.core.rules import load_rules
    from tabletop.core.selfplay import setup_for

    rules = load_rules("arc")
    setup = setup_for(rules, 4, cli._ready_decks("arc", rules))
    game = Game(rules, setup)
    bot = RandomBot(9)
    for _ in range(40):
        action = bot.choose(game)
        if action is None or game.state.game_over:
            break
        game.propose(action)
    path = save_game(game, tmp_path / "arc.json")
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{len(game.actions)} actions" in out and "result:" in out
    hand = game.state.zones["p0.hand"].cards + game.state.zones["p1.hand"].cards
    names = {rules.cards[game.state.cards[i].card_id].display_name("en") for i in hand}
    drawn_lines = [line for line in out.splitlines() if "draw" in line.lower()]
    assert drawn_lines and not any(n in line for n in names for line in drawn_lines)


@pytest.mark.usefixtures("arc")
def test_selfplay_cap_hits(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "arc", "--games", "2", "--seed", "1", "--max-actions", "5"]) == 0
    out = capsys.readouterr().out
    assert out.count("cap hit (no result)") == 2 and "not counted)=2" in out
