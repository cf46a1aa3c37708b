"""The plugin API is the narrow TableContext, and scenes only know the app as a Host.

* no window plugin (``tabletop/ui/games/*.py``) touches a private (``_``) member of the
  table scene: ``scene._x``, ``ctx._x``, ``self.scene._x`` (an AST scan);
* every plugin hook is typed against :class:`~tabletop.ui.context.TableContext`, never
  against the table scene itself;
* a real table scene has every member of the protocol (mypy checks the types);
* scenes type the app as :class:`~tabletop.ui.host.Host`, and the app has all of it.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import ast  # noqa: E402
from pathlib import Path  # noqa: E402

from ui_helpers import frames, make_app  # noqa: E402

from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.ui.context import DragInfo, TableContext  # noqa: E402
from tabletop.ui.drag import DragState  # noqa: E402
from tabletop.ui.host import Host  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
PLUGINS = sorted((REPO / "tabletop" / "ui" / "games").glob("*.py"))
#: Names the table scene goes by in plugin code.
SCENE_NAMES = {"scene", "ctx", "context", "table"}


def _is_scene(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in SCENE_NAMES
    if isinstance(node, ast.Attribute):  # self.scene, self._scene, ui.scene
        return node.attr.lstrip("_") in SCENE_NAMES
    return False


def _members(protocol: type) -> set[str]:
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls is object or cls.__name__ in ("Protocol", "Generic"):
            continue
        names |= {n for n in vars(cls) if not n.startswith("_")}
        names |= {n for n in getattr(cls, "__annotations__", {}) if not n.startswith("_")}
    return names


def test_no_plugin_touches_a_private_member_of_the_scene() -> None:
    found = []
    for path in PLUGINS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__") and _is_scene(node.value):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "plugins reach private members of the table scene:\n" + "\n".join(found)


def test_plugins_are_typed_against_the_table_context() -> None:
    found = []
    for path in PLUGINS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name | ast.Attribute) and \
                    (getattr(node, "id", None) or getattr(node, "attr", None)) == "TableScene":
                found.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and node.module == "tabletop.ui.table" \
                    and any(a.name == "TableScene" for a in node.names):
                found.append(f"{path.name}:{node.lineno}: imports TableScene")
    assert not found, "plugins name TableScene instead of TableContext:\n" + "\n".join(found)


def test_the_table_scene_has_every_member_of_the_context() -> None:
    game = Game(load_rules("arc"), GameSetup("arc", seed=1))
    app = make_app()
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 1)
    missing = sorted(n for n in _members(TableContext) if not hasattr(scene, n))
    assert not missing, f"TableScene lacks {missing}"
    drag_fields = set(DragState.__dataclass_fields__) | set(dir(DragState))
    assert not sorted(_members(DragInfo) - drag_fields)
    missing = sorted(n for n in _members(Host) if not hasattr(app, n))
    assert not missing, f"App lacks {missing}"


def test_scenes_type_the_app_as_a_host() -> None:
    for name in ("scene", "cover", "dialogs", "menu", "table"):
        source = (REPO / "tabletop" / "ui" / f"{name}.py").read_text(encoding="utf-8")
        assert "from tabletop.ui.app import" not in source, name
