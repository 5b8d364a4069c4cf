"""TypeScript names: the fixed names of the generated files and a code's unique identifiers.

Every name a catalog file declares is computed here; a code-derived name that equals a fixed
one (or a TS reserved word) gets a ``_`` suffix, so no name depends on the template.
"""

from __future__ import annotations

from errgen.catalog.model import Catalog
from errgen.catalog.naming import TS_RESERVED, is_ts_identifier, ts_safe
from errgen.targets.escape import ts_str

# Module-level names the catalog templates declare or use; a code-derived name equal to one gets a `_` suffix.
# tests/test_typescript.py checks that every name the templates declare is listed here. Names that moved
# to the runtime (INDEX, check, …) stay listed, so that no code's identifier changes with the split.
FIXED_VALUES = frozenset(
    """
PROVENANCE CODES KINDS KIND_INFO POLICIES METADATA isErrorCode isCatalogError isErrorOf parseError parseResult
narrowToolResult isErrorResult isErrorResultOf kindOf classifyHttp classifyFailure failureClassOf isRetryable
isTerminal mapHttp mapException sanitize scrubText toResult toJsonRpcError okResult failedResult isOkResult
isToolResult buildError INDEX ROWS PARSED INFO PARTS FIELD_TYPES HTTP_KINDS HTTP_CODES FAILURE_KINDS FAILURE_CODES
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
Uppercase Lowercase CatalogTypes
""".split()
)


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


def key(name: str, *, runtime: bool = False) -> str:
    """A property key: bare when it is an identifier, quoted otherwise (computed in object literals)."""
    if is_ts_identifier(name):
        return name
    return f"[{ts_str(name)}]" if runtime else ts_str(name)


def api_names(catalog: Catalog, protocol: bool) -> list[str]:
    """The helpers the catalog file exports from ``define``'s result (only those its envelope and channels use)."""
    names = ["isErrorCode", "isCatalogError", "isErrorOf", "parseError", "buildError", "toResult"]
    names += ["toJsonRpcError"] * protocol
    names += ["isErrorResult", "isErrorResultOf"] * catalog.envelope.structured_content
    return [*names, "isToolResult", "parseResult", "narrowToolResult", "kindOf", "isRetryable", "isTerminal",
            "classifyHttp", "classifyFailure", "mapHttp", "mapException"]  # fmt: skip
