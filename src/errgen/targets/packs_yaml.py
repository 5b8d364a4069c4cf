"""YAML text of a wallfacer pack: a small block-style writer, safe for YAML 1.1/1.2 readers and templating.

Two readers see a pack: wallfacer's ``{{name}}`` templating (a regex over the raw
text, before parsing) and serde_yaml (YAML 1.2 core schema). So:

* a string that YAML 1.1 *or* 1.2 would read as something else (``yes``, ``1e3``,
  ``0o17``, ``null``, ``.inf``…) is always quoted;
* a string holding ``{{`` is double-quoted with its braces written ``{\\x7B``, so no
  catalog text can ever look like a template placeholder (double-quoted strings use the
  JSON escapes, which YAML shares; invisible and control characters are escaped);
* a `Placeholder` is the one deliberate ``{{name}}``: single-quoted, verbatim.
"""

from __future__ import annotations

import re
from typing import Any

from errgen.escape import json_string

_YAML12_NOT_STRING = re.compile(
    r"~|null|Null|NULL|true|True|TRUE|false|False|FALSE"
    r"|[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|[0-9]+)"
    r"|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)


class Placeholder(str):
    """A template placeholder ``{{name}}`` that must reach the pack unescaped."""

    __slots__ = ()

    @classmethod
    def named(cls, name: str) -> Placeholder:
        """``{{name}}``; `name` must match wallfacer's ``[A-Za-z_][A-Za-z0-9_]*``."""
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise ValueError(f"not a template parameter name: {name!r}")
        return cls("{{" + name + "}}")


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_./ -]*")
_YAML11_WORDS = frozenset("y n yes no on off true false null".split())


_STR_CACHE: dict[str, str] = {}


def scalar(value: Any) -> str:
    """One scalar as YAML text that YAML 1.1 and 1.2 readers both read back as `value`."""
    if type(value) is str:  # exact str: a Placeholder equals its text but is written differently
        cached = _STR_CACHE.get(value)
        if cached is None:
            cached = _string(value)
            if len(_STR_CACHE) < 100_000:
                _STR_CACHE[value] = cached
        return cached
    if isinstance(value, Placeholder):
        return f"'{value}'"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return text.replace("e", ".0e", 1) if "e" in text and "." not in text else text
    return _string(str(value))


def _string(text: str) -> str:
    if _PLAIN.fullmatch(text) and not text.endswith(" ") and text.lower() not in _YAML11_WORDS:
        return text
    return json_string(text).replace("{{", "{\\x7B")


def _emit(value: Any, indent: int, out: list[str], lead: str) -> None:
    """Append `value` as block YAML; `lead` is what precedes it on its first line."""
    pad = " " * indent
    if isinstance(value, dict) and value:
        first = True
        for key, item in value.items():
            prefix = lead if first else pad
            first = False
            head = f"{prefix}{scalar(str(key))}:"
            if isinstance(item, dict | list) and item:
                out.append(head)
                _emit(
                    item,
                    indent + 2 if isinstance(item, dict) else indent,
                    out,
                    " " * (indent + 2 if isinstance(item, dict) else indent),
                )
            else:
                out.append(f"{head} {_flat(item)}")
    elif isinstance(value, list) and value:
        for i, item in enumerate(value):
            prefix = (lead if i == 0 else pad) + "- "
            if isinstance(item, dict | list) and item:
                _emit(item, indent + 2, out, prefix)
            else:
                out.append(prefix + _flat(item))
    else:
        out.append(lead + _flat(value))


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return scalar(value)


def dump(data: Any) -> str:
    """Block-style YAML of JSON-like `data`, keys in insertion order, one line per scalar."""
    out: list[str] = []
    _emit(data, 0, out, "")
    return "\n".join(out) + "\n"


def comment(text: str) -> str:
    """`text` as ``#`` comment lines that can never look like a template placeholder."""
    lines = re.sub(r"\{(?=\{)", "{ ", text).splitlines() or [""]
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)
