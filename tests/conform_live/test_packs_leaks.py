"""The generated leak checks agree with the runtime scrubber: scrubbed text always passes, leaks fail."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.conform.regex import compile_rust
from errgen.targets.packs.assertions import LEAKS
from errgen.targets.sanitizer.scrub import scrub_text

FRAGMENTS = [
    "/home/", "/home/alice/x.py", "/Users/bob", "/root", "/root/.ssh", "/rooty", "C:\\", "c:\\Users\\x", "D:/Users/",
    "d:/documents and settings/", "Traceback (most recent call last):", "\n  at f (a.js:1:2)", "\nat x(y)", " at ",
    "(", ")", "\n", "\r\n", " ", "\t", "a", "_", "-", ".", "/", "\\", ":", "é", "\u00a0", "\u2028",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=3), max_size=12).map("".join)


@pytest.mark.parametrize("kind", sorted(LEAKS))
@settings(max_examples=examples(300), deadline=None)
@given(text=TEXTS)
def test_scrubbed_text_never_trips_a_leak_check(kind: str, text: str) -> None:
    assert not compile_rust(LEAKS[kind]).search(scrub_text(text))


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("home_path", "cannot open /home/alice/server.py"),
        ("home_path", "see /Users/bob/notes"),
        ("home_path", "/root/.config"),
        ("home_path", "at C:\\Users\\eve\\app"),
        ("home_path", "in d:/Users/eve/app"),
        ("stack_trace", 'boom\nTraceback (most recent call last):\n  File "x.py", line 1'),
        ("stack_trace", "TypeError: x\n    at compute (/srv/app.js:10:5)"),
    ],
)
def test_leaks_are_caught(kind: str, text: str) -> None:
    assert compile_rust(LEAKS[kind]).search(text)


@pytest.mark.parametrize("text", ["argument 'unit' is malformed", "see src/a.ts line 3", "ratio 1:2", "/rooted"])
def test_ordinary_messages_pass(text: str) -> None:
    assert not any(compile_rust(p).search(text) for p in LEAKS.values())
