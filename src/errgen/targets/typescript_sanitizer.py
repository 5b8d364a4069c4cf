"""The sanitizer's tables as TypeScript literals, its Python patterns rewritten for a JS RegExp (`u` flag)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.targets import runtime_patterns, sanitizer_tables
from errgen.targets.escape import ts_str
from errgen.targets.typescript_names import lit

# Python's `\s` for str patterns, spelled for a JS RegExp with the `u` flag.
_PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"

_JS_ESCAPES = {  # Python `re` escape (str pattern) → JS `u`-mode spelling; value: (outside class, inside class)
    "\\s": (f"[{_PY_SPACE}]", _PY_SPACE),
    "\\d": ("\\p{Nd}", "\\p{Nd}"),
    "\\D": ("\\P{Nd}", None),
    "\\w": ("[\\p{L}\\p{N}_]", "\\p{L}\\p{N}_"),
}


def js_pattern(pattern: str, *, fullmatch: bool = False) -> str:
    """A Python `re` pattern rewritten so that a JS RegExp with the `u` flag matches the same strings.

    Rewrites the constructs whose meaning differs: ``\\s``, ``\\d``, ``\\w`` (Unicode sets in
    Python) and ``$`` (Python's also matches before a final newline; kept as is for a pattern
    used with ``fullmatch``); ``[\\s\\S]`` means "anything" in both. Escapes with no faithful
    JS spelling (``\\b``, ``\\S``, ``\\W`` …) are refused, so a new sanitizer pattern fails
    loudly instead of drifting.
    """
    out: list[str] = []
    class_start = -1  # index of the open '[' while inside a class
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if class_start < 0 and pattern.startswith("[\\s\\S]", i):
            out.append("[\\s\\S]")
            i += 6
            continue
        if ch == "\\":
            esc = pattern[i : i + 2]
            spelled = _JS_ESCAPES.get(esc, (esc, esc))[class_start >= 0] if esc[1:].isalpha() else esc
            if spelled is None or (esc[1:] in "bBSWAZ" and esc not in _JS_ESCAPES):
                raise ValueError(f"sanitizer pattern uses {esc}, which Python and JS read differently: {pattern!r}")
            out.append(spelled)
            i += 2
            continue
        if ch == "[" and class_start < 0:
            class_start = i
        elif ch == "]" and class_start >= 0 and i > class_start + 1 + (pattern[class_start + 1] == "^"):
            class_start = -1
        out.append("(?=\\n?$)" if ch == "$" and class_start < 0 and not fullmatch else ch)
        i += 1
    return "".join(out)


@dataclass(frozen=True)
class TsRule:
    """A sanitizer rule as the TypeScript module prints it (literals)."""

    name: str
    pattern: str
    replacement: str
    needles: str
    words: str


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.targets.runtime_patterns) as TypeScript literals."""
    rp = runtime_patterns
    rules = [
        TsRule(rule.name, ts_str(js_pattern(rp.emitted(rule))), ts_str(rule.replacement), lit(list(rule.needles)),
               lit(list(rule.words)))
        for rule in rp.TEXT_RULES
    ]  # fmt: skip
    return {"rules": rules, **sanitizer_tables.tables(ts_str, lambda p: ts_str(js_pattern(p)))}
