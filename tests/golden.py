"""Golden cases: ``tests/cases/<name>/`` holds ``catalog.yaml`` and either ``expected/``
(the whole generated tree) or ``stderr.txt`` (what an invalid catalog prints; exit 2).

`run_case` is shared by the tests and by ``python tests/regen.py``, the one command
that rewrites every golden (``generated/`` included). Review golden diffs like code.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from errgen.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases"


@dataclass(frozen=True)
class Outcome:
    """What errgen did with one case."""

    exit_code: int
    stdout: str
    stderr: str
    tree: dict[str, bytes]


def case_dirs() -> list[Path]:
    """Every case folder, sorted."""
    return sorted(p for p in CASES.iterdir() if (p / "catalog.yaml").exists()) if CASES.is_dir() else []


def read_tree(folder: Path) -> dict[str, bytes]:
    """All files below `folder` as ``{posix relative path: bytes}``."""
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run_case(case: Path, out: Path | None = None) -> Outcome:
    """Build the case's catalog into `out` (a fresh temporary folder by default)."""
    previous = Path.cwd()
    os.chdir(ROOT)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            target = out or Path(tmp)
            rel = (case / "catalog.yaml").relative_to(ROOT).as_posix()
            result = CliRunner().invoke(main, ["build", rel, "--out", str(target)])
            if result.exception and not isinstance(result.exception, SystemExit):
                raise result.exception
            return Outcome(result.exit_code, result.stdout, result.stderr, read_tree(target))
    finally:
        os.chdir(previous)


def expected_tree(case: Path) -> dict[str, bytes]:
    """The committed expected tree of a good case."""
    return read_tree(case / "expected")
