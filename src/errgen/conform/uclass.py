"""Character sets as sorted code-point ranges, with the Unicode classes Rust's `regex` uses.

Rust's `\\w` is Alphabetic ∪ M ∪ Nd ∪ Pc ∪ Join_Control and its `\\s` is White_Space;
Python's `re` differs on both, so `regex.translate` spells them out as explicit ranges.
General categories come from one lazy scan of `unicodedata` (~0.3 s, cached).
"""

from __future__ import annotations

import itertools
import unicodedata
from functools import cache
from typing import TypeAlias

Ranges: TypeAlias = tuple[tuple[int, int], ...]

MAX_CP = 0x10FFFF
WHITE_SPACE: Ranges = (
    (0x09, 0x0D), (0x20, 0x20), (0x85, 0x85), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
    (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
)  # fmt: skip
# Other_Alphabetic code points outside the M categories (circled / squared Latin letters).
_OTHER_ALPHABETIC: Ranges = ((0x24B6, 0x24E9), (0x1F130, 0x1F149), (0x1F150, 0x1F169), (0x1F170, 0x1F189))
_JOIN_CONTROL: Ranges = ((0x200C, 0x200D),)

POSIX: dict[str, Ranges] = {
    "alnum": ((0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)),
    "alpha": ((0x41, 0x5A), (0x61, 0x7A)),
    "ascii": ((0x00, 0x7F),),
    "blank": ((0x09, 0x09), (0x20, 0x20)),
    "cntrl": ((0x00, 0x1F), (0x7F, 0x7F)),
    "digit": ((0x30, 0x39),),
    "graph": ((0x21, 0x7E),),
    "lower": ((0x61, 0x7A),),
    "print": ((0x20, 0x7E),),
    "punct": ((0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)),
    "space": ((0x09, 0x0D), (0x20, 0x20)),
    "upper": ((0x41, 0x5A),),
    "word": ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)),
    "xdigit": ((0x30, 0x39), (0x41, 0x46), (0x61, 0x66)),
}
_LONG_NAMES = {
    "letter": "l", "casedletter": "lc", "uppercaseletter": "lu", "lowercaseletter": "ll", "titlecaseletter": "lt",
    "modifierletter": "lm", "otherletter": "lo", "mark": "m", "combiningmark": "m", "nonspacingmark": "mn",
    "spacingmark": "mc", "enclosingmark": "me", "number": "n", "decimalnumber": "nd", "digit": "nd",
    "letternumber": "nl", "othernumber": "no", "punctuation": "p", "punct": "p", "connectorpunctuation": "pc",
    "dashpunctuation": "pd", "openpunctuation": "ps", "closepunctuation": "pe", "initialpunctuation": "pi",
    "finalpunctuation": "pf", "otherpunctuation": "po", "symbol": "s", "mathsymbol": "sm", "currencysymbol": "sc",
    "modifiersymbol": "sk", "othersymbol": "so", "separator": "z", "spaceseparator": "zs", "lineseparator": "zl",
    "paragraphseparator": "zp", "other": "c", "control": "cc", "cntrl": "cc", "format": "cf", "surrogate": "cs",
    "privateuse": "co", "unassigned": "cn",
}  # fmt: skip


def union(*sets: Ranges) -> Ranges:
    """Merge range sets into one sorted, non-overlapping set."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted(r for s in sets for r in s):
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return tuple(merged)


def negate(ranges: Ranges) -> Ranges:
    """Complement a set over all code points."""
    result, start = [], 0
    for low, high in union(ranges):
        if low > start:
            result.append((start, low - 1))
        start = high + 1
    if start <= MAX_CP:
        result.append((start, MAX_CP))
    return tuple(result)


def intersect(left: Ranges, right: Ranges) -> Ranges:
    """Intersection of two sets."""
    return negate(union(negate(left), negate(right)))


@cache
def _categories() -> dict[str, Ranges]:
    cats = map(unicodedata.category, map(chr, range(MAX_CP + 1)))
    table: dict[str, list[tuple[int, int]]] = {}
    start = 0
    for name, group in itertools.groupby(cats):
        size = sum(1 for _ in group)
        table.setdefault(name.lower(), []).append((start, start + size - 1))
        start += size
    return {name: tuple(ranges) for name, ranges in table.items()}


def category(name: str) -> Ranges:
    """Ranges of a one- or two-letter general category (`l`, `lu`, `lc`, ...), lower-case."""
    table = _categories()
    if name == "lc":
        return union(table["lu"], table["ll"], table["lt"])
    return union(*(ranges for cat, ranges in table.items() if cat.startswith(name)))


@cache
def word(unicode: bool = True) -> Ranges:
    """Rust's `\\w`."""
    if not unicode:
        return POSIX["word"]
    classes = (category(name) for name in ("l", "m", "nd", "nl", "pc"))
    return union(*classes, _JOIN_CONTROL, _OTHER_ALPHABETIC)


def digit(unicode: bool = True) -> Ranges:
    """Rust's `\\d` (Nd)."""
    return category("nd") if unicode else POSIX["digit"]


def space(unicode: bool = True) -> Ranges:
    """Rust's `\\s` (White_Space)."""
    return WHITE_SPACE if unicode else POSIX["space"]


def unicode_property(name: str) -> Ranges | None:
    """Ranges for `\\p{name}`: general categories plus Any, ASCII, White_Space, Alphabetic."""
    key = "".join(ch for ch in name.lower() if ch not in " _-")
    key = key[2:] if key.startswith("is") and len(key) > 2 else key  # UAX44-LM3 loose matching
    key = _LONG_NAMES.get(key, key)
    if key in ("any",):
        return ((0, MAX_CP),)
    if key in ("ascii",):
        return POSIX["ascii"]
    if key in ("whitespace", "space", "wspace"):
        return WHITE_SPACE
    if key in ("alphabetic", "alpha"):
        return union(category("l"), category("nl"), category("mn"), category("mc"), _OTHER_ALPHABETIC)
    if key == "lc" or (len(key) in (1, 2) and key[0] in "lmnpszc" and any(c.startswith(key) for c in _categories())):
        return category(key)
    return None
