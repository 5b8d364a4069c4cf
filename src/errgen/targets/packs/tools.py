"""The pack's per-tool invariants: a tool's error results carry only the codes it declares.

One invariant per tool of the catalog's ``tools`` section (``errgen.<catalog>.tool:<tool>``). It
calls the tool with schema-valid inputs (``input: schema_valid``, built from the inputSchema
the server lists) and asserts, in one ``matches_schema`` at ``$.response``: an error result's
``structuredContent`` is an error of one of the tool's codes (`jsonschema.tool_errors`), a
success result's matches the tool's complete outputSchema when the catalog gives one
(`jsonschema.tool_output`). Fixtures: a success without ``structuredContent`` and an error of
each code the tool returns pass; an error of an unknown code and of up to three codes the tool
does not return fail (not with ``envelope.structured_content: false``: the payload is text then).
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import Catalog, Channel, Code, Tool
from errgen.targets.jsonschema import DRAFT, tool_errors, tool_output
from errgen.targets.packs.fixtures import envelope, json_data, minimal_values, sealer

CASES = 10  # calls per tool in a live run
UNDECLARED = 3  # fail fixtures of codes the tool does not return


def invariant_name(catalog: Catalog, tool: Tool) -> str:
    """``errgen.<catalog>.tool:<tool>`` (``:`` is in no code id: never a code's invariant name)."""
    return f"errgen.{catalog.name}.tool:{tool.name}"


def tool_invariant(catalog: Catalog, tool: Tool, provenance: dict[str, Any]) -> dict[str, Any]:
    """The invariant of one tool: schema-valid calls, the result's schema, fixtures."""
    return {
        "name": invariant_name(catalog, tool),
        "tool": tool.name,
        "fixed": {},
        "input": "schema_valid",
        "cases": CASES,
        "assert": [{"kind": "matches_schema", "path": "$.response", "schema": result_schema(catalog, tool)}],
        "test_fixtures": fixtures(catalog, tool, provenance),
    }


def result_schema(catalog: Catalog, tool: Tool) -> dict[str, Any]:
    """A result of `tool`: an error's payload among its errors; a success's structuredContent its outputSchema."""
    env = catalog.envelope
    is_error: dict[str, Any] = {"properties": {"isError": {"const": True}}, "required": ["isError"]}
    if env.structured_is_error and env.structured_content:  # a pmcp server marks an error inside only
        inner = {"type": "object", "properties": {"isError": {"const": True}}, "required": ["isError"]}
        marked = {"properties": {"structuredContent": inner}, "required": ["structuredContent"]}
        is_error = {"anyOf": [is_error, marked]}
    schema: dict[str, Any] = {
        "$schema": DRAFT,
        "type": "object",
        "if": is_error,
        "then": {"properties": {"structuredContent": tool_errors(catalog, tool)}},
    }
    if tool.output_schema is not None:
        output = tool_output(catalog, tool, any_root=not tool.output_schema.object_root)
        defs: dict[str, Any] = {key: output.pop(key) for key in ("$defs", "definitions") if key in output}
        schema["else"] = {"properties": {"structuredContent": output}}
        schema.update(defs)  # at the root, where the success schema's references resolve
    return schema


def _codes(catalog: Catalog, wanted: bool, tool: Tool) -> list[Code]:
    """The constructible tool-channel codes the tool returns (`wanted`) or does not."""
    return [c for c in catalog.constructible_codes if c.channel is Channel.TOOL and (c.id in tool.codes) == wanted]


def fixtures(catalog: Catalog, tool: Tool, provenance: dict[str, Any]) -> list[dict[str, Any]]:
    """Pass: a plain success, an error of each code the tool returns. Fail: an unknown code, undeclared codes."""
    seal = sealer(catalog)

    def result(code: Code) -> dict[str, Any]:
        values = json_data(code.examples[0].values) if code.examples else minimal_values(catalog, code)
        return seal(*envelope(catalog, code, values, provenance))

    success = {"content": [{"type": "text", "text": "done"}]}
    out = [{"name": "passes with a success without structuredContent", "response": success, "expect": "pass"}]
    declared = _codes(catalog, True, tool)
    out += [{"name": f"passes with an error {c.id}", "response": result(c), "expect": "pass"} for c in declared]
    if not catalog.envelope.structured_content or not declared:
        return out
    key = catalog.envelope.discriminator
    first = result(declared[0])
    stranger = {**first, "structuredContent": {**first["structuredContent"], key: f"not_{tool.name}_code"}}
    out.append({"name": "fails with an error of a code the catalog does not know", "response": stranger,
                "expect": "fail"})  # fmt: skip
    out += [
        {"name": f"fails with an error {c.id}, which {tool.name} does not return", "response": result(c),
         "expect": "fail"}
        for c in _codes(catalog, False, tool)[:UNDECLARED]
    ]  # fmt: skip
    return out
