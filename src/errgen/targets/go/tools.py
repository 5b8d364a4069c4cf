"""The tools of a catalog in its Go package: per tool a sealed error interface, its contract and typed parsers.

Per tool ``T``: ``<T>ToolError``, an interface that the error structs of exactly the codes ``T``
can return implement (by an unexported marker method), and ``*Unknown``, so a type switch on it
cannot name another code's struct; ``<T>Tool``, a ``Tool`` holding its codes as data
(``Declares`` checks one); ``Parse<T>Result`` / ``Parse<T>ResultValue``, the result's error typed
to the interface (an undeclared code is an ``*Unknown``). ``Tools()`` lists every contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog.model import Catalog
from errgen.targets.go.layout import aligned, comment
from errgen.targets.go.names import GoNames, exported
from errgen.targets.go.texts import lit


@dataclass(frozen=True)
class GoTool:
    """What the catalog file prints for one tool."""

    name: str  # as written in comments
    iface: str
    marker: str
    contract: str
    parse: str
    doc: list[str]
    contract_doc: list[str]
    parse_doc: list[str]
    value_doc: list[str]
    markers: list[str]  # the marker methods, one per code and *Unknown, aligned as gofmt aligns them
    contract_decl: list[str]


def go_tools(catalog: Catalog, names: GoNames) -> list[GoTool]:
    """Every tool's Go names and declarations, in declared order."""
    out = []
    for name, tool in catalog.tools.items():
        iface, contract, parse = names.tools[name]
        marker = f"in{exported(tool.names)}Tool"
        receivers = [f"*{names.codes[code].type}" for code in tool.codes] + ["*Unknown"]
        consts = [f"\t{names.codes[code].const}," for code in tool.codes]
        what = f" Tool {name}: {tool.description}" if tool.description else ""
        out.append(
            GoTool(
                name=name,
                iface=iface,
                marker=marker,
                contract=contract,
                parse=parse,
                doc=comment(
                    f"{iface} is an error tool {name} can return: an error of one of its codes, or *Unknown (a code "
                    f"the catalog does not know or {name} does not declare, an invalid payload).{what}"
                ),
                contract_doc=comment(f"{contract} is tool {name}'s error contract: the codes it can return."),
                parse_doc=comment(
                    f"{parse} reads the error inside a result of tool {name} (JSON text), typed to its codes (any "
                    f"other is an *Unknown); nil when the result reports no error."
                ),
                value_doc=comment(
                    f"{parse}Value reads the error inside a result of tool {name} given as JSON data, typed to its "
                    f"codes; nil when the result reports no error."
                ),
                markers=aligned([[f"func ({r}) {marker}()", "{}"] for r in receivers], indent=""),
                contract_decl=[f"var {contract} = Tool{{Name: {lit(name)}, Codes: []Code{{", *consts, "}}"],
            )
        )
    return out
