"""How the TypeScript target spells identifiers, property keys, types and literals (names claimed once)."""

from __future__ import annotations

import json
from typing import Any

from errgen.catalog.model import Catalog, Field
from errgen.catalog.naming import TS_RESERVED, is_ts_identifier, ts_safe
from errgen.targets.common.escape import comment_text, escape_invisible, ts_str

# Module-level names the catalog templates declare or use; a code-derived name equal to one gets a `_` suffix.
# tests/test_typescript.py checks that every name the templates declare is listed here. Names that moved
# to the runtime (INDEX, check, …) stay listed, so that no code's identifier changes with the split.
FIXED_VALUES = frozenset(
    """
PROVENANCE CODES KINDS KIND_INFO POLICIES METADATA isErrorCode isCatalogError isErrorOf parseError parseResult
narrowToolResult isErrorResult isErrorResultOf kindOf classifyHttp classifyFailure failureClassOf isRetryable
isTerminal mapHttp mapException sanitize scrubText toResult toJsonRpcError okResult failedResult isOkResult
toProblem toStatus parseProblem parseStatus toolFailureOf TOOL_FAILURE
isToolResult buildError classify hasRetryAfter INDEX ROWS PARSED INFO PARTS FIELD_TYPES HTTP_KINDS HTTP_CODES
FAILURE_KINDS FAILURE_CODES
DEFAULT_KIND DEFAULT_CODE RULES SECRET_KEY REDACTED ENVELOPE_KEYS record typed check mapped canonical create
placeholders render formatValue bound own setOwn isObject isValue isRange isProvenance validate payloadFrom
firstText matchHttp infoOf retriableOf tryJson eval arguments isNaN isFinite MAX_TEXT CUT_WINDOW TRUNCATED MAX_DEPTH
TOO_DEEP UNREADABLE PAIR_NAMES PAIR_VALUES NOT_SECRET_KEY MAX_BLOCKS cut pairAt sanitized isSecretKey redactPair
readResult firstBlocks validated nameOf CATALOG runtime validateRead hasLone wellFormed childrenOf irregular readable
readJson allFinite levels decoded isBytes bodyValue shown httpStatus keptKey utf8 MAX_LEVELS MAX_JSON_LEVELS MAX_KEY
MAX_BODY STATUSES LONE_SURROGATE LONE_SURROGATES BIG_NUMBER
z errors FIELDS ALL errorSchema ownProperties ProvenanceSchema RangeSchema ErrorCodeSchema ErrorKindSchema ErrorSchema
ErrorObjectSchema CatalogErrorSchema buildCatalogErrorSchema ToolResultSchema TOOLS toolContract
""".split()
)
FIXED_TYPES = frozenset(
    """
Provenance ErrorCode ErrorKind KindInfo PolicyName Range CodeInfo ErrorByCode CatalogError UnknownError
ToolChannelError ProtocolChannelError CallToolResultLike TextContent CallToolErrorResult ToolFailureMeta
ToolFailureClass ChannelOptions ChannelSpec
JsonRpcErrorObject ErrorCallToolResult ToolResult OkResult FailedResult FieldType Args Payload HttpRow
Readonly ReadonlyArray ReadonlyMap ReadonlySet Record Partial Required Pick Omit Extract Exclude NonNullable
Map Set WeakMap WeakSet Array Object String Number Boolean Symbol BigInt Function Error TypeError SyntaxError
RegExp JSON Math Date Promise PromiseLike Iterable IterableIterator PropertyKey ReturnType Parameters
Uppercase Lowercase CatalogTypes ErrorPolicy HeadersLike Utf8Decoder Uint8Array TextDecoder ToolContract
""".split()
)

# Own properties of JavaScript's `Object.prototype`: zod reads a payload's member with `input[key]`, so a
# payload without its own `toString` would be read as having the inherited function.
OBJECT_PROTOTYPE = frozenset(
    """
constructor __defineGetter__ __defineSetter__ hasOwnProperty __lookupGetter__ __lookupSetter__ isPrototypeOf
propertyIsEnumerable toString valueOf __proto__ toLocaleString
""".split()
)

_TS_TYPES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "any": "unknown",
             "range": "Range", "object": "{ readonly [key: string]: unknown }"}  # fmt: skip
_ZOD_TYPES = {"string": "z.string()", "integer": "z.int()", "number": "z.number()", "boolean": "z.boolean()",
              "any": "z.unknown()", "range": "RangeSchema", "object": "z.record(z.string(), z.unknown())"}  # fmt: skip


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
    """A property key: bare when it is an identifier, quoted otherwise (computed in object literals).

    In an object literal (`runtime`) `__proto__` is computed too: written bare, it sets the prototype.
    """
    if is_ts_identifier(name) and not (runtime and name == "__proto__"):
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


class Namer:
    """Hands out identifiers unique in one namespace, suffixing `_` on a clash."""

    def __init__(self, taken: frozenset[str]) -> None:
        self.taken = set(taken) | set(TS_RESERVED)

    def __call__(self, name: str) -> str:
        name = ts_safe(name)
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name


def api_names(catalog: Catalog, protocol: bool) -> list[str]:
    """The helpers the catalog file exports from ``define``'s result (only those its envelope and channels use)."""
    names = ["isErrorCode", "isCatalogError", "isErrorOf", "parseError", "buildError", "toResult"]
    names += ["toJsonRpcError"] * protocol
    names += ["isErrorResult", "isErrorResultOf"] * catalog.envelope.structured_content
    return [*names, "isToolResult", "parseResult", "narrowToolResult", "kindOf", "classify", "isRetryable",
            "isTerminal", "classifyHttp", "classifyFailure", "mapHttp", "mapException", "localize", "localized",
            "describeField", "localeChain", "localizedMessage", "toProblem", "toStatus", "parseProblem",
            "parseStatus"]  # fmt: skip


def policy_ctors(catalog: Catalog) -> list[tuple[str, str, str]]:
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
