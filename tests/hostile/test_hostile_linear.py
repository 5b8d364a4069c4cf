"""Every sanitizer rule runs in time linear in its text, in Python's ``re`` and JavaScript's engine.

The inputs of a rule are repetitions of its own probes (`Rule.probes`: its prefixes and
separators): each probe repeated, each pair repeated, and a prefix followed by a repeated probe
and ``!`` — at 10 KB, 100 KB and 1 MB. Linear time grows 10× a step and a quadratic rule 100×,
so a step may grow at most `RATIO` (30×): relative CPU times, never an absolute one, timed again
when a step looks too steep (`linear_probe.py`, `tests/ts/linear.ts`). Python runs the generated
module's own compiled rules; JavaScript the patterns the generated TypeScript holds (the literals
errgen's target prints) under node. The issue's inputs (``"at " + "()"*n``, ``"-eyJ"*n``) also run
through the whole ``scrub_text``/``scrubText`` and ``map_http``/``mapHttp``.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ts import harness

from errgen.targets.sanitizer import patterns as runtime_patterns
from errgen.targets.sanitizer import tables as sanitizer_tables
from errgen.targets.typescript import sanitizer as typescript_sanitizer

RATIO = 30
SIZES = [10_000, 100_000, 1_000_000]
FLOOR = 0.0005  # seconds: a smaller time is taken as this much (timer and scheduler noise)
GENERATED = harness.ROOT / "generated" / "napkin" / "python" / "napkin_errors"
PROBE = Path(__file__).with_name("linear_probe.py")
RULES = runtime_patterns.TEXT_RULES
ISSUE_INPUTS = [["pump", "at ", "()"], ["repeat", "-eyJ", ""], ["pump", "-----BEGIN PRIVATE KEY-----", "x"]]


def rule_inputs(rule: runtime_patterns.Rule) -> list[list[str]]:
    """Each probe repeated; each of the first four (the rule's prefixes) repeated with every other one,
    and followed by every other one repeated."""
    probes = rule.probes
    pairs = [[kind, a, b] for a, b in itertools.permutations(probes, 2) if a in probes[:4] for kind in ("pair", "pump")]
    return [["repeat", a, ""] for a in probes] + pairs


def spec(rule: Any, inputs: list[list[str]]) -> str:
    return json.dumps({"rule": rule, "inputs": inputs, "sizes": SIZES, "bound": RATIO, "floor": FLOOR})


def verdicts(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def steep(results: list[dict[str, Any]]) -> list[str]:
    """The inputs whose time grew more than RATIO× a step, with their times."""
    return [f"{r['input']}: {', '.join(f'{t * 1e3:.2f} ms' for t in r['times'])}" for r in results if not r["linear"]]


def run_python(rule: Any, inputs: list[list[str]]) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, str(PROBE), str(GENERATED)], input=spec(rule, inputs), capture_output=True, text=True,
        timeout=900, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return verdicts(done.stdout)


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> harness.Program:
    built = harness.program(tmp_path_factory.mktemp("linear-ts"))
    if built.tsc.returncode != 0:
        pytest.fail("tsc failed:\n" + (built.tsc.stdout + built.tsc.stderr)[-5000:], pytrace=False)
    return built


def run_node(program: harness.Program, rule: Any, inputs: list[list[str]]) -> list[dict[str, Any]]:
    done = subprocess.run(  # a young generation that 1 MB of matches does not overflow: the regex is measured
        [harness.tool("node"), "--max-semi-space-size=64", "out/tests/ts/linear.js"], cwd=program.root,
        input=spec(rule, inputs),
        capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return verdicts(done.stdout)


def test_every_rule_has_probes_and_the_module_holds_the_rules() -> None:
    from pytarget_support import import_path

    module = import_path(GENERATED, "linear_napkin_errors")
    compiled = module._runtime._sanitizer()[0]
    python = runtime_patterns.python_pattern

    def runs(rule: runtime_patterns.Rule) -> str | None:  # as the Python runtime runs the pattern (or finds keys)
        if runtime_patterns.finds_keys(rule):
            return None
        pattern = runtime_patterns.emitted(rule)
        return python(runtime_patterns.as_boundary_character(pattern) if runtime_patterns.bounded(rule) else pattern)

    assert [c.pattern.pattern if c.pattern else None for c in compiled] == [runs(r) for r in RULES]
    values = [c.value.pattern if c.value else "" for c in compiled]
    assert values == [python(runtime_patterns.emitted_value(r)) if r.value else "" for r in RULES]
    assert all(len(rule.probes) >= 4 for rule in RULES)


def test_the_javascript_probe_applies_a_key_rule_as_the_runtime_does() -> None:
    """tests/ts/linear.ts times key rules with a copy of the runtime's applyKeyRule, holds and expand."""
    probe = (harness.ROOT / "tests" / "ts" / "linear.ts").read_text(encoding="utf-8")
    copy = probe[probe.index("// copy-begin\n") + 14 : probe.index("// copy-end")]
    runtime = (harness.ROOT / "generated" / "napkin" / "ts" / "errgen-runtime.ts").read_text(encoding="utf-8")
    assert copy.strip() and copy in runtime


def node_rule(index: int) -> dict[str, Any]:
    """Rule `index` as the generated TypeScript holds it: its literals, and the checks' patterns."""
    rule = RULES[index]
    pattern, value = sanitizer_tables.patterns(rule)
    printed = typescript_sanitizer.sanitizer()
    assert json.loads(printed["rules"][index].pattern) == pattern  # the literal the module prints
    checks = [list(check) for check in sanitizer_tables.checks(rule)]
    patterns = [json.loads(literal) for _, literal in printed["checks"]]
    separator = sanitizer_tables.separator(rule) or None
    return {"pattern": pattern, "replacement": rule.replacement, "value": value or None, "checks": checks,
            "separator": separator, "checkPatterns": patterns, "keys": runtime_patterns.KEYS,
            "keyWord": runtime_patterns.one_of(runtime_patterns.KEY_WORDS, caseless_letters=True)}  # fmt: skip


@pytest.mark.parametrize("index", range(len(RULES)), ids=[rule.name for rule in RULES])
def test_each_rule_is_linear_in_python(index: int) -> None:
    results = run_python(index, rule_inputs(RULES[index]))
    assert len(results) == len(rule_inputs(RULES[index]))
    assert steep(results) == []


@pytest.mark.parametrize("index", range(len(RULES)), ids=[rule.name for rule in RULES])
def test_each_rule_is_linear_in_javascript(program: harness.Program, index: int) -> None:
    results = run_node(program, node_rule(index), rule_inputs(RULES[index]))
    assert len(results) == len(rule_inputs(RULES[index]))
    assert steep(results) == []


@pytest.mark.parametrize("entry", ["scrub_text", "map_http"])
def test_the_issue_inputs_are_linear_end_to_end(program: harness.Program, entry: str) -> None:
    """Issue 17, observation 1: 50 KB cost 5.7 s in Python's map_http and 1.2 s in TypeScript's mapHttp."""
    assert steep(run_python(entry, ISSUE_INPUTS)) == []
    assert steep(run_node(program, entry, ISSUE_INPUTS)) == []
