"""The sanitizer's tables as TypeScript literals: rules, checks, markers and limits (`targets.sanitizer.patterns`).

The patterns are in the subset that a JavaScript RegExp with the ``u`` flag reads as Python,
Go and Rust do (`errgen.targets.sanitizer.regex_subset`), so they are printed as written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.targets.common.escape import ts_str
from errgen.targets.sanitizer import patterns as runtime_patterns
from errgen.targets.sanitizer import tables as sanitizer_tables
from errgen.targets.typescript.names import lit


@dataclass(frozen=True)
class TsRule:
    """A sanitizer rule as the TypeScript module prints it (literals)."""

    name: str
    pattern: str
    replacement: str
    needles: str
    words: str
    value: str  # `new RegExp(…, "uy")` of a key rule's value, else `null`
    checks: str  # [group, check, found] triples


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.targets.sanitizer.patterns) as TypeScript literals."""
    rules = []
    for rule in runtime_patterns.TEXT_RULES:
        pattern, value = sanitizer_tables.patterns(rule)
        checks = ", ".join(f"[{g}, {i}, {str(f).lower()}]" for g, i, f in sanitizer_tables.checks(rule))
        compiled_value = f'new RegExp({ts_str(value)}, "uy")' if value else "null"
        literals = (lit(list(rule.needles)), lit(list(rule.words)), compiled_value, f"[{checks}]")
        rules.append(TsRule(rule.name, ts_str(pattern), ts_str(rule.replacement), *literals))
    return {"rules": rules, **sanitizer_tables.tables(ts_str)}
