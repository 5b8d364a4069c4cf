"""Size: the Go a catalog gets is at most 40 lines per code (issue 27; figures in docs/go-target.md).

A code's lines are what one more code adds to the catalog's Go file: measured on bench/synth.py's
synthetic catalogs (codes shaped like the shipped ones: 2–3 repair fields of every wire type, a
kind, an HTTP status, now and then long docs), as the difference between 100 codes and 1, per code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hostile.hostile_checks import must_compile
from ts import harness as ts

from errgen.targets import TargetOptions
from errgen.targets import go as go_target

LIMIT = 40


def go_lines(codes: int, folder: Path) -> int:
    """Lines of the catalog's Go file (the shared runtime left out) of a synthetic catalog of `codes` codes."""
    out = folder / str(codes)
    subprocess.run([sys.executable, str(ts.ROOT / "bench" / "synth.py"), "--codes", str(codes), "--out", str(out)],
                   check=True, capture_output=True)  # fmt: skip
    files = go_target.generate(must_compile((out / "synth.yaml").read_text("utf-8")), TargetOptions())
    return files["go/synth_errors.go"].count("\n")


def test_a_code_costs_at_most_40_lines_of_go(tmp_path: Path) -> None:
    one, hundred = go_lines(1, tmp_path), go_lines(100, tmp_path)
    per_code = (hundred - one) / 99
    assert per_code <= LIMIT, f"{per_code:.1f} lines per code ({one} lines for 1 code, {hundred} for 100)"
