"""Every ``$ errgen …`` line in docs/workflow.md runs on the shipped catalogs and prints what the page shows."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from workflow.util import ROOT, errgen, git

PAGE = ROOT / "docs" / "workflow.md"


def examples() -> list[tuple[str, list[str]]]:
    """``(command line, output lines shown)`` of each ``console`` block's commands."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *output = chunk.rstrip("\n").split("\n")
            found.append((command, [line for line in output if line.strip()]))
    return found


def test_the_page_has_examples() -> None:
    assert len(examples()) >= 6


@pytest.mark.parametrize(("command", "shown"), examples(), ids=[c for c, _ in examples()])
def test_example(tmp_path: Path, command: str, shown: list[str]) -> None:
    shutil.copytree(ROOT / "catalog", tmp_path / "catalog")
    (tmp_path / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\n', encoding="utf-8")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "shipped catalogs")
    args = shlex.split(command)
    assert args[0] == "errgen"
    result = errgen(*args[1:], cwd=tmp_path)
    printed = (result.stdout + result.stderr).splitlines()
    expected_exit = 2 if any(line.startswith("errgen: unknown") for line in shown) else 0
    assert result.exit_code == expected_exit, result.stdout + result.stderr
    missing = [line for line in shown if line not in printed]
    assert not missing, f"shown in docs/workflow.md but not printed: {missing}\n--- printed:\n" + "\n".join(printed)
