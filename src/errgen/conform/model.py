"""Typed IR of a wallfacer pack, produced by `build` and read by `fixtures` and `assertions`.

Nodes mirror wallfacer's serde types (`property/dsl.rs`):

- `Pack`: one pack file — `version`, optional `Metadata`, `invariants`, `for_each_tool`
  blocks (`ForEachTool`, whose `apply` is a `Body`), and multi-step `Sequence`s.
- `Invariant`: a `name`, a `tool` and a `Body` (input strategy, `assert` list, fixtures).
- `Fixture` / `SequenceFixture`: offline cases with the expected `Expect`.
- Assertions: one frozen dataclass per `kind:` (equals/not_equals share `Compare`, the
  numeric and length bounds share `Bound` and `Length`); operands are `PathOperand`
  (also a bare string starting with `$`) or `Literal`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TypeAlias

from errgen.conform.jsonvalue import Json


class Expect(Enum):
    """Expected outcome of a fixture."""

    PASS = "pass"
    FAIL = "fail"


@dataclass(frozen=True)
class PathOperand:
    """An operand read from the context by RFC 9535 JSONPath."""

    path: str


@dataclass(frozen=True)
class Literal:
    """An operand given verbatim."""

    value: Json


Operand: TypeAlias = PathOperand | Literal


@dataclass(frozen=True)
class Compare:
    """`equals` / `not_equals`: strict JSON equality of two operands."""

    kind: str  # "equals" | "not_equals"
    lhs: Operand
    rhs: Operand


@dataclass(frozen=True)
class Bound:
    """`at_most` / `at_least`: numeric comparison of the value at `path`."""

    kind: str  # "at_most" | "at_least"
    path: str
    value: Operand


@dataclass(frozen=True)
class Length:
    """`length_eq` / `length_at_most` / `length_at_least` on an array or string."""

    kind: str  # "length_eq" | "length_at_most" | "length_at_least"
    path: str
    value: Operand


@dataclass(frozen=True)
class IsType:
    """`is_type`: JSON type of the value at `path` (`number` excludes integers)."""

    path: str
    type: str


@dataclass(frozen=True)
class MatchesRegex:
    """`matches_regex`: Rust-regex search over the string at `path`."""

    path: str
    pattern: str


@dataclass(frozen=True)
class MatchesSchema:
    """`matches_schema`: the value at `path` validates against an inline JSON Schema."""

    path: str
    schema: Json


@dataclass(frozen=True)
class AllOf:
    """`all_of`: every child holds."""

    children: tuple[Assertion, ...]


@dataclass(frozen=True)
class AnyOf:
    """`any_of`: at least one child holds (an empty list fails)."""

    children: tuple[Assertion, ...]


@dataclass(frozen=True)
class Not:
    """`not`: the child fails or its path is missing."""

    child: Assertion


@dataclass(frozen=True)
class ForEach:
    """`for_each`: children hold for every node at `path` (`$.item`, `$.index`)."""

    path: str
    children: tuple[Assertion, ...]


Assertion: TypeAlias = Compare | Bound | Length | IsType | MatchesRegex | MatchesSchema | AllOf | AnyOf | Not | ForEach


@dataclass(frozen=True)
class Fixture:
    """An offline case: `input` (None = use `fixed`), `response`, and the expected outcome."""

    name: str
    response: Json
    expect: Expect
    input: Json = None


@dataclass(frozen=True)
class Body:
    """What an invariant does: input strategy, assertions and fixtures (a for_each_tool `apply`)."""

    assertions: tuple[Assertion, ...]
    fixtures: tuple[Fixture, ...] = ()
    fixed: dict[str, Json] | None = None
    generate: dict[str, Json] | None = None
    input_mode: str | None = None
    cases: int | None = None


@dataclass(frozen=True)
class Invariant:
    """A named property of one tool."""

    name: str
    tool: str
    body: Body


@dataclass(frozen=True)
class ToolMatch:
    """`where` filter of a for_each_tool block (all set fields AND-ed)."""

    annotations: dict[str, bool] = field(default_factory=dict)
    name_matches: str | None = None
    description_matches: str | None = None


@dataclass(frozen=True)
class ForEachTool:
    """An invariant template expanded per tool; `name` may contain `{{tool_name}}`."""

    name: str
    apply: Body
    where: ToolMatch = ToolMatch()


@dataclass(frozen=True)
class Step:
    """One call of a sequence; `with_` may hold `{{steps.<bind>.<path>}}` placeholders."""

    call: str
    with_: dict[str, Json] | None = None
    bind: str | None = None
    expect: str = "ok"  # "ok" | "error"
    assertions: tuple[Assertion, ...] = ()


@dataclass(frozen=True)
class SequenceFixture:
    """One canned response per step plus the expected outcome of the whole sequence."""

    name: str
    responses: tuple[Json, ...]
    expect: Expect


@dataclass(frozen=True)
class Sequence:
    """A chain of calls sharing bound step results."""

    name: str
    steps: tuple[Step, ...]
    fixtures: tuple[SequenceFixture, ...] = ()
    description: str | None = None


@dataclass(frozen=True)
class Parameter:
    """A declared template parameter (`default` is required)."""

    default: Json
    type: str = "string"
    description: str | None = None


@dataclass(frozen=True)
class Metadata:
    """The v3 `metadata` block."""

    name: str | None = None
    description: str | None = None
    authors: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    parameters: dict[str, Parameter] = field(default_factory=dict)
    extends: tuple[str, ...] = ()
    extends_at: tuple[tuple[int, int], ...] = ()  # (line, col) of each `extends` entry in the source


@dataclass(frozen=True)
class Pack:
    """One pack file after templating and validation."""

    file: Path
    version: int
    invariants: tuple[Invariant, ...] = ()
    for_each_tool: tuple[ForEachTool, ...] = ()
    sequences: tuple[Sequence, ...] = ()
    metadata: Metadata | None = None
