"""``errgen explain CODE`` and ``errgen list``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from errgen.cli.commands.common import CONTEXT, catalogs_option, fail, quiet_catalogs, select

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from errgen.catalog.model import Catalog


def _complete_codes(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    low = incomplete.casefold()
    return [
        CompletionItem(cid, help=code.title if code.title != cid else s.catalog.name)
        for s in quiet_catalogs()
        for cid, code in s.catalog.codes.items()
        if cid.casefold().startswith(low)
    ]


def _complete_catalogs(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(s.catalog.name) for s in quiet_catalogs() if s.catalog.name.startswith(incomplete)]


def _complete_kinds(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    kinds = sorted({k for s in quiet_catalogs() for k in s.catalog.kinds})
    return [CompletionItem(k) for k in kinds if k.casefold().startswith(incomplete.casefold())]


def _locale(tag: str | None) -> str | None:
    """A --locale value as a BCP 47 tag in canonical case (a usage error when it is none)."""
    if tag is None:
        return None
    from errgen.catalog.plurals import canonical

    found = canonical(tag)
    if found is None:
        raise click.BadParameter(f"{tag!r} is not a BCP 47 tag such as 'de' or 'de-AT'", param_hint="--locale")
    return found


def _catalogs(specs: tuple[str, ...]) -> list[Catalog]:
    return [s.catalog for s in select(specs)[1]]


@click.command("explain", context_settings=CONTEXT)
@click.argument("code", shell_complete=_complete_codes)
@catalogs_option
@click.option(
    "--format", "fmt", type=click.Choice(("text", "markdown", "json")), default="text", show_default=True,
    help="text for the terminal, markdown as in the generated docs, json as in catalog.json.",
)  # fmt: skip
@click.option("--locale", metavar="TAG", help="Texts in this locale (BCP 47: de, de-AT), falling back to the base.")
def command(code: str, catalog_specs: tuple[str, ...], fmt: str, locale: str | None) -> None:
    """Show everything about CODE (semantics, fields, examples, docs), or the errors a TOOL can return.

    CODE matches in any casing, with `-` or `_`, and with or without the catalog's prefix
    or name (`WB-INVALID-INPUT`, `workbook:invalid_input`). An unknown code gets suggestions.
    A name that is no code but a tool of the catalog's `tools` section (`read_file`) shows the
    errors that tool can return and its schemas.
    """
    from errgen.workflow.explain import find, suggestions, text

    catalogs = _catalogs(catalog_specs)
    matches = find(code, catalogs)
    if not matches and _explain_tool(code, catalogs, fmt):
        return
    if not matches:
        near = suggestions(code, catalogs)
        fail(f"unknown code {code!r}" + (f"; did you mean {' or '.join(near)}?" if near else ""))
    if len(matches) > 1:
        fail(f"{code!r} matches {len(matches)} codes: {', '.join(m.qualified for m in matches)}; "
             f"qualify it, e.g. `errgen explain {matches[0].qualified}`")  # fmt: skip
    match = matches[0]
    tag = _locale(locale)
    if fmt == "text" or match.code is None:
        click.echo(text(match, tag), nl=False)
    elif fmt == "markdown":
        from errgen.targets.markdown.target import code_section

        click.echo(code_section(match.catalog, match.code, locale=tag), nl=False)
    else:
        from errgen.catalog.normalize import normalize

        entry = next(c for c in normalize(match.catalog)["codes"] if c["id"] == match.id)
        click.echo(json.dumps({"catalog": match.catalog.name, **entry}, indent=2, ensure_ascii=False))


def _explain_tool(query: str, catalogs: list[Catalog], fmt: str) -> bool:
    """Print the tool `query` names, if one does (False: none)."""
    from errgen.workflow.explain_tools import find_tools, tool_text

    matches = find_tools(query, catalogs)
    if not matches:
        return False
    if len(matches) > 1:
        fail(f"{query!r} matches {len(matches)} tools: {', '.join(m.qualified for m in matches)}; "
             f"qualify it, e.g. `errgen explain {matches[0].qualified}`")  # fmt: skip
    match = matches[0]
    if fmt == "text":
        click.echo(tool_text(match), nl=False)
    elif fmt == "markdown":
        from errgen.targets.markdown.target import tool_section

        click.echo(tool_section(match.catalog, match.tool), nl=False)
    else:
        from errgen.catalog.normalize import normalize

        entry = next(t for t in normalize(match.catalog)["tools"]["by_name"] if t["name"] == match.tool.name)
        click.echo(json.dumps({"catalog": match.catalog.name, "tool": entry}, indent=2, ensure_ascii=False))
    return True


def _rows(catalogs: list[Catalog], kind: str | None, retired: bool) -> list[dict[str, Any]]:
    from errgen.workflow.explain import visible

    rows = []
    for catalog in catalogs:
        for code in catalog.codes.values():
            if kind is None or (code.kind or "").casefold() == kind.casefold():
                status = "deferred" if code.deferred else "deprecated" if code.deprecated else ""
                http = "" if code.http_status is None else str(code.http_status)
                rows.append({
                    "catalog": catalog.name, "code": code.id, "kind": code.kind or "",
                    "retriable": code.retriable.value, "http": http, "status": status,
                    "title": visible(" ".join(code.title.split())),
                })  # fmt: skip
        if retired and kind is None:
            for rid, entry in catalog.retired.items():
                note = f"→ {entry.replaced_by}" if entry.replaced_by else ""
                rows.append({"catalog": catalog.name, "code": rid, "kind": "", "retriable": "", "http": "",
                             "status": "retired", "title": note})  # fmt: skip
    return rows


@click.command("list", context_settings=CONTEXT)
@catalogs_option
@click.option("--kind", shell_complete=_complete_kinds, help="Only codes of this kind (any casing).")
@click.option("--retired", is_flag=True, help="Also list retired ids.")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text", show_default=True,
              help="Output format.")  # fmt: skip
def list_command(catalog_specs: tuple[str, ...], kind: str | None, retired: bool, fmt: str) -> None:
    """List the codes of the catalogs, optionally of one catalog (-c NAME) or one kind (--kind)."""
    import difflib

    catalogs = _catalogs(catalog_specs)
    kinds = sorted({k for c in catalogs for k in c.kinds})
    if kind is not None and kind.casefold() not in {k.casefold() for k in kinds}:
        hint = difflib.get_close_matches(kind, kinds, n=1)
        tip = f"; did you mean {hint[0]!r}?" if hint else f" (kinds: {', '.join(kinds) or 'none'})"
        fail(f"unknown kind {kind!r}{tip}")
    rows = _rows(catalogs, kind, retired)
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _table(rows)
    click.echo(f"{len(rows)} code(s)", err=True)


def _table(rows: list[dict[str, Any]]) -> None:
    columns = ("catalog", "code", "kind", "retriable", "http", "status", "title")
    widths = {c: max([len(c), *(len(r[c]) for r in rows)]) for c in columns}
    click.echo("  ".join(c.upper().ljust(widths[c]) for c in columns).rstrip())
    for row in rows:
        click.echo("  ".join(row[c].ljust(widths[c]) for c in columns).rstrip())


EXTRA_COMMANDS = [list_command]
