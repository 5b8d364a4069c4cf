"""The example widget: type-checks against the generated TypeScript, is exhaustive over codes,
and renders each code's UI meaning from real tool results (the generated pack's fixtures)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .support import ROOT, WORKBOOK_PACK, compile_file

pytestmark = pytest.mark.slow
TSC = ROOT / "tests" / "ts" / "node_modules" / ".bin" / "tsc"
WIDGET = ROOT / "examples" / "widget"
RUNNER = """
import { viewOf } from "./examples/widget/widget.js";
let input = "";
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(JSON.parse(input).map((result) => viewOf(result))));
"""


def tsc(*args: str) -> subprocess.CompletedProcess[str]:
    if not TSC.exists():
        pytest.fail(f"{TSC} is missing: run `npm ci --prefix tests/ts`")
    return subprocess.run([str(TSC), *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_widget_type_checks() -> None:
    result = tsc("-p", str(WIDGET / "tsconfig.json"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_widget_switch_is_exhaustive_over_the_catalog_codes(tmp_path: Path) -> None:
    source = (WIDGET / "widget.ts").read_text(encoding="utf-8")
    case = '    case "unapproved_assumption":\n      return { ...base, tone: "blocked", choices: [] };\n'
    dropped = source.replace(case, "")
    assert dropped != source
    (tmp_path / "widget.ts").write_text(dropped.replace("../../generated/", f"{ROOT.as_posix()}/generated/"))
    config = json.loads((WIDGET / "tsconfig.json").read_text(encoding="utf-8"))
    config["extends"] = str(ROOT / "tests" / "ts" / "tsconfig.json")
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    result = tsc("-p", str(tmp_path / "tsconfig.json"))
    assert result.returncode != 0
    assert "'UnapprovedAssumption' is not assignable to parameter of type 'never'" in result.stdout


@pytest.fixture(scope="module")
def views(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Compile the widget to JavaScript once and return a function: results → views (run by node)."""
    out = tmp_path_factory.mktemp("widget")
    result = tsc("-p", str(WIDGET / "tsconfig.json"), "--noEmit", "false", "--outDir", str(out), "--rootDir", str(ROOT))
    assert result.returncode == 0, result.stdout + result.stderr
    (out / "package.json").write_text('{"type": "module"}')
    (out / "run.mjs").write_text(RUNNER)
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the widget tests need Node.js >= 20")

    def run(results: list[Any]) -> list[dict[str, Any]]:
        command = [node, str(out / "run.mjs")]
        done = subprocess.run(command, check=True, input=json.dumps(results), capture_output=True, text=True)
        return list(json.loads(done.stdout))

    return run


def _fixtures() -> list[tuple[str, str, Any]]:
    """The fixtures of the pack's code invariants as wallfacer reads them (parameters such as the fingerprint set)."""
    from errgen.conform.pack import load_pack

    pack = load_pack(WORKBOOK_PACK, {}).pack
    assert pack is not None
    return [
        (inv.name.rsplit(".", 1)[1], fixture.name, fixture.response)
        for inv in pack.invariants
        if ".tool:" not in inv.name  # a tool's invariant: its fixtures are other codes' results
        for fixture in inv.body.fixtures
    ]


def test_widget_renders_each_codes_ui_meaning(views: Any) -> None:
    catalog = compile_file(ROOT / "catalog" / "workbook.yaml")
    passing = [(code, response) for code, name, response in _fixtures() if name.startswith("passes")]
    assert {code for code, _ in passing} == {c.id for c in catalog.constructible_codes}
    for (code, response), view in zip(passing, views([r for _, r in passing]), strict=True):
        info = catalog.codes[code]
        payload = response["structuredContent"]
        assert view["tone"] == "repair" and view["title"] == info.title, view
        assert view["meaning"] == info.ui_meaning and view["nextAction"] == info.next_action
        assert view["field"] == payload["field"]
        expected = payload.get("allowed") or payload.get("required")
        if expected is None and "range" in payload:
            bounds = payload["range"]
            expected = [f"{bounds.get('min', '')}..{bounds.get('max', '')}"]
        assert view["choices"] == expected


def test_widget_degrades_for_broken_unknown_and_successful_results(views: Any) -> None:
    broken = {name: response for _, name, response in _fixtures() if name.startswith("fails")}
    results = [
        broken["fails when isError is false"],  # not an error: a success
        broken["fails when the code is another one"],  # an unknown code: its text, not a crash
        {"isError": True, "content": [{"type": "text", "text": "upstream exploded"}]},
        {"content": [{"type": "text", "text": "42"}], "structuredContent": {"total": 42}},
    ]
    first, unknown, text_only, success = views(results)
    assert first["tone"] == success["tone"] == "ok"
    assert unknown["tone"] == "unknown" and unknown["title"].startswith("not ")
    assert text_only == {
        "tone": "unknown", "title": "Error", "meaning": "upstream exploded",
        "nextAction": "", "field": None, "choices": [],
    }  # fmt: skip
