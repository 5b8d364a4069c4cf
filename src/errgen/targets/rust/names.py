"""Rust identifiers of a catalog: struct, variant, field, kind and policy names.

Derived from the catalog's names (`errgen.catalog.naming`): ASCII only (a non-ASCII
letter becomes ``u<hex>``, so no lint about uncommon code points fires), a keyword gets a
``_`` suffix, and a name that would clash (with a keyword, a name the crate or Rust's
prelude already uses, or another name of the same scope) takes a suffix until it is unique,
in declared order. Every catalog the compiler accepts therefore compiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog.model import Catalog

KEYWORDS = frozenset(
    "as break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref "
    "return self Self static struct super trait true type unsafe use where while async await dyn abstract become "
    "box do final macro override priv typeof unsized virtual yield try gen union".split()
)
# Types, traits and variants the crate's lib.rs names besides its codes (prelude, imports, its own items).
TYPE_NAMES = frozenset(
    "Option Some None Result Ok Err String Vec Box ToString ToOwned Clone Copy Send Sync Sized Unpin Drop Fn FnMut "
    "FnOnce Default Eq PartialEq Ord PartialOrd Iterator IntoIterator Extend DoubleEndedIterator ExactSizeIterator "
    "AsRef AsMut Into From TryFrom TryInto FromIterator Debug Hash Serialize Deserialize Serializer Deserializer "
    "Json JsonMap JsonArray Provenance Range UnknownCode BuildError CatalogInfo CodeInfo ToolError ErrorKind "
    "ErrorPolicy Unknown Code CodeError KindInfo Retriable Recoverable Channel Envelope FieldInfo FieldType "
    "HttpRule FailureRule Status WireText ProvenanceMode".split()
)
# Methods a code's struct has besides its setters.
METHODS = ("new", "info", "shown", "wrap")
# Associated functions of ErrorPolicy that a policy's constructor must not take.
POLICY_MEMBERS = frozenset({"new", "named", "add_terminal_kind", "classifies_terminal", "words", "default"})


def ascii_ident(ident: str, upper: bool = False) -> str:
    """`ident` with each non-ASCII character as ``u<hex>`` (``U<HEX>`` in a type name)."""
    if ident.isascii():
        return ident
    return "".join(ch if ch.isascii() else (f"U{ord(ch):X}" if upper else f"u{ord(ch):x}") for ch in ident)


def unique(wanted: str, taken: set[str], suffix: str = "_") -> str:
    """`wanted`, with `suffix` appended until it is not taken (then taken)."""
    name = wanted
    while name in taken or name in KEYWORDS:
        name += suffix if name == wanted and suffix != "_" else "_"
    taken.add(name)
    return name


def value_name(snake: str) -> str:
    """A field or function name from a snake-case name: ASCII, not a keyword, not ``_`` alone."""
    name = ascii_ident(snake)
    if name.startswith("_") and name.strip("_") and name.strip("_")[0].isdigit():
        name = "f" + name  # `_1st` would read as an unused binding
    return name


@dataclass(frozen=True)
class RustNames:
    """Every Rust name a catalog's lib.rs declares, by catalog name."""

    crate: str  # the library crate, ``workbook_errors``
    package: str  # the Cargo package, ``workbook-errors``
    codes: dict[str, str]  # code id → struct and variant name
    kinds: dict[str, str]  # kind → ErrorKind variant
    policies: dict[str, str]  # policy → ErrorPolicy constructor
    members: dict[str, dict[str, str]]  # code id → wire key → struct member (repair fields and message values)
    setters: dict[str, dict[str, str]]  # code id → wire key → its `with_*` method
    tools: dict[str, tuple[str, str]]  # tool → (its enum, its `Tool` constant)


def names(catalog: Catalog) -> RustNames:
    """The Rust names of `catalog`."""
    taken = set(TYPE_NAMES)
    codes = {cid: unique(ascii_ident(c.names.pascal, True), taken, "Error") for cid, c in catalog.codes.items()}
    kind_taken: set[str] = set()
    kinds = {k: unique(ascii_ident(kind.names.pascal, True), kind_taken) for k, kind in catalog.kinds.items()}
    policy_taken = set(POLICY_MEMBERS)
    policies = {p: unique(value_name(policy.names.snake), policy_taken) for p, policy in catalog.policies.items()}
    return RustNames(
        crate=f"{catalog.name.replace('-', '_')}_errors",
        package=f"{catalog.name}-errors",
        codes=codes,
        kinds=kinds,
        policies=policies,
        members={cid: _members(catalog, cid) for cid in catalog.codes},
        setters={cid: _setters(catalog, cid) for cid in catalog.codes},
        tools={name: _tool_names(t.names.pascal, t.names.constant, taken) for name, t in catalog.tools.items()},
    )


def _tool_names(pascal: str, constant: str, taken: set[str]) -> tuple[str, str]:
    """A tool's enum and `Tool` constant, unique among the crate's type names."""
    return unique(ascii_ident(f"{pascal}ToolError", True), taken), unique(ascii_ident(f"{constant}_TOOL", True), taken)


def _members(catalog: Catalog, cid: str) -> dict[str, str]:
    """Wire key → struct member of one code: its repair fields and message values."""
    taken: set[str] = set()
    pairs = [(catalog.fields[n].wire, catalog.fields[n].names.snake) for n in catalog.codes[cid].params]
    return {wire: unique(value_name(snake), taken) for wire, snake in pairs}


def _setters(catalog: Catalog, cid: str) -> dict[str, str]:
    """Wire key → ``with_<name>`` method of each optional member of one code."""
    code = catalog.codes[cid]
    taken = set(METHODS)
    optional = [catalog.fields[n] for n in code.params if n not in code.required]
    return {f.wire: unique(f"with_{value_name(f.names.snake).lstrip('_')}", taken) for f in optional}
