"""The one-pass YAML composer against PyYAML's own composer: same data, same positions."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from conftest import ROOT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.yamlcore import SERDE
from errgen.catalog.yamllib import Yaml12Loader, loader_for
from errgen.catalog.yamlsrc import Document, JsonPath, parse_yaml
from errgen.conform.located import load as load_pack_yaml

KEYS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=6)
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | KEYS
DATA = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4), max_leaves=30
)


class _Dumper(yaml.SafeDumper):
    """PyYAML's dumper, also quoting strings that YAML 1.2 core reads as non-strings (``0E0``)."""


for _first, _resolvers in Yaml12Loader.yaml_implicit_resolvers.items():
    for _tag, _pattern in _resolvers:
        _Dumper.add_implicit_resolver(_tag, _pattern, [_first])


def _marks(node: yaml.Node, path: JsonPath, key: yaml.Node | None, out: dict[JsonPath, tuple[Any, Any]]) -> None:
    """Reference positions from PyYAML's composed node tree: path → (key mark, value mark)."""
    at = (node.start_mark.line + 1, node.start_mark.column + 1)
    out[path] = (None if key is None else (key.start_mark.line + 1, key.start_mark.column + 1), at)
    if isinstance(node, yaml.SequenceNode):
        for i, child in enumerate(node.value):
            _marks(child, (*path, i), None, out)
    elif isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            _marks(v, (*path, k.value), k, out)


def _check(text: str) -> Document:
    diags = Diagnostics()
    doc = parse_yaml(text, "t.yaml", diags)
    assert doc is not None and not diags.items, [d.format() for d in diags.items]
    assert doc.data == yaml.load(text, Loader=Yaml12Loader)
    node = yaml.compose(text, Loader=Yaml12Loader)
    expected: dict[JsonPath, tuple[Any, Any]] = {}
    if node is not None:
        _marks(node, (), None, expected)
    for path, (key_at, value_at) in expected.items():
        loc = doc.loc(path)
        assert (loc.line, loc.col) == value_at, path
        key_loc = doc.key_loc(path)
        assert (key_loc.line, key_loc.col) == (key_at or value_at), path
    return doc


@settings(max_examples=examples(300), deadline=None)
@given(DATA, st.sampled_from([None, True, False]), st.booleans())
def test_generated_documents(data: Any, flow: bool | None, unicode: bool) -> None:
    _check(yaml.dump(data, Dumper=_Dumper, default_flow_style=flow, allow_unicode=unicode, sort_keys=False))


def test_shipped_catalogs_and_cases() -> None:
    files = [*sorted((ROOT / "catalog").glob("*.yaml")), *sorted((ROOT / "tests" / "cases").glob("good_*/*.yaml"))]
    assert files
    for path in files:
        _check(path.read_text(encoding="utf-8"))


def _errors(text: str) -> list[str]:
    diags = Diagnostics()
    parse_yaml(text, "t.yaml", diags)
    return [d.format() for d in diags.sorted()]


def test_aliases_and_anchors() -> None:
    doc = parse_yaml("a: &x [1, {b: 2}]\nc: *x\n", "t.yaml", Diagnostics())
    assert doc is not None and doc.data == {"a": [1, {"b": 2}], "c": [1, {"b": 2}]}
    assert str(doc.loc(("c",))) == "t.yaml:2:4"  # the alias itself
    assert doc.loc(("c", 1, "b")) == doc.loc(("a", 1, "b"))  # positions inside an alias are the anchor's
    redefined = parse_yaml("a: &x 1\nb: *x\nc: &x 2\nd: *x\n", "t.yaml", Diagnostics())  # YAML 1.2 allows it
    assert redefined is not None and redefined.data == {"a": 1, "b": 1, "c": 2, "d": 2}


def test_alias_errors() -> None:
    assert _errors("a: *nowhere\n") == ["t.yaml:1:4: error: invalid YAML: found undefined alias 'nowhere'"]
    assert _errors("a: &x [*x]\n") == ["t.yaml:1:8: error: alias *x is inside the node it names (a recursive alias)"]


def test_key_and_document_errors(tmp_path: Path) -> None:
    assert _errors("? [a]\n: 1\nb: 2\n") == ["t.yaml:1:3: error: mapping key 'a complex key' is not a string; quote it"]
    assert _errors("1: a\n'1': b\n") == [
        "t.yaml:1:1: error: mapping key 1 is not a string; quote it",
        "t.yaml:2:1: error: duplicate key '1' (first defined at 1:1)",
    ]
    assert _errors("a: 1\n---\nb: 2\n") == ["t.yaml:2:1: error: invalid YAML: but found another document"]
    assert _errors("!!set {a, b}\n") == ["t.yaml:1:1: error: unsupported tag 'tag:yaml.org,2002:set'"]
    assert _errors("") == [] and parse_yaml("", "t.yaml", Diagnostics()) is not None


def _serde_json(value: Any) -> Any:
    """What serde_json holds of PyYAML's reading: a non-finite float is null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, list):
        return [_serde_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _serde_json(v) for k, v in value.items()}
    return value


def _check_pack(text: str) -> None:
    """Read with the pack rules: the same data as PyYAML with serde_yaml's resolvers, and the same positions."""
    located, problems = load_pack_yaml(text)
    assert problems == []
    reference = yaml.load(text, Loader=loader_for(SERDE))
    assert located.value == _serde_json(reference)
    node = yaml.compose(text, Loader=loader_for(SERDE))
    expected: dict[JsonPath, tuple[Any, Any]] = {}
    if node is not None:
        _marks(node, (), None, expected)
    lines = text.split("\n")
    for path, (key_at, value_at) in expected.items():
        offset = sum(len(line) + 1 for line in lines[: value_at[0] - 1]) + value_at[1] - 1
        assert located.values[path] == offset, path
        if key_at is not None:
            key_offset = sum(len(line) + 1 for line in lines[: key_at[0] - 1]) + key_at[1] - 1
            assert located.keys[path] == key_offset, path


PACK_SCALARS = st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False) | KEYS
PACK_DATA = st.recursive(  # what serde_yaml can hold: 64-bit integers (an infinity reads back as null)
    PACK_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4), max_leaves=30
)


@settings(max_examples=examples(200), deadline=None)
@given(PACK_DATA, st.sampled_from([None, True, False]))
def test_packs_are_read_by_the_same_reader(data: Any, flow: bool | None) -> None:
    _check_pack(yaml.dump(data, Dumper=_Dumper, default_flow_style=flow, allow_unicode=True, sort_keys=False))


def test_pack_scalars_follow_serde_yaml() -> None:
    """0b integers, 64-bit bounds, .inf as null, an overflowing float as text, scalar keys by their text."""
    text = "a: 0b101\nb: .inf\nc: 1e999\nd: 012\n1: one\ntrue: yes\ne: null\n"
    located, problems = load_pack_yaml(text)
    assert problems == []
    assert located.value == {"a": 5, "b": None, "c": "1e999", "d": "012", "1": "one", "true": "yes", "e": None}
    assert located.plain[("e",)] == "null" and located.plain[("a",)] == "0b101"
    _, problems = load_pack_yaml("big: 18446744073709551616\nbig: 1\n")
    assert [(p.index, p.message, p.first_index) for p in problems] == [
        (5, "integer 18446744073709551616 does not fit in 64 bits", None),
        (26, "duplicate key 'big'", 0),
    ]
