"""The Markdown's example payloads are the exact wire payloads the generated runtime sends (fingerprint abbreviated).

For every example of every catalog the TypeScript tests build (the shipped ones,
`tests/ts/catalogs/` and the good golden cases: every envelope option is on in some and
off in others), the JSON block under the code's section of `docs/<catalog>.md` (read as
GitHub renders it) must equal, key order included, the payload the generated Python puts
on the wire for the same example values: `structuredContent` of `to_result()` (or its
JSON text block when the catalog turns `structured_content` off).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from hostile.hostile_checks import render_markdown
from pytarget_support import import_files
from ts import harness

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions, generate


def _ordered(value: Any) -> Any:
    """`value` with every mapping as a list of (key, value) pairs, so key order counts."""
    if isinstance(value, dict):
        return [(k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return value


def _markdown_examples(text: str, key: str) -> dict[str, list[Any]]:
    """Code id (under the discriminator `key`) → the JSON of its example blocks, in document order."""
    found: dict[str, list[Any]] = {}
    for pre in render_markdown(text).root.find_all("pre"):
        if pre.attrs.get("lang") == "json":
            payload = json.loads(pre.text())
            found.setdefault(payload[key], []).append(payload)
    return found


def _deferred_payload(module: Any, info: Any, values: dict[str, Any]) -> dict[str, Any]:
    envelope = module.CATALOG_INFO.envelope
    message = module.scrub_text(module.format_message(info.message, values))
    payload = {envelope.discriminator: info.code, "message": message}
    payload |= {envelope.retriable_key: info.retriable_default} if envelope.retriable_field else {}
    payload |= dict(envelope.metadata.carried(info))
    payload |= {k: v for k, v in values.items() if k in info.required + info.optional}
    payload |= {"provenance": module.PROVENANCE} if envelope.provenance else {}
    return payload | ({"isError": True} if envelope.mirror_is_error else {})


def _wire(module: Any, code: str, values: dict[str, Any]) -> Any:
    """The payload the generated Python sends for `values` (a deferred code's shape is built the same way)."""
    info = module.CODES[code]
    if info.deferred:  # shape-only: never built; the payload a server would send, read back
        return module.validate_error(_deferred_payload(module, info, values)).to_payload()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        error = module.build_error(code, values)
    if info.channel == "protocol":
        return error.to_jsonrpc_error()["data"]
    result = error.to_result()
    return result["structuredContent"] if "structuredContent" in result else json.loads(result["content"][1]["text"])


@pytest.mark.parametrize("path", harness.catalog_paths(), ids=lambda p: p.relative_to(harness.ROOT).as_posix())
def test_markdown_examples_are_the_wire_payloads(path: Path, tmp_path: Path) -> None:
    catalog: Catalog = harness.load(path)
    files = generate(catalog, ("markdown", "python"), TargetOptions())
    module = import_files(files, tmp_path)
    shown = _markdown_examples(files[f"docs/{catalog.name}.md"], catalog.envelope.discriminator)
    wire = {name: f.wire for name, f in catalog.fields.items()}
    expected = {
        code.id: [_wire(module, code.id, {wire.get(k, k): v for k, v in e.values.items()}) for e in code.examples]
        for code in catalog.codes.values()
        if code.examples
    }
    assert sorted(shown) == sorted(expected)
    for code, payloads in expected.items():
        assert _ordered(shown[code]) == _ordered([_referring(p) for p in payloads]), code


def _referring(payload: Any) -> Any:
    """The payload as the page shows it: the fingerprint, stated once at the top, written `sha256:…`."""
    provenance = payload.get("provenance") if isinstance(payload, dict) else None
    if isinstance(provenance, dict):
        return {**payload, "provenance": {**provenance, "fingerprint": "sha256:…"}}
    return payload


def test_every_envelope_option_is_covered() -> None:
    catalogs = [harness.load(p) for p in harness.catalog_paths()]
    with_examples = [c for c in catalogs if any(code.examples for code in c.codes.values())]
    for option in ("structured_content", "mirror_is_error", "tool_failure_meta", "retriable_field", "provenance",
                   "structured_is_error"):  # fmt: skip
        assert {getattr(c.envelope, option) for c in with_examples} == {True, False}, option
    assert {c.envelope.provenance_mode.value for c in with_examples} == {"required", "optional", "none"}
    assert {c.envelope.casing.value for c in with_examples} == {"as_written", "camel"}
    assert {c.envelope.discriminator for c in with_examples} >= {"code", "kind"}
    assert {m.when for c in with_examples for m in c.envelope.metadata} == {"always", "recoverable"}
