"""Stage 2: a shape-checked catalog document → the frozen `Catalog` IR.

Checks every cross-reference (kinds, fields, placeholders, replacements, mappings,
retired ids, identifier collisions, example values) and records all problems in
one pass. Nodes the shape check rejected are skipped, and so is whatever refers to
them (`checked.py`): a shape mistake hides no other mistake and causes no follow-up.
A code's `retriable` is settled here, once, for every target: its own value, else
its kind's `retryable`. The fingerprint is computed last, from the normalized IR.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from errgen.catalog import compile_envelope, messages, naming
from errgen.catalog.checked import Reader, suggest
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.model import (
    Catalog,
    Channel,
    Code,
    Deprecation,
    Example,
    FailureRule,
    Field,
    FieldType,
    HttpRule,
    Kind,
    Names,
    Policy,
    Provenance,
    Recoverable,
    Retired,
    Retriable,
    Witness,
    constructor_params,
)
from errgen.catalog.values import type_error
from errgen.catalog.yamlsrc import Document, JsonPath

RESERVED_FIELDS = frozenset({"code", "message", "provenance", "isError", "retriable", "_meta"})
_BOOL_WORDS = {True: "yes", False: "no"}


class _Compiler(Reader):
    unsure: set[str]  # codes whose fields or message the shape check rejected: their examples go unchecked

    def run(self) -> Catalog:
        self.unsure = set()
        meta = self.getter(("catalog",), self.raw.get("catalog"))
        name = meta("name", "catalog")
        kinds = self.kinds()
        env = compile_envelope.envelope(self)
        fields = compile_envelope.field_keys(self, env, self.fields())
        codes = self.codes(fields, kinds)
        catalog = Catalog(
            name=name,
            version=meta("version", "0.0.0"),
            title=meta("title", name),
            description=meta("description", ""),
            docs_url=meta("docs_url"),
            prefix=meta("prefix"),
            source=self.doc.path,
            envelope=env,
            fields=fields,
            kinds=kinds,
            default_kind=self.kind_ref(("default_kind",), kinds),
            policies=self.policies(kinds),
            codes=codes,
            classification_http=self.http_rules(("classification", "http"), "kind", kinds),
            classification_failures=self.failure_rules(("classification", "failures"), kinds),
            mapping_http=self.http_rules(("mappings", "http"), "code", codes),
            mapping_failures=self.failure_rules(("mappings", "failures"), codes),
            mapping_default=self.code_ref(("mappings", "default"), codes),
            retired=self.retired(codes),
            names=naming.names(name),
        )
        self.check_replacements(catalog)
        return catalog

    # -- declarations -------------------------------------------------------

    def fields(self) -> dict[str, Field]:
        out: dict[str, Field] = {}
        for name, spec in self.items(("fields",)):
            path = ("fields", name)
            if name in RESERVED_FIELDS:
                self.err(path, f"field name {name!r} is reserved for the envelope", key=True)
            items = spec.get("items")
            if spec["type"] == "array" and items is None:
                self.err(path, f"field {name!r}: type 'array' needs 'items' (string, integer, number or boolean)")
            elif spec["type"] != "array" and items is not None:
                self.err((*path, "items"), f"field {name!r}: 'items' only applies to type 'array'", key=True)
            ftype = FieldType(spec["type"], items if spec["type"] == "array" else None)
            out[name] = Field(name, ftype, spec.get("description", ""), naming.names(name), self.at(path))
        self.collisions("fields", out, lambda n: {"attribute": n.py_attr})
        return out

    def kinds(self) -> dict[str, Kind]:
        out = {
            name: Kind(
                name,
                spec.get("description", ""),
                spec["retryable"],
                spec.get("max_attempts"),
                spec.get("initial_backoff_ms"),
                naming.names(name),
                self.at(("kinds", name)),
            )
            for name, spec in self.items(("kinds",))
        }
        self.collisions("kinds", out, lambda n: {"identifier": n.pascal, "constant": n.constant})
        return out

    def policies(self, kinds: dict[str, Kind]) -> dict[str, Policy]:
        out: dict[str, Policy] = {}
        for name, spec in self.items(("policies",)):
            path = ("policies", name)
            members = tuple(
                k for i, k in enumerate(spec["terminate_on"]) if self.kind_ref((*path, "terminate_on", i), kinds)
            )
            out[name] = Policy(name, spec.get("description", ""), members, naming.names(name), self.at(path))
        self.collisions("policies", out, lambda n: {"identifier": n.snake, "constant": n.constant})
        return out

    # -- codes ----------------------------------------------------------------

    def codes(self, fields: dict[str, Field], kinds: dict[str, Kind]) -> dict[str, Code]:
        raw = self.get(("codes",)) or {}
        out = {
            cid: self.code(cid, spec, fields, kinds, i)
            for i, (cid, spec) in enumerate(raw.items())
            if not self.rejected or not self.hit(("codes", cid))
        }
        self.collisions("codes", out, _code_identifiers)
        return out

    def code(self, cid: str, spec: dict[str, Any], fields: dict[str, Field], kinds: dict[str, Kind], i: int) -> Code:
        """The `i`-th entry of ``codes`` (its rejected keys read as absent)."""
        path: JsonPath = ("codes", cid)
        get = self.getter(path, spec) if self.rejected else spec.get
        message: str | None = get("message")
        if message is None or (self.rejected and self.spoiled((*path, "fields"))):
            self.unsure.add(cid)
        required, optional = self.code_fields(path, get("fields", {}), fields)
        holes = self.placeholders(path, message, fields) if message is not None else ()
        channel = Channel(get("channel", "tool"))
        self.check_channel(path, spec, channel)
        params = constructor_params(required + optional, holes)
        listed = [] if self.hit((*path, "examples")) else spec.get("examples", [])  # rejected ones skipped below
        examples = self.examples(path, listed, cid, message or "", params, required, fields)
        kind = self.kind_ref((*path, "kind"), kinds)
        witness = get("witness")
        return Code(
            id=cid,
            title=get("title") or _humanize(cid),
            when=get("when", ""),
            message=message or "",
            placeholders=holes,
            kind=kind,
            retriable=_retriable(get("retriable"), kinds[kind] if kind else None),
            recoverable=Recoverable(_word(get("recoverable", "no"))),
            next_action=get("next_action", ""),
            ui_meaning=get("ui_meaning", ""),
            channel=channel,
            jsonrpc_code=get("jsonrpc_code"),
            http_status=get("http_status"),
            since=get("since"),
            deprecated=_deprecation(get("deprecated", False)),
            deferred=get("deferred", False),
            required=required,
            optional=optional,
            examples=examples,
            docs=get("docs", ""),
            witness=Witness(witness["tool"], witness.get("input", {})) if witness else None,
            names=naming.names(cid),
            loc=self.doc.child_loc(self.raw["codes"], i, key=True),
        )

    def check_channel(self, path: JsonPath, spec: dict[str, Any], channel: Channel) -> None:
        if self.rejected and (self.spoiled((*path, "channel")) or self.spoiled((*path, "jsonrpc_code"))):
            return
        cid = path[-1]
        if channel is Channel.PROTOCOL and "jsonrpc_code" not in spec:
            self.err(path, f"code {cid!r}: channel 'protocol' needs 'jsonrpc_code' (e.g. -32602)", key=True)
        if channel is Channel.TOOL and "jsonrpc_code" in spec:
            self.err((*path, "jsonrpc_code"), f"code {cid!r}: 'jsonrpc_code' needs channel 'protocol'", key=True)

    def code_fields(
        self, path: JsonPath, spec: dict[str, list[str]], fields: dict[str, Field]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        seen: dict[str, str] = {}
        lists: dict[str, list[str]] = {"required": [], "optional": []}
        for which in ("required", "optional"):
            for i, name in enumerate(spec.get(which, [])):
                where = (*path, "fields", which, i)
                if name not in fields:
                    if not self.spoiled(("fields", name)):
                        hint = suggest(name, fields)
                        self.err(where, f"unknown repair field {name!r}{hint}; declare it under 'fields'")
                elif name in seen:
                    self.err(where, f"repair field {name!r} is listed twice (also in {seen[name]})")
                else:
                    seen[name] = which
                    lists[which].append(name)
        return tuple(lists["required"]), tuple(lists["optional"])

    def placeholders(self, path: JsonPath, template: str, fields: dict[str, Field]) -> tuple[str, ...]:
        try:
            holes = messages.placeholders(template)
        except messages.TemplateError as exc:
            self.err((*path, "message"), f"message template: {exc}")
            return ()
        for name in holes:
            if name not in fields and not self.spoiled(("fields", name)):
                self.err((*path, "message"), f"placeholder {{{name}}} is not a declared field{suggest(name, fields)}")
        return tuple(h for h in holes if h in fields)

    def examples(
        self,
        path: JsonPath,
        raw: list[dict[str, Any]],
        cid: str,
        template: str,
        params: tuple[str, ...],
        required: tuple[str, ...],
        fields: dict[str, Field],
    ) -> tuple[Example, ...]:
        out: list[Example] = []
        for i, values in enumerate(raw):
            where = (*path, "examples", i)
            if self.rejected and self.spoiled(where):
                continue
            for key, value in values.items():
                if key not in params:
                    if cid not in self.unsure and not self.spoiled(("fields", key)):
                        why = f"{key!r} is not a field of this code"
                        self.err((*where, key), f"example {i + 1} of {cid!r}: {why}", key=True)
                elif problem := type_error(fields[key].type, value):
                    self.err((*where, key), f"example {i + 1} of {cid!r}: field {key!r} {problem}")
                elif value is None:  # an `any` field
                    why = "is null, which the runtimes read as not given; leave it out"
                    self.err((*where, key), f"example {i + 1} of {cid!r}: field {key!r} {why}")
            missing = [f for f in required if f not in values]
            if missing:
                self.err(where, f"example {i + 1} of {cid!r} lacks required field(s): {', '.join(missing)}")
            out.append(Example(values, template, self.doc.child_loc(raw, i)))
        return tuple(out)

    # -- mappings and lifecycle ------------------------------------------------

    def http_rules(self, path: JsonPath, target: str, known: dict[str, Any]) -> tuple[HttpRule, ...]:
        out: list[HttpRule] = []
        seen: dict[tuple[int | str, bool | None], int] = {}
        for i, rule in enumerate(self.get(path) or []):
            where = (*path, i)
            if self.hit(where):
                continue
            ok = (self.kind_ref if target == "kind" else self.code_ref)((*where, target), known)
            if self.spoiled(where):  # a rejected status or flag: the reference is all there is to check
                continue
            statuses = tuple(rule["status"] if isinstance(rule["status"], list) else [rule["status"]])
            for status in statuses:
                key = (status, rule.get("retry_after"))
                if key in seen:
                    self.err((*where, "status"), f"status {status} is already matched by rule {seen[key] + 1}")
                seen[key] = i
            if ok and target == "code":
                self.check_mappable((*where, target), known[rule[target]], supplies=("status", "original"))
            if ok:
                out.append(
                    HttpRule(
                        statuses, rule[target], rule.get("retry_after"), rule.get("retriable"), self.doc.loc(where)
                    )
                )
        return tuple(out)

    def failure_rules(self, path: JsonPath, known: dict[str, Any]) -> tuple[FailureRule, ...]:
        out: list[FailureRule] = []
        for failure, rule in self.items(path):
            where = (*path, failure)
            if isinstance(rule, str):
                if self.kind_ref(where, known):
                    out.append(FailureRule(failure, rule, None, self.at(where)))
            elif self.code_ref((*where, "code"), known):
                self.check_mappable((*where, "code"), known[rule["code"]], supplies=("original",))
                out.append(FailureRule(failure, rule["code"], rule.get("retriable"), self.at(where)))
        return tuple(out)

    def check_mappable(self, path: JsonPath, code: Code, supplies: tuple[str, ...]) -> None:
        missing = [f for f in code.required if f not in supplies]
        if missing and code.id not in self.unsure:
            self.err(path, f"code {code.id!r} requires {', '.join(missing)}, which this mapping cannot supply")

    def retired(self, codes: dict[str, Code]) -> dict[str, Retired]:
        out: dict[str, Retired] = {}
        declared = self.declared("codes")
        for rid, spec in self.items(("retired",)):
            path = ("retired", rid)
            if rid in declared:
                first = self.at(("codes", rid))
                self.err(
                    path, f"retired id {rid!r} is reused by a code at {first.line}:{first.col}; pick a new id", key=True
                )
            if "replaced_by" in spec:
                self.code_ref((*path, "replaced_by"), codes, runtime=False)
            out[rid] = Retired(rid, spec.get("since"), spec.get("reason", ""), spec.get("replaced_by"), self.at(path))
        return out

    def check_replacements(self, catalog: Catalog) -> None:
        for code in catalog.codes.values():
            target = code.deprecated.replaced_by if code.deprecated else None
            if target is None:
                continue
            path = ("codes", code.id, "deprecated", "replaced_by")
            if target == code.id:
                self.err(path, f"code {code.id!r} cannot be replaced by itself")
            elif target not in catalog.codes and not self.spoiled(("codes", target)):
                self.err(path, f"replaced_by {target!r} is not a code{suggest(target, self.declared('codes'))}")


def compile_catalog(doc: Document, diags: Diagnostics) -> Catalog | None:
    """Compile a shape-checked document; None if the shape check rejected part of it or any error was recorded.

    The well-formed parts of a rejected document are still checked, so one run reports every mistake.
    """
    before = len([d for d in diags.items if d.level == "error"])
    catalog = _Compiler(doc, diags).run()
    if doc.rejected or len([d for d in diags.items if d.level == "error"]) > before:
        return None
    from errgen.catalog.normalize import fingerprint

    return replace(catalog, provenance=Provenance(catalog.name, catalog.version, fingerprint(catalog)))


def _code_identifiers(n: Names) -> dict[str, str]:
    """The identifiers of a code that must be unique in the catalog, by style."""
    return {"class": n.pascal, "Python class": n.py_class, "function": n.snake, "constant": n.constant, "TS": n.camel}


def _humanize(cid: str) -> str:
    """Default title: ``BAD_REQUEST`` → ``Bad request``."""
    text = " ".join(naming.words(cid)).lower()
    return text[:1].upper() + text[1:] if text else cid


def _word(value: Any) -> str:
    return _BOOL_WORDS[value] if isinstance(value, bool) else str(value)


def _retriable(value: Any, kind: Kind | None) -> Retriable:
    """The code's own ``retriable`` when it says one; else its kind's ``retryable``; else no."""
    if value is not None:
        return Retriable(_word(value))
    return Retriable.YES if kind is not None and kind.retryable else Retriable.NO


def _deprecation(value: Any) -> Deprecation | None:
    if value is False:
        return None
    if value is True:
        return Deprecation(None, None, "")
    return Deprecation(value.get("since"), value.get("replaced_by"), value.get("reason", ""))


__all__ = ["RESERVED_FIELDS", "Names", "compile_catalog"]
