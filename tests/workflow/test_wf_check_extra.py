"""`errgen check` lists files in the output folder that errgen did not write (issue 29: it said "up to date").

README and docs/workflow.md promise modified, missing **and** extra files; a file someone put into a
catalog's folder is extra, and `errgen build` never removes it, so check must say so (exit 1). What
the tools that use the generated code leave there (`__pycache__`, a crate's `target`) and what git
ignores are not reported.
"""

from __future__ import annotations

from pathlib import Path

from workflow.util import errgen, git


def _built(shipped: Path) -> Path:
    assert errgen("build", cwd=shipped).exit_code == 0
    assert errgen("check", cwd=shipped).exit_code == 0
    return shipped / "generated"


def test_a_file_errgen_did_not_write_is_extra(shipped: Path) -> None:
    out = _built(shipped)
    (out / "filetools" / "notes.txt").write_text("mine\n", encoding="utf-8")
    (out / "napkin" / "python" / "extra").mkdir()
    (out / "napkin" / "python" / "extra" / "helper.py").write_text("x = 1\n", encoding="utf-8")
    result = errgen("check", cwd=shipped)
    assert result.exit_code == 1
    assert result.stdout == (
        "extra:    generated/filetools/notes.txt (not written by errgen)\n"
        "extra:    generated/napkin/python/extra/helper.py (not written by errgen)\n"
    )
    assert "2 file(s) in the output folder were not written by errgen" in result.stderr
    assert "run `errgen build`" not in result.stderr, "build would not remove them"
    assert (out / "filetools" / "notes.txt").read_text(encoding="utf-8") == "mine\n", "check never writes"


def test_build_by_products_and_ignored_files_are_not_extra(shipped: Path) -> None:
    out = _built(shipped)
    cache = out / "workbook" / "python" / "workbook_errors" / "__pycache__"
    cache.mkdir()
    (cache / "__init__.cpython-311.pyc").write_bytes(b"\0")
    (out / "workbook" / "rust" / "target" / "debug").mkdir(parents=True)
    (out / "workbook" / "rust" / "target" / "debug" / "build.log").write_text("x\n", encoding="utf-8")
    assert errgen("check", cwd=shipped).exit_code == 0
    (out / "workbook" / "go" / "coverage.out").write_text("mode: set\n", encoding="utf-8")
    assert errgen("check", cwd=shipped).exit_code == 1
    git(shipped, "init", "-q")
    (shipped / ".gitignore").write_text("coverage.out\n", encoding="utf-8")
    assert errgen("check", cwd=shipped).exit_code == 0
