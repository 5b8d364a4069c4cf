"""The pipeline as a list of steps: discover → load → compile → render → write/check.

`Project` holds the resolved settings (command line over ``[tool.errgen]`` over
defaults); `build` and `check` are what the CLI commands call. Nothing is written
unless every catalog compiled without error.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from errgen.diagnostics import CatalogInvalid, Diagnostics, Loc
from errgen.model import Catalog
from errgen.targets import TARGETS, TargetOptions
from errgen.writer import TreeDiff, TreeWriter, write_files

DEFAULT_TARGETS: tuple[str, ...] = tuple(TARGETS)


@dataclass(frozen=True, kw_only=True)
class Project:
    """Resolved settings of one errgen run."""

    root: Path
    catalogs: tuple[Path, ...]
    out_dir: Path
    targets: tuple[str, ...] = DEFAULT_TARGETS
    options: TargetOptions = field(default_factory=TargetOptions)
    owns_out_dir: bool = False  # True when building the configured catalogs: stale folders count as extra

    def owned(self, catalogs: list[Catalog]) -> list[str]:
        """Sub-folders of the output folder that this run may prune (none when building a subset of targets)."""
        return self.owned_names([c.name for c in catalogs])

    def owned_names(self, names: list[str]) -> list[str]:
        """`owned` from catalog names."""
        if set(self.targets) != set(DEFAULT_TARGETS):
            return []
        found = set(names)
        if self.owns_out_dir and self.out_dir.is_dir():
            found |= {p.name for p in self.out_dir.iterdir() if p.is_dir() and not p.name.startswith(".")}
        return sorted(found)

    def display(self, path: Path) -> str:
        """`path` relative to the project root when inside it, with '/' separators.

        Symlinks are not followed: a catalog is shown under the name it was given.
        """
        for given, root in ((Path(os.path.abspath(path)), Path(os.path.abspath(self.root))),
                            (path.resolve(), self.root.resolve())):  # fmt: skip
            try:
                return given.relative_to(root).as_posix()
            except ValueError:
                continue
        return path.as_posix()


def from_settings(
    *,
    cwd: Path,
    catalogs: tuple[str, ...] = (),
    out: str | None = None,
    targets: tuple[str, ...] = (),
    templates: str | None = None,
) -> Project:
    """Resolve a Project: command-line values over ``[tool.errgen]`` over defaults."""
    from errgen.buildcache import cache_root
    from errgen.config import expand_catalogs, find_root, load_config

    root = find_root(cwd)
    config = load_config(root)
    paths = tuple(cwd / c for c in catalogs) if catalogs else expand_catalogs(root, config.catalogs)
    out_dir = cwd / out if out else root / config.out
    user_templates = (cwd / templates) if templates else (root / config.templates if config.templates else None)
    return Project(
        root=root,
        catalogs=paths,
        out_dir=out_dir,
        targets=targets or config.targets,
        options=TargetOptions(
            templates=str(user_templates) if user_templates else None,
            python_module=config.python_module,
            ts_import_extension=config.ts_import_extension,
            black_cache=str(cache) if (cache := cache_root(root)) else None,
        ),
        owns_out_dir=not catalogs,
    )


def compile_all(project: Project, diags: Diagnostics) -> list[Catalog]:
    """Load and compile every catalog; raise CatalogInvalid listing all errors if any."""
    from errgen.compiler import compile_catalog
    from errgen.load import load_catalog

    catalogs: list[Catalog] = []
    for path in project.catalogs:
        doc = load_catalog(path, project.display(path), diags)
        catalog = compile_catalog(doc, diags) if doc is not None else None
        if catalog is not None:
            catalogs.append(catalog)
    _check_unique_names(catalogs, diags)
    if diags.has_errors:
        raise CatalogInvalid(diags.sorted())
    return catalogs


def _check_unique_names(catalogs: list[Catalog], diags: Diagnostics) -> None:
    seen: dict[str, Catalog] = {}
    for catalog in catalogs:
        first = seen.setdefault(catalog.name, catalog)
        if first is not catalog:
            diags.error(
                Loc(catalog.source),
                f"catalog name {catalog.name!r} is also used by {first.source}; output folders would collide",
            )


def render_all(project: Project, catalogs: list[Catalog]) -> Iterator[tuple[str, str]]:
    """Every generated file of every catalog, one target at a time, as (path in the output folder, text)."""
    from errgen.targets import generator

    for catalog in catalogs:
        for name in project.targets:
            files = generator(name)(catalog, project.options)
            while files:  # popped, so each text is freed once written
                rel, text = files.popitem()
                yield f"{catalog.name}/{rel}", text


@dataclass(frozen=True)
class Result:
    """What a build or check found: the differences, the file count, and (check) the new modified texts."""

    diff: TreeDiff
    texts: dict[str, str]
    file_count: int
    cached: bool = False


def _fresh(project: Project) -> tuple[str | None, Result | None]:
    """The build key, and a Result when the manifest cache proves the output is current."""
    from errgen import buildcache

    key = buildcache.build_key(project)
    count = buildcache.fresh_file_count(project, key)
    return key, (None if count is None else Result(TreeDiff(), {}, count, cached=True))


def build(project: Project, diags: Diagnostics) -> Result:
    """Compile, render and write (one target at a time); returns what changed on disk."""
    return _run(project, diags, dry_run=False)


def check(project: Project, diags: Diagnostics) -> Result:
    """Compile and render; compare with disk without writing."""
    return _run(project, diags, dry_run=True)


def _run(project: Project, diags: Diagnostics, *, dry_run: bool) -> Result:
    from errgen import buildcache

    key, fresh = _fresh(project)
    if fresh:
        return fresh
    catalogs = compile_all(project, diags)
    writer = TreeWriter(project.out_dir, project.owned(catalogs), dry_run=dry_run)
    diff = write_files(writer, render_all(project, catalogs))
    if diff.clean or not dry_run:
        buildcache.remember(project, key, writer.hashes, [c.name for c in catalogs])
    return Result(diff, writer.texts, len(writer.hashes))
