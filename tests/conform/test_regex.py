"""Rust `regex`-crate dialect on Python `re`: escapes, Unicode classes, anchors, rejections."""

from __future__ import annotations

import pytest

from errgen.conform.regex import RegexError, is_match, translate


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        (r"\u200d", "a\u200db", True),
        (r"\u{200d}", "a\u200db", True),
        (r"\x{41}", "A", True),
        (r"\x41", "A", True),
        (r"\U0001F600", "😀", True),
        (r"\U{1F600}", "😀", True),
        (r"[\x{41}-\x{43}]+$", "ABC", True),
        (r"\s", "\u00a0", True),  # Unicode White_Space
        (r"\s", "\x1c", False),  # Python's `\s` would match this
        (r"\d", "\u0663", True),  # ARABIC-INDIC DIGIT THREE
        (r"^\w+$", "e\u0301\u200d", True),  # marks and ZWJ are word characters in Rust
        (r"^\w$", "²", False),  # No is not a word character in Rust (Python says it is)
        (r"\bfoo\b", "a foo b", True),
        (r"\bfoo\b", "éfoo", False),  # Unicode word boundary
        (r"a$", "a\n", False),  # `$` is end of text without (?m)
        (r"(?m)a$", "a\nb", True),
        (r"^b", "a\nb", False),
        (r"(?m)^b", "a\nb", True),
        (r"a(?i)b|c", "C", True),  # a flag directive covers the rest of the group
        (r"(?i:a)b", "aB", False),
        (r"(?s)a.b", "a\nb", True),
        (r"a.b", "a\nb", False),
        (r"[a-z&&[^aeiou]]+$", "xyz", True),
        (r"^[a-z--[aeiou]]$", "e", False),
        (r"^[[:alpha:][:digit:]]+$", "a1", True),
        (r"^\p{Lu}\pL+$", "Жук", True),
        (r"^\P{L}$", "1", True),
        (r"(?<year>\d{4})", "in 2024", True),
        (r"a**", "b", True),  # nested repetition is legal in Rust
        (r"(?x) a \  b  # comment", "a b", True),
        (r"Traceback \(most recent call last\)|^\s*at\s+[A-Za-z0-9_<>$.]+\(", "  at Foo.bar(", True),
    ],
)
def test_rust_semantics(pattern: str, text: str, expected: bool) -> None:
    assert is_match(pattern, text) is expected


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?=a)",
        r"(?!a)",
        r"(?<=a)b",
        r"(?<!a)b",
        r"(a)\1",
        r"(?P=n)",
        r"\k<n>",
        r"*a",
        r"a{",
        r"a{,3}",
        r"a{3,2}",
        r"[a",
        r"[z-a]",
        r"(a",
        r"a)",
        r"\Z",
        r"\e",
        r"\x{110000}",
        r"(?P<n>a)(?P<n>b)",
        r"(?#comment)",
        r"(?)",
        r"\p{Greek}",  # valid Rust, but beyond errgen's translator: still reported
    ],
)
def test_rejected_patterns(pattern: str) -> None:
    with pytest.raises(RegexError):
        translate(pattern)


def test_lazy_and_swap_greed() -> None:
    assert translate("a+?") == "(?:a)+?"
    assert translate("(?U)a+") == "(?:a)+?"
    assert translate("(?U)a+?") == "(?:a)+"
