"""One errgen at a time per output folder: an advisory lock on the folder itself.

``build`` holds an exclusive lock while it compares, stages and commits; ``check``
holds a shared one while it reads. Two builds on one folder (pre-commit and an
editor hook, say) therefore run one after the other, and a check never sees half a
build. The lock is ``flock`` on the folder's own descriptor, so no lock file is left
in the user's folder, and the kernel drops it when a process dies. Where ``flock``
is not available (Windows), builds are not serialized.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from errgen.output.ownership import OutputError

WAIT_SECONDS = 120.0  # how long a run waits for another run on the same folder before giving up
_POLL = 0.05


@contextlib.contextmanager
def locked(out_dir: Path, *, exclusive: bool, show: str) -> Iterator[None]:
    """Hold the lock on `out_dir` (created first for an exclusive lock; a missing folder needs no shared lock)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    if not exclusive and not os.path.lexists(out_dir):
        yield  # nothing to read, nothing to lock
        return
    made = [p for p in (out_dir, *out_dir.parents) if not os.path.lexists(p)] if exclusive else []
    try:
        if exclusive:
            out_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(out_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        reason = "not a directory" if isinstance(exc, (FileExistsError, NotADirectoryError)) else exc.strerror
        raise OutputError(f"cannot {'write' if exclusive else 'read'} {show}: {reason or exc}") from None
    try:
        _acquire(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH, show)
        yield
    except BaseException:
        for folder in made:  # a failed first build leaves no empty output folder behind
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _acquire(fd: int, mode: int, show: str) -> None:
    import fcntl

    deadline = time.monotonic() + WAIT_SECONDS
    told = False
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise OutputError(
                    f"another errgen run is using {show}; gave up after {WAIT_SECONDS:.0f} s"
                ) from None
            if not told:
                print(f"errgen: waiting for another errgen run on {show}", file=sys.stderr)
                told = True
            time.sleep(_POLL)
