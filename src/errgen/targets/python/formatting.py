"""Black, in-process with a pinned mode, behind a content-addressed cache.

Black costs seconds per 1,000 generated classes even when it changes nothing.
The Python target renders black-clean code (tests prove it for shipped, hostile
and synthetic catalogs), so black is a safety net, applied where catalog content
can change black's decisions: `format_python` splits the module into units
(top-level statements, and the statements of large top-level ``if`` blocks) and
runs black only on units that have an overlong line other than a lone string
literal, a quote black would re-prefer, an escaped quote, trailing whitespace or
a docstring with whitespace at an edge. Results are stored under the sha256 of
(black version, mode, text) in ``<cache_dir>/black/``; tests check that the
result equals whole-file black.
"""

from __future__ import annotations

import ast
import bisect
import hashlib
import itertools
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

LINE_LENGTH = 88
TARGET = "py311"
MODE_KEY = f"line-length={LINE_LENGTH};target={TARGET};magic-trailing-comma;stable"
MAX_ENTRIES = 256  # cache files kept; the least recently used are pruned on write
MEMORY_ENTRIES = 64  # results kept in-process

_memory: dict[str, str] = {}


@lru_cache(maxsize=1)
def black_version() -> str:
    """The installed black version (part of every cache key)."""
    from importlib.metadata import version

    return version("black")


@lru_cache(maxsize=4)
def _mode(line_length: int = LINE_LENGTH) -> Any:
    from black.mode import Mode, TargetVersion

    return Mode(target_versions={TargetVersion.PY311}, line_length=line_length)


def cache_key(text: str) -> str:
    """sha256 of black's version, the mode and `text`."""
    digest = hashlib.sha256(f"black {black_version()}\n{MODE_KEY}\n".encode())
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


_LONE_LITERAL = re.compile(r"""\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|""\"(?:[^"\\\n]|\\.)+""\"),?""")
_LITERAL = re.compile(r"([A-Za-z]?)('(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\")")
_DOCSTRING_EDGE = re.compile(r"""^\s*(?:"\s|"[^"\n]*(?:\s|\\)"$)""")
_SPLIT_IF_LINES = 200


def _needs_black(lines: list[str]) -> bool:
    """Whether catalog content in these rendered lines could make black change them."""
    for line in lines:
        if len(line) > LINE_LENGTH and not _LONE_LITERAL.fullmatch(line):
            return True
        if line != line.rstrip() or _DOCSTRING_EDGE.match(line):
            return True
        if ("'" in line or "\\" in line) and not all(
            quotes_normal(literal, prefix) for prefix, literal in _LITERAL.findall(line)
        ):
            return True
    return False


def _unescape_twice(pattern: re.Pattern[str], replacement: str, text: str) -> str:
    return pattern.sub(replacement, pattern.sub(replacement, text))  # overlapping matches need two passes


@lru_cache(maxsize=8)
def _quote_patterns(new: str, orig: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    return (
        re.compile(rf"(([^\\]|^)(\\\\)*){new}"),  # unescaped new quote
        re.compile(rf"([^\\]|^)\\((?:\\\\)*){new}"),  # escaped new quote
        re.compile(rf"([^\\]|^)\\((?:\\\\)*){orig}"),  # escaped original quote
    )


_FSTRING_FIELD = re.compile(r"(?:(?<!\{)|^)\{([^{].*?)\}(?:(?!\})|$)")


def quotes_normal(literal: str, prefix: str = "") -> bool:
    """Whether black's string normalization leaves this ``'…'``/``"…"`` (or ``f'…'``) literal unchanged.

    Black's ``normalize_string_quotes`` for literals without triple quotes (tests
    compare the two on generated literals): unnecessary escapes of the other quote
    are dropped, and double quotes are preferred unless they need more escapes (or,
    in an f-string, a backslash inside a replacement field). Other prefixes: False.
    """
    if prefix not in ("", "f"):
        return False
    orig = literal[0]
    if orig == '"' and "\\" not in literal:
        return True  # no escape to drop, and double quotes are black's choice: the common case, at once
    new = "'" if orig == '"' else '"'
    unescaped_new, escaped_new, escaped_orig = _quote_patterns(new, orig)
    body = literal[1:-1]
    cleaned = _unescape_twice(escaped_new, rf"\1\2{new}", body)
    if cleaned != body:
        return False  # black removes the unnecessary escapes
    converted = _unescape_twice(escaped_orig, rf"\1\2{orig}", cleaned)
    converted = _unescape_twice(unescaped_new, rf"\1\\{new}", converted)
    if prefix and any("\\" in field for field in _FSTRING_FIELD.findall(converted)):
        return True
    orig_escapes, new_escapes = body.count("\\"), converted.count("\\")
    # black keeps the quotes that need fewer escapes and, at a tie, double quotes
    return new_escapes > orig_escapes or (new_escapes == orig_escapes and orig == '"')


def _units(text: str) -> list[tuple[int, int, int]] | None:
    """``(first line, end line, indent)`` of each unit from the AST, 0-based and end-exclusive; None if unparsable.

    The exact (slow, memory-hungry) way; `format_python` uses it only when `_line_units` misread the text.
    """
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    units: list[tuple[int, int, int]] = []
    for node in tree.body:
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))]) - 1
        end = node.end_lineno or node.lineno
        if isinstance(node, ast.If) and end - start > _SPLIT_IF_LINES:
            for inner in [*node.body, *node.orelse]:  # `if …:` and `else:` lines stay between units
                first = min([inner.lineno, *(d.lineno for d in getattr(inner, "decorator_list", []))]) - 1
                units.append((first, inner.end_lineno or inner.lineno, inner.col_offset))
            continue
        units.append((start, end, 0))
    return units


_CLAUSES = ("else:", "else ", "elif ", "except", "finally:", "finally ")  # continue the statement above


def _line_units(lines: list[str], first: int, end: int, indent: int) -> list[tuple[int, int, int]]:
    """Statements at `indent` in ``lines[first:end]``, found from the layout of black-style code alone.

    A statement starts on a line beginning at `indent` with a name or ``@`` (outside
    triple-quoted strings; decorators stay with what they decorate; ``else``/``except``
    continue the statement above) and ends at its last line of code. A misread shows
    up as a unit black cannot parse, and `format_python` then falls back to the AST.
    Only the lines that may start a statement and those with an odd number of triple
    quotes are visited one by one (a module has tens of thousands of lines, few of either).
    """
    toggles = [i for i in range(first, end) if _TRIPLE in lines[i] or _TRIPLE_SINGLE in lines[i]]
    toggles = [i for i in toggles if (lines[i].count(_TRIPLE) + lines[i].count(_TRIPLE_SINGLE)) % 2]
    heads = [i for i in range(first, end) if (head := lines[i][indent : indent + 1]) in _HEADS or head.isalpha()]
    units: list[tuple[int, int, int]] = []
    start = -1
    for i in heads:
        line = lines[i]
        if (indent and not line[:indent].isspace()) or line.startswith(_CLAUSES, indent) or _in_string(toggles, i):
            continue
        last = _last_code(lines, toggles, first, i, indent)
        if last >= 0 and lines[last].startswith("@", indent):
            continue
        if start >= 0:
            units.append((start, last + 1, indent))
        start = i
    if start >= 0:
        units.append((start, _last_code(lines, toggles, first, end, indent) + 1, indent))
    return units


_TRIPLE, _TRIPLE_SINGLE = '"""', "'''"
_HEADS = frozenset("_@\"'")


def _in_string(toggles: list[int], i: int) -> bool:
    """Whether line `i` begins inside a triple-quoted string (`toggles`: the lines that open or close one)."""
    return bisect.bisect_left(toggles, i) % 2 == 1


def _last_code(lines: list[str], toggles: list[int], first: int, end: int, indent: int) -> int:
    """The last line of code in ``lines[first:end]`` (not blank, not a comment at `indent` outside strings), or -1."""
    for i in range(end - 1, first - 1, -1):
        line = lines[i]
        if line.strip() and not (line.startswith("#", indent) and not _in_string(toggles, i)):
            return i
    return -1


def _layout_units(lines: list[str]) -> list[tuple[int, int, int]]:
    """`_line_units` of the module, with the statements of large top-level ``if`` blocks as units of their own."""
    units: list[tuple[int, int, int]] = []
    for start, end, indent in _line_units(lines, 0, len(lines), 0):
        header = lines[start]
        if not (header.startswith("if ") and header.endswith(":") and end - start > _SPLIT_IF_LINES):
            units.append((start, end, indent))
            continue
        branches = [start, *(i for i in range(start + 1, end) if lines[i].startswith(("else:", "elif "))), end]
        for head, stop in itertools.pairwise(branches):
            units.extend(_line_units(lines, head + 1, stop, 4))  # `if …:` and `else:` lines stay between units
    return units


def format_python(text: str, cache_dir: str | None = None) -> str:
    """`text` formatted by black, running black only on the units that need it (see module doc)."""
    lines = text.split("\n")
    try:
        return _format_units(lines, _layout_units(lines), cache_dir)
    except _Misread:
        units = _units(text)
        return format_whole(text, cache_dir) if units is None else _format_units(lines, units, cache_dir)


class _Misread(Exception):
    """A unit found from the layout is not a statement black can parse."""


def _format_units(lines: list[str], units: list[tuple[int, int, int]], cache_dir: str | None) -> str:
    out: list[str] = []
    done = 0
    for start, end, indent in units:
        out.extend(lines[done:start])
        chunk = lines[start:end]
        if _needs_black(chunk):
            out.extend(_black_unit(chunk, indent, cache_dir))
        else:
            out.extend(chunk)
        done = end
    out.extend(lines[done:])
    return "\n".join(out)


def _black_unit(chunk: list[str], indent: int, cache_dir: str | None) -> list[str]:
    """Black one unit; a nested unit is dedented and formatted with the line length it really has."""
    body = "\n".join(line[indent:] for line in chunk) + "\n"
    try:
        formatted = format_whole(body, cache_dir, line_length=LINE_LENGTH - indent)
    except ValueError as exc:  # black.InvalidInput: not a whole statement
        raise _Misread from exc
    return [(" " * indent + line) if line else line for line in formatted.rstrip("\n").split("\n")]


def format_whole(text: str, cache_dir: str | None = None, line_length: int = LINE_LENGTH) -> str:
    """`text` formatted by black; answered from the cache when this input was seen before.

    Args:
        text: Python source.
        cache_dir: directory of the persistent cache; None keeps only the in-process memo.
    """
    key = cache_key(f"{line_length}\n{text}")
    if key in _memory:
        return _memory[key]
    path = Path(cache_dir, "black", key[:2], key + ".py") if cache_dir else None
    formatted = _load(path) if path is not None else None
    if formatted is None:
        import black

        formatted = black.format_str(text, mode=_mode(line_length))
        if path is not None:
            _store(path, formatted)
    if len(_memory) >= MEMORY_ENTRIES:
        del _memory[next(iter(_memory))]
    _memory[key] = formatted
    return formatted


def _load(path: Path) -> str | None:
    """A cached result (marked as used, so pruning keeps it), or None."""
    try:
        text = path.read_text(encoding="utf-8", errors="surrogatepass")
        os.utime(path)
    except (OSError, UnicodeDecodeError):
        return None
    return text


def _store(path: Path, text: str) -> None:
    """Write atomically (concurrent builds may share the cache), then prune old entries."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass", newline="") as handle:
            handle.write(text)
        os.replace(tmp, path)
        _prune(path.parents[1])
    except OSError:
        return  # a read-only or full disk only costs speed


def _prune(root: Path) -> None:
    entries = sorted(root.glob("*/*.py"), key=lambda p: p.stat().st_mtime)
    for old in entries[: max(0, len(entries) - MAX_ENTRIES)]:
        old.unlink(missing_ok=True)
