"""The layers of the site hold: no import cycle between project modules, and no project module
imported inside a function (the way a cycle is usually hidden), except in AppConfig.ready().

The sources are read, not imported: an import at a module's top level is an edge of the graph;
``from package import name`` is an edge to ``package.name`` when that is a module, else to
``package``. Imports under ``if TYPE_CHECKING:`` are left out (they never run).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    "accounts",
    "africa_site",
    "archive",
    "games",
    "mailplay",
    "notifications",
    "ratings",
    "rulebooks",
    "talk",
    "api",
    "calendars",
    "friends",
    "live",
    "operations",
    "tutorials",
)


def project_modules(root: Path, packages) -> dict[str, Path]:
    """{dotted module name: path} of every Python module of ``packages`` under ``root``."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if "tests" in parts:  # a game's own tests (games/<game>/tests/) are no layer
                continue
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(node) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(test)


def _imports(tree, module: str, is_package: bool, modules):
    """Yield (imported module, the function it is imported in or None) for each import in
    ``tree`` (the source of ``module``): ``from a import b`` names ``a.b`` when that is one of
    ``modules``, else ``a``."""

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            inner = function
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = child.name
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, function
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = module.split(".")
                    anchor = anchor[: len(anchor) - child.level + (1 if is_package else 0)]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in child.names:
                    dotted = f"{base}.{alias.name}"
                    yield (dotted if dotted in modules else base), function
            yield from visit(child, inner)

    yield from visit(tree, None)


def import_graph(root: Path, packages) -> tuple[dict[str, set[str]], list[str]]:
    """The top-level import graph {module: {project modules it imports}} and the list of
    function-level imports of project modules outside ``ready()``, as "module: name"."""
    modules = project_modules(root, packages)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    hidden = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text("utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for imported, function in _imports(tree, name, is_package, modules):
            if imported not in modules or imported == name:
                continue
            if function is None:
                graph[name].add(imported)
            elif function != "ready":
                hidden.append(f"{name}: {imported} (in {function}())")
    return graph, sorted(set(hidden))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def connect(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_the_project_sources_are_found():
    modules = project_modules(ROOT, PACKAGES)
    assert "games.services.play" in modules
    assert "notifications.tasks" in modules


def test_no_import_cycle_between_project_modules():
    graph, _hidden = import_graph(ROOT, PACKAGES)
    assert cycles(graph) == []


def test_no_project_module_is_imported_inside_a_function():
    _graph, hidden = import_graph(ROOT, PACKAGES)
    assert hidden == []


def test_the_layer_checks_catch_a_cycle_and_a_hidden_import(tmp_path):
    package = tmp_path / "shop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "orders.py").write_text("from shop import mails\n")
    (package / "mails.py").write_text("from shop.orders import total\n")
    (package / "views.py").write_text("def page():\n    from shop import orders\n")
    (package / "apps.py").write_text(
        "class ShopConfig:\n    def ready(self):\n        from shop import mails\n"
    )

    graph, hidden = import_graph(tmp_path, ["shop"])

    assert cycles(graph) == [["shop.mails", "shop.orders"]]
    assert hidden == ["shop.views: shop.orders (in page())"]


def _layer(module: str) -> str | None:
    """ "engine" for the engines (games.engines and games.<game>.engine), "kind" for the kinds
    (games.kinds and games.<game>.kind), else None."""
    parts = module.split(".")
    if parts[:2] == ["games", "engines"] or parts[2:3] == ["engine"] and parts[0] == "games":
        return "engine"
    if parts[:2] == ["games", "kinds"] or parts[2:3] == ["kind"] and parts[0] == "games":
        return "kind"
    return None


def test_engines_and_kinds_stay_below_the_services_and_models():
    graph, _hidden = import_graph(ROOT, PACKAGES)
    assert _layer("games.nile.engine.rules") == "engine" and _layer("games.nile.kind") == "kind"
    for module, imported in graph.items():
        if _layer(module) is not None:
            above = {m for m in imported if m.startswith(("games.services", "games.models"))}
            assert not above, f"{module} imports {sorted(above)}"
        if _layer(module) == "engine":
            # The engines import only engines, and the package "games" (its list of games).
            outside = {m for m in imported if _layer(m) != "engine" and m != "games"}
            assert not outside, f"{module} imports {sorted(outside)}"


def test_notifications_import_no_app_of_the_site():
    """The outbox is machinery: each app's mails register with it, never the other way."""
    graph, _hidden = import_graph(ROOT, PACKAGES)
    apps = {package for package in PACKAGES if package not in ("notifications", "africa_site")}
    for module, imported in graph.items():
        if module.startswith("notifications"):
            above = {m for m in imported if m.split(".")[0] in apps}
            assert not above, f"{module} imports {sorted(above)}"


def _imports_of(graph, package: str) -> dict[str, set[str]]:
    """{module of ``package``: the project modules it imports} from ``graph``."""
    return {m: imported for m, imported in graph.items() if m.split(".")[0] == package}


def test_games_say_what_happened_and_know_of_no_mail():
    """The games tell ``notifications`` events; play by mail and the chat compose the mails."""
    graph, _hidden = import_graph(ROOT, PACKAGES)
    for module, imported in _imports_of(graph, "games").items():
        above = {m for m in imported if m.split(".")[0] in ("mailplay", "talk")}
        assert not above, f"{module} imports {sorted(above)}"


def test_accounts_call_no_service_of_the_games():
    """A vacation's end reaches the games by a signal they connect to, not by a call up."""
    graph, _hidden = import_graph(ROOT, PACKAGES)
    for module, imported in _imports_of(graph, "accounts").items():
        above = {m for m in imported if m.startswith(("games.services", "games.tasks"))}
        assert not above, f"{module} imports {sorted(above)}"
