"""The pipeline as a list of steps: discover → load → compile → render → write/check.

`Project` holds the resolved settings (command line over ``[tool.errgen]`` over
defaults); `build` and `check` are what the CLI commands call. Nothing is written
unless every catalog compiled without error.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from errgen.targets import DEFAULT_TARGETS, TargetOptions

if TYPE_CHECKING:  # imported where used: the up-to-date path of a warm build needs none of them
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.catalog.model import Catalog
    from errgen.output.writer import TreeDiff, TreeWriter



class Project(NamedTuple):
    """Resolved settings of one errgen run (a NamedTuple: see `errgen.targets.TargetOptions`)."""

    root: Path
    catalogs: tuple[Path, ...]
    out_dir: Path
    targets: tuple[str, ...] = DEFAULT_TARGETS
    options: TargetOptions = TargetOptions()
    owns_out_dir: bool = False  # building the configured catalogs: folders of catalogs no longer built are removed
    replaces_targets: bool = True  # building every configured target: files of targets no longer built are removed
    strict: bool = False  # missing translations are errors, not warnings (and no warm build skips the check)
    jobs: int = 1  # processes generating targets at once (`workers.jobs()` for a CLI build)

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
    jobs: int = 1,
) -> Project:
    """Resolve a Project: command-line values over ``[tool.errgen]`` over defaults."""
    from errgen.workflow.buildcache import cache_root
    from errgen.workflow.config import expand_catalogs, find_root, load_config

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
            black_cache=str(cache) if (cache := cache_root()) else None,
        ),
        owns_out_dir=not catalogs,
        replaces_targets=not targets,
        jobs=jobs,
    )


def compile_all(project: Project, diags: Diagnostics) -> list[Catalog]:
    """Load and compile every catalog; raise CatalogInvalid listing all errors if any."""
    from errgen.catalog.compiler import compile_catalog
    from errgen.catalog.diagnostics import CatalogInvalid
    from errgen.catalog.load import load_catalog
    from errgen.catalog.translations import gaps

    catalogs: list[Catalog] = []
    for path in project.catalogs:
        doc = load_catalog(path, project.display(path), diags)
        catalog = compile_catalog(doc, diags) if doc is not None else None
        if catalog is not None:
            catalogs.append(catalog)
            for loc, message in gaps(catalog):
                (diags.error if project.strict else diags.warning)(loc, message, "missing-translation")
    _check_unique_names(catalogs, diags)
    if diags.has_errors:
        raise CatalogInvalid(diags.sorted())
    return catalogs


def _check_unique_names(catalogs: list[Catalog], diags: Diagnostics) -> None:
    from errgen.catalog.diagnostics import Loc

    seen: dict[str, Catalog] = {}
    for catalog in catalogs:
        first = seen.setdefault(catalog.name, catalog)
        if first is not catalog:
            diags.error(
                Loc(catalog.source),
                f"catalog name {catalog.name!r} is also used by {first.source}; output folders would collide",
            )


def write_catalog(project: Project, catalog: Catalog, writer: TreeWriter) -> dict[str, str | None]:
    """Give `writer` every file of `catalog` and its manifest; returns the files it no longer generates.

    Targets not built in this run (``-t``) keep their manifest entries and files.
    """
    from errgen.output.ownership import Manifest, read_manifest
    from errgen.output.paths import MANIFEST
    from errgen.targets.common.header import header_text
    from errgen.workflow.workers import generated

    old = read_manifest(project.out_dir / catalog.name)
    recorded = old.files()
    keep = {} if project.replaces_targets else {t: dict(g) for t, g in old.targets.items()}
    new = Manifest(keep)
    for name, files in generated(project.targets, catalog, project.options, project.jobs):
        new.targets[name] = group = {}
        while files:  # popped, so each text is freed once written
            rel, text = files.popitem()
            path = f"{catalog.name}/{rel}"
            writer.add(path, text, recorded.get(rel))
            for other in new.targets.values():  # a custom template over a built-in file: the last one wins
                other.pop(rel, None)
            group[rel] = writer.hashes[path]
    writer.add(f"{catalog.name}/{MANIFEST}", new.render(header_text(catalog)))
    now = new.files()
    return {f"{catalog.name}/{rel}": sha for rel, sha in recorded.items() if rel not in now}


def stale_catalogs(project: Project, catalogs: list[Catalog]) -> dict[str, str | None]:
    """Files of catalog folders errgen wrote for a catalog it no longer builds (configured builds only)."""
    from errgen.output.ownership import read_manifest
    from errgen.output.paths import MANIFEST, catalog_folders

    if not (project.owns_out_dir and project.replaces_targets):
        return {}
    names = {c.name for c in catalogs}
    removals: dict[str, str | None] = {}
    for name in catalog_folders(project.out_dir):
        if name not in names:
            listed = read_manifest(project.out_dir / name).files()
            removals.update({f"{name}/{rel}": sha for rel, sha in listed.items()})
            removals[f"{name}/{MANIFEST}"] = None
    return removals


class Result(NamedTuple):
    """What a build or check found: the differences, the file count, and (check) the new modified texts."""

    diff: TreeDiff
    texts: dict[str, str]
    file_count: int
    cached: bool = False


def up_to_date(project: Project) -> int | None:
    """The number of output files when the build cache proves the output folder current, else None.

    What a warm ``errgen build`` or ``errgen check`` does when nothing changed, and all it
    imports (`buildcache`): the key from errgen's own files, the settings and the catalogs'
    bytes, then the recorded files checked on disk.
    """
    from errgen.workflow import buildcache

    if project.strict:
        return None  # a strict build checks the translations every time
    return buildcache.fresh_file_count(project, buildcache.build_key(project))


def _fresh(project: Project) -> tuple[str | None, Result | None]:
    """The build key, and a Result when the manifest cache proves the output is current."""
    from errgen.output.writer import TreeDiff
    from errgen.workflow import buildcache

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
    from errgen.output.outlock import locked
    from errgen.output.writer import TreeWriter
    from errgen.workflow import buildcache

    key, fresh = _fresh(project)
    if fresh and not project.strict:
        return fresh
    catalogs = compile_all(project, diags)
    writer = TreeWriter(project.out_dir, dry_run=dry_run, show=project.display)
    with locked(project.out_dir, exclusive=not dry_run, show=project.display(project.out_dir)):
        try:
            removals: dict[str, str | None] = {}
            for catalog in catalogs:
                removals.update(write_catalog(project, catalog, writer))
            removals.update(stale_catalogs(project, catalogs))
            diff = writer.commit(removals)
        except BaseException:
            writer.abort()
            raise
    if diff.clean or not dry_run:
        inputs = tuple(path for c in catalogs for path in referenced_files(project, c))
        buildcache.remember(project, key, writer.hashes, [c.name for c in catalogs], inputs)
    return Result(diff, writer.texts, len(writer.hashes))


def referenced_files(project: Project, catalog: Catalog) -> list[Path]:
    """The files `catalog` refers to (its tools' schema files), on disk."""
    folder = (project.root / catalog.source).parent
    refs = [ref for tool in catalog.tools.values() for ref in (tool.output_schema, tool.input_schema)]
    return [folder / ref.file for ref in refs if ref is not None and ref.file is not None]
