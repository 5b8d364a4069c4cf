"""errgen's reference sanitizer: what the generated ``scrub_text`` and ``sanitize`` do.

The generated Python and TypeScript runtimes run the same rules
(`errgen.targets.runtime_patterns`) with the same driver; the tests hold all three to the same
output, byte for byte. errgen itself uses it to word the messages of conformance packs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from errgen.targets.runtime_patterns import (
    CUT_WINDOW,
    MAX_DEPTH,
    MAX_TEXT,
    PAIR_NAMES,
    PAIR_VALUES,
    REDACTED,
    SECRET_KEY_PATTERNS,
    TEXT_RULES,
    TOO_DEEP,
    TRUNCATED,
    UNREADABLE,
    emitted,
    python_replacement,
)

_SPACE = " \t\r\n"

_Compiled = tuple[re.Pattern[str], str, tuple[str, ...], tuple[str, ...]]


@functools.cache
def _compiled() -> tuple[list[_Compiled], re.Pattern[str], re.Pattern[str]]:
    """The text rules, and the secret and not-secret key name patterns, compiled on first use."""
    rules: list[_Compiled] = [
        (re.compile(emitted(r)), python_replacement(r.replacement), r.needles, r.words) for r in TEXT_RULES
    ]
    secret, not_secret = SECRET_KEY_PATTERNS
    return rules, re.compile(secret), re.compile(not_secret)


def is_secret_key(name: str) -> bool:
    """Whether a key (of an object, or of ``key=value`` text) names a secret."""
    _, secret, not_secret = _compiled()
    return secret.search(name) is not None and not_secret.search(name) is None


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
    for pattern, replacement, needles, words in _compiled()[0]:
        if needles and not any(needle in text for needle in needles):
            continue  # the rule cannot match: skipping it changes nothing
        if words:
            lower = lower or text.lower()
            if not any(word in lower for word in words):
                continue
        text, count = pattern.subn(replacement, text)
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
