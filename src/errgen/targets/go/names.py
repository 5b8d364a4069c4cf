"""Go identifiers of a catalog: package, types, constants, constructors, struct fields.

Every generated name is exported (it starts with an upper-case letter, so no Go keyword or
predeclared identifier can be one) and made of letters, digits and ``_`` only (Go accepts
Unicode letters and decimal digits, not the combining marks Python identifiers may hold).
Names are handed out in catalog order from one namespace per scope (the package; the fields
of an error struct); a name taken by the package's fixed API or an earlier name gets a ``_``
suffix, as often as it takes (``error`` → ``Error_``). Wire names are never altered.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from errgen.catalog.model import Catalog, Names

# What every catalog package declares besides the per-code, per-kind and per-policy names.
PACKAGE_API = frozenset(
    """
Code Kind Error ToolError ProtocolError Unknown Object Provenance Range Result TextContent JSONRPCError Policy
CodeInfo KindInfo Deprecation FailureClass Parse ParseValue ParseResult ParseResultValue BuildError Codes Info
Kinds KindOf Classify ClassifyCode IsRetryable IsRetryableCode IsTerminal IsTerminalCode ClassifyHTTP
ClassifyFailure ClassifyError MapHTTP MapFailure MapError FailureClassOf HasRetryAfter Sanitize ScrubText ToJSON
DecodeJSON Stamp NewPolicy NamedPolicy PolicyNames NewObject Redacted Catalog Version DefaultKind Null ToValue
ErrTooDeep Tool Tools ToolNamed Occurrence ToolFailure ToResultWith ToProblem ToStatus ParseProblem
ParseProblemValue ParseStatus ParseStatusValue ToolFailureOf
""".split()
)
# Members of every error struct: its methods and the envelope's fields.
STRUCT_MEMBERS = frozenset(
    "Code Error Is Payload ToResult ToJSONRPCError MarshalJSON Message Retriable Provenance IsError".split()
)
# Go field names of the metadata a catalog may put on the wire (``envelope.metadata``).
META_FIELDS = {
    "retriable": "Retriable",
    "recoverable": "Recoverable",
    "next_action": "NextAction",
    "ui_meaning": "UIMeaning",
    "kind": "Kind",
    "title": "Title",
}
ERROR_SUFFIX = "Error"


def package(catalog: Catalog) -> str:
    """The Go package (and module path) of a catalog: ``workbook`` → ``workbookerrors``."""
    return package_name(catalog.name)


MODULE_HOST = "errgen.local"  # the first element of every generated module path (a dot: not the standard library)


def module_path(name: str) -> str:
    """The Go module path of the catalog called `name`: ``errgen.local/workbookerrors``."""
    return f"{MODULE_HOST}/{package_name(name)}"


def package_name(name: str) -> str:
    """The Go package of the catalog called `name` (``my-cat`` → ``mycaterrors``)."""
    return name.replace("-", "").replace("_", "") + "errors"


def exported(names: Names) -> str:
    """An exported Go identifier from a wire name's Pascal form (``1st`` → ``X1st``)."""
    kept = names.pascal
    if not (kept.isascii() and kept.replace("_", "").isalnum()):  # else every character is kept: the common case
        kept = "".join(ch for ch in kept if ch == "_" or unicodedata.category(ch)[0] == "L" or ch.isdecimal())
    ident = kept.lstrip("_")
    if not ident:
        ident = "X" + "_".join(f"{ord(ch):x}" for ch in names.wire)
    return ident if unicodedata.category(ident[0]) == "Lu" else "X" + ident


class Namer:
    """Hands out names unique in one scope, suffixing ``_`` on a clash."""

    def __init__(self, taken: frozenset[str]) -> None:
        self.taken = set(taken)

    def __call__(self, name: str) -> str:
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name


@dataclass(frozen=True)
class CodeNames:
    """The Go names of one code."""

    type: str  # the error struct: InvalidInputError
    const: str  # the Code constant: CodeInvalidInput
    ctor: str  # the constructor: NewInvalidInputError
    args: str  # the constructor's argument struct: InvalidInputArgs
    sentinel: str  # the errors.Is target: ErrInvalidInput


@dataclass(frozen=True)
class GoNames:
    """Every Go name of one catalog."""

    package: str
    codes: dict[str, CodeNames]  # by code id
    kinds: dict[str, str]  # kind → constant (KindTransient)
    policies: dict[str, str]  # policy → constructor (OperatorSafePolicy)
    fields: dict[str, str]  # field name → struct field (FilePath)
    tools: dict[str, tuple[str, str, str]]  # tool → (its error interface, its Tool variable, its Parse…Result)


def go_names(catalog: Catalog) -> GoNames:
    """Hand out the catalog's names: types, then constants, constructors, argument structs and sentinels."""
    top = Namer(PACKAGE_API)
    pascal = {c.id: exported(c.names) for c in catalog.codes.values()}
    types = {cid: top(p if p.endswith(ERROR_SUFFIX) else p + ERROR_SUFFIX) for cid, p in pascal.items()}
    consts = {cid: top("Code" + p) for cid, p in pascal.items()}
    ctors = {cid: top("New" + types[cid]) for cid in pascal}
    args = {cid: top(p + "Args") for cid, p in pascal.items()}
    sentinels = {cid: top("Err" + p) for cid, p in pascal.items()}
    kinds = {k.name: top("Kind" + exported(k.names)) for k in catalog.kinds.values()}
    policies = {p.name: top(exported(p.names) + "Policy") for p in catalog.policies.values()}
    members = Namer(STRUCT_MEMBERS | frozenset(META_FIELDS.values()))
    fields = {name: members(exported(f.names)) for name, f in catalog.fields.items()}
    codes = {cid: CodeNames(types[cid], consts[cid], ctors[cid], args[cid], sentinels[cid]) for cid in pascal}
    tools = {name: _tool_names(exported(t.names), top) for name, t in catalog.tools.items()}
    return GoNames(package(catalog), codes, kinds, policies, fields, tools)


def _tool_names(pascal: str, top: Namer) -> tuple[str, str, str]:
    """A tool's interface, contract and parser (its ``…Value`` parser takes the parser's name plus ``Value``)."""
    iface, contract = top(f"{pascal}ToolError"), top(f"{pascal}Tool")
    parse = f"Parse{pascal}Result"
    while parse in top.taken or f"{parse}Value" in top.taken:
        parse += "_"
    top.taken.update({parse, f"{parse}Value"})
    return iface, contract, parse
