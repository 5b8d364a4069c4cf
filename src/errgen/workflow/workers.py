"""Work side by side in a forked worker: a build's last targets while it does the first, and the catalogs read
while it loads the rest of errgen.

A cold build of a large catalog spends nearly all its time in the targets, each a pure function
of the compiled catalog. On Linux with a second CPU free, `generated` forks once after the catalog
is compiled: the worker generates the suffix of the targets (go, rust, packs by default), the
build the prefix meanwhile, and then reads the worker's files, so every target's files reach the
writer in target order, exactly as a build one target after another gives them. The worker only
computes (it writes nothing under the output folder and ends with ``os._exit``); if it fails in any
way, the build generates those targets itself, so an error is raised where and as it would be.
Small catalogs, a single target, ``jobs=1`` (library callers' default, and ``ERRGEN_JOBS=1``), other
platforms and a process with other threads stay serial.

Reading comes first: between finding that the output is not current and compiling, a cold build
spends a tenth of a second importing the compiler, the targets and jinja2, none of which needs the
catalog. `read_ahead` forks before those imports: the worker reads, parses and shape-checks each
catalog (`errgen.catalog.load.preread`, the happy path only) and sends it back in `Document.portable`
form; the build takes the documents when it has imported the rest (`Reading.documents`). A catalog
with anything to report, any failure of the worker, and a catalog of less than `MIN_BYTES` are read
by the build itself, so every diagnostic is given where and as it would be.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errgen.catalog.model import Catalog
    from errgen.catalog.yamlsrc import Document
    from errgen.targets import TargetOptions

JOBS_ENV = "ERRGEN_JOBS"
# Seconds of work per 1,000 codes (a 2-core machine, 2026-12): what the split balances.
WEIGHTS = {"catalog": 0.04, "jsonschema": 0.08, "openapi": 0.08, "reasons": 0.02, "markdown": 0.19, "site": 0.20,
           "python": 0.15, "typescript": 0.08, "go": 0.24, "rust": 0.08, "packs": 0.19}  # fmt: skip
MIN_SECONDS = 0.05  # estimated work a worker must take over to be worth its fork
MIN_BYTES = 64 * 1024  # catalog text worth reading ahead (about 100 codes; below, the fork costs what it saves)

Files = dict[str, str]


def jobs() -> int:
    """How many processes a CLI build may use: 2 where forking is safe and a second CPU is ours, else 1."""
    if os.environ.get(JOBS_ENV, "") == "1" or sys.platform != "linux" or threading.active_count() > 1:
        return 1
    try:
        return 2 if len(os.sched_getaffinity(0)) > 1 else 1
    except OSError:
        return 1


def split(targets: tuple[str, ...], codes: int) -> int:
    """Where the worker's suffix starts (``len(targets)``: no worker), about half the estimated work."""
    costs = [WEIGHTS.get(name, 0.01) * codes / 1000 for name in targets]
    total, tail = sum(costs), 0.0
    start = len(targets)
    while start > 1 and tail + costs[start - 1] <= total / 2:
        start -= 1
        tail += costs[start]
    return start if tail >= MIN_SECONDS else len(targets)


def generated(
    targets: tuple[str, ...], catalog: Catalog, options: TargetOptions, parallel: int
) -> Iterator[tuple[str, Files]]:
    """Each target's files, in target order (see the module doc)."""
    from errgen.targets import generator

    def generate(name: str) -> Files:
        return generator(name)(catalog, options)

    start = split(targets, len(catalog.codes)) if parallel > 1 else len(targets)
    rest = targets[start:]
    worker = _fork(lambda: {name: generate(name) for name in rest}) if rest else None
    try:
        for name in targets[:start]:
            yield name, generate(name)
        done = worker.result() if worker is not None else None
        for name in rest:
            yield name, done.pop(name) if done and name in done else generate(name)
    finally:
        if worker is not None:
            worker.end()


class Reading:
    """Catalogs a forked worker reads ahead (`read_ahead`); `documents` waits for them."""

    def __init__(self, worker: _Worker | None) -> None:
        self.worker = worker

    def documents(self) -> dict[Path, Document]:
        """The catalogs the worker read with nothing to report, by path (the build reads the others)."""
        from errgen.catalog.yamlsrc import Document

        if self.worker is None:
            return {}
        try:
            read = self.worker.result()
        finally:
            self.worker.end()
            self.worker = None
        if not isinstance(read, dict):
            return {}
        return {Path(path): Document.from_portable(form) for path, form in read.items() if form is not None}


def read_ahead(catalogs: list[tuple[Path, str]], parallel: int) -> Reading:
    """Start reading `catalogs` (path, display) in a forked worker, when it is worth it (see the module doc)."""
    if parallel < 2:
        return Reading(None)
    try:
        size = sum(os.stat(path).st_size for path, _ in catalogs)
    except OSError:
        return Reading(None)  # the build reports it
    if size < MIN_BYTES:
        return Reading(None)

    def read() -> dict[str, Any]:
        from errgen.catalog.load import preread

        return {str(path): preread(path, display) for path, display in catalogs}

    return Reading(_fork(read))


class _Worker:
    """A forked process doing one job; its result arrives pickled through a pipe."""

    def __init__(self, pid: int, reader: int) -> None:
        self.pid, self.reader = pid, reader

    def result(self) -> Any:
        """What the job returned, or None when it failed (the build then does the work itself)."""
        try:
            with os.fdopen(self.reader, "rb") as pipe:
                self.reader = -1
                status, result = pickle.load(pipe)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError, ImportError):
            return None
        return result if status == "ok" else None

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


def _fork(job: Callable[[], Any]) -> _Worker | None:
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
        _work(job, writer)
    gc.unfreeze()
    os.close(writer)
    return _Worker(pid, reader)


def _work(job: Callable[[], Any], writer: int) -> None:
    """Run `job`, send its result, end without running the build's cleanup (never returns)."""
    try:
        try:
            data = pickle.dumps(("ok", job()), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:  # the build does the work itself and reports the error
            data = pickle.dumps(("failed", None))
        with os.fdopen(writer, "wb") as pipe:
            pipe.write(data)
    finally:
        os._exit(0)
