"""Target ``typescript``: ``ts/errgen-runtime.ts``, ``ts/<catalog>-errors.ts`` and ``ts/<catalog>-errors.zod.ts``.

The runtime is what every catalog shares (envelope building, validation, message
rendering, MCP results, parsing, classification and mapping, the sanitizer): it is
rendered without the catalog, so its bytes are the same for every catalog and build.
The catalog file holds only this catalog's content: the code union (a string literal
union plus an ``as const`` array, never an ``enum``), one interface, constructor and
guard per code, metadata and tables, which it passes to the runtime's ``define`` as
data, exporting the helpers ``define`` returns (docs/runtime-contract.md). The third
file holds the zod schemas. Every name and literal is computed in Python (here and in
`typescript_names`, `typescript_codes`, `typescript_sanitizer`); the templates only
print. Types stay flat (interfaces, a union, an interface map) so ``tsc`` stays fast
at 10,000 codes.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import Catalog, HttpRule
from errgen.targets import TargetOptions
from errgen.targets.common import value_rules
from errgen.targets.common.channels import constants as channel_constants
from errgen.targets.common.channels import tables as channel_tables
from errgen.targets.common.escape import comment_text, ts_str
from errgen.targets.common.header import RUNTIME_HEADER, header_text
from errgen.targets.common.templating import render
from errgen.targets.typescript import locales as ts_locales
from errgen.targets.typescript import mcp as ts_mcp
from errgen.targets.typescript.codes import code_views
from errgen.targets.typescript.names import (
    OBJECT_PROTOTYPE,
    api_names,
    field_tag,
    field_zod,
    key,
    lit,
    policy_ctors,
)
from errgen.targets.typescript.sanitizer import sanitizer
from errgen.targets.typescript.tools import ts_tools

RUNTIME_FILE = "ts/errgen-runtime.ts"
RUNTIME_TEMPLATE = "typescript/errgen-runtime.ts.jinja"


def error_shape(catalog: Catalog) -> list[tuple[str, str]]:
    """The catalog-wide error model (seed 004's McpToolErrorZ): ``(wire key, zod schema)`` of what every code has.

    Any code, a non-empty message, the metadata (`retriable` defaulting to false, texts optional) and the
    repair fields every code carries (optional unless every code requires them).
    """
    env = catalog.envelope
    codes = list(catalog.codes.values())
    shape = [(env.discriminator, "z.enum(CODES)"), ("message", "z.string().min(1)")]
    shape += [
        (m.key, "z.boolean().default(false)" if m.name == "retriable" else "z.string().optional()")
        for m in env.metadata
    ]
    for name, field in catalog.fields.items():
        if all(name in c.fields for c in codes):
            optional = not all(name in c.required for c in codes)
            shape.append((field.wire, field_zod(field) + (".optional()" if optional else "")))
    return shape


def rows(items: list[str]) -> str:
    """An array literal with one item per line (a member of ``define``'s argument), or ``[]``."""
    return "[" + "".join(f"\n    {item}," for item in items) + ("\n  ]" if items else "]")


def envelope_literal(catalog: Catalog) -> str:
    """The members of the runtime's ``Envelope`` object for this catalog."""
    env = catalog.envelope
    flags = {
        "discriminator": env.discriminator,
        "retriable": env.retriable.key if env.retriable else None,
        "provenance": env.provenance_mode.value,
        "structuredContent": env.structured_content,
        "toolFailureMeta": env.tool_failure_meta,
        "mirrorIsError": env.mirror_is_error,
        "structuredIsError": env.structured_is_error,
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
        "field_types": rows([lit([f.wire, field_tag(f)]) for f in catalog.fields.values()]),
        "uses_range": any(f.type.name == "range" for f in catalog.fields.values()),
        "http_kinds": rows(http_table(catalog.classification_http)),
        "http_codes": rows(http_table(catalog.mapping_http)),
        "failure_kinds": rows([lit([r.failure, r.target]) for r in catalog.classification_failures]),
        "failure_codes": rows([lit([r.failure, [r.retriable, r.target]]) for r in catalog.mapping_failures]),
        "default_kind": lit(catalog.default_kind),
        "default_code": lit(catalog.mapping_default),
        "error_shape": [f"{key(name, runtime=True)}: {schema}" for name, schema in error_shape(catalog)],
        "error_own": any(name in OBJECT_PROTOTYPE for name, _ in error_shape(catalog)),
        "union_own": any(v.zod_own for v in codes),
        "discriminator": key(catalog.envelope.discriminator, runtime=True),
        "discriminator_lit": lit(catalog.envelope.discriminator),
        "retriable_key": lit(catalog.envelope.retriable.key if catalog.envelope.retriable else None),
        "metadata": [(key(m.key, runtime=True), m) for m in catalog.envelope.metadata],
        "policy_ctors": policy_ctors(catalog),
        "tools": ts_tools(catalog, codes),
        "locale": lit(catalog.locale),
        "message_locale": lit(catalog.envelope.message_locale),
        "plural_functions": ts_locales.plural_functions(catalog),
        "locale_rows": rows(ts_locales.locale_rows(catalog)),
        "translation_rows": rows(ts_locales.translation_rows(catalog)),
        "descriptions": rows(ts_locales.descriptions(catalog)),
        "channels": _channels(catalog),
    }


def _channels(catalog: Catalog) -> dict[str, str]:
    """The members of the runtime's ``ChannelSpec`` for this catalog, as literals."""
    t = channel_tables(catalog)
    pairs = {"grpc_by_status": t.grpc_by_status, "members": t.members, "metadata_keys": t.metadata_keys,
             "kind_classes": t.kind_classes}  # fmt: skip
    return {
        "problem_base": lit(t.problem_base),
        "domain": lit(t.domain),
        **{name: "[" + ", ".join(lit(list(p)) for p in rows_) + "]" for name, rows_ in pairs.items()},
    }


def _policies(catalog: Catalog) -> list[tuple[str, str, str]]:
    """``(name literal, kinds literal, description comment)``; the empty policy ``none`` always exists."""
    rows = [(lit(p.name), lit(p.terminate_on), comment_text(p.description)) for p in catalog.policies.values()]
    if "none" not in catalog.policies:
        rows.insert(0, (lit("none"), "[]", "Terminate on nothing: every failure flows back to the model."))
    return rows


def runtime_text(templates: str | None) -> str:
    """``errgen-runtime.ts``: rendered without any catalog, so its bytes never depend on one."""
    return render(
        RUNTIME_TEMPLATE,
        templates,
        header=comment_text(RUNTIME_HEADER),
        san=sanitizer(),
        values=value_rules.context(),
        channels=channel_constants(ts_str),
    )


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """Every file: `generate_core`'s and `generate_adapters`'."""
    return {**generate_core(catalog, options), **generate_adapters(catalog, options)}


def generate_core(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``ts/<catalog>-errors.ts`` and ``ts/<catalog>-errors.zod.ts``."""
    ctx = context(catalog, options)
    stem = f"ts/{ctx['stem']}"
    return {
        f"{stem}.ts": render("typescript/errors.ts.jinja", options.templates, **ctx),
        f"{stem}.zod.ts": render("typescript/errors.zod.ts.jinja", options.templates, **ctx),
    }


def generate_adapters(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``ts/errgen-runtime.ts`` and the SDK adapters (`typescript_mcp`): what needs no code's TypeScript texts."""
    adapters = ts_mcp.files(catalog, f"{catalog.name}-errors", options.templates)
    return {RUNTIME_FILE: runtime_text(options.templates), **adapters}
