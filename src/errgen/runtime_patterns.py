"""Sanitizer patterns emitted verbatim into the generated Python and TypeScript.

Each rule is ``(pattern, flags, replacement)``: the pattern uses only syntax that
Python ``re`` and JavaScript ``RegExp`` read the same way (no ``\\b``, no inline
flags, no ``$`` under multiline); flags are JS letters (``i``, ``g`` implied);
replacements use ``$1`` (the Python target turns it into ``\\g<1>``). The
reference functions here are the oracle the cross-language tests compare with.
"""

from __future__ import annotations

import functools
import re
from typing import Any

REDACTED = "[REDACTED]"

SECRET_NAMES = (
    "authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|password|passwd|pwd|"
    "secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|session|session[-_]?id|"
    "private[-_]?key"
)

SECRET_KEY = (f"^(?:{SECRET_NAMES})$", "i")

_PATH_CHARS = "[^\\s\"'<>|]*"

TEXT_RULES: tuple[tuple[str, str, str], ...] = (
    # 1. stack traces (before paths: a trace is removed whole)
    ("Traceback \\(most recent call last\\):[\\s\\S]*", "", "[stack trace removed]"),
    ("(^|\\n)[ \\t]*at [^\\n]*\\([^\\n]*\\)[ \\t]*(?=\\n|$)", "", "$1"),
    ("(^|\\n)[ \\t]*at [^ \\t\\n()]+:\\d+:\\d+[ \\t]*(?=\\n|$)", "", "$1"),
    # 2. credentials
    ("(?<![A-Za-z0-9])(Bearer|Basic)[ \\t]+[A-Za-z0-9._~+/=-]+", "i", "$1 " + REDACTED),
    ("((?:^|[^A-Za-z0-9-])(?:set-)?cookie[ \\t]*:[ \\t]*)[^\\r\\n]*", "i", "$1" + REDACTED),
    (f'((?:{SECRET_NAMES})["\']?[ \\t]*[:=][ \\t]*")[^"\\n]*', "i", "$1" + REDACTED),
    (f"((?:{SECRET_NAMES})[\"']?[ \\t]*[:=][ \\t]*')[^'\\n]*", "i", "$1" + REDACTED),
    (f"((?:{SECRET_NAMES})[\"']?[ \\t]*[:=][ \\t]*[\"']?)[^\\s\"'&,;}}]+", "i", "$1" + REDACTED),
    # the password of a URL's userinfo (scheme://user:password@host); a scheme starts a word
    ("((?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://[^\\s/?#@:\"'<>]*:)[^\\s/?#@\"'<>]+(?=@)", "", "$1" + REDACTED),
    (
        "(?<![A-Za-z0-9])(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|"
        "xox[abprs]-[A-Za-z0-9-]{10,}|eyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*|"
        "github_pat_[A-Za-z0-9_]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{10,}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20,})",
        "",
        REDACTED,
    ),
    # 3. absolute user paths
    (f"(?:/home/|/Users/)[^/\\s\"'<>|]+(?:/{_PATH_CHARS})?", "", "<path>"),
    (f"/root(?:/{_PATH_CHARS})?(?![A-Za-z0-9_])", "", "<path>"),
    (f"(?<![A-Za-z0-9])[A-Za-z]:\\\\{_PATH_CHARS}", "", "<path>"),
    (f"(?<![A-Za-z0-9])[A-Za-z]:/(?:Users|Documents and Settings)/{_PATH_CHARS}", "i", "<path>"),
)


def python_replacement(replacement: str) -> str:
    """``$1`` → ``\\g<1>`` for ``re.sub``."""
    return re.sub(r"\$(\d)", r"\\g<\1>", replacement)


def _compile(pattern: str, flags: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE if "i" in flags else 0)


# Per rule of TEXT_RULES, (needles, words): every match contains one of the needles as
# written (literal text of a case-sensitive rule, or ``: = / \``, which have no case, so
# ``re.IGNORECASE`` matches them only as themselves), and one of the words in some letter
# case. On ASCII text, IGNORECASE matches an ASCII letter only in its two cases, so a match
# shows in ``text.lower()``; on other text the words are not checked (``ſ``, ``ı``, ``K``
# match s, i, k). A rule that fails either test cannot change the text: `scrub_text` skips it.
_SECRET_WORDS = ("authorization", "cookie", "key", "pass", "pwd", "secret", "token", "session")
_NEEDLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("Traceback (most recent call last):",), ()),
    (("at ",), ()),
    (("at ",), ()),
    ((), ("bearer", "basic")),
    ((":",), ("cookie",)),
    ((":", "="), _SECRET_WORDS),
    ((":", "="), _SECRET_WORDS),
    ((":", "="), _SECRET_WORDS),
    (("://",), ()),
    (("sk-", "gh", "AKIA", "xox", "eyJ", "github_pat_", "k_", "AIza", "glpat-"), ()),
    (("/home/", "/Users/"), ()),
    (("/root",), ()),
    ((":\\",), ()),
    ((":/",), ()),
)


def _any_of(texts: tuple[str, ...]) -> re.Pattern[str] | None:
    return re.compile("|".join(map(re.escape, texts))) if texts else None


_Rule = tuple[re.Pattern[str], str, re.Pattern[str] | None, re.Pattern[str] | None]


@functools.cache
def _compiled() -> tuple[list[_Rule], re.Pattern[str]]:
    """Each text rule as (pattern, replacement, needle, word), and the secret-key pattern.

    Compiled on first use: generators read only the pattern texts, and compiling all
    of them costs a build ≈5 ms.
    """
    rules = [
        (_compile(p, f), python_replacement(r), _any_of(needles), _any_of(words))
        for (p, f, r), (needles, words) in zip(TEXT_RULES, _NEEDLES, strict=True)
    ]
    return rules, _compile(*SECRET_KEY)


def scrub_text(text: str) -> str:
    """Remove stack traces, credentials and user paths from one string."""
    for pattern, replacement, needle, word in _compiled()[0]:
        if needle and not needle.search(text):
            continue
        if word and text.isascii() and not word.search(text.lower()):
            continue
        text = pattern.sub(replacement, text)
    return text


def sanitize(value: Any) -> Any:
    """Redact secret-named keys and scrub every string in JSON data."""
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, list):
        return [sanitize(v) for v in value]
    if isinstance(value, dict):
        key = _compiled()[1]
        return {k: REDACTED if key.fullmatch(str(k)) else sanitize(v) for k, v in value.items()}
    return value
