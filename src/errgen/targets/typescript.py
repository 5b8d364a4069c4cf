"""Target ``typescript``: ``ts/errgen-runtime.ts``, ``ts/<catalog>-errors.ts`` and ``ts/<catalog>-errors.zod.ts``.

The runtime is what every catalog shares (envelope building, validation, message
rendering, MCP results, parsing, classification and mapping, the sanitizer): it is
rendered without the catalog, so its bytes are the same for every catalog and build.
The catalog file holds only this catalog's content: the code union (a string literal
union plus an ``as const`` array, never an ``enum``), one interface, constructor and
guard per code, metadata and tables, which it passes to the runtime's ``define`` as
data, exporting the helpers ``define`` returns (docs/runtime-contract.md). The third
file holds the zod schemas. Every name and literal is computed here; the templates
only print. Types stay flat (interfaces, a union, an interface map) so ``tsc`` stays
fast at 10,000 codes.

Names come from `typescript_names`, the printed texts from `typescript_texts`, the
runtime's sanitizer tables from `typescript_sanitizer`; this module assembles them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.catalog.model import Catalog, Code
from errgen.targets import TargetOptions
from errgen.targets.escape import comment_text, ts_str
from errgen.targets.header import RUNTIME_HEADER, header_text
from errgen.targets.templating import render
from errgen.targets.typescript_names import FIXED_TYPES, FIXED_VALUES, Namer, api_names
from errgen.targets.typescript_sanitizer import sanitizer
from errgen.targets.typescript_texts import (
    FieldText,
    common_fields,
    deprecated_text,
    doc_text,
    envelope_literal,
    field_tag,
    field_zod,
    http_table,
    lit,
    param_text,
    props_text,
    row_text,
    rows,
    zod_text,
)

RUNTIME_FILE = "ts/errgen-runtime.ts"
RUNTIME_TEMPLATE = "typescript/errgen-runtime.ts.jinja"

@dataclass(frozen=True)
class CodeView:
    """What the templates print for one code (names unique, literals escaped)."""

    code: Code
    wire: str  # TS string literal of the id
    comment_id: str  # the id, safe inside a comment
    iface: str  # interface name
    guard: str  # type-guard function name
    ctor: str | None  # constructor name; None for deferred codes
    schema: str  # zod schema name
    doc: tuple[str, ...]  # JSDoc lines
    deprecated: str | None  # text after @deprecated
    props: str  # interface members, one per line
    param: str  # constructor parameter list
    row: str  # TS literal of the code's JSON row (CodeInfo + message parts)
    zod: str  # arguments of errorSchema(…) in the zod file


def code_views(catalog: Catalog) -> list[CodeView]:
    """One view per code, in declared order; value names are claimed constructors first, then guards."""
    values, types = Namer(FIXED_VALUES), Namer(FIXED_TYPES)
    ctors = {c.id: values(c.names.camel) for c in catalog.codes.values() if c.constructible}
    guards = {c.id: values("is" + c.names.pascal.lstrip("_")) for c in catalog.codes.values()}
    schemas = {c.id: values(c.names.pascal + "Schema") for c in catalog.codes.values()}
    texts = {name: FieldText.of(field) for name, field in catalog.fields.items()}
    return [
        CodeView(
            code=c,
            wire=ts_str(c.id),
            comment_id=comment_text(c.id),
            iface=types(c.names.pascal),
            guard=guards[c.id],
            ctor=ctors.get(c.id),
            schema=schemas[c.id],
            doc=doc_text(catalog, c),
            deprecated=deprecated_text(c),
            props=props_text(catalog, c, texts),
            param=param_text(catalog, c, texts),
            row=row_text(c),
            zod=zod_text(c),
        )
        for c in catalog.codes.values()
    ]


def context(catalog: Catalog, options: TargetOptions) -> dict[str, Any]:
    """Everything the catalog file and the zod file print."""
    codes = code_views(catalog)
    protocol = [v for v in codes if v.code.channel.value == "protocol"]
    tool = [v for v in codes if v.code.channel.value == "tool"]
    return {
        "header": comment_text(header_text(catalog)),
        "catalog": catalog,
        "name": lit(catalog.name),
        "title": comment_text(catalog.title),
        "description": comment_text(catalog.description),
        "stem": f"{catalog.name}-errors",
        "ext": options.ts_import_extension,
        "env": catalog.envelope,
        "envelope": envelope_literal(catalog),
        "api": api_names(catalog, bool(protocol)),
        "codes": codes,
        "tool_codes": tool,
        "protocol_codes": protocol,
        "provenance": [lit(v) for v in catalog.provenance.as_dict().values()],
        "kinds": [
            (lit(k.name), lit(k.retryable), lit(k.max_attempts), lit(k.initial_backoff_ms), lit(k.description))
            for k in catalog.kinds.values()
        ],
        "policies": _policies(catalog),
        "field_types": rows([lit([f.name, field_tag(f)]) for f in catalog.fields.values()]),
        "uses_range": any(f.type.name == "range" for f in catalog.fields.values()),
        "http_kinds": rows(http_table(catalog.classification_http)),
        "http_codes": rows(http_table(catalog.mapping_http)),
        "failure_kinds": rows([lit([r.failure, r.target]) for r in catalog.classification_failures]),
        "failure_codes": rows([lit([r.failure, [r.retriable, r.target]]) for r in catalog.mapping_failures]),
        "default_kind": lit(catalog.default_kind),
        "default_code": lit(catalog.mapping_default),
        "common_fields": common_fields(catalog),
        "zod_fields": [(lit(f.name), field_zod(f)) for f in catalog.fields.values()],
    }


def _policies(catalog: Catalog) -> list[tuple[str, str, str]]:
    """``(name literal, kinds literal, description comment)``; the empty policy ``none`` always exists."""
    rows = [(lit(p.name), lit(p.terminate_on), comment_text(p.description)) for p in catalog.policies.values()]
    if "none" not in catalog.policies:
        rows.insert(0, (lit("none"), "[]", "Terminate on nothing: every failure flows back to the model."))
    return rows


def runtime_text(templates: str | None) -> str:
    """``errgen-runtime.ts``: rendered without any catalog, so its bytes never depend on one."""
    return render(RUNTIME_TEMPLATE, templates, header=comment_text(RUNTIME_HEADER), san=sanitizer())


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``ts/errgen-runtime.ts``, ``ts/<catalog>-errors.ts`` and ``ts/<catalog>-errors.zod.ts``."""
    ctx = context(catalog, options)
    stem = f"ts/{ctx['stem']}"
    return {
        RUNTIME_FILE: runtime_text(options.templates),
        f"{stem}.ts": render("typescript/errors.ts.jinja", options.templates, **ctx),
        f"{stem}.zod.ts": render("typescript/errors.zod.ts.jinja", options.templates, **ctx),
    }
