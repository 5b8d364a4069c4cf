"""The generated Rust prints the committed runtime-contract vectors, byte for byte.

The vectors (`tests/contract/vectors/*.jsonl`) are the ones the Python and TypeScript tests
read (`tests/test_crosslang.py`); the runner (`runner/src/main.rs`) computes each case with
the generated crate of its catalog and prints one JSON text per line, as `JSON.stringify`
spells it. A failure names the language and the first differing cases.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from contract import vectors
from rust import harness
from test_crosslang import FILES, compare

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def runner() -> harness.Workspace:
    return harness.built()


def runner_input(cases: list[dict[str, object]]) -> str:
    """One line per case: its fields as ``[key, JSON text]`` pairs (the runner reads each value with the crate)."""
    return "".join(json.dumps([[key, json.dumps(value)] for key, value in case.items()]) + "\n" for case in cases)


def run_rust(built: harness.Workspace, cases: list[dict[str, object]], program: Path | None = None) -> list[str]:
    """Each case computed by the generated Rust, as JSON text."""
    done = harness.run([str(program or built.program("errgen-vectors"))], stdin=runner_input(cases))
    if done.returncode != 0:
        pytest.fail(f"the Rust vectors runner failed:\n{done.stderr[-5000:]}", pytrace=False)
    return done.stdout.removesuffix("\n").split("\n")


@pytest.mark.parametrize("name", FILES)
def test_rust_prints_the_vectors(runner: harness.Workspace, name: str) -> None:
    committed = vectors.read(name)
    cases = [v["case"] for v in committed]
    compare("rust", cases, [v["expect"] for v in committed], run_rust(runner, cases))


def test_rust_prints_the_same_bytes_whatever_features_serde_json_has(runner: harness.Workspace) -> None:
    """Built with serde_json's `preserve_order` and `arbitrary_precision` on (another crate of a
    user's binary may turn them on), the crates print every vector the same (its own target folder)."""
    target = harness.cache_dir() / "cargo-target-features"
    command = [harness.cargo(), "build", "-p", "errgen-vectors", "--features", "serde-json-features", "--quiet"]
    done = harness.locked(command, target=target)
    assert done.returncode == 0, done.stderr[-6000:]
    for name in FILES:
        committed = vectors.read(name)
        cases = [v["case"] for v in committed]
        printed = run_rust(runner, cases, target / "debug" / "errgen-vectors")
        compare("rust", cases, [v["expect"] for v in committed], printed)
