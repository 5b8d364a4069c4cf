"""Where the time goes: short profiles at 1,000 codes (or `n`) for the report's appendix.

- cProfile of a cold ``errgen build`` (fresh project), top functions by own time
  and by cumulative time;
- ``python -X importtime`` of ``errgen --help``, the slowest imports;
- cProfile of importing the generated Python module, when there is one.
"""

from __future__ import annotations

import io
import pstats
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

N = 1000
TOP = 15


def _stats(path: Path, sort: str, only: str | None = None) -> str:
    """Top entries of a cProfile dump; `only` (a regex on the file path) keeps e.g. errgen's own functions."""
    buffer = io.StringIO()
    stats = pstats.Stats(str(path), stream=buffer).sort_stats(sort)
    stats.print_stats(*([only] if only else []), TOP)
    text = buffer.getvalue()
    start = text.find("   ncalls")
    text = text[start:] if start >= 0 else text
    return re.sub(r"/\S*?/(site-packages|src|lib/python3\.\d+)/", "", text).rstrip()


def _build(work: Path, bench: Path, n: int) -> dict[str, str]:
    sys.path.insert(0, str(bench))
    import synth

    catalog, _ = synth.write(n, work / "input")
    folder = synth.project(work / "build", catalog)
    prof = work / "build.prof"
    cmd = [sys.executable, "-m", "cProfile", "-o", str(prof), "-m", "errgen", "build"]
    subprocess.run(cmd, cwd=folder, check=True, capture_output=True)
    return {"build_tottime": _stats(prof, "tottime"), "build_cumtime": _stats(prof, "cumulative", r"errgen/")}


def _importtime(cwd: Path) -> str:
    cmd = [sys.executable, "-X", "importtime", "-m", "errgen", "--help"]
    lines = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=True).stderr.splitlines()
    rows = []
    for line in lines:
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(.*)", line)
        if match:
            rows.append((int(match.group(2)), int(match.group(1)), match.group(3).rstrip()))
    total = max((r[0] for r in rows), default=0)
    top = sorted(rows, reverse=True)[:TOP]
    body = "\n".join(f"{cum / 1000:8.1f} ms cumulative {own / 1000:7.1f} ms self  {name}" for cum, own, name in top)
    return f"slowest imports of `errgen --help` (largest cumulative: {total / 1000:.1f} ms)\n{body}"


def _module_import(work: Path) -> str | None:
    folder = work / "build" / "generated" / "synth" / "python"
    modules = sorted(folder.glob("*_errors.py"))
    if not modules:
        return None
    prof = work / "import.prof"
    code = (f"import cProfile, sys; sys.path.insert(0, {str(folder)!r}); "
            f"cProfile.run('import {modules[0].stem}', {str(prof)!r})")  # fmt: skip
    subprocess.run([sys.executable, "-c", code], cwd=work, check=True, capture_output=True)
    return _stats(prof, "tottime")


def collect(work: Path, bench: Path, n: int = N) -> dict[str, Any]:
    """Profile texts by name (see the module docstring); failures are reported as text."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    out: dict[str, Any] = {"n": n}
    try:
        out.update(_build(work, bench, n))
        out["importtime_help"] = _importtime(work)
        module = _module_import(work)
        if module:
            out["module_import"] = module
    except subprocess.CalledProcessError as exc:
        out["error"] = f"{exc}\n{exc.stderr if isinstance(exc.stderr, str) else (exc.stderr or b'').decode()}"
    return out
