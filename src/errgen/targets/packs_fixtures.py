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

from errgen.messages import js_json, render
from errgen.model import Catalog, Code, FieldType
from errgen.runtime_patterns import scrub_text

Mutation = Callable[[dict[str, Any], dict[str, Any]], None]  # (result, payload) → None, in place

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


def fixtures(catalog: Catalog, code: Code) -> list[dict[str, Any]]:
    """One pass fixture per example (or a minimal one), then the fail fixtures."""
    examples = [json_data(e.values) for e in code.examples] or [_minimal_values(catalog, code)]
    out = [
        _fixture(f"passes with catalog example {i}", result(catalog, code, values), "pass")
        for i, values in enumerate(examples, 1)
    ]
    out.extend(
        _fixture(f"fails when {what}", result(catalog, code, examples[0], mutate), "fail")
        for what, mutate in mutations(catalog, code)
    )
    return out


def _fixture(name: str, response: dict[str, Any], expect: str) -> dict[str, Any]:
    return {"name": name, "response": response, "expect": expect}


def _minimal_values(catalog: Catalog, code: Code) -> dict[str, Any]:
    return {name: _sample(catalog.field_of(name).type) for name in code.required}


def _sample(field_type: FieldType) -> Any:
    if field_type.name == "array":
        return [_SAMPLE.get(field_type.items or "string", "x")]
    return _SAMPLE[field_type.name]


def message(code: Code, values: dict[str, Any]) -> str:
    """The payload message of an example: rendered, scrubbed, never empty."""
    return scrub_text(render(code.message, values)) or code.id


def payload(catalog: Catalog, code: Code, values: dict[str, Any]) -> dict[str, Any]:
    """The error payload, keys in contract order."""
    data: dict[str, Any] = {"code": code.id, "message": message(code, values)}
    if catalog.envelope.retriable_field:
        data["retriable"] = code.retriable_default
    data.update((name, values[name]) for name in code.fields if name in values)
    if catalog.envelope.provenance:
        data["provenance"] = catalog.provenance.as_dict()
    if catalog.envelope.mirror_is_error:
        data["isError"] = True
    return data


def result(catalog: Catalog, code: Code, values: dict[str, Any], mutate: Mutation | None = None) -> dict[str, Any]:
    """The CallToolResult a conforming server returns for `values`, after `mutate`."""
    data = payload(catalog, code, values)
    out: dict[str, Any] = {"isError": True, "content": [{"type": "text", "text": f"{code.id}: {data['message']}"}]}
    if catalog.envelope.tool_failure_meta:
        failure = {"class": code.kind, "code": code.id, "retryable": code.retriable_default}
        out["_meta"] = {"io.modelcontextprotocol/toolFailure": failure}
    if mutate:
        mutate(out, data)
    if catalog.envelope.structured_content:
        out["structuredContent"] = data
    elif out["content"]:
        out["content"].append({"type": "text", "text": js_json(data)})
    return out


def mutations(catalog: Catalog, code: Code) -> list[tuple[str, Mutation]]:
    """``(what is broken, how)`` for every fail fixture of `code`."""
    out: list[tuple[str, Mutation]] = [
        ("isError is false", lambda r, p: r.update(isError=False)),
        ("isError is missing", lambda r, p: r.pop("isError")),
        ("content is empty", lambda r, p: r.update(content=[])),
        ("the code is another one", lambda r, p: p.update(code=f"not {code.id}")),
    ]
    out.extend((f"{name} is missing", _remove(name)) for name in code.required)
    for name in code.fields:
        wrong = _WRONG.get(catalog.field_of(name).type.name)
        if wrong is not None:
            out.append((f"{name} has the wrong type", _set(name, wrong)))
    if catalog.envelope.retriable_field:
        out.append(("retriable is not a boolean", _set("retriable", "no")))
    if catalog.envelope.provenance:
        out.append(("provenance is missing", _remove("provenance")))
    if catalog.envelope.mirror_is_error:
        out.append(("the payload's isError is false", _set("isError", False)))
    if catalog.envelope.tool_failure_meta:
        out.append(("_meta is missing", lambda r, p: r.pop("_meta")))
    out.append(("the text leaks a home path", _append_text(" (see /home/alice/server.py)")))
    out.append(("the text carries a stack trace", _append_text(_TRACE)))
    return out


_TRACE = "\nTraceback (most recent call last):\n  File \"server.py\", line 7, in compute\nKeyError: 'unit'"


def _remove(name: str) -> Mutation:
    return lambda r, p: p.pop(name, None) and None


def _set(name: str, value: Any) -> Mutation:
    return lambda r, p: p.update({name: value})


def _append_text(extra: str) -> Mutation:
    def mutate(result: dict[str, Any], _: dict[str, Any]) -> None:
        result["content"][0]["text"] += extra

    return mutate
