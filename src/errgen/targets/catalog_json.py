"""Target ``catalog``: the published snapshot and the identity file.

``catalog.json`` is the normalized, fingerprinted catalog that other tools and
languages consume. ``identity.txt`` lists, one line per code, the wire id and
every identifier derived from it, so a rename shows up as a one-line diff.
"""

from __future__ import annotations

import json

from errgen.catalog import jsontext
from errgen.catalog.model import Catalog
from errgen.catalog.normalize import normalize
from errgen.targets import TargetOptions
from errgen.targets.common.header import header_text, line_comment
from errgen.targets.go.names import go_names
from errgen.targets.rust import names as rust_names


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``catalog.json`` and ``identity.txt``."""
    snapshot = {"$comment": header_text(catalog), "fingerprint": catalog.fingerprint, **normalize(catalog)}
    return {
        "catalog.json": jsontext.dumps(snapshot) + "\n",
        "identity.txt": identity(catalog),
    }


def identity(catalog: Catalog) -> str:
    """One line per code: ``id | Class | function | CONSTANT | tsName | PythonClass | GoType | RustType``; fields…"""
    go = go_names(catalog).codes
    rust = rust_names.names(catalog).codes
    header = "# code id | class | function | constant | ts | python class | go type | rust type"
    lines = [line_comment(catalog).rstrip("\n"), header]
    for code in catalog.codes.values():
        n = code.names
        names = (n.pascal, n.snake, n.constant, n.camel, n.py_class, go[code.id].type, rust[code.id])
        lines.append(" | ".join((json.dumps(code.id, ensure_ascii=False), *names)))
    lines.append("# field | python attribute")
    lines.extend(f"{json.dumps(f.name, ensure_ascii=False)} | {f.names.py_attr}" for f in catalog.fields.values())
    lines.append("# retired")
    lines.extend(json.dumps(r, ensure_ascii=False) for r in catalog.retired)
    lines.extend(_tools(catalog))
    return "\n".join(lines) + "\n"


def _tools(catalog: Catalog) -> list[str]:
    """The tools' lines (none without a ``tools`` section): each name every target gives the tool."""
    if not catalog.tools:
        return []
    go, rust = go_names(catalog).tools, rust_names.names(catalog).tools
    out = ["# tool | union type | python contract | ts contract | go interface | go contract | rust enum | rust const"]
    for name, tool in catalog.tools.items():
        n = tool.names
        names = (f"{n.pascal}ToolError", f"{n.constant}_TOOL", f"{n.camel}Tool", go[name][0], go[name][1], *rust[name])
        out.append(" | ".join((json.dumps(name, ensure_ascii=False), *names)))
    return out
