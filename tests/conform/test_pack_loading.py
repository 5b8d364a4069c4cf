"""Templating, YAML 1.2 scalars and pack validation errors with their line:col."""

from __future__ import annotations

from errgen.conform.fixtures import run_pack
from errgen.conform.model import IsType
from errgen.conform.pack import load_pack

from .helpers import PACKS, load_inline, valid_pack


def _errors(name: str, params: dict[str, str] | None = None) -> list[str]:
    return [str(e).replace(str(PACKS) + "/", "") for e in load_pack(PACKS / name, params or {}).errors]


def _warnings(name: str) -> list[str]:
    return [str(e).replace(str(PACKS) + "/", "") for e in load_pack(PACKS / name, {}).warnings]


def test_defaults_are_substituted_as_raw_text() -> None:
    pack = load_pack(PACKS / "templated.yaml", {}).pack
    assert pack is not None
    invariant = pack.invariants[0]
    assert (invariant.name, invariant.tool, invariant.body.fixed) == ("witness.divide", "divide", {"strict": True})
    assert all(r.matched for r in run_pack(pack))


def test_overrides_replace_defaults() -> None:
    pack = load_pack(PACKS / "templated.yaml", {"witness_tool": "div", "max_items": "4"}).pack
    assert pack is not None
    assert pack.invariants[0].tool == "div"
    results = {r.fixture: r.observed.value for r in run_pack(pack)}
    assert results["four items do not"] == "pass"  # the bound is now 4


def test_tool_name_is_kept_for_for_each_tool() -> None:
    pack = load_pack(PACKS / "templated.yaml", {}).pack
    assert pack is not None
    assert pack.for_each_tool[0].name == "envelope.{{tool_name}}"
    synthesised = [r for r in run_pack(pack) if r.invariant == "envelope.__pack_test__"]
    assert [r.observed.value for r in synthesised] == ["pass"]


def test_tool_name_without_for_each_tool_is_undeclared() -> None:
    loaded = load_inline(
        """
        version: 3
        invariants:
          - { name: "x.{{tool_name}}", tool: t, fixed: {}, assert: [] }
        """
    )
    assert [str(e) for e in loaded.errors] == ["inline.yaml:3:16: error: undefined template parameter 'tool_name'"]


def test_undeclared_placeholders_are_reported_once_each() -> None:
    assert _errors("undeclared.yaml") == [
        "undeclared.yaml:6:12: error: undefined template parameter 'missing_tool'",
        "undeclared.yaml:7:21: error: undefined template parameter 'also_missing'",
    ]


def test_override_of_undeclared_parameter_is_an_error() -> None:
    assert _errors("templated.yaml", {"witnes_tool": "x"}) == [
        "templated.yaml:4:3: error: override key 'witnes_tool' is not declared in metadata.parameters"
    ]


def test_step_placeholders_are_left_for_sequences() -> None:
    pack = load_pack(PACKS / "sequence.yaml", {}).pack
    assert pack is not None
    assert pack.sequences[0].steps[1].with_ == {
        "id": "{{steps.created.response.structuredContent.id}}",
        "label": "item-{{steps.created.response.structuredContent.id}}/{{steps.created.input.title}}",
    }


def test_yaml_1_2_scalars() -> None:
    pack = load_pack(PACKS / "yaml12.yaml", {}).pack
    assert pack is not None
    assert pack.invariants[0].body.fixed == {"answer": "yes"}
    assert pack.invariants[0].body.fixtures[0].response == {"flag": "on", "big": 1000.0, "zero": "012"}
    assert [r.observed.value for r in run_pack(pack)] == ["pass"]


def test_validation_reports_every_problem_with_position() -> None:
    assert _errors("invalid.yaml") == [
        "invalid.yaml:1:10: error: version: unsupported version 4; expected 1..=3",
        "invalid.yaml:6:5: error: invariants[0]: invariant 'both.inputs' must define exactly one of "
        "`generate` or `fixed`",
        "invalid.yaml:11:5: error: invariants[1]: missing required key 'assert'",
        "invalid.yaml:12:11: error: invariants[1].tool: expected a string, got integer",
        "invalid.yaml:17:17: error: invariants[1].test_fixtures[0].expect: expected one of pass, fail, got 'maybe'",
        "invalid.yaml:22:15: error: invariants[2].assert[0].kind: unknown assertion kind 'equal' (expected one of: "
        "equals, not_equals, at_most, at_least, length_eq, length_at_most, length_at_least, is_type, "
        "matches_regex, matches_schema, all_of, any_of, not, for_each)",
        "invalid.yaml:27:15: error: invariants[2].assert[1].type: expected one of string, number, integer, "
        "boolean, array, object, null, got 'float'",
    ]
    assert _warnings("invalid.yaml") == [
        "invalid.yaml:4:3: warning: metadata.colour: unknown key 'colour' is ignored, as wallfacer ignores it "
        "(expected one of: authors, description, extends, name, parameters, tags)",
    ]


def test_an_unknown_key_is_a_warning_and_the_pack_still_runs_as_in_wallfacer() -> None:
    """serde ignores keys it does not know: wallfacer runs such a pack, so errgen does too, and says so."""
    loaded = load_inline(
        """
        version: 3
        invariants:
          - name: typo
            tool: t
            fixed: {}
            assert: []
            test_fixture: [{name: never run, response: {}, expect: fail}]
        """
    )
    assert loaded.errors == () and loaded.pack is not None
    assert [str(w) for w in loaded.warnings] == [
        "inline.yaml:7:5: warning: invariants[0].test_fixture: unknown key 'test_fixture' is ignored, "
        "as wallfacer ignores it (did you mean 'test_fixtures'?)"
    ]
    assert run_pack(loaded.pack) == []


def test_neither_fixed_nor_generate_is_an_error() -> None:
    loaded = load_inline(
        """
        version: 3
        invariants:
          - name: only.schema_valid
            tool: t
            input: schema_valid
            assert: []
        """
    )
    assert [str(e) for e in loaded.errors] == [
        "inline.yaml:3:5: error: invariants[0]: invariant 'only.schema_valid' must define exactly one of "
        "`generate` or `fixed`"
    ]


def test_version_zero_and_missing_keys() -> None:
    loaded = load_inline("version: 0\n")
    assert [str(e) for e in loaded.errors] == [
        "inline.yaml:1:1: error: document: missing required key 'invariants'",
        "inline.yaml:1:10: error: version: unsupported version 0; expected 1..=3",
    ]


def test_duplicate_keys_are_rejected() -> None:
    loaded = load_inline("version: 3\ninvariants: []\nversion: 2\n")
    assert [str(e) for e in loaded.errors] == ["inline.yaml:3:1: error: duplicate key 'version' (first defined at 1:1)"]


def test_yaml_syntax_error_has_a_position() -> None:
    loaded = load_inline("version: 3\ninvariants: [\n")
    assert loaded.pack is None
    assert str(loaded.errors[0]).startswith("inline.yaml:3:1: error: invalid YAML:")


def test_positions_after_a_substitution_point_at_the_source() -> None:
    loaded = load_inline(
        """
        version: 3
        metadata:
          parameters:
            t: { default: a_much_longer_tool_name }
        invariants:
          - { name: "{{t}}", tool: "{{t}}", fixed: {}, assert: [], bogus: 1 }
        """
    )
    assert [str(e) for e in loaded.warnings] == [
        "inline.yaml:6:60: warning: invariants[0].bogus: unknown key 'bogus' is ignored, as wallfacer ignores it "
        "(expected one of: assert, cases, fixed, generate, input, name, test_fixtures, tool)"
    ]


def test_is_type_null_reads_the_variant_name() -> None:
    pack = valid_pack(
        "version: 2\ninvariants:\n  - { name: n, tool: t, fixed: {}, assert: [{kind: is_type, path: $, type: null}] }\n"
    )
    rule = pack.invariants[0].body.assertions[0]
    assert isinstance(rule, IsType) and rule.type == "null"


def test_stringified_defaults() -> None:
    pack = valid_pack(
        """
        version: 3
        metadata:
          parameters:
            n: { type: number, default: 0.00001 }
            nothing: { default: null }
            list: { default: [1, 2.5, true] }
        invariants:
          - name: "{{n}}|{{nothing}}|{{list}}"
            tool: t
            fixed: {}
            assert: []
        """
    )
    assert pack.invariants[0].name == "0.00001||[1,2.5,true]"


def test_template_and_validation_errors_are_reported_together() -> None:
    loaded = load_inline(
        """
        version: 3
        invariants:
          - { name: "{{nope}}", tool: t, fixed: {}, assert: [], extra: 1 }
        """
    )
    assert [str(e) for e in loaded.errors] == ["inline.yaml:3:14: error: undefined template parameter 'nope'"]
    assert [str(e) for e in loaded.warnings] == [
        "inline.yaml:3:57: warning: invariants[0].extra: unknown key 'extra' is ignored, as wallfacer ignores it "
        "(expected one of: assert, cases, fixed, generate, input, name, test_fixtures, tool)",
    ]


FOR_EACH_TOOL = """
version: 3
invariants: []
for_each_tool:
  - name: "reads.{{tool_name}}"
    where: { name_matches: "PATTERN", annotations: { readOnlyHint: true } }
    apply:
      assert: [{ kind: is_type, path: "$.response.content", type: array }]
      test_fixtures:
        - { name: "content array", response: { content: [] }, expect: pass }
"""


def test_where_filter_is_ignored_by_fixtures() -> None:
    pack = valid_pack(FOR_EACH_TOOL.replace("PATTERN", "^read_"))
    assert [(r.invariant, r.observed.value) for r in run_pack(pack)] == [("reads.__pack_test__", "pass")]


def test_where_regex_must_compile() -> None:
    loaded = load_inline(FOR_EACH_TOOL.replace("PATTERN", "(?<=read)_"))
    assert [e.message.split(":")[0] for e in loaded.errors] == ["for_each_tool[0].where.name_matches"]
    assert "invalid `where` regex" in loaded.errors[0].message
