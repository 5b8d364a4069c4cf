"""Files in errgen's output folders that errgen did not write: `errgen check` lists them as extra.

A catalog's folder (``<out>/<catalog>/``, the folders with an errgen manifest) holds what errgen
generated; a file its manifest does not list was put there by someone else, and ``errgen build``
never removes it (it removes only what it provably wrote). Build by-products of the generated
code (``__pycache__``, ``node_modules``, a crate's ``target``, …) and whatever git ignores are
not reported.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from errgen.output.ownership import MANIFEST, catalog_folders, read_manifest

BY_PRODUCTS = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", "node_modules", "target"})
"""Folders the tools that use the generated code create inside it."""


def foreign_files(out_dir: Path) -> list[str]:
    """Paths (relative to `out_dir`, ``/``-separated) of files in catalog folders that errgen did not write."""
    found: list[str] = []
    for name in catalog_folders(out_dir):
        folder = out_dir / name
        listed = {*read_manifest(folder).files(), MANIFEST}
        for root, dirs, files in os.walk(folder):  # symlinked folders are not entered
            dirs[:] = sorted(d for d in dirs if d not in BY_PRODUCTS)
            rel = Path(root).relative_to(folder).as_posix()
            for file in sorted(files):
                path = file if rel == "." else f"{rel}/{file}"
                if path not in listed and not file.endswith((".pyc", ".DS_Store")):
                    found.append(f"{name}/{path}")
    return _tracked(out_dir, found)


def _tracked(out_dir: Path, paths: list[str]) -> list[str]:
    """`paths` less those git ignores (all of them when `out_dir` is not in a git work tree or git is missing)."""
    if not paths:
        return paths
    try:
        done = subprocess.run(
            ["git", "-C", str(out_dir), "check-ignore", "-z", "--stdin"],
            input="\0".join(paths).encode("utf-8", "surrogateescape"),
            capture_output=True,
            check=False,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return paths
    if done.returncode not in (0, 1):  # 1: nothing ignored; anything else: not a repository
        return paths
    ignored = set(done.stdout.decode("utf-8", "surrogateescape").split("\0"))
    return [p for p in paths if p not in ignored]
