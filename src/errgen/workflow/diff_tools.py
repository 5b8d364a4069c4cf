"""Breaking-change rules of the ``tools`` section (`diff.RULES` lists them; `diff._Differ` runs `CHECKS`).

Each rule is one function ``(old, new) -> Iterator[(Loc, message)]`` over two located catalogs;
findings point at the current catalog. A catalog that had no ``tools`` section made no promise
per tool, so adding one is no change to a tool (only ``tool-added``, a warning, says so).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from errgen.catalog.diagnostics import Loc
from errgen.catalog.located import Located
from errgen.catalog.model import Tool

Finding = tuple[Loc, str]
Check = Callable[[Located, Located], Iterator[Finding]]


def _pairs(old: Located, new: Located) -> Iterator[tuple[Tool, Tool]]:
    """The tools both versions declare, as (before, now)."""
    for name, now in new.catalog.tools.items():
        before = old.catalog.tools.get(name)
        if before is not None:
            yield before, now


def _errors_at(src: Located, tool: Tool) -> Loc:
    return src.at("tools", "by_name", tool.name, "errors", fallback=tool.loc)


def _names(codes: list[str]) -> str:
    return ", ".join(repr(c) for c in codes)


def tool_code_added(old: Located, new: Located) -> Iterator[Finding]:
    """A tool can return a code it could not (its own list, or every tool's)."""
    for before, now in _pairs(old, new):
        added = [c for c in now.codes if c not in before.codes]
        if added:
            yield (
                _errors_at(new, now),
                f"tool {now.name!r} can now return {_names(added)}: a client whose switch over its errors is "
                f"exhaustive no longer compiles, and one built on the previous contract reads them as unknown",
            )


def tool_code_removed(old: Located, new: Located) -> Iterator[Finding]:
    """A tool no longer returns a code it could return."""
    for before, now in _pairs(old, new):
        removed = [c for c in before.codes if c not in now.codes]
        if removed:
            yield (
                _errors_at(new, now),
                f"tool {now.name!r} no longer returns {_names(removed)}: code that handles them by name no "
                f"longer compiles (a case of another tool's code), and a server still sending them fails its pack",
            )


def tool_removed(old: Located, new: Located) -> Iterator[Finding]:
    """A tool was removed from the tools section."""
    for name in old.catalog.tools:
        if name not in new.catalog.tools:
            where = new.at("tools", "by_name", fallback=new.at("tools"))
            yield where, f"tool {name!r} was removed: its generated contract, union and parsers vanish"


def tool_added(old: Located, new: Located) -> Iterator[Finding]:
    """A tool was added (compatible; the catalog's pack now checks it on a server)."""
    for name, tool in new.catalog.tools.items():
        if name not in old.catalog.tools:
            yield tool.loc, f"tool {name!r} was added: the generated pack checks it on every server (compatible)"


def _output(tool: Tool) -> tuple[Any, str]:
    return (None if tool.output_schema is None else tool.output_schema.schema, tool.output_root.value)


def output_schema_changed(old: Located, new: Located) -> Iterator[Finding]:
    """A tool's success outputSchema (or the root it may have) changed."""
    for before, now in _pairs(old, new):
        if _output(before) != _output(now):
            where = new.at("tools", "by_name", now.name, "output_schema", fallback=now.loc)
            yield (
                where,
                f"the outputSchema of tool {now.name!r} changed: clients that validate structuredContent against "
                f"it (and servers that send what the previous one allowed) may disagree",
            )


# rule id → (its check, whether a finding breaks anything)
CHECKS: dict[str, tuple[Check, bool]] = {
    "tool-code-added": (tool_code_added, True),
    "tool-code-removed": (tool_code_removed, True),
    "tool-removed": (tool_removed, True),
    "tool-added": (tool_added, False),
    "output-schema-changed": (output_schema_changed, True),
}
