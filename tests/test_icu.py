"""The message format (`catalog/icu.py`) and the CLDR data it renders with (`catalog/plurals.py`).

Plain templates read and render exactly as before (`messages`); plural categories and number
symbols agree with babel's own evaluation of the same CLDR data; errgen's reference renderer
agrees with the runtimes' committed vectors; the fallback chain, the catalog globs, the build key
and ``--strict`` treat translation files as the docs say.
"""

from __future__ import annotations

import json
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from contract import vectors
from hypothesis import given
from hypothesis import strategies as st
from ts import harness

from errgen.catalog import icu, messages, plurals, rendering, translations
from errgen.catalog.catalog_schema import NAME
from errgen.catalog.messages import js_number
from errgen.cli.main import main
from errgen.targets.sanitizer.scrub import scrub_text

PIECES = ["{a}", "{b}", "{{", "}}", "x", " ", "'", "#", ",", "{", "}", "{a b}", "{ a}", "é", "{a, number}"]


FIELD_NAME = re.compile(NAME)


@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join))
def test_a_template_of_before_reads_and_renders_as_before(template: str) -> None:
    """Every template a catalog could hold before (its placeholders name fields) means what it meant."""
    values = {"a": 1.0, "b": ["x", 2]}
    try:
        old = messages.split(template)
    except messages.TemplateError:
        old = None
    if old is not None and not all(FIELD_NAME.match(name) for _, name in old if name is not None):
        old = None  # `{a b}`: a placeholder naming no possible field, an error then as now
    try:
        parsed = icu.parse(template)
    except icu.IcuError:
        parsed = None
    if old is None:  # malformed before: malformed now, unless it is an argument of the new kinds
        assert parsed is None or not icu.is_plain(template)
        return
    assert parsed is not None and icu.is_plain(template)
    assert rendering.placeholders(template) == messages.placeholders(template)
    assert icu.render(parsed, values, plurals.locale("en")) == messages.render(template, values)


def test_rekey_renames_every_argument_and_keeps_the_rest() -> None:
    text = "'{file_count}' {file_count, plural, one {# in '{dir_name}'} other {# in {dir_name}}} {{x}}"
    out = icu.rekey(text, {"file_count": "fileCount", "dir_name": "dirName"})
    assert out == "'{fileCount}' {fileCount, plural, one {# in '{dirName}'} other {# in {dirName}}} {{x}}"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{n, plural, one {x}}", "the plural at offset 0 needs an 'other' branch"),
        ("{n, plural, one {x} one {y} other {z}}", "plural key 'one' at offset 20 is written twice"),
        ("{n, plural, ones {x} other {y}}", "unknown plural category 'ones' at offset 12"),
        ("{n, select, =1 {x} other {y}}", "select key '=1' at offset 12: '=N' is for plural"),
        ("{n, ordinal, one {x} other {y}}", "unknown argument type 'ordinal' at offset 4"),
        ("{n, plural, other {a {{b}}}}", "a literal brace cannot be written inside a branch (at offset 21)"),
        ("{n, plural, other {x}", "expected a plural key and a branch in braces, or '}', at offset 21"),
    ],
)
def test_a_malformed_message_says_what_and_where(text: str, error: str) -> None:
    with pytest.raises(icu.IcuError) as caught:
        icu.parse(text)
    assert str(caught.value).startswith(error)


NUMBERS = [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 14, 15, 19, 20, 21, 22, 25, 100, 101, 102, 111, 112, 1000, 1000000,
           1234567, 0.5, 1.5, 2.25, 0.1, 1.0e-5, 123.456, 21.3, 1e21, 3e22, 10**16 + 4, -1, -2, -3.5]  # fmt: skip
LOCALES = ["en", "de", "de-AT", "pl", "ru", "uk", "cs", "sk", "lt", "lv", "ar", "cy", "ga", "gd", "he", "fr",
           "pt", "it", "es", "ca", "ro", "sl", "mt", "br", "is", "mk", "be", "hr", "sr", "bs", "ja", "zh", "kw",
           "gv"]  # fmt: skip


@pytest.mark.parametrize("tag", LOCALES)
def test_plural_categories_agree_with_babel(tag: str) -> None:
    """Our operands of JavaScript's spelling, through our reading of the rule, give babel's category."""
    from babel import Locale

    rule = Locale.parse(tag.replace("-", "_")).plural_form
    ours = plurals.locale(tag)
    for number in NUMBERS:
        text = js_number(abs(number))
        assert ours.plural(*icu.plural_operands(number)) == rule(Decimal(text)), (tag, number, text)


@pytest.mark.parametrize("tag", ["en", "de", "pl", "fr", "sv", "hi", "es", "ar", "ja", "de-AT", "ru"])
def test_number_arguments_agree_with_babels_decimal_format(tag: str) -> None:
    """``{n, number}`` writes JavaScript's digits in the locale's symbols and groups, as babel's format_decimal."""
    from babel.numbers import format_decimal

    locale = plurals.locale(tag)
    for number in [0, 7, 1234, 12345.5, 1234567.891, -1234567, -0.5, 0.000001, 987654321012, 1000]:
        expected = format_decimal(number, locale=tag.replace("-", "_"), decimal_quantization=False)
        assert icu.format_number(js_number(number), locale) == expected, (tag, number)


@pytest.mark.parametrize("name", ["tsi18n", "workbook"])
def test_errgens_reference_renders_the_runtimes_vectors(name: str) -> None:
    """`translations.pick` + `icu.render` + the reference scrubber print what the four runtimes print."""
    catalog = harness.load(next(p for p in harness.catalog_paths() if p.stem == name))
    by_wire = {f.wire: f.name for f in catalog.fields.values()}
    checked = 0
    for vector in vectors.read(name):
        case = vector["case"]
        if case["op"] != "localize":
            continue
        values = {by_wire.get(k, k): v for k, v in case["values"].items() if v is not None}
        tag, template = translations.pick(catalog, case["locale"], case["code"], "message")
        message = scrub_text(icu.render(icu.parse(template), values, plurals.locale(tag))) or case["code"]
        assert json.loads(vector["expect"])["message"] == message, case
        checked += 1
    assert checked > 100


def test_the_fallback_chain_reads_regions_case_and_underscores() -> None:
    catalog = harness.load(ROOT / "tests" / "ts" / "catalogs" / "tsi18n.yaml")
    assert translations.chain(catalog, "de-AT") == ("de-AT", "de", "en")
    assert translations.chain(catalog, "DE_at_x") == ("de-AT", "de", "en")
    assert translations.chain(catalog, "de-CH") == ("de", "en")
    assert translations.chain(catalog, "pl") == ("pl", "en")
    assert translations.chain(catalog, "zz") == ("en",)
    assert translations.pick(catalog, "de-AT", "files_left", "title") == ("de-AT", "Verbleibende Dateien (AT)")
    assert translations.pick(catalog, "de-AT", "quota_used", "title") == ("de", "Kontingent verbraucht")
    assert translations.pick(catalog, "pl", "quota_used", "title") == ("en", "Quota used")


def _project(tmp_path: Path) -> Path:
    """A project whose one catalog has a German translation that leaves texts out."""
    case = ROOT / "tests" / "workflow" / "lint_cases" / "missing-translation"
    (tmp_path / "catalog").mkdir()
    shutil.copy(case / "catalog.yaml", tmp_path / "catalog" / "demo.yaml")
    shutil.copytree(case / "catalog.locales", tmp_path / "catalog" / "demo.locales")
    (tmp_path / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/**/*.yaml"]\n', encoding="utf-8")
    return tmp_path


def test_a_catalog_glob_names_no_translation_file(tmp_path: Path) -> None:
    from errgen.workflow.config import expand_catalogs

    root = _project(tmp_path)
    assert expand_catalogs(root, ("catalog/**/*.yaml",)) == (root / "catalog" / "demo.yaml",)


def test_build_warns_of_missing_translations_and_strict_makes_them_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_project(tmp_path))
    strict = CliRunner().invoke(main, ["build", "--strict"])
    assert strict.exit_code == 2, strict.output
    assert "catalog/demo.locales/de.yaml:2:9: error: locale 'de' translates 2 of 5 texts" in strict.stderr
    assert not (tmp_path / "generated").exists()
    built = CliRunner().invoke(main, ["build"])
    assert built.exit_code == 0, built.output
    assert "catalog/demo.locales/de.yaml:2:9: warning: locale 'de' translates 2 of 5 texts" in built.stderr
    assert (tmp_path / "generated" / "demo" / "docs" / "demo.de.md").is_file()


def test_a_changed_translation_is_no_warm_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build key covers the translation files: a warm build after an edit rebuilds what changed."""
    monkeypatch.chdir(_project(tmp_path))
    monkeypatch.setenv("ERRGEN_CACHE_DIR", str(tmp_path / "cache"))
    assert CliRunner().invoke(main, ["build"]).exit_code == 0
    german = tmp_path / "catalog" / "demo.locales" / "de.yaml"
    german.write_text(german.read_text(encoding="utf-8").replace("Ungültige Eingabe", "Falsche Eingabe"), "utf-8")
    again = CliRunner().invoke(main, ["build"])
    assert again.exit_code == 0 and "0 written" not in again.output, again.output
    assert "Falsche Eingabe" in (tmp_path / "generated" / "demo" / "docs" / "demo.de.md").read_text("utf-8")


def test_explain_and_docs_show_a_code_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    shown = CliRunner().invoke(main, ["explain", "invalid_input", "--locale", "de-AT"])
    assert shown.exit_code == 0, shown.output
    first = "invalid_input — Ungültige Eingabe\n(texts in de-AT, falling back along de → en)"
    assert shown.output.startswith(first)
    table = CliRunner().invoke(main, ["docs", "show", "workbook", "--locale", "de"])
    assert "„Geben Sie die aufgeführten Pflichtfelder an“" in table.output
    bad = CliRunner().invoke(main, ["explain", "invalid_input", "--locale", "not a tag"])
    assert bad.exit_code == 2 and "is not a BCP 47 tag" in bad.output
