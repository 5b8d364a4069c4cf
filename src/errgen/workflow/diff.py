"""Breaking-change detection between two versions of a catalog (buf-breaking style).

Named rules, each in one or more categories:

* WIRE: what a deployed client or server sees changes (payload shape, semantics).
* SOURCE: code written against the generated Python/TypeScript stops compiling.

Findings point at the current catalog (for removals: the enclosing key), so CI
annotations land on a line of the pull request. Identifiers are compared against
the previous version's committed ``identity.txt`` when there is one, which is how
a change of errgen's naming rules is caught (go-kratos #1618).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from errgen.catalog.diagnostics import Diagnostic, Diagnostics, Loc
from errgen.catalog.located import Located
from errgen.catalog.model import Catalog, Code, Envelope, FieldType
from errgen.targets.go.names import go_names
from errgen.targets.rust import names as rust_names

WIRE, SOURCE = "wire", "source"
CATEGORIES = (WIRE, SOURCE)


@dataclass(frozen=True)
class BreakingRule:
    """A breaking-change rule: id, categories it belongs to, one-line summary."""

    id: str
    categories: frozenset[str]
    summary: str


def _rule(rule_id: str, categories: tuple[str, ...], summary: str) -> BreakingRule:
    return BreakingRule(rule_id, frozenset(categories), summary)


RULES: dict[str, BreakingRule] = {
    r.id: r
    for r in (
        _rule("code-removed", (WIRE, SOURCE), "a code was removed without being retired"),
        _rule("retired-id-reused", (WIRE,), "a code reuses a retired id"),
        _rule("retired-id-removed", (WIRE,), "a retired id was dropped from 'retired' (it could then be reused)"),
        _rule("kind-changed", (WIRE,), "a code's kind changed"),
        _rule("retriable-changed", (WIRE,), "a code's retriable changed"),
        _rule("http-status-changed", (WIRE,), "a code's HTTP status changed"),
        _rule("channel-changed", (WIRE,), "a code's channel or JSON-RPC code changed"),
        _rule("field-removed", (WIRE, SOURCE), "a repair field was removed from a code"),
        _rule("field-type-changed", (WIRE, SOURCE), "a repair field's type changed"),
        _rule("field-newly-required", (WIRE, SOURCE), "a code requires a field it did not require"),
        _rule("field-no-longer-required", (WIRE, SOURCE), "a required field of a code became optional"),
        _rule("placeholders-changed", (WIRE, SOURCE), "a message's placeholders changed"),
        _rule("identifier-changed", (SOURCE,), "a generated identifier (class, function, module) changed"),
        _rule("wire-shape-changed", (WIRE,), "the wire shape changed (discriminator, casing, metadata, provenance, …)"),
        _rule("problem-type-changed", (WIRE,), "a code's RFC 9457 problem type URI changed"),
        _rule("reason-changed", (WIRE,), "a code's AIP-193 ErrorInfo reason changed"),
        _rule("grpc-code-changed", (WIRE,), "a code's canonical gRPC code changed"),
        _rule("domain-changed", (WIRE,), "the catalog's AIP-193 ErrorInfo domain changed"),
    )
}


@dataclass(frozen=True)
class Identity:
    """Generated identifiers per code and field (the content of ``identity.txt``)."""

    catalog: str | None
    codes: dict[str, tuple[str, ...]]  # id -> class, function, constant, ts, python class, go, rust ("" unknown)
    fields: dict[str, str]  # field -> python attribute


def identity_of(catalog: Catalog) -> Identity:
    """The identifiers errgen derives for `catalog` today."""
    codes = {c.id: c.names for c in catalog.codes.values()}
    go, rust = go_names(catalog).codes, rust_names.names(catalog).codes
    return Identity(
        catalog.name,
        {cid: (n.pascal, n.snake, n.constant, n.camel, n.py_class, go[cid].type, rust[cid])
         for cid, n in codes.items()},
        {f.name: f.names.py_attr for f in catalog.fields.values()},
    )


def parse_identity(text: str) -> Identity:
    """Read an ``identity.txt`` of the ``catalog`` target (older ones lack the Python class, Go or Rust type)."""
    import json

    codes: dict[str, tuple[str, ...]] = {}
    fields: dict[str, str] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("#"):
            section = line.split("|")[0].strip("# ").strip()
            continue
        parts = [p.strip() for p in line.split(" | ")]
        if not line.startswith('"'):
            continue
        if section == "code id" and 5 <= len(parts) <= 8:
            codes[json.loads(parts[0])] = (*parts[1:], *[""] * (8 - len(parts)))  # "": a column it lacks
        elif section == "field" and len(parts) == 2:
            fields[json.loads(parts[0])] = parts[1]
    return Identity(None, codes, fields)


def compare(
    old: Located, new: Located, *, old_identity: Identity | None = None, category: str = "all"
) -> list[Diagnostic]:
    """Breaking changes from `old` to `new` in `category` (``wire``, ``source`` or ``all``), in file order."""
    identity = identity_of(old.catalog)
    if old_identity is not None:
        identity = replace(old_identity, catalog=old_identity.catalog or old.catalog.name)
    diags = Diagnostics()
    _Differ(old, new, identity, diags).run()
    wanted = set(CATEGORIES) if category == "all" else {category}
    return [d for d in diags.sorted() if RULES[d.rule].categories & wanted]


def _type_label(ftype: FieldType) -> str:
    return f"list of {ftype.items}s" if ftype.name == "array" else ftype.name


def _show(value: object) -> str:
    return "(none)" if value is None else str(value)


class _Differ:
    def __init__(self, old: Located, new: Located, identity: Identity, diags: Diagnostics) -> None:
        self.old, self.new, self.identity, self.diags = old, new, identity, diags
        self.a, self.b = old.catalog, new.catalog

    def report(self, loc: Loc, rule: str, message: str) -> None:
        self.diags.error(loc, message, rule)

    def at(self, code: Code, key: str) -> Loc:
        return self.new.at("codes", code.id, key, fallback=code.loc)

    def run(self) -> None:
        self.lifecycle()
        for old in self.a.codes.values():
            new = self.b.codes.get(old.id)
            if new is not None:
                self.semantics(old, new)
                self.channels(old, new)
                self.fields(old, new)
        self.field_types()
        self.identifiers()
        self.wire_shape()
        self.domain()

    def lifecycle(self) -> None:
        for cid in self.a.codes:
            if cid not in self.b.codes and cid not in self.b.retired:
                message = (
                    f"code {cid!r} was removed without being retired; list it under 'retired' "
                    f"so clients learn it is gone and the id is never reused"
                )
                self.report(self.new.at("codes"), "code-removed", message)
        for rid, retired in self.a.retired.items():
            if rid in self.b.codes:
                since = f" (retired since {retired.since})" if retired.since else ""
                message = f"code {rid!r} reuses a retired id{since}; old clients read it with the old meaning"
                self.report(self.b.codes[rid].loc, "retired-id-reused", message + ", pick a new id")
            elif rid not in self.b.retired:
                message = f"retired id {rid!r} was dropped from 'retired'; keep it listed so it is never reused"
                self.report(self.new.at("retired"), "retired-id-removed", message)

    def semantics(self, old: Code, new: Code) -> None:
        checks = (
            ("kind", "kind-changed", "kind", old.kind, new.kind),
            ("retriable", "retriable-changed", "retriable", old.retriable.value, new.retriable.value),
            ("http_status", "http-status-changed", "HTTP status", old.http_status, new.http_status),
        )
        for key, rule, label, before, after in checks:
            if before != after:
                message = f"{label} of code {new.id!r} changed from {_show(before)} to {_show(after)}"
                self.report(self.at(new, key), rule, message)
        if (old.channel, old.jsonrpc_code) != (new.channel, new.jsonrpc_code):
            key = "channel" if old.channel != new.channel else "jsonrpc_code"
            message = f"channel of code {new.id!r} changed from {_channel(old)} to {_channel(new)}"
            self.report(self.at(new, key), "channel-changed", message)
        if set(old.placeholders) != set(new.placeholders):
            message = f"message placeholders of code {new.id!r} changed from {_holes(old)} to {_holes(new)}"
            self.report(self.at(new, "message"), "placeholders-changed", message)

    def channels(self, old: Code, new: Code) -> None:
        """The values clients switch on beside MCP: type URI, reason, gRPC code (status: http-status-changed)."""
        before, after = self.a.channels.codes.get(old.id), self.b.channels.codes.get(new.id)
        if before is None or after is None:
            return
        checks = (
            ("problem_type", "problem-type-changed", "problem type URI", before.problem_type, after.problem_type),
            ("reason", "reason-changed", "ErrorInfo reason", before.reason, after.reason),
            ("grpc_code", "grpc-code-changed", "gRPC code", before.grpc, after.grpc),
        )
        for key, rule, label, was, now in checks:
            if was != now:
                self.report(self.at(new, key), rule, f"{label} of code {new.id!r} changed from {was} to {now}")

    def domain(self) -> None:
        was, now = self.a.channels.domain, self.b.channels.domain
        if was != now:
            where = self.new.at("channels", "domain", fallback=self.new.at("catalog"))
            message = f"ErrorInfo domain changed from {was!r} to {now!r}: clients match reasons within a domain"
            self.report(where, "domain-changed", message)

    def fields(self, old: Code, new: Code) -> None:
        where = self.at(new, "fields")
        for name in old.fields:
            if name not in new.fields:
                self.report(where, "field-removed", f"repair field {name!r} was removed from code {new.id!r}")
        for name in new.required:
            if name not in old.required:
                was = "optional" if name in old.optional else "absent"
                message = f"repair field {name!r} is now required in code {new.id!r} (was {was})"
                self.report(where, "field-newly-required", message + "; payloads from older servers lack it")
        for name in old.required:
            if name in new.optional:
                message = f"repair field {name!r} of code {new.id!r} became optional; clients that read it may fail"
                self.report(where, "field-no-longer-required", message)

    def wire_shape(self) -> None:
        before, after = _wire_options(self.a.envelope), _wire_options(self.b.envelope)
        for option, old in before.items():
            if after[option] != old:
                where = self.new.at("envelope", option, fallback=self.new.at("envelope"))
                message = f"envelope {option} changed from {old} to {after[option]}: every payload changes shape"
                self.report(where, "wire-shape-changed", message)

    def field_types(self) -> None:
        for name, new in self.b.fields.items():
            old = self.a.fields.get(name)
            if old is None or old.type == new.type:
                continue
            users = [c.id for c in self.b.codes.values() if name in c.params and name in self._old_params(c.id)]
            if users:
                message = (
                    f"type of repair field {name!r} changed from {_type_label(old.type)} to "
                    f"{_type_label(new.type)} (used by {', '.join(repr(u) for u in users)})"
                )
                self.report(self.new.at("fields", name, "type", fallback=new.loc), "field-type-changed", message)

    def _old_params(self, cid: str) -> tuple[str, ...]:
        old = self.a.codes.get(cid)
        return old.params if old else ()

    def identifiers(self) -> None:
        before, now = self.identity, identity_of(self.b)
        if before.catalog is not None and before.catalog != self.b.name:
            message = f"catalog {before.catalog!r} was renamed to {self.b.name!r}"
            self.report(
                self.new.at("catalog", "name"),
                "identifier-changed",
                message + ": generated modules, files and imports change name",
            )
        styles = ("class", "function", "constant", "TS name", "Python class", "Go type", "Rust type")
        for cid, old_names in before.codes.items():
            new_names = now.codes.get(cid)
            if new_names is None:
                continue
            pairs = zip(styles, old_names, new_names, strict=True)
            changes = [f"{s} {o} → {n}" for s, o, n in pairs if o != n and o]  # "": not recorded (an older file)
            if not changes:
                continue
            message = f"generated identifiers of code {cid!r} changed: {', '.join(changes)}"
            self.report(self.b.codes[cid].loc, "identifier-changed", message)
        for name, old_attr in before.fields.items():
            new_attr = now.fields.get(name)
            if new_attr is not None and new_attr != old_attr:
                message = f"Python attribute of field {name!r} changed: {old_attr} → {new_attr}"
                self.report(self.b.fields[name].loc, "identifier-changed", message)


def _wire_options(env: Envelope) -> dict[str, str]:
    """The envelope options that decide the payload's shape, each as the text a finding shows."""
    metadata = ", ".join(
        f"{m.name} as {m.key!r}" + (" when recoverable" if m.when != "always" else "") for m in env.metadata
    )
    return {
        "discriminator": repr(env.discriminator),
        "casing": env.casing.value,
        "metadata": metadata or "none",
        "provenance": env.provenance_mode.value,
        "mirror_is_error": str(env.mirror_is_error).lower(),
        "structured_content": str(env.structured_content).lower(),
    }


def _channel(code: Code) -> str:
    return f"protocol (JSON-RPC {code.jsonrpc_code})" if code.jsonrpc_code is not None else code.channel.value


def _holes(code: Code) -> str:
    return ", ".join(f"{{{p}}}" for p in code.placeholders) or "none"


def rule_ids(category: str = "all") -> Iterator[str]:
    """Rule ids in `category`, in declared order."""
    for rule in RULES.values():
        if category == "all" or category in rule.categories:
            yield rule.id
