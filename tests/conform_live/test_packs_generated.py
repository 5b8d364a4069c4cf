"""The generated wallfacer packs: shape, self-consistency, YAML 1.2 / templating / regex safety."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
import yaml

from errgen.conform import model as m
from errgen.conform.assertions import Verdict
from errgen.conform.fixtures import invariant_fixture, run_pack
from errgen.conform.located import load as load_yaml12
from errgen.conform.pack import parse_pack
from errgen.conform.regex import compile_rust
from errgen.conform.template import PLACEHOLDER
from errgen.targets import TargetOptions
from errgen.targets.packs.fixtures import json_data
from errgen.targets.packs.target import build_pack, checked_codes, generate, invariant_name, pack_name
from errgen.targets.packs.tools import invariant_name as tool_invariant_name

from .support import CATALOGS, ROOT, all_catalogs, pack_text, shared_packs

CATALOG_MAP = all_catalogs()
NAMES = sorted(CATALOG_MAP)


@cache
def text_of(name: str) -> str:
    return pack_text(CATALOG_MAP[name])


@cache
def model_of(name: str) -> m.Pack:
    result = parse_pack(text_of(name), Path(f"{pack_name(CATALOG_MAP[name])}.yaml"), {})
    assert result.pack is not None, [str(e) for e in result.errors]
    return result.pack


@pytest.mark.parametrize("name", NAMES)
def test_generated_pack_agrees_with_its_own_fixtures(name: str) -> None:
    results = run_pack(model_of(name))
    assert len(results) > 3 * len(model_of(name).invariants)
    assert [r for r in results if not r.matched] == []


def test_cli_agrees_with_every_shared_and_committed_pack() -> None:
    from conftest import run_errgen

    committed = sorted((ROOT / "generated").glob("*/packs/*.yaml"))
    assert len(committed) == len(CATALOGS), "run `errgen build`: a catalog has no committed pack"
    result = run_errgen("conform", "--fixtures", *map(str, sorted(shared_packs().glob("*.yaml"))), *map(str, committed))
    assert result.returncode == 0, result.stdout + result.stderr
    passed = int(result.stdout.split()[-4])
    assert result.stdout.endswith(f"{passed} passed, 0 failed\n") and passed > 300


@pytest.mark.parametrize("name", NAMES)
def test_pack_shape(name: str) -> None:
    catalog = CATALOG_MAP[name]
    pack = model_of(name)
    assert pack.version == 3 and pack.metadata is not None
    assert pack.metadata.name == f"errgen-{catalog.name}" == pack_name(catalog)
    assert generate(catalog, TargetOptions()).keys() == {f"packs/{pack_name(catalog)}.yaml"}
    codes = checked_codes(catalog)
    assert [i.name for i in pack.invariants] == [invariant_name(catalog, c) for c in codes] + [
        tool_invariant_name(catalog, t) for t in catalog.tools.values()
    ]
    for tool, inv in zip(catalog.tools.values(), pack.invariants[len(codes) :], strict=True):
        assert inv.tool == tool.name and inv.body.input_mode == "schema_valid" and inv.body.fixed == {}
        passing = {f.name for f in inv.body.fixtures if f.expect is m.Expect.PASS}
        assert passing >= {f"passes with an error {c}" for c in tool.codes if catalog.codes[c].constructible}
    for code, inv in zip(codes, pack.invariants, strict=False):
        assert inv.body.cases == 1 and inv.body.generate is None
        assert inv.body.fixed == (json_data(code.witness.input) if code.witness else {})
        assert inv.tool == (code.witness.tool if code.witness else f"{catalog.name}_witness")
        expects = [f.expect for f in inv.body.fixtures]
        pmcp = catalog.envelope.structured_is_error and catalog.envelope.mirror_is_error  # + the pmcp-style pass
        assert expects.count(m.Expect.PASS) == max(1, len(code.examples)) + pmcp
        names = {f.name for f in inv.body.fixtures}
        assert {"fails when isError is false", "fails when the text leaks a home path"} <= names
        assert {f"fails when {catalog.fields[f].wire} is missing" for f in code.required} <= names


def test_deferred_and_protocol_codes_get_no_invariant() -> None:
    hostile = CATALOG_MAP["hostile-text"]
    assert [c.id for c in checked_codes(hostile)] == ["yes", "1.0", "x.y-z"]
    assert {"protocol_thing", "gone"} <= set(hostile.codes)


@pytest.mark.parametrize("name", NAMES)
def test_fail_fixtures_fail_by_assertion_and_every_assertion_is_tested(name: str) -> None:
    """Mutation test: each fail fixture is an assertion failure (never structural), and
    dropping any single assertion lets at least one fail fixture pass."""
    for inv in model_of(name).invariants:
        failing = [f for f in inv.body.fixtures if f.expect is m.Expect.FAIL]
        for fixture in failing:
            verdict, detail = invariant_fixture(inv, fixture)
            assert verdict is Verdict.FAIL, f"{inv.name} / {fixture.name}: {verdict} {detail}"
        for index in range(len(inv.body.assertions)):
            kept = inv.body.assertions[:index] + inv.body.assertions[index + 1 :]
            mutant = replace(inv, body=replace(inv.body, assertions=kept))
            survivors = [f.name for f in failing if invariant_fixture(mutant, f)[0] is Verdict.PASS]
            assert survivors, f"{inv.name}: no fixture notices when assertion {index + 1} is removed"


@pytest.mark.parametrize("name", NAMES)
def test_no_stray_template_placeholders(name: str) -> None:
    declared = set(build_pack(CATALOG_MAP[name])["metadata"]["parameters"])
    used = {match.group(1) for match in PLACEHOLDER.finditer(text_of(name))}
    assert used <= declared, used - declared
    assert model_of(name).metadata is not None


def test_hostile_text_survives_templating_verbatim() -> None:
    text = text_of("hostile-text")
    declared = ("'{{_1_0_witness_tool}}'", "'{{x_y_z_witness_tool}}'", "{{catalog_fingerprint}}")  # the declared ones
    assert "{{" not in functools.reduce(lambda t, p: t.replace(p, ""), declared, text)
    pack = model_of("hostile-text")
    assert pack.metadata is not None
    assert "{{title}}" in (pack.metadata.description or "")
    yes = pack.invariants[0]
    assert yes.tool == "it's {{tool}}" and yes.body.fixed == {"{{k}}": "no", "on": "off", "n": "1e3"}


@pytest.mark.parametrize("name", NAMES)
def test_yaml_1_2_and_1_1_readers_see_the_same_values(name: str) -> None:
    text = text_of(name)
    expected = json.loads(json.dumps(build_pack(CATALOG_MAP[name])))
    located, problems = load_yaml12(text)
    assert problems == [] and located.value == expected
    assert yaml.load(text, Loader=yaml.CSafeLoader) == expected
    assert text.startswith("# Code generated by errgen from ") and text.endswith("\n") and "\r" not in text


def _patterns(value: object) -> list[str]:
    if isinstance(value, dict):
        found = [value["pattern"]] if value.get("kind") == "matches_regex" else []
        return found + [p for v in value.values() for p in _patterns(v)]
    if isinstance(value, list):
        return [p for v in value for p in _patterns(v)]
    return []


# The part of regex syntax that Rust's `regex`, RE2 and Python's `re` read alike.
_SHARED_SUBSET = re.compile(
    r"(?:[^\\()\[\]]"  # a literal or operator
    r"|\\[\\.+*?()|\[\]{}^$/\-ntr\"]"  # escaped punctuation, \n \t \r
    r"|\((?:\?[im]*:|(?!\?))|\)"  # plain, non-capturing and flag-scoped groups
    r"|\[\^?\]?(?:[^\\\]]|\\[\\\]\[^\-ntr])*\])*"  # classes without shorthand escapes
)


@pytest.mark.parametrize("name", NAMES)
def test_regexes_stay_in_the_rust_re2_python_subset(name: str) -> None:
    patterns = _patterns(build_pack(CATALOG_MAP[name]))
    assert len(patterns) >= 2 * len(checked_codes(CATALOG_MAP[name]))
    for pattern in patterns:
        assert _SHARED_SUBSET.fullmatch(pattern), pattern
        compile_rust(pattern)
        re.compile(pattern)


def test_subset_check_rejects_dialect_specific_syntax() -> None:
    for pattern in ("a(?=b)", "(?<!a)b", "(a)\\1", "\\s+", "\\d", "\\w", "\\bx", "\\u00e9", "\\p{L}", "a\\z", "(?>a)"):
        assert not _SHARED_SUBSET.fullmatch(pattern), pattern


def test_non_ascii_codes_get_ascii_parameter_names() -> None:
    """Code ids may be any letters (the template regex is ASCII-only): such codes get `code_<n>` names."""
    catalog = CATALOG_MAP["hostile-structured"]
    plain = catalog.codes["x.y-z"]
    odd = replace(plain, id="ñandú", names=replace(plain.names, wire="ñandú", snake="ñandú"))
    twin = replace(plain, id="code_3", names=replace(plain.names, wire="code_3", snake="code_3"))
    codes = {k: v for k, v in catalog.codes.items() if k != "x.y-z"} | {"ñandú": odd, "code_3": twin}
    catalog = replace(catalog, codes=codes)
    params = list(build_pack(catalog)["metadata"]["parameters"])
    assert params == ["_1_0_witness_tool", "code_3_witness_tool", "_code_3_witness_tool", "catalog_fingerprint"]
    pack = parse_pack(pack_text(catalog), Path("errgen-hostile2.yaml"), {}).pack
    assert pack is not None and [r for r in run_pack(pack) if not r.matched] == []
    assert pack.invariants[2].name == "errgen.hostile2.ñandú"
