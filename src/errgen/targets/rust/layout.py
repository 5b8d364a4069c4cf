"""Lay out the lines of generated Rust whose length depends on the catalog, as rustfmt would.

rustfmt's defaults (``max_width = 100`` and its "small heuristics": a call's arguments, an
attribute's list, an array or a method chain go vertical past 60 or 70 columns) decide
between one line and one item per line; `tests/rust` checks every generated crate with
``rustfmt --check``. The generated text is final: errgen never runs rustfmt.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_WIDTH = 100
CALL_WIDTH = 60  # fn_call_width, array_width, chain_width
ATTR_WIDTH = 70  # attr_fn_like_width


def display_width(text: str) -> int:
    """Columns `text` takes in a terminal (wide East Asian characters count two, combining marks none)."""
    if text.isascii():
        return len(text)
    wide = ("W", "F")
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in wide else 1 for ch in text)


def _fits(line: str) -> bool:
    return display_width(line) <= MAX_WIDTH


def items(indent: int, head: str, parts: Sequence[str], tail: str, width: int = CALL_WIDTH, comma: bool = True) -> str:
    """``head a, b tail`` on one line, or one part per line (a trailing comma when `comma`)."""
    inner = ", ".join(parts)
    pad = " " * indent
    if not parts or (display_width(inner) <= width and _fits(f"{pad}{head}{inner}{tail}")):
        return f"{pad}{head}{inner}{tail}"
    lines = [f"{pad}    {part}," for part in parts]
    if not comma:
        lines[-1] = lines[-1][:-1]
    return "\n".join([f"{pad}{head}", *lines, f"{pad}{tail}"])


def signature(indent: int, head: str, params: Sequence[str], tail: str) -> str:
    """A fn signature: on one line when it fits, else one parameter per line."""
    return items(indent, head, params, tail, width=MAX_WIDTH)


def attribute(indent: int, name: str, parts: Sequence[str]) -> str:
    """``#[name(a, b)]``, broken like rustfmt breaks it."""
    return items(indent, f"#[{name}(", parts, ")]", width=ATTR_WIDTH, comma=False)


def chain(indent: int, head: str, calls: Sequence[str], tail: str = "", lead: str = "") -> str:
    """``lead head.a().b()tail`` on one line, or one call per line (`lead`, e.g. ``name: ``, is not the chain's)."""
    pad = " " * indent
    line = head + "".join(calls)
    if display_width(line) <= CALL_WIDTH and _fits(f"{pad}{lead}{line}{tail}"):
        return f"{pad}{lead}{line}{tail}"
    lines = [f"{pad}{lead}{head}", *(f"{pad}    {call}" for call in calls)]
    lines[-1] += tail
    return "\n".join(lines)


def arm(indent: int, pattern: str, body: str) -> str:
    """A match arm ``pattern => body,``, its body in a block when the line is too long."""
    pad = " " * indent
    line = f"{pad}{pattern} => {body},"
    if _fits(line):
        return line
    return f"{pad}{pattern} => {{\n{pad}    {body}\n{pad}}}"


STRUCT_LIT_WIDTH = 18  # rustfmt's struct_lit_width


def struct_literal(indent: int, head: str, fields: Sequence[str]) -> str:
    """``head { a, b }`` on one line when rustfmt keeps it there, else one field per line."""
    pad = " " * indent
    inner = ", ".join(fields)
    if not fields:
        return f"{pad}{head} {{}}"
    if display_width(inner) <= STRUCT_LIT_WIDTH and _fits(f"{pad}{head} {{ {inner} }}"):
        return f"{pad}{head} {{ {inner} }}"
    return "\n".join([f"{pad}{head} {{", *(f"{pad}    {field}," for field in fields), f"{pad}}}"])


def packed(indent: int, parts: Sequence[str]) -> str:
    """`parts` (each ending in its separator) joined on lines of at most 100 columns, in order.

    For tables under ``#[rustfmt::skip]``: short members share a line, long ones get their own.
    """
    pad = " " * indent
    lines: list[str] = []
    for part in parts:
        if lines and _fits(f"{lines[-1]} {part}"):
            lines[-1] += f" {part}"
        else:
            lines.append(f"{pad}{part}")
    return "\n".join(lines)
