"""Stage 4: write a generated tree, or compare it with what is on disk.

Writes go to a temporary file in the destination folder and are renamed over the
old file, so a killed build leaves each file either old or new, never truncated.
Only files whose bytes changed are touched; files errgen no longer produces are
removed from the folders it owns. Paths are checked to stay inside the output
folder, whatever names a catalog uses.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import os
import tempfile
from collections.abc import Iterable, Iterator
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


class TreeWriter:
    """Stage generated files one at a time, then put them all in place (or none).

    Each file is compared with disk as soon as it is generated and, when its bytes
    differ, written to a temporary file beside its target, so a build never holds
    more than one target's output in memory. `commit` renames the staged files over
    the old ones and removes files errgen no longer produces; `abort` (on any error
    before that) removes what was staged and leaves the tree as it was. With
    ``dry_run`` nothing is written: `texts` keeps each modified file's new text.
    """

    def __init__(self, out_dir: Path, owned: list[str], *, dry_run: bool = False) -> None:
        self.out_dir, self.owned, self.dry_run = out_dir, owned, dry_run
        self.hashes: dict[str, str] = {}  # sha256 of every generated file, for the build cache
        self.texts: dict[str, str] = {}
        self.diff = TreeDiff()
        self._staged: list[tuple[Path, Path]] = []  # (temporary file, target)
        self._made: list[Path] = []  # folders created while staging, outermost first
        self._swept: set[Path] = set()

    def add(self, rel: str, text: str) -> None:
        """Compare one generated file with disk and stage it if it changed."""
        target = self.out_dir / safe_relpath(rel)
        if rel in self.hashes:  # generated twice (a custom template over a built-in file): the last one wins
            for seen in (self.diff.missing, self.diff.modified):
                if rel in seen:
                    seen.remove(rel)
        digest = hashlib.sha256()
        state = _compare(target, text, digest)
        self.hashes[rel] = digest.hexdigest()
        if state == "same":
            return
        (self.diff.missing if state == "missing" else self.diff.modified).append(rel)
        if self.dry_run:
            if state == "modified":
                self.texts[rel] = text
        else:
            self._stage(target, text)

    def _stage(self, target: Path, text: str) -> None:
        folder = target.parent
        missing = [p for p in (folder, *folder.parents) if not p.exists()]
        folder.mkdir(parents=True, exist_ok=True)
        self._made.extend(reversed(missing))
        if folder not in self._swept:
            _clean_leftovers(folder)
            self._swept.add(folder)
        self._staged.append((_write_temp(target, text), target))

    def commit(self) -> TreeDiff:
        """Put every staged file in place and remove the extra ones; returns what changed."""
        for tmp, target in self._staged:
            os.replace(tmp, target)
        self._staged.clear()
        extra = existing_files(self.out_dir, self.owned, clean_leftovers=not self.dry_run) - set(self.hashes)
        self.diff.extra = sorted(extra)
        self.diff.missing.sort()
        self.diff.modified.sort()
        if self.dry_run:
            return self.diff
        for rel in self.diff.extra:
            (self.out_dir / rel).unlink()
        for sub in self.owned:
            _prune_empty(self.out_dir / sub)
        return self.diff

    def abort(self) -> None:
        """Remove the staged temporary files and the folders made for them."""
        for tmp, _target in self._staged:
            tmp.unlink(missing_ok=True)
        self._staged.clear()
        for folder in reversed(self._made):
            with contextlib.suppress(OSError):
                folder.rmdir()


def write_files(writer: TreeWriter, files: Iterable[tuple[str, str]]) -> TreeDiff:
    """Feed `files` to `writer` and commit, or abort on any error."""
    try:
        for rel, text in files:
            writer.add(rel, text)
        return writer.commit()
    except BaseException:
        writer.abort()
        raise


def unified(out_dir: Path, rel: str, new: str) -> str:
    """A unified diff from the on-disk file to the generated text."""
    old = (out_dir / rel).read_text(encoding="utf-8", errors="replace") if (out_dir / rel).is_file() else ""
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{rel}", f"b/{rel}")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write_tree(out_dir: Path, files: dict[str, str], owned: list[str]) -> TreeDiff:
    """Bring the owned folders of `out_dir` in line with `files`; returns what changed."""
    for rel in files:
        safe_relpath(rel)  # every path checked before anything is written
    return write_files(TreeWriter(out_dir, owned), sorted(files.items()))


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


_CHUNK = 1 << 20  # characters encoded at a time: a large file never exists twice in memory


def _encoded(text: str) -> Iterator[bytes]:
    for start in range(0, len(text), _CHUNK):
        yield text[start : start + _CHUNK].encode()


def _compare(target: Path, text: str, digest: hashlib._Hash) -> str:
    """``missing``, ``modified`` or ``same``: `target` against the UTF-8 of `text` (hashed into `digest`)."""
    if not target.is_file():
        for chunk in _encoded(text):
            digest.update(chunk)
        return "missing"
    same = True
    with target.open("rb") as handle:
        for chunk in _encoded(text):
            digest.update(chunk)
            same = same and handle.read(len(chunk)) == chunk
        same = same and not handle.read(1)
    return "same" if same else "modified"


def _write_temp(target: Path, text: str) -> Path:
    """`text` in a new temporary file beside `target`, with the mode `target` has (or would get)."""
    mode = _file_mode(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode)  # mkstemp creates 0600; generated files are ordinary files
        with os.fdopen(fd, "wb") as handle:
            for chunk in _encoded(text):
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _prune_empty(root: Path) -> None:
    if not root.is_dir():
        return
    for dirpath, _dirs, _names in os.walk(root, topdown=False):
        if Path(dirpath) != root and not any(Path(dirpath).iterdir()):
            Path(dirpath).rmdir()
