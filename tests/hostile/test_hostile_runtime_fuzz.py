"""A bounded fuzz run of the generated Python runtime: no input makes it raise, every output obeys §7.

`parse_result`, `parse_error`, `map_http`, `classify_http`, `sanitize` and `scrub_text` take
arbitrary JSON-ish values (lone surrogates, NaN, integers beyond 64 bits, tuples, deep nests,
results with odd blocks, bytes with invalid UTF-8 or BOMs). Each must return, and what it
returns must re-serialise (`to_json`), hold no lone surrogate, and keep the bounds: a payload
64 levels, a sanitized value 32, a sanitized key 1,024 characters (docs/runtime-contract.md §7).

Every run first replays the committed corpus `tests/contract/fuzz_corpus.jsonl` (tricky inputs,
the same file tests/ts/fuzz.test.ts replays; bytes and values too large to commit are spelled as
in the vectors), then hypothesis examples: a fixed, derandomized set (tests/conftest.py's
repeatable profile), or with ``ERRGEN_EXPLORE=1`` fresh rounds for ``ERRGEN_FUZZ_SECONDS``.
"""

from __future__ import annotations

import io
import json
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import EXPLORE
from contract.vectors import bytes_of, expanded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytarget_support import import_path
from ts import harness

from errgen.targets.common import value_rules as rules
from errgen.targets.sanitizer.patterns import MAX_DEPTH, MAX_TEXT, TRUNCATED

from .hostile_strategies import FRAGMENTS, PROPERTY

CORPUS = Path(__file__).resolve().parents[1] / "contract" / "fuzz_corpus.jsonl"
BUDGET = float(os.environ.get("ERRGEN_FUZZ_SECONDS", "60"))
CODES = ("NOT_FOUND", "UPSTREAM_ERROR", "INVALID_ARGUMENT", "RATE_LIMITED", "", "nope", "\ud800")


@pytest.fixture(scope="module")
def modules() -> list[ModuleType]:
    root = harness.ROOT / "generated"
    return [import_path(root / n / "python" / f"{n}_errors", f"fuzz_{n}_errors") for n in ("napkin", "workbook")]


def corpus() -> list[Any]:
    """The committed corpus: each line a value (its `make` built) or bytes."""
    out: list[Any] = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        out.append(bytes_of(entry["bytes"]) if "bytes" in entry else expanded(entry)["value"])
    return out


# -- what every output must be --------------------------------------------------------------


def strings(value: Any) -> list[tuple[str, int]]:
    """Every key and string in `value` with its level, and each container's level (no recursion)."""
    found: list[tuple[str, int]] = []
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, at = todo.pop()
        if isinstance(item, str):
            found.append((item, at))
        elif isinstance(item, dict):
            found.append(("", at + 1))
            found += [(key, at + 1) for key in item]
            todo += [(child, at + 1) for child in item.values()]
        elif isinstance(item, list):
            found.append(("", at + 1))
            todo += [(child, at + 1) for child in item]
    return found


def well_formed(m: ModuleType, value: Any, levels: int) -> None:
    """`value` re-serialises to the same JSON, holds no lone surrogate, nests at most `levels`."""
    text = m.to_json(value)
    assert m.to_json(json.loads(text)) == text
    found = strings(value)
    assert all(not any(0xD800 <= ord(ch) <= 0xDFFF for ch in s) for s, _ in found), "a lone surrogate"
    assert max((at for _, at in found), default=0) <= levels


def check_error(m: ModuleType, error: Any) -> None:
    if error is None:
        return
    assert isinstance(error, m.UnknownCode | m.ErrorBase)
    well_formed(m, error.to_payload(), rules.MAX_LEVELS)
    protocol = error.info is not None and error.info.channel == "protocol"
    well_formed(m, error.to_jsonrpc_error() if protocol else error.to_result(), rules.MAX_LEVELS + 1)


def check_sanitized(m: ModuleType, value: Any) -> None:
    well_formed(m, value, MAX_DEPTH)
    for text, _ in strings(value):
        assert len(text) <= MAX_TEXT + len(TRUNCATED)


def exercise(m: ModuleType, value: Any) -> None:
    """Every entry point on `value`: none raises, each output obeys the contract."""
    check_error(m, m.parse_result(value))
    check_error(m, m.parse_error(value))
    check_error(m, m.parse_result({"isError": True, "structuredContent": value, "content": [value]}))
    block = {"type": "text", "text": value if isinstance(value, str) else m.to_json(_plain(value))}
    check_error(m, m.parse_result({"isError": True, "content": [block]}))
    calls = [(502, None, value), (value, value, None), (value, None, value)]
    calls += [(500, None, io.BytesIO(value))] if isinstance(value, bytes) else []
    for args in calls:
        check_error(m, mapped(m, lambda args=args: m.map_http(*args, {"Retry-After": "1"})))
    assert m.classify_http(value) in (None, *m.KINDS)
    check_sanitized(m, m.sanitize(_plain(value)))  # sanitize copies JSON data (bytes are map_http's)
    if isinstance(value, str):
        check_sanitized(m, m.scrub_text(value))


def mapped(m: ModuleType, call: Callable[[], Any]) -> Any:
    """`call()`; None when the catalog has no code for it (no `mappings.default`: LookupError)."""
    try:
        return call()
    except LookupError:
        assert m.DEFAULT_CODE is None
        return None


def _plain(value: Any) -> Any:
    """`value` as to_json can write it (bytes as their text)."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def test_corpus_replays(modules: list[ModuleType]) -> None:
    """The committed corpus of tricky inputs, on every run."""
    values = corpus()
    assert len(values) >= 50
    for m in modules:
        for value in values:
            exercise(m, value)


# -- arbitrary JSON-ish values -------------------------------------------------------------------

TEXT = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.sampled_from(("\ud800", "\udc00", "\ud83d", "a\udfffb", "\ufeff{", "NaN", '{"code":', "[[[", "\\ud800")),
    st.text(st.characters(codec=None, exclude_categories=()), max_size=8),
)
NUMBERS = st.one_of(
    st.integers(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.sampled_from((-0.0, 3.0, 4e2, 1e21, 2**53, 2**53 + 1.0, 5e-324, math.inf, -math.inf, math.nan, 404.0)),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)


def containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    keys = st.one_of(TEXT, st.sampled_from(("code", "message", "status", "original", "isError", "content", "type")))
    return st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(keys, inner, max_size=4),
    )


VALUES = st.recursive(SCALARS, containers, max_leaves=12)


@st.composite
def results(draw: st.DrawFn) -> Any:
    """A result-shaped value: a payload of a real or odd code, text blocks of any kind."""
    payload = {"code": draw(st.sampled_from(CODES)), "message": draw(TEXT | SCALARS)}
    for key in draw(st.lists(st.sampled_from(("status", "original", "field", "allowed", "retriable")), max_size=3)):
        payload[key] = draw(VALUES)
    blocks = draw(st.lists(st.one_of(VALUES, st.builds(lambda t: {"type": "text", "text": t}, VALUES)), max_size=3))
    if draw(st.booleans()):
        blocks.append({"type": "text", "text": json.dumps(payload, allow_nan=True)})
    result: dict[str, Any] = {"isError": draw(st.sampled_from((True, False, "true", None))), "content": blocks}
    if draw(st.booleans()):
        result["structuredContent"] = payload
    return result


@st.composite
def deep(draw: st.DrawFn) -> Any:
    """`VALUES` or a result nested in up to 3,000 arrays or objects."""
    value = draw(VALUES | results())
    key = draw(st.sampled_from((None, "structuredContent", "original", "\ud800")))
    for _ in range(draw(st.integers(0, 3000))):
        value = [value] if key is None else {key: value}
    return value


@st.composite
def byte_inputs(draw: st.DrawFn) -> bytes:
    """Bytes: random, or a result's JSON text with a BOM, a cut, or invalid UTF-8 spliced in."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=64))
    text = json.dumps(draw(results()), allow_nan=True).encode("utf-8", "surrogatepass")
    at = draw(st.integers(0, len(text)))
    splices = (b"\xef\xbb\xbf", b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf0\x9f", b"", b"[" * 120)
    splice = draw(st.sampled_from(splices))
    return text[:at] + splice + text[at + draw(st.integers(0, 3)) :]


def rounds(fixed: int) -> settings:
    return settings(PROPERTY, max_examples=40 if EXPLORE else fixed, suppress_health_check=list(HealthCheck))


@rounds(300)
@given(value=st.one_of(VALUES, results(), deep(), byte_inputs()))
def _fuzz(modules: list[ModuleType], value: Any) -> None:
    for m in modules:
        exercise(m, value)


def run_rounds(fuzzer: Callable[[], None]) -> int:
    """Call `fuzzer` once, or (exploring) in rounds until the budget is spent."""
    if not EXPLORE:
        fuzzer()
        return 1
    deadline, count = time.monotonic() + BUDGET, 0
    while time.monotonic() < deadline:
        fuzzer()
        count += 1
    return count


def test_fuzz_runtime_on_arbitrary_values(modules: list[ModuleType]) -> None:
    assert run_rounds(lambda: _fuzz(modules)) >= 1
