"""Hostile catalogs through the packs target: every pack loads in errgen's offline evaluator
(wallfacer's rules) and each of its fixtures still evaluates to its declared outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings

from errgen.catalog.model import Catalog
from errgen.conform.fixtures import run_pack
from errgen.conform.pack import parse_pack
from errgen.targets.packs.target import checked_codes, invariant_name

from .hostile_checks import compiled, render
from .hostile_strategies import HOSTILE_NAMES, PROPERTY, catalog_data, name_key


def check_pack(catalog: Catalog) -> None:
    files = render(catalog, "packs")
    assert len(files) == 1
    ((rel, text),) = files.items()
    loaded = parse_pack(text, Path(rel), {})
    assert loaded.pack is not None and not loaded.errors, [str(e) for e in loaded.errors]
    names = [inv.name for inv in loaded.pack.invariants]
    assert names == [invariant_name(catalog, code) for code in checked_codes(catalog)]
    results = run_pack(loaded.pack)
    assert len(results) >= len(names)
    wrong = [f"{r.invariant} / {r.fixture}: expected {r.expected.value}, got {r.observed.value} {r.detail}"
             for r in results if not r.matched]  # fmt: skip
    assert not wrong, "\n".join(wrong)


@settings(PROPERTY, max_examples=min(PROPERTY.max_examples, 15))  # pack loading is pure-Python YAML: slow
@given(catalog_data())
def test_hostile_catalogs_give_packs_whose_fixtures_hold(data: dict[str, Any]) -> None:
    check_pack(compiled(data))


def test_scalars_that_start_like_null_stay_strings() -> None:
    """``nullable``, ``~/.ssh``, ``Nullish`` are strings in YAML 1.2 (and to serde_yaml): not null."""
    data = {
        "errgen": 1,
        "catalog": {"name": "nulls", "version": "1.0.0"},
        "fields": {"path": {"type": "string"}},
        "codes": {"denied": {"message": "{path}", "fields": {"required": ["path"]},
                             "examples": [{"path": p} for p in ("nullable", "~/.ssh/id_rsa", "Nullish", "truex")]}},
    }  # fmt: skip
    check_pack(compiled(data))


def test_every_hostile_name_in_one_pack() -> None:
    names = list({name_key(n): n for n in HOSTILE_NAMES}.values())[::4]  # a sample: pack loading is slow
    data = {
        "errgen": 1,
        "catalog": {"name": "hostile_names", "version": "1.0.0"},
        "fields": {"detail": {"type": "string"}},
        "codes": {
            c: {"message": "{detail}", "fields": {"required": ["detail"]}, "examples": [{"detail": c}],
                "witness": {"tool": c, "input": {c: c}}}
            for c in names
        },
    }  # fmt: skip
    check_pack(compiled(data))
