"""Targets generated side by side: a build takes targets from the front, a forked worker from the back.

A cold build of a large catalog spends nearly all its time in the targets, each a pure function
of the compiled catalog. On Linux with a second CPU free, `generated` forks once after the catalog
is compiled. The build takes the units of work (each target, or each part of a target generated in
parts, `errgen.targets.PARTS`) one at a time from the front and the worker from the back, until they
meet (`_Claims`): however the machine's load or the catalog shifts the work, neither waits long for the
other. The build then reads the worker's files, so every target's files reach the writer in target
order, exactly as a build one target after another gives them. The worker only computes (it writes
nothing under the output folder and ends with ``os._exit``); if it fails in any way, the build generates
its units itself, so an error is raised where and as it would be. Small catalogs (`split`), a single
target in one part, ``jobs=1`` (library callers' default, and ``ERRGEN_JOBS=1``), other platforms and a
process with other threads stay serial.
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from errgen.catalog.model import Catalog
    from errgen.targets import TargetOptions

JOBS_ENV = "ERRGEN_JOBS"
# Seconds of work per 1,000 codes (one target at a time on a 2-core machine, 2026-12-03; only their proportions
# matter): whether a worker is worth its fork (`split`). A target generated in parts (`errgen.targets.PARTS`)
# has a weight per part, labelled ``target.part``.
WEIGHTS = {"catalog": 0.04, "jsonschema": 0.06, "openapi": 0.05, "reasons": 0.01, "markdown": 0.19, "site": 0.20,
           "python": 0.19, "typescript.core": 0.09, "typescript.adapters": 0.04, "go": 0.17, "rust": 0.08,
           "packs": 0.22}  # fmt: skip
MIN_SECONDS = 0.02  # estimated work a worker must take over to be worth its fork
_SPAN = struct.Struct("qq")  # the claims: the first unit nobody took, and one past the last

Files = dict[str, str]
Unit = tuple[str, str | None]  # (target, part); None: the whole target
Generate = Callable[[Unit], Files]


def jobs() -> int:
    """How many processes a CLI build may use: 2 where forking is safe and a second CPU is ours, else 1."""
    if os.environ.get(JOBS_ENV, "") == "1" or sys.platform != "linux" or threading.active_count() > 1:
        return 1
    try:
        return 2 if len(os.sched_getaffinity(0)) > 1 else 1
    except OSError:
        return 1


def units(targets: tuple[str, ...]) -> tuple[Unit, ...]:
    """What a build generates, in order: each target, or each of its parts."""
    from errgen.targets import PARTS

    return tuple((name, piece) for name in targets for piece in PARTS.get(name, (None,)))


def label(unit: Unit) -> str:
    """``target`` or ``target.part``: the unit's key in `WEIGHTS` and in the worker's results."""
    name, piece = unit
    return name if piece is None else f"{name}.{piece}"


def split(work: tuple[Unit, ...], codes: int) -> int:
    """Where a static split would start the worker's half of the estimated work (``len(work)``: no worker).

    The claims decide who generates what; this decides whether to fork at all: only for a worker's half
    of at least `MIN_SECONDS`, with a unit to spare for the build.
    """
    costs = [WEIGHTS.get(label(unit), 0.01) * codes / 1000 for unit in work]
    total, tail = sum(costs), 0.0
    start = len(work)
    while start > 1 and tail + costs[start - 1] <= total / 2:
        start -= 1
        tail += costs[start]
    return start if tail >= MIN_SECONDS else len(work)


def generated(
    targets: tuple[str, ...], catalog: Catalog, options: TargetOptions, parallel: int
) -> Iterator[tuple[str, Files]]:
    """Each target's files, in target order (see the module doc)."""
    from errgen.targets import part

    def generate(unit: Unit) -> Files:
        return part(*unit)(catalog, options)

    work = units(targets)
    claims = _Claims.made(len(work)) if parallel > 1 and split(work, len(catalog.codes)) < len(work) else None
    worker = _fork(work, generate, claims) if claims is not None else None
    if worker is None:  # one process: each target whole
        if claims is not None:
            claims.close()
        for name in targets:
            yield name, generate((name, None))
        return
    assert claims is not None
    done: dict[str, Files] | None = None  # the worker's files, once it has sent them

    def sent(unit: Unit) -> Files:
        """A unit the worker took: its files, or generated here when the worker failed."""
        nonlocal done
        if done is None:
            done = worker.results() or {}
            worker.end()
        return done.pop(label(unit)) if label(unit) in done else generate(unit)

    try:
        for name in targets:
            files: Files = {}
            for unit in (unit for unit in work if unit[0] == name):
                files.update(generate(unit) if done is None and claims.front() else sent(unit))
            yield name, files
    finally:
        worker.end()
        claims.close()


class _Claims:
    """Which units are taken: the build takes them one by one from the front, the worker from the back.

    The first unit nobody took and one past the last, two integers in an in-memory file both processes
    hold, read and moved under a POSIX record lock (a process's own: the kernel drops it if its holder dies).
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def made(cls, count: int) -> _Claims | None:
        """Claims on `count` units, or None where the platform has no in-memory file (the build stays serial)."""
        try:
            fd = os.memfd_create("errgen-claims", os.MFD_CLOEXEC)
        except (OSError, AttributeError):
            return None
        try:
            os.pwrite(fd, _SPAN.pack(0, count), 0)
        except OSError:
            os.close(fd)
            return None
        return cls(fd)

    def front(self) -> bool:
        """Take the next unit from the front; False when the two have met."""
        return self._take(back=False) is not None

    def back(self) -> int | None:
        """Take the next unit from the back: its index, or None when the two have met."""
        return self._take(back=True)

    def _take(self, back: bool) -> int | None:
        import fcntl

        fcntl.lockf(self.fd, fcntl.LOCK_EX)
        try:
            first: int
            end: int
            first, end = _SPAN.unpack(os.pread(self.fd, _SPAN.size, 0))
            if first >= end:
                return None
            os.pwrite(self.fd, _SPAN.pack(first, end - 1) if back else _SPAN.pack(first + 1, end), 0)
            return end - 1 if back else first
        finally:
            fcntl.lockf(self.fd, fcntl.LOCK_UN)

    def close(self) -> None:
        os.close(self.fd)


class _Worker:
    """A forked process generating some targets; its results arrive pickled through a pipe."""

    def __init__(self, pid: int, reader: int) -> None:
        self.pid, self.reader = pid, reader

    def results(self) -> dict[str, Files] | None:
        """The worker's files by target, or None when it failed (the build then generates them itself)."""
        try:
            with os.fdopen(self.reader, "rb") as pipe:
                self.reader = -1
                status, results = pickle.load(pipe)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
            return None
        return dict(results) if status == "ok" else None

    def end(self) -> None:
        """Close the pipe and reap the worker (killed if it is still running: its results are not wanted)."""
        if self.reader >= 0:
            os.close(self.reader)
            self.reader = -1
        if self.pid <= 0:  # reaped already: its number may be another process's by now
            return
        try:
            os.kill(self.pid, 9)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self.pid = -1


def _fork(work: tuple[Unit, ...], generate: Generate, claims: _Claims) -> _Worker | None:
    import gc

    reader, writer = os.pipe()
    gc.freeze()  # the worker's collections leave the inherited objects (and their pages) alone
    try:
        pid = os.fork()
    except OSError:
        gc.unfreeze()
        os.close(reader)
        os.close(writer)
        return None
    if pid == 0:  # the worker
        os.close(reader)
        _work(work, generate, claims, writer)
    gc.unfreeze()
    os.close(writer)
    return _Worker(pid, reader)


def _work(work: tuple[Unit, ...], generate: Generate, claims: _Claims, writer: int) -> None:
    """Generate units from the back until the build's meet them, send the files, end without the build's cleanup."""
    try:
        try:
            results = []
            while (index := claims.back()) is not None:
                results.append((label(work[index]), generate(work[index])))
            data = pickle.dumps(("ok", results), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:  # the build generates them itself and reports the error
            data = pickle.dumps(("failed", []))
        with os.fdopen(writer, "wb") as pipe:
            pipe.write(data)
    finally:
        os._exit(0)
