"""Machine instructions per payload of errgen's and the peer's validation, side by side (valgrind).

Wall time on a shared 2-core machine moves with the other work on it; the number of
instructions a payload costs does not. For each function this runs
``probe_python.py passes`` twice under cachegrind (hash seed fixed), with 2 warm passes
(CPython has specialised every code path) and then 0 or 3 more, and divides the
difference by the payloads parsed. Used by ``run.py`` when valgrind is installed.

    python bench/instr.py MODULE_DIR MODULE PEER_DIR PEER CATALOG_JSON
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
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


def measure(package: Path, peer: Path, catalog_json: Path, payloads: int) -> dict[str, Any]:
    """Instructions per payload: errgen's functions and the peer's adapter."""
    out: dict[str, Any] = {f"instr_{fn}": per_payload(package.parent, package.name, catalog_json, fn, payloads)
                           for fn in FUNCTIONS}  # fmt: skip
    out["instr_peer"] = per_payload(peer.parent, peer.stem, catalog_json, "peer", payloads)
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(BENCH))
    from probe_python import payloads as examples

    module_dir, module, peer_dir, peer, catalog = sys.argv[1:]
    count = len(examples(Path(catalog)))
    print(json.dumps(measure(Path(module_dir) / module, Path(peer_dir) / f"{peer}.py", Path(catalog), count)))
