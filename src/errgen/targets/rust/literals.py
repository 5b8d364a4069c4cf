"""Rust literals of catalog data: strings, docs, types and the tables `lib.rs` declares.

Every catalog text reaches the Rust sources through `rust_str` (a string literal that reads
back exactly that text) or `doc` (a ``#[doc = "…"]`` attribute of one line).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from errgen.catalog.model import Catalog, Code, FailureRule, Field, FieldType, HttpRule, Kind
from errgen.targets.common.escape import invisible

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
_SPECIAL = re.compile(r'[\\"\n\r\t\0]')

# How a field of each wire type is held by a struct.
HELD = {
    "string": "String", "integer": "i64", "number": "f64", "boolean": "bool",
    "object": "JsonMap", "range": "Range", "any": "Json",
}  # fmt: skip
FIELD_TYPES = {
    "string": "String", "integer": "Integer", "number": "Number", "boolean": "Boolean",
    "array": "Array", "object": "Object", "range": "Range", "any": "Any",
}  # fmt: skip
RETRIABLE = {"yes": "Retriable::Yes", "no": "Retriable::No", "conditional": "Retriable::Conditional"}
RECOVERABLE = {"yes": "Recoverable::Yes", "no": "Recoverable::No", "sometimes": "Recoverable::Sometimes"}


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
    return f"Some({rust_str(value) if isinstance(value, str) else integer(value) if isinstance(value, int) else value})"


def integer(value: int) -> str:
    """An integer literal clippy's `unreadable_literal` accepts: digits grouped by three beyond five (2_147_483_647)."""
    digits = str(abs(value))
    if len(digits) > 5:
        digits = f"{abs(value):_}"
    return ("-" if value < 0 else "") + digits


def strs(items: tuple[str, ...] | list[str]) -> str:
    """``&["a", "b"]``."""
    return "&[" + ", ".join(rust_str(item) for item in items) + "]"


def held_type(ftype: FieldType) -> str:
    """The Rust type of a value of this wire type."""
    if ftype.name == "array":
        return f"Vec<{HELD[ftype.items or 'string']}>"
    return HELD[ftype.name]


def taken(ftype: FieldType, ident: str) -> tuple[str, str]:
    """The type `new` or a setter takes a value of this wire type as, and the expression that stores it."""
    if ftype.name == "string":
        return "impl Into<String>", f"{ident}.into()"
    if ftype.name == "any":
        return "impl Into<Json>", f"{ident}.into()"
    if ftype.name == "array" and (ftype.items or "string") == "string":
        return "impl IntoIterator<Item = impl Into<String>>", f"{ident}.into_iter().map(Into::into).collect()"
    return held_type(ftype), ident


def wire_template(catalog: Catalog, code: Code) -> str:
    """The code's message template with placeholders named by their wire keys."""
    from errgen.catalog import icu, messages

    if not icu.is_plain(code.message):
        return icu.rekey(code.message, {name: f.wire for name, f in catalog.fields.items()})
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


def code_info(catalog: Catalog, code: Code, kind: Callable[[str], str]) -> list[str]:
    """The members of the code's ``CodeInfo`` row that differ from ``CodeInfo::DEFAULT``, in declaration order."""
    wire = {name: f.wire for name, f in catalog.fields.items()}
    extras = [wire.get(n, n) for n in code.params if n not in code.fields]
    members = [
        ("code", rust_str(code.id)),
        ("title", rust_str(code.title) if code.title else ""),
        ("when", rust_str(code.when) if code.when else ""),
        ("message", rust_str(wire_template(catalog, code)) if code.message else ""),
        ("kind", f"Some(ErrorKind::{kind(code.kind)})" if code.kind else ""),
        ("retriable", RETRIABLE[code.retriable.value] if code.retriable.value != "no" else ""),
        ("recoverable", RECOVERABLE[code.recoverable.value] if code.recoverable.value != "no" else ""),
        ("next_action", rust_str(code.next_action) if code.next_action else ""),
        ("ui_meaning", rust_str(code.ui_meaning) if code.ui_meaning else ""),
        ("channel", "Channel::Protocol" if code.channel.value == "protocol" else ""),
        ("jsonrpc_code", opt(code.jsonrpc_code) if code.jsonrpc_code is not None else ""),
        ("http_status", opt(code.http_status) if code.http_status is not None else ""),
        ("deprecated", opt(deprecation_text(code)) if code.deprecated else ""),
        ("deferred", "true" if code.deferred else ""),
        ("required", strs([wire[n] for n in code.required]) if code.required else ""),
        ("optional", strs([wire[n] for n in code.optional]) if code.optional else ""),
        ("extras", strs(extras) if extras else ""),
    ]
    return [f"{name}: {value}," for name, value in members if value] + ["..CodeInfo::DEFAULT"]


def kind_info(kind: Kind) -> list[str]:
    """The members of a kind's ``KindInfo`` literal (each with its comma)."""
    return [
        f"name: {rust_str(kind.name)},",
        f"retryable: {str(kind.retryable).lower()},",
        f"max_attempts: {opt(kind.max_attempts)},",
        f"initial_backoff_ms: {opt(kind.initial_backoff_ms)},",
        f"description: {rust_str(kind.description)},",
    ]


def http_rules(rules: tuple[HttpRule, ...], target: Callable[[str], str]) -> list[str]:
    """``HttpRule { … }`` literals, one per status, exact statuses first (declared order), then classes."""
    flat = [(status, rule) for rule in rules for status in rule.statuses]
    ordered = [p for p in flat if isinstance(p[0], int)] + [p for p in flat if not isinstance(p[0], int)]
    out = []
    for status, rule in ordered:
        spelled = f"Status::Exact({status})" if isinstance(status, int) else f"Status::Class({str(status)[0]})"
        out.append(
            f"HttpRule {{ status: {spelled}, target: {target(rule.target)}, "
            f"retry_after: {opt(rule.retry_after)}, retriable: {opt(rule.retriable)} }}"
        )
    return out


def failure_rules(rules: tuple[FailureRule, ...], target: Callable[[str], str]) -> list[str]:
    """``FailureRule { … }`` literals in declared order."""
    return [
        f"FailureRule {{ failure: {rust_str(r.failure)}, target: {target(r.target)}, retriable: {opt(r.retriable)} }}"
        for r in rules
    ]


def field_info(field: Field) -> str:
    """A field's ``FieldInfo`` literal."""
    return f"FieldInfo {{ key: {rust_str(field.wire)}, kind: FieldType::{FIELD_TYPES[field.type.name]} }}"
