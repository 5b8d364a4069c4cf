"""The workbook widget (examples/widget) in a real browser, inside a test MCP Apps host (host.html): for every
workbook error it receives the tool result as MCP Apps deliver it (``ui/notifications/tool-result`` with the
``CallToolResult``, after ``ui/initialize`` and ``ui/notifications/tool-input``), renders the repair form
(``allowed`` as a choice list, ``range`` as a bounded input, ``required`` as the missing inputs, the UI meaning as
the prompt), and, filled in, resubmits the corrected ``tools/call``, which the example server's own handler
answers: a success."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from errgen.catalog.model import Catalog

from .support import HERE, ROOT, drive, need_browser, shots_folder

pytestmark = pytest.mark.slow
TSC = ROOT / "tests" / "ts" / "node_modules" / ".bin" / "tsc"
WIDGET = ROOT / "examples" / "widget"
SERIOUS = {"serious", "critical"}


def workbook() -> Catalog:
    """The workbook catalog with its translations, as `errgen build` compiles it."""
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.project import compile_all, from_settings

    project = from_settings(cwd=ROOT, catalogs=("catalog/workbook.yaml",), out=None, targets=(), templates=None)
    (catalog,) = compile_all(project, Diagnostics())
    return catalog


def server_result(arguments: dict[str, Any]) -> dict[str, Any]:
    """What the example server answers `compute` with (its own handler, the generated Python errors)."""
    sys.path.insert(0, str(ROOT / "examples" / "workbook_server"))
    import server

    result = server.call("compute", arguments)
    return dict(result.model_dump(by_alias=True, exclude_none=True, mode="json"))


def example_result(catalog: Catalog, code: str) -> dict[str, Any]:
    """The result of a deferred code (no server sends one yet): its catalog example, as the runtimes send it."""
    from errgen.targets.common.payload import mcp_result, payload

    found = catalog.codes[code]
    return mcp_result(catalog, found, payload(catalog, found, found.examples[0].values))


def cases(catalog: Catalog) -> list[dict[str, Any]]:
    schema = server_input_schema()
    base = {"tool": "compute", "inputSchema": schema, "locale": "en"}
    witness = {c.id: dict(c.witness.input) for c in catalog.codes.values() if c.witness}
    plain = {"unit": "kg", "quantity": 1}

    def case(name: str, args: dict[str, Any], result: dict[str, Any], steps: list[Any], **extra: Any) -> dict[str, Any]:
        return {"name": name, "setup": {**base, "arguments": args, "result": result, **extra.pop("setup", {})},
                "steps": steps, **extra}  # fmt: skip

    out_of_range = {"unit": "kg", "quantity": 5000}
    return [
        case("invalid_input", witness["invalid_input"], server_result(witness["invalid_input"]),
             [{"choose": ["unit", "lb"]}, {"submit": True}], shoot=True, axe=True),
        case("invalid_input-range", out_of_range, server_result(out_of_range),
             [{"submit": "rejected"}, {"fill": ["quantity", "12.5"]}, {"submit": True}], shoot=True, axe=True),
        case("missing_field", witness["missing_field"], server_result(witness["missing_field"]),
             [{"choose": ["unit", "kg"]}, {"submit": True}]),
        case("unsupported_option", witness["unsupported_option"], server_result(witness["unsupported_option"]),
             [{"choose": ["replacement", "tax_rate"]}, {"submit": True}]),
        case("strict_constant_override", witness["strict_constant_override"],
             server_result(witness["strict_constant_override"]),
             [{"choose": ["replacement", "growth_rate"]}, {"fill": ["value", "0.05"]}, {"submit": True}], axe=True),
        case("stale_oracle", plain, example_result(catalog, "stale_oracle"), [{"submit": True}]),
        case("unapproved_assumption", plain, example_result(catalog, "unapproved_assumption"), [], axe=True),
        case("invalid_input-de", witness["invalid_input"], server_result(witness["invalid_input"]),
             [{"choose": ["unit", "kg"]}, {"submit": True}], setup={"locale": "de-AT"}),
    ]  # fmt: skip


def server_input_schema() -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "examples" / "workbook_server"))
    import server

    return dict(server.COMPUTE_INPUT)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    need_browser()
    folder = tmp_path_factory.mktemp("widget-browser")
    site = folder / "site"
    if not TSC.exists():
        pytest.fail(f"{TSC} is missing: run `npm ci --prefix tests/ts`")
    command = [str(TSC), "-p", str(WIDGET / "tsconfig.json"), "--noEmit", "false", "--outDir", str(site),
               "--rootDir", str(ROOT)]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    shutil.copy(WIDGET / "index.html", site / "examples" / "widget" / "index.html")
    shutil.copy(HERE / "host.html", site / "host.html")
    catalog = workbook()
    job = {
        "root": str(site), "cases": cases(catalog), "shots": str(shots_folder(folder / "shots")),
        "python": sys.executable, "bridge": str(HERE / "workbook_calls.py"),
    }  # fmt: skip
    *found, errors, network = drive("widget.mjs", job, folder)
    assert errors["errors"] == [] and network == {"blocked": [], "failed": []}
    return {run["name"]: {**run, "catalog": catalog, "shots": Path(job["shots"])} for run in found}


def inputs(run: dict[str, Any]) -> list[dict[str, Any]]:
    return list(run["form"]["inputs"])


def test_every_workbook_code_gets_its_ui_meaning_as_the_prompt(runs: dict[str, dict[str, Any]]) -> None:
    catalog = workbook()
    seen = {run["form"]["code"] for run in runs.values()}
    assert seen == set(catalog.codes)
    for name, run in runs.items():
        code = catalog.codes[run["form"]["code"]]
        if name.endswith("-de"):
            continue
        assert run["form"]["title"] == code.title and run["form"]["prompt"] == code.ui_meaning, name
        assert run["form"]["next"] == code.next_action


def test_allowed_is_a_choice_list_and_the_corrected_call_succeeds(runs: dict[str, dict[str, Any]]) -> None:
    run = runs["invalid_input"]
    assert [(i["type"], i["choice"]) for i in inputs(run)] == [("radio", "kg"), ("radio", "lb")]
    assert all(i["required"] and i["name"] == "unit" for i in inputs(run))
    assert run["form"]["button"] == "Call compute again"
    assert run["calls"] == [{"name": "compute", "arguments": {"unit": "lb", "quantity": 1}}]
    assert run["after"] == {"tone": "ok", "title": "Done"}


def test_range_is_a_bounded_input_that_refuses_a_value_outside(runs: dict[str, dict[str, Any]]) -> None:
    run = runs["invalid_input-range"]
    (quantity,) = inputs(run)
    assert (quantity["name"], quantity["type"], quantity["min"], quantity["max"]) == ("quantity", "number", "0", "1000")
    assert quantity["value"] == "5000" and quantity["label"] == "quantity (0 to 1000)"
    assert run["rejected"] == [{"calls": 0, "invalid": ["quantity"]}]  # the browser refuses 5000: no call
    assert run["calls"] == [{"name": "compute", "arguments": {"unit": "kg", "quantity": 12.5}}]
    assert run["after"]["tone"] == "ok"


def test_required_becomes_the_missing_inputs(runs: dict[str, dict[str, Any]]) -> None:
    run = runs["missing_field"]
    assert {i["name"] for i in inputs(run)} == {"unit"}  # quantity was given: only unit is asked for
    assert [i["choice"] for i in inputs(run)] == ["kg", "lb"]  # from the tool's inputSchema (an enum)
    assert run["calls"] == [{"name": "compute", "arguments": {"quantity": 1, "unit": "kg"}}]
    assert run["after"]["tone"] == "ok"


def test_an_override_moves_to_a_listed_parameter(runs: dict[str, dict[str, Any]]) -> None:
    unsupported, strict = runs["unsupported_option"], runs["strict_constant_override"]
    assert [i["choice"] for i in inputs(unsupported) if i["type"] == "radio"] == ["growth_rate", "tax_rate"]
    value = next(i for i in inputs(unsupported) if i["name"] == "value")
    assert (value["type"], value["value"]) == ("number", "0.1")
    assert unsupported["calls"][0]["arguments"] == {"unit": "kg", "quantity": 1, "overrides": {"tax_rate": 0.1}}
    assert strict["calls"][0]["arguments"] == {"unit": "kg", "quantity": 1, "overrides": {"growth_rate": 0.05}}
    assert unsupported["after"]["tone"] == strict["after"]["tone"] == "ok"


def test_deferred_codes_call_again_or_stay_blocked(runs: dict[str, dict[str, Any]]) -> None:
    stale, blocked = runs["stale_oracle"], runs["unapproved_assumption"]
    assert inputs(stale) == [] and stale["form"]["tone"] == "repair"
    assert stale["calls"] == [{"name": "compute", "arguments": {"unit": "kg", "quantity": 1}}]
    assert blocked["form"]["tone"] == "blocked" and blocked["form"]["button"] is None and blocked["calls"] == []


def test_the_prompt_follows_the_hosts_locale(runs: dict[str, dict[str, Any]]) -> None:
    from errgen.catalog.translations import localized

    german = localized(workbook(), "de-AT").codes["invalid_input"]
    run = runs["invalid_input-de"]
    assert run["form"]["prompt"] == german.ui_meaning and run["form"]["title"] == german.title
    assert run["calls"][0]["arguments"] == {"unit": "kg", "quantity": 1}


def test_axe_finds_no_serious_violation_in_the_widget(runs: dict[str, dict[str, Any]]) -> None:
    for name, run in runs.items():
        assert [v for v in run["axe"] if v["impact"] in SERIOUS] == [], name


def test_widget_screenshots_are_taken(runs: dict[str, dict[str, Any]]) -> None:
    shots: Path = runs["invalid_input"]["shots"]
    for name in ("invalid_input", "invalid_input-range"):
        assert (shots / f"widget-{name}.png").read_bytes()[:4] == b"\x89PNG"
