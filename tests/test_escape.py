"""Escaping of catalog text (`escape.py`): exact outputs, and what GitHub's renderer makes of them.

Expectations are written out by hand, never derived from the module's own tables, so a
change of a table shows here. The Markdown is rendered by cmark-gfm, GitHub's engine.
"""

from __future__ import annotations

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.targets.common import escape


def html(markdown: str) -> str:
    """GitHub-flavoured Markdown → HTML, raw HTML kept (so an injection would show)."""
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


def test_line_and_paragraph_separators_are_escaped_everywhere() -> None:
    """U+2028 and U+2029 end a JavaScript line in older engines and break Markdown lines: each target escapes them."""
    assert escape.json_string("a\u2028b\u2029c") == '"a\\u2028b\\u2029c"'
    assert escape.md_text("a\u2028b\u2029c") == "a&#x2028;b&#x2029;c"
    assert escape.md_code("a\u2028b") == "`a&#x2028;b`"
    assert escape.md_block("a\u2029b") == "a&#x2029;b"
    assert escape.comment_text("a\u2028b\u2029c") == "a b c"  # whitespace, folded like any other


@pytest.mark.parametrize(
    ("char", "literal"),
    [
        ("\x00", "\\u0000"), ("\x1f", "\\u001f"), ("\x7f", "\\u007f"), ("\x85", "\\u0085"), ("\u00ad", "\u00ad"),
        ("\u200b", "\\u200b"), ("\u200f", "\\u200f"), ("\u202a", "\\u202a"), ("\u202e", "\\u202e"),
        ("\u2060", "\\u2060"), ("\u2064", "\\u2064"), ("\u2066", "\\u2066"), ("\u2069", "\\u2069"),
        ("\ufeff", "\\ufeff"), ("\ue000", "\\ue000"), ("\ufffe", "\\ufffe"), ("\u0378", "\\u0378"),
        ("\u00e9", "\u00e9"), ("\U0001f600", "\U0001f600"), ("\u3000", "\u3000"),
    ],
)  # fmt: skip
def test_invisible_characters_in_string_literals(char: str, literal: str) -> None:
    """Controls, bidi and zero-width marks, BOM, private-use and unassigned BMP code points are written as ``\\uXXXX``.

    Visible text (accents, emoji, ideographic space, a soft hyphen) stays as it is.
    """
    assert escape.json_string(f"<{char}>") == f'"<{literal}>"'


def test_a_closed_code_fence_is_left_alone() -> None:
    """A fence the author closed gets no extra fence; only a fence still open at the end is closed for them."""
    assert escape.md_block("```\nx\n```\nafter") == "```\nx\n```\nafter"
    assert escape.md_block("~~~\nx\n~~~~~") == "~~~\nx\n~~~~~"  # a longer fence of the same kind closes
    assert escape.md_block("````\nx\n```") == "````\nx\n```\n````"  # a shorter one does not
    assert escape.md_block("```\nx\n~~~") == "```\nx\n~~~\n```"  # nor one of the other kind
    assert escape.md_block("```\na\n```\n\n   ~~~\nb") == "```\na\n```\n\n   ~~~\nb\n~~~"  # reopened later
    assert escape.md_block("    ```\nindented code") == "[//]: #\n\n    ```\nindented code"  # not a fence


def test_indented_docs_start_after_an_empty_link_definition() -> None:
    """A block whose first line is indented gets ``[//]: #`` first: it ends a list above and renders nothing."""
    assert escape.md_block("\n  text") == "[//]: #\n\n\n  text"
    assert escape.md_block("text\n  more") == "text\n  more"
    assert html("- item\n\n" + escape.md_block("  text")) == "<ul>\n<li>item</li>\n</ul>\n<p>text</p>\n"


def test_a_closed_code_fence_keeps_the_next_section() -> None:
    """After a closed fence in one code's docs, the next code's heading is still a heading."""
    page = "### first\n\n" + escape.md_block("```python\nx = 1\n```") + "\n\n### second\n"
    assert "<h3>second</h3>" in html(page)


def test_pipes_never_split_a_table_row() -> None:
    """``|`` in a cell, a code id or a kind name is escaped, so the row keeps its cells and the text its pipe."""
    assert escape.md_cell("a | b") == "a \\| b"
    assert escape.md_code("Kind|Name") == "Kind\\|Name"  # no code span: a pipe inside one still splits a row
    row = f"| {escape.md_code('Kind|Name')} | {escape.md_cell('a | b')} |"
    rendered = html(f"| A | B |\n|---|---|\n{row}\n")
    assert "<td>Kind|Name</td>\n<td>a | b</td>" in rendered


def test_bare_www_and_scheme_links_are_not_linked() -> None:
    """GitHub autolinks ``www.`` and ``scheme://`` from the raw source; escaping keeps them plain text."""
    text = "see www.example.com, WWW.Example.org or https://example.com/a_b"
    assert escape.md_text(text) == "see www\\.example.com, WWW\\.Example.org or https\\://example.com/a\\_b"
    assert "<a " not in html(escape.md_text(text))


def test_text_of_blanks_and_line_breaks_is_empty() -> None:
    """Only spaces, tabs and line breaks: nothing to show (a lone ``<br>`` line would be a raw HTML block)."""
    assert [escape.md_text(t) for t in ("\n", " \r\n\t", "\r\r", "")] == ["", "", "", ""]
    assert escape.md_cell("\n") == " "
    assert escape.md_text(" a \n\n b ") == "a<br><br>b"


def test_markdown_that_would_start_a_block_stays_text() -> None:
    """List markers, rules and headings at a line start are escaped; HTML is shown, entities stay literal."""
    assert escape.md_text("- x\n1. y\n---\n# z") == "\\- x<br>1\\. y<br>\\---<br>\\# z"
    assert escape.md_text("<b>&amp;</b>") == "&lt;b&gt;&amp;amp;&lt;/b&gt;"


def test_inline_code_falls_back_to_text() -> None:
    """``md_code`` is a code span unless a backtick, a line break, a pipe or blank text would break it."""
    assert escape.md_code("bad_request") == "`bad_request`"
    assert [escape.md_code(t) for t in ("a`b", "a\nb", " ")] == ["a\\`b", "a<br>b", ""]


def test_comment_text_cannot_close_its_comment() -> None:
    """``*/`` cannot end a block comment and a backslash cannot escape the next character."""
    assert escape.comment_text("a */ b\\c\n  d") == "a *\\\\/ b\\\\c d"


def test_anchor_slug() -> None:
    """GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens."""
    assert escape.anchor(" Bad Request — (HTTP 400)! ") == "bad-request--http-400"


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="aW w.19,;!?'\"()/%$@{}^:-+=*_`#\n\t<>&)", max_size=10))
def test_md_text_gives_plain_text_back_only_where_escaping_would_keep_it(text: str) -> None:
    """`md_text` returns text without escaping when nothing in it is Markdown or HTML: the same as escaping it."""
    assert escape.md_text(text) == escape._md_escaped(text)


def test_md_text_escapes_what_only_looks_plain() -> None:
    assert escape.md_text("1. first") == "1\\. first"
    assert escape.md_text("see www.example.test") == "see www\\.example.test"
    assert escape.md_text(" padded ") == "padded"
