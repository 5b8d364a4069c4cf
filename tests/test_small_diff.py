"""One changed word in a catalog changes only the lines that show it, plus one fingerprint line per file."""

from __future__ import annotations

import re

from small_diff import EXPECTED, NEW, OLD, one_word_diff

_FINGERPRINT = re.compile(r"sha256:[0-9a-f]{64}")
_HASH = re.compile(r'^[+-]\s+"[^"]+": "[0-9a-f]{64}",?$')  # a manifest entry


def changed_lines(diff: str) -> list[str]:
    return [
        line
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++ ", "--- "))
    ]


def test_the_one_word_diff_is_pinned() -> None:
    """`python tests/regen.py` rewrites tests/small_diff.expected; review it like code."""
    assert one_word_diff() == EXPECTED.read_text(encoding="utf-8")


def test_every_changed_line_shows_the_word_the_fingerprint_or_a_manifest_hash() -> None:
    lines = changed_lines(EXPECTED.read_text(encoding="utf-8"))
    word = [line for line in lines if OLD.rsplit(" ", 1)[1] in line or NEW.rsplit(" ", 1)[1] in line]
    fingerprint = [line for line in lines if _FINGERPRINT.search(line) and line not in word]
    hashes = [line for line in lines if _HASH.match(line)]
    other = [line for line in lines if line not in word and line not in fingerprint and line not in hashes]
    assert other == []
    files = EXPECTED.read_text(encoding="utf-8").count("\n+++ ") + 1
    assert len(fingerprint) <= 2 * files, "the fingerprint appears more than once in a file"
    # 17 files: the word in 14 of them (the OpenAPI document, the problem schema and the reasons show the
    # code's `when` once each; so does each SDK adapter's catalog schema: Go, Rust, TypeScript 2.x and 1.x),
    # a fingerprint line in 8, a manifest hash for each
    assert len(lines) <= 91, f"{len(lines)} changed lines for one word"
