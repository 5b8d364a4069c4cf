"""Malformed catalogs: exit 2 with ``file:line:col``, no traceback, bounded time and memory,
and the output folder byte-for-byte untouched.

The committed corpus is ``tests/cases/bad_*`` (its exact stderr is pinned by
test_golden.py); inputs too big or too odd to commit (a 50 MB file, 100,000 levels of
nesting, a FIFO, ``/dev/zero``) are made here at test time. Every run is the real
``errgen`` in a subprocess under a 1 GiB address-space limit.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from .runner import ROOT, assert_clean_rejection, run_bounded, snapshot

BAD_CASES = sorted(p for p in (ROOT / "tests" / "cases").glob("bad_*") if (p / "catalog.yaml").exists())
HEAD = b"errgen: 1\ncatalog: {name: demo, version: 1.0.0}\ncodes:\n  c:\n    message: m\n"


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A previous build of a shipped catalog, a user's file and a leftover temporary file."""
    out = tmp_path_factory.mktemp("first") / "out"
    result = run_bounded("build", str(ROOT / "catalog" / "napkin.yaml"), "--out", str(out), cwd=out.parent)
    assert result.returncode == 0, result.stderr
    (out / "napkin" / "NOTES.md").write_text("mine\n")
    (out / "napkin" / "docs" / ".napkin.md.abc123.tmp").write_text("half a file")
    return out


@pytest.fixture
def old_build(first_build: Path, tmp_path: Path) -> Path:
    """A private copy of `first_build` (timestamps kept)."""
    return Path(shutil.copytree(first_build, tmp_path / "out"))


def test_the_whole_bad_corpus_is_rejected_cleanly(tmp_path: Path, old_build: Path) -> None:
    before = snapshot(old_build)
    catalogs = [str((case / "catalog.yaml").relative_to(ROOT)) for case in BAD_CASES]
    good = str(Path("catalog") / "workbook.yaml")
    result = run_bounded("build", good, *catalogs, "--out", str(old_build), cwd=ROOT)
    assert_clean_rejection(result, catalogs)
    assert snapshot(old_build) == before


def _write(data: bytes) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.write_bytes(data)

    return write


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _dangling(path: Path) -> None:
    path.symlink_to(path.parent / "missing.yaml")


def _fifty_megabytes(path: Path) -> None:
    with path.open("wb") as handle:
        handle.write(HEAD + b"    docs: |\n")
        line = b"      " + b"x" * 1017 + b"\n"
        for _ in range(50 * 1024):
            handle.write(line)


def _wide(path: Path) -> None:
    """Well under the size cap (8 MB): four million one-character list items."""
    with path.open("wb") as handle:
        handle.write(HEAD + b"    witness: {tool: t, input: {a: [")
        handle.write(b"0," * (4 * 1024 * 1024))
        handle.write(b"0]}}\n")


MADE: dict[str, Callable[[Path], None]] = {
    "fifty_megabytes": _fifty_megabytes,
    "wide_list_under_the_size_cap": _wide,
    "deep_flow_nesting_100k": _write(
        HEAD + b"    witness: {tool: t, input: {a: " + b"[" * 100_000 + b"]" * 100_000 + b"}}\n"
    ),
    "deep_block_nesting_1000": _write(
        HEAD + b"    witness:\n      tool: t\n      input:\n" + b"".join(b"  " * (i + 4) + b"k:\n" for i in range(1000))
    ),
    "integer_of_5000_digits": _write(HEAD + b"    http_status: " + b"9" * 5000 + b"\n"),
    "hex_integer_of_5000_digits": _write(HEAD + b"    jsonrpc_code: 0x" + b"f" * 5000 + b"\n"),
    "nan": _write(HEAD + b"    http_status: .nan\n"),
    "alias_fan_out": _write(
        b"a: &a [" + b"x," * 1000 + b"x]\nb: &b [" + b"*a," * 1000 + b"*a]\nc: [" + b"*b," * 1000 + b"*b]\n"
    ),
    "nul_byte": _write(HEAD + b"    when: a\x00b\n"),
    "escape_sequence": _write(HEAD + b"    when: \x1b[2J\x1b[31mred\n"),
    "utf8_bom_then_tab": _write(b"\xef\xbb\xbf" + HEAD.replace(b"  c:", b"\tc:")),
    "lone_surrogate_escape": _write(HEAD + b'    when: "\\ud800"\n'),
    "only_a_bom": _write(b"\xef\xbb\xbf"),
    "only_comments": _write(b"# nothing here\n" * 3),
    "fifo": _fifo,
    "dev_zero": _dev_zero,
    "dangling_symlink": _dangling,
}


@pytest.mark.parametrize("name", sorted(MADE))
def test_made_input_is_rejected_cleanly(name: str, tmp_path: Path, old_build: Path) -> None:
    catalog = tmp_path / f"{name}.yaml"
    MADE[name](catalog)
    before = snapshot(old_build)
    timeout = 10 if name == "fifo" else 60  # a FIFO must be refused at once, not read
    result = run_bounded("build", catalog.name, "--out", str(old_build), cwd=tmp_path, timeout=timeout)
    assert_clean_rejection(result, [(catalog.name, catalog.resolve().name, str(catalog.resolve()))])
    assert snapshot(old_build) == before


def test_check_and_validate_reject_the_corpus_too(tmp_path: Path) -> None:
    catalogs = [str((case / "catalog.yaml").relative_to(ROOT)) for case in BAD_CASES]
    for command in ("validate", "check"):
        result = run_bounded(command, *catalogs, cwd=ROOT)
        assert "Traceback" not in result.stderr and result.returncode == 2, result.stderr[-2000:]
