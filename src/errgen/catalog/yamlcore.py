"""The scalar-rule tables of errgen's one YAML reader (`yamllib`), its limits and packed positions.

Two rule sets: `CATALOG`, the YAML 1.2 core schema as catalogs are read (a number JSON
cannot hold is an error), and `SERDE`, YAML 1.2 as wallfacer's serde_yaml 0.9 reads a
pack (`0b` integers, 64-bit integer bounds, `.inf`/`.nan` as null, an overflowing float
kept as its text, scalar mapping keys taken by their text).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from errgen.catalog.diagnostics import Loc

MAX_EVENTS = 2_000_000
MAX_DEPTH = 64
STR = "tag:yaml.org,2002:str"
_TAG = "tag:yaml.org,2002:"
I64_MIN, U64_MAX = -(2**63), 2**64 - 1

Convert = Callable[[str, str], tuple[Any, str | None]]  # (tag, text) → (value, problem)


@dataclass(frozen=True)
class ScalarRules:
    """How plain scalars resolve to types, and how a typed scalar becomes a JSON value."""

    name: str
    resolvers: dict[str, list[tuple[str, re.Pattern[str]]]]  # first character → (tag, pattern)
    convert: Convert
    keys_as_text: bool  # a non-string scalar key is its text (serde_yaml), else an error

    @property
    def first(self) -> frozenset[str]:
        """First characters of plain scalars that may resolve to something other than a string."""
        return frozenset(first for first in self.resolvers if first)

    def resolve(self, value: str) -> str:
        """The implicit tag of a plain scalar."""
        for tag, pattern in self.resolvers.get(value[:1], ()):
            if pattern.match(value):
                return tag
        return STR


def _table(types: Sequence[tuple[str, str, Sequence[str]]]) -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    """First character → (tag, pattern) of the types it may start, as PyYAML keeps them."""
    table: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
    for tag, pattern, firsts in types:
        for first in firsts:
            table.setdefault(first, []).append((_TAG + tag, re.compile(pattern)))
    return table


_NULL = r"^(?:~|null|Null|NULL|)$"
_BOOL = r"^(?:true|True|TRUE|false|False|FALSE)$"
_DIGITS = "-+0123456789"
_CORE = _table((
    ("bool", _BOOL, "tTfF"),
    ("null", _NULL, "~nN"),
    ("null", r"^$", [""]),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", _DIGITS),
    ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
              r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", _DIGITS + "."),
))  # fmt: skip
_SERDE = _table((
    ("null", _NULL, "~nN"),
    ("null", r"^$", [""]),
    ("bool", _BOOL, "tTfF"),
    ("int", r"^[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|0|[1-9][0-9]*)$", _DIGITS),
    ("float", r"^(?![-+]?0[0-9]+$)[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$"
              r"|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$", _DIGITS + "."),
))  # fmt: skip


def _core(tag: str, value: str) -> tuple[Any, str | None]:
    """A catalog scalar's value, or None and why JSON cannot hold it."""
    if tag == _TAG + "null":
        return None, None
    if tag == _TAG + "bool":
        return value.lower() == "true", None
    try:
        if tag == _TAG + "int":
            return (int(value, 0) if value[:2] in ("0o", "0x") else int(value)), None
        number = float(value.lower().replace(".inf", "inf").replace(".nan", "nan")) if tag.endswith(":float") else 0
    except ValueError:
        return None, f"number {value[:40]!r} cannot be represented in JSON"
    if tag == _TAG + "float":
        if not math.isfinite(number):
            return None, f"non-finite number {value!r} cannot be represented in JSON"
        return number, None
    return None, f"unsupported tag {tag!r}"


def _serde(tag: str, value: str) -> tuple[Any, str | None]:
    """A pack scalar's value as serde_yaml gives it to serde_json, or None and the problem."""
    if tag == _TAG + "null":
        return None, None if re.match(_NULL, value) else f"invalid null '{value}'"
    if tag == _TAG + "bool":
        return value.lower() == "true", None if re.match(_BOOL, value) else f"invalid boolean '{value}'"
    if tag == _TAG + "int":
        body = value.lstrip("+-")
        base = {"0x": 16, "0o": 8, "0b": 2}.get(body[:2], 10)
        try:
            number = (-1 if value.startswith("-") else 1) * int(body[2:] if base != 10 else body, base)
        except ValueError:
            return None, f"invalid integer '{value}'"
        if not I64_MIN <= number <= U64_MAX:
            return None, f"integer {value} does not fit in 64 bits"
        return number, None
    if tag == _TAG + "float":
        if value.lstrip("+-").lower() in (".inf", ".nan"):
            return None, None  # serde_json stores non-finite floats as null
        try:
            result = float(value)
        except ValueError:
            return None, f"invalid float '{value}'"
        return (result if math.isfinite(result) else value), None  # an overflowing float stays a string
    return None, f"unsupported YAML tag '{tag}'"


CATALOG = ScalarRules("catalog", _CORE, _core, keys_as_text=False)
SERDE = ScalarRules("serde_yaml", _SERDE, _serde, keys_as_text=True)


def unpack(path: str, packed: int) -> Loc:
    """The 1-based position of a packed ``line << 32 | column`` (both 0-based)."""
    return Loc(path, (packed >> 32) + 1, (packed & 0xFFFFFFFF) + 1)


class Positions:
    """Packed source positions of one document: the root's, and each collection's by ``id``."""

    __slots__ = ("of", "root")

    def __init__(self) -> None:
        self.root: int | None = None
        self.of: dict[int, Sequence[int]] = {}
