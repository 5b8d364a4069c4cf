"""The seeds' own TypeScript (tests/seeds/*/*.test.ts): compiled with tsc --strict with the generated
TypeScript as one program (tests/ts/harness.py), then run under node --test."""

from __future__ import annotations

import re

import pytest
from ts import harness


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> harness.Program:
    """The TypeScript test program, seeds included."""
    return harness.program(tmp_path_factory.mktemp("ts-program"))


@pytest.mark.parametrize("name", harness.seed_test_files())
def test_seed_code_compiles_and_runs(program: harness.Program, name: str) -> None:
    assert program.tsc.returncode == 0, (program.tsc.stdout + program.tsc.stderr)[-6000:]
    done = program.node("--test", "--test-reporter=spec", f"out/{name}.js")
    assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
    assert re.search(r"^ℹ pass [1-9]", done.stdout, re.M), done.stdout
    assert re.search(r"^ℹ fail 0", done.stdout, re.M), done.stdout
