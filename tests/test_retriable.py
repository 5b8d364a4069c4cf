"""One answer to "may this error be retried?" in every place errgen writes it.

`tests/cases/good_retriable_kind` has codes whose own `retriable` agrees with, contradicts,
or is left to their kind's `retryable`. For each code the answer is read from the generated
Python (payload `retriable`, `_meta` toolFailure `retryable`, `is_retryable` of the error
and of the code) and the generated TypeScript run under node (the same four), from the
Markdown as GitHub renders it, and from catalog.json. All must say the documented rule:
the code's own value (`yes` → true; `no` and `conditional` → false), else its kind's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hostile.hostile_checks import render_markdown
from pytarget_support import import_files
from ts import harness

from errgen.targets import TargetOptions, generate
from errgen.targets.markdown.target import TABLE_HEADER

CASE = harness.ROOT / "tests" / "cases" / "good_retriable_kind" / "catalog.yaml"
EXPECTED = {  # code → (the word the docs show, the boolean everything else says)
    "says_yes": ("yes", True),
    "says_no": ("no", False),
    "inherits_yes": ("yes", True),
    "inherits_no": ("no", False),
    "depends": ("conditional", False),
    "no_kind": ("no", False),
}
META = "io.modelcontextprotocol/toolFailure"

NODE_SCRIPT = """
const m = await import(process.argv[1]);
const out = {};
for (const code of m.CODES) {
  const error = m.buildError(code);
  const result = m.toResult(error);
  out[code] = {
    payload: result.structuredContent.retriable,
    meta: result._meta["%s"].retryable,
    error: m.isRetryable(error),
    code: m.isRetryable(code),
  };
}
console.log(JSON.stringify(out));
""" % META  # noqa: UP031 (the script's own braces)


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    """Every generated file of the case."""
    return generate(harness.load(CASE), ("catalog", "markdown", "python"), TargetOptions())


def _expected_booleans() -> dict[str, dict[str, bool]]:
    return {code: dict.fromkeys(("payload", "meta", "error", "code"), flag) for code, (_, flag) in EXPECTED.items()}


def test_python_runtime_gives_one_answer(files: dict[str, str], tmp_path: Path) -> None:
    module: Any = import_files(files, tmp_path)
    found = {}
    for code in EXPECTED:
        error = module.build_error(code)
        result = error.to_result()
        found[code] = {
            "payload": result["structuredContent"]["retriable"],
            "meta": result["_meta"][META]["retryable"],
            "error": module.is_retryable(error),
            "code": module.is_retryable(code),
        }
    assert found == _expected_booleans()


def test_typescript_runtime_gives_one_answer(tmp_path_factory: pytest.TempPathFactory) -> None:
    program = harness.program(tmp_path_factory.mktemp("ts-program"))
    assert program.tsc.returncode == 0, (program.tsc.stdout + program.tsc.stderr)[-5000:]
    module = program.out / "generated" / "retry" / "ts" / "retry-errors.js"
    done = program.node("--input-type=module", "-e", NODE_SCRIPT, str(module))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == _expected_booleans()


def test_markdown_and_catalog_json_give_the_same_answer(files: dict[str, str]) -> None:
    rendered = render_markdown(files["docs/retry.md"])
    column = TABLE_HEADER.index("Retriable")
    table = {row[0]: row[column] for row in rendered.table(TABLE_HEADER)}
    assert table == {code: word for code, (word, _) in EXPECTED.items()}
    snapshot = json.loads(files["catalog.json"])
    assert {c["id"]: c["retriable"] for c in snapshot["codes"]} == table
