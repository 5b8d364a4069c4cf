"""Generated Go keeps to lines of at most 120 characters, as gofmt lays them out (issue 27).

Every generated .go file of the shipped, test and golden catalogs, and of catalogs built to push
every line errgen writes past the limit: long titles, descriptions, docs and deprecation
reasons, a long unbroken word, many placeholders, many fields on one code, long (but not
absurd) names, many kinds in a policy, long rules. Each such module must also be what gofmt
writes and pass go vet. One exception stands: an identifier is never broken, so a name longer
than about 50 characters may make its own line longer (docs/go-target.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from go import harness
from hostile.hostile_checks import must_compile

from errgen.targets.go.layout import WIDTH

pytestmark = pytest.mark.slow

WORD = "x" * 150
PROSE = ("a sentence that goes on and on about the upstream failure, " * 6).strip()
FIELDS = [f"field_number_{i:02d}_with_a_rather_long_name" for i in range(24)]
KINDS = [f"KindNumber{i:02d}WithALongName" for i in range(12)]


def long_catalog() -> str:
    """A catalog whose every text and list is longer than a line."""
    fields = "".join(f"  {name}: {{type: {kind}, description: '{PROSE} {WORD}'}}\n"
                     for name, kind in zip(FIELDS, ["string", "integer", "number", "boolean", "any", "object"] * 4,
                                           strict=True))  # fmt: skip
    kinds = "".join(f"  {k}: {{retryable: {str(i % 2 == 0).lower()}, description: '{PROSE}', max_attempts: 3, "
                    f"initial_backoff_ms: 100000}}\n" for i, k in enumerate(KINDS))  # fmt: skip
    message = " ".join(f"{{{name}}}" for name in FIELDS[:12]) + " " + WORD
    codes = f"""  a_code_with_a_long_identifier_that_describes_it_in_full:
    title: '{PROSE}'
    when: '{PROSE} {WORD}'
    message: '{message}'
    kind: {KINDS[0]}
    recoverable: sometimes
    next_action: '{PROSE}'
    ui_meaning: '{PROSE}'
    docs: '{PROSE} {WORD} {PROSE}'
    http_status: 503
    fields: {{required: [{", ".join(FIELDS[:12])}], optional: [{", ".join(FIELDS[12:])}]}}
  deprecated_code_with_a_long_identifier:
    message: '{WORD}'
    since: 1.0.0
    deprecated: {{since: 1.1.0, replaced_by: a_code_with_a_long_identifier_that_describes_it_in_full,
                  reason: '{PROSE} {WORD}'}}
  upstream_failure_mapped_from_every_http_status:
    message: '{PROSE}'
    fields: {{optional: [{", ".join(FIELDS[12:])}]}}
  protocol_code:
    message: '{{{FIELDS[0]}}} {PROSE}'
    channel: protocol
    jsonrpc_code: -32099
    fields: {{required: [{FIELDS[0]}]}}
  shape_only:
    message: '{PROSE}'
    deferred: true
"""
    return f"""errgen: 1
catalog: {{name: go-long-lines, version: 1.0.0, title: '{PROSE}', description: '{PROSE} {WORD} {PROSE}'}}
envelope:
  retriable_field: true
  metadata: {{recoverable: true, next_action: {{key: suggestedNextActionForTheCallerOfTheTool, when: recoverable}},
             ui_meaning: true, kind: true, title: true}}
fields:
{fields}kinds:
{kinds}default_kind: {KINDS[1]}
policies:
  every_single_kind_that_there_is:
    terminate_on: [{", ".join(KINDS)}]
    description: '{PROSE} {WORD}'
classification:
  http:
    - {{status: [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415], kind: {KINDS[2]}}}
    - {{status: 5xx, retry_after: true, kind: {KINDS[3]}}}
  failures: {{network: {KINDS[4]}, timeout: {KINDS[5]}}}
mappings:
  http:
    - {{status: 5xx, code: upstream_failure_mapped_from_every_http_status, retriable: true}}
  failures:
    timeout: {{code: upstream_failure_mapped_from_every_http_status, retriable: true}}
  default: upstream_failure_mapped_from_every_http_status
codes:
{codes}"""


def long_lines(folder: Path) -> list[str]:
    """`path:line: length` of every line of a .go file under `folder` longer than WIDTH characters."""
    out = []
    for path in sorted(folder.rglob("*.go")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if len(line) > WIDTH:
                out.append(f"{path}:{number}: {len(line)}")
    return out


def test_the_catalogs_modules_keep_to_120_characters() -> None:
    _, modules = harness.workspace_of_all()
    assert len(modules) >= 7
    assert [line for folder in modules.values() for line in long_lines(folder)] == []


def test_a_catalog_of_long_texts_keeps_to_120_characters_and_is_gofmt_and_vet_clean(tmp_path: Path) -> None:
    module = harness.write_module(must_compile(long_catalog()), tmp_path)
    assert long_lines(module) == []
    gofmt = harness.run(["gofmt", "-l", "."], cwd=module)
    assert gofmt.returncode == 0 and gofmt.stdout == "", gofmt.stdout + gofmt.stderr
    vet = harness.run([harness.go(), "vet", "./..."], cwd=module, env={"GOWORK": "off"})
    assert vet.returncode == 0, vet.stdout + vet.stderr


@pytest.mark.parametrize("seed", range(4))
def test_a_split_string_literal_is_the_text_in_pieces_that_fit_and_never_cut_an_escape(seed: int) -> None:
    """literal_pieces cuts the once-escaped text by position: each piece a whole Go literal of at most its room
    (or one escape, when the room is smaller), the pieces together the text, each as full as the next escape allows."""
    import json
    import random

    from errgen.targets.common.escape import json_string
    from errgen.targets.go.layout import literal_pieces

    rng = random.Random(seed)
    alphabet = [*'ab c"\\\n\t\x00\x1f\u2028é😀/\u200b`', *"x" * 12]
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))
        first, room = rng.randint(1, 24), rng.randint(1, 24)
        pieces = literal_pieces(text, first, room)
        assert "".join(json.loads(piece) for piece in pieces) == text
        for index, piece in enumerate(pieces):
            limit = first if index == 0 else room
            decoded = json.loads(piece)  # a whole literal: no escape was cut
            assert len(piece) <= limit or len(decoded) <= 1, (text, first, room, pieces)
            if index < len(pieces) - 1:  # full: the next piece's first character would not have fitted
                grown = json_string(decoded + json.loads(pieces[index + 1])[0])
                assert len(grown) > limit or len(decoded) == 0, (text, first, room, pieces)
