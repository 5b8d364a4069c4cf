"""The secrets corpus (`secrets_corpus.yaml`) and the leak count of a sanitizer on it.

    python tests/hostile/corpus.py                      # leaks per category of errgen's reference (targets.scrub)
    python tests/hostile/corpus.py --module OLD.py      # … of another module's scrub_text and sanitize
    git show REV:generated/napkin/python/napkin_errors/_runtime.py > old.py
    python tests/hostile/corpus.py --module old.py          # … of a committed generated runtime

A sample leaks when one of its secrets is found in what the sanitizer makes of it: the
scrubbed text, and the sanitized upstream body that carries the text (or, for a
structured sample, the sanitized data). The table is the one in docs/hostile-input.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).with_name("secrets_corpus.yaml")


@dataclass(frozen=True)
class Sample:
    """One secret-bearing text (or JSON value) and the secrets in it."""

    category: str
    index: int
    text: str | None
    data: Any
    secrets: tuple[str, ...]
    source: str

    @property
    def id(self) -> str:
        """``category-index``, for test ids and reports."""
        return f"{self.category}-{self.index}"

    def body(self) -> Any:
        """The upstream body that carries the sample: the data, or the text in every position a server echoes."""
        if self.text is None:
            return self.data
        return {"error": self.text, "details": [self.text, {"message": self.text}]}


@cache
def _document() -> dict[str, Any]:
    return yaml.safe_load(CORPUS.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def samples() -> list[Sample]:
    """Every sample, category by category."""
    out = []
    for category, entry in _document()["categories"].items():
        for i, sample in enumerate(entry["samples"]):
            text = sample.get("text") if "data" not in sample else None
            source = sample.get("source", entry["source"])
            out.append(Sample(category, i, text, sample.get("data"), tuple(sample["secrets"]), source))
    return out


def categories() -> dict[str, str]:
    """Category name → what it holds."""
    return {name: entry["description"] for name, entry in _document()["categories"].items()}


def sources() -> dict[str, str]:
    """The scanners' published rule sets the shapes follow, name → address."""
    return dict(_document()["sources"])


def accepted_misses() -> list[tuple[str, tuple[str, ...], str]]:
    """(text, secrets, why it is let through): the misses docs/hostile-input.md lists."""
    return [(m["text"], tuple(m["secrets"]), m["reason"]) for m in _document()["accepted_misses"]]


def negatives() -> list[str]:
    """Ordinary error texts that must come through unchanged."""
    return list(_document()["negatives"])


def found(secrets: tuple[str, ...], *outputs: Any) -> list[str]:
    """The secrets that appear in any of the outputs (JSON-dumped when not a string)."""
    texts = [o if isinstance(o, str) else json.dumps(o, ensure_ascii=False) for o in outputs]
    return [s for s in secrets if any(s in t for t in texts)]


def leaks(scrub_text: Callable[[str], str], sanitize: Callable[[Any], Any]) -> dict[str, list[str]]:
    """Category → ids of its samples that leak through this scrub_text and sanitize."""
    out: dict[str, list[str]] = {name: [] for name in categories()}
    for sample in samples():
        outputs = [sanitize(sample.body())]
        if sample.text is not None:
            outputs.append(scrub_text(sample.text))
        if found(sample.secrets, *outputs):
            out[sample.category].append(sample.id)
    return out


def table(found_leaks: dict[str, list[str]]) -> str:
    """A Markdown table: category, samples, leaks."""
    counts: dict[str, int] = {}
    for sample in samples():
        counts[sample.category] = counts.get(sample.category, 0) + 1
    rows = [f"| `{name}` | {counts[name]} | {len(found_leaks[name])} |" for name in categories()]
    total = sum(len(ids) for ids in found_leaks.values())
    last = f"| all | {sum(counts.values())} | {total} |"
    return "\n".join(["| category | samples | leaks |", "|---|---:|---:|", *rows, last])


def _module(path: str) -> Any:
    spec = importlib.util.spec_from_file_location("corpus_subject", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", help="a Python file with scrub_text and sanitize (default: errgen's own)")
    args = parser.parse_args()
    if args.module:
        subject = _module(args.module)
    else:
        from errgen.targets.sanitizer import scrub as subject
    found_leaks = leaks(subject.scrub_text, subject.sanitize)
    print(table(found_leaks))
    for name, ids in found_leaks.items():
        if ids:
            print(f"{name}: {', '.join(ids)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
