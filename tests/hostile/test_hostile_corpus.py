"""The secrets corpus (`secrets_corpus.yaml`) through errgen's reference, the generated Python and TypeScript.

(The generated Go and Rust run the same corpus through the `sanitize` contract vectors, byte for byte.)

No secret of a sample survives in the scrubbed text, the sanitized upstream body or the
``original`` that ``map_http`` builds from that body, in any of the three; the corpus's
accepted misses (each justified there and in docs/hostile-input.md) are exactly what gets
through; ordinary error texts come through unchanged. The generated modules are the
committed ones of the napkin catalog (kept current by the golden test); the TypeScript
runs under node (tests/ts/crosslang.ts).
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pytarget_support import import_path
from ts import harness

from errgen.targets.sanitizer import scrub

from . import corpus

SAMPLES = corpus.samples()
CATEGORIES = list(corpus.categories())
MISSES = corpus.accepted_misses()
NEGATIVES = corpus.negatives()
GENERATED = harness.ROOT / "generated" / "napkin" / "python" / "napkin_errors"


@pytest.fixture(scope="module")
def napkin() -> ModuleType:
    """The generated Python module of the napkin catalog (as committed)."""
    return import_path(GENERATED, "corpus_napkin_errors")


def python_outputs(m: Any, text: str | None, body: Any) -> list[Any]:
    """What the generated Python makes of a sample: scrubbed text, sanitized body, map_http's original."""
    outputs = [m.sanitize(body), m.map_http(502, body).to_payload()["original"]]
    return outputs + ([m.scrub_text(text)] if text is not None else [])


def reference_outputs(text: str | None, body: Any) -> list[Any]:
    return [scrub.sanitize(body)] + ([scrub.scrub_text(text)] if text is not None else [])


def leaking(outputs: dict[str, list[Any]], category: str) -> dict[str, list[str]]:
    """Sample id → the secrets found in its outputs, for the samples of one category."""
    found = {s.id: corpus.found(s.secrets, *outputs[s.id]) for s in SAMPLES if s.category == category}
    return {sample_id: secrets for sample_id, secrets in found.items() if secrets}


def test_the_corpus_holds_300_realistic_samples_with_their_sources() -> None:
    assert len(SAMPLES) >= 300
    assert len(CATEGORIES) >= 15 and all(len([s for s in SAMPLES if s.category == c]) >= 5 for c in CATEGORIES)
    names = corpus.sources()
    for sample in SAMPLES:
        assert sample.secrets, sample.id
        assert any(name in sample.source for name in names) or sample.source.startswith("own"), sample.id
        where = sample.text if sample.text is not None else json.dumps(sample.data, ensure_ascii=False)
        assert all(secret in where for secret in sample.secrets), sample.id
    assert len(set(json.dumps([s.text, s.data]) for s in SAMPLES)) == len(SAMPLES), "duplicate samples"
    assert MISSES and all(reason for _, _, reason in MISSES) and len(NEGATIVES) >= 30


@pytest.mark.parametrize("category", CATEGORIES)
def test_reference_leaks_nothing(category: str) -> None:
    outputs = {s.id: reference_outputs(s.text, s.body()) for s in SAMPLES}
    assert leaking(outputs, category) == {}


@pytest.mark.parametrize("category", CATEGORIES)
def test_generated_python_leaks_nothing(napkin: ModuleType, category: str) -> None:
    outputs = {s.id: python_outputs(napkin, s.text, s.body()) for s in SAMPLES if s.category == category}
    assert leaking(outputs, category) == {}
    for sample in SAMPLES:
        if sample.category == category and sample.text is not None:
            assert napkin.scrub_text(sample.text) == scrub.scrub_text(sample.text), sample.id


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> harness.Program:
    built = harness.program(tmp_path_factory.mktemp("corpus-ts"))
    if built.tsc.returncode != 0:
        pytest.fail("tsc failed:\n" + (built.tsc.stdout + built.tsc.stderr)[-5000:], pytrace=False)
    return built


def node(program: harness.Program, cases: list[dict[str, Any]]) -> list[Any]:
    """Each case computed by the generated TypeScript of the napkin catalog."""
    done = program.node("out/tests/ts/crosslang.js", stdin=json.dumps(cases))
    if done.returncode != 0:
        pytest.fail(f"node crosslang failed:\n{done.stderr[-5000:]}", pytrace=False)
    return [json.loads(line) for line in done.stdout.removesuffix("\n").split("\n")]


def typescript_cases(text: str | None, body: Any) -> list[dict[str, Any]]:
    cases = [{"op": "sanitize", "value": body}, {"op": "original", "status": 502, "body": body}]
    cases += [{"op": "scrub", "text": text}] if text is not None else []
    return [{**case, "catalog": "napkin"} for case in cases]


@pytest.fixture(scope="module")
def typescript_outputs(program: harness.Program) -> dict[str, list[Any]]:
    """Sample id → what the generated TypeScript makes of it (one node run for the corpus)."""
    per_sample = {s.id: typescript_cases(s.text, s.body()) for s in SAMPLES}
    results = iter(node(program, [case for cases in per_sample.values() for case in cases]))
    return {sample_id: [next(results) for _ in cases] for sample_id, cases in per_sample.items()}


@pytest.mark.parametrize("category", CATEGORIES)
def test_generated_typescript_leaks_nothing(typescript_outputs: dict[str, list[Any]], category: str) -> None:
    assert leaking(typescript_outputs, category) == {}


def test_the_accepted_misses_are_what_gets_through(napkin: ModuleType, program: harness.Program) -> None:
    """Each documented miss does leak (else the docs overstate them), in all three."""
    cases = [case for text, _, _ in MISSES for case in typescript_cases(text, {"error": text})]
    typescript = node(program, cases)
    for i, (text, secrets, _) in enumerate(MISSES):
        body = {"error": text}
        assert corpus.found(secrets, *reference_outputs(text, body)), text
        assert corpus.found(secrets, *python_outputs(napkin, text, body)), text
        assert corpus.found(secrets, *typescript[3 * i : 3 * i + 3]), text


def test_ordinary_error_text_comes_through_unchanged(napkin: ModuleType, program: harness.Program) -> None:
    typescript = node(program, [{"op": "scrub", "catalog": "napkin", "text": text} for text in NEGATIVES])
    for text, seen in zip(NEGATIVES, typescript, strict=True):
        assert scrub.scrub_text(text) == text
        assert napkin.scrub_text(text) == text
        assert seen == text


def test_scrubbing_twice_changes_nothing() -> None:
    for sample in SAMPLES:
        if sample.text is not None:
            once = scrub.scrub_text(sample.text)
            assert scrub.scrub_text(once) == once, sample.id


FRAGMENTS = [s.text[i : i + 12] for s in SAMPLES[::7] if s.text for i in range(0, min(len(s.text), 48), 12)] + [
    "password",
    "=",
    ": ",
    '"',
    "at ",
    "(",
    ")",
    "\n",
    "\\n",
    "/home/",
    "C:\\",
    "Bearer ",
    "sk-",
    "eyJ",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=4), max_size=16).map("".join))
def test_skipping_a_rule_whose_needles_are_absent_changes_nothing(text: str) -> None:
    """Every match holds one of its rule's needles and words: the prefilter only saves time."""
    unfiltered = text
    for rule in map(scrub._rule, range(len(scrub.TEXT_RULES))):
        unfiltered, _ = scrub.apply_rule(rule, unfiltered)
    assert scrub.scrub_text(text) == unfiltered
