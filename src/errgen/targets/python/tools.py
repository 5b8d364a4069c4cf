"""The tools of a catalog in its Python package: per tool the union of its error classes and its contract.

Per tool ``T`` of the ``tools`` section, ``__init__.py`` declares ``<T>ToolError``, the
``Union`` of the classes of the codes ``T`` can return, and ``<T>_TOOL``, a ``Tool`` over that
union (``Tool[U]`` is the runtime's ``ToolContract[U, UnknownCode]``; its codes come from the
union's classes), with the tool's success ``outputSchema`` and input schema as JSON text.
``TOOLS`` maps each tool name to its contract.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from errgen.catalog.model import Catalog, OutputRoot, SchemaRef, Tool
from errgen.targets.python.formatting import LINE_LENGTH
from errgen.targets.python.layout import Call, py_string, subscript, text_block, width


@dataclass(frozen=True)
class PyTool:
    """What ``__init__.py`` prints for one tool."""

    tool: Tool
    union_name: str
    contract_name: str
    union: str  # ``Union[...]`` (after ``<union_name> = ``)
    contract: str  # the ``ToolContract[...](...)`` call (after ``<contract_name> = ``)


def union_name(tool: Tool) -> str:
    """``read_file`` → ``ReadFileToolError``."""
    return f"{tool.names.pascal}ToolError"


def contract_name(tool: Tool) -> str:
    """``read_file`` → ``READ_FILE_TOOL``."""
    return f"{tool.names.constant}_TOOL"


def _json(ref: SchemaRef | None) -> str:
    return "" if ref is None else json.dumps(ref.schema, ensure_ascii=False, separators=(",", ":"))


def py_tools(catalog: Catalog, class_names: dict[str, str]) -> list[PyTool]:
    """Every tool's union and contract, in declared order (`class_names`: code → its class)."""
    out = []
    for tool in catalog.tools.values():
        union, contract = union_name(tool), contract_name(tool)
        classes = [class_names[code] for code in tool.codes]
        args: list[tuple[str, str | Call]] = [("", "_catalog"), ("", py_string(tool.name)), ("", union)]
        if tool.description:
            args.append(("description=", py_string(tool.description)))
        if tool.output_schema is not None:
            args.append(("output_schema=", py_string(_json(tool.output_schema))))
        if tool.output_root is OutputRoot.ANY:
            args.append(("any_root=", "True"))
        if tool.input_schema is not None:
            args.append(("input_schema=", py_string(_json(tool.input_schema))))
        head = f"Tool[{union}]"
        if width(f"{contract} = {head}(") > LINE_LENGTH:  # black breaks the subscript first
            head = f"Tool[\n    {union}\n]"
        call = Call(head, tuple(args))
        out.append(
            PyTool(
                tool=tool,
                union_name=union,
                contract_name=contract,
                union=subscript(f"{union} = Union", classes, 0, "  # noqa: UP007"),
                contract=text_block(0, f"{contract} = ", call),
            )
        )
    return out


def tools_table(tools: list[PyTool]) -> list[str]:
    """The entries of ``TOOLS``: ``"name": CONTRACT,``."""
    return [f"{py_string(t.tool.name)}: {t.contract_name}," for t in tools]
