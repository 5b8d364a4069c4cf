"""Error text never leaks: the generated sanitizer on real leak shapes, and its agreement with the
oracles (errgen.targets.sanitizer.scrub, errgen.catalog.messages) and with JavaScript's JSON.stringify (node)."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from types import ModuleType
from typing import Any

import pytarget_support as support
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog import messages
from errgen.targets.sanitizer import patterns as rp
from errgen.targets.sanitizer import scrub

LEAKS = {
    "linux path": "failed to open /home/alice/project/server.py: permission denied",
    "macOS path": "cannot read /Users/bob/dev/app.js",
    "Windows path": "missing C:\\Users\\carol\\AppData\\Local\\app\\x.py",
    "Windows slash path": "missing D:/Users/dave/file.txt",
    "root path": "see /root/.config/secret.toml",
    "Python traceback": 'Traceback (most recent call last):\n  File "/home/alice/x.py", line 3, in <module>\n'
    "    foo()\nValueError: boom",
    "JS stack": "Error: boom\n    at Object.<anonymous> (/Users/bob/app.js:10:5)\n"
    "    at Module._compile (node:internal/modules/cjs/loader:1105:14)",
    "Java stack": "java.lang.NullPointerException: x\n\tat com.example.Foo.bar(Foo.java:42)\n"
    "\tat com.example.Main.main(Main.java:5)",
    "bearer": "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlMQ",
    "OpenAI key": "key sk-abcdefghijklmnop1234 rejected",
    "GitHub token": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789 expired",
    "AWS key": "AKIAIOSFODNN7EXAMPLE is invalid",
    "Slack token": "xoxb-1234567890-abcdefghij",
    "password": "login failed password=hunter2 user=bob",
    "password JSON": '{"password": "hunter2", "user": "bob"}',
    "api key query": "GET /v1?api_key=AbCdEf123456&x=1",
    "api key header": "X-API-Key: zzzsecretzzz",
    "cookie": "Cookie: session=abc123def; theme=dark",
    "set-cookie": "Set-Cookie: sid=xyz789uvw; Path=/; HttpOnly",
    "URL password": "GET https://deploy:pw7u8i9o@git.example.com/repo.git: 403",
}
SECRETS = ("alice", "bob/", "carol", "dave", ".config", "server.py", "x.py", "app.js", "Foo.java", "Main.java",
           "eyJhbGciOiJIUzI1NiJ9", "c2lnbmF0dXJlMQ", "sk-abcdefghijklmnop1234", "ghp_abcdef", "AKIAIOSFODNN7EXAMPLE",
           "xoxb-1234567890", "hunter2", "AbCdEf123456", "zzzsecretzzz", "abc123def", "xyz789uvw",
           "pw7u8i9o")  # fmt: skip
# The wallfacer error-shape pack's patterns (Rust regex; these two read the same in Python).
PACK_PATH = re.compile(r"(?:/Users/|/home/|C:\\\\)")
PACK_TRACE = re.compile(r"Traceback \(most recent call last\)|^\s*at\s+[A-Za-z0-9_<>$.]+\(")
FRAME = re.compile(r"(?m)^\s*at\s+[\w$.<>]+\(|\(\S+:\d+(:\d+)?\)")


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    where = tmp_path_factory.mktemp("sanmods")
    return {name: support.load(support.shipped(name), where) for name in support.SHIPPED}


def leaked(text: str) -> list[str]:
    found = [s for s in SECRETS if s in text]
    found += [p.pattern for p in (PACK_PATH, PACK_TRACE, FRAME) if p.search(text)]
    return found


@pytest.mark.parametrize("shape", LEAKS)
def test_no_leak_in_message_text(mods: dict[str, ModuleType], shape: str) -> None:
    err = mods["filetools"].CommandFailedError.create(detail=LEAKS[shape])
    result = err.to_result()
    for text in (result["content"][0]["text"], result["structuredContent"]["message"]):
        assert leaked(text) == [], text


@pytest.mark.parametrize("shape", LEAKS)
def test_no_leak_in_original(mods: dict[str, ModuleType], shape: str) -> None:
    body = {"message": LEAKS[shape], "nested": [LEAKS[shape]]}
    original = mods["napkin"].map_http(502, body).to_payload()["original"]
    assert leaked(json.dumps(original, ensure_ascii=False)) == []
    assert leaked(json.dumps(mods["napkin"].sanitize(LEAKS[shape]))) == []


def test_secret_named_keys_are_redacted_whatever_their_value(mods: dict[str, ModuleType]) -> None:
    sanitize = mods["napkin"].sanitize
    data = {"Authorization": "x", "PASSWORD": 1, "client_secret": {"a": 1}, "refresh-token": ["t"], "note": "fine"}
    assert sanitize(data) == {
        "Authorization": "[REDACTED]", "PASSWORD": "[REDACTED]", "client_secret": "[REDACTED]",
        "refresh-token": "[REDACTED]", "note": "fine",
    }  # fmt: skip
    # substrings of the key, as Sentry matches them; counters and descriptions that share a word stay
    named = {"X-Auth-Token": "a", "DB_PASSWORD": "b", "aws_secret_access_key": "c", "max_tokens": 5, "author": "d"}
    assert sanitize(named) == {
        "X-Auth-Token": "[REDACTED]", "DB_PASSWORD": "[REDACTED]", "aws_secret_access_key": "[REDACTED]",
        "max_tokens": 5, "author": "d",
    }  # fmt: skip


def test_forwarded_unknown_errors_are_scrubbed_too(mods: dict[str, ModuleType]) -> None:
    unknown = mods["workbook"].parse_error({"code": "new", "message": LEAKS["Python traceback"]})
    assert leaked(unknown.to_result()["content"][0]["text"]) == []


# -- agreement with the oracles -------------------------------------------------------------

TEXT = st.text(st.characters(codec="utf-8"), max_size=60) | st.sampled_from(list(LEAKS.values()))


@settings(max_examples=examples(300), deadline=None)
@given(TEXT, TEXT)
def test_scrub_text_matches_the_oracle(mods: dict[str, ModuleType], a: str, b: str) -> None:
    text = a + b
    assert mods["napkin"].scrub_text(text) == scrub.scrub_text(text)


# Key runs: key characters, secret words in any case, separators, and the characters that str.lower()
# turns into ASCII letters (the Kelvin sign, a dotted capital I, which also grows into two characters).
KEYISH = st.lists(
    st.sampled_from(["token", "PASS", "Key", "sid", "x", "_", ".", "-", "=", ":", '"', " ", "\\", "\u212a", "\u0130",
                     "ey", "to", "en", "ſ", "é", "9", "a", "\n", ",", "'"]),
    max_size=30,
).map("".join)


@settings(max_examples=examples(400), deadline=None)
@given(KEYISH)
def test_key_runs_are_the_matches_of_the_key_pattern(mods: dict[str, ModuleType], text: str) -> None:
    """The runtime finds a key rule's keys by searching the lowered text for each secret word; they are
    the matches of the rules' KEYS pattern, whatever the case and the characters around."""
    runtime = mods["napkin"]._runtime
    expected = [found.span(2) for found in re.finditer(rp.python_pattern(rp.KEYS), text)]
    assert runtime._key_runs(runtime._lowered(text)) == expected


@settings(max_examples=examples(300), deadline=None)
@given(KEYISH, KEYISH)
def test_scrub_text_matches_the_oracle_on_keys(mods: dict[str, ModuleType], a: str, b: str) -> None:
    text = a + b
    assert mods["napkin"].scrub_text(text) == scrub.scrub_text(text)


SAFE = 2**53  # beyond it JavaScript rounds integers (see the test below)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-SAFE, SAFE) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT.filter(lambda k: not k.endswith("\n")), inner),
    max_leaves=12,
)


@settings(max_examples=examples(200), deadline=None)
@given(JSONISH)
def test_sanitize_matches_the_oracle(mods: dict[str, ModuleType], value: Any) -> None:
    assert mods["napkin"].sanitize(value) == scrub.sanitize(value)


NUMBERS = st.integers(min_value=-SAFE, max_value=SAFE) | st.floats(allow_nan=True, allow_infinity=True)


@settings(max_examples=examples(400), deadline=None)
@given(NUMBERS)
def test_numbers_format_like_javascript(mods: dict[str, ModuleType], value: float) -> None:
    assert mods["napkin"].format_message("{n}", {"n": value}) == messages.js_number(value)


def test_integers_beyond_double_precision_round_as_javascript_does(mods: dict[str, ModuleType]) -> None:
    fmt = mods["napkin"].format_message
    assert fmt("{n}", {"n": 2**53 + 1}) == "9007199254740992"  # String(9007199254740993) in JS
    assert fmt("{n}", {"n": 10**21}) == "1e+21" and fmt("{n}", {"n": -(10**400)}) == "-Infinity"
    assert mods["napkin"].to_json([10**400]) == "[null]"


# messages.format_value writes objects with Python's json (``0.0``, ``1e-07``); the runtimes write
# JavaScript's JSON (``0``, ``1e-7``, checked against node above), so nested floats here avoid both forms.
PLAIN_FLOATS = st.floats(allow_nan=False, allow_infinity=False).filter(
    lambda f: "e" not in repr(f) and not f.is_integer()
)
MESSAGE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-SAFE, SAFE) | PLAIN_FLOATS | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner),
    max_leaves=12,
)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.dictionaries(st.sampled_from(["a", "b", "c"]), MESSAGE_VALUES),
    st.sampled_from(["{a}", "x{a}y{b}{{c}}", "{c}..{a}"]),
)
def test_message_templates_render_like_errgen(
    mods: dict[str, ModuleType], values: dict[str, Any], template: str
) -> None:
    given_values = {k: v for k, v in values.items() if v is not None}
    assert mods["napkin"].format_message(template, given_values) == messages.render(template, given_values)


def test_to_json_is_byte_identical_to_json_stringify(mods: dict[str, ModuleType]) -> None:
    node = shutil.which("node")
    assert node, "node is required: the cross-language JSON bytes are checked against JSON.stringify"
    cases: list[Any] = [
        0, -0.0, 1.0, 2.5, 1e21, 1e-7, 1.5e-7, 123456789012345678901234, 2**53 + 1, 0.1 + 0.2, 1e300, -1e-300,
        5e-324,
        "plain", "quote \" backslash \\ slash /", "\u0000\u001f\u007f\u2028\u2029", "日本語 😀", "\t\n\r\b\f",
        [1, [2, {"k": None}]], {"b": 1, "a": True, "ключ": False}, {"nan": math.nan, "inf": math.inf},
        {"range": {"min": 0, "max": 1000}},
    ]  # fmt: skip
    to_json = mods["napkin"].to_json
    script = "const lines = require('fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean);" \
             "for (const l of lines) console.log(JSON.stringify(JSON.parse(l)));"  # fmt: skip
    # Python's json writes NaN/Infinity, which JSON.parse rejects; send those as null (what stringify writes).
    feed = "\n".join(json.dumps(c if c is not cases[-2] else {"nan": None, "inf": None}) for c in cases) + "\n"
    out = subprocess.run([node, "-e", script], input=feed, capture_output=True, text=True, check=True, timeout=60)
    assert [to_json(c) for c in cases] == out.stdout.split("\n")[:-1]
