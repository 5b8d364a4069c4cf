"""The package's tables as Python literals: codes, fields, HTTP rules, envelope, policies, the sanitizer's rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.catalog import icu, messages, naming
from errgen.catalog.model import Catalog, Code, Field, HttpRule
from errgen.targets.common.channels import tables as channel_tables
from errgen.targets.python.layout import Call, collection, docstring_text, literal, py_string, text_block
from errgen.targets.sanitizer import patterns as rp
from errgen.targets.sanitizer import regex_subset
from errgen.targets.sanitizer import tables as sanitizer_tables


def envelope_args(catalog: Catalog) -> Call:
    """The catalog's ``Envelope(...)``, the wire-shape options at their defaults left out."""
    env = catalog.envelope
    flags = ("retriable_field", "provenance", "mirror_is_error", "structured_content", "tool_failure_meta")
    args: list[tuple[str, str | Call]] = [(f"{name}=", str(getattr(env, name))) for name in flags]
    if env.discriminator != "code":
        args.append(("discriminator=", py_string(env.discriminator)))
    if env.retriable is not None and env.retriable.key != "retriable":
        args.append(("retriable_key=", py_string(env.retriable.key)))
    if env.provenance_mode.value != "required":
        args.append(("provenance_mode=", py_string(env.provenance_mode.value)))
    if env.structured_is_error:
        args.append(("structured_is_error=", "True"))
    if env.message_locale is not None:
        args.append(("message_locale=", py_string(env.message_locale)))
    if env.texts:
        keys = [(f"{m.name}=", py_string(m.key)) for m in env.texts]
        only = tuple(m.name for m in env.texts if m.when == "recoverable")
        keys += [("only_recoverable=", literal(only))] if only else []
        args.append(("metadata=", Call("WireMetadata", tuple(keys))))
    return Call("Envelope", tuple(args))


def policy_ctors(catalog: Catalog) -> list[tuple[str, str, str]]:
    """``(method name, name literal, docstring literal)`` of each named policy's constructor on ``ErrorPolicy``."""
    taken = {"empty", "named", "with_terminal_kind", "classifies_terminal", "terminate_on", "policies"}
    out = []
    for p in catalog.policies.values():
        name = naming.py_safe(p.names.snake)
        while name in taken:
            name += "_"
        taken.add(name)
        doc = " ".join((p.description or f"The {p.name} policy.").split())
        out.append((name, py_string(p.name), docstring_text(doc)))
    return out


def code_info(catalog: Catalog, code: Code) -> Call:
    """The code's ``CodeInfo(...)`` (fields named by their wire keys), arguments at their defaults left out."""
    wire = {name: f.wire for name, f in catalog.fields.items()}
    template = code.message if all(wire.get(n, n) == n for n in code.placeholders) else _rekeyed(code.message, wire)
    dep = code.deprecated
    facts = (("since", dep.since), ("replaced_by", dep.replaced_by), ("reason", dep.reason)) if dep else ()
    deprecation = Call("Deprecation", tuple((f"{k}=", literal(v)) for k, v in facts)) if dep else None
    values: list[tuple[str, Any, Any]] = [
        ("code", code.id, None), ("class_name", code.names.py_class, ""), ("title", code.title, ""),
        ("when", code.when, ""), ("message", template, ""), ("kind", code.kind, None),
        ("retriable", code.retriable.value, "no"), ("recoverable", code.recoverable.value, "no"),
        ("next_action", code.next_action, ""), ("ui_meaning", code.ui_meaning, ""),
        ("channel", code.channel.value, "tool"), ("jsonrpc_code", code.jsonrpc_code, None),
        ("http_status", code.http_status, None), ("since", code.since, None),
        ("deprecated", deprecation, None), ("deferred", code.deferred, False),
        ("required", tuple(wire[n] for n in code.required), ()),
        ("optional", tuple(wire[n] for n in code.optional), ()),
        ("placeholders", tuple(wire.get(n, n) for n in code.placeholders), ()),
        *_channel_values(catalog, code),
    ]  # fmt: skip
    args = tuple((f"{name}=", value if isinstance(value, Call) else literal(value))
                 for name, value, default in values if value != default or name == "code")  # fmt: skip
    return Call("CodeInfo", args)


def _channel_values(catalog: Catalog, code: Code) -> list[tuple[str, Any, Any]]:
    """The code's settled channel values (``CodeInfo`` fields): type URI, reason, gRPC code, violations."""
    ch = catalog.channels.codes[code.id]
    wire = {name: f.wire for name, f in catalog.fields.items()}
    return [
        ("problem_type", ch.problem_type, ""), ("reason", ch.reason, ""), ("grpc", ch.grpc_number, 0),
        ("violations", tuple(wire[n] for n in ch.violations), ()),
    ]  # fmt: skip


def channel_info(catalog: Catalog) -> Call:
    """The catalog's ``ChannelInfo(...)`` (an argument of ``CatalogInfo``, at indent 4), laid out as black does."""
    t = channel_tables(catalog)
    args: list[tuple[str, str | Call]] = [
        ("problem_base=", py_string(t.problem_base)),
        ("domain=", py_string(t.domain)),
        ("", _mapping("grpc_by_status=", t.grpc_by_status)),
    ]
    for name, pairs in (("members", t.members), ("metadata_keys", t.metadata_keys), ("kind_classes", t.kind_classes)):
        if pairs:
            args.append(("", _mapping(f"{name}=", pairs)))
    return Call("ChannelInfo", tuple(args))


def _mapping(prefix: str, pairs: tuple[tuple[Any, Any], ...]) -> str:
    """``name={...}`` as an argument at indent 8: on one line if it fits, else one item per line."""
    items = [f"{literal(k)}: {literal(v)}" for k, v in pairs]
    return collection(8, prefix, items, "{}", ",").removesuffix(",")


def _rekeyed(template: str, wire: dict[str, str]) -> str:
    """`template` with its placeholders named by their wire keys (``{limit_bytes}`` → ``{limitBytes}``)."""
    if not icu.is_plain(template):
        return icu.rekey(template, wire)
    out = []
    for literal_text, name in messages.parse(template):
        out.append(literal_text.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + wire.get(name, name) + "}")
    return "".join(out)


def repair_field(field: Field, attrs: dict[str, str]) -> Call:
    """The field's ``RepairField(...)`` (named by its wire key)."""
    args = (
        ("name=", py_string(field.wire)),
        ("attr=", py_string(attrs[field.name])),
        ("type=", py_string(field.type.name)),
        ("items=", literal(field.type.items)),
        ("description=", py_string(field.description)),
    )
    return Call("RepairField", args)


def http_rules(rules: Any) -> list[str]:
    """``HttpRule(...)`` literals, one per status, exact statuses first (declared order), then classes."""
    flat = [(status, rule) for rule in rules for status in rule.statuses]
    ordered = [p for p in flat if isinstance(p[0], int)] + [p for p in flat if not isinstance(p[0], int)]
    return [text_block(4, "", http_rule(status, rule)) for status, rule in ordered]


def http_rule(status: int | str, rule: HttpRule) -> Call:
    """One ``HttpRule(status, target, retry_after, retriable)``."""
    values = (status, rule.target, rule.retry_after, rule.retriable)
    return Call("HttpRule", tuple(("", literal(v)) for v in values))


@dataclass(frozen=True)
class PyRule:
    """A sanitizer rule as the runtime prints it (literals)."""

    name: str
    pattern: str  # None for a rule whose keys are the text's secret-word runs
    replacement: str
    needles: str  # a tuple literal, laid out as black would at indent 8
    words: str
    value: str  # a key rule's value pattern ("" for another rule)
    checks: str  # … and its checks, a tuple of (group, check, found)
    separator: str  # … and what must follow its key, when its keys are secret-word runs
    bounded: bool  # its pattern opens with ([^…]) for (^|[^…]): run on _START + text


def _bounded(rule: rp.Rule, pattern: str) -> str:
    """A rule's pattern as the Python runtime runs it: a bounded one opens with ([^…]) (`patterns.bounded`)."""
    return regex_subset.check(rp.as_boundary_character(pattern)) if rp.bounded(rule) else pattern


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.targets.sanitizer.patterns) as Python literals."""
    rules = []
    for rule in rp.TEXT_RULES:
        pattern, value = sanitizer_tables.patterns(rule)
        checks = [f"({group}, {index}, {found})" for group, index, found in sanitizer_tables.checks(rule)]
        rules.append(
            PyRule(
                rule.name,
                "None" if rp.finds_keys(rule) else py_string(rp.python_pattern(_bounded(rule, pattern))),
                py_string(rp.python_replacement(rule.replacement)),
                collection(8, "", [py_string(n) for n in rule.needles], suffix=","),
                collection(8, "", [py_string(w) for w in rule.words], suffix=","),
                py_string(rp.python_pattern(value)) if value else "",
                collection(8, "", checks, suffix=",") if checks else "",
                py_string(rp.python_pattern(sanitizer_tables.separator(rule))) if rule.separator else "",
                rp.bounded(rule),
            )
        )
    key_words = collection(0, "_KEY_WORDS = ", [py_string(word) for word in rp.KEY_WORDS])
    tables = sanitizer_tables.tables(py_string, lambda p: py_string(rp.python_pattern(p)))
    return {"rules": rules, "key_words": key_words, **tables}
