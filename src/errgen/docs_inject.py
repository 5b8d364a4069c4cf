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

Markers are whole lines; markers inside fenced code blocks are ignored, so
documentation can show them. Only the lines between markers change: every byte
outside them is kept, CRLF files get CRLF blocks.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from errgen.diagnostics import Diagnostics, Loc
from errgen.escape import anchor
from errgen.model import Catalog

_MARKER = re.compile(r"^\ufeff?\s*<!--\s*errgen:")
_BEGIN = re.compile(r"^\ufeff?\s*<!--\s*errgen:begin\s+(?P<name>[^\s>]+)\s*-->\s*$")
_END = re.compile(r"^\ufeff?\s*<!--\s*errgen:end\s*-->\s*$")
_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})")
# Sections of the generated page that exist even when empty (a catalog without retired ids
# has no "Removed codes" section yet, but a README may already reserve a block for it).
KNOWN_SECTIONS = ("codes", "kinds", "policies", "classification", "upstream-mapping", "removed-codes", "code-reference")


@dataclass(frozen=True)
class Block:
    """One marked block: its name and the 0-based line indexes of its two markers."""

    name: str
    begin: int
    end: int
    loc: Loc


def find_blocks(text: str, display: str, diags: Diagnostics) -> list[Block]:
    """The blocks of a Markdown file; unbalanced or malformed markers are errors."""
    blocks: list[Block] = []
    fence: str | None = None
    open_at: tuple[str, int] | None = None
    for i, line in enumerate(text.split("\n")):
        loc = Loc(display, i + 1, len(line) - len(line.lstrip()) + 1)
        if open_at is None:
            fence = _track_fence(line, fence)
            if fence is not None or not _MARKER.match(line):
                continue
        elif not _MARKER.match(line):
            continue
        begin, end = _BEGIN.match(line), _END.match(line)
        if begin and open_at is not None:
            where = f"block {open_at[0]!r} opened at line {open_at[1] + 1}"
            diags.error(loc, f"errgen:begin inside {where}; close that block with <!-- errgen:end --> first")
        elif begin:
            open_at = (begin.group("name"), i)
        elif end and open_at is None:
            diags.error(loc, "<!-- errgen:end --> without a matching <!-- errgen:begin NAME -->")
        elif end and open_at is not None:
            blocks.append(Block(open_at[0], open_at[1], i, Loc(display, open_at[1] + 1, 1)))
            open_at = None
        else:
            diags.error(loc, "malformed errgen marker; expected <!-- errgen:begin NAME --> or <!-- errgen:end -->")
    if open_at is not None:
        diags.error(Loc(display, open_at[1] + 1), f"block {open_at[0]!r} is never closed; add <!-- errgen:end -->")
    return blocks


def _track_fence(line: str, fence: str | None) -> str | None:
    """The fence that is open after `line` (CommonMark: close with the same char, at least as long)."""
    match = _FENCE.match(line)
    if fence is None:
        return match.group("fence") if match else None
    closing = match and match.group("fence")[0] == fence[0] and len(match.group("fence")) >= len(fence)
    return None if closing and not line.strip().strip(fence[0]) else fence


def _body(lines: list[str], block: Block, content: Callable[[Block], str]) -> list[str]:
    """The lines `inject` puts between the markers of `block` (CR-terminated in a CRLF file)."""
    text = content(block).rstrip("\n")
    body = ["", *text.split("\n"), ""] if text else [""]
    return [line + "\r" for line in body] if lines[block.begin].endswith("\r") else body


def inject(text: str, blocks: list[Block], content: Callable[[Block], str]) -> str:
    """`text` with each block's lines replaced by ``content(block)``, surrounded by blank lines."""
    lines = text.split("\n")
    out: list[str] = []
    last = 0
    for block in blocks:
        out += lines[last : block.begin + 1] + _body(lines, block, content)
        last = block.end
    return "\n".join(out + lines[last:])


def stale(text: str, blocks: list[Block], content: Callable[[Block], str]) -> list[Block]:
    """The blocks whose lines differ from what `inject` would write."""
    lines = text.split("\n")
    return [b for b in blocks if lines[b.begin + 1 : b.end] != _body(lines, b, content)]


class Resolver:
    """Turns block names into generated Markdown, using the Markdown target's functions."""

    def __init__(self, catalogs: list[Catalog], templates: str | None = None) -> None:
        self.catalogs = {c.name: c for c in catalogs}
        self.templates = templates
        self._documents: dict[str, str] = {}

    def render(self, block: Block, diags: Diagnostics) -> str | None:
        """The Markdown for `block`, or None after recording why its name is unknown."""
        from errgen.targets import TargetOptions
        from errgen.targets import markdown as md

        options = TargetOptions(templates=self.templates)
        name, _, part = block.name.partition(":")
        catalog = self.catalogs.get(name)
        if catalog is None:
            diags.error(block.loc, f"unknown catalog {name!r}{_hint(name, self.catalogs)} "
                        f"(catalogs: {', '.join(self.catalogs) or 'none'})")  # fmt: skip
            return None
        if not part:
            return md.code_table(catalog, options)
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
            return md.code_section(catalog, catalog.codes[key], options)
        if is_section:
            return sections[key]
        known = [*catalog.codes, *sections]
        diags.error(block.loc, f"unknown code or section {key!r} in catalog {name!r}{_hint(key, known)} "
                    f"(sections: {', '.join(sections)})")  # fmt: skip
        return None

    def sections(self, catalog: Catalog) -> dict[str, str]:
        """``{heading anchor: body}`` of the generated page, plus ``document`` for all of it."""
        from errgen.targets import TargetOptions
        from errgen.targets.markdown import render_document

        if catalog.name not in self._documents:
            self._documents[catalog.name] = render_document(catalog, TargetOptions(templates=self.templates))
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
