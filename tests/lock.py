"""Rewrite ``tests/constraints.txt``, the pinned Python test toolchain: ``python tests/lock.py``.

Installs ``errgen[test,mutation]`` into a fresh virtualenv (so nothing of the current environment
leaks in), freezes it and writes every package with its exact version. The README's test
command installs with ``-c tests/constraints.txt``, so a new upstream release cannot turn
the suite red; run this on purpose to move the toolchain forward, then run the suite.
``python tests/lock.py --keep`` keeps every current pin and only adds what a new dependency brings.
The TypeScript side is pinned by ``tests/ts/package-lock.json`` (``npm ci``).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "tests" / "constraints.txt"
HEADER = "# The pinned test toolchain: written by `python tests/lock.py` (do not edit by hand).\n"


def main() -> int:
    """Freeze a fresh install of errgen[test,mutation] into tests/constraints.txt."""
    keep = ["-c", str(CONSTRAINTS)] if sys.argv[1:] == ["--keep"] else []
    with tempfile.TemporaryDirectory() as tmp:
        venv.create(tmp, with_pip=True)
        python = str(Path(tmp) / "bin" / "python")
        pip = [python, "-m", "pip", "--disable-pip-version-check", "--quiet"]
        subprocess.run([*pip, "install", *keep, "-e", f"{ROOT}[test,mutation]"], check=True)
        frozen = subprocess.run([*pip, "freeze", "--exclude-editable"], check=True, capture_output=True, text=True)
    pins = sorted((line for line in frozen.stdout.splitlines() if "==" in line), key=str.lower)
    CONSTRAINTS.write_text(HEADER + "\n".join(pins) + "\n", encoding="utf-8")
    print(f"tests/constraints.txt: {len(pins)} packages", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
