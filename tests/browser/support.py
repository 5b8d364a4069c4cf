"""What the browser tests share: Chromium from Debian's package, node, the drivers beside this file.

The suite never installs a browser: `.ci/run` installs Debian's ``chromium`` when it is missing (CI starts on a
clean machine); elsewhere a test skips without ``/usr/bin/chromium`` and fails under ``CI=true``. playwright-core
and axe-core are pinned in ``tests/ts/package-lock.json`` (playwright-core drives the given executable only).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from conftest import unavailable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = Path("/usr/bin/chromium")
MODULES = ROOT / "tests" / "ts" / "node_modules"
SCREENSHOTS = ROOT / "docs" / "screenshots"
UPDATE_SCREENSHOTS = os.environ.get("ERRGEN_UPDATE_SCREENSHOTS") == "1"  # write them into docs/screenshots


def need_browser() -> str:
    """The node executable; skips (fails under CI=true) without Chromium, node or the pinned npm packages."""
    if not CHROMIUM.exists():
        unavailable(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)")
    node = shutil.which("node")
    if node is None:
        unavailable("node is missing: the browser tests need Node.js >= 20")
    for package in ("playwright-core", "axe-core"):
        if not (MODULES / package).is_dir():
            unavailable(f"{MODULES / package} is missing: run `npm ci --prefix tests/ts`")
    assert node is not None
    return node


def drive(script: str, job: dict[str, Any], folder: Path) -> list[dict[str, Any]]:
    """Run the driver `script` (beside this file) on `job`; its JSON answer."""
    node = need_browser()
    (folder / "job.json").write_text(json.dumps(job), encoding="utf-8")
    done = subprocess.run(
        [node, str(HERE / script), str(folder / "job.json")],
        capture_output=True, text=True, timeout=600, check=False, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    return list(json.loads(done.stdout))


def shots_folder(tmp: Path) -> Path:
    """Where the drivers put their screenshots: docs/screenshots with ERRGEN_UPDATE_SCREENSHOTS=1, else `tmp`."""
    folder = SCREENSHOTS if UPDATE_SCREENSHOTS else tmp
    folder.mkdir(parents=True, exist_ok=True)
    return folder
