"""Broken and hostile files, each through the path a user takes.

The corpus is ``tests/bad_files/`` (``cases.toml`` says which path reads each file
and what the message must say); pathological files (100,000-deep nesting, FIFOs,
symlinks to /dev/zero, a 58 MB autosave) are made in a temporary folder here.
Each case runs against a copy of the data root (``$TABLETOP_DATA``) with the bad
file put in place, through ``tabletop decks``, ``check``, ``replay``, ``--smoke``
(in-process where the code path is the same, else in a subprocess under a
timeout) or the real window (menu, Start, resume). Every answer must name the
file (and the field where there is one), show no traceback, and leave the file
where it was.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import cli, i18n, notices
from tabletop.resources import DATA_ENV_VAR

REPO = Path(__file__).resolve().parent.parent
BAD = Path(__file__).resolve().parent / "bad_files"
CASES: dict[str, list[dict[str, Any]]] = tomllib.loads(
    (BAD / "cases.toml").read_text(encoding="utf-8"))
TIMEOUT = 20
DEEP = 100_000
FONT = "NotoSansJP-Subset-Regular.otf"


def cases(kind: str) -> list[Any]:
    return [pytest.param(c, id=Path(c["file"]).stem) for c in CASES[kind]]


def test_the_corpus_holds_at_least_60_files() -> None:
    files = [p for p in BAD.rglob("*") if p.is_file() and p.name != "cases.toml"]
    assert len(files) >= 60
    listed = {c["file"] for kind in CASES.values() for c in kind}
    assert listed == {p.relative_to(BAD).as_posix() for p in files}


def _clear_caches() -> None:
    from tabletop.ui import fonts, theme

    i18n.reload()
    theme._base_theme.cache_clear()
    fonts._check_font.cache_clear()
    fonts._warn_once.cache_clear()
    notices.take()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the data root (fonts linked, not copied) chosen via $TABLETOP_DATA."""
    root = tmp_path / "data"
    shutil.copytree(REPO / "layouts", root / "layouts")
    shutil.copytree(REPO / "assets", root / "assets", ignore=shutil.ignore_patterns("*.otf"))
    for font in (REPO / "assets" / "fonts").glob("*.otf"):
        (root / "assets" / "fonts" / font.name).symlink_to(font)
    monkeypatch.setenv(DATA_ENV_VAR, str(root))
    _clear_caches()
    yield root
    monkeypatch.delenv(DATA_ENV_VAR)
    _clear_caches()


def put(case: dict[str, Any], target: Path) -> Path:
    """Put the corpus file of ``case`` at ``target`` (replacing what is there)."""
    if target.is_symlink() or target.exists():
        target.unlink()
    shutil.copyfile(BAD / case["file"], target)
    return target


def says(text: str, case: dict[str, Any], name: str) -> None:
    """``text`` names the file ``name`` and says every expected thing, without a traceback."""
    assert name in text, text
    for expected in case["expect"]:
        assert expected in text, f"{expected!r} not in {text!r}"
    assert "Traceback" not in text


def run(*args: str, env_root: Path | None = None, cwd: Path | None = None
        ) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if env_root is not None:
        env[DATA_ENV_VAR] = str(env_root)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True,
                          text=True, timeout=TIMEOUT, env=env, cwd=cwd or REPO)


# ----------------------------------------------------------------- cards and decks


@pytest.mark.parametrize("case", cases("cards"))
def test_broken_card_file_is_named_by_decks_and_the_menu(data: Path, case: dict[str, Any],
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    from tabletop.ui.menu import GameChoice

    put(case, data / "assets" / "cards" / case["game"] / "zz_bad.toml")
    assert cli.main(["decks", case["game"]]) == cli.EXIT_BROKEN
    captured = capsys.readouterr()
    says(captured.err + captured.out, case, "zz_bad.toml")
    choice = GameChoice.load(case["game"])
    assert not choice.available
    says(choice.error, case, "zz_bad.toml")


@pytest.mark.parametrize("case", cases("decks"))
def test_broken_deck_file_is_named_by_decks_and_the_menu(data: Path, case: dict[str, Any],
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    from tabletop.ui.menu import GameChoice

    target = put(case, data / "assets" / "decks" / case["game"] / "zz_bad.toml")
    code = cli.main(["decks", case["game"]])
    captured = capsys.readouterr()
    says(captured.err + captured.out, case, "zz_bad")
    choice = GameChoice.load(case["game"])
    if "zz_bad" in choice.decks:  # it loads, but the rules refuse it
        assert code == cli.EXIT_FAILED and "ILLEGAL" in captured.out
        assert not choice.legal("zz_bad")
        text = " ".join(i18n.Message(m.key, m.params).render("en")
                        for m in choice.problems["zz_bad"])
        says(text + " zz_bad", case, "zz_bad")
    else:
        assert code == cli.EXIT_BROKEN
        says(choice.broken_decks["zz_bad.toml"], case, "zz_bad.toml")
        assert len(choice.decks) >= 2 and choice.available  # the good decks stay playable
    assert target.read_bytes() == (BAD / case["file"]).read_bytes()


# ----------------------------------------------------------------- scenarios


def test_broken_scenarios_are_each_named_by_check(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    files = {}
    for case in CASES["scenarios"]:
        files[case["file"]] = tmp_path / Path(case["file"]).name
        shutil.copyfile(BAD / case["file"], files[case["file"]])
    assert cli.main(["check", *map(str, files.values())]) == cli.EXIT_BROKEN
    out = capsys.readouterr().out
    lines = {line.split(": ", 1)[0].removeprefix("BROKEN "): line
             for line in out.splitlines() if line.startswith("BROKEN ")}
    for case in CASES["scenarios"]:
        path = str(files[case["file"]])
        assert path in lines, f"{path} not reported: {out}"
        says(lines[path], case, Path(path).name)


def test_a_scenario_deck_with_a_misspelt_option_is_refused_by_key(
        data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = data / "assets" / "decks" / "arc" / "typo.toml"
    deck.write_text((REPO / "assets/decks/arc/crimson_vanguard.toml").read_text(
        encoding="utf-8").replace("alignment =", "alignmnet ="), encoding="utf-8")
    scenario = tmp_path / "s.toml"
    scenario.write_text('game = "arc"\n[decks]\np0 = "typo"\np1 = "typo"\n', encoding="utf-8")
    assert cli.main(["check", str(scenario)]) == cli.EXIT_BROKEN
    out = capsys.readouterr().out
    assert "decks.p0" in out and "typo.toml" in out and "'alignmnet'" in out


def _hostile(folder: Path, suffix: str) -> dict[str, Path]:
    """Pathological files made at test time: a FIFO, a /dev/zero link, deep nesting."""
    folder.mkdir(parents=True, exist_ok=True)
    made: dict[str, Path] = {}
    if hasattr(os, "mkfifo"):
        made["pipe"] = folder / f"fifo{suffix}"
        os.mkfifo(made["pipe"])
    if Path("/dev/zero").exists():
        made["device"] = folder / f"zero{suffix}"
        made["device"].symlink_to("/dev/zero")
    made["nested"] = folder / f"deep{suffix}"
    deep = ("[" * DEEP + "]" * DEEP) if suffix == ".json" else (
        'game = "arc"\nx = ' + "[" * DEEP + "]" * DEEP + "\n")
    made["nested"].write_text(deep, encoding="utf-8")
    return made


def test_hostile_scenarios_end_check_quickly_with_a_message(tmp_path: Path) -> None:
    files = _hostile(tmp_path / "s", ".toml")
    dotted = tmp_path / "s" / "dotted.toml"
    dotted.write_text("a" + ".a" * DEEP + " = 1\n", encoding="utf-8")
    files["nested"] = dotted
    started = time.perf_counter()
    result = run("check", *map(str, files.values()))
    assert time.perf_counter() - started < TIMEOUT
    assert result.returncode == cli.EXIT_BROKEN
    assert "Traceback" not in result.stdout + result.stderr
    for what, path in files.items():
        line = next((x for x in result.stdout.splitlines() if str(path) in x), "")
        assert line.startswith("BROKEN"), (what, result.stdout)
        assert what in line.replace("nested more", "nested"), line


# ----------------------------------------------------------------- saves


@pytest.mark.parametrize("case", cases("saves"))
def test_broken_save_is_named_by_replay_and_left_alone(tmp_path: Path, case: dict[str, Any],
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    path = tmp_path / Path(case["file"]).name
    shutil.copyfile(BAD / case["file"], path)
    assert cli.main(["replay", str(path)]) == cli.EXIT_BROKEN
    captured = capsys.readouterr()
    says(captured.err, case, path.name)
    assert "at at line" not in captured.err
    assert path.read_bytes() == (BAD / case["file"]).read_bytes()


def test_hostile_saves_end_replay_quickly_with_a_message(tmp_path: Path) -> None:
    files = _hostile(tmp_path / "saves", ".json")
    huge = tmp_path / "saves" / "huge.json"
    with huge.open("wb") as fh:
        fh.truncate(58 * 1024 * 1024)
    files["too large"] = huge
    files["folder"] = tmp_path / "saves" / "folder.json"
    files["folder"].mkdir()
    # One process replays them all (the same code as one `tabletop replay` each).
    code = ("import sys\nfrom tabletop import cli\n"
            "for p in sys.argv[1:]:\n    print('CODE', p, cli.main(['replay', p]), flush=True)\n")
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", code, *map(str, files.values())],
                            capture_output=True, text=True, timeout=TIMEOUT, cwd=REPO)
    assert time.perf_counter() - started < TIMEOUT
    assert "Traceback" not in result.stdout + result.stderr
    for what, path in files.items():
        assert f"CODE {path} 2" in result.stdout
        line = next(x for x in result.stderr.splitlines() if str(path) in x)
        assert what in line.replace("nested more", "nested"), line
    assert huge.stat().st_size == 58 * 1024 * 1024  # nothing lost


# ----------------------------------------------------------------- layouts


@pytest.mark.parametrize("case", cases("layouts"))
def test_broken_layout_disables_start_naming_file_and_field(data: Path,
                                                            case: dict[str, Any]) -> None:
    from tabletop.ui.menu import GameChoice

    name = f"{case['game']}.toml"
    put(case, data / "layouts" / name)
    choice = GameChoice.load(case["game"])
    assert choice.available  # listed and selectable: Start says why it cannot start
    says(choice.layout_error, case, f"layouts{os.sep}{name}")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    from ui_helpers import make_app

    application = make_app(save_dir=tmp_path / "saves")
    yield application
    application.shutdown()


@pytest.mark.parametrize("file", ["layouts/arc_missing_hand_zone.toml",
                                  "layouts/arc_syntax.toml", "layouts/eshi100_grid_3x3.toml"])
def test_broken_layout_in_the_window_start_is_off_and_the_table_never_crashes(
        data: Path, file: str) -> None:
    from ui_helpers import frames, make_app

    from tabletop.ui.menu import GameChoice, MenuScene

    case = next(c for c in CASES["layouts"] if c["file"] == file)
    put(case, data / "layouts" / f"{case['game']}.toml")
    app = make_app(save_dir=data / "saves")
    try:
        app.show_menu()
        frames(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        menu.select_game(case["game"])
        frames(app, 2)
        says(menu.start_problem(), case, f"{case['game']}.toml")
        assert not menu.widgets["start"].is_enabled
        assert f"layout_reason:{case['game']}" in menu.widgets
        # A layout broken after the menu looked (or a resume) reaches the table: a
        # dialog names it and the window stays on the menu.
        good = GameChoice.load(case["game"])
        good.layout_error = ""
        game = good.make_game(*list(good.decks)[:2], first_seat=0, seed=3)
        app.start_game(game)
        frames(app, 2)
        assert app.stack.top is menu and app.game is None
        says(app.table_error, case, f"{case['game']}.toml")
    finally:
        app.shutdown()


def test_smoke_reports_a_broken_layout_without_a_traceback(data: Path) -> None:
    case = next(c for c in CASES["layouts"] if c["file"] == "layouts/arc_bad_colour.toml")
    put(case, data / "layouts" / "arc.toml")
    result = run("--smoke", env_root=data)
    assert result.returncode == 1
    says(result.stderr, case, "arc.toml")


# ----------------------------------------------------------------- catalogues, theme, fonts


@pytest.mark.parametrize("case", cases("catalogues"))
def test_broken_catalogue_file_falls_back_to_english_by_key(
        data: Path, case: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    put(case, data / "assets" / "i18n" / "ui_ja.toml")
    i18n.reload()
    with caplog.at_level(logging.WARNING, logger="tabletop.i18n"):
        tagline = i18n.msg("menu.tagline", count=3).render("ja")
        title = i18n.msg("app.title").render("ja")
    english = i18n.msg("menu.tagline").render("en")
    if "duplicate" in case["file"]:
        assert title != "dup" and title != "app.title"
    else:
        assert tagline == english  # the broken key falls back, not to the raw key
    assert i18n.msg("menu.start").render("ja") == "ゲーム開始"  # the other files still count
    says("\n".join(r.getMessage() for r in caplog.records), case, "")


def test_a_huge_format_width_in_english_is_not_formatted(data: Path) -> None:
    path = data / "assets" / "i18n" / "en.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'start = "Start"', 'start = "{count:>400000000}"'), encoding="utf-8")
    i18n.reload()
    started = time.perf_counter()
    assert i18n.msg("menu.start", count=2).render("en") == "{count:>400000000}"
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("case", cases("theme"))
def test_broken_theme_opens_the_window_with_the_built_in_look(
        data: Path, case: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    from ui_helpers import frames, make_app, texts

    put(case, data / "assets" / "ui" / "theme.json")
    with caplog.at_level(logging.ERROR):
        app = make_app(save_dir=data / "saves")
        try:
            app.show_menu()
            frames(app, 3)
            assert app.stack.top is not None and app.running
            told = "\n".join(texts(app))  # the players are told, not only the log
            assert "theme.json" in told and "built-in look" in told, told
        finally:
            app.shutdown()
    says("\n".join(r.getMessage() for r in caplog.records), case, "theme.json")


@pytest.mark.parametrize("case", cases("fonts"))
def test_broken_font_opens_the_window_with_the_default_font(
        data: Path, case: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    from ui_helpers import frames, make_app, texts

    put(case, data / "assets" / "fonts" / FONT)
    with caplog.at_level(logging.ERROR):
        app = make_app(save_dir=data / "saves")
        try:
            app.show_menu()
            frames(app, 3)
            assert app.fonts.path(False) is None and app.fonts.get(14).size("Ab")[0] > 0
            told = "\n".join(texts(app))
            assert FONT in told and "built-in font" in told, told
        finally:
            app.shutdown()
    says("\n".join(r.getMessage() for r in caplog.records), case, FONT)


def test_smoke_passes_with_broken_theme_font_and_catalogue(data: Path) -> None:
    put(CASES["theme"][0], data / "assets" / "ui" / "theme.json")
    put(CASES["catalogues"][0], data / "assets" / "i18n" / "ui_ja.toml")
    font = data / "assets" / "fonts" / FONT
    font.unlink()
    if hasattr(os, "mkfifo"):
        os.mkfifo(font)  # would hang a plain open()
    result = run("--smoke", env_root=data)
    assert result.returncode == 0, result.stderr
    assert "smoke test ok" in result.stdout and "Traceback" not in result.stderr
    assert "theme.json" in result.stderr and FONT in result.stderr
    assert "ui_ja.toml" in result.stderr


# ----------------------------------------------------------------- autosaves in the menu


def test_a_58_mb_autosave_neither_freezes_the_menu_nor_prevents_starting(app: Any) -> None:
    from ui_helpers import frames

    from tabletop.ui.menu import MenuScene

    path = app.autosave_file("arc")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        fh.truncate(58 * 1024 * 1024)
    started = time.perf_counter()
    app.show_menu()
    frames(app, 2)
    assert time.perf_counter() - started < 5.0
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.start_problem() == "" and menu.widgets["start"].is_enabled
    menu.select_game("arc")
    menu.start()
    frames(app, 1)
    assert app.game is not None  # a new game started
    assert path.stat().st_size == 58 * 1024 * 1024  # and the big file is still there
