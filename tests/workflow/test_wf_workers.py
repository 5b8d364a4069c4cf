"""Targets generated side by side (`errgen.workflow.workers`): the same files, the same errors, as one by one."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from golden import read_tree

from errgen.catalog.diagnostics import CatalogInvalid, Diagnostics
from errgen.targets import DEFAULT_TARGETS, TARGETS
from errgen.workflow import project, workers

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted((ROOT / "catalog").glob("*.yaml"))
ALL = tuple(t for t in TARGETS if t != "custom")
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the worker is forked on Linux only")


def _build(tmp_path: Path, name: str, jobs: int, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    monkeypatch.setenv("ERRGEN_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / name
    built = project.Project(root=ROOT, catalogs=tuple(CATALOGS), out_dir=out, targets=ALL, jobs=jobs)
    project.build(built, Diagnostics())
    return read_tree(out)


def test_a_worker_gives_the_files_a_build_one_target_at_a_time_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workers, "MIN_SECONDS", 0.0)  # the shipped catalogs are small: fork anyway
    forks: list[int] = []
    real = workers._fork
    monkeypatch.setattr(workers, "_fork", lambda *a: forks.append(1) or real(*a))
    assert _build(tmp_path, "two", 2, monkeypatch) == _build(tmp_path, "one", 1, monkeypatch)
    assert len(forks) == len(CATALOGS)


def test_a_target_failing_in_the_worker_fails_the_build_as_it_would_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from errgen import targets

    monkeypatch.setattr(workers, "MIN_SECONDS", 0.0)
    real = targets.generator

    def generator(name: str):  # type: ignore[no-untyped-def]
        if name == "packs":
            raise RuntimeError("packs broke")
        return real(name)

    monkeypatch.setattr(targets, "generator", generator)
    with pytest.raises(RuntimeError, match="packs broke"):
        _build(tmp_path, "broken", 2, monkeypatch)
    assert not (tmp_path / "broken").exists()  # nothing written


def test_the_split_balances_the_work_and_skips_small_catalogs() -> None:
    default = tuple(t for t in DEFAULT_TARGETS if t != "custom")
    assert workers.split(default, 1000) == default.index("go")  # catalog … typescript here, go, rust, packs there
    assert workers.split(ALL, 1000) == ALL.index("typescript")  # with the site: typescript moves to the worker
    assert workers.split(ALL, 20) == len(ALL)  # too little work to fork for
    assert workers.split(("python",), 10_000) == 1
    assert workers.split(("python", "typescript"), 10_000) == 1


def test_library_callers_and_errgen_jobs_1_stay_serial(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert project.from_settings(cwd=tmp_path).jobs == 1
    monkeypatch.setenv(workers.JOBS_ENV, "1")
    assert workers.jobs() == 1
    shutil.rmtree(tmp_path)


def _read_ahead_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Read every catalog ahead, however small; the list grows by the documents each reading gave."""
    monkeypatch.setattr(workers, "MIN_BYTES", 0)
    given: list[int] = []
    real = workers.Reading.documents

    def documents(self: workers.Reading) -> dict[Path, object]:
        read = real(self)
        given.append(len(read))
        return read

    monkeypatch.setattr(workers.Reading, "documents", documents)
    return given


def test_catalogs_read_ahead_give_the_files_a_build_reading_them_itself_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = _build(tmp_path, "one", 1, monkeypatch)
    given = _read_ahead_counted(monkeypatch)
    assert _build(tmp_path, "two", 2, monkeypatch) == serial
    assert given == [len(CATALOGS)]  # every shipped catalog came from the worker


def test_a_catalog_with_anything_to_report_is_read_by_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker takes only the happy path: the build reports every problem itself, as a serial build does."""
    bad = tmp_path / "bad.yaml"
    bad.write_text((ROOT / "catalog" / CATALOGS[0].name).read_text(encoding="utf-8") + "extra_top_level_key: 1\n")
    monkeypatch.setenv("ERRGEN_CACHE_DIR", str(tmp_path / "cache"))
    found = {}
    for jobs in (1, 2):
        given = _read_ahead_counted(monkeypatch) if jobs == 2 else []
        diags = Diagnostics()
        built = project.Project(root=tmp_path, catalogs=(bad,), out_dir=tmp_path / f"out{jobs}", targets=ALL, jobs=jobs)
        with pytest.raises(CatalogInvalid) as raised:
            project.build(built, diags)
        found[jobs] = [d.format() for d in raised.value.diagnostics]
        assert given == ([0] if jobs == 2 else [])
    assert found[1] == found[2] and any("extra_top_level_key" in line for line in found[1])


def test_a_failing_reader_leaves_the_reading_to_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from errgen.catalog import load

    serial = _build(tmp_path, "one", 1, monkeypatch)
    given = _read_ahead_counted(monkeypatch)

    def broken(path: Path, display: str) -> object:
        raise RuntimeError("the reader broke")

    monkeypatch.setattr(load, "preread", broken)  # the worker's job fails: the build reads every catalog
    assert _build(tmp_path, "two", 2, monkeypatch) == serial
    assert given == [0]
