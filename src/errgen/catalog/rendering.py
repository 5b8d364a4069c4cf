"""Messages in the ICU subset, as errgen renders them at build time (docs, packs, examples).

`placeholders` and `render` read any message of `icu`; a plain template (``{name}`` only) is read
and rendered exactly as `messages` does, byte for byte.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog import icu, messages


def placeholders(template: str) -> tuple[str, ...]:
    """Argument names in order of first appearance (nested plural and select arguments too)."""
    if icu.is_plain(template):
        return messages.placeholders(template)
    seen: dict[str, None] = {}
    for _, name in sorted(icu.names_at(icu.parse(template))):
        seen.setdefault(name, None)
    return tuple(seen)


def render(template: str, values: dict[str, Any], locale: str = "en") -> str:
    """Render `template` with `values` (missing values render empty) in `locale` (its plurals and numbers)."""
    if icu.is_plain(template):
        return messages.render(template, values)
    from errgen.catalog import plurals

    return icu.render(icu.parse(template), values, plurals.locale(locale))
