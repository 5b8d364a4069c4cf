"""Hostile names in the Go target: Go keywords, names that collide after case conversion, and
names that clash with the package's own exported API or an error struct's members.

Every such catalog builds Go code that gofmt leaves alone and `go vet` compiles and passes; a
clash is settled with a `_` suffix (docs/go-target.md), and each code still gets its own type,
constant, constructor and argument struct.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from go import harness

from errgen.targets.go.names import PACKAGE_API, go_names

from .hostile_checks import must_compile

pytestmark = pytest.mark.slow

KEYWORDS = ["func", "type", "range", "select", "go", "chan", "map", "interface", "struct", "package", "import"]
KEYWORD_CODES = "".join(
    f"  {k}: {{message: '{k} {{{k}}}', kind: func, fields: {{required: [{k}]}}}}\n" for k in KEYWORDS
)
CATALOG = f"""
errgen: 1
catalog: {{name: go-hostile_names, version: 1.0.0}}
envelope:
  retriable_field: true
  metadata: {{recoverable: true, kind: true}}
fields:
{"".join(f"  {k}: {{type: string}}{chr(10)}" for k in KEYWORDS)}  a_1b: {{type: integer}}
  a1b: {{type: boolean}}
  Message: {{type: string}}
  error: {{type: array, items: number}}
  payload: {{type: range}}
  to_result: {{type: object}}
  Kind: {{type: any}}
  Provenance: {{type: string}}
kinds:
  func: {{retryable: true}}
  Error: {{retryable: false}}
policies:
  new: {{terminate_on: [func]}}
  named: {{terminate_on: [Error]}}
codes:
{KEYWORD_CODES}  error:
    message: e
    fields: {{optional: [a_1b, a1b, Message, error, payload, to_result, Kind, Provenance]}}
  unknown: {{message: u, kind: Error}}
  parse: {{message: p}}
  code: {{message: c}}
  ab_error: {{message: its constant is CodeAbError}}
  code_ab: {{message: its type is CodeAbError}}
  z: {{message: its constructor is NewZError}}
  new_z: {{message: its type is NewZError}}
  1st: {{message: leading digit}}
  ünïcødé: {{message: non-ASCII}}
  日本: {{message: a letter without case}}
  a.b-c: {{message: punctuation}}
"""


def test_hostile_names_become_distinct_go_identifiers() -> None:
    catalog = must_compile(CATALOG)
    names = go_names(catalog)
    top = [n for c in names.codes.values() for n in (c.type, c.const, c.ctor, c.args)]
    top += [*names.kinds.values(), *names.policies.values()]
    assert len(top) == len(set(top)) and not set(top) & PACKAGE_API
    assert names.codes["error"].type == "Error_"
    assert (names.codes["ab_error"].const, names.codes["code_ab"].type) == ("CodeAbError_", "CodeAbError")
    assert (names.codes["new_z"].type, names.codes["z"].ctor) == ("NewZError", "NewZError_")
    assert names.policies == {"new": "NewPolicy_", "named": "NamedPolicy_"}
    assert len(set(names.fields.values())) == len(names.fields)
    assert names.fields["Message"] == "Message_" and names.fields["error"] == "Error_"
    assert names.codes["1st"].type == "X1stError" and names.codes["日本"].type == "X日本Error"


def test_hostile_names_compile_and_vet(tmp_path: Path) -> None:
    module = harness.write_module(must_compile(CATALOG), tmp_path)
    gofmt = harness.run(["gofmt", "-l", "."], cwd=module)
    assert gofmt.returncode == 0 and gofmt.stdout == "", gofmt.stdout + gofmt.stderr
    vet = harness.run([harness.go(), "vet", "./..."], cwd=module, env={"GOWORK": "off"})
    assert vet.returncode == 0, vet.stdout + vet.stderr
