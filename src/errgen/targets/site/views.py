"""What the index page prints about one code or tool, as HTML strings escaped here (templates only lay them out).

Ids: a code's section has the code id itself as its ``id`` (a problem type URI ``…/index.html#<code>`` resolves to
it, as the Markdown's ``<a id="<code>">`` does); every other id has a ``:`` in it (``tool:read_file``,
``kind:Transient``, ``index:search``), which no code id may contain, so the two never collide. A removed code's
row in "Removed codes" keeps its old id, so the URIs of retired codes still resolve.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from errgen.catalog import jsontext
from errgen.catalog.model import Catalog, Code, FieldType, Tool
from errgen.targets.common.escape import html_attr, html_text
from errgen.targets.common.payload import mcp_result, payload

FINGERPRINT_REF = "sha256:…"  # examples refer to the fingerprint the page states once
RELATED_LIMIT = 6  # codes of the same kind linked from a code's section (the kind's list has them all)


def href(ident: str) -> str:
    """A same-page link to the element with id `ident` (percent-encoded as a URL fragment)."""
    return "#" + quote(ident, safe="-._~:")


@lru_cache(maxsize=4096)  # a code is linked from the index, its kind, its tools and its neighbours: escape it once
def link(ident: str, label: str, *, code: bool = True) -> str:
    """``<a href="#ident"><code>label</code></a>``, escaped."""
    text = f"<code>{html_text(label)}</code>" if code else html_text(label)
    return f'<a href="{html_attr(href(ident))}">{text}</a>'


@dataclass(frozen=True)
class Badge:
    """A short label beside a code (``deprecated``, ``deferred``, ``retriable``…), its CSS class and its tooltip."""

    css: str
    label: str
    title: str


@dataclass(frozen=True)
class FieldRow:
    """One repair field of a code: its wire key, type, presence and description (escaped)."""

    key: str
    type: str
    presence: str
    description: str


@dataclass(frozen=True)
class CodeView:
    """Everything the page prints about one code, escaped."""

    id: str  # the element id (escaped for an attribute)
    href: str
    name: str
    title: str
    badges: tuple[Badge, ...]
    cells: dict[str, str]  # the index row: kind, retriable, recoverable, tools, meaning
    data: tuple[tuple[str, str], ...]  # data-* attributes the filters read
    facts: tuple[tuple[str, str], ...]
    fields: tuple[FieldRow, ...]
    examples: tuple[tuple[str, str], ...]  # (payload JSON, MCP result JSON), escaped
    related: tuple[tuple[str, str], ...]  # (relation, link)
    docs: str  # the code's docs rendered from Markdown (raw HTML in them is escaped)


def type_label(ftype: FieldType) -> str:
    """A field type as a reader says it: ``string``, ``list of strings``, ``range {min, max}``."""
    if ftype.name == "array":
        return f"list of {ftype.items or 'string'}s"
    return "range {min, max}" if ftype.name == "range" else ftype.name


def tools_of(catalog: Catalog, code: str) -> tuple[str, ...] | None:
    """The tools that may return `code` (all of them for a catalog-wide code); None when the catalog has none."""
    if not catalog.tools and not catalog.every_tool:
        return None
    return tuple(catalog.tools) if code in catalog.every_tool else catalog.returned_by(code)


def _badges(code: Code) -> tuple[Badge, ...]:
    out = []
    if code.deprecated:
        since = f" since {code.deprecated.since}" if code.deprecated.since else ""
        use = f"; use {code.deprecated.replaced_by}" if code.deprecated.replaced_by else ""
        out.append(Badge("deprecated", "deprecated", html_attr(f"Deprecated{since}{use}")))
    if code.deferred:
        out.append(Badge("deferred", "deferred", "Shape only: no server sends it yet, and it cannot be constructed"))
    return tuple(out)


def _returned_by(catalog: Catalog, code: Code) -> str:
    tools = tools_of(catalog, code.id)
    if tools is None:
        return ""
    every = " (every tool)" if code.id in catalog.every_tool else ""
    return (", ".join(link("tool:" + t, t) for t in tools) or "no tool") + every


def _facts(catalog: Catalog, code: Code) -> tuple[tuple[str, str], ...]:
    facts = [("Message", f"<code>{html_text(code.message)}</code>")]
    if code.kind:
        facts.append(("Kind", link("kind:" + code.kind, code.kind)))
    facts += [("Retriable", code.retriable.value), ("Recoverable", code.recoverable.value)]
    channel = "tool result (<code>isError: true</code>)"
    if code.jsonrpc_code is not None:
        channel = f"JSON-RPC error <code>{code.jsonrpc_code}</code>"
    facts.append(("Channel", channel))
    wire = catalog.channels.codes.get(code.id)
    if wire is not None:  # RFC 9457 and AIP-193 (the catalog's `channels`): the type URI resolves to this section
        facts.append(("HTTP status", str(wire.status)))
        facts.append(("Problem type", f"<code>{html_text(wire.problem_type)}</code>"))
        facts.append(("gRPC", f"<code>{wire.grpc}</code>, reason <code>{html_text(wire.reason)}</code>"))
    elif code.http_status is not None:
        facts.append(("HTTP status", str(code.http_status)))
    if code.since:
        facts.append(("Since", html_text(code.since)))
    if code.deprecated:
        dep = code.deprecated
        text = "yes" + (f", since {html_text(dep.since)}" if dep.since else "")
        text += f"; use {link(dep.replaced_by, dep.replaced_by)}" if dep.replaced_by else ""
        text += f" — {html_text(dep.reason)}" if dep.reason else ""
        facts.append(("Deprecated", text))
    for label, value in (("When", code.when), ("Next action", code.next_action), ("UI meaning", code.ui_meaning)):
        if value:
            facts.append((label, html_text(value)))
    tools = _returned_by(catalog, code)
    if tools:
        facts.append(("Returned by", tools))
    return tuple(facts)


def _fields(catalog: Catalog, code: Code) -> tuple[FieldRow, ...]:
    return tuple(
        FieldRow(
            key=html_text(catalog.fields[name].wire),
            type=html_text(type_label(catalog.fields[name].type)),
            presence="optional" if name in code.optional else "required",
            description=html_text(catalog.fields[name].description),
        )
        for name in code.fields
    )


def _examples(base: Catalog, code: Code, locale: str | None) -> tuple[tuple[str, str], ...]:
    provenance = {**base.provenance.as_dict(), "fingerprint": FINGERPRINT_REF}
    out = []
    for example in base.codes[code.id].examples:
        data = payload(base, base.codes[code.id], example.values, provenance, locale)
        result = mcp_result(base, base.codes[code.id], data)
        out.append((html_text(jsontext.dumps(data)), html_text(jsontext.dumps(result))))
    return tuple(out)


@dataclass(frozen=True)
class Relations:
    """Which codes point at which, computed once per catalog (a code's section lists its own without a scan)."""

    replaces: dict[str, list[str]]  # code → the deprecated codes replaced by it
    replaces_removed: dict[str, list[str]]  # code → the retired codes replaced by it
    by_kind: dict[str, list[str]]  # kind → its codes, in catalog order

    @staticmethod
    def of(catalog: Catalog) -> Relations:
        replaces: dict[str, list[str]] = {}
        removed: dict[str, list[str]] = {}
        by_kind: dict[str, list[str]] = {}
        for other in catalog.codes.values():
            if other.deprecated and other.deprecated.replaced_by:
                replaces.setdefault(other.deprecated.replaced_by, []).append(other.id)
            if other.kind:
                by_kind.setdefault(other.kind, []).append(other.id)
        for old in catalog.retired.values():
            if old.replaced_by:
                removed.setdefault(old.replaced_by, []).append(old.id)
        return Relations(replaces, removed, by_kind)


def _related(code: Code, relations: Relations) -> tuple[tuple[str, str], ...]:
    out = []
    if code.deprecated and code.deprecated.replaced_by:
        out.append(("replaced by", link(code.deprecated.replaced_by, code.deprecated.replaced_by)))
    out += [("replaces", link(other, other)) for other in relations.replaces.get(code.id, ())]
    out += [("replaces the removed", link(old, old)) for old in relations.replaces_removed.get(code.id, ())]
    if code.kind:
        kin = relations.by_kind.get(code.kind, [])
        same = [c for c in kin[: RELATED_LIMIT + 1] if c != code.id][:RELATED_LIMIT]
        out += [("same kind", link(c, c)) for c in same]
        if len(kin) - 1 > RELATED_LIMIT:
            more = f"{len(kin) - 1 - RELATED_LIMIT} more of kind {code.kind}"
            out.append(("same kind", link("kind:" + code.kind, more, code=False)))
    return tuple(out)


def _search_text(code: Code, tools: tuple[str, ...] | None) -> str:
    words = [code.id, code.title, code.message, code.when, code.ui_meaning, code.next_action, code.kind or ""]
    return html_attr(" ".join(" ".join(words + list(tools or ())).split()).lower())  # as JavaScript's toLowerCase


def code_view(
    catalog: Catalog, code: Code, base: Catalog, locale: str | None, docs: Any, relations: Relations
) -> CodeView:
    """The view of `code` (`catalog`: texts in the page's locale; `base`: the catalog as written)."""
    tools = tools_of(catalog, code.id)
    cells = {
        "kind": link("kind:" + code.kind, code.kind) if code.kind else "—",
        "retriable": code.retriable.value,
        "recoverable": code.recoverable.value,
        "tools": _returned_by(catalog, code) or "—",
        "meaning": html_text(code.ui_meaning or code.when),
    }
    data = (
        ("kind", html_attr(code.kind or "")),
        ("retriable", code.retriable.value),
        ("recoverable", code.recoverable.value),
        ("tools", html_attr(" ".join(tools or ()))),
        ("status", " ".join(b.css for b in _badges(code))),
        ("search", _search_text(code, tools)),
    )
    return CodeView(
        id=html_attr(code.id),
        href=html_attr(href(code.id)),
        name=html_text(code.id),
        title=html_text(code.title) if code.title != code.id else "",
        badges=_badges(code),
        cells=cells,
        data=data,
        facts=_facts(catalog, code),
        fields=_fields(catalog, code),
        examples=_examples(base, code, locale),
        related=_related(code, relations),
        docs=docs.render(code.docs) if code.docs.strip() else "",
    )


@dataclass(frozen=True)
class ToolView:
    """One tool: its id, name, description and the codes it can return (links), escaped."""

    id: str
    name: str
    description: str
    codes: tuple[str, ...]


def tool_view(catalog: Catalog, tool: Tool) -> ToolView:
    """The view of `tool`: its codes, the catalog-wide ones marked."""
    every = set(catalog.every_tool)
    codes = tuple(link(c, c) + (" <small>(every tool)</small>" if c in every else "") for c in tool.codes)
    return ToolView(
        id=html_attr("tool:" + tool.name),
        name=html_text(tool.name),
        description=html_text(tool.description),
        codes=codes,
    )
