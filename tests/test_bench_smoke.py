"""The benchmark's input generator (bench/synth.py) at 20 codes; the benchmark itself is not run here."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import yaml
from conftest import ROOT, run_errgen, unavailable


def _synth(tmp_path: Path, codes: int) -> tuple[Path, Path]:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "synth.py"), "--codes", str(codes), "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return tmp_path / "synth.yaml", tmp_path / "synth.schema.json"


def test_synthetic_catalog_is_valid_and_its_peer_schema_accepts_every_example(tmp_path: Path) -> None:
    catalog_path, schema_path = _synth(tmp_path, 20)

    result = run_errgen("validate", str(catalog_path))
    assert result.returncode == 0, result.stderr
    assert "ok (20 codes, sha256:" in result.stdout

    catalog = yaml.safe_load(catalog_path.read_text(encoding="utf-8"))
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    assert len(schema["oneOf"]) == len(catalog["codes"]) == 20
    provenance = {"catalog": "synth", "version": "1.0.0", "fingerprint": "sha256:" + "0" * 64}
    for code, entry in catalog["codes"].items():
        assert 2 <= len(entry["fields"]["required"]) + len(entry["fields"].get("optional", [])) <= 3
        for example in entry["examples"]:
            payload = {"code": code, "message": "m", **example, "provenance": provenance}
            assert not list(validator.iter_errors(payload)), (code, payload)
    wrong = {"code": next(iter(catalog["codes"])), "message": "m", "provenance": provenance}
    assert list(validator.iter_errors(wrong)), "a payload without its required repair fields must not validate"


def test_synthetic_catalog_is_deterministic_and_written_without_yaml_anchors(tmp_path: Path) -> None:
    first, _ = _synth(tmp_path / "a", 20)
    second, _ = _synth(tmp_path / "b", 20)
    text = first.read_text(encoding="utf-8")
    assert text == second.read_text(encoding="utf-8")
    assert "&id" not in text and "*id" not in text


def test_parse_bench_reads_every_input_on_both_sides_and_writes_its_section(tmp_path: Path) -> None:
    """bench/parse.py runs (Go and TypeScript on napkin, one round): each side read every input as its code."""
    if shutil.which("go") is None or shutil.which("node") is None:
        unavailable("bench/parse.py's smoke run needs go and node")
    if not (ROOT / "tests" / "ts" / "node_modules" / ".bin" / "tsc").exists():
        unavailable("bench/parse.py's smoke run needs tsc and zod: npm ci --prefix tests/ts")
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "parse.py"), "--catalogs", "napkin", "--languages", "go,typescript",
         "--rounds", "1", "--no-count"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    data = json.loads((ROOT / "bench" / "out" / "parse" / "results.json").read_text(encoding="utf-8"))
    napkin = data["catalogs"]["napkin"]
    for language, entries in (("go", ("result", "payload", "value")), ("typescript", ("result", "payload"))):
        for entry in entries:
            found = napkin[language][entry]
            assert found["typed"] == found["plain_ok"] == found["inputs"] == napkin["inputs"] > 0, (language, entry)
            assert found["us_errgen"] > 0 and found["us_plain"] > 0
    assert result.stdout.startswith("<!-- parse:begin -->") and result.stdout.rstrip().endswith("<!-- parse:end -->")
    assert "| Go | `ParseResult(text)` |" in result.stdout
