"""build.spec makes a one-folder bundle and a one-file program that start and find their
data from any folder, and leave out what the program never uses (issue 14).

The bundle is built once for the module (both forms; ``TABLETOP_BUILD=folder`` builds
and checks only the folder). Sizes and start times are measured in
``benchmarks/perf/bundle.py``, not here.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core.rules import game_ids
from tabletop.ui.smoke import SMOKE_LANGUAGES

REPO = Path(__file__).resolve().parents[1]
EXE_SUFFIX = ".exe" if os.name == "nt" else ""
FORMS = ("folder", "onefile")
#: issue 14's target for the one-folder bundle (bytes).
FOLDER_LIMIT = 45_000_000
#: The pygame_gui fonts the bundle keeps (see build.spec): its Latin defaults and symbol
#: font, and its Japanese default names standing for our subset.
GUI_FONTS = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf",
             "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"}


def built_forms() -> tuple[str, ...]:
    """The forms build.spec builds with this environment (TABLETOP_BUILD)."""
    wanted = os.environ.get("TABLETOP_BUILD", "both").strip().lower()
    return FORMS if wanted == "both" else (wanted,)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The dist folder of a fresh build of build.spec (in a temporary folder)."""
    base = tmp_path_factory.mktemp("bundle")
    dist, work = base / "dist", base / "work"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
         "--distpath", str(dist), "--workpath", str(work), str(REPO / "build.spec")],
        cwd=REPO, capture_output=True, text=True, timeout=900,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    return dist


def program(dist: Path, form: str) -> Path:
    """The executable of ``form`` ("folder" or "onefile") in ``dist``."""
    if form not in built_forms():
        pytest.skip(f"TABLETOP_BUILD does not build the {form} form")
    if form == "folder":
        return dist / "tabletop" / f"tabletop{EXE_SUFFIX}"
    return dist / f"tabletop-onefile{EXE_SUFFIX}"


def run_elsewhere(exe: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``exe`` headless from an empty folder that is not the repository."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([str(exe), *args], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("form", FORMS)
def test_pyinstaller_bundle_runs_smoke_from_another_folder(
        dist: Path, form: str, tmp_path: Path) -> None:
    run = run_elsewhere(program(dist, form), tmp_path, "--smoke")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "smoke test ok" in run.stdout
    drawn = set(run.stdout.splitlines())
    for lang in SMOKE_LANGUAGES:
        assert f"drew the menu ({lang})" in drawn, run.stdout
        for game in game_ids():
            assert f"drew the {game} table ({lang})" in drawn, run.stdout


def test_bundle_reads_the_user_folder(dist: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: the bundle plays the user's own card and draws its picture (PNG via
    the bundled SDL_image), from the folder $TABLETOP_USER_DIR names."""
    import pygame

    user = tmp_path / "user"
    (user / "cards" / "arc").mkdir(parents=True)
    (user / "images" / "arc").mkdir(parents=True)
    (user / "cards" / "arc" / "club.toml").write_text(
        '[[card]]\nid = "u_storm_caller"\ntype = "character"\n'
        'name = { en = "Storm Caller", ja = "嵐を呼ぶ者" }\ncolour = "red"\ncost = 3\n'
        'power = 4\n', encoding="utf-8")
    picture = pygame.Surface((30, 42))
    picture.fill((20, 200, 40))
    pygame.image.save(picture, str(user / "images" / "arc" / "u_storm_caller.png"))
    pygame.image.save(picture, str(user / "images" / "arc" / "red_ember_hills.jpg"))
    monkeypatch.setenv("TABLETOP_USER_DIR", str(user))
    run = run_elsewhere(program(dist, "folder"), tmp_path, "--smoke")
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"user folder {user}: 1 user cards, 0 card files left out" in run.stdout
    assert "drew the arc card u_storm_caller with its picture" in run.stdout
    assert "drew the arc card red_ember_hills with its picture" in run.stdout


@pytest.mark.parametrize("form", FORMS)
def test_bundle_draws_the_first_menu_frame_and_exits(
        dist: Path, form: str, tmp_path: Path) -> None:
    run = run_elsewhere(program(dist, form), tmp_path, "--first-frame", "--size", "1600x900")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "first menu frame:" in run.stdout and "s CPU" in run.stdout


def test_the_first_frame_flag_works_from_a_checkout(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-m", "tabletop", "--first-frame"], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("first menu frame:")


def test_bundle_leaves_out_the_sound_module_and_its_codecs(dist: Path) -> None:
    folder = program(dist, "folder").parent
    names = [p.name.lower() for p in folder.rglob("*")]
    assert not [n for n in names if n.startswith(("mixer", "libsdl2_mixer", "libfluidsynth",
                                                  "libmpg123", "libflac", "libopus",
                                                  "libvorbis", "libxmp", "libsndfile"))]
    # the image and font libraries the window does need are still there
    assert any(n.startswith("libsdl2_ttf") for n in names)
    assert any(n.startswith("libsdl2_image") for n in names)


def test_bundle_keeps_only_the_pygame_gui_fonts_it_loads_and_our_japanese_subset(
        dist: Path) -> None:
    internal = program(dist, "folder").parent / "_internal"
    gui_data = internal / "pygame_gui" / "data"
    fonts = {p.name for p in gui_data.iterdir() if p.suffix.lower() in (".ttf", ".otf")}
    assert fonts == GUI_FONTS
    for style in ("Regular", "Bold"):
        ours = (REPO / "assets" / "fonts" / f"NotoSansJP-Subset-{style}.otf").read_bytes()
        assert (gui_data / f"NotoSansJP-{style}.otf").read_bytes() == ours
        assert (internal / "assets" / "fonts" / f"NotoSansJP-Subset-{style}.otf"
                ).read_bytes() == ours


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="build.spec strips on Linux")
def test_bundle_binaries_are_stripped(dist: Path) -> None:
    internal = program(dist, "folder").parent / "_internal"
    libpython = next(internal.glob("libpython3*.so*"))
    assert ".symtab" not in elf_section_names(libpython)


def test_one_folder_bundle_is_under_45_mb(dist: Path) -> None:
    folder = program(dist, "folder").parent
    size = sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir())
    assert size <= FOLDER_LIMIT, f"{size / 1e6:.1f} MB"


def elf_section_names(path: Path) -> set[str]:
    """The section names of the 64-bit little-endian ELF file at ``path``."""
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, path
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def section(index: int) -> tuple[int, int, int]:
        name, = struct.unpack_from("<I", data, shoff + index * shentsize)
        offset, size = struct.unpack_from("<QQ", data, shoff + index * shentsize + 0x18)
        return name, offset, size

    _, strings_at, _ = section(shstrndx)
    names = set()
    for index in range(shnum):
        name, _, _ = section(index)
        end = data.index(b"\0", strings_at + name)
        names.add(data[strings_at + name:end].decode("ascii"))
    return names
