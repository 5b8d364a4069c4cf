"""YAML text of a wallfacer pack: a small block-style writer, safe for YAML 1.1/1.2 readers and templating.

Two readers see a pack: wallfacer's ``{{name}}`` templating (a regex over the raw
text, before parsing) and serde_yaml (YAML 1.2 core schema). So:

* a string that YAML 1.1 *or* 1.2 would read as something else (``yes``, ``1e3``,
  ``0o17``, ``null``, ``.inf``…) is always quoted;
* a string holding ``{{`` is double-quoted with its braces written ``{\\x7B``, so no
  catalog text can ever look like a template placeholder (double-quoted strings use the
  JSON escapes, which YAML shares; invisible and control characters are escaped);
* a `Placeholder` is the one deliberate ``{{name}}``: single-quoted, verbatim.

`Writer` renders sub-trees marked `SharedDict`/`SharedList` once and copies the
text wherever they recur (fixtures repeat one response with one thing changed).
"""

from __future__ import annotations

import re
from typing import Any

from errgen.targets.common.escape import json_string


class Placeholder(str):
    """A template placeholder ``{{name}}`` that must reach the pack unescaped."""

    __slots__ = ()

    @classmethod
    def named(cls, name: str) -> Placeholder:
        """``{{name}}``; `name` must match wallfacer's ``[A-Za-z_][A-Za-z0-9_]*``."""
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise ValueError(f"not a template parameter name: {name!r}")
        return cls("{{" + name + "}}")


class Templated(str):
    """Text holding deliberate ``{{name}}`` placeholders (`names`) among other text: every other ``{{`` is escaped."""

    names: frozenset[str]

    def __new__(cls, text: str, names: frozenset[str]) -> Templated:
        made = super().__new__(cls, text)
        made.names = names
        return made


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_./ -]*")
_YAML11_WORDS = frozenset("y n yes no on off true false null".split())


def scalar(value: Any) -> str:
    """One scalar as YAML text that YAML 1.1 and 1.2 readers both read back as `value`."""
    if type(value) is str:  # exact str: a Placeholder equals its text but is written differently
        return _string(value)
    if isinstance(value, Placeholder):
        return f"'{value}'"
    if isinstance(value, Templated):
        escaped = _string(str(value))
        for name in value.names:
            escaped = escaped.replace("{\\x7B" + name + "}}", "{{" + name + "}}")
        return escaped
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


class SharedDict(dict[Any, Any]):
    """A mapping that recurs in the data: a `Writer` renders it once per indent."""

    __slots__ = ()


class SharedList(list[Any]):
    """A sequence that recurs in the data: a `Writer` renders it once per indent."""

    __slots__ = ()


class Writer:
    """Writes JSON-like data as block YAML, rendering each `SharedDict`/`SharedList` once per indent.

    Shared renderings are remembered by object identity, a bounded number of them (the
    writer holds each such object meanwhile): shared data must not change once written.
    Strings are remembered too. Both memories are emptied whenever they are full.
    """

    __slots__ = ("_memo", "_strings")
    _MEMO_MAX = 1 << 12
    _STRINGS_MAX = 1 << 14

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], tuple[Any, str]] = {}
        self._strings: dict[str, str] = {}

    def block(self, value: Any, indent: int) -> str:
        """`value` as block YAML at `indent`, without indentation before its first line or a final newline."""
        out: list[str] = []
        self._emit(value, indent, out, "")
        return "\n".join(out)

    def _emit(self, value: Any, indent: int, out: list[str], lead: str) -> None:
        """Append `value` as block YAML; `lead` is what precedes it on its first line."""
        if type(value) is SharedDict or type(value) is SharedList:
            out.append(lead + self._shared(value, indent))
        else:
            self._write(value, indent, out, lead)

    def _shared(self, value: Any, indent: int) -> str:
        """The rendering of a shared dict or list at `indent`, made once."""
        key = (id(value), indent)
        known = self._memo.get(key)
        if known is None:
            out: list[str] = []
            self._write(value, indent, out, "")
            if len(self._memo) >= self._MEMO_MAX:
                self._memo.clear()
            known = self._memo[key] = (value, "\n".join(out))
        return known[1]

    def _write(self, value: Any, indent: int, out: list[str], lead: str) -> None:
        strings, flat = self._strings, self._flat
        if isinstance(value, dict) and value:
            pad = " " * indent
            inner = pad + "  "
            prefix = lead
            for key, item in value.items():
                head = (type(key) is str and strings.get(key)) or self._key(key)
                if type(item) is str:
                    out.append(f"{prefix}{head}: {strings.get(item) or self._new_string(item)}")
                elif isinstance(item, dict) and item:
                    out.append(f"{prefix}{head}:")
                    self._emit(item, indent + 2, out, inner)
                elif isinstance(item, list) and item:
                    out.append(f"{prefix}{head}:")
                    self._emit(item, indent, out, pad)
                else:
                    out.append(f"{prefix}{head}: {flat(item)}")
                prefix = pad
        elif isinstance(value, list) and value:
            prefix = lead + "- "
            dash = " " * indent + "- "
            for item in value:
                if isinstance(item, dict | list) and item:
                    self._emit(item, indent + 2, out, prefix)
                else:
                    out.append(prefix + flat(item))
                prefix = dash
        else:
            out.append(lead + flat(value))

    def _flat(self, value: Any) -> str:
        """A scalar, or an empty dict or list, on one line."""
        if type(value) is str:
            return self._strings.get(value) or self._new_string(value)
        if isinstance(value, dict):
            return "{}"
        if isinstance(value, list):
            return "[]"
        return scalar(value)

    def _key(self, key: Any) -> str:
        return self._new_string(key) if type(key) is str else scalar(str(key))

    def _new_string(self, text: str) -> str:
        """Render a string the writer does not remember, and remember it."""
        if len(self._strings) >= self._STRINGS_MAX:
            self._strings.clear()
        rendered = self._strings[text] = _string(text)
        return rendered


def dump(data: Any) -> str:
    """Block-style YAML of JSON-like `data`, keys in insertion order, one line per scalar."""
    return Writer().block(data, 0) + "\n"


def comment(text: str) -> str:
    """`text` as ``#`` comment lines that can never look like a template placeholder."""
    lines = re.sub(r"\{(?=\{)", "{ ", text).splitlines() or [""]
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)
