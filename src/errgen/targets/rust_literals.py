"""Rust literals of catalog data: strings, docs, types and the tables `lib.rs` declares.

Every catalog text reaches the Rust sources through `rust_str` (a string literal that reads
back exactly that text) or `doc` (a ``#[doc = "…"]`` attribute of one line).
"""

from __future__ import annotations

import re

from errgen.catalog.model import Catalog, Code, FieldType, HttpRule
from errgen.targets.escape import invisible

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
_SPECIAL = re.compile(r'[\\"\n\r\t\0]')

# How a field of each wire type is held by a struct, and taken by a constructor.
HELD = {
    "string": "String", "integer": "i64", "number": "f64", "boolean": "bool",
    "object": "Object", "range": "Range", "any": "Value",
}  # fmt: skip
TAKEN = {**HELD, "string": "impl Into<String>"}
FIELD_TYPES = {
    "string": "String", "integer": "Integer", "number": "Number", "boolean": "Boolean",
    "array": "Array", "object": "Object", "range": "Range", "any": "Any",
}  # fmt: skip


def rust_str(text: str) -> str:
    """A Rust string literal of `text` (invisible and line-breaking characters as ``\\u{…}``)."""
    body = _SPECIAL.sub(lambda m: _ESCAPES[m.group()], text)
    if not body.isprintable():
        body = invisible().sub(lambda m: f"\\u{{{ord(m.group()):x}}}", body)
    return f'"{body}"'


def doc(text: str, indent: int = 0) -> str:
    """A ``#[doc = "…"]`` line: `text` on one line (a blank text gives none)."""
    flat = " ".join(text.split())
    return f"{' ' * indent}#[doc = {rust_str(flat)}]\n" if flat else ""


def opt(value: object) -> str:
    """``Some(…)`` / ``None`` of a string, integer or boolean."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return f"Some({str(value).lower()})"
    return f"Some({rust_str(value) if isinstance(value, str) else value})"


def strs(items: tuple[str, ...] | list[str]) -> str:
    """``&["a", "b"]``."""
    return "&[" + ", ".join(rust_str(item) for item in items) + "]"


def held_type(ftype: FieldType) -> str:
    """The Rust type of a value of this wire type."""
    if ftype.name == "array":
        return f"Vec<{HELD[ftype.items or 'string']}>"
    return HELD[ftype.name]


def taken_type(ftype: FieldType, required: bool) -> str:
    """The type a constructor takes a value of this wire type as."""
    if not required:
        return f"Option<{held_type(ftype)}>"
    return TAKEN[ftype.name] if ftype.name != "array" else held_type(ftype)


def wire_template(catalog: Catalog, code: Code) -> str:
    """The code's message template with placeholders named by their wire keys."""
    from errgen.catalog import messages

    out = []
    for literal_text, name in messages.parse(code.message):
        out.append(literal_text.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            field = catalog.fields.get(name)
            out.append("{" + (field.wire if field else name) + "}")
    return "".join(out)


def deprecation_text(code: Code) -> str:
    """``error code 'x' is deprecated since 1.2: reason; use 'y' instead`` (the Python runtime's wording)."""
    dep = code.deprecated
    if dep is None:
        return ""
    text = f"error code '{code.id}' is deprecated"
    text += f" since {dep.since}" if dep.since else ""
    text += f": {dep.reason}" if dep.reason else ""
    return text + (f"; use '{dep.replaced_by}' instead" if dep.replaced_by else "")


def code_info(catalog: Catalog, code: Code) -> list[tuple[str, str]]:
    """The members of the code's ``CodeInfo`` literal, in declaration order."""
    wire = {name: f.wire for name, f in catalog.fields.items()}
    extras = [wire.get(n, n) for n in code.params if n not in code.fields]
    return [
        ("code", rust_str(code.id)),
        ("title", rust_str(code.title)),
        ("when", rust_str(code.when)),
        ("message", rust_str(wire_template(catalog, code))),
        ("kind", opt(code.kind)),
        ("retriable", rust_str(code.retriable.value)),
        ("recoverable", rust_str(code.recoverable.value)),
        ("next_action", rust_str(code.next_action)),
        ("ui_meaning", rust_str(code.ui_meaning)),
        ("protocol", str(code.channel.value == "protocol").lower()),
        ("jsonrpc_code", opt(code.jsonrpc_code)),
        ("http_status", opt(code.http_status)),
        ("deprecated", opt(deprecation_text(code) or None)),
        ("deferred", str(code.deferred).lower()),
        ("required", strs([wire[n] for n in code.required])),
        ("optional", strs([wire[n] for n in code.optional])),
        ("extras", strs(extras)),
    ]


def http_rules(rules: tuple[HttpRule, ...]) -> list[str]:
    """``HttpRule { … }`` literals, one per status, exact statuses first (declared order), then classes."""
    flat = [(status, rule) for rule in rules for status in rule.statuses]
    ordered = [p for p in flat if isinstance(p[0], int)] + [p for p in flat if not isinstance(p[0], int)]
    out = []
    for status, rule in ordered:
        spelled = f"Status::Exact({status})" if isinstance(status, int) else f"Status::Class({str(status)[0]})"
        out.append(
            f"HttpRule {{ status: {spelled}, target: {rust_str(rule.target)}, "
            f"retry_after: {opt(rule.retry_after)}, retriable: {opt(rule.retriable)} }}"
        )
    return out


def field_type(ftype: FieldType) -> tuple[str, str]:
    """``(FieldType::X, items)`` of a field's ``FieldInfo``."""
    items = f"Some(FieldType::{FIELD_TYPES[ftype.items]})" if ftype.items else "None"
    return f"FieldType::{FIELD_TYPES[ftype.name]}", items
