"""Shared helpers for the conform tests: inline packs and paths."""

from __future__ import annotations

import textwrap
from pathlib import Path

from errgen.conform.assertions import Outcome, context, evaluate
from errgen.conform.jsonvalue import Json
from errgen.conform.model import Pack
from errgen.conform.pack import Loaded, parse_pack

PACKS = Path(__file__).resolve().parent / "packs"


def load_inline(source: str, params: dict[str, str] | None = None) -> Loaded:
    """Load pack text given inline (dedented)."""
    return parse_pack(textwrap.dedent(source).lstrip("\n"), Path("inline.yaml"), params or {})


def valid_pack(source: str, params: dict[str, str] | None = None) -> Pack:
    """Load inline pack text that must be valid."""
    loaded = load_inline(source, params)
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    return loaded.pack


def outcome(assert_yaml: str, response: Json, input_: Json = None) -> Outcome:
    """Evaluate an inline `assert:` list (YAML, at column 0) against a response."""
    body = textwrap.indent(textwrap.dedent(assert_yaml).strip("\n"), "      ")
    pack = valid_pack(f"version: 2\ninvariants:\n  - name: t\n    tool: x\n    fixed: {{}}\n    assert:\n{body}\n")
    return evaluate(pack.invariants[0].body.assertions, context({} if input_ is None else input_, response))
