"""The sanitizer's fixed tables (`runtime_patterns`) as one language's literals: every runtime embeds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from errgen.targets import runtime_patterns as rp


def tables(
    quote: Callable[[str], str], pattern: Callable[[str], str] | None = None, joined: bool = True
) -> dict[str, Any]:
    """Secret-key patterns (through `pattern`, else `quote`), markers, limits and the name/value pair keys.

    The pair keys come as one comma-separated text, or with `joined` false as a list.
    """
    regex = pattern or quote

    def keys(names: tuple[str, ...]) -> str | list[str]:
        quoted = [quote(name) for name in names]
        return ", ".join(quoted) if joined else quoted

    return {
        "secret_key": [regex(p) for p in rp.SECRET_KEY_PATTERNS],
        **{name: quote(text) for name, text in rp.MARKERS.items()},
        **{name: str(number) for name, number in rp.LIMITS.items()},
        "pair_names": keys(rp.PAIR_NAMES),
        "pair_values": keys(rp.PAIR_VALUES),
    }
