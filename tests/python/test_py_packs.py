"""The wallfacer ``error-shape`` and ``mcp-spec-conformance`` packs hold on the generated envelopes.

Each invariant's assertions (and each ``for_each_tool`` block's) are evaluated with errgen's
offline wallfacer evaluator against the tool result of every catalog example, as a live
``wallfacer property`` run would evaluate them against a server's responses.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytarget_support as support
import pytest
from conftest import need_shared

from errgen.conform.assertions import Verdict, context, evaluate
from errgen.conform.fixtures import synthesize
from errgen.conform.pack import load_pack

PACK_NAMES = ("error-shape", "mcp-spec-conformance")


@pytest.fixture(scope="module")
def invariants() -> list[Any]:
    found = []
    for name in PACK_NAMES:
        path = need_shared("wallfacer-packs", f"{name}.yaml")
        loaded = load_pack(path, {})
        assert loaded.pack is not None, loaded.errors
        found += [*loaded.pack.invariants, *(synthesize(b, "tool") for b in loaded.pack.for_each_tool)]
    assert len(found) == 8
    return found


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, dict[str, Any]]]:
    """(label, CallToolResult dict) for every example of every catalog, plus mapped and unknown errors."""
    where = tmp_path_factory.mktemp("packmods")
    out = []
    for name in support.SHIPPED:
        catalog = support.shipped(name)
        mod = support.load(catalog, where)
        for code in catalog.codes.values():
            for example in code.examples if code.constructible else ():
                values = {catalog.fields[k].wire: v for k, v in example.values.items()}  # wire-named
                out.append((f"{name}/{code.id}", build(mod, code.id, values).to_result()))
    nasty = support.load(support.from_text(support.NASTY), Path(where))
    out.append(
        (
            "nasty/leaky",
            nasty.BlankError.create(str="panic at /Users/alice/x.py\nTraceback (most recent call last):").to_result(),
        )
    )
    napkin = support.load(support.shipped("napkin"), where)
    out.append(("napkin/map_exception", napkin.map_exception(ConnectionResetError("/home/bob/sock")).to_result()))
    out.append(("napkin/unknown", napkin.parse_error({"code": "NEW", "message": "C:\\\\Users\\\\x"}).to_result()))
    return out


def build(mod: ModuleType, code: str, values: dict[str, Any]) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return mod.build_error(code, values)


def verdict(invariant: Any, response: dict[str, Any]) -> Verdict:
    fixed = dict(invariant.body.fixed or {})
    return evaluate(invariant.body.assertions, context(fixed, response)).verdict


def test_every_envelope_passes_every_invariant(invariants: list[Any], results: list[tuple[str, Any]]) -> None:
    assert len(results) > 30
    failures = [
        (label, inv.name)
        for label, response in results
        for inv in invariants
        if verdict(inv, response) is not Verdict.PASS
    ]
    assert failures == []


def test_the_packs_do_catch_broken_envelopes(invariants: list[Any], results: list[tuple[str, Any]]) -> None:
    _, good = results[0]
    broken = [
        {**good, "isError": False},
        {**good, "content": [{"type": "text", "text": "Traceback (most recent call last):\n  boom"}]},
        {**good, "content": [{"type": "text", "text": "at /home/alice/server.py"}]},
        {**good, "structuredContent": "not an object"},
        {key: value for key, value in good.items() if key != "content"},
    ]
    for response in broken:
        assert any(verdict(inv, response) is Verdict.FAIL for inv in invariants), response
