"""Python literals and statements laid out the way black writes them.

The Python target renders black-clean text, so that black (a safety net behind a
cache, `errgen.targets.python.formatting`) rarely has work to do. These helpers print string
literals in black's preferred quotes and lay out calls, tuples, subscripts and
``def`` lines as black does: on one line when it fits within ``LINE_LENGTH``, else
a call's arguments on one line of their own, else one item per line with a magic
trailing comma. Black's tests in ``tests/python/test_py_generate.py`` hold them to it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from errgen.targets.common.escape import py_str
from errgen.targets.python.formatting import LINE_LENGTH


def py_string(text: str) -> str:
    """A Python string literal of `text` (via `escape.py_str`) in the quotes black prefers.

    Black switches to single quotes when that needs fewer escapes, so a text with
    more ``"`` than ``'`` is written single-quoted.
    """
    body = py_str(text)[1:-1]
    if text.count("'") >= text.count('"'):
        return f'"{body}"'
    return "'" + body.replace('\\"', '"').replace("'", "\\'") + "'"


def literal(value: Any) -> str:
    """A Python literal of a JSON scalar or a tuple of them (strings escaped by `escape.py_str`)."""
    if isinstance(value, str):
        return py_string(value)
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, tuple):
        items = [literal(v) for v in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    raise TypeError(f"no literal for {type(value).__name__}")


@dataclass(frozen=True)
class Call:
    """``head(args)``: each argument a (``name=`` or "", value) pair, the value a literal or a Call."""

    head: str
    args: tuple[tuple[str, str | Call], ...]

    def flat(self) -> str:
        """The call on one line."""
        return f"{self.head}({', '.join(name + flat(value) for name, value in self.args)})"


def flat(value: str | Call) -> str:
    """A literal, or a call on one line."""
    return value if isinstance(value, str) else value.flat()


def block(indent: int, prefix: str, value: str | Call, suffix: str = "") -> list[str]:
    """The lines of ``prefix + value + suffix`` at `indent` (without the indentation).

    One line if it fits; else a call's arguments on a line of their own if they fit;
    else one argument per line with a trailing comma, each laid out the same way.
    """
    one = prefix + flat(value) + suffix
    if isinstance(value, str) or width(" " * indent + one) <= LINE_LENGTH:
        return [one]
    inner = ", ".join(name + flat(arg) for name, arg in value.args)
    if width(" " * (indent + 4) + inner) <= LINE_LENGTH:
        return [f"{prefix}{value.head}(", "    " + inner, ")" + suffix]
    lines = [f"{prefix}{value.head}("]
    for name, arg in value.args:
        lines += ["    " + line for line in block(indent + 4, name, arg, ",")]
    return [*lines, ")" + suffix]


def text_block(indent: int, prefix: str, value: str | Call, suffix: str = "") -> str:
    """`block` as text, continuation lines indented by `indent`."""
    return ("\n" + " " * indent).join(block(indent, prefix, value, suffix))


def subscript(statement: str, items: list[str], indent: int = 0, note: str = "") -> str:
    """``name = Head[a]`` for one item that fits, else one item per line with a magic trailing comma.

    Prints the subscript only (the template prints ``name = ``); `note`, a trailing comment,
    goes after the opening bracket. `Union[...]`, not ``a | b``: a chain of thousands of
    ``|`` overflows CPython's compiler.
    """
    head = statement.rpartition(" = ")[2]
    if len(items) == 1 and width(" " * indent + f"{statement}[{items[0]}]{note}") <= LINE_LENGTH:
        return f"{head}[{items[0]}]{note}"
    pad = " " * (indent + 4)
    return f"{head}[{note}\n" + "".join(f"{pad}{item},\n" for item in items) + " " * indent + "]"


def signature(indent: int, head: str, params: list[str], tail: str) -> str:
    """A ``def`` as black lays it out: one line; else parameters on one line; else one per line."""
    pad, inner = " " * indent, " " * (indent + 4)
    one = f"{head}({', '.join(params)}){tail}"
    if width(pad + one) <= LINE_LENGTH:
        return one
    middle = ", ".join(params)
    if len(params) > 1 and width(inner + middle) <= LINE_LENGTH:
        return f"{head}(\n{inner}{middle}\n{pad}){tail}"
    return f"{head}(\n" + "".join(f"{inner}{p},\n" for p in params) + f"{pad}){tail}"


def collection(indent: int, prefix: str, items: list[str], brackets: str = "()", suffix: str = "") -> str:
    """A tuple, list or dict display: on one line if it fits after `prefix`, else one item per line."""
    opening, closing = brackets[0], brackets[1]
    if not items:
        return f"{prefix}{brackets}{suffix}"
    one = ", ".join(items) + ("," if len(items) == 1 and brackets == "()" else "")
    if width(" " * indent + f"{prefix}{opening}{one}{closing}{suffix}") <= LINE_LENGTH:
        return f"{prefix}{opening}{one}{closing}{suffix}"
    pad = " " * (indent + 4)
    return f"{prefix}{opening}\n" + "".join(f"{pad}{item},\n" for item in items) + f"{' ' * indent}{closing}{suffix}"


def call_line(indent: int, head: str, arg: str) -> str:
    """``head(arg)``, or the argument on its own line when that does not fit (black's split)."""
    if width(" " * indent + f"{head}({arg})") <= LINE_LENGTH:
        return f"{head}({arg})"
    return f"{head}(\n{' ' * (indent + 4)}{arg}\n{' ' * indent})"


def docstring_text(text: str) -> str:
    """A one-line docstring literal black leaves as is (a space keeps an escaped closing quote apart)."""
    quoted = py_string(text)
    return quoted[:-1] + " " + quoted[-1] if quoted[-2] == quoted[0] else quoted


def width(line: str) -> int:
    """Display width as black measures it (East Asian wide characters count twice)."""
    if line.isascii():
        return len(line)
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)
