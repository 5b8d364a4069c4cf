"""Go native fuzzing of the generated runtime's entry points, for a bounded time (issue 27).

`tests/go/fuzz/fuzz_test.go` holds the targets (ParseResult/Parse/DecodeJSON/Sanitize on any
bytes, MapHTTP on any status, message and body, ScrubText on any text) with the properties they
check; the committed seed corpus is `tests/go/fuzz/testdata/fuzz/<target>/`. The corpus runs as
plain tests, then each target is fuzzed for FUZZ_TIME with one worker (the machine is shared). An
input that fails is written into the corpus folder by `go test`: commit it with the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from go import harness

pytestmark = pytest.mark.slow

FUZZ_TIME = "10s"
TARGETS = ["FuzzParseResult", "FuzzMapHTTP", "FuzzScrubText"]


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
    command = [harness.go(), "test", "-run=^$", f"-fuzz=^{target}$", f"-fuzztime={FUZZ_TIME}", "-parallel=1", "./fuzz"]
    done = harness.run(command, cwd=harness.GO_DIR, env=harness.go_env(work), timeout=600)
    assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
