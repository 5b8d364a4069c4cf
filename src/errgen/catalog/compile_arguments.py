"""Compile the ``arguments`` section: which code (and which of its repair fields) reports each argument failure.

An MCP SDK validates a tool's arguments before the tool runs (pydantic, zod, serde, the Go SDK's
JSON Schema check); each official SDK's adapter (docs/adapters-*.md) turns that failure into the
catalog's repair payload instead of the SDK's generic text. The section names, per failure role,
the code that reports it::

    arguments:
      missing: missing_field        # a required argument is absent: {field, required}
      invalid: invalid_input        # wrong type, or not one of its enum: {field, allowed}
      out_of_range: invalid_input   # a number outside minimum / maximum: {field, range}
      unknown: invalid_input        # an argument the tool does not take: {field, allowed}

``invalid`` is required; a role left out is reported by ``invalid``'s code (filling the role's
fields that code declares). Every code named must exist, be producible (not deferred, the tool
channel) and declare ``field`` (a string); a role named explicitly needs its own field with its
type (``required`` and ``allowed`` arrays of strings, ``range`` a range); a code with another
required repair field cannot be built from an argument failure. Each of these is an error at the
role's value.
"""

from __future__ import annotations

from errgen.catalog.checked import Reader
from errgen.catalog.model import ArgumentRole, Channel, Code, Field
from errgen.catalog.yamlsrc import JsonPath

SECTION: JsonPath = ("arguments",)
ROLES: dict[str, tuple[str, ...]] = {  # role → the repair fields it fills, `field` first
    "missing": ("field", "required"),
    "invalid": ("field", "allowed"),
    "out_of_range": ("field", "range"),
    "unknown": ("field", "allowed"),
}
FIELD_TYPES = {"field": ("string", None), "allowed": ("array", "string"), "required": ("array", "string"),
               "range": ("range", None)}  # fmt: skip
_ROLE_TEXT = {"missing": "a missing argument", "invalid": "a malformed argument",
              "out_of_range": "an out-of-range argument", "unknown": "an unknown argument"}  # fmt: skip
_TYPE_TEXT = {"field": "a string", "allowed": "an array of strings", "required": "an array of strings",
              "range": "a range"}  # fmt: skip


def arguments(reader: Reader, codes: dict[str, Code], fields: dict[str, Field]) -> dict[str, ArgumentRole]:
    """Every role, resolved (a role left out is ``invalid``'s code); empty without the section or after an error."""
    section = reader.get(SECTION)
    if not isinstance(section, dict):
        return {}
    if reader.rejected and reader.spoiled(SECTION):
        return {}
    if "invalid" not in section:
        reader.err(SECTION, "the arguments section needs 'invalid' (the code of a malformed argument)", key=True)
        return {}
    out: dict[str, ArgumentRole] = {}
    failed = False
    for role, wanted in ROLES.items():
        given = role in section
        path: JsonPath = (*SECTION, role if given else "invalid")
        code = _code(reader, path, codes, fields, role, explicit=given)
        if code is None:
            failed = True
            continue
        declared = set(code.fields)
        out[role] = ArgumentRole(role, code.id, tuple(f for f in wanted if f in declared), reader.at(path))
    return {} if failed else out


def _code(
    reader: Reader, path: JsonPath, codes: dict[str, Code], fields: dict[str, Field], role: str, *, explicit: bool
) -> Code | None:
    name = reader.code_ref(path, codes)
    if name is None:
        return None
    code = codes[name]
    if code.deferred:
        return None  # code_ref said so
    if not explicit:
        return code  # `invalid`'s own check reports its problems once
    problem = _problem(code, fields, role)
    if problem is not None:
        reader.err(path, f"arguments.{role}: {problem}")
        return None
    return code


def _problem(code: Code, fields: dict[str, Field], role: str) -> str | None:
    """Why `code` cannot report the argument failure `role`, or None."""
    if code.channel is not Channel.TOOL:
        return f"code {code.id!r} travels as a JSON-RPC error; an argument failure is a tool result"
    for name in ROLES[role]:
        if name not in code.fields:
            return f"code {code.id!r} has no field {name!r} ({_TYPE_TEXT[name]}), which {_ROLE_TEXT[role]} fills"
        found = fields.get(name)
        want, items = FIELD_TYPES[name]
        if found is not None and (found.type.name != want or (items is not None and found.type.items != items)):
            return f"field {name!r} of code {code.id!r} is not {_TYPE_TEXT[name]}, which {_ROLE_TEXT[role]} fills"
    unfillable = [name for name in code.required if name not in ROLES[role]]
    if unfillable:
        return f"code {code.id!r} requires {', '.join(map(repr, unfillable))}, which an argument failure cannot fill"
    return None


__all__ = ["ROLES", "arguments"]
