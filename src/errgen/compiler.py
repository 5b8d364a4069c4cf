"""Stage 2: a shape-checked catalog document → the frozen `Catalog` IR.

Checks every cross-reference (kinds, fields, placeholders, replacements, mappings,
retired ids, identifier collisions, example values) and records all problems in
one pass. The fingerprint is computed last, from the normalized IR.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from errgen import messages, naming
from errgen.diagnostics import Diagnostics, Loc
from errgen.model import (
    Catalog,
    Channel,
    Code,
    Deprecation,
    Envelope,
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
from errgen.values import type_error
from errgen.yamlsrc import Document, JsonPath

RESERVED_FIELDS = frozenset({"code", "message", "provenance", "isError", "retriable", "_meta"})
_BOOL_WORDS = {True: "yes", False: "no"}


class _Compiler:
    def __init__(self, doc: Document, diags: Diagnostics) -> None:
        self.doc, self.diags, self.raw = doc, diags, doc.data

    def err(self, path: JsonPath, message: str, *, key: bool = False) -> None:
        self.diags.error(self.doc.key_loc(path) if key else self.doc.loc(path), message)

    def at(self, path: JsonPath) -> Loc:
        return self.doc.key_loc(path)

    def run(self) -> Catalog:
        meta = self.raw["catalog"]
        kinds = self.kinds()
        fields = self.fields()
        codes = self.codes(fields, kinds)
        envelope = Envelope(**self.raw.get("envelope", {}))
        catalog = Catalog(
            name=meta["name"],
            version=meta["version"],
            title=meta.get("title", meta["name"]),
            description=meta.get("description", ""),
            docs_url=meta.get("docs_url"),
            prefix=meta.get("prefix"),
            source=self.doc.path,
            envelope=envelope,
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
            names=naming.names(meta["name"]),
        )
        self.check_replacements(catalog)
        return catalog

    # -- declarations -------------------------------------------------------

    def fields(self) -> dict[str, Field]:
        out: dict[str, Field] = {}
        for name, spec in self.raw.get("fields", {}).items():
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
            for name, spec in self.raw.get("kinds", {}).items()
        }
        self.collisions("kinds", out, lambda n: {"identifier": n.pascal, "constant": n.constant})
        return out

    def policies(self, kinds: dict[str, Kind]) -> dict[str, Policy]:
        out: dict[str, Policy] = {}
        for name, spec in self.raw.get("policies", {}).items():
            path = ("policies", name)
            members = tuple(
                k for i, k in enumerate(spec["terminate_on"]) if self.kind_ref((*path, "terminate_on", i), kinds)
            )
            out[name] = Policy(name, spec.get("description", ""), members, naming.names(name), self.at(path))
        self.collisions("policies", out, lambda n: {"identifier": n.snake, "constant": n.constant})
        return out

    def kind_ref(self, path: JsonPath, kinds: dict[str, Kind]) -> str | None:
        name = _get(self.raw, path)
        if name is None:
            return None
        if name not in kinds:
            known = ", ".join(kinds) or "none declared"
            self.err(path, f"unknown kind {name!r}{_suggest(name, kinds)} (kinds: {known})")
            return None
        return str(name)

    def code_ref(self, path: JsonPath, codes: dict[str, Code], *, runtime: bool = True) -> str | None:
        name = _get(self.raw, path)
        if name is None:
            return None
        code = codes.get(name)
        if code is None:
            self.err(path, f"unknown code {name!r}{_suggest(name, codes)}")
            return None
        if runtime and code.deferred:
            self.err(path, f"code {name!r} is deferred (shape-only) and cannot be produced at runtime")
        return str(name)

    # -- codes ----------------------------------------------------------------

    def codes(self, fields: dict[str, Field], kinds: dict[str, Kind]) -> dict[str, Code]:
        raw = self.raw["codes"]
        out = {cid: self.code(cid, spec, fields, kinds, i) for i, (cid, spec) in enumerate(raw.items())}
        self.collisions(
            "codes", out, lambda n: {"class": n.pascal, "function": n.snake, "constant": n.constant, "TS": n.camel}
        )
        return out

    def code(self, cid: str, spec: dict[str, Any], fields: dict[str, Field], kinds: dict[str, Kind], i: int) -> Code:
        """The `i`-th entry of ``codes``."""
        path: JsonPath = ("codes", cid)
        required, optional = self.code_fields(path, spec.get("fields", {}), fields)
        holes = self.placeholders(path, spec["message"], fields)
        channel = Channel(spec.get("channel", "tool"))
        if channel is Channel.PROTOCOL and "jsonrpc_code" not in spec:
            self.err(path, f"code {cid!r}: channel 'protocol' needs 'jsonrpc_code' (e.g. -32602)", key=True)
        if channel is Channel.TOOL and "jsonrpc_code" in spec:
            self.err((*path, "jsonrpc_code"), f"code {cid!r}: 'jsonrpc_code' needs channel 'protocol'", key=True)
        params = constructor_params(required + optional, holes)
        examples = self.examples(path, spec.get("examples", []), cid, spec["message"], params, required, fields)
        return Code(
            id=cid,
            title=spec.get("title") or _humanize(cid),
            when=spec.get("when", ""),
            message=spec["message"],
            placeholders=holes,
            kind=self.kind_ref((*path, "kind"), kinds),
            retriable=Retriable(_word(spec.get("retriable", "no"))),
            recoverable=Recoverable(_word(spec.get("recoverable", "no"))),
            next_action=spec.get("next_action", ""),
            ui_meaning=spec.get("ui_meaning", ""),
            channel=channel,
            jsonrpc_code=spec.get("jsonrpc_code"),
            http_status=spec.get("http_status"),
            since=spec.get("since"),
            deprecated=_deprecation(spec.get("deprecated", False)),
            deferred=spec.get("deferred", False),
            required=required,
            optional=optional,
            examples=examples,
            docs=spec.get("docs", ""),
            witness=Witness(spec["witness"]["tool"], spec["witness"].get("input", {})) if "witness" in spec else None,
            names=naming.names(cid),
            loc=self.doc.child_loc(self.raw["codes"], i, key=True),
        )

    def code_fields(
        self, path: JsonPath, spec: dict[str, list[str]], fields: dict[str, Field]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        seen: dict[str, str] = {}
        lists: dict[str, list[str]] = {"required": [], "optional": []}
        for which in ("required", "optional"):
            for i, name in enumerate(spec.get(which, [])):
                where = (*path, "fields", which, i)
                if name not in fields:
                    self.err(where, f"unknown repair field {name!r}{_suggest(name, fields)}; declare it under 'fields'")
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
            if name not in fields:
                self.err((*path, "message"), f"placeholder {{{name}}} is not a declared field{_suggest(name, fields)}")
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
            for key, value in values.items():
                if key not in params:
                    self.err(
                        (*where, key), f"example {i + 1} of {cid!r}: {key!r} is not a field of this code", key=True
                    )
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
        for i, rule in enumerate(_get(self.raw, path) or []):
            where = (*path, i)
            statuses = tuple(rule["status"] if isinstance(rule["status"], list) else [rule["status"]])
            ok = (self.kind_ref if target == "kind" else self.code_ref)((*where, target), known)
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
        for failure, rule in (_get(self.raw, path) or {}).items():
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
        if missing:
            self.err(path, f"code {code.id!r} requires {', '.join(missing)}, which this mapping cannot supply")

    def retired(self, codes: dict[str, Code]) -> dict[str, Retired]:
        out: dict[str, Retired] = {}
        for rid, spec in self.raw.get("retired", {}).items():
            path = ("retired", rid)
            if rid in codes:
                first = codes[rid].loc
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
            elif target not in catalog.codes:
                self.err(path, f"replaced_by {target!r} is not a code{_suggest(target, catalog.codes)}")

    def collisions(self, what: str, items: dict[str, Any], styles: Any) -> None:
        owners: dict[tuple[str, str], str] = {}
        for name, item in items.items():
            for style, ident in styles(item.names).items():
                other = owners.setdefault((style, ident), name)
                if other != name:
                    loc = items[other].loc
                    self.err(
                        (what, name),
                        f"{what[:-1]} {name!r} and {other!r} (at {loc.line}:{loc.col}) both become {style} "
                        f"identifier {ident!r}; rename one",
                        key=True,
                    )
                    break


def compile_catalog(doc: Document, diags: Diagnostics) -> Catalog | None:
    """Compile a shape-checked document; None if any error was recorded."""
    before = len([d for d in diags.items if d.level == "error"])
    catalog = _Compiler(doc, diags).run()
    if len([d for d in diags.items if d.level == "error"]) > before:
        return None
    from errgen.normalize import fingerprint

    return replace(catalog, provenance=Provenance(catalog.name, catalog.version, fingerprint(catalog)))


def _get(data: Any, path: JsonPath) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def _humanize(cid: str) -> str:
    """Default title: ``BAD_REQUEST`` → ``Bad request``."""
    text = " ".join(naming.words(cid)).lower()
    return text[:1].upper() + text[1:] if text else cid


def _word(value: Any) -> str:
    return _BOOL_WORDS[value] if isinstance(value, bool) else str(value)


def _deprecation(value: Any) -> Deprecation | None:
    if value is False:
        return None
    if value is True:
        return Deprecation(None, None, "")
    return Deprecation(value.get("since"), value.get("replaced_by"), value.get("reason", ""))


def _suggest(name: Any, known: dict[str, Any]) -> str:
    import difflib

    hint = difflib.get_close_matches(str(name), list(known), n=1)
    return f"; did you mean {hint[0]!r}?" if hint else ""


__all__ = ["RESERVED_FIELDS", "Names", "compile_catalog"]
