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
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from errgen.catalog import jsontext, messages
from errgen.catalog.model import Catalog, Code, Field, HttpRule, ProvenanceMode
from errgen.catalog.naming import TS_RESERVED, is_ts_identifier, ts_safe
from errgen.targets import TargetOptions, runtime_patterns
from errgen.targets.escape import comment_text, escape_invisible, ts_str
from errgen.targets.header import RUNTIME_HEADER, header_text
from errgen.targets.templating import render

RUNTIME_FILE = "ts/errgen-runtime.ts"
RUNTIME_TEMPLATE = "typescript/errgen-runtime.ts.jinja"

# Module-level names the catalog templates declare or use; a code-derived name equal to one gets a `_` suffix.
# tests/test_typescript.py checks that every name the templates declare is listed here. Names that moved
# to the runtime (INDEX, check, …) stay listed, so that no code's identifier changes with the split.
FIXED_VALUES = frozenset(
    """
PROVENANCE CODES KINDS KIND_INFO POLICIES METADATA isErrorCode isCatalogError isErrorOf parseError parseResult
narrowToolResult isErrorResult isErrorResultOf kindOf classifyHttp classifyFailure failureClassOf isRetryable
isTerminal mapHttp mapException sanitize scrubText toResult toJsonRpcError okResult failedResult isOkResult
isToolResult buildError classify hasRetryAfter INDEX ROWS PARSED INFO PARTS FIELD_TYPES HTTP_KINDS HTTP_CODES
FAILURE_KINDS FAILURE_CODES
DEFAULT_KIND DEFAULT_CODE RULES SECRET_KEY REDACTED ENVELOPE_KEYS record typed check mapped canonical create
placeholders render formatValue bound own setOwn isObject isValue isRange isProvenance validate payloadFrom
firstText matchHttp infoOf retriableOf tryJson eval arguments isNaN isFinite MAX_TEXT CUT_WINDOW TRUNCATED MAX_DEPTH
TOO_DEEP UNREADABLE PAIR_NAMES PAIR_VALUES NOT_SECRET_KEY MAX_BLOCKS cut pairAt sanitized isSecretKey redactPair
readResult firstBlocks validated nameOf CATALOG runtime
z errors FIELDS ALL errorSchema ownProperties ProvenanceSchema RangeSchema ErrorCodeSchema ErrorKindSchema ErrorSchema
ErrorObjectSchema CatalogErrorSchema ToolResultSchema
""".split()
)
FIXED_TYPES = frozenset(
    """
Provenance ErrorCode ErrorKind KindInfo PolicyName Range CodeInfo ErrorByCode CatalogError UnknownError
ToolChannelError ProtocolChannelError CallToolResultLike TextContent CallToolErrorResult ToolFailureMeta
JsonRpcErrorObject ErrorCallToolResult ToolResult OkResult FailedResult FieldType Args Payload HttpRow
Readonly ReadonlyArray ReadonlyMap ReadonlySet Record Partial Required Pick Omit Extract Exclude NonNullable
Map Set WeakMap WeakSet Array Object String Number Boolean Symbol BigInt Function Error TypeError SyntaxError
RegExp JSON Math Date Promise PromiseLike Iterable IterableIterator PropertyKey ReturnType Parameters
Uppercase Lowercase CatalogTypes ErrorPolicy HeadersLike
""".split()
)

_TS_TYPES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "any": "unknown",
             "range": "Range", "object": "{ readonly [key: string]: unknown }"}  # fmt: skip
_ZOD_TYPES = {"string": "z.string()", "integer": "z.int()", "number": "z.number()", "boolean": "z.boolean()",
              "any": "z.unknown()", "range": "RangeSchema", "object": "z.record(z.string(), z.unknown())"}  # fmt: skip

# Python's `\s` for str patterns, spelled for a JS RegExp with the `u` flag.
_PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"


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


def ts_single(text: str) -> str:
    """A single-quoted TS string literal (for JSON text: its double quotes stay readable)."""
    return "'" + escape_invisible(text.replace("\\", "\\\\").replace("'", "\\'")) + "'"


def lit(value: Any) -> str:
    """A TS literal of JSON data (strings escaped like `escape.ts_str`)."""
    if isinstance(value, str):
        return ts_str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(lit(v) for v in value) + "]"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return json.dumps(value)


def key(name: str, *, runtime: bool = False) -> str:
    """A property key: bare when it is an identifier, quoted otherwise (computed in object literals)."""
    if is_ts_identifier(name):
        return name
    return f"[{ts_str(name)}]" if runtime else ts_str(name)


def field_type(field: Field) -> str:
    """TS type of a repair field's value."""
    if field.type.name == "array":
        return f"readonly {_TS_TYPES[field.type.items or 'string']}[]"
    return _TS_TYPES[field.type.name]


def field_zod(field: Field) -> str:
    """zod schema expression of a repair field's value."""
    if field.type.name == "array":
        return f"z.array({_ZOD_TYPES[field.type.items or 'string']})"
    return _ZOD_TYPES[field.type.name]


def field_tag(field: Field) -> str:
    """Runtime type tag checked by the generated `isValue` (``string``, ``integer[]``, …)."""
    return f"{field.type.items}[]" if field.type.name == "array" else field.type.name


class _Namer:
    """Hands out identifiers unique in one namespace, suffixing `_` on a clash."""

    def __init__(self, taken: frozenset[str]) -> None:
        self.taken = set(taken) | set(TS_RESERVED)

    def __call__(self, name: str) -> str:
        name = ts_safe(name)
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name


@dataclass(frozen=True)
class _FieldText:
    """A repair field's TS spellings, shared by every code that carries it."""

    prop: str  # interface member, without the optional mark: (doc comment) readonly key
    type: str  # TS type of the value
    key: str  # property key (quoted when not an identifier)

    @classmethod
    def of(cls, field: Field) -> _FieldText:
        name = key(field.wire)
        return cls(f"{_field_doc(field)}readonly {name}", field_type(field), name)


def code_views(catalog: Catalog) -> list[CodeView]:
    """One view per code, in declared order; value names are claimed constructors first, then guards."""
    values, types = _Namer(FIXED_VALUES), _Namer(FIXED_TYPES)
    ctors = {c.id: values(c.names.camel) for c in catalog.codes.values() if c.constructible}
    guards = {c.id: values("is" + c.names.pascal.lstrip("_")) for c in catalog.codes.values()}
    schemas = {c.id: values(c.names.pascal + "Schema") for c in catalog.codes.values()}
    texts = {name: _FieldText.of(field) for name, field in catalog.fields.items()}
    return [
        CodeView(
            code=c,
            wire=ts_str(c.id),
            comment_id=comment_text(c.id),
            iface=types(c.names.pascal),
            guard=guards[c.id],
            ctor=ctors.get(c.id),
            schema=schemas[c.id],
            doc=_doc(catalog, c),
            deprecated=_deprecated(c),
            props=_props(catalog, c, texts),
            param=_param(catalog, c, texts),
            row=_row(catalog, c),
            zod=_zod(catalog, c),
        )
        for c in catalog.codes.values()
    ]


def _doc(catalog: Catalog, code: Code) -> tuple[str, ...]:
    title = f" — {code.title}" if code.title != code.id else ""
    lines = [f"`{code.id}`{title}"]
    for label, text in (("When", code.when), ("UI", code.ui_meaning), ("Next", code.next_action), ("", code.docs)):
        if text.strip():
            lines.append(f"{label}: {text}" if label else text)
    lines.append(
        f"Kind: {code.kind or 'none'}; retriable: {code.retriable.value}; recoverable: {code.recoverable.value}"
        + ("; deferred (shape-only, no constructor)" if code.deferred else "")
    )
    return tuple(comment_text(line) for line in lines)


def _deprecated(code: Code) -> str | None:
    """The text after ``@deprecated``: since when, why, and what to use instead."""
    dep = code.deprecated
    if dep is None:
        return None
    reason = dep.reason.strip().rstrip(".")
    since = f"Since {dep.since}" if dep.since else ""
    text = f"{since}: {reason}." if since and reason else f"{since or reason}." if since or reason else ""
    text += f" Use `{dep.replaced_by}` instead." if dep.replaced_by else ""
    return comment_text(text.strip() or "Deprecated.")


def _field_doc(field: Field) -> str:
    return f"/** {comment_text(field.description)} */ " if field.description.strip() else ""


def _props(catalog: Catalog, code: Code, texts: dict[str, _FieldText]) -> str:
    env = catalog.envelope
    props = [f"readonly {key(env.discriminator)}: {ts_str(code.id)};", "readonly message: string;"]
    for meta in (m for m in env.metadata if m.carried_by(code)):
        props.append(f"readonly {key(meta.key)}: {'boolean' if meta.name == 'retriable' else 'string'};")
    for name in code.fields:
        text = texts[name]
        props.append(f"{text.prop}{'?' if name in code.optional else ''}: {text.type};")
    if env.provenance:
        props.append(f"readonly provenance{'' if env.provenance_mode is ProvenanceMode.REQUIRED else '?'}: Provenance;")
    if env.mirror_is_error:
        props.append("readonly isError: true;")
    return "\n  ".join(props)


def _param(catalog: Catalog, code: Code, texts: dict[str, _FieldText]) -> str:
    members = [
        f"readonly {texts[name].key}{'' if name in code.required else '?'}: {texts[name].type}"
        if name in texts
        else f"readonly {key(name)}?: unknown"
        for name in code.params
    ]
    if catalog.envelope.retriable is not None:
        members.append(f"readonly {key(catalog.envelope.retriable.key)}?: boolean")
    if not members:
        return ""
    # `args?:`, not `= {}`: tsc checks a `{}` default against fields named like Object members (`constructor`).
    return ("args: { " if code.required else "args?: { ") + "; ".join(members) + " }"


def _row(catalog: Catalog, code: Code) -> str:
    """The code's `CodeInfo`, message parts and wire metadata as one line of JSON in a single-quoted TS string.

    Repair fields are named by their wire keys throughout (the runtime knows no other names).
    """
    dep = code.deprecated
    wire = {name: f.wire for name, f in catalog.fields.items()}
    info = {
        "code": code.id,
        "title": code.title,
        "when": code.when,
        "message": code.message,
        "kind": code.kind,
        "retriable": code.retriable.value,
        "recoverable": code.recoverable.value,
        "nextAction": code.next_action,
        "uiMeaning": code.ui_meaning,
        "channel": code.channel.value,
        "jsonrpcCode": code.jsonrpc_code,
        "httpStatus": code.http_status,
        "since": code.since,
        "deprecated": {"since": dep.since, "replacedBy": dep.replaced_by, "reason": dep.reason} if dep else None,
        "deferred": code.deferred,
        "required": [wire[n] for n in code.required],
        "optional": [wire[n] for n in code.optional],
        "docs": code.docs,
        "parts": _parts(code.message, wire),
        "wire": [[m.key, m.value(code)] for m in catalog.envelope.texts if m.carried_by(code)],
    }
    return ts_single(jsontext.compact(info))


def _parts(template: str, wire: dict[str, str]) -> list[str]:
    flat: list[str] = []
    for literal, name in messages.parse(template):
        flat.append(literal)
        if name is not None:
            flat.append(wire.get(name, name))
    return flat


def _zod(catalog: Catalog, code: Code) -> str:
    """Arguments of the zod file's ``errorSchema(code, required, optional, metadata)`` call (wire keys)."""
    wire = {name: f.wire for name, f in catalog.fields.items()}
    metadata = [[m.key, m.value(code)] for m in catalog.envelope.texts if m.carried_by(code)]
    args = [ts_str(code.id), lit([wire[n] for n in code.required])]
    if code.optional or metadata:
        args.append(lit([wire[n] for n in code.optional]))
    if metadata:
        args.append(lit(metadata))
    return ", ".join(args)


def common_fields(catalog: Catalog) -> list[tuple[str, str]]:
    """Fields every code carries, for the catalog-wide `ErrorSchema` (seed 004's McpToolErrorZ)."""
    codes = list(catalog.codes.values())
    names = [n for n in catalog.fields if all(n in c.fields for c in codes)]
    return [
        (
            key(catalog.fields[n].wire, runtime=True),
            field_zod(catalog.fields[n]) + ("" if all(n in c.required for c in codes) else ".optional()"),
        )
        for n in names
    ]


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


def api_names(catalog: Catalog, protocol: bool) -> list[str]:
    """The helpers the catalog file exports from ``define``'s result (only those its envelope and channels use)."""
    names = ["isErrorCode", "isCatalogError", "isErrorOf", "parseError", "buildError", "toResult"]
    names += ["toJsonRpcError"] * protocol
    names += ["isErrorResult", "isErrorResultOf"] * catalog.envelope.structured_content
    return [*names, "isToolResult", "parseResult", "narrowToolResult", "kindOf", "classify", "isRetryable",
            "isTerminal", "classifyHttp", "classifyFailure", "mapHttp", "mapException"]  # fmt: skip


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


_JS_ESCAPES = {  # Python `re` escape (str pattern) → JS `u`-mode spelling; value: (outside class, inside class)
    "\\s": (f"[{_PY_SPACE}]", _PY_SPACE),
    "\\d": ("\\p{Nd}", "\\p{Nd}"),
    "\\D": ("\\P{Nd}", None),
    "\\w": ("[\\p{L}\\p{N}_]", "\\p{L}\\p{N}_"),
}


def js_pattern(pattern: str, *, fullmatch: bool = False) -> str:
    """A Python `re` pattern rewritten so that a JS RegExp with the `u` flag matches the same strings.

    Rewrites the constructs whose meaning differs: ``\\s``, ``\\d``, ``\\w`` (Unicode sets in
    Python) and ``$`` (Python's also matches before a final newline; kept as is for a pattern
    used with ``fullmatch``); ``[\\s\\S]`` means "anything" in both. Escapes with no faithful
    JS spelling (``\\b``, ``\\S``, ``\\W`` …) are refused, so a new sanitizer pattern fails
    loudly instead of drifting.
    """
    out: list[str] = []
    class_start = -1  # index of the open '[' while inside a class
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if class_start < 0 and pattern.startswith("[\\s\\S]", i):
            out.append("[\\s\\S]")
            i += 6
            continue
        if ch == "\\":
            esc = pattern[i : i + 2]
            spelled = _JS_ESCAPES.get(esc, (esc, esc))[class_start >= 0] if esc[1:].isalpha() else esc
            if spelled is None or (esc[1:] in "bBSWAZ" and esc not in _JS_ESCAPES):
                raise ValueError(f"sanitizer pattern uses {esc}, which Python and JS read differently: {pattern!r}")
            out.append(spelled)
            i += 2
            continue
        if ch == "[" and class_start < 0:
            class_start = i
        elif ch == "]" and class_start >= 0 and i > class_start + 1 + (pattern[class_start + 1] == "^"):
            class_start = -1
        out.append("(?=\\n?$)" if ch == "$" and class_start < 0 and not fullmatch else ch)
        i += 1
    return "".join(out)


@dataclass(frozen=True)
class TsRule:
    """A sanitizer rule as the TypeScript module prints it (literals)."""

    name: str
    pattern: str
    replacement: str
    needles: str
    words: str


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.runtime_patterns) as TypeScript literals."""
    rp = runtime_patterns
    rules = [
        TsRule(rule.name, ts_str(js_pattern(rp.emitted(rule))), ts_str(rule.replacement), lit(list(rule.needles)),
               lit(list(rule.words)))
        for rule in rp.TEXT_RULES
    ]  # fmt: skip
    return {
        "rules": rules,
        "secret_key": [ts_str(js_pattern(p)) for p in rp.SECRET_KEY_PATTERNS],
        **{name: ts_str(text) for name, text in rp.MARKERS.items()},
        **{name: str(number) for name, number in rp.LIMITS.items()},
        "pair_names": ", ".join(ts_str(name) for name in rp.PAIR_NAMES),
        "pair_values": ", ".join(ts_str(name) for name in rp.PAIR_VALUES),
    }


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
        "common_fields": common_fields(catalog),
        "zod_fields": [(lit(f.wire), field_zod(f)) for f in catalog.fields.values()],
        "discriminator": key(catalog.envelope.discriminator, runtime=True),
        "discriminator_lit": lit(catalog.envelope.discriminator),
        "retriable_key": lit(catalog.envelope.retriable.key if catalog.envelope.retriable else None),
        "metadata": [(key(m.key, runtime=True), m) for m in catalog.envelope.metadata],
        "policy_ctors": _policy_ctors(catalog),
    }


def _policy_ctors(catalog: Catalog) -> list[tuple[str, str, str]]:
    """``(constructor name, kinds literal, description)`` per named policy, for the `ErrorPolicy` value."""
    taken = {"empty", "named", "of", "prototype", "length", "name"}
    out = []
    for p in catalog.policies.values():
        name = p.names.camel
        while name in taken:
            name += "_"
        taken.add(name)
        out.append((name, lit(p.terminate_on), comment_text(p.description or f"The {p.name} policy.")))
    return out


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
