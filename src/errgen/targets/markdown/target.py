"""Target ``markdown``: the code table (seed 000's self-repair table) and one section per code.

All cell text is escaped in Python (`escape.md_cell`) so ``|``, newlines, backticks
and HTML cannot break the table; templates only lay rows out. `code_table`,
`code_section` and `render_document` are also what ``errgen docs inject`` uses.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from errgen.catalog import jsontext
from errgen.catalog.model import Casing, Catalog, Code, ProvenanceMode, Tool
from errgen.targets import TargetOptions
from errgen.targets.common import escape
from errgen.targets.common.header import html_comment
from errgen.targets.common.payload import payload
from errgen.targets.common.templating import render
from errgen.targets.markdown.tools import returned_by, tool_view

TABLE_HEADER = ("Code", "When", "Repair fields", "Retriable", "Recoverable", "UI meaning", "HTTP status")


@dataclass(frozen=True)
class CodeView:
    """Pre-escaped Markdown strings of one code."""

    code: Code
    anchor: str  # the id of the section's HTML anchor: the code id
    cells: tuple[str, ...]
    heading: str
    facts: tuple[tuple[str, str], ...]
    fields: tuple[str, ...]
    examples: tuple[str, ...]
    fence: str


def _badges(code: Code) -> str:
    out = []
    if code.deferred:
        out.append("*(deferred — shape only)*")
    if code.deprecated:
        target = f" → {escape.md_code(code.deprecated.replaced_by)}" if code.deprecated.replaced_by else ""
        out.append(f"**deprecated**{target}")
    return (" " + " ".join(out)) if out else ""


def _field_list(catalog: Catalog, code: Code) -> str:
    wire = {name: escape.md_code(catalog.fields[name].wire) for name in code.fields}
    names = [wire[f] for f in code.required] + [wire[f] + " *(optional)*" for f in code.optional]
    return ", ".join(names) or "—"


def _facts(catalog: Catalog, code: Code) -> tuple[tuple[str, str], ...]:
    facts = [("Message", escape.md_code(code.message))]
    if code.kind:
        facts.append(("Kind", escape.md_code(code.kind)))
    facts += [("Retriable", code.retriable.value), ("Recoverable", code.recoverable.value)]
    channel = "tool result (`isError: true`)"
    if code.jsonrpc_code is not None:
        channel = f"JSON-RPC error `{code.jsonrpc_code}`"
    facts.append(("Channel", channel))
    if code.http_status is not None:
        facts.append(("HTTP status", str(code.http_status)))
    ch = catalog.channels.codes[code.id]
    facts.append(("Problem type", _link(ch.problem_type)))
    facts.append(("google.rpc", f"{escape.md_code(ch.grpc)} ({ch.grpc_number}), reason {escape.md_code(ch.reason)}"))
    if ch.violations:
        names = ", ".join(escape.md_code(catalog.fields[n].wire) for n in ch.violations)
        facts.append(("Field violations", f"{names} (paths of invalid request fields)"))
    if code.since:
        facts.append(("Since", escape.md_text(code.since)))
    if code.deprecated:
        dep = code.deprecated
        text = "yes" + (f", since {escape.md_text(dep.since)}" if dep.since else "")
        text += f"; use {escape.md_code(dep.replaced_by)}" if dep.replaced_by else ""
        text += f" — {escape.md_text(dep.reason)}" if dep.reason else ""
        facts.append(("Deprecated", text))
    for label, value in (("When", code.when), ("Next action", code.next_action), ("UI meaning", code.ui_meaning)):
        if value:
            facts.append((label, escape.md_text(value)))
    tools = returned_by(catalog, code.id)
    if tools is not None:
        facts.append(("Returned by", tools))
    return tuple(facts)


def _link(uri: str) -> str:
    """A type URI: a link when it is http(s), else code."""
    if uri.startswith(("https://", "http://")) and not re.search(r"[\s<>()\[\]`]", uri):
        return f"<{uri}>"
    return escape.md_code(uri)


FINGERPRINT_REF = "sha256:…"  # examples refer to the fingerprint the page states once


def _example_json(catalog: Catalog, code: Code, values: dict[str, Any], locale: str | None = None) -> str:
    """The wire payload of an example as the runtimes send it (`targets.payload`), the fingerprint abbreviated;
    with `locale`, as ``to_result(locale=…)`` sends it (a ``localizedMessage`` beside the wire message)."""
    provenance = {**catalog.provenance.as_dict(), "fingerprint": FINGERPRINT_REF}
    return jsontext.dumps(payload(catalog, code, values, provenance, locale))


def _fence(texts: list[str]) -> str:
    longest = max((len(m) for t in texts for m in re.findall(r"`+", t)), default=0)
    return "`" * max(3, longest + 1)


def view(catalog: Catalog, code: Code, locale: str | None = None) -> CodeView:
    """Everything the templates print about one code, already escaped; with `locale`, its texts in that locale."""
    base = catalog
    if locale is not None:
        from errgen.catalog.translations import localized

        catalog = localized(catalog, locale)
        code = catalog.codes[code.id]
    http = str(code.http_status) if code.http_status is not None else "—"
    cells = (
        escape.md_code(code.id) + _badges(code),
        escape.md_cell(code.when),
        _field_list(catalog, code),
        code.retriable.value,
        code.recoverable.value,
        escape.md_cell(code.ui_meaning),
        http,
    )
    fields = tuple(
        f"{escape.md_code(catalog.fields[n].wire)} ({_type_label(catalog, n)}"
        + f"{', optional' if n in code.optional else ''})"
        + (f" — {escape.md_text(catalog.fields[n].description)}" if catalog.fields[n].description else "")
        for n in code.fields
    )
    examples = tuple(_example_json(base, base.codes[code.id], e.values, locale) for e in code.examples)
    return CodeView(
        code=code,
        anchor=html.escape(code.id, quote=True),  # the fragment of the code's derived problem type URI
        cells=cells,
        heading=f"{escape.md_code(code.id)} — {escape.md_text(code.title)}{_badges(code)}",
        facts=_facts(catalog, code),
        fields=fields,
        examples=examples,
        fence=_fence(list(examples)),
    )


def _type_label(catalog: Catalog, name: str) -> str:
    ftype = catalog.fields[name].type
    return f"list of {ftype.items}s" if ftype.name == "array" else ftype.name


def wire_shape(catalog: Catalog) -> list[str]:
    """Sentences about the wire shape, one per option the catalog changes from the default (escaped)."""
    env, out = catalog.envelope, []
    if env.discriminator != "code":
        out.append(f"The code travels under the key {escape.md_code(env.discriminator)}.")
    if env.casing is Casing.CAMEL:
        out.append("Repair fields travel under camelCase keys.")
    for meta in env.metadata:
        when = " (codes that are recoverable: yes or sometimes)" if meta.when == "recoverable" else ""
        what = "whether the call may be retried (a boolean)" if meta.name == "retriable" else f"the code's {meta.name}"
        out.append(f"{escape.md_code(meta.key)} carries {what}{when}.")
    if env.provenance_mode is ProvenanceMode.OPTIONAL:
        out.append("The provenance stamp is optional: errors built here carry it, errors read may lack it.")
    elif env.provenance_mode is ProvenanceMode.NONE:
        out.append("Errors carry no provenance stamp.")
    if env.structured_is_error:
        out.append(
            "A result whose `structuredContent` has `isError: true` is an error even when its `isError` is false."
        )
    return out


def _context(catalog: Catalog, locale: str | None = None) -> dict[str, Any]:
    shown = catalog
    if locale is not None:
        from errgen.catalog.translations import localized

        shown = localized(catalog, locale)
    return {
        "catalog": shown,
        "wire": wire_shape(catalog),
        "views": [view(catalog, c, locale) for c in catalog.codes.values()],
        "tools": [tool_view(catalog, t) for t in catalog.tools.values()],
        "header": TABLE_HEADER,
        "esc": escape,
        "locale": _locale_line(catalog, locale),
    }


def _locale_line(catalog: Catalog, locale: str | None) -> str:
    """The note a page in another locale opens with (escaped), or ""."""
    if locale is None:
        return ""
    from errgen.catalog import plurals
    from errgen.catalog.translations import chain

    tags = " → ".join(chain(catalog, locale))
    return escape.md_text(
        f"Texts in {plurals.display_name(locale)} ({locale}), each falling back along {tags}; codes, keys and "
        f"the wire message are the catalog's (the examples show the localizedMessage a caller can ask for)."
    )


def code_table(catalog: Catalog, options: TargetOptions | None = None, locale: str | None = None) -> str:
    """The Markdown code table alone (for ``errgen docs inject``), its texts in `locale` when given."""
    return render("markdown/_table.md.jinja", _user(options), **_context(catalog, locale))


def tool_section(catalog: Catalog, tool: Tool, options: TargetOptions | None = None) -> str:
    """One tool's section (for ``errgen explain TOOL --format markdown``)."""
    return render("markdown/_tools.md.jinja", _user(options), tools=[tool_view(catalog, tool)], catalog=catalog)


def code_section(
    catalog: Catalog, code: Code, options: TargetOptions | None = None, locale: str | None = None
) -> str:
    """One code's reference section (for ``errgen docs inject NAME:code``), its texts in `locale` when given."""
    return render("markdown/_section.md.jinja", _user(options), v=view(catalog, code, locale), catalog=catalog)


def render_document(catalog: Catalog, options: TargetOptions | None = None, locale: str | None = None) -> str:
    """The whole ``docs/<catalog>.md`` (``docs/<catalog>.<locale>.md``: its texts in that locale)."""
    body = render("markdown/catalog.md.jinja", _user(options), **_context(catalog, locale))
    return html_comment(catalog) + body


def _user(options: TargetOptions | None) -> str | None:
    return options.templates if options else None


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``docs/<catalog>.md``, and ``docs/<catalog>.<locale>.md`` per translated locale."""
    out = {f"docs/{catalog.name}.md": render_document(catalog, options)}
    for tag in catalog.translations:
        out[f"docs/{catalog.name}.{tag}.md"] = render_document(catalog, options, tag)
    return out
