"""The ``Tools`` section of a catalog's page: per tool the errors it can return, per code the tools that return it."""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog.model import Catalog, OutputRoot, SchemaRef, Tool
from errgen.targets.common import escape


@dataclass(frozen=True)
class ToolView:
    """Pre-escaped Markdown of one tool."""

    heading: str
    description: str
    errors: tuple[str, ...]  # one list item per code (its section says the rest), catalog-wide ones marked
    facts: tuple[tuple[str, str], ...]


def _schema(ref: SchemaRef | None, generated: list[str]) -> str:
    where = "inline in the catalog" if ref is None or ref.file is None else f"from {escape.md_code(ref.file)}"
    return ", ".join([where, *(escape.md_code(g) for g in generated)])


def tool_view(catalog: Catalog, tool: Tool) -> ToolView:
    """Everything the page prints about one tool, escaped."""
    every = set(catalog.every_tool)
    errors = tuple(escape.md_code(code) + (" *(every tool)*" if code in every else "") for code in tool.codes)
    facts = [("Error payloads", escape.md_code(f"schema/tools/{tool.name}.errors.schema.json"))]
    if tool.output_schema is not None:
        files = [f"schema/tools/{tool.name}.output.schema.json"] if tool.output_schema.object_root else []
        files += [f"schema/tools/{tool.name}.output-any.schema.json"] * (tool.output_root is OutputRoot.ANY)
        facts.append(("outputSchema (success ∪ errors)", _schema(tool.output_schema, files)))
    if tool.input_schema is not None:
        facts.append(("Input schema", _schema(tool.input_schema, [])))
    return ToolView(
        heading=escape.md_code(tool.name),
        description=escape.md_text(tool.description),
        errors=errors,
        facts=tuple(facts),
    )


def returned_by(catalog: Catalog, code: str) -> str | None:
    """The "Returned by" fact of a code: every tool, the tools naming it, or none (None: the catalog has no tools)."""
    if not catalog.tools and not catalog.every_tool:
        return None
    if code in catalog.every_tool:
        return "every tool"
    tools = catalog.returned_by(code)
    return ", ".join(escape.md_code(t) for t in tools) if tools else "no tool"
