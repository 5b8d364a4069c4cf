"""Target ``go``: ``go/`` — a Go module ``<catalog>errors`` (a package of the same name).

Files: ``go/go.mod`` (the module: the standard library only, no requirement),
``go/<catalog>_errors.go`` (the catalog's content: one struct per code with json tags, ``Code``
and ``Kind`` constants, constructors, policies and the tables it passes to the runtime) and
``go/internal/errgenrt/errgen_runtime.go``: the runtime every catalog shares,
rendered without the catalog, so its bytes are the same for every catalog and build (a Go file
of the catalog's package would have to name the package; the runtime is a package of its own,
internal to the module). A server adopts the module unchanged with a ``replace`` directive
(docs/go-target.md). Names come from `go_names`, literals from `go_texts`; templates only print.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions, runtime_patterns, sanitizer_tables
from errgen.targets.escape import comment_text, json_string
from errgen.targets.go_names import GoNames, go_names, module_path
from errgen.targets.go_texts import (
    args_members,
    code_doc,
    code_info,
    deprecated,
    envelope,
    error_members,
    failure_rules,
    field_types,
    http_rules,
    kinds,
    lit,
    policies,
    raw_or_quoted,
    stamp,
)
from errgen.targets.header import RUNTIME_HEADER, header_text
from errgen.targets.templating import render

RUNTIME_FILE = "go/internal/errgenrt/errgen_runtime.go"
GO_VERSION = "1.25"  # the oldest Go the module is tested with


def rows(type_name: str, items: list[str]) -> str:
    """A slice literal with one element per line (inside ``newCatalog``), or an empty one."""
    if not items:
        return f"{type_name}{{}}"
    return type_name + "{\n" + "".join(f"\t\t{item},\n" for item in items) + "\t}"


def code_views(catalog: Catalog, names: GoNames) -> list[dict[str, Any]]:
    """What the template prints per code."""
    return [
        {
            "names": names.codes[code.id],
            "wire": lit(code.id),
            "comment_id": comment_text(code.id),
            "doc": code_doc(catalog, code, names.codes[code.id].type),
            "deprecated": comment_text(deprecated(code)) if code.deprecated else None,
            "members": error_members(catalog, names, code),
            "args": args_members(catalog, names, code),
            "ctor": code.constructible,
            "protocol": code.channel.value == "protocol",
            "info": code_info(catalog, code),
        }
        for code in catalog.codes.values()
    ]


def context(catalog: Catalog) -> dict[str, Any]:
    """Everything the catalog file prints."""
    names = go_names(catalog)
    codes = code_views(catalog, names)
    ctor = next((v["names"].ctor for v in codes if v["ctor"]), "the New… functions")
    policy_names = ["none", *(p for p in catalog.policies if p != "none")]
    return {
        "header": comment_text(header_text(catalog)),
        "package": names.package,
        "module": module_path(catalog.name),
        "catalog": catalog,
        "title": comment_text(catalog.title) if catalog.title != catalog.name else "",
        "description": comment_text(catalog.description),
        "example_ctor": ctor,
        "env": catalog.envelope,
        "name": lit(catalog.name),
        "version": lit(catalog.version),
        "stamp": stamp(catalog),
        "envelope": envelope(catalog),
        "codes": codes,
        "code_rows": rows("[]rt.CodeInfo", [v["info"] for v in codes]),
        "kinds": kind_consts(catalog, names),
        "kind_rows": rows("[]rt.KindInfo", kinds(catalog)),
        "policy_rows": rows("[]rt.PolicyInfo", policies(catalog)),
        "field_types": field_types(catalog),
        "http_kinds": rows("[]rt.Rule", http_rules(catalog.classification_http)),
        "http_codes": rows("[]rt.Rule", http_rules(catalog.mapping_http)),
        "failure_kinds": rows("[]rt.FailureRule", failure_rules(catalog.classification_failures)),
        "failure_codes": rows("[]rt.FailureRule", failure_rules(catalog.mapping_failures)),
        "default_kind": lit(catalog.default_kind or ""),
        "default_code": lit(catalog.mapping_default or ""),
        "discriminator": lit(catalog.envelope.discriminator),
        "code_consts": ", ".join(v["names"].const for v in codes),
        "kind_consts": ", ".join(names.kinds.values()),
        "policy_names": ", ".join(lit(n) for n in policy_names),
        "policy_ctors": policy_ctors(catalog, names),
    }


def kind_consts(catalog: Catalog, names: GoNames) -> list[tuple[str, str, str]]:
    """``(constant, doc, value)`` per kind."""
    docs = {k.name: f"{k.name}: {k.description}" if k.description else f"{k.name}." for k in catalog.kinds.values()}
    return [(names.kinds[name], comment_text(doc), lit(name)) for name, doc in docs.items()]


def policy_ctors(catalog: Catalog, names: GoNames) -> list[tuple[str, str, str]]:
    """``(constructor, kind constants, doc)`` per named policy."""
    return [
        (
            names.policies[p.name],
            ", ".join(names.kinds[k] for k in p.terminate_on),
            comment_text(f"{p.name}: {p.description}" if p.description else f"{p.name}."),
        )
        for p in catalog.policies.values()
    ]


def sanitizer() -> dict[str, Any]:
    """The sanitizer's rules, checks, markers and limits (errgen.targets.runtime_patterns) as Go literals.

    A key rule's value is printed anchored: Go matches it on the rest of the text.
    """
    rules = []
    for rule in runtime_patterns.TEXT_RULES:
        pattern, value = sanitizer_tables.patterns(rule)
        checks = ", ".join(f"{{{g}, {i}, {str(f).lower()}}}" for g, i, f in sanitizer_tables.checks(rule))
        rules.append({
            "name": rule.name,
            "pattern": raw_or_quoted(pattern),
            "replacement": json_string(runtime_patterns.braced_replacement(rule.replacement)),
            "needles": ", ".join(json_string(n) for n in rule.needles),
            "words": ", ".join(json_string(w) for w in rule.words),
            "value": raw_or_quoted(sanitizer_tables.anchored(value)) if value else "",
            "checks": checks,
        })  # fmt: skip
    return {"rules": rules, **sanitizer_tables.tables(json_string, raw_or_quoted)}


def runtime_text(templates: str | None) -> str:
    """``errgen_runtime.go``: rendered without any catalog, so its bytes never depend on one."""
    san = sanitizer()
    return render("go/errgen_runtime.go.jinja", templates, header=RUNTIME_HEADER, san=san, max_blocks=san["max_blocks"])


def go_mod(catalog: Catalog) -> str:
    """The module's ``go.mod`` (a server reaches it with a ``replace`` directive)."""
    return (
        f"// {comment_text(header_text(catalog))}\n"
        f"module {module_path(catalog.name)}\n\ngo {GO_VERSION}\n"
    )


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``go/go.mod``, ``go/<catalog>_errors.go`` and the shared runtime."""
    ctx = context(catalog)
    return {
        "go/go.mod": go_mod(catalog),
        f"go/{catalog.name.replace('-', '_')}_errors.go": render("go/errors.go.jinja", options.templates, **ctx),
        RUNTIME_FILE: runtime_text(options.templates),
    }
