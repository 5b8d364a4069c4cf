"""The tools of a catalog in its TypeScript: per tool the union of its errors, its contract and its zod schema.

Per tool ``T``: ``<T>ToolError``, the union of the interfaces of the codes ``T`` can return
(a ``switch`` on its code is exhaustive over exactly those); ``<t>Tool``, the runtime's
``ToolContract`` (``CATALOG.tool``) whose ``isError``, ``parseResult`` and ``narrowToolResult``
type a result to that union; ``<T>ToolErrorSchema`` in the zod file. ``TOOLS`` maps each tool
name to its contract. The compiler has made these names unique among the codes'.
"""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog.model import Catalog, Tool
from errgen.targets.common.escape import comment_text, ts_str
from errgen.targets.typescript.codes import CodeView


@dataclass(frozen=True)
class TsTool:
    """What the catalog file and the zod file print for one tool."""

    tool: Tool
    wire: str  # the name as a TS string literal
    comment_name: str
    description: str
    union: str
    contract: str
    schema: str
    members: tuple[str, ...]  # the interfaces of its codes
    codes: str  # its codes as a TS array literal
    member_schemas: tuple[str, ...]  # the zod schemas of its codes (`.out` where the code's needs it)

    @property
    def builder(self) -> str:
        """The zod file's function that builds the schema (``build`` + its name: unique as the names are)."""
        return "build" + self.schema


def ts_tools(catalog: Catalog, codes: list[CodeView]) -> list[TsTool]:
    """Every tool's names and members, in declared order."""
    views = {v.code.id: v for v in codes}
    out = []
    for tool in catalog.tools.values():
        mine = [views[c] for c in tool.codes]
        out.append(
            TsTool(
                tool=tool,
                wire=ts_str(tool.name),
                comment_name=comment_text(tool.name),
                description=comment_text(tool.description),
                union=f"{tool.names.pascal}ToolError",
                contract=f"{tool.names.camel}Tool",
                schema=f"{tool.names.pascal}ToolErrorSchema",
                members=tuple(v.iface for v in mine),
                codes="[" + ", ".join(v.wire for v in mine) + "]",
                member_schemas=tuple(v.schema + (".out" if v.zod_own else "") for v in mine),
            )
        )
    return out
