"""The catalog format's JSON Schema (`errgen schema`) as editors show it: hover text on every node, no raw regex.

Issue 29: the schema described 49 of its nodes (no hover text for ``retriable``, ``recoverable``,
``http_status``, ``deprecated``, ``fields``, ``since``, ``witness``…), and a value that broke a
pattern was reported with the pattern itself (``is not text matching ^[A-Za-z][A-Za-z0-9]{0,15}…``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from errgen.catalog.catalog_schema import PATTERN_NAMES, SCHEMA
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog_text


def _nodes(schema: dict[str, Any], path: str = "", *, branch: bool = False) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema a catalog key or list item has: property values, map values, list items.

    The branches of a ``oneOf`` are not nodes of their own (the ``oneOf`` is), but their keys are.
    """
    if not branch:
        yield path or "(top level)", schema
    for name, sub in schema.get("properties", {}).items():
        yield from _nodes(sub, f"{path}/{name}")
    if isinstance(schema.get("additionalProperties"), dict):
        yield from _nodes(schema["additionalProperties"], f"{path}/<name>")
    if isinstance(schema.get("items"), dict):
        yield from _nodes(schema["items"], f"{path}/<item>", branch=branch and "description" not in schema)
    for alternative in schema.get("oneOf", []):
        yield from _nodes(alternative, path, branch=True)


def _patterns(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "pattern":
                yield value
            else:
                yield from _patterns(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _patterns(item)


def test_every_node_has_hover_text() -> None:
    nodes = list(_nodes(SCHEMA))
    bare = [path for path, node in nodes if not node.get("description")]
    assert len(nodes) > 110
    assert bare == []


ISSUE_KEYS = ["retriable", "recoverable", "http_status", "deprecated", "fields", "since", "witness"]


@pytest.mark.parametrize("name", ISSUE_KEYS)
def test_the_keys_the_issue_names_are_described(name: str) -> None:
    code = SCHEMA["properties"]["codes"]["additionalProperties"]["properties"]
    assert len(code[name]["description"]) > 20


def test_every_pattern_has_words() -> None:
    assert set(_patterns(SCHEMA)) <= set(PATTERN_NAMES)


@pytest.mark.parametrize(
    ("where", "text", "says"),
    [
        ("catalog", "catalog: {name: shop, version: 1.0.0, prefix: 1x}", "is not a prefix (a letter, then up to 15"),
        ("envelope", "envelope: {discriminator: my-key}", "is not a wire key (letters, digits"),
        ("failure", "mappings: {failures: {Timeout: {code: a}}}", "is not a failure class (lowercase letters"),
        ("url", "catalog: {name: shop, version: 1.0.0, docs_url: 'ftp://x'}", "is not an http:// or https:// URL"),
        ("lint", "lint: {allow: {Missing_Example: why}}", "is not a lint rule id (lowercase words"),
    ],
)
def test_a_pattern_mistake_is_said_in_words(where: str, text: str, says: str) -> None:
    base = {"catalog": "catalog: {name: shop, version: 1.0.0}"}
    lines = ["errgen: 1", text if where in ("catalog", "url") else base["catalog"], "codes: {a: {message: m}}"]
    if where not in ("catalog", "url"):
        lines.append(text)
    diags = Diagnostics()
    load_catalog_text("\n".join(lines) + "\n", "c.yaml", diags)
    messages = [d.message for d in diags.items]
    assert any(says in m for m in messages), messages
    assert not any("matching ^" in m or "(?!" in m for m in messages), messages


def test_null_is_said_once() -> None:
    diags = Diagnostics()
    load_catalog_text("errgen: 1\ncatalog: {name: shop, version: 1.0.0}\ncodes: {a: {message: m, title: null}}\n",
                      "c.yaml", diags)  # fmt: skip
    assert [d.message for d in diags.items] == ["codes/a/title: expected a string, got null"]
