"""The diff rules of the ``tools`` section: one `rule(...)` entry and one check each.

A catalog that had no ``tools`` section made no promise per tool, so adding one is no change to a
tool (only ``tool-added``, compatible, says so). A renamed code keeps its place in a tool's list:
the tools are compared with the old ids read as their new ones. A finding's subject
``tool:<name>`` explains the changes of the tool's generated contract (its union, parser, schemas).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from errgen.catalog.model import Tool
from errgen.workflow.diff_codes import BOTH
from errgen.workflow.diff_model import CODE_SETS, WIRE, Context, DiffRule, Finding, rule


def _pairs(ctx: Context) -> Iterator[tuple[Tool, Tool]]:
    """The tools both versions declare, as (before, now)."""
    for name, now in ctx.b.tools.items():
        before = ctx.a.tools.get(name)
        if before is not None:
            yield before, now


def _codes_then(ctx: Context, tool: Tool) -> list[str]:
    """The codes an old tool could return, under their new ids."""
    return [ctx.code_renames.get(c, c) for c in tool.codes]


def _subjects(ctx: Context, *tools: Tool) -> frozenset[str]:
    """The tool and what its generated contract holds: its codes and their repair fields, in either version."""
    found = {CODE_SETS}
    for tool in tools:
        found.add(f"tool:{tool.name}")
        for cid in tool.codes:
            code = ctx.b.codes.get(cid) or ctx.a.codes.get(cid)
            found.add(f"code:{cid}")
            found.update(f"field:{f}" for f in (code.fields if code else ()))
    return frozenset(found)


def _names(codes: list[str]) -> str:
    return ", ".join(repr(c) for c in codes)


def _errors_at(ctx: Context, tool: Tool, *, old: bool = False) -> Any:
    at = ctx.at_old if old else ctx.at_new
    return at("tools", "by_name", tool.name, "errors", fallback=tool.loc)


@rule("tool-code-added", BOTH, "a tool can return a code it could not (breaks exhaustive clients)", breaking=True)
def tool_code_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for before, now in _pairs(ctx):
        then = _codes_then(ctx, before)
        added = [c for c in now.codes if c not in then]
        if added:
            message = (f"tool {now.name!r} can now return {_names(added)}: a client whose switch over its errors is "
                       f"exhaustive no longer compiles, and one built on the previous contract reads them as unknown")
            yield ctx.finding(r, message, subjects=_subjects(ctx, before, now), new=_errors_at(ctx, now),
                              old=_errors_at(ctx, before, old=True), before=then, after=list(now.codes),
                              subject=now.name)  # fmt: skip


@rule("tool-code-removed", BOTH, "a tool no longer returns a code it could return", breaking=True)
def tool_code_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for before, now in _pairs(ctx):
        then = _codes_then(ctx, before)
        removed = [c for c in then if c not in now.codes]
        if removed:
            message = (f"tool {now.name!r} no longer returns {_names(removed)}: code that handles them by name no "
                       f"longer compiles, and a server still sending them fails its pack")
            yield ctx.finding(r, message, subjects=_subjects(ctx, before, now), new=_errors_at(ctx, now),
                              old=_errors_at(ctx, before, old=True), before=then, after=list(now.codes),
                              subject=now.name)  # fmt: skip


@rule("tool-removed", BOTH, "a tool was removed from the tools section", breaking=True, section="Removed")
def tool_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for name, tool in ctx.a.tools.items():
        if name not in ctx.b.tools:
            where = ctx.at_new("tools", "by_name", fallback=ctx.at_new("tools", fallback=ctx.at_new()))
            yield ctx.finding(r, f"tool {name!r} was removed: its generated contract, union and parsers vanish",
                              subjects=_subjects(ctx, tool), new=where, old=tool.loc, before=name,
                              subject=name)  # fmt: skip


@rule("tool-added", BOTH, "a tool was added (compatible: its pack checks it on servers)", breaking=False,
      section="Added")  # fmt: skip
def tool_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for name, tool in ctx.b.tools.items():
        if name not in ctx.a.tools:
            yield ctx.finding(r, f"tool {name!r} was added: the generated pack checks it on every server",
                              subjects=_subjects(ctx, tool), new=tool.loc, after=name, subject=name)  # fmt: skip


def _output(tool: Tool) -> tuple[Any, str]:
    return (None if tool.output_schema is None else tool.output_schema.schema, tool.output_root.value)


@rule("output-schema-changed", (WIRE,), "a tool's success outputSchema (or its root) changed", breaking=True)
def output_schema_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for before, now in _pairs(ctx):
        if _output(before) != _output(now):
            path = ("tools", "by_name", now.name, "output_schema")
            message = (f"the outputSchema of tool {now.name!r} changed: clients that validate structuredContent "
                       f"against it (and servers that send what the previous one allowed) may disagree")
            yield ctx.finding(r, message, subjects=_subjects(ctx, before, now), new=ctx.at_new(*path, fallback=now.loc),
                              old=ctx.at_old(*path, fallback=before.loc), before=_output(before)[0],
                              after=_output(now)[0], subject=now.name)  # fmt: skip
