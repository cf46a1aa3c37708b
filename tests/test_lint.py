"""The code base stays ruff-clean and, package by package, `mypy --strict`-clean (the
settings of both live in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run(
        [ruff, "check", "tabletop", "tests", "benchmarks", "tools"],
        cwd=REPO, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


#: The packages `mypy --strict` passes on. This list only grows: a package joins once
#: it has no error left, and none leaves it.
MYPY_STRICT_CLEAN = [
    "tabletop/geometry",
    "tabletop/layout",
    "tabletop/core",
    "tabletop/games",
    # the UI's contracts: what a plugin may use of the table, what a scene needs of the app
    "tabletop/ui/context.py",
    "tabletop/ui/host.py",
    "tabletop/ui/sprite.py",
    "tabletop/ui/coach_panel.py",  # the coach panel (issue 12 §1)
    "tabletop/help.py",  # the rules help loader (headless, issue 12 §2)
    "tabletop/ui/help.py",  # the rules help page, its diagram registry, Conan's diagrams
    "tabletop/ui/help_diagrams.py",
    "tabletop/ui/games/conan_diagrams.py",
    # the Conan fight preview and playback words (issue 12 §7)
    "tabletop/ui/games/conan_preview.py",
    "tabletop/ui/games/conan_playback.py",
    "tabletop/ui/games/conan_places.py",  # Conan's lesson drop places (issue 12 §3)
    # the rules-help diagrams of Arc, 絵師100人展 and Xenocard (issue 12 §2)
    "tabletop/ui/games/diagram_kit.py",
    "tabletop/ui/games/arc_diagrams.py",
    "tabletop/ui/games/eshi100_diagrams.py",
    "tabletop/ui/games/xenocard_diagrams.py",
    "tabletop/ui/frame_policy.py",  # when the main loop draws (issue 14, idle window)
    "tabletop/ui/scene.py",
    # Esc closes an open list only, a double click stays on its screen, a save's time
    # said short (QA16b #3, #2, #14)
    "tabletop/ui/drop_downs.py",
    "tabletop/ui/double_click.py",
    "tabletop/ui/menu_when.py",
    # bounded drawn-surface caches and the widget manager's lifetime (issue 14)
    "tabletop/ui/surface_cache.py",
    "tabletop/ui/gui_manager.py",
    # a drag's lit places on patches, the table's kept frames (issue 14, frame cost)
    "tabletop/ui/lit_layer.py",
    "tabletop/ui/still_frame.py",
    "tabletop/ui/carried.py",
    # what a change of the game keeps: card surfaces, the background (issue 14)
    "tabletop/ui/sprite_memo.py",
    "tabletop/ui/backdrop.py",
    "tabletop/ui/gc_pauses.py",
    "tabletop/ui/reused_surface.py",
    # the heap's thresholds, closed scenes' pixels, slim widget shapes (issue 14, memory)
    "tabletop/ui/heap.py",
    "tabletop/ui/gui_slim.py",
    "tabletop/ui/bands.py",
    # settings that stay, applied in the window, the sleeves on card backs (issue 16)
    "tabletop/settings.py",
    "tabletop/ui/settings_apply.py",
    "tabletop/ui/screen_fit.py",  # how far menu-like screens follow the UI scale (issue 16)
    "tabletop/ui/table_fit.py",  # how far the table follows the UI scale (QA16 #4)
    "tabletop/ui/panel_place.py",  # beside or under the table, in columns under it
    "tabletop/ui/panel_columns.py",
    "tabletop/ui/window_size.py",  # resizing the window in place (issue 16)
    "tabletop/ui/slide_refit.py",  # a glide re-aimed when the table is laid out again
    "tabletop/ui/sleeves.py",
    # the deck builder's headless parts and the CSV import command (issue 16)
    "tabletop/ui/deck_model.py",
    "tabletop/ui/deck_lists.py",
    "tabletop/ui/deck_chart.py",
    "tabletop/ui/deck_io.py",
    "tabletop/ui/deck_rows.py",
    "tabletop/ui/deck_summary.py",
    "tabletop/csv_import.py",
    # the one table of shortcuts, its overlays, the table's mm <-> px mapping (issue 16)
    "tabletop/ui/shortcuts.py",
    "tabletop/ui/free_menu.py",  # free mode's menu of acts (issue 15, ALL-R3)
    "tabletop/ui/shortcuts_overlay.py",
    "tabletop/ui/log_overlay.py",
    "tabletop/ui/viewport.py",
    # the user folder's cards, lessons and problems, card pictures on faces (issue 16)
    "tabletop/user_content.py",
    "tabletop/ui/card_images.py",
]


def test_mypy_strict_is_clean(tmp_path: Path) -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("mypy is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
         *MYPY_STRICT_CLEAN],
        cwd=REPO, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
