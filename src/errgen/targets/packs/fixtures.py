"""Test fixtures of a generated pack: canned CallToolResults that must pass or fail.

Pass fixtures are the catalog's examples, enveloped exactly as the generated
runtimes do (`docs/runtime-contract.md` §1–2). Fail fixtures start from the first
example and break one thing each: ``isError``, the code, each required field
(removed), each field (wrong type), provenance, the text (home path, stack
trace). Every one of them fails by assertion: the responses keep the shape the
assertions' paths need.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from errgen.catalog.messages import js_json
from errgen.catalog.model import Catalog, Code, FieldType, ProvenanceMode
from errgen.targets.common.payload import payload
from errgen.targets.packs.writer import SharedDict, SharedList, Templated

FINGERPRINT = "catalog_fingerprint"  # the pack parameter holding the catalog fingerprint: fixtures refer to it

Result = dict[str, Any]  # a CallToolResult, before its payload is attached
Payload = dict[str, Any]
Mutation = Callable[[Result, Payload], tuple[Result, Payload]]  # returns new objects, never changes its arguments

_SAMPLE: dict[str, Any] = {
    "string": "x", "integer": 1, "number": 0.5, "boolean": True,
    "object": {}, "range": {"min": 0, "max": 1}, "any": None,
}  # fmt: skip
_WRONG: dict[str, Any] = {
    "string": 42, "integer": "42", "number": "4.2", "boolean": "true",
    "array": "not an array", "object": ["not", "an", "object"], "range": "0..1",
}  # fmt: skip


def json_data(value: Any) -> Any:
    """`value` as plain JSON data (string keys; odd YAML scalars such as dates become strings)."""
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def fixtures(catalog: Catalog, code: Code, provenance: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """One pass fixture per example (or a minimal one), then the fail fixtures.

    Each example is enveloped once; the fixtures share its unchanged parts (marked
    `SharedDict`/`SharedList` so that the YAML writer renders them once), and the
    `provenance` object if given.
    """
    examples = [json_data(e.values) for e in code.examples] or [minimal_values(catalog, code)]
    provenance = SharedDict(catalog.provenance.as_dict()) if provenance is None else provenance
    bases = [envelope(catalog, code, values, provenance) for values in examples]
    seal = sealer(catalog)
    out = [_fixture(f"passes with catalog example {i}", seal(*base), "pass") for i, base in enumerate(bases, 1)]
    if catalog.envelope.structured_is_error and catalog.envelope.mirror_is_error:
        pmcp = _set_result("isError", False)(*bases[0])  # what a pmcp server sends
        out.append(_fixture("passes with isError false and the marker in structuredContent", seal(*pmcp), "pass"))
    out.extend(
        _fixture(f"fails when {what}", seal(*mutate(*bases[0])), "fail") for what, mutate in mutations(catalog, code)
    )
    return out


def _fixture(name: str, response: dict[str, Any], expect: str) -> dict[str, Any]:
    return {"name": name, "response": response, "expect": expect}


def minimal_values(catalog: Catalog, code: Code) -> dict[str, Any]:
    return {name: _sample(catalog.field_of(name).type) for name in code.required}


def _sample(field_type: FieldType) -> Any:
    if field_type.name == "array":
        return [_SAMPLE.get(field_type.items or "string", "x")]
    return _SAMPLE[field_type.name]


def envelope(
    catalog: Catalog, code: Code, values: dict[str, Any], provenance: dict[str, str] | None = None
) -> tuple[Result, Payload]:
    """The CallToolResult a conforming server returns for `values` (payload not yet attached), and the payload."""
    data = SharedDict({key: _shared(value) for key, value in payload(catalog, code, values, provenance).items()})
    text = SharedDict(type="text", text=f"{code.id}: {data['message']}")
    out: Result = {"isError": True, "content": SharedList([text])}
    if catalog.envelope.tool_failure_meta:
        failure = {"class": code.kind, "code": code.id, "retryable": code.retriable_default}
        out["_meta"] = SharedDict({"io.modelcontextprotocol/toolFailure": failure})
    return out, data


def _shared(value: Any) -> Any:
    """`value`, marked as shared if it is a dict or a list (fixtures repeat the payload's values)."""
    if type(value) is dict:
        return SharedDict(value)
    if type(value) is list:
        return SharedList(value)
    return value


def sealer(catalog: Catalog) -> Callable[[Result, Payload], Result]:
    """Attach the payload: as ``structuredContent``, or as JSON text in a second block (if there is a first)."""
    if catalog.envelope.structured_content:
        return lambda result, data: {**result, "structuredContent": data}
    blocks: dict[int, tuple[Payload, dict[str, str]]] = {}  # by payload identity: each JSON text is built once

    def seal(result: Result, data: Payload) -> Result:
        if not result["content"]:
            return result
        block = blocks.get(id(data))
        if block is None:
            text = Templated(js_json(data), frozenset({FINGERPRINT}))  # the fingerprint stays a reference
            block = blocks[id(data)] = (data, SharedDict(type="text", text=text))
        return {**result, "content": [*result["content"], block[1]]}

    return seal


def mutations(catalog: Catalog, code: Code) -> list[tuple[str, Mutation]]:
    """``(what is broken, how)`` for every fail fixture of `code`."""
    env = catalog.envelope
    pmcp = env.structured_is_error and env.mirror_is_error and env.structured_content
    out: list[tuple[str, Mutation]] = [
        ("isError is false", _set_result("isError", False)) if not pmcp else _both_false(),
        ("isError is missing", _drop_result("isError")),
        ("content is empty", _set_result("content", [])),
        (f"the {env.discriminator} is another one", _set(env.discriminator, f"not {code.id}")),
    ]
    wire = {name: catalog.field_of(name).wire for name in code.fields}
    out.extend((f"{wire[name]} is missing", _remove(wire[name])) for name in code.required)
    for name in code.fields:
        wrong = _WRONG.get(catalog.field_of(name).type.name)
        if wrong is not None:
            out.append((f"{wire[name]} has the wrong type", _set(wire[name], wrong)))
    for meta in (m for m in env.metadata if m.carried_by(code)):
        wrong_meta = "no" if meta.name == "retriable" else False
        out.append(
            (f"{meta.key} is not a {'boolean' if meta.name == 'retriable' else 'string'}", _set(meta.key, wrong_meta))
        )
    if env.provenance_mode is ProvenanceMode.REQUIRED:
        out.append(("provenance is missing", _remove("provenance")))
    if env.mirror_is_error:
        out.append(("the payload's isError is false", _set("isError", False)))
    if catalog.envelope.tool_failure_meta:
        out.append(("_meta is missing", _drop_result("_meta")))
    out.append(("the text leaks a home path", _append_text(" (see /home/alice/server.py)")))
    out.append(("the text carries a stack trace", _append_text(_TRACE)))
    return out


_TRACE = "\nTraceback (most recent call last):\n  File \"server.py\", line 7, in compute\nKeyError: 'unit'"


def _both_false() -> tuple[str, Mutation]:
    """Top-level isError false and no marker in the payload either (a pmcp-style catalog reads the marker)."""

    def mutate(result: Result, data: Payload) -> tuple[Result, Payload]:
        return {**result, "isError": False}, {**data, "isError": False}

    return "isError is false", mutate  # the same name: isError is false wherever a client reads it


def _set_result(key: str, value: Any) -> Mutation:
    return lambda r, p: ({**r, key: value}, p)


def _drop_result(key: str) -> Mutation:
    return lambda r, p: ({k: v for k, v in r.items() if k != key}, p)


def _remove(name: str) -> Mutation:
    return lambda r, p: (r, {k: v for k, v in p.items() if k != name})


def _set(name: str, value: Any) -> Mutation:
    return lambda r, p: (r, {**p, name: value})


def _append_text(extra: str) -> Mutation:
    def mutate(result: Result, data: Payload) -> tuple[Result, Payload]:
        first, *rest = result["content"]
        return {**result, "content": [{**first, "text": first["text"] + extra}, *rest]}, data

    return mutate
