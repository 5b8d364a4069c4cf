"""Go native fuzzing of the generated runtime's entry points, for a bounded time (issue 27).

`tests/go/fuzz/fuzz_test.go` holds the targets (ParseResult/Parse/DecodeJSON/Sanitize on any
bytes, MapHTTP on any status, message and body, ScrubText on any text) with the properties they
check; the committed seed corpus is `tests/go/fuzz/testdata/fuzz/<target>/`. The corpus runs as
plain tests, then each target is fuzzed with one worker (the machine is shared) for a number of
executions, `FUZZ_RUNS`, about ten seconds each on a quiet machine: a duration (``-fuzztime=10s``)
can fail with a bare "context deadline exceeded" and no failing input when a starved worker is
mid-run as the time is up, a race in Go's fuzzing coordinator before Go 1.27 (golang/go#75804; seen
here in CI on go1.26.8). An input that fails is written into the corpus folder by `go test`: commit
it with the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from go import harness

pytestmark = pytest.mark.slow

FUZZ_RUNS = {"FuzzParseResult": 100_000, "FuzzMapHTTP": 20_000, "FuzzScrubText": 8_000}  # executions per target
TARGETS = list(FUZZ_RUNS)


@pytest.fixture(scope="module")
def work() -> Path:
    path, _ = harness.workspace_of_all()
    return path


def test_the_seed_corpus_passes(work: Path) -> None:
    seeds = list((harness.GO_DIR / "fuzz" / "testdata" / "fuzz").glob("*/*"))
    assert {p.parent.name for p in seeds} == set(TARGETS) and len(seeds) >= 30
    done = harness.run([harness.go(), "test", "./fuzz"], cwd=harness.GO_DIR, env=harness.go_env(work))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("target", TARGETS)
def test_fuzzing_finds_nothing(work: Path, target: str) -> None:
    command = [
        harness.go(),
        "test",
        "-run=^$",
        f"-fuzz=^{target}$",
        f"-fuzztime={FUZZ_RUNS[target]}x",
        "-parallel=1",
        "./fuzz",
    ]
    done = harness.run(command, cwd=harness.GO_DIR, env=harness.go_env(work), timeout=600)
    assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
