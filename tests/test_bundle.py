"""build.spec makes a one-folder bundle that starts and finds its data from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_pyinstaller_bundle_runs_smoke_from_another_folder(tmp_path: Path) -> None:
    dist, work = tmp_path / "dist", tmp_path / "work"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
         "--distpath", str(dist), "--workpath", str(work), str(REPO / "build.spec")],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    exe = dist / "tabletop" / ("tabletop.exe" if os.name == "nt" else "tabletop")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run([str(exe), "--smoke"], cwd=elsewhere, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "smoke test ok" in run.stdout
