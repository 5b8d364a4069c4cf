"""Go literals and declarations of one catalog: its tables for the runtime and its error structs.

Everything is printed so that ``gofmt`` leaves it unchanged without a Go toolchain: composite
literals are one line each (gofmt aligns the values of consecutive keyed lines), every struct
field has a doc comment line (which ends gofmt's column alignment), constants stand alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from errgen.catalog import messages
from errgen.catalog.model import Catalog, Code, FailureRule, Field, HttpRule, Retriable
from errgen.targets import code_docs
from errgen.targets.escape import comment_text, json_string
from errgen.targets.go_names import META_FIELDS, GoNames

GO_ITEM = {"string": "string", "integer": "int64", "number": "float64", "boolean": "bool"}


def lit(value: Any) -> str:
    """A Go literal of a string, bool, int or list of strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        return "[]string{" + ", ".join(lit(v) for v in value) + "}"
    return json_string(str(value))


def go_type(field: Field, *, optional: bool) -> str:
    """The Go type of a repair field: pointers for optional scalars, nil slices, objects and values for absent."""
    name = field.type.name
    if name == "array":
        return "[]" + GO_ITEM[field.type.items or "string"]
    if name == "object":
        return "*Object"
    if name == "any":
        return "any"
    base = "Range" if name == "range" else GO_ITEM[name]
    return "*" + base if optional else base


def field_tag(field: Field) -> str:
    """The field type the runtime checks values against (``string``, ``integer[]``, …)."""
    return f"{field.type.items}[]" if field.type.name == "array" else field.type.name


@dataclass(frozen=True)
class Member:
    """One struct field: doc comment, Go name, type and json tag."""

    doc: str
    name: str
    type: str
    tag: str


def _tag(key: str, optional: bool) -> str:
    return f'`json:"{key}{",omitempty" if optional else ""}"`'


def _field_member(catalog: Catalog, names: GoNames, name: str, optional: bool) -> Member:
    field = catalog.fields[name]
    about = f": {field.description}" if field.description.strip() else "."
    doc = comment_text(f"{names.fields[name]} is the repair field {field.wire}{about}")
    return Member(doc, names.fields[name], go_type(field, optional=optional), _tag(field.wire, optional))


def error_members(catalog: Catalog, names: GoNames, code: Code) -> list[Member]:
    """The fields of a code's error struct, in wire order."""
    env = catalog.envelope
    out = [Member("Message is the rendered, scrubbed message.", "Message", "string", _tag("message", False))]
    for meta in env.metadata:
        if not meta.carried_by(code):
            continue
        if meta.name == "retriable":
            doc = "Retriable says whether the call may be retried unchanged."
            out.append(Member(doc, "Retriable", "bool", _tag(meta.key, False)))
        else:
            doc = comment_text(f"{META_FIELDS[meta.name]} is the code's {meta.name} ({meta.key} on the wire).")
            out.append(Member(doc, META_FIELDS[meta.name], "string", _tag(meta.key, False)))
    out += [_field_member(catalog, names, n, n in code.optional) for n in code.fields]
    if env.provenance:
        optional = env.provenance_mode.value == "optional"
        doc = "Provenance is the stamp of the catalog build that produced the error."
        out.append(Member(doc, "Provenance", "*Provenance" if optional else "Provenance", _tag("provenance", optional)))
    return out


def args_members(catalog: Catalog, names: GoNames, code: Code) -> list[Member]:
    """The fields of a code's constructor argument struct: repair fields, message values, retriable."""
    out = [_field_member(catalog, names, n, n not in code.required) for n in code.params]
    if catalog.envelope.retriable:
        doc = "Retriable overrides the code's default retriable when set."
        out.append(Member(doc, "Retriable", "*bool", _tag(catalog.envelope.retriable.key, True)))
    return out


def code_doc(catalog: Catalog, code: Code, type_name: str) -> list[str]:
    """The doc comment lines of a code's error struct."""
    lines = [f"{type_name} is the error of code {code.id}{code_docs.title(code)}.", "", *code_docs.body(code)]
    if code.deprecated:
        lines += ["", deprecated(code)]
    return [comment_text(line) for line in lines]


def deprecated(code: Code) -> str:
    """The ``Deprecated:`` paragraph of a deprecated code (plain text)."""
    dep = code.deprecated
    assert dep is not None
    parts = [f"since {dep.since}" if dep.since else "", f"use {dep.replaced_by} instead" if dep.replaced_by else ""]
    said = "; ".join(p for p in parts if p)
    return f"Deprecated: {said + '. ' if said else ''}{dep.reason}".strip()


def _parts(catalog: Catalog, template: str) -> list[str]:
    """The template split into literals and placeholder wire keys, alternating."""
    out: list[str] = []
    for literal, name in messages.parse(template):
        out.append(literal)
        if name is not None:
            out.append(catalog.fields[name].wire if name in catalog.fields else name)
    return out


def code_info(catalog: Catalog, code: Code) -> str:
    """A code's `rt.CodeInfo` literal, on one line."""
    wire = {f.name: f.wire for f in catalog.fields.values()}
    dep = code.deprecated
    deprecation = (
        "nil"
        if dep is None
        else f"&rt.Deprecation{{Since: {lit(dep.since or '')}, ReplacedBy: {lit(dep.replaced_by or '')}, "
        f"Reason: {lit(dep.reason)}}}"
    )
    texts = [(m.key, m.value(code)) for m in catalog.envelope.texts if m.carried_by(code)]
    members = {
        "Code": lit(code.id), "Title": lit(code.title), "When": lit(code.when), "Message": lit(code.message),
        "Kind": lit(code.kind or ""), "Retriable": lit(code.retriable.value),
        "Recoverable": lit(code.recoverable.value), "NextAction": lit(code.next_action),
        "UIMeaning": lit(code.ui_meaning), "Channel": lit(code.channel.value),
        "JSONRPCCode": lit(code.jsonrpc_code or 0),
        "HTTPStatus": lit(code.http_status or 0), "Since": lit(code.since or ""), "Deprecated": deprecation,
        "Deferred": lit(code.deferred), "Required": lit([wire[n] for n in code.required]),
        "Optional": lit([wire[n] for n in code.optional]), "Docs": lit(code.docs),
        "Parts": lit(_parts(catalog, code.message)),
        "Wire": "[][2]string{" + ", ".join(f"{{{lit(k)}, {lit(str(v))}}}" for k, v in texts) + "}",
    }  # fmt: skip
    return "{" + ", ".join(f"{k}: {v}" for k, v in members.items()) + "}"


def _flag(value: bool | None) -> str:
    return "rt.Unset" if value is None else "rt.True" if value else "rt.False"


def http_rules(rules: tuple[HttpRule, ...]) -> list[str]:
    """`rt.Rule` literals: exact statuses first, then classes."""
    exact: list[str] = []
    classes: list[str] = []
    for rule in rules:
        for status in rule.statuses:
            is_class = isinstance(status, str)
            number = int(str(status)[0]) if is_class else status
            text = (
                f"{{Status: {number}, Class: {lit(is_class)}, RetryAfter: {_flag(rule.retry_after)}, "
                f"Retriable: {_flag(rule.retriable)}, Target: {lit(rule.target)}}}"
            )
            (classes if is_class else exact).append(text)
    return exact + classes


def failure_rules(rules: tuple[FailureRule, ...]) -> list[str]:
    """`rt.FailureRule` literals."""
    return [
        f"{{Failure: {lit(r.failure)}, Retriable: {_flag(r.retriable)}, Target: {lit(r.target)}}}" for r in rules
    ]


def envelope(catalog: Catalog) -> str:
    """The catalog's `rt.Envelope` literal."""
    env = catalog.envelope
    flags = {
        "Discriminator": lit(env.discriminator),
        "Retriable": lit(env.retriable.key if env.retriable else ""),
        "Provenance": lit(env.provenance_mode.value),
        "StructuredContent": lit(env.structured_content),
        "ToolFailureMeta": lit(env.tool_failure_meta),
        "MirrorIsError": lit(env.mirror_is_error),
        "StructuredIsError": lit(env.structured_is_error),
    }
    return "rt.Envelope{" + ", ".join(f"{k}: {v}" for k, v in flags.items()) + "}"


def kinds(catalog: Catalog) -> list[str]:
    """`rt.KindInfo` literals."""
    return [
        f"{{Name: {lit(k.name)}, Retryable: {lit(k.retryable)}, MaxAttempts: {k.max_attempts or 0}, "
        f"InitialBackoffMs: {k.initial_backoff_ms or 0}, Description: {lit(k.description)}}}"
        for k in catalog.kinds.values()
    ]


def policies(catalog: Catalog) -> list[str]:
    """`rt.PolicyInfo` literals; the empty policy ``none`` always exists (first)."""
    rows = [f"{{Name: {lit(p.name)}, Kinds: {lit(p.terminate_on)}}}" for p in catalog.policies.values()]
    return rows if "none" in catalog.policies else ['{Name: "none", Kinds: []string{}}', *rows]


def field_types(catalog: Catalog) -> str:
    """The wire key → field type map literal."""
    pairs = ", ".join(f"{lit(f.wire)}: {lit(field_tag(f))}" for f in catalog.fields.values())
    return "map[string]string{" + pairs + "}"


def retriable_default(code: Code) -> bool:
    """Whether errors of `code` are retriable unless the sender says otherwise."""
    return code.retriable is Retriable.YES


def stamp(catalog: Catalog) -> str:
    """The `rt.Provenance` literal of this build."""
    p = catalog.provenance
    return f"rt.Provenance{{Catalog: {lit(p.catalog)}, Version: {lit(p.version)}, Fingerprint: {lit(p.fingerprint)}}}"


def raw_or_quoted(text: str) -> str:
    """A Go raw string literal when `text` allows one, else an interpreted one."""
    if "`" in text or not text.isprintable() or "\r" in text:
        return json_string(text)
    return f"`{text}`"


def json_lit(value: Any) -> str:
    """Compact JSON of `value` as a Go string literal."""
    return json_string(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
