"""TypeScript texts: the literals, types, doc comments and table rows the catalog files print.

Each function turns a piece of the IR into TS source text, escaped for where it goes
(string literal, comment, property key); `typescript.context` puts them together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from errgen.catalog import jsontext, messages
from errgen.catalog.model import Catalog, Code, Field, HttpRule
from errgen.targets.escape import comment_text, escape_invisible, ts_str
from errgen.targets.typescript_names import key

_TS_TYPES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "any": "unknown",
             "range": "Range", "object": "{ readonly [key: string]: unknown }"}  # fmt: skip
_ZOD_TYPES = {"string": "z.string()", "integer": "z.int()", "number": "z.number()", "boolean": "z.boolean()",
              "any": "z.unknown()", "range": "RangeSchema", "object": "z.record(z.string(), z.unknown())"}  # fmt: skip


def ts_single(text: str) -> str:
    """A single-quoted TS string literal (for JSON text: its double quotes stay readable)."""
    return "'" + escape_invisible(text.replace("\\", "\\\\").replace("'", "\\'")) + "'"


def lit(value: Any) -> str:
    """A TS literal of JSON data (strings escaped like `escape.ts_str`)."""
    if isinstance(value, str):
        return ts_str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(lit(v) for v in value) + "]"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return json.dumps(value)


def field_type(field: Field) -> str:
    """TS type of a repair field's value."""
    if field.type.name == "array":
        return f"readonly {_TS_TYPES[field.type.items or 'string']}[]"
    return _TS_TYPES[field.type.name]


def field_zod(field: Field) -> str:
    """zod schema expression of a repair field's value."""
    if field.type.name == "array":
        return f"z.array({_ZOD_TYPES[field.type.items or 'string']})"
    return _ZOD_TYPES[field.type.name]


def field_tag(field: Field) -> str:
    """Runtime type tag checked by the generated `isValue` (``string``, ``integer[]``, …)."""
    return f"{field.type.items}[]" if field.type.name == "array" else field.type.name


@dataclass(frozen=True)
class FieldText:
    """A repair field's TS spellings, shared by every code that carries it."""

    prop: str  # interface member, without the optional mark: (doc comment) readonly key
    type: str  # TS type of the value
    key: str  # property key (quoted when not an identifier)

    @classmethod
    def of(cls, field: Field) -> FieldText:
        name = key(field.name)
        return cls(f"{_field_doc(field)}readonly {name}", field_type(field), name)


def doc_text(catalog: Catalog, code: Code) -> tuple[str, ...]:
    title = f" — {code.title}" if code.title != code.id else ""
    lines = [f"`{code.id}`{title}"]
    for label, text in (("When", code.when), ("UI", code.ui_meaning), ("Next", code.next_action), ("", code.docs)):
        if text.strip():
            lines.append(f"{label}: {text}" if label else text)
    lines.append(
        f"Kind: {code.kind or 'none'}; retriable: {code.retriable.value}; recoverable: {code.recoverable.value}"
        + ("; deferred (shape-only, no constructor)" if code.deferred else "")
    )
    return tuple(comment_text(line) for line in lines)


def deprecated_text(code: Code) -> str | None:
    """The text after ``@deprecated``: since when, why, and what to use instead."""
    dep = code.deprecated
    if dep is None:
        return None
    reason = dep.reason.strip().rstrip(".")
    since = f"Since {dep.since}" if dep.since else ""
    text = f"{since}: {reason}." if since and reason else f"{since or reason}." if since or reason else ""
    text += f" Use `{dep.replaced_by}` instead." if dep.replaced_by else ""
    return comment_text(text.strip() or "Deprecated.")


def _field_doc(field: Field) -> str:
    return f"/** {comment_text(field.description)} */ " if field.description.strip() else ""


def props_text(catalog: Catalog, code: Code, texts: dict[str, FieldText]) -> str:
    props = [f"readonly code: {ts_str(code.id)};", "readonly message: string;"]
    if catalog.envelope.retriable_field:
        props.append("readonly retriable: boolean;")
    for name in code.fields:
        text = texts[name]
        props.append(f"{text.prop}{'?' if name in code.optional else ''}: {text.type};")
    if catalog.envelope.provenance:
        props.append("readonly provenance: Provenance;")
    if catalog.envelope.mirror_is_error:
        props.append("readonly isError: true;")
    return "\n  ".join(props)


def param_text(catalog: Catalog, code: Code, texts: dict[str, FieldText]) -> str:
    members = [
        f"readonly {texts[name].key}{'' if name in code.required else '?'}: {texts[name].type}" for name in code.params
    ]
    if catalog.envelope.retriable_field:
        members.append("readonly retriable?: boolean")
    if not members:
        return ""
    # `args?:`, not `= {}`: tsc checks a `{}` default against fields named like Object members (`constructor`).
    return ("args: { " if code.required else "args?: { ") + "; ".join(members) + " }"


def row_text(code: Code) -> str:
    """The code's `CodeInfo` and message parts as one line of JSON in a single-quoted TS string."""
    dep = code.deprecated
    info = {
        "code": code.id,
        "title": code.title,
        "when": code.when,
        "message": code.message,
        "kind": code.kind,
        "retriable": code.retriable.value,
        "recoverable": code.recoverable.value,
        "nextAction": code.next_action,
        "uiMeaning": code.ui_meaning,
        "channel": code.channel.value,
        "jsonrpcCode": code.jsonrpc_code,
        "httpStatus": code.http_status,
        "since": code.since,
        "deprecated": {"since": dep.since, "replacedBy": dep.replaced_by, "reason": dep.reason} if dep else None,
        "deferred": code.deferred,
        "required": code.required,
        "optional": code.optional,
        "docs": code.docs,
        "parts": _parts(code.message),
    }
    return ts_single(jsontext.compact(info))


def _parts(template: str) -> list[str]:
    flat: list[str] = []
    for literal, name in messages.parse(template):
        flat.append(literal)
        if name is not None:
            flat.append(name)
    return flat


def zod_text(code: Code) -> str:
    """Arguments of the zod file's ``errorSchema(code, required, optional)`` call."""
    args = [ts_str(code.id), lit(code.required)] + ([lit(code.optional)] if code.optional else [])
    return ", ".join(args)


def common_fields(catalog: Catalog) -> list[tuple[str, str]]:
    """Fields every code carries, for the catalog-wide `ErrorSchema` (seed 004's McpToolErrorZ)."""
    codes = list(catalog.codes.values())
    names = [n for n in catalog.fields if all(n in c.fields for c in codes)]
    return [
        (
            key(n, runtime=True),
            field_zod(catalog.fields[n]) + ("" if all(n in c.required for c in codes) else ".optional()"),
        )
        for n in names
    ]


def rows(items: list[str]) -> str:
    """An array literal with one item per line (a member of ``define``'s argument), or ``[]``."""
    return "[" + "".join(f"\n    {item}," for item in items) + ("\n  ]" if items else "]")


def envelope_literal(catalog: Catalog) -> str:
    """The members of the runtime's ``Envelope`` object for this catalog."""
    env = catalog.envelope
    flags = {
        "structuredContent": env.structured_content,
        "toolFailureMeta": env.tool_failure_meta,
        "retriableField": env.retriable_field,
        "provenance": env.provenance,
        "mirrorIsError": env.mirror_is_error,
    }
    return ", ".join(f"{name}: {lit(flag)}" for name, flag in flags.items())


def http_table(rules: tuple[HttpRule, ...]) -> list[str]:
    """``[status, isClass, retryAfter, retriable, target]`` rows: exact statuses first, then classes."""
    exact: list[str] = []
    classes: list[str] = []
    for rule in rules:
        for status in rule.statuses:
            is_class = isinstance(status, str)
            row = [int(str(status)[0]) if is_class else status, is_class, rule.retry_after, rule.retriable, rule.target]
            (classes if is_class else exact).append(lit(row))
    return exact + classes
