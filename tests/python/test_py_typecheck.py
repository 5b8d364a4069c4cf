"""The generated modules pass ``mypy --strict`` and ``ruff check``, and their types catch misuse."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytarget_support as support
import pytest

USAGE = """
from typing import assert_type

import pydantic
from filetools_errors import TimeoutError_, ToolResult
from minimal_errors import FailedError, map_http as minimal_map_http
from napkin_errors import KnownErrorUnion, UnknownCode, UpstreamErrorError, is_terminal, map_http, parse_result
from nasty_errors import ClassError
from workbook_errors import ErrorUnion, InvalidInputError, Range


def repair(result: dict[str, object]) -> str:
    error = parse_result(result)
    if error is None:
        return "ok"
    if isinstance(error, UnknownCode):
        return error.code
    if error.code == "UPSTREAM_ERROR":
        assert_type(error, UpstreamErrorError)
        return str((error.status or 0) + 1)
    return error.message


err = InvalidInputError.create(field="unit", allowed=["kg"], range=Range(min=0))
assert_type(err.allowed, list[str] | None)
mapped: KnownErrorUnion = map_http(503)
assert_type(is_terminal(mapped, "operator_safe"), bool)
reply: ToolResult[dict[str, str]] = ToolResult.failure(TimeoutError_.create(timeout_ms=5), {"stdout": ""})
weird = ClassError.create(class_="x", none=1, str="s", cls="c", type=True, match=[1.5])
union: ErrorUnion = err
failed = FailedError.create()
try:
    minimal_map_http(500)
except LookupError:
    pass
adapter: pydantic.TypeAdapter[ErrorUnion] = pydantic.TypeAdapter(ErrorUnion)
"""

MISUSE = """
from workbook_errors import InvalidInputError, StaleOracleError

InvalidInputError.create(fild="unit")
InvalidInputError.create(field=3)
InvalidInputError.create(allowed=["kg"])
never = StaleOracleError.create(field="x")
print(never)
"""


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("typed")
    for name in support.SHIPPED:
        name_, text = support.source(support.shipped(name))
        (where / f"{name_}.py").write_text(text, encoding="utf-8")
    for extra in (support.NASTY, support.MINIMAL):
        name_, text = support.source(support.from_text(extra))
        (where / f"{name_}.py").write_text(text, encoding="utf-8")
    return where


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )


def mypy(cwd: Path, *files: str) -> subprocess.CompletedProcess[str]:
    return run(
        "mypy", "--strict", "--no-incremental", "--warn-unreachable", "--python-version", "3.11", *files, cwd=cwd
    )


@pytest.mark.slow
def test_generated_modules_and_their_use_pass_mypy_strict(modules: Path) -> None:
    (modules / "usage.py").write_text(USAGE)
    done = mypy(modules, *(p.name for p in modules.glob("*_errors.py")), "usage.py")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_catches_misuse_of_the_constructors(modules: Path) -> None:
    (modules / "misuse.py").write_text(MISUSE)
    done = mypy(modules, "misuse.py")
    out = done.stdout
    assert done.returncode == 1, out
    assert 'Unexpected keyword argument "fild"' in out
    assert 'Argument "field" to "create" of "InvalidInputError" has incompatible type "int"' in out
    assert 'Missing named argument "field"' in out
    assert "Statement is unreachable" in out  # a deferred code's create() never returns


def test_generated_modules_pass_ruff(modules: Path) -> None:
    done = run("ruff", "check", "--isolated", "--no-cache", *(p.name for p in modules.glob("*_errors.py")), cwd=modules)
    assert done.returncode == 0, done.stdout + done.stderr
