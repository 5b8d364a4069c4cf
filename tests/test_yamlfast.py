"""The line reader (`yamlfast`) against the libyaml composer: the same data and positions, or it gives up.

Wherever the fast path returns a document, it must be exactly the composer's: the
same values of the same types, the same key order, the same packed position of every
key and value. Wherever the composer reports anything, the fast path must give up.
Checked on every YAML file in the repository, a synthetic catalog, hand-picked edge
cases, generated documents and thousands of seeded mutations of real catalogs.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog import yamllib, yamlsrc

sys.path.insert(0, str(ROOT / "bench"))
import synth  # the benchmark's catalog generator

SKIP = {"node_modules", ".peers", "out", ".git"}
_TRACKED = subprocess.run(["git", "ls-files", "*.yaml", "*.yml"], cwd=ROOT, capture_output=True, text=True, check=True)
FILES = sorted(p for p in map(ROOT.joinpath, _TRACKED.stdout.split()) if p.is_file() and not SKIP & set(p.parts))
CATALOGS = sorted((ROOT / "catalog").glob("*.yaml"))


def _snapshot(value: Any, of: dict[int, Any]) -> Any:
    """Values with their types, key order and packed positions, comparable with ==."""
    if isinstance(value, dict):
        return "map", list(of[id(value)]), [(k, _snapshot(v, of)) for k, v in value.items()]
    if isinstance(value, list):
        return "seq", list(of[id(value)]), [_snapshot(v, of) for v in value]
    return type(value).__name__, value


def _composed(text: str) -> Any:
    """The libyaml composer's snapshot, or None when it reports anything."""
    composer = yamllib._Composer("t.yaml")
    try:
        data = composer.compose(text)
    except (yamllib._Abort, yaml.YAMLError):
        return None
    if composer.errors:
        return None
    return composer.positions.root, _snapshot(data, composer.positions.of)


def _fast(text: str) -> Any:
    doc = yamlsrc.read_fast(text, "t.yaml")
    return None if doc is None else (doc._positions.root, _snapshot(doc.data, doc._positions.of))


def _agree(text: str) -> bool:
    """Whether the fast path gave up or gave exactly the composer's document (asserting when it differs)."""
    fast = _fast(text)
    if fast is None:
        return False
    assert fast == _composed(text), text
    return True


def _text(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:  # a hostile fixture: errgen reports it before parsing
        return None


def test_every_yaml_file_in_the_repository() -> None:
    texts = {p: t for p in FILES if (t := _text(p)) is not None}
    assert len(texts) > 50
    accepted = [p for p, text in texts.items() if _agree(text)]
    assert set(CATALOGS) <= set(accepted)  # the fast path covers the shipped catalogs
    assert len(accepted) > len(FILES) // 2


def test_synthetic_catalog(tmp_path: Path) -> None:
    catalog, _ = synth.write(200, tmp_path)
    assert _agree(catalog.read_text(encoding="utf-8"))


EDGES = [
    "a: 1\n",
    "a: |",
    "a: >-\n",
    "a: {b: ",
    "a: {b: 1, c: }\n",
    "a: [",
    "a:\n-   b: 1\n- c\n",
    "a: |\n  x\n     \n  y\n",
    "a: >\n  x\n   \n  y\n",
    "a: 1",
    "---\na: 1\n",
    "a:\n- x\n- y\nb: 2\n",
    "a:\n  - x\n  - {k: v}\n",
    "a: [x, 'y', \"z\", [1, 2.5]]\n",
    "a: {b: [], c: {}}\n",
    "a: 'it''s'\n",
    "a: 'x\n\n  y\n\n  '\n",
    "a: 'x\n  '\n",
    "a: '\n  x'\n",
    'a: "x\n  y"\n',
    "a: |\n  x\n   y\n\n  z\n",
    "a: |-\n  x\n",
    "a: >\n  x  \n  y\n\n  z\n",
    "a: >-\n  x\nb: 1",
    "a: |\n  x",
    "a: |\n\n  x\n",
    "a: |+\n  x\n\n",
    "a: |2\n   x\n",
    "a: >\n  x\n    y\n",
    "a: x # c\nb: 'y' # c\n",
    "a: x#y\n",
    "a: -1\nb: -x\nc: - x\n",
    "a: 0x1F\nb: 0o17\nc: 1e3\nd: .inf\ne: ~\nf: null\ng: True\nh: yes\ni: 1_000\n",
    "a: 1e400\n",
    "a: .nan\n",
    "1: a\n",
    "true: a\n",
    "a: 1\na: 2\n",
    "a: [1, 1]\nb: {x: 1, x: 2}\n",
    "a: &x 1\nb: *x\n",
    "a: !!str 1\n",
    "a:\n  b:\n    c: 1\n  d: 2\n",
    "- a\n- b\n",
    "a: b: c\n",
    "a: x\n  y\n",
    "a: x\n\n  y\n",
    "a:\n",
    "a:\nb: 1\n",
    "a: [x,]\n",
    "a: [x, , y]\n",
    "a: {x}\n",
    "a: [x\n  , y]\n",
    "a: 'x' y\n",
    "a:\t1\n",
    "a: 1\r\nb: 2\r\n",
    "a: x\u2028y\n",
    "a: \x85\n",
    "a: caf\u00e9 \U0001f600\n",
    "a: \u00a0x\n",
    "  a: 1\n",
    "a: 1\n  b: 2\n",
    "a:\n  - b: 1\n    c: 2\n  - d\n",
    "a:\n  -   b: 1\n      c: 2\n",
    "a: [{b: 1}, {c: [2, 3]}]\n",
    "a: ''\nb: \"\"\n",
    "a: x:y\nb: http://h/p?q=1#f\n",
    "a: 'x' # c\n",
    "# only a comment\n",
    "",
    "a: [1, 2] x\n",
    "a: >\n\n  x\n",
]


@pytest.mark.parametrize("text", EDGES)
def test_edge_cases(text: str) -> None:
    _agree(text)


def test_the_common_subset_is_read() -> None:
    common = ["a: 1\n", "a:\n- x\n- y\nb: 2\n", "a: 'x\n\n  y\n\n  '\n", "a: >-\n  x\nb: 1", "a: [x, {b: []}]\n"]
    assert all(_agree(text) for text in common)


_KEYS = st.text("abcXYZ019_-./", min_size=1, max_size=6)
_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30) | st.text(
    " a:#'\"-[]{},|>&*!?%@`\n", max_size=12
)
_DATA = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=25,
)  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(st.dictionaries(_KEYS, _DATA, min_size=1, max_size=5), st.sampled_from([None, False]), st.booleans(),
       st.sampled_from([20, 80]))  # fmt: skip
def test_generated_documents(data: dict[str, Any], flow: bool | None, unicode: bool, width: int) -> None:
    _agree(yaml.safe_dump(data, default_flow_style=flow, allow_unicode=unicode, sort_keys=False, width=width))


_INSERTS = [":", " ", "#", "'", '"', "-", "- ", "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "?", "%", "@", "`",
            "\t", "\r", "\n", "x", "1", ".", "é", "\u2028", "\x85", "\ufeff", "\\", ": ", " #", "  "]  # fmt: skip


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    line = lines[i]
    at = rng.randint(0, len(line))
    choice = rng.randrange(7)
    if choice == 0:
        lines[i] = line[:at] + rng.choice(_INSERTS) + line[at:]
    elif choice == 1 and line:
        lines[i] = line[:at] + line[at + 1 :]
    elif choice == 2:
        lines[i] = " " * rng.choice([1, 2, 4]) + line
    elif choice == 3:
        lines[i] = line[rng.choice([1, 2]) :] if line.startswith("  ") else line
    elif choice == 4:
        lines.insert(i, line)
    elif choice == 5:
        del lines[i]
    else:
        lines[i] = line.rstrip() + rng.choice(["", " ", "  # note", ":", " x"])
    return "\n".join(lines)


def test_mutated_catalogs() -> None:
    rng = random.Random(6)
    sources = [p.read_text(encoding="utf-8") for p in CATALOGS]
    sources += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "ts" / "catalogs").glob("*.yaml"))]
    accepted = 0
    for n in range(1500):
        text = sources[n % len(sources)]
        for _ in range(rng.choice([1, 1, 2, 3])):
            text = _mutate(text, rng)
        accepted += _agree(text)
    assert accepted > 200  # many mutants stay in the subset and are compared, not skipped
