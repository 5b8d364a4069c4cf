"""``errgen explain`` and ``errgen list``: find codes by name and show them in a terminal.

Lookup accepts any casing, ``-``/``_``/``.`` interchangeably, and an optional
qualifier: the catalog's prefix (``WB-invalid_input``) or its name
(``workbook:invalid_input``). Catalog text is printed with control and
bidirectional characters made visible, so a catalog cannot drive the terminal.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass

from errgen.catalog.model import Catalog, Code, Retired, Retriable

_SEPARATORS = re.compile(r"[-_.\s]+")


@dataclass(frozen=True)
class Match:
    """A code (or retired id) found in a catalog."""

    catalog: Catalog
    code: Code | None
    retired: Retired | None

    @property
    def id(self) -> str:
        """The wire id."""
        return self.code.id if self.code else self.retired.id if self.retired else ""

    @property
    def qualified(self) -> str:
        """``catalog:id``: unambiguous across catalogs."""
        return f"{self.catalog.name}:{self.id}"


def _key(text: str) -> str:
    return _SEPARATORS.sub("_", unicodedata.normalize("NFKC", text).casefold()).strip("_")


def _scopes(query: str, catalogs: list[Catalog]) -> list[tuple[list[Catalog], str]]:
    """``(catalogs to search, code part)``: the query as is, and split at a prefix or catalog name."""
    scopes = [(catalogs, query)]
    for cut in range(1, len(query)):
        head, sep, rest = query[:cut], query[cut], query[cut + 1 :]
        if sep in ":/.-_ " and rest:
            owners = [c for c in catalogs if _key(head) in {_key(c.name), _key(c.prefix or "")}]
            if owners:
                scopes.append((owners, rest))
    for c in catalogs:  # a prefix written without separator: WBinvalid_input
        if c.prefix and query.casefold().startswith(c.prefix.casefold()) and len(query) > len(c.prefix):
            scopes.append(([c], query[len(c.prefix) :]))
    return scopes


def find(query: str, catalogs: list[Catalog]) -> list[Match]:
    """Codes (or retired ids) matching `query`; an exact-case match beats a loose one."""
    for exact in (True, False):
        found: dict[tuple[str, str], Match] = {}
        for scope, part in _scopes(query, catalogs):
            for catalog in scope:
                for cid in (*catalog.codes, *catalog.retired):
                    if (cid == part) if exact else (_key(cid) == _key(part)):
                        code = catalog.codes.get(cid)
                        found.setdefault((catalog.name, cid), Match(catalog, code, catalog.retired.get(cid)))
        if found:
            return list(found.values())
    return []


def suggestions(query: str, catalogs: list[Catalog], n: int = 3) -> list[str]:
    """Qualified ids close to `query`, best first."""
    ids = {f"{c.name}:{cid}": _key(cid) for c in catalogs for cid in (*c.codes, *c.retired)}
    keys = difflib.get_close_matches(_key(query.rpartition(":")[2]), list(set(ids.values())), n=n, cutoff=0.6)
    return [q for k in keys for q in ids if ids[q] == k][:n]


def visible(text: str) -> str:
    """`text` with control, format and bidi characters (except newline and tab) shown as ``\\uXXXX``."""
    return "".join(
        ch if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")
        else f"\\u{ord(ch):04x}"
        for ch in text
    )  # fmt: skip


def _field_label(catalog: Catalog, name: str) -> str:
    """A field as the wire spells it, with its catalog name when casing changed it (``limitBytes (limit_bytes)``)."""
    wire = catalog.fields[name].wire
    return wire if wire == name else f"{wire} ({name})"


def _field_type(catalog: Catalog, name: str) -> str:
    ftype = catalog.fields[name].type
    return f"list of {ftype.items}s" if ftype.name == "array" else ftype.name


def _status(code: Code) -> str:
    parts = []
    if code.deferred:
        parts.append("deferred (shape only: in schemas and docs, not constructible)")
    if code.deprecated:
        dep = code.deprecated
        text = "deprecated" + (f" since {dep.since}" if dep.since else "")
        text += f"; use {dep.replaced_by}" if dep.replaced_by else ""
        parts.append(text + (f" ({dep.reason})" if dep.reason else ""))
    return "; ".join(parts) or "active"


def facts(match: Match) -> list[tuple[str, str]]:
    """The label/value lines of a code's summary."""
    catalog, code = match.catalog, match.code
    assert code is not None
    kind = "—"
    if code.kind:
        kind = f"{code.kind} ({'retryable' if catalog.kinds[code.kind].retryable else 'not retryable'})"
    channel = "tool result (isError: true)"
    if code.jsonrpc_code is not None:
        channel = f"JSON-RPC error {code.jsonrpc_code}"
    return [
        ("Catalog", f"{catalog.name} {catalog.version}" + (f" (prefix {catalog.prefix})" if catalog.prefix else "")),
        ("Status", _status(code)),
        ("Message", code.message),
        ("Kind", kind),
        ("Retriable", code.retriable.value + (" (retry the same call)" if code.retriable is Retriable.YES else "")),
        ("Recoverable", code.recoverable.value),
        ("Channel", channel),
        ("HTTP status", str(code.http_status) if code.http_status is not None else "—"),
        ("Since", code.since or "—"),
        *identifiers(catalog, code),
    ]


def identifiers(catalog: Catalog, code: Code) -> list[tuple[str, str]]:
    """The names the generated code gives `code`, per language, exactly as each target declares them."""
    from errgen.targets.go.names import go_names
    from errgen.targets.rust import names as rust_names
    from errgen.targets.typescript.codes import code_views

    py = code.names.py_class
    ts = next(v for v in code_views(catalog) if v.code.id == code.id)
    go = go_names(catalog).codes[code.id]
    rust = rust_names.names(catalog).codes[code.id]
    build = code.constructible
    return [
        ("Python", f"class {py}" + (f", {py}.create(…)" if build else "")),
        ("TypeScript", f"interface {ts.iface}" + (f", {ts.ctor}(…)" if ts.ctor else "") + f", {ts.guard}(…)"),
        ("Go", f"type {go.type}" + (f", {go.ctor}(…)" if build else "") + f", {go.const}"),
        ("Rust", f"struct {rust}" + (f", {rust}::new(…)" if build else "") + f", ToolError::{rust}"),
    ]


def text(match: Match, locale: str | None = None) -> str:
    """A code's full documentation for the terminal; with `locale`, its texts in that locale (with fallback)."""
    if match.code is None:
        return retired_text(match)
    if locale is not None:
        from dataclasses import replace

        from errgen.catalog.translations import chain, localized

        shown = localized(match.catalog, locale)
        match = replace(match, catalog=shown, code=shown.codes[match.code.id])
        header = f"(texts in {locale}, falling back along {' → '.join(chain(match.catalog, locale))})"
    catalog, code = match.catalog, match.code
    assert code is not None
    width = max(len(label) for label, _ in facts(match))
    out = [f"{code.id} — {code.title}", *([header] if locale is not None else []), ""]
    out += [f"  {label.ljust(width)}  {value}" for label, value in facts(match)]
    for title, body in (("When", code.when), ("Next action", code.next_action), ("UI meaning", code.ui_meaning)):
        if body.strip():
            out += ["", title, *(f"  {line}" for line in body.strip().splitlines())]
    if code.params:
        out += ["", "Repair fields (wire keys)"]
        labels = {name: _field_label(catalog, name) for name in code.params}
        name_w = max(len(label) for label in labels.values())
        for name in code.params:
            which = "required" if name in code.required else "optional" if name in code.optional else "message only"
            row = f"  {labels[name].ljust(name_w)}  {_field_type(catalog, name)}, {which}"
            desc = catalog.fields[name].description
            out.append(row + (f" — {desc}" if desc else ""))
    for i, example in enumerate(code.examples, 1):
        values = {catalog.fields[k].wire if k in code.fields else k: v for k, v in example.values.items()}
        out += ["", f"Example {i}", f"  {json.dumps(values, ensure_ascii=False)}", f"  → {example.message}"]
    if code.docs.strip():
        out += ["", "Docs", *(f"  {line}".rstrip() for line in code.docs.strip().splitlines())]
    return visible("\n".join(out)) + "\n"


def retired_text(match: Match) -> str:
    """What to say about a retired id."""
    retired = match.retired
    assert retired is not None
    lines = [f"{retired.id} — retired from {match.catalog.name}" + (f" in {retired.since}" if retired.since else "")]
    lines.append("  This code is no longer emitted; its id is never reused.")
    if retired.replaced_by:
        lines.append(
            f"  Replaced by {retired.replaced_by} (errgen explain {match.catalog.name}:{retired.replaced_by})."
        )
    if retired.reason:
        lines.append(f"  Reason: {retired.reason}")
    return visible("\n".join(lines)) + "\n"
