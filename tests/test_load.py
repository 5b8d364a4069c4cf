"""The shape check (`load.py`), in-process: each message and each rejected node, pinned by hand.

The golden cases (tests/cases/bad_*) show the same messages through the command line;
these pin the edges they leave open (a value's text cut at 60 characters, several missing
keys, control characters in a path, which nodes an error makes unusable) and run fast
enough for the mutation run (tests/mutation.py) to use per mutant.
"""

from __future__ import annotations

from typing import Any

import pytest

from errgen.catalog import load
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.yamlsrc import Document

HEAD = "errgen: 1\ncatalog: {name: demo, version: 1.0.0}\n"


def check(text: str) -> tuple[Document | None, list[str]]:
    """Load `text` as ``c.yaml``: the document (or None) and its diagnostics as printed."""
    diags = Diagnostics()
    doc = load.load_catalog_text(text, "c.yaml", diags)
    return doc, [d.format() for d in diags.sorted()]


def test_a_valid_catalog_comes_back_unchanged_and_nothing_rejected() -> None:
    """`load_catalog_text` parses the text and returns the document itself, with no diagnostic."""
    doc, lines = check(HEAD + "codes:\n  c: {message: m}\n")
    assert lines == []
    assert doc is not None and doc.path == "c.yaml" and doc.rejected == frozenset()
    assert doc.data["codes"] == {"c": {"message": "m"}}


def test_text_that_is_not_yaml_gives_no_document() -> None:
    """Unparsable text: None, and the YAML error at its place."""
    doc, lines = check("a: [\n")
    assert doc is None
    assert len(lines) == 1 and lines[0].startswith("c.yaml:") and "invalid YAML" in lines[0]


def test_an_unknown_key_rejects_that_key_only() -> None:
    """``additionalProperties``: the unknown key alone is rejected (the code's other keys stay usable)."""
    doc, lines = check(HEAD + "codes:\n  c: {message: m, mesage: n, kind: k}\n")
    assert lines == ["c.yaml:4:19: error: unknown key 'mesage' in codes/c; did you mean 'message'?"]
    assert doc is not None and doc.rejected == {("codes", "c", "mesage")}


def test_missing_keys_are_listed_together_and_rejected() -> None:
    """``required``: every missing key in one message, joined with ", ", each one rejected."""
    doc, lines = check("errgen: 1\ncatalog: {title: t}\ncodes:\n  c: {message: m}\n")
    assert lines == ["c.yaml:2:10: error: catalog: missing required key 'name', 'version'"]
    assert doc is not None and doc.rejected == {("catalog", "name"), ("catalog", "version")}


def test_a_bad_name_rejects_that_entry() -> None:
    """``propertyNames``: the message points at the key, and the entry under that key is rejected."""
    doc, lines = check(HEAD + "codes:\n  ok: {message: m}\n  .bad: {message: m}\n")
    assert lines == [
        "c.yaml:5:3: error: invalid name in codes: '.bad' is not a valid id (letters, digits, '_', '.' and '-', "
        "not starting with '.' or '-', at most 128 characters)"
    ]
    assert doc is not None and doc.rejected == {("codes", ".bad")}


def test_a_path_with_a_control_character_stays_on_one_line() -> None:
    """A tab in a key of the path is escaped (``\\t``) in the message; printable non-ASCII text is not."""
    _, lines = check(HEAD + 'codes:\n  "a\\tb": {message: m, x: 1}\n  café: {message: m, y: 1}\n')
    assert "c.yaml:4:24: error: unknown key 'x' in codes/a\\tb; expected one of:" in "\n".join(lines)
    assert next(line for line in lines if "'y'" in line).startswith(
        "c.yaml:5:22: error: unknown key 'y' in codes/café;"
    )


def test_an_empty_map_needs_an_entry() -> None:
    """``minProperties``: ``codes: {}`` needs at least one entry."""
    _, lines = check(HEAD + "codes: {}\n")
    assert lines == ["c.yaml:3:8: error: codes: needs at least one entry"]


@pytest.mark.parametrize(
    ("value", "got"),
    [
        ("true", "boolean true"),
        ("1.5", "number 1.5"),
        ("[" + "x" * 56 + "]", "list ['" + "x" * 56 + "']"),  # a repr of 60 characters: whole
        ("[" + "x" * 57 + "]", "list ['" + "x" * 55 + "..."),  # 61 characters: cut to 57, then "..."
    ],
)
def test_a_wrong_type_names_the_value_type_and_shortens_long_values(value: str, got: str) -> None:
    """``type``: JSON type names (boolean, number) and the value's repr, cut beyond 60 characters."""
    _, lines = check(HEAD + f"codes:\n  c: {{message: m, title: {value}}}\n")
    assert lines == [f"c.yaml:4:26: error: codes/c/title: expected a string, got {got}"]


def test_a_described_one_of_quotes_its_description_without_the_full_stop() -> None:
    """A ``oneOf`` with a description: "expected" + the description, lower-cased, without its final full stop."""
    rule = "classification:\n  http:\n    - {status: 6xx, kind: k}\n"
    text = HEAD + rule + "kinds: {k: {retryable: false}}\ncodes:\n  c: {message: m}\n"
    _, lines = check(text)
    assert lines == [
        "c.yaml:5:16: error: classification/http/0/status: expected an HTTP status (404), a class ('5xx'), "
        "or a list of them, got string '6xx'"
    ]


def test_validators_that_disagree_never_let_a_catalog_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the fast validator says invalid but jsonschema finds nothing, the catalog is refused at 1:1."""

    class Refuses:
        def is_valid(self, data: Any) -> bool:
            return False

    monkeypatch.setattr(load, "_fast_validator", Refuses)
    doc, lines = check(HEAD + "codes:\n  c: {message: m}\n")
    assert doc is None
    assert lines == ["c.yaml:1:1: error: catalog does not match the catalog schema (run `errgen schema` to see it)"]
