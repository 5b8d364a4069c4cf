"""Time a generated Python module's sanitizer rules on growing adversarial inputs (for test_hostile_linear.py).

    python linear_probe.py MODULE.py < spec.json

The spec: ``{"rule": index, or "scrub_text" or "map_http" (the whole entry point), "inputs":
[[kind, a, b], …], "sizes": [...], "bound": 30, "floor": 0.0005}``. An input is ``a`` repeated (``repeat``),
``a + b`` repeated (``pair``), or ``a``, then ``b`` repeated, then ``!`` (``pump``), cut to
the size. Each input is timed at each size in turn (CPU time); when the time grows more than
`bound` times from one size to the next (the smaller time taken as at least `floor` seconds),
both sizes are timed again, interleaved (smaller, larger), up to three rounds, each keeping the
least time: a first run at a size the process has not reached before pays for the memory it
grows into, and a collector may run inside any one timing. The re-timing stops as soon as the
growth is within the bound, or when a round still finds it three times the bound (a rule that
is truly super-linear costs one more slow run, not three); an excess that remains stops the
input there.
Prints one JSON object per input: its times and whether it stayed within the bound.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def text(kind: str, a: str, b: str, size: int) -> str:
    """The input of `kind` made of the fragments `a` and `b`, `size` characters long."""
    if kind == "repeat":
        unit, head, tail = a, "", ""
    elif kind == "pair":
        unit, head, tail = a + b, "", ""
    else:
        unit, head, tail = b, a, "!"
    body = size - len(head) - len(tail)
    return head + (unit * (body // len(unit) + 1))[:body] + tail


def best(run: Callable[[str], object], value: str, runs: int) -> float:
    """The least CPU time of `runs` calls."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        run(value)
        times.append(time.process_time() - start)
    return min(times)


def probe(run: Callable[[str], object], spec: dict[str, Any], case: list[str]) -> dict[str, Any]:
    """Times of one input at each size, stopping at the first growth beyond the bound."""
    times: list[float] = []
    sizes, bound, floor = spec["sizes"], spec["bound"], spec["floor"]
    for size in sizes:
        value = text(*case, size)
        elapsed = best(run, value, 1)
        for _ in range(3 if times and elapsed > bound * max(times[-1], floor) else 0):
            times[-1] = min(times[-1], best(run, text(*case, sizes[len(times) - 1]), 1))
            elapsed = min(elapsed, best(run, value, 1))
            growth = elapsed / max(times[-1], floor)
            if growth <= bound or growth >= 3 * bound:
                break
        times.append(elapsed)
        if len(times) > 1 and elapsed > bound * max(times[-2], floor):
            return {"input": case, "times": times, "linear": False}
    return {"input": case, "times": times, "linear": True}


def main() -> int:
    spec = json.load(sys.stdin)
    package = Path(sys.argv[1])  # the generated package's folder
    loader = importlib.util.spec_from_file_location(
        "linear_subject", package / "__init__.py", submodule_search_locations=[str(package)]
    )
    assert loader is not None and loader.loader is not None
    module = importlib.util.module_from_spec(loader)
    sys.modules["linear_subject"] = module
    loader.loader.exec_module(module)
    run: Callable[[str], object]
    if spec["rule"] == "scrub_text":
        run = module.scrub_text
    elif spec["rule"] == "map_http":
        run = lambda value: module.map_http(502, {"error": value})  # noqa: E731
    else:
        compiled = module._runtime._sanitizer()[0][spec["rule"]]  # the rule as scrub_text applies it
        run = lambda value: module._runtime._apply(compiled, value)  # noqa: E731
    run("warm up: compile the rules")  # the module compiles them on first use
    for case in spec["inputs"]:
        print(json.dumps(probe(run, spec, case)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
