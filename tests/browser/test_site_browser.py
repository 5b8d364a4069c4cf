"""The HTML error index in a real browser: every shipped catalog's ``generated/<catalog>/site/`` opened in headless
Chromium over a localhost server, its search and filters run, every link followed (no 404, no missing anchor),
axe-core run in light and dark mode and at a phone's width (no serious or critical violation), the keyboard tried,
nothing fetched off the server, and screenshots taken (``ERRGEN_UPDATE_SCREENSHOTS=1`` writes them into
docs/screenshots: documentation, not pixel-compared)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from errgen.catalog.model import Catalog
from errgen.workflow.project import from_settings

from .support import ROOT, drive, shots_folder

pytestmark = pytest.mark.slow
SERIOUS = {"serious", "critical"}


def catalogs() -> dict[str, Catalog]:
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.project import compile_all

    project = from_settings(cwd=ROOT, catalogs=(), out=None, targets=(), templates=None)
    return {c.name: c for c in compile_all(project, Diagnostics())}


def words_of(catalog: Catalog, code: str) -> str:
    c = catalog.codes[code]
    tools = catalog.tools if code in catalog.every_tool else catalog.returned_by(code)
    return " ".join([c.id, c.title, c.message, c.when, c.ui_meaning, c.next_action, c.kind or "", *tools]).lower()


def expected(catalog: Catalog, probe: dict[str, Any]) -> list[str]:
    """The codes a probe must leave visible, computed from the catalog (not from the page)."""
    out = []
    for code in catalog.codes.values():
        text = words_of(catalog, code.id)
        ok = all(word in text for word in probe.get("q", "").lower().split())
        for name, value in probe.get("select", {}).items():
            if name == "tools":
                ok = ok and (code.id in catalog.every_tool or value in catalog.returned_by(code.id))
            elif name == "kind":
                ok = ok and code.kind == value
        if ok:
            out.append(code.id)
    return out


def probes(catalog: Catalog) -> list[dict[str, Any]]:
    tool = next(iter(catalog.tools))
    found: list[dict[str, Any]] = [{"q": "override"}, {"q": "missing"}, {"select": {"tools": tool}}]
    if catalog.kinds:
        kind = next(c.kind for c in catalog.codes.values() if c.kind)
        found.append({"q": "", "select": {"kind": kind}})
    found.append({"q": "no such word anywhere"})
    return found


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("site-browser")
    shots = shots_folder(folder / "shots")
    found = catalogs()
    sites = []
    for name, catalog in found.items():
        pages = sorted(p.name for p in (ROOT / "generated" / name / "site").glob("index*.html"))
        sites.append({"name": name, "path": f"{name}/site", "pages": pages, "search": probes(catalog), "shoot": True})
    answer = drive("site.mjs", {"root": str(ROOT / "generated"), "sites": sites, "shots": str(shots)}, folder)
    *pages, errors, network = answer
    return {"pages": pages, "errors": errors["errors"], "network": network, "catalogs": found, "shots": shots}


def test_every_shipped_catalog_and_locale_has_a_page(report: dict[str, Any]) -> None:
    opened = {(p["catalog"], p["page"]) for p in report["pages"]}
    assert {("workbook", "index.html"), ("workbook", "index.de.html"), ("filetools", "index.html")} <= opened
    assert ("napkin", "index.html") in opened
    for page in report["pages"]:
        total = len(report["catalogs"][page["catalog"]].codes)
        assert page["count"] == f"{total} codes" and page["filtersShown"], page["count"]


def test_search_and_filters_show_the_matching_codes_and_survive_a_reload(report: dict[str, Any]) -> None:
    for page in report["pages"]:
        catalog = report["catalogs"][page["catalog"]]
        for probe in page["search"]:
            asked = {k: v for k, v in probe.items() if k in ("q", "select")}
            assert probe["visible"] == expected(catalog, asked), (page["catalog"], page["page"], asked)
            assert probe["keptAfterReload"] in (None, len(probe["visible"]))  # the query string keeps the view
            if probe.get("q"):
                assert "q=" in probe["query"]
        assert page["search"][0]["keptAfterReload"] is not None
    workbook = next(p for p in report["pages"] if p["catalog"] == "workbook" and p["page"] == "index.html")
    assert workbook["search"][0]["visible"] == ["unsupported_option", "strict_constant_override"]
    assert workbook["search"][-1]["visible"] == []


def test_every_link_resolves(report: dict[str, Any]) -> None:
    for page in report["pages"]:
        broken = [link for link in page["links"] if not link["ok"]]
        assert broken == [], (page["catalog"], page["page"])
        hrefs = {link["href"].rsplit("#", 1)[-1] for link in page["links"]}
        codes = report["catalogs"][page["catalog"]].codes
        assert set(codes) <= hrefs  # the index links every code's section
    assert report["network"]["failed"] == [] and report["network"]["blocked"] == []
    assert report["errors"] == []


def test_axe_finds_no_serious_violation_in_light_dark_and_phone(report: dict[str, Any]) -> None:
    for page in report["pages"]:
        assert set(page["axe"]) == ({"light"} if "." in page["page"][6:] else {"light", "dark", "phone"})
        for mode, violations in page["axe"].items():
            serious = [v for v in violations if v["impact"] in SERIOUS]
            assert serious == [], (page["catalog"], page["page"], mode, serious)


def test_dark_mode_phone_width_and_keyboard(report: dict[str, Any]) -> None:
    for page in report["pages"]:
        assert page["dark"] == "rgb(17, 20, 24)"  # prefers-color-scheme: dark
        assert page["phoneOverflow"] <= 0, (page["catalog"], "scrolls sideways at 390 px")
        assert page["firstTab"] == "Skip to the codes"
        assert page["slashFocus"] == "index:q"


def test_screenshots_are_taken(report: dict[str, Any]) -> None:
    shots: Path = report["shots"]
    for name in report["catalogs"]:
        for mode in ("desktop", "phone", "dark"):
            shot = shots / f"site-{name}-{mode}.png"
            assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", shot
