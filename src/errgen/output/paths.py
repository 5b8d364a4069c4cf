"""Paths in an output folder that a warm build checks too: links on the way to a file, catalog folders.

Apart from `ownership` (whose manifests it names) so that a warm build imports no more than these.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

MANIFEST = "errgen-manifest.json"


def link_in_path(out_dir: Path, rel: PurePosixPath) -> Path | None:
    """The first symbolic link on the way from `out_dir` to ``out_dir/rel``, if any."""
    current = out_dir
    for part in rel.parts:
        current = current / part
        try:
            if stat.S_ISLNK(os.lstat(current).st_mode):
                return current
        except (FileNotFoundError, NotADirectoryError):
            return None  # nothing there yet (or a file where a folder should be: the writer reports it)
    return None


def catalog_folders(out_dir: Path) -> list[str]:
    """Names of the folders directly in `out_dir` that hold an errgen manifest (links not followed)."""
    try:
        entries = list(os.scandir(out_dir))
    except OSError:
        return []
    return sorted(
        e.name for e in entries if e.is_dir(follow_symlinks=False) and os.path.isfile(os.path.join(e.path, MANIFEST))
    )
