"""errgen's imports flow one way: `cli` → `workflow` → `output` → `targets` → `catalog`, without cycles.

Read from the source with `ast` (every import counts: module level, inside functions and
under ``TYPE_CHECKING``), so a reversed or circular import fails here before it confuses a reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

SRC = ROOT / "src"
BENCH = ROOT / "bench"
# Each package and the packages it may import (the package root `errgen` only holds `__version__`).
ALLOWED: dict[str, set[str]] = {
    "catalog": set(),
    "targets": {"catalog"},
    "output": {"catalog", "targets"},
    "conform": {"catalog"},
    "workflow": {"catalog", "targets", "output"},
    "cli": {"catalog", "targets", "output", "workflow", "conform"},
    "__main__": {"cli"},
}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, known: set[str], package: str) -> set[str]:
    """The modules of `known` that `path` imports (``from a import b`` counts as `a.b` when that is a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against this module's package
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return found & known


def graph(root: Path, top: str) -> dict[str, set[str]]:
    """Module → the modules (under `root`) it imports."""
    skipped = ("__pycache__", "out")  # and hidden folders: not the bench's installed peers (.peers/) or outputs
    own = [p for p in sorted(root.rglob("*.py"))
           if not any(part in skipped or part.startswith(".") for part in p.relative_to(root).parts[:-1])]
    paths = {_module_name(p, root): p for p in own}
    paths = {name: path for name, path in paths.items() if name.split(".")[0] == top or not top}
    known = set(paths)
    edges = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges[name] = imports_of(path, known, package) - {name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles (strongly connected components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while (top := stack.pop()) != node:
                component.append(top)
            if component:
                found.append(sorted([node, *component]))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def package_of(module: str) -> str | None:
    """``errgen.catalog.model`` → ``catalog``; the package root `errgen` → None."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def reversed_imports(edges: dict[str, set[str]]) -> list[str]:
    """Every import from one errgen package into another that it may not import."""
    bad = []
    for module, targets in sorted(edges.items()):
        own = package_of(module)
        for target in sorted(targets):
            other = package_of(target)
            if own is None and other is not None:
                bad.append(f"{module} (the package root) imports {target}")
            elif own is not None and other not in (None, own) and other not in ALLOWED.get(own, set()):
                bad.append(f"{module} imports {target}: {own} may import {sorted(ALLOWED.get(own, ())) or 'nothing'}")
    return bad


def test_every_package_is_declared() -> None:
    packages = {package_of(m) for m in graph(SRC, "errgen")} - {None}
    assert packages == set(ALLOWED), "a new errgen package needs its place in ALLOWED (and a docstring)"


def test_each_package_says_what_it_owns_and_may_import() -> None:
    for package in set(ALLOWED) - {"__main__"}:
        doc = ast.get_docstring(ast.parse((SRC / "errgen" / package / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "import" in doc, f"errgen/{package}/__init__.py: say what it owns and may import"


def test_imports_flow_one_way() -> None:
    assert reversed_imports(graph(SRC, "errgen")) == []


def test_no_import_cycles() -> None:
    assert cycles(graph(SRC, "errgen")) == []


def test_no_import_cycles_in_the_bench() -> None:
    assert cycles(graph(BENCH, "")) == []


def test_the_checks_see_a_reversed_import_and_a_cycle() -> None:
    edges = graph(SRC, "errgen")
    edges["errgen.catalog.model"] = {*edges["errgen.catalog.model"], "errgen.workflow.lint"}
    assert "errgen.catalog.model imports errgen.workflow.lint: catalog may import nothing" in reversed_imports(edges)
    assert any({"errgen.catalog.model", "errgen.workflow.lint"} <= set(c) for c in cycles(edges))


# Inside `targets`: each target is one folder mirroring `templates/<language>/`; the pieces they share live in
# `common` and `sanitizer`, which never import a target. A language's package imports no other language's,
# except that `catalog_json` and the workflow read every language's identifiers (identity.txt, diff).
TARGET_PACKAGES = {"python", "typescript", "go", "rust", "packs", "markdown"}
SHARED_PACKAGES = {"common", "sanitizer"}
NAMES_READERS = {"errgen.targets.catalog_json"}


def target_package(module: str) -> str | None:
    """``errgen.targets.go.names`` → ``go``; a module directly in `targets` → None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "targets" else None


def crossed_targets(edges: dict[str, set[str]]) -> list[str]:
    """Every import from one target's (or a shared) sub-package into another target's."""
    bad = []
    for module, imported in sorted(edges.items()):
        own = target_package(module)
        for other_module in sorted(imported):
            other = target_package(other_module)
            if other not in TARGET_PACKAGES or other == own:
                continue
            if module in NAMES_READERS and other_module.endswith(".names"):
                continue
            if own is not None or package_of(module) == "targets":
                bad.append(f"{module} imports {other_module}: a target's package is its own")
    return bad


def test_each_target_is_one_folder_like_its_templates() -> None:
    folders = {p.name for p in (SRC / "errgen" / "targets").iterdir() if (p / "__init__.py").exists()}
    assert folders == TARGET_PACKAGES | SHARED_PACKAGES
    assert {p.name for p in (ROOT / "templates").iterdir() if p.is_dir()} <= TARGET_PACKAGES
    for folder in folders:
        doc = ast.get_docstring(ast.parse((SRC / "errgen" / "targets" / folder / "__init__.py").read_text("utf-8")))
        assert doc and "import" in doc.lower(), f"errgen/targets/{folder}/__init__.py: say what it owns and imports"


def test_targets_do_not_import_each_other() -> None:
    assert crossed_targets(graph(SRC, "errgen")) == []


def test_the_target_check_sees_a_crossed_import() -> None:
    edges = graph(SRC, "errgen")
    edges["errgen.targets.go.texts"] = {*edges["errgen.targets.go.texts"], "errgen.targets.rust.literals"}
    edges["errgen.targets.common.escape"] = {*edges["errgen.targets.common.escape"], "errgen.targets.python.layout"}
    assert crossed_targets(edges) == [
        "errgen.targets.common.escape imports errgen.targets.python.layout: a target's package is its own",
        "errgen.targets.go.texts imports errgen.targets.rust.literals: a target's package is its own",
    ]
