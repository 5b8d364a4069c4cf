"""The generated packs' per-tool invariants, live: a tool's error results may carry only the codes the
catalog's tools section gives it. A filetools server whose read_file returns old_text_not_found
(edit_file's code) fails read_file's invariant; the same server without that fault passes it."""

from __future__ import annotations

import sys

import anyio
import pytest

from errgen.conform.live import Settings, run_live
from errgen.conform.live_conn import Target
from errgen.conform.pack import load_pack

from .support import ROOT, SERVERS

pytestmark = pytest.mark.slow
PACK = ROOT / "generated" / "filetools" / "packs" / "errgen-filetools.yaml"
SERVER = SERVERS / "filetools_server.py"


def statuses(*flags: str) -> dict[str, str]:
    loaded = load_pack(PACK, {})
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    target = Target(command=(sys.executable, str(SERVER), *flags))
    report = anyio.run(run_live, [loaded.pack], target, Settings(timeout=20, cases=3))
    return {r.name: r.status.value for r in report.results}


def test_a_read_file_that_returns_edit_files_code_fails_its_invariant() -> None:
    found = statuses("--wrong")
    assert found["errgen.filetools.tool:read_file"] == "failed", found
    assert found["errgen.filetools.tool:edit_file"] == "passed", found
    assert found["errgen.filetools.tool:run_command"] == "skipped", found  # a tool the server does not list


def test_a_read_file_within_its_contract_passes_it() -> None:
    found = statuses()
    assert found["errgen.filetools.tool:read_file"] == "passed", found
    assert found["errgen.filetools.tool:edit_file"] == "passed", found
