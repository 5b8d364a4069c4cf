"""The fast path of `yamlsrc.parse_yaml`: one pass over the lines, for the YAML catalogs are written in.

libyaml hands Python one event object per node, and composing them costs about as
much again (together a third of a build). Catalogs are mostly block mappings and
sequences of one-line scalars, which a line reader handles in a fraction of that.
This module reads exactly this subset:

* block mappings with plain keys (letters, digits, ``_ - . /``), block sequences
  (also at their key's indentation), ``- key: value`` items, spaces for indentation;
* one-line plain scalars; quoted scalars over one or more lines (double-quoted
  without escapes); literal and folded block scalars (``|``, ``|-``, ``>``, ``>-``);
  one-line flow sequences and mappings of one-line scalars;
* comments, blank lines, and a first line ``---``.

On anything else, and on anything errgen reports (duplicate or non-string keys,
numbers JSON cannot hold, control characters, size limits), it raises `GiveUp` and
`parse_yaml` takes the libyaml path. So the result is always the libyaml composer's:
tests/test_yamlfast.py holds the two to identical data and positions on every
catalog in the repository and on thousands of mutated ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

# One line: indentation, a sequence dash, a plain key with its colon, and the rest.
_LINE = re.compile(r"( *)(- +)?(?:([A-Za-z0-9_][A-Za-z0-9_./-]*):(?: +|$))?(.*)")
_FLOW_KEY = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_./-]*): +")
_FLOW_PLAIN = re.compile(r"[^,\[\]{}#:'\"]+")  # a flow plain scalar, stopping short of anything subtle
_SPECIAL = frozenset("-?:,[]{}#&*!|>'\"%@`")  # a value starting with one of these is not a simple plain scalar
_MAX_FLOW_DEPTH = 16


class GiveUp(Exception):
    """The text is outside the subset read here; libyaml decides."""


class Reader:
    """Reads one document into data and packed positions (the layout of `yamlcore.Positions`).

    `scalar(text)` resolves a plain scalar (YAML 1.2 core schema), raising `GiveUp` for
    anything errgen would report; text not starting with a character of `resolved_first`
    is always a string.
    """

    def __init__(self, scalar: Callable[[str], Any], resolved_first: frozenset[str], max_depth: int,
                 max_nodes: int) -> None:  # fmt: skip
        self.scalar, self.resolved_first = scalar, resolved_first
        self.max_depth, self.max_nodes = max_depth - _MAX_FLOW_DEPTH, max_nodes
        self.of: dict[int, Sequence[int]] = {}
        self.root_pos: int | None = None
        self.lines: list[str] = []
        self.cursor = 0  # index of the next line
        self.nodes = 0

    def read(self, text: str) -> Any:  # noqa: PLR0915 - one loop, kept flat for speed
        """The document's data; raises `GiveUp`."""
        if not text.replace("\n", "").isprintable():  # tabs, CR and other line breaks, controls, BOMs
            raise GiveUp
        self.lines = lines = text.split("\n")
        count, ahead = len(lines), 1 if lines[0] == "---" else 0  # `ahead`: the next line (`cursor` in helpers)
        resolved_first, scalar, of = self.resolved_first, self.scalar, self.of
        match_line = _LINE.match
        stack: list[tuple[int, Any, list[int]]] = []  # open collections: (column, container, positions)
        col = -1  # the innermost open collection (top of `stack`): its column, container and positions
        top: Any = None
        packed: list[int] = []
        pending: str | None = None  # a key (or "" for a dash) whose value is a block on later lines
        nodes = 0
        while ahead < count:
            lineno = ahead
            ahead += 1
            line = lines[lineno]
            indent, dash, key, rest = match_line(line).groups()  # type: ignore[union-attr]
            if dash is None and key is None and (not rest or rest[0] == "#"):
                continue  # blank or comment
            here = len(indent)
            nodes += 1
            if top is None:  # the first line: the root mapping
                if here or dash is not None or self.root_pos is not None:
                    raise GiveUp
                top, packed, col = {}, [], 0
                of[id(top)] = packed
                self.root_pos = lineno << 32
            elif pending is not None:  # the block a `key:` or `-` left open starts here
                if not (here > col or (here == col and dash is not None and pending)):
                    raise GiveUp  # an empty value: left to libyaml
                child: Any = {} if dash is None else []
                packed = self.nest(stack, (col, top, packed), pending, child, lineno << 32 | here)
                top, col, pending = child, here, None
            else:
                while here < col:
                    if not stack:
                        raise GiveUp  # content after the root mapping
                    col, top, packed = stack.pop()
                if here == col and dash is None and top.__class__ is list:
                    col, top, packed = stack.pop()  # a sequence at its key's indentation ends at the next key
                if here != col:
                    raise GiveUp  # a continuation line, or indentation libyaml rejects
            if dash is not None:
                if top.__class__ is not list:
                    raise GiveUp
                if key is not None:  # `- key: value` opens a mapping at the key
                    here += len(dash)
                    child = {}
                    packed = self.nest(stack, (col, top, packed), "", child, lineno << 32 | here)
                    top, col = child, here
            elif key is None or top.__class__ is not dict:
                raise GiveUp
            if key is not None:
                if key in top or (key[0] in resolved_first and scalar(key).__class__ is not str):
                    raise GiveUp  # a duplicate or non-string key: libyaml's path reports it
                packed.append(lineno << 32 | here)
            if not rest or rest[0] == "#":
                pending = key or ""
                continue
            start = len(line) - len(rest)
            first = rest[0]
            if first in _SPECIAL or rest[-1] == " " or rest[-1] == ":" or " #" in rest or ": " in rest:
                self.cursor = ahead
                value = self.value(rest, lineno, start, col)  # may read on: multi-line values
                ahead = self.cursor
            else:  # a one-line plain scalar: the common case
                value = scalar(rest) if first in resolved_first else rest
            if key is None:
                top.append(value)
            else:
                top[key] = value
            packed.append(lineno << 32 | start)
        if pending is not None or top is None or nodes + self.nodes > self.max_nodes:
            raise GiveUp  # an empty value, an empty document, or too many values: left to libyaml
        return stack[0][1] if stack else top

    def nest(self, stack: list[tuple[int, Any, list[int]]], parent: tuple[int, Any, list[int]], key: str,
             child: Any, pos: int) -> list[int]:  # fmt: skip
        """Put a new collection at `pos` into its parent (under `key`, or appended when it is ""), open it.

        Returns the new collection's (empty) position list.
        """
        _, container, packed = parent
        if key:
            container[key] = child
        else:
            container.append(child)
        packed.append(pos)
        stack.append(parent)
        if len(stack) > self.max_depth:
            raise GiveUp
        positions: list[int] = []
        self.of[id(child)] = positions
        return positions

    def value(self, text: str, lineno: int, start: int, parent: int) -> Any:
        """Any other value starting at column `start`; lines after it indented past `parent` may continue it."""
        first = text[0]
        if first in "|>":
            return self.block_scalar(text, parent)
        if first in "'\"" and _closing(text, 0, first) < 0:
            return self.quoted_lines(text, parent)
        if first in "'\"[{":
            value, end = self.flow(text, 0, lineno, start, 0)
            _comment_only(text[end:])
            return value
        if first in _SPECIAL and not (first == "-" and text[1:2] not in ("", " ")):
            raise GiveUp  # an anchor, alias, tag, nested sequence or reserved indicator
        cut = text.find(" #")
        plain = (text if cut < 0 else text[:cut]).rstrip(" ")
        if ": " in plain or plain.endswith(":"):
            raise GiveUp
        return self.scalar(plain)

    def quoted_lines(self, text: str, parent: int) -> str:
        """A quoted scalar that closes on a later line, its line breaks folded."""
        quote, lines = text[0], self.lines
        pieces = [text[1:]]
        while True:
            if self.cursor >= len(lines):
                raise GiveUp
            line = lines[self.cursor]
            self.cursor += 1
            body = line.lstrip(" ")
            if body and len(line) - len(body) <= parent:
                raise GiveUp  # continuation lines are indented past the parent
            end = _closing(line, -1, quote)
            if end >= 0:
                pieces.append(line[:end])
                _comment_only(line[end + 1 :])
                break
            pieces.append(line)
        if quote == '"':
            if any("\\" in piece for piece in pieces):
                raise GiveUp  # escapes (and escaped line breaks): libyaml reads them
            return _fold(pieces)
        return _fold(pieces).replace("''", "'")

    def block_scalar(self, header: str, parent: int) -> str:
        """A literal (``|``) or folded (``>``) block scalar, clipped or stripped (``-``)."""
        style, strip = header[0], header[1:2] == "-"
        _comment_only(header[1 + strip :])  # keep chomping (+) or an indentation indicator: give up
        lines = self.lines
        content: list[str] = []
        indent = 0
        while self.cursor < len(lines):
            line = lines[self.cursor]
            body = line.lstrip(" ")
            if not body:
                if not content or len(line) > indent:
                    raise GiveUp  # leading blank lines, or spaces that are content
                content.append("")
            else:
                here = len(line) - len(body)
                if not content:
                    if here <= parent:
                        raise GiveUp  # an empty block scalar
                    indent = here
                elif here < indent:
                    break
                text = line[indent:]
                if style == ">" and text[0] == " ":
                    raise GiveUp  # a more-indented line keeps its line breaks in folded style
                content.append(text)
            self.cursor += 1
        if not content:
            raise GiveUp  # the document ends at the header
        while content[-1] == "":
            content.pop()
        last = self.cursor - 1
        while not lines[last].strip(" "):
            last -= 1
        text = "\n".join(content) if style == "|" else _fold(content, strip=False)
        return text if strip or last == len(lines) - 1 else text + "\n"

    def flow(self, text: str, i: int, lineno: int, start: int, depth: int) -> tuple[Any, int]:
        """The one-line flow node at ``text[i]`` (column ``start + i``): its value and the index after it."""
        first = text[i : i + 1]
        if not first:
            raise GiveUp  # an empty value in a flow mapping
        if first in "'\"":
            return _quoted(text, i)
        if first not in "[{":
            match = _FLOW_PLAIN.match(text, i)
            if match is None or (first in _SPECIAL and not (first == "-" and text[i + 1 : i + 2] not in ("", " "))):
                raise GiveUp
            return self.scalar(match.group().rstrip(" ")), match.end()
        if depth >= _MAX_FLOW_DEPTH:
            raise GiveUp
        close = "]" if first == "[" else "}"
        container: Any = [] if first == "[" else {}
        packed: list[int] = []
        self.of[id(container)] = packed
        i = _skip(text, i + 1)
        if text[i : i + 1] == close:
            return container, i + 1
        while True:
            self.nodes += 1
            if first == "{":
                match = _FLOW_KEY.match(text, i)
                if match is None:
                    raise GiveUp
                key = match.group(1)
                if key in container or self.scalar(key).__class__ is not str:
                    raise GiveUp
                packed.append(lineno << 32 | (start + i))
                i = match.end()
            packed.append(lineno << 32 | (start + i))
            value, i = self.flow(text, i, lineno, start, depth + 1)
            if first == "{":
                container[key] = value
            else:
                container.append(value)
            i = _skip(text, i)
            sep = text[i : i + 1]
            if sep == close:
                return container, i + 1
            if sep != ",":
                raise GiveUp
            i = _skip(text, i + 1)
            if text[i : i + 1] in ("", close, ","):
                raise GiveUp  # a trailing or doubled comma


def _comment_only(tail: str) -> None:
    """What follows a value on its line: nothing, or spaces and a comment."""
    if tail and not (tail[0] == " " and tail.lstrip(" ")[:1] in ("", "#")):
        raise GiveUp


def _skip(text: str, i: int) -> int:
    while text[i : i + 1] == " ":
        i += 1
    return i


def _closing(text: str, i: int, quote: str) -> int:
    """Index of the `quote` closing a scalar opened at ``text[i]`` (i = -1: on an earlier line); -1 if none."""
    j = i + 1
    while True:
        end = text.find(quote, j)
        if end < 0 or quote == '"' or text[end + 1 : end + 2] != "'":
            return end
        j = end + 2  # '' is an escaped quote


def _quoted(text: str, i: int) -> tuple[str, int]:
    """The one-line quoted scalar at ``text[i]`` and the index after its closing quote."""
    quote = text[i]
    end = _closing(text, i, quote)
    if end < 0:
        raise GiveUp
    inner = text[i + 1 : end]
    if quote == '"':
        if "\\" in inner:
            raise GiveUp  # escapes: libyaml reads them
        return inner, end + 1
    return inner.replace("''", "'"), end + 1


def _fold(pieces: list[str], *, strip: bool = True) -> str:
    """Lines of a multi-line scalar joined: a line break is a space, each empty line between is a newline.

    With `strip` (quoted scalars), white space around each break is dropped; the first
    and last pieces are the text after the opening and before the closing quote.
    """
    out = [pieces[0].rstrip(" ") if strip else pieces[0]]
    breaks = 0
    last = len(pieces) - 1
    for i in range(1, len(pieces)):
        text = pieces[i]
        if strip:
            text = text.lstrip(" ") if i == last else text.strip(" ")
        if not text and i != last:
            breaks += 1
            continue
        out.append("\n" * breaks if breaks else " ")
        out.append(text)
        breaks = 0
    return "".join(out)
