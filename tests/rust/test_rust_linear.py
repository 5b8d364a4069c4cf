"""The generated Rust sanitizer runs in time linear in its text.

The `regex` crate matches in time linear in its text whatever the pattern; this holds the runtime
around it to linear time too (a key rule searches on after each key it rejects). The same
adversarial inputs as `tests/hostile/test_hostile_linear.py` (each rule's probes repeated, and its
first probe followed by every other one repeated, plus the issue's inputs) go through the whole
`scrub_text` of the generated crate at 100 KB and 1 MB (`runner/src/bin/linear.rs`, CPU time
of its own process). Linear time grows 10× a step, a quadratic rule 100×: a step may grow at most
30×, relative times of the same run, never an absolute one.
"""

from __future__ import annotations

import json

import pytest
from hostile.test_hostile_linear import FLOOR, ISSUE_INPUTS, RATIO, steep
from rust import harness

from errgen.targets.sanitizer.patterns import TEXT_RULES

pytestmark = pytest.mark.slow
SIZES = [100_000, 1_000_000]


def inputs() -> list[list[str]]:
    """Every rule's probes repeated, its first probe pumped with each other one, and the issue's inputs."""
    found: list[list[str]] = []
    for rule in TEXT_RULES:
        probes = rule.probes
        found += [["repeat", p, ""] for p in probes] + [["pump", probes[0], p] for p in probes[1:]]
    found += ISSUE_INPUTS
    return [list(case) for case in dict.fromkeys(map(tuple, found))]


def test_every_rule_is_linear_in_rust() -> None:
    built = harness.built()
    spec = json.dumps({"inputs": inputs(), "sizes": SIZES, "bound": RATIO, "floor": FLOOR})
    done = harness.run([str(built.program("linear"))], stdin=spec)
    assert done.returncode == 0, done.stderr[-3000:]
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(inputs()) > 200
    assert not steep(results), "steeper than linear in Rust:\n" + "\n".join(steep(results))
