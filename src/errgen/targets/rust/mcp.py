"""``rust/src/mcp.rs``: the catalog's errors on the official Rust MCP SDK (rmcp), behind the crate's ``rmcp`` feature.

The file is the same for every catalog but for its tables: the ``arguments`` section and each
tool's error schema (the JSON Schema target's, compact JSON text). The feature adds rmcp
(`RMCP`, its ``server`` feature: schemars comes with it) and serde_path_to_error (the path of a
serde failure: which argument failed) to the crate's dependencies; without it the crate keeps
serde, serde_json, regex and ryu-js only.
"""

from __future__ import annotations

from errgen.catalog.model import Catalog
from errgen.targets import jsonschema
from errgen.targets.common.header import header_text
from errgen.targets.common.templating import render
from errgen.targets.rust.literals import rust_str

RMCP = '{ version = "3.11", default-features = false, features = ["server"], optional = true }'
PATH_TO_ERROR = '{ version = "0.1.17", optional = true }'
FEATURES = {"rmcp": '["dep:rmcp", "dep:serde_path_to_error"]'}
OPTIONAL = {"rmcp": RMCP, "serde_path_to_error": PATH_TO_ERROR}


def _raw(text: str) -> str:
    """JSON `text` (printable ASCII) as a Rust raw string literal (``r#"…"#``): nothing escaped twice."""
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'r{hashes}"{text}"{hashes}'


def adapter(catalog: Catalog, templates: str | None) -> str:
    """``src/mcp.rs``."""
    roles = [{"key": rust_str(role.role), "code": rust_str(role.code)} for role in catalog.arguments.values()]
    schemas = jsonschema.adapter_schemas(catalog)
    tools = [{"name": rust_str(name), "schema": _raw(schema)} for name, schema in schemas.tools]
    return render(
        "rust/mcp.rs.jinja", templates, header=header_text(catalog), arguments=roles, tools=tools,
        catalog_schema=_raw(schemas.catalog),
    )  # fmt: skip


__all__ = ["FEATURES", "OPTIONAL", "adapter"]
