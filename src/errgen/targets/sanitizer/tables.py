"""The sanitizer's fixed tables (`runtime_patterns`) as one language's literals: every runtime embeds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from errgen.targets.sanitizer import patterns as rp
from errgen.targets.sanitizer import regex_subset


def tables(
    quote: Callable[[str], str], pattern: Callable[[str], str] | None = None, joined: bool = True
) -> dict[str, Any]:
    """The checks' patterns (through `pattern`, else `quote`) with their names, markers, limits, pair keys.

    The pair keys come as one comma-separated text, or with `joined` false as a list.
    """
    regex = pattern or quote

    def keys(names: tuple[str, ...]) -> str | list[str]:
        quoted = [quote(name) for name in names]
        return ", ".join(quoted) if joined else quoted

    return {
        "checks": [(name, regex(regex_subset.check(rp.CHECKS[name]))) for name in rp.CHECK_NAMES],
        **{name: quote(text) for name, text in rp.MARKERS.items()},
        **{name: str(number) for name, number in rp.LIMITS.items()},
        "pair_names": keys(rp.PAIR_NAMES),
        "pair_values": keys(rp.PAIR_VALUES),
    }


def patterns(rule: rp.Rule) -> tuple[str, str]:
    """A rule's pattern and value pattern as the runtimes compile them (held to the four engines' subset)."""
    value = rp.emitted_value(rule)
    return regex_subset.check(rp.emitted(rule)), regex_subset.check(value) if value else ""


def separator(rule: rp.Rule) -> str:
    """A key rule's separator as the runtimes compile it ("" for none), held to the subset."""
    separator = rp.emitted_separator(rule)
    return regex_subset.check(separator) if separator else ""


def checks(rule: rp.Rule) -> list[tuple[int, int, bool]]:
    """A key rule's checks as (group, index in the checks' table, found)."""
    return [(check.group, rp.CHECK_NAMES.index(check.name), check.found) for check in rule.checks]


def anchored(pattern: str) -> str:
    """`pattern` matched only at the start of a text (Go and Rust match a value on the rest of the text)."""
    return f"^(?:{pattern})" if pattern else ""
