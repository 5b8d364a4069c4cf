"""Where a rule's matches start (`errgen.targets.sanitizer.starts`): the Go runtime tries a rule only there.

Go's ``regexp`` skips ahead only to a pattern's one literal prefix; for a rule with starts, the Go runtime
searches for each of its choices' literals and tries the rule, anchored, where one places a match's start,
with the choices (its pattern's alternatives) whose literal is there. That finds every match only if each
match of a choice holds one of the choice's literals at the rule's offset, unless the text holds one of
the rule's `unless` literals (the alternatives left aside hold one). These tests try every position of
texts made of each rule's probes and needles, and of the secrets corpus; the shared vectors hold the Go
runtime to the other languages' bytes.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.targets.sanitizer import patterns as rp
from errgen.targets.sanitizer import starts as sanitizer_starts

from .corpus import samples

STARTED = [(rule, found) for rule in rp.TEXT_RULES if (found := sanitizer_starts.starts(rule)) is not None]
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def misplaced(rule: rp.Rule, found: sanitizer_starts.Starts, text: str) -> list[tuple[str, int]]:
    """The (choice, position) of each match of a choice that does not hold one of its literals at the offset."""
    if any(needle in text for needle in found.unless):
        return []
    hay = text.translate(ASCII_LOWER) if found.caseless else text
    out = []
    for choice in found.choices:
        pattern = re.compile(rp.python_pattern(choice.pattern))
        for at in range(len(text)):
            if pattern.match(text, at) and not any(hay.startswith(s, at + found.offset) for s in choice.literals):
                out.append((choice.pattern[:40], at))
    return out


def test_the_rules_go_tries_at_their_starts() -> None:
    names = {rule.name for rule, _ in STARTED}
    assert {"stack_frame", "python_frame", "db_client_password", "token_shape", "aws_key_id", "windows_path"} <= names
    assert not names & {rule.name for rule in rp.TEXT_RULES if rule.value}  # key rules find keys their own way


@pytest.mark.parametrize(("rule", "found"), STARTED, ids=[rule.name for rule, _ in STARTED])
def test_the_choices_are_the_alternatives_of_the_pattern(rule: rp.Rule, found: sanitizer_starts.Starts) -> None:
    alternatives = sanitizer_starts.split(sanitizer_starts.body(rule))
    chosen = [choice.pattern for choice in found.choices]
    left = [pattern for pattern in alternatives if pattern not in chosen]
    assert [pattern for pattern in alternatives if pattern in chosen] == chosen  # all of them, in order …
    assert len(left) == len(found.unless)  # … but those holding an `unless` literal
    assert all(rp.literal(needle) in pattern for needle, pattern in zip(found.unless, left, strict=True))
    assert all(choice.literals for choice in found.choices)
    assert all(literal == literal.lower() for literal in found.literals) or not found.caseless


@pytest.mark.parametrize(("rule", "found"), STARTED, ids=[rule.name for rule, _ in STARTED])
def test_every_match_of_the_corpus_holds_a_start(rule: rp.Rule, found: sanitizer_starts.Starts) -> None:
    for sample in samples():
        if sample.text is not None:
            assert misplaced(rule, found, sample.text) == [], sample.id


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_match_of_a_probe_text_holds_a_start(data: st.DataObject) -> None:
    rule, found = data.draw(st.sampled_from(STARTED))
    fragments = [*rule.probes, *rule.needles, *found.literals, "x", "A", "1", " ", "\\", "/", ".", "-", "_", ":"]
    text = "".join(data.draw(st.lists(st.sampled_from(fragments), max_size=40)))
    assert misplaced(rule, found, text) == []
