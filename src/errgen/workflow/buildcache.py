"""Warm builds: a content-addressed record of what a build produced, in the user's cache folder.

The key hashes everything that determines the output: errgen's version, its own
sources and built-in templates (by path, size and modification time), user
templates, every catalog file's bytes and display path, and the target options.
The entry lists each output file's sha256, and each file a catalog refers to (a tool's
schema file) with its sha256: a changed schema file is a changed input. When the key is known and the files on
disk still have those hashes (and no folder of a dropped catalog appeared), ``build`` and ``check``
are done without parsing YAML, validating, rendering or running black. Any mismatch
falls back to the full pipeline.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Protocol

from errgen import __version__
from errgen.targets import TargetOptions
from errgen.targets.common.templating import CACHE_ENV, builtin_templates, caching_off

__all__ = ["CACHE_ENV", "build_key", "cache_root", "caching_off", "fresh_file_count", "remember"]


class Project(Protocol):
    """What a build depends on and writes to: a `workflow.project.Project`."""

    @property
    def catalogs(self) -> tuple[Path, ...]: ...
    @property
    def out_dir(self) -> Path: ...
    @property
    def targets(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> TargetOptions: ...
    @property
    def owns_out_dir(self) -> bool: ...
    @property
    def replaces_targets(self) -> bool: ...
    def display(self, path: Path) -> str: ...


def cache_root() -> Path | None:
    """The folder of every persistent cache; None: off.

    ``$ERRGEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/errgen``, else ``~/.cache/errgen``: never in the user's project.
    """
    if caching_off():
        return None
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "errgen"


def cache_dir() -> Path | None:
    """Where build records live (``builds/`` in `cache_root`); None disables caching."""
    folder = cache_root()
    return None if folder is None else folder / "builds"


def _files(folder: Path) -> Iterator[tuple[str, Path, os.stat_result]]:
    """Regular files under `folder` (bytecode left out), sorted: (posix relative path, path, stat)."""
    for path in sorted(folder.rglob("*")):
        if "__pycache__" not in path.parts and not path.name.endswith(".pyc"):
            try:
                info = path.stat()
            except OSError:  # a dangling link: not a file (as `Path.is_file` says)
                continue
            if stat.S_ISREG(info.st_mode):
                yield path.relative_to(folder).as_posix(), path, info


def _tree_digest(folder: Path, digest: hashlib._Hash) -> None:
    """User templates by path and content."""
    for rel, path, _info in _files(folder):
        digest.update(rel.encode() + b"\0" + path.read_bytes() + b"\0")


def _stat_digest(folder: Path, digest: hashlib._Hash) -> None:
    """errgen's own files by path, size and modification time (any edit changes the key)."""
    for rel, _path, info in _files(folder):
        digest.update(f"{rel}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())


@lru_cache(maxsize=1)
def _tool_digest() -> str:
    digest = hashlib.sha256(__version__.encode())
    _stat_digest(Path(__file__).parents[1], digest)  # the whole errgen package
    _stat_digest(builtin_templates(), digest)
    return digest.hexdigest()


@lru_cache(maxsize=1)
def _babel() -> str:
    """The version of babel, whose CLDR data a catalog's plural rules and symbols come from."""
    from importlib.metadata import version

    return version("babel")


def build_key(project: Project) -> str | None:
    """The manifest key of this run, or None when an input cannot be read."""
    from errgen.catalog.translations import siblings
    from errgen.catalog.yamlsrc import MAX_BYTES

    digest = hashlib.sha256(_tool_digest().encode())
    options = project.options
    settings = [project.targets, project.replaces_targets, options.python_module, options.ts_import_extension]
    digest.update(json.dumps(settings).encode())
    try:
        if options.templates:
            _tree_digest(Path(options.templates), digest)
        for path in project.catalogs:
            if not path.is_file() or path.stat().st_size > MAX_BYTES:
                return None  # the full pipeline reports it
            digest.update(project.display(path).encode() + b"\0" + path.read_bytes() + b"\0")
            for _, translation in siblings(path):  # its translation files, and the CLDR data they are checked with
                digest.update(translation.name.encode() + b"\0" + translation.read_bytes() + b"\0" + _babel().encode())
    except OSError:
        return None
    return digest.hexdigest()


def _hash_file(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def fresh_file_count(project: Project, key: str | None) -> int | None:
    """The number of output files if the folder holds exactly what the build with `key` produced, else None."""
    folder = cache_dir()
    if key is None or folder is None:
        return None
    try:
        entry = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        manifest: dict[str, str] = entry["files"]
        catalogs = set(entry["catalogs"])
        inputs: dict[str, str] = entry.get("inputs", {})
    except (OSError, ValueError, KeyError, TypeError):
        return None
    from errgen.output.ownership import catalog_folders, link_in_path

    if project.owns_out_dir and project.replaces_targets and not set(catalog_folders(project.out_dir)) <= catalogs:
        return None  # a folder of a catalog no longer built: the full pipeline removes it
    if any(_hash_file(Path(path)) != sha for path, sha in inputs.items()):
        return None  # a schema file a catalog refers to changed
    for rel, sha in manifest.items():
        if link_in_path(project.out_dir, PurePosixPath(rel)) or _hash_file(project.out_dir / rel) != sha:
            return None
    return len(manifest)


def remember(
    project: Project, key: str | None, hashes: dict[str, str], catalogs: list[str], inputs: tuple[Path, ...] = ()
) -> None:
    """Record the files (path → sha256) of a build whose output folder is now in sync, and its referenced inputs."""
    folder = cache_dir()
    if key is None or folder is None:
        return
    manifest = dict(sorted(hashes.items()))
    read = {str(path): _hash_file(path) for path in inputs}
    if None in read.values():
        return  # an input vanished while building: nothing to vouch for
    entry = {"files": manifest, "catalogs": catalogs, "inputs": read}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{key}.{os.getpid()}.tmp"
        tmp.write_text(json.dumps(entry, sort_keys=True), encoding="utf-8")
        os.replace(tmp, folder / f"{key}.json")
    except OSError:
        pass  # a cache that cannot be written only costs speed
