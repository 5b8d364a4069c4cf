"""The sanitizer's tables as TypeScript literals: rules, checks, markers and limits (`targets.sanitizer.patterns`).

The patterns are in the subset that a JavaScript RegExp with the ``u`` flag reads as Python,
Go and Rust do (`errgen.targets.sanitizer.regex_subset`), so they are printed as written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.targets.common.escape import ts_str
from errgen.targets.sanitizer import patterns as runtime_patterns
from errgen.targets.sanitizer import regex_subset
from errgen.targets.sanitizer import tables as sanitizer_tables
from errgen.targets.typescript.names import lit


@dataclass(frozen=True)
class TsRule:
    """A sanitizer rule as the TypeScript module prints it (literals)."""

    name: str
    pattern: str
    keys: bool  # its pattern is KEYS: its keys are the text's runs of key characters holding a secret word
    replacement: str
    needles: str  # `needleSearch(…)`: a RegExp that finds one of them, else `null`
    words: str  # a list (KEY_WORDS for the secret words)
    value: str  # `new RegExp(…, "uy")` of a key rule's value, else `null`
    checks: str  # [group, check, found] triples
    separator: str  # `new RegExp(…, "uy")` of what must follow a secret-word run, else `null`
    anywhere: str  # `new RegExp(…, "u")` of a key rule's value worth finding anywhere first, else `null`


def _needles(needles: tuple[str, ...]) -> str:
    """A rule's needles as one RegExp that finds any of them in one pass (`needleSearch`: the same object for
    the rules with the same needles), else `null`."""
    if not needles:
        return "null"
    return f"needleSearch({ts_str(regex_subset.check(runtime_patterns.one_of(needles)))})"


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.targets.sanitizer.patterns) as TypeScript literals."""
    rules = []
    for rule in runtime_patterns.TEXT_RULES:
        pattern, value = sanitizer_tables.patterns(rule)
        checks = ", ".join(f"[{g}, {i}, {str(f).lower()}]" for g, i, f in sanitizer_tables.checks(rule))
        compiled_value = f'new RegExp({ts_str(value)}, "uy")' if value else "null"
        words = "KEY_WORDS" if rule.words == runtime_patterns.KEY_WORDS else lit(list(rule.words))
        separator = sanitizer_tables.separator(rule)
        rules.append(TsRule(
            rule.name, ts_str(pattern), runtime_patterns.finds_keys(rule), ts_str(rule.replacement),
            _needles(rule.needles), words, compiled_value, f"[{checks}]",
            f'new RegExp({ts_str(separator)}, "uy")' if separator else "null",
            f'new RegExp({ts_str(value)}, "u")' if runtime_patterns.value_worth_finding(rule) else "null",
        ))  # fmt: skip
    key_words = lit(list(runtime_patterns.KEY_WORDS))
    tables = sanitizer_tables.tables(ts_str)
    key_word = ts_str(regex_subset.check(runtime_patterns.one_of(runtime_patterns.KEY_WORDS, caseless_letters=True)))
    return {"rules": rules, "key_pattern": ts_str(runtime_patterns.KEYS), "key_words": key_words,
            "key_word_pattern": key_word, **tables}  # fmt: skip
