"""The real wallfacer (crates.io `mcp-wallfacer` 0.8.1), built once into the test cache, and what it observes.

`binary()` runs `cargo install mcp-wallfacer --version 0.8.1 --locked` into
`<test cache>/wallfacer-0.8.1` (`$XDG_CACHE_HOME/errgen-tests`, as the Rust tests' cargo target) under a
file lock, once per machine: the first build takes minutes, later runs find the binary. Without cargo the
calling test skips (fails under CI=true).

`pack_test_verdicts(pack)` is what `wallfacer pack test` observes for every fixture of a pack. wallfacer
prints only the fixtures whose outcome differs from their `expect` (a table), so the pack is tested twice,
as written and with every `expect` inverted: a fixture is then a row of exactly one of the two tables
(a structural error, which never matches, of both), with its observed outcome (`pass`, `fail` or
`structural-error`).
"""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rust import harness

VERSION = "0.8.1"
_EXPECT = re.compile(r"""(?m)(\bexpect:[ \t]*)(["']?)(pass|fail)\2(?=[ \t]*(?:[,}#]|$))""")
_FLIP = {"pass": "fail", "fail": "pass"}
_SUMMARY = re.compile(r"pack test: (\d+)/(\d+) fixtures match")


def binary() -> Path:
    """The wallfacer executable, built with cargo on first use."""
    cargo = harness.cargo()
    root = harness.cache_dir() / f"wallfacer-{VERSION}"
    program = root / "bin" / "wallfacer"
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _is_built(program):
            command = [cargo, "install", "mcp-wallfacer", "--version", VERSION, "--locked", "--root", str(root)]
            env = {**os.environ, "CARGO_TARGET_DIR": str(harness.cache_dir() / "wallfacer-build")}
            done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=3600, check=False)
            if done.returncode != 0 or not _is_built(program):
                raise AssertionError(f"cargo install mcp-wallfacer {VERSION} failed:\n{done.stderr[-6000:]}")
    return program


def _is_built(program: Path) -> bool:
    if not program.is_file():
        return False
    done = subprocess.run([str(program), "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() == f"mcp-wallfacer {VERSION}"


def run(args: list[str], workspace: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run wallfacer in `workspace` (its `packs/` is the workspace layer), without colours or a terminal width."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "WALLFACER_CONFIG")}
    env |= {"NO_COLOR": "1", "RUST_BACKTRACE": "0"}
    return subprocess.run(
        [str(binary()), *args], cwd=workspace, capture_output=True, text=True, env=env, timeout=timeout, check=False
    )


def inverted(text: str) -> tuple[str, int]:
    """The pack text with every fixture's `expect: pass|fail` inverted, and how many were."""
    return _EXPECT.subn(lambda m: m.group(1) + m.group(2) + _FLIP[m.group(3)] + m.group(2), text)


@dataclass(frozen=True)
class PackTest:
    """What `wallfacer pack test` said about one pack."""

    returncode: int
    total: int  # fixtures it evaluated
    rows: list[tuple[str, str, str]]  # (invariant, fixture, observed) of every mismatch row
    stderr: str


def pack_test(workspace: Path, name: str) -> PackTest:
    """Run `wallfacer pack test NAME` in `workspace` and read its table."""
    done = run(["pack", "test", name], workspace)
    summary = _SUMMARY.search(done.stderr)
    return PackTest(done.returncode, int(summary.group(2)) if summary else -1, table_rows(done.stdout), done.stderr)


def table_rows(text: str) -> list[tuple[str, str, str]]:
    """(invariant, fixture, observed) of each row of comfy-table's UTF8_FULL table (a cell may wrap)."""
    rows: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("│"):
            cells = [cell.strip() for cell in line.strip().strip("│").split("┆")]
            if current is None:
                current = [[] for _ in cells]
                rows.append(current)
            for column, cell in zip(current, cells, strict=False):
                column.append(cell)
        else:
            current = None
    joined = [[" ".join(part for part in column if part) for column in row] for row in rows]
    return [(row[1], row[2], row[4]) for row in joined[1:] if len(row) >= 5]  # joined[0] is the header


def pack_test_verdicts(pack: Path, workspace: Path, expected_count: int) -> PackTest:
    """Every fixture's observed outcome in `wallfacer pack test` (the pack tested as written and inverted)."""
    text = pack.read_text(encoding="utf-8")
    flipped, count = inverted(text)
    assert count == expected_count, f"{pack}: inverted {count} `expect` values, the pack has {expected_count}"
    packs = workspace / "packs"
    packs.mkdir(parents=True, exist_ok=True)
    tests = []
    for version in (text, flipped):
        (packs / pack.name).write_text(version, encoding="utf-8")
        tests.append(pack_test(workspace, pack.stem))
    written, inverse = tests
    rows = written.rows + [row for row in inverse.rows if row[2] != "structural-error"]
    return PackTest(inverse.returncode, written.total, rows, written.stderr + inverse.stderr)
