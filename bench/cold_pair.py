"""Cold `errgen build` CPU of one catalog by two errgen executables, interleaved (ABBA), median of N.

    python bench/synth.py --codes 1000 --out /tmp/synth
    python bench/cold_pair.py /tmp/synth/synth.yaml --peer /path/to/main/.venv/bin/errgen --runs 7

Each run builds into a fresh folder with its own build cache (``ERRGEN_CACHE_DIR=.errgen-cache`` in
that folder, as bench/gate.py does: cold means cold) and ``ERRGEN_JOBS=1``; the figure is the
child's user + system CPU (``RUSAGE_CHILDREN``), so a forked worker counts too.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def cold_cpu(errgen: str, catalog: Path) -> float:
    """CPU seconds of one cold build of `catalog` by `errgen`."""
    folder = Path(tempfile.mkdtemp(prefix="errgen-cold-"))
    try:
        shutil.copy(catalog, folder / catalog.name)
        env = {**os.environ, "ERRGEN_JOBS": "1", "ERRGEN_CACHE_DIR": ".errgen-cache"}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([errgen, "build", catalog.name, "--out", "out"], cwd=folder, env=env,
                              capture_output=True, text=True, check=False)  # fmt: skip
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{errgen}: {done.stderr.strip()}")
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    finally:
        shutil.rmtree(folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("catalog", type=Path)
    parser.add_argument("--peer", required=True, help="the errgen to compare with (e.g. main's)")
    parser.add_argument("--this", default=str(Path(sys.executable).with_name("errgen")), help="default: this venv's")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    pair = {"peer": options.peer, "this": options.this}
    times: dict[str, list[float]] = {"peer": [], "this": []}
    for run in range(options.runs):
        for name in ("peer", "this") if run % 2 == 0 else ("this", "peer"):
            times[name].append(cold_cpu(pair[name], options.catalog.resolve()))
    peer, this = statistics.median(times["peer"]), statistics.median(times["this"])
    for name, values in times.items():
        print(f"{name}: {' '.join(f'{v:.2f}' for v in values)}")
    print(f"median CPU (user+sys): peer {peer:.2f}s, this {this:.2f}s, ratio {this / peer:.3f}")


if __name__ == "__main__":
    main()
