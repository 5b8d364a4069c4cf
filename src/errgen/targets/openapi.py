"""Target ``openapi``: the catalog's errors as RFC 9457 problem details, for HTTP API contracts.

Files (under ``openapi/``):

* ``<catalog>.openapi.json`` — an OpenAPI 3.1 document without paths: ``components.schemas``
  holds one schema per code's problem document (``<Name>Problem``), the generic RFC 9457
  ``Problem`` and the ``FieldViolation`` of the ``errors`` member; ``components.responses`` one
  response per HTTP status (``Problem<status>``, ``application/problem+json``, the problems of
  that status). An API's own document refers to them (``$ref``) from its operations.
* ``<catalog>.problem.schema.json`` — the same problem documents as JSON Schema 2020-12: one
  definition per code in ``$defs``, the root a ``oneOf`` over them.

A problem document is what every runtime's ``to_problem`` writes (docs/runtime-contract.md §9):
``type`` (the code's type URI, a ``const``), ``title``, ``status`` (a ``const``), ``detail``,
``instance``, the retriable flag and the repair fields as extension members, ``errors`` for
field violations, ``provenance``. RFC 9457 lets clients ignore members they do not know, so the
schemas are open (no ``additionalProperties: false``).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from errgen.catalog import jsontext
from errgen.catalog.compile_channels import VIOLATIONS_MEMBER
from errgen.catalog.model import Catalog, Code
from errgen.targets import TargetOptions
from errgen.targets.common.header import header_text

OPENAPI = "3.1.0"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
MEDIA_TYPE = "application/problem+json"
_COMPONENT = re.compile(r"[A-Za-z0-9._-]")  # what an OpenAPI component name may hold

PROBLEM: dict[str, Any] = {
    "type": "object",
    "description": "An RFC 9457 problem document (application/problem+json).",
    "properties": {
        "type": {"type": "string", "format": "uri-reference", "description": "The problem type URI."},
        "title": {"type": "string", "description": "A short summary of the problem type."},
        "status": {"type": "integer", "minimum": 100, "maximum": 599, "description": "The HTTP status."},
        "detail": {"type": "string", "description": "This occurrence, explained."},
        "instance": {"type": "string", "format": "uri-reference", "description": "This occurrence."},
    },
}
FIELD_VIOLATION: dict[str, Any] = {
    "type": "object",
    "description": "An invalid request field: its JSON Pointer (in a URI fragment) and why.",
    "properties": {"detail": {"type": "string"}, "pointer": {"type": "string"}},
    "required": ["detail", "pointer"],
}
PROVENANCE: dict[str, Any] = {
    "type": "object",
    "description": "Which catalog build produced this error.",
    "properties": {
        "catalog": {"type": "string"},
        "version": {"type": "string"},
        "fingerprint": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
    },
    "required": ["catalog", "version", "fingerprint"],
}


def schema_names(catalog: Catalog) -> dict[str, str]:
    """Each code's schema name, ``<Pascal>Problem``, spelled as OpenAPI component names must be."""
    out: dict[str, str] = {}
    taken = {"Problem", "FieldViolation", "Provenance"}
    for code in catalog.codes.values():
        name = "".join(ch if _COMPONENT.match(ch) else f"_{ord(ch):x}" for ch in code.names.pascal) + "Problem"
        while name in taken:
            name += "_"
        taken.add(name)
        out[code.id] = name
    return out


def problem_schema(catalog: Catalog, code: Code, ref: str) -> dict[str, Any]:
    """The schema of one code's problem document; `ref` is where ``FieldViolation`` and ``Provenance`` live."""
    ch = catalog.channels.codes[code.id]
    env = catalog.envelope
    props: dict[str, Any] = {
        "type": {"type": "string", "const": ch.problem_type, "description": "The problem type URI."},
        "title": {"type": "string", "description": "A short summary of the problem type."},
        "status": {"type": "integer", "const": ch.status, "description": "The HTTP status."},
        "detail": {"type": "string", "description": "This occurrence, explained (the error's message)."},
        "instance": {"type": "string", "format": "uri-reference", "description": "This occurrence."},
    }
    required = ["type", "title", "status", "detail"]
    if env.retriable is not None:
        props[env.retriable.key] = {"type": "boolean", "description": "Whether the call may be retried unchanged."}
        required.append(env.retriable.key)
    for name in code.fields:
        field = catalog.fields[name]
        extra = {"description": field.description} if field.description else {}
        props[catalog.channels.members[name]] = field.type.json_schema() | extra
    required += [catalog.channels.members[name] for name in code.required]
    if ch.violations:
        props[VIOLATIONS_MEMBER] = {"type": "array", "items": {"$ref": f"{ref}FieldViolation"}}
    if env.provenance:
        props["provenance"] = {"$ref": f"{ref}Provenance"}
    schema: dict[str, Any] = {"type": "object", "title": code.title}
    if code.when:
        schema["description"] = code.when
    if code.deprecated:
        schema["deprecated"] = True
    return schema | {"properties": props, "required": required}


def _by_status(catalog: Catalog) -> dict[int, list[Code]]:
    out: dict[int, list[Code]] = {}
    for code in catalog.codes.values():
        out.setdefault(catalog.channels.codes[code.id].status, []).append(code)
    return dict(sorted(out.items()))


def _content(refs: list[str]) -> dict[str, Any]:
    schema = {"$ref": refs[0]} if len(refs) == 1 else {"oneOf": [{"$ref": r} for r in refs]}
    return {MEDIA_TYPE: {"schema": schema}}


def openapi_document(catalog: Catalog) -> dict[str, Any]:
    """``<catalog>.openapi.json``."""
    names = schema_names(catalog)
    base = "#/components/schemas/"
    schemas: dict[str, Any] = {"Problem": PROBLEM, "FieldViolation": FIELD_VIOLATION, "Provenance": PROVENANCE}
    for code in catalog.codes.values():
        schemas[names[code.id]] = problem_schema(catalog, code, base)
    responses = {
        f"Problem{status}": {
            "description": f"HTTP {status}: " + ", ".join(c.id for c in codes),
            "content": _content([base + quote(names[c.id], safe="") for c in codes]),
        }
        for status, codes in _by_status(catalog).items()
    }
    info: dict[str, Any] = {"title": f"{catalog.title} — problem details", "version": catalog.version}
    if catalog.description:
        info["description"] = catalog.description
    return {
        "openapi": OPENAPI,
        "info": info,
        "x-generated-by": header_text(catalog),
        "paths": {},
        "components": {"schemas": schemas, "responses": responses},
    }


def problem_schemas(catalog: Catalog) -> dict[str, Any]:
    """``<catalog>.problem.schema.json``: each code's problem document; the root, any of them."""
    names = schema_names(catalog)
    base = "#/$defs/"
    defs: dict[str, Any] = {"FieldViolation": FIELD_VIOLATION, "Provenance": PROVENANCE}
    for code in catalog.codes.values():
        defs[names[code.id]] = problem_schema(catalog, code, base)
    return {
        "$schema": DRAFT,
        "$id": f"urn:errgen:{catalog.name}:{catalog.version}:problem",
        "$comment": header_text(catalog),
        "title": f"{catalog.title} — problem documents (RFC 9457)",
        "oneOf": [{"$ref": base + quote(names[c.id], safe="")} for c in catalog.codes.values()],
        "$defs": defs,
    }


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """The OpenAPI document and the problem documents' JSON Schema of one catalog."""
    return {
        f"openapi/{catalog.name}.openapi.json": jsontext.dumps(openapi_document(catalog)) + "\n",
        f"openapi/{catalog.name}.problem.schema.json": jsontext.dumps(problem_schemas(catalog)) + "\n",
    }
