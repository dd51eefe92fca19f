"""Imports point one way: app -> graph -> tools, and inside tools from the concern packages down to core.

Every import counts, also those inside functions and under TYPE_CHECKING. docs/architecture.md draws the
same layers; change both together.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = {"app": 2, "graph": 1, "tools": 0}
# Higher may import lower; packages of one rank are independent of each other.
TOOLS_LAYERS = {
    "core": 0,
    "knowledge": 1,
    "assets": 2, "catalog": 2, "storage": 2, "layout": 2, "plan": 2,
    "edit": 3, "page": 3, "supply": 3,
    "model": 4, "verify": 4,
    "evaluate": 5,
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def product_modules() -> dict[str, Path]:
    return {module_name(p): p for top in TOP_LEVEL for p in (ROOT / top).rglob("*.py")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The product modules ``name`` imports, resolved to the longest known module name."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target.split(".")[0] in TOP_LEVEL:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = product_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def tools_package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "tools" and len(parts) > 2 else None


def upward(importer: str, imported: str) -> bool:
    top_a, top_b = importer.split(".")[0], imported.split(".")[0]
    if TOP_LEVEL[top_a] != TOP_LEVEL[top_b]:
        return TOP_LEVEL[top_a] < TOP_LEVEL[top_b]
    pkg_a, pkg_b = tools_package(importer), tools_package(imported)
    if top_a != "tools" or pkg_a == pkg_b or pkg_a is None or pkg_b is None:
        return False
    return TOOLS_LAYERS[pkg_a] <= TOOLS_LAYERS[pkg_b]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
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
    return found


def test_every_tools_module_sits_in_a_declared_package():
    loose = [m for m in product_modules() if m.startswith("tools.") and tools_package(m) is None and m != "tools"]
    assert not [m for m in loose if m.count(".") == 1 and m.split(".")[1] not in TOOLS_LAYERS], loose
    undeclared = {tools_package(m) for m in product_modules()} - set(TOOLS_LAYERS) - {None}
    assert not undeclared


def test_no_import_points_upward():
    graph = import_graph()
    bad = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets if upward(a, b))
    assert bad == []


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_the_checker_sees_an_upward_import_and_a_cycle():
    assert upward("tools.core.errors", "tools.plan.planner")
    assert upward("tools.layout.solver", "tools.plan.planner")  # siblings are independent
    assert upward("tools.plan.planner", "graph.state")
    assert not upward("graph.plan", "tools.plan.planner")
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
