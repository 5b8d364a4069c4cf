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

from errgen.catalog.model import Catalog, Code
from errgen.targets import TargetOptions
from errgen.targets.common import value_rules as vr
from errgen.targets.common.channels import constants as channel_constants
from errgen.targets.common.escape import comment_text, json_string
from errgen.targets.common.header import RUNTIME_HEADER, header_text
from errgen.targets.common.templating import render
from errgen.targets.go import locales as go_locales
from errgen.targets.go import mcpadapter
from errgen.targets.go.layout import (
    WIDTH,
    Pair,
    aligned,
    aligned_specs,
    comment,
    elements,
    keyed,
    one_line_funcs,
    packed,
    split_literal,
    string_pair,
    struct_pair,
)
from errgen.targets.go.names import CodeNames, GoNames, go_names, module_path
from errgen.targets.go.texts import (
    args_members,
    channels,
    code_doc,
    code_info,
    deprecated,
    envelope,
    error_members,
    failure_rules,
    field_tag,
    fields,
    http_rules,
    kinds,
    lit,
    policies,
    raw_or_quoted,
    stamp,
)
from errgen.targets.go.tools import go_tools
from errgen.targets.sanitizer import patterns as runtime_patterns
from errgen.targets.sanitizer import regex_subset
from errgen.targets.sanitizer import starts as sanitizer_starts
from errgen.targets.sanitizer import tables as sanitizer_tables

RUNTIME_FILE = "go/internal/errgenrt/errgen_runtime.go"
VALUE_LIMITS = {  # the bounds of docs/runtime-contract.md §7 (value_rules), then the Go runtime's own
    "MaxSafeInteger": (vr.MAX_SAFE_INTEGER, "the largest integer a JavaScript number holds exactly"),
    "MaxLevels": (vr.MAX_LEVELS, "levels of arrays and objects in a payload, the payload object being level 1"),
    "MaxJSONLevels": (vr.MAX_JSON_LEVELS, "levels of arrays and objects in a JSON text"),
    "MaxKey": (vr.MAX_KEY, "characters of an object key Sanitize keeps"),
    "MaxBody": (vr.MAX_BODY, "bytes of a body given as bytes or an io.Reader that MapHTTP reads"),
    "MinStatus": (vr.STATUS_RANGE[0], "the smallest HTTP status"),
    "MaxStatus": (vr.STATUS_RANGE[1], "the largest HTTP status"),
    "hostLevels": (10_000, "levels of a Go value ToValue converts"),
}
GO_VERSION = "1.25"  # the oldest Go the module is tested with


def code_view(catalog: Catalog, names: GoNames, code: Code) -> dict[str, Any]:
    """What the template prints for one code: its struct, arguments, constructor and methods."""
    n = names.codes[code.id]
    args = args_members(catalog, names, code)
    extra = [names.fields[p] for p in code.placeholders if p not in code.fields]
    return {
        "names": n,
        "doc": code_doc(code, n.type),
        "members": aligned([list(m) for m in error_members(catalog, names, code)]),
        "args": aligned([list(a) for a in args]),
        "args_doc": comment(f"{n.args} are the values of {n.ctor}" + (", with the message's." if extra else ".")),
        "ctor_doc": ctor_doc(code, n, bool(args)),
        "ctor": constructor(catalog, names, code, args, extra) if code.constructible else [],
        "methods": methods(catalog, names, code),
    }


def ctor_doc(code: Code, n: CodeNames, args: bool) -> list[str]:
    """The doc comment of a code's constructor."""
    lines = comment(f"{n.ctor} builds an error of code {code.id}{' from args' if args else ''}.")
    return [*lines, "//", *comment(deprecated(code))] if code.deprecated else lines


def constructor(
    catalog: Catalog, names: GoNames, code: Code, args: list[tuple[str, str]], extra: list[str]
) -> list[str]:
    """A code's constructor: the struct filled from its arguments, then completed by the runtime."""
    n = names.codes[code.id]
    retriable = "args.Retriable" if catalog.envelope.retriable else "nil"
    tail = "".join(f", args.{name}" for name in extra)
    if not args:
        return [f"func {n.ctor}() *{n.type} {{", f"\treturn construct(&{n.type}{{}}, nil)", "}"]
    head = [f"func {n.ctor}(args {n.args}) *{n.type} {{"]
    if len(head[0]) > WIDTH:
        head = [f"func {n.ctor}(", f"\targs {n.args},", f") *{n.type} {{"]
    given = [names.fields[f] for f in code.fields]
    literal = f"&{n.type}{{{', '.join(f'{f}: args.{f}' for f in given)}}}"
    single = f"\treturn construct({literal}, {retriable}{tail})"
    if len(single) <= WIDTH:
        return [*head, single, "}"]
    body = [f"\te := {literal}"]
    if len(body[0]) > WIDTH:
        body = [f"\te := &{n.type}{{}}", *(f"\te.{f} = args.{f}" for f in given)]
    call = f"\treturn construct(e, {retriable}{tail})"
    if len(call) > WIDTH:
        call = f"\treturn construct(e, {retriable},\n" + "\n".join(packed([f"args.{x}" for x in extra], "\t\t"))
        call = call.rstrip(",") + ")"
    return [*head, *body, call, "}"]


def methods(catalog: Catalog, names: GoNames, code: Code) -> list[str]:
    """A code's methods, one line each (the list of its fields' addresses after them when it is long)."""
    n = names.codes[code.id]
    receiver = f"func (e *{n.type})"
    envelope = (
        ("ToJSONRPCError() *JSONRPCError", "return catalog.ToJSONRPCError(payloadOf(e))")
        if code.channel.value == "protocol"
        else ("ToResult() *Result", "return catalog.ToResult(payloadOf(e))")
    )
    pointers = ", ".join(f"&e.{m[0]}" for m in error_members(catalog, names, code))
    funcs = [
        ("Code() Code", f"return {n.const}"),
        ("Error() string", "return errorText(e)"),
        ("Is(target error) bool", f"return target == {n.sentinel}"),
        ("Payload() *Object", "return payloadOf(e)"),
        ("MarshalJSON() ([]byte, error)", "return payloadOf(e).MarshalJSON()"),
        envelope,
        ("fields() []any", f"return []any{{{pointers}}}"),
    ]
    lines = one_line_funcs([(f"{receiver} {sig}", body) for sig, body in funcs])
    wide = [i for i, line in enumerate(lines) if len(line) > WIDTH]
    for i in reversed(wide):  # the list of addresses, wrapped
        items = [f"&e.{m[0]}" for m in error_members(catalog, names, code)]
        lines[i : i + 1] = ["\treturn []any{", *packed(items, "\t\t"), "\t}"]
    return lines


FAILURE_RULES = "[]rt.FailureRule"


def spec(catalog: Catalog, names: GoNames) -> list[str]:
    """The catalog's tables: the `rt.Spec` literal's lines."""
    indent = "\t"
    rows = [code_info(catalog, code, indent * 3) for code in catalog.codes.values()]
    pairs = [
        string_pair("Name", catalog.name),
        struct_pair("Stamp", "rt.Provenance", stamp(catalog), indent),
        struct_pair("Envelope", "rt.Envelope", envelope(catalog), indent),
        Pair("Codes", block=elements("[]rt.CodeInfo", rows, indent)),
        Pair("Fields", block=elements("[]rt.Field", fields(catalog), indent)),
        Pair("Kinds", block=elements("[]rt.KindInfo", kinds(catalog), indent)),
        Pair("Policies", block=elements("[]rt.PolicyInfo", policies(catalog), indent)),
        Pair("HTTPKinds", block=elements("[]rt.Rule", http_rules(catalog.classification_http), indent)),
        Pair("HTTPCodes", block=elements("[]rt.Rule", http_rules(catalog.mapping_http), indent)),
        Pair("FailureKinds", block=elements(FAILURE_RULES, failure_rules(catalog.classification_failures), indent)),
        Pair("FailureCodes", block=elements(FAILURE_RULES, failure_rules(catalog.mapping_failures), indent)),
        string_pair("DefaultKind", catalog.default_kind or ""),
        string_pair("DefaultCode", catalog.mapping_default or ""),
        string_pair("Locale", catalog.locale),
        string_pair("MessageLocale", catalog.envelope.message_locale or ""),
        Pair("Locales", "locales"),
        Pair("Translations", "translations"),
        struct_pair("Channels", "rt.Channels", channels(catalog, indent), indent),
    ]
    kept = [p for p in pairs if p.value != '""' and not (p.block is not None and len(p.block) == 1)]
    return keyed(kept, indent)


def package_doc(catalog: Catalog, names: GoNames, ctor: str) -> list[str]:
    """The package's doc comment: the catalog, how to use the package, its repair fields."""
    title = f" ({catalog.title})" if catalog.title != catalog.name else ""
    lines = comment(f"Package {names.package} holds the errors of catalog {catalog.name} {catalog.version}{title}.")
    if catalog.description.strip():
        lines += ["//", *comment(catalog.description)]
    lines += ["//", *comment(
        f"Build an error with its constructor ({ctor}) and send it with ToResult; read one back with Parse or "
        "ParseResult and branch on its type (errors.As), its sentinel (errors.Is) or its Code(). This file holds "
        "the catalog's content; the behaviour is errgen's shared runtime beside it (internal/errgenrt, the same "
        "file for every catalog), defined in errgen's docs/runtime-contract.md."
    )]  # fmt: skip
    if catalog.fields:
        lines += ["//", *comment("The repair fields, in every error struct that carries them (nil: absent):")]
        for name, f in catalog.fields.items():
            about = f": {f.description}" if f.description.strip() else ""
            item = comment(f"{names.fields[name]} ({f.wire}, {field_tag(f)}){about}", width=WIDTH - 4)
            lines += ["//   - " + item[0][3:], *("//     " + line[3:] for line in item[1:])]
    return lines


def code_consts(catalog: Catalog, names: GoNames) -> tuple[list[str], list[str]]:
    """The lines of the code constants' group and of the sentinels' group."""
    consts: list[str] = []
    rows: list[list[str]] = []
    for code in catalog.codes.values():
        n = names.codes[code.id]
        if code.deprecated:
            consts += aligned_specs(rows, long_const)
            rows = []
            consts += comment(deprecated(code), indent="\t")
        rows.append([n.const, "Code", f"= {lit(code.id)}"])
    consts += aligned_specs(rows, long_const)
    sentinels = [[names.codes[c].sentinel, f"= errors.New({lit(c)})"] for c in catalog.codes]
    return consts, aligned_specs(sentinels, long_sentinel)


def long_const(row: list[str]) -> list[str]:
    """A code constant whose wire id does not fit on its line: the id split."""
    head = f"\t{row[0]} {row[1]} = "
    return (head + split_literal(row[2][2:], "\t\t", WIDTH - len(head))).split("\n")


def long_sentinel(row: list[str]) -> list[str]:
    """A sentinel whose wire id does not fit on its line: the call's argument on a line of its own."""
    literal = row[1].removeprefix("= errors.New(").removesuffix(")")
    return [f"\t{row[0]} = errors.New(", *("\t\t" + line.lstrip("\t") for line in
            (split_literal(literal, "", WIDTH - 3) + ",").split("\n")), "\t)"]  # fmt: skip


def context(catalog: Catalog) -> dict[str, Any]:
    """Everything the catalog file prints."""
    names = go_names(catalog)
    codes = [code_view(catalog, names, code) for code in catalog.codes.values()]
    first = next((c for c in catalog.codes.values() if c.constructible), next(iter(catalog.codes.values())))
    consts, sentinels = code_consts(catalog, names)
    return {
        "header": comment_text(header_text(catalog)),
        "package_doc": package_doc(catalog, names, names.codes[first.id].ctor),
        "package": names.package,
        "module": module_path(catalog.name),
        "code_consts": consts,
        "sentinels": sentinels,
        "sentinels_doc": comment(
            f"The errors.Is targets of the codes: errors.Is(err, {names.codes[first.id].sentinel}) reports whether "
            f"err (or an error it wraps) is an error of that code (*{names.codes[first.id].type}). An *Unknown "
            "matches none of them."
        ),
        "kinds": kind_consts(catalog, names),
        "codes": codes,
        "spec": spec(catalog, names),
        "name": lit(catalog.name),
        "version": lit(catalog.version),
        "default_kind": lit(catalog.default_kind or ""),
        "discriminator": lit(catalog.envelope.discriminator),
        "policy_ctors": policy_ctors(catalog, names),
        "tools": go_tools(catalog, names),
    }


def kind_consts(catalog: Catalog, names: GoNames) -> list[tuple[str, str, str]]:
    """``(constant, doc lines, value)`` per kind."""
    docs = {k.name: f"{k.name}: {k.description}" if k.description else f"{k.name}." for k in catalog.kinds.values()}
    return [
        (names.kinds[name], "\n".join(comment(f"{names.kinds[name]} is the kind {doc}")), lit(name))
        for name, doc in docs.items()
    ]


def policy_ctors(catalog: Catalog, names: GoNames) -> list[tuple[str, str, str]]:
    """``(constructor, body expression, doc lines)`` per named policy."""
    out = []
    for p in catalog.policies.values():
        ctor = names.policies[p.name]
        kinds = [names.kinds[k] for k in p.terminate_on]
        call = f"rt.PolicyOf({', '.join(kinds)})"
        if len(call) + 8 > WIDTH:
            call = "rt.PolicyOf(\n" + "\n".join(packed(kinds, "\t\t")) + "\n\t)"
        doc = f"{ctor} returns the policy {p.name}" + (f": {p.description}" if p.description else ".")
        out.append((ctor, call, "\n".join(comment(doc))))
    return out


def sanitizer() -> dict[str, Any]:
    """The sanitizer's rules, checks, markers and limits (errgen.targets.sanitizer.patterns) as Go literals.

    A key rule's value (and separator) is printed anchored: Go matches it on the rest of the text. The
    pattern of a rule whose keys are secret-word runs is empty: the runtime finds them (`keyRuns`).
    """
    rules = []
    for rule in runtime_patterns.TEXT_RULES:
        pattern, value = sanitizer_tables.patterns(rule)
        checks = ", ".join(f"{{{g}, {i}, {str(f).lower()}}}" for g, i, f in sanitizer_tables.checks(rule))
        separator = sanitizer_tables.separator(rule)
        rules.append({
            "name": rule.name,
            "pattern": '""' if runtime_patterns.finds_keys(rule)
            else split_literal(raw_or_quoted(pattern), "\t\t\t", WIDTH - 3),
            "replacement": json_string(runtime_patterns.braced_replacement(rule.replacement)),
            "needles": wrapped_strings(rule.needles),
            "words": wrapped_strings(rule.words),
            "value": split_literal(raw_or_quoted(sanitizer_tables.anchored(value)), "\t\t\t", WIDTH - 3)
            if value
            else "",
            "checks": checks,
            "separator": raw_or_quoted(sanitizer_tables.anchored(separator)) if separator else "",
            "starts": _starts(rule),
        })  # fmt: skip
    tables = sanitizer_tables.tables(json_string, raw_or_quoted)
    checked = [(name, split_literal(pattern, "\t\t", WIDTH - 25)) for name, pattern in tables["checks"]]
    key_words = "\n".join(packed([json_string(word) for word in runtime_patterns.KEY_WORDS], "\t"))
    return {"rules": rules, **tables, "checks": checked, "key_words": key_words}


def _starts(rule: runtime_patterns.Rule) -> str:
    """A rule's ``&ruleStarts{…}`` (`errgen.targets.sanitizer.starts`) as gofmt lays it out two tabs in, or ``nil``."""
    found = sanitizer_starts.starts(rule)
    if found is None:
        return "nil"
    bounded = runtime_patterns.bounded(rule)
    opening = runtime_patterns.emitted(rule)[: -len(sanitizer_starts.body(rule))]  # (^|[^…]) of a bounded rule
    opening = runtime_patterns.as_boundary_character(opening + "x")[:-1] if bounded else ""
    unless = "nil" if not found.unless else "[]string{" + ", ".join(json_string(n) for n in found.unless) + "}"
    lines = ["&ruleStarts{", f"\t\t\t{found.offset}, {unless}, {str(bounded).lower()}, {str(found.caseless).lower()},"]
    lines.append("\t\t\t[]startChoice{")
    for choice in found.choices:
        anchored = raw_or_quoted(sanitizer_tables.anchored(regex_subset.printed(opening + choice.pattern)))
        lines += ["\t\t\t\t{", *_string_list(choice.literals, "\t\t\t\t\t"),
                  "\t\t\t\t\t" + split_literal(anchored, "\t\t\t\t\t\t", WIDTH - 6) + ",", "\t\t\t\t},"]  # fmt: skip
    return "\n".join([*lines, "\t\t\t},", "\t\t}"])


def _string_list(items: tuple[str, ...], indent: str) -> list[str]:
    """A ``[]string{…},`` element at `indent`: on its line, or one line of items after another."""
    quoted = [json_string(item) for item in items]
    if len(indent) + len("[]string{},") + len(", ".join(quoted)) <= WIDTH:
        return [f"{indent}[]string{{{', '.join(quoted)}}},"]
    return [f"{indent}[]string{{", *packed(quoted, indent + "\t"), f"{indent}}},"]


def wrapped_strings(items: tuple[str, ...]) -> str:
    """The elements of a ``[]string{…}`` literal two tabs in: on its line, or one line each after it."""
    quoted = [json_string(item) for item in items]
    if len(", ".join(quoted)) + 14 <= WIDTH:
        return ", ".join(quoted)
    return "\n" + "\n".join(packed(quoted, "\t\t\t")) + "\n\t\t"


def runtime_text(templates: str | None) -> str:
    """``errgen_runtime.go``: rendered without any catalog, so its bytes never depend on one."""
    san = sanitizer()
    return render(
        "go/errgen_runtime.go.jinja", templates, header=RUNTIME_HEADER, san=san, max_blocks=san["max_blocks"],
        value_limits=value_limits(), channels=channel_constants(json_string),
    )


def value_limits() -> list[str]:
    """The bounds of the values the runtime reads: the lines of a const group, aligned as gofmt aligns it."""
    return aligned([[name, f"= {number}", f"// {about}"] for name, (number, about) in VALUE_LIMITS.items()])


def go_mod(catalog: Catalog) -> str:
    """The module's ``go.mod`` (a server reaches it with a ``replace`` directive)."""
    return (
        f"// {comment_text(header_text(catalog))}\n"
        f"module {module_path(catalog.name)}\n\ngo {GO_VERSION}\n"
    )


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``go/go.mod``, ``go/<catalog>_errors.go`` and the shared runtime."""
    ctx = context(catalog)
    stem = catalog.name.replace("-", "_")
    return {
        "go/go.mod": go_mod(catalog),
        f"go/{stem}_errors.go": render("go/errors.go.jinja", options.templates, **ctx),
        f"go/{stem}_locales.go": render("go/locales.go.jinja", options.templates, **locale_context(catalog, ctx)),
        RUNTIME_FILE: runtime_text(options.templates),
        **mcpadapter.files(catalog, options.templates),
    }


def locale_context(catalog: Catalog, ctx: dict[str, Any]) -> dict[str, Any]:
    """What the locale file prints."""
    return {
        "header": ctx["header"], "package": ctx["package"], "module": ctx["module"],
        "locale_rows": go_locales.locale_rows(catalog), "translation_rows": go_locales.translation_rows(catalog),
        "plural_functions": go_locales.plural_functions(catalog),
    }  # fmt: skip
