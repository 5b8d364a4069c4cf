"""Property: whenever the generated public surface or wire of a shipped catalog changes, `errgen diff` reports it.

Each shipped catalog is mutated at least a thousand times (`mutations`: every option and every
field, then pairs of mutations of one code) and each mutant is diffed against the catalog. Both
are built in every target (`surface`), and then:

* no difference of the generated surface goes unexplained (no ``unexplained-change``): the rules
  cover every change a catalog owner can make;
* each mutation whose surface differences have a category (wire, source) has a finding of that
  category about what it touched: reported, and with the right category;
* a public declaration that disappears from a language is a breaking source finding;
* a mutation that changes any generated file at all has a finding: nothing changes silently.

Speed: the runtime files do not depend on the catalog (they are skipped when equal, and rendered
once here), Python is read by `ast` (black only changes the layout, never the syntax tree, so the
rendered text is read unformatted here), and mutations that touch different codes share one
build. ``ERRGEN_EXPLORE=1`` builds every mutation on its own and adds random triples.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from conftest import EXPLORE

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import check_shape
from errgen.catalog.located import Located
from errgen.catalog.yamlsrc import Document
from errgen.workflow.diff import compare, explains
from errgen.workflow.diff_model import Finding
from errgen.workflow.surface import Difference, Side, differences
from workflow.mutations import GLOBAL, Mutation, applied, compounds, mutations
from workflow.util import ROOT

WANTED = 1000  # mutations per shipped catalog (the "at least a thousand")
BATCH = 1 if EXPLORE else 16  # mutations of disjoint subjects built together
LANGUAGES = ("python", "typescript", "go", "rust")


@pytest.fixture(scope="module")
def fast_targets() -> Iterator[None]:
    """Render each catalog-independent runtime once, and Python unformatted (its syntax tree is black's)."""
    import errgen.targets.go.target as go
    import errgen.targets.python.target as py
    import errgen.targets.rust.target as rs
    import errgen.targets.typescript.target as ts

    saved = [(py, "render_runtime"), (ts, "runtime_text"), (go, "runtime_text"), (rs, "render_runtime")]
    originals = [(module, name, getattr(module, name)) for module, name in saved]
    for module, name, function in originals:
        setattr(module, name, functools.cache(function))
    formatter = py.format_python
    py.format_python = lambda text, cache_dir=None: text  # type: ignore[assignment]
    try:
        yield
    finally:
        for module, name, function in originals:
            setattr(module, name, function)
        py.format_python = formatter  # type: ignore[assignment]


def _compiled(data: dict[str, object], display: str) -> Located | None:
    """The catalog of `data` (as the loader would read it from YAML; positions are not needed here)."""
    diags = Diagnostics()
    doc = check_shape(Document(display, copy.deepcopy(data), None), diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    return None if catalog is None or doc is None else Located(catalog, doc)


def _valid(data: dict[str, object], batch: list[Mutation]) -> Iterator[tuple[list[Mutation], Located]]:
    """The batch's mutant, or the mutants of its halves where it does not compile (an invalid single is dropped)."""
    mutant = _compiled(applied(data, batch), "catalog/the.yaml")
    if mutant is not None:
        yield batch, mutant
    elif len(batch) > 1:
        half = len(batch) // 2
        yield from _valid(data, batch[:half])
        yield from _valid(data, batch[half:])


def _batches(plan: list[Mutation]) -> Iterator[list[Mutation]]:
    """Mutations packed `BATCH` at a time when they touch disjoint subjects; whole-catalog ones alone."""
    open_batches: list[list[Mutation]] = []
    for mutation in plan:
        if mutation.touches & GLOBAL or BATCH == 1:
            yield [mutation]
            continue
        home = next((b for b in open_batches if len(b) < BATCH
                     and not any(m.touches & mutation.touches for m in b)), None)  # fmt: skip
        if home is None:
            open_batches.append(home := [])
        home.append(mutation)
        if len(home) == BATCH:
            open_batches.remove(home)
            yield home
    yield from (b for b in open_batches if b)


def _about(finding: Finding, mutation: Mutation) -> bool:
    return "*" in finding.subjects or bool(finding.subjects & mutation.touches) or bool(mutation.touches & GLOBAL)


def _concerns(difference: Difference, mutation: Mutation) -> bool:
    return bool(mutation.touches & GLOBAL) or bool(difference.subjects & mutation.touches)


def _union(difference: Difference) -> bool:
    """A difference of a set of codes (a union type, a list): any code moving in or out reshapes it."""
    return len(difference.subjects) > 1 and all(s.startswith("code:") for s in difference.subjects)


def _check(batch: list[Mutation], findings: list[Finding], diffs: list[Difference], files_differ: bool) -> list[str]:
    """What the batch's findings fail to report: a difference no finding of its category explains, a public
    declaration gone without a breaking source finding explaining it, a mutation with differences and no
    finding about it."""
    found = [f for f in findings if f.rule != "unexplained-change"]
    problems = []
    for d in diffs:
        explaining = [f for f in found if explains(f, d.category, d.subjects)]
        owners = [m.label for m in batch if _concerns(d, m)]
        if not explaining:
            problems.append(f"{owners}: a {d.category} change no {d.category} finding explains ({d.describe()})")
        gone = d.area in LANGUAGES and d.after is None
        if gone and not any(f.breaking and "source" in f.categories for f in explaining):
            problems.append(f"{owners}: {d.describe()} is gone, yet no breaking source finding explains it")
    for m in batch:  # a difference that can only come from `m` (it names no other mutation's subjects)
        alone = [d for d in diffs if d.category != "docs" and [o for o in batch if _concerns(d, o)] == [m]
                 and not _union(d)]  # fmt: skip
        if alone and not any(_about(f, m) for f in found):
            problems.append(f"{m.label}: the generated surface changed, no finding is about it ({alone[0].describe()})")
    if files_differ and not found and [m.label for m in batch] != ["catalog:version"]:  # semver judges that
        problems.append(f"{[m.label for m in batch]}: the generated files changed, yet no finding")
    return problems


@pytest.mark.parametrize("name", ["workbook", "filetools", "napkin"])
@pytest.mark.usefixtures("fast_targets")
def test_every_surface_change_is_reported_with_its_category(name: str) -> None:
    data = yaml.safe_load((ROOT / "catalog" / f"{name}.yaml").read_text(encoding="utf-8"))
    old = _compiled(data, "catalog/the.yaml")  # the mutants' name too: a header differs by nothing else
    assert old is not None
    side = Side(old.catalog)
    singles = mutations(data)
    plan = singles + compounds(data, singles, max(WANTED + 100 - len(singles), len(singles) // 4))
    checked, problems = 0, []
    for batch in _batches(plan):
        for mutations_built, mutant in _valid(data, batch):
            checked += len(mutations_built)
            new_side = Side(mutant.catalog)
            findings = compare(old, mutant, old_side=side, new_side=new_side)
            problems += [f"{[m.label for m in mutations_built]}: {f.message}" for f in findings
                         if f.rule == "unexplained-change"]  # fmt: skip
            diffs = differences(side, new_side)
            differ = new_side.masked != side.masked
            problems += _check(mutations_built, findings, diffs, differ)
    assert checked >= WANTED, f"only {checked} of the mutations of {name} compile"
    assert problems == [], f"{len(problems)} problems in {checked} mutations:\n" + "\n".join(problems[:40])


def test_the_mutations_cover_every_option_and_field() -> None:
    """Each shipped catalog gets mutations of every code, every declared field and the envelope."""
    for name in ("workbook", "filetools", "napkin"):
        data = yaml.safe_load((ROOT / "catalog" / f"{name}.yaml").read_text(encoding="utf-8"))
        labels = [m.label for m in mutations(data)]
        assert all(any(label.startswith(f"{cid}:") for label in labels) for cid in data["codes"])
        assert all(any(label.startswith(f"field {f}:") for label in labels) for f in data.get("fields", {}))
        for key in ("discriminator", "casing", "provenance", "mirror_is_error", "structured_content", "metadata"):
            assert any(label.startswith(f"envelope:{key}") for label in labels), key
        assert len(labels) > 250, name


def test_a_kept_side_gives_the_same_differences(tmp_path: Path) -> None:
    """A `Side` kept across comparisons answers as one built afresh (what the property test relies on)."""
    data = yaml.safe_load((ROOT / "catalog" / "workbook.yaml").read_text(encoding="utf-8"))
    old = _compiled(data, "catalog/workbook.yaml")
    changed = dict(data, envelope={"casing": "camel"})
    new = _compiled(changed, "catalog/workbook.yaml")
    assert old is not None and new is not None
    side = Side(old.catalog)
    first = differences(side, Side(new.catalog))
    again = differences(side, new.catalog)
    assert first == again and first == differences(old.catalog, new.catalog)
    assert first, "camel casing changes the generated surface"
