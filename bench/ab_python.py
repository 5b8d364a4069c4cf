"""Compare the validation cost of two generated Python modules, interleaved; prints a table.

    python bench/ab_python.py CATALOG_JSON BEFORE AFTER [--rounds 8]

BEFORE and AFTER are generated Python packages (the folder ``python/<module>/``
holding ``__init__.py`` and ``_runtime.py``) or single-file modules (``.py``).

Both modules parse the same payloads (one per catalog example, as `probe_python.py`
builds them) with their parser; every round times each module once (best of 3
timeit repeats, 2 passes each), alternating, so a machine that speeds up or slows
down mid-run weighs on both alike. Reports µs per payload: each round, and the
median. Use it to judge a change to the validation templates: on a shared
machine, two separate bench runs minutes apart differ by more than most changes.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import timeit
from pathlib import Path
from types import ModuleType
from typing import Any

from probe_python import parser, payloads


def load(path: Path, name: str) -> ModuleType:
    """Import the package or module at `path` under `name` (both may share a stem)."""
    if path.is_dir():  # a package: its relative imports resolve to `name`'s own submodules
        init, inside = path / "__init__.py", [str(path)]
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=inside)
    else:
        spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"ab_python: cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def per_payload(parse: Any, items: list[dict[str, Any]]) -> float:
    runs = timeit.Timer(lambda: [parse(p) for p in items]).repeat(repeat=3, number=2)
    return min(runs) / (2 * len(items)) * 1e6


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("catalog_json", type=Path)
    args.add_argument("modules", type=Path, nargs=2, metavar="MODULE")
    args.add_argument("--rounds", type=int, default=8)
    ns = args.parse_args()
    items = payloads(ns.catalog_json)
    parsers = {}
    for label, path in zip(("before", "after"), ns.modules, strict=True):
        parse = parser(load(path, f"_ab_{label}"))[1]
        for payload in items:  # first use builds each code's model and fast-path data
            parse(payload)
        parsers[label] = parse
    rounds: dict[str, list[float]] = {label: [] for label in parsers}
    for _ in range(ns.rounds):
        for label, parse in parsers.items():
            rounds[label].append(per_payload(parse, items))
    print(f"{len(items)} payloads, µs per payload (round by round, then the median)")
    for label, values in rounds.items():
        row = " ".join(f"{v:5.2f}" for v in values)
        print(f"{label:>6}: {row}  | median {statistics.median(values):.2f}")
    ratios = [a / b for a, b in zip(rounds["after"], rounds["before"], strict=True)]
    faster = sum(r < 1 for r in ratios)
    median = statistics.median(ratios)
    print(f" ratio: after/before median {median:.3f}, after faster in {faster} of {len(ratios)} rounds")


if __name__ == "__main__":
    main()
