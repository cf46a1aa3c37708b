"""The layers of docs/architecture.md: the core runs without pygame, imports point down."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEADLESS = ["tabletop/core", "tabletop/games", "tabletop/geometry", "tabletop/layout"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_and_games_never_import_pygame_or_ui() -> None:
    offenders = []
    for folder in HEADLESS:
        for path in sorted((REPO / folder).rglob("*.py")):
            for name in _imports(path):
                if name.split(".")[0] in {"pygame", "pygame_gui"} or name.startswith("tabletop.ui"):
                    offenders.append(f"{path.relative_to(REPO)} imports {name}")
    assert offenders == []


def test_headless_commands_run_without_loading_pygame() -> None:
    code = (
        "import sys\n"
        "import tabletop.cli, tabletop.core.engine, tabletop.core.persistence\n"
        "from tabletop.core.rules import load_rules\n"
        "load_rules('arc')\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
