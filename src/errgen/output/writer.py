"""Stage 4: write a generated tree, or compare it with what is on disk.

Writes go to a temporary file in the destination folder and are renamed over the
old file, so a killed build leaves each file either old or new, never truncated.
Only files whose bytes changed are touched, and only files errgen provably wrote
(`errgen.output.ownership`) are overwritten or removed. Every problem (a path through a
symbolic link, a file errgen did not write where it would write one) is collected
while staging; `commit` then either changes nothing and raises `OutputError`, or
puts everything in place. Any OS error becomes an `OutputError` naming the path.
"""

from __future__ import annotations

import contextlib
import difflib
import glob
import hashlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from errgen.output.ownership import OutputError, proven
from errgen.output.paths import link_in_path


class UnsafePath(ValueError):
    """A generated path would escape the output folder."""


def safe_relpath(rel: str) -> PurePosixPath:
    """Validate a generated relative path: not absolute, no ``..``, ``.`` or empty segments, no backslash."""
    if "\\" in rel or any(p in ("", ".", "..") for p in rel.split("/")):  # before PurePosixPath drops them
        raise UnsafePath(f"refusing to write outside the output folder: {rel!r}")
    return PurePosixPath(rel)


@dataclass
class TreeDiff:
    """How the on-disk tree differs from the generated one."""

    modified: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # errgen's files it no longer generates: removed by build
    kept: list[str] = field(default_factory=list)  # files the manifest lists but errgen cannot prove are its own

    @property
    def clean(self) -> bool:
        """Whether disk and generation agree."""
        return not (self.modified or self.missing or self.extra)


@contextlib.contextmanager
def _io(verb: str, path: Path, show: Callable[[Path], str]) -> Iterator[None]:
    """Turn an OSError into an `OutputError`: ``cannot <verb> <path>: <reason>``."""
    try:
        yield
    except OSError as exc:
        where = Path(exc.filename) if isinstance(exc.filename, str) else path
        raise OutputError(f"cannot {verb} {show(where)}: {exc.strerror or exc}") from None


class TreeWriter:
    """Stage generated files one at a time, then put them all in place (or none).

    Each file is compared with disk as soon as it is generated and, when its bytes
    differ, written to a temporary file beside its target, so a build never holds
    more than one target's output in memory. `commit` renames the staged files over
    the old ones and removes the given files errgen no longer produces; `abort` (on
    any error before that) removes what was staged and leaves the tree as it was.
    With ``dry_run`` nothing is written: `texts` keeps each modified file's new text.
    """

    def __init__(self, out_dir: Path, *, dry_run: bool = False, show: Callable[[Path], str] = str) -> None:
        self.out_dir, self.dry_run, self.show = out_dir, dry_run, show
        self.hashes: dict[str, str] = {}  # sha256 of every generated file, for the manifest and build cache
        self.texts: dict[str, str] = {}
        self.diff = TreeDiff()
        self.problems: dict[str, None] = {}  # one-line reasons, each once, in the order found
        self._staged: dict[str, tuple[Path, Path]] = {}  # path → (temporary file, target)
        self._made: list[Path] = []  # folders created while staging, outermost first

    def add(self, rel: str, text: str, recorded: str | None = None) -> None:
        """Compare one generated file with disk and stage it if it changed.

        `recorded` is the file's sha256 in the manifest, if it lists it.
        """
        path = safe_relpath(rel)
        target = self.out_dir / path
        self._forget(rel)
        digest = hashlib.sha256()
        if not self._writable(path, target):
            self.hashes[rel] = _hashed(text, digest).hexdigest()
            return
        with _io("read", target, self.show):
            state = _compare(target, text, digest)
        if state == "modified" and not proven(target, recorded):
            self._problem(
                f"{self.show(target)} is not a file errgen generated (no manifest entry or do-not-edit header); "
                "move it away or choose another output folder"
            )
        elif state != "same":
            (self.diff.missing if state == "missing" else self.diff.modified).append(rel)
            unhashed = digest if state == "missing" else None  # no file was read: hashed as it is staged
            if self.dry_run:
                self.texts[rel] = text
                if unhashed is not None:
                    _hashed(text, unhashed)
            else:
                with _io("write", target, self.show):
                    self._stage(rel, target, text, unhashed)
        self.hashes[rel] = digest.hexdigest()

    def _problem(self, message: str) -> None:
        self.problems.setdefault(message)

    def _link_problem(self, link: Path) -> None:
        self._problem(
            f"{self.show(link)} is a symbolic link (to {os.readlink(link)}); "
            "errgen does not read, write or delete through links in its output folder"
        )

    def _forget(self, rel: str) -> None:
        """Drop an earlier result for `rel` (a custom template over a built-in file: the last one wins)."""
        if rel in self.hashes:
            for seen in (self.diff.missing, self.diff.modified):
                if rel in seen:
                    seen.remove(rel)
            staged = self._staged.pop(rel, None)
            if staged:
                staged[0].unlink(missing_ok=True)

    def _writable(self, path: PurePosixPath, target: Path) -> bool:
        """Whether `target` may be compared and written: no link on its way, not a folder or device."""
        link = link_in_path(self.out_dir, path)
        if link is not None:
            self._link_problem(link)
            return False
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(target).st_mode):
                self._problem(f"{self.show(target)} is in the way: it is not a regular file")
                return False
        return True

    def _stage(self, rel: str, target: Path, text: str, digest: hashlib._Hash | None = None) -> None:
        folder = target.parent
        missing = [p for p in (folder, *folder.parents) if not p.exists()]
        folder.mkdir(parents=True, exist_ok=True)
        self._made.extend(reversed(missing))
        _clean_leftovers(target)
        self._staged[rel] = (write_temp(target, text, digest), target)

    def check_removals(self, removals: dict[str, str | None]) -> list[str]:
        """Of the files errgen no longer generates (path → recorded sha256), those it can prove are its own.

        Links on their way are problems; files that are gone are skipped; unproven ones are `kept`.
        """
        removable: list[str] = []
        for rel in sorted(removals):
            if rel in self.hashes:
                continue
            path = safe_relpath(rel)
            link = link_in_path(self.out_dir, path)
            if link is not None:
                self._link_problem(link)
            elif os.path.lexists(self.out_dir / path):
                (removable if proven(self.out_dir / path, removals[rel]) else self.diff.kept).append(rel)
        return removable

    def commit(self, removals: dict[str, str | None] | None = None) -> TreeDiff:
        """Put every staged file in place and remove the provable extra ones; returns what changed.

        Raises `OutputError` (after `abort`) when any problem was found: nothing is changed then.
        """
        self.diff.extra = self.check_removals(removals or {})
        if self.problems:
            self.abort()
            raise OutputError("\n".join(self.problems))
        self.diff.missing.sort()
        self.diff.modified.sort()
        if self.dry_run:
            return self.diff
        for tmp, target in self._staged.values():
            with _io("write", target, self.show):
                os.replace(tmp, target)
        self._staged.clear()
        for rel in self.diff.extra:
            with _io("remove", self.out_dir / rel, self.show):
                (self.out_dir / rel).unlink()
            _prune_empty(self.out_dir, PurePosixPath(rel).parent)
        return self.diff

    def abort(self) -> None:
        """Remove the staged temporary files and the folders made for them."""
        for tmp, _target in self._staged.values():
            tmp.unlink(missing_ok=True)
        self._staged.clear()
        for folder in reversed(self._made):
            with contextlib.suppress(OSError):
                folder.rmdir()


def unified(out_dir: Path, rel: str, new: str, *, context: int = 3, limit: int | None = None) -> str:
    """A unified diff from the on-disk file to the generated text (at most `limit` lines, then a note)."""
    old = (out_dir / rel).read_text(encoding="utf-8", errors="replace") if (out_dir / rel).is_file() else ""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{rel}", f"b/{rel}", n=context
    )
    text = [line if line.endswith("\n") else line + "\n" for line in lines]
    if limit is not None and len(text) > limit:
        text = [*text[:limit], f"… {len(text) - limit} more diff lines (errgen check --diff shows all)\n"]
    return "".join(text)


def write_tree(out_dir: Path, files: dict[str, str]) -> TreeDiff:
    """Write `files` into `out_dir` (no removals); returns what changed."""
    for rel in files:
        safe_relpath(rel)  # every path checked before anything is written
    writer = TreeWriter(out_dir)
    try:
        for rel, text in sorted(files.items()):
            writer.add(rel, text)
        return writer.commit()
    except BaseException:
        writer.abort()
        raise


def _file_mode(target: Path) -> int:
    """The existing file's mode, else the usual mode for a new file under the current umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


_TEMP_MARK = ".errgen-"


def _clean_leftovers(target: Path) -> None:
    """Remove temporary files a killed build left for `target` (``.<name>.errgen-*.tmp``, regular files only)."""
    for entry in target.parent.glob(f".{glob.escape(target.name)}{_TEMP_MARK}*.tmp"):
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(entry).st_mode):
                entry.unlink()


_CHUNK = 1 << 20  # characters encoded at a time: a large file never exists twice in memory


def _encoded(text: str) -> Iterator[bytes]:
    for start in range(0, len(text), _CHUNK):
        yield text[start : start + _CHUNK].encode()


def _hashed(text: str, digest: hashlib._Hash) -> hashlib._Hash:
    """`digest`, updated with the UTF-8 of `text`."""
    for chunk in _encoded(text):
        digest.update(chunk)
    return digest


def _compare(target: Path, text: str, digest: hashlib._Hash) -> str:
    """``missing``, ``modified`` or ``same``: `target` against the UTF-8 of `text`.

    The text is hashed into `digest` when the file exists (``missing`` leaves the hashing to the caller).
    """
    if not os.path.lexists(target):
        return "missing"
    same = True
    with target.open("rb") as handle:
        for chunk in _encoded(text):
            digest.update(chunk)
            same = same and handle.read(len(chunk)) == chunk
        same = same and not handle.read(1)
    return "same" if same else "modified"


def write_temp(target: Path, text: str, digest: hashlib._Hash | None = None) -> Path:
    """`text` in a new temporary file beside `target`, with the mode `target` has (or would get).

    With `digest`, the bytes written are hashed into it as well.
    """
    mode = _file_mode(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}{_TEMP_MARK}", suffix=".tmp")
    try:
        os.fchmod(fd, mode)  # mkstemp creates 0600; generated files are ordinary files
        with os.fdopen(fd, "wb") as handle:
            for chunk in _encoded(text):
                handle.write(chunk)
                if digest is not None:
                    digest.update(chunk)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(tmp).unlink()
        raise
    return Path(tmp)


def _prune_empty(out_dir: Path, folder: PurePosixPath) -> None:
    """Remove `folder` and its parents below `out_dir` while they are empty."""
    while folder.parts:
        try:
            (out_dir / folder).rmdir()
        except OSError:  # not empty (or not ours to judge): stop
            return
        folder = folder.parent
