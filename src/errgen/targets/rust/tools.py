"""The tools of a catalog in its crate: per tool a `Tool` constant (its codes as data) and an enum over them.

Per tool ``T``: ``<T>_TOOL``, the runtime's ``Tool`` (name and codes; ``declares`` checks a
code, ``parse_result`` reads a result with undeclared codes as ``ToolError::Unknown``), and
``<T>ToolError``, one variant per code ``T`` can return plus ``Unknown``, convertible from
and into the catalog-wide ``ToolError``. ``TOOLS`` lists every contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog.model import Catalog
from errgen.targets.rust.layout import arm, items
from errgen.targets.rust.literals import doc, rust_str
from errgen.targets.rust.names import RustNames


@dataclass(frozen=True)
class RsToolCode:
    """One code of a tool: its struct (and variant) name and its wire id."""

    name: str
    wire: str


@dataclass(frozen=True)
class RsTool:
    """What ``lib.rs`` prints for one tool."""

    name: str
    wire: str
    constant: str
    enum: str
    doc: str  # the constant's #[doc] line
    enum_doc: str  # the enum's #[doc] line
    codes: tuple[RsToolCode, ...]
    code_list: str  # the constant's `codes: &[…],` member, laid out as rustfmt lays it out
    arms_from: tuple[str, ...]  # `ToolError::X(error) => Self::X(error),`
    arms_into: tuple[str, ...]  # `<Enum>::X(error) => ToolError::X(error),`


def rs_tools(catalog: Catalog, rs: RustNames) -> list[RsTool]:
    """Every tool's constant and enum, in declared order."""
    out = []
    for name, tool in catalog.tools.items():
        enum, constant = rs.tools[name]
        what = f": {tool.description}" if tool.description else ""
        out.append(
            RsTool(
                name=name,
                wire=rust_str(name),
                constant=constant,
                enum=enum,
                doc=doc(f"Tool `{name}`'s error contract: the codes it can return{what}"),
                enum_doc=doc(f"An error tool `{name}` can return: one variant per code, and `Unknown` for the rest."),
                codes=tuple(RsToolCode(rs.codes[c], rust_str(c)) for c in tool.codes),
                code_list=items(4, "codes: &[", [rust_str(c) for c in tool.codes], "],"),
                arms_from=tuple(arm(12, f"ToolError::{rs.codes[c]}(error)", f"Self::{rs.codes[c]}(error)")
                                for c in tool.codes),
                arms_into=tuple(arm(12, f"{enum}::{rs.codes[c]}(error)", f"ToolError::{rs.codes[c]}(error)")
                                for c in tool.codes),
            )
        )
    return out


def tools_table(tools: list[RsTool]) -> str:
    """``pub const TOOLS: [Tool; N] = [...];``, laid out as rustfmt lays it out."""
    return items(0, f"pub const TOOLS: [Tool; {len(tools)}] = [", [t.constant for t in tools], "];")
