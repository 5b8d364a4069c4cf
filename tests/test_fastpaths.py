"""Shortcuts taken for speed give exactly what the general rules give.

* `messages.js_number` reads Python's ``repr`` directly when it has no exponent; node's
  ``String(n)`` is the oracle, over edge cases and random doubles of every magnitude.
* `naming.words` splits snake_case names on ``_`` without the boundary regex; the
  regex path (`naming.split_words`) is the oracle.
* `go.layout.aligned_specs` keeps the widths of its block as it grows instead of laying the
  block out again for every spec (which made a 10,000-code const group quadratic); laying it
  out again is the oracle.
* `go.names.exported` keeps an ASCII name of letters, digits and underscores whole, and
  `channels.ascii_upper` upper-cases ASCII text with ``str.upper``; their character-by-character
  rules are the oracle.
* `python.formatting._line_units` visits only the lines that may start a statement or open a
  string (tests/test_formatting.py holds the line-by-line reading it must equal).
* `scrub.scrub_text` compiles a text rule only when a text has the rule's needles and words; the
  same scrub with every rule compiled up front is the oracle.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import string
import struct
import unicodedata

from ts import harness

from errgen.catalog import messages, naming
from errgen.targets.common import channels
from errgen.targets.go import layout, names
from errgen.targets.sanitizer import scrub

EDGES = [0.0, -0.0, 1.0, -2.0, 0.5, 75.96, 0.1 + 0.2, 1e-7, 1e-6, 1e-5, 1e-4, 123456789.125, 1e15, 1e16,
         9.999e15, 1e20, 1e21, 1e22, 5e-324, 1.7976931348623157e308, 2**53, 2**53 + 1, 2**60, -(2**60), 3,
         0]  # fmt: skip


def _doubles(count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    out: list[float] = []
    while len(out) < count:
        bits = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        scaled = rng.uniform(-1, 1) * 10 ** rng.randint(-9, 23)
        out += [x for x in (bits, scaled) if math.isfinite(x)]
    return out


def test_js_number_matches_javascript_string() -> None:
    values = EDGES + _doubles(20_000, seed=6)
    script = "console.log(JSON.stringify(JSON.parse(require('fs').readFileSync(0, 'utf8')).map(String)));"
    done = harness.run([harness.tool("node"), "-e", script], cwd=harness.TS_DIR, stdin=json.dumps(values))
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    mismatches = [(v, e, messages.js_number(v)) for v, e in zip(values, expected, strict=True)
                  if messages.js_number(v) != e]  # fmt: skip
    assert not mismatches, mismatches[:10]


def test_snake_case_shortcut_splits_like_the_boundary_rules() -> None:
    rng = random.Random(6)
    alphabets = (string.ascii_lowercase + string.digits + "_", string.ascii_letters + string.digits + "_-. ", "aB1_")
    names = ["a", "_x_", "__", "x1_2y", "1abc", "ab9c", "ab9C", "0B", "größe", "a_b__c"]
    names += ["".join(rng.choice(chars) for _ in range(rng.randint(1, 10))) for chars in alphabets for _ in range(5000)]
    assert [n for n in names if naming.words(n) != naming.split_words(n)] == []


def _random_names(seed: int) -> list[str]:
    rng = random.Random(seed)
    alphabets = (string.ascii_letters + string.digits + "_", "aB1_-. $", "_1aé\u00b2\u0660Ω")
    made = ["", "_", "__x", "1st", "a_B", "x1", "ß", "É_1", "\u00b2", "Ωmega", "\u0660a"]
    return made + [
        "".join(rng.choice(chars) for _ in range(rng.randint(1, 9))) for chars in alphabets for _ in range(3000)
    ]


def test_go_names_and_reasons_shortcuts_follow_the_character_rules() -> None:
    def exported_by_rule(pascal: str, wire: str) -> str:
        ident = "".join(ch for ch in pascal if ch == "_" or unicodedata.category(ch)[0] == "L" or ch.isdecimal())
        ident = ident.lstrip("_") or "X" + "_".join(f"{ord(ch):x}" for ch in wire)
        return ident if unicodedata.category(ident[0]) == "Lu" else "X" + ident

    def upper_by_rule(text: str) -> str:
        return "".join(chr(ord(ch) - 32) if "a" <= ch <= "z" else ch for ch in text)

    texts = _random_names(7)
    given = [dataclasses.replace(naming.names("x"), wire=t or "w", pascal=t) for t in texts]
    assert [n.pascal for n in given if names.exported(n) != exported_by_rule(n.pascal, n.wire)] == []
    assert [t for t in texts if channels.ascii_upper(t) != upper_by_rule(t)] == []


def _aligned_specs_by_definition(rows: list[list[str]], long: object, width: int) -> list[str]:
    out: list[str] = []
    block: list[list[str]] = []
    for row in rows:
        if len(layout.TAB) + len(" ".join(row)) > width:
            out += layout.aligned(block) + long(row)  # type: ignore[operator]
            block = []
            continue
        block.append(row)
        if any(len(line) > width for line in layout.aligned(block)):
            out += layout.aligned(block[:-1])
            block = [row]
    return out + layout.aligned(block)


def test_go_spec_groups_align_as_laying_each_block_out_again_does() -> None:
    rng = random.Random(28)

    def long(row: list[str]) -> list[str]:
        return [f"\t{row[0]} =", f"\t\t{row[-1]}"]

    for _ in range(3000):
        width = rng.choice([20, 40, 120])
        rows = [[rng.choice(string.ascii_letters) * rng.randint(1, 30) for _ in range(rng.randint(1, 4))]
                for _ in range(rng.randint(0, 12))]  # fmt: skip
        assert layout.aligned_specs(rows, long, width) == _aligned_specs_by_definition(rows, long, width), rows


def test_scrub_compiles_only_the_rules_a_text_may_match() -> None:
    texts = ["invoice '75.96' is not found; see false", "user value-3 is not found", "plain words only",
             "token=abc123 at /home/alice/x.py", 'File "/root/app.py", line 3, in run']  # fmt: skip
    scrub._rule.cache_clear()
    scrub.scrub_text(texts[2])
    assert scrub._rule.cache_info().currsize == 0  # no needle of any rule: no pattern compiled
    lazily = [scrub.scrub_text(text) for text in texts]
    assert scrub._rule.cache_info().currsize < len(scrub.TEXT_RULES)
    for index in range(len(scrub.TEXT_RULES)):  # every rule compiled: the same output
        scrub._rule(index)
    assert [scrub.scrub_text(text) for text in texts] == lazily
