"""Keep generated Markdown inside hand-written files: ``errgen docs inject``.

A block is the text between two marker lines::

    <!-- errgen:begin NAME -->
    (replaced on every run)
    <!-- errgen:end -->

NAME is ``<catalog>`` (the code table), ``<catalog>:<code>`` (one code's section),
``<catalog>:document`` (the whole generated page) or ``<catalog>:<section>``, where
section is the anchor of a ``##`` heading of the generated page (``kinds``,
``policies``, ``removed-codes``…). ``<catalog>:code:<id>`` and
``<catalog>:section:<name>`` spell either out when a code shares a section's name.

A marker counts only where a CommonMark renderer sees it as an HTML block of its own:
markdown-it-py parses the file, and a marker is an ``html_block`` token whose text is
the marker comment alone, at the top level or in a list item or blockquote. Inside a
code block (fenced or indented), a ``<pre>`` block, a longer HTML comment or any larger
HTML block it is text, not a marker, so documentation can show markers. Inside a list
item or blockquote each generated line starts like the end marker's line (``> ``, the
item's indentation). Lines are CommonMark's (LF, CRLF or CR): every byte outside the
markers is kept, and a block's lines end like its begin marker's line.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.model import Catalog
from errgen.targets.common.escape import anchor

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

_MARKER = re.compile(r"^\s*<!--\s*errgen:")
_BEGIN = re.compile(r"^\s*<!--\s*errgen:begin\s+(?P<name>[^\s>]+)\s*-->\s*$")
_END = re.compile(r"^\s*<!--\s*errgen:end\s*-->\s*$")
# HTML blocks a reader sees as one piece (a comment, <pre>, <script>…): markers inside are deliberate, no warning.
_WHOLE = re.compile(r"\s*<(?:[!?]|(?:pre|script|style|textarea)(?:[\s>]|$))", re.IGNORECASE)
_LINE_BREAK = re.compile(r"(?<=\n)|(?<=\r)(?!\n)")
_CONTAINERS = {"blockquote_open": 1, "list_item_open": 1, "blockquote_close": -1, "list_item_close": -1}
_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})")
# Sections of the generated page that exist even when empty (a catalog without retired ids
# has no "Removed codes" section yet, but a README may already reserve a block for it).
KNOWN_SECTIONS = ("codes", "kinds", "policies", "classification", "upstream-mapping", "removed-codes", "code-reference")


@dataclass(frozen=True)
class Block:
    """One marked block: its name, the 0-based line indexes of its two markers, the prefix of its lines."""

    name: str
    begin: int
    end: int
    loc: Loc
    prefix: str = ""  # in a list item or blockquote: what the end marker's line starts with


@dataclass(frozen=True)
class _Marker:
    """A marker comment that is an HTML block of its own; `container` is its list item or blockquote (-1: none)."""

    line: int
    loc: Loc
    name: str  # the block name of a begin marker, "" for an end marker
    container: int


def split_lines(text: str) -> list[str]:
    """The lines of `text` as CommonMark counts them, each with its line ending (LF, CRLF or CR)."""
    lines = _LINE_BREAK.split(text)
    return lines[:-1] if lines[-1] == "" else lines


@functools.cache
def _parser() -> MarkdownIt:
    """CommonMark with GitHub's tables, block level only (markers are blocks)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table").disable(["inline", "text_join"], ignoreInvalid=True)


def _html_blocks(text: str) -> Iterator[tuple[Token, int]]:
    """Each ``html_block`` token of `text` with the index of the innermost list item or blockquote around it."""
    opened: list[int] = []
    for index, token in enumerate(_parser().parse(text)):
        step = _CONTAINERS.get(token.type, 0)
        if step > 0:
            opened.append(index)
        elif step < 0:
            opened.pop()
        elif token.type == "html_block" and token.map is not None:
            yield token, opened[-1] if opened else -1


def _markers(text: str, display: str, diags: Diagnostics) -> list[_Marker]:
    """The markers of a Markdown file in order; malformed ones are errors, ones swallowed by HTML warnings."""
    source = text.removeprefix("\ufeff")
    lines = split_lines(source)
    found: list[_Marker] = []
    for token, container in _html_blocks(source):
        start, stop = token.map or (0, 0)
        if _MARKER.match(token.content):
            begin, end = _BEGIN.match(token.content), _END.match(token.content)
            loc = Loc(display, start + 1, lines[start].find("<!--") + 1)
            if stop - start == 1 and (begin or end):
                found.append(_Marker(start, loc, begin.group("name") if begin else "", container))
            else:
                diags.error(loc, "malformed errgen marker; expected <!-- errgen:begin NAME --> or <!-- errgen:end -->")
        elif not _WHOLE.match(token.content):
            for offset, line in enumerate(token.content.split("\n")):
                if _MARKER.match(line):
                    where = Loc(display, start + offset + 1, lines[start + offset].find("<!--") + 1)
                    diags.warning(where, f"this errgen marker is part of the HTML block at line {start + 1}, so it "
                                  "is not a marker; put a blank line before it")  # fmt: skip
    return found


def find_blocks(text: str, display: str, diags: Diagnostics) -> list[Block]:
    """The blocks of a Markdown file; unbalanced or malformed markers are errors."""
    blocks: list[Block] = []
    lines = split_lines(text)
    open_at: _Marker | None = None
    for marker in _markers(text, display, diags):
        if marker.name and open_at is not None:
            where = f"block {open_at.name!r} opened at line {open_at.line + 1}"
            diags.error(marker.loc, f"errgen:begin inside {where}; close that block with <!-- errgen:end --> first")
        elif marker.name:
            open_at = marker
        elif open_at is None:
            diags.error(marker.loc, "<!-- errgen:end --> without a matching <!-- errgen:begin NAME -->")
        elif marker.container != open_at.container:
            where = f"the errgen:begin of block {open_at.name!r} (line {open_at.line + 1})"
            diags.error(marker.loc, f"<!-- errgen:end --> is not in the same list item or blockquote as {where}; "
                        "put both markers at the same level")  # fmt: skip
            open_at = None
        else:
            prefix = "" if marker.container < 0 else lines[marker.line].partition("<!--")[0]
            loc = Loc(display, open_at.line + 1, 1)
            blocks.append(Block(open_at.name, open_at.line, marker.line, loc, prefix))
            open_at = None
    if open_at is not None:
        diags.error(Loc(display, open_at.line + 1), f"block {open_at.name!r} is never closed; add <!-- errgen:end -->")
    return blocks


def _track_fence(line: str, fence: str | None) -> str | None:
    """The fence that is open after `line` (CommonMark: close with the same char, at least as long)."""
    match = _FENCE.match(line)
    if fence is None:
        return match.group("fence") if match else None
    closing = match and match.group("fence")[0] == fence[0] and len(match.group("fence")) >= len(fence)
    return None if closing and not line.strip().strip(fence[0]) else fence


def _body(lines: list[str], block: Block, content: Callable[[Block], str]) -> list[str]:
    """The lines `inject` puts between the markers of `block`, ending like the begin marker's line."""
    begin = lines[block.begin]
    ending = begin[len(begin.rstrip("\r\n")) :]
    text = content(block).rstrip("\n")
    rows = ["", *text.split("\n"), ""] if text else [""]
    return [(block.prefix + row if row else block.prefix.rstrip()) + ending for row in rows]


def inject(text: str, blocks: list[Block], content: Callable[[Block], str]) -> str:
    """`text` with each block's lines replaced by ``content(block)``, surrounded by blank lines."""
    lines = split_lines(text)
    out: list[str] = []
    last = 0
    for block in blocks:
        out += lines[last : block.begin + 1] + _body(lines, block, content)
        last = block.end
    return "".join(out + lines[last:])


def stale(text: str, blocks: list[Block], content: Callable[[Block], str]) -> list[Block]:
    """The blocks whose lines differ from what `inject` would write."""
    lines = split_lines(text)
    return [b for b in blocks if lines[b.begin + 1 : b.end] != _body(lines, b, content)]


def check_injected(new: str, blocks: list[Block], display: str, diags: Diagnostics) -> None:
    """Record an error when `new` (the text `inject` made) would not show the same blocks again."""
    again = Diagnostics()
    names = [b.name for b in find_blocks(new, display, again)]
    if names == [b.name for b in blocks] and not again.has_errors:
        return
    culprit = next((b for i, b in enumerate(blocks) if i >= len(names) or names[i] != b.name), blocks[-1])
    diags.error(culprit.loc, f"the text generated for block {culprit.name!r} would hide or add errgen markers "
                "(an unclosed code fence or HTML block, or a marker in a template)")  # fmt: skip


class Resolver:
    """Turns block names into generated Markdown, using the Markdown target's functions."""

    def __init__(self, catalogs: list[Catalog], templates: str | None = None, locale: str | None = None) -> None:
        self.catalogs = {c.name: c for c in catalogs}
        self.templates = templates
        self.locale = locale  # the texts' locale (each catalog falls back to its base), None: the base texts
        self._documents: dict[str, str] = {}

    def render(self, block: Block, diags: Diagnostics) -> str | None:
        """The Markdown for `block`, or None after recording why its name is unknown."""
        from errgen.targets import TargetOptions
        from errgen.targets.markdown import target as md

        options = TargetOptions(templates=self.templates)
        name, _, part = block.name.partition(":")
        catalog = self.catalogs.get(name)
        if catalog is None:
            diags.error(block.loc, f"unknown catalog {name!r}{_hint(name, self.catalogs)} "
                        f"(catalogs: {', '.join(self.catalogs) or 'none'})")  # fmt: skip
            return None
        if not part:
            return md.code_table(catalog, options, self.locale)
        kind, _, explicit = part.partition(":")
        if kind not in ("code", "section"):
            kind, explicit = "", ""
        sections = self.sections(catalog)
        key = explicit or part
        is_code = key in catalog.codes and kind in ("", "code")
        is_section = key in sections and kind in ("", "section")
        if is_code and is_section:
            diags.error(block.loc, f"{part!r} is both a code and a section of {name!r}; write "
                        f"{name}:code:{part} or {name}:section:{part}")  # fmt: skip
            return None
        if is_code:
            return md.code_section(catalog, catalog.codes[key], options, self.locale)
        if is_section:
            return sections[key]
        known = [*catalog.codes, *sections]
        diags.error(block.loc, f"unknown code or section {key!r} in catalog {name!r}{_hint(key, known)} "
                    f"(sections: {', '.join(sections)})")  # fmt: skip
        return None

    def sections(self, catalog: Catalog) -> dict[str, str]:
        """``{heading anchor: body}`` of the generated page, plus ``document`` for all of it."""
        from errgen.targets import TargetOptions
        from errgen.targets.markdown.target import render_document

        if catalog.name not in self._documents:
            options = TargetOptions(templates=self.templates)
            self._documents[catalog.name] = render_document(catalog, options, self.locale)
        document = self._documents[catalog.name]
        return {"document": document, **dict.fromkeys(KNOWN_SECTIONS, ""), **split_sections(document)}


def split_sections(document: str) -> dict[str, str]:
    """Bodies of the ``##`` sections of a Markdown page, keyed by heading anchor (first wins)."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    fence: str | None = None
    for line in document.split("\n"):
        was_open = fence is not None
        fence = _track_fence(line, fence)
        heading = re.match(r"^(#{1,2}) (.+?)\s*#*\s*$", line) if not was_open and fence is None else None
        if heading:
            key = anchor(heading.group(2)) if heading.group(1) == "##" else ""
            current = sections.setdefault(key, []) if key and key not in sections else None
        elif current is not None:
            current.append(line)
    return {key: "\n".join(lines).strip("\n") + "\n" for key, lines in sections.items()}


def _hint(name: str, known: Iterable[str]) -> str:
    hint = difflib.get_close_matches(name, list(known), n=1)
    return f"; did you mean {hint[0]!r}?" if hint else ""
