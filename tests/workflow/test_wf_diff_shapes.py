"""`errgen diff` on the everyday edits of a catalog owner: each edit's exact findings, or none.

The case folders show each rule firing once; these pin the shapes around them: what
is reported (and only that) when a field declaration goes, a required field goes or
comes, placeholders move, a field's type changes under a code that only now uses it,
and which categories a rule in both categories is reported under.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import Result

from workflow.util import DIFF_CASES, errgen

BASE = """\
errgen: 1
catalog: {name: shop, version: 1.0.0}
fields:
  field: {type: string}
  allowed: {type: array, items: string}
  limit: {type: integer}
  spare: {type: integer}
kinds:
  Validation: {retryable: false}
codes:
  invalid_input:
    message: "'{field}' is not one of {allowed}"
    kind: Validation
    fields: {required: [field], optional: [allowed]}
  too_large:
    message: "more than {limit} items"
    fields: {optional: [limit]}
  plain:
    message: plain
    fields: {required: [field]}
"""


def diff(tmp_path: Path, *edits: tuple[str, str], args: tuple[str, ...] = ()) -> Result:
    """``errgen diff previous.yaml current.yaml``: BASE against BASE with each ``(old, new)`` text replaced once."""
    current = BASE
    for old, new in edits:
        assert current.count(old) == 1, old
        current = current.replace(old, new)
    (tmp_path / "previous.yaml").write_text(BASE, encoding="utf-8")
    (tmp_path / "current.yaml").write_text(current, encoding="utf-8")
    return errgen("diff", "previous.yaml", "current.yaml", "--no-semver", *args, cwd=tmp_path)


def test_deleting_a_field_declaration_is_field_removed_not_a_crash() -> None:
    """Deleting a field's declaration and its use is ``field-removed``, once; never a crash.

    Without the ``new_attr is not None`` guard in the identifier rule, the old field's identity meets no new field
    and ``errgen diff`` dies with a KeyError. The case folder ``field-declaration-deleted`` holds the catalogs.
    """
    case = DIFF_CASES / "field-declaration-deleted"
    result = errgen("diff", "previous.yaml", "current.yaml", "--no-semver", cwd=case)
    assert result.stdout == (
        "current.yaml:16:5: error: repair field 'allowed' was removed from code 'invalid_input' [field-removed]\n"
    )
    assert result.exit_code == 1


def test_removing_a_required_field_is_field_removed_only(tmp_path: Path) -> None:
    """A required field dropped from a code is ``field-removed``, not also ``field-no-longer-required``."""
    result = diff(tmp_path, ("message: plain\n    fields: {required: [field]}\n", "message: plain\n"))
    removed = "current.yaml:18:3: error: repair field 'field' was removed from code 'plain' [field-removed]\n"
    assert result.stdout == removed
    assert result.exit_code == 1


def test_requiring_a_brand_new_field_says_it_was_absent(tmp_path: Path) -> None:
    """A field declared and required in the same change is newly required, ``(was absent)`` (not ``optional``)."""
    result = diff(
        tmp_path,
        ("  spare: {type: integer}\n", "  spare: {type: integer}\n  hint: {type: string}\n"),
        ("fields: {required: [field]}\n", "fields: {required: [field, hint]}\n"),
    )
    assert result.stdout == (
        "current.yaml:21:5: error: repair field 'hint' is now required in code 'plain' (was absent); payloads from "
        "older servers lack it [field-newly-required]\n"
    )


def test_making_a_field_optional_is_reported_once(tmp_path: Path) -> None:
    """A required field moved to ``optional`` is ``field-no-longer-required`` only (it was not removed)."""
    result = diff(tmp_path, ("fields: {required: [field]}\n", "fields: {optional: [field]}\n"))
    assert result.stdout == (
        "current.yaml:20:5: error: repair field 'field' of code 'plain' became optional; clients that read it may "
        "fail [field-no-longer-required]\n"
    )


def test_reordering_placeholders_is_not_breaking(tmp_path: Path) -> None:
    """Placeholders compare as a set: the same ones in another order (new literal text too) break nothing."""
    result = diff(tmp_path, ("\"'{field}' is not one of {allowed}\"", "\"{allowed} do not include '{field}'\""))
    assert result.exit_code == 0
    assert result.stdout.endswith("[message-changed]\n") and ": error: " not in result.stdout, "a compatible note only"


def test_a_type_change_matters_only_to_codes_that_used_the_field_before(tmp_path: Path) -> None:
    """A field's new type breaks only codes that carried it before and still do, never a code that just started."""
    started = diff(
        tmp_path,
        ("  spare: {type: integer}\n", "  spare: {type: string}\n"),
        ("fields: {required: [field]}\n", "fields: {required: [field], optional: [spare]}\n"),
    )
    assert started.exit_code == 0
    added = "current.yaml:20:5: note: optional repair field 'spare' was added to code 'plain' [field-added]\n"
    assert started.stdout == added
    both = diff(
        tmp_path,
        ("  limit: {type: integer}\n", "  limit: {type: number}\n"),
        ("fields: {required: [field]}\n", "fields: {required: [field], optional: [limit]}\n"),
    )
    assert both.stdout == (
        "current.yaml:6:11: error: type of repair field 'limit' changed from integer to number (used by "
        "'too_large') [field-type-changed]\n"
        "current.yaml:20:5: note: optional repair field 'limit' was added to code 'plain' [field-added]\n"
    )


def test_a_rule_in_both_categories_is_reported_under_each(tmp_path: Path) -> None:
    """``field-removed`` is a wire and a source break: ``--category wire`` and ``--category source`` both report it."""
    edit = ("fields: {optional: [limit]}\n", "fields: {message_only: [limit]}\n")
    removed = "current.yaml:17:5: error: repair field 'limit' was removed from code 'too_large' [field-removed]\n"
    for category in ("wire", "source", "all"):
        result = diff(tmp_path, edit, args=("--category", category))
        assert (result.exit_code, result.stdout) == (1, removed), category
    kind_only = diff(tmp_path, ("    kind: Validation\n", ""), args=("--category", "source"))
    assert (kind_only.exit_code, kind_only.stdout) == (0, ""), "kind-changed is a wire break only"


def test_findings_spell_absent_values_list_types_and_every_user(tmp_path: Path) -> None:
    """An absent kind reads ``(none)``; an array type reads ``list of <items>s``; every code using a field is named."""
    gone = diff(tmp_path, ("    kind: Validation\n", ""))
    assert gone.stdout == (
        "current.yaml:11:3: error: kind of code 'invalid_input' changed from Validation to (none) [kind-changed]\n"
    )
    base = BASE.replace("fields: {required: [field]}\n", "fields: {required: [field], optional: [allowed]}\n")
    (tmp_path / "previous.yaml").write_text(base, encoding="utf-8")
    retyped = base.replace("items: string}", "items: integer}").replace(
        "fields: {optional: [limit]}", "fields: {optional: [limit, allowed]}"
    )
    (tmp_path / "current.yaml").write_text(retyped, encoding="utf-8")
    result = errgen("diff", "previous.yaml", "current.yaml", "--no-semver", cwd=tmp_path)
    assert result.stdout == (  # too_large only starts using it: not named
        "current.yaml:5:13: error: type of repair field 'allowed' changed from list of strings to list of integers "
        "(used by 'invalid_input', 'plain') [field-type-changed]\n"
        "current.yaml:17:5: note: optional repair field 'allowed' was added to code 'too_large' [field-added]\n"
    )


def test_a_retired_id_dropped_from_a_kept_list_points_at_the_list(tmp_path: Path) -> None:
    """``retired-id-removed`` points at the ``retired`` key still there; an id retired with no ``since`` shows none."""
    retired = "retired:\n  old: {reason: gone}\n  older: {reason: gone}\n  oldest: {reason: gone}\n"
    (tmp_path / "previous.yaml").write_text(BASE + retired, encoding="utf-8")
    (tmp_path / "current.yaml").write_text(
        BASE.replace("  plain:\n", "  older:\n    message: back\n  plain:\n") + "retired:\n  old: {reason: gone}\n",
        encoding="utf-8",
    )
    result = errgen("diff", "previous.yaml", "current.yaml", "--no-semver", cwd=tmp_path)
    assert result.stdout == (
        "current.yaml:18:3: error: code 'older' reuses a retired id; old clients read it with the old meaning, pick a "
        "new id [retired-id-reused]\n"
        "current.yaml:23:1: error: retired id 'oldest' was dropped from 'retired'; keep it listed so it is never "
        "reused [retired-id-removed]\n"
    )
