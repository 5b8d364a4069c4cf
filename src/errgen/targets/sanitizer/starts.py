"""The literals a rule's matches start with: where a runtime whose engine cannot skip to one of several
literals (Go's ``regexp`` skips only to a pattern's one literal prefix) tries the rule, anchored.

`starts` reads a rule's pattern (its body after the opening boundary ``(^|[^…])`` of a bounded rule,
`patterns.bounded`) and finds literals such that every match of the body holds one of them `offset`
characters after its start (after a few characters of fixed width: ``[A-Za-z]:\\`` holds ``:\\`` one
character in). An alternative of the body that starts with no literal may still be left aside
(`Starts.unless`): it holds a literal somewhere, and a text without that literal cannot match it, so
on such a text the others' starts are all the places a match can start.

The runtime then looks for the literals (a plain substring search each), and at each place one is found
tries the pattern anchored where its match would start: the attempts are those a backtracking engine
makes where the boundary holds, so the rule stays linear.
"""

from __future__ import annotations

from dataclasses import dataclass
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

from errgen.targets.sanitizer import patterns as rp

_LONGEST = 24  # characters of a start kept (a longer literal is not a better one to search for)
_MOST = 128  # starts of a rule at most (each is a substring search)
_CLASS = 4  # characters of a class spelled out (as that many starts) at most
_STOP = (c.FAILURE, None)  # an item that ends what is known of a match's start


@dataclass(frozen=True)
class Choice:
    """An alternative of a rule's body (the body itself when it has no choice at the top): its pattern, and
    the literals one of which its matches hold `Starts.offset` characters in."""

    pattern: str
    literals: tuple[str, ...]


@dataclass(frozen=True)
class Starts:
    """Every match of a rule's body holds one of its choices' literals `offset` characters after its start
    (in some letter case when `caseless`: the literals are lowercase), unless the text holds one of
    `unless` (the literals that the other alternatives hold somewhere)."""

    choices: tuple[Choice, ...]
    offset: int
    unless: tuple[str, ...] = ()
    caseless: bool = False

    @property
    def literals(self) -> tuple[str, ...]:
        """Every choice's literals, each once."""
        return tuple(dict.fromkeys(literal for choice in self.choices for literal in choice.literals))


def starts(rule: rp.Rule) -> Starts | None:
    """The starts of a rule without a value (None for a key rule, one with an anchor inside, or when some
    alternative neither starts with nor holds a literal)."""
    written = body(rule, as_written=True)
    if rule.value or "^" in written.replace("[^", ""):
        return None
    items = list(_parser.parse(rp.python_pattern(written)))
    offset = 0
    while items and _width(items[0]) is not None and not _literal(items[0]):
        offset += _width(items[0]) or 0
        items = items[1:]
    texts = split(body(rule)) if offset == 0 else [body(rule)]
    alternatives = _alternatives(items) if offset == 0 else [items]
    if len(texts) != len(alternatives):
        texts, alternatives = [body(rule)], [items]
    choices: list[Choice] = []
    unless: list[str] = []
    for text, alternative in zip(texts, alternatives, strict=True):
        found = _prefixes(alternative)
        if found is not None and "" not in found:
            kept = sorted(s for s in found if not any(s != t and s.startswith(t) for t in found))
            choices.append(Choice(text, tuple(s.lower() for s in kept) if rule.caseless else tuple(kept)))
        elif (needle := _mandatory(alternative)) is not None and not rule.caseless:
            unless.append(needle)
        else:
            return None
    if not choices or sum(len(choice.literals) for choice in choices) > _MOST:
        return None
    return Starts(tuple(choices), offset, tuple(unless), rule.caseless)


def body(rule: rp.Rule, as_written: bool = False) -> str:
    """A rule's pattern after the opening boundary ``(^|[^…])`` of a bounded rule (else the whole pattern), as
    the runtimes compile it (letters spelled ``[aA]`` in a caseless rule), or `as_written`."""
    pattern = rule.pattern if as_written else rp.emitted(rule)
    return pattern[pattern.index("])") + 2 :] if rp.bounded(rule) else pattern


def split(pattern: str) -> list[str]:
    """A pattern that is one group ``(?:…|…)`` as its alternatives' texts (else the pattern alone)."""
    if not pattern.startswith("(?:") or not pattern.endswith(")"):
        return [pattern]
    parts, depth, in_class, start, i = [], 0, False, 3, 3
    while i < len(pattern) - 1:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]" or pattern[i - 1] == "[" or pattern[i - 2 : i] == "[^"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return [pattern]  # the first group closes before the end: not one group
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    return [*parts, pattern[start:-1]] if parts else [pattern]


def _alternatives(items: list[Any]) -> list[list[Any]]:
    """The body as the alternatives of its top-level choice (a group of one choice, opened out), or itself."""
    if len(items) == 1 and items[0][0] is c.SUBPATTERN:
        return _alternatives(list(items[0][1][3]))
    if len(items) == 1 and items[0][0] is c.BRANCH:
        return [list(branch) for branch in items[0][1][1]]
    return [items]


def _prefixes(items: list[Any], known: bool = False) -> set[str] | None:
    """The literal texts every match of `items` starts with, one per way it can start ("" where it can
    start otherwise); None when there are too many. Once a character is `known`, a part that may match
    nothing ends what is kept (the text so far starts every match)."""
    if not items:
        return {""}
    (op, arg), rest = items[0], items[1:]
    found: set[str] | None
    if op is c.LITERAL:
        found = _after(chr(arg), _prefixes(rest, True))
    elif op is c.IN and (chars := _chars(arg)) is not None:
        found = set()
        for ch in chars:
            found |= _after(ch, _prefixes(rest, True)) or set()
    elif op is c.SUBPATTERN:
        found = _prefixes([*arg[3], *rest], known)
    elif op is c.BRANCH:
        found = set()
        for branch in arg[1]:
            found |= _prefixes([*branch, *rest], known) or set()
    elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
        low, high, sub = arg
        if low == 0 and known:
            found = {""}
        elif low == 0:  # it may match nothing: what follows may start the match
            found = (_prefixes(rest) or set()) | (_prefixes([*sub, _STOP]) or set())
        else:  # it starts the match: as many times as it must, then what follows if that is all
            found = _prefixes([*list(sub) * min(low, _CLASS), *(rest if low == high else [_STOP])], known)
    elif op is c.AT:
        found = _prefixes(rest, known)
    else:
        found = {""}
    return None if found is None or len(found) > _MOST else found


def _after(ch: str, found: set[str] | None) -> set[str] | None:
    return None if found is None else {(ch + text)[:_LONGEST] for text in found}


def _chars(items: list[Any]) -> list[str] | None:
    """The characters of a class, when it is a few spelled out."""
    chars: list[str] = []
    for op, arg in items:
        if op is c.LITERAL:
            chars.append(chr(arg))
        elif op is c.RANGE and arg[1] - arg[0] < _CLASS:
            chars += [chr(code) for code in range(arg[0], arg[1] + 1)]
        else:
            return None
    return chars if len(chars) <= _CLASS else None


def _literal(item: Any) -> bool:
    return item[0] is c.LITERAL or (item[0] is c.IN and _chars(item[1]) is not None)


def _width(item: Any) -> int | None:
    """How many characters an item always matches (None when that varies or it is not a class)."""
    op, arg = item
    if op in (c.LITERAL, c.IN):
        return 1
    if op in (c.MAX_REPEAT, c.MIN_REPEAT) and arg[0] == arg[1] and len(arg[2]) == 1:
        width = _width(arg[2][0])
        return None if width is None else width * arg[0]
    return None


def _mandatory(items: list[Any]) -> str | None:
    """A literal of three characters or more that every match of `items` holds (the longest at the top)."""
    best, run = "", ""
    for op, arg in items:
        if op is c.LITERAL:
            run += chr(arg)
            continue
        best, run = max(best, run, key=len), ""
        if op in (c.MAX_REPEAT, c.MIN_REPEAT) and arg[0] == 0:
            continue  # it may match nothing: what follows is still in every match
        if op not in (c.IN, c.MAX_REPEAT, c.MIN_REPEAT, c.SUBPATTERN, c.BRANCH, c.AT):
            return None
    best = max(best, run, key=len)
    return best if len(best) >= 3 else None
