"""Property: on any Markdown, injecting keeps every byte outside the blocks and finds the same blocks again."""

from __future__ import annotations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog.diagnostics import Diagnostics
from errgen.workflow.docs_inject import Block, find_blocks, inject, split_lines, stale

PIECES = [
    "<!-- errgen:begin a -->", "<!-- errgen:begin b -->", "<!-- errgen:end -->", "<!-- errgen:begin -->",
    "  <!-- errgen:end -->", "    <!-- errgen:begin a -->", "> <!-- errgen:begin a -->", "> <!-- errgen:end -->",
    "- <!-- errgen:begin a -->", "  <!-- errgen:end -->", "1. item", "- item", "> quote", "text", "",
    "```", "~~~", "````md", "  ```", "    code", "<pre>", "</pre>", "<!--", "-->", "<div>", "</div>",
    "| a | b |", "|---|---|", "\ufeff<!-- errgen:begin a -->", "<!-- errgen:end --> tail", "# Title", "***",
]  # fmt: skip
ENDINGS = ["\n", "\r\n", "\r"]


def _content(block: Block) -> str:
    """Generated text like errgen's: a table and a fence, closed."""
    return f"| {block.name} | x |\n|---|---|\n| 1 | 2 |\n\n```text\n{block.name}\n```\n"


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.sampled_from(PIECES), max_size=14))
    endings = draw(st.lists(st.sampled_from(ENDINGS), min_size=len(lines), max_size=len(lines)))
    text = "".join(line + ending for line, ending in zip(lines, endings, strict=True))
    return text[:-1] if draw(st.booleans()) and text.endswith("\n") else text


@settings(max_examples=examples(400), deadline=None)
@given(documents())
def test_inject_keeps_the_rest_and_is_idempotent(text: str) -> None:
    diags = Diagnostics()
    blocks = find_blocks(text, "README.md", diags)
    if diags.has_errors or not blocks:
        return
    new = inject(text, blocks, _content)
    again = Diagnostics()
    found = find_blocks(new, "README.md", again)
    assert not again.has_errors, again.items
    assert [b.name for b in found] == [b.name for b in blocks]
    assert inject(new, found, _content) == new
    assert stale(new, found, _content) == []
    assert _outside(new, found) == _outside(text, blocks)


def _outside(text: str, blocks: list[Block]) -> list[list[str]]:
    """The lines before, between and after the blocks, markers included."""
    lines = split_lines(text)
    starts = [0, *(b.end for b in blocks)]
    stops = [*(b.begin + 1 for b in blocks), len(lines)]
    return [lines[start:stop] for start, stop in zip(starts, stops, strict=True)]
