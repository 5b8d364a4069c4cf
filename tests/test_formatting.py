"""Selective black (`errgen.targets.python.formatting.format_python`) gives exactly what whole-file black gives."""

from __future__ import annotations

import black
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytarget_support import from_text, shipped, synthetic

from errgen.targets.python import formatting
from errgen.targets.python.target import render_adapter, render_package, render_runtime

MODE = black.Mode(target_versions={black.TargetVersion.PY311}, line_length=formatting.LINE_LENGTH)


def raw(catalog_text: str | None = None, name: str | None = None) -> str:
    catalog = shipped(name) if name else from_text(catalog_text or "")
    return render_package(catalog, "mod")


def assert_equivalent(text: str) -> None:
    assert formatting.format_python(text, None) == black.format_str(text, mode=MODE)


@pytest.mark.parametrize("name", ["workbook", "napkin", "filetools"])
def test_shipped(name: str) -> None:
    assert_equivalent(raw(name=name))


def test_synthetic_catalog() -> None:
    assert_equivalent(raw(synthetic(60)))


@pytest.mark.parametrize("name", ["workbook", "napkin", "filetools", None])
def test_layout_units_are_the_ast_statements(name: str | None) -> None:
    """The cheap layout reading finds exactly the statements the AST has, on every generated module."""
    text = raw(name=name) if name else raw(synthetic(60))
    assert formatting._layout_units(text.split("\n")) == formatting._units(text)


def test_a_misread_layout_falls_back_to_the_ast() -> None:
    text = "x = (\n1,\n'a')\ny = 'b'\n"  # not black style: a statement's lines at column 0
    assert formatting._layout_units(text.split("\n")) != formatting._units(text)
    assert formatting.format_python(text, None) == black.format_str(text, mode=MODE)


def line_by_line(lines: list[str], first: int, end: int, indent: int) -> list[tuple[int, int, int]]:
    """The layout reading as it was first written, one line at a time: the reference `_line_units` must equal."""
    units: list[tuple[int, int, int]] = []
    start = last = -1
    in_string = False
    for i in range(first, end):
        line = lines[i]
        head = line[indent : indent + 1]
        if (
            not in_string
            and head
            and (head.isalpha() or head in "_@\"'")
            and (indent == 0 or line[:indent].isspace())
            and not line.startswith(("else:", "else ", "elif ", "except", "finally:", "finally "), indent)
            and not (last >= 0 and lines[last].startswith("@", indent))
        ):
            if start >= 0:
                units.append((start, last + 1, indent))
            start = i
        if line.strip() and not (line.startswith("#", indent) and not in_string):
            last = i
        if (line.count('"""') + line.count("'''")) % 2:
            in_string = not in_string
    if start >= 0:
        units.append((start, last + 1, indent))
    return units


LINE = st.sampled_from(
    ["", " ", "    ", "\t", "x = 1", "    y", "@dec", "    @d", "def f():", "else:", "elif x:", "except E:",
     "finally:", "# c", "    # c", '"""', "'''", 'x = """', '"""doc"""', "'''a'''b'''", "'s'", '"q"', "_a",
     "é = 1", "  z", "1", "class C:", '#"""', '    """', "\u2028x"]
)  # fmt: skip


@settings(max_examples=examples(3000), deadline=None)
@given(st.lists(LINE, max_size=14), st.data())
def test_the_layout_reading_visits_only_candidate_lines_and_reads_the_same(
    lines: list[str], data: st.DataObject
) -> None:
    """`_line_units`, which looks only at lines that may start a statement or open a string, reads as line by line."""
    first = data.draw(st.integers(0, len(lines)))
    end = data.draw(st.integers(first, len(lines)))
    indent = data.draw(st.sampled_from([0, 2, 4]))
    assert formatting._line_units(lines, first, end, indent) == line_by_line(lines, first, end, indent)


@pytest.mark.parametrize("name", ["workbook", "napkin", "filetools", None])
def test_the_layout_reading_of_generated_modules_is_unchanged(name: str | None) -> None:
    lines = (raw(name=name) if name else raw(synthetic(60))).split("\n")
    for indent in (0, 4):
        assert formatting._line_units(lines, 0, len(lines), indent) == line_by_line(lines, 0, len(lines), indent)


BODY = st.lists(
    st.sampled_from(["a", "'", '"', "\\\\", "\\'", '\\"', "\\n", "é", " ", "{", "}", "{'a'}", '{"a"}', "{x}"]),
    max_size=10,
).map("".join)


@settings(max_examples=examples(3000), deadline=None)
@given(BODY, st.sampled_from(["'", '"']), st.sampled_from(["", "f"]))
def test_quote_check_agrees_with_black(body: str, quote: str, prefix: str) -> None:
    """`quotes_normal` is black's own string normalization, for every valid literal it is asked about."""
    from black.strings import normalize_string_quotes

    literal = quote + body + quote
    if literal.startswith(quote * 3):
        return  # triple-quoted: the detector splits those into plain pieces, never asks about them whole
    try:
        compile(prefix + literal, "<literal>", "eval")
    except SyntaxError:
        return  # not a literal
    expected = normalize_string_quotes(prefix + literal) == prefix + literal
    assert formatting.quotes_normal(literal, prefix) == expected, prefix + literal


def test_units_that_black_must_change_are_changed() -> None:
    # Each unit carries a trigger the detector knows (trailing blank, quote preference), so every
    # unit goes through black on its own: reassembly must equal whole-file black.
    defs = "".join(f"    def f{i}(a, b):\n        return a + b\n" for i in range(120))
    clean = black.format_str(f"x = 1\nif True:\n{defs}else:\n    y = 2\n", mode=MODE)
    ugly = clean.replace("x = 1", "x = 'single'").replace("return a + b", "return  a+b  ")
    ugly = ugly.replace("y = 2", "y = {'a':1}")
    assert ugly != clean
    expected = clean.replace("x = 1", 'x = "single"').replace("y = 2", 'y = {"a": 1}')
    assert formatting.format_python(ugly, None) == expected
    nested = "if True:\n" + "".join(f'    X{i} = "he said \\"hi\\""\n' for i in range(250))
    assert formatting.format_python(nested, None) == black.format_str(nested, mode=MODE)


TOKENS = [*"ab '\"\\{}|`$*/#\n\t ", "\u202e", "\u200d", "é", "\x00", '"""', "{{", "}}", "*/", "${x}"]
TEXT = st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)
NAME = st.sampled_from(["class", "None", "match", "type", "__proto__", "a" * 70, "größe", "x1", "E-1.2"])


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=TEXT, when=TEXT, ui=TEXT, desc=TEXT, code=NAME)
def test_hostile_text_and_names(title: str, when: str, ui: str, desc: str, code: str) -> None:
    import json

    def q(value: str) -> str:
        return json.dumps(value)

    catalog = (
        f"errgen: 1\ncatalog: {{name: hostile, version: 1.0.0, description: {q(desc)}}}\n"
        "fields:\n  field: {type: string}\n"
        f"codes:\n  {q(code)}:\n    title: {q(title or 't')}\n    when: {q(when)}\n    ui_meaning: {q(ui)}\n"
        '    message: "bad {field}"\n    fields: {required: [field]}\n    examples: [{field: x}]\n'
    )
    assert_equivalent(raw(catalog))


def test_the_templates_own_code_never_needs_black() -> None:
    """Only catalog content may send a unit to black: a synthetic catalog's module needs none (no black import)."""
    text = raw(synthetic(60))
    lines = text.split("\n")
    units = formatting._units(text) or []
    flagged = [lines[start] for start, end, _ in units if formatting._needs_black(lines[start:end])]
    assert units and flagged == []


def test_the_runtime_never_needs_black() -> None:
    """`_runtime.py` depends on no catalog, so its rendering is black-clean as written."""
    assert_equivalent(render_runtime())
    assert black.format_str(render_runtime(), mode=MODE) == render_runtime()


def test_the_mcp_adapter_never_needs_black() -> None:
    """`mcp_adapter.py` depends on no catalog either: written black-clean, it is not formatted at build time."""
    assert black.format_str(render_adapter(), mode=MODE) == render_adapter()
