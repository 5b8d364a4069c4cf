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
import hashlib
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


_LONE_LITERAL = re.compile(r"""\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?""")
_LITERAL = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")
_DOCSTRING_EDGE = re.compile(r"""^\s*(?:"\s|"[^"\n]*(?:\s|\\)"$)""")
_SPLIT_IF_LINES = 200


def _needs_black(lines: list[str]) -> bool:
    """Whether catalog content in these rendered lines could make black change them."""
    for line in lines:
        if len(line) > LINE_LENGTH and not _LONE_LITERAL.fullmatch(line):
            return True
        if line != line.rstrip() or '\\"' in line or "\\'" in line or _DOCSTRING_EDGE.match(line):
            return True
        if "'" in line and any(m[0] == "'" and '"' not in m for m in _LITERAL.findall(line)):
            return True  # black prefers double quotes for a literal without one inside
    return False


def _units(text: str) -> list[tuple[int, int, int]] | None:
    """``(first line, end line, indent)`` of each unit, 0-based and end-exclusive; None if unparsable."""
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


def format_python(text: str, cache_dir: str | None = None) -> str:
    """`text` formatted by black, running black only on the units that need it (see module doc)."""
    units = _units(text)
    if units is None:
        return format_whole(text, cache_dir)
    lines = text.split("\n")
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
    formatted = format_whole(body, cache_dir, line_length=LINE_LENGTH - indent)
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
