"""The engines are plain libraries: no Django, no third-party package, only the standard library."""

import ast
import sys
from importlib import import_module
from pathlib import Path

import games.engines
from games import PACKAGES

ENGINE_DIR = Path(games.engines.__file__).parent
#: The shared engine modules and every game's engine (games/<game>/engine/), and the package
#: ``games`` itself, which engines import for its list of games.
SOURCES = sorted(
    [
        *ENGINE_DIR.rglob("*.py"),
        *(
            path
            for package in PACKAGES.values()
            for path in (Path(import_module(package).__file__).parent / "engine").rglob("*.py")
        ),
        Path(games.__file__),
    ]
)


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.add(node.module)
    return modules


def test_the_engine_sources_are_found():
    assert ENGINE_DIR / "base.py" in SOURCES
    assert ENGINE_DIR.parent / "nile" / "engine" / "rules.py" in SOURCES


def test_no_engine_module_imports_django():
    for path in SOURCES:
        django = {m for m in _imported_modules(path) if m.split(".")[0] == "django"}
        assert not django, f"{path.name} imports {sorted(django)}"


def test_engine_modules_import_only_the_standard_library_and_the_engines():
    for path in SOURCES:
        for module in _imported_modules(path):
            top = module.split(".")[0]
            engine = module.startswith("games.engines") or ".engine" in module
            assert top in sys.stdlib_module_names or module == "games" or engine, (
                f"{path.name} imports {module}"
            )
