"""The ``site`` target without a browser: ids and links of every page, escaping of hostile catalog text, the same
bytes for the same catalog, the shared stylesheet and script, the per-locale pages (tests/browser/ opens them)."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from conform_live.support import compile_text

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.site.target import generate

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ROOT / "tests" / "conform_live" / "hostile.yaml"


class Page(HTMLParser):
    """Every tag, id, link and text of one page."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: list[str] = []
        self.texts: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if found.get("id") is not None:
            self.ids.append(str(found["id"]))

    def handle_data(self, data: str) -> None:
        self.texts.append(data)

    @property
    def fragments(self) -> list[str]:
        hrefs = [str(a.get("href", "")) for t, a in self.tags if t == "a"]
        return [unquote(h[1:]) for h in hrefs if h.startswith("#")]


def shipped() -> list[Catalog]:
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.project import compile_all, from_settings

    project = from_settings(cwd=ROOT, catalogs=(), out=None, targets=(), templates=None)
    return compile_all(project, Diagnostics())


def hostile(extra: str = "") -> Catalog:
    return compile_text(HOSTILE.read_text(encoding="utf-8") + extra, "hostile.yaml")


def pages(catalog: Catalog) -> dict[str, Page]:
    files = generate(catalog, TargetOptions())
    return {rel: Page(text) for rel, text in files.items() if rel.endswith(".html")}


@pytest.mark.parametrize("catalog", [*shipped(), hostile()], ids=lambda c: c.name)
def test_every_id_is_unique_every_link_resolves_and_every_code_is_an_anchor(catalog: Catalog) -> None:
    for rel, page in pages(catalog).items():
        assert len(page.ids) == len(set(page.ids)), rel
        assert set(page.fragments) <= set(page.ids), set(page.fragments) - set(page.ids)
        assert set(catalog.codes) <= set(page.ids)  # a problem type URI <index.html>#<code> resolves
        assert set(catalog.retired) <= set(page.ids)  # and a removed code's too
        assert all(":" in i for i in set(page.ids) - set(catalog.codes) - set(catalog.retired))  # never a code id
        assert {c for c in catalog.codes if c in page.fragments} == set(catalog.codes)  # the index links each


@pytest.mark.parametrize("catalog", [*shipped(), hostile()], ids=lambda c: c.name)
def test_the_only_script_is_errgens_and_nothing_is_fetched(catalog: Catalog) -> None:
    for rel, page in pages(catalog).items():
        scripts = [attrs for tag, attrs in page.tags if tag == "script"]
        assert scripts == [{"src": "errgen-site.js", "defer": None}], rel
        assert [a for t, a in page.tags if t == "link"] == [{"rel": "stylesheet", "href": "errgen-site.css"}]
        for tag, attrs in page.tags:
            assert not any(name.startswith("on") for name in attrs), (tag, attrs)  # no inline handler
            for name in ("href", "src"):
                value = str(attrs.get(name) or "")
                assert not value.lower().startswith(("javascript:", "data:", "http:", "https:", "//")), (tag, value)


def test_hostile_text_is_shown_as_text_never_markup() -> None:
    docs = """
  markup:
    message: "<img src=x onerror=alert(1)> & \\"quoted\\""
    when: "</td></tr><script>alert(2)</script>"
    title: 'say "hi" <b>'
    docs: "See [this](javascript:alert(3)) and <iframe src=x></iframe> `<b>`."
"""
    catalog = hostile(docs.replace("\n  markup:", "\n  markup:", 1))
    for page in pages(catalog).values():
        tags = {tag for tag, _ in page.tags}
        assert not tags & {"img", "iframe", "b"}
        assert sum(1 for tag, _ in page.tags if tag == "script") == 1
        text = "".join(page.texts)
        assert "</td></tr><script>alert(2)</script>" in text and 'say "hi" <b>' in text
        assert "<img src=x onerror=alert(1)> & \"quoted\"" in text
        assert not [a for t, a in page.tags if t == "a" and "javascript" in str(a.get("href"))]


def test_invisible_and_control_characters_are_shown() -> None:
    catalog = hostile()
    index = generate(catalog, TargetOptions())["site/index.html"]
    assert "\u202e" not in index and "&amp;#x202e;" in index  # the description's bidi override, visible


def test_the_same_catalog_gives_the_same_bytes_and_the_runtime_files_name_no_catalog() -> None:
    workbook, *others = shipped()
    first, second = generate(workbook, TargetOptions()), generate(workbook, TargetOptions())
    assert first == second
    for other in [*others, hostile()]:
        files = generate(other, TargetOptions())
        assert files["site/errgen-site.css"] == first["site/errgen-site.css"]
        assert files["site/errgen-site.js"] == first["site/errgen-site.js"]
    assert len(first["site/errgen-site.js"].encode()) < 6000  # a small script


def test_a_translated_locale_has_its_page_with_the_same_ids() -> None:
    workbook = next(c for c in shipped() if c.name == "workbook")
    files = generate(workbook, TargetOptions())
    assert sorted(r for r in files if r.endswith(".html")) == ["site/index.de.html", "site/index.html"]
    base, german = Page(files["site/index.html"]), Page(files["site/index.de.html"])
    assert base.ids == german.ids
    assert ("html", {"lang": "de"}) in german.tags
    assert workbook.translations["de"].text("invalid_input", "title") in "".join(german.texts)
    switch = [a.get("href") for t, a in german.tags if t == "a" and a.get("hreflang")]
    assert switch == ["index.html", "index.de.html"]


def test_examples_show_the_payload_and_the_mcp_result_a_server_sends() -> None:
    import json

    from errgen.targets.common.payload import payload

    workbook = next(c for c in shipped() if c.name == "workbook")
    index = generate(workbook, TargetOptions())["site/index.html"]
    code = workbook.codes["invalid_input"]
    data: dict[str, Any] = payload(workbook, code, code.examples[0].values)
    data["provenance"] = {**data["provenance"], "fingerprint": "sha256:…"}
    blocks = [html.unescape(b.split("</code></pre>")[0]) for b in index.split('<pre tabindex="0"><code>')[1:]]
    assert json.loads(blocks[0]) == data
    result = json.loads(blocks[1])
    assert result == {"isError": True, "content": [{"type": "text", "text": f"invalid_input: {data['message']}"}],
                      "structuredContent": data}  # fmt: skip


def test_each_section_states_its_problem_type_and_a_type_uri_based_on_the_page_resolves_to_it() -> None:
    napkin = next(c for c in shipped() if c.name == "napkin")
    assert napkin.channels.problem_base.endswith("#")
    page = Page(generate(napkin, TargetOptions())["site/index.html"])
    text = "".join(page.texts)
    for code, wire in napkin.channels.codes.items():
        assert wire.problem_type in text and wire.reason in text
        assert unquote(wire.problem_type.removeprefix(napkin.channels.problem_base)) in page.ids, code


def test_the_site_is_built_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opt-in (`OPT_IN`): a cold build of every default target must stay within issue 28's gate (bench/gate.py)."""
    from click.testing import CliRunner

    from errgen.cli.main import main
    from errgen.targets import DEFAULT_TARGETS, TARGETS
    from errgen.workflow.project import from_settings

    assert "site" in TARGETS and "site" not in DEFAULT_TARGETS
    assert from_settings(cwd=tmp_path).targets == DEFAULT_TARGETS
    (tmp_path / "c.yaml").write_text((ROOT / "tests/cases/good_minimal/catalog.yaml").read_text(encoding="utf-8"))
    monkeypatch.chdir(tmp_path)  # no [tool.errgen] here (the repository's asks for the site)
    runner = CliRunner()
    assert runner.invoke(main, ["build", "c.yaml", "-o", "plain"]).exit_code == 0
    assert runner.invoke(main, ["build", "c.yaml", "-o", "site", "-t", "site"]).exit_code == 0
    assert (tmp_path / "plain").is_dir() and not list((tmp_path / "plain").rglob("site"))
    assert [p.name for p in (tmp_path / "site").rglob("*.html")] == ["index.html"]
