"""Go literals and declarations of one catalog: its tables for the runtime and its error structs.

Everything is printed so that ``gofmt`` leaves it unchanged without a Go toolchain: what gofmt
aligns is laid out by `go_layout`, in lines of at most 120 characters.
"""

from __future__ import annotations

import json
from typing import Any

from errgen.catalog.model import Catalog, Code, FailureRule, Field, HttpRule
from errgen.targets.common.channels import tables as channel_tables
from errgen.targets.common.escape import json_string
from errgen.targets.go.layout import TAB, Pair, comment, elements, list_pair, string_pair, struct_pair
from errgen.targets.go.names import META_FIELDS, GoNames

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


def _tag(key: str, optional: bool) -> str:
    return f'`json:"{key}{",omitempty" if optional else ""}"`'


def error_members(catalog: Catalog, names: GoNames, code: Code) -> list[tuple[str, str, str]]:
    """``(name, type, tag)`` of each field of a code's error struct, in wire order (rt.Catalog.Keys)."""
    env = catalog.envelope
    out = [("Message", "string", _tag("message", False))]
    if env.retriable:
        out.append(("Retriable", "bool", _tag(env.retriable.key, False)))
    out += [(META_FIELDS[m.name], "string", _tag(m.key, False)) for m in env.texts if m.carried_by(code)]
    for name in code.fields:
        optional, field = name in code.optional, catalog.fields[name]
        out.append((names.fields[name], go_type(field, optional=optional), _tag(field.wire, optional)))
    if env.provenance:
        optional = env.provenance_mode.value == "optional"
        out.append(("Provenance", "*Provenance" if optional else "Provenance", _tag("provenance", optional)))
    return out


def args_members(catalog: Catalog, names: GoNames, code: Code) -> list[tuple[str, str]]:
    """``(name, type)`` of each field of a code's constructor arguments: repair fields, message values, retriable."""
    out = [(names.fields[n], go_type(catalog.fields[n], optional=n not in code.required)) for n in code.params]
    if catalog.envelope.retriable:
        out.append(("Retriable", "*bool"))
    return out


def code_doc(code: Code, type_name: str) -> list[str]:
    """The doc comment of a code's error struct: what it is, when it happens, its semantics."""
    when = f": {code.when.strip().rstrip('.')}." if code.when.strip() else "."
    deferred = " It is deferred (shape-only, no constructor)." if code.deferred else ""
    text = f"{type_name} is code {code.id}{when}{deferred}"
    lines = comment(text)
    if code.deprecated:
        lines += ["//", *comment(deprecated(code))]
    return lines


def deprecated(code: Code) -> str:
    """The ``Deprecated:`` paragraph of a deprecated code (plain text)."""
    dep = code.deprecated
    assert dep is not None
    parts = [f"since {dep.since}" if dep.since else "", f"use {dep.replaced_by} instead" if dep.replaced_by else ""]
    said = "; ".join(p for p in parts if p)
    return f"Deprecated: {said + '. ' if said else ''}{dep.reason}".strip()


def code_info(catalog: Catalog, code: Code, indent: str) -> list[Pair]:
    """A code's `rt.CodeInfo` pairs (zero values left out): its row of the catalog's table, whose
    continuation lines are at `indent`."""
    wire = {f.name: f.wire for f in catalog.fields.values()}
    dep = code.deprecated
    channel = "" if code.channel.value == "tool" else code.channel.value
    pairs = [string_pair("Code", code.id), string_pair("Title", code.title), string_pair("When", code.when),
             string_pair("Message", code.message), string_pair("Kind", code.kind or ""),
             string_pair("Retriable", code.retriable.value), string_pair("Recoverable", code.recoverable.value),
             string_pair("NextAction", code.next_action), string_pair("UIMeaning", code.ui_meaning),
             string_pair("Channel", channel), Pair("JSONRPCCode", lit(code.jsonrpc_code or 0)),
             Pair("HTTPStatus", lit(code.http_status or 0)), string_pair("Since", code.since or "")]  # fmt: skip
    if dep is not None:
        lifecycle = [string_pair("Since", dep.since or ""), string_pair("ReplacedBy", dep.replaced_by or ""),
                     string_pair("Reason", dep.reason)]  # fmt: skip
        pairs.append(struct_pair("Deprecated", "&rt.Deprecation", lifecycle, indent))
    pairs += [Pair("Deferred", lit(code.deferred)), list_pair("Required", [wire[n] for n in code.required]),
              list_pair("Optional", [wire[n] for n in code.optional]), string_pair("Docs", code.docs)]  # fmt: skip
    return [p for p in pairs if p.value not in ('""', "0", "false", "[]string{}")]


def _flag(value: bool | None) -> str:
    return "rt.Unset" if value is None else "rt.True" if value else "rt.False"


def http_rules(rules: tuple[HttpRule, ...]) -> list[list[Pair]]:
    """`rt.Rule` rows: exact statuses first, then classes."""
    exact: list[list[Pair]] = []
    classes: list[list[Pair]] = []
    for rule in rules:
        for status in rule.statuses:
            is_class = isinstance(status, str)
            number = int(str(status)[0]) if is_class else status
            row = [Pair("Status", str(number)), Pair("Class", lit(is_class)),
                   Pair("RetryAfter", _flag(rule.retry_after)), Pair("Retriable", _flag(rule.retriable)),
                   string_pair("Target", rule.target)]  # fmt: skip
            (classes if is_class else exact).append(row)
    return exact + classes


def failure_rules(rules: tuple[FailureRule, ...]) -> list[list[Pair]]:
    """`rt.FailureRule` rows."""
    return [
        [string_pair("Failure", r.failure), Pair("Retriable", _flag(r.retriable)), string_pair("Target", r.target)]
        for r in rules
    ]


def envelope(catalog: Catalog) -> list[Pair]:
    """The catalog's `rt.Envelope` fields."""
    env = catalog.envelope
    texts = [[string_pair("Name", m.name), string_pair("Key", m.key), Pair("Recoverable", lit(m.when != "always"))]
             for m in env.texts]  # fmt: skip
    pairs = [
        string_pair("Discriminator", env.discriminator),
        string_pair("Retriable", env.retriable.key if env.retriable else ""),
        string_pair("Provenance", env.provenance_mode.value),
        Pair("StructuredContent", lit(env.structured_content)),
        Pair("ToolFailureMeta", lit(env.tool_failure_meta)),
        Pair("MirrorIsError", lit(env.mirror_is_error)),
        Pair("StructuredIsError", lit(env.structured_is_error)),
    ]
    if texts:
        pairs.append(Pair("Texts", block=elements("[]rt.Text", texts, "\t\t")))
    return pairs


def channels(catalog: Catalog, indent: str) -> list[Pair]:
    """The catalog's `rt.Channels` fields: per code only what the runtime's rules would not give."""
    t = channel_tables(catalog)

    def pairs(key: str, rows: tuple[tuple[Any, Any], ...], type_name: str) -> Pair:
        items = tuple("{" + ", ".join(json_string(v) if isinstance(v, str) else str(v) for v in r) + "}" for r in rows)
        return Pair(key, f"{type_name}{{{', '.join(items)}}}", items=items)

    out = [
        string_pair("ProblemBase", t.problem_base),
        string_pair("Domain", t.domain),
        pairs("GRPCByStatus", t.grpc_by_status, "[][2]int"),
        pairs("Members", t.members, "[][2]string"),
        pairs("MetadataKeys", t.metadata_keys, "[][2]string"),
        pairs("KindClasses", t.kind_classes, "[][2]string"),
    ]
    rows = [
        [p for p in (string_pair("Code", o.code), string_pair("ProblemType", o.problem_type),
                     string_pair("Reason", o.reason), Pair("GRPC", str(o.grpc)),
                     list_pair("Violations", list(o.violations))) if p.value not in ('""', "0", "[]string{}")]
        for o in t.codes
    ]  # fmt: skip
    if rows:
        out.append(Pair("Codes", block=elements("[]rt.CodeChannel", rows, indent + TAB)))
    return [p for p in out if p.items != ()]


def kinds(catalog: Catalog) -> list[list[Pair]]:
    """`rt.KindInfo` rows."""
    return [
        [string_pair("Name", k.name), Pair("Retryable", lit(k.retryable)),
         Pair("MaxAttempts", str(k.max_attempts or 0)), Pair("InitialBackoffMs", str(k.initial_backoff_ms or 0)),
         string_pair("Description", k.description)]
        for k in catalog.kinds.values()
    ]  # fmt: skip


def policies(catalog: Catalog) -> list[list[Pair]]:
    """`rt.PolicyInfo` rows; the empty policy ``none`` always exists (first)."""
    rows = [[string_pair("Name", p.name), list_pair("Kinds", list(p.terminate_on))] for p in catalog.policies.values()]
    return rows if "none" in catalog.policies else [[string_pair("Name", "none"), list_pair("Kinds", [])], *rows]


def fields(catalog: Catalog) -> list[list[Pair]]:
    """`rt.Field` rows: name, wire key and type of every declared field."""
    return [[string_pair("Name", name), string_pair("Wire", f.wire), string_pair("Type", field_tag(f)),
             *([string_pair("Description", f.description)] if f.description else [])]
            for name, f in catalog.fields.items()]  # fmt: skip


def stamp(catalog: Catalog) -> list[Pair]:
    """The `rt.Provenance` fields of this build."""
    p = catalog.provenance
    return [string_pair("Catalog", p.catalog), string_pair("Version", p.version),
            string_pair("Fingerprint", p.fingerprint)]  # fmt: skip


def raw_or_quoted(text: str) -> str:
    """A Go raw string literal when `text` allows one, else an interpreted one."""
    if "`" in text or not text.isprintable() or "\r" in text:
        return json_string(text)
    return f"`{text}`"


def json_lit(value: Any) -> str:
    """Compact JSON of `value` as a Go string literal."""
    return json_string(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
