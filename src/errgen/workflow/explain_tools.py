"""``errgen explain TOOL``: a tool's error contract in the terminal (the codes it can return, its schemas).

A query that names no code (nor retired id) is looked up among the catalogs' tools, with the
same loose matching and qualifiers as codes (`explain.find`): ``read_file``, ``filetools:read-file``.
"""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog.model import Catalog, SchemaRef, Tool
from errgen.workflow.explain import _key, _scopes, visible


@dataclass(frozen=True)
class ToolMatch:
    """A tool found in a catalog."""

    catalog: Catalog
    tool: Tool

    @property
    def qualified(self) -> str:
        """``catalog:tool``: unambiguous across catalogs."""
        return f"{self.catalog.name}:{self.tool.name}"


def find_tools(query: str, catalogs: list[Catalog]) -> list[ToolMatch]:
    """Tools matching `query`; an exact-case match beats a loose one."""
    for exact in (True, False):
        found: dict[tuple[str, str], ToolMatch] = {}
        for scope, part in _scopes(query, catalogs):
            for catalog in scope:
                for name, tool in catalog.tools.items():
                    if (name == part) if exact else (_key(name) == _key(part)):
                        found.setdefault((catalog.name, name), ToolMatch(catalog, tool))
        if found:
            return list(found.values())
    return []


def _schema(ref: SchemaRef | None, generated: str) -> str:
    if ref is None:
        return "—"
    where = ref.file if ref.file is not None else "inline in the catalog"
    return where + (f"; generated: {generated}" if generated else "")


def tool_text(match: ToolMatch) -> str:
    """A tool's contract for the terminal."""
    catalog, tool = match.catalog, match.tool
    every = set(catalog.every_tool)
    own = [c for c in tool.codes if c not in every]
    output = tool.output_schema
    generated = ""
    if output is not None:
        generated = f"schema/tools/{tool.name}.output{'' if output.object_root else '-any'}.schema.json"
    facts = [
        ("Catalog", f"{catalog.name} {catalog.version}"),
        ("Returns", f"{len(tool.codes)} code(s): {len(own)} of its own, {len(tool.codes) - len(own)} every tool's"),
        ("Errors", f"schema/tools/{tool.name}.errors.schema.json"),
        ("outputSchema", _schema(output, generated)),
        ("Input schema", _schema(tool.input_schema, "")),
    ]
    width = max(len(label) for label, _ in facts)
    out = [f"{tool.name} — tool", ""]
    if tool.description:
        out += [f"  {tool.description}", ""]
    out += [f"  {label.ljust(width)}  {value}" for label, value in facts]
    out += ["", "Errors this tool can return"]
    code_w = max(len(c) for c in tool.codes)
    for code in tool.codes:
        note = " (every tool)" if code in every else ""
        when = catalog.codes[code].when
        out.append(f"  {code.ljust(code_w)}  {' '.join(when.split())}{note}".rstrip())
    return visible("\n".join(out)) + "\n"
