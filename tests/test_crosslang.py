"""Every runtime prints the committed contract vectors: Python and TypeScript here.

The vectors (`tests/contract/vectors/*.jsonl`, cases from `tests/contract/cases.py`) cover
every catalog the suite ships or type-checks, every envelope option: building each code from
its examples and hostile values, HTTP and exception mapping, classification, policies,
parsing results back, scrubbing and sanitizing the secrets corpus. The generated Python must
print each expected JSON text now (a changed runtime fails here until `python tests/regen.py`
rewrites them and the diff is reviewed); the generated TypeScript prints them under node
(`tests/ts/crosslang.ts`). Values too large to commit (deep, wide, cut at the size cap) are
compared between the two runtimes live.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from contract import vectors
from ts import harness

from errgen.targets.sanitizer import scrub
from errgen.targets.sanitizer.patterns import MAX_TEXT


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> harness.Program:
    built = harness.program(tmp_path_factory.mktemp("ts-program"))
    if built.tsc.returncode != 0:
        pytest.fail("tsc failed:\n" + (built.tsc.stdout + built.tsc.stderr)[-5000:], pytrace=False)
    return built


def run_node(program: harness.Program, cases: list[dict[str, Any]]) -> list[str]:
    """Each case computed by the generated TypeScript, as JSON text."""
    done = program.node("out/tests/ts/crosslang.js", stdin=json.dumps(cases))
    if done.returncode != 0:
        pytest.fail(f"node crosslang failed:\n{done.stderr[-5000:]}", pytrace=False)
    return done.stdout.removesuffix("\n").split("\n")  # JSON text never holds a raw newline


def compare(language: str, cases: list[dict[str, Any]], expected: list[str], got: list[str]) -> None:
    """`got` equals `expected` line by line; a failure names the language and the first differing cases."""
    assert len(got) == len(expected) == len(cases)
    diffs = [(c, e, g) for c, e, g in zip(cases, expected, got, strict=True) if e != g]
    report = "\n\n".join(
        f"case {json.dumps(c)[:400]}\n  expected: {e[:600]}\n  {language + ':':9} {g[:600]}" for c, e, g in diffs[:5]
    )
    assert not diffs, f"{language}: {len(diffs)} of {len(cases)} vectors differ:\n{report}"


FILES = vectors.FILES


@pytest.mark.filterwarnings("ignore:error code 'old_code' is deprecated:DeprecationWarning")
@pytest.mark.parametrize("name", FILES)
def test_python_prints_the_vectors(program: harness.Program, tmp_path: Path, name: str) -> None:
    catalog = program.catalogs["napkin" if name in (vectors.SANITIZE, vectors.VALUES) else name]
    module = vectors.load_python(catalog, tmp_path)
    others = {c: vectors.load_python(program.catalogs[c], tmp_path / c) for c in ("napkin", "workbook")}
    committed = vectors.read(name)
    cases = [v["case"] for v in committed]
    fresh = vectors.compute(name, module, catalog, others)
    assert [v["case"] for v in fresh] == cases, f"{name}.jsonl holds other cases than cases.py: regenerate"
    compare("python", cases, [v["expect"] for v in committed], [v["expect"] for v in fresh])


@pytest.mark.parametrize("name", FILES)
def test_typescript_prints_the_vectors(program: harness.Program, name: str) -> None:
    committed = vectors.read(name)
    cases = [v["case"] for v in committed]
    compare("typescript", cases, [v["expect"] for v in committed], run_node(program, cases))


def test_reference_scrubber_prints_the_vectors(tmp_path: Path) -> None:
    """errgen's own reference implementation (`targets/sanitizer/scrub.py`) agrees with the generated runtimes."""
    committed = [v for v in vectors.read(vectors.SANITIZE) if v["case"]["op"] in ("scrub", "sanitize")]
    cases = [v["case"] for v in committed]
    oracle = [scrub.scrub_text(c["text"]) if c["op"] == "scrub" else scrub.sanitize(c["value"]) for c in cases]
    module = vectors.load_python(harness.load(harness.ROOT / "catalog" / "napkin.yaml"), tmp_path)
    compare("reference", cases, [v["expect"] for v in committed], [module.to_json(o) for o in oracle])


def hostile_values() -> list[Any]:
    """Deep, wide and huge values, texts cut at MAX_TEXT next to astral characters and spaces, huge keys."""
    deep: Any = "password=hunter2"
    for i in range(200):
        deep = [deep] if i % 3 else {"k": deep, "token": "t"}
    wide = {f"k{i}": f"/home/u{i}/x" for i in range(2000)}
    cuts = [
        "😀" * (MAX_TEXT + 3),  # a cut between code points, not UTF-16 units
        "a" * (MAX_TEXT - 2) + "😀😀 tail",
        "x " * (MAX_TEXT // 2 - 2) + "sk-" + "Z9y8X7w6" * 4,  # a token the cut splits goes whole
        "y" * (MAX_TEXT + 10),  # one word longer than the cut window: cut where it falls
        "z" * MAX_TEXT,
    ]
    keys = {"k" * 10 * 2**20: "a 10 MiB key is cut (contract §7)", "password" + "😀" * 2000: "p"}
    return [deep, wide, *cuts, keys]


def test_same_sanitizing_of_huge_values(program: harness.Program, tmp_path: Path) -> None:
    """Values too large to commit: the two runtimes agree with each other."""
    module = vectors.load_python(program.catalogs["napkin"], tmp_path)
    cases = json.loads(json.dumps([{"op": "sanitize", "catalog": "napkin", "value": v} for v in hostile_values()]))
    python = [module.to_json(vectors.python_case(module, c)) for c in cases]
    compare("typescript", cases, python, run_node(program, cases))
