"""Run the real ``errgen`` in a subprocess with bounded time and memory, and snapshot folders."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1 << 30  # address space of one errgen run: 1 GiB (a normal run needs < 300 MiB)


@dataclass(frozen=True)
class Run:
    """The outcome of one bounded errgen run."""

    returncode: int
    stdout: str
    stderr: str
    max_rss_mib: float
    timed_out: bool


# Sets the limit inside the child, then runs errgen as `python -m errgen` would.
_BOOT = (
    "import resource, runpy, sys; "
    f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT})); "
    "sys.argv[0] = 'errgen'; runpy.run_module('errgen', run_name='__main__', alter_sys=True)"
)


def run_bounded(*args: str, cwd: Path, timeout: float = 60.0) -> Run:
    """``python -m errgen ARGS`` under a 1 GiB address-space limit, killed after `timeout` seconds."""
    out_path, err_path = cwd / ".errgen-stdout", cwd / ".errgen-stderr"
    with out_path.open("wb") as out, err_path.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-c", _BOOT, *args], cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONFAULTHANDLER": "1"},
        )  # fmt: skip
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timed_out = not timer.is_alive()
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
    stdout, stderr = out_path.read_text(errors="replace"), err_path.read_text(errors="replace")
    out_path.unlink()
    err_path.unlink()
    return Run(proc.returncode, stdout, stderr, usage.ru_maxrss / 1024, timed_out)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int] | None]:
    """Every file (bytes and mtime) and folder below `folder`."""
    out: dict[str, tuple[bytes, int] | None] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        out[rel] = (path.read_bytes(), path.stat().st_mtime_ns) if path.is_file() else None
    return out


_DIAGNOSTIC = re.compile(r"(?P<path>.+?):(?P<line>[1-9]\d*):(?P<col>[1-9]\d*): error: (?P<message>\S.*)")
_SUMMARY = re.compile(r"errgen: (?P<n>\d+) errors?; nothing was written")


def assert_clean_rejection(run: Run, inputs: Sequence[str | tuple[str, ...]]) -> None:
    """Exit 2, one ``file:line:col: error:`` line per problem, every input named, no traceback.

    Each input is its display path, or a tuple of paths it may be reported under (a
    symlink may be named by its target).
    """
    context = f"exit {run.returncode}, rss {run.max_rss_mib:.0f} MiB, timed out: {run.timed_out}\n{run.stderr[-3000:]}"
    assert not run.timed_out, "errgen did not finish in time\n" + context
    assert "Traceback" not in run.stderr and "Fatal Python error" not in run.stderr, context
    assert run.returncode == 2, context
    lines = run.stderr.splitlines()
    summary = _SUMMARY.fullmatch(lines[-1]) if lines else None
    assert summary is not None, context
    matches = [_DIAGNOSTIC.fullmatch(line) for line in lines[:-1]]
    assert all(matches), "a diagnostic is not one `file:line:col: error: message` line\n" + context
    assert int(summary["n"]) == len(matches), context
    named = {m["path"] for m in matches if m}
    for accepted in inputs:
        names = (accepted,) if isinstance(accepted, str) else accepted
        assert named & set(names), f"no diagnostic names {names}\n{context}"
