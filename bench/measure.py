"""Run one command in a fresh subprocess and measure its wall time, CPU time and peak RSS.

Each command runs under `rusage_wrapper.py`, a small fresh process (``python -I
-S``) that times it with `time.perf_counter` (so the wrapper's own start-up is not
counted) and reads ``getrusage(RUSAGE_CHILDREN)``: the command's peak RSS and
CPU time, including every descendant it waited for. (Read in the large benchmark
process itself, ``ru_maxrss`` would start at that process's own peak: Linux
carries it into a child at ``exec``.)
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

WRAPPER = Path(__file__).resolve().parent / "rusage_wrapper.py"


class CommandFailed(RuntimeError):
    """A measured command exited non-zero, or ran out of time (`timed_out` is then its limit)."""

    def __init__(self, message: str, run: Run) -> None:
        super().__init__(message)
        self.run = run
        self.timed_out = run.timed_out


@dataclass(frozen=True)
class Run:
    """One measured execution."""

    wall: float  # seconds
    rss_mb: float  # peak resident set size, MiB
    cpu: float  # user + system seconds (less sensitive than wall time to other load on the machine)
    returncode: int
    stdout: str
    stderr: str
    timed_out: float | None = None  # the time limit, when the command was killed for exceeding it


def run(cmd: Sequence[str | Path], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 3600) -> Run:
    """Run `cmd` once under `rusage_wrapper.py` and measure it; output goes to temporary files."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "rusage.json"
        wrapped = [sys.executable, "-I", "-S", str(WRAPPER), str(report), "--", *(str(c) for c in cmd)]
        start = time.perf_counter()
        proc = subprocess.Popen(
            wrapped, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True
        )
        try:
            proc.wait(timeout)
            limit = None
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the wrapper and the command under it
            proc.wait()
            limit = timeout
        outer = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text_out, text_err = out.read().decode(errors="replace"), err.read().decode(errors="replace")
        measured = json.loads(report.read_text(encoding="utf-8")) if report.is_file() else None
    if measured is None:  # cut off: only the outer wall time is known, a lower bound
        return Run(outer, 0.0, 0.0, proc.returncode, text_out, text_err, limit)
    return Run(measured["wall"], measured["maxrss_kib"] / 1024, measured["cpu"], proc.returncode, text_out, text_err)


def checked(result: Run, cmd: Sequence[str | Path]) -> Run:
    """`result`, or CommandFailed with the command's output when it failed."""
    shown = " ".join(str(c) for c in cmd)
    if result.timed_out is not None:
        raise CommandFailed(f"timed out after {result.timed_out:.0f} s: `{shown}`", result)
    if result.returncode != 0:
        output = f"{result.stdout[-2000:]}{result.stderr[-4000:]}"
        raise CommandFailed(f"`{shown}` exited {result.returncode}\n{output}", result)
    return result


@dataclass(frozen=True)
class Series:
    """Repeated measurements of one thing at one size."""

    walls: list[float]
    rss_mb: list[float]
    cpus: list[float]
    error: str | None = None
    timed_out: float | None = None  # the time limit a run exceeded: the median is more than this
    retries: int = 0  # runs that failed once and were run again (see `repeat`)

    @property
    def median(self) -> float | None:
        return statistics.median(self.walls) if self.walls and self.error is None else None

    @property
    def cpu(self) -> float | None:
        return statistics.median(self.cpus) if self.cpus and self.error is None else None

    @property
    def peak_rss(self) -> float | None:
        return max(self.rss_mb) if self.rss_mb and self.error is None else None

    def as_dict(self) -> dict[str, object]:
        return {
            "median": self.median, "walls": self.walls, "cpu": self.cpu, "cpus": self.cpus,
            "peak_rss_mb": self.peak_rss, "rss_seen_mb": max(self.rss_mb, default=None), "rss_mb": self.rss_mb,
            "error": self.error, "timed_out": self.timed_out, "retries": self.retries,
        }  # fmt: skip


def _attempt(label: str, once: Callable[[int], Run], i: int) -> tuple[Run | None, Exception | None, int]:
    """`once(i)`, tried a second time after a failure that was not a timeout; returns (run, error, retries)."""
    try:
        return once(i), None, 0
    except (CommandFailed, OSError, ValueError) as exc:
        if getattr(exc, "timed_out", None):
            return None, exc, 0
        print(f"bench: {label}: failed, trying once more: {str(exc)[:2000]}", file=sys.stderr)
    try:
        return once(i), None, 1
    except (CommandFailed, OSError, ValueError) as exc:
        return None, exc, 1


def repeat(label: str, times: int, once: Callable[[int], Run]) -> Series:
    """Call `once(i)` `times` times; a failure (after one retry) stops the series and is recorded, not raised."""
    return interleaved({label: once}, times)[label]


def interleaved(jobs: dict[str, Callable[[int], Run]], times: int) -> dict[str, Series]:
    """`repeat` for several commands at once, round by round (run i of each, in order, then run i + 1).

    Commands whose figures are compared (errgen and a peer) then see the same machine:
    a machine that slows down for a minute slows a round of each, not one whole series.
    A failure stops only its own series.
    """
    runs: dict[str, list[Run]] = {label: [] for label in jobs}
    ended: dict[str, Series] = {}
    retries = dict.fromkeys(jobs, 0)
    for i in range(times):
        for label, once in jobs.items():
            if label in ended:
                continue
            result, exc, retried = _attempt(label, once, i)
            retries[label] += retried
            if result is not None:
                runs[label].append(result)
                continue
            assert exc is not None
            print(f"bench: {label}: FAILED: {exc}", file=sys.stderr)
            error = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
            done = runs[label]
            rss = [r.rss_mb for r in done]
            if isinstance(exc, CommandFailed):
                rss.append(exc.run.rss_mb)  # kept as a lower bound of the peak when the run was cut off
            ended[label] = Series([r.wall for r in done], rss, [r.cpu for r in done], error=error,
                                  timed_out=getattr(exc, "timed_out", None), retries=retries[label])  # fmt: skip
    out: dict[str, Series] = {}
    for label, done in runs.items():
        if label in ended:
            out[label] = ended[label]
            continue
        walls, rss, cpus = [r.wall for r in done], [r.rss_mb for r in done], [r.cpu for r in done]
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(
            f"bench: {label}: median {wall:.3f} s (CPU {cpu:.3f} s) of {times}, peak RSS {max(rss):.0f} MiB",
            file=sys.stderr,
        )
        out[label] = Series(walls, rss, cpus, retries=retries[label])
    return out
