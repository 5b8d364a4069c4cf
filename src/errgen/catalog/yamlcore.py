"""YAML 1.2 core schema for catalogs: scalar rules, resource limits, packed source positions.

Shared by both readers of `yamlsrc` (the line reader `yamlfast` and libyaml's `yamllib`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from errgen.catalog.diagnostics import Loc

MAX_EVENTS = 2_000_000
MAX_DEPTH = 64

# The YAML 1.2 core schema's implicit types of plain scalars: (tag, pattern, first characters).
_CORE_TYPES = (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:null", r"^$", [""]),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
)


def _resolvers() -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    """First character → (tag, pattern) of the core types it may start, as PyYAML keeps them."""
    table: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
    for tag, pattern, firsts in _CORE_TYPES:
        for first in firsts:
            table.setdefault(first, []).append((tag, re.compile(pattern)))
    return table


RESOLVERS = _resolvers()
RESOLVED_FIRST = frozenset(first for first in RESOLVERS if first)  # first characters of non-strings

STR = "tag:yaml.org,2002:str"


def unpack(path: str, packed: int) -> Loc:
    """The 1-based position of a packed ``line << 32 | column`` (both 0-based)."""
    return Loc(path, (packed >> 32) + 1, (packed & 0xFFFFFFFF) + 1)


class Positions:
    """Packed source positions of one document: the root's, and each collection's by ``id``."""

    __slots__ = ("of", "root")

    def __init__(self) -> None:
        self.root: int | None = None
        self.of: dict[int, Sequence[int]] = {}


def resolve(value: str) -> str:
    """The implicit tag of a plain scalar (PyYAML's resolver, for the 1.2 core patterns)."""
    for tag, pattern in RESOLVERS.get(value[:1], ()):
        if pattern.match(value):
            return tag
    return STR


def convert(tag: str, value: str) -> tuple[Any, str | None]:
    """The value of a scalar with a resolved (or explicit) non-string tag, or None and why it cannot be one."""
    if tag == "tag:yaml.org,2002:null":
        return None, None
    if tag == "tag:yaml.org,2002:bool":
        return value.lower() == "true", None
    try:
        if tag == "tag:yaml.org,2002:int":
            return (int(value, 0) if value[:2] in ("0o", "0x") else int(value)), None
        number = float(value.lower().replace(".inf", "inf").replace(".nan", "nan")) if tag.endswith(":float") else 0
    except ValueError:
        return None, f"number {value[:40]!r} cannot be represented in JSON"
    if tag == "tag:yaml.org,2002:float":
        if not math.isfinite(number):
            return None, f"non-finite number {value!r} cannot be represented in JSON"
        return number, None
    return None, f"unsupported tag {tag!r}"
