"""The Rust fuzz target (`seeds/tests/fuzz.rs`) and the deep-value tests run under cargo.

cargo-fuzz needs a nightly toolchain, so the target is a plain cargo test: it replays the
committed corpus (`tests/rust/fuzz/corpus/`) and a fixed number of inputs generated from a fixed
seed through every entry point of two generated crates, on a thread with a small stack; no
input may panic or abort the process. A bounded number of cases, not a time: the run is the
same on a fast and a slow machine.
"""

from __future__ import annotations

import re

import pytest
from rust import harness

pytestmark = pytest.mark.slow

CASES = 2000


@pytest.fixture(scope="module")
def built() -> harness.Workspace:
    return harness.built()


def test_the_fuzz_target_replays_the_corpus_and_generated_inputs(built: harness.Workspace) -> None:
    command = [harness.cargo(), "test", "-p", "errgen-seeds", "--test", "fuzz", "--quiet", "--", "--nocapture"]
    done = harness.locked(command)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    found = re.search(r"fuzz: (\d+) corpus inputs and (\d+) generated inputs", done.stdout)
    assert found, done.stdout[-2000:]
    corpus = sorted((harness.RUST_DIR / "fuzz" / "corpus").iterdir())
    assert int(found.group(1)) == len(corpus) >= 20
    assert int(found.group(2)) == CASES


def test_deep_values_do_not_abort(built: harness.Workspace) -> None:
    done = harness.locked([harness.cargo(), "test", "-p", "errgen-seeds", "--test", "deep_values", "--quiet"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert re.search(r"test result: ok\. (\d+) passed", done.stdout), done.stdout[-2000:]
