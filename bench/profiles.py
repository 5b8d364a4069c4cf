"""Where the time goes: short profiles at 1,000 codes (or `n`) for the report's appendix.

- cProfile of a cold ``errgen build`` (fresh project), top functions by own time
  and by cumulative time;
- ``python -X importtime`` of ``errgen --help``, the slowest imports;
- cProfile of importing the generated Python package, of its first parse after
  import, and of parsing every payload warm (`probe_python.payloads`).
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
    text = re.sub(r"/\S*?/(site-packages|src|lib/python3\.\d+)/", "", text)
    return re.sub(r"/\S*/generated/", "generated/", text).rstrip()


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


def _module(work: Path, code: str, setup: str = "") -> str:
    """cProfile of `code` (after `setup`, untimed) in a fresh interpreter beside the generated package."""
    folder = work / "build" / "generated" / "synth" / "python"
    catalog = folder.parent / "catalog.json"
    prof = work / "module.prof"
    script = (f"import cProfile, sys; sys.path[:0] = [{str(folder)!r}, {str(Path(__file__).parent)!r}]\n"
              f"from pathlib import Path; from probe_python import payloads; items = payloads(Path({str(catalog)!r}))\n"
              f"{setup}\ncProfile.run({code!r}, {str(prof)!r})")  # fmt: skip
    subprocess.run([sys.executable, "-c", script], cwd=work, check=True, capture_output=True)
    return _stats(prof, "tottime")


def _package(work: Path) -> dict[str, str]:
    """Profiles of the generated package: its import, its first parse, and parsing warm."""
    folder = work / "build" / "generated" / "synth" / "python"
    packages = sorted(folder.glob("*/__init__.py"))
    if not packages or not (folder.parent / "catalog.json").is_file():
        return {}
    name = packages[0].parent.name
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder)], check=True, capture_output=True)
    warm = f"import {name} as m\nfor p in items: m.parse_error(p)"
    return {
        "module_import": _module(work, f"import {name}"),
        "module_first_parse": _module(work, "m.parse_error(items[0])", f"import {name} as m"),
        "module_validate": _module(work, "for _ in range(20):\n for p in items: m.parse_error(p)", warm),
    }


def collect(work: Path, bench: Path, n: int = N) -> dict[str, Any]:
    """Profile texts by name (see the module docstring); failures are reported as text."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    out: dict[str, Any] = {"n": n}
    try:
        out.update(_build(work, bench, n))
        out["importtime_help"] = _importtime(work)
        out.update(_package(work))
    except subprocess.CalledProcessError as exc:
        out["error"] = f"{exc}\n{exc.stderr if isinstance(exc.stderr, str) else (exc.stderr or b'').decode()}"
    return out
