"""Every sanitizer rule runs in time linear in its text in the Go runtime too.

Go's regexp (RE2) matches in time linear in its text whatever the pattern; what this holds to
linear time is the runtime around it: a key rule searches the rest of the text again after each
key (`compiledRule.apply` and `find`), which a careless loop would make quadratic. A subset of the
inputs of tests/hostile/test_hostile_linear.py (which Python and JavaScript run whole on the same
patterns): each rule's probes repeated, and its first probe (the rule's prefix) followed by every
other probe repeated, at 10 KB, 100 KB and 1 MB. They go through each rule as the generated
runtime applies it (`tests/go/linear`: a copy of the runtime file, byte for byte, that reaches its
compiled rules), and through the whole ScrubText. A step may grow at most RATIO (30×) in CPU
time: relative times of the same run, never an absolute one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from go import harness
from hostile.test_hostile_linear import FLOOR, ISSUE_INPUTS, RATIO, RULES, SIZES, rule_inputs, steep

from errgen.targets.sanitizer import patterns as runtime_patterns

pytestmark = pytest.mark.slow


def run_go(rule: Any, inputs: list[list[str]]) -> list[dict[str, Any]]:
    spec = json.dumps({"rule": rule, "inputs": inputs, "sizes": SIZES, "bound": RATIO, "floor": FLOOR})
    done = harness.run([str(harness.linear_binary())], cwd=harness.GO_DIR, stdin=spec)
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def go_inputs(rule: runtime_patterns.Rule) -> list[list[str]]:
    """The rule's probes repeated, and its first probe pumped with each other one."""
    return [c for c in rule_inputs(rule) if c[0] == "repeat" or (c[0] == "pump" and c[1] == rule.probes[0])]


@pytest.mark.parametrize("index", range(len(RULES)), ids=[rule.name for rule in RULES])
def test_each_rule_is_linear_in_go(index: int) -> None:
    inputs = go_inputs(RULES[index])
    results = run_go(index, inputs)
    assert len(results) == len(inputs)
    assert steep(results) == []


def test_the_issue_inputs_are_linear_through_scrub_text() -> None:
    assert len(runtime_patterns.TEXT_RULES) == len(RULES)
    assert steep(run_go("scrub_text", ISSUE_INPUTS)) == []
