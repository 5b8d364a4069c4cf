"""Machine instructions of errgen's and the peer's validation and import, side by side (valgrind).

Wall time on a shared 2-core machine moves with the other work on it; the number of
instructions a payload costs does not. `validation` runs ``instr_probe.py passes`` four times
under cachegrind (hash seed fixed, both modules imported and every function warmed in each):
with no more passes, and with `MORE` passes of each of errgen's ``parse_error``,
``validate_error`` and the peer's ``TypeAdapter.validate_python``; each difference over the
payloads parsed is that function's instructions per payload. `imports` counts importing
pydantic, then errgen's package, then the peer's module and its ``TypeAdapter``: the package's
count less pydantic's is its import with pydantic loaded, as the import target is stated.
Used by ``run.py`` and ``gate.py`` when valgrind is installed (runs two at a time).
`per_payload` is the older one-function form (two runs of ``probe_python.py passes``).

    python bench/instr.py MODULE_DIR MODULE PEER_DIR PEER CATALOG_JSON
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
WARM, MORE = 2, 3
FUNCTIONS = ("parse_error", "validate_error")  # errgen's; the peer's is its TypeAdapter's validate_python


def available() -> bool:
    """Whether valgrind is installed."""
    return shutil.which("valgrind") is not None


def _count(args: list[str], cwd: Path) -> int:
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, str(BENCH / "probe_python.py"), "passes", *args]  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from cachegrind:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_payload(module_dir: Path, name: str, catalog_json: Path, function: str, payloads: int) -> int:
    """Instructions per payload of `function` (``peer`` for the peer's adapter) on every example payload."""
    base = [str(module_dir), name, str(catalog_json), str(WARM)]
    none = _count([*base, "0", function], module_dir)
    more = _count([*base, str(MORE), function], module_dir)
    return round((more - none) / (MORE * payloads))


def _counts(runs: dict[str, list[str]], cwd: Path, jobs: int = 2) -> dict[str, int]:
    """Instructions of each ``instr_probe.py`` run (name → its arguments), `jobs` at a time."""

    def count(args: list[str]) -> int:
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, str(BENCH / "instr_probe.py"), *args]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, check=False)
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if done.returncode or found is None:
            raise RuntimeError(f"no instruction count from cachegrind:\n{done.stderr[-2000:]}")
        return int(found.group(1).replace(",", ""))

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {name: pool.submit(count, args) for name, args in runs.items()}
        return {name: future.result() for name, future in futures.items()}


def validation(package: Path, peer: Path, payloads: list[dict[str, Any]], jobs: int = 2) -> dict[str, int]:
    """Instructions per payload of ``parse_error``, ``validate_error`` and the peer's adapter."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "payloads.json"
        data.write_text(json.dumps(payloads), encoding="utf-8")
        base = ["passes", str(package.parent), package.name, str(peer.parent), peer.stem, str(data)]
        runs = {"none": [*base, "parse_error", "0"]}
        runs |= {fn: [*base, fn, str(MORE)] for fn in (*FUNCTIONS, "peer")}
        counted = _counts(runs, package.parent, jobs)
    return {f"instr_{fn}": round((counted[fn] - counted["none"]) / (MORE * len(payloads)))
            for fn in (*FUNCTIONS, "peer")}  # fmt: skip


def imports(package: Path, peer: Path, jobs: int = 2) -> dict[str, int]:
    """Instructions of importing the package, and the peer's module with its adapter, pydantic loaded."""
    runs = {"base": ["base"], "errgen": ["import", str(package.parent), package.name],
            "peer": ["import-peer", str(peer.parent), peer.stem]}  # fmt: skip
    counted = _counts(runs, package.parent, jobs)
    return {"import_errgen": counted["errgen"] - counted["base"], "import_peer": counted["peer"] - counted["base"]}


def measure(package: Path, peer: Path, catalog_json: Path, payloads: int, with_imports: bool = True) -> dict[str, Any]:
    """Instructions per payload of errgen's functions and the peer's adapter; with `with_imports`, the imports'."""
    sys.path.insert(0, str(BENCH))
    from probe_python import payloads as examples

    items = examples(catalog_json)
    assert len(items) == payloads, (len(items), payloads)
    out: dict[str, Any] = dict(validation(package, peer, items))
    if with_imports:
        out.update(imports(package, peer))
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(BENCH))
    from probe_python import payloads as examples

    module_dir, module, peer_dir, peer, catalog = sys.argv[1:]
    count = len(examples(Path(catalog)))
    print(json.dumps(measure(Path(module_dir) / module, Path(peer_dir) / f"{peer}.py", Path(catalog), count)))
