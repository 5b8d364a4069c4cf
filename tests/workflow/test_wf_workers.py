"""Targets generated side by side (`errgen.workflow.workers`): the same files, the same errors, as one by one."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from golden import read_tree

from errgen.catalog.diagnostics import Diagnostics
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
    default = workers.units(tuple(t for t in DEFAULT_TARGETS if t != "custom"))
    every = workers.units(ALL)
    # catalog … typescript's code files here; its adapters, go, rust, packs there
    assert workers.split(default, 1000) == default.index(("typescript", "adapters"))
    assert workers.split(every, 1000) == every.index(("typescript", "core"))  # with the site: all of typescript there
    assert workers.split(every, 20) == len(every)  # too little work to fork for
    assert workers.split(workers.units(("python",)), 10_000) == 1
    assert workers.split(workers.units(("python", "typescript")), 10_000) == 1


def test_a_target_in_parts_is_split_between_the_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``-t typescript``: the SDK adapters and the runtime in the worker, the code files here; the same files."""
    work = workers.units(("typescript",))
    assert work == (("typescript", "core"), ("typescript", "adapters"))
    assert workers.split(work, 1000) == 1
    from errgen.catalog.compiler import compile_catalog
    from errgen.catalog.load import load_catalog
    from errgen.targets import TargetOptions, generator

    diags = Diagnostics()
    catalog = compile_catalog(load_catalog(CATALOGS[0], CATALOGS[0].name, diags), diags)
    monkeypatch.setattr(workers, "MIN_SECONDS", 0.0)
    forks: list[int] = []
    real = workers._fork
    monkeypatch.setattr(workers, "_fork", lambda *a: forks.append(1) or real(*a))
    two = dict(workers.generated(("typescript",), catalog, TargetOptions(), 2))
    assert forks == [1]
    assert two == {"typescript": generator("typescript")(catalog, TargetOptions())}


def test_claims_meet_in_the_middle() -> None:
    claims = workers._Claims.made(5)
    assert claims is not None
    try:
        assert [claims.front(), claims.front()] == [True, True]
        assert [claims.back(), claims.back(), claims.back()] == [4, 3, 2]
        assert (claims.front(), claims.back()) == (False, None)
    finally:
        claims.close()


def test_the_worker_takes_what_a_slow_build_has_not_reached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build's first target waits until the worker has taken every other unit (no clock: it watches the
    claims); a fixed split would have left the build half of them. The files are still those of one process."""
    import os
    import time

    from errgen import targets

    monkeypatch.setattr(workers, "MIN_SECONDS", 0.0)
    made: list[workers._Claims] = []
    real_made, real_generator = workers._Claims.made, targets.generator
    monkeypatch.setattr(workers._Claims, "made", lambda count: made.append(real_made(count)) or made[-1])
    log, build = tmp_path / "who", os.getpid()

    def generator(name: str):  # type: ignore[no-untyped-def]
        def generate(catalog, options):  # type: ignore[no-untyped-def]
            if os.getpid() == build and name == ALL[0]:
                deadline = time.monotonic() + 120  # a guard against a hang, not a measurement
                while workers._SPAN.unpack(os.pread(made[-1].fd, 16, 0)) != (1, 1) and time.monotonic() < deadline:
                    time.sleep(0.005)
            with log.open("a") as out:
                out.write(f"{os.getpid() == build} {name}\n")
            return real_generator(name)(catalog, options)

        return generate

    monkeypatch.setattr(targets, "generator", generator)
    files = _build(tmp_path, "slow", 2, monkeypatch)
    here = [line.split()[1] for line in log.read_text().splitlines() if line.startswith("True")]
    assert here == [ALL[0]] * len(CATALOGS)  # the build did its first target; the worker everything else
    monkeypatch.setattr(targets, "generator", real_generator)
    assert files == _build(tmp_path, "one", 1, monkeypatch)


def test_library_callers_and_errgen_jobs_1_stay_serial(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert project.from_settings(cwd=tmp_path).jobs == 1
    monkeypatch.setenv(workers.JOBS_ENV, "1")
    assert workers.jobs() == 1
    shutil.rmtree(tmp_path)
