"""A time-bounded fuzz run of the loader, the compiler and the generators: no input may crash them.

Three fuzzers: raw bytes and YAML-ish text, mutations of real catalogs, and valid
catalogs with wrong-typed values planted anywhere. By default (tests/conftest.py's
repeatable profile) each runs one fixed, derandomized set of examples, the same on
every run. With ``ERRGEN_EXPLORE=1`` they share ``ERRGEN_FUZZ_SECONDS`` (default 60)
and run hypothesis in rounds of fresh random examples until each one's share of the
budget is spent; a crash is shrunk and reported like any hypothesis failure.

Whatever the input, errgen either reports at least one error, each on one line at
a real ``line:col`` of the input, or compiles it and every target generates.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from conftest import EXPLORE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import check_shape
from errgen.catalog.yamlsrc import decode, parse_yaml
from errgen.targets import TARGETS

from .hostile_checks import render
from .hostile_strategies import FRAGMENTS, HOSTILE_NAMES, PROPERTY, catalog_data, json_values, to_yaml
from .runner import ROOT

BUDGET = float(os.environ.get("ERRGEN_FUZZ_SECONDS", "60"))


def rounds(fixed: int) -> settings:
    """Exploring: short rounds (the budget is overrun by one round at most) of fresh examples.

    Otherwise one round of `fixed` derandomized examples, the same on every run (about the time the budget took).
    """
    return settings(PROPERTY, max_examples=40 if EXPLORE else fixed, suppress_health_check=list(HealthCheck))

SEEDS = sorted(
    p.read_text(encoding="utf-8", errors="replace")
    for p in [*(ROOT / "catalog").glob("*.yaml"), *(ROOT / "tests" / "cases").glob("*/catalog.yaml")]
    if p.is_file()
)

YAML_BITS = (
    ": ", "- ", "-", "? ", "{", "}", "[", "]", ",", "&a ", "*a", "&b ", "*b", "!!str ", "!!int ", "!!map ", "!x ",
    "<<: ", "<<", "|", "|-", ">", ">+", "'", '"', "\t", "\n", "\r\n", "  ", "    ", "#", " # c", "---", "...",
    "%YAML 1.2\n", "%TAG ! x\n", "\x00", "\ufeff", "0", "-1", "0x1F", "0o7", "1e999", ".inf", ".nan", "1.5",
    "true", "false", "yes", "null", "~", "9" * 30, "{x}", "{{", "}}", "{", "message", "codes", "fields", "kinds",
    "errgen", "catalog", "type", "required", "optional", "examples", "status", "5xx", "code", "kind", "retired",
)  # fmt: skip


def exercise(text: str, display: str = "fuzz.yaml") -> None:
    """Run the whole pipeline on `text` and check the outcome's invariants."""
    diags = Diagnostics()
    doc = parse_yaml(text, display, diags)
    doc = check_shape(doc, diags) if doc is not None else None
    catalog = compile_catalog(doc, diags) if doc is not None else None
    last_line = sum(text.count(brk) for brk in ("\n", "\r", "\x85", "\u2028", "\u2029")) + 2  # PyYAML's line breaks
    for d in diags.items:
        assert d.loc.path == display and 1 <= d.loc.line <= last_line and d.loc.col >= 1, d.format()
        assert d.message and "\n" not in d.message and "\r" not in d.message, d.format()
    if diags.has_errors:  # the CLI stops here (exit 2, nothing written)
        return
    assert catalog is not None, "compilation failed without an error diagnostic"
    files = render(catalog, *TARGETS)
    assert files and all(isinstance(t, str) and t.endswith("\n") for t in files.values())


def run_rounds(fuzzer: Callable[[], None], share: float) -> int:
    """Call the hypothesis test `fuzzer` once, or (exploring) in rounds until `share` of the budget is spent."""
    if not EXPLORE:
        fuzzer()
        return 1
    deadline = time.monotonic() + BUDGET * share
    rounds = 0
    while time.monotonic() < deadline:
        fuzzer()
        rounds += 1
    return rounds


# -- 1. raw input ------------------------------------------------------------------------


def _yamlish() -> st.SearchStrategy[str]:
    piece = st.one_of(
        st.sampled_from(YAML_BITS), st.sampled_from(FRAGMENTS), st.sampled_from(HOSTILE_NAMES), st.text(max_size=4)
    )
    return st.lists(piece, max_size=40).map("".join)


@rounds(1500)
@given(raw=st.binary(max_size=300) | _yamlish().map(lambda t: t.encode("utf-8", "surrogatepass")))
def _raw(raw: bytes) -> None:
    diags = Diagnostics()
    text = decode(raw, "fuzz.yaml", diags)
    if text is None:
        assert diags.has_errors and all("\n" not in d.message for d in diags.items)
        return
    exercise(text)


def test_fuzz_raw_bytes_and_yamlish_text() -> None:
    assert run_rounds(_raw, 0.3) >= 1


# -- 2. mutations of real catalogs ----------------------------------------------------------


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(("insert", "delete", "replace", "duplicate_line", "drop_line", "indent")))
        if op == "insert":
            text = text[:at] + draw(st.sampled_from(YAML_BITS) | st.sampled_from(FRAGMENTS)) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif op == "replace":
            text = text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at + 1 :]
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            if op == "duplicate_line":
                lines.insert(i, lines[i])
            elif op == "drop_line":
                del lines[i]
            else:
                lines[i] = draw(st.sampled_from((" ", "  ", "\t", "- "))) + lines[i]
            text = "\n".join(lines)
    return text


@rounds(1500)
@given(text=mutated())
def _mutations(text: str) -> None:
    exercise(text)


def test_fuzz_mutated_real_catalogs() -> None:
    assert SEEDS, "no seed catalogs found"
    assert run_rounds(_mutations, 0.35) >= 1


# -- 3. wrong types planted in valid catalogs ---------------------------------------------------


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*prefix, i))
    return out


def _plant(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _plant(data[head], rest, value)}
    copy = list(data)
    copy[head] = _plant(copy[head], rest, value)
    return copy


@st.composite
def planted(draw: st.DrawFn) -> str:
    data = draw(catalog_data())
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)[1:]))
        data = _plant(data, path, draw(json_values() | st.sampled_from(HOSTILE_NAMES)))
    if draw(st.booleans()):
        key_path = draw(st.sampled_from([p for p in _paths(data) if isinstance(_at(data, p), dict)]))
        data = _plant(
            data, key_path, {**_at(data, key_path), draw(st.sampled_from(HOSTILE_NAMES)): draw(json_values())}
        )
    return to_yaml(data)


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


@rounds(150)
@given(text=planted())
def _planted(text: str) -> None:
    exercise(text)


def test_fuzz_wrong_types_anywhere() -> None:
    assert run_rounds(_planted, 0.35) >= 1


def test_fuzz_seeds_are_the_real_catalogs_and_cases() -> None:
    shipped = [p.read_text(encoding="utf-8") for p in (ROOT / "catalog").glob("*.yaml")]
    assert shipped and all(text in SEEDS for text in shipped)
    for seed in SEEDS:
        exercise(seed)
