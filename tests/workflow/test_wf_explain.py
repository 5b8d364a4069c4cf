"""``errgen explain`` and ``errgen list`` on the shipped catalogs, plus lookup edge cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workflow.util import errgen


@pytest.mark.parametrize(
    "query",
    ["invalid_input", "INVALID_INPUT", "Invalid-Input", "invalid input", "WB-invalid_input", "wb_INVALID_INPUT",
     "WBinvalid_input", "workbook:invalid_input", "workbook/invalid-input"],
)  # fmt: skip
def test_any_casing_with_or_without_prefix(shipped: Path, query: str) -> None:
    result = errgen("explain", query, cwd=shipped)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("invalid_input — Invalid input\n")


def test_full_docs_of_a_code(shipped: Path) -> None:
    out = errgen("explain", "NAPKIN_upstream_error", cwd=shipped).stdout
    for line in [
        "UPSTREAM_ERROR — Upstream error",
        "  Catalog      napkin 1.0.0 (prefix NAPKIN)",
        "  Message      the upstream API failed with HTTP {status}",
        "  Kind         Transient (retryable)",
        "  Retriable    yes (retry the same call)",
        "  HTTP status  502",
        "  Python       class UpstreamError, UpstreamError.create(…)",
        "  TypeScript   interface UpstreamError, upstreamError(…), isUpstreamError(…)",
        "  Go           type UpstreamError, NewUpstreamError(…), CodeUpstreamError",
        "  Rust         struct UpstreamError, UpstreamError::new(…), ToolError::UpstreamError",
        "Next action",
        "  Retry with back-off; report the failure if it persists.",
        "UI meaning",
        "Repair fields (wire keys)",
        "  status    integer, optional — The upstream HTTP status.",
        "  original  any, optional — The upstream failure ({status, body}) in sanitized form — secrets redacted.",
        '  {"status": 503, "original": {"status": 503, "body": "upstream unavailable"}}',
        "  → the upstream API failed with HTTP 503",
    ]:
        assert line in out.splitlines(), line


def test_exact_case_beats_loose_and_ambiguity_asks_to_qualify(shipped: Path) -> None:
    assert errgen("explain", "not_found", cwd=shipped).stdout.startswith("not_found — ")
    assert errgen("explain", "NOT_FOUND", cwd=shipped).stdout.startswith("NOT_FOUND — ")
    result = errgen("explain", "Not-Found", cwd=shipped)
    assert result.exit_code == 2
    assert "'Not-Found' matches 2 codes: filetools:not_found, napkin:NOT_FOUND; qualify it" in result.stderr


def test_unknown_code_gets_suggestions(shipped: Path) -> None:
    result = errgen("explain", "rate_limted", cwd=shipped)
    assert result.exit_code == 2
    assert result.stderr == "errgen: unknown code 'rate_limted'; did you mean napkin:RATE_LIMITED?\n"
    nothing = errgen("explain", "zzzz", cwd=shipped)
    assert nothing.stderr == "errgen: unknown code 'zzzz'\n"


def test_formats(shipped: Path) -> None:
    data = json.loads(errgen("explain", "timeout", "--format", "json", "-c", "filetools", cwd=shipped).stdout)
    assert (data["catalog"], data["id"], data["retriable"]) == ("filetools", "timeout", "conditional")
    markdown = errgen("explain", "workbook:stale_oracle", "--format", "markdown", cwd=shipped).stdout
    assert markdown.startswith("### `stale_oracle` — Stale oracle *(deferred — shape only)*")


LIFECYCLE = """\
errgen: 1
catalog: {name: shop, version: 2.0.0, prefix: SH}
codes:
  old_way:
    title: "Old \\u001b[31mway\\u202e"
    message: m
    deprecated: {since: 1.5.0, replaced_by: new_way, reason: renamed}
  new_way:
    message: m
    since: 1.5.0
retired:
  ancient: {since: 1.0.0, reason: nobody used it, replaced_by: new_way}
"""


def test_lifecycle_retired_and_terminal_safety(tmp_path: Path) -> None:
    (tmp_path / "shop.yaml").write_text(LIFECYCLE, encoding="utf-8")
    old = errgen("explain", "-c", "shop.yaml", "sh-old-way", cwd=tmp_path).stdout
    assert old.splitlines()[0] == "old_way — Old \\u001b[31mway\\u202e"
    assert "  Status       deprecated since 1.5.0; use new_way (renamed)" in old.splitlines()
    assert "\x1b" not in old and "\u202e" not in old
    assert "  Since        1.5.0" in errgen("explain", "-c", "shop.yaml", "new_way", cwd=tmp_path).stdout
    retired = errgen("explain", "-c", "shop.yaml", "ANCIENT", cwd=tmp_path)
    assert retired.exit_code == 0
    assert retired.stdout == (
        "ancient — retired from shop in 1.0.0\n"
        "  This code is no longer emitted; its id is never reused.\n"
        "  Replaced by new_way (errgen explain shop:new_way).\n"
        "  Reason: nobody used it\n"
    )


def test_list_all_and_filtered(shipped: Path) -> None:
    everything = errgen("list", cwd=shipped)
    assert everything.exit_code == 0
    lines = everything.stdout.splitlines()
    assert lines[0].split() == ["CATALOG", "CODE", "KIND", "RETRIABLE", "HTTP", "STATUS", "TITLE"]
    assert len(lines) == 1 + 16 + 10 + 6
    assert everything.stderr == "32 code(s)\n"
    transient = errgen("list", "--kind", "transient", cwd=shipped).stdout.splitlines()[1:]
    assert [line.split()[1] for line in transient] == ["UPSTREAM_ERROR", "NETWORK_ERROR", "TIMEOUT"]
    workbook = errgen("list", "-c", "workbook", "--format", "json", cwd=shipped).stdout
    rows = json.loads(workbook)
    assert [r["code"] for r in rows if r["status"] == "deferred"] == ["stale_oracle", "unapproved_assumption"]
    assert {r["catalog"] for r in rows} == {"workbook"}


def test_list_retired(tmp_path: Path) -> None:
    (tmp_path / "shop.yaml").write_text(LIFECYCLE, encoding="utf-8")
    rows = json.loads(errgen("list", "-c", "shop.yaml", "--retired", "--format", "json", cwd=tmp_path).stdout)
    assert [(r["code"], r["status"]) for r in rows] == [
        ("old_way", "deprecated"),
        ("new_way", ""),
        ("ancient", "retired"),
    ]


def test_list_errors(shipped: Path) -> None:
    kind = errgen("list", "--kind", "transent", cwd=shipped)
    assert (kind.exit_code, kind.stderr) == (2, "errgen: unknown kind 'transent'; did you mean 'Transient'?\n")
    catalog = errgen("list", "-c", "napkn", cwd=shipped)
    assert (catalog.exit_code, catalog.stderr) == (2, "errgen: unknown catalog 'napkn'; did you mean 'napkin'?\n")


def test_shell_completion_of_codes(shipped: Path) -> None:
    env = {"_ERRGEN_COMPLETE": "bash_complete", "COMP_WORDS": "errgen explain RATE", "COMP_CWORD": "2"}
    from click.testing import CliRunner

    from errgen.cli.main import main
    from workflow.util import chdir

    with chdir(shipped):
        result = CliRunner().invoke(main, [], prog_name="errgen", env=env)
    assert result.stdout.splitlines() == ["plain,RATE_LIMITED"]
    script = CliRunner().invoke(main, [], prog_name="errgen", env={"_ERRGEN_COMPLETE": "bash_source"})
    assert "_errgen_completion" in script.stdout


FILE_NOT_FOUND = """\
errgen: 1
catalog: {name: files, version: 1.0.0}
envelope: {casing: camel}
fields:
  file_path: {type: string}
  size_bytes: {type: integer}
codes:
  file_not_found:
    message: "'{file_path}' does not exist"
    fields: {required: [file_path], optional: [size_bytes]}
    examples: [{file_path: a.txt, size_bytes: 3}]
"""


def test_names_and_fields_are_the_generated_ones(tmp_path: Path) -> None:
    """Issue 29: explain showed snake_case fields under camel casing, and `FileNotFound` for the Python class
    the package declares as `FileNotFoundError_` (FileNotFoundError is a builtin)."""
    import importlib
    import sys

    (tmp_path / "files.yaml").write_text(FILE_NOT_FOUND, encoding="utf-8")
    out = errgen("explain", "file_not_found", "-c", "files.yaml", cwd=tmp_path).stdout.splitlines()
    assert "  Python       class FileNotFoundError_, FileNotFoundError_.create(…)" in out
    assert "  filePath (file_path)    string, required" in out
    assert '  {"filePath": "a.txt", "sizeBytes": 3}' in out
    built = errgen("build", "files.yaml", "-o", "out", cwd=tmp_path)
    assert built.exit_code == 0, built.output
    sys.path.insert(0, str(tmp_path / "out" / "files" / "python"))
    try:
        module = importlib.import_module("files_errors")
        assert module.FileNotFoundError_.create(file_path="a").file_path == "a"
    finally:
        sys.path.remove(str(tmp_path / "out" / "files" / "python"))
        sys.modules.pop("files_errors", None)
    assert "  TypeScript   interface FileNotFound, fileNotFound(…), isFileNotFound(…)" in out
    assert "  Go           type FileNotFoundError, NewFileNotFoundError(…), CodeFileNotFound" in out
    assert "  Rust         struct FileNotFound, FileNotFound::new(…), ToolError::FileNotFound" in out
    declared = {  # each name explain shows, as its target declares it
        "ts/files-errors.ts": ["export interface FileNotFound {", "export function fileNotFound(",
                               "export function isFileNotFound("],
        "go/files_errors.go": ["type FileNotFoundError struct", "func NewFileNotFoundError(", "CodeFileNotFound "],
        "rust/src/lib.rs": ["pub struct FileNotFound {", "FileNotFound(Box<CodeError<FileNotFound>>)",
                            "impl FileNotFound {\n    pub fn new("],
    }  # fmt: skip
    for rel, texts in declared.items():
        text = (tmp_path / "out" / "files" / rel).read_text(encoding="utf-8")
        assert [t for t in texts if t not in text] == [], rel
