"""Validate a located pack document and build the `model.Pack` IR (wallfacer `InvariantFile`).

Mirrors serde's checks plus wallfacer's post-parse ones (version 1..=3, exactly one of
`fixed`/`generate` per invariant). Unknown keys are warnings (serde ignores them, so the
pack still runs as in wallfacer); `where` regexes are compiled up front (wallfacer only
does so in live runs). Paths, regexes and schemas inside assertions are *not* checked
here: wallfacer reports those as structural errors at evaluation time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from errgen.conform import build_assert as ba
from errgen.conform import model as m
from errgen.conform.jsonvalue import Json
from errgen.conform.located import JsonPointer
from errgen.conform.reader import Reader
from errgen.conform.regex import RegexError, compile_rust
from errgen.conform.template import PARAM_TYPES

T = TypeVar("T")
MAX_VERSION = 3
U32_MAX, I64_MIN, I64_MAX, USIZE_MAX = 2**32 - 1, -(2**63), 2**63 - 1, 2**64 - 1
VALUE_KINDS = ("string", "integer", "number", "boolean", "array")
HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
EXPECTS = ("pass", "fail")
_BODY_KEYS = ("input", "generate", "fixed", "cases", "test_fixtures")
_BOUNDS = ("min", "max")


def pack(reader: Reader) -> m.Pack:
    """Build the whole pack; check `reader.errors` before trusting the result."""
    raw = reader.mapping(
        reader.located.value, (), ("version", "invariants"), ("metadata", "for_each_tool", "sequences")
    )
    version = reader.integer(raw.get("version", 1), ("version",), 0, USIZE_MAX)
    if not 1 <= version <= MAX_VERSION:
        reader.error(("version",), f"unsupported version {version}; expected 1..={MAX_VERSION}")
    meta = raw.get("metadata")
    return m.Pack(
        file=reader.file,
        version=version,
        metadata=None if meta is None else metadata(reader, meta, ("metadata",)),
        invariants=_each(reader, raw.get("invariants", []), ("invariants",), invariant),
        for_each_tool=_each(reader, raw.get("for_each_tool", []), ("for_each_tool",), for_each_tool),
        sequences=_each(reader, raw.get("sequences", []), ("sequences",), sequence),
    )


def _each(
    reader: Reader, value: Json, path: JsonPointer, build: Callable[[Reader, Json, JsonPointer], T]
) -> tuple[T, ...]:
    return tuple(build(reader, item, where) for item, where in reader.items(value, path))


def metadata(reader: Reader, value: Json, path: JsonPointer) -> m.Metadata:
    """Build the v3 `metadata` block."""
    raw = reader.mapping(value, path, (), ("name", "description", "authors", "tags", "parameters", "extends"))
    params = reader.dictionary(raw.get("parameters", {}), (*path, "parameters"))
    extends = reader.strings(raw.get("extends", []), (*path, "extends"))
    return m.Metadata(
        name=reader.optional_string(raw.get("name"), (*path, "name")),
        description=reader.optional_string(raw.get("description"), (*path, "description")),
        authors=reader.strings(raw.get("authors", []), (*path, "authors")),
        tags=reader.strings(raw.get("tags", []), (*path, "tags")),
        parameters={k: parameter(reader, v, (*path, "parameters", k)) for k, v in params.items()},
        extends=extends,
        extends_at=tuple(reader.position((*path, "extends", index)) for index in range(len(extends))),
    )


def parameter(reader: Reader, value: Json, path: JsonPointer) -> m.Parameter:
    """Build one `metadata.parameters` entry (`default` required)."""
    raw = reader.mapping(value, path, ("default",), ("description", "type"))
    return m.Parameter(
        default=raw.get("default"),
        type=reader.choice(raw.get("type", "string"), (*path, "type"), PARAM_TYPES),
        description=reader.optional_string(raw.get("description"), (*path, "description")),
    )


def invariant(reader: Reader, value: Json, path: JsonPointer) -> m.Invariant:
    """Build an invariant; exactly one of `fixed` / `generate` (wallfacer `InvalidInputMode`)."""
    raw = reader.mapping(value, path, ("name", "tool", "assert"), _BODY_KEYS)
    name = reader.string(raw.get("name", ""), (*path, "name"))
    built = body(reader, raw, path)
    if (built.fixed is None) == (built.generate is None) and raw:
        reader.error(path, f"invariant '{name}' must define exactly one of `generate` or `fixed`")
    return m.Invariant(name=name, tool=reader.string(raw.get("tool", ""), (*path, "tool")), body=built)


def body(reader: Reader, raw: dict[str, Json], path: JsonPointer) -> m.Body:
    """Build the shared invariant / `apply` fields from an already key-checked mapping."""
    fixed, generate, mode, cases = raw.get("fixed"), raw.get("generate"), raw.get("input"), raw.get("cases")
    gen = None if generate is None else reader.dictionary(generate, (*path, "generate"))
    for key, spec in (gen or {}).items():
        value_spec(reader, spec, (*path, "generate", key))
    return m.Body(
        assertions=ba.assertions(reader, raw.get("assert", []), (*path, "assert")),
        fixtures=_each(reader, raw.get("test_fixtures", []), (*path, "test_fixtures"), fixture),
        fixed=None if fixed is None else reader.dictionary(fixed, (*path, "fixed")),
        generate=gen,
        input_mode=None if mode is None else reader.choice(mode, (*path, "input"), ("schema_valid",)),
        cases=None if cases is None else reader.integer(cases, (*path, "cases"), 0, U32_MAX),
    )


def value_spec(reader: Reader, value: Json, path: JsonPointer) -> None:
    """Check one `generate` entry (wallfacer `ValueSpec`)."""
    raw = reader.mapping(
        value, path, ("type",), ("min_length", "max_length", *_BOUNDS, "items", "min_items", "max_items")
    )
    if "type" in raw:
        reader.choice(raw["type"], (*path, "type"), VALUE_KINDS)
    for key in ("min_length", "max_length", "min_items", "max_items", "min", "max"):
        low, high = (I64_MIN, I64_MAX) if key in _BOUNDS else (0, USIZE_MAX)
        if raw.get(key) is not None:
            reader.integer(raw[key], (*path, key), low, high)
    if raw.get("items") is not None:
        value_spec(reader, raw["items"], (*path, "items"))


def fixture(reader: Reader, value: Json, path: JsonPointer) -> m.Fixture:
    """Build an invariant `test_fixtures` entry."""
    raw = reader.mapping(value, path, ("name", "response", "expect"), ("input",))
    return m.Fixture(
        name=reader.string(raw.get("name", ""), (*path, "name")),
        response=raw.get("response"),
        expect=m.Expect(reader.choice(raw.get("expect", "pass"), (*path, "expect"), EXPECTS)),
        input=raw.get("input"),
    )


def for_each_tool(reader: Reader, value: Json, path: JsonPointer) -> m.ForEachTool:
    """Build a `for_each_tool` block (`apply` has no fixed/generate constraint)."""
    raw = reader.mapping(value, path, ("name", "apply"), ("where",))
    apply = reader.mapping(raw.get("apply", {}), (*path, "apply"), ("assert",), _BODY_KEYS)
    return m.ForEachTool(
        name=reader.string(raw.get("name", ""), (*path, "name")),
        apply=body(reader, apply, (*path, "apply")),
        where=tool_match(reader, raw.get("where", {}), (*path, "where")),
    )


def tool_match(reader: Reader, value: Json, path: JsonPointer) -> m.ToolMatch:
    """Build a `where` filter and compile its regexes (wallfacer `InvalidWhereRegex`)."""
    raw = reader.mapping(value, path, (), ("annotations", "name_matches", "description_matches"))
    hints = reader.mapping(raw.get("annotations", {}), (*path, "annotations"), (), HINTS)
    annotations = {k: reader.boolean(v, (*path, "annotations", k)) for k, v in hints.items() if v is not None}
    patterns = {k: reader.optional_string(raw.get(k), (*path, k)) for k in ("name_matches", "description_matches")}
    for key, pattern in patterns.items():
        try:
            compile_rust(pattern or "")
        except RegexError as exc:
            reader.error((*path, key), f"invalid `where` regex: {exc}")
    return m.ToolMatch(annotations, patterns["name_matches"], patterns["description_matches"])


def sequence(reader: Reader, value: Json, path: JsonPointer) -> m.Sequence:
    """Build a multi-step sequence."""
    raw = reader.mapping(value, path, ("name", "steps"), ("description", "test_fixtures"))
    return m.Sequence(
        name=reader.string(raw.get("name", ""), (*path, "name")),
        steps=_each(reader, raw.get("steps", []), (*path, "steps"), step),
        fixtures=_each(reader, raw.get("test_fixtures", []), (*path, "test_fixtures"), sequence_fixture),
        description=reader.optional_string(raw.get("description"), (*path, "description")),
    )


def step(reader: Reader, value: Json, path: JsonPointer) -> m.Step:
    """Build one sequence step (`expect` defaults to `ok`)."""
    raw = reader.mapping(value, path, ("call",), ("with", "bind", "expect", "assert"))
    with_ = raw.get("with")
    expect = raw.get("expect")
    return m.Step(
        call=reader.string(raw.get("call", ""), (*path, "call")),
        with_=None if with_ is None else reader.dictionary(with_, (*path, "with")),
        bind=reader.optional_string(raw.get("bind"), (*path, "bind")),
        expect="ok" if expect is None else reader.choice(expect, (*path, "expect"), ("ok", "error")),
        assertions=ba.assertions(reader, raw.get("assert", []), (*path, "assert")),
    )


def sequence_fixture(reader: Reader, value: Json, path: JsonPointer) -> m.SequenceFixture:
    """Build a sequence `test_fixtures` entry (one response per step)."""
    raw = reader.mapping(value, path, ("name", "responses", "expect"))
    return m.SequenceFixture(
        name=reader.string(raw.get("name", ""), (*path, "name")),
        responses=tuple(item for item, _ in reader.items(raw.get("responses", []), (*path, "responses"))),
        expect=m.Expect(reader.choice(raw.get("expect", "pass"), (*path, "expect"), EXPECTS)),
    )
