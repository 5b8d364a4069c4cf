"""What tsc's checker builds for the generated TypeScript of a synthetic catalog, as counts, not times.

`tsc --singleThreaded --extendedDiagnostics` reports the types and instantiations it created; with
the pinned tsc (tests/ts/package-lock.json) and one checker they are the same on every run and
machine. The SDK adapters (`errors.mcp.ts`, `errors.mcp-v1.ts`) cost a fixed amount over the catalog
and zod files (the SDKs' and zod's own types); that amount must not grow with the codes, and must
stay near what those types cost: typing `listedAs` as `z.ZodType<…>` once cost ~70,000
instantiations per adapter file.

Two costs these counts cannot see (tsc does not count them) are kept off by the templates'
structure instead, and measured by bench/run.py: relating every error class to every other
(narrowing the handler's union by `isCatalogError`, `a ? undefined : error`), and control-flow
analysis walking back over every earlier top-level declaration (the zod file's builders).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, run_errgen
from ts import harness

ADAPTERS = "generated/**/*.mcp*.ts"
# The adapters' instantiations over the catalog's own at 100 codes: 49,759 with tsc 7.0.2 (≈122,000 before).
MAX_ADAPTER_INSTANTIATIONS = 60_000
MAX_INSTANTIATIONS_PER_CODE = 6


def _project(folder: Path, codes: int) -> Path:
    """A synthetic catalog of `codes` codes, built with `errgen build -t typescript` into `folder`."""
    synth = [sys.executable, str(ROOT / "bench" / "synth.py"), "--codes", str(codes), "--out", str(folder)]
    made = subprocess.run(synth, capture_output=True, text=True, timeout=120, check=False)
    assert made.returncode == 0, made.stderr
    pyproject = '[tool.errgen]\ncatalogs = ["synth.yaml"]\nout = "generated"\n'
    (folder / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    built = run_errgen("build", "-t", "typescript", cwd=folder)
    assert built.returncode == 0, built.stderr
    (folder / "package.json").write_text('{"type": "module", "private": true}\n', encoding="utf-8")
    (folder / "node_modules").symlink_to(harness.ensure_node_modules(), target_is_directory=True)
    return folder


def _counts(folder: Path, exclude: list[str]) -> dict[str, int]:
    """Types and instantiations of one single-threaded tsc run over the generated files."""
    config = {"extends": str(harness.TS_DIR / "tsconfig.json"), "include": ["generated/**/*.ts"], "exclude": exclude}
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    tsc = harness.ensure_node_modules() / "typescript" / "bin" / "tsc"
    cmd = [harness.tool("node"), str(tsc), "-p", "tsconfig.json", "--singleThreaded", "--extendedDiagnostics"]
    done = harness.run(cmd, cwd=folder)
    assert done.returncode == 0, done.stdout + done.stderr
    return {name: int(value) for name, value in re.findall(r"^(Types|Instantiations):\s+(\d+)$", done.stdout, re.M)}


def test_the_adapters_cost_tsc_a_fixed_few_instantiations_whatever_the_codes(tmp_path: Path) -> None:
    added = {}
    for codes in (100, 300):
        folder = _project(tmp_path / str(codes), codes)
        alone, together = _counts(folder, [ADAPTERS]), _counts(folder, [])
        added[codes] = {name: together[name] - alone[name] for name in together}
    assert added[100]["Instantiations"] <= MAX_ADAPTER_INSTANTIATIONS, added
    # Per code: no type (≈11 before) and 5 instantiations (the handler's result, `METADATA[code]`).
    assert added[300]["Types"] == added[100]["Types"], f"the adapters' types grow with the codes: {added}"
    growth = added[300]["Instantiations"] - added[100]["Instantiations"]
    assert growth <= MAX_INSTANTIATIONS_PER_CODE * 200, f"the adapters' instantiations grow with the codes: {added}"
