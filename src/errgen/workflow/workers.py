"""Targets generated side by side: a build's last targets in a forked worker while it does the first.

A cold build of a large catalog spends nearly all its time in the targets, each a pure function
of the compiled catalog. On Linux with a second CPU free, `generated` forks once after the catalog
is compiled: the worker generates the suffix of the targets (go, rust, packs by default; a target
generated in parts, `errgen.targets.PARTS`, may be split between the two), the build the prefix
meanwhile, and then reads the worker's files, so every target's files reach the
writer in target order, exactly as a build one target after another gives them. The worker only
computes (it writes nothing under the output folder and ends with ``os._exit``); if it fails in any
way, the build generates those targets itself, so an error is raised where and as it would be.
Small catalogs, a single target in one part, ``jobs=1`` (library callers' default, and ``ERRGEN_JOBS=1``), other
platforms and a process with other threads stay serial.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from errgen.catalog.model import Catalog
    from errgen.targets import TargetOptions

JOBS_ENV = "ERRGEN_JOBS"
# Seconds of work per 1,000 codes (one target at a time on a 2-core machine, 2026-12-03; only their proportions
# matter): what the split balances. A target generated in parts (`errgen.targets.PARTS`) has a weight per part,
# labelled ``target.part``.
WEIGHTS = {"catalog": 0.04, "jsonschema": 0.06, "openapi": 0.05, "reasons": 0.01, "markdown": 0.19, "site": 0.20,
           "python": 0.19, "typescript.core": 0.09, "typescript.adapters": 0.04, "go": 0.17, "rust": 0.08,
           "packs": 0.22}  # fmt: skip
MIN_SECONDS = 0.02  # estimated work a worker must take over to be worth its fork

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
    """Where the worker's suffix of `work` starts (``len(work)``: no worker), about half the estimated work."""
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
    start = split(work, len(catalog.codes)) if parallel > 1 else len(work)
    worker = _fork(work[start:], generate) if start < len(work) else None
    done: dict[str, Files] = {}

    def sent(unit: Unit) -> Files:
        """A unit of the worker's: its files, or generated here when the worker failed."""
        nonlocal worker
        if worker is not None:
            done.update(worker.results() or {})
            worker.end()
            worker = None
        return done.pop(label(unit)) if label(unit) in done else generate(unit)

    try:
        for name in targets:
            mine = [i for i, unit in enumerate(work) if unit[0] == name]
            if mine[-1] < start:  # every part here: the whole target at once (its parts may share work)
                yield name, generate((name, None))
                continue
            files: Files = {}
            for i in mine:
                files.update(generate(work[i]) if i < start else sent(work[i]))
            yield name, files
    finally:
        if worker is not None:
            worker.end()


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
        try:
            os.kill(self.pid, 9)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass


def _fork(work: tuple[Unit, ...], generate: Generate) -> _Worker | None:
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
        _work(work, generate, writer)
    gc.unfreeze()
    os.close(writer)
    return _Worker(pid, reader)


def _work(work: tuple[Unit, ...], generate: Generate, writer: int) -> None:
    """Generate `work`, send the files, end without running the build's cleanup (never returns)."""
    try:
        try:
            results = [(label(unit), generate(unit)) for unit in work]
            data = pickle.dumps(("ok", results), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:  # the build generates them itself and reports the error
            data = pickle.dumps(("failed", []))
        with os.fdopen(writer, "wb") as pipe:
            pipe.write(data)
    finally:
        os._exit(0)
