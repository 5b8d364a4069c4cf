"""The project's own code passes its linters: ruff (pyproject config) and mypy --strict."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff() -> None:
    result = run("ruff", "check", "src", "tests", "bench", "examples", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_tracked_file_names_a_path_of_this_machine() -> None:
    """A fresh clone elsewhere has no such folder (observed: a test helper read ../shared by its absolute path)."""
    # This checkout's own path and its sibling ../shared, where a path starts (not inside a longer
    # path): specific to the machine, unlike a temporary-folder path in an example, which a clone
    # made in that temporary folder would flag.
    places = "|".join(re.escape(str(p) + "/") for p in (ROOT, ROOT.parent / "shared"))
    command = [
        "git", "grep", "-lE", f"(^|[^[:alnum:]_./-])({places})", "--", ":!*.lock", ":!tests/ts/package-lock.json"
    ]  # fmt: skip
    found = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert found.stdout.split() == []
