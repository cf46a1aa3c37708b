"""The stand-alone program (issue 14): the one-folder bundle's size and the one-file
build's start-up.

The bundle is built from a copy of the sources in a folder of its own (never
``build/`` or ``dist/`` in the checkout): ``$TABLETOP_BENCH_BUNDLE`` or
``<tempdir>/tabletop-bench-bundle``, holding ``src/`` (the copy), ``work/`` and
``dist/``. It is built fresh when ``dist/`` is missing or older than the sources
(``tabletop/``, ``assets/``, ``layouts/``, ``build.spec``, ``pyproject.toml``); with
``quick`` an existing build is measured even when older (the note says which).

Figures:

- **one-folder bundle size**: every file of ``dist/tabletop`` (symbolic links count
  their own few bytes), in MB of 10^6 bytes; target 45 MB.
- **one-file start to the first menu frame**, per window size in ``SIZES``:
  ``dist/tabletop-onefile --first-frame --size WxH`` run headless from an empty
  folder, the CPU time (user + system) of the whole process tree from start to exit
  (the bootloader unpacking into a temporary folder, the interpreter, the first
  frame, and the clean-up after it: an upper bound), read from
  ``RUSAGE_CHILDREN``; the median of the runs, after one unmeasured warm-up run;
  target 1.5 s. CPU rather than wall time because the 2-core machine is shared;
  the note gives the wall time to the frame line and the load average.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from perf import SIZES, Figure

REPO = Path(__file__).resolve().parents[2]
#: Where the copy of the sources is built.
HOME = Path(os.environ.get("TABLETOP_BENCH_BUNDLE")
            or Path(tempfile.gettempdir()) / "tabletop-bench-bundle")
SIZE_TARGET_MB = 45.0
START_TARGET_S = 1.5
#: What the bundle is built from (its age decides whether to rebuild).
SOURCES = ("tabletop", "assets", "layouts", "build.spec", "pyproject.toml")
_SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "__pycache__", "*.pyc",
                               ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis",
                               "*.egg-info")
EXE = ".exe" if os.name == "nt" else ""


def figures(quick: bool) -> list[Figure]:
    """The bundle size and the one-file start time at every size in ``SIZES``."""
    dist, how = ensure_build(quick)
    folder = dist / "tabletop"
    onefile = dist / f"tabletop-onefile{EXE}"
    size = bundle_bytes(folder)
    out = [Figure("one-folder bundle size", size / 1e6, SIZE_TARGET_MB, "MB",
                  note=f"dist/tabletop, {size / 2**20:.1f} MiB; {how}")]
    runs = 3 if quick else 7
    for width, height in SIZES:
        cpu, wall = start_times(onefile, (width, height), runs)
        out.append(Figure(
            "one-file start to first menu frame (CPU)", statistics.median(cpu),
            START_TARGET_S, "s", size=(width, height),
            note=(f"median of {runs} runs, max {max(cpu):.2f} s; all processes, unpacking "
                  f"and clean-up included; wall to the frame median "
                  f"{statistics.median(wall):.2f} s at load {os.getloadavg()[0]:.1f}")))
    return out


def sources_mtime() -> float:
    """The newest modification time of any source file the bundle is built from."""
    newest = 0.0
    for name in SOURCES:
        path = REPO / name
        files = [path] if path.is_file() else (p for p in path.rglob("*") if p.is_file())
        for file in files:
            if "__pycache__" not in file.parts:
                newest = max(newest, file.stat().st_mtime)
    return newest


def ensure_build(quick: bool) -> tuple[Path, str]:
    """The dist folder to measure and how it came about (for the note); builds when
    it is missing, or older than the sources unless ``quick``."""
    dist = HOME / "dist"
    exes = [dist / "tabletop" / f"tabletop{EXE}", dist / f"tabletop-onefile{EXE}"]
    built = min((p.stat().st_mtime for p in exes if p.exists()), default=None)
    if built is not None and len([p for p in exes if p.exists()]) == len(exes):
        stale = built < sources_mtime()
        if not stale:
            return dist, "existing build, newer than the sources"
        if quick:
            return dist, "existing build, OLDER than the sources (--quick)"
    return dist, build(dist)


def build(dist: Path) -> str:
    """Copy the sources to ``HOME/src`` and build both forms into ``dist``; returns
    the note. Raises RuntimeError when PyInstaller fails."""
    src, work = HOME / "src", HOME / "work"
    for folder in (src, work, dist):
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(REPO, src, ignore=_SKIP, symlinks=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {key: value for key, value in os.environ.items() if key != "TABLETOP_BUILD"}
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
         "--distpath", str(dist), "--workpath", str(work), str(src / "build.spec")],
        cwd=src, env=env, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"PyInstaller failed:\n{done.stderr[-3000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (f"built fresh now from a copy of the sources "
            f"({time.perf_counter() - start:.0f} s wall, {cpu:.0f} s CPU)")


def bundle_bytes(folder: Path) -> int:
    """The bytes of every file under ``folder`` (links counted as links)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir())


def start_times(exe: Path, size: tuple[int, int], runs: int) -> tuple[list[float], list[float]]:
    """CPU seconds (whole process tree, start to exit) and wall seconds to the
    ``first menu frame`` line, of ``runs`` runs of ``exe --first-frame`` (after one
    warm-up run). Raises RuntimeError when a run fails."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    cpu: list[float] = []
    wall: list[float] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-start-") as elsewhere:
        for index in range(runs + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            proc = subprocess.Popen(
                [str(exe), "--first-frame", "--size", f"{size[0]}x{size[1]}"],
                cwd=elsewhere, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)
            assert proc.stdout is not None
            seen = None
            for line in proc.stdout:
                if seen is None and line.startswith("first menu frame:"):
                    seen = time.perf_counter() - start
            proc.wait(timeout=300)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if proc.returncode != 0 or seen is None:
                error = proc.stderr.read() if proc.stderr else ""
                raise RuntimeError(f"{exe} --first-frame failed ({proc.returncode}): {error}")
            if proc.stderr:
                proc.stderr.close()
            if index == 0:
                continue  # warm-up: the file cache, not the program
            cpu.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
            wall.append(seen)
    return cpu, wall
