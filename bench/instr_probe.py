"""The processes `instr.py` counts the machine instructions of (under valgrind); prints nothing.

    python bench/instr_probe.py base
    python bench/instr_probe.py import      PKG_DIR PACKAGE
    python bench/instr_probe.py import-peer PEER_DIR PEER
    python bench/instr_probe.py passes      PKG_DIR PACKAGE PEER_DIR PEER PAYLOADS_JSON FUNCTION N

``base`` imports pydantic; ``import`` then errgen's generated package; ``import-peer`` then
datamodel-codegen's module and a ``TypeAdapter`` over its union (`probe_python.peer_adapter`).
The import of the package less ``base`` is the package's import cost with pydantic loaded, as
the bench states the import target. ``passes`` imports both, builds the adapters, parses
every payload twice with each of errgen's ``parse_error`` and ``validate_error`` and the peer's
``TypeAdapter.validate_python`` (every code path specialised), then N more times with FUNCTION
(``parse_error``, ``validate_error`` or ``peer``): the difference of N = k and N = 0, divided by
k × the payloads, is the function's instructions per payload.

``ERRGEN_BENCH_SLOWDOWN=validate:K`` (honoured here, in the bench only, never by errgen) makes
errgen's functions parse each payload K times: a deliberately slowed validator for the gate's
own test (`gate.py`, tests/test_bench_gate.py).
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
WARM = 2


def slowdown(kind: str) -> int:
    """The factor ``ERRGEN_BENCH_SLOWDOWN=<kind>:<factor>`` asks for (1: none)."""
    for part in os.environ.get("ERRGEN_BENCH_SLOWDOWN", "").split(","):
        name, _, factor = part.partition(":")
        if name == kind and factor:
            return max(1, int(factor))
    return 1


def _slowed(function: Callable[[Any], Any], factor: int) -> Callable[[Any], Any]:
    if factor == 1:
        return function

    def slowed(payload: Any) -> Any:
        for _ in range(factor - 1):
            function(payload)
        return function(payload)

    return slowed


def _module(folder: str, name: str) -> Any:
    sys.path.insert(0, folder)
    return importlib.import_module(name)


def main() -> None:
    mode, *args = sys.argv[1:]
    import pydantic  # noqa: F401 (the base every count includes)

    if mode == "base":
        return
    sys.path.insert(0, str(BENCH))
    from probe_python import peer_adapter

    if mode == "import":
        _module(*args)
        return
    if mode == "import-peer":
        peer_adapter(_module(*args))
        return
    pkg_dir, package, peer_dir, peer, payloads, function, count = args
    errgen, theirs = _module(pkg_dir, package), peer_adapter(_module(peer_dir, peer))
    factor = slowdown("validate")
    functions = {"parse_error": _slowed(errgen.parse_error, factor),
                 "validate_error": _slowed(errgen.validate_error, factor), "peer": theirs.validate_python}  # fmt: skip
    items = json.loads(Path(payloads).read_text(encoding="utf-8"))
    for parse in functions.values():
        for _ in range(WARM):
            for payload in items:
                parse(payload)
    chosen = functions[function]
    gc.disable()  # as timeit does
    for _ in range(int(count)):
        for payload in items:
            chosen(payload)


if __name__ == "__main__":
    main()
