"""Go source laid out as gofmt lays it out, in lines of at most `WIDTH` characters.

errgen does not run gofmt (no Go toolchain at generation time), so what gofmt would align is
aligned here, the way go/printer does it: consecutive one-line cells (struct fields, specs of a
const or var group, one-line functions, the first key of a keyed literal's lines) form a block
whose columns are padded to the widest cell plus one space, cell widths counted in runes. A
comment line, a blank line or an element that spans lines ends a block; in a keyed literal so
does a line holding more than one key (go/printer's exprList). Long comments are wrapped, long
string literals split into ``"…" +`` continuations.
"""

from __future__ import annotations

import json
import re
import textwrap
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from errgen.targets.common.escape import comment_text, json_string

WIDTH = 120  # the longest line errgen writes (an identifier longer than that is not broken)
TAB = "\t"
SMALL_KEY = 40  # go/printer aligns keys up to this size without its size-ratio test


def comment(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    """`text` as ``//`` comment lines of at most `width` characters (tabs counted as one)."""
    room = max(width - len(indent) - 3, 20)
    flat = comment_text(text)  # single spaces, no edges: a text that fits is its own only line
    fits = len(flat) <= room
    lines = [flat] if fits else textwrap.wrap(flat, room, break_long_words=True, break_on_hyphens=False)
    return [f"{indent}//{' ' + line if line else ''}" for line in lines]


_ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|.)")  # one escape of a JSON (and Go) string body


def literal_pieces(text: str, first_room: int, room: int) -> list[str]:
    """`text` as Go string literals, the first of at most `first_room` characters, the others of
    `room` (never split inside an escape; each holds at least one character).

    Linear: the text is escaped once and cut by position; an escape a cut would fall into moves
    the cut to its start.
    """
    body = json_string(text)[1:-1]
    escapes = [(m.start(), m.end()) for m in _ESCAPE.finditer(body)] if "\\" in body else []
    starts = [start for start, _ in escapes]
    pieces: list[str] = []
    at, limit = 0, first_room - 2
    while len(body) - at > limit:
        cut = at + max(limit, 1)
        k = bisect_right(starts, cut - 1) - 1  # the last escape that starts before the cut
        if k >= 0 and escapes[k][1] > cut:
            cut = escapes[k][0] if escapes[k][0] > at else escapes[k][1]
        if cut >= len(body):
            break  # the rest is one escape
        pieces.append(f'"{body[at:cut]}"')
        at, limit = cut, room - 2
    pieces.append(f'"{body[at:]}"')
    return pieces


def string_pieces(text: str, room: int) -> list[str]:
    """`text` as Go string literals of at most `room` characters each (never inside an escape)."""
    return literal_pieces(text, room, room)


def split_literal(literal: str, indent: str, first_room: int, width: int = WIDTH) -> str:
    """A Go string literal (raw or interpreted) as ``piece +`` lines when it is longer than `first_room`.

    Continuation lines start with `indent`; each piece keeps to `width` characters.
    """
    if len(literal) <= first_room:
        return literal
    if literal.startswith("`"):
        body, pieces, at = literal[1:-1], [], 0
        room = max(first_room - 4, 1)
        while at < len(body):  # by position: cutting the rest off each time copied it (quadratic)
            pieces.append(f"`{body[at : at + room]}`")
            at, room = at + room, width - len(indent) - 4
    else:
        pieces = literal_pieces(json.loads(literal), first_room - 2, width - len(indent) - 2)
    return f" +\n{indent}".join(pieces)


def aligned(rows: list[list[str]], indent: str = TAB) -> list[str]:
    """Rows of cells as one gofmt block: every cell but the last padded to its column's widest + 1."""
    widths: list[int] = []
    for row in rows:
        for i, cell in enumerate(row[:-1]):
            if i == len(widths):
                widths.append(0)
            widths[i] = max(widths[i], len(cell))
    out = []
    for row in rows:
        cells = [cell.ljust(widths[i] + 1) for i, cell in enumerate(row[:-1])]
        out.append(indent + "".join(cells) + row[-1])
    return out


def aligned_specs(rows: list[list[str]], long: Callable[[list[str]], list[str]], width: int = WIDTH) -> list[str]:
    """Specs of a const or var group, aligned; a spec too long for its line is written by `long` on
    several lines, which ends the blocks of alignment before and after it (as gofmt does)."""
    out: list[str] = []
    block = _Block(width)
    for row in rows:
        if len(TAB) + len(" ".join(row)) > width:
            out += aligned(block.rows)
            out += long(row)
            block = _Block(width)
        elif not block.fits(row):
            out += aligned(block.rows)
            block = _Block(width)
            block.fits(row)
    return out + aligned(block.rows)


class _Block:
    """The rows of one alignment block, and what `aligned` would make the longest of its lines.

    A row of k cells is as long as the widest cells of its first k - 1 columns (each + 1) and its
    last cell: so the longest line is known from the column widths and, per cell count, the longest
    last cell, without laying the block out again for each row (which made a group quadratic).
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self.rows: list[list[str]] = []
        self.widths: list[int] = []
        self.last: dict[int, int] = {}  # cell count -> longest last cell of the rows with that many cells

    def fits(self, row: list[str]) -> bool:
        """Add `row` when every line of the block stays within the width; else leave the block as it was."""
        widths = list(self.widths)
        for i, cell in enumerate(row[:-1]):
            if i == len(widths):
                widths.append(0)
            widths[i] = max(widths[i], len(cell))
        last = dict(self.last)
        last[len(row)] = max(last.get(len(row), 0), len(row[-1]))
        longest = max(len(TAB) + sum(widths[: k - 1]) + k - 1 + tail for k, tail in last.items())
        if self.rows and longest > self.width:
            return False
        self.rows.append(row)
        self.widths, self.last = widths, last
        return True


@dataclass(frozen=True)
class Pair:
    """One ``Key: value`` of a keyed composite literal.

    `value` is the value on one line; `text` the string a string value holds (split when too long),
    `items` the elements of a list value (wrapped when too long), `block` a value of several lines
    (the first follows the key; the others are whole lines, already indented).
    """

    key: str
    value: str = ""
    text: str | None = None
    items: tuple[str, ...] | None = None
    block: tuple[str, ...] | None = None


def string_pair(key: str, text: str) -> Pair:
    """A string-valued pair (split when too long)."""
    return Pair(key, json_string(text), text=text)


def list_pair(key: str, items: list[str], type_name: str = "[]string") -> Pair:
    """A pair holding a list of strings (wrapped when too long)."""
    quoted = tuple(json_string(item) for item in items)
    return Pair(key, f"{type_name}{{{', '.join(quoted)}}}", items=quoted)


def struct_pair(key: str, type_name: str, pairs: list[Pair], indent: str, width: int = WIDTH) -> Pair:
    """A pair holding a struct literal: on one line when it fits, else one field (or a few) per line."""
    one = f"{type_name}{{{', '.join(f'{p.key}: {p.value}' for p in pairs)}}}"
    if all(p.block is None for p in pairs) and len(indent) + len(key) + len(one) + 3 <= width:
        return Pair(key, one)
    return Pair(key, block=(f"{type_name}{{", *keyed(pairs, indent + TAB, width), f"{indent}}}"))


def elements(type_name: str, rows: list[list[Pair]], indent: str, width: int = WIDTH) -> tuple[str, ...]:
    """A slice literal of structs: an element per line, or a few lines (continued as in table-driven tests)."""
    if not rows:
        return (f"{type_name}{{}}",)
    inner = indent + TAB
    lines = [f"{type_name}{{"]
    for pairs in rows:
        lines += element(pairs, inner, width)
    return (*lines, f"{indent}}}")


def element(pairs: list[Pair], indent: str, width: int = WIDTH) -> list[str]:
    """One struct element of a slice literal: ``{A: 1, B: 2},`` or its first pairs, then the others below."""
    one = f"{indent}{{{', '.join(f'{p.key}: {p.value}' for p in pairs)}}},"
    if all(p.block is None for p in pairs) and len(one) <= width:
        return [one]
    room = width - 1  # the last line ends with the element's closing brace
    grouped = _pack(pairs, indent + TAB, room)
    first = f"{indent}{{{' '.join(f'{p.key}: {p.value},' for p in grouped[0])}"
    if len(first) <= room:
        lines = [first, *_layout(grouped[1:], indent + TAB, room)]
    else:
        lines = [f"{indent}{{", *keyed(pairs, indent + TAB, room)]
    lines[-1] = lines[-1].removesuffix(",") + "},"
    return lines


def keyed(pairs: list[Pair], indent: str, width: int = WIDTH) -> list[str]:
    """The lines of a keyed literal's elements: short pairs packed on lines, long ones split."""
    return _layout(_pack(pairs, indent, width), indent, width)


def _pack(pairs: list[Pair], indent: str, width: int) -> list[list[Pair]]:
    """Pairs in lines: as many short pairs on a line as fit; a long one alone."""
    lines: list[list[Pair]] = []
    for pair in pairs:
        last = lines[-1] if lines else None
        fits = pair.block is None and len(indent) + len(pair.key) + len(pair.value) + 3 <= width
        if last is not None and fits and last[-1].block is None and _fits(indent, [*last, pair], width):
            last.append(pair)
        else:
            lines.append([pair])
    return lines


def _fits(indent: str, pairs: list[Pair], width: int) -> bool:
    return len(indent) + len(" ".join(f"{p.key}: {p.value}," for p in pairs)) <= width


def _layout(lines: list[list[Pair]], indent: str, width: int) -> list[str]:
    """Align each block of lines (a line of several pairs, or a pair of several lines, ends its block)."""
    out: list[str] = []
    block: list[list[str]] = []

    def flush() -> None:
        out.extend(aligned(block, indent))
        block.clear()

    for line in lines:
        first = line[0]
        assert len(first.key) <= SMALL_KEY, first.key
        if len(line) == 1 and (first.block is not None or len(indent) + len(first.key) + len(first.value) + 3 > width):
            flush()
            out.extend(_split(first, indent, width))
            continue
        rest = "".join(f" {p.key}: {p.value}," for p in line[1:])
        block.append([first.key + ":", first.value + "," + rest])
        if len(line) > 1:
            flush()
    flush()
    return out


def _split(pair: Pair, indent: str, width: int) -> list[str]:
    """A pair whose value takes several lines: a block, a wrapped list or a split string."""
    if pair.block is not None:
        return [f"{indent}{pair.key}: {pair.block[0]}", *pair.block[1:-1], f"{pair.block[-1]},"]
    if pair.items is not None:
        head = pair.value[: pair.value.index("{") + 1]
        return [f"{indent}{pair.key}: {head}", *packed(pair.items, indent + TAB, width), f"{indent}}},"]
    if pair.text is None:
        return [f"{indent}{pair.key}: {pair.value},"]
    first_room = max(width - len(indent) - len(pair.key) - 4, 8)
    pieces = literal_pieces(pair.text, first_room, width - len(indent) - 1 - 2)
    pieces += [] if len(pieces) > 1 else ['""']  # the whole text fitted the first line: an empty rest
    first = pieces[0]
    lines = [f"{indent}{pair.key}: {first} +"]
    for i, piece in enumerate(pieces[1:], start=1):
        lines.append(f"{indent}{TAB}{piece}{' +' if i < len(pieces) - 1 else ','}")
    return lines


def packed(items: tuple[str, ...] | list[str], indent: str, width: int = WIDTH) -> list[str]:
    """List elements packed on lines of at most `width` characters, each followed by a comma."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(item) + 2 <= width:
            lines[-1] += f" {item},"
        else:
            lines.append(f"{indent}{item},")
    return lines


ONE_LINE_FUNC = 99  # go/printer keeps a body on its function's line when header + statement bytes <= this


def one_line_funcs(funcs: list[tuple[str, str]], width: int = WIDTH) -> list[str]:
    """Functions ``signature { statement }`` on one line when gofmt keeps them so, bodies aligned.

    gofmt keeps a one-statement body on the line when signature and statement take at most 99
    bytes (its "header + body <= 100", the header counting the blank after it), and aligns the
    bodies of consecutive one-line functions; any other function (or one whose aligned line would
    exceed `width`) is written on three lines, between the blocks.
    """
    out: list[str] = []
    block: list[tuple[str, str]] = []
    single = [len(sig.encode()) + len(body.encode()) <= ONE_LINE_FUNC for sig, body in funcs]
    pad = max((len(sig) for (sig, _), one in zip(funcs, single, strict=True) if one), default=0)
    for (sig, body), one in zip(funcs, single, strict=True):
        if one and pad + len(body) + 5 <= width:
            block.append((sig, body))
            continue
        out += aligned([[s, f"{{ {b} }}"] for s, b in block], indent="")
        block = []
        out += [f"{sig} {{", f"{TAB}{body}", "}"]
    return out + aligned([[s, f"{{ {b} }}"] for s, b in block], indent="")
