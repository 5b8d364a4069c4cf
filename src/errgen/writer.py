"""Stage 4: write a generated tree, or compare it with what is on disk.

Writes go to a temporary file in the destination folder and are renamed over the
old file, so a killed build leaves each file either old or new, never truncated.
Only files whose bytes changed are touched; files errgen no longer produces are
removed from the folders it owns. Paths are checked to stay inside the output
folder, whatever names a catalog uses.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath


class UnsafePath(ValueError):
    """A generated path would escape the output folder."""


def safe_relpath(rel: str) -> PurePosixPath:
    """Validate a generated relative path: no absolute parts, no ``..``, no empty segments."""
    path = PurePosixPath(rel)
    if path.is_absolute() or not path.parts or any(p in ("", ".", "..") for p in path.parts) or "\\" in rel:
        raise UnsafePath(f"refusing to write outside the output folder: {rel!r}")
    return path


@dataclass
class TreeDiff:
    """How the on-disk tree differs from the generated one."""

    modified: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """Whether disk and generation agree."""
        return not (self.modified or self.missing or self.extra)


def _is_leftover(name: str) -> bool:
    """A temporary file left behind by a build that was killed mid-write."""
    return name.startswith(".") and name.endswith(".tmp")


def existing_files(out_dir: Path, owned: list[str], *, clean_leftovers: bool = False) -> set[str]:
    """Files under the owned sub-folders of `out_dir`, as posix relative paths."""
    found: set[str] = set()
    for sub in owned:
        root = out_dir / sub
        if root.is_dir():
            for dirpath, _dirs, names in os.walk(root):
                for name in names:
                    if _is_leftover(name):
                        if clean_leftovers:
                            (Path(dirpath) / name).unlink(missing_ok=True)
                        continue
                    found.add((Path(dirpath) / name).relative_to(out_dir).as_posix())
    return found


def compare(out_dir: Path, files: dict[str, str], owned: list[str], *, clean_leftovers: bool = False) -> TreeDiff:
    """Compare `files` with the tree on disk."""
    diff = TreeDiff()
    for rel in sorted(files):
        target = out_dir / safe_relpath(rel)
        if not target.is_file():
            diff.missing.append(rel)
        elif target.read_bytes() != files[rel].encode():
            diff.modified.append(rel)
    diff.extra = sorted(existing_files(out_dir, owned, clean_leftovers=clean_leftovers) - set(files))
    return diff


def unified(out_dir: Path, rel: str, new: str) -> str:
    """A unified diff from the on-disk file to the generated text."""
    old = (out_dir / rel).read_text(encoding="utf-8", errors="replace") if (out_dir / rel).is_file() else ""
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{rel}", f"b/{rel}")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write_tree(out_dir: Path, files: dict[str, str], owned: list[str]) -> TreeDiff:
    """Bring the owned folders of `out_dir` in line with `files`; returns what changed."""
    paths = {rel: safe_relpath(rel) for rel in files}
    diff = compare(out_dir, files, owned, clean_leftovers=True)
    for folder in {(out_dir / p).parent for p in paths.values()}:
        _clean_leftovers(folder)
    for rel in diff.missing + diff.modified:
        _atomic_write(out_dir / paths[rel], files[rel].encode())
    for rel in diff.extra:
        (out_dir / rel).unlink()
    for sub in owned:
        _prune_empty(out_dir / sub)
    return diff


def _file_mode(target: Path) -> int:
    """The existing file's mode, else the usual mode for a new file under the current umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _clean_leftovers(folder: Path) -> None:
    """Remove temporary files a killed build left in `folder` (also outside owned folders)."""
    if folder.is_dir():
        for entry in folder.iterdir():
            if _is_leftover(entry.name) and entry.is_file():
                entry.unlink(missing_ok=True)


def _atomic_write(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _file_mode(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode)  # mkstemp creates 0600; generated files are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _prune_empty(root: Path) -> None:
    if not root.is_dir():
        return
    for dirpath, _dirs, _names in os.walk(root, topdown=False):
        if Path(dirpath) != root and not any(Path(dirpath).iterdir()):
            Path(dirpath).rmdir()
