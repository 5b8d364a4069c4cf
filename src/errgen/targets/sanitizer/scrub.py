"""errgen's reference sanitizer: what the generated ``scrub_text`` and ``sanitize`` do.

The generated Python, TypeScript, Go and Rust runtimes run the same rules
(`errgen.targets.sanitizer.patterns`) with the same driver; the contract vectors hold all five to
the same output, byte for byte. errgen itself uses it to word the messages of conformance packs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from errgen.targets.sanitizer.patterns import (
    CHECK_NAMES,
    CHECKS,
    CUT_WINDOW,
    MAX_DEPTH,
    MAX_TEXT,
    PAIR_NAMES,
    PAIR_VALUES,
    REDACTED,
    TEXT_RULES,
    TOO_DEEP,
    TRUNCATED,
    UNREADABLE,
    Rule,
    emitted,
    emitted_separator,
    emitted_value,
    python_pattern,
    python_replacement,
)

_SPACE = " \t\r\n"


@dataclass(frozen=True)
class _Compiled:
    """A rule as the runtimes hold it: compiled patterns, the replacement, the checks as (group, index, found)."""

    rule: Rule
    pattern: re.Pattern[str]
    separator: re.Pattern[str] | None
    value: re.Pattern[str] | None
    replacement: str
    checks: tuple[tuple[int, int, bool], ...]


@functools.cache
def _rule(index: int) -> _Compiled:
    """Text rule `index`, compiled on first use (most texts rule most rules out by their needles)."""
    r = TEXT_RULES[index]
    return _Compiled(
        r,
        re.compile(python_pattern(emitted(r))),
        re.compile(python_pattern(emitted_separator(r))) if r.separator else None,
        re.compile(python_pattern(emitted_value(r))) if r.value else None,
        python_replacement(r.replacement),
        tuple((check.group, CHECK_NAMES.index(check.name), check.found) for check in r.checks),
    )


@functools.cache
def _checks() -> list[re.Pattern[str]]:
    """The checks' patterns, compiled on first use."""
    return [re.compile(python_pattern(CHECKS[name])) for name in CHECK_NAMES]


def apply_rule(rule: _Compiled, text: str) -> tuple[str, int]:
    """`text` with every match of one rule replaced, and how many there were."""
    if rule.value is None:
        return rule.pattern.subn(rule.replacement, text)
    checks = _checks()
    out: list[str] = []
    pos = last = 0
    while (key := rule.pattern.search(text, pos)) is not None:
        at = key.end() if rule.separator is None else _end(rule.separator.match(text, key.end()))
        value = None
        if at >= 0 and _holds(rule.checks, checks, key.group(2)):
            value = rule.value.match(text, at)
        if value is not None and _holds(rule.checks, checks, key.group(2), value):
            out += [text[last:at], value.expand(rule.replacement)]
            pos = last = value.end()
        else:  # no match here: search on after the key, where a lookahead would have failed
            pos = key.end(2)
    return "".join([*out, text[last:]]), len(out) // 2


def _end(found: re.Match[str] | None) -> int:
    return -1 if found is None else found.end()


def _holds(
    wanted: tuple[tuple[int, int, bool], ...],
    checks: list[re.Pattern[str]],
    key: str,
    value: re.Match[str] | None = None,
) -> bool:
    """Whether the key's checks hold (without a value: so that a value is read only after a key that may
    have one), or the value's."""
    for group, index, found in wanted:
        if (group == 0) != (value is None):
            continue
        text = key if value is None else value.group(group)
        if text is not None and (checks[index].search(text) is not None) != found:
            return False
    return True


def is_secret_key(name: str) -> bool:
    """Whether a key (of an object, or of ``key=value`` text) names a secret."""
    checks = _checks()
    return checks[0].search(name) is not None and checks[1].search(name) is None


def truncate(text: str) -> tuple[str, bool]:
    """The first MAX_TEXT characters of `text`, less a word cut in two; and whether it was cut."""
    if len(text) <= MAX_TEXT:
        return text, False
    kept = text[:MAX_TEXT]
    if text[MAX_TEXT] not in _SPACE:
        start = max(kept.rfind(ch, MAX_TEXT - CUT_WINDOW) for ch in _SPACE)
        if start >= 0:
            kept = kept[: start + 1]
    return kept, True


def scrub_text(text: str) -> str:
    """Remove private keys, stack traces, credentials and user paths from one string."""
    text, cut = truncate(text)
    lower = ""
    for index, rule in enumerate(TEXT_RULES):
        if rule.needles and not any(needle in text for needle in rule.needles):
            continue  # the rule cannot match: skipping it changes nothing
        if rule.words:
            lower = lower or text.lower()
            if not any(word in lower for word in rule.words):
                continue
        text, count = apply_rule(_rule(index), text)
        lower = "" if count else lower
    return text + TRUNCATED if cut else text


def sanitize(value: Any, depth: int = 0) -> Any:
    """Redact secret-named keys and scrub every string in JSON data; deep parts become a marker."""
    if isinstance(value, str):
        return scrub_text(value)
    if not isinstance(value, list | tuple | Mapping):
        return value
    if depth >= MAX_DEPTH:
        return TOO_DEEP
    try:
        if not isinstance(value, Mapping):
            return [sanitize(item, depth + 1) for item in value]
        out = {key: REDACTED if is_secret_key(str(key)) else sanitize(item, depth + 1) for key, item in value.items()}
    except Exception:  # a host object that cannot be read
        return UNREADABLE
    return _redact_pair(out)


def _redact_pair(data: dict[Any, Any]) -> dict[Any, Any]:
    """``{"name": "DB_PASSWORD", "value": "…"}``: the value redacted."""
    name = next((data[key] for key in PAIR_NAMES if key in data), None)
    if isinstance(name, str) and is_secret_key(name):
        for key in PAIR_VALUES:
            if key in data:
                data[key] = REDACTED
    return data
