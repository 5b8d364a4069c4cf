"""Size: the Go a catalog gets is at most 40 lines per code (issue 27; figures in docs/go-target.md).

A code's lines are measured two ways. On bench/synth.py's synthetic catalogs (codes shaped like the
shipped ones: 2–3 repair fields of every wire type, a kind, an HTTP status, now and then long
docs): what one more code adds, the difference between 100 codes and 1, per code. On the shipped
catalogs: the lines that belong to a code (its struct, arguments, constructor and methods; its
constant and sentinel; its row of the table; its case of the type switch), counted in the file.
The rest of the file is the package API, the same for every catalog. `pytest -s` prints the figures.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from go import harness
from hostile.hostile_checks import must_compile
from ts import harness as ts

from errgen.targets import TargetOptions
from errgen.targets.go import target as go_target

LIMIT = 40


def synthetic(codes: int, folder: Path) -> str:
    """The catalog's Go file (the shared runtime left out) of a synthetic catalog of `codes` codes."""
    out = folder / str(codes)
    subprocess.run([sys.executable, str(ts.ROOT / "bench" / "synth.py"), "--codes", str(codes), "--out", str(out)],
                   check=True, capture_output=True)  # fmt: skip
    return go_target.generate(must_compile((out / "synth.yaml").read_text("utf-8")), TargetOptions())[
        "go/synth_errors.go"
    ]


def code_lines(text: str, codes: int) -> int:
    """The lines of a catalog's Go file that belong to its codes."""
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if re.match(r"// \S+ is code ", line))
    last = next(i for i, line in enumerate(lines) if line.startswith("// newKnown"))
    rows = 0
    for i, line in enumerate(lines):
        if line.startswith("\t\t{Code: ") or (line == "\t\t{" and lines[i + 1].startswith("\t\t\tCode:")):
            rows += next(j for j in range(i, len(lines)) if lines[j].endswith("},")) - i + 1
    return (last - first) + rows + 2 * codes + 2 * codes  # sections, table rows, switch cases, constant + sentinel


def test_a_code_costs_at_most_40_lines_of_go(tmp_path: Path) -> None:
    one, hundred = synthetic(1, tmp_path), synthetic(100, tmp_path)
    added = (hundred.count("\n") - one.count("\n")) / 99
    own = code_lines(hundred, 100) / 100
    lines = hundred.count("\n")
    print(f"\nsynthetic: 100 codes, {lines} lines, one code adds {added:.1f}, a code's lines {own:.1f}")
    assert added <= LIMIT and own <= LIMIT


@pytest.mark.parametrize("name", harness.SHIPPED)
def test_a_shipped_catalogs_code_costs_at_most_40_lines_of_go(name: str) -> None:
    text = (ts.ROOT / "generated" / name / "go" / f"{name}_errors.go").read_text("utf-8")
    codes = len(harness.catalogs()[name].codes)
    own = code_lines(text, codes) / codes
    print(f"\n{name}: {codes} codes, {text.count(chr(10))} lines, {text.count(chr(10)) / codes:.1f} per code, "
          f"a code's lines {own:.1f}")  # fmt: skip
    assert own <= LIMIT
