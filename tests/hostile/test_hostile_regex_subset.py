"""The sanitizer's patterns keep to the regex subset four engines read alike, and the runtimes need no other engine.

Go's ``regexp`` (RE2) and Rust's ``regex`` run every pattern in linear time and refuse lookaround;
Python's ``re`` and JavaScript give the same matches as they do only inside the subset
`errgen.targets.sanitizer.regex_subset` checks (no lookaround, no backreference, no ``\\s``/``\\d``/``\\w``/``\\b``
or ``.``, no flags, no group inside a repetition, no set operation in a class). The shared vectors
(tests/contract/vectors/sanitize.jsonl) hold the four runtimes to the same bytes; these tests hold
the patterns to the subset, the key rules to the shape the Go runtime's search relies on, and the
generated Go module and Rust crate to their one engine.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.go import target as go
from errgen.targets.rust import target as rust
from errgen.targets.sanitizer import patterns as rp
from errgen.targets.sanitizer import regex_subset, scrub
from errgen.targets.sanitizer import tables as sanitizer_tables

from .hostile_checks import must_compile

RULES = rp.TEXT_RULES
KEY_RULES = [rule for rule in RULES if rule.value]
KEY_OPENING = "(^|[^A-Za-z0-9_.-])([A-Za-z0-9_.-]"  # what precedes a key, then the key: a character it leaves out


@pytest.mark.parametrize("rule", RULES, ids=[rule.name for rule in RULES])
def test_every_rule_is_in_the_subset_and_never_matches_nothing(rule: rp.Rule) -> None:
    pattern, value = sanitizer_tables.patterns(rule)  # raises outside the subset
    assert re.fullmatch(rp.python_pattern(pattern), "") is None
    assert rule.needles or rule.words, "a rule without needles or words would run on every text"
    if value:
        assert re.match(rp.python_pattern(pattern), "") is None


@pytest.mark.parametrize(
    "pattern",
    ["(?=a)b", "(?<!a)b", "(a)\\1", "\\bword", "\\s", "\\d+", "\\w", "a.b", "(?i)a", "(a)+", "(?:(a)|b)*", "[a&&b]",
     "[a--b]", "\\/", "a{1001}", "(?P<n>a)(?P=n)"],
)  # fmt: skip
def test_what_engines_read_differently_is_refused(pattern: str) -> None:
    with pytest.raises(ValueError):
        regex_subset.check(pattern)


def test_every_check_is_in_the_subset() -> None:
    for name in rp.CHECK_NAMES:
        regex_subset.check(rp.CHECKS[name])
    assert rp.CHECK_NAMES[:2] == ("secret", "not_secret")  # the runtimes' is_secret_key reads these two


@pytest.mark.parametrize("rule", KEY_RULES, ids=[rule.name for rule in KEY_RULES])
def test_a_key_rule_starts_with_what_precedes_its_key_then_the_key(rule: rp.Rule) -> None:
    """Group 1 opens the pattern and group 2 (the key) follows it; where group 1 may be the text's start, the
    key's characters are all ones group 1 leaves out, so that no match starts inside a key (the Go runtime's
    search relies on it)."""
    pattern = rp.emitted(rule)
    assert pattern.startswith("(") and not pattern.startswith("(?")
    parsed = re.compile(rp.python_pattern(pattern))
    assert parsed.groups >= 2
    if "(^|" in pattern or "(?:^|" in pattern:
        assert pattern.startswith(KEY_OPENING), rule.name
    assert all(check.group <= re.compile(rp.python_pattern(rp.emitted_value(rule))).groups for check in rule.checks)
    if rp.finds_keys(rule):  # its separator is what the key pattern would have held after the key
        separator = rp.emitted_separator(rule)
        assert separator and regex_subset.check(separator) and re.match(rp.python_pattern(separator), "") is None


def _search_like_go(pattern: re.Pattern[str], text: str, pos: int) -> tuple[int, int] | None:
    """What the Go runtime's find does: search text[pos:], where ^ also matches at pos, and skip such a match."""
    while pos <= len(text):
        found = pattern.search(text[pos:])
        if found is None:
            return None
        if pos > 0 and found.start() == 0 and found.end(1) == 0:  # ^ at pos: not the start of the text
            pos += found.end(2)
            continue
        return pos + found.start(), pos + found.end()
    return None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab=:_ -\"'\\\nxtokenpasswd<>/", max_size=40), st.integers(0, 40))
def test_searching_the_rest_of_the_text_as_go_does_finds_what_python_finds(text: str, pos: int) -> None:
    """Go cannot search from a position and see the text before it; its runtime searches text[pos:] and
    skips a match of ^ there. On any text, from any position, that finds the match Python finds."""
    pos = min(pos, len(text))
    for rule in KEY_RULES:
        pattern = re.compile(rp.python_pattern(rp.emitted(rule)))
        truth = pattern.search(text, pos)
        assert _search_like_go(pattern, text, pos) == (truth and (truth.start(), truth.end())), rule.name


def test_the_generated_go_module_needs_the_standard_library_only() -> None:
    catalog = load_catalog_text()
    files = go.generate(catalog, TargetOptions())
    assert "require" not in files["go/go.mod"] and "go/go.sum" not in files
    assert "regexp2" not in files[go.RUNTIME_FILE] and '"regexp"' in files[go.RUNTIME_FILE]


def test_the_generated_rust_crate_runs_its_rules_on_regex_alone() -> None:
    files = rust.generate(load_catalog_text(), TargetOptions())
    assert "fancy" not in files["rust/Cargo.toml"] and 'regex = "' in files["rust/Cargo.toml"]
    assert "fancy_regex" not in files["rust/src/runtime.rs"]


def test_the_reference_finds_a_key_after_a_rejected_one() -> None:
    """A key rule that fails its checks searches on right after the key, as a lookahead would have."""
    assert scrub.scrub_text("redirect=https://x.test/cb?token=abc123&next=1") == (
        "redirect=https://x.test/cb?token=[REDACTED]&next=1"
    )
    assert scrub.scrub_text("Error: token: abc123def") == "Error: token: [REDACTED]"
    assert scrub.scrub_text("max_tokens=5 password=hunter2") == "max_tokens=5 password=[REDACTED]"


def load_catalog_text() -> Catalog:
    return must_compile("errgen: 1\ncatalog: {name: subset, version: 1.0.0}\ncodes:\n  a: {message: a}\n")
