"""Target ``packs``: a wallfacer conformance pack per catalog, ``packs/errgen-<catalog>.yaml``.

One invariant per code a server can send as a tool result (constructible, tool
channel), and one per tool of the catalog's ``tools`` section (`packs.tools`: its error results
carry only the codes it declares and match its outputSchema). A code's invariant calls the
code's witness tool with the witness input (``fixed:``, ``cases: 1``) and asserts the envelope
of `docs/runtime-contract.md`: ``isError`` true, a non-empty first text block, the payload's
``code``, its required repair fields with their types (optional ones typed when present), provenance, and no
home path or stack trace in the text. Each invariant carries test fixtures (see
`packs_fixtures`). The witness tool is a pack parameter ``<code>_witness_tool``
(default: the catalog's witness, else ``<catalog>_witness``, which a live run
reports as skipped until it is overridden with ``--param``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from errgen.catalog.model import Catalog, Channel, Code
from errgen.targets import TargetOptions
from errgen.targets.common.header import header_text
from errgen.targets.packs.assertions import Parts, assertions
from errgen.targets.packs.fixtures import FINGERPRINT, fixtures, json_data
from errgen.targets.packs.tools import tool_invariant
from errgen.targets.packs.writer import Placeholder, Writer, comment

FINGERPRINT_TEXT = "The catalog fingerprint every fixture's provenance carries (written once, here)."


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``packs/errgen-<catalog>.yaml``."""
    return {f"packs/{pack_name(catalog)}.yaml": _joined(pack_text(catalog))}


def _joined(pieces: Iterable[str], batch: int = 1 << 20) -> str:
    """``"".join(pieces)``, joining about `batch` characters at a time first.

    A pack is one piece per invariant: held together until the end, thousands of
    small pieces fragment the heap, which then stays resident after they are freed.
    """
    batches: list[str] = []
    pending: list[str] = []
    size = 0
    for piece in pieces:
        pending.append(piece)
        size += len(piece)
        if size >= batch:
            batches.append("".join(pending))
            pending, size = [], 0
    batches.append("".join(pending))
    return "".join(batches)


def pack_text(catalog: Catalog) -> Iterator[str]:
    """The pack file in pieces, invariant by invariant: the text of `dump` (`build_pack`) after the header."""
    yield comment(header_text(catalog))
    tools, parts, writer = witness_tools(catalog), Parts.of(catalog), Writer()
    yield writer.block(pack_head(catalog, tools), 0) + "\n"
    codes = checked_codes(catalog)
    yield "invariants:\n" if codes or catalog.tools else "invariants: []\n"
    for code in codes:
        yield f"- {writer.block(invariant(catalog, code, tools[code.id], parts), 2)}\n"
    for tool in catalog.tools.values():
        yield f"- {writer.block(tool_invariant(catalog, tool, parts.provenance_value), 2)}\n"


def pack_name(catalog: Catalog) -> str:
    """The pack's name, also its file stem (``wallfacer --pack <name>``)."""
    return f"errgen-{catalog.name}"


def checked_codes(catalog: Catalog) -> tuple[Code, ...]:
    """Codes a live server can return as a tool result, in declared order."""
    return tuple(c for c in catalog.constructible_codes if c.channel is Channel.TOOL)


def invariant_name(catalog: Catalog, code: Code) -> str:
    """``errgen.<catalog>.<code>``: the invariant's id in reports."""
    return f"errgen.{catalog.name}.{code.id}"


def build_pack(catalog: Catalog) -> dict[str, Any]:
    """The whole pack as JSON-like data (`Placeholder` marks template parameters)."""
    tools, parts = witness_tools(catalog), Parts.of(catalog)
    invariants = [invariant(catalog, code, tools[code.id], parts) for code in checked_codes(catalog)]
    invariants += [tool_invariant(catalog, tool, parts.provenance_value) for tool in catalog.tools.values()]
    return {**pack_head(catalog, tools), "invariants": invariants}


def pack_head(catalog: Catalog, tools: dict[str, tuple[str | None, str]]) -> dict[str, Any]:
    """The pack's ``version`` and ``metadata``: everything before its invariants."""
    return {
        "version": 3,
        "metadata": {
            "name": pack_name(catalog),
            "description": f"Error envelopes of the {catalog.name} catalog {catalog.version} ({catalog.title}).",
            "authors": ["errgen"],
            "tags": ["errors", "errgen", catalog.name],
            "parameters": {
                **{
                    param: {
                        "description": f"The tool whose witness input fails with code {code_id}.",
                        "type": "string",
                        "default": default,
                    }
                    for code_id, (param, default) in tools.items()
                    if param
                },
                **(
                    {FINGERPRINT: {"description": FINGERPRINT_TEXT, "type": "string", "default": catalog.fingerprint}}
                    if catalog.envelope.provenance
                    else {}
                ),
            },
        },
    }


def witness_tools(catalog: Catalog) -> dict[str, tuple[str | None, str]]:
    """Per code: (parameter name or None when the tool cannot be templated safely, tool name)."""
    out: dict[str, tuple[str | None, str]] = {}
    used: set[str] = set()
    for index, code in enumerate(checked_codes(catalog)):
        tool = code.witness.tool if code.witness else f"{catalog.name}_witness"
        param = f"{code.names.snake if code.names.snake.isascii() else f'code_{index + 1}'}_witness_tool"
        while param in used:  # only a non-ASCII code's fallback name can collide
            param = f"_{param}"
        used.add(param)
        out[code.id] = (param if _templatable(tool) else None, tool)
    return out


def _templatable(value: str) -> bool:
    """Whether `value` can be pasted verbatim into a single-quoted YAML scalar."""
    return value.isprintable() and "'" not in value and "{" not in value and "}" not in value


def invariant(catalog: Catalog, code: Code, tool: tuple[str | None, str], parts: Parts) -> dict[str, Any]:
    """The invariant of one code: witness call, envelope assertions, fixtures."""
    param, name = tool
    return {
        "name": invariant_name(catalog, code),
        "tool": Placeholder.named(param) if param else name,
        "fixed": json_data(code.witness.input) if code.witness else {},
        "cases": 1,
        "assert": assertions(catalog, code, parts),
        "test_fixtures": fixtures(catalog, code, parts.provenance_value),
    }
