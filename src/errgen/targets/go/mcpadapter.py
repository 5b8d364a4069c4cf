"""``go/mcpadapter/``: the catalog's errors on the official MCP Go SDK, a module of its own.

The errors' module keeps no ``require``; the adapter module requires it (through a ``replace``
to ``../``), the SDK (`SDK_VERSION`) and jsonschema-go, with the ``go.sum`` of those versions
(`mcpadapter.go.sum`, the SDK's module graph as the Go proxy serves it). Its one Go file is the
same for every catalog but for its import of the errors' module and its tables: the arguments
section and each tool's error schema (the JSON Schema target's).
"""

from __future__ import annotations

from pathlib import Path

from errgen.catalog.model import Catalog
from errgen.targets import jsonschema
from errgen.targets.common.escape import comment_text, json_string
from errgen.targets.common.header import header_text
from errgen.targets.common.templating import render
from errgen.targets.go.layout import TAB, WIDTH, split_literal
from errgen.targets.go.names import go_names, module_path

SDK_VERSION = "v1.8.0"  # github.com/modelcontextprotocol/go-sdk
JSONSCHEMA_VERSION = "v0.4.3"  # github.com/google/jsonschema-go, the SDK's own
INDIRECT = (
    ("github.com/segmentio/asm", "v1.1.3"),
    ("github.com/segmentio/encoding", "v0.5.4"),
    ("github.com/yosida95/uritemplate/v3", "v3.0.2"),
    ("golang.org/x/oauth2", "v0.35.0"),
    ("golang.org/x/sync", "v0.20.0"),
    ("golang.org/x/sys", "v0.41.0"),
    ("golang.org/x/time", "v0.15.0"),
)
GO_SUM = Path(__file__).with_name("mcpadapter.go.sum")


def _literal(text: str, indent: str, used: int) -> str:
    """JSON `text` (jsonschema.adapter_schemas') as a Go raw string literal, split into lines that keep to the width.

    A raw literal holds the JSON as it is: no second escaping to write (or read), and its pieces are
    plain slices of the text.
    """
    return split_literal(f"`{text}`", indent, WIDTH - used)


def go_mod(catalog: Catalog) -> str:
    """The adapter module's ``go.mod``."""
    core = module_path(catalog.name)
    indirect = "".join(f"\t{path} {version} // indirect\n" for path, version in INDIRECT)
    return (
        f"// {comment_text(header_text(catalog))}\n"
        f"module {core}/mcpadapter\n\ngo 1.25.0\n\n"
        f"require (\n\t{core} v0.0.0\n\tgithub.com/google/jsonschema-go {JSONSCHEMA_VERSION}\n"
        f"\tgithub.com/modelcontextprotocol/go-sdk {SDK_VERSION}\n)\n\n"
        f"require (\n{indirect})\n\nreplace {core} => ../\n"
    )


def adapter(catalog: Catalog, templates: str | None) -> str:
    """``mcpadapter.go``."""
    names = go_names(catalog)
    package = names.package
    roles = [
        {"key": json_string(role.role), "code": f"{package}.{names.codes[role.code].const}"}
        for role in catalog.arguments.values()
    ]
    schemas = jsonschema.adapter_schemas(catalog)
    tools = []
    for name, schema in schemas.tools:
        key = json_string(name)
        tools.append({"name": key, "schema": _literal(schema, TAB + TAB, len(key) + 5)})
    return render(
        "go/mcpadapter.go.jinja",
        templates,
        header=comment_text(header_text(catalog)),
        module=module_path(catalog.name),
        alias=package,
        arguments=roles,
        tools=tools,
        catalog_schema=_literal(schemas.catalog, TAB, 22),
    )


def files(catalog: Catalog, templates: str | None) -> dict[str, str]:
    """The adapter module's files."""
    return {
        "go/mcpadapter/go.mod": go_mod(catalog),
        "go/mcpadapter/go.sum": GO_SUM.read_text(encoding="utf-8"),
        "go/mcpadapter/mcpadapter.go": adapter(catalog, templates),
    }


__all__ = ["SDK_VERSION", "files"]
