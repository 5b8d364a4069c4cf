"""Atomic output: a build killed with SIGKILL leaves every file old or new, never truncated,
and nothing is ever written outside the output folder, whatever the catalog's names say.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from errgen.catalog.diagnostics import Diagnostics
from errgen.output.writer import UnsafePath, safe_relpath, write_tree
from errgen.workflow.project import Project, build

from .hostile_strategies import PROPERTY, catalog_data, to_yaml
from .runner import ROOT, run_bounded, snapshot

CODES = 40
DOCS = "Lorem ipsum dolor sit amet, `code` and *emphasis*.\n" * 1000  # ~50 KB per code: outputs of megabytes
TARGETS = ("-t", "catalog", "-t", "jsonschema", "-t", "markdown")  # writing is the same for every target


def big_catalog(version: str) -> str:
    """A catalog whose every output is large, so writing takes a while."""
    lines = [f"errgen: 1\ncatalog: {{name: big, version: {version}}}\nfields:\n  path: {{type: string}}\ncodes:"]
    for i in range(CODES):
        lines.append(f'  code_{i}:\n    message: "failed at {{path}} ({i})"\n    fields: {{required: [path]}}')
        lines.append(
            f"    examples: [{{path: /tmp/{i}}}]\n    docs: |\n"
            + "".join(f"      {line}\n" for line in DOCS.splitlines())
        )
    return "\n".join(lines) + "\n"


def tree(folder: Path) -> dict[str, bytes]:
    """Files below `folder`, temporary leftovers excluded."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not (p.name.startswith(".") and p.name.endswith(".tmp"))
    }


def leftovers(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*.tmp") if p.is_file()]


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The old build, the catalog of the new one and the new build's files."""
    work = tmp_path_factory.mktemp("atomic")
    (work / "old.yaml").write_text(big_catalog("1.0.0"))
    (work / "big.yaml").write_text(big_catalog("2.0.0"))
    for name, out in (("old.yaml", "old"), ("big.yaml", "new")):
        result = run_bounded("build", name, "--out", out, *TARGETS, cwd=work, timeout=300)
        assert result.returncode == 0, result.stderr
    (work / "old" / "USER-NOTES.md").write_text("not errgen's\n")
    old, new = tree(work / "old"), tree(work / "new")
    assert set(old) - {"USER-NOTES.md"} == set(new) and all(old[k] != new[k] for k in new)
    return {"work": work, "old": old, "new": new}


def _first_write(out: Path, before: dict[str, float]) -> bool:
    """Whether the build has started writing: a temporary file exists or a file changed."""
    for path in out.rglob("*"):
        if path.name.endswith(".tmp") or (path.is_file() and path.stat().st_mtime != before.get(str(path))):
            return True
    return False


def _kill_during_write(work: Path, out: Path, rng: random.Random) -> str:
    """Start a build into `out`, SIGKILL it shortly after it starts writing (or at a random moment)."""
    before = {str(p): p.stat().st_mtime for p in out.rglob("*") if p.is_file()}
    proc = subprocess.Popen(
        [sys.executable, "-m", "errgen", "build", "big.yaml", "--out", str(out), *TARGETS],
        cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while proc.poll() is None and not _first_write(out, before) and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(rng.uniform(0, 0.05))
    finished = proc.poll() is not None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return "finished before the kill" if finished else "killed while writing"


def test_sigkill_mid_write_leaves_every_file_old_or_new(builds: dict[str, Any]) -> None:
    work, old, new = builds["work"], builds["old"], builds["new"]
    rng = random.Random(int(os.environ.get("ERRGEN_KILL_SEED", "7")))
    outcomes = []
    for attempt in range(4):
        out = work / f"killed-{attempt}"
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(work / "old", out)
        outcomes.append(_kill_during_write(work, out, rng))
        now = tree(out)
        assert set(now) <= set(old) | set(new), "a file appeared that neither build has"
        torn = [f"{rel} ({len(data)} bytes)" for rel, data in now.items() if data not in (old.get(rel), new.get(rel))]
        assert not torn, f"neither the old nor the new file: {torn}"
        check = run_bounded("check", "big.yaml", "--out", str(out), *TARGETS, cwd=work)
        assert "extra:" not in check.stdout, "a leftover temporary file is reported as extra\n" + check.stdout
        assert "Traceback" not in check.stderr
        rebuilt = run_bounded("build", "big.yaml", "--out", str(out), *TARGETS, cwd=work, timeout=300)
        assert rebuilt.returncode == 0, rebuilt.stderr
        expected = {**new, "USER-NOTES.md": old["USER-NOTES.md"]}
        final = tree(out)
        assert sorted(final) == sorted(expected), "the rebuild did not produce the new tree"
        assert [rel for rel in final if final[rel] != expected[rel]] == [], "the rebuild left old files"
    assert "killed while writing" in outcomes, outcomes


@pytest.mark.parametrize("targets", [(), TARGETS], ids=["all targets", "some targets"])
def test_a_rebuild_removes_temporary_files_a_killed_build_left(tmp_path: Path, targets: tuple[str, ...]) -> None:
    catalog = ROOT / "tests" / "cases" / "good_minimal" / "catalog.yaml"
    first = run_bounded("build", str(catalog), "--out", "out", *targets, cwd=tmp_path, timeout=300)
    assert first.returncode == 0, first.stderr
    docs = next((tmp_path / "out").glob("*/docs"))
    stray = docs / f".{next(docs.iterdir()).name}.errgen-k1ll3d.tmp"
    stray.write_text("half a fi")
    check = run_bounded("check", str(catalog), "--out", "out", *targets, cwd=tmp_path)
    assert check.returncode == 0 and "extra" not in check.stdout, check.stdout
    page = next(docs.glob("*.md"))
    page.write_text(page.read_text() + "stale\n")
    rebuilt = run_bounded("build", str(catalog), "--out", "out", *targets, cwd=tmp_path, timeout=300)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert not stray.exists(), "the next build leaves a killed build's temporary file behind"


# -- nothing outside the output folder -------------------------------------------------------


@PROPERTY
@given(catalog_data())
def test_builds_write_only_inside_their_output_folder(
    tmp_path_factory: pytest.TempPathFactory, data: dict[str, Any]
) -> None:
    sandbox = tmp_path_factory.mktemp("sandbox")
    (sandbox / "catalog.yaml").write_text(to_yaml(data), encoding="utf-8")
    (sandbox / "neighbour.txt").write_text("keep\n")
    before = snapshot(sandbox)
    project = Project(root=sandbox, catalogs=(sandbox / "catalog.yaml",), out_dir=sandbox / "out",
                      targets=("catalog", "jsonschema", "markdown"))  # fmt: skip
    build(project, Diagnostics())
    after = snapshot(sandbox)
    outside = {k for k in after if not k.startswith("out/") and k != "out"}  # caches live in the user cache folder
    assert {k: after[k] for k in outside} == before
    assert all(k.startswith(f"out/{data['catalog']['name']}") for k in after if k.startswith("out/"))


@pytest.mark.parametrize("rel", ["../x", "/etc/passwd", "a/../../x", "a/..", "a\\..\\x", "", ".", "//server/share"])
def test_the_writer_refuses_paths_that_leave_the_output_folder(tmp_path: Path, rel: str) -> None:
    with pytest.raises(UnsafePath):
        safe_relpath(rel)
    with pytest.raises(UnsafePath):
        write_tree(tmp_path / "out", {"ok.txt": "fine\n", rel: "escaped\n"})
    assert not (tmp_path / "out").exists() and sorted(p.name for p in tmp_path.iterdir()) == []


def test_catalog_names_that_look_like_paths_are_refused(tmp_path: Path) -> None:
    for name in ("../evil", "/abs", "a/b", "..", "C:evil", "con\\x"):
        (tmp_path / "c.yaml").write_text(
            f"errgen: 1\ncatalog: {{name: {name!r}, version: 1.0.0}}\ncodes: {{a: {{message: m}}}}\n"
        )
        result = run_bounded("build", "c.yaml", "--out", "out", cwd=tmp_path)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml"]
