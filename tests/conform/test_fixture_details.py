"""Details of offline fixture evaluation (`fixtures.py`) that the shared packs do not reach.

A fixture's own `input` over the invariant's `fixed` one, ``{{ tool_name }}`` with spaces and
the synthesised tool of a `for_each_tool` block, and the detail strings of sequence fixtures.
"""

from __future__ import annotations

from errgen.conform.fixtures import PACK_TEST_TOOL, run_pack, synthesize

from .helpers import valid_pack


def test_a_fixture_input_replaces_the_fixed_input() -> None:
    """`input` of the fixture, when given, is `$.input`; otherwise the invariant's `fixed` is."""
    pack = valid_pack(
        """
        version: 3
        invariants:
          - name: echo
            tool: t
            fixed: { n: 1 }
            assert: [{ kind: equals, lhs: { path: "$.input.n" }, rhs: { path: "$.response.n" } }]
            test_fixtures:
              - { name: own input, input: { n: 2 }, response: { n: 2 }, expect: pass }
              - { name: fixed input, response: { n: 1 }, expect: pass }
        """
    )
    assert [(r.fixture, r.observed.value, r.detail) for r in run_pack(pack)] == [
        ("own input", "pass", "all assertions held"),
        ("fixed input", "pass", "all assertions held"),
    ]


def test_for_each_tool_blocks_are_synthesised_for_the_pack_test_tool() -> None:
    """``{{tool_name}}`` and ``{{ tool_name }}`` both become the tool, which the invariant names too."""
    pack = valid_pack(
        """
        version: 3
        invariants: []
        for_each_tool:
          - name: "a.{{tool_name}}.{{ tool_name }}"
            apply:
              assert: [{ kind: is_type, path: "$.response.content", type: array }]
              test_fixtures:
                - { name: "content array", response: { content: [] }, expect: pass }
        """
    )
    invariant = synthesize(pack.for_each_tool[0], PACK_TEST_TOOL)
    assert (invariant.name, invariant.tool) == ("a.__pack_test__.__pack_test__", "__pack_test__")
    assert [r.invariant for r in run_pack(pack)] == ["a.__pack_test__.__pack_test__"]


def test_sequence_details_name_the_outcome() -> None:
    """A passing sequence says so; a step expected to fail that returned ok says what it observed."""
    pack = valid_pack(
        """
        version: 3
        invariants: []
        sequences:
          - name: s
            steps:
              - { call: a, expect: error }
            test_fixtures:
              - { name: errs, responses: [{ isError: true }], expect: pass }
              - { name: ok, responses: [{ isError: false }], expect: fail }
        """
    )
    assert [(r.fixture, r.observed.value, r.detail) for r in run_pack(pack)] == [
        ("errs", "pass", "all steps passed"),
        ("ok", "fail", "step 0: outcome mismatch: expected isError=true, observed ok response"),
    ]
