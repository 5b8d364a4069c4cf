"""The regular-expression subset the sanitizer's patterns keep to: one meaning in four engines.

Go ``regexp`` (RE2), Rust ``regex``, Python ``re`` and a JavaScript ``RegExp`` with the ``u`` flag
find the same leftmost-first matches for a pattern when it has no lookaround and no
backreferences (RE2 has neither), no class shorthand whose meaning differs (``\\s``, ``\\d``,
``\\w``, ``\\b`` are ASCII in Go, Unicode elsewhere; only ``[\\s\\S]``, any character, is the same
everywhere), no ``.`` (JavaScript's stops at U+2028), no flags (the engines fold cases
differently), no capturing group inside a repetition (JavaScript forgets its text between
rounds), no ``&&``, ``--`` or ``~~`` in a class (set operations in Rust), and escapes that every
engine accepts. `check` refuses anything else, naming it. The patterns are errgen's own (no catalog
brings one): a target prints each through `printed`, which records it, and the suite builds every
target and `check`s every recorded pattern (``tests/hostile/test_hostile_regex_subset.py``), so a
build does not parse them again.
"""

from __future__ import annotations

import functools
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

_ESCAPES = set("\\trn()[].${}|?*+^")  # \x that every engine reads as the character x (or tab, CR, LF)
_CLASS_ESCAPES = _ESCAPES | {"-"}
_ANY = "[\\s\\S]"


PRINTED: set[str] = set()  # every pattern a target printed in this process


def printed(pattern: str) -> str:
    """`pattern`, as a target prints it, recorded in `PRINTED` for the suite to `check`."""
    PRINTED.add(pattern)
    return pattern


@functools.lru_cache(maxsize=1024)
def check(pattern: str) -> str:
    """`pattern`, unchanged, or ValueError saying what in it four engines would read differently."""
    _check_text(pattern)
    _check_tree(_parser.parse(pattern), pattern, repeated=False)
    return pattern


def _check_text(pattern: str) -> None:
    i, in_class = 0, False
    while i < len(pattern):
        if pattern.startswith(_ANY, i) and not in_class:
            i += len(_ANY)
            continue
        ch = pattern[i]
        if ch == "\\":
            escaped = pattern[i + 1 : i + 2]
            if escaped not in (_CLASS_ESCAPES if in_class else _ESCAPES):
                raise ValueError(f"\\{escaped} is not read alike by the four engines: {pattern!r}")
            i += 2
            continue
        if in_class and pattern[i : i + 2] in ("&&", "--", "~~"):
            raise ValueError(f"{pattern[i : i + 2]!r} in a class is a set operation in Rust: {pattern!r}")
        if in_class:
            in_class = ch != "]" or pattern[i - 1] == "[" or pattern[i - 2 : i] == "[^"
        elif ch == "[":
            in_class = True
        elif ch == "." or (pattern.startswith("(?", i) and not pattern.startswith("(?:", i)):
            raise ValueError(f"{pattern[i : i + 3]!r} (any character, or lookaround or a flag) is outside the subset")
        i += 1


def _check_tree(items: Any, pattern: str, repeated: bool) -> None:
    for op, arg in items:
        if op in (c.ASSERT, c.ASSERT_NOT, c.GROUPREF, c.GROUPREF_EXISTS, c.ANY, c.ATOMIC_GROUP, c.POSSESSIVE_REPEAT):
            raise ValueError(f"{op} is outside the subset: {pattern!r}")
        if op is c.AT and arg not in (c.AT_BEGINNING, c.AT_END):
            raise ValueError(f"{arg} is outside the subset: {pattern!r}")
        if op is c.SUBPATTERN:
            group, add_flags, del_flags, sub = arg
            if add_flags or del_flags:
                raise ValueError(f"inline flags are outside the subset: {pattern!r}")
            if group is not None and repeated:
                raise ValueError(f"group {group} is inside a repetition (JavaScript forgets it): {pattern!r}")
            _check_tree(sub, pattern, repeated)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            _, high, sub = arg
            if high is not c.MAXREPEAT and high > 1000:
                raise ValueError(f"a repetition count over 1000 (Go's limit): {pattern!r}")
            _check_tree(sub, pattern, repeated or high != 1)
        elif op is c.BRANCH:
            for branch in arg[1]:
                _check_tree(branch, pattern, repeated)

