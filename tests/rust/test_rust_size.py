"""The size of a generated `lib.rs`: at most 40 lines per code (docs/rust-target.md, "Size").

The marginal cost of one more code is measured between two synthetic catalogs of
`bench/synth.py` (100 and 200 codes, shaped like the shipped ones); it counts everything the
code adds: its struct, builders, `Code` impl, enum variant, dispatch lines and its row of the
`CODES` table. ``python -m pytest tests/rust/test_rust_size.py -s`` prints the table the doc shows.
"""

from __future__ import annotations

import sys

import yaml
from conftest import ROOT

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog_text
from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.rust import target as rust

sys.path.insert(0, str(ROOT / "bench"))
import synth

MAX_PER_CODE = 40


def compiled(text: str, name: str) -> Catalog:
    diags = Diagnostics()
    doc = load_catalog_text(text, name, diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    assert catalog is not None, [d.format() for d in diags.items]
    return catalog


def lib_lines(catalog: Catalog) -> int:
    return len(rust.generate(catalog, TargetOptions())["rust/src/lib.rs"].splitlines())


def synthetic(codes: int) -> Catalog:
    return compiled(yaml.safe_dump(synth.catalog(codes), sort_keys=False), f"synth{codes}.yaml")


def test_one_more_code_costs_at_most_40_lines_of_rust() -> None:
    small, large = synthetic(100), synthetic(200)
    marginal = (lib_lines(large) - lib_lines(small)) / 100
    rows = [(name, compiled((ROOT / "catalog" / f"{name}.yaml").read_text(encoding="utf-8"), f"catalog/{name}.yaml"))
            for name in ("napkin", "workbook", "filetools")]  # fmt: skip
    for name, catalog in [*rows, ("synthetic", small)]:
        lines = lib_lines(catalog)
        print(f"{name:10} {len(catalog.codes):4} codes {lines:6} lines {lines / len(catalog.codes):6.1f} per code")
    print(f"marginal: {marginal:.1f} lines per code")
    assert marginal <= MAX_PER_CODE, marginal
    assert lib_lines(small) / 100 <= MAX_PER_CODE + 5
