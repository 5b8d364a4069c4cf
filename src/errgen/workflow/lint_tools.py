"""Lint rules of the ``tools`` section (`lint.RULES` lists them): each one function ``(Located) -> findings``."""

from __future__ import annotations

from collections.abc import Iterator

from errgen.catalog.located import Located
from errgen.workflow.lint_model import Finding


def code_returned_by_no_tool(src: Located) -> Iterator[Finding]:
    """Codes a server can send that no tool of the tools section returns (a catalog with tools only)."""
    catalog = src.catalog
    if not catalog.tools:
        return
    for code in catalog.constructible_codes:
        if not catalog.returned_by(code.id):
            yield Finding(
                code.loc,
                f"no tool returns code {code.id!r}; add it to the errors of the tools that can fail with it "
                f"(or to tools.every_tool), or retire it",
                code.id,
            )


def tool_only_every_tool_errors(src: Located) -> Iterator[Finding]:
    """Tools that name no code of their own: only the catalog-wide errors (every_tool), or none at all."""
    for tool in src.catalog.tools.values():
        if not tool.own:
            what = "only the catalog-wide errors (tools.every_tool)" if tool.codes else "no error at all"
            message = f"tool {tool.name!r} returns {what}; list the codes it can fail with under its 'errors'"
            yield Finding(tool.loc, message)


def output_schema_discriminator(src: Located) -> Iterator[Finding]:
    """Tools whose success outputSchema has a property named like the error discriminator (or message)."""
    env = src.catalog.envelope
    for tool in src.catalog.tools.values():
        schema = tool.output_schema.schema if tool.output_schema else None
        properties = schema.get("properties") if isinstance(schema, dict) else None
        clash = [k for k in (env.discriminator, "message") if isinstance(properties, dict) and k in properties]
        if clash:
            yield Finding(
                src.at("tools", "by_name", tool.name, "output_schema", fallback=tool.loc),
                f"the success outputSchema of tool {tool.name!r} has {' and '.join(repr(k) for k in clash)}, "
                f"the keys of an error payload: a client that tells errors by {env.discriminator!r} misreads "
                f"its successes; rename the key",
            )
