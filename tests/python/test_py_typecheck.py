"""The generated packages pass pyright (strict), ``mypy --strict`` and ruff, for Python 3.10 and up.

A user file constructs every code of every shipped catalog (from the catalog's own
examples), reads fields, narrows with ``match``, ``isinstance`` and ``==`` on ``code``
and proves exhaustiveness with ``assert_never``: both checkers report nothing. A
second file makes one mistake per line; each checker must flag exactly those lines.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytarget_support as support
import pytest
from conftest import unavailable

from errgen.catalog.model import Catalog

PYRIGHT = support.ROOT / "tests" / "ts" / "node_modules" / ".bin" / "pyright"
PYTHON_VERSION = "3.10"  # the oldest Python the generated pyproject.toml admits

USAGE = """
import pydantic
from typing_extensions import assert_never, assert_type

from filetools_errors import (
    EDIT_FILE_TOOL, TOOLS, EditFileToolError, FileTooLargeError, MultipleMatchesError, NotFoundError as FileNotFound,
    OldTextNotFoundError, OutsideWorkspaceError, OverlappingEditsError, PermissionDeniedError, StaleFileError,
    TimeoutError_, ToolResult, UnknownCode as FileUnknown, UnknownError,
)
from minimal_errors import FailedError, map_http as minimal_map_http
from napkin_errors import (
    BadRequestError, ForbiddenError, GoneError, InternalError, KnownErrorUnion, NetworkError, NotFoundError,
    RateLimitedError, TimeoutError_ as NapkinTimeout, UnauthorizedError, UnknownCode, UpstreamError, is_terminal,
    map_http, parse_result,
)
from nasty_errors import ClassError
from workbook_errors import ErrorCode, ErrorUnion, InvalidInputError, Range


def repair(result: dict[str, object]) -> str:
    error = parse_result(result)
    if error is None:
        return "ok"
    if isinstance(error, UnknownCode):
        return error.code
    if error.code == "UPSTREAM_ERROR":
        assert_type(error, UpstreamError)
        return str((error.status or 0) + 1)
    return error.message


def advice(error: KnownErrorUnion) -> str:
    match error:
        case BadRequestError() | UnauthorizedError() | ForbiddenError() | NotFoundError() | GoneError():
            return "fix the call"
        case RateLimitedError(status=status):
            return f"slow down ({status})"
        case UpstreamError(status=status):
            return f"upstream {status}"
        case NetworkError() | NapkinTimeout() | InternalError():
            return "retry later"
        case _:
            assert_never(error)


def recover_edit(result: dict[str, object]) -> str:
    # every code edit_file can return, and nothing else (the tools section of the catalog)
    error = EDIT_FILE_TOOL.parse_result(result)
    if error is None:
        return "ok"
    if isinstance(error, FileUnknown):
        return f"not edit_file's: {error.code}"
    match error:
        case MultipleMatchesError(match_count=count):
            return f"{count} matches"
        case StaleFileError() | OldTextNotFoundError() | OverlappingEditsError():
            return "re-read and retry"
        case FileNotFound() | PermissionDeniedError() | OutsideWorkspaceError() | FileTooLargeError():
            return error.path
        case UnknownError():
            return error.detail or ""
        case _:
            assert_never(error)


edit_union: EditFileToolError = MultipleMatchesError.create(path="a", match_count=2)
assert_type(TOOLS["edit_file"].codes, tuple[str, ...])
err = InvalidInputError.create(field="unit", allowed=["kg"], range=Range(min=0))
assert_type(err.allowed, list[str] | None)
# the constructor takes a whole payload's members, as a wire read does
same = InvalidInputError(field="unit", allowed=["kg"], message="bad unit", provenance=err.provenance, is_error=True)
assert_type(same.field, str)
code: ErrorCode = err.code
mapped: KnownErrorUnion = map_http(503)
assert_type(is_terminal(mapped, "operator_safe"), bool)
reply = ToolResult[dict[str, str]].failure(TimeoutError_.create(timeout_ms=5), {"stdout": ""})
weird = ClassError.create(class_="x", none=1, str="s", cls="c", type=True, match=[1.5])
union: ErrorUnion = err
failed = FailedError.create()
try:
    minimal_map_http(500)
except LookupError:
    pass
adapter: pydantic.TypeAdapter[ErrorUnion] = pydantic.TypeAdapter(ErrorUnion)
"""

# One mistake per line, marked; the checkers must flag exactly the marked lines. pyright does not
# report unreachable code, mypy (``--warn-unreachable``) does.
MISTAKES = """
from typing_extensions import assert_never

from filetools_errors import (
    EditFileToolError, FileTooLargeError, NotFoundError, OldTextNotFoundError, OutsideWorkspaceError,
    OverlappingEditsError, PermissionDeniedError, StaleFileError, UnknownError,
)
from workbook_errors import ErrorCode, InvalidInputError, KnownErrorUnion, StaleOracleError

InvalidInputError.create(fild="unit")  # mistake: unknown keyword
InvalidInputError.create(field=3)  # mistake: wrong type
InvalidInputError.create(allowed=["kg"])  # mistake: missing required field
InvalidInputError(field="unit", allowed="kg")  # mistake: wrong type, constructor
InvalidInputError(allowed=["kg"])  # mistake: missing required field, constructor
InvalidInputError(field="unit", fild="x")  # mistake: unknown keyword, constructor
unknown: ErrorCode = "no_such_code"  # mistake: unknown code


def check(error: KnownErrorUnion) -> bool:
    return error.code == "no_such_code"  # mistake: unknown code


def deferred() -> None:
    StaleOracleError.create(field="fx_rate")  # a deferred code: create() returns Never
    print("built")  # mistake (mypy): unreachable


def edit_names_binary_file(error: EditFileToolError) -> bool:
    return error.code == "binary_file"  # mistake: binary_file is read_file's, not edit_file's


def edit_forgets_multiple_matches(error: EditFileToolError) -> str:
    match error:
        case StaleFileError() | OldTextNotFoundError() | OverlappingEditsError() | UnknownError():
            return "retry"
        case NotFoundError() | PermissionDeniedError() | OutsideWorkspaceError() | FileTooLargeError():
            return error.path
        case _:
            assert_never(error)  # mistake: multiple_matches is not handled
"""


def constructions(catalog: Catalog, module: str) -> str:
    """A user's lines that build every constructible code of `catalog` from its first example."""
    lines = [f"import {module}", f"{module}_built = ["]
    for code in catalog.codes.values():
        if not code.constructible:
            continue
        example = code.examples[0].values if code.examples else {}
        args = ", ".join(
            f"{catalog.fields[name].names.py_attr}={example[name]!r}" for name in code.params if name in example
        )
        lines.append(f"    {module}.{code.names.py_class}.create({args}),")
    return "\n".join([*lines, "]"]) + "\n"


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("typed")
    users = []
    for catalog in [*map(support.shipped, support.SHIPPED)]:
        package = support.write(catalog, where)
        users.append(constructions(catalog, package.name))
    for extra in (support.NASTY, support.MINIMAL):
        support.write(support.from_text(extra), where)
    (where / "usage.py").write_text(USAGE + "\n" + "\n".join(users), encoding="utf-8")
    (where / "mistakes.py").write_text(MISTAKES, encoding="utf-8")
    config = {"typeCheckingMode": "strict", "pythonVersion": PYTHON_VERSION, "include": ["."]}
    (where / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return where


def packages(where: Path) -> list[str]:
    return sorted(p.parent.name for p in where.glob("*_errors/__init__.py"))


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*args], cwd=cwd, capture_output=True, text=True, timeout=900, check=False)


def mypy(cwd: Path, *files: str) -> subprocess.CompletedProcess[str]:
    options = ["--strict", "--no-incremental", "--warn-unreachable", "--python-version", PYTHON_VERSION]
    return run(sys.executable, "-m", "mypy", *options, *files, cwd=cwd)


def pyright(cwd: Path, *files: str) -> subprocess.CompletedProcess[str]:
    if not PYRIGHT.exists():
        unavailable("pyright (npm ci --prefix tests/ts)")
    return run(str(PYRIGHT), "--pythonpath", sys.executable, *files, cwd=cwd)


def flagged(output: str, file: str) -> set[int]:
    """The line numbers of `file` a checker reported errors on."""
    return {int(m.group(1)) for m in re.finditer(rf"{re.escape(file)}:(\d+):(?:\d+)?:? ?(?:- )?error", output)}


def mistake_lines(checker: str) -> set[int]:
    marks = ("# mistake:", f"# mistake ({checker}):")
    return {n for n, line in enumerate(MISTAKES.split("\n"), 1) if any(mark in line for mark in marks)}


@pytest.mark.slow
def test_generated_packages_and_their_use_pass_mypy_strict(modules: Path) -> None:
    done = mypy(modules, *(f"{p}/__init__.py" for p in packages(modules)), "usage.py")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_generated_packages_and_their_use_pass_pyright_strict(modules: Path) -> None:
    done = pyright(modules, *packages(modules), "usage.py")
    assert done.returncode == 0 and "0 errors" in done.stdout, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_flags_exactly_the_mistakes(modules: Path) -> None:
    done = mypy(modules, "mistakes.py")
    assert done.returncode == 1, done.stdout
    assert flagged(done.stdout, "mistakes.py") == mistake_lines("mypy"), done.stdout


@pytest.mark.slow
def test_pyright_flags_exactly_the_mistakes(modules: Path) -> None:
    done = pyright(modules, "mistakes.py")
    assert done.returncode == 1, done.stdout
    assert flagged(done.stdout, "mistakes.py") == mistake_lines("pyright"), done.stdout


def test_generated_packages_pass_ruff_for_the_oldest_python(modules: Path) -> None:
    target = "py" + PYTHON_VERSION.replace(".", "")
    done = run(
        sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", "--target-version", target,
        *packages(modules), cwd=modules,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
